# Sourced by the scripts: finds the Swift toolchain and the package root.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
fi
command -v swift >/dev/null 2>&1 || { echo "GestureSandbox needs a Swift 6 toolchain on PATH (or at /opt/swift)" >&2; exit 2; }
