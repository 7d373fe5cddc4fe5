#!/usr/bin/env bash
# Installs the Debian 12 packages GestureSandbox needs, only those missing.
# Needs root (or sudo). Swift itself is expected at /opt/swift or on PATH.
set -euo pipefail
packages=(
    pkg-config make gcc
    libwayland-dev libwayland-bin wayland-protocols
    libxkbcommon-dev libpixman-1-dev libpng-dev
    libfreetype-dev libfontconfig-dev fonts-dejavu-core
    weston libweston-10-dev
    # Foreign clients whose WAYLAND_DEBUG=1 logs the import tests read (Qt 5 fingerpaint, gtk4-demo).
    qtbase5-examples qtwayland5 gtk-4-examples
)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
