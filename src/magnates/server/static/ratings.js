// The leaderboard of one game (?game=NAME): GET /api/ratings/{game}; people link to their profiles.
"use strict";
(function () {
  const { el, api } = Magnates;
  const select = document.getElementById("board-game");
  const body = document.querySelector("#leaderboard tbody");
  const errorBox = document.getElementById("error");

  async function show() {
    Magnates.showError(errorBox, "");
    const url = new URL(window.location.href);
    url.searchParams.set("game", select.value);
    window.history.replaceState(null, "", url.pathname + url.search);
    try {
      const rows = await api("GET", `/api/ratings/${encodeURIComponent(select.value)}`);
      body.replaceChildren(...rows.map((r) => el("tr", { class: r.kind },
        el("td", { text: String(r.place) }),
        el("td", {}, r.kind === "bot" ? el("span", { text: r.name }) : el("a", { href: `/player.html?name=${encodeURIComponent(r.name)}`, text: r.name })),
        el("td", { text: r.rating.toFixed(1) }), el("td", { text: String(r.played) }), el("td", { text: String(r.won) }))));
      document.getElementById("no-ratings").classList.toggle("hidden", rows.length > 0);
      document.getElementById("leaderboard").classList.toggle("hidden", rows.length === 0);
    } catch (err) { Magnates.showError(errorBox, String(err.message || err)); }
  }

  (async () => {
    const catalog = await api("GET", "/api/catalog");
    select.replaceChildren(...catalog.map((g) => el("option", { value: g.name, text: g.title })));
    const wanted = Magnates.params().get("game");
    if (wanted && catalog.some((g) => g.name === wanted)) select.value = wanted;
    select.addEventListener("change", show);
    show();
  })();
})();
