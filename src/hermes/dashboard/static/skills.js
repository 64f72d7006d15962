// One skill: save a new version of SKILL.md, or roll back to a version from the history. The page
// reloads after a change so the rendering, files and history are the server's; the message survives.
(function () {
  const root = document.getElementById("skill");
  if (!root) return;
  const name = root.dataset.name;
  const base = "/ui/skills/" + encodeURIComponent(name);
  const KEY = "hermes.skills.flash";
  const pending = sessionStorage.getItem(KEY);
  if (pending) { sessionStorage.removeItem(KEY); hermes.flash(pending); }

  async function post(url, body, out, button) {
    if (button) button.disabled = true;
    try {
      const r = await hermes.api("POST", url, body);
      sessionStorage.setItem(KEY, r.message);
      location.reload();
    } catch (e) {
      if (out) { out.textContent = e.message; out.className = "verdict bad"; }
      hermes.flash(e.message, true);
      if (button) button.disabled = false;
    }
  }

  const form = document.getElementById("skill-edit");
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    post(base + "/edit", { text: document.getElementById("skill-text").value },
         form.querySelector(".verdict"), form.querySelector("button[type=submit]"));
  });
  root.querySelectorAll("button.rollback").forEach((b) => {
    b.addEventListener("click", () => post(base + "/rollback", { version: b.dataset.version }, null, b));
  });
})();
