#!/usr/bin/env python3
# Builds pixar.db: the Disney Pixar feature films (Toy Story 1995 to Toy Story 5 2026), the people
# behind each film (directors, co-directors, producers, screenwriters, story writers, composers),
# genres and subgenres, budget and box office, critical and public response scores, Academy Award
# nominations and wins, rankings of the films by 19 web sites, franchises, and Vox's list of
# recurring Pixar themes.
#
# Data: the R package pixarfilms by Eric Leung (github.com/erictleung/pixarfilms), "Data about
#   Disney Pixar films provided by Wikipedia" (films, people, box office, awards from Wikipedia's
#   "List of Pixar films"; run time, rating, plot, genres from OMDb; scores from Rotten Tomatoes,
#   Metacritic, CinemaScore, IMDb, Letterboxd), License: CC0 (LICENSE.md, the CC0 1.0 Universal
#   legal code, copied into pixar.LICENSE).
# Pinned commit: e85a10a77b043d45fe8d950dbdf4d27886ccf520 (2026-08-20, "docs(vignettes): remove
#   figure dimensions for film ratings"); the data files (data-raw/*.csv and data/*.rda) last
#   changed in 57688d99943c7765c3a7348a1c79baa93dd03f4a (2026-08-11, "fix(get_data.R): fix
#   ScreenRant duplicate ranking for Incredibles"). The CSVs of data-raw/ are read; at this commit
#   they hold exactly the same rows and values as the package's data/*.rda (checked value by value
#   when this script was written), so the CSVs are not stale.
#
# Usage (Python 3, standard library only):
#   python3 pixar-build.py <erictleung+pixarfilms git dir> [<commit>] [<out.db>]
#   e.g. python3 pixar-build.py /work/.mirror/erictleung+pixarfilms/repo \
#        e85a10a77b043d45fe8d950dbdf4d27886ccf520 pixar.db
#   then gzip -9 -n -c pixar.db > pixar.db.gz
# The CSVs are read from that commit with `git --git-dir=<dir> show <commit>:data-raw/<table>.csv`.
# An extracted folder (a checkout holding data-raw/) may be given instead of the git dir.
#
# Tables (the package's data set names and column names, unchanged; every table is keyed by the
# film's title, the text column `film`, which the package documents as "the primary key that joins
# with all the rest of the datasets"):
#   pixar_films (31): number INTEGER UNIQUE (order of release 1..31), film TEXT PRIMARY KEY,
#       release_date (ISO 'YYYY-MM-DD' text), run_time (minutes), film_rating (MPA rating 'G'/'PG'),
#       plot (OMDb's one-paragraph summary).
#   pixar_people (286): film -> pixar_films, role_type ('Director', 'Co-director', 'Producer',
#       'Screenwriter', 'Storywriter', 'Musician'), name; PRIMARY KEY (film, role_type, name).
#   genres (228): film -> pixar_films, category ('Genre' or 'Subgenre'), value (e.g. 'Adventure',
#       'Buddy Comedy'); PRIMARY KEY (film, category, value).
#   box_office (31): film PRIMARY KEY -> pixar_films, budget, box_office_us_canada,
#       box_office_other, box_office_worldwide: whole US dollars, not inflation-adjusted, INTEGER
#       (worldwide = us_canada + other for every film).
#   public_response (31): film PRIMARY KEY -> pixar_films, rotten_tomatoes_score (0-100),
#       rotten_tomatoes_counts, metacritic_score (0-100), metacritic_counts, cinema_score (grade
#       text 'A+', 'A', 'A-'), imdb_score (REAL, out of 10), imdb_counts,
#       rotten_tomatoes_score_top_critics, rotten_tomatoes_score_top_critics_votes,
#       rotten_tomatoes_popcorn_meter_score, rotten_tomatoes_popcorn_meter_votes,
#       rotten_tomatoes_popcorn_meter_verified, rotten_tomatoes_popcorn_meter_verified_votes,
#       letterboxd_rating (REAL, out of 5), letterboxd_counts, letterboxd_num_fans.
#   academy (91): film -> pixar_films, award_type, status ('Won', 'Nominated', 'Ineligible',
#       'Award not yet introduced', 'Won Special Achievement'); PRIMARY KEY (film, award_type).
#   pixar_rankings (526): film -> pixar_films, source (one of 19 web sites), ranking (1 = best);
#       PRIMARY KEY (film, source), UNIQUE (source, ranking).
#   pixar_franchises (17): film PRIMARY KEY -> pixar_films, franchise.
#   themes_vox (124): film, theme; PRIMARY KEY (film, theme). NO foreign key: Vox's chart (2015)
#       spells two titles its own way, "Bug's Life" (for "A Bug's Life") and "Monsters, Inc"
#       (no final period), kept as the source writes them.
#
# Conversions: 'NA' -> NULL (1 budget, 3 cinema_score, 23 + 23 popcorn-meter-verified values);
#   whole numbers -> INTEGER (the .rda stores them as doubles), imdb_score and letterboxd_rating
#   REAL, everything else TEXT as written. Rows are inserted in the CSVs' order. Nothing subset.
import csv, io, os, sqlite3, subprocess, sys

PINNED = 'e85a10a77b043d45fe8d950dbdf4d27886ccf520'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'pixar.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def read_csv(table):
    path = f'data-raw/{table}.csv'
    if os.path.isdir(os.path.join(SRC, 'data-raw')):
        with open(os.path.join(SRC, path), 'rb') as f:
            data = f.read()
    else:
        data = subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                              check=True, capture_output=True).stdout
    rows = list(csv.reader(io.StringIO(data.decode('utf-8'), newline='')))
    return rows[0], rows[1:]


SCHEMA = '''
CREATE TABLE pixar_films (
  number       INTEGER NOT NULL UNIQUE,
  film         TEXT NOT NULL PRIMARY KEY,
  release_date TEXT,
  run_time     INTEGER,
  film_rating  TEXT,
  plot         TEXT
);
CREATE TABLE pixar_people (
  film      TEXT NOT NULL REFERENCES pixar_films (film),
  role_type TEXT NOT NULL,
  name      TEXT NOT NULL,
  PRIMARY KEY (film, role_type, name)
);
CREATE TABLE genres (
  film     TEXT NOT NULL REFERENCES pixar_films (film),
  category TEXT NOT NULL,
  value    TEXT NOT NULL,
  PRIMARY KEY (film, category, value)
);
CREATE TABLE box_office (
  film                 TEXT NOT NULL PRIMARY KEY REFERENCES pixar_films (film),
  budget               INTEGER,
  box_office_us_canada INTEGER,
  box_office_other     INTEGER,
  box_office_worldwide INTEGER
);
CREATE TABLE public_response (
  film                                         TEXT NOT NULL PRIMARY KEY REFERENCES pixar_films (film),
  rotten_tomatoes_score                        INTEGER,
  rotten_tomatoes_counts                       INTEGER,
  metacritic_score                             INTEGER,
  metacritic_counts                            INTEGER,
  cinema_score                                 TEXT,
  imdb_score                                   REAL,
  imdb_counts                                  INTEGER,
  rotten_tomatoes_score_top_critics            INTEGER,
  rotten_tomatoes_score_top_critics_votes      INTEGER,
  rotten_tomatoes_popcorn_meter_score          INTEGER,
  rotten_tomatoes_popcorn_meter_votes          INTEGER,
  rotten_tomatoes_popcorn_meter_verified       INTEGER,
  rotten_tomatoes_popcorn_meter_verified_votes INTEGER,
  letterboxd_rating                            REAL,
  letterboxd_counts                            INTEGER,
  letterboxd_num_fans                          INTEGER
);
CREATE TABLE academy (
  film       TEXT NOT NULL REFERENCES pixar_films (film),
  award_type TEXT NOT NULL,
  status     TEXT NOT NULL,
  PRIMARY KEY (film, award_type)
);
CREATE TABLE pixar_rankings (
  film    TEXT NOT NULL REFERENCES pixar_films (film),
  source  TEXT NOT NULL,
  ranking INTEGER NOT NULL,
  PRIMARY KEY (film, source),
  UNIQUE (source, ranking)
);
CREATE TABLE pixar_franchises (
  film      TEXT NOT NULL PRIMARY KEY REFERENCES pixar_films (film),
  franchise TEXT NOT NULL
);
CREATE TABLE themes_vox (
  film  TEXT NOT NULL,
  theme TEXT NOT NULL,
  PRIMARY KEY (film, theme)
);
'''
TABLES = ['pixar_films', 'pixar_people', 'genres', 'box_office', 'public_response', 'academy',
          'pixar_rankings', 'pixar_franchises', 'themes_vox']


def convert(value, decl):
    if value in ('NA', ''):
        return None
    if decl == 'INTEGER':
        f = float(value)
        assert f == int(f), value
        return int(f)
    if decl == 'REAL':
        return float(value)
    return value


if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)
for table in TABLES:
    info = db.execute(f'PRAGMA table_info({table})').fetchall()
    cols, decls = [r[1] for r in info], [r[2] for r in info]
    header, rows = read_csv(table)
    assert header == cols, (table, header, cols)
    data = []
    for row in rows:
        assert len(row) == len(cols), (table, row)
        data.append([convert(v, d) for v, d in zip(row, decls)])
    db.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * len(cols))})', data)
db.commit()

for r in db.execute('SELECT * FROM box_office WHERE box_office_us_canada + box_office_other '
                    '!= box_office_worldwide'):
    raise SystemExit(f'box office does not add up: {r}')
for t in TABLES:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
print('themes_vox titles not in pixar_films:', [r[0] for r in db.execute(
    'SELECT DISTINCT film FROM themes_vox WHERE film NOT IN (SELECT film FROM pixar_films)')])
db.execute('VACUUM')
db.close()
