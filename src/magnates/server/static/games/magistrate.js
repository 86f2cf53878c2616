// Magistrate's table: the province map (a round realm: eight outer provinces in a ring, four inner
// ones around the centre, borders = adjacency, roads marked on each border), the Judges' path with the
// three Judges and the scoring rounds, the Agent Ops board, player panels (cubes, evidence, pieces),
// your hand and secret evidence as cards with their four uses. Static data comes from
// `MagistrateGame.static_info` (games/magistrate/info.py); everything else from the seat's view.
import { el, svg, seatColor, seatName, seatBadge, section } from "/kit.js";

const CSS_HREF = "/games/magistrate.css";
if (!document.querySelector(`link[href="${CSS_HREF}"]`)) {
  document.head.append(el("link", { rel: "stylesheet", href: CSS_HREF }));
}

const CUBE = { purple: "#7d3c98", green: "#2f8a3c", orange: "#e07b00" };
const COLOURS = ["purple", "green", "orange"];
const JUDGES = ["People", "Military", "Agent"];

// -- words --------------------------------------------------------------------------------------

function plural(n, one, many = `${one}s`) { return `${n} ${n === 1 ? one : many}`; }

function cubesWords(counts) {
  const parts = counts.map((n, c) => (n ? `${n} ${COLOURS[c]}` : null)).filter(Boolean);
  return parts.length ? parts.join(", ") : "none";
}

function provinceName(info, id) { return (info.provinces[id] || { name: `province ${id + 1}` }).name; }

/**
 * The page shows `action.text` in its buttons, chooser and log: give them the game's words (cards by
 * number and contents, provinces and cells by name) from info.labels. Idempotent.
 */
function relabel(snapshot, info) {
  const labels = info.labels || {};
  for (const action of snapshot.legal || []) if (labels[action.id]) action.text = labels[action.id];
  if (!info.magistrateByText) {
    info.magistrateByText = new Map();
    for (const action of info.actions || []) if (labels[action.id]) info.magistrateByText.set(action.text, labels[action.id]);
  }
  for (const entry of snapshot.log || []) {
    const text = info.magistrateByText.get(entry.text);
    if (text) { entry.text = text; continue; }
    const drawn = /^you draw card (\d+)$/.exec(entry.text || "");
    const card = drawn && (info.deck || [])[Number(drawn[1])];
    if (card) entry.text = `you draw card ${card.number} (${card.corner})`;
  }
}

// -- small pieces -------------------------------------------------------------------------------

function cube(colour, count, what = "") {
  return el("span", { class: `mgs-cube mgs-${colour}`, title: `${count} ${colour}${what}`, "aria-label": `${count} ${colour}${what}` },
    String(count));
}

function cubeRow(title, counts, what = "") {
  return el("div", { class: "mgs-cuberow", "aria-label": `${title}: ${cubesWords(counts)}` },
    el("span", { class: "mgs-cuberow-label", text: title }),
    counts.map((n, c) => cube(COLOURS[c], n, what)));
}

/** One card of the deck with its four uses: resource corner, battle result, agent-op value, influence. */
function card(info, id, { target = true, small = false } = {}) {
  const c = info.deck[id];
  const corner = c.cards
    ? el("span", { class: "mgs-corner-cards", title: `draw ${c.cards} cards` }, `${c.cards}`, el("small", { text: " cards" }))
    : el("span", { class: "mgs-corner-cubes" }, c.cubes.flatMap((n, colour) =>
      Array.from({ length: n }, () => el("span", { class: `mgs-pip mgs-${COLOURS[colour]}`, title: COLOURS[colour] }))));
  const battle = [];
  if (c.attacker) battle.push(el("span", { class: "mgs-loss" }, `Attacker −${c.attacker}`));
  if (c.defender) battle.push(el("span", { class: "mgs-loss" }, `Defender −${c.defender}`));
  return el("div", { class: `mgs-card${small ? " small" : ""}`, "data-target": target ? `card:${id}` : null,
    role: "img", "aria-label": c.text, title: c.text },
  el("div", { class: "mgs-card-top" }, el("span", { class: "mgs-card-no", text: `#${c.number}` }), corner),
  el("div", { class: "mgs-card-battle" }, el("span", { class: "mgs-card-key", text: "Battle" }), battle),
  el("div", { class: "mgs-card-op" }, el("span", { class: "mgs-card-key", text: "Op value" }), el("b", { text: String(c.op) })),
  el("div", { class: "mgs-card-influence" }, c.influence.map(([judge, spaces]) =>
    el("span", { class: `mgs-infl mgs-${COLOURS[judge]}` }, `${JUDGES[judge]} +${spaces}`))));
}

function cardBack(text) {
  return el("div", { class: "mgs-card back", role: "img", "aria-label": text, title: text }, el("span", { text: "M" }));
}

// -- the round and the Judges' path -------------------------------------------------------------

const STAGES = [["material", null, "Update Resources"], ["actions", 0, "Agent Ops: People"], ["actions", 1, "People Actions"],
  ["actions", 2, "March / Fortify"], ["actions", 3, "Agent Ops: Military"], ["actions", 4, "Attacks"],
  ["actions", 5, "Add / Assign Agents"], ["influence", null, "Apply Influence"]];

function roundTrack(view) {
  return el("ol", { class: "mgs-round", "aria-label": `Round ${view.round}` },
    el("li", { class: "mgs-round-no", text: `Round ${view.round}` }),
    STAGES.map(([stage, phase, name]) => {
      const now = view.stage === stage && (phase === null || view.phase === phase);
      return el("li", { class: now ? "now" : "", "aria-current": now ? "step" : null, text: name });
    }));
}

/** The Judges' path as the loop it is: Home and spaces 1-4 left to right, then 5-9 back right to left. */
function judgesPath(view, info) {
  const spaces = info.path.spaces;
  const perRow = Math.ceil(spaces / 2);
  const w = 54;
  const h = 46;
  const rows = [6, 6 + h + 14];
  const rounds = info.path.scoring_rounds;
  const held = view.scoring_rounds;
  const trackX = perRow * w + 22;
  const width = trackX + 78;
  const spot = (i) => (i < perRow ? [4 + i * w, rows[0]] : [4 + (spaces - 1 - i) * w, rows[1]]);
  const root = svg("svg", { class: "mgs-path", viewBox: `0 0 ${width} ${rows[1] + h + 6}`, role: "group", "aria-label": "Judges' path" });
  // the loop under the spaces
  const [x0, y0] = spot(0);
  const [xl, yl] = spot(perRow - 1);
  root.append(svg("rect", { x: x0 + (w - 6) / 2, y: y0 + h / 2, width: xl - x0, height: rows[1] - rows[0], rx: 14,
    fill: "none", stroke: "#8b7d5c", "stroke-width": 2.5 }));
  for (let i = 0; i < spaces; i++) {
    const [x, y] = spot(i);
    const home = i === 0;
    root.append(svg("rect", { x, y, width: w - 6, height: h, rx: 6, fill: home ? "#3b2f4a" : "#f3ecdc", stroke: "#8b7d5c" }));
    if (home) {
      root.append(svg("text", { x: x + (w - 6) / 2, y: y + 11, "font-size": 8.5, "text-anchor": "middle", fill: "#f0d890", "font-weight": 700 }, "Judges'"));
      root.append(svg("text", { x: x + (w - 6) / 2, y: y + 20, "font-size": 8.5, "text-anchor": "middle", fill: "#f0d890", "font-weight": 700 }, "Home"));
    } else {
      root.append(svg("text", { x: x + (w - 6) / 2, y: y + 12, "font-size": 9, "text-anchor": "middle", fill: "#6d5f43" }, `space ${i}`));
    }
  }
  // direction of travel
  const [xa, ya] = spot(perRow - 1);
  root.append(svg("path", { d: `M ${xa + w - 1} ${ya + h / 2 + 16} l 4 -7 l 4 7 z`, fill: "#8b7d5c", transform: `rotate(180 ${xa + w + 3} ${ya + h / 2 + 12})` }));
  const [xb, yb] = spot(spaces - 1);
  root.append(svg("path", { d: `M ${xb - 9} ${yb + h / 2 - 10} l 4 -7 l 4 7 z`, fill: "#8b7d5c" }));
  // the Judges, side by side on their spaces
  view.judges.forEach((space, judge) => {
    const [sx, sy] = spot(space);
    const x = sx + (w - 6) / 2 + (judge - 1) * 14.5;
    const y = sy + 32;
    const where = space === 0 ? "on the Judges' Home" : `on space ${space}`;
    root.append(svg("g", { class: "mgs-judge", "data-target": `judge:${judge}`, role: "img", "aria-label": `${JUDGES[judge]} Judge ${where}` },
      svg("title", {}, `${JUDGES[judge]} Judge ${where}`),
      svg("circle", { cx: x, cy: y, r: 7, fill: CUBE[COLOURS[judge]], stroke: "#1b1b1b", "stroke-width": 1.2 }),
      svg("text", { x, y: y + 3.3, "font-size": 9, "font-weight": 700, "text-anchor": "middle", fill: "#fff" }, JUDGES[judge][0])));
  });
  // scoring rounds: a cube next to the Judges' Home per round held, coloured by the Judge scored
  const track = svg("g", { role: "img", "aria-label": `Scoring rounds held: ${held} of ${rounds}` },
    svg("title", {}, `Scoring rounds held: ${held} of ${rounds}`),
    svg("text", { x: trackX, y: 14, "font-size": 9.5, fill: "#6d5f43" }, "Scoring"),
    svg("text", { x: trackX, y: 25, "font-size": 9.5, fill: "#6d5f43" }, "rounds"));
  const total = Math.max(rounds, held);
  for (let i = 0; i < total; i++) {
    const judge = (view.scored || [])[i];
    track.append(svg("rect", { x: trackX + (i % 4) * 15, y: 32 + Math.floor(i / 4) * 15, width: 12, height: 12, rx: 2,
      fill: i < held ? CUBE[COLOURS[judge]] || "#555" : "#fff", stroke: "#555" }));
  }
  track.append(svg("text", { x: trackX, y: 32 + Math.ceil(total / 4) * 15 + 12, "font-size": 11, fill: "#2b2418", "font-weight": 700 },
    `${held} of ${rounds}`));
  root.append(track);
  const legend = el("div", { class: "mgs-legend" }, JUDGES.map((name, j) =>
    el("span", { class: `mgs-infl mgs-${COLOURS[j]}`, text: `${name[0]} = ${name} Judge` })));
  return el("div", { class: "mgs-pathbox" },
    el("div", { class: "mgs-pathhead" }, el("strong", { text: "Judges' path" }),
      el("span", { class: "muted", text: ` · scoring rounds ${held} of ${rounds}, the game ends after ${rounds}` })),
    root, legend);
}

// -- the map ------------------------------------------------------------------------------------

const C = 200;
const R = 196;
const RI = 112;

function polar(r, deg) {
  const a = (deg * Math.PI) / 180;
  return [C + r * Math.cos(a), C + r * Math.sin(a)];
}

function meanAngle(degs) {
  let x = 0;
  let y = 0;
  for (const d of degs) { x += Math.cos((d * Math.PI) / 180); y += Math.sin((d * Math.PI) / 180); }
  return (Math.atan2(y, x) * 180) / Math.PI;
}

/** Where each province lies: outer ones in id order around the ring, inner ones inward of their neighbours. */
function layout(info) {
  const outer = info.provinces.filter((p) => !p.inner);
  const step = 360 / outer.length;
  const place = {};
  outer.forEach((p, i) => { place[p.id] = { angle: -90 + i * step, a0: -90 + i * step - step / 2, a1: -90 + i * step + step / 2, inner: false }; });
  const inner = info.provinces.filter((p) => p.inner).map((p) => {
    const around = p.neighbours.filter((q) => !info.provinces[q].inner).map((q) => place[q].angle);
    return { id: p.id, angle: around.length ? meanAngle(around) : 0 };
  }).sort((a, b) => a.angle - b.angle);
  inner.forEach((p, i) => {
    const prev = inner[(i + inner.length - 1) % inner.length].angle;
    const next = inner[(i + 1) % inner.length].angle;
    const span = (a, b) => ((b - a) % 360 + 360) % 360;
    place[p.id] = { angle: p.angle, a0: p.angle - span(prev, p.angle) / 2, a1: p.angle + span(p.angle, next) / 2, inner: true };
  });
  return place;
}

function sectorPath(r0, r1, a0, a1) {
  const [x1, y1] = polar(r1, a0);
  const [x2, y2] = polar(r1, a1);
  const large = a1 - a0 > 180 ? 1 : 0;
  if (r0 === 0) return `M ${C} ${C} L ${x1} ${y1} A ${r1} ${r1} 0 ${large} 1 ${x2} ${y2} Z`;
  const [x3, y3] = polar(r0, a1);
  const [x4, y4] = polar(r0, a0);
  return `M ${x1} ${y1} A ${r1} ${r1} 0 ${large} 1 ${x2} ${y2} L ${x3} ${y3} A ${r0} ${r0} 0 ${large} 0 ${x4} ${y4} Z`;
}

function fortIcon(x, y, owner) {
  const colour = seatColor(owner);
  return svg("g", { class: "mgs-fort" },
    svg("path", { d: `M ${x - 8} ${y + 7} v -11 h 3 v 3 h 3 v -3 h 4 v 3 h 3 v -3 h 3 v 11 z`, fill: colour, stroke: "#1b1b1b", "stroke-width": 1 }),
    svg("rect", { x: x - 2, y: y + 2, width: 4, height: 5, fill: "#1b1b1b" }));
}

function flagIcon(x, y, owner, rings) {
  const g = svg("g", { class: "mgs-flag" },
    svg("line", { x1: x, y1: y + 9, x2: x, y2: y - 12, stroke: "#1b1b1b", "stroke-width": 1.5 }),
    svg("path", { d: `M ${x} ${y - 12} l 13 4 l -13 4 z`, fill: seatColor(owner), stroke: "#1b1b1b", "stroke-width": 0.8 }));
  for (let i = 0; i < rings; i++) {
    g.append(svg("circle", { cx: x + 4 + (i % 3) * 6, cy: y + 1 + Math.floor(i / 3) * 6, r: 2.4, fill: "none", stroke: "#b8860b", "stroke-width": 1.6 }));
  }
  return g;
}

function provinceLabel(view, info, snapshot, p) {
  const parts = [`Province ${p.id + 1}, ${p.name}`];
  if (p.home !== null && p.home !== undefined) parts.push(`Home of ${seatName(snapshot, p.home)} (Flag with ${plural(view.rings[p.home], "Ring")})`);
  const fort = view.forts[p.id];
  if (fort >= 0) parts.push(`Fort of ${seatName(snapshot, fort)}`);
  const troops = view.soldiers.map((row, seat) => (row[p.id] ? `${seatName(snapshot, seat)} ${plural(row[p.id], "soldier")}` : null)).filter(Boolean);
  parts.push(troops.length ? troops.join(", ") : "no soldiers");
  parts.push(`next to ${p.neighbours.map((q) => provinceName(info, q)).join(", ")}`);
  return parts.join("; ");
}

function provinceMap(view, info, snapshot) {
  const place = layout(info);
  const root = svg("svg", { class: "mgs-map", viewBox: "0 0 400 400", role: "group", "aria-label": "Map of the provinces" });
  root.append(svg("circle", { cx: C, cy: C, r: R + 3, fill: "#9cc3d8" }));
  for (const p of info.provinces) {
    const at = place[p.id];
    const r0 = at.inner ? 0 : RI;
    const r1 = at.inner ? RI : R;
    const homeOf = p.home;
    const fill = homeOf !== null && homeOf !== undefined ? seatColor(homeOf) : (at.inner ? "#e6dcc0" : "#efe7d2");
    const text = provinceLabel(view, info, snapshot, p);
    const g = svg("g", { class: "mgs-province", "data-target": `province:${p.id}`, role: "img", "aria-label": text },
      svg("title", {}, text),
      svg("path", { class: "mgs-land", d: sectorPath(r0, r1, at.a0, at.a1), fill: "#efe7d2", stroke: "#6d5f43", "stroke-width": 1.5 }));
    if (homeOf !== null && homeOf !== undefined) {
      g.append(svg("path", { d: sectorPath(r0, r1, at.a0, at.a1), fill, "fill-opacity": 0.28, stroke: "none", "pointer-events": "none" }));
    } else if (at.inner) {
      g.append(svg("path", { d: sectorPath(r0, r1, at.a0, at.a1), fill: "#c9b98f", "fill-opacity": 0.35, stroke: "none", "pointer-events": "none" }));
    }
    const rc = at.inner ? RI * 0.6 : (RI + R) / 2 + 6;
    const [cx, cy0] = polar(rc, at.angle);
    const cy = at.inner ? cy0 + 5 : cy0;
    g.append(svg("text", { x: cx, y: cy - 18, class: `mgs-pname${at.inner ? " inner" : ""}`, "text-anchor": "middle" }, `${p.id + 1} ${p.name}`));
    // soldiers: one chip per player present, in seat colour
    const troops = view.soldiers.map((row, seat) => [seat, row[p.id]]).filter(([, n]) => n > 0);
    const chipW = 19;
    troops.forEach(([seat, n], i) => {
      const x = cx - ((troops.length - 1) * chipW) / 2 + i * chipW;
      g.append(svg("circle", { cx: x, cy: cy + 1, r: 8.5, fill: seatColor(seat), stroke: "#1b1b1b", "stroke-width": 1 }));
      g.append(svg("text", { x, y: cy + 4.5, "font-size": 10, "font-weight": 700, "text-anchor": "middle", fill: "#fff" }, String(n)));
    });
    const fort = view.forts[p.id];
    const hasHome = homeOf !== null && homeOf !== undefined;
    if (fort >= 0) g.append(fortIcon(hasHome ? cx - 12 : cx, cy + 22, fort));
    if (hasHome) g.append(flagIcon(fort >= 0 ? cx + 6 : cx - 6, cy + 23, homeOf, view.rings[homeOf]));
    root.append(g);
  }
  // roads: a marker on every shared border (the adjacency); a march goes along one
  for (const [a, b] of info.roads) {
    const pa = place[a];
    const pb = place[b];
    let x;
    let y;
    if (!pa.inner && !pb.inner) [x, y] = polar((RI + R) / 2, meanAngle([pa.angle, pb.angle]));
    else if (pa.inner && pb.inner) [x, y] = polar(RI * 0.22, meanAngle([pa.angle, pb.angle]));
    else [x, y] = polar(RI, (pa.inner ? pb : pa).angle);
    const name = `Road between ${provinceName(info, a)} and ${provinceName(info, b)}`;
    root.append(svg("g", { class: "mgs-road", "data-target": `road:${a}-${b}`, role: "img", "aria-label": name },
      svg("title", {}, name),
      svg("circle", { cx: x, cy: y, r: 7, fill: "#fffaf0", stroke: "#6d5f43", "stroke-width": 1.2 }),
      svg("path", { d: `M ${x - 3.5} ${y} h 7 M ${x} ${y - 3.5} v 7`, stroke: "#6d5f43", "stroke-width": 1.2 })));
  }
  return root;
}

// -- the Agent Ops board ------------------------------------------------------------------------

function agentToken(snapshot, seat) {
  return el("span", { class: "mgs-agent", style: `--seat:${seatColor(seat)}`, title: `Agent of ${seatName(snapshot, seat)}` }, String(seat + 1));
}

function opsBoard(view, info, snapshot) {
  const n = view.vp.length;
  const headerAgents = [];
  for (let seat = 0; seat < n; seat++) for (let i = 0; i < view.header[seat]; i++) headerAgents.push(agentToken(snapshot, seat));
  const headerWords = view.header.map((k, seat) => (k ? `${seatName(snapshot, seat)} ${plural(k, "Agent")}` : null)).filter(Boolean);
  const header = el("div", { class: "mgs-header", "data-target": "header", role: "img",
    "aria-label": `Header of the Agent Ops board: ${headerWords.join(", ") || "no Agents waiting"}` },
  el("strong", { text: "Header" }), el("span", { class: "muted", text: " Agents waiting to be assigned" }),
  el("div", { class: "mgs-agents" }, headerAgents));
  const rows = ["people", "military"].map((row) => {
    const cells = info.cells.filter((c) => c.row === row).map((c) => {
      const here = [];
      for (let seat = 0; seat < n; seat++) if (view.placed[seat][c.id]) here.push(seat);
      const used = (view.ops_used || []).includes(c.id);
      const words = `Agent Ops cell ${c.id + 1}, ${c.name} (${row === "people" ? "People" : "Military"} row): ` +
        (c.blocked ? "closed by a blocking chip" : `${c.cost} → ${c.effect}; Agents here: ${here.map((s) => seatName(snapshot, s)).join(", ") || "none"}`);
      return el("div", { class: `mgs-cell${c.blocked ? " blocked" : ""}${used ? " used" : ""}`, "data-target": `cell:${c.id}`, role: "img",
        "aria-label": words, title: words },
      el("div", { class: `mgs-cell-name${c.name.length > 11 && !c.name.includes(" ") ? " long" : ""}` },
        el("span", { class: "mgs-cell-no", text: String(c.id + 1) }), c.name),
      c.blocked ? el("div", { class: "mgs-chip", text: "Blocking chip" }) : [
        el("div", { class: "mgs-cell-effect", text: c.summary }),
        el("div", { class: "mgs-agents" }, here.map((s) => agentToken(snapshot, s)), used ? el("span", { class: "mgs-used", text: "used" }) : null)]);
    });
    return el("div", { class: "mgs-opsrow" },
      el("div", { class: "mgs-rowname", text: row === "people" ? "People row · run in Agent Ops: People" : "Military row · run in Agent Ops: Military" }),
      el("div", { class: "mgs-cells" }, cells));
  });
  return el("div", { class: "mgs-ops", role: "group", "aria-label": "Agent Ops board" },
    el("div", { class: "mgs-opshead" }, el("strong", { text: "Agent Ops board" })), header, rows);
}

// -- players ------------------------------------------------------------------------------------

function figure(labelText, value, title = null) {
  return el("div", { class: "mgs-fig", title }, el("span", { class: "mgs-fig-label", text: labelText }),
    el("span", { class: "mgs-fig-value" }, value));
}

function backs(count, what) {
  return el("span", { class: "mgs-backs", role: "img", "aria-label": `${plural(count, "card")} ${what}` },
    el("span", { class: "mgs-miniback" }), String(count));
}

/** The VP track: each player's scoring pawn at his points. */
function vpTrack(view, snapshot) {
  const top = Math.max(60, Math.ceil((Math.max(...view.vp) + 5) / 10) * 10);
  const width = 720;
  const x = (vp) => 14 + (vp / top) * (width - 28);
  const words = view.vp.map((vp, seat) => `${seatName(snapshot, seat)} ${vp}`).join(", ");
  const root = svg("svg", { class: "mgs-vp", viewBox: `0 0 ${width} 40`, role: "img", "aria-label": `VP track: ${words}` },
    svg("title", {}, `VP track: ${words}`),
    svg("rect", { x: 10, y: 22, width: width - 20, height: 8, rx: 4, fill: "#efe7d2", stroke: "#8b7d5c" }));
  for (let vp = 0; vp <= top; vp += 10) {
    root.append(svg("text", { x: x(vp), y: 39, "font-size": 8, "text-anchor": "middle", fill: "#6d5f43" }, String(vp)));
  }
  const stacked = {};
  view.vp.forEach((vp, seat) => {
    const level = stacked[vp] = (stacked[vp] || 0) + 1;
    const cx = x(vp) + (level - 1) * 6;
    root.append(svg("circle", { cx, cy: 26 - (level - 1) * 7, r: 7, fill: seatColor(seat), stroke: "#1b1b1b", "stroke-width": 1 }));
    root.append(svg("text", { x: cx, y: 29.5 - (level - 1) * 7, "font-size": 9, "font-weight": 700, "text-anchor": "middle", fill: "#fff" }, String(seat + 1)));
  });
  return el("div", { class: "mgs-vpbox" }, el("strong", { class: "mgs-vp-title", text: "VP track" }), root);
}

function players(view, snapshot) {
  const n = view.vp.length;
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    const onMap = view.soldiers[seat].reduce((a, b) => a + b, 0);
    const atHome = view.soldiers[seat][view.homes[seat]];
    const forts = view.forts.filter((f) => f === seat).length;
    const agents = view.header[seat] + view.placed[seat].reduce((a, b) => a + b, 0);
    const active = snapshot.decider === seat && view.stage !== "over";
    const words = `${seatName(snapshot, seat)}${active ? ", to act" : ""}${seat === view.first ? ", First Player" : ""}: ` +
      `${view.vp[seat]} VP, ${plural(view.rings[seat], "Ring")}, ${plural(forts, "Fort")} on the map, ${plural(agents, "Agent")} on the board, ` +
      `soldiers ${onMap - atHome} on the map outside Home, ${atHome} at Home, ${view.stock_soldiers[seat]} in stock; ` +
      `action cubes ${cubesWords(view.supply[seat])}; evidence at Home ${cubesWords(view.evidence[seat])}; ` +
      `${plural(view.hand_sizes[seat], "card")} in hand, ${view.secret_sizes[seat]} as secret evidence`;
    rows.push(el("section", { class: `mgs-player${active ? " active" : ""}${seat === snapshot.seat ? " me" : ""}`,
      style: `--seat:${seatColor(seat)}`, "data-seat": seat, "aria-label": words },
    el("div", { class: "mgs-who" }, seatBadge(seat), el("strong", { text: seatName(snapshot, seat) }),
      active ? el("span", { class: "kit-turn", text: "to act" }) : null,
      seat === view.first ? el("span", { class: "mgs-first", title: "holds the First Player token", text: "First Player" }) : null),
    figure("VP", String(view.vp[seat]), "victory points"),
    figure("Rings", String(view.rings[seat]), "Popularity Rings on the Flag"),
    figure("Forts", String(forts), "Forts on the map"),
    figure("Agents", String(agents), "Agents on the Agent Ops board, Header included"),
    figure("Soldiers out/home/stock", `${onMap - atHome} / ${atHome} / ${view.stock_soldiers[seat]}`,
      "soldiers on the map outside Home / at Home / in the personal stock"),
    figure("Action cubes", view.supply[seat].map((k, c) => cube(COLOURS[c], k, " action cubes")), "cubes to spend on actions"),
    figure("Evidence at Home", view.evidence[seat].map((k, c) => cube(COLOURS[c], k, " evidence cubes")), "evidence cubes in Home"),
    figure("Hand · secret", [backs(view.hand_sizes[seat], "in hand"), backs(view.secret_sizes[seat], "as secret evidence")],
      "cards in hand · cards placed as secret evidence")));
  }
  return el("div", { class: "mgs-players", role: "group", "aria-label": "Players" }, vpTrack(view, snapshot), rows);
}

// -- what is going on ---------------------------------------------------------------------------

function notes(view, info, snapshot) {
  const lines = [];
  const who = (seat) => seatName(snapshot, seat);
  if (view.battle && view.battle.length === 4) {
    const [attacker, defender, province, pot] = view.battle;
    lines.push(`Battle in ${provinceName(info, province)}: ${who(attacker)} attacks ${who(defender)}, ${plural(pot, "green cube")} at stake`);
  }
  if (view.last_battle && view.last_battle.length === 4) {
    const [attacker, defender, province, winner] = view.last_battle;
    const outcome = winner === -1 ? "both sides were wiped out" : winner === -2 ? "no card was left to flip" : `${who(winner)} won`;
    lines.push(`Last battle: ${who(attacker)} attacked ${who(defender)} in ${provinceName(info, province)}; ${outcome}`);
  }
  if (view.removals > 0) lines.push(`${who(view.current_player)} must remove ${plural(view.removals, "soldier")} from the map (Increase Popularity)`);
  if (view.placing) lines.push(`${who(view.current_player)} is placing Agents from the Header`);
  if (view.stage === "material" && view.current_player >= 0) {
    lines.push(`${who(view.current_player)} may discard ${plural(view.material_left, "more card")} for material, then place secret evidence`);
  }
  const owed = {};
  for (const [seat, count] of view.draws || []) owed[seat] = (owed[seat] || 0) + count;
  for (const [seat, count] of Object.entries(owed)) lines.push(`${who(Number(seat))} is to draw ${plural(count, "card")}`);
  if (view.stage === "influence") lines.push(`Apply Influence: ${plural(view.flips_left, "card")} left to flip`);
  if (view.stage === "over") lines.push(`Game over${view.end_reason ? `: ${view.end_reason}` : ""}`);
  return lines.length ? el("ul", { class: "mgs-notes", "aria-label": "What is happening" }, lines.map((t) => el("li", { text: t }))) : null;
}

function piles(view, info) {
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  return el("div", { class: "mgs-piles" },
    el("div", { class: "mgs-pile" }, el("div", { class: "mgs-pile-label", text: `Draw deck: ${plural(view.deck_size, "card")}` }),
      el("div", { "data-target": "deck", role: "img", "aria-label": `Draw deck, ${plural(view.deck_size, "card")}`, class: "mgs-deck" },
        cardBack(`Draw deck, ${plural(view.deck_size, "card")}`))),
    el("div", { class: "mgs-pile" }, el("div", { class: "mgs-pile-label", text: `Discard pile: ${plural(view.discard.length, "card")}` }),
      top === null ? el("div", { class: "mgs-card empty", text: "empty" }) : card(info, top, { target: false, small: true })),
    el("div", { class: "mgs-pile" }, el("div", { class: "mgs-pile-label", text: "Central Stockpile" }),
      el("div", { class: "mgs-stockpile", "aria-label": `Central Stockpile: ${cubesWords(view.stockpile)}` },
        view.stockpile.map((k, c) => cube(COLOURS[c], k, " in the Central Stockpile")))));
}

function hand(view, info) {
  if (view.hand === null || view.hand === undefined) return null;
  const mine = el("div", { class: "mgs-hand", "aria-label": "Your hand" },
    view.hand.length ? view.hand.map((id) => card(info, id)) : el("p", { class: "muted", text: "No cards in hand" }));
  const secret = el("div", { class: "mgs-hand", "aria-label": "Your secret evidence" },
    (view.my_secret || []).length ? view.my_secret.map((id) => card(info, id, { target: false })) : el("p", { class: "muted", text: "none" }));
  return [section(`Your hand (${plural(view.hand.length, "card")})`, mine),
    section("Your secret evidence (face down)", secret)];
}

// -- the contract -------------------------------------------------------------------------------

export function render(snapshot, info) {
  relabel(snapshot, info);
  const view = snapshot.view;
  return el("div", { class: "mgs-table" },
    el("div", { class: "mgs-top" }, roundTrack(view), notes(view, info, snapshot)),
    el("div", { class: "mgs-main" },
      el("div", { class: "mgs-mapbox" }, provinceMap(view, info, snapshot)),
      el("div", { class: "mgs-side" }, judgesPath(view, info), opsBoard(view, info, snapshot))),
    el("div", { class: "mgs-handrow" }, hand(view, info), section("Deck, discard pile, Central Stockpile", piles(view, info))),
    players(view, snapshot));
}

export function targets(action, snapshot, info) {
  const j = action.json || {};
  const view = snapshot.view || {};
  const me = snapshot.seat;
  switch (action.kind) {
    case "material":
    case "secret":
    case "produce_trade":
      return [`card:${j.card}`];
    case "influence": {
      const c = (info.deck || [])[j.card];
      return [`card:${j.card}`, ...(c ? c.influence.map(([judge]) => `judge:${judge}`) : [])];
    }
    case "produce":
      return ["deck"];
    case "conscript":
    case "popularity":
      return me === null || me === undefined ? [] : [`province:${(view.homes || [])[me]}`];
    case "remove_soldier":
    case "fortify":
    case "attack":
      return [`province:${j.province}`];
    case "march":
      return [`road:${Math.min(j.source, j.target)}-${Math.max(j.source, j.target)}`];
    case "add_agent":
    case "assign_agents":
      return ["header"];
    case "place_agent":
      return [`cell:${j.cell}`];
    case "agent_op": {
      const keys = [`cell:${j.cell}`];
      if (j.card >= 0) keys.push(`card:${j.card}`);
      if (j.judge >= 0) keys.push(`judge:${j.judge}`);
      if (j.province >= 0) keys.push(`province:${j.province}`);
      return keys;
    }
    default:
      return [];
  }
}


/** The scoreboard's rows (drawn by /scoreboard.js): victory points, then the first tie-breaks and the hand. */
export function scoreboard(snapshot) {
  const view = snapshot.view;
  return view.vp.map((vp, seat) => ({
    seat,
    score: ["VP", vp, "victory points"],
    stats: [["Rings", view.rings[seat], "Popularity Rings: the first tie-break"],
      ["Forts", view.forts.filter((f) => f === seat).length, "Forts on the map"],
      ["Hand", view.hand_sizes[seat], "cards in hand"],
      ["Soldiers", view.stock_soldiers[seat], "soldiers in the personal stock"]],
  }));
}

/** A seat's hidden cards at the end of the game (its hand, its secret evidence), as small cards. */
export function revealPart(part, snapshot, info) {
  const key = part.path[part.path.length - 1];
  if ((key !== "hand" && key !== "my_secret") || !Array.isArray(part.value)) return null;
  return el("div", { class: "mgs-hand reveal-cards" }, part.value.map((id) => card(info, id, { target: false, small: true })));
}

// -- help on each choice (shown under it when "Help on choices" is on, and as its tooltip) ---------

/** The rule behind each kind of choice, in a sentence (the rules cheatsheet says the rest). */
export const HELP = {
  pass: "Do nothing in this phase; your turn in it ends.",
  material: "Discard this card for the cubes in its corner (one card per Ring you have).",
  secret: "Place this card face down as secret evidence: its cubes count for its Judge at the next scoring round.",
  conscript: "People (1 purple, to Home): add 3 soldiers to your Home province.",
  produce: "People (1 purple, to Home): draw a card.",
  produce_trade: "People (1 purple, to Home): trade a \"2\" or \"3\" card for that many new cards.",
  popularity: "People (2 purple): gain a Ring, then remove one soldier on the map per Ring you already had.",
  remove_soldier: "Remove this soldier as your Popularity requires.",
  influence: "People (2 purple, to Home) and a discarded card: move the Judges it shows all forward or all back.",
  march: "Military (1 green): move soldiers to a neighbouring province.",
  fortify: "Military (2 green): turn one soldier into a Fort where you have the most soldiers.",
  attack: "Military (2 green): fight here, flipping cards until one side is gone; the winner takes the cubes as evidence.",
  add_agent: "Agents (orange): a new Agent costs 1 orange per Agent you already have on the board.",
  assign_agents: "Agents: put your Agents into open cells of the Agent Ops board, for free.",
  place_agent: "Put one of your Agents in this cell: it works there in the Agent Ops phases.",
  agent_op: "Use your Agent in this cell: pay its cost and get its effect (the cell says which).",
};

export function actionHelp(action) {
  return HELP[action.kind] || null;
}

/** This board's own marks, for the legend under it (legend.js). */
export const legend = [{ selector: ".mgs-card.empty", swatch: "empty-slot", text: "dashed: an empty pile" }];
