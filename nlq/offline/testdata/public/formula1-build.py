#!/usr/bin/python3
# Builds formula1.db from github.com/f1db/f1db (F1DB, "the most comprehensive free open source
# database with all-time Formula 1 racing data and statistics", by Marcel Overdijk), licensed under
# CC BY 4.0 (LICENSE, copied into formula1.LICENSE).
#
# Run with Debian's /usr/bin/python3 (standard library + python3-yaml, the only non-stdlib import):
#   /usr/bin/python3 formula1-build.py <f1db git dir> <commit> <out.db>
#   e.g. /usr/bin/python3 formula1-build.py /work/.mirror/f1db+f1db/repo \
#        6a5845b840e68d53400f3e8db97b55c3ad2fab52 formula1.db
#   then gzip -9 -n formula1.db
# The script reads the YAML source files under src/data/ of that commit through
# `git --git-dir=<dir> archive <commit> src/data` (a tar stream, read with tarfile).
# Pinned commit: 6a5845b840e68d53400f3e8db97b55c3ad2fab52 (2026-08-21, "data: 2026 Dutch Grand
# Prix FP1 + Sprint Qualifying").
#
# CUT-OFF: only races whose date is on or before 2025-07-15 are kept (the evaluation's "today"), so
# the data looks as taken that day: seasons 1950-2025, the 2025 season up to round 12, the British
# Grand Prix of 2025-07-06 (round 13, Belgium, is on 2025-07-27). Consequences, all deliberate:
#   * season_driver_standing / season_constructor_standing for 2025 are NOT the snapshot's
#     end-of-2025 files but the standings after round 12 (the driver-standings.yml /
#     constructor-standings.yml of the British GP), which is what F1DB's season standings held on
#     that day (F1DB keeps the current season's standings equal to the latest race's);
#     championship_won is 0 for all of 2025 (not decided yet).
#   * drivers, constructors, engine and tyre manufacturers are kept only if they took part in a
#     session (any results file, practice included) of a kept race or are listed in the entrants
#     of a season up to 2024; circuits, circuit layouts and grands prix only if a kept race uses
#     them. So 2026 newcomers are absent.
#   * driver.date_of_death after 2025-07-15 is set to NULL (the driver was alive that day).
#   * constructor_chronology: rows starting after 2025 are dropped, year_to >= 2025 becomes NULL
#     (still current that day); driver_family_relationship rows are kept when both drivers are kept.
#
# Table and column names are those of F1DB's own published SQL schema
# (build-logic/src/main/resources/sql/create_schema.sql). There, all session results live in one
# table `race_data` (column prefixes per type) with one VIEW per type (`race_result`,
# `qualifying_result`, `sprint_race_result`, ...). Here the kept views are materialised as real
# tables with the views' names and columns, so they can carry a primary key
# (race_id, position_display_order) and foreign keys; `race_data` itself is not created.
# Derived values are computed as F1DB's reader does (build-logic/.../reader/F1DBReader.kt and the
# *Converter.kt files): position_number = position_text as integer (NULL for 'DNF', 'DNS', 'DSQ',
# 'DNQ', 'DNPQ', 'NC', 'EX', 'DNP'), *_millis from the time texts, gap_laps from '+N lap(s)',
# grid_position_number (NULL for 'PL' = pit lane), positions_gained,
# qualification_position_number/_text, pole_position (from the starting grid), pit_stops (count of
# the race's pit-stops file, NULL where F1DB has none, i.e. before 2012 or so), fastest_lap and
# driver_of_the_day (NULL where the race has no such file), grand_slam, shared_car,
# position_display_order = order in the file, championship_won of the season standings.
#
# Tables (20):
#   continent, country, driver (the biographical columns), driver_family_relationship,
#   constructor (id, name, full_name, country_id), constructor_chronology,
#   engine_manufacturer (id, name, country_id), tyre_manufacturer (id, name, country_id),
#   circuit (without total_races_held; previous_names ';'-joined as F1DB's SQL writer does),
#   circuit_layout, grand_prix (without total_races_held), season, race (all columns),
#   race_result, qualifying_result, sprint_qualifying_result, sprint_race_result,
#   driver_of_the_day_result, season_driver_standing, season_constructor_standing.
# Left out, to stay under 2 MB gzipped (everything kept would be 3.7 MB):
#   * whole tables: fastest_lap (16,618 rows) and pit_stop (21,733 rows) -- their per-driver
#     flags/counts survive in race_result.fastest_lap and race_result.pit_stops;
#     race_driver_standing (20,956) and race_constructor_standing (10,369), the standings after
#     each race -- the final standings per season are kept; the practice, pre-qualifying,
#     qualifying 1/2, warming-up and starting-grid sessions (free_practice_*_result,
#     pre_qualifying_result, qualifying_1_result, qualifying_2_result, warming_up_result,
#     starting_grid_position, sprint_starting_grid_position) -- read to compute the derived
#     values, not stored; entrant, chassis, engine and the season_entrant* tables (team entries per
#     season); the aggregate tables season_driver, season_constructor, season_engine_manufacturer,
#     season_tyre_manufacturer.
#   * columns: the schema's aggregate columns (best_* and total_* of driver, constructor,
#     engine_manufacturer, tyre_manufacturer; total_races_held of circuit and grand_prix), all
#     computable from the results; `interval`/`interval_millis` (gap to the car ahead) of
#     race_result and sprint_race_result; `gap`, `gap_millis`, `interval`, `interval_millis` of
#     qualifying_result and sprint_qualifying_result (derivable from the times); the schema's
#     secondary indexes.
# Types: INTEGER/REAL for numbers (driver_number and permanent_number, VARCHAR in F1DB's schema,
#   are all digits and stored as INTEGER; points and percentages REAL), booleans as INTEGER 0/1,
#   dates as ISO 'YYYY-MM-DD' text, times of day 'HH:MM' text, lap/race times as F1DB's text
#   ('1:40:52.554', '+13.773', '+1 lap') next to integer milliseconds, NULL for empty (points is
#   NULL, not 0, for a non-scoring result, as in the source).
# Deterministic: rows inserted sorted by primary key, no timestamps.
import io
import subprocess
import sqlite3
import sys
import tarfile
import re
import yaml

CUTOFF = '2025-07-15'
CURRENT_SEASON = 2025  # the season in progress on CUTOFF


# ---------------------------------------------------------------- YAML loading
# A YAML 1.2-like resolver: no sexagesimal numbers (race times such as `time: 07:00` stay text),
# no yes/no/on/off booleans (Norway's alpha-2 code 'NO' stays text), decimal ints only.
class Loader(yaml.CSafeLoader):
    pass


Loader.yaml_implicit_resolvers = {}
Loader.add_implicit_resolver('tag:yaml.org,2002:bool',
                             re.compile(r'^(?:true|True|TRUE|false|False|FALSE)$'), list('tTfF'))
Loader.add_implicit_resolver('tag:yaml.org,2002:int', re.compile(r'^[-+]?[0-9]+$'),
                             list('-+0123456789'))
Loader.add_implicit_resolver('tag:yaml.org,2002:float',
                             re.compile(r'^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$'),
                             list('-+0123456789.'))
Loader.add_implicit_resolver('tag:yaml.org,2002:null', re.compile(r'^(?:~|null|Null|NULL|)$'),
                             ['~', 'n', 'N', ''])
Loader.add_implicit_resolver('tag:yaml.org,2002:timestamp',
                             re.compile(r'^[0-9]{4}-[0-9]{2}-[0-9]{2}$'), list('0123456789'))
Loader.add_constructor('tag:yaml.org,2002:int', lambda l, n: int(l.construct_scalar(n), 10))
Loader.add_constructor('tag:yaml.org,2002:float', lambda l, n: float(l.construct_scalar(n)))
Loader.add_constructor('tag:yaml.org,2002:timestamp',
                       lambda l, n: l.construct_scalar(n))  # keep 'YYYY-MM-DD' as text


def load_tree(gitdir, commit):
    out = subprocess.run(['git', '--git-dir=' + gitdir, 'archive', '--format=tar', commit,
                          'src/data'], check=True, stdout=subprocess.PIPE).stdout
    files = {}
    with tarfile.open(fileobj=io.BytesIO(out)) as tar:
        for m in tar.getmembers():
            if m.isfile() and m.name.endswith('.yml'):
                text = tar.extractfile(m).read().decode('utf-8')
                files[m.name[len('src/data/'):]] = yaml.load(text, Loader=Loader)
    return files


# ---------------------------------------------------------------- helpers
def snake(name):
    if name in ('alpha2Code', 'alpha3Code'):  # the schema writes alpha2_code, alpha3_code
        return name[:6] + '_code'
    s = re.sub(r'([A-Z])', r'_\1', name)
    s = re.sub(r'([0-9]+)', r'_\1', s)
    return s.lower()


def to_millis(s):
    # StringExtensions.kt String?.toMillis()
    if s is None:
        return None
    s = str(s)
    if s.strip() == '' or s == 'SHC' or re.match(r'^\+(\d+) lap(s)?$', s):
        return None
    i = s.rfind('.')
    millis = int(s[i + 1:])
    s = s[:i]
    hours = minutes = 0
    i = s.rfind(':')
    if i == -1:
        seconds = int(s[1:] if s.startswith('+') else s)
        s = ''
    else:
        seconds = int(s[i + 1:])
        s = s[:i]
    if s:
        i = s.rfind(':')
        if i == -1:
            minutes = int(s[1:] if s.startswith('+') else s)
            s = ''
        else:
            minutes = int(s[i + 1:])
            s = s[:i]
    if s:
        hours = int(s)
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis


def pos_text(v):
    return None if v is None else str(v)


def pos_num(v):
    t = pos_text(v)
    return int(t) if t is not None and re.fullmatch(r'-?[0-9]+', t) else None


def txt(v):
    return None if v is None else str(v)


def b(v):
    return None if v is None else (1 if v else 0)


def key5(r):
    return (r['driverNumber'], r['driverId'], r['constructorId'], r['engineManufacturerId'],
            r['tyreManufacturerId'])


# ---------------------------------------------------------------- schema
SCHEMA = """
CREATE TABLE continent
( id TEXT NOT NULL PRIMARY KEY
, code TEXT NOT NULL UNIQUE
, name TEXT NOT NULL UNIQUE
, demonym TEXT NOT NULL
);
CREATE TABLE country
( id TEXT NOT NULL PRIMARY KEY
, alpha2_code TEXT NOT NULL UNIQUE
, alpha3_code TEXT NOT NULL UNIQUE
, ioc_code TEXT
, name TEXT NOT NULL UNIQUE
, demonym TEXT
, continent_id TEXT NOT NULL REFERENCES continent (id)
);
CREATE TABLE driver
( id TEXT NOT NULL PRIMARY KEY
, name TEXT NOT NULL
, first_name TEXT NOT NULL
, last_name TEXT NOT NULL
, full_name TEXT NOT NULL
, abbreviation TEXT NOT NULL
, permanent_number INTEGER
, gender TEXT NOT NULL
, date_of_birth TEXT NOT NULL
, date_of_death TEXT
, place_of_birth TEXT NOT NULL
, country_of_birth_country_id TEXT NOT NULL REFERENCES country (id)
, nationality_country_id TEXT NOT NULL REFERENCES country (id)
, second_nationality_country_id TEXT REFERENCES country (id)
);
CREATE TABLE driver_family_relationship
( driver_id TEXT NOT NULL REFERENCES driver (id)
, position_display_order INTEGER NOT NULL
, other_driver_id TEXT NOT NULL REFERENCES driver (id)
, type TEXT NOT NULL
, PRIMARY KEY (driver_id, position_display_order)
);
CREATE TABLE constructor
( id TEXT NOT NULL PRIMARY KEY
, name TEXT NOT NULL
, full_name TEXT NOT NULL
, country_id TEXT NOT NULL REFERENCES country (id)
);
CREATE TABLE constructor_chronology
( constructor_id TEXT NOT NULL REFERENCES constructor (id)
, position_display_order INTEGER NOT NULL
, other_constructor_id TEXT NOT NULL REFERENCES constructor (id)
, year_from INTEGER NOT NULL
, year_to INTEGER
, PRIMARY KEY (constructor_id, position_display_order)
);
CREATE TABLE engine_manufacturer
( id TEXT NOT NULL PRIMARY KEY
, name TEXT NOT NULL
, country_id TEXT NOT NULL REFERENCES country (id)
);
CREATE TABLE tyre_manufacturer
( id TEXT NOT NULL PRIMARY KEY
, name TEXT NOT NULL
, country_id TEXT NOT NULL REFERENCES country (id)
);
CREATE TABLE circuit
( id TEXT NOT NULL PRIMARY KEY
, name TEXT NOT NULL
, full_name TEXT NOT NULL
, previous_names TEXT
, type TEXT NOT NULL
, direction TEXT NOT NULL
, place_name TEXT NOT NULL
, country_id TEXT NOT NULL REFERENCES country (id)
, latitude REAL NOT NULL
, longitude REAL NOT NULL
, length REAL NOT NULL
, turns INTEGER NOT NULL
);
CREATE TABLE circuit_layout
( id TEXT NOT NULL PRIMARY KEY
, circuit_id TEXT NOT NULL REFERENCES circuit (id)
, effective INTEGER NOT NULL
, length REAL NOT NULL
, turns INTEGER NOT NULL
);
CREATE TABLE grand_prix
( id TEXT NOT NULL PRIMARY KEY
, name TEXT NOT NULL
, full_name TEXT NOT NULL
, short_name TEXT NOT NULL
, abbreviation TEXT NOT NULL
, country_id TEXT REFERENCES country (id)
);
CREATE TABLE season
( year INTEGER NOT NULL PRIMARY KEY
);
CREATE TABLE race
( id INTEGER NOT NULL PRIMARY KEY
, year INTEGER NOT NULL REFERENCES season (year)
, round INTEGER NOT NULL
, date TEXT NOT NULL
, time TEXT
, grand_prix_id TEXT NOT NULL REFERENCES grand_prix (id)
, official_name TEXT NOT NULL
, qualifying_format TEXT NOT NULL
, sprint_qualifying_format TEXT
, circuit_id TEXT NOT NULL REFERENCES circuit (id)
, circuit_layout_id TEXT NOT NULL REFERENCES circuit_layout (id)
, circuit_type TEXT NOT NULL
, direction TEXT NOT NULL
, course_length REAL NOT NULL
, turns INTEGER NOT NULL
, laps INTEGER NOT NULL
, distance REAL NOT NULL
, scheduled_laps INTEGER
, scheduled_distance REAL
, drivers_championship_decider INTEGER NOT NULL
, constructors_championship_decider INTEGER NOT NULL
, pre_qualifying_date TEXT
, pre_qualifying_time TEXT
, free_practice_1_date TEXT
, free_practice_1_time TEXT
, free_practice_2_date TEXT
, free_practice_2_time TEXT
, free_practice_3_date TEXT
, free_practice_3_time TEXT
, free_practice_4_date TEXT
, free_practice_4_time TEXT
, qualifying_1_date TEXT
, qualifying_1_time TEXT
, qualifying_2_date TEXT
, qualifying_2_time TEXT
, qualifying_date TEXT
, qualifying_time TEXT
, sprint_qualifying_date TEXT
, sprint_qualifying_time TEXT
, sprint_race_date TEXT
, sprint_race_time TEXT
, sprint_race_laps INTEGER
, sprint_race_distance REAL
, sprint_race_scheduled_laps INTEGER
, sprint_race_scheduled_distance REAL
, warming_up_date TEXT
, warming_up_time TEXT
, UNIQUE (year, round)
);
CREATE TABLE race_result
( race_id INTEGER NOT NULL REFERENCES race (id)
, position_display_order INTEGER NOT NULL
, position_number INTEGER
, position_text TEXT NOT NULL
, driver_number INTEGER NOT NULL
, driver_id TEXT NOT NULL REFERENCES driver (id)
, constructor_id TEXT NOT NULL REFERENCES constructor (id)
, engine_manufacturer_id TEXT NOT NULL REFERENCES engine_manufacturer (id)
, tyre_manufacturer_id TEXT NOT NULL REFERENCES tyre_manufacturer (id)
, shared_car INTEGER
, laps INTEGER
, time TEXT
, time_millis INTEGER
, time_penalty TEXT
, time_penalty_millis INTEGER
, gap TEXT
, gap_millis INTEGER
, gap_laps INTEGER
, reason_retired TEXT
, points REAL
, pole_position INTEGER
, qualification_position_number INTEGER
, qualification_position_text TEXT
, grid_position_number INTEGER
, grid_position_text TEXT
, positions_gained INTEGER
, pit_stops INTEGER
, fastest_lap INTEGER
, driver_of_the_day INTEGER
, grand_slam INTEGER
, PRIMARY KEY (race_id, position_display_order)
);
CREATE TABLE qualifying_result
( race_id INTEGER NOT NULL REFERENCES race (id)
, position_display_order INTEGER NOT NULL
, position_number INTEGER
, position_text TEXT NOT NULL
, driver_number INTEGER NOT NULL
, driver_id TEXT NOT NULL REFERENCES driver (id)
, constructor_id TEXT NOT NULL REFERENCES constructor (id)
, engine_manufacturer_id TEXT NOT NULL REFERENCES engine_manufacturer (id)
, tyre_manufacturer_id TEXT NOT NULL REFERENCES tyre_manufacturer (id)
, time TEXT
, time_millis INTEGER
, q1 TEXT
, q1_millis INTEGER
, q2 TEXT
, q2_millis INTEGER
, q3 TEXT
, q3_millis INTEGER
, laps INTEGER
, PRIMARY KEY (race_id, position_display_order)
);
CREATE TABLE sprint_qualifying_result
( race_id INTEGER NOT NULL REFERENCES race (id)
, position_display_order INTEGER NOT NULL
, position_number INTEGER
, position_text TEXT NOT NULL
, driver_number INTEGER NOT NULL
, driver_id TEXT NOT NULL REFERENCES driver (id)
, constructor_id TEXT NOT NULL REFERENCES constructor (id)
, engine_manufacturer_id TEXT NOT NULL REFERENCES engine_manufacturer (id)
, tyre_manufacturer_id TEXT NOT NULL REFERENCES tyre_manufacturer (id)
, time TEXT
, time_millis INTEGER
, q1 TEXT
, q1_millis INTEGER
, q2 TEXT
, q2_millis INTEGER
, q3 TEXT
, q3_millis INTEGER
, laps INTEGER
, PRIMARY KEY (race_id, position_display_order)
);
CREATE TABLE sprint_race_result
( race_id INTEGER NOT NULL REFERENCES race (id)
, position_display_order INTEGER NOT NULL
, position_number INTEGER
, position_text TEXT NOT NULL
, driver_number INTEGER NOT NULL
, driver_id TEXT NOT NULL REFERENCES driver (id)
, constructor_id TEXT NOT NULL REFERENCES constructor (id)
, engine_manufacturer_id TEXT NOT NULL REFERENCES engine_manufacturer (id)
, tyre_manufacturer_id TEXT NOT NULL REFERENCES tyre_manufacturer (id)
, laps INTEGER
, time TEXT
, time_millis INTEGER
, time_penalty TEXT
, time_penalty_millis INTEGER
, gap TEXT
, gap_millis INTEGER
, gap_laps INTEGER
, reason_retired TEXT
, points REAL
, qualification_position_number INTEGER
, qualification_position_text TEXT
, grid_position_number INTEGER
, grid_position_text TEXT
, positions_gained INTEGER
, PRIMARY KEY (race_id, position_display_order)
);
CREATE TABLE driver_of_the_day_result
( race_id INTEGER NOT NULL REFERENCES race (id)
, position_display_order INTEGER NOT NULL
, position_number INTEGER
, position_text TEXT NOT NULL
, driver_number INTEGER NOT NULL
, driver_id TEXT NOT NULL REFERENCES driver (id)
, constructor_id TEXT NOT NULL REFERENCES constructor (id)
, engine_manufacturer_id TEXT NOT NULL REFERENCES engine_manufacturer (id)
, tyre_manufacturer_id TEXT NOT NULL REFERENCES tyre_manufacturer (id)
, percentage REAL
, PRIMARY KEY (race_id, position_display_order)
);
CREATE TABLE season_driver_standing
( year INTEGER NOT NULL REFERENCES season (year)
, position_display_order INTEGER NOT NULL
, position_number INTEGER
, position_text TEXT NOT NULL
, driver_id TEXT NOT NULL REFERENCES driver (id)
, points REAL NOT NULL
, championship_won INTEGER NOT NULL
, PRIMARY KEY (year, position_display_order)
);
CREATE TABLE season_constructor_standing
( year INTEGER NOT NULL REFERENCES season (year)
, position_display_order INTEGER NOT NULL
, position_number INTEGER
, position_text TEXT NOT NULL
, constructor_id TEXT NOT NULL REFERENCES constructor (id)
, engine_manufacturer_id TEXT NOT NULL REFERENCES engine_manufacturer (id)
, points REAL NOT NULL
, championship_won INTEGER NOT NULL
, PRIMARY KEY (year, position_display_order)
);
"""



def main():
    gitdir, commit, outpath = sys.argv[1:4]
    files = load_tree(gitdir, commit)

    def folder(name):
        return [files[k] for k in sorted(files) if k.startswith(name + '/') and k.count('/') == 1]

    continents = folder('continents')
    countries = folder('countries')
    drivers = folder('drivers')
    constructors = folder('constructors')
    engine_manufacturers = folder('engine-manufacturers')
    tyre_manufacturers = folder('tyre-manufacturers')
    circuits = folder('circuits')
    grands_prix = folder('grands-prix')

    # ------------------------------------------------------------ races up to the cut-off
    races = []  # dicts with year, dir
    for k in sorted(files):
        m = re.fullmatch(r'seasons/(\d{4})/races/([^/]+)/race\.yml', k)
        if m:
            r = dict(files[k])
            r['year'] = int(m.group(1))
            r['_dir'] = k[:-len('race.yml')]
            if str(r['date']) <= CUTOFF:
                races.append(r)
    races.sort(key=lambda r: (r['year'], r['round']))
    years = sorted({r['year'] for r in races})

    def sess(r, name):
        v = files.get(r['_dir'] + name + '.yml', 'ABSENT')
        if v == 'ABSENT':
            return None
        return v or []

    # ------------------------------------------------------------ who/what is referenced
    used_drivers, used_constructors, used_engines, used_tyres = set(), set(), set(), set()
    race_dirs = {r['_dir'] for r in races}
    for k in sorted(files):
        if k[:k.rfind('/') + 1] in race_dirs and not k.endswith('race.yml'):
                for row in files[k] or []:
                    used_drivers.add(row.get('driverId'))
                    used_constructors.add(row.get('constructorId'))
                    used_engines.add(row.get('engineManufacturerId'))
                    used_tyres.add(row.get('tyreManufacturerId'))

    def walk_entrants(o):
        if isinstance(o, dict):
            for kk, vv in o.items():
                if kk == 'driverId':
                    used_drivers.add(vv)
                elif kk == 'constructorId':
                    used_constructors.add(vv)
                elif kk == 'engineManufacturerId':
                    used_engines.add(vv)
                elif kk == 'tyreManufacturerId':
                    used_tyres.add(vv)
                else:
                    walk_entrants(vv)
        elif isinstance(o, list):
            for x in o:
                walk_entrants(x)

    for y in years:
        if y < CURRENT_SEASON:
            walk_entrants(files.get('seasons/%d/entrants.yml' % y))
            for kind in ('driver', 'constructor'):
                for row in files.get('seasons/%d/%s-standings.yml' % (y, kind)) or []:
                    used_drivers.add(row.get('driverId'))
                    used_constructors.add(row.get('constructorId'))
                    used_engines.add(row.get('engineManufacturerId'))
    used_circuits = {r['circuitId'] for r in races}
    used_layouts = {r['circuitLayoutId'] for r in races}
    used_gps = {r['grandPrixId'] for r in races}

    db = sqlite3.connect(outpath)
    db.executescript(SCHEMA)
    cols_cache = {}

    def cols(table):
        if table not in cols_cache:
            cols_cache[table] = [c[1] for c in db.execute('PRAGMA table_info(%s)' % table)]
        return cols_cache[table]

    def insert(table, rows, key):
        cs = cols(table)
        rows = sorted(rows, key=key)
        for row in rows:
            extra = set(row) - set(cs)
            if extra:
                raise SystemExit('%s: unknown columns %s' % (table, extra))
        db.executemany('INSERT INTO %s (%s) VALUES (%s)' % (table, ', '.join(cs),
                                                             ', '.join('?' * len(cs))),
                       [tuple(row.get(c) for c in cs) for row in rows])

    def plain(d, skip=()):
        return {snake(k): v for k, v in d.items() if k not in skip}

    insert('continent', [plain(d) for d in continents], lambda r: r['id'])
    insert('country', [plain(d) for d in countries], lambda r: r['id'])

    drows, frows = [], []
    kept_drivers = {d['id'] for d in drivers if d['id'] in used_drivers}
    for d in drivers:
        if d['id'] not in kept_drivers:
            continue
        row = plain(d, skip=('familyRelationships',))
        if row.get('date_of_death') and row['date_of_death'] > CUTOFF:
            row['date_of_death'] = None
        drows.append(row)
        for i, fr in enumerate(d.get('familyRelationships') or []):
            if fr['driverId'] in kept_drivers:
                frows.append({'driver_id': d['id'], 'position_display_order': i + 1,
                              'other_driver_id': fr['driverId'], 'type': fr['type']})
    insert('driver', drows, lambda r: r['id'])
    insert('driver_family_relationship', frows,
           lambda r: (r['driver_id'], r['position_display_order']))

    kept_constructors = {c['id'] for c in constructors if c['id'] in used_constructors}
    crows, chrows = [], []
    for c in constructors:
        if c['id'] not in kept_constructors:
            continue
        crows.append(plain(c, skip=('chronology',)))
        order = 0
        for ch in c.get('chronology') or []:
            if ch['yearFrom'] > CURRENT_SEASON or ch['constructorId'] not in kept_constructors:
                continue
            order += 1
            year_to = ch.get('yearTo')
            if year_to is not None and year_to >= CURRENT_SEASON:
                year_to = None
            chrows.append({'constructor_id': c['id'], 'position_display_order': order,
                           'other_constructor_id': ch['constructorId'],
                           'year_from': ch['yearFrom'], 'year_to': year_to})
    insert('constructor', crows, lambda r: r['id'])
    insert('constructor_chronology', chrows,
           lambda r: (r['constructor_id'], r['position_display_order']))

    insert('engine_manufacturer', [plain(e) for e in engine_manufacturers if e['id'] in used_engines],
           lambda r: r['id'])
    insert('tyre_manufacturer', [plain(t) for t in tyre_manufacturers if t['id'] in used_tyres],
           lambda r: r['id'])

    circ_rows, lay_rows = [], []
    for c in circuits:
        if c['id'] not in used_circuits:
            continue
        row = plain(c, skip=('layouts',))
        if row.get('previous_names') is not None:  # writer/sql/mapper/CircuitMapper.kt
            row['previous_names'] = ';'.join(row['previous_names'])
        circ_rows.append(row)
        layouts = c.get('layouts') or []
        eff = [bool(l.get('effective')) for l in layouts]
        if layouts and not any(eff):
            eff[-1] = True  # F1DBReader: the last layout is effective when none is marked
        for l, e in zip(layouts, eff):
            if l['id'] in used_layouts:
                lay_rows.append({'id': l['id'], 'circuit_id': c['id'], 'effective': int(e),
                                 'length': l['length'], 'turns': l['turns']})
    insert('circuit', circ_rows, lambda r: r['id'])
    insert('circuit_layout', lay_rows, lambda r: r['id'])
    insert('grand_prix', [plain(g) for g in grands_prix if g['id'] in used_gps], lambda r: r['id'])
    insert('season', [{'year': y} for y in years], lambda r: r['year'])

    race_rows = []
    for r in races:
        row = plain(r, skip=('_dir',))
        row['drivers_championship_decider'] = int(bool(r.get('driversChampionshipDecider')))
        row['constructors_championship_decider'] = int(bool(r.get('constructorsChampionshipDecider')))
        for k in list(row):
            if k.endswith('_time') or k == 'time' or k.endswith('_date') or k == 'date':
                row[k] = txt(row[k])
        race_rows.append(row)
    insert('race', race_rows, lambda r: r['id'])

    # ------------------------------------------------------------ session results
    def base(race, i, x):
        return {'race_id': race['id'], 'position_display_order': i + 1,
                'position_number': pos_num(x['position']), 'position_text': pos_text(x['position']),
                'driver_number': int(x['driverNumber']), 'driver_id': x['driverId'],
                'constructor_id': x['constructorId'],
                'engine_manufacturer_id': x['engineManufacturerId'],
                'tyre_manufacturer_id': x['tyreManufacturerId']}

    def first_match(lst, k):
        for x in lst or []:
            if key5(x) == k:
                return x
        return None

    def qualification_position(race, k, sprint):
        # F1DBReader.resolveQualificationPosition
        if race['qualifyingFormat'] == 'SPRINT_RACE':
            src = sess(race, 'qualifying-results') if sprint else sess(race, 'sprint-race-results')
        elif race.get('sprintQualifyingFormat') == 'SPRINT_SHOOTOUT':
            src = sess(race, 'sprint-qualifying-results') if sprint else sess(race, 'qualifying-results')
        else:
            src = sess(race, 'qualifying-results')
        x = first_match(src, k)
        if x is None:
            return None, None
        return pos_num(x['position']), pos_text(x['position'])

    def race_like(race, i, x, grid_src, sprint):
        row = base(race, i, x)
        k = key5(x)
        gap = txt(x.get('gap'))
        gap_laps = gap_millis = None
        if gap is not None:
            m = re.fullmatch(r'\+(\d+) lap(s)?', gap)
            if m:
                gap_laps = int(m.group(1))
            else:
                gap_millis = to_millis(gap)
        shared = bool(x.get('sharedCar'))
        row.update({'laps': x.get('laps'), 'time': txt(x.get('time')),
                    'time_millis': to_millis(x.get('time')),
                    'time_penalty': txt(x.get('timePenalty')),
                    'time_penalty_millis': to_millis(x.get('timePenalty')),
                    'gap': gap, 'gap_millis': gap_millis, 'gap_laps': gap_laps,
                    'reason_retired': x.get('reasonRetired'),
                    'points': None if x.get('points') is None else float(x['points']),
                    'grid_position_text': pos_text(x.get('gridPosition')),
                    'grid_position_number': pos_num(x.get('gridPosition'))})
        if shared:
            qn, qt = None, None
        else:
            qn, qt = qualification_position(race, k, sprint)
        row['qualification_position_number'] = qn
        row['qualification_position_text'] = qt
        # F1DBReader.calculatePositionsGained
        pg = None
        if row['position_number'] is not None and not shared:
            if row['grid_position_number'] is not None:
                pg = row['grid_position_number'] - row['position_number']
            else:
                for gi, g in enumerate(grid_src or []):
                    if key5(g) == k:
                        pg = gi + 1 - row['position_number']
                        break
        row['positions_gained'] = pg
        if not sprint:
            row['shared_car'] = int(shared)
            # F1DBReader.resolvePolePosition
            if race['year'] == 2022 and race['qualifyingFormat'] == 'SPRINT_RACE':
                g = first_match(sess(race, 'sprint-starting-grid-positions'), k)
            else:
                g = first_match(sess(race, 'starting-grid-positions'), k)
            row['pole_position'] = int(g is not None and pos_num(g['position']) == 1)
            ps = sess(race, 'pit-stops')
            row['pit_stops'] = None if ps is None else sum(1 for p in ps if key5(p) == k)
            fl = sess(race, 'fastest-laps')
            row['fastest_lap'] = None if fl is None else int(
                any(pos_num(f['position']) == 1 and key5(f) == k for f in fl))
            dd = sess(race, 'driver-of-the-day-results')
            row['driver_of_the_day'] = None if dd is None else int(
                any(pos_num(d['position']) == 1 and key5(d) == k for d in dd))
            row['grand_slam'] = int(bool(x.get('grandSlam')))
        return row

    def qual_like(race, i, x):
        row = base(race, i, x)
        for f in ('time', 'q1', 'q2', 'q3'):
            row[f] = txt(x.get(f))
            row[f + '_millis'] = to_millis(x.get(f))
        row['laps'] = x.get('laps')
        return row

    tables = {t: [] for t in ('race_result', 'qualifying_result', 'sprint_qualifying_result',
                              'sprint_race_result', 'driver_of_the_day_result')}
    for race in races:
        for i, x in enumerate(sess(race, 'race-results') or []):
            tables['race_result'].append(
                race_like(race, i, x, sess(race, 'starting-grid-positions'), False))
        for i, x in enumerate(sess(race, 'sprint-race-results') or []):
            tables['sprint_race_result'].append(
                race_like(race, i, x, sess(race, 'sprint-starting-grid-positions'), True))
        for i, x in enumerate(sess(race, 'qualifying-results') or []):
            tables['qualifying_result'].append(qual_like(race, i, x))
        for i, x in enumerate(sess(race, 'sprint-qualifying-results') or []):
            tables['sprint_qualifying_result'].append(qual_like(race, i, x))
        for i, x in enumerate(sess(race, 'driver-of-the-day-results') or []):
            row = base(race, i, x)
            row['percentage'] = None if x.get('percentage') is None else float(x['percentage'])
            tables['driver_of_the_day_result'].append(row)


    for t, rows in tables.items():
        insert(t, rows, lambda r: (r['race_id'], r['position_display_order']))

    # ------------------------------------------------------------ season standings
    last_race = {}
    for r in races:
        last_race[r['year']] = r
    for kind in ('driver', 'constructor'):
        rows = []
        for y in years:
            if y < CURRENT_SEASON:
                src = files.get('seasons/%d/%s-standings.yml' % (y, kind))
            else:
                src = sess(last_race[y], kind + '-standings')
            season_races = [r for r in races if r['year'] == y]
            dec = next((r for r in season_races
                        if r.get(kind + 'sChampionshipDecider')), None)
            for i, s in enumerate(src or []):
                row = {'year': y, 'position_display_order': i + 1,
                       'position_number': pos_num(s['position']),
                       'position_text': pos_text(s['position']), 'points': float(s['points']),
                       'championship_won': int(pos_num(s['position']) == 1 and
                                               (y < CURRENT_SEASON or dec is not None))}
                if kind == 'driver':
                    row['driver_id'] = s['driverId']
                else:
                    row['constructor_id'] = s['constructorId']
                    row['engine_manufacturer_id'] = s['engineManufacturerId']
                rows.append(row)
        insert('season_%s_standing' % kind, rows,
               lambda r: (r['year'], r['position_display_order']))

    db.commit()
    bad = db.execute('PRAGMA foreign_key_check').fetchall()
    if bad:
        raise SystemExit('foreign key violations: %r' % bad[:10])
    db.execute('VACUUM')
    db.close()


if __name__ == '__main__':
    main()
