"""Command checks: cloud, cluster and infrastructure tools, publishing, and databases via their CLIs.

These tools act on machines and data far from the sandbox, so the gate asks before any verb that
deletes, tears down or publishes: kubectl delete/drain, helm uninstall, terraform destroy, aws ... rm /
delete-* / terminate-*, gcloud/az/doctl ... delete, npm publish, twine upload, docker push, dropdb,
redis-cli FLUSHALL, rails db:drop, and database servers' and brokers' admin tools (pg_dropcluster,
rabbitmqctl delete_queue, kafka-topics --delete). Read-only verbs (get, list, describe, plan, --dry-run) stay allowed.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on
from hermes.tools.approval_paths import is_env_file, is_secret

_DRY = ("--dry-run", "--dry-run=client", "--dry-run=server", "--dryrun", "--noop", "--plan", "--check",
        "--what-if", "--preview")


def _ops(args: list[str], valued: frozenset[str] = frozenset()) -> list[str]:
    """Operands, skipping options and the values of options that take one."""
    out, k = [], 0
    while k < len(args):
        a = args[k]
        if a.startswith("-"):
            k += 2 if a in valued else 1
            continue
        out.append(a)
        k += 1
    return out


def _dry(args: list[str]) -> bool:
    return any(a in _DRY or a.startswith("--dry-run") for a in args)


# ---------------------------------------------------------------- clusters and containers

_KUBE_VALUED = frozenset("-n --namespace --context --cluster --kubeconfig -l --selector -o --output -f --filename "
                         "-c --container --field-selector --grace-period --timeout --user -s --server".split())
_KUBE_DESTROY = {"delete", "drain", "cordon", "taint", "replace", "patch", "scale", "rollout", "uninstall",
                 "destroy", "reset", "prune"}


def _copies_secret_out(ops: list[str]) -> bool:
    """`docker cp app:/root/.aws/credentials .`, `kubectl cp ns/pod:/var/run/secrets/... ./t`: a key
    read out of a container, like `cat` of it inside one."""
    inside = [o.split(":", 1)[1] for o in ops[1:-1] if re.match(r"^[\w./-]+:~?/", o)] if ops[:1] == ["cp"] else []
    return any(is_secret(p) or is_env_file(p) for p in inside)


@_on("kubectl", "oc", "k3s", "microk8s", "kubecolor", "k")  # k: the usual alias of kubectl
def _kubectl(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, _KUBE_VALUED)
    if ops[:1] == ["kubectl"]:  # k3s kubectl / microk8s kubectl
        ops = ops[1:]
    if _copies_secret_out(ops):
        yield "read_secret"
    verb = ops[0] if ops else ""
    if _dry(args) or verb not in _KUBE_DESTROY:
        if verb == "apply" and "--prune" in args:
            yield "cloud_destroy"
        return
    if verb == "rollout" and ops[1:2] != ["undo"]:
        return
    if verb == "scale" and not any(re.fullmatch(r"--replicas=0+", a) for a in args):
        return
    yield "cloud_destroy"


HELM_VALUED = frozenset({"-n", "--namespace", "--kube-context", "-f", "--values", "--set", "--repo", "--version"})


@_on("helm")
def _helm(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, HELM_VALUED)
    if ops[:1] and ops[0] in ("uninstall", "delete", "del", "un", "rollback") and not _dry(args):
        yield "cloud_destroy"


# GitOps controllers: deleting an application (cascading by default) removes everything it deployed;
# `flux uninstall` takes the controllers and, with them, what they reconcile.
_GITOPS_DELETE = {"argocd": {"delete", "rm", "remove"}, "flux": {"delete"}}


@_on("argocd", "flux")
def _gitops(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, frozenset({"-n", "--namespace", "--context", "--kube-context", "--server", "--grpc-web-root-path",
                                "--auth-token", "--config", "-p", "--propagation-policy"}))
    if any(a in ("-h", "--help") for a in args) or _dry(args):
        return
    verb_at = 0 if name == "flux" else 1  # argocd app delete, argocd cluster rm; flux delete kustomization
    if (ops[verb_at:verb_at + 1] and ops[verb_at] in _GITOPS_DELETE[name]) or (name == "flux" and ops[:1] == [
            "uninstall"]):
        yield "cloud_destroy"


# Service APIs where an HTTP DELETE removes something the user keeps there (repositories, projects,
# zones, droplets, apps); a DELETE to one's own API under development is ordinary.
_SERVICE_API = re.compile(
    r"^(?:https?://)?(?:[^/@\s]*@)?(?:api\.github\.com|(?:[\w-]+\.)*gitlab\.com/api/|api\.bitbucket\.org|"
    r"api\.cloudflare\.com|api\.digitalocean\.com|api\.heroku\.com|api\.vercel\.com|api\.netlify\.com|"
    r"api\.linode\.com|api\.hetzner\.cloud|management\.azure\.com|[\w.-]+\.googleapis\.com|api\.fly\.io|"
    r"api\.render\.com|api\.supabase\.com|api\.vultr\.com|hub\.docker\.com|registry\.npmjs\.org|"
    r"[\w-]+\.execute-api\.[\w-]+\.amazonaws\.com|api\.stripe\.com|api\.twilio\.com|api\.pagerduty\.com|"
    r"[\w-]+\.atlassian\.net/rest/|api\.atlassian\.com|slack\.com/api/)", re.I)
# Every index of a search engine or every key under a path: `curl -XDELETE localhost:9200/_all`.
_DELETE_ALL = re.compile(r"^(?:https?://)?[^/\s]+/(?:_all|\*|[\w.-]*\*)(?:[/?,]|$)")


def _http_method(name: str, args: list[str]) -> str:
    if name in ("http", "https", "httpie", "xh", "xhs"):
        first = next((a for a in args if not a.startswith("-")), "")
        return first.upper() if first.isalpha() else ""
    for k, a in enumerate(args):
        m = re.fullmatch(r"-[a-zA-Z]*X(\w*)", a)  # -X DELETE, -XDELETE, -sX DELETE, -sXDELETE
        if a in ("--request", "--method") or (m and not m.group(1)):
            return args[k + 1].upper() if k + 1 < len(args) else ""
        if m or a.startswith(("--request=", "--method=")):
            return (m.group(1) if m else a.split("=", 1)[1]).upper()
    return ""


@_on("curl", "wget", "http", "https", "httpie", "xh", "xhs")
def _http_delete(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if _http_method(name, args) != "DELETE":
        return
    urls = [a.strip("'\"") for a in args if not a.startswith("-") and ("/" in a or "." in a)]
    if any(_SERVICE_API.match(u) or _DELETE_ALL.match(u) for u in urls):
        yield "cloud_destroy"


@_on("docker", "podman", "nerdctl")
def _images(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, frozenset({"-H", "--host", "--context", "-c", "--config", "-f", "--filter", "-t", "--tag", "-n",
                                "--namespace", "--url", "--connection"}))
    head = ops[:2]
    if _copies_secret_out(ops) or (head == ["container", "cp"] and _copies_secret_out(ops[1:])):
        yield "read_secret"
    force = any(a in ("-f", "--force", "-af", "-fa") for a in args)
    if (head[:1] in (["rmi"],) and force) or (head == ["image", "rm"] and force) or head == ["system", "reset"] \
            or (head[:1] == ["swarm"] and ops[1:2] == ["leave"] and force) or head == ["network", "prune"] \
            or (head == ["image", "prune"] and ("-a" in args or "--all" in args)):
        yield "docker_destroy"
    if ops[:1] == ["push"] or head == ["image", "push"] or (head == ["buildx", "build"] and "--push" in args) \
            or head == ["manifest", "push"]:
        yield "publish"


# ---------------------------------------------------------------- infrastructure as code and clouds

@_on("terraform", "tofu", "terragrunt", "pulumi", "cdk", "cdktf", "serverless", "sls", "sam", "copilot",
     "eksctl", "kind", "minikube", "k3d", "vagrant", "packer", "nomad", "juju", "ansible-playbook")
def _iac(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, frozenset({"-var", "-var-file", "-target", "-chdir", "--stack", "-s", "--profile"}))
    verb = ops[0] if ops else ""
    if verb in ("destroy", "remove", "rm", "delete", "down", "teardown") and not _dry(args):
        yield "cloud_destroy"
    elif verb == "apply" and any(a in ("-destroy", "--destroy") for a in args):
        yield "cloud_destroy"
    elif verb in ("apply", "up", "deploy") and any(a in ("-auto-approve", "--auto-approve", "--yes", "-y",
                                                           "--require-approval=never", "--skip-preview",
                                                           "--force") for a in args):
        yield "cloud_destroy"  # changes live infrastructure without showing the plan first
    elif name in ("terraform", "tofu") and verb == "state" and ops[1:2] in (["rm"], ["push"], ["mv"]):
        yield "cloud_destroy"
    elif name in ("terraform", "tofu") and verb in ("taint", "force-unlock", "import"):
        yield "cloud_destroy"
    elif name == "pulumi" and verb in ("stack", "state") and ops[1:2] and ops[1] in ("rm", "delete", "remove"):
        yield "cloud_destroy"
    elif name == "nomad" and len(ops) > 1 and ops[1] in ("stop", "purge", "delete", "deregister", "gc"):
        yield "cloud_destroy"  # nomad job stop -purge, nomad namespace delete, nomad volume delete


# Data services' own CLIs: deleting a bucket, a secrets engine, a pool.
_SERVICE_DELETES = {"influx": (("bucket", "delete"), ("org", "delete"), ("delete",), ("v1", "dbrp", "delete")),
                    "vault": (("secrets", "disable"), ("kv", "destroy"), ("kv", "metadata", "delete"), ("kv", "delete"),
                              ("delete",), ("auth", "disable"), ("policy", "delete"), ("audit", "disable"),
                              ("lease", "revoke")),
                    "ceph": (("osd", "pool", "delete"), ("osd", "pool", "rm"), ("fs", "rm"), ("osd", "purge"),
                             ("osd", "destroy"), ("mon", "remove"))}


@_on(*_SERVICE_DELETES)
def _service_delete(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for a in args if not a.startswith("-")]
    if any(tuple(ops[:len(v)]) == v for v in _SERVICE_DELETES[name]):
        yield "cloud_destroy"


# Verbs that delete in one cloud CLI or another; a sub-verb starting with one counts too
# (aws ec2 terminate-instances, gcloud ... delete, az group delete, doctl ... rm).
_CLOUD_VERB = re.compile(r"^(?:batch[-_])?(?:delete|remove|rm|rb|destroy|terminate|purge|deregister|disable|detach|"
                         r"revoke|stop|wipe|erase|drop|reset|uninstall|release|cancel|abandon|unlink|kill)(?:$|[-_])")
_CLOUD_VALUED = frozenset("--region --profile --project --zone --output -o --query --format --resource-group -g "
                          "--subscription --name --app -a --context --account --config --configuration".split())


@_on("aws", "gcloud", "az", "doctl", "flyctl", "fly", "heroku", "linode-cli", "hcloud", "vultr-cli", "oci",
     "ibmcloud", "scw", "exo", "upcloud", "civo", "vercel", "netlify", "railway", "render", "wrangler",
     "firebase", "supabase", "neonctl", "planetscale", "pscale", "gsutil", "s3cmd", "rclone", "mc", "azcopy",
     "b2", "aliyun", "tccli", "openstack", "sfdx", "sf", "gh", "glab")
def _cloud(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, _CLOUD_VALUED)
    if _dry(args) or not ops:
        return
    if name in ("gh", "glab"):
        yield from _forge(ops, args)
        return
    if name in ("rclone", "s3cmd", "mc", "azcopy", "b2", "gsutil"):
        if ops[0] in ("delete", "purge", "rmdir", "rmdirs", "rm", "rb", "del", "deleteall", "cleanup",
                      "remove", "delete-bucket") or (ops[0] in ("sync", "mirror") and (
                          "--delete" in args or "--delete-destination=true" in args or name == "rclone"
                          or "--remove" in args or "--delete-removed" in args)):
            yield "cloud_destroy"
        return
    if name == "aws" and ops[:2] == ["s3", "sync"] and "--delete" in args:
        yield "cloud_destroy"
        return
    if name in ("vercel", "netlify", "firebase", "wrangler", "railway") and ops[0] in ("deploy", "publish") and (
            "--prod" in args or "--production" in args):
        yield "publish"
        return
    if any(_CLOUD_VERB.match(part) for o in ops[:4] for part in o.lower().split(":")):
        yield "cloud_destroy"


def _forge(ops: list[str], args: list[str]) -> Iterator[str]:
    """gh / glab: releases publish; repo, release and secret deletes destroy."""
    if ops[:2] in (["release", "create"], ["release", "upload"], ["release", "edit"]) and "--draft" not in args:
        yield "publish"
    elif len(ops) >= 2 and ops[0] in ("repo", "release", "secret", "variable", "ssh-key", "gpg-key", "run", "cache",
                                      "label", "issue", "pr", "gist", "workflow", "api", "codespace") and (
            ops[1] in ("delete", "remove", "rm", "archive", "disable", "delete-asset") or
            (ops[1] == "edit" and "--visibility" in " ".join(args))):
        yield "cloud_destroy"
    elif ops[:1] == ["api"] and any(a.upper() in ("DELETE", "-XDELETE", "--METHOD=DELETE") for a in args):
        yield "cloud_destroy"


# ---------------------------------------------------------------- publishing

_PUBLISH = {
    "npm": {"publish", "unpublish", "deprecate", "dist-tag"}, "pnpm": {"publish"}, "yarn": {"publish", "npm"},
    "bun": {"publish"}, "twine": {"upload", "register"}, "poetry": {"publish"}, "flit": {"publish"},
    "hatch": {"publish"}, "uv": {"publish"}, "pdm": {"publish"}, "cargo": {"publish", "yank", "owner"},
    "gem": {"push", "yank", "owner"}, "mvn": {"deploy", "release:perform"}, "gradle": {"publish"},
    "gradlew": {"publish"}, "./gradlew": {"publish"}, "dotnet": {"nuget"}, "nuget": {"push", "delete"},
    "vsce": {"publish", "unpublish"}, "ovsx": {"publish"}, "helm": {"push"}, "dart": {"pub"},
    "flutter": {"pub"}, "mix": {"hex.publish"}, "pod": {"trunk"}, "lerna": {"publish"}, "changeset": {"publish"},
    "jsr": {"publish"}, "deno": {"publish"}, "goreleaser": {"release"}, "semantic-release": {"*"},
    "release-it": {"*"}, "np": {"*"}, "crane": {"push", "copy", "delete"}, "skopeo": {"copy", "delete"},
    "oras": {"push"}, "buildah": {"push"}, "conan": {"upload", "remove"}, "anaconda": {"upload"},
    "ghcr": {"push"}, "snapcraft": {"upload", "release", "push"}, "rpmbuild": set(), "maturin": {"publish", "upload"},
}


@_on(*_PUBLISH, "python")
def _publish(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if name == "python":
        if args[:2] in (["-m", "twine"], ["-m", "flit"]) and any(a in ("upload", "publish") for a in args):
            yield "publish"
        return
    verbs = _PUBLISH[name]
    ops = _ops(args, frozenset({"--registry", "--tag", "--access", "--otp", "-r", "--repository", "--token",
                                "-u", "--username", "-p", "--password", "--index", "--publish-url"}))
    if _dry(args) or "--help" in args:
        return
    if "*" in verbs or (ops and ops[0] in verbs) or (name == "mvn" and "deploy" in ops):
        if name == "yarn" and ops[:1] == ["npm"] and ops[1:2] != ["publish"]:
            return
        if name == "dotnet" and ops[1:2] != ["push"]:
            return
        if name in ("dart", "flutter") and ops[1:2] != ["publish"]:
            return
        if name == "npm" and ops[:1] == ["dist-tag"] and ops[1:2] not in (["add"], ["rm"]):
            return
        yield "publish"


# ---------------------------------------------------------------- databases through their tools

@_on("dropdb", "dropuser", "mysqladmin", "mariadb-admin", "cypher-shell", "mongo", "mongosh", "redis-cli",
     "valkey-cli", "keydb-cli", "etcdctl", "cqlsh", "influx", "rails", "rake", "bin/rails", "prisma", "npx",
     "alembic", "flask", "sequelize", "sequelize-cli", "knex", "typeorm", "dbmate", "goose", "migrate", "diesel",
     "sqlx", "liquibase", "flyway", "php", "artisan", "mix", "django-admin", "manage.py", "python", "bundle",
     "drizzle-kit", "psql", "mysql", "mariadb", "console", "symfony", "atlas", "hasura")
def _db_tools(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    joined = " ".join(args)
    low = joined.lower()
    if name in ("dropdb", "dropuser"):
        yield "db_drop"
    elif name in ("mysqladmin", "mariadb-admin"):
        if re.search(r"\b(?:drop|flush-\w+|shutdown)\b", low):
            yield "db_drop"
    elif name in ("redis-cli", "valkey-cli", "keydb-cli"):
        if re.search(r"\b(?:flushall|flushdb|shutdown|config\s+set|debug\s+(?:segfault|sleep)|script\s+flush|"
                     r"cluster\s+reset|del|unlink)\b", low) or ("--scan" in low and "xargs" in low):
            yield "db_wipe"
    elif name == "etcdctl":
        if re.search(r"\b(?:del|delete|defrag|compact|snapshot\s+restore|member\s+remove)\b", low):
            yield "db_wipe"
    elif name in ("cqlsh", "influx", "psql", "mysql", "mariadb", "mongo", "mongosh", "cypher-shell"):
        if re.search(r"\bdetach\s+delete\b|"
                     r"\bdrop\s+(?:keyspace|owned|user|role|column|index|measurement|bucket|collection|"
                     r"retention|function|view|materialized|extension|trigger|database|table|schema)\b|"
                     r"\bdelete\s+(?:bucket|org)\b|\.drop(?:Database|Collection|User)?\s*\(|deleteMany\s*\(\s*\{\s*\}|"
                     r"\balter\s+table\b[^;]*\bdrop\b|\bremove\s*\(\s*\{\s*\}", joined, re.I):
            yield "db_drop"
    elif _framework(name, args) and _FRAMEWORK_DROP.search(joined):
        yield "db_drop"


# Framework verbs that drop, empty or rebuild a database (rails db:drop, manage.py flush, prisma migrate
# reset, artisan migrate:fresh, alembic downgrade, flyway clean, mix ecto.reset ...).
_FRAMEWORK_DROP = re.compile(r"(?:^|\s)(?:db:(?:drop|reset|purge|schema:load|setup|truncate_all|wipe|seed:replant|"
                             r"migrate:reset|migrate:undo:all)(?::\w+)?|migrate:(?:fresh|reset|refresh)|"
                             r"migrate\s+reset|(?:db\s+)?push\s+--force-reset|flush|reset_db|sqlflush|downgrade|"
                             r"ecto\.(?:drop|reset|rollback)|migration\s+revert|database\s+(?:drop|reset)|"
                             r"schema:drop|drop|drop-all|dropall|dropAll|clean|reset|down-to|down|"
                             # every migration undone, or the schema dropped or purged by its own tool
                             r"migrate\s+[\w.-]+\s+zero|migrate:rollback(?=\s.*--all\b)|db:migrate\s+VERSION=0|"
                             r"doctrine:(?:database:drop|schema:drop|fixtures:load(?!.*--append))|"
                             r"db\s+push\s+(?:.*\s)?--accept-data-loss|schema\s+clean|--down\s+all)(?:\s|$)")


def _framework(name: str, args: list[str]) -> bool:
    """The command is a database framework's own tool (python manage.py flush, npx prisma migrate reset)."""
    if name == "python":
        return bool(args) and args[0].endswith("manage.py")
    if name in ("php", "console", "symfony"):  # php artisan ..., php bin/console doctrine:..., symfony console
        return args[:1] in (["artisan"], ["bin/console"], ["console"]) or name != "php" and any(
            a.startswith("doctrine:") for a in args)
    if name == "npx":
        return bool(args) and args[0] in ("prisma", "sequelize", "sequelize-cli", "knex", "typeorm", "drizzle-kit")
    if name == "bundle":
        return args[:1] == ["exec"] and args[1:2] in (["rake"], ["rails"])
    if name in ("rake", "rails", "bin/rails", "mix"):
        return any(a.startswith(("db:", "ecto.")) for a in args)
    if name == "flask":
        return args[:1] == ["db"]
    if name == "alembic":  # alembic -c prod.ini -x db=production downgrade base
        return "downgrade" in args
    return True


# Database servers' and brokers' own admin tools: program -> leading operands (any case, `-` and `_`
# alike) of a verb that drops a cluster, a database, a topic or a queue with what it holds. () = any use.
_ADMIN_DROPS: dict[str, tuple[tuple[str, ...], ...]] = {
    "pg_dropcluster": ((),), "pg_resetwal": ((),), "pg_resetxlog": ((),),
    "pgbackrest": (("stanza-delete",),), "barman": (("delete",),),
    "rabbitmqctl": (("delete_vhost",), ("delete_queue",), ("purge_queue",), ("reset",), ("force_reset",)),
    "rabbitmqadmin": (("delete", "queue"), ("delete", "vhost"), ("delete", "exchange"), ("purge", "queue")),
    "nats": (("stream", "rm"), ("stream", "delete"), ("stream", "purge"), ("kv", "rm"), ("kv", "del"),
             ("kv", "purge"), ("object", "rm")),
    "rpk": (("topic", "delete"), ("group", "delete")),
    "pulsar-admin": (("topics", "delete"), ("namespaces", "delete"), ("tenants", "delete")),
    "zkcli": (("deleteall",), ("rmr",)), "zookeeper-shell": (("deleteall",), ("rmr",)),
    "couchbase-cli": (("bucket-delete",), ("bucket-flush",)), "curator_cli": (("delete_indices",),),
    "kafka-delete-records": ((),),
}
_KAFKA = frozenset("kafka-topics kafka-consumer-groups kafka-streams-application-reset".split())
_ADMIN_VALUED = frozenset("-p -n -V -H -u -P -s -c -server --vhost --node --host --port --user --username --password "
                          "--server --context --config --url --stanza --brokers --admin-url --cluster".split())


@_on(*_ADMIN_DROPS, *_KAFKA)
def _admin_drop(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a in ("-h", "--help", "--version", "--list", "--describe") for a in args):
        return
    if name in _KAFKA:  # kafka-topics --delete, kafka-consumer-groups --reset-offsets --execute
        if "--delete" in args or ("--reset-offsets" in args and "--execute" in args):
            yield "db_drop"
        return
    ops = [o.lower().replace("_", "-") for o in _ops(args, _ADMIN_VALUED)]
    ops = ops[1:] if ops[:1] and re.fullmatch(r"[\w.-]+:\d+", ops[0]) else ops  # zookeeper-shell HOST:PORT verb
    if any(tuple(ops[:len(v)]) == tuple(w.replace("_", "-") for w in v) for v in _ADMIN_DROPS[name]):
        yield "db_drop"
