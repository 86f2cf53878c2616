// The scoreboard beside every game's board, the last move, and the end-of-game breakdown.
// Each game's module may export scoreboard(snapshot, info) -> rows:
//   [{seat, name?, color?, out?, score: [label, value, title?, shown?], stats: [[label, value, title?, shown?], ...]}]
// (`shown` is the value as people write it, when it differs from the number). This module draws
// them the same way for every game. All text goes in with textContent.
"use strict";

import { el, seatBadge, seatColor, seatName } from "/kit.js";

function figure(cls, [label, value, title, shown]) {
  return el("span", { class: cls, "data-stat": label, "data-value": value, title: title || null },
    el("span", { class: "sb-label", text: label }),
    el("span", { class: "sb-value", text: shown ?? (typeof value === "number" ? value.toLocaleString("en") : String(value)) }));
}

/** Rows for a game without its own scoreboard: names, and the scores once the game is over. */
export function fallbackRows(snapshot) {
  return (snapshot.players || []).map((p) => ({
    seat: p.seat, stats: [],
    score: snapshot.result ? ["Score", snapshot.result.scores[p.seat]] : ["Score", "—"],
  }));
}

/** The scoreboard: one row per seat, whose turn it is highlighted, and the places once it is over. */
export function drawScoreboard(snapshot, rows) {
  const result = snapshot.result;
  const playing = snapshot.status !== "finished" && !result;
  const list = el("ol", { class: "sb-rows" });
  for (const row of rows) {
    const seat = row.seat;
    const active = playing && snapshot.decider === seat;
    const player = (snapshot.players || [])[seat] || {};
    const name = row.name || seatName(snapshot, seat);
    const who = el("div", { class: "sb-who" }, seatBadge(seat, { size: 22, label: `seat ${seat + 1}` }),
      el("span", { class: "sb-name", text: name }),
      player.kind === "bot" ? el("span", { class: "sb-tag", text: `bot${player.bot ? ` · ${player.bot}` : ""}` }) : null,
      active ? el("span", { class: "sb-turn", text: seat === snapshot.seat ? "your turn" : "to play" }) : null,
      row.out ? el("span", { class: "sb-tag out", text: "out" }) : null,
      result ? el("span", { class: "sb-place", text: placeWords(result.ranking[seat]) }) : null);
    list.append(el("li", {
      class: `sb-row${active ? " active" : ""}${seat === snapshot.seat ? " me" : ""}${row.out ? " out" : ""}`,
      "data-seat": seat, style: `--seat:${row.color || seatColor(seat)}`,
      "aria-label": `${name}${active ? ", to play" : ""}: ${row.score[0]} ${row.score[3] ?? row.score[1]}` +
        row.stats.map(([l, v, , s]) => `, ${l} ${s ?? v}`).join(""),
    }, who, el("div", { class: "sb-figures" }, figure("sb-score", row.score), row.stats.map((s) => figure("sb-stat", s)))));
  }
  return el("section", { class: "scoreboard", "aria-label": "Scoreboard" }, el("h2", { text: "Players" }), list);
}

function placeWords(place) {
  return ["1st", "2nd", "3rd"][place - 1] || `${place}th`;
}

// -- the last move -------------------------------------------------------------------------------

/** The newest log line anyone may read (chance draws read "(hidden)"). */
export function lastEntry(snapshot) {
  const log = snapshot.log || [];
  for (let i = log.length - 1; i >= 0; i--) if (log[i].text !== "(hidden)") return log[i];
  return null;
}

/** Mark the board things the last move involved. `keys` are the board keys of the action the log line
 *  words (as the game's `targets` names them); without them, keys whose name is in its text (a card, a district). */
export function markLastMove(board, entry, keys = null) {
  if (!entry) return 0;
  const text = entry.text;
  let marked = 0;
  if (keys && keys.size) {
    for (const node of board.querySelectorAll("[data-target]")) {
      if (!keys.has(node.dataset.target)) continue;
      node.classList.add("last-move");
      marked++;
    }
    if (marked) return marked;
  }
  for (const node of board.querySelectorAll("[data-target]")) {
    const key = node.dataset.target;
    const name = key.slice(key.indexOf(":") + 1);
    if (name.length > 3 && !/^\d+$/.test(name) && text.includes(name)) {
      node.classList.add("last-move");
      marked++;
    }
  }
  return marked;
}

// -- the end of the game -------------------------------------------------------------------------

/** A seat's name as every seat reads it (the end panel is the same for everyone: no "(you)"). */
function plainName(snapshot, seat) {
  const player = (snapshot.players || [])[seat];
  return player && player.name ? player.name : `Player ${seat + 1}`;
}

const PER_SEAT = (value, n) => Array.isArray(value) && value.length === n && value.every((v) => v === null || typeof v !== "object");

const NAMES = { tie_keys: "tie-break", district_values: "district values", total_rank: "total rank", my_secret: "secret evidence" };

function words(key) {
  return NAMES[key] || key.replaceAll("_", " ");
}

function cellText(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return value.toLocaleString("en");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** The tie-break, in words: which figure decided, with everyone's value where the details give it. */
export function reasonWords(snapshot) {
  const r = snapshot.result;
  const details = r.details || {};
  const names = (seats) => seats.map((s) => plainName(snapshot, s)).join(" and ");
  const tie = /^tie-?break:\s*(.+)$/i.exec(r.reason || "");
  if (tie) {
    const what = tie[1];
    const key = Object.keys(details).find((k) => words(k) === what);
    const tied = r.scores.filter((s) => s === Math.max(...r.scores)).length;
    const head = `${tied > 1 ? `Tied at ${cellText(Math.max(...r.scores))} each` : "Tied"}: the tie is broken by ${what}`;
    if (key && PER_SEAT(details[key], r.scores.length)) {
      const values = details[key].map((v, s) => `${plainName(snapshot, s)} ${cellText(v)}`).join(", ");
      return `${head} (${values}), so ${names(r.winners)} ${r.winners.length === 1 ? "wins" : "share first place"}.`;
    }
    return `${head}, so ${names(r.winners)} ${r.winners.length === 1 ? "wins" : "share first place"}.`;
  }
  if (r.reason === "draw" || r.winners.length > 1) return `A draw between ${names(r.winners)} (${r.reason}).`;
  let text = `${names(r.winners)} wins on ${r.reason}.`;
  if (details.tie_keys && typeof details.tie_keys === "object") {
    text += ` Had the scores been tied, these would have decided, in order: ${Object.keys(details.tie_keys).join(", ")}.`;
  }
  return text;
}

function seatHeader(snapshot, n) {
  return el("tr", {}, el("th", { scope: "col", text: "" }),
    Array.from({ length: n }, (_, s) => el("th", { scope: "col", style: `--seat:${seatColor(s)}`, class: "sb-col", text: plainName(snapshot, s) })));
}

function seatRow(label, values, best = false) {
  const top = best ? Math.max(...values.filter((v) => typeof v === "number")) : null;
  return el("tr", {}, el("th", { scope: "row", text: label }),
    values.map((v) => el("td", { class: best && v === top ? "best" : "", text: cellText(v) })));
}

/** Every figure of `result.details` that has one value per seat, as rows; the rest as lines below. */
function detailRows(snapshot, details, n) {
  const rows = [];
  const notes = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === "district_values" || key === "district_winners") continue; // Magnate's own table
    if (PER_SEAT(value, n)) rows.push(seatRow(words(key), value));
    else if (Array.isArray(value) && value.length === n && value.every((v) => v && typeof v === "object")) {
      for (const part of Object.keys(value[0])) rows.push(seatRow(`${words(key)}: ${words(part)}`, value.map((v) => v[part])));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      const bySeat = Object.keys(value).every((k) => /^\d+$/.test(k)) && Object.keys(value).length === n;
      if (bySeat) {
        for (const part of Object.keys(value["0"] || {})) rows.push(seatRow(`${words(key)}: ${part}`, Array.from({ length: n }, (_, s) => (value[String(s)] || {})[part])));
      } else {
        for (const [part, inner] of Object.entries(value)) {
          if (PER_SEAT(inner, n)) rows.push(seatRow(`${words(key)}: ${words(part)}`, inner));
          else notes.push(`${words(key)}: ${words(part)} ${cellText(inner)}`);
        }
      }
    } else if (key === "eliminated" && Array.isArray(value)) {
      notes.push(`out of the game: ${value.length ? value.map((s) => plainName(snapshot, s)).join(", ") : "nobody"}`);
    } else {
      notes.push(`${words(key)}: ${Array.isArray(value) ? value.map(cellText).join(", ") : cellText(value)}`);
    }
  }
  return { rows, notes };
}

/** Magnate's districts: each district's value per side and who won it. */
function districtTable(snapshot, details, n) {
  const values = details.district_values;
  const winners = details.district_winners;
  if (!Array.isArray(values) || !Array.isArray(winners)) return null;
  const districts = (snapshot.view && snapshot.view.districts) || [];
  const body = values.map((row, d) => el("tr", {},
    el("th", { scope: "row", text: (districts[d] && districts[d].name) || `District ${d + 1}` }),
    row.map((v, s) => el("td", { class: winners[d] === s ? "best" : "", text: cellText(v) })),
    el("td", { text: winners[d] === null || winners[d] === undefined ? "tied: nobody" : plainName(snapshot, winners[d]) })));
  return el("table", { class: "sb-details", "aria-label": "districts" },
    el("caption", { text: "Districts: each side's value, and who won it" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "District" }),
      Array.from({ length: n }, (_, s) => el("th", { scope: "col", text: plainName(snapshot, s) })), el("th", { scope: "col", text: "Won by" }))),
    el("tbody", {}, body));
}

/** What a hidden part of a view is, in words: its last named key ("hand", "secret evidence"). */
function partLabel(path) {
  const named = [...path].reverse().find((key) => typeof key === "string");
  return named ? words(named) : "hidden";
}

/** Every seat's hidden cards once the game is over (`snapshot.reveal`), drawn by the game's module
 *  (`revealPart(part)`) where it can, else as text. Null before the end. */
export function drawReveal(snapshot, revealPart = null) {
  const reveal = snapshot.reveal;
  if (!Array.isArray(reveal)) return null;
  if (reveal.every((r) => !r.hidden.length)) {
    return el("section", { class: "reveal", "aria-label": "hidden cards" },
      el("p", { class: "muted", text: "Nothing was hidden in this game: every card and figure was on the table." }));
  }
  const rows = reveal.map(({ seat, hidden }) => el("li", { class: "reveal-seat", "data-seat": seat, style: `--seat:${seatColor(seat)}` },
    el("strong", { class: "reveal-name", text: plainName(snapshot, seat) }),
    hidden.length ? hidden.map((part) => {
      const values = Array.isArray(part.value) ? part.value : [part.value];
      let drawn = null;
      try { drawn = revealPart ? revealPart(part) : null; } catch (err) { console.error(err); }
      return el("div", { class: "reveal-part", "data-part": partLabel(part.path), "data-value": JSON.stringify(part.value) },
        el("span", { class: "reveal-label", text: `${partLabel(part.path)}:` }),
        values.length ? drawn || el("span", { class: "reveal-text", text: values.map(cellText).join(", ") })
          : el("span", { class: "reveal-text muted", text: "none" }));
    }) : el("span", { class: "muted", text: "nothing hidden" })));
  return el("section", { class: "reveal", "aria-label": "every hand revealed" },
    el("h3", { text: "Every hand, revealed" }), el("ul", { class: "reveal-list" }, rows));
}

/** The end-of-game panel: who won and why, the places and scores, and every figure of the breakdown. */
export function drawResult(snapshot, { rematch = null, replay = null, revealPart = null } = {}) {
  const r = snapshot.result;
  const n = r.scores.length;
  const details = r.details || {};
  const headline = r.winners.length === 1 ? `${plainName(snapshot, r.winners[0])} wins` : `Draw between ${r.winners.map((w) => plainName(snapshot, w)).join(" and ")}`;
  const { rows, notes } = detailRows(snapshot, details, n);
  const table = el("table", { class: "sb-details", "aria-label": "final scores" },
    el("caption", { text: "Final scores and the breakdown" }),
    el("thead", {}, seatHeader(snapshot, n)),
    el("tbody", {}, seatRow("place", r.ranking.map(placeWords)), seatRow("score", r.scores, true), rows));
  const buttons = el("div", { class: "buttons" }, rematch, replay);
  return el("section", { class: "end-panel", "aria-label": "Game over" },
    el("h2", { text: `Game over: ${headline}` }),
    el("p", { class: "end-reason", text: reasonWords(snapshot) }),
    el("div", { class: "end-body" },
      el("div", { class: "table-scroll" }, table),
      el("div", { class: "table-scroll" }, districtTable(snapshot, details, n)),
      drawReveal(snapshot, revealPart)),
    notes.length ? el("p", { class: "muted", text: notes.join(" · ") }) : null,
    buttons);
}
