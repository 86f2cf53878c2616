// Magnate's table (every layout: two players, solo against the automa, Mega, three players in the Y).
// Drawn from one seat message and the game's static data (see kit.js for the renderer contract):
// the turn bar (dice, taxation, plays left, piles), the districts as a board SVG (a line for two
// sides, a Y around the Excuse for three), each side's panel (tokens, Crowns, income by source,
// hand) and a running line of who leads which district.
"use strict";

import { el, svg, seatColor, seatName, die, playerPanel, stat, defaultNameNumber } from "/kit.js";
import { card, cardBack, tokenChip, COLORS, SUITS, symbols, face } from "/decktet.js";

const STYLE = new URL("./magnate.css", import.meta.url).href;
if (!document.querySelector(`link[href="${STYLE}"]`)) document.head.append(el("link", { rel: "stylesheet", href: STYLE }));

const CW = 56; // a card on the board
const CH = 78;
const OFF = 20; // how much of each earlier card a lane shows
const GAP = 10;

const PHASES = {
  "deal crowns": "dealing the Crowns", "deal hands": "dealing the hands", roll: "rolling the dice", tax: "taxation",
  income: "choosing deed income", main: "building", draw: "drawing up to a full hand",
  automa: "placing the sold card for the automa", over: "game over",
};
const SOURCES = { crowns: "Crowns", properties: "Properties", deeds: "Deeds", aces: "Aces", sales: "Sales" };

/** Who a side is, as people say it: the automa, or the player's name (with "(you)"). */
function sideName(snapshot, info, side) {
  if (info.automa_side !== null && info.automa_side !== undefined && side === info.automa_side) return "the Automa";
  return seatName(snapshot, side);
}

function shortName(snapshot, info, side) {
  if (info.automa_side !== null && info.automa_side !== undefined && side === info.automa_side) return "Automa";
  if (side === snapshot.seat) return "You";
  const player = (snapshot.players || [])[side];
  const name = player && player.name ? player.name : `P${side + 1}`; // people's names, cut to fit a marker
  const number = defaultNameNumber(name); // a seat nobody named: "P2" rather than "Player…"
  if (number !== null) return `P${number}`;
  return name.length > 7 ? `${name.slice(0, 6)}…` : name;
}

function sideColor(info, side) {
  return info.automa_side === side ? "#555" : seatColor(side);
}

function districtsInfo(view, info) {
  return info.districts && info.districts.length === view.districts.length ? info.districts : view.districts.map((d) => ({
    name: d.name, suits: d.suits, contested_by: d.contested_by, excuse: !d.suits.length, arm: null }));
}

/** A side's total in a district: developed cards' ranks, an Ace counting its matching properties. */
export function districtValue(lane, info) {
  const developed = lane.filter((entry) => !entry.deed).map((entry) => face(entry.card, info));
  let total = 0;
  for (const f of developed) {
    if (f.kind === "ace" && info.aces !== "original") total += developed.filter((o) => (o.suits || []).includes(f.suits[0])).length;
    else total += f.kind === "court" ? 10 : f.rank;
  }
  return total;
}

/** Every district's totals by side and its leader (null on a tie), and each side's count and rank. */
function standings(view, info) {
  const sides = view.sides.length;
  const perDistrict = view.districts.map((district) => {
    const totals = district.lanes.map((lane) => districtValue(lane, info));
    const best = Math.max(...district.contested_by.map((s) => totals[s]));
    const leaders = district.contested_by.filter((s) => totals[s] === best);
    return { totals, leader: leaders.length === 1 && best > 0 ? leaders[0] : null };
  });
  const leading = Array.from({ length: sides }, (_, s) => perDistrict.filter((d) => d.leader === s).length);
  const rank = Array.from({ length: sides }, (_, s) => view.districts.reduce((sum, d) =>
    sum + d.lanes[s].filter((e) => !e.deed).reduce((a, e) => a + (face(e.card, info).rank || 0), 0), 0));
  return { perDistrict, leading, rank };
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

// -- the turn bar -------------------------------------------------------------------------------------

function turnBar(snapshot, info, view) {
  const sym = symbols(info);
  const bar = el("div", { class: "mg-turn", "aria-label": "this turn" });
  bar.append(stat("Turn", view.turn), stat("Turn of", sideName(snapshot, info, view.turn_player)),
    stat("Now", PHASES[view.phase] || view.phase));
  if (view.dice || view.taxed.length) {
    const dice = el("div", { class: "mg-dice" });
    if (view.dice) {
      dice.append(die(view.dice[0], { label: "income die (the higher d10)" }), die(view.dice[1], { label: "other d10", color: "#777" }));
    }
    for (const suit of view.taxed) dice.append(die(sym[suit] || suit, { label: `taxation d6: ${suit} taxed`, color: COLORS[suit] }));
    bar.append(el("div", { class: "kit-stat" }, el("span", { class: "kit-stat-label", text: view.taxed.length ? "Dice · taxed" : "Dice" }), dice));
  }
  if (view.phase === "main" || view.phase === "automa") {
    bar.append(stat("Card plays left", `${view.plays_left} of ${info.plays_per_turn || 1}`, { cls: view.plays_left ? "mg-due" : "" }));
  }
  bar.append(stat("Draw pile", plural(view.draw_pile, "card")));
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  bar.append(el("div", { class: "kit-stat mg-discard", "data-target": "discard", role: "img",
    "aria-label": `discard pile: ${plural(view.discard.length, "card")}${top ? `, ${top} on top` : ""}` },
  el("span", { class: "kit-stat-label", text: "Discard pile" }),
  el("span", { class: "kit-stat-value", text: `${plural(view.discard.length, "card")}${top ? ` · top: ${top}` : ""}` })));
  if (info.ending_exhaustion) {
    bar.append(stat("Pile run-outs", `${view.exhaustions} of ${info.ending_exhaustion}`,
      { title: `the game ends when the draw pile runs out for time number ${info.ending_exhaustion}` }));
  }
  if (view.final_turns_left !== null && view.final_turns_left !== undefined) {
    bar.append(stat("Final turns left", view.final_turns_left, { cls: "mg-due" }));
  }
  if ((snapshot.legal || []).some((a) => a.kind === "end_turn")) {
    bar.append(el("span", { class: "mg-end", "data-target": "end-turn", role: "button", "aria-label": "end your turn", text: "End turn" }));
  }
  return bar;
}

function pendingLine(snapshot, info, view) {
  const parts = [];
  if (view.pending_income && view.pending_income.length) {
    const waiting = view.pending_income.map((p) => `${sideName(snapshot, info, p.player)} from ${p.card} (${face(p.card, info).suits.join(" or ")})`);
    parts.push(el("span", { text: `Deed income to choose: ${waiting.join("; ")}` }));
  }
  if (view.sold_card) {
    parts.push(el("span", { class: "mg-sold" }, card(view.sold_card, info, { width: 45, height: 63, target: `card:${view.sold_card}` }),
      ` ${view.sold_card} was sold: it goes to a district of the Automa's where it fits.`));
  }
  return parts.length ? el("div", { class: "mg-pending", "aria-live": "polite" }, parts) : null;
}

// -- the board --------------------------------------------------------------------------------------

/** Where each district's marker and lanes go: a line for two sides, the Y for three. */
function tiles(view, info, viewer) {
  const districts = districtsInfo(view, info);
  const longest = Math.max(2, ...view.districts.flatMap((d) => d.lanes.map((lane) => lane.length)));
  const extent = CH + (longest - 1) * OFF;
  if (info.layout !== "y" || view.sides.length !== 3) {
    const other = viewer === 0 ? 1 : 0;
    return {
      extent,
      list: districts.map((d, i) => ({ d: i, cx: i * (CW + 3 * GAP), cy: 0,
        lanes: [{ side: other, dir: "up" }, { side: viewer, dir: "down" }] })),
    };
  }
  // The Y: you sit at the bottom, the next seat clockwise at the upper left, the last at the upper right.
  // Arm k lies between seat k and seat k+1: yours with the left seat points down-left, the left and
  // right seats' arm points up, the right seat's with yours points down-right.
  const left = (viewer + 1) % 3;
  const right = (viewer + 2) % 3;
  const list = [];
  const byArm = { 0: [], 1: [], 2: [] };
  districts.forEach((d, i) => {
    if (d.excuse) list.push({ d: i, cx: 0, cy: 0, lanes: [{ side: left, dir: "left" }, { side: right, dir: "right" }, { side: viewer, dir: "down" }] });
    else byArm[d.arm ?? d.contested_by[0]].push(i);
  });
  const column = CW + GAP;
  byArm[left].forEach((d, k) => {
    const top = -CH / 2 - (k + 1) * (extent + 2 * GAP);
    list.push({ d, cx: 0, cy: top + CH / 2, lanes: [{ side: left, dir: "left" }, { side: right, dir: "right" }] });
  });
  const sideX = 1.5 * CW + GAP + 2 * GAP + CW / 2;
  byArm[viewer].forEach((d, k) => {
    list.push({ d, cx: -(sideX + k * (column + 2 * GAP)), cy: CH * 0.55 * (k + 1), lanes: [{ side: left, dir: "up" }, { side: viewer, dir: "down" }] });
  });
  byArm[right].forEach((d, k) => {
    list.push({ d, cx: sideX + k * (column + 2 * GAP), cy: CH * 0.55 * (k + 1), lanes: [{ side: right, dir: "up" }, { side: viewer, dir: "down" }] });
  });
  return { extent, list };
}

/** The top-left corner of a lane's first card and the step to the next one. */
function laneGeometry(tile, dir) {
  const top = tile.cy - CH / 2;
  if (dir === "down") return { x: tile.cx - CW / 2, y: top + CH + GAP, dy: OFF, up: false };
  if (dir === "up") return { x: tile.cx - CW / 2, y: top - GAP - CH, dy: -OFF, up: true };
  if (dir === "left") return { x: tile.cx - CW / 2 - GAP - CW, y: top, dy: OFF, up: false };
  return { x: tile.cx + CW / 2 + GAP, y: top, dy: OFF, up: false };
}

function board(snapshot, info, view, stand) {
  const viewer = snapshot.seat === null || snapshot.seat === undefined ? 0 : snapshot.seat;
  const layout = tiles(view, info, viewer);
  const districts = districtsInfo(view, info);
  const sym = symbols(info);
  const root = svg("svg", { class: `mg-board mg-${info.layout === "y" ? "y" : "line"}`, role: "group",
    "aria-label": info.layout === "y" ? "the districts, a Y around the Excuse" : "the districts" });
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const grow = (x, y, w, h) => {
    box.x0 = Math.min(box.x0, x); box.y0 = Math.min(box.y0, y);
    box.x1 = Math.max(box.x1, x + w); box.y1 = Math.max(box.y1, y + h);
  };
  const arms = svg("g", { class: "mg-arms" });
  root.append(arms);
  const hub = layout.list.find((t) => districts[t.d].excuse);
  for (const tile of layout.list) {
    if (info.layout === "y" && hub && tile !== hub) {
      arms.append(svg("line", { x1: hub.cx, y1: hub.cy, x2: tile.cx, y2: tile.cy, stroke: "#d8ccb0", "stroke-width": 14, "stroke-linecap": "round" }));
    }
  }
  for (const tile of layout.list) {
    const index = tile.d;
    const district = view.districts[index];
    const meta = districts[index];
    const standing = stand.perDistrict[index];
    for (const { side, dir } of tile.lanes) {
      const geo = laneGeometry(tile, dir);
      const entries = district.lanes[side] || [];
      const mine = side === snapshot.seat;
      const automa = info.automa_side === side;
      const height = layout.extent;
      const y = geo.up ? geo.y + CH - height : geo.y;
      const who = sideName(snapshot, info, side);
      const lane = svg("g", { class: `mg-lane${mine ? " mine" : ""}`, role: "group", "data-side": side, "data-district": district.name,
        "data-target": mine ? `district:${district.name}` : (automa ? `automa:${district.name}` : null),
        "aria-label": `${mine ? "your" : `${who}'s`} lane at ${district.name}: ${entries.length} card${entries.length === 1 ? "" : "s"}, total ${standing.totals[side]}` });
      lane.append(svg("rect", { class: "frame", x: geo.x - 4, y: y - 4, width: CW + 8, height: height + 8, rx: 6,
        fill: sideColor(info, side), "fill-opacity": 0.08, stroke: sideColor(info, side), "stroke-opacity": 0.5, "stroke-width": 1.2 }));
      if (!entries.length) {
        lane.append(svg("text", { x: geo.x + CW / 2, y: geo.up ? geo.y + CH - 8 : geo.y + 14, "font-size": 9, "text-anchor": "middle", fill: "#777" },
          shortName(snapshot, info, side)));
      }
      const drawn = entries.map((entry, i) => {
        const deed = entry.deed ? { paid: Object.values(entry.paid || {}).reduce((a, b) => a + b, 0), cost: face(entry.card, info).develop_cost || face(entry.card, info).cost || 0 } : null;
        return card(entry.card, info, { x: geo.x, y: geo.y + i * geo.dy, width: CW, height: CH, deed, target: `card:${entry.card}`,
          name: `${entry.card} in ${who}'s lane at ${district.name}${deed ? `, a deed with ${deed.paid} of ${deed.cost} paid` : ""}` });
      });
      // Later cards lie over earlier ones; in a lane that grows upward the nearest card stays on top.
      (geo.up ? drawn.reverse() : drawn).forEach((node) => lane.append(node));
      grow(geo.x - 4, y - 4, CW + 8, height + 8);
      root.append(lane);
    }
    root.append(marker(snapshot, info, tile, district, meta, standing, sym));
    grow(tile.cx - CW / 2 - 2, tile.cy - CH / 2 - 2, CW + 4, CH + 4);
  }
  const pad = 6;
  root.setAttribute("viewBox", `${box.x0 - pad} ${box.y0 - pad} ${box.x1 - box.x0 + 2 * pad} ${box.y1 - box.y0 + 2 * pad}`);
  root.style.setProperty("--ratio", `${(box.x1 - box.x0 + 2 * pad) / (box.y1 - box.y0 + 2 * pad)}`);
  return root;
}

/** A district's marker (its Pawn, or the Excuse) with each contestant's total and the leader. */
function marker(snapshot, info, tile, district, meta, standing, sym) {
  const x = tile.cx - CW / 2;
  const y = tile.cy - CH / 2;
  const suits = meta.suits || [];
  const leader = standing.leader;
  const totals = meta.contested_by.map((s) => `${sideName(snapshot, info, s)} ${standing.totals[s]}`).join(", ");
  const group = svg("g", { class: "mg-marker", role: "img", "data-target": `district:${district.name}`, "data-district": district.name,
    "aria-label": `district ${district.name} (${suits.join(", ") || "any suit"}): totals ${totals}; ${leader === null ? "nobody leads" : `${sideName(snapshot, info, leader)} leads`}` });
  group.append(svg("rect", { class: "frame", x, y, width: CW, height: CH, rx: 6, fill: "#f7f1e3", stroke: "#6b5a3a", "stroke-width": 1.6 }));
  const words = district.name.replace(/^The /, "").replace(/ #(\d)$/, " ($1)");
  group.append(svg("text", { x: tile.cx, y: y + 12, "font-size": words.length > 10 ? 7.5 : 9, "font-weight": 700, "text-anchor": "middle", fill: "#3b2a12" }, words));
  group.append(svg("text", { x: tile.cx, y: y + 25, "font-size": 11, "text-anchor": "middle", fill: "#333" },
    suits.length ? suits.map((s) => sym[s]).join(" ") : "any suit"));
  meta.contested_by.forEach((side, i) => {
    const ty = y + 38 + i * 12;
    const lead = leader === side;
    group.append(svg("circle", { cx: x + 7, cy: ty - 3, r: 3.5, fill: sideColor(info, side) }));
    const words = `${shortName(snapshot, info, side)} ${standing.totals[side]}${lead ? " ★" : ""}`;
    group.append(svg("text", { x: x + 13, y: ty, "font-size": 8.5, "font-weight": lead ? 800 : 400, fill: "#222",
      textLength: words.length > 8 ? CW - 16 : null, lengthAdjust: "spacingAndGlyphs" }, words));
  });
  return group;
}

// -- the score line --------------------------------------------------------------------------------

function scoreLine(snapshot, info, view, stand) {
  const sides = view.sides.map((_, s) => s);
  const tied = stand.perDistrict.filter((d) => d.leader === null).length;
  const over = view.phase === "over";
  const line = el("div", { class: "mg-score", "aria-label": over ? "final districts" : "who leads the districts now" },
    el("strong", { text: over ? "Districts won: " : "Leading now: " }));
  sides.forEach((side) => {
    const names = view.districts.filter((_, d) => stand.perDistrict[d].leader === side).map((d) => d.name.replace(/^The /, ""));
    line.append(el("span", { class: "mg-score-side", style: `--seat:${sideColor(info, side)}` },
      `${sideName(snapshot, info, side)}: ${stand.leading[side]} district${stand.leading[side] === 1 ? "" : "s"}${names.length ? ` (${names.join(", ")})` : ""}, total rank ${stand.rank[side]}`));
  });
  line.append(el("span", { class: "muted", text: `${tied} tied or empty` }));
  return line;
}

// -- the players' panels ------------------------------------------------------------------------------

function tokens(info, counts, mine) {
  return el("div", { class: "mg-tokens", "aria-label": "tokens" },
    SUITS.map((suit) => tokenChip(suit, counts[suit] || 0, info, { target: mine ? `token:${suit}` : null, words: mine })));
}

function sidePanel(snapshot, info, view, side, stand) {
  const me = side === snapshot.seat;
  const automa = info.automa_side === side;
  const data = view.sides[side];
  const sym = symbols(info);
  const held = Object.values(data.tokens).reduce((a, b) => a + b, 0);
  const stats = [["Districts leading", stand.leading[side]], ["Total rank", stand.rank[side]]];
  if (!automa) stats.push(["Tokens", held], ["Cards in hand", data.hand_size]);
  const extra = [];
  if (!automa) extra.push(tokens(info, data.tokens, me));
  if (data.crowns.length) {
    extra.push(el("div", { class: "mg-crowns", "aria-label": "Crowns" }, el("span", { class: "mg-small-label", text: "Crowns" }),
      data.crowns.map((crown) => {
        const suit = (info.crowns || {})[crown] || face(crown, info).suits[0];
        return el("span", { class: "mg-crown", style: `--suit:${COLORS[suit] || "#666"}`, title: `${crown}: pays a ${suit} token on a 10` },
          `${sym[suit] || ""} ${crown.replace(/^The /, "")}`);
      })));
  }
  const income = (view.income || [])[side];
  if (income && !automa) {
    const names = info.income_sources || Object.keys(SOURCES);
    const taxed = ((view.taxed_away || [])[side] || []).reduce((a, b) => a + b, 0);
    extra.push(el("div", { class: "mg-income", "aria-label": "tokens gained so far, by source" },
      el("span", { class: "mg-small-label", text: "Gained from" }),
      names.map((source, i) => stat(SOURCES[source] || source, income[i] || 0)), stat("Lost to tax", taxed)));
  }
  if (!me) {
    extra.push(el("div", { class: "mg-hand theirs", "aria-label": `${sideName(snapshot, info, side)}'s hand, face down` },
      Array.from({ length: data.hand_size }, (_, i) => cardBack({ label: `hidden card ${i + 1} of ${data.hand_size} in ${sideName(snapshot, info, side)}'s hand` }))));
  }
  const panel = playerPanel(snapshot, side, { stats, extra, active: view.to_act === side });
  if (automa) {
    panel.setAttribute("aria-label", "the Automa");
    panel.querySelector("header strong").textContent = "Automa";
    panel.style.setProperty("--seat", sideColor(info, side));
  }
  return panel;
}

function myHand(snapshot, info, view) {
  const side = snapshot.seat;
  const hand = view.sides[side].hand || [];
  const extra = info.plays_per_turn > 1 ? ` (two Decktets: "deck 2" marks the second's cards)` : "";
  return el("section", { class: "mg-myhand", "aria-label": "your hand" },
    el("h3", { text: `Your hand: ${hand.length} card${hand.length === 1 ? "" : "s"}${extra}` }),
    el("div", { class: "mg-hand mine" }, hand.map((label) => {
      const f = face(label, info);
      const cost = f.develop_cost ?? f.cost;
      return card(label, info, { width: 74, height: 104, target: `card:${label}`, note: cost !== undefined ? `cost ${cost}` : null,
        name: `${label} in your hand: ${f.kind === "ace" ? "Ace" : f.kind === "court" ? "Court" : `rank ${f.rank}`}, ${(f.suits || []).join(" and ")}${cost !== undefined ? `, costs ${cost}` : ""}` });
    })));
}

// -- the contract ----------------------------------------------------------------------------------

export function render(snapshot, info) {
  const view = snapshot.view;
  const seat = snapshot.seat;
  const stand = standings(view, info);
  const layout = info.layout === "y" && view.sides.length === 3 ? "y" : "line";
  const root = el("div", { class: `magnate mg-layout-${layout}` });
  root.append(turnBar(snapshot, info, view));
  const pending = pendingLine(snapshot, info, view);
  if (pending) root.append(pending);
  const viewer = seat === null || seat === undefined ? 0 : seat;
  const others = view.sides.map((_, s) => s).filter((s) => s !== viewer);
  if (layout === "y") others.sort((a, b) => ((a - viewer + 3) % 3) - ((b - viewer + 3) % 3)); // left seat, then right
  root.append(el("div", { class: "mg-others" }, others.map((s) => sidePanel(snapshot, info, view, s, stand))));
  root.append(el("div", { class: "mg-board-wrap" }, board(snapshot, info, view, stand)));
  root.append(scoreLine(snapshot, info, view, stand));
  const mine = el("div", { class: "mg-mine" });
  if (seat !== null && seat !== undefined) {
    if (view.sides[seat].hand) mine.append(myHand(snapshot, info, view));
    mine.append(sidePanel(snapshot, info, view, seat, stand));
  } else {
    mine.append(sidePanel(snapshot, info, view, viewer, stand));
  }
  root.append(mine);
  return root;
}

/** The board keys a legal action involves: its card, its district, the token it spends, the pile. */
export function targets(action, snapshot) {
  const json = action.json || {};
  const view = snapshot.view;
  switch (action.kind) {
    case "develop":
    case "deed":
      return [`card:${json.card}`, `district:${json.district}`];
    case "sell":
      return [`card:${json.card}`, "discard"];
    case "trade":
      return [`token:${json.give}`];
    case "improve": {
      const district = view.districts.find((d) => d.name === json.district);
      const lane = district ? district.lanes[snapshot.seat] || [] : [];
      const deed = lane.find((e) => e.deed);
      return [`district:${json.district}`, `token:${json.suit}`, ...(deed ? [`card:${deed.card}`] : [])];
    }
    case "income": {
      const waiting = (view.pending_income || [])[0];
      return [`token:${json.suit}`, ...(waiting ? [`card:${waiting.card}`] : [])];
    }
    case "automa_build":
      return [`automa:${json.district}`, `district:${json.district}`, ...(view.sold_card ? [`card:${view.sold_card}`] : [])];
    case "end_turn":
      return ["end-turn"];
    default:
      return [];
  }
}

/** The scoreboard's rows (drawn by /scoreboard.js): districts led now, then what decides ties and what each side holds. */
export function scoreboard(snapshot, info) {
  const view = snapshot.view;
  const stand = standings(view, info);
  const building = view.phase === "main" || view.phase === "automa";
  return view.sides.map((data, side) => {
    const automa = info.automa_side === side;
    const stats = [["Rank", stand.rank[side], "total rank of developed cards: the first tie-break"]];
    if (!automa) {
      stats.push(["Tokens", Object.values(data.tokens).reduce((a, b) => a + b, 0), "resource tokens held"],
        ["Hand", data.hand_size, "cards in hand"]);
    }
    if (building && side === view.turn_player) stats.push(["Plays left", view.plays_left, "card plays left this turn"]);
    return { seat: side, name: automa ? "Automa" : null, color: automa ? "#555" : null,
      score: ["Districts", stand.leading[side], "districts this side leads now"], stats };
  });
}

const HELP = {
  develop: "Build this card as a property in one of your lanes, paying its cost in tokens of its suits.",
  deed: "Buy the deed to this card: pay part now, finish paying (improve) on later turns; a deed earns income meanwhile.",
  sell: "Sell this card from your hand for tokens of its suits; it goes to the discard pile.",
  trade: "Trade three tokens of one suit for one token of another.",
  improve: "Pay one more token towards a deed of yours; fully paid, it becomes a property.",
  income: "Choose which suit this deed pays you.",
  automa_build: "Place the card you sold in one of the Automa's districts.",
  end_turn: "End your turn (you draw up to a full hand).",
};

/** The words shown under a choice when "Help on choices" is on. */
export function actionHelp(action) {
  return HELP[action.kind] || null;
}

/** A side's hand at the end of the game, as small cards. */
export function revealPart(part, snapshot, info) {
  const key = part.path[part.path.length - 1];
  if (key !== "hand" || !Array.isArray(part.value)) return null;
  return el("div", { class: "mg-hand reveal-cards" }, part.value.map((label) => card(label, info, { width: 48, height: 67 })));
}

/** This board's own marks, for the legend under it (legend.js). */
export const legend = [
  { selector: ".dk-token.none", swatch: "zero", text: "a grey token: none of that suit held" },
  { selector: "svg.card.deed", swatch: "deed", text: "a dashed gold card: a deed, partly paid" },
];

/** A card in the hand is never sold (or played) by one click: its move is shown first, to confirm. */
export function askFirst(key) {
  return key.startsWith("card:");
}
