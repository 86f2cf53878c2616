// Shared helpers of the magnates web client (no build step, no framework).
"use strict";

const Magnates = {
  renderers: {},

  el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  async api(method, path, body, token) {
    const options = { method, headers: {} };
    if (token) options.headers.Authorization = `Bearer ${token}`;
    // A signed-in page's changes carry its session's CSRF token (the cookie alone is refused).
    if (method !== "GET" && !path.startsWith("/api/session") && path !== "/api/accounts") {
      const me = await Magnates.whoami();
      if (me) options.headers["X-CSRF-Token"] = me.csrf;
    }
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let data = null;
    try { data = await response.json(); } catch (_) { data = null; }
    if (!response.ok) {
      let detail = data && data.detail !== undefined ? data.detail : response.statusText;
      if (Array.isArray(detail)) detail = detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
      throw new Error(String(detail));
    }
    return data;
  },

  params() { return new URLSearchParams(window.location.search); },

  // Who is signed in here (GET /api/me: name and CSRF token), asked once per page; null for a guest.
  whoami(again = false) {
    if (!Magnates._me || again) {
      Magnates._me = fetch("/api/me").then((r) => (r.ok ? r.json() : null)).catch(() => null);
    }
    return Magnates._me;
  },
  _me: null,

  // A seat's secret arrives once in its link (#token=..., or ?token=... in older links). It moves
  // into this tab's session storage and out of the address bar, history and any Referer.
  seatToken(gameId) {
    const key = `magnates.token.${gameId}`;
    const url = new URL(window.location.href);
    const fromHash = new URLSearchParams(url.hash.replace(/^#/, "")).get("token");
    const fromQuery = url.searchParams.get("token");
    const given = fromHash || fromQuery;
    if (given) {
      try { sessionStorage.setItem(key, given); } catch (_) { /* storage off: keep it in memory */ }
      url.hash = "";
      url.searchParams.delete("token");
      window.history.replaceState(null, "", url.pathname + url.search);
      Magnates._tokens[key] = given;
    }
    let stored = null;
    try { stored = sessionStorage.getItem(key); } catch (_) { stored = null; }
    return stored || Magnates._tokens[key] || "";
  },
  _tokens: {},

  // A seat as people read it: the name its player chose (from `players`, else the table's newest
  // message), or "Player N" (1-based).
  playerName(seat, players) {
    if (seat === null || seat === undefined) return "spectator";
    let list = players;
    if (!list && Magnates.table && typeof Magnates.table.snapshot === "function") {
      const current = Magnates.table.snapshot();
      list = current && current.players;
    }
    const player = list && list[seat];
    return player && player.name ? player.name : `Player ${seat + 1}`;
  },

  // One game option as a labelled field with its help line (the lobby's form, the Roller's variant):
  // a checkbox, a list of its choices, or a text or number box; `onChange` runs on every change.
  optionField(option, onChange) {
    const { el } = Magnates;
    const id = `option-${option.name}`;
    const helpId = `${id}-help`;
    const kind = typeof option.default;
    const common = { id, "data-option": option.name, "data-kind": kind, "aria-describedby": option.doc ? helpId : null };
    let input;
    if (kind === "boolean") {
      input = el("input", { type: "checkbox", ...common });
      input.checked = option.default;
    } else if (option.choices) {
      input = el("select", common,
        option.choices.map((c) => el("option", { value: c, text: String(c), selected: c === option.default })));
    } else {
      input = el("input", { type: kind === "number" ? "number" : "text", value: option.default, ...common });
    }
    input.dataset.default = String(option.default);
    input.addEventListener("change", onChange);
    const label = el("label", { for: id, text: option.label || option.name });
    const help = option.doc ? el("p", { class: "help", id: helpId, text: option.doc }) : null;
    return kind === "boolean"
      ? el("div", { class: "field check" }, el("div", { class: "check-row" }, input, label), help)
      : el("div", { class: "field" }, label, input, help);
  },

  // The options set in `box`'s fields: only those that differ from their default (an option left
  // alone is not "chosen"; some games check that).
  chosenOptions(box) {
    const options = {};
    for (const input of box.querySelectorAll("[data-option]")) {
      const raw = input.type === "checkbox" ? input.checked : input.value;
      const value = input.dataset.kind === "number" ? Number(raw) : raw;
      if (String(value) !== input.dataset.default) options[input.dataset.option] = value;
    }
    return options;
  },

  showError(target, message) {
    target.textContent = message;
    target.classList.toggle("hidden", !message);
  },

  // A readable, generic drawing of any JSON view: nested definition lists.
  drawJson(value) {
    const { el } = Magnates;
    if (value === null || value === undefined) return el("span", { class: "muted", text: "—" });
    if (Array.isArray(value)) {
      if (value.every((v) => v === null || typeof v !== "object")) {
        return el("span", { text: value.length ? value.map((v) => (v === null ? "?" : String(v))).join(", ") : "none" });
      }
      return el("ol", {}, value.map((v) => el("li", {}, Magnates.drawJson(v))));
    }
    if (typeof value === "object") {
      const dl = el("dl", { class: "view" });
      for (const [key, v] of Object.entries(value)) {
        dl.append(el("dt", { text: key.replaceAll("_", " ") }), el("dd", {}, Magnates.drawJson(v)));
      }
      return dl;
    }
    return el("span", { text: String(value) });
  },
};
window.Magnates = Magnates;
