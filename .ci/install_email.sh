#!/usr/bin/env bash
# Dovecot (a real IMAP server) for the email gateway tests. Idempotent; the tests skip with a reason
# when it cannot be installed.
set -euo pipefail
if ! command -v dovecot >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq dovecot-imapd >/dev/null
fi
