#!/bin/sh
# shoot.sh [BUILD] - the README's screenshots (make screenshots): a game of
# Pentago, of Pente and of Pentago Multiplayer (four seats) between the
# bundled C bots, each viewer page (referee replay --html) shown at its last
# move, and the report of a small Swiss event (its top), written
# by headless Chromium into tests/screenshots/*.png at 1200x900.  The games
# are seeded, so the pictures change only when the pages do (or the bots).
set -eu
rel=${1:-build}
out=tests/screenshots
browser=
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser=$(command -v "$b"); break; fi
done
if [ -z "$browser" ]; then
  echo "screenshots: no chromium on PATH (apt-get install chromium)" >&2
  exit 1
fi
tmp=$(mktemp -d /tmp/referee-shots-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

# shot URL PNG: a fresh HOME and profile, so nothing of a user's browser
# gets in; --no-sandbox because root has no other way to run it.
shot() {
  HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config \
  XDG_CACHE_HOME=$tmp/home/.cache timeout 120 "$browser" --headless \
    --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --user-data-dir="$tmp/profile" --virtual-time-budget=3000 \
    --window-size=1200,900 --screenshot="$2" "$1" >>"$tmp/browser.log" 2>&1 \
    || { tail -20 "$tmp/browser.log" >&2; echo "screenshots: $1 failed" >&2; exit 1; }
  echo "screenshots: $2"
}

# game NAME SEED MATCH-ARGS...: one game, its page, its last position.
game() {
  name=$1 seed=$2
  shift 2
  "$rel/referee" match --out "$tmp/$name" --name "$name" -n 1 \
    --seed "$seed" --sandbox off "$@" >"$tmp/$name.log" 2>&1 \
    || { cat "$tmp/$name.log" >&2; exit 1; }
  "$rel/referee" replay "$tmp/$name/game-0001.yaml" --html "$tmp/$name.html" \
    >/dev/null
  shot "file://$tmp/$name.html#ply=0&keys=End" "$out/game-$name.png"
}

bots=$rel/bots
# Seeds that give a win by a rotation, a Pente game with captures, and a
# board of four colours.
game pentago 9 --game pentago "$bots/greedy_bot" "$bots/pentago_bot"
game pente 7 --game pente "$bots/greedy_bot" "$bots/greedy_bot"
game multi 7 --game pentago-multi --variant 4p "$bots/pentago_bot" \
  "$bots/greedy_bot" "$bots/random_bot" "$bots/greedy_bot"

cat >"$tmp/shots.yaml" <<YAML
event: shots
records: $tmp/records
results: $tmp/results
seed: 2026
format: swiss-cup
time_control: {move_ms: 3000}
entrants:
  - {name: pentago, command: $bots/pentago_bot}
  - {name: greedy-1, command: $bots/greedy_bot}
  - {name: greedy-2, command: $bots/greedy_bot --position}
  - {name: greedy-3, command: $bots/greedy_bot}
  - {name: random-1, command: $bots/random_bot}
  - {name: random-2, command: $bots/random_bot --position}
  - {name: random-3, command: $bots/random_bot}
  - {name: random-4, command: $bots/random_bot --position}
YAML
"$rel/referee" event --sandbox off "$tmp/shots.yaml" >"$tmp/event.log" 2>&1 \
  || { tail -20 "$tmp/event.log" >&2; exit 1; }
shot "file://$tmp/results/index.html" "$out/event.png"
