#!/bin/bash
# Anonymous /api/articles/search latency on a collection that holds restricted articles, for two builds of the server
# (for example the commit before a change and after it), started in turn on copies of the same data, two rounds each.
#
#   bench/scripts/restricted-search-latency.sh OLD.jar NEW.jar DEMO_DATA_DIR [WORK_DIR]
#
# DEMO_DATA_DIR: a data directory the server has loaded the demo into (a first `serve` on an empty one), not in use.
# The copy gets the 51 articles of a bundled PubMed XML sample ingested as restricted (by NEW.jar). Queries: the
# development set search-lay-dev-3.tsv, all of them, twice after a warm-up round, one after another. Needs python3.
set -euo pipefail
old_jar=$(realpath "$1"); new_jar=$(realpath "$2"); demo=$(realpath "$3")
work=${4:-$(mktemp -d)}
repo=$(cd "$(dirname "$0")/../.." && pwd)
port=18739
base=$(sed -n 's/^baseUrl=//p' "$demo/fairrag-instance.properties" | sed 's/\\:/:/g')
echo "copying $demo to $work/data"
rm -rf "$work/data"; cp -a "$demo" "$work/data"; rm -f "$work/data/fairrag.lock"
java -Xmx3g -jar "$new_jar" ingest --data-dir "$work/data" --base-url "$base" --access restricted \
    "$repo/server/src/test/resources/samples/xml/netsynergy_pubmed21n1003.xml.gz" > "$work/ingest.log" 2>&1 || true
tail -3 "$work/ingest.log"
cut -f1 "$repo/server/src/test/resources/quality/search-lay-dev-3.tsv" | tail -n +2 | grep -v '^#' | grep -v '^$' > "$work/queries.txt"
for round in 1 2; do
  for name in old new; do
    jar=$old_jar; [[ $name == new ]] && jar=$new_jar
    FAIRRAG_RATE_LIMIT=0 java -Xmx3g -jar "$jar" serve --data-dir "$work/data" --base-url "$base" --port $port \
        > "$work/$name-$round.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 200); do
      curl -s "localhost:$port/health" | grep -q '"status":"UP"' && break; sleep 3
    done
    python3 - "$name" "$round" "$work/queries.txt" "$port" <<'PY'
import sys, time, urllib.request, urllib.parse, statistics
name, rnd, path, port = sys.argv[1:5]
qs = [l.strip() for l in open(path) if l.strip()]
def run():
    t = []
    for q in qs:
        u = f'http://localhost:{port}/api/articles/search?k=10&q=' + urllib.parse.quote(q)
        a = time.perf_counter(); urllib.request.urlopen(u).read(); t.append((time.perf_counter() - a) * 1000)
    return t
run()
t = sorted(run() + run())
print(f"{name} round {rnd}: n={len(t)} p50={statistics.median(t):.2f} ms p90={t[int(len(t) * 0.9)]:.2f} ms", flush=True)
PY
    kill $pid; wait $pid 2>/dev/null || true
  done
done
