"""What a command line makes for itself, so that removing it again later on the line loses nothing.

- a temp file or folder from mktemp, kept in a variable (`tmp=$(mktemp -d) && ... ; rm -rf "$tmp"`);
- a container or volume the line created by name (`docker run -d --name db ... && docker rm -f db`);
- a hard reset after the uncommitted work was stashed and the commits kept on another branch
  (`git stash && git checkout -b scratch && git reset --hard HEAD~3`, `git branch keep` before it).

`Made.see` reads each segment's words as the scan meets them (assignments); `Made.spare` drops from a
command's rule ids those such a target makes moot, then remembers what the command itself makes. A
variable assigned anything else or a stash popped is forgotten, and containers, stashes and branches
only count along a chain of `&&` (after `;` the next command runs even if making them failed).
"""

from __future__ import annotations

import re

from hermes.tools.approval_disposable import RM_IDS
from hermes.tools.approval_paths import canon, hard_target

_ASSIGN = re.compile(r"([A-Za-z_]\w*)=(.*)", re.S)
_MKTEMP = re.compile(r"[\"']?\$\(\s*(?:/usr/bin/|/bin/)?mktemp\b[^()`;&|]*\)[\"']?")
_DECLARE = frozenset("export local declare typeset readonly".split())
_REASSIGN = frozenset("for select read mapfile readarray getopts unset".split())
MADE_BY = frozenset("rm rmdir unlink docker podman nerdctl git".split())  # what makes or removes these
_CONTAINER_VALUED = frozenset("-e --env -v --volume -p --publish -w --workdir -u --user -l --label --network "
                              "--env-file --entrypoint --mount -m --memory --cpus --restart --hostname -h --platform "
                              "--add-host --device --cap-add --cap-drop --log-driver --log-opt --health-cmd "
                              "--ulimit --dns --ip --shm-size --pull -H --host --context -c --config".split())


class Made:
    """What earlier commands of one line made (one instance per scan)."""

    def __init__(self) -> None:
        self.temps: set[str] = set()  # variables holding a path mktemp made
        self.containers: set[str] = set()  # containers and volumes created by name
        self.stashed = False  # uncommitted work saved in the stash
        self.kept = False  # the commits a reset drops are on another branch (new branch, or one made at HEAD)

    def see(self, words: list[str]) -> None:
        """`tmp=$(mktemp -d)` remembers tmp; any other assignment of it (or a loop or read over it) forgets."""
        if not words or ("=" not in words[0] and words[0] not in _DECLARE and words[0] not in _REASSIGN):
            return  # the usual case: a command
        if words[0] in _REASSIGN:
            self.temps -= set(words[1:])
            return
        pairs = [_ASSIGN.fullmatch(w) for w in (words[1:] if words[:1] and words[0] in _DECLARE else words)]
        if not all(pairs):
            return  # `X=v cmd`: the value only reaches cmd
        for m in pairs:
            if m and _MKTEMP.fullmatch(m.group(2).strip()):
                self.temps.add(m.group(1))
            elif m:
                self.temps.discard(m.group(1))

    def after(self, op: str) -> None:
        """A command ended by something other than `&&`: the next runs even if it failed (a container
        name already taken, a stash refused), so what it made is no longer sure."""
        if op not in ("&&", ""):  # "": the end of a payload, which its command runs whole
            self.containers.clear()
            self.stashed = self.kept = False

    def spare(self, name: str, argv: list[str], found: list[str]) -> list[str]:
        args = argv[1:]
        drop: set[str] = set()
        if name in ("rm", "rmdir", "unlink") and found and RM_IDS.issuperset(found):
            ops = [a for a in args if not a.startswith("-")]
            drop = set(RM_IDS) if ops and all(self._temp(o) for o in ops) else drop
        elif name in ("docker", "podman", "nerdctl"):
            drop = self._container(args, found)
        elif name == "git":
            drop = self._git(args, found)
        return [r for r in found if r not in drop] if drop else found

    def _temp(self, word: str) -> bool:
        """"$tmp", ${tmp}, $tmp/sub: under a path mktemp made (and, were it empty, no system folder)."""
        m = re.fullmatch(r"\$\{?([A-Za-z_]\w*)\}?((?:/[\w.@+-]+)*)/?", word)
        return bool(m) and m.group(1) in self.temps and ".." not in m.group(2) and (
            not m.group(2) or hard_target(canon(m.group(2))) is None)

    def _container(self, args: list[str], found: list[str]) -> set[str]:
        ops, k = [], 0
        while k < len(args):
            a = args[k]
            if a in ("--name",) and k + 1 < len(args):
                ops.append("--name=" + args[k + 1])
                k += 2
                continue
            k += 2 if a in _CONTAINER_VALUED else 1
            if not a.startswith("-") or a.startswith("--name="):
                ops.append(a)
        words = [o for o in ops if not o.startswith("--name=")]
        verb = words[1:2] if words[:1] in (["container"], ["volume"]) else words[:1]
        names = [o.split("=", 1)[1] for o in ops if o.startswith("--name=")]
        if verb in (["run"], ["create"]):
            self.containers |= set(names) if words[:1] != ["volume"] else set(words[2:3])
            return set()
        targets = words[2:] if words[:1] in (["container"], ["volume"]) else words[1:]
        if "docker_destroy" in found and verb in (["rm"], ["remove"]) and targets and set(targets) <= self.containers:
            return {"docker_destroy"}  # removes only what this line started
        return set()

    def _git(self, args: list[str], found: list[str]) -> set[str]:
        k = 0
        while k < len(args) and args[k].startswith("-"):
            k += 2 if args[k] in ("-C", "-c", "--git-dir", "--work-tree") else 1
        sub, rest = (args[k], args[k + 1:]) if k < len(args) else ("", [])
        ops = [a for a in rest if not a.startswith("-")]
        if sub == "stash":
            if ops[:1] in ([], ["push"], ["save"]) and not any(a in ("-p", "--patch", "-S", "--staged") for a in rest):
                self.stashed = True
            elif ops[:1] in (["pop"], ["apply"]):
                self.stashed = False  # the work is back in the tree
        elif sub in ("checkout", "switch"):
            self.kept = any(a in ("-b", "-B", "-c", "-C", "--create", "--force-create", "--orphan") for a in rest)
        elif sub in ("branch", "tag") and len(ops) == 1 and not any(
                a.startswith(("-d", "-D", "-m", "-M", "--delete", "--move", "-f", "--force")) for a in rest):
            self.kept = True  # `git branch keep`: the commits stay reachable from it
        elif sub == "reset" and "git_reset_hard" in found and self.stashed and (
                self.kept or ops[:1] in ([], ["HEAD"], ["@"])):
            return {"git_reset_hard"}
        return set()
