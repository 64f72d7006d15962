"""The gateway's side of the shared slash-command table: what each command does in a chat."""

from __future__ import annotations

from typing import Any

from hermes.gateway.base import Inbound
from hermes.gateway.sessions import ChatSession


class ChatHost:
    surface = "gateway"

    def __init__(self, gw: Any, sess: ChatSession, msg: Inbound, is_admin: bool):
        self.gw, self.sess, self.msg, self.is_admin = gw, sess, msg, is_admin

    async def reply(self, text: str) -> None:
        self.gw.say(self.msg.platform, self.msg.chat_id, self.msg.thread_id, text)

    async def skill_command(self, name: str, arg: str) -> bool:
        from hermes.skills.index import skill_command_prompt

        text = skill_command_prompt(self.gw.hermes.home, name, arg)
        if text is None:
            return False
        await self.gw.submit(self.sess, text, item=self.msg)
        return True

    async def cmd_help(self, arg: str) -> None:
        from hermes.commands.table import help_lines, skill_list

        await self.reply("\n".join(help_lines(self, skill_list(self.gw.hermes.home))))

    async def cmd_new(self, arg: str) -> None:
        if self.sess.busy:
            await self.reply("A turn is running; /stop it first.")
            return
        if self.sess.conv is not None:
            await self.sess.conv.close()
        self.sess.conv = self.sess.session_id = None
        self.gw.store.set_route(self.sess.key, "")
        await self.reply("Started a new conversation.")

    async def cmd_status(self, arg: str) -> None:
        m = self.gw.hermes.model
        state = "running a turn" if self.sess.busy else "idle"
        queued = f", {len(self.sess.queue)} queued" if self.sess.queue else ""
        await self.reply(f"Session {self.sess.session_id or '(new)'}: {state}{queued}. "
                         f"Model {m.name} via {m.provider}.")

    async def cmd_stop(self, arg: str) -> None:
        if not self.sess.busy or self.sess.cancel is None:
            await self.reply("Nothing is running.")
            return
        for _text, item in self.sess.queue:  # dropped on purpose: never re-run after a restart
            if item is not None:
                self.gw.store.finish(item.platform, item.message_id)
        self.sess.queue.clear()
        self.sess.cancel.set()
        if self.sess.approval is not None and not self.sess.approval.done():
            self.sess.approval.set_result("deny")
        await self.reply("Stopping.")

    async def cmd_queue(self, arg: str) -> None:
        if not arg:
            await self.reply("Usage: /queue TEXT")
            return
        await self.gw.submit(self.sess, arg, item=self.msg, queue=True)

    async def cmd_steer(self, arg: str) -> None:
        if not arg:
            await self.reply("Usage: /steer TEXT")
            return
        if not self.sess.busy or self.sess.conv is None:
            await self.gw.submit(self.sess, arg, item=self.msg)
            return
        self.sess.conv.state.meta.setdefault("steer", []).append(arg)
        await self.reply("Noted: the running turn will see it at its next step.")

    async def cmd_model(self, arg: str) -> None:
        m = self.gw.hermes.model
        if not arg:
            await self.reply(f"Model {m.name} via {m.provider}.")
            return
        from hermes.runtime import build_main_model

        parts = arg.split()
        provider, name = (parts[0], parts[1]) if len(parts) > 1 else (m.provider, parts[0])
        try:
            self.gw.hermes.model = build_main_model(self.gw.hermes.config, self.gw.hermes.secrets,
                                                    provider=provider, model=name)
        except Exception as e:
            await self.reply(f"Cannot switch: {e}")
            return
        await self.reply(f"Now using {name} via {provider} for new turns.")

    async def cmd_usage(self, arg: str) -> None:
        info = self.gw.hermes.store.get_session(self.sess.session_id) if self.sess.session_id else None
        if info is None:
            await self.reply("No usage yet in this conversation.")
            return
        u = info.usage
        await self.reply(f"Tokens: {u.input_tokens:,} in, {u.output_tokens:,} out"
                         + (f"; cost ${info.cost_usd:.4f}" if info.cost_usd else "") + ".")

    async def cmd_context(self, arg: str) -> None:
        from hermes.core.context import breakdown, tool_costs

        conv = self.gw.conversation(self.sess)
        tools = conv.agent.tools
        schemas = tools.schemas()
        window = self.gw.hermes.context_window()
        rows = breakdown(conv.parts, conv.state.system_prompt, schemas, conv.state.history, window,
                         self.gw.hermes.config.compression.threshold)
        sets = tool_costs(schemas, lambda n: getattr(tools.get(n), "toolset", ""))
        lines = [f"{label}: {n:,}" for label, n in rows]
        lines.insert(next(i for i, (label, _) in enumerate(rows) if label.startswith("tool schemas")) + 1,
                     "  by toolset: " + ", ".join(f"{ts} {n:,}" for ts, n in sets))
        from hermes.memory.provider_runtime import context_line

        line = context_line(self.gw.hermes.memory_provider, conv.state.meta.get("provider_status"))
        if line:
            lines.append(line)
        await self.reply("Context (tokens, estimated):\n" + "\n".join(lines))

    async def cmd_compress(self, arg: str) -> None:
        if self.sess.busy:
            await self.reply("A turn is running; compress after it ends.")
            return
        conv = self.gw.conversation(self.sess)
        comp = conv.agent.compactor
        if comp is None:
            await self.reply("Compression is off (compression.enabled).")
            return
        async with conv.busy:
            res = await comp.compress(conv.state, [], aggressive=True, focus=arg or None)
        await self.reply("; ".join(res.notes) or "Nothing to compress yet.")

    async def cmd_memory(self, arg: str) -> None:
        from hermes.memory.snapshot import build_memory_block

        block = build_memory_block(self.gw.hermes.home, self.sess.scope, self.gw.hermes.config)
        await self.reply(block or "I have no notes about you yet.")

    async def cmd_skills(self, arg: str) -> None:
        from hermes.commands.table import skill_list

        listed = skill_list(self.gw.hermes.home)
        await self.reply("\n".join(f"/{n} — {d}" for n, d in listed) or "No skills yet.")

    async def cmd_reload_mcp(self, arg: str) -> None:
        import asyncio

        await self.reply(await asyncio.to_thread(self.gw.hermes.reload_mcp))

    async def cmd_cron(self, arg: str) -> None:
        from hermes.tools.cronjob_tool import describe_jobs

        await self.reply("\n".join(describe_jobs(self.gw.hermes.home, self.gw.hermes.config, self.sess.scope)))

    async def cmd_sethome(self, arg: str) -> None:
        self.gw.people.set_home_channel(self.msg.platform, self.msg.chat_id, self.msg.thread_id)
        await self.reply("This chat is now the home channel: scheduled results and notices come here.")

    async def cmd_link(self, arg: str) -> None:
        people = self.gw.people
        if not arg:
            code = people.start_link(self.msg.platform, self.msg.user_id)
            await self.reply(f"Send /link {code} from your other account (within 10 minutes) to join them.")
            return
        scope = people.complete_link(self.msg.platform, self.msg.user_id, arg)
        await self.reply("Linked: your memory and conversation now follow you across platforms." if scope
                         else "That code is unknown or expired.")

    async def cmd_whoami(self, arg: str) -> None:
        ids = self.gw.people.identities_of(self.msg.platform, self.msg.user_id)
        listed = ", ".join(f"{p}:{u}" for p, u in ids)
        await self.reply(f"You are {self.msg.user_name or self.msg.user_id} on {self.msg.platform}; "
                         f"linked identities: {listed}; memory scope {self.sess.scope}.")

    async def cmd_approve(self, arg: str) -> None:
        await self._answer("session" if arg.strip().lower() in ("session", "all") else "once")

    async def cmd_deny(self, arg: str) -> None:
        await self._answer("deny")

    async def _answer(self, choice: str) -> None:
        fut = self.sess.approval
        if fut is None or fut.done():
            await self.reply("Nothing is waiting for approval.")
            return
        if self.sess.scope.startswith("group:") and not self.is_admin:
            await self.reply("In a shared group conversation only an admin may answer approvals.")
            return
        fut.set_result(choice)
        await self.reply("Approved." if choice != "deny" else "Denied: the command will not run.")
