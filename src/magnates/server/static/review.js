// The coach's review of a finished game, on the replay page and behind the live table's end screen
// (the server's /api/games/{id}/review does the work, see server/review.py and docs/analysis.md): a
// "Review" button, a progress bar, then every side's chance to win after each decision as a chart
// under the replay slider, the labels in the log (a label is a link to its step), and for each of
// your own weaker moves the better one the coach found, in words and, through the page's
// `markBetter`, as a mark on the board.
const { el, api } = Magnates;
const SVG = "http://www.w3.org/2000/svg";
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);
const W = 600, H = 120;
const PLURAL = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function sideNames(review) {
  if (review.players === 1) return ["Player 1", "the game"];
  return Array.from({ length: review.sides }, (_, i) => `Player ${i + 1}`);
}

// Every side's chance after each decision; dots on the labelled moves; a line at the replay's step.
function drawChart(review, seek) {
  const last = Math.max(1, review.actions);
  const x = (step) => (W * (step + 1)) / last;
  const y = (p) => H - p * H;
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart", role: "img", preserveAspectRatio: "none" });
  chart.setAttribute("aria-label", "chance to win after each decision");
  chart.append(svg("line", { x1: 0, x2: W, y1: y(1 / review.sides), y2: y(1 / review.sides), class: "review-even" }));
  if (review.decided_at !== null && review.decided_at !== undefined) {
    chart.append(svg("line", { x1: x(review.decided_at), x2: x(review.decided_at), y1: 0, y2: H, class: "review-decided" }));
  }
  for (let side = 0; side < review.sides; side++) {
    const points = review.decisions.map((d) => `${x(d.step).toFixed(1)},${y(d.after[side]).toFixed(1)}`).join(" ");
    chart.append(svg("polyline", { points, class: `review-side review-side-${side % 5}` }));
  }
  for (const d of review.decisions) {
    if (!MARKED.has(d.label)) continue;
    // A zero-length line with round caps: a dot that stays round however the chart is stretched.
    const [cx, cy] = [x(d.step).toFixed(1), y(d.after[d.seat]).toFixed(1)];
    const dot = svg("line", { x1: cx, x2: cx, y1: cy, y2: cy, class: `review-dot review-${d.label}`, tabindex: 0 });
    const title = svg("title");
    title.textContent = `${d.step + 1}. ${d.action_text}: ${d.label} (better: ${d.best_text})`;
    dot.append(title);
    dot.addEventListener("click", () => seek(d.step + 1));
    chart.append(dot);
  }
  const marker = svg("line", { x1: 0, x2: 0, y1: 0, y2: H, class: "review-now" });
  chart.append(marker);
  chart.addEventListener("click", (event) => {
    if (event.target.classList.contains("review-dot")) return;
    const box = chart.getBoundingClientRect();
    const step = Math.round(((event.clientX - box.left) / box.width) * last);
    seek(Math.max(0, Math.min(review.actions, step)));
  });
  return { chart, at: (step) => { marker.setAttribute("x1", x(step - 1)); marker.setAttribute("x2", x(step - 1)); } };
}

function summary(review) {
  const names = sideNames(review);
  return el("div", { class: "review-seats" }, review.seats.filter((s) => s.decisions > 0).map((s) =>
    el("span", { class: "review-seat" },
      el("span", { class: `review-swatch review-swatch-${s.seat % 5}`, "aria-hidden": "true" }),
      el("strong", { text: `${names[s.seat]}: accuracy ${s.accuracy}` }), " ",
      ["inaccuracy", "mistake", "blunder"].map((label) =>
        el("span", { class: `review-badge review-${label}`, text: `${s.labels[label]} ${s.labels[label] === 1 ? label : PLURAL[label]}` })))));
}

/** Whether the coach draws `d`'s better move for `seat`: the viewer's own inaccuracies, mistakes and blunders. */
export function drawsBetter(d, seat) {
  return Boolean(d) && d.seat === seat && MARKED.has(d.label) && d.best !== d.action;
}

// The log's lines (numbered by action, from 1) get their move's label, a button that shows the
// step, and the better move where the move was the viewer's own and not among the best.
function annotateLog(review, seat, seek) {
  const bySteps = new Map(review.decisions.map((d) => [d.step + 1, d]));
  for (const item of document.querySelectorAll("#log ol li")) {
    if (item.classList.contains("log-fold") || item.querySelector(":scope > .review-badge")) continue; // a fold's steps are its inner lines
    const d = bySteps.get(Number(item.value));
    if (!d) continue;
    item.append(" ", el("button", { type: "button", class: `review-badge review-${d.label}`, text: d.label,
      title: `show step ${d.step + 1}`, "aria-label": `${d.label}: show step ${d.step + 1}`, onclick: () => seek(d.step + 1) }));
    if (d.seat === seat && d.label !== "best" && d.label !== "good") {
      item.append(el("span", { class: "review-better", text: ` better: ${d.best_text}` }));
    }
  }
}

const PRACTISED = new Set(["mistake", "blunder"]); // as lichess's "learn from your mistakes": inaccuracies are left out

/** The viewer's mistakes and blunders, to be tried again (reviews stored before `choices` have none). */
export function practisable(review, seat) {
  return review.decisions.filter((d) => drawsBetter(d, seat) && PRACTISED.has(d.label) && Array.isArray(d.choices) && d.choices.length > 1);
}

/** What the coach says of `choice` tried again at decision `d` (chances for the mover, as the review gives them);
 *  the terminal's `magnates review --practice` says the same (`magnates.analysis.review.practice_verdict`). */
export function verdict(d, choice) {
  const points = (p) => Math.round(p * 100);
  const best = d.choices.find((c) => c.action === d.best) || { chance: Math.max(...d.choices.map((c) => c.chance)) };
  const played = d.choices.find((c) => c.action === d.action);
  const yours = played ? played.chance : best.chance - d.loss;
  if (choice.action === d.action) {
    return { solved: false, text: `That is the move you played: it gave up ${points(best.chance - yours)} points of your chance to win. Try another.` };
  }
  if (best.chance - choice.chance < 0.01) {
    return { solved: true, text: `Best move! The coach gives it ${points(choice.chance)}% to win, against ${points(yours)}% for the move you played.` };
  }
  if (choice.chance - yours >= 0.01) {
    return { solved: false, text: `Better than your move (${points(choice.chance)}% to win against ${points(yours)}%), but the coach found a stronger one. Try again.` };
  }
  return { solved: false, text: `No better than your move: the coach gives it ${points(choice.chance)}% to win, against ${points(yours)}% for yours. Try again.` };
}

// `seek(step)` shows a step; `seat()` is the viewer's seat (null for a spectator); `markBetter(d)`,
// when given, marks the better move of decision `d` on the board drawn now (null: no mark) and
// resolves to how many things it marked; `start` starts the review at once where none is stored.
export function mountReview({ gameId, token, seek, seat, markBetter = null, start = false }) {
  const box = document.getElementById("review");
  if (!box) return null;
  box.classList.remove("hidden");
  const button = el("button", { type: "button", id: "review-start", class: "primary", text: "Review this game" });
  const status = el("span", { class: "review-status", role: "status" });
  const bar = el("progress", { class: "review-progress hidden", max: 1, value: 0 });
  const body = el("div", { class: "review-body" });
  box.replaceChildren(el("div", { class: "review-head" }, button, bar, status), body);
  let shown = null;
  let drawn = null;
  let step = 0;
  let practising = null; // the practice of one's weaker moves, while it is open
  const viewer = () => (typeof seat === "function" ? seat() : seat);

  function thisMove(d) {
    if (!d) return el("p", { class: "review-move", text: "The last move here was forced or by chance: nothing to review." });
    const names = sideNames(shown);
    const lost = Math.round(d.loss * 100);
    return el("p", { class: "review-move", "data-step": d.step + 1 },
      el("span", { class: `review-badge review-${d.label}`, text: d.label }), " ",
      `${names[d.seat]} played ${d.action_text}`, d.best === d.action ? " (the coach's choice too)." : `; the coach prefers ${d.best_text} (${lost}% of the chance to win).`,
      el("span", { class: "review-where" }));
  }

  // The better move on the board, where the page can draw it; else said to be in words only.
  async function markOnBoard(d, line) {
    if (!markBetter) return;
    const mine = drawsBetter(d, viewer()) ? d : null;
    let marked = 0;
    try { marked = await markBetter(mine); } catch (err) { console.error(err); return; } // the words stand alone
    const where = line.querySelector(".review-where");
    if (!mine || !where || step !== d.step + 1) return;
    where.textContent = marked ? "What the better move names is marked on the board." : "The better move has no place on the board (shown in words only).";
    where.classList.toggle("review-onboard", Boolean(marked));
  }

  // "Learn from your mistakes": each of the viewer's weaker moves again, at the position where it
  // was chosen, with the moves the coach judged there (listed by id, so their order says nothing);
  // a try is answered from the review's own chances, and the coach's move is shown on request.
  function openPractice(review) {
    const list = practisable(review, viewer());
    if (!list.length) return;
    const panel = el("section", { class: "review-practice", "aria-label": "Learn from your mistakes" });
    body.querySelector(".review-move-box").classList.add("hidden");
    body.querySelector(".review-practice-open").classList.add("hidden");
    body.append(panel);
    const solved = new Set();
    practising = { index: 0, step: null };
    const close = () => {
      practising = null;
      panel.remove();
      body.querySelector(".review-move-box").classList.remove("hidden");
      body.querySelector(".review-practice-open").classList.remove("hidden");
      at(step);
    };
    const draw = () => {
      const i = practising.index;
      const d = list[i];
      practising.step = d.step;
      const said = el("p", { class: "practice-said", role: "status" });
      const choices = el("div", { class: "practice-choices" }, d.choices.map((c) => el("button", {
        type: "button", class: "practice-choice", "data-action": c.action, text: c.text,
        onclick: (event) => {
          const answer = verdict(d, c);
          said.textContent = answer.text;
          said.className = `practice-said ${answer.solved ? "practice-right" : "practice-wrong"}`;
          event.currentTarget.classList.add(answer.solved ? "practice-right" : "practice-tried");
          if (answer.solved) { solved.add(d.step); tally.textContent = `${solved.size} of ${list.length} found`; }
        },
      })));
      const answer = el("button", { type: "button", class: "practice-answer", text: "Show the coach's move",
        onclick: () => {
          const best = d.choices.find((c) => c.action === d.best);
          for (const node of choices.querySelectorAll(".practice-choice")) {
            node.classList.toggle("practice-right", Number(node.dataset.action) === d.best);
          }
          said.textContent = `The coach's move: ${d.best_text}${best ? ` (${Math.round(best.chance * 100)}% to win)` : ""}.`;
          said.className = "practice-said";
        } });
      const tally = el("span", { class: "practice-tally", text: `${solved.size} of ${list.length} found` });
      const nav = el("div", { class: "practice-nav" },
        el("button", { type: "button", class: "practice-prev", text: "Previous", disabled: i === 0 ? "" : null,
          onclick: () => { practising.index = i - 1; draw(); } }),
        el("button", { type: "button", class: "practice-next", text: i + 1 < list.length ? "Next mistake" : "Done",
          onclick: () => { if (i + 1 < list.length) { practising.index = i + 1; draw(); } else close(); } }),
        el("button", { type: "button", class: "practice-stop", text: "Stop", onclick: close }),
        tally);
      panel.replaceChildren(
        el("h3", { text: `Learn from your mistakes: ${i + 1} of ${list.length}` }),
        el("p", { class: "practice-task" },
          el("span", { class: `review-badge review-${d.label}`, text: d.label }), " ",
          `At move ${d.step + 1} you played ${d.action_text}. The board shows the position before it: find a better move.`),
        choices, said, el("div", { class: "practice-tools" }, answer), nav);
      seek(d.step);
      panel.querySelector(".practice-choice").focus({ preventScroll: true });
    };
    draw();
  }

  function show(review) {
    shown = review;
    button.classList.add("hidden");
    bar.classList.add("hidden");
    status.textContent = "";
    drawn = drawChart(review, seek);
    const move = el("div", { class: "review-move-box" });
    const mine = practisable(review, viewer());
    const learn = mine.length
      ? el("button", { type: "button", class: "review-practice-open", text: `Learn from your mistakes (${mine.length})`, onclick: () => openPractice(review) })
      : null;
    body.replaceChildren(drawn.chart, summary(review), learn, move);
    at(step);
    const list = document.querySelector("#log ol");
    annotateLog(review, viewer(), seek);
    if (list) new MutationObserver(() => annotateLog(review, viewer(), seek)).observe(list, { childList: true });
  }

  function at(now) {
    step = now;
    if (!shown || !drawn) return;
    drawn.at(now);
    if (practising) { // the position of the move being tried again: no word or mark of another move's
      if (markBetter) markBetter(null).catch((err) => console.error(err));
      return;
    }
    const d = shown.decisions.find((x) => x.step === step - 1); // the move that led here
    const line = thisMove(d);
    body.querySelector(".review-move-box").replaceChildren(line);
    if (d) markOnBoard(d, line);
    else if (markBetter) markBetter(null).catch((err) => console.error(err));
  }

  async function begin() {
    button.disabled = true;
    status.textContent = "starting the coach...";
    try {
      const answer = await api("POST", `/api/games/${gameId}/review`, undefined, token);
      if (answer.status === "done") show(answer.review);
      else await poll();
    } catch (err) {
      status.textContent = String(err.message || err);
      button.disabled = false;
    }
  }

  async function poll() {
    for (;;) {
      const answer = await api("GET", `/api/games/${gameId}/review`, undefined, token);
      if (answer.status === "done") return show(answer.review);
      if (answer.status === "failed") throw new Error(answer.error || "the review failed");
      if (answer.status === "none") throw new Error("the review did not start");
      bar.classList.remove("hidden");
      bar.max = Math.max(1, answer.total);
      bar.value = answer.done;
      status.textContent = answer.total ? `reviewing: ${answer.done} of ${answer.total} decisions` : "reviewing...";
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
  }

  button.addEventListener("click", begin);
  // A review stored earlier is shown at once; asked from the end screen, one not started starts now.
  api("GET", `/api/games/${gameId}/review`, undefined, token).then((answer) => {
    if (answer.status === "done") show(answer.review);
    else if (answer.status === "running") { button.disabled = true; poll().catch((err) => { status.textContent = String(err.message || err); }); }
    else if (start) begin();
  }).catch(() => box.classList.add("hidden")); // not finished, or not a game: no review here
  return { at };
}

// Hints during a game against bots only (the server refuses them otherwise): off until the player
// switches them on, then a "Hint" button asks the coach for its preferred move from the seat's view.
export function mountHints({ gameId, token }) {
  const box = document.getElementById("hints");
  if (!box || !token) return;
  api("GET", `/api/games/${gameId}/hint`, undefined, token).then((answer) => {
    if (!answer.available) return;
    const toggle = el("input", { type: "checkbox", id: "hints-toggle" });
    const ask = el("button", { type: "button", id: "hint-ask", class: "hidden", text: "Hint" });
    const said = el("span", { class: "hint-text", role: "status" });
    toggle.addEventListener("change", () => {
      ask.classList.toggle("hidden", !toggle.checked);
      if (!toggle.checked) said.textContent = "";
    });
    ask.addEventListener("click", async () => {
      ask.disabled = true;
      said.textContent = "the coach is thinking...";
      try {
        const got = await api("POST", `/api/games/${gameId}/hint`, undefined, token);
        said.textContent = got.hint
          ? `The coach suggests: ${got.hint.text} (about ${Math.round(got.hint.chance * 100)}% to win)`
          : `No hint: ${got.reason}.`;
      } catch (err) { said.textContent = String(err.message || err); }
      ask.disabled = false;
    });
    box.replaceChildren(el("label", {}, toggle, " Coach's hints"), " ", ask, " ", said);
    box.classList.remove("hidden");
  }).catch(() => {});
}
