// Sessions page: deleting a session, after the user confirms, through the JSON API (CSRF header via
// hermes.api). On the list the row goes away; on a transcript we go back to the list.
(function () {
  async function remove(btn) {
    const id = btn.dataset.id;
    if (!window.confirm(`Delete session “${btn.dataset.title || id}” and all its messages? This cannot be undone.`)) {
      hermes.flash("Not deleted.");
      return;
    }
    btn.disabled = true;
    try {
      await hermes.api("DELETE", `/api/sessions/${encodeURIComponent(id)}`);
    } catch (e) {
      btn.disabled = false;
      hermes.flash(`Could not delete ${id}: ${e.message}`, true);
      return;
    }
    if (btn.dataset.after) {
      window.location.assign(`${btn.dataset.after}?deleted=${encodeURIComponent(id)}`);
      return;
    }
    const row = btn.closest("tr");
    if (row) row.remove();
    hermes.flash(`Deleted session ${id}.`);
    document.getElementById("main")?.focus();
  }
  document.addEventListener("click", (ev) => {
    const btn = ev.target.closest(".js-delete");
    if (btn) remove(btn);
  });
})();
