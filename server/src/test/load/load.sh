#!/usr/bin/env bash
# Load test of a running fairrag server (not part of the test suite): wrk on loopback, bounded in time,
# a mix of article search, term search and details, filter (POST) and landing pages (mix.lua).
#
#   server/src/test/load/load.sh [BASE] [SECONDS] [CONNECTIONS] [SERVER_PID] [DATA_DIR]
#
# BASE defaults to http://127.0.0.1:8080, 60 s, 32 connections. Start the server with the rate limit
# raised for the run (FAIRRAG_RATE_LIMIT=100000): every connection comes from one address. With the
# server's PID, its peak resident memory (VmHWM) is reported; with its data directory too, the memory of
# its embedded PostgreSQL.
set -euo pipefail
BASE=${1:-http://127.0.0.1:8080}
SECONDS_TO_RUN=${2:-60}
CONNECTIONS=${3:-32}
SERVER_PID=${4:-}
DATA_DIR=${5:-}
HERE=$(cd "$(dirname "$0")" && pwd)
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

# Landing pages to ask for: 300 PIDs spread over the first sitemap page (terms, articles, the dataset, runs).
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
curl -sf "$BASE/sitemap/1.xml" -o "$WORK/sitemap.xml"
grep -o '/pid/[0-9a-z]\{13\}' "$WORK/sitemap.xml" | sed 's#/pid/##' | awk 'NR % 50 == 1 && n++ < 300' > "$WORK/pids"
[ -s "$WORK/pids" ] || { echo "no PIDs in $BASE/sitemap/1.xml" >&2; exit 1; }
{ printf 'PIDS = {'; sed 's/.*/"&",/' "$WORK/pids" | tr -d '\n'; printf '}\n'; cat "$HERE/mix.lua"; } > "$WORK/mix.lua"

echo "wrk: $CONNECTIONS connections, 2 threads, ${SECONDS_TO_RUN} s against $BASE"
wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_TO_RUN}s" --timeout 10s --latency -s "$WORK/mix.lua" "$BASE"

if [ -n "$SERVER_PID" ]; then
  echo "server JVM (pid $SERVER_PID): peak RSS $(awk '/VmHWM/ {printf "%.0f MiB", $2/1024}' /proc/"$SERVER_PID"/status)," \
       "RSS now $(awk '/VmRSS/ {printf "%.0f MiB", $2/1024}' /proc/"$SERVER_PID"/status)"
fi
if [ -n "$DATA_DIR" ] && [ -f "$DATA_DIR/postgres/postmaster.pid" ]; then
  # The embedded PostgreSQL runs as processes of its own; shared buffers count once per process here.
  POSTMASTER=$(head -1 "$DATA_DIR/postgres/postmaster.pid")
  echo "embedded PostgreSQL (postmaster $POSTMASTER and its $(pgrep -c -P "$POSTMASTER") children): RSS now" \
       "$( (echo "$POSTMASTER"; pgrep -P "$POSTMASTER") | xargs -I{} awk '/VmRSS/ {print $2}' /proc/{}/status | awk '{s+=$1} END {printf "%.0f MiB", s/1024}')"
fi
