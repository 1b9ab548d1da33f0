// A view drawn: the header's line, the pass screen of a hot seat, the board's picture
// (kept legible), the hand as cards, the pieces a card or the last move touches, the
// focus kept on the move bar, and on a phone the bar's room under the board.
"use strict";

function hotSeat() {
  return Object.keys(seatTokens).length > 1;
}

function show(next, how = {}) {
  const seatChanged = !view || next.seat !== view.seat || next.id !== view.id;
  const previous = view;
  view = next;
  if (seatChanged || how.stepped) clearSelection(false);
  else pruneSelection();
  const who = view.seat === null ? "spectator" : `seat ${view.seat}`;
  let mover = view.terminal ? "game over" : `${seatLabel(view.to_move)} to move`;
  if (view.thinking !== null && !view.terminal) mover = `${seatLabel(view.thinking)} is thinking`;
  const waiting = view.seats.filter((s) => s.kind === "human" && !s.joined).map((s) => s.seat);
  if (waiting.length && !view.terminal) mover += `; waiting for seat ${waiting.join(", ")} to join`;
  if (view.expired && !view.terminal) mover = "expired: nobody took the open seat while the game was idle";
  const named = view.seat !== null && view.seats[view.seat].name ? ` (${view.seats[view.seat].name})` : "";
  $("status").textContent = `${view.title}: ${mover}; you are ${who}${named}`;
  for (const link of document.querySelectorAll("#links .join-link")) link.hidden = !!view.seats[link.dataset.seat].joined;
  $("version").textContent = `version ${view.version}`;
  document.title = `${view.title} - ${mover}`;
  // hot seat: a new seat's hand stays behind the pass screen until that player taps
  const hidden = hotSeat() && view.seat !== null && revealed !== view.seat && !view.terminal;
  $("pass-screen").hidden = !hidden;
  if (hidden) $("pass-who").textContent = `Pass the device to seat ${view.seat}`;
  $("table-body").hidden = hidden;
  if (hidden) {
    $("board").replaceChildren();
    $("hand").replaceChildren();
    $("menu").replaceChildren();
    $("seat-text").textContent = "";
    say(`Pass the device to seat ${view.seat}`, false);
    setTimeout(() => $("pass-reveal").focus(), 0);
    return;
  }
  const board = $("board");
  const focusWasInPlay = inPlayArea(document.activeElement) || document.activeElement === document.body;
  if (view.svg) {
    const picture = svgNode(view.svg);
    board.replaceChildren(picture);
    keepLegible(picture);
  } else board.replaceChildren();
  $("seat-text").textContent = view.text;
  showHand();
  showScores(previous, how);
  showLog();
  $("hints-label").hidden = !view.hints || view.seat === null;
  showEnd();
  showAnalyse();
  showPrefs();
  offerPrefs();
  if (!how.stepped) highlightLast(view.last || []);
  drawMenu();
  sayStatus();
  setControls(!inFlight && !stepping);
  if (focusWasInPlay && !how.stepped) keepFocus();
  fitBar();
}

// A phone: the move bar takes the screen the board leaves under it (its choices scroll
// inside it), so the board stays whole in sight above it; never less than a few rows,
// unless a lit piece at the board's foot needs them (then the status line and a row).
// When the bar needs more than that (a card's words beside the choice, a long board) the
// page scrolls the header away, up to the board's top, rather than cover the board's foot.
const BAR_LEAST = 112;
const BOARD_PARTS = "#board svg > g.board, #board svg > g.town, #board svg > g.pieces";
const BAR_FLOOR = 60; // a row of buttons under the status line
function fitBar() {
  const bar = $("bar");
  if (layout() !== "portrait") {
    bar.style.removeProperty("--bar-room");
    return;
  }
  const onPage = (node) => node.getBoundingClientRect().bottom + window.scrollY;
  // the board's playing surface (its pieces); the players' panel and the legend under it
  // may go under the bar, as the rest of the page does
  const parts = [...document.querySelectorAll(BOARD_PARTS)];
  const foot = parts.length ? Math.max(...parts.map(onPage)) : onPage($("board-box"));
  const head = parts.length ? Math.min(...parts.map((n) => n.getBoundingClientRect().top)) + window.scrollY : 0;
  let room = Math.floor(window.innerHeight - foot - 8);
  if (room < BAR_LEAST) {
    const lit = [...document.querySelectorAll("#board .target")].map(onPage);
    const clear = lit.length ? Math.floor(window.innerHeight - Math.max(...lit) - 8) : BAR_LEAST;
    room = Math.min(BAR_LEAST, clear);
  }
  // never less than the status line and a row of choices (a card the choice is about:
  // the words saying the choice and the card's own)
  const card = document.querySelector("#choices .card-chip");
  const least = $("status-line").offsetHeight + (card ? $("selection").offsetHeight + card.offsetHeight + 16 : BAR_FLOOR);
  // the header may go: the page looking at its top scrolls just enough for the bar
  const skip = Math.max(0, Math.min(Math.floor(head) - 2, least - room));
  if (window.scrollY <= Math.max(0, head)) {
    if (Math.abs(window.scrollY - skip) > 1) window.scrollTo(0, skip);
    room += skip;
  }
  room = Math.max(room, least);
  bar.style.setProperty("--bar-room", `${room}px`);
}

// The picture fills the width it has, but never shrinks its smallest text under 12 CSS px:
// on a narrow screen its box scrolls sideways instead (the move bar's buttons stay full size).
const MIN_TEXT_PX = 12;
function keepLegible(picture) {
  const floor = Number(picture.dataset && picture.dataset.minWidth); // the picture's own word
  if (floor > 0) {
    picture.style.minWidth = `${Math.ceil(floor)}px`;
    return;
  }
  const box = picture.viewBox && picture.viewBox.baseVal;
  if (!box || !box.width) return;
  let smallest = Infinity;
  for (const text of picture.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(text).fontSize);
    if (size > 0 && text.textContent.trim()) smallest = Math.min(smallest, size);
  }
  if (smallest < Infinity) picture.style.minWidth = `${Math.ceil((box.width * MIN_TEXT_PX) / smallest)}px`;
}

function inPlayArea(node) {
  return !!node && node !== document.body && !!node.closest && !!node.closest("#play, #board, #hand, #menu, #end");
}

// focus stays on the move bar after a move (never falls to <body>), always visible: on
// the first control there is, else on the bar itself (its status line says why not)
function keepFocus() {
  const active = document.activeElement;
  // the bar (or the menu box) only holds the focus while there is nothing to choose
  const holder = active === $("menu") || active === $("bar");
  if (inPlayArea(active) && active.isConnected && !holder) return;
  const first =
    document.querySelector("#menu button:not([disabled]):not([data-confirm])") ||
    document.querySelector("#hand .card.target") ||
    (view && view.terminal ? document.querySelector("#end button, #end a") : null);
  if (first) first.focus({ preventScroll: true });
  else if (!holder || !active.isConnected) $("bar").focus({ preventScroll: true });
}

function showHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const cards = view.hand || [];
  $("hand-box").hidden = cards.length === 0;
  for (const card of cards) {
    const node = el("div", null, { class: `card kind-${card.kind || "card"}`, "data-target": card.target });
    node.append(el("h4", card.title));
    if (card.plan) {
      const plan = svgNode(card.plan);
      plan.setAttribute("aria-hidden", "true");
      plan.classList.add("plan");
      node.append(plan);
    }
    if (card.text) node.append(el("p", card.text));
    node.setAttribute("aria-label", `${card.title}${card.text ? `: ${card.text}` : ""}`);
    const light = (on) => lightUp(card.lights || [], on);
    node.addEventListener("mouseenter", () => light(true));
    node.addEventListener("mouseleave", () => light(false));
    node.addEventListener("focus", () => light(true));
    node.addEventListener("blur", () => light(false));
    node.tabIndex = 0; // every card is reachable (its spaces light on focus)
    hand.append(node);
  }
}

function lightUp(targets, on) {
  for (const node of document.querySelectorAll("#board .lit")) node.classList.remove("lit");
  if (!on) return;
  for (const target of targets) for (const node of piecesOf(target, "#board")) node.classList.add("lit");
}

function piecesOf(target, within = "#table") {
  return document.querySelectorAll(`${within} [data-target="${CSS.escape(target)}"]`);
}

function highlightLast(events) {
  for (const node of document.querySelectorAll("#table .last")) node.classList.remove("last");
  for (const event of events) for (const target of event.targets || []) for (const node of piecesOf(target)) node.classList.add("last");
}
