"""Path policy for the approval gate: system folders, rc files, credentials, HERMES_HOME."""

from __future__ import annotations

import posixpath
import re



# ---------------------------------------------------------------- paths

SYSTEM_DIRS = frozenset(
    "/etc /usr /var /bin /sbin /boot /lib /lib32 /lib64 /libx32 /opt /home /root /sys /proc /dev /srv "
    "/snap /run /mnt /media /usr/bin /usr/sbin /usr/lib /usr/lib64 /usr/libexec /usr/share /usr/include "
    "/usr/local /var/lib /system /library /applications /users /private /volumes /private/etc "
    "/private/var".split())
# Recursive chmod/chown there is a broken machine; /usr/local is left out (Homebrew's own advice).
_PERM_HARD = frozenset("/ /etc /usr /var /bin /sbin /boot /lib /lib32 /lib64 /opt /home /root /sys /proc "
                       "/dev /system /library /private /users /applications /usr/bin /usr/sbin /usr/lib "
                       "/usr/lib64 /usr/libexec /var/lib".split())
_SYSTEM_WRITE = re.compile(r"^/(?:bin|sbin|boot|lib|lib32|lib64|usr/(?:bin|sbin|lib|lib64|libexec))(?:/|$)")
_BLOCK_DEV = re.compile(r"^/dev/(?:sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|mapper/|dm-|md\d|loop\d|nbd|sr\d|zd|"
                        r"root$|mem$|kmem$|port$)")
_RC_FILES = frozenset(".bashrc .bash_profile .bash_login .bash_logout .profile .zshrc .zprofile .zshenv "
                      ".zlogin .zlogout .kshrc .cshrc .tcshrc .login .inputrc .bash_aliases .xprofile .xinitrc "
                      ".xsession .xsessionrc".split())
# Files and folders whose programs start on their own (login, boot, a timer).
_AUTOSTART = re.compile(r"^(?:~/\.config/autostart|~/library/launchagents|/library/launch(?:agents|daemons)|"
                        r"~/\.config/systemd/user|/var/spool/cron|/var/at/tabs|~/\.config/fish/conf\.d|"
                        r"~/\.config/upstart|~/\.local/share/systemd/user|~/\.kde4?/autostart|"
                        r"~/\.config/plasma-workspace/env)(?:/|$)")
_CRED_FILES = frozenset("~/.netrc ~/.pgpass ~/.npmrc ~/.pypirc ~/.git-credentials ~/.aws/credentials "
                        "~/.aws/config ~/.docker/config.json ~/.kube/config ~/.config/gh/hosts.yml".split())
# Configuration that decides which code tools run or fetch: hooks, registries, aliases, proxies.
_TOOL_CONFIG = frozenset("~/.gitconfig ~/.config/git/config ~/.pip/pip.conf ~/.config/pip/pip.conf ~/.condarc "
                         "~/.cargo/config ~/.cargo/config.toml ~/.m2/settings.xml ~/.yarnrc ~/.yarnrc.yml ~/.gemrc "
                         "~/.bunfig.toml ~/.config/uv/uv.toml ~/.docker/daemon.json ~/.wgetrc ~/.curlrc "
                         "/etc/pip.conf ~/.config/nix/nix.conf ~/.gradle/init.gradle".split())
_READ_SECRETS = frozenset("~/.netrc ~/.pgpass ~/.git-credentials ~/.aws/credentials ~/.docker/config.json "
                          "~/.kube/config ~/.config/gh/hosts.yml /etc/shadow /etc/gshadow ~/.npmrc ~/.pypirc "
                          "~/.vault-token ~/.boto ~/.s3cfg ~/.cargo/credentials ~/.cargo/credentials.toml "
                          "~/.gem/credentials ~/.config/hub ~/.terraform.d/credentials.tfrc.json "
                          "~/.config/gcloud/credentials.db ~/.config/gcloud/access_tokens.db "
                          "~/.config/gcloud/application_default_credentials.json ~/.azure/accesstokens.json "
                          "~/.azure/msal_token_cache.json ~/.config/rclone/rclone.conf".split())
# Secrets by shape: browser cookie and password stores, a process's environment, mounted service
# account tokens, a glob over ~/.ssh that takes the private keys with it.
_SECRET_SHAPES = re.compile(r"(?:chrom|mozilla|firefox|brave|edge|opera|vivaldi|safari|librewolf|waterfox|thunderbird|"
                            r"yandex|arc/user data|floorp|zen)[^\n]*/"
                            r"(?:cookies|login data(?: for account)?|logins(?:-backup)?\.json|key[34]\.db|web data|"
                            r"signons\.sqlite|cookies\.sqlite|cookies\.binarycookies|local state)$|"
                            r"(?:^|/)cookies\.binarycookies$|^~/\.password-store/(?:.*\.gpg|.*[*?{$][^/]*)$|"
                            r"^~/library/cookies/|^/proc/[^/]+/environ$|^/(?:var/)?run/secrets/|"
                            r"^~/\.ssh/(?:id_)?[*?\[][^/]*$|^~/\.ssh/id_[^/]*[*?]|"
                            r"^~?/library/keychains/[^/]+\.keychain(?:-db)?$|"
                            # cryptocurrency wallets: whoever copies the file holds the money
                            r"(?:^|/)wallet\.dat$|^~/\.electrum/wallets(?:/|$)|^~/\.ethereum/keystore(?:/|$)|"
                            r"^~/\.config/solana/[^/]*\.json$|^~/library/application support/(?:exodus|electrum|"
                            r"atomic|bitcoin)(?:/|$)|^~/\.(?:bitcoin|litecoin|dogecoin|monero)/(?:wallets?|keystore)")
# A file of ~/.ssh or ~/.gnupg named only at run time (xargs -I{} ... ~/.ssh/{}, ~/.ssh/$f): any of them,
# the private keys included.
_DYNAMIC_KEY = re.compile(r"^~/\.(?:ssh|gnupg|aws)/[^/]*(?:\{\}|\$|%)[^/]*$")
_SSH_KEY = re.compile(r"(?:^|/)id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:[^/]*)$")
_GLOB_TOP = re.compile(r"^/[^/]*[*?\[][^/]*$")


def canon(path: str, cwd: str | None = None) -> str:
    """A comparable path: `~` and `$HERMES_HOME` kept as prefixes, `.`, `..` and `//` resolved."""
    p = path.strip()
    if not p:
        return p
    if cwd and not p.startswith(("/", "~", "$")):
        p = cwd.rstrip("/") + "/" + p
    if p.startswith("~"):
        head, _, rest = p.partition("/")
        if head != "~":
            user = head[1:]
            return canon(("/root" if user == "root" else f"/home/{user}") + "/" + rest)
        p = "/\x00home/" + rest
    elif p.startswith("$HERMES_HOME"):
        p = "/\x00hermes/" + p[len("$HERMES_HOME"):].lstrip("/")
    elif not p.startswith("/"):
        return posixpath.normpath(p) if "/" in p else p
    p = posixpath.normpath("/" + p.lstrip("/"))
    if p.startswith("/\x00home"):
        return "~" + p[len("/\x00home"):]
    if p.startswith("/\x00hermes"):
        return "$HERMES_HOME" + p[len("/\x00hermes"):]
    return p


def _base(p: str) -> str:
    """Strip one trailing all-entries glob: /usr/* -> /usr, ~/.* -> ~."""
    for tail in ("/*", "/.*", "/.[!.]*", "/*.*"):
        if p.endswith(tail):
            return p[:-len(tail)] or "/"
    return p


def hard_target(p: str) -> str | None:
    """Rule id when deleting (or moving away) path p destroys the machine or the home directory."""
    low = p.lower()
    if low in ("/", "/*", "/.*") or _GLOB_TOP.match(low):
        return "rm_root"
    base = _base(low)
    if base == "/":
        return "rm_root"
    if base in SYSTEM_DIRS and base not in ("/home", "/root", "/users"):
        return "rm_system_dir"
    if base in ("~", "/home", "/root", "/users") or re.fullmatch(r"/(?:home|users)/[^/]+", base):
        return "rm_home"
    return None


_HISTORY_FILE = re.compile(r"(?:^|/)\.(?:bash|zsh|sh|ksh|python|node_repl|psql|mysql|sqlite|lesshst)_?history$|"
                           r"(?:^|/)fish_history$")


def is_history_file(path: str) -> bool:
    """A shell or REPL history file: changing it hides what was run."""
    return bool(_HISTORY_FILE.search(canon(path).lower()))


def is_hermes_home(p: str) -> bool:
    return p.startswith("$HERMES_HOME") or p == "~/.hermes" or p.startswith("~/.hermes/")


# Programs whose replacement in a PATH directory would run an attacker's code with trust.
SHADOWED = frozenset("sudo su ssh git python python3 pip pip3 node npm npx bash sh zsh ls cat curl wget docker "
                     "kubectl gpg passwd login doas env ps top id whoami make gcc scp rsync".split())
_PATH_BIN = re.compile(r"^(?:/usr/local/s?bin|/opt/homebrew/bin|~/\.local/bin|~/bin|~/\.bin)/([^/]+)$")
# A project's own package-manager settings: the registry every install of the project fetches from.
_PKG_CONFIG = frozenset(".npmrc .yarnrc .yarnrc.yml pip.conf pip.ini .condarc bunfig.toml .pnpmfile.cjs".split())
_HOOKS = re.compile(r"(?:^|/)\.git/hooks/[^/]+$")
_CA_DIR = re.compile(r"^/usr/(?:local/)?share/ca-certificates(?:/|$)")


def write_rule(path: str, *, truncate: bool = True, cwd: str | None = None) -> str | None:
    """Rule id for writing (or creating, replacing, deleting) path; None when it is ordinary."""
    p = canon(path, cwd)
    if not p:
        return None
    low = p.lower()
    if low.startswith("/dev/"):
        if _BLOCK_DEV.match(low):
            return "disk_overwrite"
        if low.startswith(("/dev/tcp/", "/dev/udp/")):
            return "raw_socket"
        return None
    if low.startswith(("/proc/", "/sys/")):
        if low == "/proc/sysrq-trigger":
            return "sysrq"
        if low.startswith(("/proc/sys/", "/sys/")):
            return "kernel_tune"
        return None
    if is_hermes_home(p):
        return "write_hermes_home"
    if is_history_file(p):
        return "history_wipe"
    if low in ("~/.ssh/known_hosts", "~/.ssh/known_hosts2") and not truncate:
        return None  # ssh-keyscan host >> known_hosts: pinning a host key is routine
    if low.startswith("~/.ssh") or "/.ssh/" in low or low.startswith(".ssh/") or low.endswith("/.ssh"):
        return "write_ssh"
    name = low.rsplit("/", 1)[-1]
    if _AUTOSTART.match(low):
        return "persistence"
    if name in _RC_FILES or low.endswith("fish/config.fish"):
        return "write_shell_rc"
    if low in _CRED_FILES:
        return "write_credentials"
    if low in _TOOL_CONFIG or name in _PKG_CONFIG or _HOOKS.search(low) or (
            (m := _PATH_BIN.match(low)) and m.group(1) in SHADOWED):
        return "tool_hijack"  # hooks run on every commit or checkout; a `sudo` early in PATH runs instead
    if _CA_DIR.match(low):
        return "security_off"  # a root certificate there is trusted for every TLS connection
    if low.startswith("/var/log/") or low == "/var/log":
        return "log_tamper" if truncate else None
    if low.startswith("/etc/") or low == "/etc":
        return "write_etc"
    if _SYSTEM_WRITE.match(low):
        return "write_system"
    return None


def is_env_file(path: str) -> bool:
    """A dotenv file (.env, .env.production): a project's secrets."""
    name = path.rsplit("/", 1)[-1].lower()
    return name == ".env" or name.startswith(".env.")


_ANY_HOME = re.compile(r"^/(?:home|users)/[^/]+/|^/root/|^/var/root/")


def is_secret(path: str, *, sending: bool = False) -> bool:
    """A private key or credentials file. Sending also counts project .env and key files."""
    p = canon(path.lstrip("@"))
    low = _ANY_HOME.sub("~/", p.lower(), count=1)  # another account's keys are keys too
    name = low.rsplit("/", 1)[-1]
    if _SSH_KEY.search(low) and not low.endswith(".pub"):
        return True
    if low in _READ_SECRETS or low.startswith("~/.gnupg/private"):
        return True
    if (_SECRET_SHAPES.search(low) or _DYNAMIC_KEY.match(low)) and not low.endswith(".pub"):
        return True
    if is_hermes_home(p) and name == ".env":
        return True
    if sending:
        if is_env_file(name) or name.endswith((".key", ".p12", ".pfx")):
            return True
        if low in ("~/.ssh", "~/.gnupg", "~/.aws") or is_hermes_home(p) or low.startswith("$hermes_home"):
            return True  # Hermes's home holds the user's memory, sessions and keys
        if _PERSONAL.match(low) or is_history_file(p):
            return True
        if low in _ACCOUNT_FILES or low.startswith("/etc/sudoers.d/"):
            return True  # who can log in and who may sudo: what an intruder maps first
    return False


# Whole trees of the user's, other accounts' or the system's data, and raw disks: an archive or copy of
# one sent off the machine is a bulk leak, whatever single file in it is a key.
_BULK = re.compile(r"^(?:/|~|/home|/users|/root|/etc|/var|/srv|/opt|/var/lib|/var/www|/var/mail|/var/backups|"
                   r"/var/lib/(?:mysql|postgresql|pgsql|mongodb|redis|docker|containers|elasticsearch|influxdb|"
                   r"etcd|rabbitmq|cassandra|clickhouse)|/home/[^/]+|/users/[^/]+|"
                   # the folder that holds all of the user's projects
                   r"~/(?:projects|code|src|work|dev|git|repos|repositories|workspaces?|sources?|github|gitlab))$")


def bulk_private(path: str, cwd: str | None = None) -> bool:
    """A whole home, system or data folder, or a raw disk (what `tar c`, `dd` or `rsync` would take)."""
    p = canon(path, cwd).lower()
    return bool(p) and (bool(_BULK.match(_base(p))) or bool(_BLOCK_DEV.match(p)))


_ACCOUNT_FILES = frozenset("/etc/passwd /etc/group /etc/sudoers /etc/master.passwd /etc/security/opasswd "
                           "/etc/security/passwd".split())


# The user's own top folders (Documents, Desktop, Pictures ...), as a regex alternation.
PERSONAL_DIRS = "documents|desktop|pictures|photos|movies|music|videos|mail"
# The user's own files, as a whole: sending them off the machine is exfiltration, not a deploy.
_PERSONAL = re.compile(rf"^~(?:/(?:{PERSONAL_DIRS}|downloads|"
                       r"\.mozilla|\.thunderbird|\.config/(?:google-chrome|chromium|bravesoftware)|"
                       r"\.local/share/keyrings|\.password-store|library/keychains|library/messages|library/mail|"
                       r"library/safari|library/calendars|library/application support/addressbook|"
                       r"library/group containers/group\.com\.apple\.notes|library/containers/com\.apple\.notes|"
                       r"library/application support/(?:google/chrome|firefox|bravesoftware|signal|telegram[^/]*)|"
                       r"\.config/signal|\.local/share/telegramdesktop|\.config/(?:discord|slack|whatsapp[^/]*))"
                       r"(?:/.*)?|/?)$")


# Files a forge's CI runs as shell on every push, with the repository's secrets in its environment.
_CI_CONFIG = re.compile(r"(?:^|/)(?:\.github/workflows/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml|\.circleci/config\.ya?ml|"
                        r"\.travis\.ya?ml|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|\.drone\.ya?ml|"
                        r"jenkinsfile|\.buildkite/pipeline\.ya?ml)$", re.I)
_YAML_KEY = re.compile(r"^\s*(?:-\s+)?(?:[\w-]+:\s*)?[|>]?[-+]?\s*")


def is_ci_config(path: str) -> bool:
    return bool(_CI_CONFIG.search(canon(path)))


def ci_commands(text: str) -> list[str]:
    """The shell lines of a CI file written whole or appended: each line without its YAML list dash
    and key (`- run: curl ... | sh` -> `curl ... | sh`)."""
    lines = (_YAML_KEY.sub("", line, count=1).strip() for line in text.splitlines())
    # a value alone (`NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}`) is not a command; one inside a command is
    return [line if _CI_SECRET.fullmatch(line) else _CI_SECRET.sub(_ci_secret_var, line)
            for line in lines if line and not line.startswith("#")]


# In-place edits of a file: yq -i '.steps += [{"run": "..."}]', sed -i '/steps:/a\  - run: ...'.
_EDITORS = frozenset("yq sed gsed perl ruby".split())
_QUOTED = re.compile(r'"((?:\\.|[^"\\])*)"|\'([^\']*)\'')
_SED_TEXT = re.compile(r"(?:^|[;/}])\s*[aic]\\?\s*(.*)$|(?:^|[;}])\s*s([^\w\s\\])(?:\\.|(?!\2).)*\2((?:\\.|(?!\2).)*)\2",
                       re.S)


def ci_edit_commands(name: str, args: list[str]) -> list[str]:
    """What an in-place edit of a CI file adds that CI will run: the strings of a yq expression, the
    text sed appends, inserts or substitutes; [] when no CI file is edited in place."""
    if name not in _EDITORS or not any(a.startswith(("-i", "--in-place")) or a in ("-pi", "-p", "-e") for a in args) \
            or not any(is_ci_config(a) for a in args if not a.startswith("-")):
        return []
    exprs = [a for a in args if not a.startswith("-") and not is_ci_config(a)]
    texts: list[str] = []
    for e in exprs:
        texts += [m.group(1) if m.group(1) is not None else m.group(2) for m in _QUOTED.finditer(e)]
        if name in ("sed", "gsed"):
            texts += [re.sub(r"\\(.)", r"\1", m.group(1) or m.group(3) or "") for m in _SED_TEXT.finditer(e)]
    return [line for t in texts for line in ci_commands(t.replace("\\n", "\n"))]


# What a CI system fills in with the repository's secrets before the line runs: ${{ secrets.NPM_TOKEN }},
# ${{ toJSON(secrets) }}, ${{ github.token }}; read as the shell variable holding it.
_CI_SECRET = re.compile(r"\$\{\{\s*(?:secrets\.(\w+)|(toJSON\(\s*secrets\s*\)|secrets)|github\.token|"
                        r"env\.(\w*(?:TOKEN|SECRET|KEY|PASSWORD)\w*))\s*\}\}", re.I)


def _ci_secret_var(m: re.Match[str]) -> str:
    return "${" + ("SECRET_" + m.group(1) if m.group(1) else "ALL_SECRETS" if m.group(2) else
                   m.group(3) if m.group(3) else "GITHUB_TOKEN") + "}"
