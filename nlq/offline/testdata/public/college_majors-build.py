# Builds college_majors.db from FiveThirtyEight's data repository, folder college-majors/, the data
# behind "The Economic Guide To Picking A College Major" (2014): labour-force and earnings figures
# per college major from the American Community Survey 2010-2012 Public Use Microdata Sample,
# majors grouped into categories from Carnevale et al., "What's It Worth?" (Georgetown CEW, 2011).
#   github.com/fivethirtyeight/data  commit fcf572c4fba05a42f1f34f415bd5e6dc389efd68 (2024-10-28)
#   last changes of the files used:
#     college-majors/majors-list.csv    2d2ff3e9457549d51f8e571c52099bfe9b2017ad (2014-09-11)
#     college-majors/all-ages.csv       8eb18e0b6115ae6fcfb49bf81ccdd01cbe37906c (2014-09-11)
#     college-majors/grad-students.csv  842512bd8c981a51917230b796602452fff3e316 (2014-09-11)
#     college-majors/women-stem.csv     15886d7ce311494a6b38157469b58ce972e69b63 (2014-09-11)
#     college-majors/recent-grads.csv   2193710ce09c272ce9f16a214d8402a2787d0251 (2015-08-18,
#                                       "Fixed #52": Men/Women realigned with their rows)
#     LICENSE (CC BY 4.0)               084f9fb8dedceec71078550a0230674e08abdc61 (2018-02-08)
# Data licence: CC BY 4.0 (the repository's README: "our data sets are available under the
# Creative Commons Attribution 4.0 International License"); see college_majors.LICENSE.
#
# Tables: one per CSV, named after the file with the hyphen as an underscore, with the CSV's own
# column names and column order (the source mixes `Major_Category` in majors-list.csv and
# `Major_category` elsewhere, `P25th` in all-ages/recent-grads and `Grad_P25` in grad-students;
# all kept as written), plus one lookup table added by this script:
#   major_categories (16 rows) Major_category TEXT PRIMARY KEY: the 16 distinct category names
#       of majors-list.csv ('Engineering', 'Business', 'Arts', ...). ADDED (not a source file),
#       so that every Major_category column can be declared as a REFERENCE.
#   majors_list (173 rows) FOD1P INTEGER PRIMARY KEY (the ACS PUMS field-of-degree code), Major
#       (upper case, 'PETROLEUM ENGINEERING'), Major_Category -> major_categories.
#       The source's first data row, FOD1P 'bbbb ' "N/A (less than bachelor's degree)" with
#       category 'NA', is a PUMS placeholder, not a major: it is left out (the R script skips it
#       too, MajorsList[2:nrow(MajorsList)]).
#   all_ages (173) Major_code PRIMARY KEY -> majors_list(FOD1P), Major, Major_category,
#       Total, Employed, Employed_full_time_year_round, Unemployed, Unemployment_rate, Median,
#       P25th, P75th: everyone with the major and a bachelor's degree but no graduate degree,
#       all ages; earnings are of full-time year-round workers, in US dollars per year.
#   recent_grads (173) Rank (by median earnings, 1-173), Major_code PRIMARY KEY -> majors_list,
#       Major, Total, Men, Women, Major_category, ShareWomen, Sample_size, Employed, Full_time,
#       Part_time, Full_time_year_round, Unemployed, Unemployment_rate, Median, P25th, P75th,
#       College_jobs, Non_college_jobs, Low_wage_jobs: graduates younger than 28.
#   grad_students (173) Major_code PRIMARY KEY -> majors_list, Major, Major_category,
#       Grad_total, Grad_sample_size, Grad_employed, Grad_full_time_year_round, Grad_unemployed,
#       Grad_unemployment_rate, Grad_median, Grad_P25, Grad_P75, Nongrad_total, Nongrad_employed,
#       Nongrad_full_time_year_round, Nongrad_unemployed, Nongrad_unemployment_rate,
#       Nongrad_median, Nongrad_P25, Nongrad_P75, Grad_share, Grad_premium: ages 25 and over,
#       with a graduate degree (Grad_) and with a bachelor's only (Nongrad_).
#   women_stem (76) Rank (the major's rank by median earnings among these 76 STEM majors, not
#       the recent_grads Rank), Major_code PRIMARY KEY -> majors_list, Major, Major_category,
#       Total, Men, Women, ShareWomen, Median: a subset of recent-grads.csv (same figures).
# Every Major_category column REFERENCES major_categories(Major_category).
#
# Conversions: counts and dollar figures INTEGER (the source writes some as '1.00E+05' or
# '2.00E+05', read as 100000 / 200000); rates and shares (Unemployment_rate, ShareWomen,
# Grad_unemployment_rate, Nongrad_unemployment_rate, Grad_share, Grad_premium) REAL as written;
# empty fields NULL (only recent-grads' FOOD SCIENCE row, whose Total, Men, Women and ShareWomen
# are empty); the trailing empty line of women-stem.csv skipped. Rows inserted in Major_code order
# (the CSVs are ordered by rank or unordered). Nothing else left out or changed; no dates in the
# data (all figures are for 2010-2012).
#
# Usage: python3 college_majors-build.py <fivethirtyeight+data git dir> <out.db>
#        gzip -9 -n <out.db>
import csv, io, os, sqlite3, subprocess, sys

COMMIT = 'fcf572c4fba05a42f1f34f415bd5e6dc389efd68'
GIT, OUT = sys.argv[1], sys.argv[2]

REAL_COLS = {'Unemployment_rate', 'ShareWomen', 'Grad_unemployment_rate',
             'Nongrad_unemployment_rate', 'Grad_share', 'Grad_premium'}
TEXT_COLS = {'Major', 'Major_category', 'Major_Category'}


def read_csv(name):
    text = subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:college-majors/{name}'],
                          check=True, capture_output=True).stdout.decode('utf-8')
    rows = [r for r in csv.reader(io.StringIO(text)) if any(v.strip() for v in r)]
    return rows[0], rows[1:]


def conv(col, v):
    v = v.strip()
    if v == '':
        return None
    if col in TEXT_COLS:
        return v
    if col in REAL_COLS:
        return float(v)
    f = float(v)
    assert f == int(f), (col, v)
    return int(f)


if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')

# ---- majors_list and major_categories
head, rows = read_csv('majors-list.csv')
assert head == ['FOD1P', 'Major', 'Major_Category'], head
majors = []
for code, major, cat in rows:
    if code.strip() == 'bbbb':  # "N/A (less than bachelor's degree)", category 'NA'
        continue
    majors.append((int(code), major.strip(), cat.strip()))
majors.sort()
cats = sorted({m[2] for m in majors})
db.execute('''CREATE TABLE major_categories (
  Major_category TEXT NOT NULL PRIMARY KEY
)''')
db.executemany('INSERT INTO major_categories VALUES (?)', [(c,) for c in cats])
db.execute('''CREATE TABLE majors_list (
  FOD1P          INTEGER NOT NULL PRIMARY KEY,
  Major          TEXT NOT NULL,
  Major_Category TEXT NOT NULL REFERENCES major_categories (Major_category)
)''')
db.executemany('INSERT INTO majors_list VALUES (?, ?, ?)', majors)
by_code = {m[0]: m for m in majors}

# ---- the four data files
for fname in ['all-ages.csv', 'recent-grads.csv', 'grad-students.csv', 'women-stem.csv']:
    table = fname[:-4].replace('-', '_')
    head, rows = read_csv(fname)
    defs = []
    for c in head:
        if c == 'Major_code':
            defs.append(f'  {c} INTEGER NOT NULL PRIMARY KEY REFERENCES majors_list (FOD1P)')
        elif c == 'Major':
            defs.append(f'  {c} TEXT NOT NULL')
        elif c == 'Major_category':
            defs.append(f'  {c} TEXT NOT NULL REFERENCES major_categories (Major_category)')
        elif c in REAL_COLS:
            defs.append(f'  {c} REAL')
        else:
            defs.append(f'  {c} INTEGER')
    db.execute(f'CREATE TABLE {table} (\n' + ',\n'.join(defs) + '\n)')
    data = []
    for r in rows:
        assert len(r) == len(head), r
        out = [conv(c, v) for c, v in zip(head, r)]
        rec = dict(zip(head, out))
        m = by_code[rec['Major_code']]
        assert (rec['Major'], rec['Major_category']) == (m[1], m[2]), (rec, m)
        data.append(out)
    data.sort(key=lambda r: r[head.index('Major_code')])
    db.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * len(head))})', data)

db.commit()
for t in ['major_categories', 'majors_list', 'all_ages', 'recent_grads', 'grad_students',
          'women_stem']:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
db.execute('VACUUM')
db.close()
