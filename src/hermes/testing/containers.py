"""Real container engines for tests: a private Docker daemon and a private Podman store, each with a
tiny busybox image imported from a local rootfs (there is no registry here).

    with DockerDaemon() as d:          # dockerd in a temp dir; d.env has DOCKER_HOST
        spec = DockerSpec(image=IMAGE, shell="sh", engine="docker")
    with PodmanStore() as p:           # podman with its own --root/--runroot
        spec = DockerSpec(image=IMAGE, shell="sh", engine="podman", engine_args=p.engine_args,
                          run_args=PODMAN_RUN_ARGS)

Both raise Unavailable (with the reason) when the engine cannot start here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
import time
from pathlib import Path

IMAGE = "hermes-test-busybox:1"
# Rootful podman in this kind of VM refuses to start without explicit limits it may not raise.
PODMAN_RUN_ARGS = ["--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024"]


class Unavailable(RuntimeError):
    pass


def busybox_binary() -> str | None:
    for p in ("/usr/bin/busybox", "/bin/busybox"):
        if os.access(p, os.X_OK):
            return p
    return shutil.which("busybox")


# What a script run by execute_code needs of the standard library (hermes_tools + typical use).
_PY_PROBE = ("import json, os, socket, sys, time, re, subprocess, pathlib, collections, "
             "encodings.idna, encodings.utf_8, encodings.latin_1, encodings.ascii")


def python_files() -> list[Path]:
    """The host's Debian python3 and the files it needs for _PY_PROBE: the interpreter, its shared
    libraries, and the stdlib modules it loads. Raises Unavailable without /usr/bin/python3."""
    py = Path("/usr/bin/python3").resolve()
    if not py.exists():
        raise Unavailable("no /usr/bin/python3 to build a python test image from")
    code = (f"{_PY_PROBE}; import sys; print('\\n'.join(m.__file__ for m in list(sys.modules.values()) "
            "if getattr(m, '__file__', None)))")
    mods = subprocess.run([str(py), "-S", "-c", code], capture_output=True, text=True, check=True)
    files = {py, *(Path(f) for f in mods.stdout.split())}
    for lib in subprocess.run(["ldd", str(py)], capture_output=True, text=True).stdout.splitlines():
        parts = lib.split()
        path = parts[2] if "=>" in parts and len(parts) > 2 else parts[0] if parts else ""
        if path.startswith("/"):
            files.add(Path(path))
    more: set[Path] = set()
    for f in files:  # a package's __init__ pulls siblings lazily; take whole small packages
        if f.name == "__init__.py":
            more.update(p for p in f.parent.glob("*.py"))
    return sorted(files | more)


def busybox_rootfs_tar(dest: Path, *, python: bool = False) -> Path:
    """A root filesystem tarball: static busybox, its applets as symlinks, /tmp, a passwd file;
    with `python`, also the host's python3 and what it needs to run small scripts."""
    bb = busybox_binary()
    if bb is None:
        raise Unavailable("busybox is not installed (apt-get install busybox-static)")
    listed = subprocess.run([bb, "--list"], capture_output=True, text=True, check=True)
    applets = listed.stdout.split()
    root = dest / ("rootfs-py" if python else "rootfs")
    (root / "bin").mkdir(parents=True)
    (root / "etc").mkdir()
    (root / "tmp").mkdir()
    (root / "tmp").chmod(0o1777)
    shutil.copy2(bb, root / "bin" / "busybox")
    for name in applets:
        if name != "busybox":
            (root / "bin" / name).symlink_to("busybox")
    (root / "etc" / "passwd").write_text("root:x:0:0:root:/root:/bin/sh\n"
                                         "agent:x:1000:1000:agent:/tmp:/bin/sh\n")
    (root / "etc" / "group").write_text("root:x:0:\nagent:x:1000:\n")
    if python:
        for f in python_files():
            target = root / str(f).lstrip("/")
            if target.exists() or target.is_symlink():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, target)
        # The loader's path as the binary asks for it (/lib64/ld-linux-x86-64.so.2 is a symlink).
        link = root / "usr" / "bin" / "python3"
        if not link.exists():
            link.symlink_to(Path("/usr/bin/python3").resolve().name)
    tar = dest / ("rootfs-py.tar" if python else "rootfs.tar")
    with tarfile.open(tar, "w") as t:
        t.add(root, arcname=".")
    return tar


def _unmount_under(path: Path) -> None:
    """Engines leave bind and overlay mounts in their data dirs; lazily unmount before removal."""
    prefix = str(path) + "/"
    try:
        mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return
    for m in sorted((m for m in mounts if m.startswith(prefix) or m == str(path)), key=len,
                    reverse=True):
        subprocess.run(["umount", "-l", m], capture_output=True)


class _Engine:
    name = ""

    def __init__(self) -> None:
        # A short path: the daemon's unix socket lives under it (108-byte limit).
        self.dir = Path(tempfile.mkdtemp(prefix="hd", dir="/tmp"))
        self.env: dict[str, str] = dict(os.environ)
        self.engine_args: list[str] = []

    def cli(self, *args: str, data: bytes | None = None, timeout: float = 60,
            check: bool = True) -> subprocess.CompletedProcess:
        r = subprocess.run([self.name, *self.engine_args, *args], input=data, capture_output=True,
                           env=self.env, timeout=timeout)
        if check and r.returncode != 0:
            raise Unavailable(f"{self.name} {args[0]} failed: {r.stderr.decode(errors='replace')}")
        return r

    def import_image(self, image: str = IMAGE, *, python: bool = False) -> None:
        tar = busybox_rootfs_tar(self.dir, python=python)
        self.cli("import", "-", image, data=tar.read_bytes(), timeout=120)

    def __enter__(self):
        try:
            self.start()
            self.import_image()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        _unmount_under(self.dir)
        shutil.rmtree(self.dir, ignore_errors=True)


class DockerDaemon(_Engine):
    """A private dockerd: own data root, socket, no iptables and no bridge."""
    name = "docker"

    def __init__(self) -> None:
        super().__init__()
        self.proc: subprocess.Popen | None = None
        self.socket = self.dir / "docker.sock"
        self.env["DOCKER_HOST"] = f"unix://{self.socket}"

    def start(self) -> None:
        dockerd = shutil.which("dockerd") or shutil.which("dockerd", path="/usr/sbin:/usr/bin")
        if dockerd is None or shutil.which("docker") is None:
            raise Unavailable("dockerd / docker CLI not installed (.ci/install_exec.sh)")
        if os.geteuid() != 0:
            raise Unavailable("a private dockerd needs root")
        d = self.dir
        self.log = open(d / "dockerd.log", "wb")
        self.proc = subprocess.Popen(
            [dockerd, "--host", f"unix://{self.socket}", "--data-root", str(d / "data"),
             "--exec-root", str(d / "exec"), "--pidfile", str(d / "pid"), "--iptables=false",
             "--ip-masq=false", "--bridge=none"],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            if self.cli("info", "--format", "{{.ID}}", check=False, timeout=10).returncode == 0:
                return
            time.sleep(0.1)
        tail = (d / "dockerd.log").read_text(errors="replace")[-1500:]
        raise Unavailable(f"dockerd did not start: {tail}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                ids = self.cli("ps", "-aq", check=False, timeout=20).stdout.decode().split()
                if ids:
                    self.cli("rm", "-f", *ids, check=False, timeout=60)
            except subprocess.TimeoutExpired:
                pass
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if getattr(self, "log", None):
            self.log.close()
        super().stop()


class PodmanStore(_Engine):
    """Rootful podman with a private storage root; no daemon to start."""
    name = "podman"

    def __init__(self) -> None:
        super().__init__()
        self.engine_args = ["--root", str(self.dir / "root"), "--runroot", str(self.dir / "run"),
                            "--cgroup-manager=cgroupfs", "--events-backend=file"]

    def start(self) -> None:
        if shutil.which("podman") is None:
            raise Unavailable("podman not installed (.ci/install_exec.sh)")
        if os.geteuid() != 0:
            raise Unavailable("the private podman store needs root")
        self.cli("info", "--format", "{{.Host.OCIRuntime.Name}}", timeout=60)

    def stop(self) -> None:
        if shutil.which("podman") is not None and (self.dir / "root").exists():
            try:
                self.cli("rm", "-af", "-t", "0", check=False, timeout=60)
            except subprocess.TimeoutExpired:
                pass
        super().stop()
