// The analysis board's controls wired up (the board's taps and keys, undo, redo, the
// modes, a setup or a code opened, the questions) and the page started: the pack, then
// the position of the address's code or an empty board.
"use strict";

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
    openCode(byId("an-code-input").value.trim());
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
    await openCode(code);
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
