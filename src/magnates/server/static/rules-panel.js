// Rules at the table: the game's cheatsheet for this table's options (GET /api/games/{name}/cheatsheet),
// in a dialog. Its Markdown is drawn simply and safely: every piece of text goes in with
// textContent; only headings, lists, tables, code blocks and **bold** become elements.
"use strict";

import { el } from "/kit.js";

/** Inline text with **bold** and `code` as elements, the rest as text nodes. */
function inline(text) {
  const out = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) out.push(text.slice(at, match.index));
    out.push(match[1] !== undefined ? el("strong", { text: match[1] }) : el("code", { text: match[2] }));
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function tableFrom(lines) {
  const cells = (line) => line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
  const rows = lines.filter((line) => !/^\s*\|?\s*:?-{2,}/.test(line));
  const [head, ...body] = rows;
  return el("div", { class: "table-scroll" }, el("table", { class: "md-table" },
    el("thead", {}, el("tr", {}, cells(head).map((c) => el("th", { scope: "col" }, inline(c))))),
    el("tbody", {}, body.map((row) => el("tr", {}, cells(row).map((c) => el("td", {}, inline(c))))))));
}

/** A small Markdown reader: enough for the cheatsheets, and nothing it reads can become markup. */
export function markdown(source) {
  const root = el("div", { class: "md" });
  const lines = String(source || "").split("\n");
  let list = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const code = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      root.append(el("pre", { text: code.join("\n") }));
      list = null;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(lines[i]);
      i--;
      root.append(tableFrom(rows));
      list = null;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
    if (heading) {
      root.append(el(`h${Math.min(6, heading[1].length + 2)}`, {}, inline(heading[2])));
      list = null;
    } else if (item) {
      if (!list) { list = el("ul"); root.append(list); }
      list.append(el("li", {}, inline(item[1])));
    } else if (line.trim()) {
      root.append(el("p", {}, inline(line)));
      list = null;
    } else {
      list = null;
    }
  }
  return root;
}

/** The Rules button's dialog: fetched once per table, then kept. */
export function rulesPanel(button, { game, options }) {
  let dialog = null;
  async function open() {
    if (!dialog) {
      const body = el("div", { class: "rules-body", text: "Loading the rules…" });
      const close = el("button", { type: "button", id: "rules-close", class: "rules-close", text: "Close" });
      dialog = el("dialog", { class: "rules-panel", id: "rules-panel", "aria-labelledby": "rules-title" },
        el("div", { class: "rules-head" }, el("h2", { id: "rules-title", text: "Rules" }), close), body);
      close.addEventListener("click", () => dialog.close());
      document.body.append(dialog);
      const pairs = Object.entries(options || {}).map(([k, v]) => `${k}=${v}`).join(",");
      try {
        const response = await fetch(`/api/games/${encodeURIComponent(game)}/cheatsheet?options=${encodeURIComponent(pairs)}`);
        if (!response.ok) throw new Error(`the rules are not available here (${response.status})`);
        const sheet = await response.json();
        dialog.querySelector("#rules-title").textContent = sheet.title || "Rules";
        body.replaceChildren(markdown(sheet.text));
      } catch (err) {
        body.textContent = String(err.message || err);
      }
    }
    dialog.showModal();
  }
  button.addEventListener("click", open);
}
