"""Version control other than git: Mercurial, Subversion, Fossil, Perforce.

Each destructive verb is judged under the git rule that names the same loss, so a user reads one
description whatever the tool: history stripped or obliterated (git_history_rewrite), uncommitted
work reverted (git_discard), untracked files purged (git_clean), a forced push (git_push_force),
bookmarks or server-side paths deleted (git_branch_delete, git_push_delete), shelves dropped
(git_stash_drop). Committing, updating, diffing and logging are ordinary.
"""

from __future__ import annotations

from typing import Iterator

from hermes.tools.approval_base import Ctx, _on, _short, _split


def _verb(args: list[str], valued: tuple[str, ...]) -> tuple[str, list[str]]:
    """The subcommand after global options (hg -R repo strip ...), and what follows it."""
    k = 0
    while k < len(args) and args[k].startswith("-"):
        k += 2 if args[k] in valued else 1
    return (args[k], args[k + 1:]) if k < len(args) else ("", [])


@_on("hg", "chg")
def _hg(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verb, rest = _verb(args, ("-R", "--repository", "--cwd", "--config", "--encoding"))
    flags, ops = _split(rest)
    if verb in ("strip", "debugstrip", "rollback", "prune", "obsolete") or (
            verb == "phase" and "--force" in flags) or (verb == "histedit" and "--abort" not in flags):
        yield "git_history_rewrite"
    elif verb in ("purge", "clean"):
        yield "git_clean"
    elif verb in ("update", "up", "checkout", "co") and ("--clean" in flags or _short(flags, "C")):
        yield "git_discard"
    elif verb == "revert" and ("--all" in flags or _short(flags, "a")):
        yield "git_discard"
    elif verb == "push" and ("--force" in flags or _short(flags, "f")):
        yield "git_push_force"
    elif verb in ("bookmark", "bookmarks", "book") and ("--delete" in flags or _short(flags, "d")):
        yield "git_branch_delete"
    elif verb in ("shelve", "unshelve") and any(f in ("--delete", "--cleanup", "-d") for f in flags):
        yield "git_stash_drop"


@_on("svn")
def _svn(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verb, rest = _verb(args, ("--username", "--password", "--config-dir", "--config-option"))
    flags, ops = _split(rest)
    remote = any("://" in o for o in ops)
    if verb in ("delete", "del", "remove", "rm") and remote:
        yield "git_push_delete"  # svn rm URL -m ...: commits the deletion on the server at once
    elif verb == "revert" and ("-R" in flags or "--recursive" in flags or "--depth=infinity" in flags):
        yield "git_discard"
    elif verb == "cleanup" and any(f in ("--remove-unversioned", "--remove-ignored") for f in flags):
        yield "git_clean"
    elif verb in ("propdel", "propset", "pdel", "pset", "pd", "ps") and "--revprop" in flags and any(
            o in ("svn:log", "svn:author", "svn:date") for o in ops):
        yield "git_history_rewrite"


@_on("svnadmin")
def _svnadmin(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if args[:1] and args[0] in ("rmtxns", "setlog", "setrevprop", "delrevprop"):
        yield "git_history_rewrite"  # log messages, authors, dates and open transactions are not versioned


@_on("fossil")
def _fossil(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verb, rest = (args[0], args[1:]) if args else ("", [])
    flags, ops = _split(rest)
    if verb == "purge" or (verb == "amend" and any(f in ("--hide", "--close") for f in flags)):
        yield "git_history_rewrite"
    elif verb == "clean" and "--dry-run" not in flags and "-n" not in flags:
        yield "git_clean"
    elif verb == "revert" and not ops:
        yield "git_discard"


@_on("p4")
def _p4(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verb, rest = _verb(args, ("-c", "-p", "-u", "-P", "-C", "-H", "-d", "-x", "-z"))
    flags, ops = _split(rest)
    if verb == "obliterate" and "-y" in flags:  # without -y it only reports what it would remove
        yield "git_history_rewrite"
    elif verb == "revert" and any(o.startswith("//") and o.endswith("...") for o in ops):
        yield "git_discard"
    elif verb == "clean":
        yield "git_clean"
