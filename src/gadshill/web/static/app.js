// The gadshill table in a browser: start a game, show a seat's view, play it with the mouse.
// Everything the server sends is shown as text (textContent), except the pictures (the
// board and the cards' small plans), SVG documents the server builds as trees.
//
// A move is built by clicks (the contract of issue 17): each menu entry carries its kind
// of move (`action`, with `action_label`) and the pieces to click (`targets`, ids the
// board and the hand carry as `data-target`). The page offers a button per kind when
// there is a choice, then highlights the pieces some entry still allows; when exactly one
// entry has exactly the pieces picked, that move is made.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = params.get("game");
// one token (a seat link) or several (hot seat: every human seat on this screen)
const tokens = (params.get("tokens") || params.get("token") || "").split(",").filter(Boolean);
const gadshill = (window.gadshill = window.gadshill || {});
let seatTokens = {}; // seat -> token, learned from the views
let view = null;

// --- what any part of the page uses -------------------------------------------------------
const el = gadshill.el; // dom.js

function svgNode(text) {
  const node = gadshill.svgNode(text);
  // the page sizes the picture (width 100% of its box), the viewBox keeps its shape
  node.removeAttribute("width");
  node.removeAttribute("height");
  return node;
}

const api = gadshill.call; // dom.js

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- building a move by clicks (pure: unit-tested without a page) ---------------------------
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
gadshill.choices = choices;
gadshill.entriesOf = entriesOf;

// --- the start form ------------------------------------------------------------------
let catalog = [];

async function showStart() {
  $("start").hidden = false;
  const answer = await api("GET", "/api/catalog");
  catalog = answer.data;
  const select = $("game-select");
  for (const game of catalog) select.append(el("option", game.title, { value: game.game }));
  select.addEventListener("change", fillSeats);
  $("seat-count").addEventListener("change", fillSeatKinds);
  $("start-form").addEventListener("submit", startGame);
  $("lobby-refresh").addEventListener("click", showLobby);
  $("my-name").value = localStorage.getItem(NAME_KEY) || "";
  fillSeats();
  showLobby();
}

// --- names (issue 30): the creator's own, a friend's on this screen, a joiner's ----------
const NAME_KEY = "gadshill-name";
const NAME_MAX = 24;

// the name typed (trimmed; null when none), kept in the browser for the next game
function typedName(input) {
  const name = input.value.trim();
  if (name) localStorage.setItem(NAME_KEY, name);
  return name || null;
}

function chosenGame() {
  return catalog.find((g) => g.game === $("game-select").value);
}

function fillSeats() {
  const game = chosenGame();
  const count = $("seat-count");
  count.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) count.append(el("option", n, { value: n }));
  count.value = String(Math.min(Math.max(3, game.min_players), game.max_players));
  const options = $("options");
  options.replaceChildren();
  for (const [name, values] of Object.entries(game.options)) {
    const label = el("label", `${name} `);
    const select = el("select", null, { "data-option": name, class: "option" });
    for (const value of values) select.append(el("option", value, { value }));
    label.append(select);
    options.append(label);
  }
  fillSeatKinds();
}

function fillSeatKinds() {
  const game = chosenGame();
  const seats = $("seats");
  seats.replaceChildren();
  const n = Number($("seat-count").value);
  for (let seat = 0; seat < n; seat++) {
    const label = el("label", `Seat ${seat} `);
    const select = el("select", null, { class: "seat-kind", "data-seat": seat });
    for (const kind of game.seats) select.append(el("option", kind, { value: kind }));
    select.value = seat === 0 ? "human" : game.seats.includes("greedy") ? "greedy" : game.seats[1];
    select.addEventListener("change", seedForSeats);
    label.append(select);
    if (seat > 0) {
      // a friend on this screen (hot seat) is named here; an open seat names itself on joining
      const name = el("input", null, { class: "seat-name", "data-seat": seat, maxlength: NAME_MAX, placeholder: "name", "aria-label": `seat ${seat}'s name` });
      label.append(" ", name);
    }
    seats.append(label);
  }
  seedForSeats();
}

// A game with an open seat is dealt by the server: whoever joins later must not face a
// deal the creator chose (the server refuses a seed there too).
function seedForSeats() {
  const open = [...document.querySelectorAll(".seat-kind")].some((s) => s.value === "open");
  for (const input of document.querySelectorAll(".seat-name")) {
    const kind = document.querySelector(`.seat-kind[data-seat="${input.dataset.seat}"]`).value;
    input.hidden = kind !== "human";
  }
  const seed = $("seed");
  seed.disabled = open;
  if (open) seed.value = "";
  seed.placeholder = open ? "dealt by the server (a seat is open)" : "random";
}

async function startGame(event) {
  event.preventDefault();
  const body = {
    game: $("game-select").value,
    seats: [...document.querySelectorAll(".seat-kind")].map((s) => s.value),
    options: {},
    hints: $("allow-hints").checked,
  };
  for (const select of document.querySelectorAll(".option")) body.options[select.dataset.option] = select.value;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  // the creator's name goes to the first human seat; a friend's to its own seat
  const mine = typedName($("my-name"));
  const first = body.seats.indexOf("human");
  body.names = body.seats.map((kind, seat) => {
    if (kind !== "human") return null;
    if (seat === first) return mine;
    const input = document.querySelector(`.seat-name[data-seat="${seat}"]`);
    return input && input.value.trim() ? input.value.trim() : null;
  });
  const answer = await api("POST", "/api/games", body);
  if (answer.status !== 201) {
    $("status").textContent = answer.data.detail;
    return;
  }
  openGame(answer.data);
}

// a new game (the start form's or a rematch's): to its table, with its human seats' tokens
function openGame(made) {
  const humans = made.seats.filter((s) => s.token);
  const link = new URLSearchParams({ game: made.id });
  if (humans.length) link.set("tokens", humans.map((s) => s.token).join(","));
  // remember every seat's own link, so the table can show them to share
  sessionStorage.setItem(`links-${made.id}`, JSON.stringify(humans));
  const open = made.seats.filter((s) => s.kind === "open").map((s) => s.seat);
  sessionStorage.setItem(`open-${made.id}`, JSON.stringify(open));
  location.search = link.toString();
}
gadshill.openGame = openGame;

// --- following the game ------------------------------------------------------------------
// The page follows the game through its websocket: each message carries the game's
// version, and a newer version is fetched as this seat's view (the whole log comes with
// it, so nothing is shown twice or missed). Other seats' moves are stepped one by one
// (`?since=V`, each shown for step_ms). A dropped socket shows "reconnecting", tries
// again, and looks at the game on its return; meanwhile the page looks by itself.
let socket = null;
let retry = 0;
let inFlight = false;
let looking = null; // the refresh under way, so two never race
let lookAgain = false; // a newer version was announced while we were looking
let stepping = false; // other seats' moves are being shown one by one
let revealed = null; // hot seat: the seat whose hand this screen may show now
const STEP_DEFAULT = 600;
const STEP_MAX = 12; // at most this many moves are stepped at a time

function stepMs() {
  const local = localStorage.getItem("gadshill-step-ms");
  if (local !== null) return Number(local);
  if (view && view.prefs && Number.isFinite(view.prefs.step_ms)) return view.prefs.step_ms;
  return STEP_DEFAULT;
}

function tokenToUse() {
  // hot seat: the token of the seat to move when this screen holds it
  if (view && view.to_move !== null && seatTokens[view.to_move]) return seatTokens[view.to_move];
  return tokens[0] || null;
}

function gamePath(extra = {}) {
  const query = new URLSearchParams(extra);
  return `/api/games/${encodeURIComponent(gameId)}?${query}`;
}

// Every board on a phone (issue 30): a narrow screen asks for the picture upright, a
// wider one for the "wide" picture (dom.js); a turn of the phone or a resized window
// asks again.
function layout() {
  return gadshill.pictureLayout();
}

// Light on the wire (web/wire.py): a view asked for with `known` (the version of the same
// seat's view held here) comes back as a delta, rebuilt here from the held one.
const heldAs = new WeakMap(); // view -> {token, hints, layout} it was asked with

function heldFor(token, hints, shape = layout()) {
  const as = view && view.id === gameId ? heldAs.get(view) : null;
  return as && as.token === token && as.hints === hints && as.layout === shape ? view : null;
}

function mergeView(held, delta) {
  const merged = { ...held, ...delta };
  merged.log = held.log.slice(0, delta.delta).concat(delta.log || []);
  for (const name of delta.gone || []) delete merged[name];
  delete merged.delta;
  delete merged.gone;
  return merged;
}

// the answer as a whole view (null when it is a delta from a view no longer held)
function wholeView(data, held, token, hints, shape) {
  if (data.delta !== undefined) {
    if (!held || held.version !== data.delta) return null;
    data = mergeView(held, data);
  }
  heldAs.set(data, { token, hints, layout: shape });
  return data;
}

async function load(token, extra = {}) {
  const query = { ...extra };
  const hints = $("hints-toggle").checked;
  const shape = layout();
  if (token) query.token = token;
  if (hints) query.hints = "true";
  if (shape !== "wide") query.layout = shape;
  const held = heldFor(token, hints, shape);
  let answer;
  let whole = null;
  try {
    answer = await api("GET", gamePath(held ? { ...query, known: String(held.version) } : query));
    if (answer.status === 200) whole = wholeView(answer.data, held, token, hints, shape);
    if (answer.status === 200 && !whole) {
      answer = await api("GET", gamePath(query)); // the base went: ask for it whole
      if (answer.status === 200) whole = wholeView(answer.data, null, token, hints, shape);
    }
  } catch (err) {
    setLine("reconnecting");
    return null;
  }
  if (answer.status !== 200) {
    $("status").textContent = answer.data.detail;
    return null;
  }
  return whole;
}

function refresh() {
  if (looking) {
    lookAgain = true;
    return looking;
  }
  looking = lookNow().finally(() => {
    looking = null;
    if (lookAgain) {
      lookAgain = false;
      refresh();
    }
  });
  return looking;
}

async function lookNow() {
  let next = await load(tokenToUse());
  if (!next) return;
  // hot seat: once we know who is to move, look through that seat's eyes
  if (next.to_move !== null && seatTokens[next.to_move] && next.seat !== next.to_move) {
    next = (await load(seatTokens[next.to_move])) || next;
  }
  if (view && next.version > view.version && next.seat === view.seat) await stepThrough(view, next);
  if (!view || next.version >= view.version || next.seat !== view.seat) show(next);
}

// The moves between the view shown and the next one, one at a time: each event's line on
// the status line and its pieces lit on the board (on the picture of its version when
// the server keeps them, `?version=N`), for step_ms each.
async function stepThrough(before, next) {
  const pause = stepMs();
  if (pause <= 0 || view === null) return;
  const token = tokenToUse();
  const since = await load(token, { since: String(before.version) });
  const events = ((since && since.last) || []).filter((e) => e.version > before.version && e.version <= next.version);
  if (!events.some((e) => e.seat !== before.seat)) return; // only our own move: nothing to follow
  // a long stretch (a seat away, a game of bots) steps its last moves; the log has them all
  const shown = events.slice(-STEP_MAX);
  if (shown.length < events.length) say(`${events.length - shown.length} earlier moves are in the log`, false);
  stepping = true;
  try {
    for (const event of shown) {
      if (event.version < next.version) {
        const then = await load(token, { version: String(event.version) });
        if (then && then.version === event.version) show(then, { stepped: event });
      }
      highlightLast([event]);
      say(`${seatName(event.seat)}: ${event.line}`, false);
      await sleep(pause);
    }
  } finally {
    stepping = false;
  }
}

async function learnSeats() {
  for (const token of tokens) {
    const seen = await load(token);
    if (seen && seen.seat !== null) seatTokens[seen.seat] = token;
  }
}

function setLine(state) {
  const line = $("connection");
  line.textContent = state === "live" ? "live" : "reconnecting...";
  line.className = state;
}

function connect() {
  const query = tokens[0] ? `?token=${encodeURIComponent(tokens[0])}` : "";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws${query}`);
  socket.onopen = () => {
    retry = 0;
    setLine("live");
    refresh(); // whatever happened while we were away
  };
  socket.onmessage = (event) => {
    const said = JSON.parse(event.data);
    // a join (issue 30) or the game expiring changes the seats, not the version
    const changed = !view || said.version !== view.version || said.joins !== view.joins || said.expired !== view.expired;
    if (changed) refresh();
  };
  socket.onclose = () => {
    setLine("reconnecting");
    socket = null;
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * retry);
  };
}

// a safety net: while the socket is down, look every few seconds anyway
setInterval(() => {
  if (gameId && (!socket || socket.readyState !== WebSocket.OPEN) && !inFlight) refresh();
}, 3000);

// --- showing a view ------------------------------------------------------------------------
let action = null; // the kind of move chosen (null: none yet)
let picked = []; // the pieces clicked so far
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

function showLinks() {
  const box = $("links");
  const base = `${location.origin}${location.pathname}?game=${encodeURIComponent(gameId)}`;
  const humans = JSON.parse(sessionStorage.getItem(`links-${gameId}`) || "[]");
  box.replaceChildren();
  if (humans.length > 1) {
    box.append(el("span", "Seat links to share: "));
    for (const seat of humans) {
      box.append(el("a", `seat ${seat.seat}`, { href: `${base}&token=${encodeURIComponent(seat.token)}`, class: "seat-link" }));
    }
  }
  for (const seat of JSON.parse(sessionStorage.getItem(`open-${gameId}`) || "[]")) {
    box.append(el("a", `join link for seat ${seat}`, { href: `${base}&join=${seat}`, class: "join-link", "data-seat": seat }));
  }
  box.append(el("a", "spectators", { href: base }));
}

// "Analyse this position": the server's code holds only what this seat may know
function showAnalyse() {
  const link = $("analyse-link");
  link.hidden = !view.analysis;
  if (view.analysis) link.href = `/analysis?position=${encodeURIComponent(view.analysis)}`;
}

async function joinSeat(game, seat, name) {
  const answer = await api("POST", `/api/games/${encodeURIComponent(game)}/join`, { seat: Number(seat), name });
  if (answer.status !== 200) {
    $("status").textContent = answer.data.detail;
    return;
  }
  location.search = new URLSearchParams({ game, token: answer.data.token }).toString();
}

async function showTable() {
  $("table").hidden = false;
  if ($("puzzles")) $("puzzles").hidden = true; // the table has the screen to itself
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (move) play(move);
  });
  $("hints-toggle").addEventListener("change", refresh);
  $("board").addEventListener("click", onPieceClick);
  $("hand").addEventListener("click", onPieceClick);
  document.addEventListener("keydown", onKey);
  $("pass-reveal").addEventListener("click", () => {
    revealed = view.seat;
    show(view);
    keepFocus();
  });
  $("step-ms").addEventListener("change", () => {
    const ms = Math.max(0, Math.min(5000, Number($("step-ms").value) || 0));
    localStorage.setItem("gadshill-step-ms", String(ms));
    if (view && view.offers) savePrefs({ step_ms: ms });
  });
  $("help-button").addEventListener("click", () => {
    if (typeof gadshill.showHelp === "function" && view) {
      gadshill.showHelp(view.game);
      $("help").scrollIntoView({ block: "start" });
    } else $("play-notes").open = true;
  });
  // a phone turned, a window narrowed: the picture of the other shape, asked whole
  let shown = layout();
  window.addEventListener("resize", () => {
    fitBar();
    if (layout() === shown) return;
    shown = layout();
    refresh();
  });
  showLinks();
  await learnSeats();
  await refresh();
  connect();
}

// --- the lobby: games with a seat nobody has taken ---------------------------------------
async function showLobby() {
  const answer = await api("GET", "/api/games?open=true");
  const list = $("lobby-list");
  list.replaceChildren();
  if (answer.status !== 200 || !answer.data.length) {
    list.append(el("li", "no game is waiting for players"));
    return;
  }
  for (const game of answer.data) {
    // who made it, the game, the seats taken (names) and free: all set as text
    const by = game.creator ? ` by ${game.creator}` : "";
    const item = el("li", `${game.title}${by}, started ${new Date(game.created * 1000).toLocaleString()}. `, { class: "lobby-game", "data-game": game.id });
    const taken = game.seats.filter((s) => s.taken).map((s) => (s.kind === "human" ? s.name || `seat ${s.seat}` : `${s.name} (bot)`));
    item.append(el("span", `Seated: ${taken.join(", ") || "nobody"}; free: ${game.free.length}. `, { class: "lobby-seats" }));
    for (const seat of game.free) {
      const button = el("button", `join as seat ${seat}`, { type: "button", class: "join", "data-seat": seat });
      button.addEventListener("click", () => {
        const name = typedName($("my-name"));
        if (!name) {
          $("status").textContent = "Type your name (above) to join";
          $("my-name").focus();
          return;
        }
        joinSeat(game.id, seat, name);
      });
      item.append(button);
    }
    list.append(item);
  }
}

// a join link (`/?game=ID&join=N`) asks the player's name first
function askNameToJoin(game, seat) {
  const form = el("form", null, { id: "join-form" });
  form.append(el("h2", `Join seat ${seat}`));
  const label = el("label", "Your name ");
  const input = el("input", null, { id: "join-name", maxlength: NAME_MAX, required: "", autocomplete: "nickname" });
  input.value = localStorage.getItem(NAME_KEY) || "";
  label.append(input);
  form.append(label, " ", el("button", "Join", { type: "submit", id: "join-button" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = typedName(input);
    if (name) joinSeat(game, seat, name);
  });
  document.querySelector("header").after(form);
  input.focus();
}

// the Puzzles panel's town (puzzles.js draws it) keeps its text legible the same way
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) if (node.tagName === "svg" && node.closest("#puzzle-board")) {
    keepLegible(node);
    node.closest("#puzzle-board").tabIndex = 0; // it may scroll sideways: reachable by keyboard
  }
}).observe(document.body, { childList: true, subtree: true });

if (gameId && params.get("join") !== null) askNameToJoin(gameId, params.get("join"));
else if (gameId) showTable();
else showStart();
