// The drawing kit every game renderer shares: SVG and HTML helpers, seat colours, dice, pips,
// piecepack tiles, a player panel and labelled figures. Plain ES module, no build step.
//
// A game renderer is the module /games/<game>.js. It exports
//   render(snapshot, info, ui) -> Node      the whole table from one seat message (replays too)
//   targets(action, snapshot, info) -> []   optional: the board keys a legal action involves
// and marks each clickable thing on its board with data-target="<key>" (e.g. "loc:12",
// "province:3", "office:Consul", "card:The Sea"). The table page makes an element clickable when a
// legal action names its key, and offers those actions when it is clicked. People see 1-based names
// from the rules; keys and ids stay 0-based.
"use strict";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Seat colours, distinct for colour-blind players too (Okabe-Ito). */
export const SEAT_COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00"];
export const SEAT_COLOR_NAMES = ["blue", "vermilion", "green", "purple", "orange"];

export function seatColor(seat) {
  return seat === null || seat === undefined || seat < 0 ? "#888" : SEAT_COLORS[seat % SEAT_COLORS.length];
}

/** An HTML element: el("div", {class: "x", text: "hi", onclick: f}, ...children). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, same calling convention as `el`. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** The name people see for a seat: the player's name from the snapshot, else "Player N" (1-based). */
export function seatName(snapshot, seat) {
  if (seat === null || seat === undefined || seat < 0) return "nobody";
  const player = (snapshot.players || [])[seat];
  const base = player && player.name ? player.name : `Player ${seat + 1}`;
  return seat === snapshot.seat ? `${base} (you)` : base;
}

/** N of a name nobody chose ("Player N", the seat's default), else null. */
export function defaultNameNumber(name) {
  const numbered = /^Player (\d+)$/.exec(String(name));
  return numbered ? Number(numbered[1]) : null;
}

/** `text` with the games' "Player N" (1-based) replaced by that seat's name, where it has one. */
export function withNames(text, snapshot) {
  return String(text).replace(/\bPlayer (\d+)\b/g, (words, n) => {
    const player = (snapshot.players || [])[Number(n) - 1];
    return player && player.name ? player.name : words;
  });
}

/** A coloured disc with the seat's number, for panels and boards. */
export function seatBadge(seat, { size = 18, label = null } = {}) {
  const root = svg("svg", { class: "seat-badge", width: size, height: size, viewBox: "0 0 20 20", role: "img",
    "aria-label": label || `Player ${seat + 1}` });
  root.append(svg("circle", { cx: 10, cy: 10, r: 9, fill: seatColor(seat), stroke: "#222", "stroke-width": 1 }));
  root.append(svg("text", { x: 10, y: 14, "font-size": 11, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, String(seat + 1)));
  return root;
}

/** A die face showing a number (or a symbol). */
export function die(value, { label = "die", color = "#333", size = 36 } = {}) {
  const root = svg("svg", { class: "die", width: size, height: size, viewBox: "0 0 36 36", role: "img", "aria-label": `${label}: ${value}` });
  root.append(svg("rect", { x: 2, y: 2, width: 32, height: 32, rx: 6, fill: "#fff", stroke: color, "stroke-width": 2 }));
  root.append(svg("text", { x: 18, y: 24, "font-size": 16, "text-anchor": "middle", fill: color, "font-weight": 700 }, String(value)));
  return root;
}

/** `count` of `max` small pips in a row (upgrade levels, influence, ...). */
export function pips(count, max, { color = "#333", label = "level", size = 8 } = {}) {
  const width = max * (size + 3) + 2;
  const root = svg("svg", { class: "pips", width, height: size + 4, viewBox: `0 0 ${width} ${size + 4}`, role: "img",
    "aria-label": `${label} ${count} of ${max}` });
  for (let i = 0; i < max; i++) {
    root.append(svg("circle", { cx: 2 + size / 2 + i * (size + 3), cy: size / 2 + 2, r: size / 2,
      fill: i < count ? color : "none", stroke: color, "stroke-width": 1 }));
  }
  return root;
}

/** A piecepack tile: a square with its value (or "null"/"ace") and suit, optionally coloured. */
export function piecepackTile(value, suit, { size = 56, label = null, fill = "#f4ead5", ink = "#3b2a12" } = {}) {
  const root = svg("svg", { class: "pp-tile", width: size, height: size, viewBox: "0 0 56 56", role: "img",
    "aria-label": label || `${value} of ${suit}` });
  root.append(svg("rect", { x: 1, y: 1, width: 54, height: 54, rx: 5, fill, stroke: ink, "stroke-width": 1.5 }));
  root.append(svg("text", { x: 28, y: 31, "font-size": 20, "text-anchor": "middle", fill: ink, "font-weight": 700 }, String(value)));
  root.append(svg("text", { x: 28, y: 48, "font-size": 10, "text-anchor": "middle", fill: ink }, String(suit)));
  return root;
}

/** A labelled figure: "Cash 4,400" with the label in small caps above the value. */
export function stat(label, value, { title = null, cls = "" } = {}) {
  return el("div", { class: `kit-stat ${cls}`, title },
    el("span", { class: "kit-stat-label", text: label }),
    el("span", { class: "kit-stat-value", text: typeof value === "number" ? value.toLocaleString("en") : String(value) }));
}

/** A player panel: colour, name, whose turn, then the game's labelled figures (`stats`) and extras. */
export function playerPanel(snapshot, seat, { stats = [], extra = [], active = false, out = false } = {}) {
  return el("section", { class: `kit-player${active ? " active" : ""}${out ? " out" : ""}${seat === snapshot.seat ? " me" : ""}`,
    "data-seat": seat, "aria-label": `${seatName(snapshot, seat)}${active ? ", to act" : ""}`,
    style: `--seat:${seatColor(seat)}` },
  el("header", {}, seatBadge(seat), el("strong", { text: seatName(snapshot, seat) }),
    active ? el("span", { class: "kit-turn", text: "to act" }) : null,
    out ? el("span", { class: "kit-out", text: "out" }) : null),
  el("div", { class: "kit-stats" }, stats.map(([label, value, title]) => stat(label, value, { title }))),
  extra);
}

/** A titled block of the table. */
export function section(title, ...children) {
  return el("section", { class: "kit-section", "aria-label": title }, el("h3", { text: title }), ...children);
}

/** Money as people write it. */
export function money(amount, unit = "") {
  const sign = amount < 0 ? "-" : "";
  return `${sign}${unit}${Math.abs(amount).toLocaleString("en")}`;
}
