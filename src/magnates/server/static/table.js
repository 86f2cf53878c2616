// The table page: any game's view and legal actions, live over a WebSocket.
// Each game's drawing is the ES module /games/<game>.js (see kit.js for its contract); the page
// fetches the game's static data once (/api/games/{id}/info), makes the board's things clickable
// where a legal action involves them, and keeps the list of choices as the keyboard fallback.
// Around the board (issue 18): the scoreboard and last move (scoreboard.js), turn signals and the
// clock (signals.js), the chat (chat.js), the rules (rules-panel.js), history at any time and the
// end-of-game breakdown with a rematch. Fields the server does not send leave their feature hidden.
import { actionTargets, closeChooser, confirmIfFinal, openChooser } from "/choices.js";
import { drawResult, drawScoreboard, fallbackRows, lastEntry, markLastMove } from "/scoreboard.js";
import { askNotifications, bindToggle, showTimer, signalTurn } from "/signals.js";
import { createChat } from "/chat.js";
import { rulesPanel } from "/rules-panel.js";
import { drawWaiting } from "/waiting-room.js";
import { withNames } from "/kit.js";
import { drawLegend } from "/legend.js";
import { MOST_BUTTONS, drawSteps, needsSteps } from "/choice-steps.js";
import { hotSeats, passScreen } from "/hot-seat.js";
import { wirePhone, zoomBoard } from "/phone.js";
import { fitBoard, placeChoices } from "/fit.js";
import { mountHints, mountReview } from "/review.js";

(async function () {
  const { el, api } = Magnates;
  const params = Magnates.params();
  const gameId = params.get("game");
  const hot = await hotSeats(gameId, api); // several people on this device: seat -> secret, else null
  let token = Magnates.seatToken(gameId) || (hot ? hot.values().next().value : "");
  const replayOnly = params.get("replay") === "1"; // a finished game's (or a spectator's) replay page
  const errorBox = document.getElementById("error");
  let socket = null;
  let snapshot = null; // what is drawn now
  let live = null; // the newest live message (kept while the history is shown)
  let history = replayOnly; // showing past steps instead of the live table
  let info = null;
  let renderer = undefined;
  let retry = 0;
  let reconnectAfter = null; // [seconds, why]: the server asked to wait before connecting again
  let waiting = false;
  let rulesWired = false;
  const chat = createChat(document.getElementById("chat"), { send: say });

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
    // The game's stylesheet (added by its module) decides what is shown: wait for it before the first drawing.
    await Promise.all([...document.querySelectorAll("link[rel=stylesheet]")].filter((link) => !link.sheet).map((link) =>
      new Promise((done) => { link.addEventListener("load", done, { once: true }); link.addEventListener("error", done, { once: true });
        setTimeout(done, 3000); // never wait for a sheet that failed before we looked
      })));
    return renderer;
  }

  // A refusal that says when to try again (503 while the server cannot store moves, 429 for too many
  // at once): a visible countdown, then the same move sent again (the server applies a move once per
  // step, however often it is sent) or, when the page is not connected, a fresh connection.
  let pending = null; // the move or undo sent and not answered yet
  let countdown = null;
  function retryAfter(seconds, said, then) {
    clearInterval(countdown);
    let left = Math.max(1, Math.ceil(Number(seconds) || 1));
    const what = pending ? "sending your move again" : "reconnecting";
    said = String(said || "").replace(/[;,]?\s*try again (in \d+ s|shortly)\.?$/, ""); // the countdown says when
    const tell = () => {
      fail(`${said} — ${what} in ${left} s…`);
      document.getElementById("connection").textContent = `${what} in ${left} s`;
    };
    tell();
    countdown = setInterval(() => {
      left -= 1;
      if (left > 0) { tell(); return; }
      clearInterval(countdown);
      countdown = null;
      then();
    }, 1000);
  }

  function resend() {
    const again = pending;
    pending = null;
    const open = socket && socket.readyState === WebSocket.OPEN;
    document.getElementById("connection").textContent = open ? "live" : "reconnecting…";
    fail("");
    if (!again || !live || live.step !== again.step || live.status === "finished") return; // the game went on meanwhile
    send(again);
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      fail("not connected to the server; reconnecting…");
      return;
    }
    waiting = true;
    pending = message.type === "action" || message.type === "undo" ? message : null;
    for (const b of document.querySelectorAll("#actions button, #actions select, #amounts button, #undo")) b.disabled = true;
    socket.send(JSON.stringify(message));
  }

  /** A chat message: over the WebSocket when it is open, else by HTTP. */
  function say(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    api("POST", `/api/games/${gameId}/chat`, { text: message.text }, token).catch((err) => fail(String(err.message || err)));
    return true;
  }

  // A run of moves chosen at once (an amount set by its fixed steps): each is sent when the one
  // before has been applied and it is still legal; anything else (an error, another's turn) ends it.
  let series = [];
  let seriesSent = -1; // the step at which the series' last move was sent
  function playSeries(ids) {
    series = ids.slice(1);
    seriesSent = snapshot.step;
    play(ids[0]);
  }

  function continueSeries(s) {
    if (!series.length || s.step <= seriesSent) return false; // not yet the result of the move sent
    const next = series.shift();
    if (s.seat === null || s.decider !== s.seat || !(s.legal || []).some((a) => a.id === next)) { series = []; return false; }
    seriesSent = s.step;
    send({ type: "action", action: next, step: s.step });
    return true;
  }

  async function play(actionId) {
    const action = (snapshot.legal || []).find((a) => a.id === actionId);
    if (action && !(await confirmIfFinal(action))) return;
    send({ type: "action", action: actionId, step: snapshot.step });
  }

  // Board things a legal action involves become buttons: one action plays, several open a chooser.
  function wireBoard(board, s) {
    closeChooser(); // a menu of the position before is stale: its thing was drawn anew
    if (history || !renderer || !renderer.targets || s.seat === null || !(s.legal || []).length) return;
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
        // One move plays at once, unless the game asks to show it first (a card whose only move is a sale).
        const askFirst = renderer.askFirst && renderer.askFirst(node.dataset.target, actions, s);
        if (actions.length === 1 && !askFirst) play(actions[0].id);
        else openChooser(node, actions, play);
      };
      nameIncludesText(node);
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") pick(event); });
    }
  }

  // A clickable thing's spoken name must contain the words it shows (WCAG 2.5.3, "label in name"):
  // its label gets the visible text after it, as the browser joins it (what accessibility checkers
  // compare), when it lacks it. The short label stays as the thing's title (the chooser's heading).
  function nameIncludesText(node) {
    const label = node.getAttribute("aria-label");
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT, {
      acceptNode: (text) => (text.parentElement.closest("title, desc, style") || !shownOnScreen(text.parentElement, node)
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
    let shown = "";
    while (walker.nextNode()) shown += walker.currentNode.nodeValue;
    shown = shown.replace(/\s+/g, " ").trim();
    if (label) node.dataset.title = label;
    if (label && shown && !label.toLowerCase().includes(shown.toLowerCase())) node.setAttribute("aria-label", `${label} · shows ${shown}`);
  }

  function shownOnScreen(element, root) {
    for (let e = element; e && e !== root.parentElement; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return false;
    }
    return true;
  }

  function myTurn(s) {
    return !history && s.status !== "finished" && s.seat !== null && s.seat !== undefined && s.decider === s.seat;
  }

  function statusText(s) {
    if (history) return `History: step ${s.step} of ${s.steps}`;
    if (s.status === "finished") return "Game over";
    if (s.waiting_for > 0) return `Waiting for ${s.waiting_for} player${s.waiting_for === 1 ? "" : "s"}`;
    if (myTurn(s)) return "Your turn: choose an action";
    if (s.decider === -1) return "Chance…";
    return `Waiting for ${Magnates.playerName(s.decider, s.players)}`;
  }

  /** The help shown under a choice when "Help on choices" is on (and as its tooltip). */
  function helpFor(action) {
    const own = renderer && renderer.actionHelp ? renderer.actionHelp(action, snapshot, info) : null;
    return own || `${action.kind.replaceAll("_", " ")}: ${action.text}`;
  }

  function choiceButton(action, label, onclick, attrs = {}) {
    const help = helpFor(action);
    return el("button", { type: "button", title: help, onclick, ...attrs }, label, el("span", { class: "choice-help", text: help }));
  }

  // Group actions by kind; a kind with many actions differing only in a detail (a payment) gets a menu.
  function drawActions(s) {
    const box = document.getElementById("actions");
    const amounts = document.getElementById("amounts");
    box.replaceChildren();
    amounts.replaceChildren();
    const panel = document.getElementById("actions-panel");
    panel.classList.toggle("hidden", history || s.seat === null || s.seat === undefined);
    // With nothing to choose the panel is one line saying whom the table waits for (and Undo, when offered).
    const idle = !s.legal || !s.legal.length;
    panel.classList.toggle("idle", idle);
    document.getElementById("actions-title").textContent = idle ? statusText(s) : "Your choices";
    if (idle) return;
    // A long list, or a number to choose, is offered a step at a time (choice-steps.js).
    const ctx = { play, plain: plainList,
      button: (action, label) => choiceButton(action, label, () => play(action.id), { "data-action": action.id, "data-text": action.text }) };
    // A game may offer an amount as one control (renderer.amountControls) instead of its fixed steps:
    // it heads the choices in a box of its own (#amounts), since its − and + are no moves.
    let extra = null;
    try { extra = renderer && renderer.amountControls ? renderer.amountControls(s, info, { playSeries }) : null; } catch (err) { console.error(err); }
    const legal = extra ? s.legal.filter((a) => !extra.kinds.includes(a.kind)) : s.legal;
    if (extra) amounts.append(extra.element);
    if (!legal.length) return;
    const most = MOST_BUTTONS - (extra ? extra.element.querySelectorAll("button").length : 0); // the control's buttons count too
    if (needsSteps(legal, most)) drawSteps(box, legal, ctx, most);
    else box.append(plainList(legal));
  }

  /** Actions as buttons grouped by kind; a kind's actions differing only in a payment share a menu. */
  function plainList(actions) {
    const list = el("div", { class: "plain-list" });
    const groups = new Map();
    for (const action of actions) {
      if (!groups.has(action.kind)) groups.set(action.kind, []);
      groups.get(action.kind).push(action);
    }
    for (const [kind, ofKind] of groups) {
      const group = el("div", { class: "group" }, el("h3", { text: kind.replaceAll("_", " ") }));
      const byHead = new Map();
      for (const action of ofKind) {
        const head = action.text.split(" paying ")[0];
        if (!byHead.has(head)) byHead.set(head, []);
        byHead.get(head).push(action);
      }
      const buttons = el("div", { class: "buttons" });
      for (const [head, options] of byHead) {
        if (options.length === 1) {
          const only = options[0];
          buttons.append(choiceButton(only, only.text, () => play(only.id), { "data-action": only.id, "data-text": only.text }));
        } else {
          // One choice among several payments: a menu of the legal ones, then a button.
          const select = el("select", { "aria-label": `payment for ${head}`, "data-head": head },
            options.map((o) => el("option", { value: o.id, text: o.text.slice(head.length).replace(/^ paying /, "pay ") })));
          buttons.append(el("span", {}, choiceButton(options[0], head, () => play(Number(select.value)), { "data-action-group": head }), " ", select));
        }
      }
      group.append(buttons);
      list.append(group);
    }
    return list;
  }

  const logLine = (entry) =>
    el("li", { class: `${entry.text === "(hidden)" ? "hiddenmove" : ""}${entry.timeout ? " timeout" : ""}`, value: entry.step + 1 }, `${entry.who}: ${entry.text}`);

  // A game may fold a run of one player's small steps (Galactic Magnate's offer, built a change at a
  // time) into one line that opens to show them: its module's `logFold(entry)` names the run an entry
  // belongs to, or null. The run's last step stays a line of its own (it is what "Last move" says).
  const openFolds = new Set(); // the first steps of the folds opened
  function drawLog(s, module) {
    const list = document.querySelector("#log ol");
    const fold = module && typeof module.logFold === "function" ? module.logFold : () => null;
    const entries = s.log || [];
    const items = [];
    for (let i = 0; i < entries.length; ) {
      const kind = fold(entries[i]);
      let end = i + 1;
      while (kind && end < entries.length && entries[end].who === entries[i].who && fold(entries[end]) === kind) end += 1;
      const folded = end - 1 - i; // all of the run but its last step
      if (folded >= 2) {
        const first = entries[i].step;
        const details = el("details", {}, el("summary", { text: `${entries[i].who}: ${kind} (${folded} steps)` }),
          el("ol", {}, entries.slice(i, end - 1).map(logLine)));
        details.open = openFolds.has(first); // the log is drawn anew on every move: a fold opened stays open
        details.addEventListener("toggle", () => (details.open ? openFolds.add(first) : openFolds.delete(first)));
        items.push(el("li", { class: "log-fold", value: first + 1 }, details));
        items.push(logLine(entries[end - 1]));
      } else {
        items.push(...entries.slice(i, end).map(logLine));
      }
      i = end;
    }
    list.replaceChildren(...items);
    list.scrollTop = list.scrollHeight;
  }

  function drawLastMove(s, board, previous) {
    const box = document.getElementById("lastmove");
    const entry = lastEntry(s);
    box.classList.toggle("hidden", !entry);
    if (!entry) return;
    box.replaceChildren(el("span", { class: "lastmove-label", text: entry.timeout ? "Last move (timed out)" : "Last move" }),
      el("span", { class: "lastmove-text", text: `${entry.who}: ${entry.text}` }));
    // The move's things are named as its mover saw them: from the position it was chosen in where
    // this page drew that one (a move may move or use up what it names), else from the position now.
    const chosenIn = previous && previous.step === entry.step && previous.view ? previous : s;
    markLastMove(board, entry, lastMoveKeys(chosenIn, entry));
  }

  // The action a log line words: its engine text, or the game's label for it (info.labels).
  function actionsByText() {
    if (!info.byText) {
      info.byText = new Map();
      const add = (text, action) => {
        if (!text) return;
        if (!info.byText.has(text)) info.byText.set(text, []);
        info.byText.get(text).push(action);
      };
      for (const action of info.actions || []) {
        add(action.text, action);
        if (info.labels && info.labels[action.id] && info.labels[action.id] !== action.text) add(info.labels[action.id], action);
      }
    }
    return info.byText;
  }

  /** The board keys of the last move: the game's own `targets` of its action, as its mover would
   *  have chosen it in `s` (the server names a public move's action; else the action its words match). */
  function lastMoveKeys(s, entry) {
    const keys = new Set();
    if (!renderer || !renderer.targets) return keys;
    const known = Number.isInteger(entry.action) && (info.actions || [])[entry.action];
    const actions = known ? [known] : actionsByText().get(entry.original) || [];
    const asMover = { ...s, seat: entry.actor };
    for (const action of actions) {
      try { for (const key of renderer.targets(action, asMover, info) || []) keys.add(key); } catch (err) { console.error(err); }
    }
    return keys;
  }

  function drawScores(s) {
    let rows = null;
    try { rows = renderer && renderer.scoreboard ? renderer.scoreboard(s, info) : null; } catch (err) { console.error(err); }
    if (!rows || !rows.length) rows = fallbackRows(s);
    document.getElementById("scoreboard").replaceChildren(drawScoreboard(s, rows));
  }

  async function rematch() {
    try {
      const next = await api("POST", `/api/games/${gameId}/rematch`, undefined, token);
      window.location.assign(`/table.html?game=${encodeURIComponent(next.id)}#token=${encodeURIComponent(next.token)}`);
    } catch (err) { fail(`rematch: ${err.message || err}`); }
  }

  function drawEnd(s) {
    const box = document.getElementById("result");
    if (!s.result) { box.classList.add("hidden"); box.replaceChildren(); return; }
    const player = s.seat !== null && s.seat !== undefined; // with the seat's secret or signed in
    const again = player && !replayOnly && "rematch" in s
      ? el("button", { type: "button", id: "rematch", class: "primary", onclick: rematch, text: s.rematch ? "Join the rematch" : "Rematch" }) : null;
    const replay = history ? null : el("a", { href: `/table.html?game=${gameId}&replay=1`, id: "replay-link", class: "button", text: "Replay step by step" });
    // The coach, on this page: the same review as the replay page's, under the replay bar.
    const review = history || replayOnly || s.status !== "finished" ? null
      : el("button", { type: "button", id: "end-review", onclick: () => openReview(s.step), text: "Review this game" });
    const revealPart = renderer && renderer.revealPart ? (part) => renderer.revealPart(part, s, info) : null;
    box.replaceChildren(drawResult(s, { rematch: again, replay, review, revealPart }));
    box.classList.remove("hidden");
  }

  function drawTools(s) {
    const box = document.getElementById("tools");
    const options = Object.entries(s.options || {}).map(([k, v]) => `${k} ${v}`).join(" · ");
    box.replaceChildren(el("h2", { text: "Game" }), el("p", { class: "muted", text: `${s.title} · ${options} · step ${s.step}` }));
    const links = el("p", { class: "tool-links" });
    if (!history && s.seat !== null && s.seat !== undefined && s.step > 0 && s.status !== "finished") {
      links.append(el("button", { type: "button", id: "history-button", onclick: () => openHistory(s.step) },
        historyIcon(), " History: step back"));
    }
    if (s.status === "finished") {
      links.append(el("a", { href: `/api/games/${gameId}/record`, download: `${s.game}-${gameId}.json`, id: "export-link", text: "Export record (JSON)" }));
    }
    box.append(links);
  }

  function historyIcon() {
    const icon = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    icon.setAttribute("width", "16");
    icon.setAttribute("height", "16");
    icon.setAttribute("viewBox", "0 0 16 16");
    icon.setAttribute("aria-hidden", "true");
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", "M12 3v10L5 8z");
    path.setAttribute("fill", "currentColor");
    icon.append(path);
    return icon;
  }

  async function draw(s) {
    const previous = snapshot; // the position before the last move, when this page drew it
    snapshot = s;
    document.body.dataset.step = s.step;
    document.body.dataset.status = s.status || (s.result ? "finished" : "playing");
    document.body.dataset.decider = s.decider;
    document.body.dataset.history = history ? "1" : "";
    document.body.dataset.game = s.game || ""; // a game's stylesheet may lay the page out its own way
    const title = s.title || (live && live.title) || s.game;
    const mine = myTurn(s);
    signalTurn(title, mine);
    document.getElementById("title").textContent = title;
    document.getElementById("who").textContent = s.seat === null || s.seat === undefined ? "spectator" : `you are ${Magnates.playerName(s.seat, s.players)}`;
    const status = document.getElementById("status");
    status.textContent = statusText(s);
    status.classList.toggle("yours", mine);
    document.body.classList.toggle("my-turn", mine);
    document.getElementById("turn-banner").classList.toggle("hidden", !mine);
    showTimer(document.getElementById("timer"), history ? {} : s, s.decider === s.seat ? "you" : Magnates.playerName(s.decider, s.players));
    const board = document.getElementById("board");
    await loadInfo();
    if (!rulesWired && s.game && s.options) {
      rulesWired = true;
      rulesPanel(document.getElementById("rules-button"), { game: s.game, options: s.options });
    }
    // A game may word its actions for people better than their engine text (names, 1-based numbers).
    // The games number seats ("attack Player 2"): people read each other's names.
    for (const action of s.legal || []) action.text = withNames((info.labels && info.labels[action.id]) || action.text, s);
    for (const entry of s.log || []) if (entry.original === undefined) entry.original = entry.text; // before a renderer rewords it
    const module = await loadRenderer(s.game);
    if (module) {
      board.replaceChildren(module.render(s, info, { play, seat: s.seat }));
      wireBoard(board, s);
      zoomBoard(board);
    } else if (Magnates.renderers[s.game]) {
      board.replaceChildren(Magnates.renderers[s.game](s, info));
    } else {
      board.replaceChildren(el("h2", { text: "Table" }), Magnates.drawJson(s.view));
    }
    if (!history) drawWaiting(document.getElementById("waiting"), s, { gameId, token, fail });
    drawScores(s);
    drawLastMove(s, board, previous);
    drawLegend(board, document.getElementById("legend"), module);
    drawLog(s, module);
    drawEnd(s);
    chat.update(s);
    drawTools(s); // in the history too: the game's name, options and the step shown
    placeChoices(); // beside the board or under it, as the game's stylesheet says for this width
    if (!history) {
      drawActions(s);
      fitBoard(board); // after the choices: their height at the bottom is what the board leaves free
      const undo = document.getElementById("undo");
      undo.classList.toggle("hidden", !s.can_undo);
      undo.disabled = false;
    } else {
      document.getElementById("actions-panel").classList.add("hidden");
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
        if (hot && message.status !== "finished" && hot.has(message.decider) && message.decider !== message.seat) {
          handOver(message); // another person on this device decides now: hide this one's table first
          return;
        }
        if (waiting && !countdown) fail("");
        waiting = false;
        if (pending && message.step !== pending.step) { // answered (or the game went on without it)
          pending = null;
          if (countdown) { clearInterval(countdown); countdown = null; fail(""); }
        }
        live = message;
        if (!history && series.length && continueSeries(message)) { snapshot = message; return; } // the next step of a series
        if (!history) draw(message);
      } else if (message.type === "chat" && message.message) {
        chat.add(message.message);
      } else if (message.type === "error") {
        waiting = false;
        if (message.retry_after && !message.fatal) {
          if (pending) retryAfter(message.retry_after, message.message, resend); // a series goes on once it is in
          else if (!live) { fail(message.message); reconnectAfter = [message.retry_after, message.message]; } // closing: see onclose
          else { series = []; fail(message.message); }
        } else {
          pending = null;
          series = [];
          fail(message.message);
        }
        if (snapshot && !history) draw(snapshot);
        if (message.fatal) { socket.onclose = null; document.getElementById("connection").textContent = "refused"; }
      }
    };
    socket.onclose = () => {
      if (reconnectAfter) { // the server said when (its database was away while the game was opened)
        const [wait, said] = reconnectAfter;
        reconnectAfter = null;
        retryAfter(wait, said, connect);
        return;
      }
      document.getElementById("connection").textContent = "reconnecting…";
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 250 * retry);
    };
  }

  /** Hot seat: close this person's connection, cover the table, and open the next person's on their tap. */
  function handOver(message) {
    const next = message.decider;
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
    waiting = false;
    token = hot.get(next);
    passScreen(Magnates.playerName(next, message.players), message.seat === null ? null : Magnates.playerName(message.seat, message.players), connect);
  }

  // -- history: your own view of past steps, at any time ------------------------------------------

  const slider = document.getElementById("replay-step");
  let total = 0;
  let coach = null; // the coach's review of a finished game (review.js), on the replay page or from the end screen

  async function show(step) { // true once the step is drawn
    try {
      const s = await api("GET", `/api/games/${gameId}/replay/${step}`, undefined, token);
      if (!history) return false; // back to live meanwhile
      total = s.steps;
      slider.max = String(total);
      slider.value = String(s.step);
      document.getElementById("replay-label").textContent = `step ${s.step} of ${total}`;
      fail("");
      await draw({ ...s, title: live ? live.title : s.game, options: live ? live.options : undefined });
      if (coach) coach.at(s.step);
      return true;
    } catch (err) { fail(String(err.message || err)); return false; }
  }

  function wireReplayBar() {
    const current = () => Number(slider.value);
    document.getElementById("replay-first").onclick = () => show(0);
    document.getElementById("replay-prev").onclick = () => show(Math.max(0, current() - 1));
    document.getElementById("replay-next").onclick = () => show(Math.min(total, current() + 1));
    document.getElementById("replay-last").onclick = () => show(total);
    slider.oninput = () => show(current());
    document.getElementById("replay-live").onclick = backToLive;
  }

  async function openHistory(now, at = Math.max(0, now - 1)) {
    history = true;
    document.body.classList.add("in-history");
    await show(at);
    if (!history) return;
    // The bar appears once its step count is known (a click before that would read 0 steps), and
    // even if that step failed: its "live" button is the way back.
    document.getElementById("replaybar").classList.remove("hidden");
    document.getElementById("replay-live").classList.remove("hidden");
  }

  function backToLive() {
    history = false;
    document.body.classList.remove("in-history");
    document.getElementById("replaybar").classList.add("hidden");
    if (!replayOnly) document.getElementById("review").classList.add("hidden"); // the end screen again
    fail("");
    if (live) draw(live);
  }

  // -- the coach's review (review.js): on the replay page, and from the live table's end screen -------

  const before = new Map(); // step -> the replay there, as this viewer saw it (where a move was chosen)

  async function positionAt(step) {
    if (!before.has(step)) before.set(step, api("GET", `/api/games/${gameId}/replay/${step}`, undefined, token));
    try { return await before.get(step); } catch (err) { before.delete(step); throw err; }
  }

  /** Mark on the board drawn now the things decision `d`'s better move names (its action's `targets`,
   *  as its mover saw them where the move was chosen); null clears the marks. Resolves to the count. */
  async function markBetter(d) {
    const board = document.getElementById("board");
    const clear = () => { for (const node of board.querySelectorAll(".coach-better")) node.classList.remove("coach-better"); };
    clear();
    let marked = 0;
    const action = d && (info.actions || [])[d.best];
    if (action && renderer && renderer.targets) {
      const chosenIn = await positionAt(d.step);
      if (!history || !snapshot || snapshot.step !== d.step + 1) return 0; // the page moved on meanwhile
      let keys = [];
      try { keys = renderer.targets(action, { ...chosenIn, seat: d.seat }, info) || []; } catch (err) { console.error(err); }
      clear();
      for (const node of board.querySelectorAll("[data-target]")) {
        if (!keys.includes(node.dataset.target)) continue;
        node.classList.add("coach-better");
        marked++;
      }
    }
    drawLegend(board, document.getElementById("legend"), renderer);
    return marked;
  }

  function mountCoach(start = false) {
    coach = mountReview({ gameId, token, seek, seat: () => (snapshot ? snapshot.seat : null), markBetter, start });
  }

  /** A step shown from the review (its chart, its log's labels): on the live page, the history opens first. */
  async function seek(step) {
    if (history) return show(step);
    await openHistory(step, step);
    if (coach) document.getElementById("review").classList.remove("hidden");
    return true;
  }

  /** The end screen's "Review this game": the last step in the history, the review under its bar. */
  async function openReview(last) {
    await openHistory(last, last);
    if (!history) return;
    if (coach) document.getElementById("review").classList.remove("hidden");
    else mountCoach(true); // shows the panel, and starts the review unless one is stored
    coach.at(last);
    document.getElementById("review").scrollIntoView({ block: "nearest" });
  }

  if (!gameId) {
    fail("this page needs a game: open it from the lobby");
    return;
  }
  document.getElementById("undo").addEventListener("click", () => send({ type: "undo" }));
  const helpToggle = document.getElementById("help-toggle");
  helpToggle.addEventListener("click", () => {
    const on = document.body.classList.toggle("show-help");
    helpToggle.setAttribute("aria-pressed", on ? "true" : "false");
  });
  // On a phone the choices are a sheet over the bottom of the board: it folds down to its title bar.
  const foldChoices = document.getElementById("choices-toggle");
  foldChoices.addEventListener("click", () => {
    const folded = document.body.classList.toggle("choices-folded");
    foldChoices.setAttribute("aria-expanded", folded ? "false" : "true");
    foldChoices.textContent = folded ? "Show choices" : "Hide choices";
  });
  wirePhone();
  window.addEventListener("resize", () => { placeChoices(); fitBoard(document.getElementById("board")); });
  bindToggle(document.getElementById("sound-toggle"), "sound");
  bindToggle(document.getElementById("notify-toggle"), "notify", askNotifications);
  wireReplayBar();
  // For tests and the curious: send a raw message as this seat (the server validates it like any other).
  Magnates.table = { send, snapshot: () => snapshot, live: () => live };
  if (replayOnly) {
    try { live = await api("GET", `/api/games/${gameId}`, undefined, token); } catch (_) { live = null; }
    document.getElementById("actions-panel").classList.add("hidden");
    // A replay refused (a spectator before the end) shows its reason without a bar of dead buttons.
    if (await show(0)) document.getElementById("replaybar").classList.remove("hidden");
    mountCoach();
  } else {
    connect();
    mountHints({ gameId, token }); // off until switched on; offered only in games against bots
  }
})();
