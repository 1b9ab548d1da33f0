// The table's state and live updates: the view shown, the seats' tokens, the views
// asked (as deltas from the one held: web/wire.py's `known=K`), the websocket that
// announces each version, and the other seats' moves stepped one at a time.
"use strict";

let seatTokens = {}; // seat -> token, learned from the views
let view = null;

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
