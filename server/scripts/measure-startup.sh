#!/usr/bin/env bash
# Seconds from `java -jar` to the first answer of any kind (listening) and to the first 200 answer of an
# article search (ready), for a first start (fresh data directory) and for restarts of the same directory.
#
#   server/scripts/measure-startup.sh [runs] [restarts per run]     (defaults: 1 run, 1 restart)
#
# Uses $JAR (default server/target/fairrag.jar; another build's jar gives a baseline), $JAVA_OPTS (default
# -Xmx3g), a scratch data directory under $TMPDIR (deleted afterwards; KEEP_LOGS=1 keeps the server's log)
# and port $PORT (default 18080). Prints a line per start with the server's own step times, then one summary
# line to paste. "load" is the mean 1-minute load average sampled while the server started: it includes
# fairrag's own threads (about 2 on 2 busy cores), so a figure well above the core count means a shared machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=${JAR:-server/target/fairrag.jar}
PORT=${PORT:-18080}
RUNS=${1:-1}
RESTARTS=${2:-1}
URL="http://127.0.0.1:$PORT/api/articles/search?q=heart%20attack&k=10"
SUMMARY=()
SERVER=""
DIR=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [ -n "$DIR" ]; then rm -rf "$DIR"; [ -n "${KEEP_LOGS:-}" ] || rm -f "$DIR.log"; fi
}
trap cleanup EXIT

start_once() { # label, data dir
  local label=$1 dir=$2 log="$2.log" t0 pid code listening="" loads=0 n=0 ready load
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  java ${JAVA_OPTS:--Xmx3g} -jar "$JAR" --port "$PORT" --data-dir "$dir" >>"$log" 2>&1 &
  pid=$!; SERVER=$pid
  while true; do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$URL" || true)
    if [ -z "$listening" ] && [ "$code" != 000 ]; then listening=$(echo "$(date +%s.%N) - $t0" | bc); fi
    [ "$code" = 200 ] && break
    if ! kill -0 "$pid" 2>/dev/null; then echo "$label: the server exited; see $log" >&2; exit 1; fi
    loads=$(echo "$loads + $(cut -d' ' -f1 /proc/loadavg)" | bc); n=$((n + 1))
    sleep 0.2
  done
  ready=$(echo "$(date +%s.%N) - $t0" | bc)
  load=$(printf "%.1f" "$(echo "scale=2; ($loads + $(cut -d' ' -f1 /proc/loadavg)) / ($n + 1)" | bc)")
  printf '%s: listening %.1f s, ready %.1f s (load %s)\n' "$label" "$listening" "$ready" "$load"
  grep -o 'Start-up: .*' "$log" | tail -1 | sed 's/^/  /' || true
  SUMMARY+=("$(printf '%s ready %.1f s (listening %.1f s, load %s)' "$label" "$ready" "$listening" "$load")")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  SERVER=""
}

for run in $(seq "$RUNS"); do
  DIR=$(mktemp -d "${TMPDIR:-/tmp}/fairrag-startup-XXXXXX")
  start_once "first start" "$DIR"
  for _ in $(seq "$RESTARTS"); do
    start_once restart "$DIR"
  done
  [ -n "${KEEP_LOGS:-}" ] && echo "log: $DIR.log"
  cleanup; DIR=""
done
summary=$(printf '%s; ' "${SUMMARY[@]}")
echo "$(date -u +%Y-%m-%d), $(nproc) cores, commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown): ${summary%; }"
