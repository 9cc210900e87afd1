# Builds transit.db from github.com/mrcagney/gtfs_kit (the GTFS Kit Python library by Alexander
# Raichev, MIT licence), its example feed data/cairns_gtfs.zip: the real GTFS timetable of the
# Cairns (Queensland, Australia) Sunbus network as published by the Queensland Department of
# Transport and Main Roads - TransLink Division (qconnect) for 26 May to 28 December 2014: one
# agency, 22 bus routes, 416 stops, 1,339 trips, 37,790 stop times, 4 service calendars, 54 shapes.
#
# Read at the pinned commit PIN (the newest; the zip was added in f2d02ca585e4c27c1df7a74943a7e64634df9756,
# 2019-09-10, and never changed since) with `git show`, unzipped in memory with zipfile.
#
# Names: the GTFS file names without ".txt" are the table names (agency, stops, routes, trips,
# stop_times, calendar, calendar_dates, shapes) and the GTFS field names are the columns, in the
# order the feed writes them. The feed has no fare, frequency, transfer or feed_info files, so
# there are no such tables. It has a single agency and so, as GTFS allows, no agency_id anywhere
# (neither in agency.txt nor in routes.txt): there is no routes -> agency key to declare.
#
# Values: every value as the feed writes it, except that
#   - an empty field (GTFS: no value) is NULL; columns that are empty on every row (routes.route_desc,
#     route_url; stops.stop_code, stop_desc, zone_id, stop_url, parent_station; trips.block_id) are
#     kept, all NULL;
#   - dates (calendar.start_date, end_date; calendar_dates.date), written YYYYMMDD in GTFS, are ISO
#     text 'YYYY-MM-DD';
#   - times (stop_times.arrival_time, departure_time) stay GTFS text 'HH:MM:SS' (always two-digit
#     hours), counted from noon minus 12 h of the service day, so times after midnight are written
#     past 24 ('25:10:00'; the latest is '29:39:00'). 65 stop times have no time (timepoints left
#     for interpolation): NULL.
#   - numbers are stored as INTEGER (route_type, direction_id, stop_sequence, pickup_type,
#     drop_off_type, location_type, monday..sunday, exception_type, shape_pt_sequence) or REAL
#     (stop_lat, stop_lon, shape_pt_lat, shape_pt_lon); ids (stop_id, route_id, trip_id,
#     service_id, shape_id) stay TEXT as GTFS defines them.
#
# Keys, as the GTFS reference defines them: stops.stop_id, routes.route_id, trips.trip_id,
# calendar.service_id are PRIMARY KEYs; stop_times (trip_id, stop_sequence), calendar_dates
# (service_id, date) and shapes (shape_id, shape_pt_sequence) are composite PRIMARY KEYs. Declared
# REFERENCES (all hold): trips.route_id -> routes, trips.service_id -> calendar, stop_times.trip_id ->
# trips, stop_times.stop_id -> stops, calendar_dates.service_id -> calendar. trips.shape_id points
# at shapes.shape_id, which is not unique in shapes, so it is not declared. agency has no key.
#
# Nothing is subset or left out.
#
# Run (in this folder):
#   python3 transit-build.py <gtfs_kit git dir> && gzip -9 -n -c transit.db > transit.db.gz
import csv, io, os, sqlite3, subprocess, sys, zipfile

PIN = '1896135ce356c7900ff542ec8956117c98952144'
GIT = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = 'transit.db'

SCHEMA = '''
CREATE TABLE agency (
  agency_name     TEXT NOT NULL,
  agency_url      TEXT NOT NULL,
  agency_timezone TEXT NOT NULL,
  agency_lang     TEXT,
  agency_phone    TEXT
);
CREATE TABLE stops (
  stop_id        TEXT NOT NULL PRIMARY KEY,
  stop_code      TEXT,
  stop_name      TEXT,
  stop_desc      TEXT,
  stop_lat       REAL,
  stop_lon       REAL,
  zone_id        TEXT,
  stop_url       TEXT,
  location_type  INTEGER,
  parent_station TEXT
);
CREATE TABLE routes (
  route_id         TEXT NOT NULL PRIMARY KEY,
  route_short_name TEXT,
  route_long_name  TEXT,
  route_desc       TEXT,
  route_type       INTEGER NOT NULL,
  route_url        TEXT,
  route_color      TEXT,
  route_text_color TEXT
);
CREATE TABLE calendar (
  service_id TEXT NOT NULL PRIMARY KEY,
  monday     INTEGER NOT NULL,
  tuesday    INTEGER NOT NULL,
  wednesday  INTEGER NOT NULL,
  thursday   INTEGER NOT NULL,
  friday     INTEGER NOT NULL,
  saturday   INTEGER NOT NULL,
  sunday     INTEGER NOT NULL,
  start_date TEXT NOT NULL,
  end_date   TEXT NOT NULL
);
CREATE TABLE calendar_dates (
  service_id     TEXT NOT NULL REFERENCES calendar (service_id),
  date           TEXT NOT NULL,
  exception_type INTEGER NOT NULL,
  PRIMARY KEY (service_id, date)
);
CREATE TABLE trips (
  route_id      TEXT NOT NULL REFERENCES routes (route_id),
  service_id    TEXT NOT NULL REFERENCES calendar (service_id),
  trip_id       TEXT NOT NULL PRIMARY KEY,
  trip_headsign TEXT,
  direction_id  INTEGER,
  block_id      TEXT,
  shape_id      TEXT
);
CREATE TABLE stop_times (
  trip_id        TEXT NOT NULL REFERENCES trips (trip_id),
  arrival_time   TEXT,
  departure_time TEXT,
  stop_id        TEXT NOT NULL REFERENCES stops (stop_id),
  stop_sequence  INTEGER NOT NULL,
  pickup_type    INTEGER,
  drop_off_type  INTEGER,
  PRIMARY KEY (trip_id, stop_sequence)
);
CREATE TABLE shapes (
  shape_id          TEXT NOT NULL,
  shape_pt_lat      REAL NOT NULL,
  shape_pt_lon      REAL NOT NULL,
  shape_pt_sequence INTEGER NOT NULL,
  PRIMARY KEY (shape_id, shape_pt_sequence)
);
CREATE INDEX trips_route_id ON trips (route_id);
CREATE INDEX trips_service_id ON trips (service_id);
CREATE INDEX stop_times_stop_id ON stop_times (stop_id);
'''

TABLES = ['agency', 'stops', 'routes', 'calendar', 'calendar_dates', 'trips', 'stop_times', 'shapes']
DATES = {'start_date', 'end_date', 'date'}


def show(path):
    return subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{PIN}:{path}'],
                          capture_output=True, check=True).stdout


def iso(d):
    assert len(d) == 8 and d.isdigit(), d
    return f'{d[:4]}-{d[4:6]}-{d[6:]}'


def main():
    feed = zipfile.ZipFile(io.BytesIO(show('data/cairns_gtfs.zip')))
    names = sorted(n[:-4] for n in feed.namelist())
    assert names == sorted(TABLES), names
    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.executescript(SCHEMA)
    for table in TABLES:
        cols = [r[1] for r in db.execute(f'PRAGMA table_info({table})')]
        types = {r[1]: r[2] for r in db.execute(f'PRAGMA table_info({table})')}
        reader = csv.reader(io.StringIO(feed.read(table + '.txt').decode('utf-8-sig'), newline=''))
        header = next(reader)
        assert header == cols, (table, header, cols)
        rows = []
        for rec in reader:
            assert len(rec) == len(cols), (table, rec)
            row = []
            for c, v in zip(cols, rec):
                if v == '':
                    row.append(None)
                elif c in DATES:
                    row.append(iso(v))
                elif types[c] == 'INTEGER':
                    row.append(int(v))
                elif types[c] == 'REAL':
                    row.append(float(v))
                else:
                    row.append(v)
            rows.append(row)
        db.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * len(cols))})', rows)
    db.commit()
    assert not db.execute('PRAGMA foreign_key_check').fetchall()
    # every trip's shape exists; every time is HH:MM:SS
    assert not db.execute('SELECT 1 FROM trips WHERE shape_id NOT IN (SELECT shape_id FROM shapes)').fetchall()
    assert not db.execute("SELECT 1 FROM stop_times WHERE arrival_time NOT GLOB '[0-9][0-9]:[0-5][0-9]:[0-5][0-9]' "
                          "OR departure_time NOT GLOB '[0-9][0-9]:[0-5][0-9]:[0-5][0-9]'").fetchall()
    db.execute('VACUUM')
    db.close()
    db = sqlite3.connect(OUT)
    for table in TABLES:
        print(table, db.execute(f'SELECT COUNT(*) FROM {table}').fetchone()[0])


if __name__ == '__main__':
    main()
