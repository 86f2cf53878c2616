// The table's chat: messages from the snapshot (the last 100) and live ones, a box to write in for
// players (spectators read), and a mute that hides it (remembered). Text goes in with textContent only.
"use strict";

import { el, seatColor } from "/kit.js";

const MUTE = "magnates.chat.muted";

function isMuted() {
  try { return localStorage.getItem(MUTE) === "on"; } catch (_) { return false; }
}

export function createChat(box, { send }) {
  let messages = [];
  let unread = 0;
  let seat = null;
  const list = el("ol", { class: "chat-list", "aria-live": "polite", "aria-label": "messages", tabindex: 0 });
  const input = el("input", { type: "text", id: "chat-text", maxlength: 500, autocomplete: "off", "aria-label": "message to the table", placeholder: "Say something…" });
  const form = el("form", { class: "chat-form" }, input, el("button", { type: "submit", id: "chat-send", text: "Send" }));
  const mute = el("input", { type: "checkbox", id: "chat-mute" });
  const muteLabel = el("label", { class: "chat-mute" }, mute, "Mute chat");
  const counter = el("span", { class: "chat-unread hidden", id: "chat-unread" });
  const note = el("p", { class: "muted chat-muted hidden", text: "The chat is muted." });
  box.replaceChildren(el("div", { class: "chat-head" }, el("h2", { text: "Chat" }), counter, muteLabel), note, list, form);

  function line(m) {
    return el("li", { class: "chat-line", style: `--seat:${seatColor(m.seat)}` },
      el("span", { class: "chat-who", text: `${m.name || `Player ${m.seat + 1}`}:` }), " ", el("span", { class: "chat-said", text: m.text }));
  }

  function redraw() {
    const muted = mute.checked;
    list.classList.toggle("hidden", muted);
    note.classList.toggle("hidden", !muted);
    list.replaceChildren(...messages.map(line));
    list.scrollTop = list.scrollHeight;
    counter.textContent = muted && unread ? `${unread} new` : "";
    counter.classList.toggle("hidden", !(muted && unread));
  }

  mute.checked = isMuted();
  mute.addEventListener("change", () => {
    try { localStorage.setItem(MUTE, mute.checked ? "on" : "off"); } catch (_) { /* this page only */ }
    if (!mute.checked) unread = 0;
    redraw();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (send({ type: "chat", text })) input.value = "";
  });

  return {
    /** The snapshot's chat (after a reconnection it is the whole recent story). */
    update(snapshot) {
      seat = snapshot.seat;
      if (Array.isArray(snapshot.chat)) messages = snapshot.chat.slice(-100);
      box.classList.toggle("hidden", !Array.isArray(snapshot.chat) && !messages.length);
      form.classList.toggle("hidden", seat === null || seat === undefined);
      redraw();
    },
    /** One message said just now. */
    add(message) {
      messages = [...messages, message].slice(-100);
      if (mute.checked && message.seat !== seat) unread++;
      box.classList.remove("hidden");
      redraw();
    },
  };
}
