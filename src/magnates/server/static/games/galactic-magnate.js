// Galactic Magnate's table: the square board of 40 locations, pawns, owners and upgrade pips, the
// economy (salary track, distance to collapse), the dice, the auction or Fortune event in progress,
// the trade offers as two bundles side by side, and a panel per player. Drawn from one seat message
// (`snapshot.view`) plus the game's static data (`info.board`, `info.tables`); see kit.js for the
// renderer contract. Board keys: "loc:<0..39>", "seat:<0..>", "dice", "event", "bid:<kind>:<amount>",
// "offer:<offerer seat>", "trade", "character:<name>".
import { el, svg, seatColor, seatName, die, pips, playerPanel } from "/kit.js";
import { amountControl, fewestSteps } from "/amount-steps.js";

const CSS_HREF = new URL("./galactic-magnate.css", import.meta.url).href;
if (!document.querySelector(`link[href="${CSS_HREF}"]`)) {
  document.head.append(el("link", { rel: "stylesheet", href: CSS_HREF }));
}

/** Monopoly colours by the data's colour words, chosen to read well under a name in black. */
const GROUP_FILL = {
  brown: "#9a6233", cyan: "#2bb3d4", magenta: "#c0359c", orange: "#f08a1c",
  red: "#d7353a", yellow: "#f2cc3d", green: "#3a9d4b", blue: "#2f57c2",
};
const KIND_WORD = { utility: "Utility", extractor: "Extractor", fortune: "Fortune", bonus: "Bonus" };

const SIZE = 1000;
const CORNER = 136;
const CELL = (SIZE - 2 * CORNER) / 9;
const BAND = 22;

// -- words -------------------------------------------------------------------------------------

/** A number as people write it, with a true minus sign (never a bare "-1"). */
function num(value) {
  const n = Number(value) || 0;
  return `${n < 0 ? "−" : ""}${Math.abs(n).toLocaleString("en")}`;
}

function signed(value) {
  return value > 0 ? `+${num(value)}` : num(value);
}

function locations(info) { return ((info && info.board) || {}).locations || []; }
function groups(info) { return ((info && info.board) || {}).groups || []; }
function tables(info) { return (info && info.tables) || {}; }

function locName(info, index) {
  const loc = locations(info)[index];
  return loc ? loc.name : `location ${index + 1}`;
}

function character(view, info, seat) {
  const index = (view.characters || [])[seat];
  const names = (info && info.characters) || [];
  return index !== undefined && index !== null && index >= 0 && names[index] ? names[index] : null;
}

function who(snapshot, info, seat) {
  const name = seatName(snapshot, seat);
  const role = character(snapshot.view || {}, info, seat);
  return role ? `${name}, the ${role}` : name;
}

/** The seat whose turn it is (the playing order's current entry). */
function turnHolder(view) {
  const order = view.order || [];
  return order.length ? order[view.turn || 0] : null;
}

function groupOwner(view, group) {
  const owners = new Set(group.locations.map((i) => (view.owner || [])[i]));
  if (owners.size !== 1) return null;
  const owner = [...owners][0];
  return owner !== undefined && owner !== null && owner >= 0 ? owner : null;
}

/** What landing on an owned location costs or earns now, in words ("fee 230"), or its price if free. */
function valueLine(view, info, loc) {
  if (!loc.price) return null;
  const owner = (view.owner || [])[loc.index];
  if (owner === undefined || owner === null || owner < 0) return `price ${num(loc.price)}`;
  const t = tables(info);
  const owned = (kind) => locations(info).filter((l) => l.kind === kind && view.owner[l.index] === owner).length;
  if (loc.kind === "monopoly") {
    const level = (view.level || [])[loc.group] || 0;
    return level > 0 ? `fee ${num(groups(info)[loc.group].fees[level - 1])}` : `price ${num(loc.price)}`;
  }
  if (loc.kind === "utility") return `fee ${num((t["utility fees"] || [])[owned("utility") - 1] || 0)}`;
  if (loc.kind === "extractor") return `profit ${num((t["extractor profits"] || [])[owned("extractor") - 1] || 0)}`;
  return `price ${num(loc.price)}`;
}

function describeLocation(snapshot, info, loc) {
  const view = snapshot.view || {};
  const parts = [loc.name, loc.index ? `${loc.index} step${loc.index === 1 ? "" : "s"} after Start` : "where every pawn begins"];
  if (loc.kind === "monopoly") parts.push(`${groups(info)[loc.group].name} monopoly`);
  else if (KIND_WORD[loc.kind] && loc.name !== KIND_WORD[loc.kind]) parts.push(KIND_WORD[loc.kind].toLowerCase());
  if (loc.price) parts.push(`minimum price ${num(loc.price)}, mortgage value ${num(loc.mortgage)}`);
  const owner = (view.owner || [])[loc.index];
  if (loc.price) parts.push(owner >= 0 ? `owned by ${who(snapshot, info, owner)}` : "not owned");
  if (loc.kind === "monopoly") {
    const group = groups(info)[loc.group];
    const level = (view.level || [])[loc.group] || 0;
    parts.push(`level ${level} of ${tables(info)["max level"] || 5}`);
    parts.push(`upgrade ${num(group.upgrade)}, fees by level ${group.fees.map(num).join(" / ")}`);
  }
  const line = valueLine(view, info, loc);
  if (line && owner >= 0) parts.push(line);
  const here = (view.pos || []).map((p, seat) => [p, seat]).filter(([p, seat]) => p === loc.index && view.alive[seat]);
  if (here.length) parts.push(`here: ${here.map(([, seat]) => seatName(snapshot, seat)).join(", ")}`);
  return parts.join("; ");
}

function phaseWords(snapshot, info) {
  const view = snapshot.view || {};
  const holder = turnHolder(view);
  const name = view.phase_name || "";
  const loc = holder !== null ? locName(info, view.pos[holder]) : "";
  switch (name) {
    case "characters": return `${who(snapshot, info, view.chooser)} chooses a character`;
    case "order": return "Drawing the playing order";
    case "roll": return `${who(snapshot, info, holder)}: before the roll`;
    case "dice": return `${who(snapshot, info, holder)} rolls the dice`;
    case "buy": return `${who(snapshot, info, holder)} stands on ${loc}, for sale: start an auction or do nothing`;
    case "auction": return `Auction of ${locName(info, view.a_loc)}`;
    case "fortune": return `${who(snapshot, info, holder)} draws a Fortune event`;
    case "event-choice": return `${who(snapshot, info, holder)} takes or refuses a Fortune event`;
    case "offer": return `${who(snapshot, info, holder)} is making an offer`;
    case "over": return "Game over";
    default: return name ? `${who(snapshot, info, holder)}: ${name.replace(/[-_]/g, " ")}` : "";
  }
}

// -- the board -----------------------------------------------------------------------------------

/** The rectangle of location `i` (0 = Start, bottom left; clockwise) and the side its band faces. */
export function cellBox(i) {
  const far = SIZE - CORNER;
  if (i === 0) return { x: 0, y: far, w: CORNER, h: CORNER, side: "corner" };
  if (i < 10) return { x: 0, y: far - i * CELL, w: CORNER, h: CELL, side: "left" };
  if (i === 10) return { x: 0, y: 0, w: CORNER, h: CORNER, side: "corner" };
  if (i < 20) return { x: CORNER + (i - 11) * CELL, y: 0, w: CELL, h: CORNER, side: "top" };
  if (i === 20) return { x: far, y: 0, w: CORNER, h: CORNER, side: "corner" };
  if (i < 30) return { x: far, y: CORNER + (i - 21) * CELL, w: CORNER, h: CELL, side: "right" };
  if (i === 30) return { x: far, y: far, w: CORNER, h: CORNER, side: "corner" };
  return { x: far - (i - 30) * CELL, y: far, w: CELL, h: CORNER, side: "bottom" };
}

/** Split a name into lines of at most `width` characters, word by word. */
function wrap(text, width) {
  const lines = [];
  for (const word of String(text).split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + " " + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The short label a phone shows: a monopoly's own word (its colour names the group), else the first. */
function shortName(loc) {
  const words = loc.name.split(/\s+/);
  return loc.kind === "monopoly" ? words[words.length - 1] : words[0];
}

function textLines(lines, x, y, step, attrs) {
  return lines.map((line, k) => svg("text", { x, y: y + k * step, ...attrs }, line));
}

function pawn(snapshot, info, seat, x, y, r) {
  const view = snapshot.view || {};
  const where = locName(info, view.pos[seat]);
  const jailed = (view.prison || [])[seat] > 0 ? `, in Prison (${view.prison[seat]} turns to skip)` : "";
  const label = `pawn of ${who(snapshot, info, seat)}, on ${where}${jailed}`;
  return svg("g", { class: `gm-pawn${seat === snapshot.seat ? " mine" : ""}`, role: "img", "aria-label": label, "data-seat": seat },
    svg("title", {}, label),
    svg("circle", { cx: x, cy: y, r, fill: seatColor(seat), stroke: seat === snapshot.seat ? "#111" : "#fff", "stroke-width": 3 }),
    svg("text", { x, y: y + r * 0.42, "text-anchor": "middle", "font-size": r * 1.2, "font-weight": 700, fill: "#fff" }, String(seat + 1)));
}

function pawnsAt(snapshot, info, index, box, area) {
  const view = snapshot.view || {};
  const seats = (view.pos || []).map((p, seat) => seat).filter((seat) => view.pos[seat] === index && view.alive[seat]);
  if (!seats.length) return [];
  const corner = box.side === "corner";
  const r = corner ? 15 : 11;
  const step = r * 2 + 3;
  const perRow = corner ? 4 : area.w > area.h ? 4 : 3;
  const rows = Math.ceil(seats.length / perRow);
  const cy0 = corner ? box.y + box.h * 0.64 : area.w > area.h ? area.y + area.h * 0.55 : area.y + area.h * 0.62;
  return seats.map((seat, k) => {
    const row = Math.floor(k / perRow);
    const inRow = Math.min(perRow, seats.length - row * perRow);
    const x = area.x + area.w / 2 + ((k % perRow) - (inRow - 1) / 2) * step;
    const y = cy0 + (row - (rows - 1) / 2) * step;
    return pawn(snapshot, info, seat, x, y, r);
  });
}

const STRIP = 15;

/** The cell less its colour band (facing the centre) and its owner strip (on the outer edge). */
function contentArea(box) {
  const { x, y, w, h } = box;
  switch (box.side) {
    case "left": return { x: x + STRIP, y, w: w - STRIP - BAND, h };
    case "right": return { x: x + BAND, y, w: w - STRIP - BAND, h };
    case "top": return { x, y: y + STRIP, w, h: h - STRIP - BAND };
    case "bottom": return { x, y: y + BAND, w, h: h - STRIP - BAND };
    default: return { x, y, w, h };
  }
}

function bandRect(box) {
  const { x, y, w, h } = box;
  return { left: [x + w - BAND, y, BAND, h], right: [x, y, BAND, h], top: [x, y + h - BAND, w, BAND], bottom: [x, y, w, BAND] }[box.side];
}

function stripRect(box) {
  const { x, y, w, h } = box;
  return { left: [x, y, STRIP, h], right: [x + w - STRIP, y, STRIP, h], top: [x, y, w, STRIP], bottom: [x, y + h - STRIP, w, STRIP] }[box.side];
}

function locationCell(snapshot, info, loc) {
  const view = snapshot.view || {};
  const box = cellBox(loc.index);
  const owner = (view.owner || [])[loc.index];
  const owned = owner !== undefined && owner !== null && owner >= 0;
  const group = loc.kind === "monopoly" ? groups(info)[loc.group] : null;
  const corner = box.side === "corner";
  const label = describeLocation(snapshot, info, loc);
  const g = svg("g", { class: `gm-loc gm-${loc.kind}${owned ? " owned" : ""}`, "data-target": `loc:${loc.index}`,
    "data-loc": loc.index, role: "img", "aria-label": label });
  g.append(svg("title", {}, label));
  g.append(svg("rect", { class: "gm-cell", x: box.x, y: box.y, width: box.w, height: box.h,
    fill: owned ? tint(owner) : "#fffdf7", stroke: "#8a8170", "stroke-width": 1 }));
  if (group) {
    const band = bandRect(box);
    g.append(svg("rect", { class: "gm-band", x: band[0], y: band[1], width: band[2], height: band[3],
      fill: GROUP_FILL[group.color] || "#999", stroke: "#5a5344", "stroke-width": 0.8 }));
    if (groupOwner(view, group) !== null) g.append(levelPips(view, info, group, band));
  }
  if (owned && !corner) {
    const strip = stripRect(box);
    g.append(svg("g", { class: "gm-owner" },
      svg("rect", { x: strip[0], y: strip[1], width: strip[2], height: strip[3], fill: seatColor(owner) }),
      svg("text", { x: strip[0] + strip[2] / 2, y: strip[1] + strip[3] / 2 + 4.5, "text-anchor": "middle", "font-size": 12.5,
        "font-weight": 700, fill: "#fff" }, String(owner + 1))));
  }
  const area = contentArea(box);
  const cx = area.x + area.w / 2;
  const wide = area.w > area.h;
  const nameWidth = corner ? 12 : wide ? 13 : 9;
  const lines = wrap(loc.name, nameWidth).slice(0, 3);
  const lineStep = corner ? 20 : 13.5;
  const top = area.y + (corner ? 30 : 16);
  g.append(svg("g", { class: "gm-name" }, textLines(lines, cx, top, lineStep,
    { "text-anchor": "middle", "font-size": corner ? 18 : 12.5, "font-weight": 650 })));
  g.append(svg("text", { class: "gm-short", x: cx, y: area.y + (corner ? 34 : 24), "text-anchor": "middle",
    "font-size": corner ? 26 : wide ? 19 : 15, "font-weight": 700 }, corner ? loc.name.split(" ")[0] : shortName(loc)));
  const sub = cellSubtitle(view, info, loc);
  if (sub) {
    g.append(svg("text", { class: "gm-sub", x: cx, y: top + lines.length * lineStep - (corner ? 2 : 1.5),
      "text-anchor": "middle", "font-size": corner ? 13 : 10.5, fill: "#555" }, sub));
  }
  const value = valueLine(view, info, loc);
  if (value) {
    g.append(svg("text", { class: "gm-price", x: cx, y: area.y + area.h - 6, "text-anchor": "middle", "font-size": 11.5,
      "font-weight": 600, fill: "#333" }, value));
  }
  if (loc.index === (info.board.corners || {}).prison) g.append(prisonBars(box));
  g.append(...pawnsAt(snapshot, info, loc.index, box, area));
  return g;
}

/** A light wash of the owner's colour (blended here: SVG fill attributes take no color-mix). */
function tint(seat) {
  const hex = seatColor(seat).replace("#", "");
  const mix = (k) => Math.round(parseInt(hex.slice(k, k + 2), 16) * 0.22 + 255 * 0.78).toString(16).padStart(2, "0");
  return `#${mix(0)}${mix(2)}${mix(4)}`;
}

function cellSubtitle(view, info, loc) {
  const t = tables(info);
  if (loc.kind === "utility" || loc.kind === "extractor") return KIND_WORD[loc.kind].toLowerCase();
  if (loc.kind === "bonus") return `+${num(t["bonus money"] || 0)} each`;
  if (loc.kind === "meteor") return "salary −10";
  if (loc.kind === "start") return view.collapsed ? `pay ${num(view.expenses)}` : `salary +${num(view.salary)}`;
  if (loc.kind === "prison") return `skip ${t["prison turns"] || 3} turns`;
  if (loc.kind === "dormitory") return "rest";
  return null;
}

function prisonBars(box) {
  const bars = [];
  for (let k = 1; k < 6; k++) {
    bars.push(svg("line", { x1: box.x + (box.w * k) / 6, y1: box.y + box.h * 0.38, x2: box.x + (box.w * k) / 6, y2: box.y + box.h - 6,
      stroke: "#6b6b78", "stroke-width": 2.5, opacity: 0.55 }));
  }
  return svg("g", { class: "gm-bars", "aria-hidden": "true" }, bars);
}

function levelPips(view, info, group, band) {
  const level = (view.level || [])[group.index] || 0;
  const max = tables(info)["max level"] || 5;
  const vertical = band[3] > band[2];
  const step = 11;
  const dots = [];
  for (let k = 0; k < max; k++) {
    const offset = (k - (max - 1) / 2) * step;
    const cx = vertical ? band[0] + band[2] / 2 : band[0] + band[2] / 2 + offset;
    const cy = vertical ? band[1] + band[3] / 2 + offset : band[1] + band[3] / 2;
    dots.push(svg("circle", { cx, cy, r: 4, fill: k < level ? "#fff" : "none", stroke: "#fff", "stroke-width": 1.6 }));
  }
  return svg("g", { class: "gm-pips", "aria-hidden": "true" }, dots);
}

/** What a phone shows in the middle of the board (the full centre follows the board there). */
function phoneCentre(snapshot, info) {
  const view = snapshot.view || {};
  const g = svg("g", { class: "gm-phone-centre", "aria-hidden": "true" });
  let y = CORNER + 90;
  const line = (text, size, fill = "#f2f4ff", weight = 600) => {
    g.append(svg("text", { x: SIZE / 2, y, "text-anchor": "middle", "font-size": size, fill, "font-weight": weight }, text));
    y += size * 1.3;
  };
  for (const part of wrap(phaseWords(snapshot, info), 30).slice(0, 3)) line(part, 40, "#ffe9a8", 700);
  y += 20;
  const last = lastDice(snapshot);
  if (last) {
    for (const [k, value] of [last.first, last.second].entries()) {
      const x = SIZE / 2 - 110 + k * 130;
      g.append(svg("rect", { x, y, width: 90, height: 90, rx: 14, fill: "#fff", stroke: "#333", "stroke-width": 3 }));
      g.append(svg("text", { x: x + 45, y: y + 64, "text-anchor": "middle", "font-size": 60, "font-weight": 700, fill: "#222" }, String(value)));
    }
    y += 150;
  }
  line(view.collapsed ? `Expenses ${num(view.expenses)}` : `Salary ${num(view.salary)}`, 40);
  if (view.phase_name === "auction") {
    const held = view.a_high !== null && view.a_high !== undefined && view.a_high >= 0;
    line(held ? `High bid ${num(view.a_bid)}: ${seatName(snapshot, view.a_high)}`
      : `Opening bid ${num(view.a_bid || tables(info)["auction opening"] || 0)}`, 38);
    if (view.a_next >= 0) line(`To bid: ${seatName(snapshot, view.a_next)}`, 38);
  }
  const offers = (view.offers || []).length;
  if (offers) line(`${offers} open offer${offers === 1 ? "" : "s"} (below)`, 34, "#c9cfe6");
  return g;
}

function drawBoard(snapshot, info) {
  const root = svg("svg", { class: "gm-board", viewBox: `0 0 ${SIZE} ${SIZE}`, role: "group",
    "aria-label": "the board: 40 locations clockwise from Start" });
  root.append(svg("rect", { x: 0, y: 0, width: SIZE, height: SIZE, fill: "#0f1834", rx: 6 }));
  root.append(svg("rect", { x: CORNER, y: CORNER, width: SIZE - 2 * CORNER, height: SIZE - 2 * CORNER, fill: "url(#gm-space)" }));
  root.append(svg("defs", {}, svg("radialGradient", { id: "gm-space" },
    svg("stop", { offset: "0%", "stop-color": "#24346b" }), svg("stop", { offset: "100%", "stop-color": "#0f1834" }))));
  for (const loc of locations(info)) root.append(locationCell(snapshot, info, loc));
  root.append(phoneCentre(snapshot, info));
  return root;
}

// -- the centre: now, dice, economy, auction, offers ----------------------------------------------

function lastDice(snapshot) {
  const log = snapshot.log || [];
  for (let k = log.length - 1; k >= 0; k--) {
    const m = /^Dice (\d)\+(\d)/.exec(log[k].text || "");
    if (m) {
      let roller = null;
      for (let j = k - 1; j >= 0; j--) if (log[j].actor >= 0) { roller = log[j].actor; break; }
      return { first: Number(m[1]), second: Number(m[2]), roller };
    }
  }
  return null;
}

function drawDice(snapshot, info) {
  const view = snapshot.view || {};
  const last = lastDice(snapshot);
  const canRoll = (snapshot.legal || []).some((a) => a.kind === "roll");
  const faces = last ? [die(last.first, { label: "first die" }), die(last.second, { label: "second die" })]
    : [die("?", { label: "first die, not rolled yet" }), die("?", { label: "second die, not rolled yet" })];
  const words = last
    ? `${last.first} + ${last.second} = ${last.first + last.second}${last.first === last.second ? ", doubles" : ""}` +
      (last.roller !== null ? ` (${seatName(snapshot, last.roller)})` : "")
    : "no roll yet";
  const doubles = view.doubles > 0 && view.phase_name !== "over" ? ` · doubles in a row: ${view.doubles}` : "";
  return el("div", { class: "gm-dice", "data-target": "dice", "aria-label": canRoll ? "the dice: roll them" : `the dice: last roll ${words}` },
    el("div", { class: "gm-faces" }, faces),
    el("div", { class: "gm-dice-words" }, canRoll ? el("strong", { class: "gm-roll-hint", text: "Click to roll" })
      : el("span", { class: "muted", text: "Last roll " }), canRoll ? null : words + doubles));
}

function drawEconomy(snapshot, info) {
  const view = snapshot.view || {};
  const t = tables(info);
  const start = t["start salary"] || view.salary || 1;
  const top = Math.max(start, view.salary || 0);
  const width = 300;
  const bar = svg("svg", { class: "gm-track", viewBox: `0 0 ${width + 20} 34`, role: "img",
    "aria-label": view.collapsed ? `economy collapsed, expenses ${num(view.expenses)}` : `salary ${num(view.salary)} of ${num(start)} at the start` });
  bar.append(svg("rect", { x: 10, y: 8, width, height: 10, rx: 5, fill: "#e3ddd0" }));
  if (!view.collapsed) {
    const w = (width * Math.max(0, view.salary)) / top;
    bar.append(svg("rect", { x: 10, y: 8, width: w, height: 10, rx: 5, fill: view.salary < start / 3 ? "#d7353a" : "#3a9d4b" }));
    bar.append(svg("circle", { cx: 10 + w, cy: 13, r: 7, fill: "#fff", stroke: "#222", "stroke-width": 2 }));
  } else {
    bar.append(svg("rect", { x: 10, y: 8, width, height: 10, rx: 5, fill: "#a3262a" }));
  }
  bar.append(svg("text", { x: 10, y: 32, "font-size": 10, fill: "#555" }, "0: collapse"));
  bar.append(svg("text", { x: width + 10, y: 32, "font-size": 10, fill: "#555", "text-anchor": "end" }, num(top)));
  const every = t["recession every rounds"] || 4;
  const step = Math.abs(t["recession change"] || 10);
  let words;
  if (view.collapsed) {
    words = `The economy has collapsed: passing Start costs ${num(view.expenses)} in expenses.`;
  } else {
    const steps = Math.ceil(view.salary / step);
    const rounds = Math.max(1, steps * every - ((view.rounds || 0) % every));
    // The rule (turns.py): at the end of every `every`-th completed round the salary falls by `step`.
    words = `Salary falls by ${num(step)} every ${every} rounds; collapse in about ${rounds} round${rounds === 1 ? "" : "s"}` +
      " (sooner after a meteor shower, later after progress).";
  }
  return el("div", { class: "gm-economy" },
    el("div", { class: "gm-economy-head" },
      el("strong", { text: view.collapsed ? `Expenses ${num(view.expenses)}` : `Salary ${num(view.salary)}` }),
      el("span", { class: "muted", text: view.phase_name === "over" ? ` · ${num(view.rounds || 0)} round${view.rounds === 1 ? "" : "s"} played`
        : ` · round ${num((view.rounds || 0) + 1)}${view.max_rounds ? ` of at most ${num(view.max_rounds)}` : ""}` })),
    bar, el("div", { class: "gm-economy-words", text: words }));
}

function seatChip(snapshot, seat, extra = "") {
  return el("span", { class: `gm-seat-chip${extra}`, style: `--seat:${seatColor(seat)}` }, seatName(snapshot, seat));
}

function propertyChip(info, index) {
  const loc = locations(info)[index];
  if (!loc) return null;
  const group = loc.kind === "monopoly" ? groups(info)[loc.group] : null;
  const color = group ? GROUP_FILL[group.color] : loc.kind === "utility" ? "#8a8f98" : "#2b2b2b";
  return el("span", { class: "gm-prop", title: `${loc.name}${loc.price ? `, price ${num(loc.price)}` : ""}`, style: `--group:${color}` },
    loc.name);
}

function bidKey(action) {
  const amount = (action.json || {}).amount;
  return `bid:${action.kind}${amount !== undefined ? `:${amount}` : ""}`;
}

function drawAuction(snapshot, info) {
  const view = snapshot.view || {};
  const t = tables(info);
  const loc = locations(info)[view.a_loc] || { name: "a property", price: 0 };
  const seller = view.a_seller;
  const held = view.a_high !== null && view.a_high !== undefined && view.a_high >= 0;
  const bid = held ? view.a_bid : view.a_bid || t["auction opening"] || 0;
  const ring = view.a_ring || [];
  const still = ring.filter((s) => !(view.a_out || [])[s]);
  const passed = ring.filter((s) => (view.a_out || [])[s]);
  const kind = view.a_player
    ? `${who(snapshot, info, seller)} sells it (a player auction: the seller gets ${t["seller percent"] || 80}% of the final bid, the bank 20%)`
    : `${who(snapshot, info, seller)} is the middleman (gets ${t["middleman percent"] || 20}% of the final bid)`;
  const bidLegal = (snapshot.legal || []).filter((a) => ["bid", "raise", "pass"].includes(a.kind));
  const controls = bidLegal.map((a) => {
    const amount = (a.json || {}).amount;
    const text = a.kind === "raise" ? `Raise by ${num(amount)} to ${num(view.a_bid + amount)}` : a.kind === "bid" ? `Bid ${num(bid)}` : "Pass";
    return el("button", { type: "button", class: `gm-bid gm-${a.kind}`, "data-target": bidKey(a), "aria-label": text, text });
  });
  return el("section", { class: "gm-now gm-auction", "aria-label": `auction of ${loc.name}` },
    el("h4", {}, `Auction of ${loc.name}`, loc.price ? el("span", { class: "muted", text: ` · minimum price ${num(loc.price)}` }) : null),
    el("div", { class: "muted", text: kind }),
    el("div", { class: "gm-bidline" },
      el("span", { class: "gm-bid-label", text: held ? "High bid" : "Opening bid" }),
      el("strong", { class: "gm-bid-value", text: num(bid) }),
      held ? el("span", {}, " by ", seatChip(snapshot, view.a_high)) : el("span", { class: "muted", text: " (nobody holds it yet)" })),
    el("div", { class: "gm-bidline" }, el("span", { class: "gm-bid-label", text: "To bid" }),
      view.a_next >= 0 ? seatChip(snapshot, view.a_next, " next") : el("span", { text: "nobody" })),
    el("div", { class: "gm-bidline" }, el("span", { class: "gm-bid-label", text: "Still in" }),
      still.length ? still.map((s) => seatChip(snapshot, s)) : el("span", { class: "muted", text: "nobody" })),
    passed.length ? el("div", { class: "gm-bidline" }, el("span", { class: "gm-bid-label", text: "Passed" }),
      passed.map((s) => seatChip(snapshot, s, " passed"))) : null,
    controls.length ? el("div", { class: "gm-bid-controls", "aria-label": "your bid" }, controls) : null);
}

function drawEvent(snapshot, info) {
  const view = snapshot.view || {};
  const event = ((info && info.events) || [])[view.event] || (info.events || []).find((e) => e.key === view.event_key);
  if (!event) return null;
  return el("section", { class: "gm-now gm-event", "data-target": "event", "aria-label": `Fortune event: ${event.title}` },
    el("h4", { text: `Fortune: ${event.title}` }), el("p", { text: event.text }),
    event.choice ? el("p", { class: "muted", text: `${who(snapshot, info, turnHolder(view))} may take it or refuse it.` }) : null);
}

function drawBuy(snapshot, info) {
  const view = snapshot.view || {};
  const holder = turnHolder(view);
  const loc = locations(info)[view.pos[holder]];
  if (!loc) return null;
  return el("section", { class: "gm-now", "aria-label": `${loc.name} is for sale` },
    el("h4", { text: `${loc.name} is for sale` }),
    el("p", { text: `${who(snapshot, info, holder)} may start an auction at the minimum price ${num(loc.price)} (as the middleman, for ${tables(info)["middleman percent"] || 20}% of the final bid and back to Start) or do nothing.` }));
}

function drawCharacters(snapshot, info) {
  const view = snapshot.view || {};
  const names = (info && info.characters) || [];
  const takenBy = new Map();
  (view.characters || []).forEach((index, seat) => { if (index >= 0) takenBy.set(index, seat); });
  return el("section", { class: "gm-now gm-characters", "aria-label": "characters" },
    el("h4", { text: `${who(snapshot, info, view.chooser)} chooses a character` }),
    el("div", { class: "gm-character-list" }, names.map((name, index) => {
      const seat = takenBy.get(index);
      return el("span", { class: `gm-character${seat !== undefined ? " taken" : ""}`, "data-target": `character:${name}`,
        "aria-label": seat !== undefined ? `the ${name}, taken by ${seatName(snapshot, seat)}` : `the ${name}`,
        style: seat !== undefined ? `--seat:${seatColor(seat)}` : null }, name, seat !== undefined ? ` (${seat + 1})` : "");
    })));
}

/** An offer as two bundles (what each side gives), from the view's `give`/`take` lists and money. */
export function offerBundles(offer) {
  const list = (value) => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]);
  const fromGives = { props: list(offer.give), money: 0 };
  const toGives = { props: list(offer.take), money: 0 };
  if (typeof offer.give_money === "number" || typeof offer.take_money === "number") {
    fromGives.money = offer.give_money || 0;
    toGives.money = offer.take_money || 0;
  } else if (typeof offer.money === "number") {
    // money: what the receiver pays the offerer (negative: the offerer pays).
    if (offer.money > 0) toGives.money = offer.money; else fromGives.money = -offer.money;
  }
  return { from: offer.from, to: offer.to, fromGives, toGives };
}

function bundle(snapshot, info, seat, gives, controls = []) {
  const items = gives.props.map((p) => propertyChip(info, typeof p === "number" ? p : locations(info).findIndex((l) => l.name === p)));
  if (gives.money) items.push(el("span", { class: "gm-money", text: `${num(gives.money)} in cash` }));
  return el("div", { class: "gm-bundle", style: `--seat:${seatColor(seat)}` },
    el("div", { class: "gm-bundle-head" }, seatChip(snapshot, seat), " gives"),
    el("div", { class: "gm-bundle-items" }, items.length ? items : el("span", { class: "muted", text: "nothing" })),
    controls.length ? el("div", { class: "gm-trade-controls" }, el("span", { class: "muted", text: "cash" }), controls) : null);
}

function bundles(snapshot, info, offer, mine = [], theirs = []) {
  const b = offerBundles(offer);
  return el("div", { class: "gm-bundles" }, bundle(snapshot, info, b.from, b.fromGives, mine), el("span", { class: "gm-swap", text: "⇄" }),
    b.to >= 0 ? bundle(snapshot, info, b.to, b.toGives, theirs) : el("div", { class: "gm-bundle" }));
}

function tradeKey(action) {
  const amount = (action.json || {}).amount;
  return `trade:${action.kind}${amount !== undefined ? `:${amount}` : ""}`;
}

const TRADE_BUTTON_KINDS = new Set(["propose", "no-offer"]); // the cash is set in the choices (amountControls)

function tradeButton(action) {
  const amount = (action.json || {}).amount;
  const text = amount !== undefined ? `+${num(amount)}` : action.text;
  return el("button", { type: "button", class: `gm-trade gm-${action.kind}`, "data-target": tradeKey(action), "aria-label": action.text,
    title: action.text, text });
}

const CASH_KINDS = ["offer-money", "ask-money"];

/**
 * The cash of the offer being built, as one amount: the choices panel shows this control instead of
 * the "+10 / +50 / +100 / +500" steps, and plays the fewest steps that reach the amount set.
 */
export function amountControls(snapshot, info, ctx) {
  const view = snapshot.view || {};
  const draft = view.draft;
  const legal = (snapshot.legal || []).filter((a) => CASH_KINDS.includes(a.kind));
  if (!draft || draft.from !== snapshot.seat || !legal.length) return null;
  const means = (seat) => Math.max(0, Math.floor(((view.cash || [])[seat] + ((view.credit || [])[seat] || 0)) / 10) * 10);
  const mine = means(draft.from);
  const theirs = means(draft.to);
  const partner = seatName(snapshot, draft.to);
  // Every step of the game's action space, legal now or not: the search keeps each one within the means.
  const moves = (info.actions || []).map((a) => ({ id: a.id, kind: a.kind, amount: (a.json || {}).amount }))
    .filter((a) => CASH_KINDS.includes(a.kind) && Number.isInteger(a.amount))
    .map((a) => ({ id: a.id, delta: a.kind === "offer-money" ? -a.amount : a.amount }));
  const words = (v) => (v === 0 ? "no cash" : v < 0 ? `you give ${num(-v)}` : `${partner} gives ${num(v)}`);
  const plan = (v) => {
    if (!Number.isInteger(v) || v % 10) return "Cash goes in steps of 10.";
    if (v < -mine) return `You can give at most ${num(mine)} now (cash plus credit).`;
    if (v > theirs) return `${partner} can pay at most ${num(theirs)} now (cash plus credit).`;
    const ids = fewestSteps(draft.money, v, moves.length ? moves : legalMoves(legal), -mine, theirs, draft.steps_left);
    return ids || `That takes more than the ${num(draft.steps_left)} changes left to this offer.`;
  };
  return { kinds: CASH_KINDS, element: amountControl({ title: "Cash in the offer", now: draft.money, low: -mine, high: theirs, step: 10,
    sides: ["you give", `${partner} gives`], words, plan, playSeries: ctx.playSeries }) };
}

function legalMoves(legal) {
  return legal.map((a) => ({ id: a.id, delta: (a.kind === "offer-money" ? -1 : 1) * (a.json || {}).amount }));
}

function drawOffers(snapshot, info) {
  const view = snapshot.view || {};
  const offers = view.offers || [];
  const blocks = offers.map((offer) => {
    const to = offer.to;
    return el("div", { class: "gm-offer", "data-target": `offer:${offer.from}`,
      "aria-label": `offer from ${seatName(snapshot, offer.from)} to ${seatName(snapshot, to)}` },
    el("div", { class: "gm-offer-title" }, "Offer from ", seatChip(snapshot, offer.from), " to ", seatChip(snapshot, to)),
    bundles(snapshot, info, offer));
  });
  const draft = view.draft;
  let drafting = null;
  if (draft) {
    const legal = (snapshot.legal || []).filter((a) => TRADE_BUTTON_KINDS.has(a.kind));
    const finish = legal.filter((a) => a.kind === "propose" || a.kind === "no-offer").map(tradeButton);
    const left = typeof draft.steps_left === "number" ? ` (${num(draft.steps_left)} changes left)` : "";
    drafting = el("div", { class: "gm-offer gm-draft", "aria-label": `offer being made by ${seatName(snapshot, draft.from)}` },
      el("div", { class: "gm-offer-title" }, "Offer being made by ", seatChip(snapshot, draft.from), " to ", seatChip(snapshot, draft.to), left),
      el("p", { class: "muted gm-hint", text: "Click properties on the board to put them in or take them out; set the cash under Choices." }),
      bundles(snapshot, info, draft),
      finish.length ? el("div", { class: "gm-trade-controls" }, finish) : null);
  } else if (view.phase_name === "offer" && view.trade_with >= 0) {
    drafting = el("p", { class: "muted" }, `${who(snapshot, info, turnHolder(view))} is making an offer to `, seatChip(snapshot, view.trade_with));
  }
  if (!blocks.length && !drafting) return null;
  return el("section", { class: "gm-now gm-offers", "data-target": "trade", "aria-label": "trade offers" },
    el("h4", { text: "Trade offers" }), drafting, blocks);
}

function drawResult(snapshot, info) {
  const view = snapshot.view || {};
  const result = snapshot.result;
  const reason = view.end_reason || (result && result.reason) || "";
  let winners = result && Array.isArray(result.winners) ? result.winners : null;
  if (!winners) winners = (view.alive || []).map((a, seat) => [a, seat]).filter(([a]) => a).map(([, seat]) => seat);
  const headline = winners.length === 1 ? `${who(snapshot, info, winners[0])} wins` : "The game is over";
  const places = result && Array.isArray(result.ranking)
    ? [...result.ranking.keys()].sort((a, b) => result.ranking[a] - result.ranking[b])
      .map((seat) => `${result.ranking[seat]}. ${seatName(snapshot, seat)}`).join(" · ")
    : null;
  return el("section", { class: "gm-now gm-over", "aria-label": "game over" }, el("h4", { text: "Game over" }),
    el("p", { text: `${headline}${reason ? ` (${reason})` : ""}.` }), places ? el("p", { class: "muted", text: `Places: ${places}` }) : null);
}

function drawCentre(snapshot, info) {
  const view = snapshot.view || {};
  const phase = view.phase_name;
  const now = phase === "auction" ? drawAuction(snapshot, info)
    : phase === "event-choice" ? drawEvent(snapshot, info)
      : phase === "buy" ? drawBuy(snapshot, info)
        : phase === "characters" ? drawCharacters(snapshot, info)
          : phase === "over" ? drawResult(snapshot, info) : null;
  return el("div", { class: "gm-centre" },
    el("div", { class: "gm-phase", role: "status", text: phaseWords(snapshot, info) }),
    el("div", { class: "gm-strip" }, drawDice(snapshot, info), drawEconomy(snapshot, info)),
    now, drawOffers(snapshot, info));
}

// -- players ---------------------------------------------------------------------------------------

function drawPlayer(snapshot, info, seat) {
  const view = snapshot.view || {};
  const t = tables(info);
  const cash = view.cash[seat];
  const credit = (view.credit || [])[seat] || 0;
  const debt = cash < 0 ? -cash : 0;
  const interest = Math.ceil((debt * (t["interest percent"] || 20)) / 100);
  const atStart = (view.collapsed ? -view.expenses : view.salary) - interest;
  const alive = view.alive[seat];
  const owned = locations(info).filter((l) => (view.owner || [])[l.index] === seat);
  const stats = [["Cash", num(cash), "money in hand; below zero it is debt"],
    ["Credit", num(credit), "the mortgage values of the properties owned: debt may not exceed it"],
    ["Debt", num(debt), `${t["interest percent"] || 20}% interest on it at every pass of Start`],
    [view.collapsed ? "Expenses" : "Salary", num(view.collapsed ? view.expenses : view.salary), "at every pass of Start (the same for everyone)"]];
  const income = (view.income || [])[seat] || [];
  const sources = (info && info["income sources"]) || [];
  const received = sources.map((name, k) => [name, income[k] || 0]).filter(([, v]) => v > 0).map(([name, v]) => `${name} ${num(v)}`).join(", ");
  const role = character(view, info, seat);
  const place = alive ? locName(info, view.pos[seat]) : null;
  const jail = alive && view.prison[seat] > 0 ? `in Prison, ${view.prison[seat]} turn${view.prison[seat] === 1 ? "" : "s"} to skip` : null;
  const active = snapshot.status !== "finished" && snapshot.decider === seat;
  const panel = playerPanel(snapshot, seat, {
    stats, active, out: !alive,
    extra: [
      el("div", { class: "gm-where muted" }, [role ? `the ${role}` : null, place ? `on ${place}` : "resigned", jail,
        alive && interest ? `at Start ${signed(atStart)} after ${num(interest)} interest` : null].filter(Boolean).join(" · ")),
      el("div", { class: "gm-props", "aria-label": `properties of ${seatName(snapshot, seat)}` },
        owned.length ? owned.map((l) => propertyChip(info, l.index)) : el("span", { class: "muted", text: "no properties" })),
      received ? el("div", { class: "gm-income muted", title: "what this player has received so far, by source" }, `received: ${received}`) : null,
    ],
  });
  panel.dataset.target = `seat:${seat}`;
  panel.classList.add("gm-player");
  return panel;
}

// -- the renderer contract -------------------------------------------------------------------------

export function render(snapshot, info) {
  const view = snapshot.view || {};
  if (!info || !info.board || !view.cash) {
    return el("p", { class: "muted", text: "Loading the board…" });
  }
  const order = (view.order || []).length ? view.order : [...Array(view.cash.length).keys()];
  const players = el("div", { class: "gm-players", "aria-label": "players in playing order" },
    order.map((seat) => drawPlayer(snapshot, info, seat)));
  return el("div", { class: "gm-table" },
    el("div", { class: "gm-main" },
      el("div", { class: "gm-boardwrap" }, drawBoard(snapshot, info), drawCentre(snapshot, info)),
      players));
}

/** The location indices an action's JSON names: location names anywhere in it, or numbers under location-like keys. */
function locationsIn(json, info) {
  const names = new Map(locations(info).map((l) => [l.name, l.index]));
  const found = [];
  const visit = (key, value) => {
    if (Array.isArray(value)) { for (const v of value) visit(key, v); return; }
    if (typeof value === "string" && names.has(value)) found.push(names.get(value));
    else if (typeof value === "number" && /^(loc|location|locations|property|properties|give|take|gives|takes)$/i.test(key)) found.push(value);
  };
  for (const [key, value] of Object.entries(json || {})) if (key !== "type") visit(key, value);
  return found;
}

export function targets(action, snapshot, info) {
  const view = snapshot.view || {};
  const json = action.json || {};
  const holder = turnHolder(view);
  const keys = new Set(locationsIn(json, info).map((i) => `loc:${i}`));
  const kind = action.kind || "";
  if (kind === "roll") keys.add("dice");
  else if (kind === "start-auction" || kind === "do-nothing") {
    // Once the auction is on (the last move's board), the location it sells is the one to mark.
    const at = view.a_loc >= 0 ? view.a_loc : holder !== null ? view.pos[holder] : null;
    if (at !== null && at !== undefined) keys.add(`loc:${at}`);
  }
  else if (kind === "bid" || kind === "raise" || kind === "pass") { keys.add(`loc:${view.a_loc}`); keys.add(bidKey(action)); }
  // The event card only: a taken event may move the ship, so its location after the move is not where it was chosen.
  else if (kind === "take-event" || kind === "refuse-event") keys.add("event");
  else if (kind === "upgrade" || kind === "sell-upgrade") {
    const group = groups(info).find((g) => g.name === json.monopoly);
    if (group) for (const i of group.locations) keys.add(`loc:${i}`);
  } else if (kind === "trade-with") keys.add(`seat:${json.seat}`);
  else if (kind === "accept" || kind === "reject") keys.add(`offer:${json.offerer}`);
  else if (kind === "recall") keys.add(`offer:${snapshot.seat}`);
  else if (kind === "character") keys.add(`character:${json.character}`);
  if (TRADE_BUTTON_KINDS.has(kind)) keys.add(tradeKey(action));
  if (!keys.size && /offer|trade|bundle|money|propose/.test(kind)) keys.add("trade");
  return [...keys];
}

/** The scoreboard's rows (drawn by /scoreboard.js): cash first (the final score), then properties and credit. */
export function scoreboard(snapshot, info) {
  const view = snapshot.view || {};
  if (!view.cash) return [];
  return view.cash.map((cash, seat) => ({
    seat, out: !(view.alive || [])[seat],
    score: ["Cash", cash, "money in hand; below zero it is debt", num(cash)],
    stats: [["Properties", (view.owner || []).filter((o) => o === seat).length, "properties owned"],
      ["Credit", (view.credit || [])[seat] || 0, "mortgage value of the properties owned", num((view.credit || [])[seat] || 0)]],
  }));
}

// -- help on each choice (shown under it when "Help on choices" is on, and as its tooltip) ---------

/** The rule behind each kind of choice, in a sentence. */
export const HELP = {
  character: "Take this worker for the game: each one bends a rule in your favour.",
  "playing-order": "The order in which players take their turns.",
  roll: "Roll both dice and move your ship that many spaces around the board.",
  "start-auction": "Nobody owns this location yet: put it up for auction, everyone may bid.",
  "do-nothing": "Leave this location as it is and end your move.",
  bid: "Make the opening bid in this auction.",
  raise: "Bid more than the highest bid so far; the last bidder standing buys it.",
  pass: "Drop out of this auction (or pass this choice) for good.",
  "take-event": "Accept the event card: its effect applies to you now.",
  "refuse-event": "Turn the event down; it does not affect you.",
  upgrade: "Pay to upgrade a location you own: it earns more from every visitor.",
  "sell-upgrade": "Sell one upgrade back to the bank for cash.",
  "auction-property": "Sell a location you own at auction to raise cash.",
  "trade-with": "Start a trade offer to this player: properties and cash, both ways.",
  "no-offer": "Leave the trade without proposing anything.",
  "give-property": "Add one of your locations to what you give in this offer.",
  "ask-property": "Ask for this player's location in return.",
  "drop-property": "Take this location back out of the offer.",
  "offer-money": "Add cash to what you give in this offer.",
  "ask-money": "Ask for cash in return.",
  propose: "Send the offer: the other player accepts or rejects it.",
  recall: "Take back the offer you made before it is answered.",
  reject: "Turn the offer down; nothing changes hands.",
  accept: "Accept the offer: the properties and cash change hands now.",
  resign: "Leave the game for good: you are out, the others play on.",
};

export function actionHelp(action) {
  return HELP[action.kind] || null;
}

/** This board's own marks, for the legend under it (legend.js). */
export const legend = [{ selector: ".gm-seat-chip.passed", swatch: "passed", text: "dashed and struck through: passed in this auction" }];

// An offer is built a change at a time (a property in or out, cash in steps of 10 to 500), and each
// change is a log line; the proposal's own line names both bundles. The log folds a run of changes.
const OFFER_STEP = /^(Make an offer to .+|Put my .+ in the offer|Ask for .+|Leave .+ out of the offer|(Offer|Ask) \d+ more in cash)$/;

/** The run of log lines an entry belongs to (table.js folds a run into one line), or null. */
export function logFold(entry) {
  return OFFER_STEP.test(entry.original ?? entry.text) ? "building an offer" : null;
}
