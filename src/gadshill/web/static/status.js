// The words around the board: the status line (who acts, what they may do), the seats'
// names, the scores with the points gained flashing, the log, the end screen (end.js),
// the standing preferences offered and kept.
"use strict";

let lastScores = null; // each seat's public score as last shown, to flash the points gained

function seatName(seat) {
  if (seat === null || seat === undefined) return "the table";
  if (view && seat === view.seat) return "You";
  return seatLabel(seat);
}

// a seat as the table calls it: its player's name, "Seat N (bot)", or "Seat N"
function seatLabel(seat) {
  const entry = view && view.seats[seat] ? view.seats[seat] : {};
  if (entry.kind === "human" && entry.name) return entry.name;
  return `Seat ${seat}${entry.kind && entry.kind !== "human" ? ` (${entry.kind})` : ""}`;
}

// --- the status line, the scores, the log ------------------------------------------------
function say(words, busy) {
  const line = $("status-line");
  line.replaceChildren();
  if (busy) line.append(el("span", null, { class: "spinner", "aria-hidden": "true" }));
  line.append(el("span", words));
}

function sayStatus() {
  const waiting = view.waiting ? (typeof view.waiting === "string" ? view.waiting : view.waiting.text) : null;
  if (view.terminal) {
    const winners = (view.winners || []).map(seatName);
    const verb = winners.length === 1 && winners[0] !== "You" ? "wins" : "win";
    say(`Game over: ${winners.length ? `${winners.join(" and ")} ${verb}` : "no winner"}`, false);
  } else if (view.seat !== null && view.to_move === view.seat && (view.menu || []).length) {
    // a game's prompt may already say whose turn it is
    const prompt = view.prompt || "choose a move";
    say(/^your turn\b/i.test(prompt) ? prompt : `Your turn: ${prompt}`, false);
  } else if (view.thinking !== null) {
    say(`${seatName(view.thinking)} is thinking...`, true);
  } else if (waiting) {
    say(waiting, true);
  } else if (view.seat !== null && view.prompt) {
    say(`You may act: ${view.prompt}`, false);
  } else {
    const seat = view.seats[view.to_move];
    const away = seat && seat.kind === "human" && !seat.joined;
    say(`${seatName(view.to_move)} ${away ? "has not joined yet" : "is to move"}`, !away);
  }
}

// the game's standing preferences, offered once at the seat's first reaction window
function offerPrefs() {
  const box = $("offer");
  box.replaceChildren();
  box.hidden = true;
  const offers = Array.isArray(view.offers) ? view.offers : [];
  const mine = view.waiting && typeof view.waiting === "object" && view.waiting.seat === view.seat;
  const asked = `gadshill-offered-${gameId}-${view.seat}`;
  if (!offers.length || !mine || view.seat === null || sessionStorage.getItem(asked)) return;
  for (const offer of offers) {
    if (view.prefs && view.prefs[offer.key]) continue;
    const row = el("p", null, { class: "offer" });
    row.append(el("span", `${offer.words}?`));
    const yes = el("button", "Yes, from now on", { type: "button", class: "offer-yes", "data-pref": offer.key });
    const no = el("button", "No, ask me", { type: "button", class: "offer-no" });
    yes.addEventListener("click", () => {
      sessionStorage.setItem(asked, "1");
      savePrefs({ [offer.key]: true });
    });
    no.addEventListener("click", () => {
      sessionStorage.setItem(asked, "1");
      offerPrefs();
    });
    row.append(" ", yes, " ", no);
    box.append(row);
    box.hidden = false;
  }
}

function scoresOf(v) {
  if (v.public) return v.public.map((p) => ({ seat: p.seat, score: p.score, items: p.items || {} }));
  if (v.scores) return v.scores.map((score, seat) => ({ seat, score, items: {} }));
  return [];
}

function showScores(previous, how) {
  const box = $("scores");
  box.replaceChildren();
  const rows = scoresOf(view);
  if (!rows.length) return;
  const table = el("table", null, { class: "scores" });
  table.append(el("caption", view.terminal ? "Final scores" : "Scores"));
  const gained = [];
  for (const row of rows) {
    const tr = el("tr", null, { "data-seat": row.seat });
    if (row.seat === view.to_move && !view.terminal) tr.classList.add("to-move");
    tr.append(el("th", `${seatLabel(row.seat)}${row.seat === view.seat ? " (you)" : ""}`, { scope: "row" }));
    tr.append(el("td", row.score, { class: "score" }));
    const items = Object.entries(row.items).map(([k, v]) => `${k} ${v}`).join(", ");
    tr.append(el("td", items, { class: "items" }));
    if (view.terminal) tr.append(el("td", (view.winners || []).includes(row.seat) ? "wins" : ""));
    const before = previous && previous.id === view.id && lastScores ? lastScores[row.seat] : undefined;
    if (before !== undefined && row.score > before) gained.push({ seat: row.seat, points: row.score - before, row: tr });
    table.append(tr);
  }
  box.append(table);
  lastScores = Object.fromEntries(rows.map((r) => [r.seat, r.score]));
  for (const gain of gained) flash(gain, how.stepped ? how.stepped.targets : (view.last || []).flatMap((e) => e.targets || []));
}

// points gained: "+N" flashes beside the seat's score and over the piece that won them
function flash(gain, targets) {
  const words = `+${gain.points}`;
  gain.row.querySelector(".score").append(el("span", words, { class: "gain" }));
  const piece = targets.map((t) => document.querySelector(`#board [data-target="${CSS.escape(t)}"]`)).find(Boolean);
  if (!piece) return;
  const box = piece.getBoundingClientRect();
  const frame = $("board").getBoundingClientRect();
  const badge = el("span", `${seatName(gain.seat)} ${words}`, { class: "gain-on-board" });
  badge.style.left = `${box.left - frame.left + box.width / 2}px`;
  badge.style.top = `${box.top - frame.top}px`;
  $("board").append(badge);
  setTimeout(() => badge.remove(), 2500);
}

function showLog() {
  const log = $("log");
  log.replaceChildren(...view.log.map((line) => el("li", line, line.includes(": refused [") ? { class: "told" } : {})));
  log.scrollTop = log.scrollHeight;
}

// the end (flow17's end.js: winner, breakdown, review, rematch, record, replay)
function showEnd() {
  const end = $("end");
  if (!view.terminal) {
    end.hidden = true;
    return;
  }
  const first = end.hidden; // the end just came: bring it into sight
  end.hidden = false;
  if (first) setTimeout(() => end.scrollIntoView({ block: "start" }), 0);
  if (typeof gadshill.renderEnd === "function") {
    gadshill.renderEnd(view, end, { tokens: Object.values(seatTokens).length ? Object.values(seatTokens) : tokens });
    return;
  }
  end.replaceChildren(el("h2", "The game is over"), el("p", $("status-line").textContent));
}

// standing preferences (flow17's): offered by the page, kept by the server
function showPrefs() {
  const box = $("prefs");
  box.replaceChildren();
  const offers = view.offers || [];
  const list = Array.isArray(offers) ? offers : Object.entries(offers).map(([name, words]) => ({ name, words }));
  for (const offer of list) {
    const name = offer.key || offer.name;
    if (!name || name === "step_ms") continue;
    const label = el("label", null, { class: "pref" });
    const box2 = el("input", null, { type: "checkbox", "data-pref": name });
    box2.checked = !!(view.prefs && view.prefs[name]);
    box2.addEventListener("change", () => savePrefs({ [name]: box2.checked }));
    label.append(box2, ` ${offer.words || offer.label || offer.text || name}`);
    box.append(label);
  }
  $("step-ms").value = String(stepMs());
}

async function savePrefs(change) {
  const token = tokenToUse();
  if (!token || !view) return;
  // only what this game offers (and the pause): the server refuses any other key
  const keys = new Set([...(view.offers || []).map((o) => o.key), "step_ms"]);
  const prefs = Object.fromEntries(Object.entries({ ...(view.prefs || {}), ...change }).filter(([k]) => keys.has(k)));
  await api("POST", `/api/games/${encodeURIComponent(gameId)}/prefs?token=${encodeURIComponent(token)}`, prefs).catch(() => null);
  refresh();
}
