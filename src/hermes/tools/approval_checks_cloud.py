"""Command checks: cloud changes that destroy, copy out or open up without a verb that says so.

The infra module asks before verbs that start with delete, terminate, destroy ...; these say it
elsewhere: a key scheduled for deletion (aws kms schedule-key-deletion) is gone in days, an account
closed or taken out of its organisation (close-account, leave-organization) is gone with it, a deployment
in Complete mode deletes every resource its template leaves out, `terragrunt run-all destroy`
destroys every module below the folder, `bq rm` drops a dataset. A bucket copied into another
bucket, or a snapshot shared with another account, leaves the account; a network rule that allows
'*' or 'Internet', a container with public access, a database made publicly accessible or a
service principal created with a role open it.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on
from hermes.tools.approval_checks_infra import _CLOUD_VALUED, _dry, _ops

# A destroying word inside a verb (schedule-key-deletion, start-instance-termination), not at its start.
_DESTROY_WORD = re.compile(r"[-_](?:deletion|destroy|destruction|termination|purge|wipe)(?:$|[-_])")
_READ_VERB = re.compile(r"^(?:get|describe|list|show|head|lookup|view|search|test|validate|estimate|preview|"
                        r"cancel|check|wait|enable|disable)[-_]")


# Verbs that end an account, a membership or an attachment: the organisation's account closed, the
# account taken out of its organisation, an address or MFA device detached.
_END_VERB = re.compile(r"^(?:close|leave|deactivate|decommission|retire|disassociate|unsubscribe|unregister)(?:$|[-_])")


@_on("aws", "gcloud", "az", "doctl", "oci", "ibmcloud", "aliyun", "hcloud", "linode-cli", "scw")
def _destroy_inside(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if _dry(args):
        return
    for o in _ops(args, _CLOUD_VALUED)[:4]:
        low = o.lower()
        if re.fullmatch(r"[a-z][a-z0-9-]*", low) and (_DESTROY_WORD.search(low) or _END_VERB.match(low)) and \
                not _READ_VERB.match(low):
            yield "cloud_destroy"
            return


# Machines powered off or rebooted through a cloud CLI (stop-* is a delete verb already); a restart
# counts for machines only, an app's restart is routine.
_POWER_VERB = re.compile(r"^(?:reboot|power-?off|shutdown|deallocate|hibernate|suspend)(?:$|[-_])")
_MACHINE = re.compile(r"^(?:vm|vms|instances?|servers?|droplets?|machines?|compute|nodes?)$")


@_on("aws", "gcloud", "az", "doctl", "oci", "ibmcloud", "hcloud", "linode-cli", "scw")
def _cloud_power(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [o.lower() for o in _ops(args, _CLOUD_VALUED)[:4]]
    if not _dry(args) and (any(_POWER_VERB.match(o) for o in ops) or (
            "restart" in ops and any(_MACHINE.match(o) for o in ops))):
        yield "vm_power"


# ---------------------------------------------------------------- data copied to another bucket or account

_BUCKET = re.compile(r"^(?:s3|gs|s3a|gcs|wasbs?|abfss?|oss|cos|r2)://([^/]+)", re.I)
_AZ_BLOB = re.compile(r"^https://([\w-]+)\.(?:blob|dfs|file)\.core\.windows\.net/", re.I)
_COPY_VERBS = {"aws": (("s3", "cp"), ("s3", "sync"), ("s3", "mv")), "gsutil": (("cp",), ("mv",), ("rsync",)),
               "gcloud": (("storage", "cp"), ("storage", "mv"), ("storage", "rsync"), ("alpha", "storage", "cp")),
               "s3cmd": (("cp",), ("mv",), ("sync",)), "azcopy": (("copy",), ("cp",), ("sync",)),
               "rclone": (("copy",), ("copyto",), ("sync",), ("move",), ("moveto",), ("bisync",))}


def _store(op: str, name: str) -> str | None:
    """Which bucket, storage account or rclone remote an operand lives in."""
    if m := _BUCKET.match(op) or _AZ_BLOB.match(op):
        return m.group(1).lower()
    if name == "rclone" and (m := re.match(r"^([\w.-]+):/?([^/]*)", op)) and not re.match(r"^[a-z]:[\\/]", op, re.I):
        return f"{m.group(1)}:{m.group(2)}".lower()
    return None


@_on(*_COPY_VERBS)
def _bucket_copy(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """`aws s3 sync s3://prod/ s3://other/`: every object, into a bucket that may be anyone's."""
    ops = _ops(args, _CLOUD_VALUED | {"--exclude", "--include", "--storage-class", "--sse", "--acl"})
    verb = next((v for v in _COPY_VERBS[name] if tuple(ops[:len(v)]) == v), None)
    if verb is None or _dry(args):
        return
    stores = [s for s in (_store(o, name) for o in ops[len(verb):]) if s]
    if len(stores) >= 2 and stores[0] != stores[-1]:
        yield "data_copy_out"


@_on("aws")
def _share_snapshot(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A snapshot or image shared with another account (or `all`) is a copy of the disk or database
    they can restore; an object copied across buckets by the API is one too."""
    ops = _ops(args, _CLOUD_VALUED)
    verb = ops[1] if len(ops) > 1 else ""
    joined = " ".join(args).lower()
    if re.fullmatch(r"modify-db-(?:cluster-)?snapshot-attribute", verb) and "--values-to-add" in args:
        yield "data_copy_out"
    elif verb in ("modify-snapshot-attribute", "modify-image-attribute") and re.search(
            r"\badd\b|--operation-type\s+add|--user-ids|--group-names\s+all", joined):
        yield "data_copy_out"
    elif verb == "copy-object":
        src = next((args[k + 1] for k, a in enumerate(args[:-1]) if a == "--copy-source"), "")
        dst = next((args[k + 1] for k, a in enumerate(args[:-1]) if a == "--bucket"), "")
        if src and dst and src.split("/", 1)[0].lower() != dst.lower():
            yield "data_copy_out"


# ---------------------------------------------------------------- datasets and tables

@_on("bq", "cbt")
def _bigdata(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for a in args if not a.startswith("-")]
    if (name == "bq" and ops[:1] in (["rm"], ["remove"])) or (name == "cbt" and any(re.match(
            r"^delete(?:table|instance|cluster|family|appprofile|allrows)$", o) for o in ops[:3])):
        yield "cloud_destroy"


# ---------------------------------------------------------------- opened to everyone

_ANYONE = re.compile(r"^(?:\*|internet|any|0\.0\.0\.0/0|::/0|0\.0\.0\.0)$", re.I)


def _values(args: list[str], *names: str) -> list[str]:
    """Every value of the options named: --opt v1 v2 (az takes several), --opt=v."""
    out: list[str] = []
    for k, a in enumerate(args):
        if a in names:
            for v in args[k + 1:]:
                if v.startswith("--"):
                    break
                out += v.split(",")
        elif a.split("=", 1)[0] in names and "=" in a:
            out += a.split("=", 1)[1].split(",")
    return [v.strip().strip("'\"") for v in out]


@_on("aws", "az", "gcloud")
def _opened(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = _ops(args, _CLOUD_VALUED)
    low = [o.lower() for o in ops]
    if _dry(args) or not ops:
        return
    if "--publicly-accessible" in args or any(a.lower() == "--publicly-accessible=true" for a in args):
        yield "access_grant"  # a database with an address on the internet
    elif name == "az" and low[:3] == ["network", "nsg", "rule"] and low[3:4] in (["create"], ["update"]):
        sources = _values(args, "--source-address-prefixes", "--source-address-prefix")
        allow = [v.lower() for v in _values(args, "--access")] in ([], ["allow"])
        inbound = [v.lower() for v in _values(args, "--direction")] in ([], ["inbound"])
        if allow and inbound and any(_ANYONE.match(s) for s in sources or (["*"] if low[3] == "create" else [])):
            yield "access_grant"
    elif name == "az" and low[:2] == ["vm", "open-port"] and any(_ANYONE.match(v) for v in _values(args, "--port")):
        yield "access_grant"
    elif name == "az" and "firewall-rule" in low and "0.0.0.0" in _values(args, "--start-ip-address") and \
            "255.255.255.255" in _values(args, "--end-ip-address"):
        yield "access_grant"
    elif name == "az" and low[:2] == ["storage", "container"] and any(
            v.lower() in ("blob", "container") for v in _values(args, "--public-access")):
        yield "access_grant"
    elif name == "az" and low[:2] == ["storage", "account"] and any(
            v.lower() == "true" for v in _values(args, "--allow-blob-public-access")):
        yield "access_grant"
    elif name == "az" and low[:3] == ["ad", "sp", "create-for-rbac"]:
        yield "access_grant" if _values(args, "--role") else "print_secret"  # it prints the new password
    elif name == "gcloud" and "sql" in low and any(_ANYONE.match(v) for v in _values(args, "--authorized-networks")):
        yield "access_grant"
    elif name == "aws" and low[:2] == ["s3api", "put-public-access-block"] and re.search(
            r"=false", " ".join(args), re.I):
        yield "access_grant"


# ---------------------------------------------------------------- deployments that delete what they omit

_TG_DESTROY = frozenset({"destroy", "destroy-all"})
_NON_INTERACTIVE = ("--terragrunt-non-interactive", "--non-interactive", "-auto-approve", "--auto-approve")


@_on("terragrunt")
def _terragrunt(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """`terragrunt run-all destroy` (and `run --all destroy`): every module below the folder."""
    ops = _ops(args, frozenset({"--terragrunt-working-dir", "--working-dir", "--terragrunt-config"}))
    if ops[:1] in (["run-all"], ["run"]):
        ops = ops[1:]
    if _dry(args) or not ops:
        return
    if ops[0] in _TG_DESTROY or (ops[0] == "apply" and "-destroy" in args):
        yield "cloud_destroy"
    elif ops[0] in ("apply", "apply-all") and any(a in _NON_INTERACTIVE for a in args):
        yield "cloud_destroy"  # changes live infrastructure without showing the plan first


@_on("az", "new-azresourcegroupdeployment", "new-azdeployment")
def _complete_mode(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    """A Complete-mode deployment deletes every resource of the group its template does not list."""
    low = [a.lower() for a in args]
    mode = _values(low, "--mode", "-mode")
    if (name != "az" or low[:1] == ["deployment"] and "create" in low[:4]) and "complete" in mode and not _dry(args):
        yield "cloud_destroy"
    elif name == "az" and low[:1] == ["stack"] and any(v in ("deleteall", "deleteresources")
                                                       for v in _values(low, "--action-on-unmanage")):
        yield "cloud_destroy"
