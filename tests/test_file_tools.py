"""read_file, write_file, patch and search_files on real files (and a real git repo)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from gate_support import Gate

from hermes.core.messages import ToolCall
from hermes.tools.approval import ApprovalGate
from hermes.tools.files import TOOLS
from hermes.tools.registry import Registry, ToolContext

pytestmark = pytest.mark.timeout(60)
REG = Registry(TOOLS)




@pytest.fixture
def ctx(tmp_path):
    return ToolContext(cwd=str(tmp_path), approve=Gate(reason="Command denied: protected file."))


async def call(ctx: ToolContext, name: str, **args):
    return await REG.execute(ToolCall(id="c", name=name, arguments=json.dumps(args)), ctx)


# -- read_file ----------------------------------------------------------------------------------

async def test_read_numbered_with_offset_and_limit(ctx, tmp_path):
    (tmp_path / "f.txt").write_text("".join(f"line {i}\n" for i in range(1, 13)))
    out = await call(ctx, "read_file", path="f.txt")
    assert out.ok and out.text.startswith("f.txt · lines 1-12 of 12\n 1|line 1\n")
    assert out.text.endswith("12|line 12")
    part = await call(ctx, "read_file", path="f.txt", offset=10, limit=2)
    assert part.text == ("f.txt · lines 10-11 of 12\n10|line 10\n11|line 11\n"
                         "[1 more line; read more with offset=12]")
    past = await call(ctx, "read_file", path="f.txt", offset=40)
    assert not past.ok and "has 12 lines" in past.text
    assert ctx.approve.seen == [f"cat {tmp_path / 'f.txt'}"] * 3


async def test_read_counts_lines_past_the_window(ctx, tmp_path):
    (tmp_path / "big.txt").write_text("x\n" * 20_000 + "last line without newline")
    out = await call(ctx, "read_file", path=str(tmp_path / "big.txt"), limit=3)
    assert "lines 1-3 of 20001" in out.text and "read more with offset=4" in out.text


async def test_read_cuts_long_lines_and_huge_windows(ctx, tmp_path):
    (tmp_path / "long.txt").write_text("a" * 5_000 + "\nshort\n")
    out = await call(ctx, "read_file", path="long.txt")
    assert "[... 3,000 more characters]" in out.text and "2|short" in out.text
    (tmp_path / "wide.txt").write_text(("b" * 1_900 + "\n") * 400)
    wide = await call(ctx, "read_file", path="wide.txt")
    assert len(wide.text) < 50_000 and "read more with offset=" in wide.text


async def test_read_non_utf8_and_binary(ctx, tmp_path):
    (tmp_path / "latin.txt").write_bytes("caf\xe9\nna\xefve\n".encode("latin-1"))
    out = await call(ctx, "read_file", path="latin.txt")
    assert out.ok and "not valid UTF-8" in out.text and "1|caf\ufffd" in out.text
    (tmp_path / "img.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    png = await call(ctx, "read_file", path="img.png")
    assert not png.ok and "binary file (PNG image" in png.text
    (tmp_path / "blob.bin").write_bytes(b"abc\0def" * 100)
    assert "binary" in (await call(ctx, "read_file", path="blob.bin")).text
    (tmp_path / "empty.txt").write_text("")
    assert "is empty" in (await call(ctx, "read_file", path="empty.txt")).text


async def test_read_missing_file_suggests_similar_names(ctx, tmp_path):
    (tmp_path / "config.yaml").write_text("a: 1\n")
    out = await call(ctx, "read_file", path="confg.yaml")
    assert not out.ok and "does not exist" in out.text and "config.yaml" in out.text
    out = await call(ctx, "read_file", path="nodir/x.txt")
    assert "nor does the directory" in out.text
    out = await call(ctx, "read_file", path=".")
    assert not out.ok and "is a directory" in out.text


async def test_read_of_a_name_that_differs_only_in_case_reads_that_file_and_says_so(ctx, tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "TODO.md").write_text("- water the plants\n")
    (tmp_path / "notes" / "ideas.txt").write_text("x\n")
    out = await call(ctx, "read_file", path="notes/todo.md")
    assert out.ok and out.text.startswith("[notes/todo.md does not exist; this is TODO.md")
    assert "1|- water the plants" in out.text
    (tmp_path / "notes" / "Todo.md").write_text("another\n")  # two candidates: no guessing
    out = await call(ctx, "read_file", path="notes/todo.md")
    assert not out.ok and "Similar names" in out.text and "TODO.md" in out.text and "Todo.md" in out.text
    assert "ideas.txt" not in out.text
    assert "notes/TODO.md" in out.text and str(tmp_path) not in out.text  # the model's own terms


async def test_a_missing_file_with_one_similar_name_suggests_that_exact_path(ctx, tmp_path):
    """A 1.5B model told only "Similar names in /abs/dir: todo.txt" created notes/todo.md instead."""
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("- water the plants\n")
    out = await call(ctx, "read_file", path="notes/todo.md")
    assert not out.ok and out.text == ("Error: notes/todo.md does not exist. Did you mean notes/todo.txt? "
                                       "It is the one similar name there.")
    out = await call(ctx, "patch", path="notes/todo.md", old_text="a", new_text="b")
    assert "Did you mean notes/todo.txt?" in out.text
    out = await call(ctx, "read_file", path="nodir/x.txt")
    assert out.text == "Error: nodir/x.txt does not exist (nor does the directory nodir)"


async def test_read_of_credentials_needs_a_gate(tmp_path):
    (tmp_path / ".ssh").mkdir()
    (tmp_path / ".ssh" / "id_ed25519").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n")
    ctx = ToolContext(cwd=str(tmp_path), approve=None)
    out = await call(ctx, "read_file", path=".ssh/id_ed25519")
    assert not out.ok and "PRIVATE KEY" not in out.text
    (tmp_path / "plain.txt").write_text("ok\n")
    assert (await call(ctx, "read_file", path="plain.txt")).ok  # ordinary reads need no gate


# -- write_file ---------------------------------------------------------------------------------

async def test_write_creates_dirs_atomically(ctx, tmp_path):
    out = await call(ctx, "write_file", path="a/b/new.txt", content="one\ntwo\n")
    assert out.ok and out.text == "created a/b/new.txt (8 bytes, 2 lines)"
    assert (tmp_path / "a/b/new.txt").read_text() == "one\ntwo\n"
    assert ctx.approve.seen == [f"cat > {tmp_path / 'a/b/new.txt'}"]
    script = tmp_path / "run.sh"
    script.write_text("old")
    script.chmod(0o755)
    out = await call(ctx, "write_file", path="run.sh", content="#!/bin/sh\necho hi")
    assert out.text == "overwrote run.sh (17 bytes, 2 lines)"
    assert script.stat().st_mode & 0o777 == 0o755  # permissions survive the rename
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp left


async def test_write_quotes_paths_for_the_gate(ctx, tmp_path):
    await call(ctx, "write_file", path="with space.txt", content="x")
    assert ctx.approve.seen == [f"cat > '{tmp_path / 'with space.txt'}'"]


async def test_write_needs_approval(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(deny="/.ssh/", reason="Command denied: protected file."))
    out = await call(ctx, "write_file", path="~/.ssh/authorized_keys", content="ssh-ed25519 AAAA evil")
    assert not out.ok and "Command denied: protected file." in out.text
    assert ctx.approve.seen == [f"cat > {home}/.ssh/authorized_keys"]
    assert not (home / ".ssh").exists()
    none = ToolContext(cwd=str(tmp_path), approve=None)
    out = await call(none, "write_file", path="x.txt", content="x")
    assert not out.ok and "no approval gate configured" in out.text and not (tmp_path / "x.txt").exists()


async def test_write_through_the_real_gate(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    gate = ApprovalGate("deny", home=home / ".hermes")
    ctx = ToolContext(cwd=str(tmp_path), approve=gate.check)
    for target in ("~/.ssh/authorized_keys", "~/.bashrc", "~/.hermes/.env"):
        out = await call(ctx, "write_file", path=target, content="x")
        assert not out.ok and "denied" in out.text, target
    assert not home.exists()
    assert (await call(ctx, "write_file", path="notes.md", content="fine")).ok
    (home / "link").parent.mkdir(parents=True)
    os.symlink(home / ".bashrc", tmp_path / "innocent.txt")  # the gate sees the real target
    out = await call(ctx, "write_file", path="innocent.txt", content="x")
    assert not out.ok and not (home / ".bashrc").exists()


# -- patch --------------------------------------------------------------------------------------

SRC = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n"


async def test_patch_success_shows_diff(ctx, tmp_path):
    (tmp_path / "m.py").write_text(SRC)
    out = await call(ctx, "patch", path="m.py", old_text="return a + b", new_text="return b + a")
    assert out.ok and out.text.startswith("patched m.py (1 replacement)\n--- a/m.py\n+++ b/m.py\n")
    assert "-    return a + b\n+    return b + a" in out.text
    assert (tmp_path / "m.py").read_text() == SRC.replace("a + b", "b + a")
    assert ctx.approve.seen == [f"cat > {tmp_path / 'm.py'}"]


async def test_patch_not_found_shows_closest_region(ctx, tmp_path):
    (tmp_path / "m.py").write_text(SRC)
    out = await call(ctx, "patch", path="m.py", old_text="def sub(a, b):\n  return a-b",
                     new_text="x")
    assert not out.ok and "old_text not found" in out.text
    assert "near line 5" in out.text and "5|def sub(a, b):\n6|    return a - b" in out.text
    assert (tmp_path / "m.py").read_text() == SRC and ctx.approve.seen == []
    ws = await call(ctx, "patch", path="m.py", old_text="def add(a, b):\n  return a + b", new_text="x")
    assert "only in whitespace" in ws.text


async def test_patch_ambiguous_lists_lines_and_replace_all(ctx, tmp_path):
    (tmp_path / "m.py").write_text(SRC)
    out = await call(ctx, "patch", path="m.py", old_text="(a, b)", new_text="(x, y)")
    assert not out.ok and "occurs 2 times" in out.text and "lines 1, 5" in out.text
    out = await call(ctx, "patch", path="m.py", old_text="(a, b)", new_text="(x, y)", replace_all=True)
    assert out.ok and "2 replacements" in out.text
    assert (tmp_path / "m.py").read_text().count("(x, y)") == 2


async def test_patch_keeps_crlf_and_undecodable_bytes(ctx, tmp_path):
    f = tmp_path / "w.txt"
    f.write_bytes(b"caf\xe9\r\nold line\r\nend\r\n")
    out = await call(ctx, "patch", path="w.txt", old_text="old line\nend", new_text="new line\nend")
    assert out.ok
    assert f.read_bytes() == b"caf\xe9\r\nnew line\r\nend\r\n"


async def test_patch_denied_leaves_file(tmp_path):
    (tmp_path / "m.py").write_text(SRC)
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(deny="m.py", reason="Command denied: protected file."))
    out = await call(ctx, "patch", path="m.py", old_text="a + b", new_text="0")
    assert not out.ok and (tmp_path / "m.py").read_text() == SRC


# -- search_files -------------------------------------------------------------------------------

def git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_SYSTEM": "/dev/null"})


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "build").mkdir()
    (root / "node_modules" / "dep").mkdir(parents=True)
    (root / ".gitignore").write_text("build/\n*.log\n")
    (root / "src" / "app.py").write_text("import os\n\ndef main():\n    return TODO_fix\n")
    (root / "src" / "util.py").write_text("# TODO_fix later\n")
    (root / "build" / "out.py").write_text("TODO_fix generated\n")
    (root / "debug.log").write_text("TODO_fix in a log\n")
    (root / "node_modules" / "dep" / "x.js").write_text("TODO_fix vendored\n")
    (root / "data.bin").write_bytes(b"TODO_fix\0\0binary")
    return root


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
async def test_search_respects_gitignore_in_git_repo(tree):
    git(tree, "init", "-q")
    (tree / ".gitignore").write_text("build/\n*.log\nnode_modules/\n")
    git(tree, "add", "src/app.py")  # util.py stays untracked but not ignored
    ctx = ToolContext(cwd=str(tree), approve=Gate(reason="Command denied: protected file."))
    out = await call(ctx, "search_files", pattern=r"TODO_\w+")
    assert out.ok
    assert out.text.splitlines() == ["src/app.py:4: return TODO_fix", "src/util.py:1: # TODO_fix later"]
    files = await call(ctx, "search_files", pattern="*.py", mode="files")
    assert files.text.splitlines() == ["src/app.py", "src/util.py"]
    named = await call(ctx, "search_files", pattern="TODO_fix", path="build")  # asked for by name
    assert named.text == "build/out.py:1: TODO_fix generated"


async def test_search_without_git_skips_ignored_and_vendored(tree, tmp_path):
    ctx = ToolContext(cwd=str(tmp_path), approve=Gate(reason="Command denied: protected file."))
    out = await call(ctx, "search_files", pattern="TODO_fix", path="repo")
    assert out.text.splitlines() == ["repo/src/app.py:4: return TODO_fix",
                                     "repo/src/util.py:1: # TODO_fix later"]
    names = await call(ctx, "search_files", pattern="app", path="repo", mode="files")
    assert names.text == "repo/src/app.py"
    only = await call(ctx, "search_files", pattern="TODO", path="repo", glob="util.py")
    assert only.text == "repo/src/util.py:1: # TODO_fix later"


async def test_search_errors_and_caps(tmp_path, ctx):
    bad = await call(ctx, "search_files", pattern="foo(")
    assert not bad.ok and "invalid regex" in bad.text
    (tmp_path / "many.txt").write_text("hit\n" * 50)
    capped = await call(ctx, "search_files", pattern="hit", limit=5)
    assert len(capped.text.splitlines()) == 6 and "results capped at 5" in capped.text
    none = await call(ctx, "search_files", pattern="absent-text")
    assert none.ok and "no matches" in none.text
    missing = await call(ctx, "search_files", pattern="x", path="nowhere")
    assert not missing.ok and "does not exist" in missing.text


async def test_search_skips_credential_dirs(tmp_path, ctx):
    (tmp_path / ".ssh").mkdir()
    (tmp_path / ".ssh" / "id_rsa").write_text("-----BEGIN RSA PRIVATE KEY-----\n")
    (tmp_path / "notes.txt").write_text("PRIVATE KEY rotation is due\n")
    out = await call(ctx, "search_files", pattern="PRIVATE KEY")
    assert out.text == "notes.txt:1: PRIVATE KEY rotation is due"


def test_read_only_flags_and_schema_sizes():
    flags = {t.name: t.read_only for t in TOOLS}
    assert flags == {"read_file": True, "write_file": False, "patch": False, "search_files": True}
    assert sum(len(json.dumps(t.schema())) for t in TOOLS) < 2_400


async def test_writing_what_a_file_already_holds_says_so_and_leaves_it_alone(ctx, tmp_path):
    first = await call(ctx, "write_file", path="a.txt", content="alpha\n")
    assert first.ok and first.text.startswith("created a.txt")
    before = (tmp_path / "a.txt").stat().st_mtime_ns
    again = await call(ctx, "write_file", path="a.txt", content="alpha\n")
    assert again.ok and again.text == "unchanged: a.txt already holds exactly this content (6 bytes); nothing to do"
    assert (tmp_path / "a.txt").stat().st_mtime_ns == before
    changed = await call(ctx, "write_file", path="a.txt", content="alpha!\n")
    assert changed.text.startswith("overwrote a.txt") and (tmp_path / "a.txt").read_text() == "alpha!\n"
