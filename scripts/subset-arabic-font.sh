#!/bin/sh
# Rebuilds src/web/fonts/noto-sans-arabic-*.woff2 (ADR 0100): Noto Sans Arabic from @fontsource, cut to
# the Arabic block, the joiners and direction marks and the presentation forms, with every layout feature
# kept (shaping, ligatures, marks). About 22 KB a weight instead of 50 KB. Needs fonttools and brotli
# (Debian: apt-get install python3-fonttools python3-brotli). Characters outside the subset (rare
# letters of other languages written in Arabic script) are drawn by the system's font.
set -e
cd "$(dirname "$0")/.."
for weight in 400 500 600 700; do
  python3 -m fontTools.subset "node_modules/@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-$weight-normal.woff2" \
    --unicodes="U+0600-06FF,U+200C-200F,U+2010-2011,U+204F,U+FE70-FE74,U+FE76-FEFC" \
    --layout-features='*' --flavor=woff2 --output-file="src/web/fonts/noto-sans-arabic-$weight.woff2"
done
