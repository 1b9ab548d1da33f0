// A move built by clicks and sent: the move bar's buttons per kind of move, the lit
// pieces (on the board, in the hand, as the bar's chips), a question before an
// irreversible move, the pieces brought into sight, and the move sent with the version
// it answers (a refusal listed with its rules' words).
"use strict";

let action = null; // the kind of move chosen (null: none yet)
let picked = []; // the pieces clicked so far

// --- the menu: buttons per kind of move, pieces to click, the move made ------------------
function drawMenu() {
  const menu = $("menu");
  menu.replaceChildren();
  for (const node of document.querySelectorAll("#table .target, #table .picked")) {
    node.classList.remove("target", "picked");
    node.removeAttribute("tabindex");
    node.removeAttribute("role");
  }
  for (const node of document.querySelectorAll("#hand .card")) node.tabIndex = 0;
  const entries = entriesOf(view.menu || []);
  $("menu-title").textContent = entries.length ? "Your move" : view.terminal ? "The game is over" : "Waiting for the others";
  $("selection").replaceChildren();
  if (!entries.length) return;
  if (confirming) {
    askFirst(confirming);
    return;
  }
  const actions = actionsOf(entries);
  if (action === null && actions.length === 1) action = actions[0].action;
  if (action === null) {
    // a button per kind of move; a kind with one move and nothing to click is that move;
    // irreversible kinds come last, so none is the first button or holds the focus
    const final = (kind) => entries.some((e) => e.action === kind.action && e.confirm);
    for (const kind of [...actions.filter((k) => !final(k)), ...actions.filter(final)]) {
      const only = entries.filter((e) => e.action === kind.action);
      const label = kind.label;
      const button = el("button", label, { type: "button", class: "action", "data-action": kind.action });
      if (kind.action === "claim" || /stop/i.test(label)) button.classList.add("stop");
      if (only.length === 1 && only[0].targets.length === 0) {
        button.classList.add("move");
        button.dataset.move = only[0].move;
        button.title = only[0].label;
        if (only[0].confirm) button.dataset.confirm = "true";
        button.addEventListener("click", () => attempt(only[0]));
      } else {
        button.addEventListener("click", () => chooseAction(kind.action));
      }
      menu.append(button);
    }
    return;
  }
  const { open, next, exact, exactAll } = choices(entries, action, picked);
  const kind = actions.find((a) => a.action === action);
  const words = el("p", null, { class: "choosing" });
  words.append(el("strong", kind ? kind.label : "Moves"));
  if (picked.length) words.append(` - picked: ${picked.map(targetLabel).join(", ")}`);
  $("selection").append(words);
  // the moves with nothing left to click are buttons; so is every move when few remain
  const buttons = open.filter((e) => e.targets.length === picked.length);
  if (exact && next.length === 0 && picked.length) {
    play(exact.move);
    return;
  }
  for (const entry of buttons) {
    const button = el("button", entry.label, { type: "button", class: "move", "data-move": entry.move });
    if (entry.confirm) button.dataset.confirm = "true";
    button.addEventListener("click", () => attempt(entry));
    menu.append(button);
  }
  if (exactAll.length > 1 && picked.length && next.length === 0) {
    $("selection").append(el("p", "several moves fit: pick one", { class: "hint" }));
  }
  if (next.length) {
    $("selection").append(el("p", next.length === 1 ? "click the lit piece" : `click one of the ${next.length} lit pieces`, { class: "hint" }));
    const chips = el("div", null, { class: "chips", role: "group", "aria-label": "pieces to click" });
    for (const target of next) {
      for (const node of piecesOf(target)) {
        node.classList.add("target");
        if (!node.closest("#hand")) {
          node.setAttribute("tabindex", "0");
          node.setAttribute("role", "button");
          if (!node.getAttribute("aria-label")) node.setAttribute("aria-label", targetLabel(target));
        }
      }
      // the same pieces as buttons: big enough to tap on a phone, and a list for the keyboard
      const chip = el("button", targetLabel(target), { type: "button", class: "chip", "data-pick": target });
      // a phone: a card the choice is about is read here, beside the choice (its hand is
      // under the move bar)
      const card = layout() === "portrait" ? (view.hand || []).find((c) => c.target === target) : null;
      if (card && card.text) {
        chip.classList.add("card-chip");
        chip.replaceChildren(el("strong", card.title), el("span", card.text));
      }
      chip.addEventListener("click", () => pick(target));
      chips.append(chip);
    }
    menu.append(chips);
  }
  for (const target of picked) for (const node of piecesOf(target)) node.classList.add("picked");
  fitBar();
  if (next.length) setTimeout(bringLitIntoSight, 0);
  if (actions.length > 1 || picked.length) {
    const back = el("button", "Cancel (Esc)", { type: "button", class: "cancel", id: "cancel-button" });
    back.addEventListener("click", () => clearSelection(true));
    menu.append(back);
  }
}

// an irreversible move (its entry has `confirm`) is sent only once the question is
// answered yes; the focus goes to "No", so Enter never gives a game away
let confirming = null;

function attempt(entry) {
  if (!entry.confirm) {
    play(entry.move);
    return;
  }
  confirming = entry;
  drawMenu();
  const no = $("confirm-no");
  if (no) no.focus({ preventScroll: true });
}

function askFirst(entry) {
  const menu = $("menu");
  $("selection").append(el("p", entry.confirm, { class: "confirm", role: "alert" }));
  const no = el("button", "No, go back", { type: "button", class: "cancel", id: "confirm-no" });
  no.addEventListener("click", () => {
    confirming = null;
    drawMenu();
    keepFocus();
  });
  const yes = el("button", `Yes: ${entry.label}`, { type: "button", class: "move", id: "confirm-yes", "data-move": entry.move });
  yes.addEventListener("click", () => {
    confirming = null;
    play(entry.move);
  });
  menu.append(no, yes);
}

// The lit pieces of the board in sight: on a phone the move bar covers the bottom of the
// screen, so the page scrolls (only up or down) until the lowest lit piece is above the bar,
// never losing the highest one; on a window whose bar stays at the top, the other way.
function bringLitIntoSight() {
  const rects = [...document.querySelectorAll("#board .target")].map((n) => n.getBoundingClientRect());
  if (!rects.length) return;
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const bar = $("bar").getBoundingClientRect();
  const barBelow = bar.top > window.innerHeight / 2; // a phone's bar, at the bottom
  const floor = barBelow ? bar.top : window.innerHeight;
  const ceiling = barBelow ? 0 : Math.max(0, bar.bottom);
  if (bottom > floor) window.scrollBy(0, Math.min(bottom - floor + 8, top - ceiling - 8));
  else if (top < ceiling) window.scrollBy(0, top - ceiling - 8);
}

function targetLabel(target) {
  const card = (view.hand || []).find((c) => c.target === target);
  if (card) return card.title;
  const node = document.querySelector(`#board [data-target="${CSS.escape(target)}"]`);
  if (node && node.dataset.label) return node.dataset.label;
  const at = target.indexOf(":");
  if (at < 0) return target;
  const kind = target.slice(0, at);
  const id = target.slice(at + 1);
  if (kind === "site" && id.includes("/")) return `#${id.split("/")[0]} site ${id.split("/")[1]}`;
  if (kind === "location") return `location #${id}`;
  return id.replace("@", " at ");
}

function chooseAction(kind) {
  action = kind;
  picked = [];
  drawMenu();
  keepFocus();
}

function pick(target) {
  if (inFlight || stepping || !view) return;
  if (picked.includes(target)) picked = picked.filter((t) => t !== target);
  else {
    const entries = entriesOf(view.menu || []);
    const all = choices(entries, action, picked).next;
    if (!all.includes(target)) return;
    // the first click on a piece may choose the kind of move too, when only one kind has it
    if (action === null) {
      const kinds = new Set(entries.filter((e) => e.targets.includes(target)).map((e) => e.action));
      if (kinds.size === 1) action = [...kinds][0];
    }
    picked = [...picked, target];
  }
  drawMenu();
  keepFocus();
}

function clearSelection(redraw) {
  action = null;
  picked = [];
  confirming = null;
  if (redraw && view) {
    drawMenu();
    keepFocus();
  }
}

// a new view of the same seat keeps the clicks that still fit one of its moves
function pruneSelection() {
  const entries = entriesOf(view.menu || []);
  if (confirming && !entries.some((e) => e.move === confirming.move)) confirming = null;
  if (action !== null && !entries.some((e) => e.action === action)) clearSelection(false);
  else if (picked.length && !choices(entries, action, picked).open.length) picked = [];
}

// a click (or Enter/Space) on the board or a card picks a lit piece
function onPieceClick(event) {
  const node = event.target.closest("[data-target]");
  if (!node || !view) return;
  // a lit piece holding unlit ones (a Sticky Gulch location and its sites): a tap on
  // any part of it picks it
  let lit = node;
  while (lit && !lit.classList.contains("target") && !lit.classList.contains("picked")) {
    lit = lit.parentElement ? lit.parentElement.closest("[data-target]") : null;
  }
  if (lit) {
    pick(lit.dataset.target);
    event.preventDefault();
    return;
  }
  const target = node.dataset.target;
  if (node.closest("#hand")) {
    // a tap on a card shows its spaces (no hover on a phone)
    const card = (view.hand || []).find((c) => c.target === target);
    lightUp(card ? card.lights || [] : [], !node.classList.contains("showing"));
    for (const other of document.querySelectorAll("#hand .showing")) if (other !== node) other.classList.remove("showing");
    node.classList.toggle("showing");
  }
}

function onKey(event) {
  if (event.key === "Escape" && (action !== null || picked.length)) {
    clearSelection(true);
    return;
  }
  if ((event.key === "Enter" || event.key === " ") && event.target.closest) {
    const node = event.target.closest("[data-target]");
    if (node && !/^(BUTTON|INPUT|SELECT|TEXTAREA|A)$/.test(event.target.tagName)) {
      event.preventDefault();
      onPieceClick({ target: node, preventDefault() {} });
    }
  }
}

// while a move is on its way (or others' moves are stepped) the bar's controls rest
function setControls(enabled) {
  for (const node of document.querySelectorAll("#menu button, #move-button, #move-input")) node.disabled = !enabled;
}

// --- playing a move --------------------------------------------------------------------------
async function play(move) {
  if (inFlight || !view) return; // one move at a time: a double click plays once
  inFlight = true;
  setControls(false);
  const token = tokenToUse();
  let answer;
  try {
    const hints = $("hints-toggle").checked;
    const shape = layout();
    const held = heldFor(token, hints, shape);
    const body = { token, move, version: view.version, hints, layout: shape };
    if (held) body.known = held.version;
    answer = await api("POST", `/api/games/${encodeURIComponent(gameId)}/moves`, body);
    if (answer.status === 200) {
      const whole = wholeView(answer.data, held, token, hints, shape) || (await load(token));
      answer = whole ? { status: 200, data: whole } : { status: 0, data: { detail: "look again" } };
    }
  } catch (err) {
    answer = { status: 0, data: { detail: "the server did not answer: look again once reconnected" } };
  } finally {
    inFlight = false;
  }
  const refused = $("refused");
  refused.replaceChildren();
  clearSelection(false);
  if (answer.status === 200) {
    $("move-input").value = "";
    show(answer.data);
    if (!answer.data.terminal) await refresh(); // hot seat: the next human's view
    return;
  }
  refused.append(el("p", `refused: ${move}${answer.data.told ? " (every seat is told)" : ""}`));
  const list = el("ul");
  for (const v of answer.data.violations || []) {
    const item = el("li");
    item.append(el("code", `[${v.rule}]`, { class: "rule" }), document.createTextNode(` ${v.message}`));
    list.append(item);
  }
  if (!(answer.data.violations || []).length) list.append(el("li", answer.data.detail));
  refused.append(list);
  drawMenu();
  setControls(true);
  keepFocus();
  await refresh(); // a refusal told to the table, or a stale view: look again
}
gadshill.play = play;
