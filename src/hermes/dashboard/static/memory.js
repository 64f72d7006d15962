// Memory page: the threat scan's verdict is fetched while the user types (and again before saving),
// so a refusal shows before anything is written; the server re-checks every write anyway.
(function () {
  const root = document.getElementById("memory");
  if (!root) return;
  const scope = root.dataset.scope;
  const KEY = "hermes.memory.flash";

  // A successful write reloads the page (fresh budget, entries, ids); its message survives the reload.
  const pending = sessionStorage.getItem(KEY);
  if (pending) { sessionStorage.removeItem(KEY); hermes.flash(pending); }

  function show(el, ok, text) {
    el.textContent = text;
    el.className = "verdict " + (ok ? "ok" : "bad");
  }

  async function verdict(target, text, out) {
    const v = await hermes.api("POST", "/ui/memory/check", { scope, target, text });
    show(out, v.ok, v.ok ? v.verdict : "Refused: " + v.verdict);
    return v;
  }

  function live(textarea, target, out) {
    let timer = null;
    textarea.addEventListener("input", () => {
      clearTimeout(timer);
      if (!textarea.value.trim()) { out.textContent = ""; return; }
      timer = setTimeout(() => verdict(target, textarea.value, out).catch(() => {}), 350);
    });
  }

  async function write(body, out) {
    try {
      const r = await hermes.api("POST", "/ui/memory/op", Object.assign({ scope }, body));
      sessionStorage.setItem(KEY, r.message);
      location.reload();
    } catch (e) {
      if (out) show(out, false, e.message);
      hermes.flash(e.message, true);
    }
  }

  async function checkThenWrite(target, text, out, body, button) {
    button.disabled = true;
    try {
      const v = await verdict(target, text, out);
      if (!v.ok) { hermes.flash("Not saved: the scan refused it.", true); return; }
      await write(body, out);
    } catch (e) {
      show(out, false, e.message);
      hermes.flash(e.message, true);
    } finally {
      button.disabled = false;
    }
  }

  root.querySelectorAll(".mem-doc").forEach((section) => {
    const target = section.dataset.target;
    const add = section.querySelector(".add-form");
    const addText = add.querySelector("textarea");
    const addOut = add.querySelector(".verdict");
    live(addText, target, addOut);
    add.addEventListener("submit", (ev) => {
      ev.preventDefault();
      checkThenWrite(target, addText.value, addOut, { target, action: "add", content: addText.value },
                     add.querySelector("button[type=submit]"));
    });

    section.querySelectorAll(".entry").forEach((li) => {
      const id = li.dataset.id;
      li.querySelector(".remove").addEventListener("click", (ev) => {
        ev.currentTarget.disabled = true;
        write({ target, action: "remove", id }, null);
      });
      li.querySelector(".edit").addEventListener("click", () => {
        if (li.querySelector(".edit-form")) return;
        const form = document.getElementById("edit-tpl").content.firstElementChild.cloneNode(true);
        const ta = form.querySelector("textarea");
        const out = form.querySelector(".verdict");
        ta.value = li.querySelector(".entry-text").textContent;
        live(ta, target, out);
        form.addEventListener("submit", (ev) => {
          ev.preventDefault();
          checkThenWrite(target, ta.value, out, { target, action: "replace", id, content: ta.value },
                         form.querySelector("button[type=submit]"));
        });
        form.querySelector(".cancel").addEventListener("click", () => {
          form.remove();
          li.querySelector(".edit").focus();
        });
        li.appendChild(form);
        ta.focus();
      });
    });
  });

  const soul = document.getElementById("soul-form");
  if (soul) {
    soul.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const out = soul.querySelector(".verdict");
      const button = soul.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        const r = await hermes.api("POST", "/ui/memory/soul", {
          text: document.getElementById("soul-text").value,
          force: document.getElementById("soul-force").checked,
        });
        show(out, true, r.message);
        hermes.flash(r.message);
      } catch (e) {
        show(out, false, e.message);
        hermes.flash(e.message, true);
      } finally {
        button.disabled = false;
      }
    });
  }
})();
