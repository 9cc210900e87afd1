#!/usr/bin/env python3
# Builds metro.db: the 321 stations of the Paris Metro (as of August 2025) with their Metro lines,
# their connections to the RER, tramway and Transilien lines and to other rail services, their 2021
# passenger entries, coordinates and the arrondissement(s) or municipality(ies) they lie in.
#
# Data: the gt R package by Posit Software, PBC (github.com/rstudio/gt), its data set `metro`
#   ("The stations of the Paris Metro", man/metro.Rd: all 321 Paris Metro stations as of August
#   2025; which Metro lines serve each station, which other connections are available, annual
#   passenger volumes (total station entries during 2021, NA for some of the newest stations),
#   latitude/longitude and the arrondissement of Paris or municipality, a comma-separated series
#   for stations at borders), stored in data/metro.rda (bzip2-compressed R XDR serialization) and
#   made by data-raw/10-metro.R from data-raw/metro.csv (which drops the CSV's helper column
#   min_line). DESCRIPTION "License: MIT + file LICENSE": metro.LICENSE holds the LICENSE file
#   (YEAR / COPYRIGHT HOLDER lines) and LICENSE.md (the MIT licence), both verbatim.
#   Note: man/metro.Rd calls the tramway column connect_tram; the data's name is connect_tramway.
# Pinned commit: 042da4e8b42231b89844de523e1fa457f3be8e13 (2026-07-17, "Merge pull request #2151
#   from shannonhaughton/keep_with_next", the newest commit). Files last changed in:
#   data/metro.rda       9d3ecc45175e7baefaba7e49ab9e4915e1e230fc (2025-08-26, "Update metro.rda")
#   data-raw/metro.csv   387ce37e3e652fc6acbd2d5a5db6d1372f8cd987 (2025-08-26, "Update metro.csv")
#   data-raw/10-metro.R  88806032aa63ab0a6a0ec2fc41b9200b1bcca386 (2025-10-18, "Update 10-metro.R")
#   man/metro.Rd         96f04d93eb2f24274ba2175714141410e5f8852d (2026-07-15, "Update to roxygen2 8.0")
#   The build checks that the .rda holds exactly the values of data-raw/metro.csv (less min_line).
#
# Usage (Python 3, standard library only):
#   python3 metro-build.py <rstudio+gt git dir> [<commit>] [<out.db>]
#   e.g. python3 metro-build.py /work/.mirror/rstudio+gt/repo
#   then gzip -9 -n metro.db   (-> metro.db.gz)
#
# The source is one flat table (one row per station, 11 columns; lines, connections and locations
# as comma-separated lists). It is normalised into 6 tables (table names ours, column names the
# package's where they exist):
#   stations (321): station_id INTEGER PRIMARY KEY (1..321 in the package's order: by the
#       lowest Metro line serving the station, then alphabetically by name), name UNIQUE (accents
#       and dashes as stored: 'Champs-Élysées—Clemenceau' with an em dash, 'Saint-Denis–Pleyel'
#       with an en dash),
#       caption (a nearby place of interest, NULL for 287), passengers (total station entries in
#       2021, NULL for the 17 newest stations), latitude, longitude (decimal degrees), location
#       (the package's text: one arrondissement 'Paris 8th' or municipality 'Saint-Denis', or a
#       comma-separated series for stations at borders: 'Paris 16th, Paris 17th').
#   lines (38): line_id INTEGER PRIMARY KEY, line (the line's name: Metro '1'..'14', '3bis',
#       '7bis'; RER 'A'..'E'; tramway 'T1', 'T3a', ...; Transilien 'H', 'J', ...; UNIQUE, since no
#       name is used by two systems), system ('Metro', 'RER', 'Tramway', 'Transilien'). Only the
#       lines found in the data: all 16 Metro lines, the 5 RER lines, 9 tramway lines (not T4,
#       T11, T13, which meet no Metro station) and all 8 Transilien lines. line_id in the order
#       Metro 1, 2, 3, 3bis, 4, ... 7, 7bis, ... 14, RER A-E, tramway by number, Transilien A-Z.
#   station_lines (493): one row per station and line it is served by (system 'Metro', from the
#       package's `lines`) or connects to (RER, tramway, Transilien, from `connect_rer`,
#       `connect_tramway`, `connect_transilien`): station_id -> stations, line_id -> lines,
#       PRIMARY KEY (station_id, line_id).
#   other_connections (32): the package's `connect_other` split: station_id -> stations,
#       connection (other rail services at the station: 'TGV', 'TER', 'Intercités', 'OUIGO',
#       'Eurostar', 'Thalys', 'Funiculaire de Montmartre', ...),
#       PRIMARY KEY (station_id, connection).
#   locations (57): location_id INTEGER PRIMARY KEY, location UNIQUE (as in the package: 'Paris 1st'
#       .. 'Paris 20th' for the 20 arrondissements, else the municipality 'Saint-Denis'),
#       municipality ('Paris' for the arrondissements, else the location), arrondissement (1..20,
#       NULL outside Paris). location_id: the arrondissements 1..20 in order, then the other
#       municipalities alphabetically.
#   station_locations (395): the package's `location` split: station_id -> stations, location_id ->
#       locations, PRIMARY KEY (station_id, location_id).
# Values: R NA -> NULL; R integers -> INTEGER; R doubles -> REAL exactly as stored; text as stored.
#   Kept as stored although wrong: Bréguet—Sabin's latitude is 8.856 in the source (48.856 meant).
# Nothing is left out; nothing is subset.
import bz2, csv, io, math, os, re, sqlite3, struct, subprocess, sys

PINNED = '042da4e8b42231b89844de523e1fa457f3be8e13'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'metro.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# --- a minimal reader for R's XDR serialization (the one of towny-build.py) ---
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


COLUMNS = ['name', 'caption', 'lines', 'connect_rer', 'connect_tramway', 'connect_transilien',
           'connect_other', 'passengers', 'latitude', 'longitude', 'location']

SCHEMA = """
CREATE TABLE stations (
  station_id INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  caption    TEXT,                          -- nearby place of interest
  passengers INTEGER,                       -- station entries in 2021
  latitude   REAL NOT NULL,
  longitude  REAL NOT NULL,
  location   TEXT NOT NULL                  -- arrondissement(s) / municipality(ies), comma list
);
CREATE TABLE lines (
  line_id INTEGER PRIMARY KEY,
  line    TEXT NOT NULL UNIQUE,             -- '1', '3bis', 'A', 'T3a', 'H'
  system  TEXT NOT NULL                     -- 'Metro', 'RER', 'Tramway', 'Transilien'
);
CREATE TABLE station_lines (
  station_id INTEGER NOT NULL REFERENCES stations (station_id),
  line_id    INTEGER NOT NULL REFERENCES lines (line_id),
  PRIMARY KEY (station_id, line_id)
);
CREATE TABLE other_connections (
  station_id INTEGER NOT NULL REFERENCES stations (station_id),
  connection TEXT NOT NULL,                 -- 'TGV', 'TER', 'Eurostar', ...
  PRIMARY KEY (station_id, connection)
);
CREATE TABLE locations (
  location_id    INTEGER PRIMARY KEY,
  location       TEXT NOT NULL UNIQUE,      -- 'Paris 16th', 'Saint-Denis'
  municipality   TEXT NOT NULL,             -- 'Paris' or the location
  arrondissement INTEGER                    -- 1..20, NULL outside Paris
);
CREATE TABLE station_locations (
  station_id  INTEGER NOT NULL REFERENCES stations (station_id),
  location_id INTEGER NOT NULL REFERENCES locations (location_id),
  PRIMARY KEY (station_id, location_id)
);
"""

metro = read_rda('metro')
assert list(metro) == COLUMNS, list(metro)
n = len(metro['name'])
assert n == 321 and all(len(v) == n for v in metro.values())
rows = [dict(zip(COLUMNS, t)) for t in zip(*(metro[c] for c in COLUMNS))]
assert len({r['name'] for r in rows}) == n

# The .rda holds exactly data-raw/metro.csv without its min_line column.
with io.StringIO(show('data-raw/metro.csv').decode('utf-8'), newline='') as f:
    raw = list(csv.DictReader(f))
assert len(raw) == n
for r, c in zip(rows, raw):
    c.pop('min_line')
    assert list(c) == COLUMNS, list(c)
    for col in COLUMNS:
        v, s = r[col], c[col]
        if v is None:
            assert s in ('NA', ''), (r['name'], col, s)
        elif isinstance(v, str):
            assert v == s, (r['name'], col, v, s)
        else:
            assert v == (int(s) if isinstance(v, int) else float(s)), (r['name'], col, v, s)


def split(v):
    if v is None:
        return []
    parts = v.split(', ')
    assert all(p and p == p.strip() and ',' not in p for p in parts), v
    assert len(set(parts)) == len(parts), v
    return parts


SYSTEMS = [('Metro', 'lines'), ('RER', 'connect_rer'), ('Tramway', 'connect_tramway'),
           ('Transilien', 'connect_transilien')]


def line_key(system, line):
    # Metro and tramway lines by number ('3' < '3bis' < '4', 'T3a' < 'T3b' < 'T5'), RER and
    # Transilien lines by letter
    if system in ('RER', 'Transilien'):
        return (0, line)
    m = re.fullmatch(r'T?(\d+)([a-z]*)', line)
    return (int(m.group(1)), m.group(2))


line_rows = []
for s, (system, col) in enumerate(SYSTEMS):
    names = {p for r in rows for p in split(r[col])}
    line_rows += [(system, l) for l in sorted(names, key=lambda l: line_key(system, l))]
line_id = {l: i for i, (_, l) in enumerate(line_rows, 1)}
assert len(line_id) == len(line_rows)          # no line name in two systems

loc_names = {p for r in rows for p in split(r['location'])}
paris = {p: int(re.fullmatch(r'Paris (\d+)(st|nd|rd|th)', p).group(1)) for p in loc_names if p.startswith('Paris ')}
assert sorted(paris.values()) == list(range(1, 21))
locs = sorted(paris, key=paris.get) + sorted(loc_names - set(paris))
loc_id = {l: i for i, l in enumerate(locs, 1)}

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)
db.executemany('INSERT INTO stations VALUES (?, ?, ?, ?, ?, ?, ?)',
               [(i, r['name'], r['caption'], r['passengers'], r['latitude'], r['longitude'],
                 r['location']) for i, r in enumerate(rows, 1)])
db.executemany('INSERT INTO lines VALUES (?, ?, ?)',
               [(line_id[l], l, system) for system, l in line_rows])
db.executemany('INSERT INTO station_lines VALUES (?, ?)',
               [(i, line_id[l]) for i, r in enumerate(rows, 1)
                for _, col in SYSTEMS for l in split(r[col])])
db.executemany('INSERT INTO other_connections VALUES (?, ?)',
               [(i, c) for i, r in enumerate(rows, 1) for c in split(r['connect_other'])])
db.executemany('INSERT INTO locations VALUES (?, ?, ?, ?)',
               [(loc_id[l], l, 'Paris' if l in paris else l, paris.get(l)) for l in locs])
db.executemany('INSERT INTO station_locations VALUES (?, ?)',
               [(i, loc_id[l]) for i, r in enumerate(rows, 1) for l in split(r['location'])])
db.commit()

# --- checks ---
one = lambda q: db.execute(q).fetchone()[0]
TABLES = ('stations', 'lines', 'station_lines', 'other_connections', 'locations', 'station_locations')
counts = {t: one(f'SELECT COUNT(*) FROM {t}') for t in TABLES}
print(counts)
assert counts == {'stations': 321, 'lines': 38, 'station_lines': 493, 'other_connections': 32,
                  'locations': 57, 'station_locations': 395}, counts
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
assert [r[0] for r in db.execute("SELECT line FROM lines WHERE system = 'Metro' ORDER BY line_id")] == \
    ['1', '2', '3', '3bis', '4', '5', '6', '7', '7bis', '8', '9', '10', '11', '12', '13', '14']
assert one("SELECT COUNT(*) FROM stations WHERE passengers IS NULL") == 17
assert one("SELECT name FROM stations WHERE latitude < 48") == 'Bréguet—Sabin'   # the source's typo
# every station is served by at least one Metro line
assert one("""SELECT COUNT(*) FROM stations s WHERE NOT EXISTS (SELECT 1 FROM station_lines sl
              JOIN lines l USING (line_id) WHERE sl.station_id = s.station_id AND l.system = 'Metro')""") == 0
print(db.execute('SELECT system, COUNT(*) FROM lines GROUP BY system ORDER BY MIN(line_id)').fetchall())
db.execute('VACUUM')
db.close()
