// The table page's scripts (index.html loads them in order, plain scripts sharing the
// page's names, no build step): page.js (what every part uses), clicks.js (which moves
// the clicks so far allow: pure), start.js (the start form, names, the lobby, joining),
// follow.js (the table's state: views asked, deltas merged, the websocket, others'
// moves stepped), board.js (a view drawn: board, hand, the move bar's room), moves.js (a
// move built by clicks and sent), status.js (the status line, scores, log, end,
// preferences) and app.js (the table wired up, the page started).
//
// Everything the server sends is shown as text (textContent), except the pictures (the
// board and the cards' small plans), SVG documents the server builds as trees.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = params.get("game");
// one token (a seat link) or several (hot seat: every human seat on this screen)
const tokens = (params.get("tokens") || params.get("token") || "").split(",").filter(Boolean);
const gadshill = (window.gadshill = window.gadshill || {});

// --- what any part of the page uses -------------------------------------------------------
const el = gadshill.el; // dom.js

function svgNode(text) {
  const node = gadshill.svgNode(text);
  // the page sizes the picture (width 100% of its box), the viewBox keeps its shape
  node.removeAttribute("width");
  node.removeAttribute("height");
  return node;
}

const api = gadshill.call; // dom.js

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
