// The replay viewer (issue 17, item 9): a finished game (or an uploaded record) stepped
// move by move, forward and back (buttons, arrow keys, Home/End), with the picture, the
// log and the pieces each move touched. Everything is shown only because the game is
// over: the server refuses reveal=1 before the end.
"use strict";
(function () {
  const g = (window.gadshill = window.gadshill || {});
  const KEPT = "gadshill-finished-games";
  let current = null; // {id, version, latest, steps, step}

  const el = g.el; // dom.js

  function panel() {
    let box = document.getElementById("replay");
    if (!box) {
      box = el("section", null, { id: "replay" });
      document.body.append(box);
    }
    return box;
  }

  async function fetchView(id, version) {
    const since = Math.max(0, version - 1);
    // a phone's picture upright, as the table asks it (dom.js)
    const shape = g.pictureLayout();
    const layout = shape === "wide" ? "" : `&layout=${shape}`;
    const response = await fetch(`/api/games/${encodeURIComponent(id)}?version=${version}&since=${since}&reveal=1${layout}`);
    const data = await response.json().catch(() => ({ detail: response.statusText }));
    if (!response.ok) throw new Error(data.detail);
    return data;
  }

  function build(box) {
    box.replaceChildren();
    box.hidden = false;
    box.setAttribute("tabindex", "-1");
    const head = el("div", null, { class: "replay-head" });
    head.append(el("h2", "Replay", { id: "replay-title" }));
    const shut = () => { box.hidden = true; current = null; };
    const close = el("button", "Close", { type: "button", "data-action": "replay-close" });
    close.addEventListener("click", shut);
    head.append(close);
    const step = el("div", null, { id: "replay-step", role: "note" });
    const controls = el("div", null, { class: "replay-controls", role: "group", "aria-label": "step through the game" });
    for (const [action, label, move] of [
      ["replay-start", "|< Start", () => go(0)],
      ["replay-back", "< Back", () => go(at() - 1)],
      ["replay-forward", "Forward >", () => go(at() + 1)],
      ["replay-end", "End >|", () => go(current.latest)],
    ]) {
      const button = el("button", label, { type: "button", "data-action": action });
      button.addEventListener("click", move);
      controls.append(button);
    }
    const where = el("span", "", { id: "replay-where", role: "status" });
    controls.append(where);
    // on a phone the head scrolls away with the board kept whole: a Close in the dock too
    const closeHere = el("button", "Close", { type: "button", class: "replay-dock-close", "data-action": "replay-close-dock" });
    closeHere.addEventListener("click", shut);
    controls.append(closeHere);
    controls.append(el("a", "Analyse this position", { id: "replay-analyse", class: "button", href: "/analysis", hidden: "", "data-action": "analyse" }));
    const board = el("div", null, { id: "replay-board", "aria-label": "the board at this move" });
    const last = el("p", "", { id: "replay-last" });
    const text = el("pre", "", { id: "replay-text" });
    const log = el("ol", null, { id: "replay-log" });
    // the steps and the move's words together: kept in sight at the screen's foot on a
    // phone (table.css), under the board
    const dock = el("div", null, { class: "replay-dock" });
    dock.append(controls, last);
    box.append(head, step, dock, board, text, log);
    box.addEventListener("keydown", (event) => {
      if (!current || event.target.tagName === "INPUT") return;
      const to = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: current.latest }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      go(to);
    });
  }

  function paint(view) {
    const board = document.getElementById("replay-board");
    if (view.svg) {
      const svg = window.gadshill.svgNode(view.svg); // dom.js
      // never drawn narrower than its smallest text allows (12 px): a phone scrolls it
      const least = svg.getAttribute("data-min-width");
      if (least) svg.style.minWidth = `${least}px`;
      board.replaceChildren(svg);
    } else {
      board.replaceChildren();
    }
    const event = view.last.length ? view.last[view.last.length - 1] : null;
    for (const target of event ? event.targets : []) {
      for (const node of board.querySelectorAll(`[data-target="${CSS.escape(target)}"]`)) node.classList.add("replay-lit");
    }
    document.getElementById("replay-last").textContent = event ? `Move ${event.version}: ${event.line}` : "Before the first move";
    document.getElementById("replay-text").textContent = view.text;
    const log = document.getElementById("replay-log");
    log.replaceChildren(...view.log.map((line, i) => el("li", line, i === view.log.length - 1 ? { class: "replay-now", "aria-current": "step" } : {})));
    // the step just made at the log's foot, scrolled within the log only: the page stays
    // where it is, the board in sight
    log.scrollTop = log.scrollHeight;
    document.getElementById("replay-where").textContent = `move ${view.version} of ${view.latest}`;
    if (g.pictureLayout() === "portrait") setTimeout(boardInSight, 0);
    const analyse = document.getElementById("replay-analyse");
    analyse.hidden = !view.analysis;
    if (view.analysis) analyse.href = `/analysis?position=${encodeURIComponent(view.analysis)}`;
    document.getElementById("replay-title").textContent = `Replay: ${view.title}`;
    const box = panel();
    box.querySelector('[data-action="replay-start"]').disabled = view.version === 0;
    box.querySelector('[data-action="replay-back"]').disabled = view.version === 0;
    box.querySelector('[data-action="replay-forward"]').disabled = view.version >= view.latest;
    box.querySelector('[data-action="replay-end"]').disabled = view.version >= view.latest;
    showStep();
  }

  // A phone: the board whole between the screen's top and the dock of steps at its foot,
  // the panel's head in sight too when there is room (the page scrolls up or down only)
  const PARTS = "#replay-board svg > g.board, #replay-board svg > g.town, #replay-board svg > g.pieces";
  function boardInSight() {
    const parts = [...document.querySelectorAll(PARTS)].map((n) => n.getBoundingClientRect());
    const dock = document.querySelector("#replay .replay-dock");
    if (!parts.length || !dock) return;
    const top = Math.min(...parts.map((r) => r.top));
    const bottom = Math.max(...parts.map((r) => r.bottom));
    const floor = window.innerHeight - dock.getBoundingClientRect().height;
    if (top >= 0 && bottom <= floor) return;
    const head = panel().getBoundingClientRect().top;
    const by = Math.min(top - 4, Math.max(head, bottom - floor + 4));
    window.scrollBy(0, by);
  }

  function showStep() {
    const box = document.getElementById("replay-step");
    box.replaceChildren();
    if (!current || !current.steps) return;
    const step = current.steps[current.step];
    box.append(el("h3", `Step ${current.step + 1} of ${current.steps.length}: ${step.title}`));
    box.append(el("p", step.text));
    const rules = el("p", "Rules: ", { class: "replay-rules" });
    for (const id of step.rules) {
      const link = el("a", id, { href: `/api/rules/gads-hill/${encodeURIComponent(id)}`, "data-rule": id });
      link.addEventListener("click", (event) => {
        if (!g.showRule) return;
        event.preventDefault();
        g.showRule("gads-hill", id, box);
      });
      rules.append(link, " ");
    }
    box.append(rules);
    const nav = el("div", null, { class: "replay-controls" });
    if (current.step > 0) {
      const back = el("button", "Previous step", { type: "button", "data-action": "walk-back" });
      back.addEventListener("click", () => walkTo(current.step - 1));
      nav.append(back);
    }
    if (current.step < current.steps.length - 1) {
      const next = el("button", "Next step", { type: "button", "data-action": "walk-next" });
      next.addEventListener("click", () => walkTo(current.step + 1));
      nav.append(next);
    }
    box.append(nav);
  }

  function walkTo(index) {
    current.step = index;
    go(current.steps[index].version);
  }

  // Key-repeat speed (issue 30): a step asked while another is fetched only moves the
  // version wanted; one fetch at a time, always of the latest version asked for.
  let fetching = false;

  function at() {
    return current.wanted !== undefined ? current.wanted : current.version;
  }

  async function go(version) {
    if (!current) return;
    current.wanted = Math.max(0, Math.min(version, current.latest));
    document.getElementById("replay-where").textContent = `move ${current.wanted} of ${current.latest}`;
    if (fetching) return;
    fetching = true;
    try {
      while (current && current.wanted !== current.shown) {
        const asked = current.wanted;
        const view = await fetchView(current.id, asked);
        if (!current) break;
        current.version = view.version;
        current.latest = view.latest;
        current.shown = asked;
        if (current.wanted === asked) paint(view);
      }
    } catch (err) {
      document.getElementById("replay-where").textContent = err.message;
    } finally {
      fetching = false;
    }
  }

  // a phone turned, a window narrowed: the step shown again, in the other shape
  let shape = g.pictureLayout();
  window.addEventListener("resize", () => {
    if (g.pictureLayout() === shape) return;
    shape = g.pictureLayout();
    if (current && !document.getElementById("replay").hidden) {
      current.shown = undefined;
      go(at());
    }
  });

  // Open the replay of a finished game; opts.steps: a walkthrough's steps over it.
  g.openReplay = async function openReplay(id, opts = {}) {
    const box = panel();
    build(box);
    current = { id, version: 0, latest: 0, steps: opts.steps || null, step: 0 };
    try {
      const end = await fetchView(id, 0);
      current.latest = end.latest;
      const start = opts.steps ? opts.steps[0].version : opts.version !== undefined ? opts.version : 0;
      await go(start);
      box.focus({ preventScroll: g.pictureLayout() === "portrait" }); // a phone: boardInSight
    } catch (err) {
      box.append(el("p", err.message, { role: "alert" }));
    }
  };

  // An uploaded record: checked by the server's rule book, then stepped like any game.
  g.uploadReplay = async function uploadReplay(file, status) {
    const text = await file.text();
    const response = await fetch("/api/replays", { method: "POST", headers: { "content-type": "text/plain" }, body: text });
    const data = await response.json().catch(() => ({ detail: response.statusText }));
    if (!response.ok) {
      if (status) status.textContent = data.detail;
      return null;
    }
    g.rememberGame(data.id, `${data.game} (uploaded)`);
    await g.openReplay(data.id);
    return data.id;
  };

  function kept() {
    try { return JSON.parse(localStorage.getItem(KEPT) || "[]"); } catch (err) { return []; }
  }

  // The games this browser played or uploaded: the lobby's "finished games" (no game
  // is listed to strangers: a private game is reached by its id alone).
  g.rememberGame = function rememberGame(id, title) {
    const games = kept().filter((entry) => entry.id !== id);
    games.unshift({ id, title, when: Date.now() });
    try { localStorage.setItem(KEPT, JSON.stringify(games.slice(0, 20))); } catch (err) { /* private mode */ }
  };

  g.listReplays = function listReplays(container) {
    container = container || document.getElementById("replay-list");
    if (!container) return;
    container.replaceChildren(el("h2", "Finished games"));
    const list = el("ul");
    for (const entry of kept()) {
      const item = el("li", `${entry.title} `);
      const open = el("button", "Replay", { type: "button", "data-action": "replay-open", "data-game": entry.id });
      open.addEventListener("click", () => g.openReplay(entry.id));
      item.append(open);
      list.append(item);
    }
    if (!list.children.length) list.append(el("li", "None yet on this browser."));
    const label = el("label", "Replay a record file ");
    const input = el("input", null, { type: "file", accept: ".jsonl,.json,.txt", id: "replay-file" });
    const status = el("span", "", { role: "status", class: "replay-upload-status" });
    input.addEventListener("change", () => input.files[0] && g.uploadReplay(input.files[0], status));
    label.append(input);
    container.append(list, label, status);
  };

  document.addEventListener("DOMContentLoaded", () => g.listReplays());
})();
