// "My games": every game your account holds a seat in, your turn on top (GET /api/me/games, which
// account.js asks every 30 s and passes on as the "magnates:games" event).
"use strict";
(function () {
  const { el, api } = Magnates;
  const box = document.getElementById("my-games");
  const errorBox = document.getElementById("error");

  function when(deadline) {
    if (!deadline) return null;
    const seconds = deadline - Date.now() / 1000;
    if (seconds <= 0) return "time is up";
    if (seconds < 3600) return `${Math.ceil(seconds / 60)} min left`;
    if (seconds < 172800) return `${Math.round(seconds / 3600)} h left`;
    return `${Math.round(seconds / 86400)} days left`;
  }

  function card(game) {
    const status = game.your_turn ? "Your turn" : game.status === "waiting" ? "Waiting for players"
      : game.status === "finished" ? "Finished" : "Their turn";
    const chips = [el("span", { class: `chip status-${game.your_turn ? "yours" : game.status}`, text: status })];
    const left = game.status === "playing" ? when(game.deadline) : null;
    if (left) chips.push(el("span", { class: "chip timer", text: left }));
    chips.push(el("span", { class: "chip", text: `updated ${new Date(game.updated).toLocaleString()}` }));
    const label = game.your_turn ? "Play" : game.status === "finished" ? "Replay" : "Open";
    const href = game.status === "finished" ? `${game.link}&replay=1` : game.link;
    return el("article", { class: `table-card my-game${game.your_turn ? " your-turn" : ""}`, "data-game": game.id, "data-your-turn": game.your_turn ? "1" : "0" },
      el("header", {}, el("h3", { text: game.title }), el("div", { class: "chips" }, chips)),
      el("ul", { class: "players" }, game.players.map((p) => el("li", { class: "player" },
        el("span", { class: `seat-badge seat-${p.seat}`, "aria-hidden": "true", text: String(p.seat + 1) }),
        el("span", { class: "who", text: p.seat === game.seat ? `${p.name} (you)` : p.name })))),
      el("a", { class: `button${game.your_turn ? " primary" : ""} open-game`, href, text: label, "aria-label": `${label}: ${game.title}` }));
  }

  function draw(games) {
    box.replaceChildren(...(games.length ? games.map(card)
      : [el("p", { class: "empty" }, "No games yet. ", el("a", { href: "/index.html", text: "Start one in the lobby" }), ".")]));
  }

  document.addEventListener("magnates:games", (event) => draw(event.detail));
  const button = document.getElementById("notify-games");
  if (!("Notification" in window)) button.classList.add("hidden");
  button.addEventListener("click", async () => {
    const on = await Magnates.enableGameNotifications();
    document.getElementById("notify-help").textContent = on
      ? "This browser will tell you when it becomes your turn in any game, while a magnates page is open."
      : "Notifications are blocked in this browser; the tab's title still counts your turns.";
  });
  (async () => {
    const me = await Magnates.whoami();
    if (!me) { window.location.replace(`/signin.html?next=${encodeURIComponent("/games.html")}`); return; }
    try { draw(await api("GET", "/api/me/games")); } catch (err) { Magnates.showError(errorBox, String(err.message || err)); }
    const address = document.getElementById("mail-address");
    address.value = me.email || "";
    document.getElementById("mail-form").addEventListener("submit", async (event) => {
      event.preventDefault();
      Magnates.showError(errorBox, "");
      try {
        const saved = await api("PATCH", "/api/me", { email: address.value.trim() || null });
        document.getElementById("mail-help").textContent = saved.email ? `Saved: notes go to ${saved.email}.` : "Saved: no e-mail.";
      } catch (err) { Magnates.showError(errorBox, String(err.message || err)); }
    });
  })();
})();
