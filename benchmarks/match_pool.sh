#!/usr/bin/env bash
# Play games FIRST..LAST-1 of a benchmarks/search_bots.py match on P processes, one process per
# game, taken in order from a queue: stopped at any moment (timeout, kill), the finished games are
# the first ones, and running it again with the same DIR plays only the games that have no line yet.
# Stopping this script (SIGTERM, SIGINT) stops the games it started too, so a second run never plays
# beside a first one. Ends with the summary of every game line in DIR (benchmarks/compare_matches.py:
# wins, Wilson 95% interval, by seat, time per decision), kept joined in DIR/lines.txt.
#
#   benchmarks/match_pool.sh DIR P FIRST LAST magnate expert --opponent hard [--set ...]
#
# Two settings for a study planned ahead (environment variables):
#   STOP_AT="18:35 UTC"   no game begins at or after this time (anything `date -d` reads); the games
#                         under way finish, so a study can be given a stop time before it starts.
#   SUMMARY=no            no summary at the end (the lines are still joined in DIR/lines.txt): for
#                         a measurement played in several sittings, counted only once all are played.
set -uo pipefail
dir=$1 procs=$2 first=$3 last=$4
shift 4
stop=
if [ -n "${STOP_AT:-}" ]; then
  stop=$(date -d "$STOP_AT" +%s) || { echo "match_pool.sh: STOP_AT=$STOP_AT is not a time date reads" >&2; exit 2; }
fi
mkdir -p "$dir"
here=$(cd "$(dirname "$0")" && pwd)
queue=$(mktemp)
for ((i = first; i < last; i++)); do
  grep -qs "^$i " "$dir/game-$i.txt" || echo "$i"
done > "$queue"
# The games run in a process group of their own (setsid), stopped whole with this script.
pool=
trap '[ -n "$pool" ] && kill -- -"$pool" 2>/dev/null; rm -f "$queue"; exit 143' INT TERM
setsid xargs -a "$queue" -P "$procs" -I{} env MATCH_POOL_STOP="$stop" sh -c \
  'd=$1; shift; [ -n "$MATCH_POOL_STOP" ] && [ "$(date +%s)" -ge "$MATCH_POOL_STOP" ] && exit 0
   python3 "$0/search_bots.py" "$@" --start {} --games $(({} + 1)) > "$d/part-{}.txt" 2>&1 && grep "^{} " "$d/part-{}.txt" > "$d/game-{}.txt"' \
  "$here" "$dir" "$@" &
pool=$!
wait "$pool"
trap - INT TERM
rm -f "$queue"
cat "$dir"/game-*.txt 2>/dev/null | sort -n > "$dir/lines.txt"
if [ "${SUMMARY:-yes}" = no ]; then
  echo "$(wc -l < "$dir/lines.txt") finished games in $dir (no summary: SUMMARY=no)"
elif [ -s "$dir/lines.txt" ]; then
  python3 "$here/compare_matches.py" "$dir/lines.txt"
else
  echo "no finished games in $dir"
fi
