// The legibility rules of the table page (tests/web/page_checks.py injects this file):
// each check answers a list of offences, empty when the page keeps the rule.
"use strict";
(() => {

function parse(c) {
  const m = c && c.match(/rgba?\(([^)]+)\)/);
  if (!m) return null;
  const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
  return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
}
function over(top, bottom) {
  const a = top.a;
  return {r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a),
          b: top.b * a + bottom.b * (1 - a), a: 1};
}
function lum(c) {
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
}
function ratio(a, b) {
  const x = lum(a), y = lum(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
function htmlBackground(node) {
  const layers = [];
  for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
  }
  let colour = {r: 255, g: 255, b: 255, a: 1};
  for (const layer of layers.reverse()) colour = over(layer, colour);
  return colour;
}
function svgBackground(text) {
  // the last shape painted before the text whose fill covers the text's centre
  const svg = text.ownerSVGElement;
  const box = text.getBBox();
  const centre = svg.createSVGPoint();
  centre.x = box.x + box.width / 2;
  centre.y = box.y + box.height / 2;
  const toScreen = text.getScreenCTM();
  const shapes = [...svg.querySelectorAll("rect, circle, ellipse, path, polygon")];
  for (let i = shapes.length - 1; i >= 0; i--) {
    const shape = shapes[i];
    if (!(shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    const style = getComputedStyle(shape);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const fill = parse(style.fill);
    if (!fill || Number(style.fillOpacity) === 0 || Number(style.opacity) === 0) continue;
    const local = centre.matrixTransform(shape.getScreenCTM().inverse().multiply(toScreen));
    if (shape.isPointInFill(local)) {
      fill.a = fill.a * Number(style.fillOpacity) * Number(style.opacity);
      if (fill.a >= 1) return fill;
      return over(fill, htmlBackground(svg));
    }
  }
  return htmlBackground(svg);
}
function rendered(node) {
  const element = node.parentElement;
  if (!element) return null;
  if (element.closest("[hidden], [aria-hidden='true'], script, style, title, desc, .visually-hidden, option")) return null;
  const style = getComputedStyle(element);
  if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return null;
  const range = document.createRange();
  range.selectNodeContents(node);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  if (!rects.length) return null;
  return {element, style};
}
function name(element, text) {
  const id = element.id ? "#" + element.id : "";
  const cls = element.getAttribute("class") ? "." + element.getAttribute("class").split(" ")[0] : "";
  return `${element.tagName.toLowerCase()}${id}${cls} "${text.trim().slice(0, 40)}"`;
}
function texts() {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const seen = rendered(node);
    if (seen) out.push({node, ...seen});
  }
  return out;
}
function size(element, style) {
  let px = parseFloat(style.fontSize);
  if (element instanceof SVGElement) {
    const m = element.getScreenCTM();
    px *= Math.hypot(m.a, m.b);
  }
  return px;
}

function smallText() {
  return texts().map(({node, element, style}) => [size(element, style), name(element, node.textContent)])
  .filter(([px]) => px < 11.95).map(([px, what]) => `${what}: ${px.toFixed(1)} px`);
}

function lowContrast() {
const out = [];
for (const {node, element, style} of texts()) {
  const svg = element instanceof SVGElement;
  const ink = parse(svg ? style.fill : style.color);
  if (!ink) continue;
  const back = svg ? svgBackground(element.closest("text") || element) : htmlBackground(element);
  const colour = ink.a < 1 ? over(ink, back) : ink;
  const px = size(element, style);
  const bold = Number(style.fontWeight) >= 700;
  const large = px >= 24 || (bold && px >= 18.66);
  const need = large ? 3 : 4.5;
  const r = ratio(colour, back);
  if (r < need - 0.005) out.push(`${name(element, node.textContent)}: ${r.toFixed(2)}:1 (needs ${need}:1)`);
}
return out;
}

function smallTapTargets() {

const out = [];
const controls = document.querySelectorAll(
  "button, a[href], input, select, textarea, summary, [role='button'], [tabindex='0'], .card");
for (const node of controls) {
  if (node.closest("svg")) continue; // a board piece: its equivalent is a button of the move bar
  if (node.closest("[hidden]")) continue;
  const style = getComputedStyle(node);
  if (style.display === "none" || style.visibility === "hidden") continue;
  let box = node.getBoundingClientRect();
  if (node.matches("input[type=checkbox], input[type=radio]") && node.closest("label")) {
    box = node.closest("label").getBoundingClientRect();
  }
  if (box.width === 0 && box.height === 0) continue; // not rendered (a closed panel)
  if (box.width < 43.5 || box.height < 43.5) {
    const label = (node.textContent || node.value || node.id || "").trim().slice(0, 30);
    out.push(`${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""} "${label}": ${box.width.toFixed(0)}x${box.height.toFixed(0)}`);
  }
}
return out;
}

window.gadshillChecks = {smallText, lowContrast, smallTapTargets};
})();
