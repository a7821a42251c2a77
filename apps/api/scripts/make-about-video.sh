#!/usr/bin/env bash
# Makes the About-page video (media/site/sobre-video.mp4 and .webm): a ~10 s slideshow of the
# atelier illustration and a few product banners with gentle crossfades.
#
# Run once, after `npx tsx apps/api/scripts/draw-images.ts`, and commit the result; the store never
# needs ffmpeg at run time. Needs rsvg-convert and ffmpeg (Debian: apt-get install -y librsvg2-bin ffmpeg).
#
#   bash apps/api/scripts/make-about-video.sh
set -euo pipefail
cd "$(dirname "$0")/.."

frames=(
  media/site/sobre-irmas.svg
  media/produtos/colar-veneziana-gota-esmeralda-carrossel.svg
  media/produtos/brinco-argola-cravejada-dourada-carrossel.svg
  media/site/hero.svg
  media/produtos/anel-halo-rubi-rodio-carrossel.svg
  media/site/sobre-video-poster.svg
)
show=2.2 # seconds each picture is on screen, fades included
fade=0.6

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

inputs=()
filters=""
for i in "${!frames[@]}"; do
  rsvg-convert -w 1280 "${frames[$i]}" -o "$tmp/$i.png"
  inputs+=(-loop 1 -t "$show" -i "$tmp/$i.png")
  filters+="[$i]scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,setsar=1,fps=30,format=yuv420p[v$i];"
done

last="v0"
for ((i = 1; i < ${#frames[@]}; i++)); do
  offset=$(awk -v i="$i" -v s="$show" -v f="$fade" 'BEGIN { printf "%.2f", i * (s - f) }')
  filters+="[$last][v$i]xfade=transition=fade:duration=$fade:offset=$offset[x$i];"
  last="x$i"
done
total=$(awk -v n="${#frames[@]}" -v s="$show" -v f="$fade" 'BEGIN { printf "%.2f", n * s - (n - 1) * f }')
filters+="[$last]fade=t=in:st=0:d=0.5,fade=t=out:st=$(awk -v t="$total" 'BEGIN { printf "%.2f", t - 0.6 }'):d=0.6[out]"

ffmpeg -hide_banner -loglevel error -y "${inputs[@]}" -filter_complex "$filters" -map "[out]" -t "$total" \
  -c:v libx264 -preset slow -crf 27 -pix_fmt yuv420p -movflags +faststart -an media/site/sobre-video.mp4
ffmpeg -hide_banner -loglevel error -y -i media/site/sobre-video.mp4 \
  -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -an media/site/sobre-video.webm

ls -l media/site/sobre-video.mp4 media/site/sobre-video.webm
