// The Gads Hill puzzle panel: its own script (the table's app.js does not know it).
// It fills <section id="puzzles">: today's puzzles, a new puzzle by kind and level (or
// seed, or code), the board to click on, hints one step at a time, check, and the
// solution stepped through on the board. The puzzle's code goes in the address bar
// (/?puzzle=CODE), so the page can be shared. Everything the server sends is shown as
// text, except the pictures, SVG documents the server builds as trees.
"use strict";

(() => {
  const root = document.getElementById("puzzles");
  if (!root) return;
  const STRENGTH = { 1: "where to look", 2: "which clue", 3: "the deduction" };
  let puzzle = null; // the puzzle shown, never its answer
  let hints = 0; // hints asked for this puzzle
  let solutionShown = false; // the solution of this puzzle was shown (the share line says so)
  let hintStep = null; // the step the last hint was about, and its strength
  let hintStrength = 0;
  let picked = null; // solo: the building chosen to place next
  let solution = null; // the steps, once shown
  let shown = 0; // how many steps of the solution are drawn on the board

  const el = window.gadshill.el; // dom.js
  const byId = (id) => document.getElementById(id);

  const call = window.gadshill.call; // dom.js

  const svgNode = window.gadshill.svgNode; // dom.js

  function build() {
    const levels = [1, 2, 3, 4].map((n) => el("option", String(n), { value: String(n) }));
    const kinds = [
      ["stop", "stop: which markers can logic remove?"],
      ["solo", "solo: where did the buildings stand?"],
      ["best-play", "best-play: which play scores most?"],
    ].map(([value, words]) => el("option", words, { value }));
    const details = el("details", null, { id: "puzzles-panel" });
    const today = el("p", null, { id: "puzzle-today" });
    today.append(el("strong", "Today's puzzle: "));
    for (const kind of ["stop", "solo", "best-play"]) {
      const button = el("button", kind, { type: "button", "data-kind": kind, class: "puzzle-daily" });
      button.addEventListener("click", () => load(`/api/puzzles/daily?kind=${kind}`, true));
      today.append(button, " ");
    }
    const form = el("form", null, { id: "puzzle-form" });
    const kind = el("select", null, { id: "puzzle-kind" });
    kind.append(...kinds);
    const level = el("select", null, { id: "puzzle-level" });
    level.append(...levels);
    const seed = el("input", null, { id: "puzzle-seed", type: "number", min: "0", max: "999999", placeholder: "any" });
    const code = el("input", null, { id: "puzzle-code", placeholder: "or a puzzle code", autocomplete: "off" });
    const labels = [["Kind ", kind], ["Level ", level], ["Seed ", seed], ["Code ", code]].map(([words, input]) => {
      const label = el("label", words);
      label.append(input);
      return label;
    });
    form.append(...labels, el("button", "New puzzle", { id: "puzzle-new", type: "submit" }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (code.value.trim()) return openCode(code.value.trim());
      const query = new URLSearchParams({ kind: kind.value, level: level.value });
      if (seed.value !== "") query.set("seed", seed.value);
      load(`/api/puzzles?${query}`, false);
    });
    const box = el("div", null, { id: "puzzle-box", hidden: "" });
    box.innerHTML = `
      <h3 id="puzzle-title"></h3>
      <p class="puzzle-meta">code <code id="puzzle-code-shown"></code> <a id="puzzle-link" href="#">link to this puzzle</a></p>
      <p id="puzzle-question"></p>
      <div class="puzzle-columns">
        <div id="puzzle-board" aria-label="the puzzle's town"></div>
        <div class="puzzle-side">
          <h4 id="puzzle-clues-title">Clues</h4>
          <ol id="puzzle-clues"></ol>
          <div id="puzzle-pieces"></div>
          <form id="puzzle-answer-form">
            <label>Your answer <input id="puzzle-answer" autocomplete="off"></label>
            <p class="puzzle-format" id="puzzle-format"></p>
            <button id="puzzle-check" type="submit">Check</button>
            <button id="puzzle-hint-button" type="button">Hint</button>
            <button id="puzzle-reveal" type="button">Show solution</button>
            <button id="puzzle-clear" type="button">Clear</button>
          </form>
          <p id="puzzle-hint" role="status"></p>
          <p id="puzzle-hints-used"></p>
          <div id="puzzle-verdict" role="alert"></div>
          <div id="puzzle-solution" hidden>
            <button id="puzzle-step-back" type="button">&larr; step</button>
            <button id="puzzle-step-next" type="button">step &rarr;</button>
            <span id="puzzle-step-count"></span>
            <ol id="puzzle-steps"></ol>
          </div>
        </div>
      </div>`;
    details.append(el("summary", "Puzzles"), el("p", "Gads Hill puzzles, each proved to have one answer, graded 1 to 4 by the hardest technique they need."), today, form, el("p", null, { id: "puzzle-status", role: "status" }), box);
    root.append(details);
    byId("puzzle-answer-form").addEventListener("submit", (event) => {
      event.preventDefault();
      check(false);
    });
    byId("puzzle-reveal").addEventListener("click", () => check(true));
    byId("puzzle-hint-button").addEventListener("click", askHint);
    byId("puzzle-clear").addEventListener("click", () => setAnswer([]));
    byId("puzzle-answer").addEventListener("input", drawAnswer);
    byId("puzzle-step-back").addEventListener("click", () => step(-1));
    byId("puzzle-step-next").addEventListener("click", () => step(1));
    details.addEventListener("toggle", drawTown);
  }

  function openCode(code) {
    load(`/api/puzzles?${new URLSearchParams({ code })}`, false);
  }

  async function load(path, daily) {
    byId("puzzles-panel").open = true;
    byId("puzzle-status").textContent = "working the puzzle out...";
    byId("puzzle-new").disabled = true;
    const answer = await call("GET", path);
    byId("puzzle-new").disabled = false;
    if (answer.status !== 200) {
      byId("puzzle-status").textContent = answer.data.detail;
      return;
    }
    show(answer.data, daily);
  }

  function show(data, daily) {
    puzzle = data;
    puzzle.daily = daily ? data.date : null;
    hints = 0;
    solutionShown = false;
    hintStep = null;
    hintStrength = 0;
    picked = null;
    solution = null;
    byId("puzzle-status").textContent = "";
    byId("puzzle-box").hidden = false;
    const title = daily ? `Today's ${data.kind} puzzle, ${data.date}` : `A ${data.kind} puzzle`;
    byId("puzzle-title").textContent = `${title}: ${data.level_words}`;
    byId("puzzle-code-shown").textContent = data.code;
    const link = `/?puzzle=${encodeURIComponent(data.code)}`;
    byId("puzzle-link").setAttribute("href", link);
    history.replaceState(null, "", link);
    byId("puzzle-question").textContent = data.question;
    const cards = data.clues.length ? data.clues : data.hand;
    byId("puzzle-clues-title").textContent = data.clues.length ? "Clues" : data.hand.length ? "Your hand" : "";
    byId("puzzle-clues").replaceChildren(
      ...cards.map((c) => {
        const item = el("li", null, { class: "puzzle-card" });
        const mine = c.as ? ` (my building: ${c.as})` : "";
        const kind = data.clues.length ? "" : ` (${c.kind})`;
        item.append(svgNode(c.plan), el("span", `card ${c.card}${kind}${mine}: ${c.text}`));
        return item;
      }),
    );
    pieces();
    byId("puzzle-answer").value = "";
    byId("puzzle-format").textContent = `Answer: ${data.answer_format}`;
    byId("puzzle-hint").textContent = "";
    byId("puzzle-hints-used").textContent = "";
    byId("puzzle-verdict").replaceChildren();
    byId("puzzle-solution").hidden = true;
    byId("puzzle-steps").replaceChildren();
    turn = null;
    drawTown();
  }

  // --- the town: the landscape plan where it fits at its size, else the portrait ------
  let turn = null; // "svg" or "svg_portrait": the picture on the board now
  const natural = (text) => Number((/<svg[^>]*\swidth="([\d.]+)"/.exec(text) || [])[1] || 0);

  function drawTown() {
    if (!puzzle) return;
    const board = byId("puzzle-board");
    // never scaled down (its text is 12 px at size 1): the turn that fits the row
    const room = board.clientWidth;
    const wanted = room && natural(puzzle.svg) + 2 > room ? "svg_portrait" : "svg";
    if (wanted === turn) return;
    turn = wanted;
    board.replaceChildren(svgNode(puzzle[turn]));
    board.dataset.layout = turn === "svg" ? "plan" : "portrait";
    wireBoard();
    drawAnswer();
    step(0);
  }
  window.addEventListener("resize", drawTown);

  // --- answering on the board --------------------------------------------------------
  function pieces() {
    const box = byId("puzzle-pieces");
    box.replaceChildren();
    if (puzzle.kind !== "solo") return;
    box.append(el("span", "Place: "));
    for (const building of puzzle.named) {
      const chip = el("button", building, { type: "button", class: "puzzle-piece", "data-building": building });
      chip.addEventListener("click", () => {
        picked = picked === building ? null : building;
        for (const other of box.querySelectorAll(".puzzle-piece")) other.classList.toggle("puzzle-chosen", other.dataset.building === picked);
      });
      box.append(chip, " ");
    }
  }

  function parts() {
    return byId("puzzle-answer").value.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  }

  function setAnswer(list) {
    byId("puzzle-answer").value = list.join(",");
    drawAnswer();
  }

  function canonical(part) {
    // "sal@s7" -> ["SALOON", "S7"]; the board's abbreviations and ids in any case
    const [name, space] = part.split("@").map((x) => (x || "").trim().toUpperCase());
    return [puzzle.abbr[name] || name, space];
  }

  function wireBoard() {
    const board = byId("puzzle-board");
    for (const space of board.querySelectorAll("g.space")) {
      if (puzzle.kind === "solo" && puzzle.free.includes(space.id)) {
        space.classList.add("puzzle-target");
        space.addEventListener("click", () => placeOn(space.id));
      }
      if (puzzle.kind !== "stop") continue;
      for (const marker of space.querySelectorAll("g.marker")) {
        const abbr = marker.querySelector("text").textContent;
        marker.dataset.building = puzzle.abbr[abbr];
        marker.dataset.space = space.id;
        marker.classList.add("puzzle-target");
        marker.addEventListener("click", (event) => {
          event.stopPropagation();
          toggleMarker(marker.dataset.building, space.id);
        });
      }
    }
  }

  function toggleMarker(building, space) {
    const kept = parts().filter((p) => {
      const [b, s] = canonical(p);
      return !(b === building && s === space);
    });
    if (kept.length === parts().length) kept.push(`${building}@${space}`);
    setAnswer(kept);
  }

  function placeOn(space) {
    if (!picked) {
      byId("puzzle-hint").textContent = "choose a building above the answer first, then its space";
      return;
    }
    const kept = parts().filter((p) => {
      const [b, s] = canonical(p);
      return b !== picked && s !== space;
    });
    kept.push(`${picked}@${space}`);
    picked = null; // placed: the next click chooses the next building
    for (const chip of byId("puzzle-pieces").querySelectorAll(".puzzle-piece")) chip.classList.remove("puzzle-chosen");
    setAnswer(kept);
  }

  const NS = "http://www.w3.org/2000/svg";

  function label(space, text, cls) {
    const group = byId("puzzle-board").querySelector(`g.space[id="${space}"]`);
    const rect = group && group.querySelector("rect");
    if (!rect) return;
    const x = Number(rect.getAttribute("x")) + Number(rect.getAttribute("width")) / 2;
    const y = Number(rect.getAttribute("y")) + Number(rect.getAttribute("height")) / 2 + 5;
    const node = document.createElementNS(NS, "text");
    node.setAttribute("x", String(x));
    node.setAttribute("y", String(y));
    node.setAttribute("text-anchor", "middle");
    node.setAttribute("class", cls);
    node.textContent = text;
    group.append(node);
  }

  function abbrOf(building) {
    return Object.keys(puzzle.abbr).find((a) => puzzle.abbr[a] === building) || building;
  }

  function drawAnswer() {
    const board = byId("puzzle-board");
    for (const node of board.querySelectorAll(".puzzle-placed")) node.remove();
    for (const node of board.querySelectorAll(".puzzle-picked")) node.classList.remove("puzzle-picked");
    const chosen = parts().map(canonical);
    if (puzzle.kind === "stop") {
      for (const marker of board.querySelectorAll("g.marker")) {
        if (chosen.some(([b, s]) => b === marker.dataset.building && s === marker.dataset.space)) marker.classList.add("puzzle-picked");
      }
    } else if (puzzle.kind === "solo") {
      for (const [b, s] of chosen) label(s, abbrOf(b), "puzzle-placed");
    }
  }

  // --- hints, check, solution ----------------------------------------------------------
  async function askHint() {
    const answer = await call("POST", "/api/puzzles/hint", { code: puzzle.code, answer: byId("puzzle-answer").value, strength: Math.min(hintStrength + 1, 3) });
    if (answer.status !== 200) {
      byId("puzzle-hint").textContent = `refused: ${answer.data.detail}`;
      return;
    }
    const got = answer.data;
    if (got.step !== hintStep || got.done) {
      hintStep = got.step; // a new step: start again from "where to look"
      if (hintStrength !== 0 && !got.done) return askAgain();
    }
    hintStrength = got.strength;
    if (!got.done) hints += 1;
    byId("puzzle-hint").textContent = got.done ? got.text : `Hint (${STRENGTH[got.strength]}): ${got.text}`;
    byId("puzzle-hints-used").textContent = `hints used: ${hints}`;
  }

  function askAgain() {
    hintStrength = 0;
    return askHint();
  }

  async function check(reveal) {
    const text = byId("puzzle-answer").value.trim();
    const verdict = byId("puzzle-verdict");
    if (!text && !reveal) {
      verdict.replaceChildren(el("p", "give an answer first", { class: "verdict-wrong" }));
      return;
    }
    if (reveal) solutionShown = true;
    const body = { code: puzzle.code, answer: text, reveal, hints, shown: solutionShown };
    if (puzzle.daily) body.date = puzzle.daily;
    const answer = await call("POST", "/api/puzzles/check", body);
    verdict.replaceChildren();
    if (answer.status !== 200) {
      verdict.append(el("p", `refused: ${answer.data.detail}`, { class: "verdict-wrong" }));
      return;
    }
    const data = answer.data;
    if (text) {
      const words = data.right ? "right" : `wrong: ${data.wrong} part${data.wrong === 1 ? " is" : "s are"} wrong`;
      verdict.append(el("p", words, { class: data.right ? "verdict-right" : "verdict-wrong", id: "puzzle-result" }));
      const list = el("ul", null, { id: "puzzle-reasons" });
      for (const reason of data.reasons) list.append(el("li", reason));
      if (data.reasons.length) verdict.append(list);
    }
    if (data.share) verdict.append(el("p", data.share, { id: "puzzle-share", class: "puzzle-share" }));
    if (data.steps) showSolution(data);
  }

  function showSolution(data) {
    solution = data.steps;
    byId("puzzle-verdict").append(el("p", `Solution: ${data.answer}`, { class: "answer" }));
    const list = byId("puzzle-steps");
    list.replaceChildren(
      ...solution.map((s) => {
        const item = el("li");
        item.append(el("em", `${s.technique} (level ${s.level})`), document.createTextNode(`: ${s.because}`));
        return item;
      }),
    );
    byId("puzzle-solution").hidden = false;
    shown = 0;
    step(0);
  }

  function step(by) {
    if (!solution) return;
    shown = Math.max(0, Math.min(solution.length, shown + by));
    const board = byId("puzzle-board");
    for (const node of board.querySelectorAll(".puzzle-solved")) node.remove();
    for (const node of board.querySelectorAll(".puzzle-gone")) node.classList.remove("puzzle-gone");
    const items = byId("puzzle-steps").children;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle("puzzle-current", i === shown - 1);
    for (const s of solution.slice(0, shown)) {
      if (puzzle.kind !== "solo") {
        for (const m of s.removes) {
          for (const marker of board.querySelectorAll(`g.space[id="${m.space}"] g.marker`)) {
            const abbr = marker.querySelector("text").textContent;
            if (puzzle.abbr[abbr] === m.building) marker.classList.add("puzzle-gone");
          }
        }
      }
      for (const p of s.places) label(p.space, abbrOf(p.building), "puzzle-solved");
    }
    byId("puzzle-step-count").textContent = `step ${shown} of ${solution.length}`;
  }

  build();
  const code = new URLSearchParams(location.search).get("puzzle");
  if (code) openCode(code);
})();
