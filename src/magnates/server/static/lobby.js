// The lobby: create any registered game with any options; each seat a person or a bot.
"use strict";
(function () {
  const { el, api } = Magnates;
  const errorBox = document.getElementById("error");
  const gameSelect = document.getElementById("game");
  const optionsBox = document.getElementById("options");
  const seatsBody = document.querySelector("#seats tbody");
  let catalog = [];

  function fail(err) { Magnates.showError(errorBox, err ? String(err.message || err) : ""); }

  function currentOptions() {
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const raw = input.type === "checkbox" ? input.checked : input.value;
      const value = input.dataset.kind === "number" ? Number(raw) : raw;
      // Only what differs from the default: an option left alone is not "chosen" (some games check that).
      if (String(value) !== input.dataset.default) options[input.dataset.option] = value;
    }
    return options;
  }

  function drawOptions() {
    const game = catalog.find((g) => g.name === gameSelect.value);
    optionsBox.replaceChildren(el("legend", { text: "Options" }));
    if (!game) return;
    if (game.error) fail(`${game.name} cannot be loaded yet: ${game.error}`);
    for (const option of game.options) {
      let input;
      const kind = typeof option.default;
      if (kind === "boolean") {
        input = el("input", { type: "checkbox", "data-option": option.name, "data-kind": "boolean" });
        input.checked = option.default;
      } else if (option.choices) {
        input = el("select", { "data-option": option.name, "data-kind": kind },
          option.choices.map((c) => el("option", { value: c, text: String(c), selected: c === option.default })));
      } else {
        input = el("input", { type: kind === "number" ? "number" : "text", value: option.default, "data-option": option.name, "data-kind": kind });
      }
      input.dataset.default = String(option.default);
      input.addEventListener("change", describe);
      optionsBox.append(el("label", { title: option.doc || "" }, option.name, input));
    }
    describe();
  }

  async function describe() {
    fail("");
    try {
      const info = await api("POST", "/api/describe", { game: gameSelect.value, options: currentOptions() });
      drawSeats(info.num_players, info.bots);
    } catch (err) {
      seatsBody.replaceChildren();
      fail(err);
    }
  }

  function drawSeats(count, bots) {
    const previous = [...seatsBody.querySelectorAll("select[data-seat]")].map((s) => s.value);
    seatsBody.replaceChildren();
    for (let seat = 0; seat < count; seat++) {
      const select = el("select", { "data-seat": seat, "aria-label": `Player ${seat + 1}` },
        el("option", { value: "person", text: "person" }),
        bots.map((b) => el("option", { value: `bot:${b}`, text: `${b} bot` })));
      const preferred = previous[seat] || (seat === 0 ? "person" : `bot:${bots.includes("greedy") ? "greedy" : bots[0]}`);
      if ([...select.options].some((o) => o.value === preferred)) select.value = preferred;
      seatsBody.append(el("tr", {}, el("td", { text: `Player ${seat + 1}` }), el("td", {}, select)));
    }
  }

  function showLinks(created) {
    const box = document.getElementById("links");
    box.replaceChildren();
    for (const seat of created.seats) {
      if (!seat.link) {
        box.append(el("p", { text: `${seat.name}: ${seat.label}` }));
        continue;
      }
      const url = new URL(seat.link, window.location.href).href;
      box.append(el("p", {}, el("a", { href: url, class: "seat-link", "data-seat": seat.seat, text: `Play as ${seat.name}` }),
        el("input", { readonly: true, value: url, "aria-label": `link of ${seat.name}`, onclick: (e) => e.target.select() })));
    }
    const watch = new URL(created.spectator_link, window.location.href).href;
    box.append(el("p", {}, el("a", { href: watch, class: "spectator-link", text: "Watch as a spectator" })));
    document.getElementById("created").classList.remove("hidden");
  }

  async function create(event) {
    event.preventDefault();
    fail("");
    const seats = [...seatsBody.querySelectorAll("select[data-seat]")].map((s) =>
      s.value === "person" ? { kind: "person" } : { kind: "bot", bot: s.value.slice(4) });
    try {
      const created = await api("POST", "/api/games", { game: gameSelect.value, options: currentOptions(), seats });
      showLinks(created);
      listGames();
    } catch (err) { fail(err); }
  }

  async function listGames() {
    try {
      const games = await api("GET", "/api/games");
      document.getElementById("games").replaceChildren(...games.map((g) =>
        el("li", {}, el("a", { href: g.spectator_link, text: `${g.game} ${g.id}` }), ` — ${g.status}`)));
    } catch (err) { fail(err); }
  }

  async function importRecord(event) {
    fail("");
    const file = event.target.files[0];
    if (!file) return;
    try {
      const record = JSON.parse(await file.text());
      showLinks(await api("POST", "/api/games/import", record));
      listGames();
    } catch (err) { fail(err); }
  }

  async function start() {
    try {
      catalog = await api("GET", "/api/catalog");
    } catch (err) { fail(err); return; }
    gameSelect.replaceChildren(...catalog.map((g) => el("option", { value: g.name, text: g.title })));
    const wanted = Magnates.params().get("game");
    if (wanted) gameSelect.value = wanted;
    else if (catalog.some((g) => g.name === "magnate")) gameSelect.value = "magnate";
    gameSelect.addEventListener("change", drawOptions);
    document.getElementById("new-game").addEventListener("submit", create);
    document.getElementById("import-file").addEventListener("change", importRecord);
    drawOptions();
    listGames();
  }
  start();
})();
