// Choosing on the board: which legal actions involve which board thing, the small menu that offers
// them when a thing is clicked, and the confirmation asked before a move that ends one's game.
"use strict";

/** Map board key -> the legal actions that involve it, as the game's renderer declares them. */
export function actionTargets(renderer, snapshot, info) {
  const byKey = new Map();
  for (const action of snapshot.legal || []) {
    let keys = [];
    try { keys = renderer.targets(action, snapshot, info) || []; } catch (err) { console.error(err); }
    for (const key of keys) {
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(action);
    }
  }
  return byKey;
}

let openMenu = null;
let openedFrom = null; // the board thing whose chooser is open: focus goes back to it

export function closeChooser({ refocus = false } = {}) {
  if (openMenu) openMenu.remove();
  openMenu = null;
  document.removeEventListener("keydown", escape, true);
  const from = openedFrom;
  openedFrom = null;
  if (refocus && from && from.isConnected) from.focus();
}

function escape(event) {
  if (event.key === "Escape") {
    event.preventDefault();
    closeChooser({ refocus: true }); // keyboard focus stays where it was, not on the page's body
  }
}

/** A small menu next to `anchor` listing `actions` as buttons; picking one calls `play(id)`. */
export function openChooser(anchor, actions, play) {
  closeChooser();
  const { el } = window.Magnates;
  const label = anchor.getAttribute("aria-label") || anchor.dataset.target;
  const menu = el("div", { class: "chooser", role: "dialog", "aria-label": `choices for ${label}` },
    el("div", { class: "chooser-title", text: anchor.dataset.title || label }),
    actions.map((action) => el("button", { type: "button", "data-action": action.id, "data-text": action.text,
      onclick: () => { closeChooser(); play(action.id); }, text: action.text })),
    el("button", { type: "button", class: "chooser-cancel", onclick: () => closeChooser({ refocus: true }), text: "Cancel" }));
  document.body.append(menu);
  openedFrom = anchor;
  const box = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  menu.style.width = `${width}px`;
  menu.style.left = `${Math.max(8, Math.min(window.scrollX + box.left, window.scrollX + window.innerWidth - width - 8))}px`;
  menu.style.top = `${window.scrollY + box.bottom + 4}px`;
  openMenu = menu;
  document.addEventListener("keydown", escape, true);
  const first = menu.querySelector("button");
  if (first) first.focus();
}

const FINAL_KINDS = new Set(["resign", "concede", "surrender"]);

/** Moves that end one's own game for good (resign, concede) ask first; everything else plays at once. */
export function confirmIfFinal(action) {
  const kind = (action.kind || "").toLowerCase();
  const final = FINAL_KINDS.has(kind) || /^(resign|concede)\b/i.test(action.text || "");
  if (!final) return Promise.resolve(true);
  const { el } = window.Magnates;
  return new Promise((resolve) => {
    const dialog = el("dialog", { class: "confirm", "aria-label": "confirm" },
      el("p", { text: `${action.text}: this ends your game and cannot be undone. Are you sure?` }),
      el("div", { class: "buttons" },
        el("button", { type: "button", class: "primary", id: "confirm-yes", text: "Yes, " + action.text }),
        el("button", { type: "button", id: "confirm-no", text: "No, keep playing" })));
    document.body.append(dialog);
    const done = (answer) => { dialog.close(); dialog.remove(); resolve(answer); };
    dialog.querySelector("#confirm-yes").addEventListener("click", () => done(true));
    dialog.querySelector("#confirm-no").addEventListener("click", () => done(false));
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); done(false); });
    dialog.showModal();
  });
}

document.addEventListener("click", (event) => {
  if (openMenu && !openMenu.contains(event.target)) closeChooser();
});
