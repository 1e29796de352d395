#!/usr/bin/env bash
# Seconds from `java -jar` to the first answer of any kind (listening) and to the first 200 answer of an
# article search (ready), for a first start (fresh data directory) and for restarts of the same directory.
#
#   server/scripts/measure-startup.sh [runs] [restarts per run]     (defaults: 1 run, 2 restarts)
#
# Uses $JAR (default server/target/fairrag.jar; another build's jar gives a baseline), $JAVA_OPTS (default
# -Xmx3g), a scratch data directory under /tmp and port $PORT (default 18080). Prints one line per start,
# "first: listening 1.9 s, ready 41.2 s" or "restart: ...", and the load average when it began.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=${JAR:-server/target/fairrag.jar}
PORT=${PORT:-18080}
RUNS=${1:-1}
RESTARTS=${2:-2}
URL="http://127.0.0.1:$PORT/api/articles/search?q=heart%20attack&k=10"

start_once() { # label, data dir
  local label=$1 dir=$2 log="$2.log" t0 pid code listening=""
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  java ${JAVA_OPTS:--Xmx3g} -jar "$JAR" --port "$PORT" --data-dir "$dir" >>"$log" 2>&1 &
  pid=$!
  while true; do
    code=$(curl -s -o /dev/null -w '%{http_code}' "$URL" || true)
    if [ -z "$listening" ] && [ "$code" != 000 ]; then listening=$(echo "$(date +%s.%N) - $t0" | bc); fi
    [ "$code" = 200 ] && break
    if ! kill -0 "$pid" 2>/dev/null; then echo "$label: the server exited; see $log" >&2; exit 1; fi
    sleep 0.2
  done
  printf '%s: listening %.1f s, ready %.1f s (load average at start: %s)\n' "$label" "$listening" \
    "$(echo "$(date +%s.%N) - $t0" | bc)" "$LOAD"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}

for run in $(seq "$RUNS"); do
  dir=$(mktemp -d "${TMPDIR:-/tmp}/fairrag-startup-XXXXXX")
  LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
  start_once first "$dir"
  for _ in $(seq "$RESTARTS"); do
    LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
    start_once restart "$dir"
  done
  rm -rf "$dir"; [ -n "${KEEP_LOGS:-}" ] && echo "log: $dir.log" || rm -f "$dir.log"
done
