#!/usr/bin/env python3
# Builds towny.db: Ontario's 414 local municipalities (single-tier and lower-tier) with their census
# division, status, census subdivision type, location, land area and website, and their census
# populations, densities and population changes for the six censuses 1996-2021.
#
# Why this database: it is the fallback of its round. The first choice, the MySQL "employees"
# sample database (github.com/datacharmer/test_db), could not be built: its data files
# load_employees.dump, load_salaries1-3.dump, load_titles.dump and load_dept_emp.dump are listed in
# the stored snapshot but their blobs are absent (only the small load_departments.dump and
# load_dept_manager.dump are there), as in the twentieth round.
#
# Data: the gt R package by Posit Software, PBC (github.com/rstudio/gt), its data set `towny`
#   ("Populations of all municipalities in Ontario from 1996 to 2021", man/towny.Rd: census
#   population data from six census years for all 414 of Ontario's local municipalities, 173
#   single-tier and 241 lower-tier; location, website, classification and land area according to
#   2021 boundaries; computed density and population-change columns), stored in data/towny.rda
#   (bzip2-compressed R XDR serialization, version 3) and made by data-raw/07-towny.R from
#   data-raw/towny.csv. DESCRIPTION "License: MIT + file LICENSE": towny.LICENSE holds the LICENSE
#   file (YEAR / COPYRIGHT HOLDER lines) and LICENSE.md (the MIT licence), both verbatim.
# Pinned commit: 042da4e8b42231b89844de523e1fa457f3be8e13 (2026-07-17, "Merge pull request #2151
#   from shannonhaughton/keep_with_next", the newest commit). Files last changed in:
#   data/towny.rda       c9906ea8f5d7f28dc8bce6e6758506fea2fae9cc (2025-10-19, "Update towny.rda",
#                        a re-save as serialization version 3: every value equals those of
#                        5c2df3b6 (2024-04-13) and 2debe14f (2023-01-27))
#   data-raw/towny.csv   e1746c388703b788090b49a9911d2643e1293bc0 (2023-01-27, "Update towny.csv")
#   man/towny.Rd         96f04d93eb2f24274ba2175714141410e5f8852d (2026-07-15, "Update to roxygen2 8.0")
#   The build checks that the .rda holds exactly the values of data-raw/towny.csv (the CSV's
#   "lat, lon" coordinates split in two, as 07-towny.R does).
#
# Usage (Python 3, standard library only):
#   python3 towny-build.py <rstudio+gt git dir> [<commit>] [<out.db>]
#   e.g. python3 towny-build.py /work/.mirror/rstudio+gt/repo
#   then gzip -9 -n -c towny.db > towny.db.gz && rm towny.db
#
# The source is one flat table (one row per municipality, 25 columns, the six census years spread
# over population_YYYY, density_YYYY and pop_change_YYYY_YYYY_pct columns). It is normalised into
# 3 tables (table names ours, column names the package's where they exist):
#   census_divisions (49): census_div_id INTEGER PRIMARY KEY (1..49 in alphabetical order of the
#       name), census_div TEXT UNIQUE (the census division: a county, district, regional
#       municipality or single-tier city, 'Simcoe', 'Stormont, Dundas and Glengarry', 'Toronto').
#   municipalities (414): muni_id INTEGER PRIMARY KEY (1..414 in the package's order, which is
#       alphabetical by name), name (NOT unique: 'Hamilton' is both the city of Hamilton and a
#       township in Northumberland), website (NULL for 4 without an official site), status
#       ('lower-tier' / 'single-tier'), csd_type (census subdivision type: 'village', 'town',
#       'township', 'municipality', 'city'), census_div_id -> census_divisions, latitude,
#       longitude (decimal degrees), land_area_km2 (km², 2021 boundaries).
#   populations (2,478): one row per municipality and census year with a population:
#       muni_id -> municipalities, census_year (1996, 2001, 2006, 2011, 2016, 2021),
#       population (persons, INTEGER), density (persons per km², as stored: population / the 2021
#       land area, rounded to 2 decimals), pop_change_pct (change since the previous census as
#       the package stores it, a FRACTION rounded to 4 decimals despite the name: 0.0458 = +4.58%;
#       the package's pop_change_<previous>_<year>_pct; NULL for 1996, which has no previous
#       census in the data, and where the package has NA: 2006 for the three municipalities
#       with no 1996/2001 population (below) and every year of Cockburn Island, whose population
#       is 2, 0, 10, 0, 0, 16). PRIMARY KEY (muni_id, census_year).
#   Rows are left out of populations only where the package has no population: 1996 and 2001 for
#   Callander, Northeastern Manitoulin and the Islands and Temiskaming Shores (their density and
#   change are NA too), so 414 x 6 - 6 = 2,478 rows.
# Values: R NA -> NULL; R integers -> INTEGER; R doubles -> REAL exactly as stored; text as stored.
# Nothing else is left out; nothing is subset.
import bz2, csv, io, math, os, sqlite3, struct, subprocess, sys

PINNED = '042da4e8b42231b89844de523e1fa457f3be8e13'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'towny.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# --- a minimal reader for R's XDR serialization (the one of taylor-build.py) ---
NA_INTEGER = -2**31


class RReader:
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


def read_rda(name):
    data = bz2.decompress(show(f'data/{name}.rda'))
    assert data[:7] in (b'RDX2\nX\n', b'RDX3\nX\n'), data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    if data[:4] == b'RDX3':                    # version 3 adds the native encoding
        n = r.int()
        assert data[r.p:r.p + n] == b'UTF-8'
        r.p += n
    (obj, (columns, attrs)), = r.item()        # one saved object: a tibble
    assert obj == name, obj
    assert r.p == len(data)
    frame = {}
    for col, (v, a) in zip(attrs['names'][0], columns):
        assert set(a) == {'_type'}, (col, a)   # plain vectors: no factors, no dates
        frame[col] = [None if x is None else float(x) for x in v] if a['_type'] == 14 else v
    return frame


YEARS = [1996, 2001, 2006, 2011, 2016, 2021]
COLUMNS = (['name', 'website', 'status', 'csd_type', 'census_div', 'latitude', 'longitude',
            'land_area_km2'] + [f'population_{y}' for y in YEARS] + [f'density_{y}' for y in YEARS]
           + [f'pop_change_{a}_{b}_pct' for a, b in zip(YEARS, YEARS[1:])])

SCHEMA = '''
CREATE TABLE census_divisions (
  census_div_id INTEGER PRIMARY KEY,
  census_div    TEXT NOT NULL UNIQUE        -- census division (county, district, region, city)
);
CREATE TABLE municipalities (
  muni_id       INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,              -- not unique: two 'Hamilton'
  website       TEXT,
  status        TEXT NOT NULL,              -- 'lower-tier' / 'single-tier'
  csd_type      TEXT NOT NULL,              -- census subdivision type
  census_div_id INTEGER NOT NULL REFERENCES census_divisions (census_div_id),
  latitude      REAL NOT NULL,
  longitude     REAL NOT NULL,
  land_area_km2 REAL NOT NULL               -- km², 2021 boundaries
);
CREATE TABLE populations (
  muni_id        INTEGER NOT NULL REFERENCES municipalities (muni_id),
  census_year    INTEGER NOT NULL,
  population     INTEGER NOT NULL,
  density        REAL,                      -- persons per km²
  pop_change_pct REAL,                      -- change since the previous census, a fraction
  PRIMARY KEY (muni_id, census_year)
);
'''

towny = read_rda('towny')
assert list(towny) == COLUMNS, list(towny)
n = len(towny['name'])
assert n == 414 and all(len(v) == n for v in towny.values())
rows = [dict(zip(COLUMNS, t)) for t in zip(*(towny[c] for c in COLUMNS))]

# The .rda holds exactly data-raw/towny.csv, coordinates split into latitude and longitude.
with io.StringIO(show('data-raw/towny.csv').decode('utf-8'), newline='') as f:
    raw = list(csv.DictReader(f))
assert len(raw) == n
for r, c in zip(rows, raw):
    lat, lon = c.pop('coordinates').split(', ')
    c['latitude'], c['longitude'] = lat, lon
    c['land_area_km2'] = c.pop('land_area_km')
    for col in COLUMNS:
        v, s = r[col], c[col]
        if v is None:
            assert s in ('NA', ''), (r['name'], col, s)
        elif isinstance(v, str):
            assert v == s, (r['name'], col, v, s)
        else:
            assert v == (int(s) if isinstance(v, int) else float(s)), (r['name'], col, v, s)

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)

divisions = sorted({r['census_div'] for r in rows})
div_id = {d: i for i, d in enumerate(divisions, 1)}
db.executemany('INSERT INTO census_divisions VALUES (?, ?)', [(i, d) for d, i in div_id.items()])
db.executemany('INSERT INTO municipalities VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
               [(i, r['name'], r['website'], r['status'], r['csd_type'], div_id[r['census_div']],
                 r['latitude'], r['longitude'], r['land_area_km2']) for i, r in enumerate(rows, 1)])
pops = []
for i, r in enumerate(rows, 1):
    for k, y in enumerate(YEARS):
        change = r[f'pop_change_{YEARS[k - 1]}_{y}_pct'] if k else None
        if r[f'population_{y}'] is None:
            assert r[f'density_{y}'] is None and change is None, (r['name'], y)
            continue
        pops.append((i, y, r[f'population_{y}'], r[f'density_{y}'], change))
db.executemany('INSERT INTO populations VALUES (?, ?, ?, ?, ?)', pops)
db.commit()

# --- checks ---
one = lambda q: db.execute(q).fetchone()[0]
counts = {t: one(f'SELECT COUNT(*) FROM {t}') for t in ('census_divisions', 'municipalities', 'populations')}
print(counts)
assert counts == {'census_divisions': 49, 'municipalities': 414, 'populations': 2478}, counts
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
assert one("SELECT COUNT(*) FROM municipalities WHERE status = 'single-tier'") == 173
# density = population / land area (2021), to the stored 2 decimals
assert one('''SELECT COUNT(*) FROM populations p JOIN municipalities m USING (muni_id)
              WHERE abs(p.density - round(p.population / m.land_area_km2, 2)) > 0.0051''') == 0
# pop_change_pct = (population - previous population) / previous population, to 4 decimals
assert one('''SELECT COUNT(*) FROM populations p JOIN populations q
              ON q.muni_id = p.muni_id AND q.census_year = p.census_year - 5
              WHERE q.population > 0
              AND abs(p.pop_change_pct - (p.population - q.population) * 1.0 / q.population) > 0.00006''') == 0
print('density NULL:', one('SELECT COUNT(*) FROM populations WHERE density IS NULL'),
      'change NULL after 1996:', one('SELECT COUNT(*) FROM populations WHERE census_year > 1996 AND pop_change_pct IS NULL'))
db.execute('VACUUM')
db.close()
