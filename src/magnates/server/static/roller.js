// The Magnate Roller: dice for a physical table and the variant-aware cheatsheet.
"use strict";
(function () {
  const { el, api } = Magnates;
  const SUITS = ["Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"]; // d6 face = position + 1
  const errorBox = document.getElementById("error");
  const optionsBox = document.getElementById("options");
  let sheet = null;

  function fail(err) { Magnates.showError(errorBox, err ? String(err.message || err) : ""); }

  function roll(sides) {
    const buffer = new Uint32Array(1);
    window.crypto.getRandomValues(buffer);
    return 1 + (buffer[0] % sides);
  }

  function options() {
    const out = [];
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const value = input.type === "checkbox" ? input.checked : input.value;
      if (String(value) !== input.dataset.default) out.push(`${input.dataset.option}=${value}`);
    }
    return out.join(",");
  }

  function drawSheet(data) {
    const box = document.getElementById("sheet");
    box.replaceChildren();
    if (typeof data.sheet === "string") box.append(el("pre", { class: "json", text: data.sheet }));
    else if (data.sheet) box.append(Magnates.drawJson(data.sheet));
    const rows = Object.entries(data.config || {}).map(([k, v]) => el("tr", {}, el("th", { text: k.replaceAll("_", " ") }), el("td", { text: String(v) })));
    if (rows.length) box.append(el("h3", { text: "This variant's numbers" }), el("table", {}, el("tbody", {}, rows)));
  }

  async function loadSheet() {
    fail("");
    try {
      sheet = await api("GET", `/api/roller?options=${encodeURIComponent(options())}`);
      drawSheet(sheet);
    } catch (err) { fail(err); }
  }

  function rollDice() {
    const { die, COLORS, symbols } = Magnates.decktet;
    const high = roll(10);
    const low = roll(10);
    const dice = [Math.max(high, low), Math.min(high, low)];
    const box = document.getElementById("dice");
    box.replaceChildren(...dice.map((d) => die(d, { label: "d10" })));
    let text = `Everyone collects on ${dice[0]}.`;
    if (dice[1] === 1) {
      const taxed = [];
      for (let i = 0; i < ((sheet && sheet.tax_dice) || 1); i++) taxed.push(SUITS[roll(6) - 1]);
      const sym = symbols(null);
      taxed.forEach((suit) => box.append(die(sym[suit], { label: `tax ${suit}`, color: COLORS[suit] })));
      text = `A 1: taxation on ${taxed.join(" and ")} first (anyone with more than one token of it keeps one), then collect on ${dice[0]}.`;
      if (dice[0] === 1) text += " A pair of 1s: each Ace property pays.";
    }
    if (dice[0] === 10) text += " A 10: one token per Crown.";
    document.getElementById("roll-text").textContent = text;
    document.getElementById("history").prepend(el("li", { text: `${dice.join(" ")} — ${text}` }));
  }

  async function start() {
    try {
      const catalog = await api("GET", "/api/catalog");
      const magnate = catalog.find((g) => g.name === "magnate");
      if (!magnate) { fail("Magnate is not installed on this server"); return; }
      for (const option of magnate.options) {
        let input;
        if (typeof option.default === "boolean") {
          input = el("input", { type: "checkbox", "data-option": option.name });
          input.checked = option.default;
        } else {
          input = el("select", { "data-option": option.name }, (option.choices || [option.default]).map((c) => el("option", { value: c, text: String(c), selected: c === option.default })));
        }
        input.dataset.default = String(option.default);
        input.addEventListener("change", loadSheet);
        optionsBox.append(el("label", { title: option.doc || "" }, option.name, input));
      }
    } catch (err) { fail(err); return; }
    document.getElementById("roll").addEventListener("click", rollDice);
    loadSheet();
  }
  start();
})();
