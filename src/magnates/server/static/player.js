// A player's profile (?name=NAME): games played and won, rating per game, the rating over time as a
// small SVG line per game, and recent games linking to their tables or replays.
"use strict";
(function () {
  const { el, api } = Magnates;
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["#1d6b3a", "#1f5fa8", "#a8431f", "#7a3fa0"];

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  }

  function chart(history) {
    const width = 560, height = 180, pad = 28;
    const values = history.map((h) => h.rating);
    const low = Math.min(...values), high = Math.max(...values);
    const span = high - low || 1;
    const x = (i) => pad + (history.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (history.length - 1));
    const y = (v) => height - pad - ((v - low) / span) * (height - 2 * pad);
    const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `rating from ${values[0].toFixed(1)} to ${values[values.length - 1].toFixed(1)} over ${values.length} rated games`, class: "rating-chart" });
    root.append(svg("line", { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad, stroke: "#ccc" }));
    for (const [v, label] of [[high, high.toFixed(1)], [low, low.toFixed(1)]]) {
      const t = svg("text", { x: 2, y: y(v) + 4, "font-size": 11, fill: "#666" });
      t.textContent = label;
      root.append(t);
    }
    const games = [...new Set(history.map((h) => h.game))];
    games.forEach((game, g) => {
      const points = history.map((h, i) => [h, i]).filter(([h]) => h.game === game);
      root.append(svg("polyline", { points: points.map(([h, i]) => `${x(i)},${y(h.rating)}`).join(" "), fill: "none", stroke: COLOURS[g % COLOURS.length], "stroke-width": 2 }));
      for (const [h, i] of points) {
        const dot = svg("circle", { cx: x(i), cy: y(h.rating), r: 3.5, fill: COLOURS[g % COLOURS.length] });
        const tip = svg("title", {});
        tip.textContent = `${h.game}: ${h.rating.toFixed(1)} (place ${h.place})`;
        dot.append(tip);
        root.append(dot);
      }
    });
    return root;
  }

  (async () => {
    const name = Magnates.params().get("name") || "";
    const errorBox = document.getElementById("error");
    let p;
    try { p = await api("GET", `/api/players/${encodeURIComponent(name)}`); } catch (err) { Magnates.showError(errorBox, String(err.message || err)); return; }
    document.title = `${p.name} · magnates`;
    document.getElementById("player-heading").textContent = p.name;
    const facts = document.getElementById("facts");
    for (const [k, v] of [["Games played", p.played], ["Won", p.won], ["Playing since", new Date(p.since).toLocaleDateString()]]) {
      facts.append(el("div", {}, el("dt", { text: k }), el("dd", { text: String(v), "data-fact": k })));
    }
    document.getElementById("ratings").replaceChildren(...p.ratings.map((r) =>
      el("p", { class: "rating-line" }, el("a", { href: `/ratings.html?game=${encodeURIComponent(r.game)}`, text: r.game }),
        `: rating ${r.rating.toFixed(1)} after ${r.played} rated game${r.played === 1 ? "" : "s"} (${r.won} won)`)));
    if (p.history.length) {
      // each game's line starts where every new player does: rating 0 (mu 25, sigma 25/3)
      const firsts = new Set();
      const points = [];
      for (const h of p.history) {
        if (!firsts.has(h.game)) { firsts.add(h.game); points.push({ ...h, rating: 0, place: "none yet" }); }
        points.push(h);
      }
      document.getElementById("chart").replaceChildren(chart(points));
      document.getElementById("chart-box").classList.remove("hidden");
    }
    const recent = document.getElementById("recent");
    recent.replaceChildren(...(p.recent.length ? p.recent.map((g) => el("li", {},
      el("a", { href: g.status === "finished" ? `${g.link}&replay=1` : g.link, text: `${g.game} · ${g.players.join(", ")}` }),
      el("span", { class: "muted", text: g.place ? ` — place ${g.place}` : g.status === "finished" ? " — finished" : " — being played" })))
      : [el("li", { class: "empty", text: "No games yet." })]));
  })();
})();
