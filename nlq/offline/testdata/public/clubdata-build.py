# Builds clubdata.db from github.com/AlisdairO/pgexercises (commit
# c226557fd393c6c977d4ec398caa5a4cec2089c4, 2020-10-29; database/clubdata.sql last changed in
# d39e295081d97587572d9bed851e832d1eb7fccd, 2016-01-31), BSD 2-clause by Alisdair Owens (the
# repository's root LICENSE; database/ has no LICENSE of its own, only questions/ (the exercise
# texts, CC BY-SA, not used here) and some third-party web libraries do): the sample database of
# the PostgreSQL Exercises site, a country club with members, facilities and bookings, a
# pg_dump of schema cd saved as clubdata.sql. Tables and columns keep the dump's names, without
# the cd. schema prefix: members (memid, surname, firstname, address, zipcode, telephone,
# recommendedby, joindate), facilities (facid, name, membercost, guestcost, initialoutlay,
# monthlymaintenance) and bookings (bookid, facid, memid, starttime, slots). The dump's primary
# keys (bookid, facid, memid) and its three foreign keys (bookings.facid -> facilities,
# bookings.memid -> members, members.recommendedby -> members, the last ON DELETE SET NULL) are
# declared inline as REFERENCES; its seven indexes are kept (same names, schema prefix dropped).
# Translations: the tab-separated COPY blocks are read row for row, \N becomes NULL; timestamps
# (timestamp without time zone) are already ISO text 'YYYY-MM-DD HH:MM:SS' and kept as written;
# numeric costs become SQLite numbers (5, 15.5, 3.5). Left out: CREATE DATABASE/USER, GRANTs,
# SET and ANALYZE statements (PostgreSQL server set-up, no data). Nothing is subset: 31 members
# (memid 0 is the GUEST account used for every guest booking; ids 18, 19, 23, 25, 31, 32, 34 do
# not exist), 9 facilities, 4044 bookings (2012-07-03 to 2013-01-01, one slot = half an hour).
# The same data is also published as INSERTs in site/website/dbfiles/clubdata.sql (checked
# identical: same 4044 bookings).
# Run (in this folder):
#   git -C <pgexercises git dir> show c226557fd393c6c977d4ec398caa5a4cec2089c4:database/clubdata.sql > clubdata.sql
#   python3 clubdata-build.py && gzip -9 -n clubdata.db
import os, re, sqlite3

SRC = 'clubdata.sql'
OUT = 'clubdata.db'

SCHEMA = '''
CREATE TABLE facilities (
  facid              INTEGER NOT NULL PRIMARY KEY,
  name               VARCHAR(100) NOT NULL,
  membercost         NUMERIC NOT NULL,
  guestcost          NUMERIC NOT NULL,
  initialoutlay      NUMERIC NOT NULL,
  monthlymaintenance NUMERIC NOT NULL
);
CREATE TABLE members (
  memid         INTEGER NOT NULL PRIMARY KEY,
  surname       VARCHAR(200) NOT NULL,
  firstname     VARCHAR(200) NOT NULL,
  address       VARCHAR(300) NOT NULL,
  zipcode       INTEGER NOT NULL,
  telephone     VARCHAR(20) NOT NULL,
  recommendedby INTEGER REFERENCES members (memid) ON DELETE SET NULL,
  joindate      TIMESTAMP NOT NULL
);
CREATE TABLE bookings (
  bookid    INTEGER NOT NULL PRIMARY KEY,
  facid     INTEGER NOT NULL REFERENCES facilities (facid),
  memid     INTEGER NOT NULL REFERENCES members (memid),
  starttime TIMESTAMP NOT NULL,
  slots     INTEGER NOT NULL
);
CREATE INDEX "bookings.memid_facid" ON bookings (memid, facid);
CREATE INDEX "bookings.facid_memid" ON bookings (facid, memid);
CREATE INDEX "bookings.facid_starttime" ON bookings (facid, starttime);
CREATE INDEX "bookings.memid_starttime" ON bookings (memid, starttime);
CREATE INDEX "bookings.starttime" ON bookings (starttime);
CREATE INDEX "members.joindate" ON members (joindate);
CREATE INDEX "members.recommendedby" ON members (recommendedby);
'''

# Column types of the dump, to turn COPY text into SQLite values.
INTS = {'bookid', 'facid', 'memid', 'slots', 'zipcode', 'recommendedby'}
NUMS = {'membercost', 'guestcost', 'initialoutlay', 'monthlymaintenance'}
TS = {'starttime', 'joindate'}

def convert(col, text):
    if text == r'\N': return None
    assert '\\' not in text, text  # no COPY escapes other than \N occur in this dump
    if col in INTS: return int(text)
    if col in NUMS:
        return int(text) if re.fullmatch(r'-?\d+', text) else float(text)
    if col in TS:
        assert re.fullmatch(r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d', text), text
    return text

src = open(SRC, encoding='utf-8').read()
if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)
# Facilities and members first, so the foreign keys hold while inserting; members in memid
# order (every recommender has a lower memid than the member recommended).
blocks = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
    r'^COPY (\w+) \(([^)]*)\) FROM stdin;\n(.*?)^\\\.$', src, re.S | re.M)}
assert set(blocks) == {'bookings', 'facilities', 'members'}, blocks.keys()
counts = {}
for table in ('facilities', 'members', 'bookings'):
    cols, body = blocks[table]
    cols = [c.strip() for c in cols.split(',')]
    rows = []
    for line in body.split('\n'):
        if not line: continue
        fields = line.split('\t')
        assert len(fields) == len(cols), line
        rows.append([convert(c, f) for c, f in zip(cols, fields)])
    db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})', rows)
    counts[table] = len(rows)
db.commit()
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
