// The table on a phone: the board first. The header's buttons fold into a menu, the scoreboard and
// the last move are one line each that a tap opens, and a big board (the Y, the Galactic ring, the
// Magistrate map) gets zoom buttons; zoomed in, it pans by dragging (the panel scrolls). On a wide
// screen none of this shows: the CSS draws it only under 900 px.
"use strict";

import { el } from "/kit.js";

const BIG_BOARDS = "svg.mg-y, svg.gm-board, svg.mgs-map, svg.mv-offices";
const ZOOMS = [1, 1.5, 2, 3];
let zoom = 0; // index into ZOOMS, kept across redraws

/** Wire the page's folding parts once: the menu button, and the one-line panels that open on a tap. */
export function wirePhone() {
  const menu = document.getElementById("menu-toggle");
  if (menu) {
    menu.addEventListener("click", () => {
      const open = document.body.classList.toggle("menu-open");
      menu.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }
  for (const id of ["scoreboard", "lastmove"]) {
    const panel = document.getElementById(id);
    if (!panel) continue;
    panel.addEventListener("click", (event) => {
      if (!window.matchMedia("(max-width: 899px)").matches || event.target.closest("a, button:not(.fold-toggle)")) return;
      panel.classList.toggle("open"); // only what is seen folds: each row's spoken name carries all its figures
    });
  }
}

/** After each drawing: give a big board its zoom buttons and its zoom. */
export function zoomBoard(board) {
  const big = board.querySelector(BIG_BOARDS);
  if (!big || !window.matchMedia("(max-width: 899px)").matches) return;
  const frame = el("div", { class: "zoom-frame" });
  const box = el("div", { class: "zoom-box" });
  big.replaceWith(box);
  frame.append(big);
  const set = (i) => {
    const before = { x: frame.scrollLeft / Math.max(1, frame.scrollWidth), y: frame.scrollTop / Math.max(1, frame.scrollHeight) };
    zoom = Math.max(0, Math.min(ZOOMS.length - 1, i));
    big.style.width = `${ZOOMS[zoom] * 100}%`;
    big.style.maxWidth = "none";
    frame.classList.toggle("zoomed", zoom > 0);
    label.textContent = `${ZOOMS[zoom]}×`;
    frame.scrollLeft = before.x * frame.scrollWidth;
    frame.scrollTop = before.y * frame.scrollHeight;
  };
  const label = el("span", { class: "zoom-level", "aria-live": "polite" });
  const bar = el("div", { class: "zoom-bar", role: "group", "aria-label": "zoom the board" },
    el("button", { type: "button", class: "zoom-out", "aria-label": "zoom out", text: "−", onclick: () => set(zoom - 1) }),
    label,
    el("button", { type: "button", class: "zoom-in", "aria-label": "zoom in", text: "+", onclick: () => set(zoom + 1) }),
    el("button", { type: "button", class: "zoom-fit", text: "Fit", onclick: () => set(0) }));
  box.append(bar, frame);
  set(zoom);
}
