#!/usr/bin/env python3
"""Checks the lay-name lexicon against the bundled MeSH 2024 table and fills in descriptor UIs.

Each row of the lexicon is "lay name<TAB>MeSH preferred name" (as written by hand) or
"lay name<TAB>descriptor UI<TAB>MeSH preferred name" (as shipped). The script rewrites the file in the
three-column form, resolving a two-column row's preferred name to its UI, and fails listing every row
whose name is not a MeSH 2024 preferred name, whose UI does not exist or does not carry that name, and
every lay name listed twice. Comment and blank lines are kept as they are.

usage: resolve-lay-names.py [LEXICON.tsv]
"""
import csv, gzip, sys

MESH = "ontologies/mesh/mesh2024_descriptors.tsv.gz"
LEXICON = "server/src/main/resources/fairrag/terms/lay-names.tsv"

def main(path):
    by_name, by_ui = {}, {}
    with gzip.open(MESH, "rt", encoding="utf-8") as f:
        rows = csv.reader(f, delimiter="\t")
        next(rows)
        for ui, name, _trees, _entries in rows:
            by_name[name] = ui
            by_ui[ui] = name
    out, errors, seen = [], [], {}
    header = True
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            out.append(line)
            continue
        cols = line.split("\t")
        if header:
            out.append("lay name\tdescriptor\tMeSH preferred name")
            header = False
            continue
        if len(cols) == 2:
            lay, name = cols
            ui = by_name.get(name)
            if ui is None:
                errors.append(f"{number}: not a MeSH 2024 preferred name: {name!r} ({lay})")
                continue
        elif len(cols) == 3:
            lay, ui, name = cols
            if by_ui.get(ui) != name:
                errors.append(f"{number}: {ui} is {by_ui.get(ui)!r}, not {name!r} ({lay})")
                continue
        else:
            errors.append(f"{number}: expected 2 or 3 columns: {line!r}")
            continue
        key = " ".join(lay.lower().split())
        if key in seen:
            errors.append(f"{number}: {lay!r} already on line {seen[key]}")
        seen[key] = number
        out.append(f"{lay}\t{ui}\t{name}")
    if errors:
        sys.exit("\n".join(errors))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{path}: {len(seen)} lay names of {len({l.split(chr(9))[1] for l in out if l and not l.startswith('#') and chr(9) in l}) - 1} descriptors")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else LEXICON)
