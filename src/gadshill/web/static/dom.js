// What every script of the page builds with, loaded before them all (index.html,
// analysis.html): an element whose text is set as text, never parsed as HTML, so nothing
// the server sends (names, card texts, messages) can become markup; a server picture as
// an SVG node; a JSON call to the server; the shape of picture the screen asks for.
"use strict";
(function () {
  const g = (window.gadshill = window.gadshill || {});

  g.el = function el(tag, text, attrs = {}) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    return node;
  };

  g.svgNode = function svgNode(text) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    return document.importNode(doc.documentElement, true);
  };

  // Every board on a phone (issue 30): a screen this narrow or less (CSS px) asks the
  // server for the picture upright ("portrait": the whole board in a 370-px column at
  // reading size), a wider one for the "wide" picture: the table and the replay alike.
  g.PORTRAIT_MAX = 600;
  g.pictureLayout = function pictureLayout() {
    return window.innerWidth <= g.PORTRAIT_MAX ? "portrait" : "wide";
  };

  // the answer's status and its JSON (a body that is no JSON: its status text as detail)
  g.call = async function call(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    const data = await response.json().catch(() => ({ detail: response.statusText }));
    return { status: response.status, data };
  };
})();
