#!/usr/bin/env python3
# Builds gapminder.db: life expectancy, population and GDP per capita of 142 countries every five
# years from 1952 to 2007, with each country's continent and ISO 3166-1 codes.
#
# Data: the gapminder R package by Jennifer Bryan (github.com/jennybc/gapminder; "Data from
#   Gapminder": "An excerpt of the data available at Gapminder.org. For each of 142 countries, the
#   package provides values for life expectancy, GDP per capita, and population, every five
#   years, from 1952 to 2007"). DESCRIPTION says "License: CC0"; the repository has no LICENSE
#   file, so gapminder.LICENSE holds that DESCRIPTION line with the package's authorship and the
#   CC0 1.0 Universal legal code.
#   The package's objects are gzip-compressed R XDR serializations (format version 2):
#   data/gapminder.rdata       the tibble `gapminder` (1,704 rows: country and continent factors,
#                              year, lifeExp, pop, gdpPercap; R/gapminder.R documents lifeExp as
#                              life expectancy at birth in years, pop as population, gdpPercap as
#                              GDP per capita in inflation-adjusted US$)
#   data/country_codes.rdata   the tibble `country_codes` (187 rows: country, iso_alpha, iso_num;
#                              it also covers the countries of gapminder_unfiltered)
#   data/country_colors.rdata  the named character vector `country_colors` (142 hex colours)
#   data/continent_colors.rdata the named character vector `continent_colors` (5 hex colours)
#   The build checks them value for value against the package's tab-delimited copies
#   inst/extdata/gapminder.tsv, country-codes.tsv, country-colors.tsv and continent-colors.tsv.
# Pinned commit: 391b5a40d3574c3b89d889dd7d72f7f3fdb4a70c (2025-06-12, "Increment version number
#   to 1.0.1.9000", the newest commit). Files last changed in:
#   data/gapminder.rdata         41768c8e08410bd0b599c590c36067b3ffdec8fe (2015-12-30, "add the
#                                unfiltered data frame to the package")
#   data/country_codes.rdata     dde290980a17d113e2e54f67b2bbdb7909e36f5a (2019-03-06, "Be careful
#                                about preserving the int type of iso_num")
#   data/country_colors.rdata,
#   data/continent_colors.rdata  ab54cf68239fc8538ec519b404afd6de5615b9ee (2017-10-30, "Modernize
#                                creation of the color schemes")
#   inst/extdata/gapminder.tsv   926620f98f5f201a46f8fcf6cbd6b98244aff955 (2017-10-30)
#   inst/extdata/country-codes.tsv 003f98f4bfe596a9af5eaa8450b19cd1e570fc87 (2018-09-24, "Fix
#                                country codes for North Korea")
#   R/gapminder.R                fdf5a03795183b238e6c757f11018fbca78cd364 (2023-03-08)
#   DESCRIPTION                  391b5a40d3574c3b89d889dd7d72f7f3fdb4a70c (2025-06-12)
#
# Usage (Python 3, standard library only):
#   python3 gapminder-build.py <jennybc+gapminder git dir> [<commit>] [<out.db>]
#   e.g. python3 gapminder-build.py /work/.mirror/jennybc+gapminder/repo
#   then gzip -9 -n gapminder.db  (-> gapminder.db.gz)
#
# The source is one flat table (country, continent, year, lifeExp, pop, gdpPercap) plus a code
# table and two colour vectors. Normalised into 3 tables (table names ours, column names the
# package's where they exist):
#   continents (5): continent_id INTEGER PRIMARY KEY (1..5 in the factor's alphabetical order),
#       continent TEXT UNIQUE ('Africa', 'Americas', 'Asia', 'Europe', 'Oceania'), color (the
#       package's continent_colors hex colour for plots, e.g. '#7F3B08').
#   countries (142): country_id INTEGER PRIMARY KEY (1..142 in the factor's alphabetical order),
#       country TEXT UNIQUE (Gapminder's spelling: 'Korea, Rep.', 'Congo, Dem. Rep.', 'Yemen,
#       Rep.', 'Hong Kong, China', "Cote d'Ivoire"), continent_id -> continents, iso_alpha
#       (ISO 3166-1 alpha-3, UNIQUE), iso_num (ISO 3166-1 numeric, INTEGER, UNIQUE), color (the
#       package's country_colors hex colour).
#   gapminder (1,704): one row per country and year: country_id -> countries, year (1952, 1957,
#       ..., 2007: 12 years), lifeExp (life expectancy at birth, years, REAL), pop (population,
#       INTEGER), gdpPercap (GDP per capita, inflation-adjusted US$, REAL); PRIMARY KEY
#       (country_id, year).
# Values: R integers -> INTEGER, doubles -> REAL exactly as stored, factors -> their labels; the
# data have no NA. Left out: the 45 rows of country_codes for countries that are not in
# `gapminder` (they belong to gapminder_unfiltered), and the supplemental `gapminder_unfiltered`
# (3,313 rows at irregular years, with a sixth continent 'FSU'), so that every country has all 12
# years. Nothing is subset.
import csv, gzip, io, math, os, sqlite3, struct, subprocess, sys

PINNED = '391b5a40d3574c3b89d889dd7d72f7f3fdb4a70c'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'gapminder.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# --- a minimal reader for R's XDR serialization (the one of taylor-build.py / towny-build.py) ---
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


def read_rdata(name):
    data = gzip.decompress(show(f'data/{name}.rdata'))
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    (obj, value), = r.item()                   # one saved object
    assert obj == name, obj
    assert r.p == len(data)
    return value


def read_frame(name):
    columns, attrs = read_rdata(name)
    frame = {}
    for col, (v, a) in zip(attrs['names'][0], columns):
        if 'class' in a and a['class'][0] == ['factor']:   # factor -> its labels
            levels = a['levels'][0]
            v = [None if x is None else levels[x - 1] for x in v]
        elif a['_type'] == 14:
            v = [None if x is None else float(x) for x in v]
        frame[col] = v
    return frame


def read_named(name):
    values, attrs = read_rdata(name)
    return dict(zip(attrs['names'][0], values))


def read_tsv(path):
    with io.StringIO(show(path).decode('utf-8'), newline='') as f:
        return list(csv.DictReader(f, delimiter='\t'))


gap = read_frame('gapminder')
codes = read_frame('country_codes')
country_colors = read_named('country_colors')
continent_colors = read_named('continent_colors')
COLS = ['country', 'continent', 'year', 'lifeExp', 'pop', 'gdpPercap']
assert list(gap) == COLS and len(gap['year']) == 1704
rows = [dict(zip(COLS, t)) for t in zip(*(gap[c] for c in COLS))]
assert all(v is not None for r in rows for v in r.values())

# --- the .rdata objects hold exactly the package's tab-delimited copies ---
tsv = read_tsv('inst/extdata/gapminder.tsv')
assert len(tsv) == len(rows)
for r, t in zip(rows, tsv):
    for c in COLS:
        v = r[c]
        assert (v == t[c] if isinstance(v, str) else v == type(v)(t[c])), (r, t)
tcodes = read_tsv('inst/extdata/country-codes.tsv')
assert [(c['country'], c['iso_alpha'], int(c['iso_num'])) for c in tcodes] == \
    list(zip(codes['country'], codes['iso_alpha'], codes['iso_num']))
assert {c['country']: c['color'] for c in read_tsv('inst/extdata/country-colors.tsv')} == country_colors
assert {c['continent']: c['color'] for c in read_tsv('inst/extdata/continent-colors.tsv')} == continent_colors

SCHEMA = '''
CREATE TABLE continents (
  continent_id INTEGER PRIMARY KEY,
  continent    TEXT NOT NULL UNIQUE,
  color        TEXT NOT NULL              -- the package's plot colour, hex
);
CREATE TABLE countries (
  country_id   INTEGER PRIMARY KEY,
  country      TEXT NOT NULL UNIQUE,      -- Gapminder's spelling
  continent_id INTEGER NOT NULL REFERENCES continents (continent_id),
  iso_alpha    TEXT NOT NULL UNIQUE,      -- ISO 3166-1 alpha-3
  iso_num      INTEGER NOT NULL UNIQUE,   -- ISO 3166-1 numeric
  color        TEXT NOT NULL              -- the package's plot colour, hex
);
CREATE TABLE gapminder (
  country_id   INTEGER NOT NULL REFERENCES countries (country_id),
  year         INTEGER NOT NULL,
  lifeExp      REAL NOT NULL,             -- life expectancy at birth, years
  pop          INTEGER NOT NULL,          -- population
  gdpPercap    REAL NOT NULL,             -- GDP per capita, inflation-adjusted US$
  PRIMARY KEY (country_id, year)
);
'''

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)

continents = sorted({r['continent'] for r in rows})
assert continents == sorted(continent_colors)
cont_id = {c: i for i, c in enumerate(continents, 1)}
db.executemany('INSERT INTO continents VALUES (?, ?, ?)',
               [(i, c, continent_colors[c]) for c, i in cont_id.items()])

country_cont = {}
for r in rows:
    assert country_cont.setdefault(r['country'], r['continent']) == r['continent']
countries = sorted(country_cont)
assert len(countries) == 142 and set(countries) == set(country_colors)
iso = {c: (a, n) for c, a, n in zip(codes['country'], codes['iso_alpha'], codes['iso_num'])}
assert len(iso) == 187 and all(c in iso for c in countries)
ctry_id = {c: i for i, c in enumerate(countries, 1)}
db.executemany('INSERT INTO countries VALUES (?, ?, ?, ?, ?, ?)',
               [(i, c, cont_id[country_cont[c]], iso[c][0], iso[c][1], country_colors[c])
                for c, i in ctry_id.items()])
db.executemany('INSERT INTO gapminder VALUES (?, ?, ?, ?, ?)',
               [(ctry_id[r['country']], r['year'], r['lifeExp'], r['pop'], r['gdpPercap']) for r in rows])
db.commit()

# --- checks ---
one = lambda q: db.execute(q).fetchone()[0]
counts = {t: one(f'SELECT COUNT(*) FROM {t}') for t in ('continents', 'countries', 'gapminder')}
print(counts)
assert counts == {'continents': 5, 'countries': 142, 'gapminder': 1704}, counts
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
assert one('SELECT COUNT(DISTINCT year) FROM gapminder') == 12
assert one('SELECT COUNT(*) FROM (SELECT country_id FROM gapminder GROUP BY country_id HAVING COUNT(*) = 12)') == 142
assert one('SELECT MIN(year) FROM gapminder') == 1952 and one('SELECT MAX(year) FROM gapminder') == 2007
# the package's README: median lifeExp per continent over all years (Africa 47.7920, ..., Oceania 73.6650)
med = {}
for cont, in db.execute('SELECT continent FROM continents'):
    v = [x for x, in db.execute('''SELECT g.lifeExp FROM gapminder g JOIN countries c USING (country_id)
          JOIN continents k USING (continent_id) WHERE k.continent = ? ORDER BY g.lifeExp''', (cont,))]
    med[cont] = round((v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2, 4)
assert med == {'Africa': 47.792, 'Americas': 67.048, 'Asia': 61.7915, 'Europe': 72.241, 'Oceania': 73.665}, med
db.execute('VACUUM')
db.close()
