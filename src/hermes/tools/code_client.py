"""hermes_tools: call the agent's tools from a script run by execute_code.

This file is copied next to the script on the execution backend and imported there, so it uses the
standard library only and must run on any Python 3.8+. Every tool is a function taking the tool's
arguments as keywords and returning its text result; a failed tool raises ToolFailed with the error.

    from hermes_tools import read_file, write_file, terminal, search_files
    for path in terminal(command="ls *.md").split():
        text = read_file(path=path)
"""

import json
import os
import socket


class ToolFailed(Exception):
    """The tool ran and reported an error (its text is the message)."""


def call(tool, **args):
    path = os.environ.get("HERMES_TOOLS_SOCKET")
    if not path:
        raise RuntimeError("tool helpers are not available on this execution backend; "
                           "do the work in plain Python, or with separate tool calls")
    request = {"token": os.environ.get("HERMES_TOOLS_TOKEN", ""), "tool": tool, "args": args}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        if len(path.encode()) < 100:
            s.connect(path)
        else:  # longer than a socket address holds: go through the directory's descriptor
            fd = os.open(os.path.dirname(path), os.O_RDONLY)
            try:
                s.connect("/proc/self/fd/%d/%s" % (fd, os.path.basename(path)))
            finally:
                os.close(fd)
        s.sendall(json.dumps(request).encode() + b"\n")
        buf = b""
        while not buf.endswith(b"\n"):
            chunk = s.recv(1 << 16)
            if not chunk:
                break
            buf += chunk
    if not buf:
        raise RuntimeError("the agent closed the tool channel")
    reply = json.loads(buf)
    if not reply.get("ok"):
        raise ToolFailed(reply.get("text", "tool failed"))
    return reply.get("text", "")


def __getattr__(name):
    # `from hermes_tools import read_file` resolves here for any tool name.
    if name.startswith("__"):
        raise AttributeError(name)
    return lambda **args: call(name, **args)
