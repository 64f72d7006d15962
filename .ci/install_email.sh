#!/usr/bin/env bash
# Dovecot (a real IMAP server) for the email gateway tests. Idempotent; the tests skip with a reason
# when it cannot be installed.
set -euo pipefail
if ! command -v dovecot >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=300 update -qq && apt-get -o DPkg::Lock::Timeout=300 install -y -qq dovecot-imapd >/dev/null
fi
