#!/bin/sh
# make-openings.sh - balanced openings for `referee sprt --openings`, by
# self-play: random openings of PLIES plies (the referee's generator), each
# played twice by BOT against itself with the seats swapped; an opening is
# kept when the two games do not both go to the same colour (one win each,
# or a draw), so that neither colour is handed the game.
#
# usage: matches/openings/make-openings.sh GAME PLIES PAIRS MOVE_MS "BOT" > FILE
#   e.g. matches/openings/make-openings.sh pentago 4 200 200 \
#            "build/bots/pentago_bot --depth 3" > matches/openings/pentago-4ply.txt
set -eu
[ $# -eq 5 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
game=$1 plies=$2 pairs=$3 ms=$4 bot=$5
ref=${REF:-build/referee}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$ref" sprt --game "$game" --pairs "$pairs" --random-plies "$plies" \
    --move-ms "$ms" --seed "${SEED:-1}" -j "${JOBS:-2}" --sandbox off \
    --out "$dir" "$bot" "$bot" >/dev/null
# The colour that won a record ("draw" if none): the player whose result
# is "win".
winner() {
    awk '/^- seat:/ { c = "" } /^  colour:/ { c = $2 }
         /^  result: "win"/ { w = c } END { print (w ? w : "draw") }' "$1"
}
# The opening's moves of a record, joined by ", ".
opening() {
    awk '/^opening_plies:/ { n = $2 }
         /^  move:/ && k < n { sub(/^  move: /, ""); gsub(/"/, "");
                                 printf "%s%s", (k ? ", " : ""), $0; k++ }
         END { print "" }' "$1"
}
echo "# $game, $plies random plies, kept when $bot against itself did not"
echo "# win both games of the pair with the same colour ($pairs pairs tried,"
echo "# $ms ms a move, seed ${SEED:-1}; made by matches/openings/make-openings.sh)"
i=0
while [ "$i" -lt "$pairs" ]; do
    a=$(printf '%s/game-%04d.yaml' "$dir" $((2 * i + 1)))
    b=$(printf '%s/game-%04d.yaml' "$dir" $((2 * i + 2)))
    i=$((i + 1))
    [ -f "$a" ] && [ -f "$b" ] || continue
    wa=$(winner "$a") wb=$(winner "$b")
    if [ "$wa" = draw ] || [ "$wb" = draw ] || [ "$wa" != "$wb" ]; then
        opening "$a"
    fi
done
