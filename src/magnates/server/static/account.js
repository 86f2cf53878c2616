// The account corner of every page's header (sign in / up, or your name, "My games" and sign out),
// and the watch over your games: every 30 s while signed in the page asks GET /api/me/games; the
// tab's title counts the games where it is your turn, and a game that has just become your turn
// raises a browser notification if you allowed them (plain polling: no push service, no worker).
"use strict";
(function () {
  const { el, api } = Magnates;
  const POLL_MS = 30000;
  const NOTIFY_KEY = "magnates.notify-games";
  let yourTurn = null; // ids of the games where it was your turn at the last look
  const baseTitle = document.title;

  function notifyOn() {
    try { return localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window && Notification.permission === "granted"; }
    catch (_) { return false; }
  }

  Magnates.enableGameNotifications = async function () {
    if (!("Notification" in window)) return false;
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    try { localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "1" : "0"); } catch (_) { /* storage off */ }
    return answer === "granted";
  };

  async function look(badge) {
    let games;
    try { games = await api("GET", "/api/me/games"); } catch (_) { return; }
    const now = games.filter((g) => g.your_turn);
    badge.textContent = now.length ? String(now.length) : "";
    badge.classList.toggle("hidden", !now.length);
    if (!document.body.classList.contains("table-page")) {  // the table page words its own title
      document.title = now.length ? `(${now.length}) Your turn · ${baseTitle}` : baseTitle;
    }
    if (yourTurn !== null && notifyOn()) {
      for (const game of now) {
        if (!yourTurn.has(game.id)) {
          try {
            const note = new Notification(`Your turn · ${game.title}`, { tag: `magnates-${game.id}`, body: game.players.map((p) => p.name).join(", ") });
            note.onclick = () => { window.focus(); window.location.assign(game.link); };
          } catch (_) { /* not allowed here */ }
        }
      }
    }
    yourTurn = new Set(now.map((g) => g.id));
    document.dispatchEvent(new CustomEvent("magnates:games", { detail: games }));
  }

  async function signOut() {
    try { await api("DELETE", "/api/session"); } catch (_) { /* already out */ }
    window.location.assign("/index.html");
  }

  async function draw() {
    const nav = document.querySelector("header nav");
    if (!nav) return;
    const me = await Magnates.whoami();
    const here = encodeURIComponent(window.location.pathname + window.location.search);
    const box = el("span", { class: "account-nav", id: "account-nav" });
    if (!me) {
      box.append(el("a", { href: `/signin.html?next=${here}`, id: "sign-in-link", text: "Sign in" }),
        el("a", { href: `/signin.html?mode=up&next=${here}`, id: "sign-up-link", text: "Sign up" }));
      nav.append(box);
      return;
    }
    const badge = el("span", { class: "count hidden", id: "your-turn-count", "aria-label": "games where it is your turn" });
    box.append(el("a", { href: "/games.html", id: "my-games-link" }, "My games ", badge),
      el("a", { href: `/player.html?name=${encodeURIComponent(me.name)}`, id: "me-link", text: me.name }),
      el("button", { type: "button", class: "linkish", id: "sign-out", text: "Sign out", onclick: signOut }));
    nav.append(box);
    look(badge);
    setInterval(() => look(badge), POLL_MS);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) look(badge); });
  }
  draw();
})();
