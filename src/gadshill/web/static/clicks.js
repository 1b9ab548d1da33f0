// Which moves the clicks so far allow (the contract of issue 17), pure: no page, so
// tests/web/test_clicks_js.py runs it under node. Each menu entry carries its kind of
// move (`action`, with `action_label`) and the pieces to click (`targets`, ids the board
// and the hand carry as `data-target`). The page offers a button per kind when there is
// a choice, then lights the pieces some entry still allows; when exactly one entry has
// exactly the pieces picked, that move is made (moves.js).
"use strict";

// The selection is a set: entries match when their targets start with the picked ones in
// any order, so only membership counts.
function entriesOf(menu) {
  return menu.map((entry) => ({
    ...entry,
    action: entry.action || "move",
    action_label: entry.action_label || "Moves",
    targets: entry.targets || [],
  }));
}

function actionsOf(entries) {
  const seen = new Map();
  for (const entry of entries) {
    if (!seen.has(entry.action)) seen.set(entry.action, { action: entry.action, label: entry.action_label, count: 0 });
    seen.get(entry.action).count += 1;
  }
  return [...seen.values()];
}

function consistent(entry, picked) {
  return picked.every((target) => entry.targets.includes(target));
}

// What the clicks so far allow: the entries still possible, the pieces still to click,
// and the entry the clicks name exactly (when one does).
function choices(entries, action, picked) {
  const open = entries.filter((e) => (action === null || e.action === action) && consistent(e, picked));
  const next = new Set();
  for (const entry of open) for (const target of entry.targets) if (!picked.includes(target)) next.add(target);
  const exact = open.filter((e) => e.targets.length === picked.length);
  return { open, next: [...next], exact: exact.length === 1 ? exact[0] : null, exactAll: exact };
}

if (typeof window !== "undefined") {
  window.gadshill = window.gadshill || {};
  window.gadshill.choices = choices;
  window.gadshill.entriesOf = entriesOf;
}
if (typeof module !== "undefined") module.exports = { entriesOf, actionsOf, choices };
