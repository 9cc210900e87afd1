# Builds openflights.db from github.com/jpatokal/openflights, folder data/ (commit
# 5a0360255a5a2ff2b9f1e9cb199716da68a8a33f, 2025-04-29; the five files used last changed in
# routes.dat and airlines.dat 5d623a6969a1adee7961cf1c9a8a212c4a784713, 2017-02-02; planes.dat
# 48478874649ebe1d92887ae52fefda2e3d331e32, 2019-05-07; airports.dat and airports-extended.dat
# e3bc6dedbcceb8b7b74248a00dcd6207254da6bd, 2019-05-13; countries.dat
# cb27f12261899d9f11ca4309788ca91510a51c58, 2020-01-31). License: "The OpenFlights Airport,
# Airline, Plane and Route Databases are made available under the Open Database License. Any
# rights in individual contents of the database are licensed under the Database Contents
# License." (data.php of the same commit); data/LICENSE holds the ODbL 1.0 text, copied
# unchanged into openflights.LICENSE after that statement. This SQLite file is a Derivative
# Database under the ODbL and is offered under the same license.
#
# The OpenFlights airport, airline, route, plane and country databases: headerless CSV files
# (MySQL dump style: \N means NULL, \' an apostrophe) turned into five tables whose columns are
# the fields documented on openflights.org/data.php (data.php in the repository), in snake_case:
#   airports  (airport_id, name, city, country, iata, icao, latitude, longitude, altitude (feet),
#              timezone (hours from UTC), dst (E/A/S/O/Z/N/U), tz_database_time_zone, type, source)
#   airlines  (airline_id, name, alias, iata, icao, callsign, country, active ('Y'/'N'))
#   routes    (route_id, airline, airline_id, source_airport, source_airport_id,
#              destination_airport, destination_airport_id, codeshare ('Y' or ''), stops,
#              equipment (space-separated IATA aircraft codes))
#   planes    (name, iata_code, icao_code)
#   countries (name, iso_code, dafif_code)
# Keys: airports.airport_id and airlines.airline_id are the source's unique ids, declared
# PRIMARY KEY; routes has no id in the source, so route_id is its line number in routes.dat
# (1..67663), an INTEGER PRIMARY KEY; routes.airline_id -> airlines and
# routes.source_airport_id / destination_airport_id -> airports are declared REFERENCES (all
# hold). planes and countries have no key of their own (countries repeats India and Palestine
# under two DAFIF codes each; 19 countries have no ISO code) and are joined by value:
# airports.country / airlines.country to countries.name (not always spelled alike), routes
# equipment codes to planes.iata_code; no REFERENCES are declared for those.
# Translations: fields read with Python's csv module; a field that is exactly \N becomes NULL,
# elsewhere the MySQL escapes \' and \\ become ' and \ (so "Port O\'Connor" reads "Port O'Connor";
# four airlines were escaped twice and keep one backslash, e.g. "Salsa d\'Haiti"); empty strings
# stay empty strings (airlines and routes use both '' and NULL, as written); ids, altitude and
# stops become integers, latitude/longitude/timezone numbers (timezone 5.5 for India, 10 for
# Port Moresby). Every value is otherwise kept as written (e.g. one airline's active is 'n').
# Added: airports.dat (the "high quality" file, 7698 airports, all type 'airport', source
# 'OurAirports') lacks 112 airports that routes.dat names by id (530 route ends, mostly small
# Alaskan, Belizean and Chinese airfields entered by users); those 112 rows are taken from
# data/airports-extended.dat (same columns; source 'User' or 'Legacy', type 'airport' or
# 'unknown') so every route id resolves: 7810 airports in all. Nothing else of
# airports-extended.dat (train stations, ferry terminals, unreferenced user entries),
# airports-dafif.dat or locales.dat is used. Nothing is subset: 6162 airlines, 67663 routes,
# 246 planes, 261 countries. Route ends with no airport id (441, e.g. HYD) or no airline id
# (479) keep NULL there and their codes in the text columns.
# Run (in this folder):
#   for f in airports airports-extended airlines routes planes countries; do
#     git -C <openflights git dir> show 5a0360255a5a2ff2b9f1e9cb199716da68a8a33f:data/$f.dat > $f.dat; done
#   python3 openflights-build.py && gzip -9 -n openflights.db
import csv, os, re, sqlite3

OUT = 'openflights.db'

SCHEMA = '''
CREATE TABLE countries (
  name       TEXT NOT NULL,
  iso_code   TEXT,
  dafif_code TEXT
);
CREATE TABLE planes (
  name      TEXT NOT NULL,
  iata_code TEXT,
  icao_code TEXT
);
CREATE TABLE airports (
  airport_id            INTEGER NOT NULL PRIMARY KEY,
  name                  TEXT NOT NULL,
  city                  TEXT,
  country               TEXT,
  iata                  TEXT,
  icao                  TEXT,
  latitude              REAL,
  longitude             REAL,
  altitude              INTEGER,
  timezone              NUMERIC,
  dst                   TEXT,
  tz_database_time_zone TEXT,
  type                  TEXT,
  source                TEXT
);
CREATE TABLE airlines (
  airline_id INTEGER NOT NULL PRIMARY KEY,
  name       TEXT NOT NULL,
  alias      TEXT,
  iata       TEXT,
  icao       TEXT,
  callsign   TEXT,
  country    TEXT,
  active     TEXT
);
CREATE TABLE routes (
  route_id               INTEGER NOT NULL PRIMARY KEY,
  airline                TEXT,
  airline_id             INTEGER REFERENCES airlines (airline_id),
  source_airport         TEXT,
  source_airport_id      INTEGER REFERENCES airports (airport_id),
  destination_airport    TEXT,
  destination_airport_id INTEGER REFERENCES airports (airport_id),
  codeshare              TEXT,
  stops                  INTEGER,
  equipment              TEXT
);
'''

COLS = {
    'countries': ['name', 'iso_code', 'dafif_code'],
    'planes': ['name', 'iata_code', 'icao_code'],
    'airports': ['airport_id', 'name', 'city', 'country', 'iata', 'icao', 'latitude', 'longitude',
                 'altitude', 'timezone', 'dst', 'tz_database_time_zone', 'type', 'source'],
    'airlines': ['airline_id', 'name', 'alias', 'iata', 'icao', 'callsign', 'country', 'active'],
    'routes': ['airline', 'airline_id', 'source_airport', 'source_airport_id',
               'destination_airport', 'destination_airport_id', 'codeshare', 'stops', 'equipment'],
}
INTS = {'airport_id', 'airline_id', 'source_airport_id', 'destination_airport_id', 'altitude', 'stops'}
NUMS = {'latitude', 'longitude', 'timezone'}

def convert(col, text):
    if text == r'\N': return None
    text = re.sub(r'\\(.)', r'\1', text)  # MySQL escapes: \' -> ', \\ -> \
    if col in INTS: return int(text)
    if col in NUMS:
        v = float(text)
        return int(v) if col == 'timezone' and v == int(v) else v
    return text

def read(name, table):
    rows = []
    with open(name, encoding='utf-8', newline='') as f:
        for fields in csv.reader(f):
            assert len(fields) == len(COLS[table]), (name, fields)
            rows.append([convert(c, v) for c, v in zip(COLS[table], fields)])
    return rows

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)

airports = read('airports.dat', 'airports')
airlines = read('airlines.dat', 'airlines')
routes = read('routes.dat', 'routes')
known = {r[0] for r in airports}
wanted = {r[i] for r in routes for i in (3, 5) if r[i] is not None} - known
extra = [r for r in read('airports-extended.dat', 'airports') if r[0] in wanted]
assert {r[0] for r in extra} == wanted, wanted - {r[0] for r in extra}
airports = sorted(airports + extra)

def insert(table, rows, cols=None):
    cols = cols or COLS[table]
    db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})', rows)

insert('countries', read('countries.dat', 'countries'))
insert('planes', read('planes.dat', 'planes'))
insert('airports', airports)
insert('airlines', airlines)
insert('routes', [[i] + r for i, r in enumerate(routes, 1)], ['route_id'] + COLS['routes'])
db.commit()
print({t: db.execute(f'SELECT count(*) FROM {t}').fetchone()[0] for t in COLS},
      'airports added from airports-extended.dat:', len(extra))
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
