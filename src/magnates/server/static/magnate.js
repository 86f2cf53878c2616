// Magnate's table: Decktet cards as SVG (suit symbols, rank, name), districts, tokens, deeds, dice.
"use strict";
(function () {
  const { el } = Magnates;
  const SVG = "http://www.w3.org/2000/svg";
  const COLORS = { Moons: "#4b5fa8", Suns: "#d39b12", Waves: "#1d8a99", Leaves: "#3f8a3a", Wyrms: "#8b3a2f", Knots: "#7a5a2a" };
  const FALLBACK_SYMBOLS = { Moons: "☾", Suns: "☀", Waves: "≈", Leaves: "♣", Wyrms: "⚘", Knots: "⌘" };

  function svg(tag, attrs = {}, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function symbols(info) {
    const out = { ...FALLBACK_SYMBOLS };
    for (const s of (info && info.suits) || []) out[s.name] = s.symbol;
    return out;
  }

  function rankText(face) {
    if (!face) return "?";
    if (face.kind === "ace") return "A";
    if (face.kind === "court") return "C";
    if (face.kind === "pawn") return "P";
    if (face.kind === "excuse") return "X";
    return String(face.rank);
  }

  // One Decktet card. `label` may carry a copy mark ("The Sea #2"); faces are keyed by label and name.
  function card(label, info, { small = false, deed = null } = {}) {
    const face = (info.cards || {})[label] || (info.cards || {})[label.replace(/ #\d+$/, "")] || { name: label, suits: [], rank: 0 };
    const sym = symbols(info);
    const w = small ? 58 : 74;
    const h = small ? 80 : 104;
    const root = svg("svg", { class: "card", width: w, height: h, viewBox: "0 0 74 104", role: "img", "aria-label": `${label}${deed ? " (deed)" : ""}`, "data-card": label });
    root.append(svg("title", {}, `${label} — ${face.suits.join(", ") || "no suit"}${face.cost ? `, costs ${face.cost}` : ""}`));
    root.append(svg("rect", { x: 1, y: 1, width: 72, height: 102, rx: 6, fill: deed ? "#fff7e0" : "#fffdf8", stroke: deed ? "#c08a00" : "#555", "stroke-width": deed ? 2.5 : 1.2, "stroke-dasharray": deed ? "5 3" : "" }));
    const band = face.suits.length ? COLORS[face.suits[0]] : "#888";
    root.append(svg("rect", { x: 1, y: 1, width: 72, height: 14, rx: 6, fill: band, opacity: 0.9 }));
    root.append(svg("text", { x: 6, y: 12, "font-size": 11, "font-weight": 700, fill: "#fff" }, rankText(face)));
    face.suits.forEach((suit, i) => {
      root.append(svg("text", { x: 10, y: 32 + i * 16, "font-size": 15, "text-anchor": "middle", fill: COLORS[suit] }, sym[suit] || "?"));
    });
    const words = (face.name || label).replace(/^The /, "").split(" ");
    const copy = label.match(/ #(\d+)$/);
    words.slice(0, 3).forEach((word, i) => {
      root.append(svg("text", { x: 44, y: 34 + i * 12, "font-size": 10, "text-anchor": "middle", fill: "#222" }, word));
    });
    if (copy) root.append(svg("text", { x: 68, y: 12, "font-size": 9, "text-anchor": "end", fill: "#fff" }, `#${copy[1]}`));
    if (deed) {
      const paid = Object.values(deed.paid || {}).reduce((a, b) => a + b, 0);
      const cost = face.cost || 0;
      root.append(svg("text", { x: 37, y: 80, "font-size": 9, "text-anchor": "middle", fill: "#8a6200" }, "DEED"));
      root.append(svg("rect", { x: 8, y: 86, width: 58, height: 8, rx: 3, fill: "#eee", stroke: "#aaa" }));
      root.append(svg("rect", { x: 8, y: 86, width: cost ? Math.min(58, (58 * paid) / cost) : 0, height: 8, rx: 3, fill: "#c08a00" }));
      root.append(svg("text", { x: 37, y: 101, "font-size": 8, "text-anchor": "middle", fill: "#333" }, `${paid}/${cost || "?"} paid`));
    }
    return root;
  }

  function cardBack(small = true) {
    const root = svg("svg", { class: "card back", width: small ? 40 : 74, height: small ? 56 : 104, viewBox: "0 0 74 104", role: "img", "aria-label": "a hidden card" });
    root.append(svg("rect", { x: 1, y: 1, width: 72, height: 102, rx: 6, fill: "#2f5d8a", stroke: "#1b3a5a" }));
    root.append(svg("text", { x: 37, y: 60, "font-size": 26, "text-anchor": "middle", fill: "#fff" }, "✦"));
    return root;
  }

  function die(value, { label = "", color = "#333" } = {}) {
    const root = svg("svg", { class: "die", width: 36, height: 36, viewBox: "0 0 36 36", role: "img", "aria-label": `${label} ${value}` });
    root.append(svg("rect", { x: 2, y: 2, width: 32, height: 32, rx: 6, fill: "#fff", stroke: color, "stroke-width": 2 }));
    root.append(svg("text", { x: 18, y: 24, "font-size": 16, "text-anchor": "middle", fill: color, "font-weight": 700 }, String(value)));
    return root;
  }

  function tokens(counts, info) {
    const sym = symbols(info);
    return el("div", { class: "mg-tokens" }, Object.entries(counts || {}).map(([suit, n]) =>
      el("span", { class: "mg-token", style: `background:${COLORS[suit] || "#666"}`, title: `${n} ${suit}`, "data-suit": suit }, `${sym[suit] || suit} ${n}`)));
  }

  function sideOrder(view, seat) {
    const all = view.sides.map((_, i) => i);
    const mine = seat === null || seat === undefined ? 0 : seat;
    return [...all.filter((i) => i !== mine), mine];
  }

  function sideName(view, side, seat) {
    if (view.sides[side] && view.sides[side].automa) return "Automa";
    return side === seat ? "You" : `Player ${side + 1}`;
  }

  function render(snapshot, info) {
    const view = snapshot.view;
    const seat = snapshot.seat;
    const sym = symbols(info);
    const root = el("div", { class: "magnate" });

    const dice = el("span", { class: "mg-dice" });
    if (view.dice) view.dice.forEach((d) => dice.append(die(d, { label: "d10" })));
    (view.taxed || []).forEach((suit) => dice.append(die(sym[suit] || suit, { label: `tax ${suit}`, color: COLORS[suit] })));
    root.append(el("div", { class: "mg-info" },
      el("span", {}, `Turn ${view.turn} · ${Magnates.playerName(view.turn_player)}'s turn · phase ${view.phase}`),
      dice,
      el("span", {}, `Draw pile ${view.draw_pile} · discard ${view.discard.length}`),
      view.final_turns_left !== null ? el("strong", { text: `Final turns left: ${view.final_turns_left}` }) : null,
      view.sold_card ? el("span", { text: `Sold: ${view.sold_card}` }) : null,
      view.pending_income && view.pending_income.length
        ? el("span", { text: `Income to choose: ${view.pending_income.map((p) => `${Magnates.playerName(p.player)} from ${p.card}`).join(", ")}` }) : null));

    const order = sideOrder(view, seat);
    const districts = el("div", { class: "mg-districts", "aria-label": "districts" });
    for (const district of view.districts) {
      const column = el("div", { class: "mg-district", "data-district": district.name });
      const lanes = order.map((side) => {
        const lane = el("div", { class: `mg-lane ${side === order[order.length - 1] ? "mine" : "theirs"}`, "data-side": side });
        const entries = district.lanes[side] || [];
        lane.append(el("span", { class: "mg-lane-label", text: district.contested_by.includes(side) ? sideName(view, side, seat) : "" }));
        for (const entry of entries) lane.append(card(entry.card, info, { small: true, deed: entry.deed ? entry : null }));
        return lane;
      });
      const marker = el("div", { class: "mg-marker", title: district.suits.join(", ") },
        el("strong", { text: district.name.replace(/^The /, "") }), el("div", {}, district.suits.map((s) => el("span", { style: `color:${COLORS[s]}`, text: ` ${sym[s]}` }))));
      lanes.forEach((lane, i) => {
        if (i === lanes.length - 1) column.append(marker);
        column.append(lane);
      });
      districts.append(column);
    }
    root.append(districts);

    for (const side of order) {
      const info2 = view.sides[side];
      const box = el("div", { class: "mg-side", "data-side": side },
        el("h3", { text: `${sideName(view, side, seat)}${view.to_act === side ? " — to act" : ""}` }),
        tokens(info2.tokens, info),
        el("div", { class: "muted", text: `Crowns: ${info2.crowns.join(", ") || "none"} · income so far: ${((view.income || [])[side] || []).join(", ")}` }));
      const hand = el("div", { class: "mg-hand", "aria-label": side === seat ? "your hand" : "hand" });
      if (info2.hand) info2.hand.forEach((label) => hand.append(card(label, info)));
      else for (let i = 0; i < info2.hand_size; i++) hand.append(cardBack());
      box.append(hand);
      root.append(box);
    }
    return root;
  }

  Magnates.renderers.magnate = render;
  Magnates.decktet = { card, cardBack, die, COLORS, symbols };
})();
