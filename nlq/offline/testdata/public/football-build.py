#!/usr/bin/env python3
# Builds football.db: ten seasons of the five big European club leagues (English Premier League,
# Spanish Primera Division, German Bundesliga, Italian Serie A, French Ligue 1), every league match
# with its date, kick-off time, home and away club and full-time / half-time score.
#
# Source: github.com/openfootball/football.json ("Free open public domain football data in the JSON
#   data interchange format", auto-generated from the openfootball Football.TXT country repos).
#   Pinned commit: 25cfaf102954ebbcdc48f9c2984198b71d48610d (2026-03-13, "auto-update week 11 /
#   day 72 / on Friday, March 13, 2026"). The 50 files used last changed in
#   74f91dec7bc4c1ff3cd9f69efd756628498c5b1d (2025-03-27, "up format"); LICENSE.md in
#   0a241f6914686a1c93babe34d77af1b0b9787e81 (2016-11-15).
# Licence: CC0 1.0 Universal (the repository's LICENSE.md; the README: "The football.json schema,
#   data and scripts are dedicated to the public domain."); copied verbatim into football.LICENSE.
#
# Usage (Python 3, standard library only):
#   python3 football-build.py <openfootball+football.json git dir> <commit> <out.db>
#   e.g. python3 football-build.py /work/.mirror/openfootball+football.json/repo \
#        25cfaf102954ebbcdc48f9c2984198b71d48610d football.db
#   then gzip -9 -n football.db
# The JSON files are read from that commit with `git --git-dir=<dir> show <commit>:<path>`.
#
# SUBSET (the rule): the files <season>/<code>.json for the five top-flight codes en.1, es.1, de.1,
# it.1, fr.1 and the ten most recent seasons that are complete for all five leagues at the pinned
# commit, i.e. 2014-15 to 2023-24 (a season counts as complete when every match in all five files
# has a full-time score, apart from matches the source itself marks "status": "cancelled").
# 2014-15 is also the first season in which the repository has all five leagues.
# Left out: 2024-25, because at the pinned commit the last matchday (Matchday 38, 2025-05-23/25)
# of es.1 and it.1 has no score (10 matches each; the file was last updated 2025-06-01); 2025-26
# (in progress); seasons before 2014-15; every other league/file of the repository (second
# divisions, Austria, Switzerland, cups, world cups...).
#
# Tables (the JSON has none; names chosen here, the JSON's own field names kept where it has them:
# round, date, time, team1, team2, score.ft, score.ht, status):
#   leagues (5 rows): code TEXT PRIMARY KEY (the file's code, 'en.1', 'es.1', 'de.1', 'it.1',
#       'fr.1'), name (the file's "name" without the trailing season, e.g. "English Premier League
#       2016/17" -> 'English Premier League'; 'Primera División de España', 'Deutsche Bundesliga',
#       'Italian Serie A', 'French Ligue 1'), country (ADDED by this script: 'England', 'Spain',
#       'Germany', 'Italy', 'France').
#   seasons (10 rows): season TEXT PRIMARY KEY as the JSON names write it ('2016/17'),
#       start_year, end_year (INTEGER, 2016 and 2017; derived from the folder name '2016-17').
#   clubs (161 rows): club_id INTEGER PRIMARY KEY (1.. in order of name), name TEXT UNIQUE.
#       The JSON spells many clubs differently from season to season: files up to 2019-20 mostly
#       use short names ('Manchester United', 'Real Madrid', 'Bayern München', 'Juventus',
#       'Paris Saint-Germain'), later files the full names ('Manchester United FC', 'Real Madrid
#       CF', 'FC Bayern München', 'Juventus FC', 'Paris Saint-Germain FC'). One club row is kept per
#       club, named with the LATEST spelling the kept files use (so always a name as written in the
#       JSON); the spellings taken to be the same club are the hand-written SAME_CLUB list below
#       (41 pairs, only changes of spelling of one club). Clubs the JSON names differently because
#       they are different clubs stay apart: 'Parma FC' (2014-15, went bankrupt in 2015) and 'Parma
#       Calcio 1913' (its refounded successor, 2018-19 onwards); 'Gazélec FC Ajaccio' and 'AC
#       Ajaccio'.
#   club_names (202 rows): name TEXT PRIMARY KEY = every club spelling the kept files use,
#       club_id -> clubs (the club it was resolved to). The canonical names are in it too.
#   matches (18,186 rows): match_id INTEGER PRIMARY KEY (1.. in order of date, time, league code,
#       position in the file), league_code -> leagues, season -> seasons, round (text as given,
#       'Matchday 1' ... 'Matchday 38'), date (ISO 'YYYY-MM-DD'), time (kick-off 'HH:MM' local
#       time as given; NULL where the JSON has none: the 101 cancelled matches), team1_id -> clubs
#       (the JSON's team1 = the HOME club), team2_id -> clubs (team2 = the AWAY club), ft1, ft2
#       (full-time goals of team1 and team2, score.ft), ht1, ht2 (half-time goals, score.ht),
#       status (as given: NULL for a normal match, 'awarded' for the 3 matches decided at the green
#       table (the score is the awarded one), 'cancelled' for the 101 Ligue 1 2019/20 matches never
#       played because the season was stopped in March 2020 (COVID-19): their ft/ht are NULL).
#
# Transformations (all deterministic):
#   * Dates: the JSON's dates are already ISO. One source error is corrected: in 2019-20/en.1.json
#     the 66 matches played in July 2020 (Matchday 32-38, after the COVID-19 break) are dated July
#     2019 ('2019-07-01' ... '2019-07-26'). Rule: a date before August 1 of the season's first year
#     is moved one year later (this affects those 66 matches only).
#   * Half-time: the JSON omits score.ht for 1,263 goalless matches (ft 0-0); for them ht1 = ht2 =
#     0 is filled in (a 0-0 at full time was 0-0 at half time). The 3 awarded matches have no
#     half-time score and keep NULL. Every other match has its ht as given.
#   * Empty fields -> NULL. Scores are INTEGER.
# Deterministic: rows inserted in primary-key order, no timestamps; VACUUM at the end.
import json
import os
import sqlite3
import subprocess
import sys

GIT, COMMIT, OUT = sys.argv[1], sys.argv[2], sys.argv[3]

LEAGUES = [  # code, country
    ('de.1', 'Germany'),
    ('en.1', 'England'),
    ('es.1', 'Spain'),
    ('fr.1', 'France'),
    ('it.1', 'Italy'),
]
SEASONS = ['2014-15', '2015-16', '2016-17', '2017-18', '2018-19',
           '2019-20', '2020-21', '2021-22', '2022-23', '2023-24']

# older spelling -> later spelling of the same club (as written in the JSON files)
SAME_CLUB = {
    # en.1
    'Aston Villa': 'Aston Villa FC',
    'Brighton & Hove Albion': 'Brighton & Hove Albion FC',
    'Crystal Palace': 'Crystal Palace FC',
    'Leicester City': 'Leicester City FC',
    'Manchester City': 'Manchester City FC',
    'Manchester United': 'Manchester United FC',
    'Newcastle United': 'Newcastle United FC',
    'Norwich City': 'Norwich City FC',
    'Sheffield United': 'Sheffield United FC',
    'Tottenham Hotspur': 'Tottenham Hotspur FC',
    'West Bromwich Albion': 'West Bromwich Albion FC',
    'West Ham United': 'West Ham United FC',
    'Wolverhampton Wanderers': 'Wolverhampton Wanderers FC',
    # es.1
    'Atlético Madrid': 'Club Atlético de Madrid',
    'CD Alavés': 'Deportivo Alavés',
    'Espanyol Barcelona': 'RCD Espanyol de Barcelona',
    'RC Celta': 'RC Celta de Vigo',
    'Rayo Vallecano': 'Rayo Vallecano de Madrid',
    'Real Betis': 'Real Betis Balompié',
    'Real Madrid': 'Real Madrid CF',
    'Real Sociedad': 'Real Sociedad de Fútbol',
    'Real Valladolid': 'Real Valladolid CF',
    # de.1
    '1899 Hoffenheim': 'TSG 1899 Hoffenheim',
    'Bayer Leverkusen': 'Bayer 04 Leverkusen',
    'Bayern München': 'FC Bayern München',
    'Bor. Mönchengladbach': 'Borussia Mönchengladbach',
    'Werder Bremen': 'SV Werder Bremen',
    # it.1
    'Atalanta': 'Atalanta BC',
    'Bologna FC': 'Bologna FC 1909',
    'Hellas Verona': 'Hellas Verona FC',
    'Inter': 'FC Internazionale Milano',
    'Juventus': 'Juventus FC',
    'Lazio Roma': 'SS Lazio',
    'Sampdoria': 'UC Sampdoria',
    'Sassuolo Calcio': 'US Sassuolo Calcio',
    # fr.1
    'AS Monaco': 'AS Monaco FC',
    'Olympique Marseille': 'Olympique de Marseille',
    'Paris Saint-Germain': 'Paris Saint-Germain FC',
    'RC Lens': 'Racing Club de Lens',
    'RC Strasbourg': 'RC Strasbourg Alsace',
    'Stade Rennais': 'Stade Rennais FC 1901',
}


def load(path):
    out = subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:{path}'],
                         check=True, capture_output=True).stdout
    return json.loads(out.decode('utf-8'))


files = {}          # (code, season folder) -> parsed JSON
league_names = {}
for code, _ in LEAGUES:
    for s in SEASONS:
        d = load(f'{s}/{code}.json')
        suffix = ' ' + s.replace('-', '/')
        assert d['name'].endswith(suffix), d['name']
        name = d['name'][:-len(suffix)]
        assert league_names.setdefault(code, name) == name, (code, name, league_names[code])
        files[(code, s)] = d

# club names
spellings = set()
for d in files.values():
    for m in d['matches']:
        spellings.add(m['team1'])
        spellings.add(m['team2'])
for old, new in SAME_CLUB.items():
    assert old in spellings and new in spellings, (old, new)
    assert new not in SAME_CLUB, new
canon = {n: SAME_CLUB.get(n, n) for n in spellings}
club_ids = {n: i for i, n in enumerate(sorted(set(canon.values())), 1)}

# matches
rows = []
for (code, s), d in files.items():
    y1 = int(s[:4])
    for pos, m in enumerate(d['matches']):
        extra = set(m) - {'round', 'date', 'time', 'team1', 'team2', 'score', 'status'}
        assert not extra, (code, s, m)
        date = m['date']
        assert len(date) == 10 and date[4] == '-' and date[7] == '-', date
        if date < f'{y1}-08-01':   # source error, see header (2019-20/en.1.json, July 2020)
            date = f'{int(date[:4]) + 1}{date[4:]}'
        score = m.get('score') or {}
        status = m.get('status')
        ft = score.get('ft')
        ht = score.get('ht')
        if status == 'cancelled':
            assert ft is None and ht is None, m
        else:
            assert ft is not None and len(ft) == 2, m
            if ht is None and status is None:
                assert ft == [0, 0], m
                ht = [0, 0]
        rows.append([date, m.get('time') or '', code, pos,
                     code, s.replace('-', '/'), m['round'], date, m.get('time'),
                     club_ids[canon[m['team1']]], club_ids[canon[m['team2']]],
                     ft[0] if ft else None, ft[1] if ft else None,
                     ht[0] if ht else None, ht[1] if ht else None, status])
rows.sort(key=lambda r: r[:4])

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.execute('''CREATE TABLE leagues (
  code    TEXT NOT NULL PRIMARY KEY,  -- 'en.1', 'es.1', 'de.1', 'it.1', 'fr.1'
  name    TEXT NOT NULL,
  country TEXT NOT NULL
)''')
db.executemany('INSERT INTO leagues VALUES (?, ?, ?)',
               [(c, league_names[c], country) for c, country in LEAGUES])
db.execute('''CREATE TABLE seasons (
  season     TEXT NOT NULL PRIMARY KEY,  -- '2016/17'
  start_year INTEGER NOT NULL,
  end_year   INTEGER NOT NULL
)''')
db.executemany('INSERT INTO seasons VALUES (?, ?, ?)',
               [(s.replace('-', '/'), int(s[:4]), int(s[:4]) + 1) for s in SEASONS])
db.execute('''CREATE TABLE clubs (
  club_id INTEGER NOT NULL PRIMARY KEY,
  name    TEXT NOT NULL UNIQUE
)''')
db.executemany('INSERT INTO clubs VALUES (?, ?)', sorted((i, n) for n, i in club_ids.items()))
db.execute('''CREATE TABLE club_names (
  name    TEXT NOT NULL PRIMARY KEY,  -- every spelling used in the JSON files
  club_id INTEGER NOT NULL REFERENCES clubs (club_id)
)''')
db.executemany('INSERT INTO club_names VALUES (?, ?)',
               sorted((n, club_ids[canon[n]]) for n in spellings))
db.execute('''CREATE TABLE matches (
  match_id    INTEGER NOT NULL PRIMARY KEY,
  league_code TEXT NOT NULL REFERENCES leagues (code),
  season      TEXT NOT NULL REFERENCES seasons (season),
  round       TEXT NOT NULL,             -- 'Matchday 1'
  date        TEXT NOT NULL,             -- 'YYYY-MM-DD'
  time        TEXT,                      -- kick-off 'HH:MM', local time
  team1_id    INTEGER NOT NULL REFERENCES clubs (club_id),  -- home club
  team2_id    INTEGER NOT NULL REFERENCES clubs (club_id),  -- away club
  ft1         INTEGER,                   -- full-time goals of team1 (home)
  ft2         INTEGER,                   -- full-time goals of team2 (away)
  ht1         INTEGER,                   -- half-time goals of team1 (home)
  ht2         INTEGER,                   -- half-time goals of team2 (away)
  status      TEXT                       -- NULL, 'awarded' or 'cancelled'
)''')
db.executemany(f'INSERT INTO matches VALUES ({",".join("?" * 13)})',
               [[i] + r[4:] for i, r in enumerate(rows, 1)])
db.commit()

for t in ['leagues', 'seasons', 'clubs', 'club_names', 'matches']:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
db.execute('VACUUM')
db.close()
