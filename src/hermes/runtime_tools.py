"""The tool side of the runtime: which toolsets a session gets, the tools it is given, its tool
context with the approval gate, and the MCP servers' attachment.
"""

from __future__ import annotations

import os
from typing import Any, Awaitable, Callable

from hermes.config import Config
from hermes.runtime_models import HermesModels
from hermes.tools import profile as tool_profile
from hermes.tools.registry import Registry, ToolContext

AskApproval = Callable[[str, Any], Awaitable[str]]
AskUser = Callable[[str, "list[str] | None"], Awaitable[str]]


class HermesTools(HermesModels):
    """The tool methods of `Hermes`; the attributes they read are set by `Hermes.__init__`."""
    registry: Registry
    mcp: Any
    memory_provider: Any

    def reload_mcp(self) -> str:
        """Re-read mcp_servers from config.yaml and apply it: changed servers restart, new ones start."""
        from hermes.config import load_config

        cfg = load_config(self.home)
        if self.mcp is None:
            if not any(s.enabled for s in cfg.mcp_servers.values()):
                return "No MCP servers are configured (mcp_servers in config.yaml; see hermes mcp add)."
            self._attach_mcp(cfg, start=True)
            return f"MCP: started {len(cfg.mcp_servers)} server(s); their tools come with the next session."
        return self.mcp.reload(cfg)

    def _attach_mcp(self, config: Config, *, start: bool) -> None:
        from hermes.mcp.manager import MCPManager

        self.mcp = MCPManager(self.home, config, self.secrets, self.model)
        self.registry.add_provider(self.mcp)
        if start:
            self.mcp.start()

    def default_toolsets(self) -> list[str]:
        if self.is_tiny_local and "toolsets" not in self.config.model_fields_set:
            return []  # tools stay off for the tiny model unless config.yaml names toolsets
        if "vision" in self.config.auxiliary and "vision" not in self.config.toolsets:
            # a configured vision model is what vision_analyze is for: its ~90 tokens are then worth it
            return [*self.config.toolsets, "vision"]
        return self.config.toolsets

    def _session_tools(self, sets: list[str], ctx: ToolContext) -> Registry:
        """The session's own registry: the toolsets asked for, trimmed for small models, plus the
        memory provider's tools."""
        registry = self.registry.subset(sets, ctx)
        tool_profile.apply(registry, self.model, self.config)  # fewer tools for small local models
        if self.memory_provider is not None and ("memory" in sets or "all" in sets):
            for t in self.memory_provider.tools():
                if registry.get(t.name) is None:  # never shadows a built-in tool
                    registry.add(t)
        ctx.services["registry"] = registry  # tools that run other tools (execute_code) use this one
        return registry

    def tool_context(self, session_id: str, scope: str, *, interactive: bool,
                     ask_approval: AskApproval | None, ask_user: AskUser | None) -> ToolContext:
        from hermes.tools.approval import ApprovalGate

        gate = ApprovalGate(self.config.approvals.mode, allowlist=self.config.approvals.command_allowlist,
                            home=self.home.root, ask=ask_approval if interactive else None,
                            persist_always=self._persist_allow)
        cwd = self.config.terminal.cwd or os.getcwd()
        return ToolContext(session_id=session_id, scope=scope, home=self.home, config=self.config,
                           store=self.store, cwd=os.path.expanduser(cwd), interactive=interactive,
                           approve=gate.check, confirm=gate.confirm, ask_user=ask_user if interactive else None,
                           services={"aux_model": self.model, "hermes": self})

    def _persist_allow(self, pattern: str) -> None:
        from hermes.config import set_value

        allow = list(self.config.approvals.command_allowlist)
        if pattern not in allow:
            allow.append(pattern)
            import json

            self.config = set_value(self.home, "approvals.command_allowlist", json.dumps(allow))
