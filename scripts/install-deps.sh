#!/usr/bin/env bash
# Installs the Debian 12 packages GestureSandbox needs, only those missing.
# Needs root (or sudo). Swift itself is expected at /opt/swift or on PATH.
set -euo pipefail
packages=(
    pkg-config make gcc
    dpkg-dev    # dpkg-shlibdeps: scripts/package computes the .deb's Depends with it
    libwayland-dev libwayland-bin wayland-protocols
    libxkbcommon-dev libpixman-1-dev libpng-dev
    libfreetype-dev libfontconfig-dev fonts-dejavu-core
    libdecor-0-dev libdecor-0-plugin-1-cairo
    weston libweston-10-dev
    libdbus-1-dev dbus-daemon
    # The X11 oracle (gesture-sandbox x11-client): XInput 2.2 over xcb, and the Xwayland it runs under.
    libxcb-xinput-dev xwayland
    mutter gnome-shell pipewire wireplumber
    gstreamer1.0-tools gstreamer1.0-pipewire gstreamer1.0-plugins-base gstreamer1.0-plugins-good
    kwin-wayland kwin-style-breeze sway phoc cage util-linux
    # Mir (miral-shell, miral-kiosk) and its wayland platform, the only one that runs without a DRM device;
    # Enlightenment (nested Wayland mode). Both run nested in the harness weston.
    mir-demos mir-platform-graphics-wayland20 enlightenment
    # Real on-screen keyboards beside our text field (docs/window.md): wvkbd under sway, squeekboard under phoc.
    wvkbd squeekboard
    # Foreign clients whose WAYLAND_DEBUG=1 logs the import tests read (Qt 5 fingerpaint, gtk4-demo).
    qtbase5-examples qtwayland5 gtk-4-examples
    # The real toolkits `gesture-sandbox toolkits` runs as oracles (docs/toolkits.md): GTK 4 through
    # Debian's python3 bindings (gtk/oracle.py).
    python3-gi gir1.2-gtk-4.0
    # The Qt 6 Quick oracle (oracles/qt): the qml runner, QtQuick and its Window module, the Wayland platform
    # plugin, and QtQml.WorkerScript, without which QtQuick does not load.
    qml-qt6 qml6-module-qtquick qml6-module-qtquick-window qt6-wayland qml6-module-qtqml-workerscript
    # The GTK 3 oracle (oracles/gtk3/oracle.py): GTK 3.24 through the same python3 bindings.
    python3-gi gir1.2-gtk-3.0
)
# The kernel lane (gesture-sandbox guest, docs/kernel-lane.md): qemu runs the guest; debootstrap, busybox-static
# (the initramfs, and its cpio) and the Debian packaging tools build it from Debian packages.
packages+=(qemu-system-x86 debootstrap busybox-static xz-utils)
# The Chromium oracle of `gesture-sandbox toolkits` (oracles/chromium/oracle.html), from Debian's security
# updates: 7 packages, 115 MB to download, 370 MB installed.
packages+=(chromium)
# The SDL 2 oracle (oracles/sdl2/oracle.py): SDL 2.26 through Debian's python3 bindings.
packages+=(python3-sdl2 libsdl2-2.0-0)
# The Firefox oracle (oracles/firefox/oracle.html): Debian's Firefox ESR on its Wayland backend.
packages+=(firefox-esr)
# The WebKitGTK oracle (oracles/webkit/oracle.py): WebKitGTK 6.0 (GTK 4) through Debian's python3 bindings.
packages+=(gir1.2-webkit-6.0)
# The Qt 6 Widgets oracle (oracles/qtwidgets/oracle.py): Qt 6.4's QGesture recognizers through Debian's PyQt6.
packages+=(python3-pyqt6)
# The Qt 6 Quick scrolling oracle (oracles/qt-scroll/oracle.py): a Flickable in QML hosted by PyQt6's QtQuick module,
# which gives it a monotonic clock.
packages+=(python3-pyqt6.qtquick)
# sway, phoc and cage refuse to run as root: the compositor drivers run them as this user.
ensure_user() {
    [ "$(id -u)" -eq 0 ] || return 0
    id -u gesture-sandbox >/dev/null 2>&1 && return 0
    echo "install-deps: creating the unprivileged user gesture-sandbox (runs nested wlroots compositors)" >&2
    useradd --system --no-create-home --shell /usr/sbin/nologin gesture-sandbox
}
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    ensure_user
    exit 0
fi
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
ensure_user
