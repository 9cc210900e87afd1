#!/usr/bin/env python3
# Builds nasaweather.db from the R package nasaweather by Hadley Wickham
# (github.com/hadley/nasaweather), "Collection of Datasets from the ASA 2006 Data Expo": NASA's
# monthly atmospheric measures on a coarse 24 x 24 grid over Central America and the north of
# South America (1995-2000) with the elevation of each grid cell, the tracks of the Atlantic
# tropical storms of 1995-2000, and an inventory of South American (Andean) glaciers.
#
# Data: DESCRIPTION "License: MIT + file LICENSE" (LICENSE: "YEAR: 2025 / COPYRIGHT HOLDER:
#   nasaweather authors"; LICENSE.md, the MIT licence; both copied verbatim into
#   nasaweather.LICENSE). The package was GPL-3 until 34b5639472dc02d2e7f49f46fcc937c0f7abf0af
#   (2025-05-09, "Switch to MIT license"); the pinned commit is after it. The underlying data are
#   NASA Langley Research Center measurements (via the 2006 ASA Data Expo), the National Hurricane
#   Center's tropical cyclone reports (best tracks hand-scraped by Jon Hobbs) and the NSIDC World
#   Glacier Inventory (downloaded by Dianne Cook).
# Pinned commit: 47616d17163cbffdc0385ac0b322cecf08334a14 (2025-05-10, "Ignore CRAN submission
#   file", the newest commit, version 0.1.1.9000). The data files last changed in:
#   data/atmos.rdata, data/elev.rdata, data/glaciers.rdata
#                     0a9e944cffde00da10ea05e1836633abeb1f052f (2014-06-09, "Save all as tbl_df etc")
#   data/storms.rdata 5745135f22af34a76f0c06c299dbda56c0176e3e (2014-06-17, "Added hurricane
#                     category variable to storms and its documentation")
#
# Usage (Python 3, standard library only):
#   python3 nasaweather-build.py <hadley+nasaweather git dir> [<commit>] [<out.db>]
#   e.g. python3 nasaweather-build.py /work/.mirror/hadley+nasaweather/repo \
#        47616d17163cbffdc0385ac0b322cecf08334a14 nasaweather.db
#   then gzip -9 -n -c nasaweather.db > nasaweather.db.gz
# The .rdata files are read from that commit with `git --git-dir=<dir> show <commit>:data/<name>.rdata`
# (gzip-compressed R XDR serializations, version 2, each holding one tibble), decoded by the small
# R-serialization reader of taylor-build.py (gzip instead of bzip2; no Date columns here).
#
# Tables (the package's data set names and column names, unchanged, columns in its order):
#   atmos (41,472 = 576 grid cells x 72 months): lat, long (REAL, the grid's centres exactly as R
#       computed them with seq(): 24 latitudes from 36.2 (N) down to -21.2 (S), 24 longitudes from
#       -113.8 (W) to -56.2, e.g. 33.70434782608696), year (1995-2000), month (1-12), surftemp
#       (mean clear-sky surface temperature, kelvin), temp (mean near-surface air temperature,
#       kelvin), pressure (mean surface pressure, mb), ozone (mean total ozone, Dobson units),
#       cloudlow, cloudmid, cloudhigh (mean % of sky covered by low (< 3.24 km), mid (3.24-6.5
#       km) and high (> 6.5 km) clouds). All monthly means. PRIMARY KEY (lat, long, year, month);
#       FOREIGN KEY (long, lat) REFERENCES elev.
#   elev (576): long, lat, elev (height above the reference plane in metres, as of January 1998;
#       0 over the sea). PRIMARY KEY (long, lat). Kept as the package has it, although its grid is
#       transposed relative to atmos: the package's data-raw/nasa.r laid the file's rows out as
#       longitudes, so the height stored for the i-th longitude (west to east) and j-th latitude
#       (north to south) belongs to the j-th longitude and i-th latitude. Stored as is, the
#       highest cell, 4,268.81 m, is at long -63.71, lat -6.23 (the Amazon basin); swapped, it is
#       at long -71.23, lat -13.71 (the Andes near Cusco). The check below shows it: the heights
#       correlate with atmos's mean surface pressure at -0.17 as stored and -0.92 swapped.
#   storms (2,747): one row per 6-hourly best-track report of the 79 named Atlantic storms of
#       1995-2000 (every name occurs in one year only): name, year, month, day, hour (UTC: 0, 6,
#       12 or 18, plus one 15 and one 1), lat, long (storm centre), pressure (central pressure,
#       mb), wind (maximum sustained wind, knots), type ('Tropical Depression', 'Tropical Storm',
#       'Hurricane', 'Extratropical'), seasday (day of the hurricane season: June 1 = 1),
#       category (Saffir-Simpson category estimated from the wind: -1 = tropical depression, 0 =
#       tropical storm, 1-5 hurricane categories). No primary key: (name, year, month, day, hour)
#       repeats once (Lenny, 1999-11-21 00 UTC, two positions, as in the package's
#       data-raw/stormtracks.csv) and no other column set without it identifies a report.
#       Georges (1998-09-16 to 09-30 every 6 hours) also has three stray reports as in the source:
#       1998-09-09 at 15 and 18 UTC, 10-10 at 1 UTC and 11-01, so its track spans 53 days.
#   glaciers (3,591): id (12-character World Glacier Inventory id, PRIMARY KEY), name (upper
#       case as in the inventory), lat, long, area (total area in km2), country (the inventory's
#       2-letter code: 'PE' Peru, 'RB' Bolivia, 'EC' Ecuador, 'CO' Colombia, 'VZ' Venezuela; the
#       package's documentation calls them ISO 3166, but Bolivia and Venezuela are not).
# Dates: the source has no date column; storms and atmos are dated by their INTEGER year, month
#   (and day, hour) columns, kept as they are (no date column is made; every storm's
#   year/month/day is checked to be a valid date).
# Values: R NA -> NULL (atmos.cloudlow: 110 rows); R integers -> INTEGER; R doubles -> REAL exactly
#   as stored, except storms.category (a class code, always a whole number) -> INTEGER. In
#   glaciers the package kept two text artefacts of data-raw/glaciers.txt, whose missing values
#   are written ' NA': area is a character column (' NA' on 204 rows) -> REAL, ' NA' -> NULL; and
#   name was trimmed to the string 'NA' on 2,912 rows (glaciers the inventory left unnamed, ' NA'
#   in glaciers.txt like every other missing value there) -> NULL. Text otherwise as stored. Rows
#   in the package's order.
# Left out: borders (7,932 rows of country, long, lat, group: only the vertices of Natural Earth
#   country-outline polygons cropped to the grid, for drawing maps; nothing a question could ask
#   beyond which ISO codes occur), data-raw/ (the same data before tidying: stormtracks.csv is
#   checked below to hold the same storm reports) and the R code. Nothing is subset:
#   41,472 + 576 + 2,747 + 3,591 rows.
import csv, datetime, gzip, io, math, os, sqlite3, struct, subprocess, sys

PINNED = '47616d17163cbffdc0385ac0b322cecf08334a14'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'nasaweather.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# --- a minimal reader for R's XDR serialization (what save() writes into an .rdata) ---
# (copied from taylor-build.py)
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
    (obj, (columns, attrs)), = r.item()        # one saved object: a tibble
    assert obj == name, obj
    assert r.p == len(data), (name, r.p, len(data))
    frame = {}
    for col, (v, a) in zip(attrs['names'][0], columns):
        assert 'class' not in a, (name, col, a)  # no factors or Dates in this package
        frame[col] = [None if x is None else float(x) for x in v] if a['_type'] == 14 else v
    n = {len(v) for v in frame.values()}
    assert len(n) == 1 and attrs['row.names'][0] == [None, -n.pop()], name
    return frame


SCHEMA = '''
CREATE TABLE elev (
  long REAL NOT NULL,
  lat  REAL NOT NULL,
  elev REAL,
  PRIMARY KEY (long, lat)
);
CREATE TABLE atmos (
  lat       REAL NOT NULL,
  long      REAL NOT NULL,
  year      INTEGER NOT NULL,
  month     INTEGER NOT NULL,
  surftemp  REAL,
  temp      REAL,
  pressure  REAL,
  ozone     REAL,
  cloudlow  REAL,
  cloudmid  REAL,
  cloudhigh REAL,
  PRIMARY KEY (lat, long, year, month),
  FOREIGN KEY (long, lat) REFERENCES elev (long, lat)
);
CREATE TABLE storms (
  name     TEXT,
  year     INTEGER,
  month    INTEGER,
  day      INTEGER,
  hour     INTEGER,
  lat      REAL,
  long     REAL,
  pressure INTEGER,
  wind     INTEGER,
  type     TEXT,
  seasday  INTEGER,
  category INTEGER
);
CREATE TABLE glaciers (
  id      TEXT PRIMARY KEY,
  name    TEXT,
  lat     REAL,
  long    REAL,
  area    REAL,
  country TEXT
);
'''

frames = {t: read_rdata(t) for t in ['elev', 'atmos', 'storms', 'glaciers']}

# storms.category: whole-number doubles -> INTEGER
s = frames['storms']
assert all(x is not None and x.is_integer() for x in s['category'])
s['category'] = [int(x) for x in s['category']]

# glaciers: area is text with ' NA' for missing; name 'NA' is a trimmed ' NA'
g = frames['glaciers']
assert sum(x == ' NA' for x in g['area']) == 204
g['area'] = [None if x == ' NA' else float(x) for x in g['area']]
assert sum(x == 'NA' for x in g['name']) == 2912
g['name'] = [None if x == 'NA' else x for x in g['name']]
assert all(x is None or (x == x.strip() and x) for x in g['name'])

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.executescript(SCHEMA)
for t, f in frames.items():
    cols = [r[1] for r in db.execute(f'PRAGMA table_info({t})')]
    assert list(f) == cols, (t, list(f), cols)
    db.executemany(f'INSERT INTO {t} VALUES ({",".join("?" * len(cols))})', zip(*f.values()))
db.commit()

# --- checks ---
counts = {t: db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0] for t in frames}
print(counts)
assert counts == {'elev': 576, 'atmos': 41472, 'storms': 2747, 'glaciers': 3591}, counts
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
# every grid cell has all 72 months; every storm date is a real date
assert db.execute('SELECT COUNT(*) FROM (SELECT lat, long FROM atmos GROUP BY lat, long '
                  'HAVING COUNT(*) = 72)').fetchone()[0] == 576
for y, m, d in db.execute('SELECT DISTINCT year, month, day FROM storms'):
    datetime.date(y, m, d)
# the category is the documented cut of the wind speed
cuts = [(33, -1), (63, 0), (82, 1), (95, 2), (112, 3), (136, 4), (155, 5)]
for wind, cat in db.execute('SELECT wind, category FROM storms'):
    assert cat == next(c for w, c in cuts if wind <= w), (wind, cat)
# seasday counts from June 1 = 1
assert db.execute("SELECT COUNT(*) FROM storms WHERE seasday <> julianday(printf('%04d-%02d-%02d', "
                  "year, month, day)) - julianday(printf('%04d-05-31', year))").fetchone()[0] == 0
# elev is transposed relative to atmos (see the header): correlation with mean surface pressure


def corr(pairs):
    n = len(pairs); mx = sum(x for x, _ in pairs) / n; my = sum(y for _, y in pairs) / n
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    return sxy / math.sqrt(sum((x - mx) ** 2 for x, _ in pairs) * sum((y - my) ** 2 for _, y in pairs))


longs = [r[0] for r in db.execute('SELECT DISTINCT long FROM elev ORDER BY long')]
lats = [r[0] for r in db.execute('SELECT DISTINCT lat FROM elev ORDER BY lat DESC')]
height = {(lo, la): h for lo, la, h in db.execute('SELECT long, lat, elev FROM elev')}
mean_p = db.execute('SELECT long, lat, AVG(pressure) FROM atmos GROUP BY long, lat').fetchall()
as_stored = corr([(height[lo, la], p) for lo, la, p in mean_p])
swapped = corr([(height[longs[lats.index(la)], lats[longs.index(lo)]], p) for lo, la, p in mean_p])
print(f'elev vs mean pressure: r = {as_stored:.2f} as stored, {swapped:.2f} transposed')
assert -0.2 < as_stored < -0.1 and swapped < -0.9
# storms holds exactly the reports of data-raw/stormtracks.csv
rows = list(csv.reader(io.StringIO(show('data-raw/stormtracks.csv').decode('utf-8'))))
assert rows[0] == ['Name', 'Year', 'Month', 'Day', 'Hour', 'Latitude', 'Longitude', 'Pressure',
                   'Wind', 'Type', 'SeasDay'], rows[0]
raw = [(r[0], *map(int, r[1:5]), float(r[5]), float(r[6]), int(r[7]), int(r[8]), r[9], int(r[10]))
       for r in rows[1:] if r]
assert raw == db.execute('SELECT name, year, month, day, hour, lat, long, pressure, wind, type, '
                         'seasday FROM storms ORDER BY rowid').fetchall()
db.execute('VACUUM')
db.close()
