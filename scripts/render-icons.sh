#!/bin/sh
# Renders the app icon's PNG sizes from build/icon.svg (the one drawing), for the deb's hicolor theme (build/icons/,
# 16–512 px, the sizes the theme lists) and for electron-builder's Windows and macOS icons (build/icon.png, 1024 px).
# Run it after changing the SVG and commit the PNGs: packaging then needs no image library. Needs rsvg-convert
# (Debian/Ubuntu: apt-get install librsvg2-bin). test/unit/desktop/builder-config.test.ts checks every size.
set -eu
cd "$(dirname "$0")/.."
mkdir -p build/icons
for size in 16 22 24 32 48 64 128 256 512; do
  rsvg-convert --width "$size" --height "$size" build/icon.svg --output "build/icons/${size}x${size}.png"
done
rsvg-convert --width 1024 --height 1024 build/icon.svg --output build/icon.png
