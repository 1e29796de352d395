#!/usr/bin/env python3
"""Writes ontologies/mesh/mesh2024_top_level_tree_numbers.tsv: the MeSH 2024 top-level tree numbers
(A01, C04, ...) and their descriptors, which the derived descriptor table omits. The names are the
category headings of NLM's MeSH 2024 trees (https://meshb.nlm.nih.gov/treeView); each is resolved to
its DescriptorUI in the shipped table; the table must have descriptors below the code. Most of these
descriptors have no tree number in the table at all; a few (Dentistry E06, also H02.163) have only
their deeper positions."""
import gzip, os, sys
here = os.path.dirname(os.path.abspath(__file__))
table = os.path.join(here, '../../ontologies/mesh/mesh2024_descriptors.tsv.gz')
out = os.path.join(here, '../../ontologies/mesh/mesh2024_top_level_tree_numbers.tsv')
TOP = """A01 Body Regions|A02 Musculoskeletal System|A03 Digestive System|A04 Respiratory System|A05 Urogenital System|
A06 Endocrine System|A07 Cardiovascular System|A08 Nervous System|A09 Sense Organs|A10 Tissues|A11 Cells|
A12 Fluids and Secretions|A13 Animal Structures|A14 Stomatognathic System|A15 Hemic and Immune Systems|
A16 Embryonic Structures|A17 Integumentary System|A18 Plant Structures|A19 Fungal Structures|A20 Bacterial Structures|
A21 Viral Structures|B01 Eukaryota|B02 Archaea|B03 Bacteria|B04 Viruses|B05 Organism Forms|C01 Infections|C04 Neoplasms|
C05 Musculoskeletal Diseases|C06 Digestive System Diseases|C07 Stomatognathic Diseases|C08 Respiratory Tract Diseases|
C09 Otorhinolaryngologic Diseases|C10 Nervous System Diseases|C11 Eye Diseases|C12 Urogenital Diseases|
C14 Cardiovascular Diseases|C15 Hemic and Lymphatic Diseases|C16 Congenital, Hereditary, and Neonatal Diseases and Abnormalities|
C17 Skin and Connective Tissue Diseases|C18 Nutritional and Metabolic Diseases|C19 Endocrine System Diseases|
C20 Immune System Diseases|C21 Disorders of Environmental Origin|C22 Animal Diseases|C23 Pathological Conditions, Signs and Symptoms|
C24 Occupational Diseases|C25 Chemically-Induced Disorders|C26 Wounds and Injuries|D01 Inorganic Chemicals|D02 Organic Chemicals|
D03 Heterocyclic Compounds|D04 Polycyclic Compounds|D05 Macromolecular Substances|
D06 Hormones, Hormone Substitutes, and Hormone Antagonists|D08 Enzymes and Coenzymes|D09 Carbohydrates|D10 Lipids|
D12 Amino Acids, Peptides, and Proteins|D13 Nucleic Acids, Nucleotides, and Nucleosides|D20 Complex Mixtures|
D23 Biological Factors|D25 Biomedical and Dental Materials|D26 Pharmaceutical Preparations|D27 Chemical Actions and Uses|
E01 Diagnosis|E02 Therapeutics|E03 Anesthesia and Analgesia|E04 Surgical Procedures, Operative|E05 Investigative Techniques|
E06 Dentistry|E07 Equipment and Supplies|F01 Behavior and Behavior Mechanisms|F02 Psychological Phenomena|F03 Mental Disorders|
F04 Behavioral Disciplines and Activities|G01 Physical Phenomena|G02 Chemical Phenomena|G03 Metabolism|
G04 Cell Physiological Phenomena|G05 Genetic Phenomena|G06 Microbiological Phenomena|G07 Physiological Phenomena|
G08 Reproductive and Urinary Physiological Phenomena|G09 Circulatory and Respiratory Physiological Phenomena|
G10 Digestive System and Oral Physiological Phenomena|G11 Musculoskeletal and Neural Physiological Phenomena|
G12 Immune System Phenomena|G13 Integumentary System Physiological Phenomena|G14 Ocular Physiological Phenomena|
G15 Plant Physiological Phenomena|G16 Biological Phenomena|G17 Mathematical Concepts|H01 Natural Science Disciplines|
H02 Health Occupations|I01 Social Sciences|I02 Education|I03 Human Activities|J01 Technology, Industry, and Agriculture|
J02 Food and Beverages|J03 Non-Medical Public and Private Facilities|K01 Humanities|L01 Information Science|M01 Persons|
N01 Population Characteristics|N02 Health Care Facilities, Manpower, and Services|N03 Health Care Economics and Organizations|
N04 Health Services Administration|N05 Health Care Quality, Access, and Evaluation|N06 Environment and Public Health|
V01 Publication Components|V02 Publication Formats|V03 Study Characteristics|V04 Support of Research|Z01 Geographic Locations"""
rows = {}
with gzip.open(table, 'rt', encoding='utf-8') as f:
    next(f)
    for line in f:
        ui, name, trees, _ = line.rstrip('\n').split('\t')
        rows[name] = (ui, trees)
children = set()
for ui, trees in rows.values():
    for t in trees.split('|'):
        if t.count('.') == 1:
            children.add(t.split('.')[0])
missing, lines = [], []
for entry in TOP.replace('\n', '').split('|'):
    code, name = entry[:3], entry[4:]
    if name not in rows:
        missing.append(f'{code} {name}: not in table'); continue
    ui, trees = rows[name]
    if code in trees.split('|'):
        missing.append(f'{code} {name}: already in the table'); continue
    if code not in children:
        missing.append(f'{code} {name}: no descriptor below {code}'); continue
    lines.append(f'{ui}\t{name}\t{code}')
uncovered = sorted(children - {l.split('\t')[2] for l in lines})
with open(out, 'w', encoding='utf-8') as f:
    f.write('DescriptorUI\tDescriptorName\ttree_location\n' + '\n'.join(lines) + '\n')
print(f'{len(lines)} top-level tree numbers -> {out}')
for m in missing: print('skipped', m)
print('top-level codes with children but no mapping:', uncovered)
