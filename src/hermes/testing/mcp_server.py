"""An MCP server written with the official SDK (FastMCP), for tests and benchmarks of Hermes's MCP
client: run it as `python -m hermes.testing.mcp_server [--http PORT | --sse PORT] [--tools N] [--start-delay S]`.

Tools: echo and add (read-only), write_note (changes state: needs approval), slow (progress
notifications), hang (never answers), crash (the process dies mid-call), image (PNG content),
embedded (a text resource in the result), fail (an error result), ask_model (sampling: asks the
client's model). A resource `note://hello`, a resource template `note://{name}` and a prompt `greet`.
With `--tools N`, N more tools `op_0 ... op_{N-1}` with distinct descriptions (a big catalogue).
"""

# No `from __future__ import annotations` here: FastMCP reads the tools' annotations at runtime.
import argparse
import asyncio
import base64
import os
import time

# The smallest valid PNG (1x1 pixel), so image results carry a real image.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
TOPICS = ["invoice", "weather", "calendar", "ticket", "deploy", "backup", "invoice refund", "email draft",
          "spreadsheet", "database migration", "dns record", "certificate", "user account", "payment",
          "shipment", "inventory", "translation", "meeting notes", "expense report", "log search"]


def build(extra_tools: int = 0, notes: list[str] | None = None):
    from mcp.server.fastmcp import Context, FastMCP, Image
    from mcp.types import EmbeddedResource, SamplingMessage, TextContent, TextResourceContents, ToolAnnotations

    server = FastMCP("hermes-fixture")
    notes = notes if notes is not None else []
    ro = ToolAnnotations(readOnlyHint=True)

    @server.tool(annotations=ro)
    def echo(text: str) -> str:
        """Repeat the text back."""
        return text

    @server.tool(annotations=ro)
    def add(a: int, b: int) -> str:
        """Add two integers."""
        return str(a + b)

    @server.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True))
    def write_note(text: str) -> str:
        """Store a note (changes the server's state)."""
        notes.append(text)
        return f"stored note {len(notes)}"

    @server.tool(annotations=ro)
    async def slow(seconds: float, ctx: Context) -> str:
        """Work for a while, reporting progress."""
        steps = 4
        for i in range(steps):
            await ctx.report_progress(i + 1, steps, f"step {i + 1} of {steps}")
            await asyncio.sleep(seconds / steps)
        return f"slept {seconds}"

    @server.tool(annotations=ro)
    async def hang() -> str:
        """Never answers."""
        await asyncio.sleep(3600)
        return "late"

    @server.tool(annotations=ro)
    def crash() -> str:
        """The server process dies during the call."""
        os._exit(3)

    @server.tool(annotations=ro)
    def image() -> Image:
        """A small PNG image."""
        return Image(data=PNG, format="png")

    @server.tool(annotations=ro)
    def embedded() -> list:
        """A result with an embedded text resource."""
        return [TextContent(type="text", text="see the attached document"),
                EmbeddedResource(type="resource", resource=TextResourceContents(
                    uri="note://attached", mimeType="text/plain", text="attached body text"))]

    @server.tool(annotations=ro)
    def fail(reason: str = "it went wrong") -> str:
        """Always fails."""
        raise ValueError(reason)

    @server.tool(annotations=ro)
    async def ask_model(question: str, ctx: Context) -> str:
        """Ask the client's model (MCP sampling)."""
        r = await ctx.session.create_message(
            messages=[SamplingMessage(role="user", content=TextContent(type="text", text=question))], max_tokens=50)
        return f"the model said: {getattr(r.content, 'text', '')}"

    @server.resource("note://hello", description="A greeting note")
    def hello() -> str:
        return "hello from a resource"

    @server.resource("note://{name}")
    def named(name: str) -> str:
        return f"note named {name}"

    @server.prompt(description="Greet someone")
    def greet(name: str) -> str:
        return f"Please greet {name} warmly."

    def make_op(i: int):
        def op(value: str = "") -> str:
            return f"op_{i} done with {value!r}"
        return op

    for i in range(extra_tools):
        topic = TOPICS[i % len(TOPICS)]
        server.add_tool(make_op(i), name=f"op_{i}", description=f"Handle {topic} task number {i}: looks up, "
                        f"creates or updates the {topic} record #{i}.", annotations=ro)
    return server


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--http", type=int, help="serve streamable HTTP on this port (default: stdio)")
    ap.add_argument("--sse", type=int, help="serve the legacy SSE transport on this port")
    ap.add_argument("--tools", type=int, default=0)
    ap.add_argument("--start-delay", type=float, default=0.0, help="seconds before serving (a slow server)")
    args = ap.parse_args()
    if args.start_delay:
        time.sleep(args.start_delay)
    server = build(args.tools)
    server.settings.log_level = "WARNING"
    if args.http or args.sse:
        server.settings.port = args.http or args.sse
        server.run(transport="streamable-http" if args.http else "sse")
    else:
        server.run()


if __name__ == "__main__":
    main()
