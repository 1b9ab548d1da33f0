// What every script of the page builds with, loaded before them all (index.html): an
// element whose text is set as text, never parsed as HTML, so nothing the server sends
// (names, card texts, messages) can become markup.
"use strict";
(function () {
  const g = (window.gadshill = window.gadshill || {});

  g.el = function el(tag, text, attrs = {}) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    return node;
  };
})();
