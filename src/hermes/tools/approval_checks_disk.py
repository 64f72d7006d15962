"""Command checks for disks and volumes: formatting, partition tables, raw writes, volume managers.

A whole device (/dev/sda, /dev/nvme0n1) under a partition editor or a formatter is hardline: the
data on it is gone. The same tools on an image file in the project are ordinary.
"""

from __future__ import annotations

import re
from typing import Iterator

from hermes.tools.approval_base import Ctx, _on, _split
from hermes.tools.approval_checks_data import personal_file
from hermes.tools.approval_checks_system import in_tree
from hermes.tools.approval_paths import _BLOCK_DEV, canon, write_rule


# ---------------------------------------------------------------- disks

def _devices(args: list[str]) -> bool:
    return any(_BLOCK_DEV.match(canon(a.split("=", 1)[-1]).lower()) for a in args)


@_on("mkfs", "mke2fs", "mkswap", "newfs", "mkdosfs", "mkntfs", "mkexfatfs", "mformat", "mkudffs", "mkhfs")
def _mkfs(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if _devices(args):
        yield "mkfs_device"
    elif not (ops := _split(args)[1]) or not (in_tree(ops[-1], ctx.cwd) or ops[-1].startswith(("/tmp/", "/var/tmp/"))):
        yield "mkfs"  # a filesystem in an image file under the project or /tmp is ordinary


@_on("dd")
def _dd(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if any(a in ("if=/dev/null", "if=/dev/zero") for a in args) and any(
            a.startswith("of=") and personal_file(a[3:], ctx.cwd) for a in args):
        yield "rm_outside"  # dd if=/dev/null of=~/Documents/thesis.docx
    for a in args:
        if a.startswith("of=") and (r := write_rule(a[3:], cwd=ctx.cwd)):
            yield r
        elif a.startswith("of=") and ("$(" in a or "`" in a) and _BLOCK_DEV.search(
                " ".join(canon(x) for x in re.split(r"[\s()`|]+", a[3:]) if x.startswith("/dev/"))):
            yield "disk_overwrite"  # of=$(ls /dev/sd* | head -1): a disk chosen at run time
        elif a.startswith("of=") and ("$(" in a or "`" in a) and _DISK_LISTERS.search(a):
            yield "disk_overwrite"  # of=$(lsblk -dno NAME | head -1 | sed 's|^|/dev/|')


# Programs that list the machine's disks: a target computed from them is a disk.
_DISK_LISTERS = re.compile(r"\b(?:lsblk|blkid|findmnt|fdisk\s+-l|sfdisk\s+-l|parted\s+-l|diskutil\s+list|"
                           r"ls\s+/sys/block|/proc/partitions)\b")


@_on("wipefs", "blkdiscard")
def _wipefs(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    yield "disk_wipe" if _devices(args) else "partition_edit"


_READ_ONLY = ("-l", "--list", "print", "-d", "--dump", "-s", "--show-size", "-p", "--print", "--verify", "-v",
              "--list-free", "-F", "--json", "-J", "-i", "--info", "unit", "align-check", "--help", "-h", "-V",
              "--version", "-n", "--no-act", "--backup")


@_on("sgdisk", "fdisk", "sfdisk", "gdisk", "cfdisk", "parted", "cgdisk", "sgdisk")
def _partition(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    if not _devices(args):
        return
    if name == "parted":  # parted DEV print is a read; anything else (mklabel, rm, resizepart) edits
        ops = [a for a in args if not a.startswith("-") and not _devices([a])]
        if "-l" in args or "--list" in args or (ops and all(o in ("print", "unit", "s", "b", "free", "quit",
                                                                       "help", "align-check") for o in ops)):
            return
    elif any(a in _READ_ONLY for a in args) and not any(a in ("-Z", "--zap-all", "-o", "--clear", "-z", "--zap",
                                                             "--delete", "--wipe") for a in args):
        return
    yield "disk_wipe"


@_on("cryptsetup", "badblocks", "mdadm", "lvremove", "vgremove", "pvremove", "zpool", "zfs", "lvreduce", "vgreduce",
     "pvcreate", "lvcreate", "e2fsck", "fsck", "tune2fs", "resize2fs", "hdparm", "nvme", "losetup", "btrfs")
def _volumes(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    ops = [a for a in args if not a.startswith("-")]
    dev = _devices(args) or any(a.startswith("/dev/") and not a.startswith(("/dev/null", "/dev/zero")) for a in args)
    if name == "cryptsetup":
        if set(ops) & {"luksFormat", "erase", "luksErase", "reencrypt", "luksKillSlot", "luksRemoveKey"}:
            yield "disk_wipe" if dev else "volume_remove"
    elif name == "badblocks":
        if any(re.fullmatch(r"-\w*[wn]\w*", a) for a in args):
            yield "disk_wipe" if dev else "volume_remove"
    elif name == "mdadm":
        if any(a in ("--zero-superblock", "--stop", "-S", "--remove", "-r", "--fail", "-f", "--create", "-C")
               for a in args):
            yield "disk_wipe" if dev and "--zero-superblock" in args else "volume_remove"
    elif name in ("zpool", "zfs"):
        if ops[:1] == ["labelclear"] and dev:
            yield "disk_wipe"
        elif ops[:1] and ops[0] in ("destroy", "labelclear", "rollback", "export", "offline", "detach", "remove"):
            yield "volume_remove"
    elif name in ("lvremove", "vgremove", "pvremove", "lvreduce", "vgreduce", "pvcreate", "lvcreate"):
        yield "disk_wipe" if dev and name in ("lvremove", "pvremove", "pvcreate") else "volume_remove"
    elif name == "btrfs":
        if ops[:2] in (["subvolume", "delete"], ["device", "delete"], ["device", "remove"], ["subvolume", "del"]):
            yield "volume_remove"
    elif name == "hdparm":
        if any(a.startswith("--security-erase") or a in ("--trim-sector-ranges", "--make-bad-sector",
                                                         "--write-sector") for a in args):
            yield "disk_wipe"
    elif name == "nvme":
        if ops[:1] and ops[0] in ("format", "sanitize", "delete-ns", "detach-ns"):
            yield "disk_wipe"
    elif name == "losetup":
        if ops:
            yield "mount_change"
    elif dev and any(a in ("-y", "-f", "-p", "-a", "--yes") or a.startswith(("-E", "-O")) for a in args):
        yield "volume_remove"  # fsck/tune2fs/resize2fs writing to a device


@_on("diskutil")
def _diskutil(name: str, args: list[str], ctx: Ctx) -> Iterator[str]:
    verbs = {a.lower() for a in args[:2]}
    if verbs & {"erasedisk", "erasevolume", "zerodisk", "randomdisk", "secureerase", "partitiondisk",
                "reformat", "deletecontainer", "deletevolume"}:
        yield "disk_wipe"
