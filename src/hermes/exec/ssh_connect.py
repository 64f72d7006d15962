"""Opening an SSH connection for the ssh backend: the private key, host key verification against
known_hosts (never accepting a key on its own), and errors that say what to do.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import asyncssh

from hermes.exec.base import BackendUnavailable
from hermes.exec.specs import SSHSpec


def load_key(key_path: str | None) -> list[Any] | None:
    """The configured private key, or None for asyncssh's defaults (agent, ~/.ssh/id_*)."""
    if not key_path:
        return None
    path = os.path.expanduser(key_path)
    if not os.path.isfile(path):
        raise BackendUnavailable(f"ssh key_path {path} does not exist: point key_path at a private "
                                 f"key file (e.g. made with `ssh-keygen -t ed25519 -f {path}`)")
    try:
        return [asyncssh.read_private_key(path)]
    except OSError as e:
        raise BackendUnavailable(f"cannot read ssh key {path}: {e.strerror or e}") from None
    except (asyncssh.KeyImportError, ValueError) as e:
        raise BackendUnavailable(f"cannot use ssh key {path}: {e} (keys with a passphrase are not "
                                 f"supported; load it into ssh-agent and leave key_path unset)"
                                 ) from None


def known_hosts_file(path: str) -> Any:
    try:
        return asyncssh.read_known_hosts(path)
    except FileNotFoundError:
        return asyncssh.import_known_hosts("")  # nothing trusted: every key is refused
    except (OSError, ValueError) as e:
        raise BackendUnavailable(f"cannot read known_hosts file {path}: {e}") from None


async def connect(spec: SSHSpec, keys: list[Any] | None) -> Any:
    """An authenticated connection; BackendUnavailable saying why not and what to do."""
    kh_path = os.path.expanduser(spec.known_hosts)
    target = f"{spec.user + '@' if spec.user else ''}{spec.host}:{spec.port}"
    extra: dict[str, Any] = {"client_keys": keys, "agent_path": None} if keys else {}
    if spec.user:
        extra["username"] = spec.user
    try:
        return await asyncio.wait_for(asyncssh.connect(
            spec.host, spec.port, known_hosts=known_hosts_file(kh_path),
            connect_timeout=spec.connect_timeout, login_timeout=spec.connect_timeout,
            keepalive_interval=30, keepalive_count_max=3, **extra), spec.connect_timeout + 2)
    except asyncssh.HostKeyNotVerifiable:
        raise BackendUnavailable(await host_key_problem(spec, kh_path)) from None
    except asyncssh.PermissionDenied as e:
        how = f"key {spec.key_path}" if keys else "the default keys / ssh-agent"
        raise BackendUnavailable(f"ssh {target} refused authentication with {how} ({e.reason}): "
                                 f"add the public key to the remote ~/.ssh/authorized_keys") from None
    except asyncio.TimeoutError:
        raise BackendUnavailable(f"ssh {target}: no answer within {spec.connect_timeout:g}s "
                                 f"(connect_timeout); is the host up and the port open?") from None
    except (OSError, asyncssh.Error) as e:
        reason = (e.strerror if isinstance(e, OSError) and e.strerror else
                  getattr(e, "reason", "") or str(e) or type(e).__name__)
        if isinstance(e, ConnectionRefusedError):
            reason = f"connection refused ({reason})"
        raise BackendUnavailable(f"ssh {target} is unreachable: {reason}") from None


async def host_key_problem(spec: SSHSpec, kh_path: str) -> str:
    """Why the host key was refused, with the server's fingerprint and how to trust it."""
    host, port = spec.host, spec.port
    name = host if port == 22 else f"[{host}]:{port}"
    try:
        key = await asyncio.wait_for(asyncssh.get_server_host_key(host, port), spec.connect_timeout)
        shown = f"{key.get_algorithm()} key {key.get_fingerprint('sha256')}" if key else "no key"
    except (asyncio.TimeoutError, OSError, asyncssh.Error) as e:
        shown = f"a key that could not be fetched again ({e})"
    try:
        trusted = known_hosts_file(kh_path).match(host, "", port)[0]
    except BackendUnavailable:
        trusted = ()
    p = f"-p {port} " if port != 22 else ""
    scan = f"`ssh-keyscan {p}{host} >> {kh_path}`"
    if trusted:
        return (f"ssh host key for {name} has CHANGED: the server presented {shown}, which does "
                f"not match the key in {kh_path}. Someone may be intercepting the connection, so "
                f"it is refused. If the key really changed, remove the old entry with "
                f"`ssh-keygen -R '{name}' -f {kh_path}`, check the new fingerprint, then trust it "
                f"with {scan}.")
    return (f"ssh host key for {name} is unknown: it is not in {kh_path}. The server presented "
            f"{shown}. If that is the server's real key, trust it with {scan} (or connect once "
            f"with `ssh {p}{spec.user + '@' if spec.user else ''}{host}` and accept it), then "
            f"retry.")
