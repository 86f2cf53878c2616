// The waiting room on the table page: while a game waits for players (snapshot.waiting_for > 0) it
// shows who is still missing, each open seat's invite link, a "Take this seat" button for the seat an
// invite link names (?seat=N), and for the creator "Start now with bots" and "Cancel the table".
// For a guest holding a seat's link while signed in, it offers to keep the seat in the account.
const { el, api } = window.Magnates;

export function creatorToken(gameId) {
  try { return localStorage.getItem(`magnates.creator.${gameId}`) || ""; } catch (_) { return ""; }
}

function inviteRow(gameId, seat) {
  const url = new URL(`/table.html?game=${encodeURIComponent(gameId)}&seat=${seat.seat}`, window.location.href).href;
  const field = el("input", { readonly: true, value: url, "aria-label": `invite link for seat ${seat.seat + 1}`, onclick: (e) => e.target.select() });
  const copy = el("button", { type: "button", class: "quiet", text: "Copy", onclick: async () => {
    try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; } catch (_) { field.select(); }
  } });
  return el("div", { class: "invite-row" }, el("span", { text: `Invite for seat ${seat.seat + 1}:` }), field, copy);
}

async function takeSeat(gameId, seat, fail) {
  const me = await window.Magnates.whoami();
  let name = null;
  try { name = localStorage.getItem("magnates.name") || null; } catch (_) { name = null; }
  try {
    const taken = await api("POST", `/api/games/${encodeURIComponent(gameId)}/seats/${seat}/take`, { name: me ? null : name });
    // signed in, the cookie opens the seat; a guest keeps the seat's secret from its link
    window.location.assign(me ? `/table.html?game=${encodeURIComponent(gameId)}` : taken.link);
  } catch (err) { fail(String(err.message || err)); }
}

export async function drawWaiting(box, s, { gameId, token, fail }) {
  const me = await window.Magnates.whoami();
  const parts = [];
  const wanted = Number(window.Magnates.params().get("seat"));
  const mineSeat = s.seat !== null && s.seat !== undefined;
  if (s.waiting_for > 0) {
    const open = s.players.filter((p) => p.open);
    parts.push(el("h2", { text: `Waiting for ${s.waiting_for} player${s.waiting_for === 1 ? "" : "s"}` }),
      el("p", { class: "help", text: "Nothing moves and no clock runs until every seat is taken." }));
    const invited = open.find((p) => p.seat === wanted);
    if (!mineSeat) {
      for (const seat of invited ? [invited] : open) {
        parts.push(el("p", {}, el("button", { type: "button", class: "primary big take-seat", "data-seat": seat.seat,
          text: `Take seat ${seat.seat + 1}${seat.name && !/^(Player|Open seat) \d+$/.test(seat.name) ? ` (${seat.name})` : ""}`,
          onclick: () => takeSeat(gameId, seat.seat, fail) })));
      }
    } else {
      parts.push(...open.map((seat) => inviteRow(gameId, seat)));
    }
    const creator = creatorToken(gameId);
    if (creator || (me && mineSeat)) {
      const startButton = el("button", { type: "button", id: "start-with-bots", text: "Start now with bots", onclick: async () => {
        try { await api("POST", `/api/games/${encodeURIComponent(gameId)}/start`, { bot: "greedy" }, creator || undefined); }
        catch (err) {
          if (!String(err.message || err).includes("greedy")) { fail(String(err.message || err)); return; }
          try { await api("POST", `/api/games/${encodeURIComponent(gameId)}/start`, { bot: "random" }, creator || undefined); }
          catch (again) { fail(String(again.message || again)); }
        }
      } });
      const cancelButton = el("button", { type: "button", id: "cancel-table", class: "danger", text: "Cancel the table", onclick: async () => {
        if (!window.confirm("Cancel this table? It is removed for everyone.")) return;
        try {
          await api("DELETE", `/api/games/${encodeURIComponent(gameId)}`, undefined, creator || undefined);
          window.location.assign(me ? "/games.html" : "/index.html");
        } catch (err) { fail(String(err.message || err)); }
      } });
      parts.push(el("p", { class: "tool-links" }, startButton, " ", cancelButton));
    }
  }
  if (token && me && mineSeat && s.players[s.seat] && s.players[s.seat].name !== me.name) {
    parts.push(el("p", {}, el("button", { type: "button", id: "claim-seat", text: `Keep this seat in my account (${me.name})`, onclick: async () => {
      try {
        await api("POST", `/api/games/${encodeURIComponent(gameId)}/seats/${s.seat}/claim`, undefined, token);
        window.location.reload();
      } catch (err) { fail(String(err.message || err)); }
    } })));
  }
  box.replaceChildren(...parts);
  box.classList.toggle("hidden", parts.length === 0);
}
