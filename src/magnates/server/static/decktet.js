// The Decktet drawn in SVG: suit colours and symbols, a card face (rank, suits, name, an optional
// footnote such as its cost or a deed's progress), a card back and suit token chips. Shared by the
// Magnate table and the Roller page. Plain ES module, no build step.
"use strict";

import { el, svg } from "/kit.js";

export { die } from "/kit.js";

export const SUITS = ["Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"];
export const COLORS = { Moons: "#4b5fa8", Suns: "#c98f00", Waves: "#1d8a99", Leaves: "#3f8a3a", Wyrms: "#8b3a2f", Knots: "#7a5a2a" };
const FALLBACK_SYMBOLS = { Moons: "☾", Suns: "☀", Waves: "≈", Leaves: "♣", Wyrms: "⚘", Knots: "⌘" };

/** Suit name -> symbol, from the server's table when given (`info.suits`). */
export function symbols(info) {
  const out = { ...FALLBACK_SYMBOLS };
  for (const s of (info && info.suits) || []) out[s.name] = s.symbol;
  return out;
}

/** A card's face facts by label ("The Sea #2" is the second deck's Sea): suits, rank, kind, cost. */
export function face(label, info) {
  const base = label.replace(/ #\d+$/, "");
  const fromDeck = (info && info.deck) || {};
  const faces = (info && (info.card_faces || info.cards)) || {};
  return fromDeck[label] || faces[label] || fromDeck[base] || faces[base] || { name: base, suits: [], rank: 0, kind: "pawn" };
}

/** The second Decktet's copy of a card, 2 (or null for the first deck). */
export function copyOf(label) {
  const match = label.match(/ #(\d+)$/);
  return match ? Number(match[1]) : null;
}

function rankText(f) {
  if (f.kind === "ace") return "A";
  if (f.kind === "court") return "C";
  if (f.kind === "pawn") return "P";
  if (f.kind === "excuse") return "X";
  if (f.kind === "crown") return "K";
  return String(f.rank);
}

/** The words of a card's rank for people: "rank 7", "an Ace", "a Court". */
export function rankWords(f) {
  if (f.kind === "ace") return "Ace";
  if (f.kind === "court") return "Court (counts 10)";
  return `rank ${f.rank}`;
}

/**
 * One Decktet card as an <svg> (viewBox 60x84), usable in HTML or nested inside a board SVG.
 * Options: width/height (or x/y inside an SVG), note (a footnote line), deed ({paid, cost}), target
 * (a data-target key), label (its accessible name), dim.
 */
export function card(label, info, { width = 60, height = 84, x = null, y = null, note = null, deed = null, target = null,
  name = null, cls = "" } = {}) {
  const f = face(label, info);
  const sym = symbols(info);
  const suits = f.suits || [];
  const copy = copyOf(label);
  const described = name || `${label}: ${rankWords(f)}, ${suits.join(" and ") || "no suit"}${deed ? `, a deed with ${deed.paid} of ${deed.cost} paid` : ""}`;
  const root = svg("svg", { class: `card${deed ? " deed" : ""} ${cls}`, width, height, x, y, viewBox: "0 0 60 84", role: "img",
    "aria-label": described, "data-card": label, "data-target": target });
  root.append(svg("title", { text: described }));
  root.append(svg("rect", { class: "frame", x: 1, y: 1, width: 58, height: 82, rx: 5, fill: deed ? "#fff4d6" : "#fffdf8",
    stroke: deed ? "#b07d00" : "#555", "stroke-width": deed ? 2 : 1, "stroke-dasharray": deed ? "4 2" : null }));
  const segment = 58 / Math.max(1, suits.length);
  if (!suits.length) root.append(svg("rect", { x: 1, y: 1, width: 58, height: 18, rx: 5, fill: "#777" }));
  suits.forEach((suit, i) => {
    root.append(svg("rect", { x: 1 + i * segment, y: 1, width: segment, height: 18, fill: COLORS[suit] || "#777" }));
  });
  root.append(svg("text", { x: 4, y: 14, "font-size": 12, "font-weight": 700, fill: "#fff" }, rankText(f)));
  suits.forEach((suit, i) => {
    root.append(svg("text", { x: 24 + i * 12, y: 14, "font-size": 12, "text-anchor": "middle", fill: "#fff" }, sym[suit] || "?"));
  });
  const words = f.kind === "ace" ? ["Ace of", suits[0] || ""] : (f.name || label).replace(/^The /, "").split(" ");
  words.slice(0, deed || note ? 2 : 3).forEach((word, i) => {
    root.append(svg("text", { x: 30, y: 36 + i * 10, "font-size": word.length > 9 ? 8 : 9.5, "text-anchor": "middle", fill: "#222" }, word));
  });
  if (copy) root.append(svg("text", { x: 56, y: 27, "font-size": 6.5, "text-anchor": "end", fill: "#777" }, `deck ${copy}`));
  // The index again at the foot, as on a printed card: stacked cards show one end or the other.
  if (!suits.length) root.append(svg("rect", { x: 1, y: 66, width: 58, height: 17, rx: 5, fill: "#777" }));
  suits.forEach((suit, i) => {
    root.append(svg("rect", { x: 1 + i * segment, y: 66, width: segment, height: 17, fill: COLORS[suit] || "#777" }));
  });
  root.append(svg("text", { x: 4, y: 79, "font-size": 12, "font-weight": 700, fill: "#fff" }, rankText(f)));
  suits.forEach((suit, i) => {
    root.append(svg("text", { x: 24 + i * 12, y: 79, "font-size": 12, "text-anchor": "middle", fill: "#fff" }, sym[suit] || "?"));
  });
  if (deed) {
    root.append(svg("text", { x: 4, y: 27, "font-size": 6.5, "font-weight": 700, fill: "#8a6200" }, "DEED"));
    root.append(svg("text", { x: 30, y: 56, "font-size": 7.5, "font-weight": 700, "text-anchor": "middle", fill: "#8a6200" },
      `paid ${deed.paid} of ${deed.cost}`));
    root.append(svg("rect", { x: 6, y: 58, width: 48, height: 5, rx: 2, fill: "#eee", stroke: "#aaa", "stroke-width": 0.5 }));
    root.append(svg("rect", { x: 6, y: 58, width: deed.cost ? Math.min(48, (48 * deed.paid) / deed.cost) : 0, height: 5, rx: 2, fill: "#b07d00" }));
  } else if (note) {
    root.append(svg("text", { x: 30, y: 61, "font-size": 8, "text-anchor": "middle", fill: "#444" }, note));
  }
  return root;
}

/** A face-down card. */
export function cardBack({ width = 30, height = 42, label = "a hidden card" } = {}) {
  const root = svg("svg", { class: "card back", width, height, viewBox: "0 0 60 84", role: "img", "aria-label": label });
  root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#2f5d8a", stroke: "#1b3a5a" }));
  root.append(svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, fill: "none", stroke: "#8fb3d9", "stroke-width": 1 }));
  root.append(svg("text", { x: 30, y: 50, "font-size": 22, "text-anchor": "middle", fill: "#fff" }, "✦"));
  return root;
}

/** A token chip: the suit's symbol and how many, e.g. "☾ 3", named "3 Moons tokens". */
export function tokenChip(suit, count, info, { target = null, words = false } = {}) {
  const sym = symbols(info);
  const label = `${count} ${suit} token${count === 1 ? "" : "s"}`;
  return el("span", { class: `dk-token${count ? "" : " none"}`, style: `--suit:${COLORS[suit] || "#666"}`, title: label, "aria-label": label,
    role: "img", "data-suit": suit, "data-target": target },
  el("span", { class: "dk-token-sym", text: sym[suit] || suit }), words ? el("span", { class: "dk-token-name", text: suit }) : null,
  el("span", { class: "dk-token-n", text: String(count) }));
}
