"""Command checks: code taken from, or given to, a place nobody vouches for.

Installing or running a package is running its author's code (install scripts, setup.py, a CLI's
main). From a package index, or a forge repository of the project that publishes it, the author is
known; from any other URL, a forge account nobody knows, or with signature checks switched off, it
is `curl | sh` by another name: `pip install https://host/x.tar.gz`, `pip install
git+https://github.com/someone/requests.git`, `npx github:someone/script`, `kubectl apply -f
https://.../all.yaml`, `rpm -i --nosignature http://...`, `brew tap x/y https://git.example/...`.

The other way round, the project's code pushed to a URL rather than one of its remotes, or made
public as a gist or repository, leaves for a place the user did not choose.
"""

from __future__ import annotations

import re
from typing import Iterator
from urllib.parse import urlsplit

from hermes.tools.approval_base import Ctx, _on
from hermes.tools.approval_checks_infra import _KUBE_VALUED, _dry, _ops
from hermes.tools.approval_paths import bulk_private

# Package indexes, distributions' and vendors' own download hosts.
_INDEX_HOSTS = re.compile(
    r"(?:^|\.)(?:pypi\.org|pythonhosted\.org|download\.pytorch\.org|registry\.npmjs\.org|registry\.yarnpkg\.com|"
    r"crates\.io|rubygems\.org|repo\.maven\.apache\.org|proxy\.golang\.org|k8s\.io|fedoraproject\.org|"
    r"packages\.microsoft\.com|download\.docker\.com|nodesource\.com|mysql\.com|postgresql\.org|"
    r"packages\.cloud\.google\.com|releases\.hashicorp\.com|elrepo\.org|remirepo\.net|dl\.google\.com|"
    r"centos\.org|rockylinux\.org|almalinux\.org|debian\.org|ubuntu\.com|archlinux\.org|opensuse\.org)$")
_FORGES = frozenset("github.com www.github.com raw.githubusercontent.com codeload.github.com gitlab.com "
                    "bitbucket.org codeberg.org gist.githubusercontent.com".split())
# Forge accounts of the organisations that publish widely used packages, charts and manifests.
KNOWN_PUBLISHERS = frozenset("""
psf pallets pallets-eco numpy scipy pandas-dev matplotlib pytorch tensorflow keras-team huggingface openai
anthropics astral-sh pypa python encode tiangolo pydantic sqlalchemy django celery boto aws awslabs
aws-samples googleapis google google-research googlecloudplatform microsoft azure facebook facebookresearch
meta-llama scikit-learn scikit-image jupyter ipython pytest-dev tox-dev psycopg redis mongodb elastic apache
langchain-ai run-llama streamlit gradio-app plotly bokeh networkx sympy pyca urllib3 aio-libs python-poetry
textualize tqdm pycqa python-pillow opencv explosion nltk dask ray-project vllm-project mlflow wandb
lightning-ai dmlc numba cython pyinstaller paramiko ansible docker kubernetes kubernetes-sigs
kubernetes-client cert-manager jetstack argoproj fluxcd istio prometheus prometheus-operator
prometheus-community helm projectcalico cilium rancher traefik nginxinc nginx kedacore knative tektoncd
open-policy-agent kyverno grafana hashicorp metallb longhorn rook strimzi bitnami coreos operator-framework
kubevirt cloudnative-pg crossplane nodejs npm vercel vuejs angular sveltejs expressjs lodash axios webpack
babel eslint prettier typescript-eslint jestjs vitejs remix-run reduxjs mui tailwindlabs prisma nestjs
socketio sequelize typeorm knex date-fns yargs sindresorhus rust-lang tokio-rs serde-rs homebrew golang
flannel-io weaveworks containernetworking kubeflow kubernetes-csi openebs jaegertracing open-telemetry linkerd
envoyproxy external-secrets bitnami-labs vmware-tanzu minio cloudflare digitalocean nvidia
""".split())


_SHORT_HOSTS = {"github": "github.com", "gist": "github.com", "gitlab": "gitlab.com", "bitbucket": "bitbucket.org"}


def _owner_repo(url: str) -> tuple[str, str, str]:
    """(host, owner, repository) of a source spec: a URL, git@host:owner/repo, github:owner/repo."""
    spec = re.sub(r"^git\+", "", url.strip().strip("'\""))
    if m := re.match(r"^(github|gitlab|bitbucket|gist):([^/#]+)/?([^/#@]*)", spec):
        return _SHORT_HOSTS[m.group(1)], m.group(2).lower(), m.group(3).lower()
    if m := re.match(r"^[\w.-]+@([\w.-]+):([^/]+)/([^/#]+)", spec):
        return m.group(1).lower(), m.group(2).lower(), m.group(3).lower()
    parts = urlsplit(spec)
    path = [p for p in parts.path.split("/") if p]
    return (parts.hostname or "").lower(), (path[0].lower() if path else ""), (path[1].lower() if len(path) > 1 else "")


def trusted_source(url: str) -> bool:
    """Code whose publisher is known: a package index or vendor host, the machine itself, or a forge
    repository of an organisation that publishes widely used packages (or named after its owner)."""
    host, owner, repo = _owner_repo(url)
    if not host or host in ("localhost", "::1") or host.startswith("127.") or _INDEX_HOSTS.search(host):
        return True
    if host in _FORGES:
        repo = re.sub(r"\.git$", "", repo)
        return owner in KNOWN_PUBLISHERS or (bool(owner) and owner == repo)
    return False


_URL = re.compile(r"^(?:git\+)?(?:https?|ftp|git|ssh|svn\+\w+|hg\+\w+)://|^git@[\w.-]+:|^(?:github|gitlab|bitbucket|"
                  r"gist):", re.I)
_SHORTHAND = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+(?:#\S*)?$")  # npm: owner/repo is a GitHub repository
_PIP_VALUED = frozenset("-i --index-url --extra-index-url -f --find-links -c --constraint -r --requirement -t "
                        "--target --prefix --root --python -p --src --cache-dir --platform --python-version".split())
_PKG_OPTS = frozenset("-e --editable --spec --from --with --package --git --source".split())


def _specs(args: list[str], valued: frozenset[str], npm: bool, runner: bool) -> list[str]:
    """Package specs that name a URL or a repository: a runner's package (its first operand, or the
    value of --from / --spec / --package), or every package an installer is given."""
    out, k, first = [], 0, True
    while k < len(args):
        a = args[k]
        k += 1
        if a in _PKG_OPTS or (npm and a == "-p"):
            cand = args[k] if k < len(args) else ""
            k += 1
        elif a.startswith("--") and a.split("=", 1)[0] in _PKG_OPTS:
            cand = a.split("=", 1)[1] if "=" in a else ""
        elif a in valued:
            k += 1
            continue
        elif a.startswith("-"):
            continue
        elif runner and not first:
            continue
        else:
            cand, first = a, False
        cand = cand.split(" @ ")[-1].strip()
        if npm:  # lodash@github:someone/lodash, x@git+https://...: an alias for a repository
            cand = re.sub(r"^(?:@[\w.-]+/)?[\w.-]+@(?=(?:github|gitlab|bitbucket|gist|git\+\w+|git|https?):)", "", cand)
        if _URL.match(cand):
            out.append(cand)
        elif npm and _SHORTHAND.match(cand) and not cand.startswith(("@", ".")):
            out.append("github:" + cand)
    return out


# program -> leading operands after which the named packages are fetched and installed or run
_FETCHERS = {"pip": (("install",), ("download",)), "pip3": (("install",),), "uv": (("pip", "install"), ("add",),
             ("tool", "install"), ("tool", "run"), ("run",)), "uvx": ((),), "pipx": (("install",), ("run",)),
             "poetry": (("add",),), "pdm": (("add",),), "npm": (("install",), ("i",), ("add",), ("exec",), ("x",)),
             "pnpm": (("add",), ("install",), ("i",), ("dlx",)), "yarn": (("add",), ("dlx",)),
             "bun": (("add",), ("install",), ("i",), ("x",)), "npx": ((),), "bunx": ((),), "pnpx": ((),),
             "cargo": (("install",), ("add",)), "gem": (("install",),),
             "ansible-galaxy": (("install",), ("role", "install"), ("collection", "install"))}


@_on(*_FETCHERS, "python")
def _untrusted_package(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "python":
        if args[:2] == ["-m", "pip"]:
            yield from _untrusted_package("pip", args[2:], ctx)
        return
    ops = _ops(args, _PIP_VALUED)
    if not any(tuple(ops[:len(v)]) == v for v in _FETCHERS[name]):
        return
    npm = name in ("npm", "pnpm", "yarn", "bun", "npx", "bunx", "pnpx")
    verb = next(v for v in _FETCHERS[name] if tuple(ops[:len(v)]) == v)
    runner = not verb or verb[-1] in ("dlx", "exec", "x", "run")
    rest = args[args.index(verb[-1]) + 1:] if verb else args
    if any(not trusted_source(s) for s in _specs(rest, _PIP_VALUED, npm, runner)):
        yield "curl_pipe_shell"  # installing runs the package's build or install scripts


# Package managers' switches that accept a package nobody signed.
_UNSIGNED = re.compile(r"^--(?:nosignature|nodigest|nogpgcheck|no-gpg-checks?|allow-unauthenticated|"
                       r"allow-insecure-repositories|allow-unsigned-rpm|dangerous|no-gpg-verify)$|"
                       r"gpgcheck=(?:0|false|no)|allowunauthenticated=(?:1|true|yes)|"
                       r"allowinsecurerepositories=(?:1|true|yes)", re.I)
_SYSTEM_PKG = {"rpm": None, "dnf": ("install", "localinstall", "reinstall", "upgrade", "update"),
               "yum": ("install", "localinstall", "reinstall", "upgrade", "update"), "microdnf": ("install",),
               "zypper": ("install", "in"), "pacman": None, "apt": ("install",), "apt-get": ("install",),
               "snap": ("install",), "flatpak": ("install", "remote-add"), "brew": ("install", "tap", "reinstall")}


@_on(*_SYSTEM_PKG)
def _system_package(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """rpm -ivh http://..., dnf install --nogpgcheck, brew tap x/y https://other.host/...: packages whose
    scripts run as root (or in the user's shell) from a source nobody signed or vouches for."""
    ops = _ops(args, frozenset({"-o", "--option", "--setopt", "--root", "--dbpath", "-r", "--repo"}))
    verbs = _SYSTEM_PKG[name]
    installing = (name == "rpm" and any(re.fullmatch(r"-[iUF][A-Za-z]*|--(?:install|upgrade|freshen)", a)
                                        for a in args)) or (name == "pacman" and any(
                                            re.fullmatch(r"-U\w*|--upgrade", a) for a in args)) or (
        verbs is not None and bool(ops) and ops[0] in verbs)
    if not installing:
        return
    if any(_UNSIGNED.search(a) for a in args):
        yield "security_off"
    if any(_URL.match(o) and not trusted_source(o) for o in ops):
        yield "curl_pipe_shell"


# dpkg's --force-<what>: keeping the local config (confold, confdef) is routine, anything else overrides a
# dependency, conflict, file owned by another package or a protection of essential packages.
_DPKG_FORCE = re.compile(r"--force-(?!(?:confold|confdef|help)\b)[\w,-]+|--force-yes\b|--allow-remove-essential\b",
                         re.I)
_FORCED = {"rpm": re.compile(r"^--(?:nodeps|force|replacefiles)$"),
           "pacman": re.compile(r"^--overwrite(?:=.*)?$|^-[A-Za-z]*d[A-Za-z]*d[A-Za-z]*$|^--nodeps$")}


@_on("dpkg", "apt", "apt-get", "aptitude", "rpm", "pacman")
def _forced_package(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """dpkg -i --force-all, rpm -Uvh --nodeps, apt-get -o Dpkg::Options::=--force-overwrite, pacman -Sdd:
    a package installed over what the package manager would refuse (a broken system, files replaced)."""
    if name in _FORCED:
        hit = any(_FORCED[name].match(a) for a in args) and (name != "pacman" or any(
            a.startswith("--overwrite") or a == "--nodeps" or re.fullmatch(r"-[SURD][A-Za-z]*", a) for a in args))
    else:
        hit = any(_DPKG_FORCE.search(a) for a in args)
    if hit:
        yield "package_force"


@_on("kubectl", "oc", "k", "kubecolor")
def _remote_manifest(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A manifest from a URL is whatever its owner puts there today: workloads, roles, webhooks."""
    ops = _ops(args, _KUBE_VALUED | {"-k", "--kustomize"})
    if not ops or ops[0] not in ("apply", "create", "replace") or _dry(args):
        return
    sources = [args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-f", "--filename", "-k", "--kustomize")]
    sources += [a.split("=", 1)[1] for a in args if a.startswith(("--filename=", "--kustomize=", "-f=", "-k="))]
    sources += [a[2:] for a in args if re.fullmatch(r"-[fk]\S+", a) and not a.startswith(("-f=", "-k="))]
    for s in sources:
        remote = _URL.match(s) or re.match(r"^(?:github\.com|gitlab\.com|bitbucket\.org)/", s)
        if remote and not trusted_source(s if "://" in s else "https://" + s):
            yield "curl_pipe_shell"
            return


# ---------------------------------------------------------------- the project's code, sent elsewhere

_PUSH_VALUED = frozenset("-o --push-option --receive-pack --exec".split())
_REMOTE_URL = re.compile(r"^[a-z][\w+.-]*://(?!/)|^[\w.-]+@[\w.-]+:|^[\w-]+(?:\.[\w-]+)+:(?!\d+$)[\w.~-]", re.I)


def push_target(args: list[str]) -> str | None:
    """Where `git push` sends to (None: the branch's upstream), from the words after `push`."""
    repo = next((a.split("=", 1)[1] for a in args if a.startswith("--repo=")), None)
    repo = repo or next((args[k + 1] for k, a in enumerate(args[:-1]) if a == "--repo"), None)
    ops = _ops(args, _PUSH_VALUED | {"--repo"})
    return repo or (ops[0] if ops else None)


@_on("git")
def _push_elsewhere(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if _ops(args, frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"}))[:1] != ["push"]:
        return
    target = push_target(args[args.index("push") + 1:])
    if target and _REMOTE_URL.match(target) and not target.startswith("file://"):
        yield "push_elsewhere"  # a URL, not a remote the repository was set up with


_GH_VALUED = frozenset({"-d", "--desc", "--description", "-f", "--filename", "-R", "--repo", "--source", "-s",
                        "--homepage", "-t", "--title", "-g", "--group", "-v", "--visibility", "--team", "-p",
                        "--template", "-r", "--remote"})


@_on("gh", "glab")
def _publish_code(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A public gist, snippet or repository made from local files is on the internet for good."""
    gist = "gist" in args[:2]
    ops = _ops(args, _GH_VALUED - {"-p"} if gist else _GH_VALUED)  # gh gist create -p: --public
    visibility = [args[k + 1] for k, a in enumerate(args[:-1]) if a in ("--visibility", "-v")]
    public = "--public" in args or "--visibility=public" in args or "public" in visibility
    if gist and ops[:2] in (["gist", "create"], ["gist", "new"]) and (public or "-p" in args):
        yield "push_elsewhere"
    elif ops[:2] == ["snippet", "create"] and public:
        yield "push_elsewhere"
    elif ops[:2] == ["repo", "create"] and public and (name == "glab" or any(
            a.startswith(("--source", "--push")) or a == "-s" for a in args)):
        yield "push_elsewhere"


_COPY_VALUED = frozenset("-e --rsh -i -o -F -J -P -c -l -S --exclude --include --exclude-from --include-from "
                         "--filter -f --files-from --port --password-file --log-file --chmod --chown".split())


@_on("rsync", "scp", "sftp")
def _bulk_copy_out(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """`rsync -a ~/ host:` or `scp -r /home host:`: a whole home, system or projects folder copied to
    another machine (one project's folder to its server is a deploy)."""
    ops = _ops(args, _COPY_VALUED)
    if len(ops) >= 2 and re.match(r"^(?:[\w.-]+@)?[\w.-]+:|^rsync://", ops[-1]) and any(
            bulk_private(o, ctx.cwd) for o in ops[:-1] if not re.match(r"^(?:[\w.-]+@)?[\w.-]+:", o)):
        yield "secret_exfil"
