# Builds portal.db from github.com/weecology/portal-teachingdb (commit
# 132ea3f43e3b6c958f80221329d37e4f7a82f0b7, 2022-04-06, "Add CC0 public domain declaration", the
# newest commit; CC0 1.0, the repository's LICENSE): the Portal Project Teaching Database, Weecology's
# simplified teaching copy of the Portal Project's long-term study of desert rodents near Portal,
# Arizona (the Data Carpentry ecology lessons use it; cite http://dx.doi.org/10.6084/m9.figshare.1314459).
# Every animal caught or seen on the 24 fenced plots, 1977-07-16 to 2002-12-31 (surveys: record_id,
# month, day, year, plot_id, species_id, sex, hindfoot_length in mm, weight in grams), the species
# codes (species: species_id, genus, species, taxa 'Rodent'/'Bird'/'Reptile'/'Rabbit') and the
# plots with their experimental treatment (plots: plot_id, plot_type 'Control', 'Rodent Exclosure',
# 'Long-term Krat Exclosure', 'Short-term Krat Exclosure', 'Spectab exclosure').
# Source files, at the pinned commit: surveys.csv (last changed in
# 7c01e2cd7a30ea249bc7807f6b8b64966c902ba1, 2018-03-10, "replaced invalid dates, corrected url for
# species/plots tables"), species.csv and plots.csv (d524501a66f1a325f9f8909de27237672cc8734a,
# 2015-02-21, the first export), all three written by the repository's
# create_portal_teaching_dataset.py from the Ecological Archives files; portal_mammals.sqlite
# (39af8951ecbb5cae8d8d174874789225a1d8f68a, 2018-04-24) and species.json / plots.json
# (a70be5de7266860801232a734dfa46d4fd0d5b85, 2015-02-21) are the same data exported again.
# The CSVs are read (the script's primary export); the build checks that portal_mammals.sqlite,
# species.json and plots.json hold exactly the same rows and values, so either copy gives the same
# database. Tables and columns keep the source's snake_case names and column order.
# Converted: empty CSV field -> NULL (sex 2,511, species_id 763, hindfoot_length 4,111, weight
# 3,266 rows); record_id, month, day, year, plot_id -> INTEGER; hindfoot_length and weight -> REAL,
# as portal_mammals.sqlite declares them (FLOAT, changed from integers on purpose upstream in
# 2018; every value is a whole number); text as written; rows in the source's order. The date is
# kept as the three INTEGER columns year, month, day (no date column is made; every
# year/month/day is a valid calendar date).
# Declared: PRIMARY KEY species (species_id), plots (plot_id), surveys (record_id, 1..35549) and
# REFERENCES surveys.species_id -> species, surveys.plot_id -> plots; the build checks that every
# non-NULL value matches.
# Left out: combined.csv / combined.json (surveys joined to species and plots, nothing new),
# surveys.json (the same rows; absent from the stored snapshot), survey_data_spreadsheet_messy.xls
# (a deliberately messy spreadsheet for the spreadsheet lesson), Portal_rodents_19772002_scinameUUIDs.csv
# (an OpenRefine lesson file; absent from the stored snapshot) and the Python script. Nothing is
# subset: 54 + 24 + 35,549 rows.
# Run (in this folder):
#   python3 portal-build.py <portal-teachingdb git dir> && gzip -9 -n -c portal.db > portal.db.gz && rm portal.db
import csv, io, json, os, sqlite3, subprocess, sys, tempfile

COMMIT = '132ea3f43e3b6c958f80221329d37e4f7a82f0b7'
GIT_DIR = sys.argv[1] if len(sys.argv) > 1 else 'portal-teachingdb.git'
OUT = 'portal.db'

SCHEMA = '''
CREATE TABLE species (
  species_id TEXT PRIMARY KEY,
  genus      TEXT,
  species    TEXT,
  taxa       TEXT
);
CREATE TABLE plots (
  plot_id   INTEGER PRIMARY KEY,
  plot_type TEXT
);
CREATE TABLE surveys (
  record_id       INTEGER PRIMARY KEY,
  month           INTEGER,
  day             INTEGER,
  year            INTEGER,
  plot_id         INTEGER REFERENCES plots (plot_id),
  species_id      TEXT REFERENCES species (species_id),
  sex             TEXT,
  hindfoot_length REAL,
  weight          REAL
);
'''
TYPES = {
    'species': [str, str, str, str],
    'plots': [int, str],
    'surveys': [int, int, int, int, int, str, str, float, float],
}


def show(path):
    return subprocess.run(['git', f'--git-dir={GIT_DIR}', 'show', f'{COMMIT}:{path}'],
                          check=True, stdout=subprocess.PIPE).stdout


def read_csv(table):
    reader = csv.reader(io.StringIO(show(f'{table}.csv').decode('utf-8'), newline=''))
    header = next(reader)
    rows = []
    for rec in reader:
        assert len(rec) == len(header), (table, rec)
        rows.append(tuple(None if v == '' else t(v) for t, v in zip(TYPES[table], rec)))
    return header, rows


if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.executescript(SCHEMA)
data = {}
for t in ['species', 'plots', 'surveys']:
    header, rows = read_csv(t)
    cols = [r[1] for r in db.execute(f'PRAGMA table_info({t})')]
    assert header == cols, (t, header, cols)
    data[t] = rows
    db.executemany(f'INSERT INTO {t} VALUES ({",".join("?" * len(cols))})', rows)
db.commit()

# The other copies in the repository hold the same rows.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, 'portal_mammals.sqlite')
    with open(path, 'wb') as f: f.write(show('portal_mammals.sqlite'))
    src = sqlite3.connect(f'file:{path}?mode=ro', uri=True)
    for t, rows in data.items():
        assert src.execute(f'SELECT * FROM {t} ORDER BY rowid').fetchall() == rows, t
    src.close()
for t in ['species', 'plots']:
    assert [tuple(d.values()) for d in json.loads(show(f'{t}.json'))] == data[t], t

counts = {t: db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0] for t in data}
print(counts)
assert counts == {'species': 54, 'plots': 24, 'surveys': 35549}, counts
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
assert db.execute("SELECT COUNT(*) FROM surveys WHERE date(printf('%04d-%02d-%02d', year, month, day))"
                  " IS NOT printf('%04d-%02d-%02d', year, month, day)").fetchone()[0] == 0
db.execute('VACUUM'); db.close()
