# Builds nycflights.db from github.com/tidyverse/nycflights13 (the nycflights13 R package by
# Hadley Wickham; DESCRIPTION says "License: CC0"): every flight that departed New York City
# (JFK, LaGuardia LGA, Newark EWR) in 2013, from the US Bureau of Transportation Statistics'
# on-time data, with the airlines, airports, planes and hourly weather at the three airports.
#
# Two commits of the same repository are read, because the snapshot lacks files of 4 MiB and
# more and the current data/flights.rda is larger than that:
#   flights   data/flights.rda at 1aefb92ccf730612243e53d6cb337ecc59209058 (2015-12-31, "Missing
#             tailnums should be NA.", version 0.1.0.9000), the newest commit whose flights.rda
#             is in the snapshot. It is an R data file (bzip2-compressed XDR serialization),
#             read here with a small reader written against R's serialization format (below).
#             Its columns are those of that version: year, month, day, dep_time, dep_delay,
#             arr_time, arr_delay, carrier, tailnum, flight, origin, dest, air_time, distance,
#             hour, minute. That version has no sched_dep_time / sched_arr_time / time_hour
#             (added in 2016), and its hour and minute are the ACTUAL departure time split in
#             two (dep_time 517 -> hour 5, minute 17; NULL when the flight did not depart,
#             hour 24 for dep_time 2400).
#   airlines, airports, planes, weather
#             data-raw/airlines.csv, airports.csv, planes.csv, weather.csv (text) at
#             df98ef215aa8216fe0838a0b8ac5bada646d814c (2023-11-21, the newest commit;
#             planes.csv and airlines.csv are the same blobs at both commits).
#
# Subset (deterministic): flights with month 6 or 7 (June and July 2013, all three origins:
# 57,668 of the 336,776 flights), weather rows of the same two months, and planes whose tailnum
# appears in those flights (in the source, planes lists exactly the tail numbers found in
# flights). airlines (16, all of which fly in June-July) and airports (1458 US airports from
# OpenFlights, a reference list not limited to NYC destinations) are kept whole.
#
# Names: tables and columns exactly as the source writes them (short lower-case snake_case: faa,
# lat, lon, alt, tz, dst, tzone, dewp, humid, visib, ...). Values: 'NA' in the CSVs and NA in
# the .rda become NULL; every value is otherwise as written. flights.dep_delay, arr_delay,
# air_time, distance, hour and minute are doubles in the .rda but always whole numbers, stored
# as INTEGER; dep_time/arr_time stay integers in HHMM form (local time). weather.time_hour is
# written in the CSV as UTC ('2013-06-01T04:00:00Z'); in R it is a POSIXct shown in
# America/New_York, and here it is that local time as ISO text 'YYYY-MM-DD HH:MM:SS' (so it
# always equals year-month-day hour:00:00; checked below).
#
# Keys: airlines.carrier, airports.faa and planes.tailnum are PRIMARY KEYs; weather's is
# (origin, year, month, day, hour), unique in June-July (the only repeats in the source are at
# the end of daylight saving time, 2013-11-03 01:00). flights has no key in the source and gets
# none here. Declared REFERENCES: flights.carrier -> airlines, flights.origin -> airports,
# weather.origin -> airports (all hold). Not declared, because not every value matches:
# flights.dest -> airports (BQN, PSE, SJU and STT, in Puerto Rico and the US Virgin Islands, are
# not in airports) and flights.tailnum -> planes (American AA and Envoy MQ report fleet numbers,
# not FAA tail numbers, and some others are missing from the FAA registry; also NULL on
# flights that never departed or had no tail number); flights (origin, year, month, day, hour)
# -> weather also does not always match (hour 24, hours with no weather record).
#
# Run (in this folder):
#   python3 nycflights-build.py <nycflights13 git dir> && gzip -9 -n -c nycflights.db > nycflights.db.gz
import bz2, csv, datetime, io, lzma, math, os, sqlite3, struct, subprocess, sys, zoneinfo

FLIGHTS_COMMIT = '1aefb92ccf730612243e53d6cb337ecc59209058'
TABLES_COMMIT = 'df98ef215aa8216fe0838a0b8ac5bada646d814c'
MONTHS = (6, 7)
GIT = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = 'nycflights.db'

def show(commit, path):
    return subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{commit}:{path}'],
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
        return v, attrs

def read_rda(data):
    data = bz2.decompress(data) if data[:2] == b'BZ' else lzma.decompress(data) if data[:5] == b'\xfd7zXZ' else data
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    frames = {}
    for name, (columns, attrs) in r.item():    # the saved objects: name -> data frame
        names = attrs['names'][0]
        frames[name] = {n: col[0] for n, col in zip(names, columns)}
    return frames

# --- schema ---
SCHEMA = '''
CREATE TABLE airlines (
  carrier TEXT NOT NULL PRIMARY KEY,
  name    TEXT NOT NULL
);
CREATE TABLE airports (
  faa   TEXT NOT NULL PRIMARY KEY,
  name  TEXT NOT NULL,
  lat   REAL,
  lon   REAL,
  alt   INTEGER,
  tz    INTEGER,
  dst   TEXT,
  tzone TEXT
);
CREATE TABLE planes (
  tailnum      TEXT NOT NULL PRIMARY KEY,
  year         INTEGER,
  type         TEXT,
  manufacturer TEXT,
  model        TEXT,
  engines      INTEGER,
  seats        INTEGER,
  speed        INTEGER,
  engine       TEXT
);
CREATE TABLE weather (
  origin     TEXT NOT NULL REFERENCES airports (faa),
  year       INTEGER NOT NULL,
  month      INTEGER NOT NULL,
  day        INTEGER NOT NULL,
  hour       INTEGER NOT NULL,
  temp       REAL,
  dewp       REAL,
  humid      REAL,
  wind_dir   INTEGER,
  wind_speed REAL,
  wind_gust  REAL,
  precip     REAL,
  pressure   REAL,
  visib      REAL,
  time_hour  TEXT,
  PRIMARY KEY (origin, year, month, day, hour)
);
CREATE TABLE flights (
  year      INTEGER NOT NULL,
  month     INTEGER NOT NULL,
  day       INTEGER NOT NULL,
  dep_time  INTEGER,
  dep_delay INTEGER,
  arr_time  INTEGER,
  arr_delay INTEGER,
  carrier   TEXT NOT NULL REFERENCES airlines (carrier),
  tailnum   TEXT,
  flight    INTEGER NOT NULL,
  origin    TEXT NOT NULL REFERENCES airports (faa),
  dest      TEXT NOT NULL,
  air_time  INTEGER,
  distance  INTEGER,
  hour      INTEGER,
  minute    INTEGER
);
'''
FLIGHT_COLS = ['year', 'month', 'day', 'dep_time', 'dep_delay', 'arr_time', 'arr_delay', 'carrier',
               'tailnum', 'flight', 'origin', 'dest', 'air_time', 'distance', 'hour', 'minute']
INTS = {'airports': {'alt', 'tz'}, 'planes': {'year', 'engines', 'seats', 'speed'},
        'weather': {'year', 'month', 'day', 'hour', 'wind_dir'}}
REALS = {'airports': {'lat', 'lon'},
         'weather': {'temp', 'dewp', 'humid', 'wind_speed', 'wind_gust', 'precip', 'pressure', 'visib'}}
NY = zoneinfo.ZoneInfo('America/New_York')

def whole(x):
    if x is None: return None
    assert x == int(x), x
    return int(x)

def read_csv(table):
    rows = list(csv.reader(io.StringIO(show(TABLES_COMMIT, f'data-raw/{table}.csv').decode('utf-8'))))
    header, out = rows[0], []
    for r in rows[1:]:
        rec = {}
        for c, v in zip(header, r):
            if v == 'NA': v = None
            elif c in INTS.get(table, ()): v = whole(float(v))
            elif c in REALS.get(table, ()): v = float(v)
            elif c == 'time_hour':
                t = datetime.datetime.strptime(v, '%Y-%m-%dT%H:%M:%SZ').replace(tzinfo=datetime.timezone.utc)
                v = t.astimezone(NY).strftime('%Y-%m-%d %H:%M:%S')
            rec[c] = v
        out.append(rec)
    return header, out

def insert(table, cols, rows):
    db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})',
                   [[r[c] for c in cols] for r in rows])

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)

f = read_rda(show(FLIGHTS_COMMIT, 'data/flights.rda'))['flights']
assert list(f) == FLIGHT_COLS, list(f)
n = len(f['year'])
flights = []
for i in range(n):
    if f['month'][i] not in MONTHS: continue
    rec = {c: f[c][i] for c in FLIGHT_COLS}
    for c in ('dep_delay', 'arr_delay', 'air_time', 'distance', 'hour', 'minute'):
        rec[c] = whole(rec[c])
    flights.append(rec)
tails = {r['tailnum'] for r in flights if r['tailnum'] is not None}

for table in ('airlines', 'airports', 'planes', 'weather'):
    cols, rows = read_csv(table)
    if table == 'planes': rows = [r for r in rows if r['tailnum'] in tails]
    if table == 'weather':
        rows = [r for r in rows if r['month'] in MONTHS]
        for r in rows:
            assert r['time_hour'] == '%04d-%02d-%02d %02d:00:00' % (r['year'], r['month'], r['day'], r['hour']), r
    insert(table, cols, rows)
insert('flights', FLIGHT_COLS, flights)   # in the source's order (by date and departure time)
db.commit()

print('source flights:', n, {t: db.execute(f'SELECT count(*) FROM {t}').fetchone()[0]
                             for t in ('airlines', 'airports', 'planes', 'weather', 'flights')})
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
print('dest not in airports:', db.execute(
    'SELECT dest, count(*) FROM flights WHERE dest NOT IN (SELECT faa FROM airports) GROUP BY dest').fetchall())
print('flights whose tailnum is not in planes:', db.execute(
    'SELECT count(*) FROM flights WHERE tailnum NOT IN (SELECT tailnum FROM planes)').fetchone()[0])
db.execute('VACUUM')
db.close()
