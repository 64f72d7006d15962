"""Test parts for the sandbox and singularity backends: a loopback listener to probe network
isolation, a host-wide search for stray processes, and a fake `apptainer` CLI.

The fake stands in for Apptainer/Singularity, which cannot be installed on Debian 12 from its
repositories: it records its argv (one JSON list per line) and runs the trailing `SHELL -c SCRIPT`
locally in the `--pwd` directory (in a PID namespace of its own under --containall/--pid, as
Apptainer does), replacing itself so the caller's process group holds the shell.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from pathlib import Path
from typing import Iterator


@contextlib.contextmanager
def loopback_listener() -> Iterator[int]:
    """A TCP port on 127.0.0.1 that accepts connections (the kernel completes the handshake)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    try:
        yield s.getsockname()[1]
    finally:
        s.close()


def host_processes(needle: str) -> list[int]:
    """PIDs of live (non-zombie) host processes whose command line contains `needle`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if needle in cmd and state != "Z":
            found.append(int(entry))
    return found


_FAKE = '''#!{python} -IS
"""Fake {name}: records argv, then runs the trailing SHELL -c SCRIPT here, in --pwd."""
import json, os, sys
args = sys.argv[1:]
with open({log!r}, "a") as f:
    f.write(json.dumps(args) + "\\n")
if args[:1] == ["--version"]:
    print("{name} version 0.0-fake")
    sys.exit(0)
if args[:1] != ["exec"] or len(args) < 4 or args[-2] != "-c":
    print("fake {name}: unsupported call", args, file=sys.stderr)
    sys.exit(255)
if "--pwd" in args:
    pwd = args[args.index("--pwd") + 1]
    if not os.path.isdir(pwd) and "--bind" in args:  # no mount here: start in the bind's source
        src, _, dst = args[args.index("--bind") + 1].partition(":")
        pwd = src if dst == pwd else pwd
    os.chdir(pwd)
cmd = args[-3:]
if "--containall" in args or "--pid" in args:
    # As Apptainer does: a PID namespace of its own, whose init dies with the CLI.
    user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
    cmd = ["unshare", *user, "--pid", "--fork", "--mount-proc", "--kill-child", *cmd]
os.execvp(cmd[0], cmd)
'''


def write_fake_apptainer(bin_dir: Path, *, name: str = "apptainer") -> Path:
    """Write the fake CLI as `bin_dir/name`; its argv log is `bin_dir/name.argv.jsonl`."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    exe = bin_dir / name
    log = bin_dir / f"{name}.argv.jsonl"
    exe.write_text(_FAKE.format(python=sys.executable, name=name, log=str(log)))
    exe.chmod(0o755)
    return exe


def fake_calls(bin_dir: Path, name: str = "apptainer") -> list[list[str]]:
    log = bin_dir / f"{name}.argv.jsonl"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
