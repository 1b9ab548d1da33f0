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
  $("lobby-refresh").addEventListener("click", showLobby);
  fillSeats();
  showLobby();
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
  const open = answer.data.seats.filter((s) => s.kind === "open").map((s) => s.seat);
  sessionStorage.setItem(`open-${answer.data.id}`, JSON.stringify(open));
  location.search = link.toString();
}

// --- the table -------------------------------------------------------------------------
// The page follows the game through its websocket: each message carries the game's
// version, and a newer version is fetched as this seat's view (the whole log comes with
// it, so nothing is shown twice or missed). A dropped socket shows "reconnecting",
// tries again, and looks at the game on its return; meanwhile the page looks by itself.
let socket = null;
let retry = 0;
let inFlight = false;
let looking = null; // the refresh under way, so two never race

function tokenToUse() {
  // hot seat: the token of the seat to move when this screen holds it
  if (view && view.to_move !== null && seatTokens[view.to_move]) return seatTokens[view.to_move];
  return tokens[0] || null;
}

async function load(token) {
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  if ($("hints-toggle").checked) query.set("hints", "true");
  let answer;
  try {
    answer = await api("GET", `/api/games/${encodeURIComponent(gameId)}?${query}`);
  } catch (err) {
    setLine("reconnecting");
    return null;
  }
  if (answer.status !== 200) {
    $("status").textContent = answer.data.detail;
    return null;
  }
  return answer.data;
}

let lookAgain = false; // a newer version was announced while we were looking

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
  if (!view || next.version >= view.version || next.seat !== view.seat) show(next);
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
    if (!view || said.version !== view.version) refresh();
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

function show(next) {
  view = next;
  const who = view.seat === null ? "spectator" : `seat ${view.seat}`;
  let mover = view.terminal ? "game over" : `seat ${view.to_move} (${view.seats[view.to_move].kind}) to move`;
  if (view.thinking !== null && !view.terminal) mover = `seat ${view.thinking} (${view.seats[view.thinking].kind}) is thinking`;
  const waiting = view.seats.filter((s) => s.kind === "human" && !s.joined).map((s) => s.seat);
  if (waiting.length && !view.terminal) mover += `; waiting for seat ${waiting.join(", ")} to join`;
  $("status").textContent = `${view.title}: ${mover}; you are ${who}`;
  $("version").textContent = `version ${view.version}`;
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
  log.replaceChildren(...view.log.map((line) => el("li", line, line.includes(": refused [") ? { class: "told" } : {})));
  log.scrollTop = log.scrollHeight;
  $("record-line").hidden = !view.terminal; // the record (and its seed) only after the end
  showScores();
  setControls(!inFlight);
}

function setControls(enabled) {
  for (const node of document.querySelectorAll("#menu button, #move-button, #stop-button, #move-input")) {
    node.disabled = !enabled;
  }
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
  if (inFlight || !view) return; // one move at a time: a double click plays once
  inFlight = true;
  setControls(false);
  const token = tokenToUse();
  let answer;
  try {
    answer = await api("POST", `/api/games/${encodeURIComponent(gameId)}/moves`, {
      token,
      move,
      version: view.version,
      hints: $("hints-toggle").checked,
    });
  } catch (err) {
    answer = { status: 0, data: { detail: "the server did not answer: look again once reconnected" } };
  } finally {
    inFlight = false;
  }
  const refused = $("refused");
  refused.replaceChildren();
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
  await refresh(); // a refusal told to the table, or a stale view: look again
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
  for (const seat of JSON.parse(sessionStorage.getItem(`open-${gameId}`) || "[]")) {
    box.append(el("a", `join link for seat ${seat}`, { href: `${base}&join=${seat}`, class: "join-link" }));
  }
  box.append(el("a", "spectators", { href: base }));
}

async function joinSeat(game, seat) {
  const answer = await api("POST", `/api/games/${encodeURIComponent(game)}/join`, { seat: Number(seat) });
  if (answer.status !== 200) {
    $("status").textContent = answer.data.detail;
    return;
  }
  location.search = new URLSearchParams({ game, token: answer.data.token }).toString();
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
    const item = el("li", `${game.title}, started ${new Date(game.created * 1000).toLocaleString()}: `);
    for (const seat of game.free) {
      const button = el("button", `join as seat ${seat}`, { type: "button", class: "join" });
      button.addEventListener("click", () => joinSeat(game.id, seat));
      item.append(button);
    }
    list.append(item);
  }
}

if (gameId && params.get("join") !== null) joinSeat(gameId, params.get("join"));
else if (gameId) showTable();
else showStart();
