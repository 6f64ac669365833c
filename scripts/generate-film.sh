#!/usr/bin/env bash
# Generates the site's own demo media into public/media (committed, so neither CI nor a fresh
# clone needs ffmpeg): the featured 2025 film, a 5-second animated test card encoded as H.264
# MP4 (under 400 KB), plus its poster, the sponsor-car photos and the favicon (drawn as SVG,
# turned into WebP by sharp). Run again after changing the designs: bash scripts/generate-film.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/media
mkdir -p "$out"

command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install -y ffmpeg)" >&2; exit 1; }

# A moving colour-bar test card with a shifting hue and a dark lower band, 960x540, 25 fps, 5 s.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=960x540:rate=25:duration=5" \
  -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=5" \
  -vf "hue=h=t*40,drawbox=x=0:y=ih*0.72:w=iw:h=ih*0.28:color=0x0f172a@0.85:t=fill" \
  -c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -crf 33 -movflags +faststart \
  -c:a aac -b:a 48k -shortest \
  "$out/rally-2025.mp4"

npx tsx scripts/generate-images.ts
ls -l "$out"
