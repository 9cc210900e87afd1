# Builds murder_mystery.db from github.com/NUKnightLab/sql-mysteries (commit
# 52c8427da76c23242b2faaac5dcaa76a8a501d48, 2023-06-26, MIT): the English database of "The SQL
# Murder Mystery", the records of a made-up "SQL City": people (person, with a street address and
# an ssn), their driver's licences (drivers_license: age, height in inches, eye and hair colour,
# gender, plate number, car make and model), yearly incomes by ssn (income), Facebook event
# check-ins (facebook_event_checkin), police interviews (interview), the members of the Get Fit
# Now gym (get_fit_now_member) and their visits (get_fit_now_check_in), and crime scene reports
# of many US cities (crime_scene_report: date, type, description, city).
# The repository holds the data only as the SQLite file sql-murder-mystery.db at its root (last
# changed in b826bb475eb7c5321ec7ca42ba593dd77c038ab4, 2022-09-23; sha256 b8a9e0ff...228e740b,
# checked below); there is no conf/ folder with CSVs at this commit. This script copies its eight
# data tables row for row, in the source's row order, with the source's table and column names,
# types and values unchanged, into the tables declared below. The source already declares the
# foreign keys (person.license_id -> drivers_license.id, person.ssn -> income.ssn, person_id of
# facebook_event_checkin, interview and get_fit_now_member -> person.id,
# get_fit_now_check_in.membership_id -> get_fit_now_member.id); they are kept, written as column
# REFERENCES. crime_scene_report has no key, as in the source.
# Left out: the game's `solution` table and its `check_solution` trigger (the answer checker of
# the puzzle, no data). Nothing is subset.
# Dates are kept as the source stores them: INTEGERs YYYYMMDD (20180115 = 2018-01-15), in
# crime_scene_report.date, facebook_event_checkin.date, get_fit_now_member.membership_start_date
# and get_fit_now_check_in.check_in_date; check_in_time and check_out_time are bare integers
# (1..1730, no stated unit). Values are not cleaned: most event_name and transcript values end in
# a newline, as in the source; 5 people have a license_id with no drivers_license row and 2497
# an ssn with no income row (SQLite does not enforce foreign keys by default; kept as written).
# Run (in this folder):
#   git -C <sql-mysteries git dir> show 52c8427da76c23242b2faaac5dcaa76a8a501d48:sql-murder-mystery.db > sql-murder-mystery.db
#   python3 murder_mystery-build.py && gzip -9 -n murder_mystery.db
import hashlib, os, sqlite3

SRC = 'sql-murder-mystery.db'
SHA256 = 'b8a9e0ff65c73fb790544240805309dd938ff2bd6993ec0e671e4a4c228e740b'
OUT = 'murder_mystery.db'

SCHEMA = '''
CREATE TABLE drivers_license (
  id          integer PRIMARY KEY,
  age         integer,
  height      integer,
  eye_color   text,
  hair_color  text,
  gender      text,
  plate_number text,
  car_make    text,
  car_model   text
);
CREATE TABLE income (
  ssn           CHAR PRIMARY KEY,
  annual_income integer
);
CREATE TABLE person (
  id                  integer PRIMARY KEY,
  name                text,
  license_id          integer REFERENCES drivers_license (id),
  address_number      integer,
  address_street_name text,
  ssn                 CHAR REFERENCES income (ssn)
);
CREATE TABLE facebook_event_checkin (
  person_id  integer REFERENCES person (id),
  event_id   integer,
  event_name text,
  date       integer
);
CREATE TABLE interview (
  person_id  integer REFERENCES person (id),
  transcript text
);
CREATE TABLE get_fit_now_member (
  id                    text PRIMARY KEY,
  person_id             integer REFERENCES person (id),
  name                  text,
  membership_start_date integer,
  membership_status     text
);
CREATE TABLE get_fit_now_check_in (
  membership_id  text REFERENCES get_fit_now_member (id),
  check_in_date  integer,
  check_in_time  integer,
  check_out_time integer
);
CREATE TABLE crime_scene_report (
  date        integer,
  type        text,
  description text,
  city        text
);
'''
TABLES = ['drivers_license', 'income', 'person', 'facebook_event_checkin', 'interview',
          'get_fit_now_member', 'get_fit_now_check_in', 'crime_scene_report']

digest = hashlib.sha256(open(SRC, 'rb').read()).hexdigest()
assert digest == SHA256, f'{SRC} is not the expected file: sha256 {digest}'
if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.executescript(SCHEMA)
src = sqlite3.connect(f'file:{SRC}?mode=ro', uri=True)
counts = {}
for t in TABLES:
    cols = [r[1] for r in db.execute(f'PRAGMA table_info({t})')]
    src_cols = [r[1] for r in src.execute(f'PRAGMA table_info({t})')]
    assert cols == src_cols, (t, cols, src_cols)
    rows = src.execute(f'SELECT {", ".join(cols)} FROM {t} ORDER BY rowid').fetchall()
    db.executemany(f'INSERT INTO {t} VALUES ({",".join("?" * len(cols))})', rows)
    counts[t] = len(rows)
src.close()
db.commit()
print(counts)
v = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations (kept as in the source):',
      {k: sum(1 for r in v if (r[0], r[2]) == k) for k in sorted({(r[0], r[2]) for r in v})})
db.execute('VACUUM'); db.close()
