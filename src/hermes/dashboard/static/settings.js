// The Settings page: model connection test and switch, and the exec backend probe. Each shows its
// result inline (and in #flash); requests carry the CSRF header through hermes.api.
(function () {
  const $ = (id) => document.getElementById(id);
  const form = $("model-form");
  if (!form) return;

  function choice() {
    return { provider: $("m-provider").value, model: $("m-model").value.trim(), base_url: $("m-base").value.trim() };
  }
  function show(el, text, bad) {
    el.textContent = text;
    el.className = "result " + (bad ? "bad" : "ok");
    hermes.flash(text, bad);
  }

  $("m-test").addEventListener("click", async () => {
    const btn = $("m-test");
    btn.disabled = true;
    $("m-result").textContent = "Testing…";
    $("m-result").className = "result muted";
    try {
      const r = await hermes.api("POST", "/ui/settings/model/test", choice());
      if (r.ok) show($("m-result"), "Connected: " + r.model + " via " + r.provider + " answered in " + r.ms + " ms: " + r.reply);
      else show($("m-result"), "Connection failed: " + r.error, true);
    } catch (e) {
      show($("m-result"), e.message, true);
    } finally {
      btn.disabled = false;
    }
  });

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const btn = $("m-switch");
    btn.disabled = true;
    try {
      const r = await hermes.api("POST", "/ui/settings/model", choice());
      show($("m-result"), r.message);
      $("current-model").textContent = r.model;
      $("current-provider").textContent = r.provider;
      const badge = document.querySelector("header .model");
      if (badge) badge.textContent = r.provider + ":" + r.model;
    } catch (e) {
      show($("m-result"), "Not switched: " + e.message, true);
    } finally {
      btn.disabled = false;
    }
  });

  document.addEventListener("click", async (ev) => {
    const btn = ev.target.closest("button[data-probe]");
    if (!btn) return;
    const out = $("probe-result");
    btn.disabled = true;
    out.textContent = "Testing " + btn.dataset.probe + "…";
    out.className = "result muted";
    try {
      const r = await hermes.api("POST", "/ui/settings/backend/test?name=" + encodeURIComponent(btn.dataset.probe));
      if (r.ok) show(out, "✓ " + r.name + " (" + r.type + "): ready in " + r.open_s + " s; echo round trip median " +
                     r.median_ms + " ms over " + r.runs + " runs; files both ways ok; cwd " + (r.cwd || "?"));
      else show(out, "✗ " + r.name + " (" + (r.type || "?") + ") failed at " + r.step + ": " + r.error, true);
    } catch (e) {
      show(out, e.message, true);
    } finally {
      btn.disabled = false;
    }
  });
})();
