// Hot seat: several people sharing one device and one table page. The page is opened with every
// seat's secret in its fragment (`table.html?game=ID#seats=TOKEN1,TOKEN2`); it plays as whoever is
// to decide among them. When the turn passes from one person to another, the table is covered by a
// "pass the device to Bea" screen that hides the previous person's hand, and Bea's view is fetched
// only once Bea taps. The secrets move into this tab's session storage, out of the address bar.
"use strict";

import { el } from "/kit.js";

/** The hot seat's secrets for this game (from the link once, then from the tab's storage); [] if none. */
export function hotSeatTokens(gameId) {
  const key = `magnates.hotseat.${gameId}`;
  const url = new URL(window.location.href);
  const given = new URLSearchParams(url.hash.replace(/^#/, "")).get("seats");
  if (given) {
    try { sessionStorage.setItem(key, given); } catch (_) { /* storage off: this page only */ }
    window.history.replaceState(null, "", url.pathname + url.search);
  }
  let stored = given;
  try { stored = sessionStorage.getItem(key) || given; } catch (_) { /* keep the link's */ }
  return (stored || "").split(",").map((t) => t.trim()).filter(Boolean);
}

/** seat -> secret, asked of the server (each secret says whose seat it is); null when not a hot seat. */
export async function hotSeats(gameId, api) {
  const tokens = hotSeatTokens(gameId);
  if (tokens.length < 2) return null;
  const bySeat = new Map();
  for (const secret of tokens) {
    try {
      const seen = await api("GET", `/api/games/${gameId}`, undefined, secret);
      if (seen.seat !== null && seen.seat !== undefined) bySeat.set(seen.seat, secret);
    } catch (_) { /* a secret that no longer opens a seat: left out */ }
  }
  return bySeat.size > 1 ? bySeat : null;
}

/** Cover the table until `name` taps; then `ready()`. The cover says whose hand it hides. */
export function passScreen(name, previous, ready) {
  document.querySelectorAll(".pass-screen").forEach((old) => old.remove());
  document.body.classList.add("passing");
  const go = el("button", { type: "button", class: "primary big", id: "pass-ready", text: `I am ${name}: show my table` });
  const cover = el("div", { class: "pass-screen", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title" },
    el("div", { class: "pass-card" },
      el("h2", { id: "pass-title", text: `Pass the device to ${name}` }),
      el("p", { text: previous ? `${previous}'s hand is hidden. ${name}, tap when you hold the device.` : `${name}, tap when you hold the device.` }),
      go));
  go.addEventListener("click", () => {
    cover.remove();
    document.body.classList.remove("passing");
    ready();
  });
  document.body.append(cover);
  go.focus();
  return cover;
}
