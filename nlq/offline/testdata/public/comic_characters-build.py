#!/usr/bin/python3
# Builds comic_characters.db from FiveThirtyEight's data repository, folder comic-characters/, the
# data behind "Comic Books Are Still Made By Men, For Men And About Men" (2014,
# http://fivethirtyeight.com/features/women-in-comic-books/): every character page of the Marvel
# Wikia and the DC Wikia (fan wikis), scraped on 2014-08-24, with appearance counts as of
# 2014-09-02 and the month/year of the first comic-book appearance as of 2014-10-06.
#   github.com/fivethirtyeight/data  pinned commit fcf572c4fba05a42f1f34f415bd5e6dc389efd68
#   (2024-10-28); last changes of the files used:
#     comic-characters/dc-wikia-data.csv      6d880e939ad3d11d94c137c911681b3cf718fd74 (2022-12-16,
#     comic-characters/marvel-wikia-data.csv   "Fix newlines in all csvs"; data added 2014-10-13)
#     comic-characters/README.md              a093e38d03b2975c31189d968b2315f861a8f640 (2021-06-24)
#     LICENSE (CC BY 4.0)                     084f9fb8dedceec71078550a0230674e08abdc61 (2018-02-08)
# Data licence: CC BY 4.0 (the repository's LICENSE; its README: "Unless otherwise noted, our data
# sets are available under the Creative Commons Attribution 4.0 International License"); see
# comic_characters.LICENSE.
#
# (This database is the fallback of a brief that asked for the MySQL "employees" sample of
# github.com/datacharmer/test_db; that snapshot lacks its data files load_*.dump.)
#
# Usage: python3 comic_characters-build.py <fivethirtyeight+data git dir> <commit> <out.db>
#        e.g. python3 comic_characters-build.py /work/.mirror/fivethirtyeight+data/repo \
#             fcf572c4fba05a42f1f34f415bd5e6dc389efd68 comic_characters.db
#        then gzip -9 -n comic_characters.db
# The CSVs are read with `git --git-dir=<dir> show <commit>:<path>`; standard library only.
#
# Tables (2):
#   publishers (2 rows) ADDED by this script (the source has one CSV per publisher and no publisher
#       file): publisher_id INTEGER PRIMARY KEY (1 = DC, 2 = Marvel), name ('DC', 'Marvel', as the
#       story and the file names call them), wikia_url (the wiki the README names as the source,
#       'http://dc.wikia.com/wiki/Main_Page', 'http://marvel.wikia.com/Main_Page'), source_file
#       (the CSV the rows came from).
#   characters (23,272 rows: DC 6,896 + Marvel 16,376) one row per CSV row: publisher_id ->
#       publishers, then the CSV's own 13 columns in the CSV's order, names lower-cased and made
#       snake_case: page_id, name, urlslug, id, align, eye, hair, sex, gsm, alive, appearances,
#       first_appearance, year (the CSV headers are page_id, name, urlslug, ID, ALIGN, EYE, HAIR,
#       SEX, GSM, ALIVE, APPEARANCES, FIRST APPEARANCE, and YEAR in the DC file but Year in the
#       Marvel file). PRIMARY KEY (publisher_id, page_id): page_id is the page number within its
#       own wiki and 476 numbers occur in both wikis.
#       `id` is the identity status (e.g. 'Secret Identity'), NOT a key.
#
# Conversions (everything else is kept exactly as written, including the text values with their
# suffixes: 'Good Characters', 'Male Characters', 'Living Characters', 'Blue Eyes', 'Black Hair',
# 'Secret Identity', and the source's own oddities such as 7 DC rows with eye = 'Auburn Hair'):
#   * empty fields -> NULL (e.g. align, eye, hair, gsm are often empty; gsm is empty for all but
#     the gender/sexual-minority characters).
#   * page_id, appearances, year -> INTEGER.
#   * name and urlslug carry the scraper's JSON string escapes (\/ for /, \" for ", \u00e9 for
#     e-acute); they are decoded (Wolverine (James "Logan" Howlett), Tefe Holland with the accent,
#     urlslug '/wiki/Batman_(Bruce_Wayne)').
#   * first_appearance is written two ways in the source: DC 'YYYY, Month' ('1939, May'), Marvel
#     'Mon-YY' ('Aug-62'). Both become the ISO month 'YYYY-MM' ('1939-05', '1962-08'; the Marvel
#     century is taken from the row's Year, which always agrees with the two digits). Where the
#     source has no month it is NULL: 144 DC rows give only a year ('1993') and 2 DC rows give
#     '1988, Holiday'; their `year` is kept. So first_appearance is NULL but year is set for those
#     146 rows; both are NULL where the source has neither (DC 69, Marvel 815).
# Rows are inserted ordered by (publisher_id, page_id). Nothing is left out or subset: every row of
# both CSVs is kept, including the few pages that are not characters: wiki user pages (Marvel
# 'TOR/test', 'Mj7711', 'Sharjeel786' with every other field empty; DC 'Mrblonde267/Buddy Blank
# (New Earth)' with only a first appearance) and DC's test page 'GenderTest' (Good, Female,
# 1,028 appearances, 1956-10).
import csv, io, json, os, re, sqlite3, subprocess, sys

PINNED = 'fcf572c4fba05a42f1f34f415bd5e6dc389efd68'
GIT, COMMIT, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)

# publisher_id, name, wikia_url, source_file
PUBLISHERS = [
    (1, 'DC', 'http://dc.wikia.com/wiki/Main_Page', 'dc-wikia-data.csv'),
    (2, 'Marvel', 'http://marvel.wikia.com/Main_Page', 'marvel-wikia-data.csv'),
]
COLS = ['page_id', 'name', 'urlslug', 'id', 'align', 'eye', 'hair', 'sex', 'gsm', 'alive',
        'appearances', 'first_appearance', 'year']
MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
          'September', 'October', 'November', 'December']
MON3 = [m[:3] for m in MONTHS]


def read_csv(name):
    data = subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:comic-characters/{name}'],
                          check=True, capture_output=True).stdout.decode('utf-8')
    rows = [r for r in csv.reader(io.StringIO(data, newline='')) if r]
    return rows[0], rows[1:]


def unescape(s):
    assert '"' not in s.replace('\\"', ''), s
    return json.loads('"' + s + '"')


def first_month(v, year):
    """'1939, May' / 'Aug-62' -> '1939-05' / '1962-08'; no month -> None."""
    if v == '':
        return None
    m = re.fullmatch(r'(\d{4}), (\w+)', v)
    if m:
        assert m.group(1) == year, (v, year)
        if m.group(2) not in MONTHS:
            assert m.group(2) == 'Holiday', v
            return None
        return f'{m.group(1)}-{MONTHS.index(m.group(2)) + 1:02d}'
    m = re.fullmatch(r'([A-Z][a-z]{2})-(\d\d)', v)
    if m:
        assert year[2:] == m.group(2), (v, year)
        return f'{year}-{MON3.index(m.group(1)) + 1:02d}'
    assert re.fullmatch(r'\d{4}', v) and v == year, (v, year)
    return None


def conv(head, r):
    rec = dict(zip(head, r))
    rec = {k.lower().replace(' ', '_'): v.strip() for k, v in rec.items()}
    assert list(rec) == COLS, list(rec)
    out = {}
    for c in COLS:
        v = rec[c]
        if c in ('name', 'urlslug'):
            v = unescape(v)
        if c == 'first_appearance':
            out[c] = first_month(v, rec['year'])
        elif v == '':
            out[c] = None
        elif c in ('page_id', 'appearances', 'year'):
            out[c] = int(v)
        else:
            out[c] = v
    return [out[c] for c in COLS]


if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')

db.execute('''CREATE TABLE publishers (
  publisher_id INTEGER NOT NULL PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE,
  wikia_url    TEXT NOT NULL,
  source_file  TEXT NOT NULL
)''')
db.executemany('INSERT INTO publishers VALUES (?, ?, ?, ?)', PUBLISHERS)

db.execute('''CREATE TABLE characters (
  publisher_id     INTEGER NOT NULL REFERENCES publishers (publisher_id),
  page_id          INTEGER NOT NULL,
  name             TEXT NOT NULL,
  urlslug          TEXT NOT NULL,
  id               TEXT,
  align            TEXT,
  eye              TEXT,
  hair             TEXT,
  sex              TEXT,
  gsm              TEXT,
  alive            TEXT,
  appearances      INTEGER,
  first_appearance TEXT,
  year             INTEGER,
  PRIMARY KEY (publisher_id, page_id)
)''')
data = []
for pid, _, _, fname in PUBLISHERS:
    head, rows = read_csv(fname)
    for r in rows:
        assert len(r) == len(head) == 13, r
        data.append([pid] + conv(head, r))
data.sort(key=lambda r: (r[0], r[1]))
db.executemany(f'INSERT INTO characters VALUES ({",".join("?" * 14)})', data)
db.commit()

for t in ['publishers', 'characters']:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
db.execute('VACUUM')
db.close()
