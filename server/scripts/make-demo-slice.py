#!/usr/bin/env python3
"""Builds the bundled demo slice (server/src/main/resources/fairrag/demo/articles.jsonl.gz) from the
real records in ../shared/data/pubmed/. Run once by a maintainer; the output is committed.

Selection, in order, without duplicate PMIDs, up to TARGET records:
1. every record whose MeSH headings or title concern head-and-neck, mouth, oral, tongue, lip, gingival,
   salivary-gland, pharyngeal or nasopharyngeal neoplasms (the search-refine-filter flow of the tutorial);
2. every record from PubMed XML or MEDLINE sources (journal, date, authors, MeSH UIs, major topics);
3. a seeded random sample of the remaining Kaggle and PubMedQA records.
Only records with an abstract and at least one MeSH heading are taken.
"""
import gzip, json, random, sys, os

TARGET = 2500
SEED = 20241121
here = os.path.dirname(os.path.abspath(__file__))
src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '../../../shared/data/pubmed')
out = os.path.join(here, '../src/main/resources/fairrag/demo/articles.jsonl.gz')

KEYWORDS = ('mouth', 'oral', 'tongue', 'lip neoplasm', 'gingival', 'salivary', 'head and neck',
            'pharyngeal', 'nasopharyn', 'oropharyn', 'laryngeal neoplasm')

records = []
for name in ('articles.jsonl.gz', 'articles-more.jsonl.gz'):
    with gzip.open(os.path.join(src, name), 'rt', encoding='utf-8') as f:
        for line in f:
            r = json.loads(line)
            if r.get('abstract') and r.get('mesh'):
                records.append(r)

def topical(r):
    text = ' '.join(r.get('mesh') or []).lower() + ' ' + (r.get('title') or '').lower()
    return 'neoplasm' in text and any(k in text for k in KEYWORDS) or 'carcinoma' in text and any(k in text for k in KEYWORDS)

def rich(r):
    s = r.get('source', '')
    return s.startswith('pubmed_xml') or s.startswith('medline_txt') or '@' in s

chosen, seen = [], set()
def take(rs):
    for r in rs:
        if len(chosen) >= TARGET:
            return
        if r['pmid'] not in seen:
            seen.add(r['pmid'])
            chosen.append(r)

take([r for r in records if topical(r)])
take([r for r in records if rich(r)])
rest = [r for r in records if r['pmid'] not in seen]
random.Random(SEED).shuffle(rest)
take(rest)

os.makedirs(os.path.dirname(out), exist_ok=True)
with gzip.GzipFile(out, 'wb', mtime=0) as f:
    for r in chosen:
        f.write((json.dumps(r, ensure_ascii=False) + '\n').encode('utf-8'))
print(f'{len(chosen)} records ({sum(1 for r in chosen if topical(r))} topical, '
      f'{sum(1 for r in chosen if rich(r))} from XML/MEDLINE) -> {out}')
