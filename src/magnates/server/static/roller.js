// The Magnate Roller: dice for a physical table and the variant-aware cheatsheet.
// The meaning of a roll and the cheatsheet come from the server (Magnate's own roller and cheatsheet).
"use strict";
(function () {
  const { el, api } = Magnates;
  const errorBox = document.getElementById("error");
  const optionsBox = document.getElementById("options");

  function fail(err) { Magnates.showError(errorBox, err ? String(err.message || err) : ""); }

  function options() {
    return Magnates.chosenOptions(optionsBox);
  }

  // A small Markdown reader for the cheatsheet: headings, lists, tables, bold, italics, paragraphs.
  function markdown(text) {
    const root = el("div");
    let list = null;
    let table = null;
    const inline = (line) => {
      const span = el("span");
      line.split(/(\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/).forEach((part) => {
        if (part.length > 4 && part.startsWith("**") && part.endsWith("**")) span.append(el("strong", { text: part.slice(2, -2) }));
        else if (part.length > 2 && part.startsWith("*") && part.endsWith("*")) span.append(el("em", { text: part.slice(1, -1) }));
        else span.append(document.createTextNode(part));
      });
      return span;
    };
    for (const raw of text.split("\n")) {
      const line = raw.trimEnd();
      if (!line.startsWith("|")) table = null;
      if (!/^\s*[-*] /.test(line)) list = null;
      if (!line.trim()) continue;
      const heading = line.match(/^(#{1,4}) (.*)$/);
      if (heading) { root.append(el(`h${Math.min(4, heading[1].length + 1)}`, {}, inline(heading[2]))); continue; }
      if (/^\s*[-*] /.test(line)) {
        if (!list) { list = el("ul"); root.append(list); }
        list.append(el("li", {}, inline(line.replace(/^\s*[-*] /, ""))));
        continue;
      }
      if (line.startsWith("|")) {
        const cells = line.slice(1, line.endsWith("|") ? -1 : undefined).split("|").map((c) => c.trim());
        if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
        if (!table) { table = el("table"); root.append(table); }
        table.append(el("tr", {}, cells.map((c) => el(table.children.length ? "td" : "th", {}, inline(c)))));
        continue;
      }
      root.append(el("p", {}, inline(line)));
    }
    return root;
  }

  async function loadSheet() {
    fail("");
    try {
      const query = Object.entries(options()).map(([k, v]) => `${k}=${v}`).join(",");
      const data = await api("GET", `/api/roller?options=${encodeURIComponent(query)}`);
      document.getElementById("sheet").replaceChildren(markdown(data.markdown || ""));
    } catch (err) { fail(err); }
  }

  function show(reading) {
    const { die, COLORS, symbols } = Magnates.decktet;
    const sym = symbols(null);
    const box = document.getElementById("dice");
    box.replaceChildren(...reading.dice.map((d) => die(d, { label: "d10", size: 72 })));
    reading.taxed.forEach((suit) => box.append(die(sym[suit] || suit, { label: `tax ${suit}`, color: COLORS[suit], size: 72 })));
    document.getElementById("roll-text").replaceChildren(...reading.lines.map((line) => el("li", { text: line })));
    document.getElementById("history-heading").classList.remove("hidden");
    document.getElementById("history").prepend(el("li", { text: `${reading.dice.join(" ")}${reading.taxed.length ? ` · tax ${reading.taxed.join(", ")}` : ""}` }));
  }

  async function rollHere() {
    fail("");
    try { show(await api("POST", "/api/roller/roll", { options: options() })); } catch (err) { fail(err); }
  }

  async function readTyped(event) {
    event.preventDefault();
    fail("");
    const dice = [document.getElementById("d10a").value, document.getElementById("d10b").value].map(Number);
    const taxText = document.getElementById("d6s").value.trim();
    const tax = taxText ? taxText.split(/[\s,]+/).map(Number) : null;
    try { show(await api("POST", "/api/roller/roll", { options: options(), dice, tax_dice: tax })); } catch (err) { fail(err); }
  }

  async function start() {
    try {
      const catalog = await api("GET", "/api/catalog");
      const magnate = catalog.find((g) => g.name === "magnate");
      if (!magnate) { fail("Magnate is not installed on this server"); return; }
      for (const option of magnate.options) optionsBox.append(Magnates.optionField(option, loadSheet));
    } catch (err) { fail(err); return; }
    document.getElementById("roll").addEventListener("click", rollHere);
    document.getElementById("typed").addEventListener("submit", readTyped);
    loadSheet();
  }
  start();
})();
