"""Targets that are disposable or only the user's own, where a destructive verb loses nothing shared.

- a test database on this machine (test_*, *_test, *_ci ... on localhost, a socket or no host);
- a local Kubernetes cluster (kind, minikube, k3d, Docker Desktop, Rancher Desktop, colima, OrbStack);
- a test compose stack's volumes (`docker compose -f docker-compose.test.yml down -v`);
- caches in the home folder (~/.cache/<tool>, ~/Library/Caches/<app>, Xcode's DerivedData ...);
- a force push that checks the lease (--force-with-lease) onto a named branch nobody else builds on;
- a plain alias appended to a shell rc file (`alias gs="git status"`);
- a named direct entry of a temp folder (`rm -rf /tmp/pytest-of-$USER`, a filtered `find /tmp ... -delete`,
  `rsync --delete` into /tmp/x), never the folder itself nor the sockets of live sessions;
- a scratch SQLite file (in a temp folder, in memory) and a framework's test environment
  (`RAILS_ENV=test rails db:drop`, `MIX_ENV=test mix ecto.reset`, `--env=test`);
- a pod its ReplicaSet starts again (`kubectl delete pod api-7d9f8b6c5-x2lqz`), outside production.

`spare(name, args, found)` drops, from the rule ids one command matched, those such a target makes
moot. Anything it cannot tell stays as found: a remote host, another database named in the SQL, an
unnamed branch, a cache path that climbs out with `..`.
"""

from __future__ import annotations

import fnmatch
import re

from hermes.tools.approval_base import option_value
from hermes.tools.approval_paths import canon, hard_target
from hermes.tools.normalize import echo_output, parse, printf_output

# ---------------------------------------------------------------- test databases on this machine

_SQL_IDS = frozenset({"sql_drop", "sql_truncate", "sql_delete_all", "sql_update_all", "db_drop", "db_wipe"})
_LOCAL_HOST = re.compile(r"^(?:localhost|127\.0\.0\.1|::1|\[::1\]|/.*)$", re.I)
# Options whose value is not the database (psql, mysql, dropdb, mongosh): skipped when looking for it.
_DB_VALUED = frozenset("-c --command -f --file -U --username -u --user -p --port -P -v --set --variable -o "
                       "--output -e --execute -L --log-file -T -F -R --eval --authenticationDatabase "
                       "--maintenance-db --default-character-set".split())
_HOST_OPTS = ("-h", "--host")
_SQLITE = frozenset("sqlite3 sqlite duckdb litecli".split())
_DB_OPTS = ("-d", "--dbname", "-D", "--database", "--db")
# Statements that only touch the database connected to (a role or tablespace is the whole server's).
_DROP_KIND = re.compile(r"(?i)\bdrop\s+(?!(?:temporary\s+)?(?:table|view|index|schema|sequence|type|function|"
                        r"materialized|trigger|database|column|constraint|collection|owned|if\b)\b)\w+")
_DROPPED_DB = re.compile(r"(?i)\bdrop\s+database\s+(?:if\s+exists\s+)?[`\"\[]?([\w-]+)")
# In MySQL a schema is a database.
_DROPPED_MYSQL = re.compile(r"(?i)\bdrop\s+(?:database|schema)\s+(?:if\s+exists\s+)?[`\"\[]?([\w-]+)")
_SWITCH_DB = re.compile(r"(?i)(?:^|[;\s])(?:\\c(?:onnect)?|use)\s+[`\"]?([\w-]+)|getSiblingDB\s*\(\s*['\"]([\w-]+)")
_QUALIFIED = re.compile(r"(?i)\b(?:table|from|truncate|update|into)\s+(?:if\s+exists\s+)?[`\"]?([\w-]+)[`\"]?\."
                        r"[`\"]?\w")
_URI = re.compile(r"^(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?)://(?:[^@/]*@)?([^/:?]*)(?::\d+)?(?:/([^?]*))?",
                  re.I)


def named_for_tests(name: str | None) -> bool:
    """A database named for tests: test, test_app, app_test, app_test_2, app_ci, pytest_tmp."""
    if not name:
        return False
    parts = re.split(r"[_-]", name.strip("`\"'[]").lower())
    return any(p in ("test", "tests", "testing", "pytest") for p in parts) or (len(parts) > 1 and parts[-1] == "ci")


def _target(name: str, args: list[str]) -> tuple[str | None, str | None]:
    """(host, database) a database client connects to; host None means this machine's default."""
    host, db = option_value(args, _HOST_OPTS), option_value(args, _DB_OPTS)
    mysql = name.startswith(("mysql", "mariadb"))
    if mysql:
        host = host if option_value(args, ("-S", "--socket")) is None else "/socket"
    ops, k = [], 0
    while k < len(args):
        a = args[k]
        if a.startswith("-"):
            valued = (a in _DB_VALUED and not (mysql and a in ("-p", "-f"))) or a in _HOST_OPTS or a in _DB_OPTS
            k += 2 if valued or a in ("-S", "--socket") else 1
            continue
        ops.append(a)
        k += 1
    for o in ops:
        if m := _URI.match(o):
            host, db = m.group(1) or host, m.group(2) or db
            ops = [x for x in ops if x != o]
    if name in ("mysqladmin", "mariadb-admin"):
        db = ops[ops.index("drop") + 1] if "drop" in ops[:-1] else None
    elif name in _SQLITE:
        return None, ops[0].rsplit("/", 1)[-1].split(".")[0] if ops else None  # the file: test.db
    elif db is None and ops and not re.search(r"\s", ops[0]):
        db = ops[0]
    return host, db


# Connection settings a client takes from the environment, as the options they stand for.
_ENV_OPTS = {"PGHOST": "--host=", "PGHOSTADDR": "--host=", "MYSQL_HOST": "--host=", "PGDATABASE": "--dbname=",
             "PGSERVICE": "--host=service:", "MYSQL_DATABASE": "--database=", "RAILS_ENV": "--environment=",
             "RACK_ENV": "--environment=", "MIX_ENV": "--environment=", "APP_ENV": "--environment=",
             "DJANGO_SETTINGS_MODULE": "--settings=", "DATABASE_URL": "--database-url="}


def env_options(words: list[str]) -> list[str]:
    """`PGHOST=db.prod psql ...`: [--host=db.prod], so the host is judged like one given as an option."""
    out = []
    for w in words:
        name, eq, value = w.partition("=")
        if eq and name in _ENV_OPTS:
            out.append(_ENV_OPTS[name] + value.strip("'\""))
    return out


def _test_database(name: str, args: list[str], sql: str) -> bool:
    host, db = _target(name, args)
    if host is not None and not _LOCAL_HOST.match(host):
        return False
    if name in _SQLITE:  # the file is the whole database: a scratch one, unless the SQL opens another
        ops = [a for a in args if not a.startswith("-")]
        scratch = not ops or ops[0] == ":memory:" or temp_entry(ops[0]) or named_for_tests(db)
        return scratch and not re.search(r"(?i)\battach\b|\.open\b|\.restore\b", sql)
    if name in ("dropdb", "mysqladmin", "mariadb-admin"):
        return named_for_tests(db)  # the database named is the one dropped
    if _DROP_KIND.search(sql):
        return False  # DROP ROLE / USER / TABLESPACE: the whole server's
    mysql = name.startswith(("mysql", "mariadb"))
    dropped = _DROPPED_MYSQL if mysql else _DROPPED_DB
    named = [m.group(1) for m in dropped.finditer(sql)]
    named += [m.group(1) or m.group(2) for m in _SWITCH_DB.finditer(sql)]
    if mysql:
        named += [m.group(1) for m in _QUALIFIED.finditer(sql)]  # mysql's db.table names another database
    rest = dropped.sub("", sql)
    touches_db = bool(re.search(r"(?i)\b(?:drop|truncate|delete|update|flush|dropDatabase|deleteMany|remove)\b",
                                rest)) or not sql.strip()
    return all(named_for_tests(n) for n in named) and (not touches_db or named_for_tests(db))


# ---------------------------------------------------------------- local clusters, test stacks

_LOCAL_CONTEXT = re.compile(r"^(?:kind-[\w.-]+|minikube|docker-desktop|docker-for-desktop|k3d-[\w.-]+|"
                            r"rancher-desktop|colima(?:-[\w.-]+)?|orbstack)$")


def _local_cluster(name: str, args: list[str]) -> bool:
    if name in ("kind", "minikube", "k3d"):
        return True  # these only ever run clusters on this machine
    ctx = option_value(args, ("--context", "--kube-context"))
    return bool(ctx) and bool(_LOCAL_CONTEXT.match(ctx))


def _test_stack(name: str, args: list[str]) -> bool:
    """`docker compose -f docker-compose.test.yml down -v`: every compose file named for tests."""
    if name != "docker-compose" and "compose" not in args:
        return False
    files = [args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-f", "--file")]
    files += [a.split("=", 1)[1] for a in args if a.startswith("--file=")]
    project = option_value(args, ("-p", "--project-name"))
    return "down" in args and bool(files) and all(
        re.search(r"(?i)(?:^|[._/-])(?:test|tests|testing|e2e|ci)(?:[._/-]|$)", f) for f in files) and (
        project is None or named_for_tests(project))  # -p names whose volumes go


def _test_containers(args: list[str]) -> bool:
    """`docker rm -f test-redis`: containers (not volumes) each named for tests, removed by name."""
    ops = [a for a in args if not a.startswith("-")]
    ops = ops[1:] if ops[:1] == ["container"] else ops
    return ops[:1] in (["rm"], ["remove"]) and len(ops) > 1 and all(
        "$" not in o and named_for_tests(o) for o in ops[1:])


# ---------------------------------------------------------------- caches in the home folder

_ANY_HOME = re.compile(r"^(?:/home/[^/]+|/users/[^/]+|/root|/var/root)(?=/|$)", re.I)
# Folders whose whole content a tool downloads or builds again.
_CACHE_ROOT = re.compile(r"^~/(?:library/developer/xcode/(?:deriveddata|archives/\.cache)|"
                         r"library/developer/coresimulator/caches|\.npm/(?:_cacache|_npx|_logs)|\.gradle/caches|"
                         r"\.gradle/wrapper/dists|\.cargo/registry/(?:cache|src|index)|\.cargo/git/(?:db|checkouts)|"
                         r"\.m2/repository|\.ivy2/cache|\.sbt/boot|\.yarn/cache|\.pnpm-store|\.bun/install/cache|"
                         r"\.composer/cache|\.nuget/packages|go/pkg/mod|\.conda/pkgs|\.expo/(?:cache|android-sdk))"
                         r"(?:/|$)")
# Folders of caches where each named entry is one tool's cache (the folder as a whole is asked about).
_CACHE_PARENT = re.compile(r"^~/(?:\.cache|library/caches)/[^/*?\[]")


def home_cache(path: str) -> bool:
    if "$" in path or "`" in path:
        return False  # ~/.cache/$X: X may climb out with ..
    p = canon(path)
    p = _ANY_HOME.sub("~", p, count=1).lower()
    return not re.search(r"[*?\[]", p.split("/")[1] if "/" in p else p) and bool(
        _CACHE_ROOT.match(p) or _CACHE_PARENT.match(p))


# ---------------------------------------------------------------- force push with a lease

_SHARED_BRANCH = re.compile(r"(?i)^(?:refs/heads/)?(?:main|master|trunk|develop|development|dev|release.*|"
                            r"prod(?:uction)?(?:[/_.-].*)?|stable|staging|hotfix.*|gh-pages|live|default)$")
_PUSH_VALUED = frozenset("-o --push-option --receive-pack --exec --repo".split())


def _lease_push(args: list[str]) -> bool:
    """git push --force-with-lease <remote> <branch>... where every branch is named and none is shared;
    plain --force, -f, +refspec, --mirror, --all and --tags stay asked."""
    k = 0
    while k < len(args) and args[k].startswith("-"):
        k += 2 if args[k] in ("-C", "-c", "--git-dir", "--work-tree", "--namespace") else 1
    if args[k:k + 1] != ["push"]:
        return False
    ops, leases, j, rest = [], [], 0, args[k + 1:]
    while j < len(rest):
        a = rest[j]
        if a in _PUSH_VALUED:
            j += 2
            continue
        if a.startswith("--force-with-lease") or a == "--force-if-includes":
            leases += [a.split("=", 1)[1].split(":", 1)[0]] if "=" in a else []
        elif a in ("-f", "--force", "--mirror", "--all", "--tags", "--delete", "--prune") or (
                re.fullmatch(r"-[a-zA-Z]+", a) and "f" in a) or a.startswith("+"):
            return False
        elif not a.startswith("-"):
            ops.append(a)
        j += 1
    refs = [r.split(":", 1)[-1] for r in ops[1:]]
    return bool(refs) and all(r and r != "HEAD" and not r.startswith("+") and not _SHARED_BRANCH.match(r)
                              for r in refs + leases)


# ---------------------------------------------------------------- a framework's test environment

_FRAMEWORKS = frozenset("rails rake bundle mix php artisan console symfony django-admin manage.py python knex "
                        "sequelize sequelize-cli npx".split())
DB_TOOLS = _FRAMEWORKS | {"dropdb", "mysqladmin", "mariadb-admin"}  # given the connection settings of their prefix
_ENV_VALUED = ("--environment", "--env", "--settings", "-e")


def _test_env(name: str, args: list[str]) -> bool:
    """Every environment the command names is a test one (RAILS_ENV=test, --env=testing,
    --settings=app.settings.test), and a database URL it is given is a local test database."""
    envs = [a.split("=", 1)[1] for a in args if re.match(r"(?:RAILS|RACK)_ENV=", a)]
    envs += [v for o in _ENV_VALUED if (v := option_value(args, (o,))) is not None and (o != "-e" or name in (
        "rails", "rake", "bundle"))]
    urls = [a.split("=", 1)[1].strip("'\"") for a in args if a.startswith(("--database-url=", "DATABASE_URL="))]
    return bool(envs) and all(named_for_tests(e.rsplit(".", 1)[-1]) for e in envs) and all(
        (m := _URI.match(u)) and _LOCAL_HOST.match(m.group(1) or "localhost") and named_for_tests(m.group(2))
        for u in urls)


# ---------------------------------------------------------------- temp folders, pods that come back

# Only a direct entry (/tmp/build-x, its contents /tmp/build-x/*): a path deeper in a temp folder is
# often someone's working tree put there (/tmp/work/app/build), and stays asked.
_TEMP = re.compile(r"^(?:/tmp|/var/tmp|/private/tmp)(?:/([^/]+))?(?:/\*?)?$")
# What live sessions keep in /tmp: X11 and ICE sockets, tmux and ssh-agent sockets, systemd's private tmp.
_SESSION_ENTRIES = (".X11-unix", ".ICE-unix", ".font-unix", ".XIM-unix", ".X0-lock", "tmux-1000", "ssh-XXXXabcd",
                    "systemd-private-abc-x.service-y", "snap-private-tmp", "screen", "krb5cc_1000", ".s.PGSQL.5432")
_TMPDIR = re.compile(r"^\$\{?TMPDIR(?::-/tmp/?)?\}?(/[^/].*)$")
_OWN_VAR = re.compile(r"\$(?:\{?(?:USER|LOGNAME|UID|EUID|PPID)\}?(?!\w)|\$)")


def temp_entry(path: str, folder_too: bool = False) -> bool:
    """A named direct entry of a temp folder (/tmp/build-x, /tmp/pytest-of-$USER/*), not one of live
    sessions' sockets; `folder_too`: the temp folder itself counts (a filtered find over /tmp)."""
    p, bare = _OWN_VAR.sub("x", path.strip()), _OWN_VAR.sub("", path.strip())
    if (m := _TMPDIR.match(p)) and hard_target(canon(m.group(1))) is None:  # were TMPDIR empty: /name
        p, bare = "/tmp" + m.group(1), "/tmp" + _TMPDIR.sub(r"\1", bare)
    if "$" in p or "`" in p:
        return False  # /tmp/$X: X may be empty or climb out with ..
    m, unset = _TEMP.match(canon(p)), _TEMP.match(canon(bare))
    if not m or not unset or (unset.group(1) is None and not folder_too):
        return False  # /tmp/$USER is /tmp itself when USER is empty
    first = m.group(1)
    if first is None:
        return folder_too
    return not any(fnmatch.fnmatchcase(e, first) or fnmatch.fnmatchcase(e.lower(), first.lower())
                   for e in _SESSION_ENTRIES)


def _temp_find(args: list[str]) -> bool:
    """find over temp folders that picks files by name (no name a live session's socket has)."""
    k = next((j for j, a in enumerate(args) if a.startswith(("-", "(", "!"))), len(args))
    names = [args[j + 1] for j, a in enumerate(args[:-1]) if a in ("-name", "-iname")]
    return k > 0 and all(temp_entry(r, folder_too=True) for r in args[:k]) and bool(names) and not any(
        fnmatch.fnmatchcase(e, n) for n in names for e in _SESSION_ENTRIES)


_POD_HASH = re.compile(r"^[a-z0-9][a-z0-9-]*-[bcdfghjklmnpqrstvwxz2456789]{6,10}-[bcdfghjklmnpqrstvwxz2456789]{5}$")
_PROD = re.compile(r"(?i)prod|live|kube-system|kube-public|istio-system|cert-manager|monitoring|ingress")


def _restarted_pods(args: list[str]) -> bool:
    """`kubectl delete pod api-7d9f8b6c5-x2lqz -n dev`: pods named by a Deployment's ReplicaSet, which
    starts them again; not by selector, not forced, not in production or a system namespace."""
    ops, k = [], 0
    while k < len(args):
        if args[k] in ("-n", "--namespace", "--context", "--cluster", "--kubeconfig", "--grace-period", "-o"):
            k += 2
            continue
        ops.append(args[k])
        k += 1
    if any(o.startswith("-") and not o.startswith(("--namespace=", "--context=", "--wait", "--cluster=")) for o in ops):
        return False  # --all, -l, --force, --grace-period=0 ...
    words = [o for o in ops if not o.startswith("-")]
    if words[:1] != ["delete"] or len(words) < 2:
        return False
    kinds = ("pod", "pods", "po")
    if words[1] in kinds:
        names = words[2:]
    elif all(w.split("/", 1)[0] in kinds and "/" in w for w in words[1:]):
        names = [w.split("/", 1)[1] for w in words[1:]]
    else:
        return False
    where = [v for o in ("-n", "--namespace", "--context", "--cluster") if (v := option_value(args, (o,)))]
    return bool(names) and all(_POD_HASH.match(n) for n in names) and not any(_PROD.search(w) for w in where)


# ---------------------------------------------------------------- the filter

RM_IDS = frozenset({"rm_recursive", "rm_outside", "rm_force", "rm_wildcard", "find_delete"})  # deleting files
_SQL_NAMES = frozenset("psql mysql mariadb sqlite3 sqlite duckdb dropdb mysqladmin mariadb-admin mongo mongosh pgcli "
                       "mycli litecli".split())


def spare(name: str, args: list[str], found: list[str], sql: str | None = None) -> list[str]:
    """`found` without the rule ids a disposable target makes moot."""
    drop: frozenset[str] = frozenset()
    if name in _SQL_NAMES and _SQL_IDS.intersection(found):
        if _test_database(name, args, " ".join(args) if sql is None else sql):
            drop = _SQL_IDS
    elif "cloud_destroy" in found and name in ("kubectl", "helm", "kind", "minikube", "k3d", "kubecolor", "k"):
        restarted = name != "helm" and _restarted_pods(args)
        drop = frozenset({"cloud_destroy"}) if _local_cluster(name, args) or restarted else drop
    elif found == ["db_drop"] and name in _FRAMEWORKS and _test_env(name, args):
        drop = frozenset({"db_drop"})
    elif "docker_destroy" in found and name in ("docker", "podman", "docker-compose", "nerdctl"):
        drop = frozenset({"docker_destroy"}) if _test_stack(name, args) or _test_containers(args) else drop
    elif name == "shred" and found == ["shred"]:  # a key written to /tmp a moment ago, wiped after use
        ops = [a for a in args if not a.startswith("-")]
        drop = frozenset({"shred"}) if ops and all(temp_entry(o) for o in ops) else drop
    elif name in ("rm", "find") and RM_IDS.issuperset(found):
        ops = [a for a in args if not a.startswith("-")]
        if name == "find":  # a filtered find over ~/.cache prunes old entries of every tool's cache
            ops = [o + "/x" for o in args[:next((k for k, a in enumerate(args) if a.startswith(("-", "(", "!"))),
                                                 len(args))]]
        temp = all(temp_entry(o) for o in ops) if name == "rm" else _temp_find(args)
        drop = RM_IDS if ops and (all(home_cache(o) for o in ops) or temp) else drop
    elif name == "rsync" and found == ["rm_recursive"]:  # --delete into /tmp/mirror: a scratch copy
        ops = [a for a in args if not a.startswith("-")]
        drop = frozenset({"rm_recursive"}) if ops and temp_entry(ops[-1]) else drop
    elif name == "git" and "git_push_force" in found and _lease_push(args):
        drop = frozenset({"git_push_force"})
    return [r for r in found if r not in drop] if drop else found


# ---------------------------------------------------------------- aliases in shell rc files

# Names whose alias could catch a password typed at them, or whose value could run anything.
_GUARDED_NAMES = frozenset("sudo su doas ssh scp sftp passwd login kinit ssh-add gpg gpg2 pass sshpass pkexec runuser "
                           "mysql psql vault op bw security keychain".split())
_ALIAS = re.compile(r"""^\s*alias\s+([\w.:+-]+)=(?:'([^']*)'|"([^"$`\\]*)"|([^\s'"$`\\;&|<>]+))\s*$""")
_UNSAFE_VALUE = re.compile(r"[$`;&|<>\\\n(){}]|\b(?:curl|wget|nc|ncat|socat|base64|eval|exec|sudo|su|doas|rm|dd|"
                           r"mkfs|chmod|chown|python\d*|perl|ruby|node|bash|sh|zsh|source|history|unset|export)\b")


def plain_alias_append(name: str, args: list[str], stdin: str | None) -> bool:
    """What echo / printf / a heredoc appends is only `alias name="one simple command"` lines."""
    if name == "echo":
        text = echo_output(args)
    elif name == "printf":
        text = printf_output(args)
    elif name == "cat" and not args and stdin is not None:
        text = stdin
    else:
        return False
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    for ln in lines:
        m = _ALIAS.match(ln)
        if not m or m.group(1) in _GUARDED_NAMES:
            return False
        value = next(g for g in m.groups()[1:] if g is not None)
        words = [w.text for s in parse(value) for w in s.words]
        if not words or _UNSAFE_VALUE.search(value) or "/" in words[0] or len(parse(value)) != 1:
            return False
    return bool(lines)
