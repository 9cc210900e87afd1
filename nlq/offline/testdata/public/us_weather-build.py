# Builds us_weather.db from FiveThirtyEight's data repository, folder us-weather-history/, the data
# behind "What 12 Months Of Record-Setting Temperatures Looks Like Across The U.S." (2015): daily
# temperatures and precipitation of ten US weather stations from 2014-07-01 to 2015-06-30, scraped
# from Weather Underground's daily history pages, with that day's historical averages and records.
#   github.com/fivethirtyeight/data  commit fcf572c4fba05a42f1f34f415bd5e6dc389efd68 (2024-10-28)
#   last changes of the files used:
#     us-weather-history/K*.csv (10 files)  83bac8d3c0701a97acf24c34d67fd0175fec7552 (2015-07-21,
#                                            "Initial commit of data and code ...")
#     us-weather-history/README.md          9ad560b12e1b8fe046dda0ea4b474ea29ffe9767 (2019-05-28)
#     LICENSE (CC BY 4.0)                   084f9fb8dedceec71078550a0230674e08abdc61 (2018-02-08)
# Data licence: CC BY 4.0 (the repository's LICENSE); see us_weather.LICENSE.
#
# Tables:
#   stations (10 rows) ADDED by this script (the source has no station file; its README gives no
#       names and its scripts only list the codes): station TEXT PRIMARY KEY (the four-letter ICAO
#       code that names each CSV, 'KNYC'), station_name (the observing site, e.g. 'Central Park',
#       'Chicago Midway International Airport'), city (the city the story uses the station for,
#       e.g. 'New York', 'Los Angeles', 'Chicago'), state (two-letter USPS code, 'NY').
#       The hand-written list is STATIONS below.
#   daily_weather (3,650 rows) one row per station and day: station -> stations, then the CSV's
#       own 13 columns in the CSV's order: date, actual_mean_temp, actual_min_temp,
#       actual_max_temp, average_min_temp, average_max_temp, record_min_temp, record_max_temp,
#       record_min_temp_year, record_max_temp_year, actual_precipitation, average_precipitation,
#       record_precipitation. PRIMARY KEY (station, date).
#       Temperatures in whole degrees Fahrenheit (INTEGER), precipitation in inches (REAL; the
#       source's parser wrote a trace 'T' as 0.0), record years INTEGER. Averages and records are
#       those of the calendar day "since 1880" as Weather Underground showed them in July 2015, so a
#       record set during 2014-15 shows up as record = actual and record year 2014 or 2015.
#
# Conversions: the CSV's dates 'YYYY-M-D' written as ISO 'YYYY-MM-DD'; empty fields NULL (only two:
# KMDW 2014-12-15 record_max_temp_year and KMDW 2015-03-31 record_min_temp_year); rows inserted in
# (station, date) order. Nothing left out: all 10 stations x 365 days. The folder's Python
# scripts (scraper, parser, chart) are not data and are not used.
#
# Usage: python3 us_weather-build.py <fivethirtyeight+data git dir> <out.db>
#        gzip -9 -n <out.db>
import csv, io, os, sqlite3, subprocess, sys

COMMIT = 'fcf572c4fba05a42f1f34f415bd5e6dc389efd68'
GIT, OUT = sys.argv[1], sys.argv[2]

# station, station_name, city, state
STATIONS = [
    ('KCLT', 'Charlotte Douglas International Airport', 'Charlotte', 'NC'),
    ('KCQT', 'Los Angeles Downtown/USC', 'Los Angeles', 'CA'),
    ('KHOU', 'William P. Hobby Airport', 'Houston', 'TX'),
    ('KIND', 'Indianapolis International Airport', 'Indianapolis', 'IN'),
    ('KJAX', 'Jacksonville International Airport', 'Jacksonville', 'FL'),
    ('KMDW', 'Chicago Midway International Airport', 'Chicago', 'IL'),
    ('KNYC', 'Central Park', 'New York', 'NY'),
    ('KPHL', 'Philadelphia International Airport', 'Philadelphia', 'PA'),
    ('KPHX', 'Phoenix Sky Harbor International Airport', 'Phoenix', 'AZ'),
    ('KSEA', 'Seattle-Tacoma International Airport', 'Seattle', 'WA'),
]

HEADER = ['date', 'actual_mean_temp', 'actual_min_temp', 'actual_max_temp',
          'average_min_temp', 'average_max_temp', 'record_min_temp', 'record_max_temp',
          'record_min_temp_year', 'record_max_temp_year', 'actual_precipitation',
          'average_precipitation', 'record_precipitation']
REAL_COLS = {'actual_precipitation', 'average_precipitation', 'record_precipitation'}


def read_csv(name):
    text = subprocess.run(['git', '--git-dir=' + GIT, 'show',
                           f'{COMMIT}:us-weather-history/{name}'],
                          check=True, capture_output=True).stdout.decode('utf-8')
    rows = [r for r in csv.reader(io.StringIO(text)) if r]
    return rows[0], rows[1:]


def iso(d):
    y, m, dd = d.split('-')
    return f'{int(y):04d}-{int(m):02d}-{int(dd):02d}'


def conv(col, v):
    v = v.strip()
    if col == 'date':
        return iso(v)
    if v == '':
        return None
    if col in REAL_COLS:
        return float(v)
    return int(v)


if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')

db.execute('''CREATE TABLE stations (
  station      TEXT NOT NULL PRIMARY KEY,
  station_name TEXT NOT NULL,
  city         TEXT NOT NULL,
  state        TEXT NOT NULL
)''')
db.executemany('INSERT INTO stations VALUES (?, ?, ?, ?)', sorted(STATIONS))

db.execute('''CREATE TABLE daily_weather (
  station               TEXT NOT NULL REFERENCES stations (station),
  date                  TEXT NOT NULL,
  actual_mean_temp      INTEGER,
  actual_min_temp       INTEGER,
  actual_max_temp       INTEGER,
  average_min_temp      INTEGER,
  average_max_temp      INTEGER,
  record_min_temp       INTEGER,
  record_max_temp       INTEGER,
  record_min_temp_year  INTEGER,
  record_max_temp_year  INTEGER,
  actual_precipitation  REAL,
  average_precipitation REAL,
  record_precipitation  REAL,
  PRIMARY KEY (station, date)
)''')
data = []
for st, _, _, _ in sorted(STATIONS):
    head, rows = read_csv(st + '.csv')
    assert head == HEADER, head
    for r in rows:
        assert len(r) == len(head), r
        data.append([st] + [conv(c, v) for c, v in zip(head, r)])
data.sort(key=lambda r: (r[0], r[1]))
db.executemany(f'INSERT INTO daily_weather VALUES ({",".join("?" * 14)})', data)
db.commit()

for t in ['stations', 'daily_weather']:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
db.execute('VACUUM')
db.close()
