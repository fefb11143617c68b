#!/bin/sh
# strength-check.sh - did a change make a bot weaker?  `referee sprt` between
# a candidate and a base bot in each game asked for, with defaults made for
# CI runners and interpreted bots; the verdict in the exit status.  POSIX sh.
# bots/ci/README.md explains the defaults and the figures behind them;
# bots/ci/strength-test.yml is a GitHub Actions workflow that calls it.

set -u

me=strength-check

usage() {
    cat <<'EOF'
usage: strength-check.sh [OPTIONS] "CANDIDATE COMMAND" "BASE COMMAND" [-- SPRT OPTIONS]
       strength-check.sh [OPTIONS] --bot "COMMAND" [--build "COMMAND"]
                         [--repo DIR] [--base REF] [-- SPRT OPTIONS]
Did a change make the bot weaker?  Plays `referee sprt` between the
candidate and the base in each game (pentago, then pente), a
non-regression test: it passes a bot that is no weaker, fails one that is
clearly weaker.

The two bots, either as two command lines (any language: "python3 bot.py",
"ruby bot.rb", ./bot; run from the current folder), or as two commits of
one git repository:
  --bot CMD          the bot's command line, run in the top folder of each
                     of the two trees ("ruby bot.rb", "./bot --depth 3")
  --build CMD        built first in each tree with sh -c CMD ("make",
                     "cargo build --release"; default: nothing)
  --repo DIR         the bot's repository; its work tree as it is now is
                     the candidate (default: the current folder)
  --base REF         the base: a commit, branch or tag; "" or auto (the
                     default): the merge-base with the pull request's
                     target branch when GitHub Actions sets GITHUB_BASE_REF,
                     else HEAD~1.  When auto finds no commit (the first
                     commit), there is no base yet: says so, exits 0.
The referee, the first of: --referee PATH (a binary); --referee-src DIR (a
checkout of the referee, built with make -C DIR build/referee); $REFEREE;
`referee` on PATH; the checkout this script is in (built if needed).
The test:
  --games LIST       games, comma-separated (default pentago,pente)
  --openings G=FILE  an opening book for game G (FILE alone with one game;
                     default: random openings of 4 plies from the seed)
  --move-ms MS       per-move limit (default 1000)
  --clock C          cpu (default: a move is charged the CPU time the bot
                     used, so a busy runner costs no game) or wall
  --elo0 E --elo1 E  the hypotheses, normalised Elo (default -40 and -10)
  --max-pairs N      an undecided game test ends after N pairs (default 2000)
  -j, --concurrency K  games at once (default: the processors, nproc)
  --seed S           default: $GITHUB_RUN_ID in GitHub Actions, else the clock
  --sandbox on|off   a box per bot (default off: see bots/ci/README.md)
  --out DIR          records and summaries, DIR/GAME/ (default strength-check)
  --resume           go on with the tests already in DIR (same seed, bots)
  --keep-going       test every game even after one has failed
  -- OPTIONS         passed to every `referee sprt` (--alpha 0.01, --keep-bots)
exit status: 0 every game passed (or no base yet), 3 a game failed (the
  candidate is weaker), 4 no game failed but one was undecided at the cap,
  1 an error (the referee or a bot could not be built or started), 2 usage,
  130 interrupted.  Of several games the worst counts: 1, then 3, then 4.
EOF
}

say() { printf '%s: %s\n' "$me" "$*" >&2; }
die() { say "$*"; exit 1; }
usage_error() {
    say "$*"
    printf 'usage: strength-check.sh [OPTIONS] CANDIDATE BASE | --bot CMD ...; --help for more\n' >&2
    exit 2
}
# A GitHub Actions annotation, when running there.
gh_note() {
    if [ "${GITHUB_ACTIONS:-}" = true ]; then
        printf '::%s title=strength check::%s\n' "$1" "$2"
    fi
}

script_dir=$(cd "$(dirname "$0")" && pwd) || die "cannot find my own folder"

# ---- options -----------------------------------------------------------------
referee="" referee_src="" bot="" build="" repo="" base="" base_set=no
games="pentago,pente" openings="" move_ms=1000 clock=cpu elo0=-40 elo1=-10
max_pairs=2000 jobs="" seed="" sandbox=off out="" resume=no keep_going=no
cand_cmd="" base_cmd="" npos=0

need_arg() { [ "$2" -ge 2 ] || usage_error "$1 needs a value"; }
is_uint() { case $1 in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac; }
is_number() {
    case $1 in
    '' | *[!0-9.+-]* | *[+-]*[+-]* | ?*[+-]* | *.*.*) return 1 ;;
    *[0-9]*) return 0 ;;
    *) return 1 ;;
    esac
}

while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    --referee) need_arg "$1" $#; referee=$2; shift 2 ;;
    --referee-src) need_arg "$1" $#; referee_src=$2; shift 2 ;;
    --bot) need_arg "$1" $#; bot=$2; shift 2 ;;
    --build) need_arg "$1" $#; build=$2; shift 2 ;;
    --repo) need_arg "$1" $#; repo=$2; shift 2 ;;
    --base) need_arg "$1" $#; base=$2; base_set=yes; shift 2 ;;
    --games) need_arg "$1" $#; games=$2; shift 2 ;;
    --openings) need_arg "$1" $#
        openings="$openings
$2"; shift 2 ;;
    --move-ms) need_arg "$1" $#; move_ms=$2; shift 2 ;;
    --clock) need_arg "$1" $#; clock=$2; shift 2 ;;
    --elo0) need_arg "$1" $#; elo0=$2; shift 2 ;;
    --elo1) need_arg "$1" $#; elo1=$2; shift 2 ;;
    --max-pairs) need_arg "$1" $#; max_pairs=$2; shift 2 ;;
    -j | --concurrency) need_arg "$1" $#; jobs=$2; shift 2 ;;
    --seed) need_arg "$1" $#; seed=$2; shift 2 ;;
    --sandbox) need_arg "$1" $#; sandbox=$2; shift 2 ;;
    --out) need_arg "$1" $#; out=$2; shift 2 ;;
    --resume) resume=yes; shift ;;
    --keep-going) keep_going=yes; shift ;;
    --) shift; break ;;
    -*) usage_error "unknown option '$1'" ;;
    *)
        npos=$((npos + 1))
        case $npos in
        1) cand_cmd=$1 ;;
        2) base_cmd=$1 ;;
        *) usage_error "one candidate and one base command, not '$1' too" ;;
        esac
        shift ;;
    esac
done
# What is left in "$@" goes to every `referee sprt`.

if [ -n "$bot" ]; then
    [ $npos -eq 0 ] || usage_error "--bot or two commands, not both"
    mode=git
else
    [ $npos -eq 2 ] || usage_error "two commands (candidate and base), or --bot"
    [ -z "$build$repo" ] && [ $base_set = no ] ||
        usage_error "--build, --repo and --base go with --bot"
    mode=commands
fi
case $clock in cpu | wall) ;; *) usage_error "--clock is cpu or wall" ;; esac
case $sandbox in on | off) ;; *) usage_error "--sandbox is on or off" ;; esac
is_uint "$move_ms" || usage_error "--move-ms: '$move_ms' is not a number of ms"
is_uint "$max_pairs" && [ "$max_pairs" -gt 0 ] ||
    usage_error "--max-pairs: '$max_pairs' is not a positive number"
is_number "$elo0" || usage_error "--elo0: '$elo0' is not a number"
is_number "$elo1" || usage_error "--elo1: '$elo1' is not a number"
if [ -z "$jobs" ]; then
    jobs=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
fi
is_uint "$jobs" && [ "$jobs" -gt 0 ] || usage_error "-j: '$jobs' is not a positive number"
if [ -z "$seed" ]; then
    seed=${GITHUB_RUN_ID:-$(date +%s)}
fi
is_uint "$seed" || usage_error "--seed: '$seed' is not a number"

game_list=$(printf '%s' "$games" | tr ',' ' ')
[ -n "$(printf '%s' "$game_list" | tr -d ' ')" ] || usage_error "--games: no game named"
ngames=0
for g in $game_list; do
    case $g in
    *[!a-z0-9-]*) usage_error "--games: '$g' is not a game's name" ;;
    esac
    ngames=$((ngames + 1))
done

# The opening book of game $1, or nothing.
openings_of() {
    printf '%s\n' "$openings" | while IFS= read -r o; do
        case $o in
        '') ;;
        "$1="*) printf '%s\n' "${o#*=}" ;;
        *=*) ;;
        *) printf '%s\n' "$o" ;;
        esac
    done | tail -n 1
}
printf '%s\n' "$openings" | while IFS= read -r o; do
    case $o in
    '') ;;
    *=*) g=${o%%=*}
        case " $game_list " in *" $g "*) ;; *)
            say "--openings: '$g' is not one of the games tested ($games)"
            exit 2 ;;
        esac
        [ -r "${o#*=}" ] || { say "--openings: cannot read '${o#*=}'"; exit 2; } ;;
    *) [ "$ngames" -eq 1 ] || {
            say "--openings FILE alone goes with one game; with several: --openings GAME=FILE"
            exit 2; }
        [ -r "$o" ] || { say "--openings: cannot read '$o'"; exit 2; } ;;
    esac
done || exit 2

# An absolute path of $1 (which must exist, or its folder must).
abspath() {
    case $1 in
    /*) printf '%s\n' "$1" ;;
    *) if [ -d "$1" ]; then (cd "$1" && pwd)
        else printf '%s/%s\n' "$(cd "$(dirname "$1")" && pwd)" "$(basename "$1")"
        fi ;;
    esac
}

[ -n "$out" ] || out=strength-check
mkdir -p "$out" || die "cannot make the folder '$out'"
out=$(abspath "$out")
case $out in *"'"*) die "--out: a path with a quote (') cannot be named to the referee" ;; esac
if [ $resume = no ]; then
    for g in $game_list; do
        if [ -d "$out/$g" ] && [ -n "$(ls -A "$out/$g" 2>/dev/null)" ]; then
            say "'$out/$g' holds an earlier test: remove it, give another --out, or --resume (the same seed and bots)"
            exit 2
        fi
    done
fi

# ---- clean-up ------------------------------------------------------------------
work="" base_tree="" launchers=""
cleanup() {
    for l in $launchers; do rm -f "$l"; done
    if [ -n "$base_tree" ] && [ -d "$base_tree" ]; then
        git -C "$repo" worktree remove --force "$base_tree" >/dev/null 2>&1 ||
            rm -rf "$base_tree"
        git -C "$repo" worktree prune >/dev/null 2>&1
    fi
    [ -z "$work" ] || rm -rf "$work"
}
trap 'cleanup' EXIT
trap 'say "interrupted"; exit 130' INT TERM HUP

# ---- the base (git mode) ----------------------------------------------------------
# Before the referee: with no base there is nothing to build.
no_base() {
    say "$1"; gh_note notice "$1"
    printf '# strength check\n\n%s\n' "$1" >"$out/summary.md"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
    fi
    exit 0
}
if [ $mode = git ]; then
    command -v git >/dev/null 2>&1 || die "git is needed for --bot"
    [ -n "$repo" ] || repo=.
    top=$(git -C "$repo" rev-parse --show-toplevel 2>/dev/null) ||
        die "'$repo' is not in a git repository (--repo DIR)"
    repo=$top
    head=$(git -C "$repo" rev-parse --verify -q HEAD) ||
        no_base "no base yet: $repo has no commit; nothing to compare, passing"
    case $base in
    '' | auto)
        if [ -n "${GITHUB_BASE_REF:-}" ]; then
            target=$GITHUB_BASE_REF
            git -C "$repo" rev-parse --verify -q "origin/$target^{commit}" >/dev/null &&
                target="origin/$target"
            base_sha=$(git -C "$repo" merge-base "$target" HEAD 2>/dev/null) || base_sha=""
            what="the merge-base of HEAD and $target"
        else
            base_sha=$(git -C "$repo" rev-parse --verify -q "HEAD~1^{commit}") || base_sha=""
            what="HEAD~1"
        fi
        [ -n "$base_sha" ] ||
            no_base "no base yet: $what is no commit of $repo (the first commit, or a shallow clone: fetch-depth 0); nothing to compare, passing" ;;
    *)
        base_sha=$(git -C "$repo" rev-parse --verify -q "$base^{commit}") ||
            die "--base '$base' is no commit, branch or tag of $repo (a typo, or not fetched: fetch-depth 0)"
        what=$base ;;
    esac
    dirty=""
    [ -z "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ] ||
        dirty=" with uncommitted changes"
    say "candidate: $repo at $(git -C "$repo" rev-parse --short HEAD)$dirty"
    say "base: $what = $(git -C "$repo" rev-parse --short "$base_sha")"
    [ "$base_sha" != "$head" ] || [ -n "$dirty" ] ||
        no_base "the base ($what) is the candidate's own commit: nothing to compare, passing"
fi

# ---- the referee ---------------------------------------------------------------
build_referee() {
    src=$1
    [ -f "$src/Makefile" ] && [ -f "$src/referee/cli/main.c" ] ||
        die "'$src' is not a checkout of the referee (no Makefile, referee/cli/main.c)"
    say "building the referee in $src (make build/referee)"
    # BUILD=build: the referee's Makefile reads BUILD (its build folder),
    # which a CI job may well have set for something else.
    if ! make -C "$src" -j "$jobs" BUILD=build build/referee \
        >"$out/referee-build.log" 2>&1; then
        tail -n 20 "$out/referee-build.log" >&2
        die "the referee did not build (log: $out/referee-build.log); it needs a C compiler, make and the Debian packages libev-dev libyaml-dev libseccomp-dev (sudo apt-get install -y build-essential libev-dev libyaml-dev libseccomp-dev)"
    fi
    referee="$(abspath "$src")/build/referee"
}
if [ -n "$referee" ]; then
    how="--referee"
elif [ -n "$referee_src" ]; then
    build_referee "$referee_src"; how="built from $referee_src"
elif [ -n "${REFEREE:-}" ]; then
    referee=$REFEREE; how="\$REFEREE"
elif command -v referee >/dev/null 2>&1; then
    referee=$(command -v referee); how="on PATH"
else
    build_referee "$(cd "$script_dir/../.." && pwd)"; how="built from this script's checkout"
fi
case $referee in */*) referee=$(abspath "$referee") ;; esac
[ -x "$referee" ] || die "no referee at '$referee' ($how): give --referee PATH or --referee-src DIR"
version=$("$referee" --version 2>/dev/null) || die "'$referee' ($how) does not run"
say "referee: $referee ($version; $how)"

# ---- the bots ---------------------------------------------------------------------
# Quote $1 for the referee's command line.
quote() {
    case $1 in
    *[!A-Za-z0-9_./:@%+,=-]*) printf "'%s'" "$1" ;;
    *) printf '%s' "$1" ;;
    esac
}

# A launcher in tree $1 that runs a command there; $launched: the referee's
# command line for the bot, the launcher and then the bot's command line
# (so the records show it).  It sits in the tree so that
# a sandbox shows the tree as the bot's own folder.  Words NAME=VALUE at the
# head of the command are put in the environment, as a shell would.
make_launcher() {
    l="$1/.strength-check-bot"
    case $l in *"'"*) die "a path with a quote (') cannot be named to the referee: $l" ;; esac
    cat >"$l" <<'EOF' || die "cannot write '$l'"
#!/bin/sh
# Written by strength-check.sh: runs the bot in its own tree.
cd "$(dirname "$0")" || exit 127
while [ $# -gt 0 ]; do
    case $1 in
    [A-Za-z_]*=*) export "$1"; shift ;;
    *) break ;;
    esac
done
exec "$@"
EOF
    chmod 755 "$l" || die "cannot make '$l' executable"
    launchers="$launchers $l"
    launched="$(quote "$l") $bot"
}

run_dir=$(pwd)
if [ $mode = git ]; then
    base_tree="$out/base"
    if [ -e "$base_tree" ]; then
        git -C "$repo" worktree remove --force "$base_tree" >/dev/null 2>&1 ||
            die "'$base_tree' is in the way of the base's tree: remove it"
    fi
    git -C "$repo" worktree add -q --detach "$base_tree" "$base_sha" ||
        die "cannot check the base out into '$base_tree'"
    if [ -f "$base_tree/.gitmodules" ]; then
        git -C "$base_tree" submodule -q update --init --recursive ||
            die "cannot check the base's submodules out"
    fi
    if [ -n "$build" ]; then
        for side in candidate base; do
            tree=$repo
            [ $side = base ] && tree=$base_tree
            say "building the $side: (cd $tree && $build)"
            (cd "$tree" && sh -c "$build") >&2 ||
                die "the $side did not build: $build (in $tree)"
        done
    fi
    make_launcher "$repo"
    cand_cmd=$launched
    make_launcher "$base_tree"
    base_cmd=$launched
    # Not from a folder of either tree: a box never shows the working
    # directory, nor a folder holding it, as a bot's own.
    work=$(mktemp -d "${TMPDIR:-/tmp}/strength-check.XXXXXX") ||
        die "cannot make a temporary folder"
    run_dir=$work
fi

# ---- the tests ------------------------------------------------------------------
# A scalar of a summary file: the first line 'KEY: VALUE' at any indent.
field() {
    sed -n "s/^ *$2: *//p" "$1" | head -n 1 | sed 's/^"\(.*\)"$/\1/'
}
# A bot's losses by fault, from the summary's faults: map.
faults() {
    sed -n '/^faults:/,$p' "$1" | sed -n "s/^  $2: *//p" | head -n 1
}

say "games: $games; $move_ms ms a move on the $clock clock; bounds [$elo0, $elo1] normalised Elo; at most $max_pairs pairs a game; -j $jobs; seed $seed; sandbox $sandbox"
say "records: $out/GAME/"
status=0 report=""
for g in $game_list; do
    book=$(openings_of "$g")
    [ -z "$book" ] || book=$(abspath "$book")
    start=$(date +%s)
    say "$g: referee sprt ..."
    (
        cd "$run_dir" || exit 1
        # shellcheck disable=SC2086
        exec "$referee" sprt --game "$g" ${book:+--openings "$book"} \
            --move-ms "$move_ms" --clock "$clock" \
            --elo0 "$elo0" --elo1 "$elo1" --max-pairs "$max_pairs" \
            -j "$jobs" --seed "$seed" --sandbox "$sandbox" \
            --name "strength-$g" --out "$out/$g" "$@" "$cand_cmd" "$base_cmd"
    )
    rc=$?
    secs=$(($(date +%s) - start))
    sum="$out/$g/sprt.yaml"
    if [ -f "$sum" ] && [ $rc -ne 2 ]; then
        line="$g: $(field "$sum" verdict) (exit $rc) after $(field "$sum" pairs) pairs in ${secs} s; score $(field "$sum" score), nElo $(field "$sum" nelo) $(field "$sum" nelo_95); LLR $(field "$sum" llr) [$(field "$sum" lower), $(field "$sum" upper)]; faults: candidate $(faults "$sum" candidate), base $(faults "$sum" base)"
    else
        line="$g: no verdict (exit $rc) after ${secs} s"
    fi
    report="$report
$line"
    say "$line"
    case $rc in
    0) ;;
    130) say "interrupted"; exit 130 ;;
    3) [ $status -eq 1 ] || status=3 ;;
    4) [ $status -ne 0 ] || status=4 ;;
    *) status=1 ;;
    esac
    if [ $status -eq 1 ] || { [ $status -eq 3 ] && [ $keep_going = no ]; }; then
        break
    fi
done

case $status in
0) verdict="PASSED: the candidate is no weaker in any game tested" ;;
3) verdict="FAILED: the candidate is weaker (a game's test accepted H0)" ;;
4) verdict="UNDECIDED: no game failed, but a test reached --max-pairs $max_pairs" ;;
*) verdict="ERROR: a test could not be run (above)" ;;
esac
say "$verdict (exit $status)"
{
    printf '# strength check\n\n%s (exit %s)\n\n' "$verdict" "$status"
    printf '%s\n' "$report" | sed -n 's/^\(.\)/- \1/p'
    printf '\nbounds [%s, %s] normalised Elo, %s ms a move (%s clock), seed %s\n' \
        "$elo0" "$elo1" "$move_ms" "$clock" "$seed"
} >"$out/summary.md"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
fi
[ $status -eq 0 ] || gh_note error "$verdict"
exit $status
