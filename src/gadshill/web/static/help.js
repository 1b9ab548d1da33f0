// Help and learning (issue 17, item 7): a game's summary in the project's words, every
// rule id opening what `gadshill rules GAME ID` shows, what each bot does, and the
// first-game walkthrough of Gads Hill over a real game (the replay viewer steps it).
"use strict";
(function () {
  const g = (window.gadshill = window.gadshill || {});

  const el = g.el; // dom.js

  async function getJson(path) {
    const response = await fetch(path);
    const data = await response.json().catch(() => ({ detail: response.statusText }));
    if (!response.ok) throw new Error(data.detail);
    return data;
  }

  function ruleLink(game, id) {
    const link = el("a", id, { href: `/api/rules/${game}/${encodeURIComponent(id)}`, "data-rule": id, class: "rule-id" });
    link.addEventListener("click", (event) => {
      event.preventDefault();
      g.showRule(game, id, link.closest("section, li, div") || document.body);
    });
    return link;
  }

  // One rule, as `gadshill rules GAME ID` shows it, opened beside the link.
  g.showRule = async function showRule(game, id, near) {
    const box = el("div", null, { class: "rule-box", role: "note" });
    try {
      const rule = await getJson(`/api/rules/${game}/${encodeURIComponent(id)}`);
      box.append(el("strong", rule.id), ` (${rule.kind}${rule.moves.length ? "; moves: " + rule.moves.join(", ") : ""}) `);
      box.append(el("span", rule.text));
      box.append(el("code", ` gadshill rules ${game} ${rule.id}`));
    } catch (err) {
      box.append(el("span", err.message));
    }
    const old = near.querySelector(`.rule-box[data-for="${CSS.escape(id)}"]`);
    box.dataset.for = id;
    if (old) old.replaceWith(box); else near.append(box);
  };

  g.showHelp = async function showHelp(game, container) {
    container = container || document.getElementById("help");
    if (!container) return;
    container.hidden = false;
    container.replaceChildren(el("p", "Loading the help..."));
    let help;
    try {
      help = await getJson(`/api/help/${encodeURIComponent(game)}`);
    } catch (err) {
      container.replaceChildren(el("p", err.message, { role: "alert" }));
      return;
    }
    const head = el("div", null, { class: "help-head" });
    head.append(el("h2", `How to play ${help.title}`));
    const close = el("button", "Close help", { type: "button", "data-action": "help-close" });
    close.addEventListener("click", () => { container.hidden = true; });
    head.append(close);
    container.replaceChildren(head);
    if (help.walkthrough) {
      const walk = el("button", "First game? Walk through one", { type: "button", "data-action": "walkthrough" });
      walk.addEventListener("click", () => g.startWalkthrough(game));
      container.append(walk);
    }
    for (const part of help.summary) {
      const section = el("section", null, { class: "help-part" });
      section.append(el("h3", part.title), el("p", part.text));
      const rules = el("p", "Rules: ", { class: "help-rules" });
      for (const id of part.rules) rules.append(ruleLink(help.game, id), " ");
      section.append(rules);
      container.append(section);
    }
    const bots = el("section", null, { class: "help-part" });
    bots.append(el("h3", "The bots"));
    const list = el("dl", null, { class: "help-bots" });
    for (const bot of help.bots) list.append(el("dt", bot.name), el("dd", bot.text));
    bots.append(list);
    container.append(bots);
    const all = el("details", null, { class: "help-all-rules" });
    all.append(el("summary", `Every rule of the rule book (${help.rules.length})`));
    const ul = el("ul");
    for (const rule of help.rules) {
      const item = el("li");
      item.append(ruleLink(help.game, rule.id), " ", el("span", rule.text));
      ul.append(item);
    }
    all.append(ul);
    container.append(all);
    container.focus && container.setAttribute("tabindex", "-1");
  };

  g.startWalkthrough = async function startWalkthrough(game) {
    try {
      const walk = await getJson(`/api/help/${encodeURIComponent(game)}/walkthrough`);
      await g.openReplay(walk.replay, { steps: walk.steps });
    } catch (err) {
      const help = document.getElementById("help");
      if (help) help.append(el("p", err.message, { role: "alert" }));
    }
  };
})();
