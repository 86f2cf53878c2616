// Magistratvm's table: the electoral circuit as piecepack tiles (two columns of three places,
// numbered clockwise), the Table of Offices drawn as the seed's diagram with every Patrician in its
// seat (tick up: active, tick right: used), the Prefect space, the Family Estates, a panel per player
// and a line saying what the phase in progress will decide. Drawn from one seat message (see kit.js).
import { el, money, piecepackTile, playerPanel, seatColor, seatName, svg, die } from "/kit.js";

const STYLE_ID = "mv-style";
if (!document.getElementById(STYLE_ID)) {
  document.head.append(el("link", { id: STYLE_ID, rel: "stylesheet", href: "/games/magistratvm.css" }));
}

// The phases, as the state numbers them (games/magistratvm/phases.py).
const PH = { SETUP_DRAW: 0, SETUP_ROLL: 1, INCOME: 2, BIDDING: 3, ACTIONS: 4, DISPLACE: 5, DISPLACE_INTO: 6,
  DICTATOR: 7, DICTATOR_GOVERN: 8, START: 9, SUPPORT: 10, REDISTRIBUTE: 11, REFILL: 12, GAME_OVER: 13,
  SETUP_TIE: 14 };
const PHASE_TITLES = ["Setup: the Provinces are drawn", "Setup: rolling for Prefect", "Income phase", "Bidding for Prefect",
  "Action phase", "Action phase: a displacement", "Action phase: a displaced Aedile", "Election phase: the Dictator",
  "Election phase: the Dictator's Province", "Election phase: the start of the circuit", "Election phase: a vote",
  "Election phase: redistribution", "End of turn: new Provinces", "Game over", "Setup: the tied players re-roll for Prefect"];
const ELECTION_PHASES = new Set([PH.DICTATOR, PH.DICTATOR_GOVERN, PH.START, PH.SUPPORT, PH.REDISTRIBUTE]);
const ESTATES = "Family Estates";

const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

function officeInfo(info, index) { return (info.offices || [])[index] || { name: `office ${index + 1}`, influence: 0, seats: 0 }; }
function officeIndex(info, name) { return (info.offices || []).findIndex((o) => o.name === name); }
function tileInfo(info, tile) {
  return (info.tiles || [])[tile] || { name: `tile ${tile + 1}`, suit: "", value: 0, face: "" };
}
function suitColour(info, suit) {
  const found = (info.piecepack_suits || []).find((s) => s.name === suit);
  return found ? found.colour : "#3b2a12";
}
/** A tile's face as people read it: the piecepack's blank "null" face (worth 6 here) is the "blank",
 *  since "null" reads as a missing value; the ace stays "ace". */
function faceWords(face) {
  return face === "null" ? "blank" : face;
}
/** "the 6 of Moons (blank)": a tile as people say it. */
function tileWords(info, tile) {
  const t = tileInfo(info, tile);
  const face = t.face && t.face !== String(t.value) ? ` (${faceWords(t.face)})` : "";
  return `${t.value} of ${t.suit}${face}`;
}
const placeWords = (slot) => `Province ${slot + 1}`;
/** A name that fits a small box on the diagram. */
function shortName(snapshot, seat, most = 16) {
  const player = (snapshot.players || [])[seat];
  const full = player && player.name ? player.name : `Player ${seat + 1}`;
  return full.length > most ? `${full.slice(0, most - 1)}…` : full;
}

/** Gold a seat may spend: the turn's gold plus gold on Provinces it governs. */
function availableGold(view, seat) {
  const estate = (view.estates || [])[seat];
  return estate ? estate.available_gold : (view.gold || [])[seat] || 0;
}
function ownedTiles(view, seat) {
  return (view.tile_owner || []).map((owner, tile) => (owner === seat ? tile : null)).filter((t) => t !== null);
}
/** The Magistrates of one office as coins in seat order: active ones first, then the used ones. */
function coinsOf(view, office) {
  const coins = [];
  const active = (view.active || [])[office] || [];
  const inactive = (view.inactive || [])[office] || [];
  for (let seat = 0; seat < active.length; seat++) {
    for (let i = 0; i < active[seat]; i++) coins.push({ seat, active: true });
    for (let i = 0; i < inactive[seat]; i++) coins.push({ seat, active: false });
  }
  return coins;
}
function voting(view) {
  if (view.phase !== PH.SUPPORT && view.phase !== PH.REDISTRIBUTE) return null;
  const slot = (view.circuit || [])[view.circuit_pos];
  return slot === undefined ? null : slot;
}
function hasVoted(view, slot) {
  return (view.phase === PH.SUPPORT || view.phase === PH.REDISTRIBUTE) && Boolean((view.elected || [])[slot]);
}

// -- what a vote will decide ------------------------------------------------------------
/** The outcome if the Province at `slot` were counted now (elections.py, in words). */
function forecast(view, info, slot, snapshot) {
  const tile = view.slots[slot];
  const value = tileInfo(info, tile).value;
  const tokens = view.tokens[slot];
  const votes = tokens.map((t, q) => t + ((view.support || [])[q] || 0));
  const total = sum(votes);
  const best = Math.max(0, ...votes);
  const name = (q) => seatName(snapshot, q);
  if (best <= 0) return { winner: null, text: "Nobody has influence here: nothing happens." };
  const top = votes.indexOf(best);
  if (view.final) {
    if (votes.filter((v) => v === best).length === 1) {
      return { winner: top, text: `${name(top)} would take it with the most influence (${best}).` };
    }
    return { winner: null, text: `Tied for the most influence (${best}): the Province would be discarded.` };
  }
  if (2 * best > total && tokens[top] >= value) {
    return { winner: top, text: `${name(top)} would win it: ${best} of ${total} influence is a majority, and ${plural(tokens[top], "token")} reach its value ${value}.` };
  }
  const why = 2 * best > total
    ? `${name(top)} has a majority but only ${plural(tokens[top], "token")}, fewer than its value ${value}`
    : `nobody has more than half of the ${total} influence`;
  const taking = votes.map((v, q) => (v > 0 ? q : null)).filter((q) => q !== null);
  const least = Math.min(...taking.map((q) => votes[q]));
  const tied = taking.filter((q) => votes[q] === least);
  const losers = tied.length === taking.length ? [] : tied.filter((q) => tokens[q] > 0);
  const lose = losers.length ? `${losers.map(name).join(" and ")} would lose ${losers.length === 1 ? "its" : "their"} tokens here (least influence).`
    : "Everyone here is tied, so nobody loses tokens.";
  return { winner: null, text: `No winner: ${why}. ${lose}` };
}

function phaseLine(view, info, snapshot) {
  const name = (q) => seatName(snapshot, q);
  const decider = snapshot.decider;
  switch (view.phase) {
    case PH.INCOME:
      return "Each player takes 1 gold per own token in the Provinces, then chooses how many active Quaestors to use (3 gold each) and whether to use the income die (its face in gold, then it turns down one).";
    case PH.BIDDING:
      return view.high_bidder >= 0
        ? `High bid ${view.high_bid} gold by ${name(view.high_bidder)}. Outbid by at least 1 or pass (passing is final). The winner puts the bid on the Prefect space.`
        : `${name(view.prefect)}, the Prefect, opens the bidding (0 allowed).`;
    case PH.ACTIONS:
      return `Clockwise from the Prefect, one action each, until all pass in succession (${plural(view.consecutive_passes, "pass", "passes")} in a row so far).`;
    case PH.DISPLACE:
      return `The ${officeInfo(info, view.disp_office).name} is over-full: ${name(decider)} chooses whose Magistrate there is pushed down one level.`;
    case PH.DISPLACE_INTO:
      return `${name(decider)}'s displaced Aedile goes down to the Quaestor or the Tribune row: ${name(decider)} chooses.`;
    case PH.DICTATOR:
      return `${name(decider)}'s Dictator takes outright one Province where it has a token; every token there goes home.`;
    case PH.DICTATOR_GOVERN:
      return `${name(decider)}'s Dictator becomes Governor of the ${tileWords(info, view.pending_tile)} or goes home.`;
    case PH.START:
      return `${name(view.prefect)}, the Prefect, chooses where the electoral circuit starts; the ${view.prefect_gold} gold on the Prefect space goes onto that Province.`;
    case PH.REFILL:
      return "New Provinces are drawn face up into the empty places.";
    case PH.GAME_OVER:
      return "The game is over: influence from Provinces won, Governors and Magistrates in the Offices decides the winner.";
    default:
      return "";
  }
}

// -- the status banner and the election panel ---------------------------------------------
function banner(snapshot, info) {
  const view = snapshot.view;
  const limit = view.turn_limit > 0 ? ` of at most ${view.turn_limit}` : "";
  const who = snapshot.status === "finished" || snapshot.decider === null || snapshot.decider < 0 ? null : snapshot.decider;
  return el("div", { class: "mv-banner", role: "status", "aria-label": "phase" },
    el("div", { class: "mv-banner-top" },
      el("strong", { text: view.turn > 0 ? `Turn ${view.turn}${limit}` : "Setup" }), " · ",
      el("span", { class: "mv-phase", text: PHASE_TITLES[view.phase] || "" }),
      view.final ? el("span", { class: "mv-final", text: "Final circuit: the most influence wins, a tie discards the Province" }) : null,
      who !== null ? el("span", { class: "mv-to-act", style: `--seat:${seatColor(who)}`, text: `${seatName(snapshot, who)} to act` }) : null),
    ELECTION_PHASES.has(view.phase) ? null : el("div", { class: "mv-banner-line", text: phaseLine(view, info, snapshot) }));
}

function electionPanel(snapshot, info) {
  const view = snapshot.view;
  if (!ELECTION_PHASES.has(view.phase)) return null;
  const name = (q) => seatName(snapshot, q);
  const main = [];
  const side = [];
  const slot = voting(view);
  if (view.phase === PH.SUPPORT && slot !== null && view.slots[slot] >= 0) {
    const tile = view.slots[slot];
    main.push(el("p", {}, el("strong", { text: `Voting now: ${placeWords(slot)}, the ${tileWords(info, tile)}` }),
      ` (value ${tileInfo(info, tile).value}${view.tile_gold[tile] ? `, ${view.tile_gold[tile]} gold on it` : ""}).`));
    const table = el("table", { class: "mv-votes", "aria-label": "influence in this vote" },
      el("thead", {}, el("tr", {}, ["Player", "Tokens", "+ Magistrates", "Influence"].map((h) => el("th", { text: h })))),
      el("tbody", {}, view.tokens[slot].map((t, q) => el("tr", { style: `--seat:${seatColor(q)}` },
        el("td", { class: "mv-who", text: name(q) }), el("td", { text: t }), el("td", { text: (view.support || [])[q] || 0 }),
        el("td", { text: t + ((view.support || [])[q] || 0) })))));
    main.push(table);
    side.push(el("p", { class: "mv-forecast", text: `If counted now: ${forecast(view, info, slot, snapshot).text}` }));
    const waiting = (view.support_done || []).map((d, q) => (d ? null : q)).filter((q) => q !== null);
    if (waiting.length) {
      side.push(el("p", { class: "muted", text: `Still may add an active Magistrate's influence (for anyone): ${waiting.map(name).join(", ")}.` }));
    }
  } else if (view.phase === PH.START || view.phase === PH.DICTATOR || view.phase === PH.DICTATOR_GOVERN) {
    main.push(el("p", {}, el("strong", { text: phaseLine(view, info, snapshot) })));
    const places = (view.slots || []).map((t, s) => (t >= 0 ? s + 1 : null)).filter((s) => s !== null);
    if (view.phase === PH.START) main.push(el("p", { text: `Then every Province votes once, clockwise from there (Provinces ${places.join(", ")}).` }));
  } else if (view.phase === PH.REDISTRIBUTE && (view.redistribution || []).length) {
    const [seat, count] = view.redistribution[0];
    const open = (view.circuit || []).filter((s) => view.slots[s] >= 0 && !view.elected[s]).map((s) => s + 1);
    main.push(el("p", {}, el("strong", { text: `${name(seat)} moves ${plural(count, "removed token")}` }),
      open.length ? ` to Provinces that have not voted yet (${open.join(", ")}), or home to the Family Estate.` : " home."));
    const later = view.redistribution.slice(1).map(([q, c]) => `${name(q)} (${c})`);
    if (later.length) main.push(el("p", { class: "muted", text: `Then: ${later.join(", ")}.` }));
  }
  if ((view.circuit || []).length && (view.phase === PH.SUPPORT || view.phase === PH.REDISTRIBUTE)) {
    side.push(el("p", { class: "mv-order" }, "Circuit order: ",
      view.circuit.map((s, i) => el("span", { class: `mv-stop${i < view.circuit_pos ? " done" : ""}${i === view.circuit_pos ? " now" : ""}`,
        text: `${placeWords(s)}${i < view.circuit.length - 1 ? " → " : ""}` }))));
  }
  // The rule in full: open where there is room, one tap away on a phone.
  const wide = typeof window.matchMedia === "function" && window.matchMedia("(min-width: 700px)").matches;
  side.push(el("details", { class: "muted mv-rule", open: wide }, el("summary", { text: "How a vote is counted" }),
    el("p", { text: view.final
      ? "Final circuit: the player with the most influence takes each Province; a tie discards it."
      : "A Province is won with more influence than all others together AND at least its value in tokens. Without a winner, the player(s) with the least influence there lose their tokens, which they move to Provinces that have not voted yet, or home." })));
  return el("section", { class: "kit-section mv-election", "aria-label": "the election" }, el("h3", { text: "Election" }),
    el("div", { class: "mv-election-cols" }, el("div", {}, main), el("div", {}, side)));
}

// -- the electoral circuit --------------------------------------------------------------
const CELL_W = 150;
const CELL_H = 122;
const GAP = 30;
const TILE = 86;

function slotOrigin(info, slot) {
  const grid = info.circuit_grid || [[0, 1], [5, 2], [4, 3]];
  for (let r = 0; r < grid.length; r++) {
    const c = grid[r].indexOf(slot);
    if (c >= 0) return { r, c, x: c * (CELL_W + GAP), y: r * CELL_H };
  }
  return { r: 0, c: 0, x: 0, y: 0 };
}
function tileBox(info, slot) {
  const o = slotOrigin(info, slot);
  return { ...o, tx: o.c === 0 ? o.x + CELL_W - TILE - 6 : o.x + 6, ty: o.y + 22 };
}

function pawn(x, y, seat, label) {
  return svg("g", { class: "mv-pawn", role: "img", "aria-label": label },
    svg("title", { text: label }),
    svg("path", { d: `M ${x - 8} ${y + 12} L ${x - 4} ${y - 2} L ${x + 4} ${y - 2} L ${x + 8} ${y + 12} Z`, fill: seatColor(seat), stroke: "#111", "stroke-width": 1 }),
    svg("circle", { cx: x, cy: y - 6, r: 6, fill: seatColor(seat), stroke: "#111", "stroke-width": 1 }));
}

function goldCoin(x, y, amount, label) {
  return svg("g", { class: "mv-gold", role: "img", "aria-label": label },
    svg("title", { text: label }),
    svg("circle", { cx: x, cy: y, r: 12, fill: "#f2c84b", stroke: "#8a6a10", "stroke-width": 1.5 }),
    svg("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#4a3500" }, String(amount)));
}

function provinceGroup(snapshot, info, slot) {
  const view = snapshot.view;
  const tile = view.slots[slot];
  const box = tileBox(info, slot);
  const order = (view.circuit || []).indexOf(slot);
  const inCircuit = (view.phase === PH.SUPPORT || view.phase === PH.REDISTRIBUTE) && order >= 0;
  const now = voting(view) === slot && view.phase === PH.SUPPORT;
  const voted = inCircuit && hasVoted(view, slot) && !now;
  const g = svg("g", { class: `mv-province${now ? " now" : ""}${voted ? " voted" : ""}`, "data-target": `province:${slot}`, role: "group" });
  g.append(svg("rect", { class: "hit", x: box.x + 1, y: box.y + 1, width: CELL_W - 2, height: CELL_H - 4, rx: 8, fill: now ? "#fff4cf" : "transparent", stroke: now ? "#c99a00" : "none" }));
  const heading = `${placeWords(slot)}${inCircuit ? ` · ${ordinal(order + 1)}` : ""}`;
  g.append(svg("text", { class: "mv-place", x: box.tx + TILE / 2, y: box.y + 16, "text-anchor": "middle" }, heading));
  if (tile < 0) {
    g.setAttribute("aria-label", `${placeWords(slot)}: an empty place, a new Province is drawn into it at the end of the turn`);
    g.append(svg("rect", { x: box.tx, y: box.ty, width: TILE, height: TILE, rx: 7, fill: "none", stroke: "#a89f8a", "stroke-dasharray": "5 4" }));
    g.append(svg("text", { x: box.tx + TILE / 2, y: box.ty + TILE / 2 + 4, "text-anchor": "middle", class: "mv-muted-text" }, "empty"));
    return g;
  }
  const t = tileInfo(info, tile);
  const ink = suitColour(info, t.suit);
  g.append(svg("rect", { x: box.tx, y: box.ty, width: TILE, height: TILE, rx: 7, fill: "#f6ecd6", stroke: ink, "stroke-width": 2.5 }));
  if (t.face !== String(t.value) && !voted) g.append(svg("text", { x: box.tx + 7, y: box.ty + 15, "font-size": 11, fill: ink, "font-weight": 600 }, faceWords(t.face)));
  g.append(svg("text", { x: box.tx + TILE / 2, y: box.ty + 54, "font-size": 36, "text-anchor": "middle", fill: ink, "font-weight": 800 }, String(t.value)));
  g.append(svg("text", { x: box.tx + TILE / 2, y: box.ty + 75, "font-size": 13, "text-anchor": "middle", fill: ink, "font-weight": 600 }, t.suit));
  const gold = view.tile_gold[tile] || 0;
  if (gold) g.append(goldCoin(box.tx + TILE - 12, box.ty + 13, gold, `${gold} gold on this Province`));
  // Tokens beside the tile, on its outer side: one disc per player with its count.
  const tokens = view.tokens[slot] || [];
  const present = tokens.map((n, q) => (n ? q : null)).filter((q) => q !== null);
  const tokenX = box.c === 0 ? box.x + 20 : box.x + CELL_W - 20;
  present.forEach((q, i) => {
    const cy = box.ty + 12 + i * 23;
    g.append(svg("g", { class: "mv-tokens", role: "img", "aria-label": `${seatName(snapshot, q)}: ${plural(tokens[q], "token")}` },
      svg("circle", { cx: tokenX, cy, r: 10.5, fill: seatColor(q), stroke: "#222", "stroke-width": 1 }),
      svg("text", { x: tokenX, y: cy + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }, String(tokens[q]))));
  });
  const support = now ? (view.support || []).map((s, q) => (s ? `${seatName(snapshot, q)} +${s} from Magistrates` : null)).filter(Boolean) : [];
  if (now) g.append(pawn(box.c === 0 ? box.tx - 2 : box.tx + TILE + 2, box.ty + TILE - 6, view.prefect, `the Prefect's pawn (${seatName(snapshot, view.prefect)})`));
  if (voted) {
    g.append(svg("rect", { x: box.tx, y: box.ty, width: TILE, height: TILE, rx: 7, fill: "rgba(120,120,120,.35)" }));
    g.append(svg("text", { x: box.tx + 6, y: box.ty + 14, "font-size": 11, "font-weight": 700, fill: "#222" }, "voted"));
  }
  const who = present.length ? present.map((q) => `${seatName(snapshot, q)} ${tokens[q]}`).join(", ") : "none";
  const status = `${inCircuit ? `; votes ${ordinal(order + 1)} in this circuit` : ""}${now ? ", voting now" : voted ? ", has voted" : ""}`;
  g.setAttribute("aria-label", `${placeWords(slot)}: the ${tileWords(info, tile)}, value ${t.value}${gold ? `, ${gold} gold` : ""}; tokens: ${who}${support.length ? `; ${support.join(", ")}` : ""}${status}`);
  g.append(svg("title", { text: g.getAttribute("aria-label") }));
  return g;
}

function circuitArrows(info) {
  // A ring through the tile centres, with one arrowhead between each pair of places, clockwise.
  const centre = (slot) => { const b = tileBox(info, slot); return [b.tx + TILE / 2, b.ty + TILE / 2]; };
  const out = [];
  const [x0, y0] = centre(0);
  const [x3, y3] = centre(3);
  out.push(svg("rect", { x: x0, y: y0, width: x3 - x0, height: y3 - y0, rx: 16, fill: "none", stroke: "#b9ad92", "stroke-width": 2, "stroke-dasharray": "4 4" }));
  for (let s = 0; s < 6; s++) {
    const [ax, ay] = centre(s);
    const [bx, by] = centre((s + 1) % 6);
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    const angle = Math.atan2(by - ay, bx - ax) * 180 / Math.PI;
    out.push(svg("path", { d: "M -6 -6 L 6 0 L -6 6 Z", fill: "#8a7d60", transform: `translate(${mx} ${my}) rotate(${angle})` }));
  }
  return svg("g", { class: "mv-ring", "aria-hidden": "true" }, out);
}

function circuitBoard(snapshot, info) {
  const view = snapshot.view;
  const width = 2 * CELL_W + GAP;
  const height = 3 * CELL_H;
  const root = svg("svg", { class: "mv-circuit", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": "the electoral circuit: six Provinces, numbered clockwise" });
  root.append(circuitArrows(info));
  for (let slot = 0; slot < (info.circuit_places || 6); slot++) root.append(provinceGroup(snapshot, info, slot));
  const left = (view.pile || []).length;
  const discarded = (view.discarded || []).filter(Boolean).length;
  const decided = (view.tile_owner || []).filter((o) => o >= 0).length;
  return el("section", { class: "kit-section mv-circuit-box", "aria-label": "Provinces" },
    el("h3", { text: "Provinces: the electoral circuit" }),
    root,
    el("p", { class: "mv-note" }, `Face-down tiles left: ${left} · Provinces decided: ${decided}${discarded ? ` · discarded: ${discarded}` : ""}. `,
      el("span", { class: "muted", text: "Numbers beside a tile are each player's influence tokens there." })));
}

// -- the Table of Offices ----------------------------------------------------------------
const OFFICE_W = 420;
const ROW_Y = [46, 140, 228, 316, 404, 482];
const SEAT_R = 15;
const SEAT_STEP = 38;

function rowXs(count) {
  if (count === 1) return [OFFICE_W / 2];
  if (count === 2) return [112, 308];
  return [62, 213, 362];
}

/** Where each box of the diagram sits: name -> {x, y, w, h}. */
function layout(info) {
  const rows = info.office_rows || [["Prefect", "Dictator", "Censor"], ["Consul"], ["Praetor"], ["Aedile"], ["Quaestor", "Tribune"], [ESTATES]];
  const boxes = {};
  rows.forEach((row, r) => {
    const xs = rowXs(row.length);
    row.forEach((name, i) => {
      const o = officeIndex(info, name);
      const seats = o >= 0 ? Math.max(officeInfo(info, o).seats_drawn || 1, 1) : 1;
      const w = name === ESTATES ? OFFICE_W - 8 : name === "Prefect" ? 116 : Math.max(90, seats * SEAT_STEP + 20);
      boxes[name] = { x: name === ESTATES ? OFFICE_W / 2 : xs[i], y: ROW_Y[Math.min(r, ROW_Y.length - 1)], w, h: name === ESTATES ? 64 : 62 };
    });
  });
  return boxes;
}

function coin(snapshot, info, office, c, x, y) {
  const name = officeInfo(info, office).name;
  const label = `${seatName(snapshot, c.seat)}'s ${c.active ? "active" : "used (inactive)"} ${name}`;
  const g = svg("g", { class: `mv-coin${c.active ? "" : " used"}`, "data-target": `magistrate:${office}:${c.seat}:${c.active ? "active" : "inactive"}`, role: "img", "aria-label": label },
    svg("title", { text: label }),
    svg("circle", { class: "hit", cx: x, cy: y, r: SEAT_R, fill: seatColor(c.seat), stroke: "#1b1b1b", "stroke-width": 1.5, "fill-opacity": c.active ? 1 : 0.55 }),
    svg("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#fff" }, String(c.seat + 1)));
  // The tick-mark: 12 o'clock when active, turned to 3 o'clock once used.
  g.append(c.active
    ? svg("line", { x1: x, y1: y - SEAT_R + 1, x2: x, y2: y - SEAT_R + 7, stroke: "#fff", "stroke-width": 3, "stroke-linecap": "round" })
    : svg("line", { x1: x + SEAT_R - 1, y1: y, x2: x + SEAT_R - 7, y2: y, stroke: "#fff", "stroke-width": 3, "stroke-linecap": "round" }));
  return g;
}

function officeGroup(snapshot, info, office, box) {
  const view = snapshot.view;
  const o = officeInfo(info, office);
  const coins = coinsOf(view, office);
  const drawn = Math.max(o.seats_drawn || o.seats, coins.length);
  const g = svg("g", { class: "mv-office", "data-target": `office:${office}`, role: "group" });
  const left = box.x - box.w / 2;
  const top = box.y - box.h / 2;
  g.append(svg("rect", { class: "hit", x: left, y: top, width: box.w, height: box.h, rx: 8, fill: "#fffdf7", stroke: "#8c7b55", "stroke-width": 1.2 }));
  g.append(svg("text", { class: "mv-office-name", x: box.x, y: top + 14, "text-anchor": "middle" }, o.name.toUpperCase()));
  const y = top + 38;
  const x0 = box.x - ((drawn - 1) * SEAT_STEP) / 2;
  const names = [];
  for (let i = 0; i < drawn; i++) {
    const x = x0 + i * SEAT_STEP;
    const c = coins[i];
    if (c) {
      g.append(coin(snapshot, info, office, c, x, y));
      names.push(`${seatName(snapshot, c.seat)} ${c.active ? "active" : "used"}`);
    } else if (i < o.seats) {
      g.append(svg("circle", { cx: x, cy: y, r: SEAT_R, fill: "#fff", stroke: "#6f6247", "stroke-width": 1.3 }));
      if (o.influence) g.append(svg("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 13, fill: "#8c7b55", "font-weight": 600 }, String(o.influence)));
    } else {
      g.append(svg("circle", { cx: x, cy: y, r: SEAT_R, fill: "#ddd8cc", stroke: "#aaa", "stroke-dasharray": "3 3" }));
      g.append(svg("title", { text: "a gray seat: out of play with three players" }));
    }
  }
  const vacant = Math.max(0, o.seats - coins.length);
  const gray = Math.max(0, (o.seats_drawn || o.seats) - o.seats);
  const label = `${o.name}: influence ${o.influence}, ${plural(o.seats, "seat")}; ${names.length ? names.join(", ") : "nobody"}${vacant ? `; ${vacant} vacant` : ""}${gray ? `; ${gray} gray seat out of play` : ""}. Special action: ${o.special}`;
  g.setAttribute("aria-label", label);
  g.prepend(svg("title", { text: label }));
  return g;
}

function prefectSpace(snapshot, info, box) {
  const view = snapshot.view;
  const left = box.x - box.w / 2;
  const top = box.y - box.h / 2;
  const prefect = view.prefect;
  const bidding = view.phase === PH.BIDDING;
  const who = prefect >= 0 ? seatName(snapshot, prefect) : "not yet chosen";
  const bid = bidding && view.high_bidder >= 0 ? `; high bid ${view.high_bid} by ${seatName(snapshot, view.high_bidder)}` : "";
  const label = `Prefect: ${who}; ${view.prefect_gold} gold on the Prefect space${bid}`;
  const g = svg("g", { class: "mv-office mv-prefect", "data-target": "prefect", role: "group", "aria-label": label },
    svg("title", { text: label }),
    svg("rect", { class: "hit", x: left, y: top, width: box.w, height: box.h, rx: 8, fill: "#fbf1d0", stroke: "#8c7b55", "stroke-width": 1.2 }),
    svg("text", { class: "mv-office-name", x: box.x, y: top + 14, "text-anchor": "middle" }, "PREFECT"));
  if (prefect >= 0) g.append(pawn(left + 24, top + 40, prefect, `the Prefect's pawn (${who})`));
  // Who holds the office and its gold; during the auction, the bid to beat instead.
  const lines = bidding
    ? [view.high_bidder >= 0 ? `high bid ${view.high_bid}` : "bidding opens", view.high_bidder >= 0 ? `by ${shortName(snapshot, view.high_bidder, 11)}` : ""]
    : [prefect >= 0 ? shortName(snapshot, prefect, 12) : "—", `${view.prefect_gold} gold here`];
  const ink = bidding ? (view.high_bidder >= 0 ? seatColor(view.high_bidder) : "#666") : prefect >= 0 ? seatColor(prefect) : "#666";
  g.append(svg("text", { x: left + 42, y: top + 36, "font-size": 12, "font-weight": 700, fill: bidding ? "#5b4a22" : ink }, lines[0]));
  g.append(svg("text", { x: left + 42, y: top + 52, "font-size": 11, fill: bidding ? ink : "#5b4a22", "font-weight": bidding ? 700 : 400 }, lines[1]));
  return g;
}

function estatesBar(snapshot, info, box) {
  const view = snapshot.view;
  const n = (view.gold || []).length;
  const left = box.x - box.w / 2;
  const top = box.y - box.h / 2;
  const g = svg("g", { class: "mv-estates", role: "group", "aria-label": "the Family Estates" },
    svg("rect", { x: left, y: top, width: box.w, height: box.h, rx: 8, fill: "#efe6d0", stroke: "#8c7b55" }),
    svg("text", { class: "mv-office-name", x: box.x, y: top + 13, "text-anchor": "middle" }, "FAMILY ESTATES"));
  const width = (box.w - 16) / n;
  for (let q = 0; q < n; q++) {
    const x = left + 8 + q * width;
    const cx = x + width / 2;
    const label = `${seatName(snapshot, q)}'s Family Estate: ${plural(view.patricians[q], "Patrician")} and ${plural(view.estate_tokens[q], "influence token")} at home`;
    g.append(svg("g", { class: "mv-estate", "data-target": `estate:${q}`, role: "group", "aria-label": label },
      svg("title", { text: label }),
      svg("rect", { class: "hit", x: x + 2, y: top + 18, width: width - 4, height: 42, rx: 6, fill: "#fff", stroke: seatColor(q), "stroke-width": 1.5 }),
      svg("circle", { cx: x + 13, cy: top + 31, r: 8, fill: seatColor(q), stroke: "#222", "stroke-width": 1 }),
      svg("text", { x: x + 13, y: top + 35, "font-size": 10, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, String(q + 1)),
      svg("text", { x: cx + 8, y: top + 35, "font-size": 11, "text-anchor": "middle", fill: "#333" }, plural(view.patricians[q], "Patrician")),
      svg("text", { x: cx, y: top + 52, "font-size": 11, "text-anchor": "middle", fill: "#333" }, plural(view.estate_tokens[q], "token"))));
  }
  return g;
}

function arrow(from, to, cost) {
  // From the top of the lower box to the bottom of the upper one, the cost in a small tag midway.
  const x1 = from.x + Math.max(-from.w / 3, Math.min(from.w / 3, (to.x - from.x) * 0.5));
  const y1 = from.y - from.h / 2;
  const x2 = to.x + Math.max(-to.w / 3, Math.min(to.w / 3, (from.x - to.x) * 0.35));
  const y2 = to.y + to.h / 2;
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  return svg("g", { class: "mv-arrow", role: "img", "aria-label": `costs ${cost} gold` },
    svg("line", { x1, y1, x2, y2: y2 + 4, stroke: "#7d6b43", "stroke-width": 2, "marker-end": "url(#mv-head)" }),
    svg("rect", { x: mx - 11, y: my - 10, width: 22, height: 19, rx: 4, fill: "#fff", stroke: "#7d6b43" }),
    svg("text", { x: mx, y: my + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#5a4a25" }, String(cost)));
}

function officesBoard(snapshot, info) {
  const boxes = layout(info);
  const root = svg("svg", { class: "mv-offices", viewBox: `0 0 ${OFFICE_W} 516`, role: "group", "aria-label": "the Table of Offices" },
    svg("defs", {}, svg("marker", { id: "mv-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
      svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#7d6b43" }))));
  for (const a of info.office_arrows || []) {
    if (boxes[a.from] && boxes[a.to]) root.append(arrow(boxes[a.from], boxes[a.to], a.cost));
  }
  for (const [name, box] of Object.entries(boxes)) {
    if (name === "Prefect") root.append(prefectSpace(snapshot, info, box));
    else if (name === ESTATES) root.append(estatesBar(snapshot, info, box));
    else if (officeIndex(info, name) >= 0) root.append(officeGroup(snapshot, info, officeIndex(info, name), box));
  }
  return el("section", { class: "kit-section mv-offices-box", "aria-label": "Offices" },
    el("h3", { text: "The Table of Offices" }), root,
    el("p", { class: "mv-note muted", text: "Circles: a seat and its influence; a coin is a Magistrate (its player's number), tick up = active, tick right = used this turn. Arrows: gold to rise one level (costs add up)." + ((info.players || 4) === 3 ? " Gray seats are out of play with three players." : "") }));
}

// -- players ----------------------------------------------------------------------------
function wonTile(snapshot, info, tile) {
  const view = snapshot.view;
  const t = tileInfo(info, tile);
  const gold = view.tile_gold[tile] || 0;
  const governed = Boolean((view.governed || [])[tile]);
  const label = `the ${tileWords(info, tile)}, value ${t.value}${gold ? `, ${gold} gold on it` : ""}${governed ? ", with a Governor" : ""}`;
  const pic = piecepackTile(t.value, t.suit, { size: 34, label, ink: suitColour(info, t.suit) });
  return el("span", { class: `mv-won${governed ? " governed" : ""}`, "data-target": `tile:${tile}`, "aria-label": label, title: label },
    pic, governed ? el("span", { class: "mv-gov", text: "Governor" }) : null, gold ? el("span", { class: "mv-won-gold", text: `${gold} gold` }) : null);
}

/** The players who passed in succession just before the one to act (the action phase ends when all have). */
function justPassed(view, n) {
  const out = new Set();
  for (let i = 1; i <= Math.min(view.consecutive_passes || 0, n); i++) out.add((((view.actor ?? view.decider) - i) % n + n) % n);
  return out;
}

function panels(snapshot, info) {
  const view = snapshot.view;
  const n = (view.gold || []).length;
  const out = [];
  for (let q = 0; q < n; q++) {
    const tiles = ownedTiles(view, q);
    const inProvinces = sum((view.tokens || []).map((row) => row[q] || 0));
    const available = availableGold(view, q);
    const onTiles = available - (view.gold[q] || 0);
    const estate = (view.estates || [])[q] || {};
    const stats = [
      ["Gold", available, onTiles ? `${view.gold[q]} this turn + ${onTiles} on governed Provinces` : "gold to spend this turn"],
      ["Influence", estate.influence ?? 0, "Provinces won + Governors + Magistrates"],
      ["Tokens home", `${view.estate_tokens[q]}/${info.tokens_per_player || 20}`, `influence tokens in the Family Estate; ${inProvinces} at the Provinces (1 gold each at income)`],
      ["Patricians home", `${view.patricians[q]}/${info.patricians_per_player || 6}`, "Patricians not in an Office or governing"],
    ];
    const badges = [];
    if (view.prefect === q) badges.push(el("span", { class: "mv-badge prefect", text: "Prefect" }));
    if (view.phase === PH.BIDDING) {
      if (view.high_bidder === q) badges.push(el("span", { class: "mv-badge", text: `high bid ${view.high_bid}` }));
      else if ((view.passed || [])[q]) badges.push(el("span", { class: "mv-badge muted", text: "passed the bidding" }));
    }
    if (view.phase === PH.ACTIONS && justPassed(view, n).has(q)) badges.push(el("span", { class: "mv-badge muted", text: "passed" }));
    const dieLabel = `income die showing ${view.dice[q]}`;
    const extra = [
      el("div", { class: "mv-panel-row" },
        el("span", { class: "mv-die", "data-target": `die:${q}`, "aria-label": dieLabel, title: "income die: its face in gold, then it turns down one (an ace stays)" },
          die(view.dice[q], { label: "income die", color: seatColor(q), size: 30 }), el("span", { class: "mv-small", text: "income die" })),
        badges),
      tiles.length
        ? el("div", { class: "mv-won-row", "aria-label": `Provinces won by ${seatName(snapshot, q)}` }, tiles.map((t) => wonTile(snapshot, info, t)))
        : el("div", { class: "mv-small muted", text: "No Province won yet" }),
    ];
    const panel = playerPanel(snapshot, q, { stats, extra, active: snapshot.decider === q && snapshot.status !== "finished" });
    out.push(panel);
  }
  return el("div", { class: "kit-players mv-players", style: `--n:${n}` }, out);
}

function finalScores(snapshot) {
  const r = snapshot.result;
  if (!r) return null;
  const n = (r.scores || []).length;
  const seats = [...Array(n).keys()].sort((a, b) => r.ranking[a] - r.ranking[b] || r.scores[b] - r.scores[a] || a - b);
  const rows = seats.map((q) => el("li", { "data-seat": q, style: `--seat:${seatColor(q)}` },
    el("strong", { text: `${ordinal(r.ranking[q])}: ${seatName(snapshot, q)}` }), `, ${money(r.scores[q])} influence`));
  return el("section", { class: "kit-section mv-final-scores", "aria-label": "final scores" }, el("h3", { text: "Final influence" }), el("ul", {}, rows));
}

// -- the renderer contract ----------------------------------------------------------------
export function render(snapshot, info) {
  const view = snapshot.view || {};
  if (!view.slots) return el("p", { text: "Waiting for the table…" });
  return el("div", { class: "mv" },
    banner(snapshot, info),
    finalScores(snapshot),
    electionPanel(snapshot, info),
    panels(snapshot, info),
    el("div", { class: "mv-main" }, circuitBoard(snapshot, info), officesBoard(snapshot, info)));
}

export function targets(action, snapshot, info = {}) {
  const a = action.json || {};
  const view = snapshot.view || {};
  const me = snapshot.seat;
  const coinKey = (office, owner, active) => `magistrate:${office}:${owner}:${active ? "active" : "inactive"}`;
  const current = voting(view);
  const office = (name, fallback) => { const i = officeIndex(info, name); return i >= 0 ? i : fallback; };
  switch (a.type) {
    case "income": return [`die:${me}`, ...(a.quaestors > 0 ? [`office:${office("Quaestor", 0)}`] : [])];
    case "bid":
    case "pass_bid": return ["prefect"];
    case "place_tokens": return [`province:${a.province}`];
    case "promote_patrician": return [`office:${a.office}`];
    case "promote": return [`office:${a.target}`, coinKey(a.start, me, true)];
    case "tribune": return [`province:${a.province}`, coinKey(office("Tribune", 1), me, true)];
    case "aedile": return [`province:${a.source}`];
    case "praetor": return [`province:${a.province}`];
    case "consul_recall": return [coinKey(a.office, a.owner, a.active)];
    case "consul_recall_governor":
    case "governor_home": return [`tile:${a.tile}`];
    case "appoint_governor": return [`tile:${a.tile}`, coinKey(a.office, me, true)];
    case "displace": return [coinKey(view.disp_office, a.owner, a.active)];
    case "displace_into": return [`office:${a.office}`];
    case "dictator_province":
    case "start_circuit":
    case "redistribute": return [`province:${a.province}`];
    case "dictator_governor": return a.govern ? [`tile:${view.pending_tile}`, `office:${office("Dictator", 6)}`]
      : [`estate:${me}`, `office:${office("Dictator", 6)}`];
    case "support": return [`office:${a.office}`, ...(current !== null ? [`province:${current}`] : [])];
    case "support_done": return current !== null ? [`province:${current}`] : [];
    case "return_home": return [`estate:${me}`];
    default: return [];
  }
}

/** The scoreboard's rows (drawn by /scoreboard.js): influence (the score), gold to spend, what is still at home. */
export function scoreboard(snapshot, info) {
  const view = snapshot.view;
  return (view.gold || []).map((_, q) => ({
    seat: q,
    score: ["Influence", ((view.estates || [])[q] || {}).influence ?? 0, "Provinces won + Governors + Magistrates"],
    stats: [["Gold", availableGold(view, q), "gold to spend this turn"],
      ["Tokens home", view.estate_tokens[q], `influence tokens in the Family Estate (of ${info.tokens_per_player || 20})`],
      ["Patricians", view.patricians[q], `Patricians at home (of ${info.patricians_per_player || 6})`]],
  }));
}

// -- help on each choice (shown under it when "Help on choices" is on, and as its tooltip) ---------

/** The rule behind each kind of choice, in a sentence (the rules cheatsheet says the rest). */
export const HELP = {
  income: "Take your income: 1 gold per token in the Provinces; active Quaestors may give 3 gold each, and the income die its face.",
  bid: "Bid gold to be Prefect: the Prefect acts first and picks where the elections start.",
  pass_bid: "Stop bidding for Prefect for good.",
  place_tokens: "Place influence tokens here: your n-th token in a Province costs n gold, and you must reach the most anyone has.",
  promote_patrician: "Send a Patrician from your Estate to a vacant seat of this Office (Quaestor or Tribune 1 gold, Aedile 3).",
  promote: "Move a Magistrate up one Office (costs add up); a full Office pushes a rival down a level.",
  tribune: "Tribune: place a free token here (the Tribune turns inactive).",
  aedile: "Aedile: move one token between Provinces (the Aedile turns inactive).",
  praetor: "Praetor: send up to 2 tokens home from one Province (the Praetor turns inactive).",
  consul_recall: "Consul: send a rival Magistrate home (not the Censor or Dictator); the Consul turns inactive.",
  consul_recall_governor: "Consul: send this Province's Governor home; the Consul turns inactive.",
  appoint_governor: "Make an active Magistrate Governor of your Province: its value counts again at the end.",
  governor_home: "Bring this Governor back home.",
  give_gold: "Give gold to another player (once per action phase): buy an ally.",
  pass: "Pass: when everybody has passed in succession, the elections begin.",
  displace: "Your promotion fills this Office: choose whose Magistrate is pushed one level down.",
  displace_into: "Choose where the displaced Magistrate goes, one level down.",
  dictator_province: "Dictator: take a Province where you have a token.",
  dictator_governor: "Dictator: govern the Province you took, or go home.",
  start_circuit: "Prefect: the elections start at this Province and go clockwise; the Prefect's gold goes there.",
  support: "Add an active Magistrate's influence to this player's vote here.",
  support_done: "Add no more influence to this vote.",
  redistribute: "Move tokens lost here to a Province that has not voted yet.",
  return_home: "Send the remaining lost tokens back to your Estate.",
};

export function actionHelp(action) {
  return HELP[action.kind] || null;
}
