// The analysis board's questions to the solver (analysis.js holds the position): STOP?
// (every removal lit with its sentence, a removal's tight set ringed on a tap) and a card
// checked (per building, playable with its points or not with each broken rule, a
// playable one drawn on the board and applied on a tap).
"use strict";

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
