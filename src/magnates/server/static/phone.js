// The table on a phone: the board first. The header's buttons fold into a menu, the scoreboard and
// the last move are one line each that a tap opens, and a big board (the Y, the Galactic ring, the
// Magistrate map) gets zoom buttons and a two-finger pinch (scaling around the fingers' centre,
// within the buttons' bounds); zoomed in, it pans by dragging (the panel scrolls). On a wide
// screen none of this shows: the CSS draws it only under 900 px.
"use strict";

import { el } from "/kit.js";

const BIG_BOARDS = "svg.mg-y, svg.gm-board, svg.mgs-map, svg.mv-offices";
const ZOOMS = [1, 1.5, 2, 3]; // the buttons' steps; a pinch stops anywhere between the first and the last
let scale = 1; // kept across redraws
let seen = null; // the zoomed board's scroll, kept across redraws

/** The scale a pinch asks for: the scale at its start times how far the fingers spread, within the bounds. */
export function pinchScale(startScale, startDistance, distance) {
  const wanted = startScale * (distance / Math.max(1, startDistance));
  return Math.max(ZOOMS[0], Math.min(ZOOMS[ZOOMS.length - 1], wanted));
}

/**
 * Where to scroll so the board's point under `centre` (px from the frame's edge) stays under it when
 * the scale goes from `before` to `after`: the drawing grows in proportion to the scale.
 */
export function anchoredScroll(scroll, centre, before, after) {
  return Math.max(0, ((scroll + centre) * after) / before - centre);
}

/** The buttons' next step up (+1) or down (-1) from any scale, a pinch's too. */
export function nextZoom(now, direction) {
  const steps = direction > 0 ? ZOOMS.filter((z) => z > now + 0.01) : ZOOMS.filter((z) => z < now - 0.01).reverse();
  return steps.length ? steps[0] : now;
}

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
  const label = el("span", { class: "zoom-level", "aria-live": "polite" });
  /**
   * Scale to `wanted`, keeping the point under `centre` (frame px; its middle by default) where it is;
   * a pinch names that point once (`point`, in board px at scale 1), so that a scroll clamped at the
   * frame's edge on the way does not drift it.
   */
  const set = (wanted, centre = null, point = null) => {
    const before = scale;
    scale = Math.max(ZOOMS[0], Math.min(ZOOMS[ZOOMS.length - 1], wanted));
    const x = centre ? centre.x : frame.clientWidth / 2;
    const y = centre ? centre.y : frame.clientHeight / 2;
    const left = frame.scrollLeft;
    const top = frame.scrollTop;
    big.style.width = `${scale * 100}%`;
    big.style.maxWidth = "none";
    frame.style.height = scale > 1.001 && base > 0 ? `${base}px` : ""; // zoomed, the window onto the board keeps its size
    frame.classList.toggle("zoomed", scale > 1.001);
    label.textContent = `${Math.round(scale * 10) / 10}×`;
    frame.scrollLeft = point ? Math.max(0, point.x * scale - x) : anchoredScroll(left, x, before, scale);
    frame.scrollTop = point ? Math.max(0, point.y * scale - y) : anchoredScroll(top, y, before, scale);
  };
  const bar = el("div", { class: "zoom-bar", role: "group", "aria-label": "zoom the board (or pinch it)" },
    el("button", { type: "button", class: "zoom-out", "aria-label": "zoom out", text: "−", onclick: () => set(nextZoom(scale, -1)) }),
    label,
    el("button", { type: "button", class: "zoom-in", "aria-label": "zoom in", text: "+", onclick: () => set(nextZoom(scale, 1)) }),
    el("button", { type: "button", class: "zoom-fit", text: "Fit", onclick: () => set(1) }));
  box.append(bar, frame);
  wirePinch(frame, () => scale, set);
  const kept = scale;
  scale = 1;
  big.style.width = "100%";
  const base = frame.getBoundingClientRect().height; // the whole board's height: zoomed, the frame stays this tall
  set(kept);
  if (kept > 1 && seen) { frame.scrollLeft = seen.left; frame.scrollTop = seen.top; } // where the board was looked at
  frame.addEventListener("scroll", () => { seen = { left: frame.scrollLeft, top: frame.scrollTop }; }, { passive: true });
}

/** Two fingers on the frame scale the board around their centre; one finger still pans (scrolls). */
function wirePinch(frame, current, set) {
  let start = null; // {distance, scale} while two fingers are down
  const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  const centre = (touches) => {
    const edge = frame.getBoundingClientRect();
    return { x: (touches[0].clientX + touches[1].clientX) / 2 - edge.left, y: (touches[0].clientY + touches[1].clientY) / 2 - edge.top };
  };
  frame.addEventListener("touchstart", (event) => {
    if (event.touches.length !== 2) return;
    const at = centre(event.touches);
    const now = current();
    start = { distance: spread(event.touches), scale: now,
      point: { x: (frame.scrollLeft + at.x) / now, y: (frame.scrollTop + at.y) / now } }; // the board's point under the fingers
  }, { passive: true });
  frame.addEventListener("touchmove", (event) => {
    if (!start || event.touches.length !== 2) return;
    event.preventDefault(); // the page itself does not zoom or scroll under a pinch
    set(pinchScale(start.scale, start.distance, spread(event.touches)), centre(event.touches), start.point);
  }, { passive: false });
  const end = (event) => { if (event.touches.length < 2) start = null; };
  frame.addEventListener("touchend", end);
  frame.addEventListener("touchcancel", end);
}
