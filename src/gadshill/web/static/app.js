// The gadshill table in a browser: start a game, show a seat's view, play its moves.
// Everything the server sends is shown as text (textContent), except the board
// picture, an SVG document the server builds as a tree.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = params.get("game");
// one token (a seat link) or several (hot seat: every human seat on this screen)
const tokens = (params.get("tokens") || params.get("token") || "").split(",").filter(Boolean);
let seatTokens = {}; // seat -> token, learned from the views
let view = null;
let timer = null;

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ detail: response.statusText }));
  return { status: response.status, data };
}

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
  fillSeats();
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
    label.append(select);
    seats.append(label);
  }
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
  const answer = await api("POST", "/api/games", body);
  if (answer.status !== 201) {
    $("status").textContent = answer.data.detail;
    return;
  }
  const humans = answer.data.seats.filter((s) => s.token);
  const link = new URLSearchParams({ game: answer.data.id });
  if (humans.length) link.set("tokens", humans.map((s) => s.token).join(","));
  // remember every seat's own link, so the table can show them to share
  sessionStorage.setItem(`links-${answer.data.id}`, JSON.stringify(humans));
  location.search = link.toString();
}

// --- the table -------------------------------------------------------------------------
function tokenToUse() {
  // hot seat: the token of the seat to move when this screen holds it
  if (view && view.to_move !== null && seatTokens[view.to_move]) return seatTokens[view.to_move];
  return tokens[0] || null;
}

async function load(token) {
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  if ($("hints-toggle").checked) query.set("hints", "true");
  const answer = await api("GET", `/api/games/${encodeURIComponent(gameId)}?${query}`);
  if (answer.status !== 200) {
    $("status").textContent = answer.data.detail;
    return null;
  }
  return answer.data;
}

async function refresh() {
  let next = await load(tokenToUse());
  if (!next) return;
  // hot seat: once we know who is to move, look through that seat's eyes
  if (next.to_move !== null && seatTokens[next.to_move] && next.seat !== next.to_move) {
    next = (await load(seatTokens[next.to_move])) || next;
  }
  show(next);
}

async function learnSeats() {
  for (const token of tokens) {
    const seen = await load(token);
    if (seen && seen.seat !== null) seatTokens[seen.seat] = token;
  }
}

function show(next) {
  view = next;
  const who = view.seat === null ? "spectator" : `seat ${view.seat}`;
  const mover = view.terminal ? "game over" : `seat ${view.to_move} (${view.seats[view.to_move].kind}) to move`;
  $("status").textContent = `${view.title}: ${mover}; you are ${who}`;
  document.title = `${view.title} - ${mover}`;
  const board = $("board");
  if (view.svg) {
    const doc = new DOMParser().parseFromString(view.svg, "image/svg+xml");
    board.replaceChildren(document.importNode(doc.documentElement, true));
  } else {
    board.replaceChildren();
  }
  $("seat-text").textContent = view.text;
  const menu = $("menu");
  menu.replaceChildren();
  for (const entry of view.menu) {
    const button = el("button", entry.label, { type: "button", class: "move", "data-move": entry.move });
    button.append(el("code", entry.move));
    button.addEventListener("click", () => play(entry.move));
    menu.append(button);
  }
  $("menu-title").textContent = view.menu.length ? "Your moves" : view.terminal ? "The game is over" : "Waiting for the others";
  const typed = $("typed");
  typed.replaceChildren(...view.typed.map((line) => el("li", `or type ${line}`)));
  $("stop-button").hidden = !view.typed.some((line) => line.startsWith("claim"));
  $("hints-label").hidden = !view.hints || view.seat === null;
  const log = $("log");
  log.replaceChildren(...view.log.map((line) => el("li", line)));
  log.scrollTop = log.scrollHeight;
  showScores();
  clearTimeout(timer);
  // others are thinking (friends at their own screens): look again soon
  if (!view.terminal && !view.menu.length) timer = setTimeout(refresh, 1500);
}

function showScores() {
  const box = $("scores");
  box.replaceChildren();
  if (!view.terminal) return;
  const table = el("table", null, { class: "scores" });
  table.append(el("caption", "Final scores"));
  view.scores.forEach((score, seat) => {
    const row = el("tr");
    row.append(el("td", `seat ${seat}`), el("td", view.seats[seat].kind), el("td", score));
    row.append(el("td", view.winners.includes(seat) ? "win" : ""));
    table.append(row);
  });
  box.append(table);
}

async function play(move) {
  const token = tokenToUse();
  const answer = await api("POST", `/api/games/${encodeURIComponent(gameId)}/moves`, {
    token,
    move,
    hints: $("hints-toggle").checked,
  });
  const refused = $("refused");
  refused.replaceChildren();
  if (answer.status === 200) {
    $("move-input").value = "";
    show(answer.data);
    if (!answer.data.terminal) await refresh(); // hot seat: the next human's view
    return;
  }
  refused.append(el("p", `refused: ${move}`));
  const list = el("ul");
  for (const v of answer.data.violations || []) {
    const item = el("li");
    item.append(el("code", `[${v.rule}]`, { class: "rule" }), document.createTextNode(` ${v.message}`));
    list.append(item);
  }
  if (!(answer.data.violations || []).length) list.append(el("li", answer.data.detail));
  refused.append(list);
}

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
  box.append(el("a", "spectators", { href: base }));
}

async function showTable() {
  $("table").hidden = false;
  $("record-link").href = `/api/games/${encodeURIComponent(gameId)}/record`;
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (move) play(move);
  });
  $("stop-button").addEventListener("click", () => {
    $("move-input").value = "claim ";
    $("move-input").focus();
  });
  $("hints-toggle").addEventListener("change", refresh);
  showLinks();
  await learnSeats();
  await refresh();
}

if (gameId) showTable();
else showStart();
