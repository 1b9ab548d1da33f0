// The analysis board (/analysis): set up a Gads Hill position by tapping, then ask the
// solver. The page holds the raw position; every change is sent to the server, which
// answers its code (put in the address bar), every problem with where it is, and the
// picture. All board rules are the server's: this script only builds the editor's moves
// (toggle a marker, stand a building, cycle a field's feature, retire a building) and
// draws the answers it is sent. Text from the server is set as text (dom.js's el); the
// pictures are SVG documents the server builds as trees.
"use strict";
(() => {
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

  async function open(code) {
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

  // --- STOP? ---------------------------------------------------------------------------
  // an answer's words over the board it lights; a phone brings the board into sight
  function caption(words) {
    byId("an-caption").textContent = words;
    byId("analysis").classList.toggle("answering", !!words);
    if (words && NARROW.matches) byId("an-caption").scrollIntoView({ block: "start" });
  }

  function clearOverlay() {
    overlay = null;
    caption("");
    byId("an-stop-answer").replaceChildren();
    byId("an-check-answer").replaceChildren();
  }

  function targets(selector) {
    return [...byId("an-board").querySelectorAll(selector)];
  }

  function mark(target, name) {
    for (const node of targets(`[data-target="${target}"]`)) node.classList.add(name);
  }

  function unmark(...names) {
    for (const name of names) for (const node of targets(`.${name}`)) node.classList.remove(name);
  }

  async function askStop() {
    if (!shown) return;
    const box = byId("an-stop-answer");
    box.replaceChildren(el("p", "Asking the solver...", { role: "status" }));
    const answer = await call("POST", "/api/analysis/stop", { code: shown.code, layout: layout() });
    if (answer.status !== 200) {
      box.replaceChildren(el("p", answer.data.detail, { role: "alert" }));
      return;
    }
    drawBoard(shown.svg); // the board as it stands, lit below
    overlay = { kind: "stop", data: answer.data };
    box.replaceChildren();
    const data = answer.data;
    if (!data.removals.length) box.append(el("p", "No marker can be removed by logic.", { class: "an-line" }));
    const rounds = [...new Set(data.removals.map((r) => r.round))];
    for (const round of rounds) {
      const head = round === 0 ? "Removable now" : `Then, once those are gone (step ${round + 1})`;
      box.append(el("h4", head));
      const list = el("ul", null, { class: "an-removals" });
      for (const r of data.removals.filter((x) => x.round === round)) {
        const button = el("button", `${r.building} on ${r.space}: ${r.because}`, { type: "button", class: "an-removal", "data-marker": `${r.building}@${r.space}` });
        button.addEventListener("click", () => pickRemoval(r));
        const item = el("li");
        item.append(button);
        list.append(item);
        mark(`marker:${r.building}@${r.space}`, round === 0 ? "stop-now" : "stop-later");
      }
      box.append(list);
    }
    for (const p of data.placements) {
      box.append(el("p", `then ${p.building} stands on ${p.space}`, { class: "an-line an-placement" }));
      mark(`space:${p.space}`, "stop-built");
      label(p.space, `\u2192 ${building(p.building).abbr}`);
    }
    box.append(el("p", null, { id: "an-why", role: "status" }));
    if (data.removals.length) box.append(el("p", "On the board: a red ring, removable now; dashed, once those go; tap one for why: its tight set ringed in purple; green, a building then placed.", { class: "an-key" }));
  }

  function label(spaceId, words) {
    // a forced placement drawn on its space: an arrow and the building's abbreviation
    const group = byId("an-board").querySelector(`[data-target="space:${spaceId}"]`);
    const lot = group && group.querySelector("rect");
    if (!lot) return;
    const x = Number(lot.getAttribute("x"));
    const y = Number(lot.getAttribute("y"));
    const size = Number(lot.getAttribute("width"));
    const back = document.createElementNS(SVG, "rect");
    for (const [k, v] of Object.entries({ x: x + 2, y: y + size - 22, width: size - 4, height: 20, rx: 3, class: "an-forced" })) back.setAttribute(k, v);
    const text = document.createElementNS(SVG, "text");
    for (const [k, v] of Object.entries({ x: x + size / 2, y: y + size - 7, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", class: "an-forced-text" })) text.setAttribute(k, v);
    text.textContent = words;
    group.append(back, text);
  }

  function pickRemoval(r) {
    unmark("tight", "picked");
    for (const m of r.tight_markers) mark(`marker:${m}`, "tight");
    for (const s of r.tight_spaces) mark(`space:${s}`, "tight");
    mark(`marker:${r.building}@${r.space}`, "picked");
    for (const button of document.querySelectorAll(".an-removal")) button.setAttribute("aria-pressed", String(button.dataset.marker === `${r.building}@${r.space}`));
    const tight = r.tight_buildings.length ? ` Tight set: ${r.tight_buildings.join(", ")} on ${r.tight_spaces.join(", ")} (ringed in purple on the board).` : "";
    byId("an-why").textContent = `${r.building} on ${r.space}: ${r.because}.${tight}`;
    caption(byId("an-why").textContent);
  }

  // --- check a card --------------------------------------------------------------------
  function findCards() {
    const words = byId("an-card-search").value.trim().toLowerCase();
    const list = byId("an-card-list");
    list.replaceChildren();
    if (!words) return;
    const found = pack.cards.filter((c) => String(c.number) === words || (!/^\d+$/.test(words) && c.text.toLowerCase().includes(words)));
    for (const c of found.slice(0, 8)) {
      const button = el("button", `${c.number}: ${c.text}`, { type: "button", class: "an-card", "data-card": String(c.number) });
      button.addEventListener("click", () => chooseCard(c));
      list.append(button);
    }
    if (!found.length) list.append(el("p", "No card has that number or those words."));
  }

  async function chooseCard(c) {
    card = c;
    byId("an-card-list").replaceChildren();
    byId("an-card-search").value = String(c.number);
    const box = byId("an-card-chosen");
    const row = el("div", null, { class: "an-card-row", "data-card": String(c.number) });
    row.append(el("p", `card ${c.number} (${c.kind}): ${c.text}`));
    box.replaceChildren(row);
    paintPlayers();
    const answer = await call("GET", `/api/analysis/card?number=${c.number}`);
    if (answer.status === 200 && card === c) row.prepend(svgNode(answer.data.plan));
  }

  function paintPlayers() {
    const players = (doc.players || []).map((p) => p.name);
    const playerSelect = byId("an-player");
    const keep = playerSelect.value;
    playerSelect.replaceChildren(el("option", "none named", { value: "" }), ...players.map((n) => el("option", n, { value: n })));
    if (players.includes(keep)) playerSelect.value = keep;
    byId("an-player-label").hidden = !(card && card.needs_my_building && players.length);
    const asSelect = byId("an-as");
    const keepAs = asSelect.value;
    const standing = new Set(Object.values(doc.placed));
    const mine = playerSelect.value ? (doc.players.find((p) => p.name === playerSelect.value) || { buildings: [] }).buildings : null;
    const offered = pack.buildings.filter((b) => (mine ? mine.includes(b.id) : !standing.has(b.id) && !(doc.retired || []).includes(b.id)));
    asSelect.replaceChildren(el("option", "each building in turn", { value: "" }), ...offered.map((b) => el("option", `${b.abbr} ${b.name}`, { value: b.id })));
    if (offered.some((b) => b.id === keepAs)) asSelect.value = keepAs;
    byId("an-as-label").hidden = !(card && card.needs_my_building);
  }

  async function askCheck() {
    const box = byId("an-check-answer");
    if (!card) {
      box.replaceChildren(el("p", "Choose a card first: type its number or words above.", { role: "alert" }));
      return;
    }
    if (!shown) return;
    const body = { code: shown.code, card: card.number, layout: layout() };
    if (card.needs_my_building && byId("an-as").value) body.as = byId("an-as").value;
    if (card.needs_my_building && byId("an-player").value) body.player = byId("an-player").value;
    box.replaceChildren(el("p", "Asking the solver...", { role: "status" }));
    const answer = await call("POST", "/api/analysis/check", body);
    if (answer.status !== 200) {
      box.replaceChildren(el("p", answer.data.detail, { role: "alert" }));
      return;
    }
    overlay = { kind: "check", data: answer.data };
    box.replaceChildren(el("p", `card ${answer.data.card.number}: ${answer.data.card.text}`, { class: "an-line" }));
    box.append(el("p", "On the board: a green ring, a marker the card places; faded and dashed, a marker it removes; a green lot, a building it places; a red lot, where a broken rule is.", { class: "an-key" }));
    answer.data.reports.forEach((report, i) => box.append(reportBox(report, i)));
    const first = answer.data.reports.findIndex((r) => r.playable);
    showReport(answer.data.reports[first >= 0 ? first : 0], true);
  }

  function reportBox(report, i) {
    const box = el("div", null, { class: `an-report ${report.playable ? "an-playable" : "an-refused"}`, "data-report": String(i) });
    const who = report.as !== null && report.as !== undefined ? `as ${report.as}: ` : "";
    const verdict = report.playable ? `playable: ${report.effect.points} point(s)` : "not playable:";
    box.append(el("p", `${who}${verdict}`, { class: "an-verdict" }));
    const lines = el("ul");
    for (const v of report.violations) lines.append(el("li", `[${v.rule}] ${v.message}`));
    const effect = report.effect;
    for (const [title, pairs] of [["markers placed", effect.markers_placed], ["markers removed", effect.markers_removed], ["buildings placed", effect.buildings_placed], ["markers taken", effect.markers_taken]]) {
      if (pairs.length) lines.append(el("li", `${title}: ${pairs.map((p) => `${p.building}@${p.space}`).join(", ")}`));
    }
    for (const m of effect.markers_to_player) lines.append(el("li", `${m.count} unplaceable ${m.building} marker(s) to the player`));
    for (const b of effect.retired) lines.append(el("li", `${b} is out of the game: it lost its last marker unplaced`));
    box.append(lines);
    const buttons = el("div", null, { class: "an-report-buttons" });
    const look = el("button", "Show on the board", { type: "button", "data-action": "show" });
    look.addEventListener("click", () => showReport(report));
    buttons.append(look);
    if (report.after) {
      const apply = el("button", "Apply: take the position after it", { type: "button", "data-action": "apply" });
      apply.addEventListener("click", () => applyReport(report));
      buttons.append(apply);
    }
    box.append(buttons);
    return box;
  }

  function showReport(report, quiet) {
    if (!report) return;
    const who = report.as !== null && report.as !== undefined ? `as ${report.as}: ` : "";
    const verdict = report.playable ? `playable: ${report.effect.points} point(s)` : `not playable: ${report.violations.map((v) => `[${v.rule}] ${v.message}`).join("; ")}`;
    if (!quiet) caption(`card ${card.number} ${who}${verdict}`);
    drawBoard(report.playable && report.svg ? report.svg : shown.svg);
    for (const m of report.placed) mark(`marker:${m}`, "fx-new");
    for (const m of report.gone) mark(`marker:${m}`, "fx-gone");
    for (const s of report.built) mark(`space:${s}`, "fx-built");
    for (const v of report.violations) for (const s of v.spaces) mark(`space:${s}`, "fx-broken");
  }

  async function applyReport(report) {
    const answer = await call("GET", `/api/analysis/position?${new URLSearchParams({ code: report.after, layout: layout() })}`);
    if (answer.status !== 200) {
      fail(answer.data.detail);
      return;
    }
    load(answer.data.position);
  }

  // --- wiring --------------------------------------------------------------------------
  function wire() {
    byId("an-board").addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      if (!event.target.closest("[data-target]")) return;
      event.preventDefault();
      event.target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    byId("an-board").addEventListener("click", (event) => {
      const marker = event.target.closest('[data-target^="marker:"]');
      const lit = marker && (marker.classList.contains("stop-now") || marker.classList.contains("stop-later"));
      if (overlay && overlay.kind === "stop" && lit) {
        const [b, s] = marker.dataset.target.slice("marker:".length).split("@");
        const r = overlay.data.removals.find((x) => x.building === b && x.space === s);
        if (r) return pickRemoval(r);
      }
      const target = event.target.closest('[data-target^="space:"], [data-target^="field:"]');
      if (!target) return;
      const [kind, id] = target.dataset.target.split(":");
      if (kind === "field") change((d) => cycleField(d, id));
      else tapSpace(id);
    });
    byId("an-undo").addEventListener("click", () => step(undo, redo));
    byId("an-redo").addEventListener("click", () => step(redo, undo));
    byId("an-clear").addEventListener("click", () => change((d) => {
      for (const key of Object.keys(d)) delete d[key];
      Object.assign(d, { markers: {}, placed: {}, locomotive: 3 });
    }));
    byId("an-mode").addEventListener("click", () => {
      byBuilding = !byBuilding;
      space = null;
      paintSelection();
      paintPalette();
    });
    byId("an-stand").addEventListener("click", () => {
      stand = !stand;
      paintPalette();
    });
    byId("an-seed-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const seed = byId("an-seed").value;
      const query = new URLSearchParams({ layout: layout() });
      if (seed !== "") query.set("seed", seed);
      const answer = await call("GET", `/api/analysis/setup?${query}`);
      if (answer.status !== 200) return fail(answer.data.detail);
      load(answer.data.position);
    });
    byId("an-code-form").addEventListener("submit", (event) => {
      event.preventDefault();
      open(byId("an-code-input").value.trim());
    });
    byId("an-stop").addEventListener("click", askStop);
    byId("an-card-search").addEventListener("input", findCards);
    byId("an-check").addEventListener("click", askCheck);
    byId("an-player").addEventListener("change", paintPlayers);
    NARROW.addEventListener("change", () => send());
  }

  async function start() {
    wire();
    const answer = await call("GET", "/api/analysis/pack");
    pack = answer.data;
    const code = new URLSearchParams(location.search).get("position");
    if (code) {
      await open(code);
      if (shown) return;
      const why = byId("an-error").textContent;
      await send(); // a bad code: its one-line error stays, over an empty board
      fail(why);
      return;
    }
    await send();
  }

  window.gadshillAnalysis = { state: () => ({ doc: copy(doc), shown, undo: undo.length, redo: redo.length, sent }) };
  start();
})();
