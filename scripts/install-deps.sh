#!/usr/bin/env bash
# Installs the Debian packages Segue needs that are missing (with sudo when not root).
# Usage: scripts/install-deps.sh [extra packages…]
set -euo pipefail
# ffmpeg encodes `segue replay --out FILE.mp4|.webm|.gif` (and the tests that export).
packages=(libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libpng-dev libgl1-mesa-dri libegl-mesa0 libegl1 pkg-config ffmpeg "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
