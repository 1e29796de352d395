#!/usr/bin/env python3
"""Heavy filters against light requests on a running fairrag server (not part of the test suite).

    python3 server/src/test/load/filter-lanes.py [BASE]

BASE defaults to http://127.0.0.1:8080; start the server with FAIRRAG_RATE_LIMIT=0. Takes 200 article
PIDs and the 10 descriptors at the top of a MeSH tree with the most narrower terms, then twice: a light
filter (10 PIDs, one exploded term), an export of 10 articles and a heavy filter (200 PIDs x 10 exploded
terms) alone, and three heavy filters at once with a light filter and an export sent half a second after
them; prints the order in which they finished and when.
"""
import json
import sys
import threading
import time
import urllib.parse
import urllib.request

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"


def sparql(query):
    url = BASE + "/sparql?" + urllib.parse.urlencode({"query": query})
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": "text/csv"}), timeout=300) as r:
        return [line.strip() for line in r.read().decode().splitlines()[1:] if line.strip()]


def post(path, body):
    request = urllib.request.Request(BASE + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    started = time.time()
    try:
        with urllib.request.urlopen(request, timeout=600) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        status = e.code
    return status, round(time.time() - started, 2)


pids = sparql("PREFIX schema: <http://schema.org/> SELECT ?a WHERE { GRAPH ?g { ?a a schema:ScholarlyArticle } }"
              " ORDER BY ?a LIMIT 200")
top = sparql("PREFIX skos: <http://www.w3.org/2004/02/skos/core#> PREFIX dct: <http://purl.org/dc/terms/> "
             "SELECT ?id (COUNT(?n) AS ?narrower) WHERE { ?t skos:notation ?tn ; dct:identifier ?id "
             "FILTER(!CONTAINS(?tn, \".\")) ?n skos:broader+ ?t } GROUP BY ?id ORDER BY DESC(?narrower) LIMIT 10")
top = [line.split(",")[0] for line in top]
heavy = {"articles": pids, "terms": top, "explode": True}
light = {"articles": pids[:10], "terms": ["D009062"], "explode": True}
export = {"articles": pids[:10]}

for run in (1, 2):
    print(f"run {run}: light filter alone {post('/api/filter', light)}, export alone "
          f"{post('/api/export?format=csv', export)}, heavy filter alone {post('/api/filter', heavy)}")
    finished = []
    start = time.time()

    def heavy_filter(i):
        status, _ = post("/api/filter", heavy)
        finished.append((f"heavy {i}", status, round(time.time() - start, 2)))

    threads = [threading.Thread(target=heavy_filter, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    status, _ = post("/api/filter", light)
    finished.append(("light filter", status, round(time.time() - start, 2)))
    status, _ = post("/api/export?format=csv", export)
    finished.append(("export", status, round(time.time() - start, 2)))
    for t in threads:
        t.join()
    print(f"run {run}: three heavy filters, a light filter and an export at once, finished (name, status, s):")
    for entry in finished:
        print("   ", entry)
