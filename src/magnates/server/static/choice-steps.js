// Choices that scale: a long list of legal actions is offered a step at a time instead of one
// button per combination. The first step is the kind of move ("develop", "give gold"), then the
// first thing that differs between its actions (the card, then where, then how to pay), each step
// a short list; a run of actions that differ only in a number (a bid, tokens to place, gold to give)
// is a stepper with a confirm button. Nothing here knows a game: the steps follow each action's JSON
// (`action.json`), and each step's name comes from the words its actions share.
"use strict";

import { el } from "/kit.js";

export const MOST_BUTTONS = 15; // about what a person scans at a glance
const AMOUNTS = /^(amount|count|bid|gold|money|cash|value|tokens|number|quaestors)$/; // a number, not a thing's id
const STOP_WORDS = new Set(["at", "the", "to", "from", "for", "a", "an", "of", "in", "on", "paying", "with", "and", "province", "district"]);

function fieldsOf(action) {
  return Object.keys(action.json || {}).filter((key) => key !== "type");
}

function valueKey(value) {
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** The first field (in the action's own order) whose value differs among `actions`, or null. */
function firstDiffering(actions) {
  for (const key of fieldsOf(actions[0])) {
    if (new Set(actions.map((a) => valueKey((a.json || {})[key]))).size > 1) return key;
  }
  return null;
}

/** A stepper fits when the actions differ in one whole-number field only, and there are several. */
export function stepperField(actions) {
  if (actions.length < 5) return null;
  const key = firstDiffering(actions);
  if (!key || !AMOUNTS.test(key) || !actions.every((a) => Number.isInteger((a.json || {})[key]))) return null;
  const others = fieldsOf(actions[0]).filter((k) => k !== key);
  return others.every((k) => new Set(actions.map((a) => valueKey((a.json || {})[k]))).size === 1) ? key : null;
}

/** The words a group's actions all begin with, cut back to a word that says something. */
function sharedWords(actions) {
  const split = actions.map((a) => a.text.split(" "));
  const words = [];
  for (let i = 0; split.every((w) => i < w.length && w[i] === split[0][i]); i++) words.push(split[0][i]);
  while (words.length && STOP_WORDS.has(words[words.length - 1].toLowerCase().replace(/[:,]$/, ""))) words.pop();
  return words.join(" ").replace(/[:,]$/, "");
}

/** How many buttons the plain list (one per action, payments folded into a menu) would show. */
export function plainCount(actions) {
  return new Set(actions.map((a) => `${a.kind}|${a.text.split(" paying ")[0]}`)).size;
}

/** Whether the legal actions need steps: too many buttons, or a number better chosen on a stepper. */
export function needsSteps(actions, most = MOST_BUTTONS) {
  if (plainCount(actions) > most) return true;
  const byKind = groupBy(actions, (a) => a.kind);
  return [...byKind.values()].some((group) => stepperField(group));
}

function groupBy(actions, keyOf) {
  const groups = new Map();
  for (const action of actions) {
    const key = keyOf(action);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(action);
  }
  return groups;
}

/**
 * Draw the choices as steps into `box`. `ctx.button(action, label)` makes a final choice's button,
 * `ctx.plain(actions)` draws a short list the usual way, `ctx.play(id)` plays an action; `most`
 * buttons at once (fewer where other controls share the panel).
 */
export function drawSteps(box, actions, ctx, most = MOST_BUTTONS) {
  const trail = []; // the steps taken: [{label, actions}]
  const show = (list, title) => {
    const part = el("div", { class: "step-pick" });
    if (trail.length) {
      part.append(el("div", { class: "step-trail" },
        el("button", { type: "button", class: "step-back", "data-back": "1", text: "← Back",
          onclick: () => { trail.pop(); const last = trail[trail.length - 1]; show(last ? last.actions : actions, last ? last.label : null); } }),
        el("span", { class: "step-title", text: trail.map((t) => t.label).join(" › ") })));
    }
    part.append(level(list, title));
    box.replaceChildren(part);
    const first = part.querySelector("[data-step], [data-action], input");
    if (trail.length && first) first.focus();
  };
  const next = (label, list) => { trail.push({ label, actions: list }); show(list, label); };

  function level(list, title) {
    const budget = most - (trail.length ? 1 : 0); // a step back is a button too
    const kinds = groupBy(list, (a) => a.kind);
    if (kinds.size > 1) {
      // Every kind at once where that stays short (a stepper counts as its three buttons), else the kinds first.
      const cost = [...kinds.values()].reduce((n, group) => n + (stepperField(group) ? 3 : plainCount(group)), 0);
      if (cost <= budget) {
        return el("div", {}, [...kinds.values()].map((group) => (stepperField(group) ? stepper(group, stepperField(group), ctx) : ctx.plain(group))));
      }
      return groupButtons(kinds, true, title, budget);
    }
    const field = stepperField(list);
    if (field) return stepper(list, field, ctx);
    if (plainCount(list) <= budget) return ctx.plain(list);
    const key = firstDiffering(list);
    if (!key) return groupButtons(new Map(list.map((a) => [String(a.id), [a]])), false, title, budget);
    return groupButtons(groupBy(list, (a) => valueKey((a.json || {})[key])), false, title, budget);
  }

  function groupButtons(groups, kindStep, title, budget) {
    const wrap = el("div", { class: "group" }, el("h3", { text: title ? "Which one?" : "What kind of move?" }));
    const buttons = el("div", { class: "buttons" });
    let entries = [...groups];
    let rest = [];
    if (entries.length > budget) { // still too many: the last button leads to the others
      rest = entries.slice(budget - 1).flatMap(([, group]) => group);
      entries = entries.slice(0, budget - 1);
    }
    for (const [key, group] of entries) {
      if (group.length === 1) { buttons.append(ctx.button(group[0], group[0].text)); continue; }
      const label = kindStep ? key.replaceAll("_", " ").replaceAll("-", " ") : sharedWords(group) || key;
      buttons.append(el("button", { type: "button", class: "step-group", "data-step": key, onclick: () => next(label, group) },
        label, el("span", { class: "step-count", text: ` · ${group.length}` })));
    }
    if (rest.length) {
      buttons.append(el("button", { type: "button", class: "step-group", "data-step": "more", onclick: () => next("more", rest) },
        "More choices", el("span", { class: "step-count", text: ` · ${rest.length}` })));
    }
    wrap.append(buttons);
    return wrap;
  }

  show(actions, null);
}

/** A number chosen with − / + or a slider, then confirmed: one button plays it. */
function stepper(list, field, ctx) {
  const sorted = [...list].sort((a, b) => a.json[field] - b.json[field]);
  const values = sorted.map((a) => a.json[field]);
  let index = 0;
  const confirm = el("button", { type: "button", class: "primary step-confirm" });
  const shown = el("output", { class: "step-value", "aria-live": "polite" });
  const range = el("input", { type: "range", min: 0, max: values.length - 1, step: 1, value: 0,
    "aria-label": `${field}: ${values[0]} to ${values[values.length - 1]}` });
  const set = (i) => {
    index = Math.max(0, Math.min(values.length - 1, i));
    range.value = String(index);
    shown.textContent = String(values[index]);
    confirm.textContent = sorted[index].text;
    confirm.dataset.action = String(sorted[index].id);
    confirm.dataset.text = sorted[index].text;
  };
  range.addEventListener("input", () => set(Number(range.value)));
  confirm.addEventListener("click", () => ctx.play(sorted[index].id));
  set(0);
  return el("div", { class: "group stepper" },
    el("h3", { text: `${sharedWords(sorted) || field}: choose the ${field}` }),
    el("div", { class: "stepper-row" },
      el("button", { type: "button", class: "step-minus", "aria-label": `less ${field}`, text: "−", onclick: () => set(index - 1) }),
      shown, range,
      el("button", { type: "button", class: "step-plus", "aria-label": `more ${field}`, text: "+", onclick: () => set(index + 1) })),
    el("div", { class: "buttons" }, confirm));
}
