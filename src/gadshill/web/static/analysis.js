// The analysis board (/analysis): set up a Gads Hill position by tapping, then ask the
// solver. The page holds the raw position; every change is sent to the server, which
// answers its code (put in the address bar), every problem with where it is, and the
// picture. All board rules are the server's: this script only builds the editor's moves
// (toggle a marker, stand a building, cycle a field's feature, retire a building) and
// draws the answers it is sent. Text from the server is set as text (dom.js's el); the
// pictures are SVG documents the server builds as trees.
//
// The page's scripts (analysis.html loads them in order, plain scripts sharing the page's
// names, no build step): analysis.js (the position edited, the server's answers drawn,
// the palette), analysis-ask.js (STOP? and a card checked: the solver's answers shown
// on the board), analysis-wire.js (the controls wired up, the page started).
"use strict";

const el = window.gadshill.el;
const byId = (id) => document.getElementById(id);
const NARROW = window.matchMedia("(max-width: 759px)");
const SVG = "http://www.w3.org/2000/svg";

let pack = null; // buildings, fields, features, cards
let doc = { markers: {}, placed: {}, locomotive: 3 }; // the raw position being edited
let undo = [];
let redo = [];
let shown = null; // the server's last answer about the board
let sent = 0; // requests sent: only the latest answer is drawn
let byBuilding = true; // a tap picks a building first (the brush), else a space first
let stand = false; // a tap stands a building instead of toggling a marker
let brush = null; // the building picked (building first)
let space = null; // the space picked (space first)
let overlay = null; // an answer drawn on the board: {kind, ...}
let card = null; // the card chosen to check
const layout = () => (NARROW.matches ? "portrait" : "plan");
const copy = (value) => JSON.parse(JSON.stringify(value));

const call = window.gadshill.call; // dom.js

const svgNode = window.gadshill.svgNode; // dom.js

const building = (id) => pack.buildings.find((b) => b.id === id) || { id, abbr: id, name: id };

// --- editing -------------------------------------------------------------------------
function change(edit) {
  const before = copy(doc);
  edit(doc);
  if (JSON.stringify(before) === JSON.stringify(doc)) return;
  if (doc.locomotive !== undefined) doc.locomotive = 3 + Object.keys(doc.placed).length;
  undo.push(before);
  redo = [];
  send();
}

function toggleMarker(d, b, s) {
  const spaces = d.markers[b] || [];
  d.markers[b] = spaces.includes(s) ? spaces.filter((x) => x !== s) : [...spaces, s];
  if (!d.markers[b].length) delete d.markers[b];
}

function toggleStanding(d, b, s) {
  if (d.placed[s] === b) delete d.placed[s];
  else d.placed[s] = b;
}

function cycleField(d, f) {
  // the next feature not already on another field, then none
  const fields = d.fields || {};
  const used = Object.entries(fields).filter(([k]) => k !== f).map(([, v]) => v);
  const order = [null, ...pack.features.map((x) => x.id)];
  let i = order.indexOf(fields[f] || null);
  do i = (i + 1) % order.length; while (order[i] !== null && used.includes(order[i]));
  const next = { ...fields };
  if (order[i] === null) delete next[f];
  else next[f] = order[i];
  if (Object.keys(next).length) d.fields = next;
  else delete d.fields;
}

function tapSpace(s) {
  if (byBuilding) {
    if (!brush) {
      say("Pick a building below first, then tap its spaces.");
      return;
    }
    change((d) => (stand ? toggleStanding(d, brush, s) : toggleMarker(d, brush, s)));
    return;
  }
  space = s; // the palette now works on this space until another is tapped
  paintSelection();
  paintPalette();
}

function tapBuilding(b) {
  if (byBuilding) {
    brush = brush === b ? null : b;
    paintPalette();
    return;
  }
  if (!space) {
    say("Tap a space of the town first.");
    return;
  }
  change((d) => (stand ? toggleStanding(d, b, space) : toggleMarker(d, b, space)));
}

function toggleRetired(b) {
  change((d) => {
    const retired = d.retired || [];
    d.retired = retired.includes(b) ? retired.filter((x) => x !== b) : [...retired, b];
    if (!d.retired.length) delete d.retired;
  });
}

function step(from, to) {
  if (!from.length) return;
  to.push(copy(doc));
  doc = from.pop();
  send();
}

function load(position) {
  undo.push(copy(doc));
  redo = [];
  doc = position;
  send();
}

// --- talking to the server -----------------------------------------------------------
async function send() {
  const mine = ++sent;
  clearOverlay();
  const answer = await call("POST", "/api/analysis/board", { position: doc, layout: layout() });
  if (mine !== sent) return; // a later change is on its way
  if (answer.status !== 200) {
    fail(answer.data.detail);
    return;
  }
  show(answer.data);
}

async function openCode(code) {
  const query = new URLSearchParams({ code, layout: layout() });
  const answer = await call("GET", `/api/analysis/position?${query}`);
  if (answer.status !== 200) {
    fail(answer.data.detail);
    return;
  }
  undo = [];
  redo = [];
  doc = answer.data.position;
  show(answer.data);
}

function fail(detail) {
  byId("an-error").textContent = detail;
}

function say(words) {
  byId("an-status").textContent = words;
}

function show(data) {
  shown = data;
  byId("an-error").textContent = "";
  history.replaceState(null, "", `/analysis?position=${encodeURIComponent(data.code)}`);
  byId("an-code").textContent = data.code;
  byId("an-link").href = `/analysis?position=${encodeURIComponent(data.code)}`;
  byId("an-loco").textContent = `Locomotive: ${data.locomotive} (3 fixed features and ${data.locomotive - 3} building(s) standing)`;
  drawBoard(data.svg);
  const list = byId("an-problems");
  list.replaceChildren();
  for (const p of data.problems) {
    const where = [...p.spaces, ...p.fields, ...p.buildings].join(", ");
    const item = el("li", null, { class: `problem-${p.level}` });
    item.append(el("strong", `${p.level}${where ? ` at ${where}` : ""}: `), el("code", p.rule), ` ${p.message}`);
    list.append(item);
  }
  const markers = Object.values(data.position.markers || {}).reduce((n, s) => n + s.length, 0);
  const standing = Object.keys(data.position.placed || {}).length;
  say(`${markers} marker(s), ${standing} building(s) standing; ${data.errors} error(s), ${data.problems.length - data.errors} warning(s).`);
  const blocked = data.errors > 0;
  for (const button of document.querySelectorAll(".an-question")) button.disabled = blocked;
  byId("an-blocked").textContent = blocked
    ? `Questions wait until the board has no error: ${data.errors} error(s), ringed in red on the board and listed under it.`
    : "";
  byId("an-undo").disabled = !undo.length;
  byId("an-redo").disabled = !redo.length;
  paintPalette();
  paintRetired();
  paintPlayers();
}

function drawBoard(svgText) {
  const box = byId("an-board");
  // the keyboard's place survives the redraw: the same space keeps the focus
  const focused = box.contains(document.activeElement) ? document.activeElement.dataset.target : null;
  box.replaceChildren(svgNode(svgText));
  for (const node of box.querySelectorAll('[data-target^="space:"], [data-target^="field:"]')) {
    const [kind, id] = node.dataset.target.split(":");
    node.classList.add("an-target");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", kind === "field" ? `field ${id}: tap to change its fixed feature` : `space ${id}`);
    if (node.dataset.target === focused) node.focus();
  }
  paintSelection();
}

function paintSelection() {
  for (const node of byId("an-board").querySelectorAll(".an-picked-space")) node.classList.remove("an-picked-space");
  if (!byBuilding && space) {
    const node = byId("an-board").querySelector(`[data-target="space:${space}"]`);
    if (node) node.classList.add("an-picked-space");
  }
}

// --- the palette of buildings --------------------------------------------------------
function paintPalette() {
  const box = byId("an-buildings");
  if (!box.querySelector("button")) {
    for (const b of pack.buildings) {
      const button = el("button", null, { type: "button", "data-building": b.id, "aria-pressed": "false", title: b.name });
      const swatch = el("span", null, { class: "an-swatch", "aria-hidden": "true" });
      swatch.style.background = b.colour;
      button.append(swatch, el("b", b.abbr), el("span", b.name, { class: "an-name" }));
      button.addEventListener("click", () => tapBuilding(b.id));
      box.insertBefore(button, byId("an-palette-title")); // the words fill the last cells

    }
  }
  const here = space ? (shown ? markersOn(space) : []) : [];
  for (const button of box.querySelectorAll("button")) {
    const b = button.dataset.building;
    let pressed = false;
    if (byBuilding) pressed = brush === b;
    else if (space) pressed = stand ? doc.placed[space] === b : here.includes(b);
    button.setAttribute("aria-pressed", String(pressed));
  }
  const doing = stand ? "stand it there" : "put or take its marker";
  let title;
  if (byBuilding) {
    title = brush
      ? `${building(brush).name}: tap each space to ${stand ? "stand it there (again: take it away)" : "put or take its marker"}.`
      : `Pick a building, then tap each space to ${doing}.`;
  } else {
    title = space
      ? `${space}: tap buildings to ${stand ? "stand one there" : "put or take their markers"}.`
      : "Tap a space of the town, then its buildings.";
  }
  byId("an-palette-title").textContent = title;
  byId("an-mode").textContent = byBuilding ? "By building" : "By space";
  byId("an-mode").setAttribute("aria-pressed", String(byBuilding));
  byId("an-stand").setAttribute("aria-pressed", String(stand));
}

function markersOn(s) {
  return Object.entries(doc.markers).filter(([, spaces]) => spaces.includes(s)).map(([b]) => b);
}

function paintRetired() {
  const box = byId("an-retired");
  if (!box.children.length) {
    for (const b of pack.buildings) {
      const button = el("button", `${b.abbr} ${b.name}`, { type: "button", "data-retired": b.id, "aria-pressed": "false" });
      button.addEventListener("click", () => toggleRetired(b.id));
      box.append(button);
    }
  }
  const retired = doc.retired || [];
  for (const button of box.children) button.setAttribute("aria-pressed", String(retired.includes(button.dataset.retired)));
}
