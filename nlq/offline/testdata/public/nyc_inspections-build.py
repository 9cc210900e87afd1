#!/usr/bin/env python3
# Builds nyc_inspections.db from the mdsr R package ("Complement to 'Modern Data Science with R'",
# Benjamin S. Baumer, Nicholas Horton, Daniel Kaplan), github.com/mdsr-book/mdsr, commit
# 7afa3ecb706d9fcc93d648c7f52508a1f068612b (2026-01-12); its three data files used here,
# data/Violations.rda, data/ViolationCodes.rda and data/Cuisines.rda, last changed in
# f094d8161d6f5eadeef0d15030628e0acfa047fc (2016-01-09, "cleaned up Violations").
# They are the New York City Department of Health and Mental Hygiene (DOHMH) restaurant inspection
# results as NYC Open Data published them ("DOHMH New York City Restaurant Inspection Results",
# data.cityofnewyork.us, 43nn-pn8j), pulled by the package authors on 2016-01-06: every inspection
# of every food-service establishment open in New York City then, one source row per cited
# violation (or one row for an inspection without a violation code, or one placeholder row for a
# restaurant never inspected), 480,621 rows for 25,860 restaurants, with two lookup tables.
# Licence: CC0 (the package's DESCRIPTION "License: CC0"; the repository has no LICENSE file), see
# nyc_inspections.LICENSE.
#
# Subset: only the restaurants of three of the five boroughs are kept, boro 'BRONX', 'QUEENS' and
# 'STATEN ISLAND', plus the 6 restaurants whose borough the city recorded as the text 'Missing'
# (Manhattan and Brooklyn, 309,789 source rows, are dropped so the database stays under 3 MB
# gzipped); that is 170,832 of the 480,621 source rows, with all their inspections and
# violations. The two lookup tables are kept whole (less one ViolationCodes row whose code is
# NA, see below).
#
# Names: the package's own, kept: PascalCase table names (`Violations`, `ViolationCodes`,
# `Cuisines`; the wide source table is split into `Restaurants`, `Inspections` and `Violations`,
# named in the same style) and the city's terse lower-case column names: `camis` (the DOHMH
# record id of a restaurant, "CAMIS"), `dba` ("doing business as", the trading name), `boro`
# (borough), `building` (house number), `action` (what the inspector recorded about the outcome).
# Codes are decoded through the two lookup tables: a restaurant's `cuisine_code` through
# `Cuisines`, a violation's `violation_code` ('02B', '04L', '10F' ...) through `ViolationCodes`.
#
#   Cuisines       (cuisine_code INTEGER 1..84 PK, cuisine_description 'Afghan' ... 'American' (3)
#                   ... 'Chinese' (19) ... 'Latin (Cuban, Dominican, Puerto Rican, South & Central
#                   American)' (51) ... 'Not Listed/Not Applicable' (56) ... 'Other' (58),
#                   'Pizza' (62), 'Pizza/Italian' (63) ... 'Vietnamese/Cambodian/Malaysia' (84))
#   ViolationCodes (violation_code TEXT PK '02A'..'22G' (96 codes), critical_flag 'Critical' (50),
#                   'Not Critical' (44), 'Not Applicable' (2: 22F, 22G, whose
#                   violation_description is NULL), violation_description (the city's text, e.g.
#                   04L "Evidence of mice or live mice present in facility's food and/or non-food
#                   areas.", with typos as written: '1 65º F'))
#   Restaurants    (camis INTEGER PK, dba (NULL for 161 restaurants, all never inspected), boro
#                   'BRONX' / 'QUEENS' / 'STATEN ISLAND' / 'Missing' (upper case; 'Missing' is the
#                   city's sentinel; its 6 restaurants have zip codes 11249 (4), 10118, 10605),
#                   building INTEGER (house number as the package parsed it; NULL 483; odd
#                   values such as 65626564 kept), street (upper
#                   case, spacing as written: 'EAST  233 STREET'), zipcode INTEGER, phone TEXT of
#                   10 digits (NULL 32), cuisine_code -> Cuisines)
#   Inspections    (inspection_id INTEGER PK (assigned here, see below), camis -> Restaurants,
#                   inspection_date TEXT 'YYYY-MM-DD' 2010-01-28 .. 2016-01-04, or the sentinel
#                   '1900-01-01' on the one placeholder row of each of the 357 restaurants never
#                   inspected (those rows have NULL type, action, score and grade),
#                   inspection_type '<programme> / <step>' e.g. 'Cycle Inspection / Initial
#                   Inspection', 'Cycle Inspection / Re-inspection', 'Pre-permit (Operational) /
#                   Initial Inspection', 'Trans Fat / Compliance Inspection', 'Smoke-Free Air Act /
#                   Re-inspection', 'Calorie Posting / ...', 'Administrative Miscellaneous / ...',
#                   action one of 'Violations were cited in the following area(s).',
#                   'No violations were recorded at the time of this inspection.', 'Establishment
#                   Closed by DOHMH.  Violations were cited in the following area(s) and those
#                   requiring immediate action were addressed.' (two spaces after 'DOHMH.'),
#                   'Establishment re-opened by DOHMH', 'Establishment re-closed by DOHMH',
#                   score INTEGER (penalty points: lower is better, 0 best; -1 on 17 rows as
#                   written; max 132; NULL for 10,213 incl. the placeholders),
#                   grade 'A' / 'B' / 'C' / 'Z' (grade pending) / 'P' (grade pending, issued on
#                   re-opening) / 'Not Yet Graded', NULL on 32,017 (most inspections carry no
#                   grade: nearly all graded ones are cycle or pre-permit inspections), grade_date
#                   'YYYY-MM-DD' or NULL, record_date always '2016-01-06' (the day of the export))
#   Violations     (violation_id INTEGER PK (assigned here), inspection_id -> Inspections,
#                   violation_code -> ViolationCodes): one row per cited violation.
#
# How the wide source table is split: a restaurant's attributes (dba, boro, building, street,
# zipcode, phone, cuisine_code) are the same on all its rows except for a few mojibake spellings
# of the name (e.g. 'OLI 99Â¢ FRESH PIZZA' beside 'OLI 99¢ FRESH PIZZA'), where the most frequent
# spelling is kept. An inspection is one distinct (camis, inspection_date, inspection_type,
# action, score, grade, grade_date, record_date) combination (so the rare source inspection whose
# rows disagree, e.g. one closure and one re-opening on the same day, becomes two rows);
# inspection_id numbers them in the order of camis, date, type, action. Every source row with a
# violation code becomes one Violations row (numbered in inspection order); source rows without a
# code (no violations, re-openings, placeholders) give only their inspection. So "how many
# inspections" is COUNT(*) of Inspections (minus the 357 placeholders where it matters), "how many
# violations" COUNT(*) of Violations; 2,863 real inspections have no Violations row (2,777 of them
# 'No violations were recorded ...'). The ViolationCodes row whose code is NA ('Not Applicable',
# no description) is dropped: nothing could reference it.
# Types: dates as TEXT 'YYYY-MM-DD' (the package's POSIXct values are all midnight UTC); phone from
# the package's double to a 10-digit TEXT; cuisine_code, building, zipcode, score INTEGER.
#
# Keys: PRIMARY KEYs as above; Restaurants.cuisine_code -> Cuisines, Inspections.camis ->
# Restaurants, Violations.inspection_id -> Inspections, Violations.violation_code ->
# ViolationCodes (all checked with PRAGMA foreign_key_check); indexes on Inspections(camis) and
# Violations(inspection_id).
#
# Usage: extract the three .rda files (xz-compressed XDR serializations, read by the small
# reader below, standard library only), e.g.
#   for f in Violations ViolationCodes Cuisines; do git --git-dir=<mirror of mdsr-book/mdsr> \
#     show 7afa3ecb706d9fcc93d648c7f52508a1f068612b:data/$f.rda > src/$f.rda; done
# then python3 nyc_inspections-build.py src nyc_inspections.db && gzip -9 -n nyc_inspections.db
# (2.8 MB gzipped; 12 MB unpacked).
import collections, datetime, lzma, math, os, sqlite3, struct, sys

NA_INTEGER = -2**31
KEEP_BOROS = ('BRONX', 'QUEENS', 'STATEN ISLAND', 'Missing')


class RReader:
    """A minimal reader for R's XDR serialization (what save() writes into an .rda)."""
    def __init__(self, data):
        self.d, self.p, self.refs = data, 0, []

    def int(self):
        v = struct.unpack_from('>i', self.d, self.p)[0]
        self.p += 4
        return v

    def item(self):
        flags = self.int()
        t = flags & 0xFF
        has_attr, has_tag = flags & (1 << 9), flags & (1 << 10)
        if t in (254, 242):                    # NILVALUE, EMPTYENV
            return None
        if t == 255:                           # REFSXP
            idx = flags >> 8 or self.int()
            return self.refs[idx - 1]
        if t == 1:                             # SYMSXP
            sym = ('SYM', self.item())
            self.refs.append(sym)
            return sym
        if t == 9:                             # CHARSXP
            n = self.int()
            if n == -1:
                return None                    # NA_character_
            v = self.d[self.p:self.p + n].decode('utf-8')
            self.p += n
            return v
        if t in (2, 17):                       # LISTSXP: a pairlist
            items = []
            while True:
                if has_attr: self.item()
                tag = self.item() if has_tag else None
                items.append((tag[1] if tag else None, self.item()))
                flags = self.int()
                if flags & 0xFF == 254:
                    return items
                assert flags & 0xFF in (2, 17)
                has_attr, has_tag = flags & (1 << 9), flags & (1 << 10)
        if t in (10, 13):                      # LGLSXP, INTSXP
            n = self.int()
            v = [None if x == NA_INTEGER else x for x in struct.unpack_from(f'>{n}i', self.d, self.p)]
            self.p += 4 * n
        elif t == 14:                          # REALSXP
            n = self.int()
            v = [None if math.isnan(x) else x for x in struct.unpack_from(f'>{n}d', self.d, self.p)]
            self.p += 8 * n
        elif t in (16, 19):                    # STRSXP, VECSXP
            v = [self.item() for _ in range(self.int())]
        else:
            raise ValueError(f'R type {t} not handled')
        attrs = dict(self.item()) if has_attr else {}
        attrs['_type'] = t
        return v, attrs


def read_rda(src, name):
    with open(os.path.join(src, name + '.rda'), 'rb') as f:
        data = lzma.decompress(f.read())
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version 2, R version, min R version
    (obj, (columns, attrs)), = r.item()        # one saved object: a tibble
    assert obj == name, obj
    frame = {}
    for col, (v, a) in zip(attrs['names'][0], columns):
        if 'levels' in a:                      # a factor: 1-based codes into its levels
            lv = a['levels'][0]
            v = [None if x is None else lv[x - 1] for x in v]
        frame[col] = v
    return frame


def day(x):
    """POSIXct seconds (all at midnight UTC) -> 'YYYY-MM-DD'."""
    if x is None:
        return None
    assert x % 86400 == 0, x
    return (datetime.date(1970, 1, 1) + datetime.timedelta(days=int(x) // 86400)).isoformat()


def whole(x):
    if x is None:
        return None
    assert x == int(x), x
    return int(x)

SCHEMA = """
CREATE TABLE Cuisines (
  cuisine_code        INTEGER PRIMARY KEY,
  cuisine_description TEXT NOT NULL
);
CREATE TABLE ViolationCodes (
  violation_code        TEXT PRIMARY KEY,
  critical_flag         TEXT NOT NULL,
  violation_description TEXT
);
CREATE TABLE Restaurants (
  camis        INTEGER PRIMARY KEY,
  dba          TEXT,
  boro         TEXT NOT NULL,
  building     INTEGER,
  street       TEXT,
  zipcode      INTEGER,
  phone        TEXT,
  cuisine_code INTEGER NOT NULL REFERENCES Cuisines(cuisine_code)
);
CREATE TABLE Inspections (
  inspection_id   INTEGER PRIMARY KEY,
  camis           INTEGER NOT NULL REFERENCES Restaurants(camis),
  inspection_date TEXT NOT NULL,
  inspection_type TEXT,
  action          TEXT,
  score           INTEGER,
  grade           TEXT,
  grade_date      TEXT,
  record_date     TEXT NOT NULL
);
CREATE TABLE Violations (
  violation_id   INTEGER PRIMARY KEY,
  inspection_id  INTEGER NOT NULL REFERENCES Inspections(inspection_id),
  violation_code TEXT NOT NULL REFERENCES ViolationCodes(violation_code)
);
CREATE INDEX Inspections_camis ON Inspections(camis);
CREATE INDEX Violations_inspection_id ON Violations(inspection_id);
"""


def main(src, out):
    cu = read_rda(src, 'Cuisines')
    vc = read_rda(src, 'ViolationCodes')
    v = read_rda(src, 'Violations')
    n = len(v['camis'])
    assert n == 480621, n
    keep = [i for i in range(n) if v['boro'][i] in KEEP_BOROS]

    # Restaurants: one row per camis; the only disagreements in the source are mojibake
    # spellings of the name on a few rows (e.g. 'OLI 99Â¢ FRESH PIZZA'), so take the most frequent.
    rest = collections.defaultdict(collections.Counter)
    for i in keep:
        rest[v['camis'][i]][(v['dba'][i], v['boro'][i], v['building'][i], v['street'][i], v['zipcode'][i],
                             v['phone'][i], v['cuisine_code'][i])] += 1
    rrows = []
    for camis, c in rest.items():
        (dba, boro, building, street, zipcode, phone, cuisine), _ = c.most_common(1)[0]
        rrows.append((camis, dba, boro, building, street, zipcode,
                      None if phone is None else str(whole(phone)), whole(cuisine)))
    rrows.sort()

    # Inspections: one row per distinct (camis, inspection_date, inspection_type, action, score,
    # grade, grade_date); Violations: one row per source row that carries a violation code.
    def ikey(i):
        return (v['camis'][i], day(v['inspection_date'][i]), v['inspection_type'][i], v['action'][i],
                v['score'][i], v['grade'][i], day(v['grade_date'][i]), day(v['record_date'][i]))
    keys = sorted({ikey(i) for i in keep}, key=lambda k: tuple(('' if x is None else str(x).zfill(12)) for x in k))
    iid = {k: j + 1 for j, k in enumerate(keys)}
    irows = [(iid[k],) + k for k in keys]
    vrows = []
    for i in sorted(keep, key=lambda i: (iid[ikey(i)], v['violation_code'][i] or '')):
        if v['violation_code'][i] is not None:
            vrows.append((len(vrows) + 1, iid[ikey(i)], v['violation_code'][i]))

    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.executescript(SCHEMA)
    db.executemany('INSERT INTO Cuisines VALUES (?,?)',
                   sorted(zip([whole(x) for x in cu['cuisine_code']], cu['cuisine_description'])))
    db.executemany('INSERT INTO ViolationCodes VALUES (?,?,?)',
                   sorted(r for r in zip(vc['violation_code'], vc['critical_flag'], vc['violation_description'])
                          if r[0] is not None))
    db.executemany('INSERT INTO Restaurants VALUES (?,?,?,?,?,?,?,?)', rrows)
    db.executemany('INSERT INTO Inspections VALUES (?,?,?,?,?,?,?,?,?)', irows)
    db.executemany('INSERT INTO Violations VALUES (?,?,?)', vrows)
    db.commit()
    bad = db.execute('PRAGMA foreign_key_check').fetchall()
    assert not bad, bad[:5]
    for t in ('Cuisines', 'ViolationCodes', 'Restaurants', 'Inspections', 'Violations'):
        print(t, db.execute('SELECT COUNT(*) FROM ' + t).fetchone()[0])
    db.execute('VACUUM')
    db.close()


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: nyc_inspections-build.py <srcdir with Violations.rda, ViolationCodes.rda, Cuisines.rda> <out.db>')
    main(sys.argv[1], sys.argv[2])
