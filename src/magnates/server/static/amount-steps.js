// An amount typed at once, played as a game's fixed steps. Some games keep their action space small by
// changing a number in fixed steps (Galactic Magnate's trade cash: 10, 50, 100, 500 up or down on
// either side); people think of the number itself ("I give 230"). These helpers find the fewest steps
// from the number now to the one wanted, every step within bounds (the same search as the engine's
// `trading.cash_plan`), and draw one control for it: − / typed amount / + and a slider, then confirm.
"use strict";

import { el } from "/kit.js";

/**
 * The fewest moves from `start` to `goal`, each move `{delta, id}`, never leaving [low, high]; the
 * ids in order, [] when already there, null when out of reach (or over `most` moves).
 */
export function fewestSteps(start, goal, moves, low, high, most = Infinity) {
  if (goal < low || goal > high) return null;
  const came = new Map([[start, null]]);
  let frontier = [start];
  while (frontier.length && !came.has(goal)) {
    const next = [];
    for (const here of frontier) {
      for (const move of moves) {
        const there = here + move.delta;
        if (there >= low && there <= high && !came.has(there)) { came.set(there, [here, move.id]); next.push(there); }
      }
    }
    frontier = next;
  }
  if (!came.has(goal)) return null;
  const plan = [];
  for (let at = goal; at !== start;) { const [from, id] = came.get(at); plan.unshift(id); at = from; }
  return plan.length > most ? null : plan;
}

/**
 * One control for a signed amount: negative values are one side's ("you give"), positive the
 * other's ("Bea gives"). `words(v)` says a value in words; `plan(v)` is the ids that reach it or a
 * string saying why not; `playSeries(ids)` plays them. The confirm button shows only for a value that
 * differs from `now` and can be reached.
 */
export function amountControl({ title, now, low, high, step, sides, words, plan, playSeries }) {
  let value = now;
  const side = el("select", { class: "amount-side", "aria-label": "who pays" },
    el("option", { value: "-1", text: sides[0] }), el("option", { value: "1", text: sides[1] }));
  const number = el("input", { type: "number", class: "amount-number", min: 0, step, inputmode: "numeric", "aria-label": "amount" });
  const range = el("input", { type: "range", class: "amount-range", min: low, max: high, step, "aria-label": `${sides[0]} (left) or ${sides[1]} (right)` });
  const note = el("p", { class: "help amount-note", "aria-live": "polite" });
  const confirm = el("button", { type: "button", class: "primary step-confirm amount-confirm hidden" });
  const set = (v, { typed = false } = {}) => {
    // A typed amount is kept as typed (the note says why one cannot be set); − / + and the slider stay within bounds.
    value = typed ? v : Math.max(low, Math.min(high, Math.round(v / step) * step || 0));
    range.value = String(Math.max(low, Math.min(high, value)));
    if (!typed) number.value = String(Math.abs(value));
    if (value !== 0) side.value = value < 0 ? "-1" : "1";
    number.max = String(Number(side.value) < 0 ? -low : high);
    const ids = value === now ? null : plan(value);
    const ok = Array.isArray(ids) && ids.length > 0;
    confirm.classList.toggle("hidden", !ok);
    confirm.textContent = ok ? `Set: ${words(value)}` : "";
    confirm.dataset.series = ok ? ids.join(",") : "";
    note.textContent = value === now ? `Now: ${words(now)}.` : ok ? `${ids.length} change${ids.length === 1 ? "" : "s"} to the offer.` : String(ids || "");
  };
  const fromNumber = () => {
    const typed = Math.abs(Number(number.value) || 0);
    set(Number(side.value) * typed, { typed: true });
  };
  number.addEventListener("input", fromNumber);
  number.addEventListener("keydown", (event) => { if (event.key === "Enter" && !confirm.classList.contains("hidden")) confirm.click(); });
  side.addEventListener("change", fromNumber);
  range.addEventListener("input", () => set(Number(range.value)));
  confirm.addEventListener("click", () => playSeries(confirm.dataset.series.split(",").map(Number)));
  const nudge = (sign) => set(value + sign * step * Number(side.value || 1));
  set(now);
  return el("div", { class: "group stepper amount-control" },
    el("h3", { text: title }),
    el("div", { class: "stepper-row" },
      side,
      el("button", { type: "button", class: "step-minus", "aria-label": "less", text: "−", onclick: () => nudge(-1) }),
      number,
      el("button", { type: "button", class: "step-plus", "aria-label": "more", text: "+", onclick: () => nudge(1) })),
    el("div", { class: "amount-ends" }, el("span", { text: sides[0] }), range, el("span", { text: sides[1] })),
    note,
    el("div", { class: "buttons" }, confirm));
}
