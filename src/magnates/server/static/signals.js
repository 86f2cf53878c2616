// Turn signals: the tab title, an optional beep (WebAudio, off by default) and an optional browser
// notification (permission asked only when the player turns it on), and the turn clock's countdown.
// The player's choices are remembered in localStorage.
"use strict";

const KEYS = { sound: "magnates.sound", notify: "magnates.notify" };

function stored(key) {
  try { return localStorage.getItem(key) === "on"; } catch (_) { return false; }
}

function store(key, on) {
  try { localStorage.setItem(key, on ? "on" : "off"); } catch (_) { /* storage off: this page only */ }
}

export const settings = { sound: stored(KEYS.sound), notify: stored(KEYS.notify) };

/** Wire a checkbox to a remembered setting; `onChange(on)` may refuse (returns false) to uncheck it. */
export function bindToggle(input, name, onChange = async () => true) {
  input.checked = settings[name];
  input.addEventListener("change", async () => {
    const ok = input.checked ? await onChange(true) : true;
    if (!ok) input.checked = false;
    settings[name] = input.checked;
    store(KEYS[name], input.checked);
  });
}

/** Ask for notifications when the player turns them on (never before). */
export async function askNotifications() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  if (Notification.permission === "denied") return false;
  return (await Notification.requestPermission()) === "granted";
}

function beep() {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => audio.close();
  } catch (_) { /* no audio here */ }
}

let wasMine = false;

/** The tab title for this moment, and the beep and notification when a turn becomes the player's. */
export function signalTurn(title, mine) {
  document.title = mine ? `● Your turn · ${title}` : `${title} · magnates`;
  if (mine && !wasMine) {
    if (settings.sound) beep();
    if (settings.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(`Your turn · ${title}`, { tag: "magnates-turn" }); } catch (_) { /* not allowed here */ }
    }
  }
  wasMine = mine;
}

// -- the turn clock ------------------------------------------------------------------------------

let clock = null;

/** Show the countdown of a timed table (`timer.deadline` in the server's clock, corrected by `server_time`). */
export function showTimer(box, snapshot, whoText) {
  if (clock) clearInterval(clock);
  clock = null;
  const timer = snapshot.timer;
  if (!timer || !timer.deadline || snapshot.status === "finished") {
    box.classList.add("hidden");
    box.textContent = "";
    return;
  }
  const skew = typeof snapshot.server_time === "number" ? snapshot.server_time - Date.now() / 1000 : 0;
  const tick = () => {
    const left = Math.max(0, Math.round(timer.deadline - (Date.now() / 1000 + skew)));
    const minutes = Math.floor(left / 60);
    // games over days: days and hours; a quick game: minutes and seconds
    const shown = left >= 86400 ? `${Math.floor(left / 86400)} d ${Math.floor((left % 86400) / 3600)} h`
      : left >= 3600 ? `${Math.floor(left / 3600)} h ${Math.floor((left % 3600) / 60)} min`
      : `${minutes}:${String(left % 60).padStart(2, "0")}`;
    box.textContent = `${shown} left for ${whoText}`;
    box.classList.toggle("urgent", left <= 10);
    const then = timer.on_timeout === "forfeit" ? "then they forfeit the game" : `then the ${timer.bot || "timeout"} bot moves`;
    box.title = timer.bank ? `${then} (a bank of ${Math.round(timer.bank / 3600)} h for the whole game)` : `${then} (${timer.seconds} s a decision)`;
  };
  box.classList.remove("hidden");
  tick();
  clock = setInterval(tick, 1000);
}
