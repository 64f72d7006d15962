// The chat page: streams a turn from POST /ui/chat/send (server-sent events), shows tools as they
// run (collapsible outputs) and approval requests with buttons. Text from the model is untrusted:
// everything is built with textContent/DOM nodes, never innerHTML.
(function () {
  const root = document.getElementById("chat");
  if (!root) return;
  const transcript = document.getElementById("transcript");
  const form = document.getElementById("composer");
  const prompt = document.getElementById("prompt");
  const sendBtn = document.getElementById("send");
  const stopBtn = document.getElementById("stop");
  const status = document.getElementById("status");
  const label = document.getElementById("session-label");
  const picker = document.getElementById("session-pick");
  let session = root.dataset.session || "";
  let busy = false;
  let bubble = null; // the assistant message receiving deltas
  const tools = {}; // call id -> {box, summary, pre}

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A tiny, safe Markdown: fenced code blocks, paragraphs, line breaks, `code` and **bold**.
  function inline(parent, text) {
    const re = /(`[^`\n]+`|\*\*[^*\n]+\*\*)/g;
    let last = 0, m;
    while ((m = re.exec(text))) {
      if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      const t = m[0];
      parent.appendChild(t[0] === "`" ? el("code", "", t.slice(1, -1)) : el("strong", "", t.slice(2, -2)));
      last = m.index + t.length;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
  }
  function markdown(target, text) {
    target.textContent = "";
    const parts = text.split(/^```[^\n]*\n?/m);
    parts.forEach(function (part, i) {
      if (i % 2 === 1) { // inside a fence (an unclosed one while streaming too)
        const pre = el("pre"); pre.appendChild(el("code", "", part.replace(/\n$/, "")));
        target.appendChild(pre);
        return;
      }
      part.split(/\n{2,}/).forEach(function (para) {
        if (!para.trim()) return;
        const p = el("p");
        para.split("\n").forEach(function (line, j) {
          if (j) p.appendChild(el("br"));
          inline(p, line);
        });
        target.appendChild(p);
      });
    });
  }

  function scroll() { transcript.scrollTop = transcript.scrollHeight; window.scrollTo(0, document.body.scrollHeight); }
  function message(role, text) {
    const box = el("div", "msg " + role);
    box.appendChild(el("div", "who", role === "user" ? "You" : "Hermes"));
    const body = el("div", "body");
    box.appendChild(body);
    box._text = text || "";
    markdown(body, box._text);
    transcript.appendChild(box);
    scroll();
    return box;
  }
  let pending = false;
  function addDelta(text) {
    if (!bubble) bubble = message("assistant", "");
    bubble._text += text;
    if (!pending) { // re-render at most once a frame
      pending = true;
      requestAnimationFrame(function () { pending = false; if (bubble) { markdown(bubble.querySelector(".body"), bubble._text); scroll(); } });
    }
  }
  function short(args) {
    try {
      const a = JSON.parse(args || "{}");
      const v = a.command || a.query || a.path || a.url || Object.values(a)[0];
      if (typeof v === "string") return v.length > 80 ? v.slice(0, 80) + "…" : v;
    } catch (e) { /* not JSON: show it raw */ }
    return (args || "").slice(0, 80);
  }
  function toolStart(id, name, args) {
    bubble = null; // text after a tool goes into a new message
    const box = el("details", "tool");
    const summary = el("summary");
    summary.appendChild(el("span", "tool-name", name));
    summary.appendChild(el("code", "tool-arg", short(args)));
    const state = el("span", "tool-state muted", "running…");
    summary.appendChild(state);
    box.appendChild(summary);
    const pre = el("pre", "tool-out", "");
    box.appendChild(pre);
    transcript.appendChild(box);
    tools[id] = { box, state, pre };
    scroll();
    return tools[id];
  }
  function toolEnd(ev) {
    const t = tools[ev.id] || toolStart(ev.id, ev.name, "");
    t.state.textContent = (ev.ok ? "✓ done" : "✗ failed") + " in " + ev.duration + " s";
    t.state.className = "tool-state " + (ev.ok ? "ok" : "bad");
    t.pre.textContent = ev.output || "(no output)";
  }
  function note(text, cls) { const p = el("p", "note " + (cls || "muted"), text); transcript.appendChild(p); scroll(); return p; }

  function approval(ev) {
    bubble = null;
    const card = el("div", "card approval");
    card.setAttribute("role", "group");
    card.setAttribute("aria-label", "Approval request");
    card.appendChild(el("p", "warn", "Hermes wants to run a command that needs your approval (" + ev.description + "):"));
    const pre = el("pre"); pre.appendChild(el("code", "", ev.command)); card.appendChild(pre);
    const row = el("div", "row");
    const result = el("span", "muted", "No answer within " + Math.round(ev.timeout) + " s means no.");
    [["once", "Approve once", ""], ["session", "Approve for this session", "secondary"], ["deny", "Deny", "danger"]].forEach(function (b) {
      const btn = el("button", b[2], b[1]);
      btn.type = "button";
      btn.dataset.answer = b[0];
      btn.addEventListener("click", async function () {
        row.querySelectorAll("button").forEach(function (x) { x.disabled = true; });
        try {
          await hermes.api("POST", "/ui/chat/approve", { session_id: session, request_id: ev.id, answer: b[0] });
          result.textContent = b[0] === "deny" ? "Denied." : "Approved (" + b[1].toLowerCase() + ").";
        } catch (e) {
          result.textContent = e.message; result.className = "bad";
        }
      });
      row.appendChild(btn);
    });
    row.appendChild(result);
    card.appendChild(row);
    card.id = "approval-" + ev.id;
    transcript.appendChild(card);
    scroll();
    card.querySelector("button").focus();
  }
  function approvalDone(ev) {
    const card = document.getElementById("approval-" + ev.id);
    if (!card) return;
    card.querySelectorAll("button").forEach(function (x) { x.disabled = true; });
    if (ev.answer === "timeout" || ev.answer === "stopped") {
      card.querySelector(".row span").textContent = ev.answer === "timeout" ? "No answer in time: not run." : "Stopped: not run.";
    }
  }

  function setSession(id) {
    session = id;
    root.dataset.session = id;
    label.textContent = "";
    if (id) {
      label.appendChild(document.createTextNode("Session "));
      label.appendChild(el("code", "", id));
      history.replaceState(null, "", "/ui/chat?session=" + encodeURIComponent(id));
      if (picker && !Array.from(picker.options).some(function (o) { return o.value === id; })) {
        const o = el("option", "", id + " · dashboard"); o.value = id; picker.insertBefore(o, picker.options[1]);
      }
      if (picker) picker.value = id;
    } else {
      label.textContent = "New session: it is created with your first message.";
      history.replaceState(null, "", "/ui/chat");
      if (picker) picker.value = "";
    }
  }
  function setBusy(b, text) {
    busy = b;
    sendBtn.disabled = b;
    stopBtn.disabled = !b;
    status.textContent = text || "";
  }

  function handle(ev) {
    switch (ev.type) {
      case "session": setSession(ev.id); break;
      case "delta": status.textContent = "answering…"; addDelta(ev.text); break;
      case "tool_start": status.textContent = "running " + ev.name + "…"; toolStart(ev.id, ev.name, ev.args); break;
      case "tool_end": toolEnd(ev); break;
      case "approval": status.textContent = "waiting for your approval"; approval(ev); break;
      case "approval_done": approvalDone(ev); break;
      case "notice": note(ev.text, ev.kind === "warning" ? "warn" : "muted"); break;
      case "final":
        if (ev.text && bubble) { bubble._text = ev.text; markdown(bubble.querySelector(".body"), ev.text); }
        else if (ev.text && !ev.cancelled) message("assistant", ev.text);
        if (ev.cancelled) note("Stopped. Nothing from the interrupted step was kept.", "warn");
        break;
      case "error": note("Error: " + ev.message, "bad"); hermes.flash(ev.message, true); break;
    }
  }

  async function send(text) {
    message("user", text);
    bubble = null;
    setBusy(true, "thinking…");
    hermes.flash("");
    try {
      const r = await fetch("/ui/chat/send", {
        method: "POST", credentials: "same-origin",
        headers: { "content-type": "application/json", "x-csrf-token": hermes.csrf },
        body: JSON.stringify({ session_id: session || null, text: text }),
      });
      if (!r.ok) {
        let msg = r.statusText;
        try { const d = await r.json(); msg = (d.error && d.error.message) || msg; } catch (e) { msg = (await r.text().catch(function () { return ""; })) || msg; }
        throw new Error(msg);
      }
      const reader = r.body.getReader();
      const dec = new TextDecoder();
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const chunk = buf.slice(0, i); buf = buf.slice(i + 2);
          const data = chunk.split("\n").filter(function (l) { return l.startsWith("data: "); }).map(function (l) { return l.slice(6); }).join("\n");
          if (data) handle(JSON.parse(data));
        }
      }
    } catch (e) {
      note("Error: " + e.message, "bad");
      hermes.flash(e.message, true);
    } finally {
      bubble = null;
      setBusy(false, "");
      prompt.focus();
    }
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    const text = prompt.value.trim();
    if (!text || busy) return;
    prompt.value = "";
    send(text);
  });
  prompt.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); form.requestSubmit(); }
  });
  stopBtn.addEventListener("click", async function () {
    stopBtn.disabled = true;
    try {
      const r = await hermes.api("POST", "/ui/chat/stop", { session_id: session });
      status.textContent = r.stopped ? "stopping…" : "nothing to stop";
    } catch (e) { hermes.flash(e.message, true); }
  });
  document.getElementById("new-session").addEventListener("click", function () {
    if (busy) { hermes.flash("Stop the running answer first.", true); return; }
    transcript.textContent = "";
    setSession("");
    hermes.flash("New session: type your first message.");
    prompt.focus();
  });

  async function load(id) {
    try {
      const d = await hermes.api("GET", "/api/sessions/" + encodeURIComponent(id) + "/messages");
      const rows = d.data.slice(-200); // the end of a long session; the sessions page shows all
      if (d.data.length > rows.length) note("Showing the last " + rows.length + " of " + d.data.length + " messages.");
      rows.forEach(function (m) {
        if (m.role === "user") message("user", m.content || "");
        else if (m.role === "assistant") {
          if (m.content) message("assistant", m.content);
          (m.tool_calls || []).forEach(function (c) { toolStart(c.id, c.function.name, c.function.arguments); });
        } else if (m.role === "tool") {
          const t = tools[m.tool_call_id] || toolStart(m.tool_call_id, m.name || "tool", "");
          t.state.textContent = "done"; t.pre.textContent = m.content || "(no output)";
        }
      });
      bubble = null;
    } catch (e) { hermes.flash("Could not load the session: " + e.message, true); }
  }
  if (session) load(session);
})();
