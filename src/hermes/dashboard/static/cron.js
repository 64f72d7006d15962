// The Cron page: the live schedule preview, the add/edit form, and the row buttons. Every write
// goes to /api/jobs through hermes.api (CSRF header); after it the tables are re-read from the
// server-rendered page, so there is one renderer.
(function () {
  const $ = (id) => document.getElementById(id);
  const form = $("cron-form");
  if (!form) return;
  const preview = $("preview");
  let timer = null;
  let seq = 0;

  async function showPreview() {
    const text = $("job-schedule").value;
    const mine = ++seq;
    if (!text.trim()) { preview.textContent = ""; return; }
    try {
      const r = await hermes.api("GET", "/ui/cron/preview?schedule=" + encodeURIComponent(text));
      if (mine !== seq) return;  // a newer keystroke already asked
      preview.replaceChildren();
      if (!r.ok) {
        preview.className = "bad";
        preview.textContent = r.error;
        return;
      }
      preview.className = "muted";
      const head = document.createElement("span");
      head.textContent = r.describe + " — next " + (r.next.length === 1 ? "run" : r.next.length + " runs") + ":";
      const list = document.createElement("ol");
      for (const n of r.next) {
        const li = document.createElement("li");
        li.textContent = n.at + " (" + n.in + ")";
        list.append(li);
      }
      preview.append(head, list);
    } catch (e) {
      if (mine === seq) { preview.className = "bad"; preview.textContent = e.message; }
    }
  }

  $("job-schedule").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(showPreview, 120);
  });

  async function refresh() {
    const r = await fetch(location.pathname + location.search, { credentials: "same-origin" });
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    for (const id of ["jobs", "runs", "scheduler"]) {
      const fresh = doc.getElementById(id);
      const here = $(id);
      if (fresh && here) here.innerHTML = fresh.innerHTML;
    }
  }

  function resetForm() {
    form.reset();
    $("job-id").value = "";
    $("job-save").textContent = "Add job";
    $("form-h").textContent = "Add a job";
    $("job-cancel").hidden = true;
    preview.textContent = "";
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const id = $("job-id").value;
    const deliver = $("job-deliver").value.split(",").map((s) => s.trim()).filter(Boolean);
    const body = { schedule: $("job-schedule").value, prompt: $("job-prompt").value };
    const name = $("job-name").value.trim();
    if (name) body.name = name;
    if (deliver.length || id) body.deliver = deliver.length ? deliver : null;
    const btn = $("job-save");
    btn.disabled = true;
    try {
      const job = id ? await hermes.api("PATCH", "/api/jobs/" + encodeURIComponent(id), body)
                     : await hermes.api("POST", "/api/jobs", body);
      hermes.flash((id ? "Saved " : "Added ") + job.name + " (" + job.id + ").");
      resetForm();
      await refresh();
    } catch (e) {
      hermes.flash(e.message, true);
    } finally {
      btn.disabled = false;
    }
  });
  $("job-cancel").addEventListener("click", resetForm);

  $("jobs").addEventListener("click", async (ev) => {
    const btn = ev.target.closest("button[data-act]");
    if (!btn) return;
    const row = btn.closest("tr");
    const id = row.dataset.id;
    const url = "/api/jobs/" + encodeURIComponent(id);
    const act = btn.dataset.act;
    if (act === "edit") {
      $("job-id").value = id;
      $("job-name").value = btn.dataset.name;
      $("job-schedule").value = btn.dataset.schedule;
      $("job-prompt").value = btn.dataset.prompt;
      $("job-deliver").value = btn.dataset.deliver;
      $("job-save").textContent = "Save changes";
      $("form-h").textContent = "Edit " + btn.dataset.name;
      $("job-cancel").hidden = false;
      showPreview();
      $("job-schedule").focus();
      return;
    }
    if (act === "delete" && !confirm("Delete this job? Its run records and output files are kept.")) return;
    btn.disabled = true;
    try {
      if (act === "pause" || act === "resume") {
        await hermes.api("PATCH", url, { enabled: act === "resume" });
        hermes.flash((act === "pause" ? "Paused " : "Resumed ") + id + ".");
      } else if (act === "delete") {
        await hermes.api("DELETE", url);
        hermes.flash("Deleted " + id + ".");
      } else if (act === "run") {
        hermes.flash("Running " + id + "…");
        const r = await hermes.api("POST", url + "/run?wait=true");
        const bad = r.status === "failed" || r.status === "skipped";
        hermes.flash("Run of " + id + ": " + r.status + (r.error ? " — " + r.error : "") +
                     ". The output is in the run log below.", bad);
      }
      await refresh();
      const first = document.querySelector("#runs details");
      if (act === "run" && first) first.open = true;
    } catch (e) {
      hermes.flash(e.message, true);
      btn.disabled = false;
    }
  });
})();
