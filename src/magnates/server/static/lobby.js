// The lobby: your name, the open tables (take a free seat), games to watch, and a new table with any
// game, options, seats (you, a friend with a link, an open seat, a bot of some level) and a turn timer.
// Names and chat are plain text: they only ever reach the page through textContent (Magnates.el).
"use strict";
(function () {
  const { el, api } = Magnates;
  const NAME_KEY = "magnates.name";
  const REFRESH_MS = 5000;
  const errorBox = document.getElementById("error");
  const gameSelect = document.getElementById("game");
  const optionsBox = document.querySelector("#options .option-grid");
  const seatList = document.querySelector("#seats .seat-list");
  const nameInput = document.getElementById("player-name");
  const turnSelect = document.getElementById("turn-seconds");
  const timeoutSelect = document.getElementById("timeout-bot");
  let catalog = [];
  let botLevels = [];
  let thinkingTimes = [];  // a search bot's seat may think quick, normal (its default), long, very long
  let missingBots = [];  // bots these options do not offer, each with why (e.g. no expert measured)
  // The seats follow the options (the player count); a table is created only from a settled form.
  let describing = Promise.resolve();
  let describeCount = 0;

  function fail(err) { Magnates.showError(errorBox, err ? String(err.message || err) : ""); }

  // -- your name ----------------------------------------------------------------------------
  let account = null; // the signed-in account (GET /api/me), or null for a guest
  function myName() { return account ? account.name : nameInput.value.trim(); }

  function loadName() {
    try { nameInput.value = localStorage.getItem(NAME_KEY) || ""; } catch (_) { /* storage off */ }
    nameInput.addEventListener("input", () => {
      try { localStorage.setItem(NAME_KEY, myName()); } catch (_) { /* storage off */ }
    });
  }

  // -- words for people ----------------------------------------------------------------------
  function gameTitle(name) {
    const game = catalog.find((g) => g.name === name);
    return game ? game.title : name;
  }

  function botTitle(name) {
    if (name.startsWith("learned:")) return `Learned bot ${name.slice(8)}`;  // a checkpoint of the server's folder
    return `${name.charAt(0).toUpperCase()}${name.slice(1).replaceAll("-", " ")} bot`;
  }

  function duration(seconds) {
    if (seconds >= 86400 && seconds % 86400 === 0) return seconds === 86400 ? "1 day" : `${seconds / 86400} days`;
    if (seconds >= 3600 && seconds % 3600 === 0) return seconds === 3600 ? "1 hour" : `${seconds / 3600} hours`;
    if (seconds >= 60 && seconds % 60 === 0) return seconds === 60 ? "1 minute" : `${seconds / 60} minutes`;
    return `${seconds} seconds`;
  }

  function ago(iso) {
    if (!iso) return "";
    const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
    if (seconds < 60) return "just now";
    if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
    if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
    return `${Math.floor(seconds / 86400)} days ago`;
  }

  // Options people chose (those different from the game's defaults), as short chips.
  function optionChips(gameName, options) {
    const game = catalog.find((g) => g.name === gameName);
    const chips = [];
    for (const option of (game ? game.options : [])) {
      const value = options[option.name];
      if (value === undefined || option.name === "players" || String(value) === String(option.default)) continue;
      const shown = typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
      chips.push(el("span", { class: "chip", text: `${option.label || option.name}: ${shown}` }));
    }
    return chips;
  }

  // -- the new-table form --------------------------------------------------------------------
  function currentOptions() {
    return Magnates.chosenOptions(optionsBox);
  }

  function drawOptions() {
    const game = catalog.find((g) => g.name === gameSelect.value);
    optionsBox.replaceChildren();
    if (!game) return;
    if (game.error) fail(`${game.name} cannot be loaded yet: ${game.error}`);
    for (const option of game.options) optionsBox.append(Magnates.optionField(option, describe));
    describe();
  }

  function describe() {
    describing = describeNow(++describeCount);
    return describing;
  }

  async function describeNow(count) {
    fail("");
    try {
      const info = await api("POST", "/api/describe", { game: gameSelect.value, options: currentOptions() });
      if (count !== describeCount) return;  // a later change of the options has its own answer
      botLevels = info.bot_levels || info.bots.map((name) => ({ name, description: "" }));
      thinkingTimes = info.thinking || [];
      missingBots = info.missing_bots || [];
      drawSeats(info.num_players);
      drawTimeoutBots();
    } catch (err) {
      if (count !== describeCount) return;
      seatList.replaceChildren();
      fail(err);
    }
  }

  function seatChoiceHelp(value) {
    if (value === "you") return "You play this seat under your name.";
    if (value === "person") return "A friend: you get a link to send them.";
    if (value === "here") return "Hot seat: someone playing on this device with you; the table asks you to pass it between turns.";
    if (value === "open") return "Anyone in the lobby can take this seat from the open tables.";
    const level = botLevels.find((b) => `bot:${b.name}` === value);
    return level ? level.description : "";
  }

  function drawSeats(count) {
    const previous = [...seatList.querySelectorAll("select[data-seat]")].map((s) => s.value);
    const thoughts = [...seatList.querySelectorAll("select[data-seat-thinking]")].map((s) => s.value);
    const names = [...seatList.querySelectorAll("[data-seat-name]")].map((input) => input.value);  // typed before an option changed
    const greedy = botLevels.some((b) => b.name === "greedy") ? "greedy" : (botLevels[0] || {}).name;
    seatList.replaceChildren();
    for (let seat = 0; seat < count; seat++) {
      const id = `seat-${seat}`;
      const select = el("select", { id, "data-seat": seat, "aria-describedby": `${id}-help` },
        el("optgroup", { label: "People" },
          el("option", { value: "you", text: "You" }),
          el("option", { value: "person", text: "A friend (send a link)" }),
          el("option", { value: "here", text: "On this device (hot seat)" }),
          el("option", { value: "open", text: "Open seat (anyone may take it)" })),
        el("optgroup", { label: "Bots" }, botLevels.map((b) => el("option", { value: `bot:${b.name}`, text: botTitle(b.name) }))));
      const preferred = previous[seat] || (seat === 0 ? "you" : `bot:${greedy}`);
      if ([...select.options].some((o) => o.value === preferred)) select.value = preferred;
      const friend = el("input", { type: "text", maxlength: 40, class: "friend-name", "data-seat-name": seat,
        placeholder: "their name (optional)", "aria-label": `name of player ${seat + 1}` });
      friend.value = names[seat] || "";
      const thinking = el("select", { class: "seat-thinking", "data-seat-thinking": seat, "aria-label": `thinking time of player ${seat + 1}` },
        thinkingTimes.map((t) => el("option", { value: t.name, text: t.label })));
      if (thinkingTimes.some((t) => t.name === thoughts[seat])) thinking.value = thoughts[seat];
      else if (thinkingTimes.some((t) => t.name === "normal")) thinking.value = "normal";
      const help = el("p", { class: "help", id: `${id}-help` });
      const update = () => {
        help.textContent = seatChoiceHelp(select.value);
        friend.classList.toggle("hidden", select.value !== "person" && select.value !== "here");
        const level = botLevels.find((b) => `bot:${b.name}` === select.value);
        thinking.classList.toggle("hidden", !(level && level.thinks && thinkingTimes.length));
      };
      select.addEventListener("change", update);
      update();
      seatList.append(el("div", { class: "seat-row" },
        el("span", { class: `seat-badge seat-${seat}`, "aria-hidden": "true", text: String(seat + 1) }),
        el("div", { class: "seat-choice" }, el("label", { for: id, text: `Player ${seat + 1}` }), select, thinking, friend, help)));
    }
    for (const missing of missingBots) {  // one line each: why a bot people look for is not offered here
      seatList.append(el("p", { class: "help missing-bot", "data-missing-bot": missing.name, text: missing.reason }));
    }
  }

  function drawTimeoutBots() {
    const chosen = timeoutSelect.value || "greedy";
    timeoutSelect.replaceChildren(...botLevels.map((b) =>
      el("option", { value: b.name, text: `the ${botTitle(b.name).toLowerCase()} makes the move` })),
      el("option", { value: "forfeit", text: "the player forfeits the game" }));
    if (botLevels.some((b) => b.name === chosen)) timeoutSelect.value = chosen;
  }

  function seatSpecs() {
    return [...seatList.querySelectorAll("select[data-seat]")].map((select) => {
      const value = select.value;
      if (value === "you") return { kind: "person", name: myName() || null };
      if (value === "person" || value === "here") {
        const friend = seatList.querySelector(`[data-seat-name="${select.dataset.seat}"]`).value.trim();
        return { kind: "person", name: friend || null };
      }
      if (value === "open") return { kind: "person", open: true };
      const thinking = seatList.querySelector(`[data-seat-thinking="${select.dataset.seat}"]`);
      const spec = { kind: "bot", bot: value.slice(4) };
      if (thinking && !thinking.classList.contains("hidden") && thinking.value !== "normal") spec.thinking = thinking.value;
      return spec;
    });
  }

  async function create(event) {
    event.preventDefault();
    await describing;  // the seat list must match the options just chosen
    fail("");
    const body = { game: gameSelect.value, options: currentOptions(), seats: seatSpecs() };
    const seconds = Number(turnSelect.value);
    const clockValue = turnSelect.value;
    const forfeit = timeoutSelect.value === "forfeit";
    if (clockValue.startsWith("bank:")) body.bank_seconds = Number(clockValue.slice(5));
    else if (seconds > 0) body.turn_seconds = seconds;
    if (clockValue !== "0") {
      if (forfeit) body.on_timeout = "forfeit";
      else body.timeout_bot = timeoutSelect.value;
    }
    if (account && document.getElementById("rated").checked) body.rated = true;
    const kinds = [...seatList.querySelectorAll("select[data-seat]")].map((s) => s.value);
    try {
      showLinks(await api("POST", "/api/games", body), kinds);
      refreshLists();
    } catch (err) { fail(err); }
  }

  function showLinks(created, kinds) {
    const box = document.getElementById("links");
    box.replaceChildren();
    // A guest creator keeps the creator's secret in this browser: the table page starts or cancels with it.
    if (created.creator_token) {
      try { localStorage.setItem(`magnates.creator.${created.id}`, created.creator_token); } catch (_) { /* storage off */ }
    }
    if (created.waiting_for > 0) {
      box.append(el("p", { class: "help waiting-note", text: `The game waits for ${created.waiting_for} more player${created.waiting_for === 1 ? "" : "s"}: it starts when every seat is taken, or when you start it with bots from the table.` }));
    }
    // Hot seat: every seat played at this device opens one table page; the secrets ride in the fragment.
    const here = created.seats.filter((s) => s.token && ["you", "here"].includes((kinds || [])[s.seat]));
    const hotSeat = here.length > 1 && (kinds || []).includes("here");
    if (hotSeat) {
      const link = hotSeatLink(created.id, here.map((s) => s.token));
      box.append(el("p", {}, el("a", { href: link, id: "hot-seat-link", class: "button primary big",
        text: `Open the table for ${here.map((s) => s.name).join(", ")} on this device` })));
      if (created.seats.every((s) => here.includes(s) || (!s.link && !s.open))) {
        window.location.assign(link); // nobody else to send a link to: straight to the table
        return;
      }
    }
    const mine = hotSeat ? here : created.seats.filter((s) => s.link && (kinds || [])[s.seat] === "you");
    for (const seat of hotSeat ? [] : mine) {
      box.append(el("p", {}, el("a", { href: new URL(seat.link, window.location.href).href, class: "seat-link button primary big", "data-seat": seat.seat,
        text: `Go to your table (as ${seat.name})` })));
    }
    for (const seat of created.seats) {
      if (mine.includes(seat)) continue;
      if (seat.link) {
        const url = new URL(seat.link, window.location.href).href;
        const field = el("input", { readonly: true, value: url, "aria-label": `link for ${seat.name}`, onclick: (e) => e.target.select() });
        const copy = el("button", { type: "button", class: "quiet", text: "Copy", onclick: async () => {
          try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch (_) { field.select(); }
        } });
        box.append(el("div", { class: "link-row" },
          el("a", { href: url, class: "seat-link", "data-seat": seat.seat, text: `Link for ${seat.name}` }),
          el("p", { class: "help", text: "Send it to that player only: it holds the seat's secret." }),
          el("div", { class: "copy-row" }, field, copy)));
      } else if (seat.open) {
        const invite = new URL(seat.invite || created.spectator_link, window.location.href).href;
        box.append(el("div", { class: "link-row" },
          el("p", { text: `Seat ${seat.seat + 1}: an open seat — anyone in the lobby can take it, or send this invite:` }),
          el("div", { class: "copy-row" }, el("input", { readonly: true, value: invite, class: "invite-link", "aria-label": `invite for seat ${seat.seat + 1}`, onclick: (e) => e.target.select() }))));
      } else {
        box.append(el("p", { class: "link-row muted", text: `${seat.name}: ${seat.label}` }));
      }
    }
    box.append(el("p", {}, el("a", { href: created.spectator_link, class: "spectator-link", text: "Watch as a spectator" })));
    const panel = document.getElementById("created");
    panel.classList.remove("hidden");
    panel.scrollIntoView({ block: "nearest" });
  }

  // -- tables to join and to watch ------------------------------------------------------------
  /** The hot-seat table: the seats' secrets in the fragment (never sent to the server in the URL). */
  function hotSeatLink(gameId, tokens) {
    return new URL(`/table.html?game=${encodeURIComponent(gameId)}#seats=${tokens.map(encodeURIComponent).join(",")}`, window.location.href).href;
  }

  async function take(table, seat, button) {
    fail("");
    button.disabled = true;
    try {
      const taken = await api("POST", `/api/games/${encodeURIComponent(table.id)}/seats/${seat}/take`, { name: myName() || null });
      window.location.assign(taken.link); // the secret rides in the fragment; the table page keeps it (Magnates.seatToken)
    } catch (err) {
      button.disabled = false;
      fail(err);
      refreshLists();
    }
  }

  function playerLine(table, player, withTake) {
    const badge = el("span", { class: `seat-badge seat-${player.seat}`, "aria-hidden": "true", text: String(player.seat + 1) });
    if (player.open && withTake) {
      return el("li", { class: "player open" }, badge,
        el("span", { class: "who muted", text: `Seat ${player.seat + 1} is free` }),
        el("button", { type: "button", class: "primary take", "data-game": table.id, "data-seat": player.seat,
          text: "Take this seat", onclick: (e) => take(table, player.seat, e.currentTarget) }));
    }
    const what = player.kind === "bot" ? botTitle(player.bot || "") : player.open ? "free seat" : "";
    return el("li", { class: "player" }, badge, el("span", { class: "who", text: player.kind === "bot" ? what : player.name }),
      player.kind !== "bot" && what ? el("span", { class: "muted", text: what }) : null);
  }

  function tableCard(table, joinable) {
    const facts = [el("span", { class: "chip", text: ago(table.created) })];
    if (table.waiting_for) facts.unshift(el("span", { class: "chip waiting", text: `waiting for ${table.waiting_for} player${table.waiting_for === 1 ? "" : "s"}` }));
    if (table.turn_seconds) facts.push(el("span", { class: "chip timer", text: `timer: ${duration(table.turn_seconds)} a move` }));
    if (!joinable) facts.push(el("span", { class: "chip", text: `step ${table.step}` }));
    const card = el("article", { class: "table-card", "data-game": table.id },
      el("header", {}, el("h3", { text: gameTitle(table.game) }), el("div", { class: "chips" }, facts, optionChips(table.game, table.options))),
      el("ul", { class: "players" }, table.players.map((p) => playerLine(table, p, joinable))));
    if (!joinable) {
      card.append(el("a", { class: "button watch", href: `/table.html?game=${encodeURIComponent(table.id)}`,
        text: "Watch", "aria-label": `Watch ${gameTitle(table.game)} (${table.players.map((p) => p.name).join(", ")})` }));
    }
    return card;
  }

  let shown = "";
  async function refreshLists() {
    try {
      const [open, all] = await Promise.all([api("GET", "/api/tables"), api("GET", "/api/tables?all=1")]);
      // Drawn again only when something changed (or a minute passed, for the "min ago"): a button
      // being pressed is not replaced under the pointer, and screen readers are not told it all again.
      const key = JSON.stringify([open, all, Math.floor(Date.now() / 60000)]);
      if (key === shown) return;
      shown = key;
      const openBox = document.getElementById("open-tables");
      openBox.replaceChildren(...(open.length ? open.map((t) => tableCard(t, true))
        : [el("p", { class: "empty", text: "No open tables right now. Start a new game with an open seat, and it appears here for everyone." })]));
      const watchable = all.filter((t) => !t.players.some((p) => p.open));
      const playingBox = document.getElementById("playing");
      playingBox.replaceChildren(...(watchable.length ? watchable.slice(0, 30).map((t) => tableCard(t, false))
        : [el("p", { class: "empty", text: "No games being played right now." })]));
    } catch (err) { fail(err); }
  }

  async function importRecord(event) {
    fail("");
    const file = event.target.files[0];
    if (!file) return;
    try {
      const record = JSON.parse(await file.text());
      showLinks(await api("POST", "/api/games/import", record));
      refreshLists();
    } catch (err) { fail(err); }
  }

  async function start() {
    loadName();
    account = await Magnates.whoami();
    if (account) {
      nameInput.value = account.name;
      nameInput.disabled = true;
      document.getElementById("name-help").textContent = "Signed in: you play under your account's name, and your seats follow you to every device.";
      document.getElementById("rated-field").classList.remove("hidden");
    }
    try {
      catalog = await api("GET", "/api/catalog");
    } catch (err) { fail(err); return; }
    gameSelect.replaceChildren(...catalog.map((g) => el("option", { value: g.name, text: g.title })));
    const wanted = Magnates.params().get("game");
    if (wanted) gameSelect.value = wanted;
    else if (catalog.some((g) => g.name === "magnate")) gameSelect.value = "magnate";
    gameSelect.addEventListener("change", drawOptions);
    turnSelect.addEventListener("change", () =>
      document.getElementById("timeout-field").classList.toggle("hidden", turnSelect.value === "0"));
    document.getElementById("new-game").addEventListener("submit", create);
    document.getElementById("import-file").addEventListener("change", importRecord);
    document.getElementById("refresh").addEventListener("click", refreshLists);
    drawOptions();
    refreshLists();
    setInterval(() => { if (!document.hidden) refreshLists(); }, REFRESH_MS);
  }
  start();
})();
