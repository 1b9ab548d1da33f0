// The start page: the start form (game, players, each seat's kind and name, options,
// seed), the names kept in the browser, the lobby of games waiting for players, and
// joining one (a lobby button or a join link, which asks the name first).
"use strict";

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

async function joinSeat(game, seat, name) {
  const answer = await api("POST", `/api/games/${encodeURIComponent(game)}/join`, { seat: Number(seat), name });
  if (answer.status !== 200) {
    $("status").textContent = answer.data.detail;
    return;
  }
  location.search = new URLSearchParams({ game, token: answer.data.token }).toString();
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
