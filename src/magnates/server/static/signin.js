// Sign in or sign up (?mode=up), then back to where you came from (?next=, a path on this site).
"use strict";
(function () {
  const { el, api } = Magnates;
  const params = Magnates.params();
  const up = params.get("mode") === "up";
  const next = (params.get("next") || "").startsWith("/") && !(params.get("next") || "").startsWith("//") ? params.get("next") : "/games.html";
  const errorBox = document.getElementById("error");
  document.getElementById("form-heading").textContent = up ? "Sign up" : "Sign in";
  document.getElementById("account-submit").textContent = up ? "Make my account" : "Sign in";
  document.getElementById("email-field").classList.toggle("hidden", !up);
  document.getElementById("account-password").setAttribute("autocomplete", up ? "new-password" : "current-password");
  document.title = `magnates — ${up ? "sign up" : "sign in"}`;
  const other = new URLSearchParams(params);
  if (up) other.delete("mode"); else other.set("mode", "up");
  document.getElementById("switch").replaceChildren(up ? "Have an account? " : "New here? ",
    el("a", { href: `/signin.html?${other}`, id: "switch-link", text: up ? "Sign in" : "Make an account" }));
  document.getElementById("account-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    Magnates.showError(errorBox, "");
    const body = { name: document.getElementById("account-name").value, password: document.getElementById("account-password").value };
    const email = document.getElementById("account-email").value.trim();
    if (up && email) body.email = email;
    try {
      await api("POST", up ? "/api/accounts" : "/api/session", body);
      try { localStorage.setItem("magnates.name", body.name.trim()); } catch (_) { /* storage off */ }
      window.location.assign(next);
    } catch (err) { Magnates.showError(errorBox, String(err.message || err)); }
  });
})();
