// Shared helpers for the dashboard's pages: API calls carry the CSRF token; results and errors are
// always shown in #flash so every action has a visible outcome.
(function () {
  const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";
  async function api(method, url, body) {
    const opts = { method, headers: { "x-csrf-token": csrf }, credentials: "same-origin" };
    if (body !== undefined) {
      opts.headers["content-type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const r = await fetch(url, opts);
    const type = r.headers.get("content-type") || "";
    const data = type.includes("json") ? await r.json() : await r.text();
    if (!r.ok) {
      const msg = (data && data.error && data.error.message) || (typeof data === "string" ? data : r.statusText);
      throw new Error(msg);
    }
    return data;
  }
  function flash(text, bad) {
    const el = document.getElementById("flash");
    if (!el) return;
    el.textContent = text;
    el.className = bad ? "bad" : "";
  }
  window.hermes = { api, flash, csrf };
})();
