// The scoreboard beside every game's board, the last move, and the end-of-game breakdown.
// Each game's module may export scoreboard(snapshot, info) -> rows:
//   [{seat, name?, color?, out?, score: [label, value, title?, shown?], stats: [[label, value, title?, shown?], ...]}]
// (`shown` is the value as people write it, when it differs from the number). This module draws
// them the same way for every game. All text goes in with textContent.
"use strict";

import { defaultNameNumber, el, seatBadge, seatColor, seatName } from "/kit.js";

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
  const sides = result ? sidesOf(snapshot) : null;
  for (const row of rows) {
    const seat = row.seat;
    const active = playing && snapshot.decider === seat;
    const player = (snapshot.players || [])[seat] || {};
    const name = row.name || seatName(snapshot, seat);
    const who = el("div", { class: "sb-who" }, seatBadge(seat, { size: 22, label: `seat ${seat + 1}` }),
      el("span", { class: "sb-name", text: name }),
      // the phone's one-line scoreboard: "you", a person's own name, or nothing where the badge says it all
      el("span", { class: "sb-short", "aria-hidden": "true", text: seat === snapshot.seat ? "you" : defaultNameNumber(name) !== null ? "" : name }),
      player.kind === "bot" ? el("span", { class: "sb-tag", text: `bot${player.bot ? ` · ${player.bot}` : ""}` }) : null,
      active ? el("span", { class: "sb-turn", text: seat === snapshot.seat ? "your turn" : "to play" }) : null,
      row.out ? el("span", { class: "sb-tag out", text: "out" }) : null,
      sides ? el("span", { class: "sb-place", text: placeWords(sides.ranking[seat]) }) : null);
    list.append(el("li", {
      class: `sb-row${active ? " active" : ""}${seat === snapshot.seat ? " me" : ""}${row.out ? " out" : ""}`,
      "data-seat": seat, style: `--seat:${row.color || seatColor(seat)}`,
      "aria-label": `${name}${active ? ", to play" : ""}: ${row.score[0]} ${row.score[3] ?? row.score[1]}` +
        row.stats.map(([l, v, , s]) => `, ${l} ${s ?? v}`).join(""),
    }, who, el("div", { class: "sb-figures" }, figure("sb-score", row.score), row.stats.map((s) => figure("sb-stat", s)))));
  }
  // the phone's one-line scoreboard shows the scores bare: this line names them once (each row's spoken name has them)
  const labels = [...new Set(rows.map((row) => row.score[0]))].join(" / ");
  const legend = el("p", { class: "sb-legend", "aria-hidden": "true" },
    el("span", { class: "sb-legend-label closed", text: labels }), el("span", { class: "sb-legend-label opened", text: "Players" }),
    el("span", { class: "sb-hint closed", text: "tap for every figure \u25BE" }), el("span", { class: "sb-hint opened", text: "tap to fold \u25B4" }));
  return el("section", { class: "scoreboard", "aria-label": "Scoreboard" }, el("h2", { text: "Players" }), legend, list);
}

function placeWords(place) {
  if (!Number.isInteger(place) || place < 1) return "—";
  return ["1st", "2nd", "3rd"][place - 1] || `${place}th`;
}

/** The result as one figure per side, every side included: the solo game's result holds the
 *  person's score and place only, with the automa's in `details` (`outcome`, `automa`), so its
 *  side is filled in here from those. `names` are the sides' names (the automa's "Automa"). */
export function sidesOf(snapshot) {
  const r = snapshot.result;
  const details = r.details || {};
  const values = Array.isArray(details.district_values) && Array.isArray(details.district_values[0]) ? details.district_values[0].length : 0;
  const n = Math.max(r.scores.length, values, (snapshot.players || []).length);
  const automa = details.automa && typeof details.automa === "object" ? r.scores.length : -1;
  const names = Array.from({ length: n }, (_, s) => plainName(snapshot, s, automa));
  const scores = Array.from({ length: n }, (_, s) => (s < r.scores.length ? r.scores[s] : s === automa ? details.automa.districts ?? null : null));
  let ranking = Array.from({ length: n }, (_, s) => r.ranking[s]);
  let winners = r.winners.slice();
  const outcome = details.outcome;
  if (automa >= 0 && outcome) {
    ranking = [outcome === "loss" ? 2 : 1, outcome === "win" ? 2 : 1];
    winners = outcome === "win" ? [0] : outcome === "loss" ? [automa] : [0, automa];
  }
  return { n, names, scores, ranking, winners, automa, outcome };
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
function plainName(snapshot, seat, automa = -1) {
  const player = (snapshot.players || [])[seat];
  if (seat === automa) return "Automa";
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

/** Several names as people list them: "Ana", "Ana and Bea", "Ana, Bea and Cy". */
function listNames(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The score in words: "5 to 0" for two sides, else each side's. */
function scoreWords(sides, label) {
  const shown = sides.scores.map(cellText);
  if (sides.n === 2) return `${shown[0]} to ${shown[1]} ${label}`.trim();
  return sides.names.map((name, s) => `${name} ${shown[s]}`).join(", ");
}

/** Who won and why, in one sentence: the figure that decided, with everyone's value where the details give it. */
export function reasonWords(snapshot, sides = sidesOf(snapshot)) {
  const r = snapshot.result;
  const details = r.details || {};
  const names = (seats) => listNames(seats.map((s) => sides.names[s]));
  const who = sides.winners.length === 1 ? `${names(sides.winners)} wins` : sides.winners.length ? `${names(sides.winners)} share first place` : "nobody wins";
  const reason = String(r.reason || "the score");
  const tie = /^tie-?break:\s*(.+)$/i.exec(reason);
  const numbers = sides.scores.filter((v) => typeof v === "number");
  if (tie) {
    const what = tie[1];
    const key = Object.keys(details).find((k) => words(k) === what);
    const top = numbers.length ? Math.max(...numbers) : null;
    const tied = numbers.filter((v) => v === top).length;
    const head = `${tied > 1 ? `Tied at ${cellText(top)} each` : "Tied"}: the tie is broken by ${what}`;
    if (key && PER_SEAT(details[key], sides.n)) {
      const values = details[key].map((v, s) => `${sides.names[s]} ${cellText(v)}`).join(", ");
      return `${head} (${values}), so ${who}.`;
    }
    return `${head}, so ${who}.`;
  }
  const label = reason === "districts" ? "in districts" : "";
  if (sides.outcome) { // the solo game: the person against the automa
    const you = sides.names[0];
    const score = `${you} ${cellText(sides.scores[0])}, the Automa ${cellText(sides.scores[sides.automa])}`;
    if (sides.outcome === "win") return `${you} beats the Automa on ${reason} (${score}).`;
    if (sides.outcome === "loss") return `The Automa wins on ${reason} (${score}).`;
    return `A draw with the Automa on ${reason} (${score}).`;
  }
  if (reason === "draw" || sides.winners.length !== 1) return `A draw between ${names(sides.winners)} (${reason}: ${scoreWords(sides, label)}).`;
  const how = /standing|survivor|left/i.test(reason) ? `as the ${reason}` : `on ${reason}`; // "last player standing"
  let text = `${who} ${how} (${scoreWords(sides, label)}).`;
  if (details.tie_keys && typeof details.tie_keys === "object") {
    text += ` Had the scores been tied, these would have decided, in order: ${Object.keys(details.tie_keys).join(", ")}.`;
  }
  return text;
}

/** The headline: who won, in words, with no figure that could be missing. */
export function headlineWords(sides) {
  if (sides.outcome === "win") return `${sides.names[0]} beats the Automa`;
  if (sides.outcome === "loss") return "the Automa wins";
  if (sides.outcome) return "a draw with the Automa";
  if (sides.winners.length === 1) return `${sides.names[sides.winners[0]]} wins`;
  if (sides.winners.length > 1) return `a draw between ${listNames(sides.winners.map((w) => sides.names[w]))}`;
  return "nobody wins";
}

function seatHeader(sides) {
  return el("tr", {}, el("th", { scope: "col", text: "" }),
    sides.names.map((name, s) => el("th", { scope: "col", style: `--seat:${s === sides.automa ? "#555" : seatColor(s)}`, class: "sb-col", text: name })));
}

function seatRow(label, values, best = false, n = values.length) {
  const cells = Array.from({ length: n }, (_, s) => values[s]);
  const numbers = cells.filter((v) => typeof v === "number");
  const top = best && numbers.length ? Math.max(...numbers) : null;
  return el("tr", {}, el("th", { scope: "row", text: label }),
    cells.map((v) => el("td", { class: best && v === top ? "best" : "", text: cellText(v) })));
}

const SHOWN_ELSEWHERE = new Set(["district_values", "district_winners", "outcome", "automa"]); // Magnate's own table, the headline

/** Every figure of `result.details` that has one value per side, as rows; the rest as lines below. */
function detailRows(sides, details) {
  const n = sides.n;
  const rows = [];
  const notes = [];
  for (const [key, value] of Object.entries(details)) {
    if (SHOWN_ELSEWHERE.has(key)) continue;
    if (PER_SEAT(value, n)) rows.push(seatRow(words(key), value));
    else if (Array.isArray(value) && value.length === n && value.every((v) => v && typeof v === "object")) {
      for (const part of Object.keys(value[0])) rows.push(seatRow(`${words(key)}: ${words(part)}`, value.map((v) => v[part])));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const bySeat = keys.length && keys.every((k) => /^\d+$/.test(k) && Number(k) < n);
      if (bySeat) { // per side, a side without any (the automa) shows dashes
        const parts = [...new Set(keys.flatMap((k) => Object.keys(value[k] || {})))];
        for (const part of parts) rows.push(seatRow(`${words(key)}: ${words(part)}`, Array.from({ length: n }, (_, s) => (value[String(s)] || {})[part]), false, n));
      } else {
        for (const [part, inner] of Object.entries(value)) {
          if (PER_SEAT(inner, n)) rows.push(seatRow(`${words(key)}: ${words(part)}`, inner));
          else notes.push(`${words(key)}: ${words(part)} ${Array.isArray(inner) ? inner.map(cellText).join(", ") : cellText(inner)}`);
        }
      }
    } else if (key === "eliminated" && Array.isArray(value)) {
      notes.push(`out of the game, in order: ${value.length ? value.map((s) => sides.names[s] || `Player ${s + 1}`).join(", ") : "nobody"}`);
    } else {
      notes.push(`${words(key)}: ${Array.isArray(value) ? value.map(cellText).join(", ") : cellText(value)}`);
    }
  }
  return { rows, notes };
}

/** A district's value for a side: a side that does not contest it (the Y's -1) reads "not contested". */
function districtCell(value) {
  return value === -1 ? "not contested" : cellText(value);
}

/** Magnate's districts: each district's value per side and who won it. */
function districtTable(snapshot, sides, details) {
  const values = details.district_values;
  const winners = details.district_winners;
  if (!Array.isArray(values) || !Array.isArray(winners)) return null;
  const districts = (snapshot.view && snapshot.view.districts) || [];
  const body = values.map((row, d) => el("tr", {},
    el("th", { scope: "row", text: (districts[d] && districts[d].name) || `District ${d + 1}` }),
    Array.from({ length: sides.n }, (_, s) => row[s]).map((v, s) =>
      el("td", { class: `${winners[d] === s ? "best" : ""}${v === -1 ? " uncontested" : ""}`.trim(), text: districtCell(v) })),
    el("td", { text: winners[d] === null || winners[d] === undefined ? "tied: nobody" : sides.names[winners[d]] })));
  return el("table", { class: "sb-details", "aria-label": "districts" },
    el("caption", { text: "Districts: each side's value, and who won it" }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "District" }),
      sides.names.map((name) => el("th", { scope: "col", text: name })), el("th", { scope: "col", text: "Won by" }))),
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
export function drawResult(snapshot, { rematch = null, replay = null, review = null, revealPart = null } = {}) {
  const details = snapshot.result.details || {};
  const sides = sidesOf(snapshot);
  const { rows, notes } = detailRows(sides, details);
  const table = el("table", { class: "sb-details", "aria-label": "final scores" },
    el("caption", { text: "Final scores and the breakdown" }),
    el("thead", {}, seatHeader(sides)),
    el("tbody", {}, seatRow("place", sides.ranking.map(placeWords)), seatRow("score", sides.scores, true), rows));
  const buttons = el("div", { class: "buttons" }, rematch, review, replay);
  const headline = headlineWords(sides);
  return el("section", { class: "end-panel", "aria-label": "Game over" },
    el("h2", { text: `Game over: ${headline}` }),
    el("p", { class: "end-reason", text: reasonWords(snapshot, sides) }),
    el("div", { class: "end-body" },
      el("div", { class: "table-scroll" }, table),
      el("div", { class: "table-scroll" }, districtTable(snapshot, sides, details)),
      drawReveal(snapshot, revealPart)),
    notes.length ? el("p", { class: "muted", text: notes.join(" · ") }) : null,
    buttons);
}
