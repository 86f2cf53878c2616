// The legend under the board: every highlight style the board shows now, in words, so that a mark
// is never guessed at (what can be clicked, what the last move was, what a game's own marks mean).
// A game's module may export `legend` = [{selector, swatch, text}]: an entry is listed while its
// selector matches something on the board; `swatch` is a class of .legend-swatch drawing the mark.
"use strict";

import { el } from "/kit.js";

const COMMON = [
  { selector: ".actionable", swatch: "clickable", text: "you can click or tap it" },
  { selector: ".last-move", swatch: "last-move", text: "the last move" },
  { selector: ".coach-better", swatch: "coach-better", text: "the coach's better move" },
];

/** Draw into `box` the marks present on `board` now; hide `box` when there are none. */
export function drawLegend(board, box, renderer = null) {
  if (!box) return;
  const own = renderer && Array.isArray(renderer.legend) ? renderer.legend : [];
  const shown = [...COMMON, ...own].filter((entry) => board.querySelector(entry.selector));
  box.replaceChildren(...shown.map((entry) => el("span", { class: "legend-item", "data-mark": entry.swatch },
    el("span", { class: `legend-swatch ${entry.swatch}`, "aria-hidden": "true" }), entry.text)));
  box.classList.toggle("hidden", !shown.length);
}
