// The gadshill table in a browser (page.js lists the page's scripts): the table wired
// up (its controls, the links to share, "Analyse this position") and the page started:
// a join link asks a name, a game link opens its table, else the start page.
"use strict";

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
    box.append(el("a", `join link for seat ${seat}`, { href: `${base}&join=${seat}`, class: "join-link", "data-seat": seat }));
  }
  box.append(el("a", "spectators", { href: base }));
}

// "Analyse this position": the server's code holds only what this seat may know
function showAnalyse() {
  const link = $("analyse-link");
  link.hidden = !view.analysis;
  if (view.analysis) link.href = `/analysis?position=${encodeURIComponent(view.analysis)}`;
}

async function showTable() {
  $("table").hidden = false;
  if ($("puzzles")) $("puzzles").hidden = true; // the table has the screen to itself
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("move-input").value.trim();
    if (move) play(move);
  });
  $("hints-toggle").addEventListener("change", refresh);
  $("board").addEventListener("click", onPieceClick);
  $("hand").addEventListener("click", onPieceClick);
  document.addEventListener("keydown", onKey);
  $("pass-reveal").addEventListener("click", () => {
    revealed = view.seat;
    show(view);
    keepFocus();
  });
  $("step-ms").addEventListener("change", () => {
    const ms = Math.max(0, Math.min(5000, Number($("step-ms").value) || 0));
    localStorage.setItem("gadshill-step-ms", String(ms));
    if (view && view.offers) savePrefs({ step_ms: ms });
  });
  $("help-button").addEventListener("click", () => {
    if (typeof gadshill.showHelp === "function" && view) {
      gadshill.showHelp(view.game);
      $("help").scrollIntoView({ block: "start" });
    } else $("play-notes").open = true;
  });
  // a phone turned, a window narrowed: the picture of the other shape, asked whole
  let shown = layout();
  window.addEventListener("resize", () => {
    fitBar();
    if (layout() === shown) return;
    shown = layout();
    refresh();
  });
  showLinks();
  await learnSeats();
  await refresh();
  connect();
}

// the Puzzles panel's town (puzzles.js draws it) keeps its text legible the same way
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) if (node.tagName === "svg" && node.closest("#puzzle-board")) {
    keepLegible(node);
    node.closest("#puzzle-board").tabIndex = 0; // it may scroll sideways: reachable by keyboard
  }
}).observe(document.body, { childList: true, subtree: true });

if (gameId && params.get("join") !== null) askNameToJoin(gameId, params.get("join"));
else if (gameId) showTable();
else showStart();
