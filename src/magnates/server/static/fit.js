// A wide screen: where the choices stand, and a tall board scaled to the height left in the window
// above any choices held under it, so the whole board, the hand beside it and the choices are seen
// without scrolling (at 1280x800 too). The game's stylesheet reads the height as `--board-fit`; on a
// phone (under 900 px) nothing is set.
"use strict";

const FITTED = "svg.mg-board";
const SMALLEST = 300; // below this a board is too small to read: the page scrolls instead

/** The room for `board`'s big drawing: the window's height below its top, less the choices held at the bottom. */
export function fitBoard(board) {
  if (!board) return;
  const drawing = board.querySelector(FITTED);
  if (!drawing || !window.matchMedia("(min-width: 900px)").matches) {
    board.style.removeProperty("--board-fit");
    return;
  }
  const panel = document.getElementById("actions-panel");
  // The choices are held at the bottom of the window on one's turn (table.css) unless they stand in
  // the right-hand column (1200 px and more): only choices under the board take its room.
  const spot = panel ? panel.getBoundingClientRect() : null;
  const here = drawing.getBoundingClientRect();
  const under = spot && spot.left < here.right && spot.right > here.left;
  const held = under && document.body.classList.contains("my-turn") && !panel.classList.contains("hidden") ? spot.height : 0;
  const top = drawing.getBoundingClientRect().top + window.scrollY;
  const room = Math.floor(window.innerHeight - top - held - 16);
  board.style.setProperty("--board-fit", `${Math.max(SMALLEST, room)}px`);
}

/** Where the choices stand: where the stylesheet sets `--choices: column` on the body (every game on
 *  a screen 1200 px wide or more) they head the right-hand column, in the same scrolling box as the
 *  log, chat and game tools, so a long list of choices never covers those; otherwise they stand
 *  under the board.
 *  Idempotent: called on every redraw and on resize. */
export function placeChoices() {
  const panel = document.getElementById("actions-panel");
  const column = document.querySelector(".table-column");
  const centre = document.querySelector(".table-centre");
  if (!panel || !column || !centre) return;
  const beside = getComputedStyle(document.body).getPropertyValue("--choices").trim() === "column";
  if (beside && panel.parentElement !== column) column.prepend(panel);
  if (!beside && panel.parentElement !== centre) centre.append(panel);
}
