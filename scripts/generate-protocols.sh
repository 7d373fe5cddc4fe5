#!/usr/bin/env bash
# Regenerates the client-side wayland-scanner glue for every protocol in protocols/.
# The output is committed (SwiftPM cannot run the scanner as a build step without
# experimental flags); Tests/WaylandClientTests checks it is current.
# Usage: scripts/generate-protocols.sh [OUTPUT_DIR]   (default: Sources/CWaylandProtocols)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/Sources/CWaylandProtocols}
command -v wayland-scanner >/dev/null || { echo "generate-protocols: wayland-scanner not found (apt install libwayland-bin)" >&2; exit 2; }
mkdir -p "$out/include" "$out/generated"
for xml in "$root"/protocols/*.xml; do
    name=$(basename "$xml" .xml)
    wayland-scanner client-header "$xml" "$out/include/$name-client-protocol.h"
    wayland-scanner private-code "$xml" "$out/generated/$name-protocol.c"
done
