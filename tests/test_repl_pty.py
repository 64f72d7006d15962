"""The interactive `hermes` chat driven through a real pseudo-terminal, the way a user types into it:
banner, a streamed answer, slash commands, Ctrl-C cancelling a slow turn, /quit, and the session
stored afterwards. The model is the scripted OpenAI-compatible HTTP server."""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time

import pytest

from hermes.testing.fake_openai import start_server

from test_cli import hermes, post_script

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[=>()][0-9A-Za-z]?|\r")


def _controlling_tty() -> None:
    """In the child: a new session whose controlling terminal is the pty, so Ctrl-C raises SIGINT."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A child process on a pty, with `expect` over its screen output (escape codes stripped)."""

    def __init__(self, argv: list[str], env: dict[str, str]):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     preexec_fn=_controlling_tty, close_fds=True)
        os.close(slave)
        self.seen, self.pos = "", 0

    def read(self, timeout: float) -> str:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return ""
        try:
            data = os.read(self.master, 65536).decode("utf-8", "replace")
        except OSError:  # the child closed the terminal
            return ""
        self.seen += ANSI.sub("", data)
        return data

    def expect(self, pattern: str, timeout: float = 60.0) -> str:
        """The screen from the end of the previous match through this one. Matching resumes right
        after the previous match, so output that arrived in the same read is not skipped."""
        start = self.pos
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            m = re.search(pattern, self.seen[start:])
            if m:
                self.pos = start + m.end()
                return self.seen[start:self.pos]
            self.read(0.2)
        raise AssertionError(f"timed out waiting for {pattern!r}; screen so far:\n{self.seen[-2000:]}")

    def type(self, text: str) -> None:
        for ch in text:  # one key at a time, like a person; prompt_toolkit reads keys, not lines
            os.write(self.master, ch.encode())
            time.sleep(0.005)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


@pytest.fixture
def server():
    handle, url = start_server()
    yield url
    handle.close()


@pytest.mark.timeout(400)
def test_interactive_chat_through_a_terminal(tmp_path, server):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("OPENAI_", "HERMES_", "ANTHROPIC_", "OPENROUTER_"))}
    env.update({"HERMES_HOME": str(tmp_path), "OPENAI_BASE_URL": server, "HERMES_MODEL": "scripted",
                "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "120", "LINES": "40"})
    term = Terminal([sys.executable, "-m", "hermes.cli.main"], env)
    try:
        banner = term.expect(r"›")
        assert "scripted" in banner and "/help for commands" in banner and "tools " in banner

        post_script(server, [{"text": "The answer is forty-two.", "chunks": 3}])
        term.type("what is the answer?\r")
        term.expect(r"forty-two")
        term.expect(r"›")

        term.type("/usage\r")
        usage = term.expect(r"cache write [\d,]+")
        assert re.search(r"input [1-9][\d,]*", usage), usage

        term.type("/tools\r")
        assert "terminal" in term.expect(r"read_file")

        term.type("/context\r")
        ctx = term.expect(r"the cost of each tool")
        assert re.search(r"tool schemas \(\d+\)\s+[\d,]+", ctx) and re.search(r"core\s+[\d,]+", ctx), ctx
        term.type("/context tools\r")
        assert re.search(r"execute_code\s+[\d,]+\s+code", term.expect(r"execute_code.*code")), "per tool"

        # A slow answer: Ctrl-C cancels the turn and the prompt comes back, the process stays up.
        post_script(server, [{"text": "too late", "delay": 30}])
        term.type("take your time\r")
        time.sleep(1.0)
        os.write(term.master, b"\x03")
        term.expect(r"(?i)cancel")
        term.expect(r"›")
        assert term.proc.poll() is None

        post_script(server, [{"text": "Still here after the cancel.", "chunks": 2}])
        term.type("are you there?\r")
        term.expect(r"Still here after the cancel")
        term.expect(r"›")

        term.type("/quit\r")
        assert term.proc.wait(timeout=20) == 0
    finally:
        term.close()
    assert "too late" not in term.seen

    # The session is stored, valid, and holds both answers and the cancelled turn's question.
    listed = json.loads(hermes(tmp_path, "sessions", "list", "--json").stdout)
    assert len(listed) == 1
    shown = hermes(tmp_path, "sessions", "show", listed[0]["id"], "--json")
    data = json.loads(shown.stdout)
    texts = [m.get("content") or "" for m in data["messages"]]
    assert any("forty-two" in t for t in texts)
    assert any("Still here after the cancel." in t for t in texts)
    assert not any("too late" in t for t in texts)
