"""The interactive chat: banner, prompt with history and completion, slash commands, Ctrl-C."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from typing import Any

class Repl:
    surface = "cli"  # which commands of hermes.commands.table this host offers

    def __init__(self, hermes: Any, session_id: str | None, toolsets: list[str] | None = None):
        from hermes.cli.common import console

        self.h = hermes
        self.toolsets = toolsets
        self.console = console()
        self.conv = self._open(session_id)
        self.last_interrupt = 0.0
        self.cancel: asyncio.Event | None = None
        self.pending_images: list[Any] = []  # attached with /image, sent with the next message

    def _open(self, session_id: str | None):
        return self.h.open(session_id, source="cli", interactive=True, ask_approval=self._approve,
                           ask_user=self._ask_user, toolsets=self.toolsets)

    # -- I/O -------------------------------------------------------------------------------------

    def banner(self) -> None:
        from rich.panel import Panel

        m = self.h.model
        skills = 0
        try:
            skills = sum(1 for p in self.h.home.skills_dir.glob("*/SKILL.md"))
        except OSError:
            pass
        lines = [f"[bold]Hermes[/bold]  model [cyan]{m.name}[/cyan] via {m.provider}",
                 f"tools {len(self.conv.agent.tools.names())} · skills {skills} · home {self.h.home.root}",
                 f"session {self.conv.id}" + (f" (resumed, {len(self.conv.state.history)} messages)"
                                             if self.conv.state.history else ""),
                 "[dim]/help for commands · Ctrl-C cancels a turn · Ctrl-D quits[/dim]"]
        if m.provider in ("demo", "scripted"):
            from hermes.runtime import DEMO_NOTICE

            lines.insert(1, f"[yellow]{DEMO_NOTICE}[/yellow]")
        elif m.provider == "local":
            from hermes.runtime import TINY_LOCAL_NOTICE

            notice = TINY_LOCAL_NOTICE if self.h.is_tiny_local else "offline model (runs in process)"
            lines.insert(1, f"[yellow]{notice}[/yellow]")
        self.console.print(Panel("\n".join(lines), expand=False))

    def _prompt_session(self):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.history import FileHistory
        from prompt_toolkit.key_binding import KeyBindings

        kb = KeyBindings()

        @kb.add("escape", "enter")
        def _newline(event):  # Alt/Esc+Enter inserts a newline for multi-line input
            event.current_buffer.insert_text("\n")

        return PromptSession(history=FileHistory(str(self.h.home.root / ".chat_history")),
                             completer=WordCompleter(self._completions(), sentence=True),
                             key_bindings=kb)

    def _completions(self) -> list[str]:
        from hermes.commands.table import offered, skill_list

        words = [f"/{n}" for c in offered(self) for n in (c.name, *c.aliases)]
        try:
            words += [f"/{name}" for name, _ in skill_list(self.h.home)]
        except OSError:
            pass
        return words

    async def run(self) -> None:
        self.banner()
        ps = self._prompt_session()
        while True:
            try:
                text = await ps.prompt_async("› ")
            except KeyboardInterrupt:
                if time.monotonic() - self.last_interrupt < 2:
                    break
                self.last_interrupt = time.monotonic()
                self.console.print("[dim](Ctrl-C again to quit)[/dim]")
                continue
            except EOFError:
                break
            self.show_notices()
            text = text.strip()
            if not text:
                continue
            if text.startswith("/"):
                if await self.command(text) is False:
                    break
                continue
            await self.turn(text)
        if self.h.learner is not None:
            await self.h.learner.drain()
            self.show_notices()
        await self.conv.close()

    async def turn(self, text: str) -> None:
        from hermes.cli.render import RichRenderer

        if self.pending_images:
            from hermes.core.images import with_images

            text, self.pending_images = with_images(text, self.pending_images), []
        render = RichRenderer(self.console)
        self._render = render
        self.cancel = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGINT, self._on_interrupt)
        render.start()
        try:
            async for ev in self.conv.send(text, self.cancel):
                render(ev)
        finally:
            render.close()
            loop.remove_signal_handler(signal.SIGINT)
        self.show_notices()

    def show_notices(self) -> None:
        while self.h.notices:
            self.console.print(f"[dim]  ✎ {self.h.notices.popleft()}[/dim]")

    def _on_interrupt(self) -> None:
        now = time.monotonic()
        if self.cancel is not None and self.cancel.is_set() and now - self.last_interrupt < 2:
            raise SystemExit(130)
        self.last_interrupt = now
        if self.cancel is not None:
            self.cancel.set()

    async def _approve(self, command: str, verdict: Any) -> str:
        from hermes.cli.chat import _terminal_approval

        getattr(self, "_render", None) and self._render._stop_status()
        return await _terminal_approval(command, verdict)

    async def _ask_user(self, question: str, choices: list[str] | None) -> str:
        from prompt_toolkit import PromptSession

        getattr(self, "_render", None) and self._render._stop_status()
        self.console.print(f"[bold]?[/bold] {question}")
        for i, c in enumerate(choices or [], 1):
            self.console.print(f"  {i}. {c}")
        ans = (await PromptSession().prompt_async("  answer: ")).strip()
        if choices and ans.isdigit() and 1 <= int(ans) <= len(choices):
            return choices[int(ans) - 1]
        return ans

    # -- slash commands ------------------------------------------------------------------------

    async def command(self, text: str) -> bool | None:
        from hermes.commands.table import dispatch

        return await dispatch(text, self)

    async def reply(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)

    async def cmd_help(self, arg: str) -> None:
        from hermes.commands.table import help_lines, skill_list

        for line in help_lines(self, skill_list(self.h.home)):
            self.console.print("  " + line, markup=False, highlight=False)

    async def cmd_skills(self, arg: str) -> None:
        from hermes.commands.table import skill_list

        listed = skill_list(self.h.home)
        for name, desc in listed:
            self.console.print(f"  /{name:<24} {desc}", markup=False, highlight=False)
        if not listed:
            self.console.print("[dim]no skills yet[/dim]")

    async def cmd_reload_mcp(self, arg: str) -> None:
        import asyncio

        await self.reply(await asyncio.to_thread(self.h.reload_mcp))

    async def cmd_cron(self, arg: str) -> None:
        from hermes.tools.cronjob_tool import describe_jobs

        for line in describe_jobs(self.h.home, self.h.config, self.conv.state.scope):
            self.console.print("  " + line, markup=False, highlight=False)

    async def cmd_image(self, arg: str) -> None:
        import shlex

        from hermes.core.images import ImageError, load_image_file

        try:
            words = shlex.split(arg)
        except ValueError:
            words = arg.split()
        if not words:
            await self.reply("usage: /image PATH [question]")
            return
        try:
            img = load_image_file(self.h.home.root, words[0], os.getcwd())
        except ImageError as e:
            await self.reply(f"image not attached: {e}")
            return
        self.pending_images.append(img)
        question = " ".join(words[1:]).strip()
        if question:
            await self.turn(question)
        else:
            await self.reply(f"attached {words[0]} ({img.mime}); it goes with your next message")

    async def cmd_status(self, arg: str) -> None:
        m, st = self.h.model, self.conv.state
        self.console.print(f"  session {self.conv.id} · {len(st.history)} messages · scope {st.scope} · "
                           f"model {m.name} via {m.provider} · tokens {st.usage.total:,}", markup=False)

    async def cmd_quit(self, arg: str) -> bool:
        return False


    async def cmd_new(self, arg: str) -> None:
        await self.conv.close()
        self.conv = self._open(None)
        self.console.print(f"[dim]new session {self.conv.id}[/dim]")

    async def cmd_resume(self, arg: str) -> None:
        if not arg or self.h.store.get_session(arg) is None:
            self.console.print("[red]usage: /resume ID[/red] (see /sessions)")
            return
        await self.conv.close()
        self.conv = self._open(arg)
        self.console.print(f"[dim]resumed {arg} ({len(self.conv.state.history)} messages)[/dim]")

    async def cmd_sessions(self, arg: str) -> None:
        from hermes.cli.common import fmt_time

        for s in self.h.store.list_sessions(limit=15):
            mark = "*" if s.id == self.conv.id else " "
            self.console.print(f" {mark} {s.id}  {fmt_time(s.updated_at)}  {s.message_count:>4} msgs  "
                               f"{s.source:<8} {s.title or ''}")

    async def cmd_model(self, arg: str) -> None:
        if not arg:
            m = self.h.model
            self.console.print(f"model {m.name} via {m.provider}")
            return
        parts = arg.split()
        provider, model = (parts[0], parts[1]) if len(parts) > 1 else (None, parts[0])
        from hermes.runtime import build_main_model

        try:
            new = build_main_model(self.h.config, self.h.secrets, provider=provider or
                                   self.h.model.provider, model=model)
        except Exception as e:
            self.console.print(f"[red]cannot switch: {e}[/red]")
            return
        self.h.model = new
        self.conv.set_model(new)
        self.console.print(f"[dim]now using {new.name} via {new.provider} for this session "
                           f"(the provider's prompt cache starts over)[/dim]")

    async def cmd_tools(self, arg: str) -> None:
        for t in self.conv.agent.tools.enabled(None):
            self.console.print(f"  [cyan]{t.name:<16}[/cyan] [dim]{t.toolset:<8}[/dim] {t.description[:70]}")

    async def cmd_usage(self, arg: str) -> None:
        info = self.h.store.get_session(self.conv.id)
        u = info.usage if info else self.conv.state.usage
        self.console.print(f"  input {u.input_tokens:,} · output {u.output_tokens:,} · cache read "
                           f"{u.cache_read_tokens:,} · cache write {u.cache_write_tokens:,}"
                           + (f" · ${info.cost_usd:.4f}" if info and info.cost_usd else ""))

    async def cmd_context(self, arg: str) -> None:
        """Where the prompt's tokens go; `/context tools` lists every tool's schema cost."""
        from hermes.core.context import breakdown, tool_costs
        from hermes.models.providers import context_window_for

        tools = self.conv.agent.tools
        schemas = tools.schemas()
        def toolset_of(name: str) -> str:
            return getattr(tools.get(name), "toolset", "")

        if arg.strip() == "tools":
            for name, n in tool_costs(schemas, toolset_of, per_tool=True):
                self.console.print(f"  {name:<28} {n:>9,}  [dim]{toolset_of(name)}[/dim]")
            return
        window = context_window_for(self.h.model.name, self.h.config)
        rows = breakdown(self.conv.parts, self.conv.state.system_prompt, schemas,
                         self.conv.state.history, window, self.h.config.compression.threshold)
        for label, n in rows:
            self.console.print(f"  {label:<28} {n:>9,}")
            if label.startswith("tool schemas"):
                for ts, cost in tool_costs(schemas, toolset_of):
                    self.console.print(f"    [dim]{ts:<26} {cost:>9,}[/dim]")
        from hermes.memory.provider_runtime import context_line

        line = context_line(self.h.memory_provider, self.conv.state.meta.get("provider_status"))
        if line:
            self.console.print(f"  {line}", markup=False)
        self.console.print("  [dim]/context tools: the cost of each tool[/dim]")

    async def cmd_memory(self, arg: str) -> None:
        from hermes.memory.snapshot import build_memory_block

        self.console.print(build_memory_block(self.h.home, self.conv.state.scope, self.h.config) or
                           "(memory is empty)", markup=False)

    async def cmd_undo(self, arg: str) -> None:
        n = self.h.store.delete_last_turn(self.conv.id)
        self.conv.state.history = self.h.store.get_messages(self.conv.id)
        self.console.print(f"[dim]removed {n} messages[/dim]")

    async def cmd_retry(self, arg: str) -> None:
        last = next((m.content for m in reversed(self.conv.state.history) if m.role == "user"), None)
        if last is None:
            self.console.print("[dim]nothing to retry[/dim]")
            return
        await self.cmd_undo("")
        await self.turn(last)

    async def cmd_compress(self, arg: str) -> None:
        comp = self.conv.agent.compactor
        if comp is None:
            self.console.print("[dim]compression is off (compression.enabled)[/dim]")
            return
        res = await comp.compress(self.conv.state, [], aggressive=True, focus=arg or None)
        for note in res.notes or ["nothing to compress yet"]:
            self.console.print(f"[dim]{note}[/dim]")

    async def skill_command(self, name: str, args: str) -> bool:
        """`/<skill-name> args` runs a turn with that skill loaded."""
        from hermes.skills.index import skill_command_prompt

        text = skill_command_prompt(self.h.home, name, args, state=self.conv.ctx.state)
        if text is None:
            return False
        await self.turn(text)
        return True
