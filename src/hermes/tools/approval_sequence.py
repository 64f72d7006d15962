"""Rules over a whole pipeline, and over what earlier commands of a line set up for later ones.

A pipeline is judged as a whole where no stage is harmful alone: the environment filtered for keys
(`printenv | grep -i token`), an endless stream fed to unbounded parallelism (`yes | xargs -P 0 sh -c
...`), every container's ID fed to `xargs docker stop`, a whole home or database archived into
`ssh host 'cat > x'` (`bulk_source` and `sends_stdin` tell the scanner's flow what is private and what
sends it away), keys searched for by name and handed on (`find / -name '*.pem' | xargs cat`, `cat
$(locate id_rsa)`).

`Sequence` remembers, along one command line, the git remotes it added or repointed, the folders a
download was unpacked into, and (through the scanner's `Defs.files`) the files it wrote a secret into
or downloaded; a later `git push` to such a remote, a run of an unpacked program, an install of a
downloaded package, a commit or upload of a file holding a secret is judged for what it is.
"""

from __future__ import annotations

import fnmatch
import re
from typing import Iterable

from hermes.tools.approval_checks_data import NETWORK, READERS
from hermes.tools.approval_checks_load import stage_rules
from hermes.tools.approval_checks_fleet import lists_every_container, mass_target
from hermes.tools.approval_checks_supply import push_target
from hermes.tools.approval_checks_system import _SECRET_GLOB, _SECRET_WORD, find_roots, in_tree
from hermes.tools.approval_flow import SHELLS, _Flow, code_lang, code_mode, shell_mode
from hermes.tools.approval_paths import bulk_private, canon, is_env_file, is_secret
from hermes.tools.approval_rules import text_rules
from hermes.tools.normalize import Segment, Word, Wrap, cmd_name, parse

_Stage = tuple[Segment, list[Word], Wrap]

# ---------------------------------------------------------------- what a stage streams, where it goes

_ARCHIVERS = frozenset("tar gtar bsdtar zip 7z 7za cpio pax dd zstd gzip xz bzip2 pigz".split())
_CONTAINER_CLI = frozenset("docker podman nerdctl kubectl oc".split())
# Options whose value is not what is archived: tar -C /var/www site archives site, not /var/www.
_ARCHIVE_VALUED = frozenset("-C --directory -f --file -T --files-from -X --exclude-from --exclude -b -H --format "
                            "-I --use-compress-program -x -i".split())


def bulk_source(name: str, args: list[str]) -> bool:
    """The command prints private data in bulk: an archive of a home, system or data folder or a raw
    disk, a filesystem stream, or files copied out of a container (`docker cp app:/app/.env -`)."""
    if name in _ARCHIVERS:
        ops = [a[3:] for a in args if a.startswith("if=")] if name == "dd" else [
            a for k, a in enumerate(args) if a[:1] != "-" and (k == 0 or args[k - 1] not in _ARCHIVE_VALUED)]
        base = next((args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-C", "--directory")), None)
        return any(bulk_private(o, base) for o in ops)  # tar -C / etc: /etc
    if (name in ("zfs", "btrfs") and "send" in args) or (name in ("sqlite3", "sqlite") and ".dump" in args) or (
            name in ("redis-cli", "valkey-cli") and "--rdb" in args):
        return True
    if name in _CONTAINER_CLI:
        ops = [a for a in args if not a.startswith("-") or a == "-"]
        if ops[:1] == ["cp"] and ops[-1:] == ["-"] or ops[:1] == ["export"] or ops[:2] == ["container", "export"]:
            return True
        if "exec" in ops[:1] and (inner := _exec_inner(args)):
            inner_name = cmd_name(inner[0])
            return bulk_source(inner_name, inner[1:]) or (inner_name in READERS and any(
                is_secret(a, sending=True) for a in inner[1:] if not a.startswith("-")))
    return False


def _exec_inner(args: list[str]) -> list[str]:
    if "--" in args:
        return args[args.index("--") + 1:]
    k = args.index("exec") + 1
    while k < len(args) and args[k].startswith("-"):
        k += 2 if args[k] in ("-e", "--env", "-u", "--user", "-w", "--workdir", "-c", "--container", "-n",
                              "--namespace") else 1
    return args[k + 1:]


_SSH_LIKE = frozenset("ssh autossh dbclient plink rsh".split())
_MAILERS = frozenset("mail mailx s-nail mutt neomutt sendmail msmtp swaks".split())  # stdin is the message


def sends_stdin(name: str, args: list[str]) -> bool:
    """A command that sends what it reads on stdin to another machine or a cloud store."""
    ops = [a for a in args if not a.startswith("-") or a == "-"]
    return name in _SSH_LIKE or name in _MAILERS or (name == "openssl" and "s_client" in ops[:1]) or (
        name in ("aws", "gsutil", "gcloud") and "cp" in ops and "-" in ops) or (
        name == "rclone" and ops[:1] == ["rcat"]) or (name in ("gh", "glab") and "create" in ops and "-" in ops)


# ---------------------------------------------------------------- whole pipelines

_ENV_DUMP = {"env": (), "printenv": (), "set": (), "export": ("-p",), "declare": ("-x", "-p", "-px", "-xp"),
             "typeset": ("-x",), "get-childitem": ("env:",), "gci": ("env:",), "dir": ("env:",), "ls": ("env:",)}
_FILTERS = frozenset("grep egrep fgrep rg ag ack awk gawk sed select-string sls findstr jq".split())
# A filter pattern that picks out credentials: secret words, and providers whose variables are keys.
_SECRET_PATTERN = re.compile(r"(?i)key|token|secret|pass|credential|private|bearer|auth|cookie|api|aws|azure|"
                             r"openai|anthropic|github|gitlab|gh_|hf_|stripe|slack|database_url|dsn")
_ENDLESS = frozenset({"yes"})
_PASS_THROUGH = frozenset("cat grep egrep fgrep head tail cut tr sed awk sort uniq tee base64 xxd od rev fold column "
                          "jq less more".split())


def _env_dump(argv: list[str]) -> bool:
    """Prints environment variables: the shell's, a container's (inspect), a service manager's,
    every process's (ps e)."""
    name = cmd_name(argv[0]) if argv else ""
    if name in ("docker", "podman", "nerdctl") and "inspect" in argv[1:3] or name == "heroku" and "config" in argv[1:2]:
        return True
    if (name == "systemctl" and "show-environment" in argv) or (name == "ps" and any(
            re.fullmatch(r"[a-z]*e[a-z]*|-\w*E\w*", a) for a in argv[1:])):
        return True
    if name not in _ENV_DUMP:
        return False
    rest = [a.lower() for a in argv[1:]]
    return (not rest and name not in ("get-childitem", "gci", "dir", "ls")) or (
        bool(rest) and all(a in _ENV_DUMP[name] for a in rest))


def _picks_secrets(argv: list[str]) -> bool:
    """A filter that keeps credentials and prints them (not -v, -c, -q, -l)."""
    if not argv or cmd_name(argv[0]) not in _FILTERS:
        return False
    args = argv[1:]
    if any(re.fullmatch(r"-\w*[vcqlL]\w*", a) or a in ("--invert-match", "--count", "--quiet", "-notmatch")
           for a in args) and cmd_name(argv[0]) not in ("awk", "gawk", "sed", "jq"):
        return False  # `env | grep -v TOKEN` hides them, `grep -c` counts them
    for a in args:
        if a.startswith("-") and not a.startswith(("-e", "--regexp")):
            continue
        name = a.strip("^$=.*'\"")
        if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+", name):  # one variable, by its full name
            if _secret_name(name):
                return True
        elif _SECRET_PATTERN.search(a):
            return True
    return False


# `cut -d= -f1`, `awk -F= '{print $1}'`, `sed 's/=.*//'`: the names of the variables, not their values
_NAMES_ONLY = re.compile(r"-d\s*'?=|-F\s*'?=.*\$1\b|s/=\.\*//")


def _endless(argv: list[str]) -> bool:
    name = cmd_name(argv[0]) if argv else ""
    return name in _ENDLESS or (name == "seq" and (any(a.lower() in ("inf", "infinity") for a in argv[1:]) or any(
        a.isdigit() and int(a) >= 10_000 for a in argv[1:]))) or (
        name == "cat" and any(a in ("/dev/zero", "/dev/urandom", "/dev/random") for a in argv[1:]))


_PROCS = ("-P", "--max-procs", "-j", "--jobs", "--procs")


def _procs(layer: list[str]) -> list[str]:
    """The values of xargs -P / parallel -j, in any spelling (-P 0, -P0, --max-procs=0)."""
    out = [layer[k + 1] for k, a in enumerate(layer[:-1]) if a in _PROCS]
    out += [a.split("=", 1)[1] for a in layer if "=" in a and a.split("=", 1)[0] in _PROCS]
    return out + [a[2:] for a in layer if a[:2] in ("-P", "-j") and len(a) > 2 and "=" not in a]


def _unbounded(words: list[str], wrap: Wrap) -> bool:
    """xargs -P 0 / parallel -j 0: as many processes at once as there are inputs."""
    return any(v.strip() == "0" or (v.isdigit() and int(v) >= 1000)
               for layer in wrap.layers + [words] if layer and cmd_name(layer[0]) in ("xargs", "parallel")
               for v in _procs(layer))


def _lists_secret_dir(argv: list[str]) -> bool:
    return bool(argv) and cmd_name(argv[0]) in ("ls", "find", "fd", "tree") and any(
        is_secret(a.rstrip("/"), sending=True) for a in argv[1:] if not a.startswith("-"))


# ---------------------------------------------------------------- keys searched for by name, then read or sent

_NAME_TESTS = frozenset("-name -iname -path -ipath -wholename -iwholename -regex -iregex".split())
_FD_VALUED = frozenset("-e --extension -t --type -d --max-depth -E --exclude -x --exec -X --exec-batch -S --size "
                       "-o --owner -j --threads --max-results --base-directory --changed-within --changed-before "
                       "--search-path --and".split())
_LOCATE = frozenset("locate plocate mlocate slocate".split())
_SEARCHERS = _LOCATE | {"find", "fd", "fdfind"}


def key_search(argv: list[str]) -> bool | None:
    """A search that lists private keys or credential files by name (find / -name '*.pem', fd -e key,
    locate id_rsa): True when it looks beyond the working tree, False inside it, None for any other."""
    name, args = (cmd_name(argv[0]), argv[1:]) if argv else ("", [])
    if name == "find":
        roots, exprs = find_roots(args)
        names = [exprs[j + 1] for j, a in enumerate(exprs[:-1]) if a in _NAME_TESTS]
    elif name in ("fd", "fdfind"):
        ops = [a for k, a in enumerate(args) if not a.startswith("-") and (k == 0 or args[k - 1] not in _FD_VALUED)]
        names = ops[:1] + ["*." + args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-e", "--extension")]
        roots = ops[1:] + [args[k + 1] for k, a in enumerate(args[:-1]) if a in ("--search-path", "--base-directory")]
    elif name in _LOCATE:
        names, roots = [a for a in args if not a.startswith("-")], ["/"]
    else:
        return None
    wide = not all(in_tree(r) or r in (".", "./") for r in roots or ["."])
    return wide if any(_SECRET_GLOB.search(n) or (wide and _SECRET_WORD.search(n)) for n in names) else None


def _names_from_stdin(argv: list[str]) -> bool:
    """tar -T -, rsync --files-from=-, cpio -o, zip -@: the files named on stdin are read."""
    args = argv[1:]
    return any(a in ("--files-from=-", "-T-", "-@") or (a in ("-T", "--files-from") and args[k + 1:k + 2] == ["-"])
               for k, a in enumerate(args)) or (cmd_name(argv[0]) == "cpio" and any(
                   re.fullmatch(r"-\w*o\w*|--create", a) for a in args))


def key_takers(argv: list[str], wide: bool, takers: list[str]) -> list[str]:
    """Rules for the programs given what a key search lists (xargs, fd -x, a substitution): sending the
    keys is exfiltration; reading them, when found beyond the working tree, shows them to the model."""
    if cmd_name(argv[0]) in ("fd", "fdfind"):
        takers = takers + [cmd_name(argv[k + 1]) for k, a in enumerate(argv[:-1]) if a in ("-x", "--exec", "-X",
                                                                                            "--exec-batch")]
    if any(t in SENDERS for t in takers):
        return ["secret_exfil"]
    return ["read_secret"] if wide and any(t in READERS or t in _ARCHIVERS for t in takers) else []


def listed_keys(name: str, argv: list[str], subs: list[str]) -> list[str]:
    """`cat $(find / -name '*.pem')`, a for loop's `cat "$f"` over one: keys named by a search, taken."""
    if not subs and "$(" not in "".join(argv) or (name not in READERS and name not in SENDERS):
        return []
    texts = subs + re.findall(r"\$\(([^()]*)\)", " ".join(argv[1:]))  # a loop's list, put in place of its variable
    for text in texts:
        for seg in parse(text) if "-" in text or "locate" in text else ():
            words = [w.text for w in seg.words]
            if (wide := key_search(words)) is not None:
                return key_takers(words, wide, [name])
    return []


def pipeline_rules(stages: list[_Stage], printed: bool = True, remote: bool = False) -> list[str]:
    """Rules over a pipeline; `printed`: its output reaches the model (not captured by $(...));
    `remote`: it runs on another machine."""
    out: list[str] = stage_rules(stages)
    argvs = [[w.text for w in words] for _, words, _ in stages]
    for k, argv in enumerate(argvs):  # find / -name '*.pem' | xargs cat, fd -e key . / -x cat
        if argv and cmd_name(argv[0]) in _SEARCHERS and (wide := key_search(argv)) is not None:
            out += key_takers(argv, wide, [cmd_name(a[0]) for (_, _, w), a in zip(stages[k + 1:], argvs[k + 1:])
                                           if a and (w.xargs or _names_from_stdin(a))])
    for k, argv in enumerate(argvs[:-1]):  # a stage and what it feeds
        later = stages[k + 1:]
        if printed and _env_dump(argv) and any(_picks_secrets(a) for a in argvs[k + 1:]) and not any(
                _NAMES_ONLY.search(" ".join(a)) for a in argvs[k + 1:]) and all(
                a and (cmd_name(a[0]) in _PASS_THROUGH or cmd_name(a[0]) in _FILTERS) for a in argvs[k + 1:]):
            out.append("print_secret")  # only the credentials, printed where the model reads them
        if _endless(argv) and any(_unbounded(a, w) for (_, _, w), a in zip(later, argvs[k + 1:])):
            out.append("fork_bomb")
        if _lists_secret_dir(argv) and any(w.xargs and a and cmd_name(a[0]) in SENDERS
                                           for (_, _, w), a in zip(later, argvs[k + 1:])):
            out.append("secret_exfil")  # ls ~/.ssh | xargs -I{} curl -F f=@~/.ssh/{}: every key, one by one
        if later and later[0][2].xargs and argvs[k + 1] and lists_every_container(" ".join(argv)) and \
                mass_target(cmd_name(argvs[k + 1][0]), argvs[k + 1][1:], remote) and any(
                    a in ("stop", "kill", "rm", "remove", "delete", "pause", "restart") for a in argvs[k + 1][1:3]):
            out.append("containers_stop")
    for k, argv in enumerate(argvs if printed else []):
        if argv and printed_secret(cmd_name(argv[0]), argv[1:]) and all(
                a and cmd_name(a[0]) in _PASS_THROUGH for a in argvs[k + 1:]) and not any(
                op in (">", ">>", ">|", "&>", "&>>") for op, _ in stages[-1][0].redirects):
            out.append("print_secret")
            break
    return list(dict.fromkeys(out))


_VAR_USE = re.compile(r"\$(?:\{([#!]?)([A-Za-z_]\w*)([^}]*)\}|([A-Za-z_]\w*))")
_SECRET_PART = re.compile(r"(?i)(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|CREDENTIALS?|CREDS|AUTH|COOKIE)$|^PRIVATE$")
_NOT_SECRET = re.compile(r"(?i)_(?:SOCK|DIR|FILE|PATH|HOME|TTY|ID|REGION|USER|USERNAME|NAME|TYPE|MODE|CONTROL|TIMEOUT|"
                         r"URL|HOST|PORT|ENABLED|METHOD|ALGORITHM|LENGTH|SIZE|LEVEL|VERSION|PROFILE|EMAIL|PREFIX)$")


def _secret_name(name: str) -> bool:
    return any(_SECRET_PART.search(p) for p in name.split("_")) and not _NOT_SECRET.search(name)


def printed_secret(name: str, args: list[str]) -> bool:
    """`echo $OPENAI_API_KEY`, `printenv GITHUB_TOKEN`: a credential's value printed (its length, a
    short prefix or `${KEY:+set}` are not the value)."""
    if name == "printenv":
        return any(_secret_name(a) for a in args if not a.startswith("-"))
    if name not in ("echo", "printf"):
        return False
    for a in args:
        for m in _VAR_USE.finditer(a):
            prefix, var, tail = m.group(1) or "", m.group(2) or m.group(4), m.group(3) or ""
            if prefix or tail.startswith((":+", "+")) or re.fullmatch(r":-?\d+:[0-8]", tail):
                continue
            if _secret_name(var):
                return True
    return False


def written_rules(data: bytes | None) -> list[str]:
    """A file written with a fork bomb in it (C, Python, a batch file ...), to be compiled or run."""
    if not data:
        return []
    return ["fork_bomb"] if "fork_bomb" in text_rules(data.decode("utf-8", "replace"), shell=False) else []


# ---------------------------------------------------------------- along the command line

SENDERS = NETWORK | frozenset("scp rsync sftp gh glab aws gsutil gcloud az rclone s3cmd mc azcopy wormhole croc "
                              "ffsend pastebinit mail mailx mutt neomutt sendmail swaks smbclient lftp".split())
_INSTALLERS = frozenset("dpkg apt apt-get gdebi rpm dnf yum zypper microdnf pacman installer msiexec snap flatpak "
                        "pip pip3 uv pipx npm pnpm yarn bun gem helm kubectl oc".split())
_QUERY = re.compile(r"^-(?:q\w*|c|I|-contents|-info|-query)$")
_EXTRACTORS = frozenset("tar gtar bsdtar unzip 7z 7za".split())
_BUILDERS = frozenset("make gmake cmake ninja meson".split())


class Sequence:
    """What the commands of one line set up for the ones after them (one instance per scan)."""

    def __init__(self) -> None:
        self.remotes: set[str] = set()  # git remotes added or repointed on this line
        self.unpacked: set[str] = set()  # folders a download was unpacked into
        self.cwd: str | None = None  # the scanner's working folder for the current pipeline

    def stream(self, name: str, argv: list[str], inp: _Flow) -> list[str]:
        """A stage reading the pipeline: `curl URL | tar xz -C /opt` unpacks a download into /opt,
        `curl URL | kubectl apply -f -` applies it, an LDIF with `changetype: delete` deletes entries."""
        args = argv[1:]
        if "download" in inp.sources and name in _EXTRACTORS:
            self.unpacked.add(self._dest(name, args))
        if "download" in inp.sources and name in ("kubectl", "oc", "k") and set(args[:2]) & {
                "apply", "create", "replace"} and "-" in args:
            return ["curl_pipe_shell"]
        text = inp.data.decode("utf-8", "replace") if inp.data is not None else ""
        if name in ("ldapmodify", "ldapadd") and re.search(r"(?im)^changetype:\s*delete|^delete:", text):
            return ["user_remove"]
        return []

    def judge(self, name: str, argv: list[str], files: dict[str, _Flow]) -> list[str]:
        args, out = argv[1:], []
        secrets = [p for p, f in files.items() if "secret" in f.sources]
        downloads = [p for p, f in files.items() if "download" in f.sources]
        if name == "git":
            out += self._git(args, secrets)
        if name in SENDERS and secrets:
            sent = args[:-1] if name in ("scp", "rsync") else args
            parts = [p for a in sent if "://" not in a for p in re.split(r"[=@<,]", a) if p and p[0] != "-"]
            if _matches(parts, secrets, self.cwd):
                out.append("secret_exfil")  # a file this line wrote a secret into, sent away
        if name in _INSTALLERS and downloads and not any(_QUERY.match(a) for a in args):
            if _matches([p for a in args for p in a.split("=")[-1:]], downloads, self.cwd):
                out.append("curl_pipe_shell")  # a downloaded package: its install scripts run
        if name in _EXTRACTORS and downloads and _matches(args, downloads, self.cwd):
            self.unpacked.add(self._dest(name, args))
        if self.unpacked and self._runs_unpacked(name, argv):
            out.append("curl_pipe_shell")
        return out

    def _dest(self, name: str, args: list[str]) -> str:
        opts = ("-d",) if name == "unzip" else ("-C", "--directory")
        dest = next((args[k + 1] for k, a in enumerate(args[:-1]) if a in opts), None)
        dest = dest or next((a.split("=", 1)[1] for a in args if a.startswith("--directory=")), None)
        dest = dest or next((a[2:] for a in args if name.startswith("7z") and a.startswith("-o") and len(a) > 2), None)
        return canon(dest or ".", self.cwd)

    def _runs_unpacked(self, name: str, argv: list[str]) -> bool:
        path: str | None = argv[0] if "/" in argv[0] else None
        if name in SHELLS:
            mode, op = shell_mode(argv[1:])
            path = op if mode == "file" else path
        elif lang := code_lang(name):
            mode, op = code_mode(lang, argv[1:])
            path = op if mode == "file" else path
        if path is None:
            return name in _BUILDERS and any(_under(self.cwd or ".", d) for d in self.unpacked)
        return any(_under(canon(path, self.cwd), d) for d in self.unpacked)

    def _git(self, args: list[str], secrets: list[str]) -> list[str]:
        k = 0
        while k < len(args) and args[k].startswith("-"):
            k += 2 if args[k] in ("-C", "-c", "--git-dir", "--work-tree", "--namespace") else 1
        sub, rest = (args[k], args[k + 1:]) if k < len(args) else ("", [])
        ops = [a for a in rest if not a.startswith("-")]
        if sub == "remote" and ops[:1] == ["add"] and len(ops) >= 3 and ops[1] != "origin":
            self.remotes.add(ops[1])  # adding `origin` fails where there is one: a new repository's first push
        elif sub == "remote" and ops[:1] == ["set-url"] and len(ops) >= 3:
            self.remotes.add(ops[1])
        elif sub == "remote" and ops[:1] == ["rename"] and len(ops) >= 3 and ops[1] in self.remotes:
            self.remotes.add(ops[2])
        elif sub == "config" and ops and (m := re.fullmatch(r"remote\.(.+)\.(?:url|pushurl)", ops[0])) and len(ops) > 1:
            self.remotes.add(m.group(1))
        elif sub == "push":
            if (push_target(rest) or "origin") in self.remotes:
                return ["push_elsewhere"]  # a remote this line pointed at a new place
        elif sub in ("add", "commit") and secrets:
            every = any(o in (".", ":/", "*", ":(top)") for o in ops) or any(
                a in ("-A", "--all", "-u", "--update") or (sub == "commit" and re.fullmatch(r"-\w*a\w*", a))
                for a in rest)
            named = _matches(ops, secrets, self.cwd)
            tree = [s for s in secrets if not s.startswith(("/", "~", "$")) and not is_env_file(s)]
            if named or (every and tree):
                return ["secret_commit"]
        return []


def _under(path: str, folder: str) -> bool:
    if folder in (".", ""):
        return not path.startswith(("/", "~", "$"))
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _matches(words: Iterable[str], paths: list[str], cwd: str | None) -> bool:
    """Any of the words names (or, as a glob, matches) one of the paths."""
    for w in words:
        if not w or w.startswith("-"):
            continue
        for c in {canon(w), canon(w, cwd)}:
            if any(c == p or (re.search(r"[*?\[]", c) and fnmatch.fnmatchcase(p, c)) for p in paths):
                return True
    return False
