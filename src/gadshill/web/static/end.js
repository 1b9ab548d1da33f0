// The end screen (issue 17, item 8): who won, each seat's score in parts, the Gads Hill
// review of overlooked markers, and Rematch / New game / Download record / Replay.
// page17's app.js calls gadshill.renderEnd(view, container, {tokens}) once view.terminal.
"use strict";
(function () {
  const g = (window.gadshill = window.gadshill || {});

  const el = g.el; // dom.js

  function seatName(view, seat) {
    const kind = view.seats[seat].kind;
    const you = view.seat === seat ? " (you)" : "";
    return `Seat ${seat} (${kind})${you}`;
  }

  function winnerLine(view) {
    const names = (view.winners || []).map((s) => seatName(view, s));
    if (!names.length) return "The game is over.";
    if (names.length === 1) return `${names[0]} wins.`;
    return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} share the win.`;
  }

  // One row per part, one column per seat, the total last: the parts add up to it.
  function breakdownTable(view) {
    const table = el("table", null, { class: "end-breakdown" });
    table.append(el("caption", "How each seat scored"));
    const head = el("tr");
    head.append(el("th", "", { scope: "col" }));
    for (const entry of view.breakdown) head.append(el("th", seatName(view, entry.seat), { scope: "col" }));
    const thead = el("thead");
    thead.append(head);
    const body = el("tbody");
    table.append(thead, body);
    const first = view.breakdown[0];
    first.parts.forEach((part, index) => {
      const row = el("tr");
      row.append(el("th", part.label, { scope: "row" }));
      for (const entry of view.breakdown) {
        const value = entry.parts[index].value;
        row.append(el("td", value > 0 && index > 0 ? `+${value}` : value));
      }
      body.append(row);
    });
    const total = el("tr", null, { class: "total" });
    total.append(el("th", "score", { scope: "row" }));
    for (const entry of view.breakdown) total.append(el("td", entry.score));
    body.append(total);
    return table;
  }

  // What each seat's parts count, in words: buildings, cards left, lodes...
  function details(view) {
    const list = el("ul", null, { class: "end-details" });
    for (const entry of view.breakdown) {
      const d = entry.details || {};
      let words = "";
      if (d.buildings) words = d.buildings.map((b) => `${b.building}: ${b.status}`).join("; ");
      else if (d.lodes) words = d.lodes.length ? d.lodes.map((l) => `${l.lode} $${l.payout}`).join("; ") : "no lode claimed";
      else if ("cards_left" in d) words = `${d.chips} chips; ${d.cards_removed} cards taken back; cards left in town: ${d.cards_left.join(", ") || "none"}; ${d.prospectors_on_board} prospectors on the board`;
      if (words) list.append(el("li", `${seatName(view, entry.seat)}: ${words}`));
    }
    return list;
  }

  function review(view) {
    const box = el("section", null, { class: "end-review", "aria-label": "overlooked markers" });
    box.append(el("h3", "What the table overlooked"));
    box.append(el("p", view.review.head));
    const list = el("ol");
    for (const turn of view.review.turns) {
      const item = el("li", turn.line);
      item.dataset.turn = turn.turn;
      const reasons = el("ul", null, { class: "end-reasons" });
      for (const r of turn.reasons || []) reasons.append(el("li", `${r.marker}: ${r.because}`));
      if (reasons.children.length) item.append(reasons);
      if (turn.code) {
        item.append(el("a", `Analyse the board of turn ${turn.turn}`, { href: `/analysis?position=${encodeURIComponent(turn.code)}`, class: "analyse-link", "data-action": "analyse-turn" }));
      }
      list.append(item);
    }
    if (view.review.turns.length) box.append(list);
    return box;
  }

  async function rematch(view, tokens, status) {
    status.textContent = "Making the rematch...";
    const response = await fetch(`/api/games/${view.id}/rematch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tokens }),
    });
    const data = await response.json().catch(() => ({ detail: response.statusText }));
    if (!response.ok) {
      status.textContent = data.detail;
      return;
    }
    const mine = data.seats.filter((s) => s.token).map((s) => s.token);
    location.href = `/?game=${encodeURIComponent(data.id)}&tokens=${mine.map(encodeURIComponent).join(",")}`;
  }

  // view: a terminal view; opts.tokens: the tokens this page holds (a hot seat: several)
  g.renderEnd = function renderEnd(view, container, opts = {}) {
    container = container || document.getElementById("end");
    if (!container || !view || !view.terminal) return;
    container.hidden = false;
    container.replaceChildren();
    container.append(el("h2", winnerLine(view), { class: "end-winner" }));
    if (view.breakdown) {
      container.append(breakdownTable(view));
      container.append(details(view));
    }
    if (view.review) container.append(review(view));
    const buttons = el("div", null, { class: "end-buttons" });
    const status = el("p", "", { role: "status", class: "end-status" });
    const tokens = opts.tokens || [];
    if (tokens.length) {
      const again = el("button", view.rematch ? "Join the rematch" : "Rematch", { type: "button", "data-action": "rematch" });
      again.addEventListener("click", () => rematch(view, tokens, status));
      buttons.append(again);
    }
    const fresh = el("a", "New game", { href: "/", class: "button", "data-action": "new-game" });
    const record = el("a", "Download the record", { href: view.record, download: "", class: "button", "data-action": "record" });
    buttons.append(fresh, record);
    if (view.analysis) {
      buttons.append(el("a", "Analyse this position", { href: `/analysis?position=${encodeURIComponent(view.analysis)}`, class: "button", "data-action": "analyse" }));
    }
    if (g.openReplay) {
      const replay = el("button", "Replay the game", { type: "button", "data-action": "replay" });
      replay.addEventListener("click", () => g.openReplay(view.id));
      buttons.append(replay);
    }
    container.append(buttons, status);
    if (g.rememberGame) g.rememberGame(view.id, view.title);
  };
})();
