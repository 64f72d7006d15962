#!/usr/bin/env bash
# Real parts for the execution backend tests: sshd, bubblewrap, the Docker daemon, Podman and a static
# busybox (the tests build their container image from it; there is no registry here). Idempotent;
# the tests skip with the reason when a part is missing.
set -euo pipefail
need=()
command -v sshd >/dev/null 2>&1 || [ -x /usr/sbin/sshd ] || need+=(openssh-server)
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
[ -x /usr/sbin/dockerd ] || need+=(docker.io)
command -v podman >/dev/null 2>&1 || need+=(podman)
[ -x /bin/busybox ] || command -v busybox >/dev/null 2>&1 || need+=(busybox-static)
if [ ${#need[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    # Other installers run at the same time: wait for apt's lock instead of failing on it.
    apt-get -o DPkg::Lock::Timeout=300 update -qq
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${need[@]}" >/dev/null
fi
