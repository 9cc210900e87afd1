#!/usr/bin/env python3
# Builds penguins.db: the Palmer penguins, adult Adelie, Chinstrap and Gentoo penguins measured at
# their nests on three islands of the Palmer Archipelago (Antarctica) in the 2007/08, 2008/09 and
# 2009/10 breeding seasons: bill (culmen) length and depth, flipper length, body mass, sex, blood
# isotope ratios, and each nest's clutch completion and first-egg date.
#
# Data: the R package palmerpenguins by Allison Horst, Alison Hill and Kristen Gorman
#   (github.com/allisonhorst/palmerpenguins), "Palmer Archipelago (Antarctica) Penguin Data",
#   collected by Dr. Kristen Gorman and the Palmer Station Long Term Ecological Research (LTER)
#   Program (EDI packages knb-lter-pal.219/220/221; Gorman, Williams & Fraser 2014, PLoS ONE
#   9(3): e90081). DESCRIPTION "License: CC0"; LICENSE.md (CC0 1.0 Universal) is copied verbatim
#   into penguins.LICENSE.
# This is the fallback of its round: the first choice, hadley/babynames, could not be built,
#   because its data/babynames.rda (the 1.9 million name rows) is absent from the stored
#   snapshot at every commit that has it (its blob is over 4 MiB).
# Pinned commit: 8957207b78d6ccd1b4654a9dd9c9041b657478ab (2024-09-19, "Edited intro.Rmd to
#   update URL in link to Environmental Data Initiative website (#99)", the newest commit). The
#   data files last changed in:
#   R/sysdata.rda                 156daa4301838d9fdcc5b018b29b9149bf975552 (2020-07-15, "Adding year to penguins (#62)")
#   inst/extdata/penguins.csv     156daa4301838d9fdcc5b018b29b9149bf975552 (2020-07-15)
#   inst/extdata/penguins_raw.csv 8db8ef55e61d9a36b81e39833655410ace199e37 (2020-07-01, "Extdata (#46)")
#
# Usage (Python 3, standard library only):
#   python3 penguins-build.py <allisonhorst+palmerpenguins git dir> [<commit>] [<out.db>]
#   then gzip -9 -n -c penguins.db > penguins.db.gz && rm penguins.db
# The package's two data sets, penguins (8 columns) and penguins_raw (17 columns, the LTER
# files as downloaded), are the internal objects penguins_df and penguins_raw_df of
# R/sysdata.rda (bzip2-compressed R XDR serialization, version 2), read with the small reader
# of taylor-build.py (factors turned into their labels, R Dates into ISO text). The build checks
# that inst/extdata/penguins.csv and penguins_raw.csv (the package's CSV exports) hold exactly
# the same values, and that penguins is penguins_raw row for row (species = first word of
# Species, sex = lower-case Sex, year = year of Date Egg, bill_* = Culmen *).
#
# The two flat tables (344 rows each, one per adult sampled in one season) are normalised into
# 6 tables (names ours; columns keep the package's names where it has them: the tidy
# penguins names bill_length_mm, bill_depth_mm, flipper_length_mm, body_mass_g, sex, year,
# and penguins_raw's names in snake_case: study_name, sample_number, region, stage,
# individual_id, clutch_completion, date_egg, comments; delta_15_n and delta_13_c are
# "Delta 15 N (o/oo)" and "Delta 13 C (o/oo)", per mil):
#   islands (3): island_id INTEGER PK (1 Biscoe, 2 Dream, 3 Torgersen, the package's factor
#       order), island, region (always 'Anvers', the Palmer LTER grid region).
#   species (3): species_id INTEGER PK (1 Adelie, 2 Chinstrap, 3 Gentoo), species (penguins'
#       short name), species_name (penguins_raw's text as written: 'Adelie Penguin (Pygoscelis
#       adeliae)', 'Chinstrap penguin (Pygoscelis antarctica)', 'Gentoo penguin (Pygoscelis
#       papua)'), scientific_name (the part in brackets).
#   studies (3): study_name PK ('PAL0708', 'PAL0809', 'PAL0910', the sampling expedition of one
#       breeding season), year (penguins' year: 2007, 2008, 2009, the year of every Date Egg of
#       that study).
#   nests (172): nest_id INTEGER PK (numbered in order of first appearance), study_name ->
#       studies, nest ('N1' ... the nest part of Individual ID 'N1A1'), species_id -> species,
#       island_id -> islands, clutch_completion ('Yes'/'No': nest observed with a full clutch of
#       2 eggs), date_egg (ISO 'YYYY-MM-DD', the date the nest was observed with 1 egg).
#       UNIQUE (study_name, nest). The build checks that every nest holds exactly two adults
#       (A1 and A2) of one species, on one island, with the same clutch_completion and date_egg.
#   individuals (344): penguin_id INTEGER PK (1-344, the package's row order), nest_id ->
#       nests, individual_id (the source's 'N1A1' = nest 1, adult 1: NOT unique: nest labels
#       restart every season, so 'N1A1' is a different bird in different studies, even of
#       another species or island), sample_number (numbering per species running on across the
#       studies: Adelie 1-152, Chinstrap 1-68, Gentoo 1-124; UNIQUE with species), stage
#       (always 'Adult, 1 Egg Stage'), sex ('female'/'male' as penguins writes it; NULL for 11),
#       comments (penguins_raw's Comments; NULL when none).
#   measurements (342): penguin_id INTEGER PK -> individuals, bill_length_mm, bill_depth_mm
#       (REAL), flipper_length_mm, body_mass_g (INTEGER, whole numbers in the data), delta_15_n,
#       delta_13_c (REAL; NULL when no blood isotope data). The two adults "not sampled"
#       (penguin_id 4 and 272, every measurement NA) have no row.
# Values: R NA -> NULL; R doubles REAL exactly as stored; factors -> their labels; text as
# stored. Declared: the primary keys, UNIQUE keys and 5 foreign keys above; every value matches.
# Left out: nothing; penguins' species, island, sex and year are penguins_raw's columns recoded,
# so both data sets are kept whole. Nothing is subset: 3 + 3 + 3 + 172 + 344 + 342 rows.
import bz2, collections, csv, datetime, io, math, os, re, sqlite3, struct, subprocess, sys

PINNED = '8957207b78d6ccd1b4654a9dd9c9041b657478ab'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'penguins.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# --- a minimal reader for R's XDR serialization (what save() writes into an .rda) ---
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


def column(v, a):
    cls = a.get('class', ([],))[0]
    if 'factor' in cls:
        levels = a['levels'][0]
        return [None if x is None else levels[x - 1] for x in v]
    if 'Date' in cls:
        return [None if x is None else
                (datetime.date(1970, 1, 1) + datetime.timedelta(days=int(x))).isoformat() for x in v]
    if a['_type'] == 14:
        return [None if x is None else float(x) for x in v]
    return v


def read_sysdata():
    data = bz2.decompress(show('R/sysdata.rda'))
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    frames = {}
    for name, (columns, attrs) in r.item():    # the saved objects, a pairlist
        names = attrs['names'][0]
        frames[name] = {col: column(v, a) for col, (v, a) in zip(names, columns)}
        frames[name]['_names'] = names
    return frames


frames = read_sysdata()
pen, raw = frames['penguins_df'], frames['penguins_raw_df']
N = len(raw['studyName'])
assert N == 344 and all(len(v) == N for k, v in list(pen.items()) + list(raw.items()) if k != '_names')


# --- the CSV exports hold the same values ---
def check_csv(path, frame):
    rows = list(csv.reader(io.StringIO(show(path).decode('utf-8'), newline='')))
    assert rows[0] == frame['_names'], (path, rows[0])
    assert len(rows) == N + 1, path
    for j, col in enumerate(rows[0]):
        for i, rec in enumerate(rows[1:]):
            v, s = frame[col][i], rec[j]
            if v is None:
                assert s == 'NA', (path, col, i, s)
            elif isinstance(v, float):
                assert float(s) == v, (path, col, i, s, v)
            else:
                assert str(v) == s, (path, col, i, s, v)


check_csv('inst/extdata/penguins.csv', pen)
check_csv('inst/extdata/penguins_raw.csv', raw)

# --- penguins is penguins_raw, row for row ---
for i in range(N):
    assert raw['Species'][i].split()[0] == pen['species'][i]
    assert raw['Island'][i] == pen['island'][i]
    assert raw['Date Egg'][i][:4] == str(pen['year'][i])
    assert (raw['Sex'][i] or '').lower() == (pen['sex'][i] or '')
    assert raw['Culmen Length (mm)'][i] == pen['bill_length_mm'][i]
    assert raw['Culmen Depth (mm)'][i] == pen['bill_depth_mm'][i]
    for a, b in [('Flipper Length (mm)', 'flipper_length_mm'), ('Body Mass (g)', 'body_mass_g')]:
        assert (raw[a][i] is None and pen[b][i] is None) or raw[a][i] == float(pen[b][i])

SCHEMA = """
CREATE TABLE islands (
  island_id INTEGER PRIMARY KEY,
  island    TEXT NOT NULL UNIQUE,
  region    TEXT NOT NULL
);
CREATE TABLE species (
  species_id      INTEGER PRIMARY KEY,
  species         TEXT NOT NULL UNIQUE,
  species_name    TEXT NOT NULL,
  scientific_name TEXT NOT NULL
);
CREATE TABLE studies (
  study_name TEXT PRIMARY KEY,
  year       INTEGER NOT NULL UNIQUE
);
CREATE TABLE nests (
  nest_id           INTEGER PRIMARY KEY,
  study_name        TEXT NOT NULL REFERENCES studies (study_name),
  nest              TEXT NOT NULL,
  species_id        INTEGER NOT NULL REFERENCES species (species_id),
  island_id         INTEGER NOT NULL REFERENCES islands (island_id),
  clutch_completion TEXT NOT NULL,
  date_egg          TEXT NOT NULL,
  UNIQUE (study_name, nest)
);
CREATE TABLE individuals (
  penguin_id    INTEGER PRIMARY KEY,
  nest_id       INTEGER NOT NULL REFERENCES nests (nest_id),
  individual_id TEXT NOT NULL,
  sample_number INTEGER NOT NULL,
  stage         TEXT NOT NULL,
  sex           TEXT,
  comments      TEXT
);
CREATE TABLE measurements (
  penguin_id        INTEGER PRIMARY KEY REFERENCES individuals (penguin_id),
  bill_length_mm    REAL,
  bill_depth_mm     REAL,
  flipper_length_mm INTEGER,
  body_mass_g       INTEGER,
  delta_15_n        REAL,
  delta_13_c        REAL
);
"""

# islands and species in the package's factor order
island_names = sorted(set(pen['island']))
species_short = sorted(set(pen['species']))
assert island_names == ['Biscoe', 'Dream', 'Torgersen'] and species_short == ['Adelie', 'Chinstrap', 'Gentoo']
island_id = {n: k for k, n in enumerate(island_names, 1)}
species_id = {n: k for k, n in enumerate(species_short, 1)}

regions = {}
for i in range(N):
    regions.setdefault(raw['Island'][i], set()).add(raw['Region'][i])
assert all(len(v) == 1 for v in regions.values())
islands = [(island_id[n], n, regions[n].pop()) for n in island_names]

full = {}
for i in range(N):
    full.setdefault(pen['species'][i], set()).add(raw['Species'][i])
assert all(len(v) == 1 for v in full.values())
species = []
for n in species_short:
    name = full[n].pop()
    m = re.fullmatch(r'(\w+) [Pp]enguin \(([A-Z][a-z]+ [a-z]+)\)', name)
    assert m and m.group(1) == n, name
    species.append((species_id[n], n, name, m.group(2)))

years = {}
for i in range(N):
    years.setdefault(raw['studyName'][i], set()).add(pen['year'][i])
assert all(len(v) == 1 for v in years.values())
studies = [(s, years[s].pop()) for s in sorted(years)]
assert [y for _, y in studies] == [2007, 2008, 2009]

nests, nest_of, members = [], {}, collections.defaultdict(list)
for i in range(N):
    m = re.fullmatch(r'(N\d+)A([12])', raw['Individual ID'][i])
    assert m, raw['Individual ID'][i]
    key = (raw['studyName'][i], m.group(1))
    attrs = (species_id[pen['species'][i]], island_id[pen['island'][i]],
             raw['Clutch Completion'][i], raw['Date Egg'][i])
    assert attrs[2] in ('Yes', 'No') and attrs[3] is not None
    if key not in nest_of:
        nest_of[key] = len(nests) + 1
        nests.append((nest_of[key],) + key + attrs)
    assert nests[nest_of[key] - 1][3:] == attrs, (key, attrs)
    members[key].append(m.group(2))
assert all(sorted(v) == ['1', '2'] for v in members.values())

individuals, measurements = [], []
for i in range(N):
    key = (raw['studyName'][i], raw['Individual ID'][i].split('A')[0])
    sn = raw['Sample Number'][i]
    assert sn == int(sn)
    assert raw['Stage'][i] is not None
    individuals.append((i + 1, nest_of[key], raw['Individual ID'][i], int(sn), raw['Stage'][i],
                        pen['sex'][i], raw['Comments'][i]))
    m = (pen['bill_length_mm'][i], pen['bill_depth_mm'][i], pen['flipper_length_mm'][i],
         pen['body_mass_g'][i], raw['Delta 15 N (o/oo)'][i], raw['Delta 13 C (o/oo)'][i])
    if all(x is None for x in m):
        assert raw['Comments'][i].startswith('Adult not sampled.'), raw['Comments'][i]
        continue
    measurements.append((i + 1,) + m)

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.executescript(SCHEMA)
for t, rows in [('islands', islands), ('species', species), ('studies', studies), ('nests', nests),
                ('individuals', individuals), ('measurements', measurements)]:
    db.executemany(f'INSERT INTO {t} VALUES ({",".join("?" * len(rows[0]))})', rows)
db.commit()

counts = {t: db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]
          for t in ['islands', 'species', 'studies', 'nests', 'individuals', 'measurements']}
print(counts)
assert counts == {'islands': 3, 'species': 3, 'studies': 3, 'nests': 172, 'individuals': 344,
                  'measurements': 342}, counts
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
# sample_number is unique within a species
assert db.execute('SELECT COUNT(*) FROM (SELECT n.species_id, i.sample_number FROM individuals i '
                  'JOIN nests n USING (nest_id) GROUP BY 1, 2 HAVING COUNT(*) > 1)').fetchone()[0] == 0
# every nest's date_egg lies in its study's year
assert db.execute('SELECT COUNT(*) FROM nests JOIN studies USING (study_name) '
                  "WHERE CAST(substr(date_egg, 1, 4) AS INTEGER) != year").fetchone()[0] == 0
db.execute('VACUUM')
db.close()
