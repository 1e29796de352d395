#!/usr/bin/env python3
"""Turns hand-written "lay phrase<TAB>MeSH preferred name" lines into a term-linking set.

Resolves each preferred name to its descriptor UI in the bundled MeSH 2024 table (the name must be
a preferred name exactly, so a typo fails loudly) and records whether the phrase is already an entry
term of that descriptor (case-insensitive), so the set can show how many phrases MeSH does not list.

usage: make-term-linking-set.py PAIRS.txt OUT.tsv "comment line"
"""
import csv, gzip, re, sys

MESH = "ontologies/mesh/mesh2024_descriptors.tsv.gz"

def norm(s):
    return re.sub(r"\s+", " ", s.strip().lower())

def main(pairs_path, out_path, comment):
    by_name, entries = {}, {}
    with gzip.open(MESH, "rt", encoding="utf-8") as f:
        rows = csv.reader(f, delimiter="\t")
        next(rows)
        for ui, name, _trees, entry_terms in rows:
            by_name[name] = ui
            entries[ui] = {norm(e) for e in entry_terms.split("|") if e} | {norm(name)}
    out = []
    for line in open(pairs_path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        phrase, name = line.split("\t")
        if name not in by_name:
            sys.exit(f"not a MeSH 2024 preferred name: {name!r}")
        ui = by_name[name]
        out.append((phrase, ui, name, "yes" if norm(phrase) in entries[ui] else "no"))
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("# " + comment + "\n")
        f.write("phrase\tdescriptor\tname\tmesh_name_or_entry_term\n")
        for row in out:
            f.write("\t".join(row) + "\n")
    listed = sum(1 for r in out if r[3] == "yes")
    print(f"{out_path}: {len(out)} phrases, {listed} are MeSH names or entry terms, {len(out) - listed} are not")

if __name__ == "__main__":
    main(*sys.argv[1:4])
