#!/usr/bin/env bash
# System packages the slow tests need, installed with apt-get when missing: Debian's
# chromium, the headless browser the HTML report is tested in (tests/report). Run by
# `make system-deps` (and so by `make ci` / .ci/run); safe to run again.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -eq 0 ]; then
    echo "system packages present: chromium ($(command -v chromium))"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing ${need[*]} and no apt-get - fix: install ${need[*]} with the system's package manager" >&2
    exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${need[@]}" fonts-dejavu-core
echo "installed: ${need[*]}"
