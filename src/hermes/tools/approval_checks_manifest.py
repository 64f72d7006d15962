"""Command checks: a project's dependency manifests and lock files edited to take code from elsewhere.

The next install runs what the manifest names, so pointing a dependency at a fork nobody vouches for
(`sed -i 's#"lodash": ".*"#"lodash": "github:someone/lodash"#' package.json`, `npm pkg set
dependencies.x=git+https://...`, `go mod edit -replace golang.org/x/crypto=github.com/someone/crypto@v1`)
is installing from that fork, and deleting a lock file's integrity hashes (`sed -i '/"integrity"/d'
package-lock.json`, `jq 'del(..|.integrity?)'`, `yarn --skip-integrity-check`) lets any tarball through.
Version bumps, local paths (`-replace x=../x`, `file:../lib`) and reading these files stay allowed.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on
from hermes.tools.approval_checks_supply import trusted_source

_MANIFEST = re.compile(r"(?:^|/)(?:package\.json|requirements[\w.-]*\.(?:txt|in)|pyproject\.toml|setup\.cfg|Pipfile|"
                       r"Cargo\.toml|go\.mod|Gemfile|composer\.json|deno\.jsonc?|\.gitmodules)$")
_LOCKFILE = re.compile(r"(?:^|/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock|"
                       r"poetry\.lock|Pipfile\.lock|uv\.lock|pdm\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|"
                       r"composer\.lock|requirements[\w.-]*\.txt)$")
# What a lock file checks a download against.
_INTEGRITY = re.compile(r"(?i)integrity|checksum|--hash|sha(?:1|256|384|512)|\bh1:|resolved|content-hash")
# A package source in any manifest's syntax: github:owner/repo, git+https://..., a tarball URL, git@host:...
_SOURCE = re.compile(r"(?:git\+)?(?:https?|git|ssh)://[^\s\"'#,;)\]]+|git@[\w.-]+:[^\s\"'#,;]+|"
                     r"\b(?:github|gitlab|bitbucket|gist):[\w.-]+/[\w.-]+")
_REGISTRY = re.compile(r"registry\\?\.npmjs\\?\.org|registry\\?\.yarnpkg|pypi\\?\.org|pythonhosted|proxy\\?\.golang|"
                       r"crates\\?\.io|rubygems\\?\.org|repo\\?\.maven|packagist")
_SUBST = re.compile(r"\bs([^\w\s\\])((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1")  # s/old/new/, s#old#new#
_GO_OWN = re.compile(r"^(?:golang\.org/x|google\.golang\.org|k8s\.io|sigs\.k8s\.io|go\.opentelemetry\.io)/")


def _sed_parts(name: str, args: list[str]) -> tuple[list[str], list[str]]:
    """(scripts, files) of a sed or perl command line."""
    scripts, files, k = [], [], 0
    code = re.compile(r"-[a-zA-Z]*[eE]" if name == "perl" else r"-[a-zA-Z]*e|--expression")
    while k < len(args):
        a = args[k]
        if a.startswith("--expression="):
            scripts.append(a.split("=", 1)[1])
        elif code.fullmatch(a) and k + 1 < len(args):  # sed -e S, sed -ne S, perl -pie S
            scripts.append(args[k + 1])
            k += 1
        elif a in ("-f", "--file", "-l", "--line-length") and name != "perl":
            k += 1
        elif not a.startswith("-"):
            files.append(a)
        k += 1
    if not scripts and files:
        scripts, files = files[:1], files[1:]
    return scripts, files


def _untrusted(text: str) -> bool:
    """The text names a package source whose publisher nobody vouches for."""
    return any(not trusted_source(m.group()) for m in _SOURCE.finditer(text))


def _repointed(old: str, new: str) -> bool:
    """A substitution whose new text names an unvouched source, or puts another host where a registry's was."""
    host = re.fullmatch(r"(?:https?://)?([\w-]+(?:\.[\w-]+)+)/?", new.strip())
    return _untrusted(new) or bool(host and _REGISTRY.search(old) and not trusted_source("https://" + host.group(1)))


def _strips_integrity(script: str) -> bool:
    """A sed or perl script that deletes or blanks lines about hashes: /integrity/d, s/"integrity".*//."""
    deletes = re.search(r"/([^/]*)/\s*!?\s*d\b", script) or re.search(r"(?:\bunless|\bnext\s+if|!~)\s*m?/([^/]*)/",
                                                                       script)
    subst = _SUBST.search(script)
    return bool(deletes and _INTEGRITY.search(deletes.group(1))) or bool(
        subst and _INTEGRITY.search(subst.group(2)) and not _INTEGRITY.search(subst.group(3)))


@_on("sed", "gsed", "perl")
def _edit_manifest(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    scripts, files = _sed_parts(name, args)
    if not scripts or not files:
        return
    if any(_LOCKFILE.search(f) for f in files) and any(_strips_integrity(s) for s in scripts):
        yield "security_off"
    inplace = any(re.fullmatch(r"-[a-zA-Z]*i\S*|--in-place(?:=.*)?", a) for a in args)
    if inplace and any(_MANIFEST.search(f) or _LOCKFILE.search(f) for f in files) and any(
            _repointed(m.group(2), re.sub(r"\\(.)", r"\1", m.group(3))) for s in scripts for m in _SUBST.finditer(s)):
        yield "curl_pipe_shell"  # the next install takes the dependency from the new source


@_on("jq")
def _jq_lockfile(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for a in args if not a.startswith("-")]
    if any(_LOCKFILE.search(o) for o in ops[1:]) and re.search(r"del\s*\(", ops[0] if ops else "") and \
            _INTEGRITY.search(ops[0]):
        yield "security_off"


@_on("npm", "pnpm", "yarn", "bun", "go", "composer")
def _manifest_tools(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for a in args if not a.startswith("-")]
    if any(a in ("--skip-integrity-check", "--update-checksums", "--no-verify-store-integrity") for a in args) or (
            re.search(r"\bconfig\s+(?:set\s+)?(?:verify-store-integrity\s+false|secure-http\s+false|disable-tls\s+true)\b",
                      " ".join(ops))):
        yield "security_off"
    if name in ("npm", "pnpm") and ops[:2] == ["pkg", "set"] and _untrusted(" ".join(ops[2:])):
        yield "curl_pipe_shell"  # npm pkg set dependencies.x=github:someone/x
    if name == "go" and ops[:2] == ["mod", "edit"]:
        for k, a in enumerate(args):
            value = args[k + 1] if a == "-replace" and k + 1 < len(args) else a.split("=", 1)[1] \
                if a.startswith("-replace=") else None
            new = value.split("=", 1)[1].split("@")[0].strip() if value and "=" in value else ""
            if new and not new.startswith((".", "/", "~")) and not _GO_OWN.match(new) and \
                    not trusted_source("https://" + new):
                yield "curl_pipe_shell"  # a module replaced by a fork: its code is built and run
                return
