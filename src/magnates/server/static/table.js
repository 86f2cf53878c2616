// The table page: any game's view and legal actions, live over a WebSocket.
// Each game's drawing is the ES module /games/<game>.js (see kit.js for its contract); the page
// fetches the game's static data once (/api/games/{id}/info), makes the board's things clickable
// where a legal action involves them, and keeps the list of choices as the keyboard fallback.
import { actionTargets, confirmIfFinal, openChooser } from "/choices.js";

(async function () {
  const { el, api } = Magnates;
  const params = Magnates.params();
  const gameId = params.get("game");
  const token = Magnates.seatToken(gameId);
  const replayMode = params.get("replay") === "1";
  const errorBox = document.getElementById("error");
  let socket = null;
  let snapshot = null;
  let info = null;
  let renderer = undefined;
  let retry = 0;
  let waiting = false;

  function fail(message) { Magnates.showError(errorBox, message || ""); }

  async function loadInfo() {
    if (info) return info;
    try { info = await api("GET", `/api/games/${gameId}/info`); } catch (_) { info = { actions: [], card_faces: {}, suits: [] }; }
    // The older card drawing reads `cards` and `suits`.
    info.cards = info.card_faces || {};
    return info;
  }

  // The game's renderer module, loaded once; null when the game has none (the generic tree is drawn).
  async function loadRenderer(game) {
    if (renderer !== undefined) return renderer;
    try { renderer = await import(`/games/${game}.js`); } catch (err) { console.error(err); renderer = null; }
    return renderer;
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      fail("not connected to the server; reconnecting…");
      return;
    }
    waiting = true;
    for (const b of document.querySelectorAll("#actions button, #actions select, #undo")) b.disabled = true;
    socket.send(JSON.stringify(message));
  }

  async function play(actionId) {
    const action = (snapshot.legal || []).find((a) => a.id === actionId);
    if (action && !(await confirmIfFinal(action))) return;
    send({ type: "action", action: actionId, step: snapshot.step });
  }

  // Board things a legal action involves become buttons: one action plays, several open a chooser.
  function wireBoard(board, s) {
    if (replayMode || !renderer || !renderer.targets || s.seat === null || !(s.legal || []).length) return;
    const byKey = actionTargets(renderer, s, info);
    for (const node of board.querySelectorAll("[data-target]")) {
      const actions = byKey.get(node.dataset.target);
      if (!actions) continue;
      node.classList.add("actionable");
      node.setAttribute("tabindex", "0");
      if (!node.getAttribute("role") || node.getAttribute("role") === "img") node.setAttribute("role", "button");
      const pick = (event) => {
        event.preventDefault();
        event.stopPropagation();
        if (waiting) return;
        if (actions.length === 1) play(actions[0].id);
        else openChooser(node, actions, play);
      };
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") pick(event); });
    }
  }

  function statusText(s) {
    if (s.status === "finished") return "Game over";
    if (s.decider === s.seat) return "Your turn: choose an action";
    if (s.decider === -1) return "Chance…";
    return `Waiting for ${Magnates.playerName(s.decider)}`;
  }

  // Group actions by kind; a kind with many actions differing only in a detail (a payment) gets a menu.
  function drawActions(s) {
    const box = document.getElementById("actions");
    box.replaceChildren();
    document.getElementById("actions-panel").classList.toggle("hidden", replayMode || s.seat === null);
    if (!s.legal || !s.legal.length) {
      box.append(el("p", { class: "muted", text: s.status === "finished" ? "The game is over." : "Nothing to choose now." }));
      return;
    }
    const groups = new Map();
    for (const action of s.legal) {
      if (!groups.has(action.kind)) groups.set(action.kind, []);
      groups.get(action.kind).push(action);
    }
    for (const [kind, actions] of groups) {
      const group = el("div", { class: "group" }, el("h3", { text: kind.replaceAll("_", " ") }));
      const byHead = new Map();
      for (const action of actions) {
        const head = action.text.split(" paying ")[0];
        if (!byHead.has(head)) byHead.set(head, []);
        byHead.get(head).push(action);
      }
      const buttons = el("div", { class: "buttons" });
      for (const [head, options] of byHead) {
        if (options.length === 1) {
          buttons.append(el("button", { type: "button", "data-action": options[0].id, "data-text": options[0].text, onclick: () => play(options[0].id), text: options[0].text }));
        } else {
          // One choice among several payments: a menu of the legal ones, then a button.
          const select = el("select", { "aria-label": `payment for ${head}`, "data-head": head },
            options.map((o) => el("option", { value: o.id, text: o.text.slice(head.length).replace(/^ paying /, "pay ") })));
          buttons.append(el("span", {}, el("button", { type: "button", "data-action-group": head, onclick: () => play(Number(select.value)), text: head }), " ", select));
        }
      }
      group.append(buttons);
      box.append(group);
    }
  }

  function drawLog(s) {
    const list = document.querySelector("#log ol");
    list.replaceChildren(...(s.log || []).map((entry) =>
      el("li", { class: entry.text === "(hidden)" ? "hiddenmove" : "", value: entry.step + 1 }, `${entry.who}: ${entry.text}`)));
    list.scrollTop = list.scrollHeight;
  }

  function drawResult(s) {
    const box = document.getElementById("result");
    if (!s.result) { box.classList.add("hidden"); return; }
    const r = s.result;
    const lines = s.players.map((p) => `${p.name}: place ${r.ranking[p.seat]}, score ${r.scores[p.seat]}`);
    const winners = r.winners.map((w) => Magnates.playerName(w)).join(" and ");
    box.replaceChildren(el("strong", { text: r.winners.length === 1 ? `${winners} wins` : `Draw between ${winners}` }),
      ` (${r.reason}). `, lines.join("; "));
    box.classList.remove("hidden");
  }

  function drawTools(s) {
    const box = document.getElementById("tools");
    box.replaceChildren(el("h2", { text: "Game" }),
      el("p", { class: "muted", text: `${s.title} · ${Object.entries(s.options || {}).map(([k, v]) => `${k} ${v}`).join(" · ")} · step ${s.step}` }));
    if (s.status === "finished") {
      const base = `/table.html?game=${gameId}`;
      box.append(el("p", {}, el("a", { href: `${base}&replay=1`, id: "replay-link", text: "Replay step by step" }), " · ",
        el("a", { href: `/api/games/${gameId}/record`, download: `${s.game}-${gameId}.json`, id: "export-link", text: "Export record (JSON)" })));
    }
  }

  async function draw(s) {
    snapshot = s;
    document.body.dataset.step = s.step;
    document.body.dataset.status = s.status;
    document.body.dataset.decider = s.decider;
    document.title = `magnates — ${s.title || s.game}`;
    document.getElementById("title").textContent = s.title || s.game;
    document.getElementById("who").textContent = s.seat === null ? "spectator" : `you are ${Magnates.playerName(s.seat)}`;
    const status = document.getElementById("status");
    status.textContent = replayMode ? `Replay: step ${s.step} of ${s.steps}` : statusText(s);
    status.classList.toggle("yours", s.decider === s.seat && s.status !== "finished");
    document.body.classList.toggle("my-turn", !replayMode && s.decider === s.seat && s.status !== "finished");
    const board = document.getElementById("board");
    await loadInfo();
    // A game may word its actions for people better than their engine text (names, 1-based numbers).
    if (info.labels) for (const action of s.legal || []) action.text = info.labels[action.id] || action.text;
    const module = await loadRenderer(s.game);
    if (module) {
      board.replaceChildren(module.render(s, info, { play, seat: s.seat }));
      wireBoard(board, s);
    } else if (Magnates.renderers[s.game]) {
      board.replaceChildren(Magnates.renderers[s.game](s, info));
    } else {
      board.replaceChildren(el("h2", { text: "Table" }), Magnates.drawJson(s.view));
    }
    drawLog(s);
    drawResult(s);
    if (!replayMode) {
      drawActions(s);
      drawTools(s);
      const undo = document.getElementById("undo");
      undo.classList.toggle("hidden", !s.can_undo);
      undo.disabled = false;
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${window.location.host}/ws/games/${gameId}`;
    socket = token ? new WebSocket(url, ["magnates", `token.${token}`]) : new WebSocket(url);
    document.getElementById("connection").textContent = "connecting…";
    socket.onopen = () => { retry = 0; document.getElementById("connection").textContent = "live"; };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        if (waiting) fail("");
        waiting = false;
        draw(message);
      } else if (message.type === "error") {
        waiting = false;
        fail(message.message);
        if (snapshot) draw(snapshot);
        if (message.fatal) { socket.onclose = null; document.getElementById("connection").textContent = "refused"; }
      }
    };
    socket.onclose = () => {
      document.getElementById("connection").textContent = "reconnecting…";
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * retry);
    };
  }

  async function startReplay() {
    document.getElementById("replaybar").classList.remove("hidden");
    const slider = document.getElementById("replay-step");
    let total = 0;
    async function show(step) {
      try {
        const s = await api("GET", `/api/games/${gameId}/replay/${step}`, undefined, token);
        total = s.steps;
        slider.max = String(total);
        slider.value = String(s.step);
        document.getElementById("replay-label").textContent = `${s.step} / ${total}`;
        fail("");
        await draw(s);
      } catch (err) { fail(String(err.message || err)); }
    }
    const current = () => Number(slider.value);
    document.getElementById("replay-first").onclick = () => show(0);
    document.getElementById("replay-prev").onclick = () => show(Math.max(0, current() - 1));
    document.getElementById("replay-next").onclick = () => show(Math.min(total, current() + 1));
    document.getElementById("replay-last").onclick = () => show(total);
    slider.oninput = () => show(current());
    document.getElementById("actions-panel").classList.add("hidden");
    await show(0);
  }

  if (!gameId) {
    fail("this page needs a game: open it from the lobby");
    return;
  }
  document.getElementById("undo").addEventListener("click", () => send({ type: "undo" }));
  // For tests and the curious: send a raw message as this seat (the server validates it like any other).
  Magnates.table = { send, snapshot: () => snapshot };
  if (replayMode) startReplay(); else connect();
})();
