# Builds baseball.db from github.com/chadwickbureau/baseballdatabank (the Baseball Databank, the
# Chadwick Baseball Bureau's continuation of Sean Lahman's baseball database; commit
# ef68908c2d0e12dfbab0480e5562894fd823b5f8, 2021-07-22), CC BY-SA 3.0 (README.txt: "This work is
# licensed under a Creative Commons Attribution-ShareAlike 3.0 Unported License"; the Lahman part
# is "copyright 1996-2015 by Sean Lahman" under the same license, core/readme2014.txt; Parks and
# HomeGames are based on Retrosheet's game logs and park codes). This SQLite file is an adaptation
# and is offered under CC BY-SA 3.0 too (baseball.LICENSE).
#
# Major-league baseball 1871-2020: one CSV per table in core/, with a header line. The column
# meanings are documented in core/readme2014.txt (People was called MASTER there). 11 of the
# core tables are kept, whole, under the source's own table and column names:
#   People          (playerID, birthYear, birthMonth, birthDay, birthCountry, birthState,
#                    birthCity, deathYear, ..., deathCity, nameFirst, nameLast, nameGiven,
#                    weight (lb), height (inches), bats, throws, debut, finalGame, retroID,
#                    bbrefID: players, managers, umpires and executives)
#   TeamsFranchises (franchID, franchName, active, NAassoc)
#   Teams           (a team's season: yearID, lgID, teamID, franchID, divID, Rank, G, W, L,
#                    DivWin, WCWin, LgWin, WSWin, batting R, H, "2B", "3B", HR, ..., pitching
#                    RA, ERA, SOA, ..., name, park (a park NAME, not a Parks key), attendance, ...)
#   Parks           (park_key, park_name, park_alias, city, state, country)
#   HomeGames       (year_key, league_key, team_key, park_key, span_first, span_last, games,
#                    openings, attendance: the games a team played at each park in a season)
#   Managers        (playerID, yearID, teamID, lgID, inseason, G, W, L, rank, plyrMgr)
#   HallOfFame      (playerID, yearID, votedBy, ballots, needed, votes, inducted, category,
#                    needed_note: one row per candidate per ballot)
#   AwardsPlayers, AwardsManagers (playerID, awardID, yearID, lgID, tie, notes)
#   AllstarFull     (playerID, yearID, gameNum, gameID, teamID, lgID, GP, startingPos)
#   SeriesPost      (yearID, round, teamIDwinner, lgIDwinner, teamIDloser, lgIDloser, wins,
#                    losses, ties: postseason series)
# Left out: Batting.csv, Pitching.csv, Fielding.csv and Appearances.csv (the regular-season
# player statistics) are larger than the snapshot's size limit and absent from the mirror.
# Salaries (26428 lines, 1985-2016), BattingPost, PitchingPost, Schools and CollegePlaying were
# built too but left out so the gzipped file stays under 2 MB (People alone is 1.3 MB of it);
# FieldingOF, FieldingOFsplit, FieldingPost, AwardsSharePlayers, AwardsShareManagers,
# TeamsHalf, ManagersHalf (the 1981 split season) and upstream/ (the manually kept files the
# core tables are generated from) are left out as well.
#
# Translations (the only ones):
#  - An empty CSV field becomes NULL (the CSVs have no other way to write a missing value: no
#    death date = alive or unknown, no debut = never played in the majors (a manager, umpire or
#    executive), no divID = before divisions, no startingPos = an All-Star reserve, ...).
#  - Columns are INTEGER, REAL or TEXT as their values are (checked: every value converts).
#  - The dotted column names of Parks.csv and HomeGames.csv (park.key, year.key, span.first, ...)
#    are written with an underscore (park_key, year_key, span_first) so they need no quoting;
#    all other names are as in the CSV headers, including Teams' "2B" and "3B" (doubles,
#    triples), which need double quotes in SQL.
# Dates: People.debut / finalGame and HomeGames.span_first / span_last are already ISO text
# 'YYYY-MM-DD' and kept so; birth and death dates stay three INTEGER columns each (birthYear,
# birthMonth, birthDay; deathYear, ...) as the source stores them, since many are partial.
# Seasons are INTEGER years (yearID). Flags are 'Y'/'N' text as written (TeamsFranchises.active
# also has 'NA' for the National Association clubs of 1871-75).
#
# Keys: primary keys as the data allow (checked unique): People(playerID),
# TeamsFranchises(franchID), Teams(yearID, teamID), Parks(park_key), HomeGames(year_key,
# team_key, park_key), Managers(yearID, teamID, inseason), HallOfFame(playerID, yearID,
# votedBy), AwardsPlayers / AwardsManagers(playerID, awardID, yearID, lgID) (one award line
# has no lgID), SeriesPost(yearID, round). AllstarFull has none: it repeats 31 lines exactly, as
# written (mostly 1962, whose two All-Star games both have gameNum 0).
# Foreign keys, as REFERENCES: every playerID -> People(playerID); Teams.franchID ->
# TeamsFranchises; a team in a season, (yearID, teamID), -> Teams(yearID, teamID) as a composite
# key (SQLite accepts it since Teams' primary key is exactly those two columns) from Managers,
# HomeGames (year_key, team_key) and SeriesPost (winner and loser); HomeGames.park_key -> Parks.
# All hold. AllstarFull gets no team reference: 139 of its lines use team codes that are not
# that season's Teams code (MLN for the 1953-65 Milwaukee Braves, which Teams calls ML1, ...),
# and one line has no year. Nothing is subset.
# Run (in this folder):
#   python3 baseball-build.py <baseballdatabank git dir> && gzip -9 -n -c baseball.db > baseball.db.gz
import csv, io, os, re, sqlite3, subprocess, sys

COMMIT = 'ef68908c2d0e12dfbab0480e5562894fd823b5f8'
OUT = 'baseball.db'

SCHEMA = '''
CREATE TABLE People (
  playerID TEXT NOT NULL PRIMARY KEY,
  birthYear INTEGER, birthMonth INTEGER, birthDay INTEGER,
  birthCountry TEXT, birthState TEXT, birthCity TEXT,
  deathYear INTEGER, deathMonth INTEGER, deathDay INTEGER,
  deathCountry TEXT, deathState TEXT, deathCity TEXT,
  nameFirst TEXT, nameLast TEXT NOT NULL, nameGiven TEXT,
  weight INTEGER,        -- pounds
  height INTEGER,        -- inches
  bats TEXT,             -- R, L, B (both)
  throws TEXT,           -- R, L, S
  debut TEXT,            -- YYYY-MM-DD, first major-league game
  finalGame TEXT,        -- YYYY-MM-DD, last major-league game
  retroID TEXT, bbrefID TEXT
);
CREATE TABLE TeamsFranchises (
  franchID TEXT NOT NULL PRIMARY KEY,
  franchName TEXT NOT NULL,
  active TEXT NOT NULL,  -- Y, N, or NA (National Association)
  NAassoc TEXT
);
CREATE TABLE Teams (
  yearID INTEGER NOT NULL, lgID TEXT NOT NULL, teamID TEXT NOT NULL,
  franchID TEXT NOT NULL REFERENCES TeamsFranchises (franchID),
  divID TEXT, Rank INTEGER, G INTEGER, Ghome INTEGER, W INTEGER, L INTEGER,
  DivWin TEXT, WCWin TEXT, LgWin TEXT, WSWin TEXT,
  R INTEGER, AB INTEGER, H INTEGER, "2B" INTEGER, "3B" INTEGER, HR INTEGER, BB INTEGER,
  SO INTEGER, SB INTEGER, CS INTEGER, HBP INTEGER, SF INTEGER,
  RA INTEGER, ER INTEGER, ERA REAL, CG INTEGER, SHO INTEGER, SV INTEGER, IPouts INTEGER,
  HA INTEGER, HRA INTEGER, BBA INTEGER, SOA INTEGER, E INTEGER, DP INTEGER, FP REAL,
  name TEXT NOT NULL, park TEXT, attendance INTEGER, BPF INTEGER, PPF INTEGER,
  teamIDBR TEXT, teamIDlahman45 TEXT, teamIDretro TEXT,
  PRIMARY KEY (yearID, teamID)
);
CREATE TABLE Parks (
  park_key TEXT NOT NULL PRIMARY KEY,
  park_name TEXT NOT NULL, park_alias TEXT,
  city TEXT, state TEXT, country TEXT
);
CREATE TABLE HomeGames (
  year_key INTEGER NOT NULL, league_key TEXT, team_key TEXT NOT NULL,
  park_key TEXT NOT NULL REFERENCES Parks (park_key),
  span_first TEXT, span_last TEXT,   -- YYYY-MM-DD
  games INTEGER, openings INTEGER, attendance INTEGER,
  PRIMARY KEY (year_key, team_key, park_key),
  FOREIGN KEY (year_key, team_key) REFERENCES Teams (yearID, teamID)
);
CREATE TABLE Managers (
  playerID TEXT NOT NULL REFERENCES People (playerID),
  yearID INTEGER NOT NULL, teamID TEXT NOT NULL, lgID TEXT,
  inseason INTEGER NOT NULL, G INTEGER, W INTEGER, L INTEGER, rank INTEGER,
  plyrMgr TEXT,          -- Y if player-manager
  PRIMARY KEY (yearID, teamID, inseason),
  FOREIGN KEY (yearID, teamID) REFERENCES Teams (yearID, teamID)
);
CREATE TABLE HallOfFame (
  playerID TEXT NOT NULL REFERENCES People (playerID),
  yearID INTEGER NOT NULL, votedBy TEXT NOT NULL,
  ballots INTEGER, needed INTEGER, votes INTEGER,
  inducted TEXT,         -- Y or N
  category TEXT, needed_note TEXT,
  PRIMARY KEY (playerID, yearID, votedBy)
);
CREATE TABLE AwardsPlayers (
  playerID TEXT NOT NULL REFERENCES People (playerID),
  awardID TEXT NOT NULL, yearID INTEGER NOT NULL, lgID TEXT,
  tie TEXT, notes TEXT,
  PRIMARY KEY (playerID, awardID, yearID, lgID)
);
CREATE TABLE AwardsManagers (
  playerID TEXT NOT NULL REFERENCES People (playerID),
  awardID TEXT NOT NULL, yearID INTEGER NOT NULL, lgID TEXT,
  tie TEXT, notes TEXT,
  PRIMARY KEY (playerID, awardID, yearID, lgID)
);
CREATE TABLE AllstarFull (
  playerID TEXT NOT NULL REFERENCES People (playerID),
  yearID INTEGER, gameNum INTEGER, gameID TEXT, teamID TEXT, lgID TEXT,
  GP INTEGER,            -- 1 if played in the game
  startingPos INTEGER    -- position if a starter, else NULL
);
CREATE TABLE SeriesPost (
  yearID INTEGER NOT NULL, round TEXT NOT NULL,
  teamIDwinner TEXT NOT NULL, lgIDwinner TEXT,
  teamIDloser TEXT NOT NULL, lgIDloser TEXT,
  wins INTEGER, losses INTEGER, ties INTEGER,
  PRIMARY KEY (yearID, round),
  FOREIGN KEY (yearID, teamIDwinner) REFERENCES Teams (yearID, teamID),
  FOREIGN KEY (yearID, teamIDloser) REFERENCES Teams (yearID, teamID)
);
'''

TABLES = ['People', 'TeamsFranchises', 'Teams', 'Parks', 'HomeGames', 'Managers', 'HallOfFame',
          'AwardsPlayers', 'AwardsManagers', 'AllstarFull', 'SeriesPost']


def read_csv(repo, table):
    data = subprocess.run(['git', '-C', repo, 'show', f'{COMMIT}:core/{table}.csv'],
                          check=True, capture_output=True).stdout.decode('utf-8')
    return list(csv.reader(io.StringIO(data, newline='')))


def convert(value, coltype, where):
    if value == '':
        return None
    if coltype == 'INTEGER':
        assert re.fullmatch(r'-?\d+', value), (where, value)
        return int(value)
    if coltype == 'REAL':
        return float(value)
    return value


repo = sys.argv[1]
if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.executescript(SCHEMA)
counts = {}
for table in TABLES:
    rows = read_csv(repo, table)
    header = [c.replace('.', '_') for c in rows[0]]
    info = db.execute(f'PRAGMA table_info({table})').fetchall()
    cols = [r[1] for r in info]
    types = {r[1]: r[2] for r in info}
    assert header == cols, (table, header, cols)
    data = []
    for r in rows[1:]:
        assert len(r) == len(cols), (table, r)
        data.append([convert(v, types[c], (table, c)) for c, v in zip(cols, r)])
    collist = ', '.join(f'"{c}"' for c in cols)
    db.executemany(f'INSERT INTO {table} ({collist}) VALUES ({", ".join("?" * len(cols))})', data)
    counts[table] = len(data)
for c in ('debut', 'finalGame'):
    assert db.execute(f"SELECT count(*) FROM People WHERE {c} IS NOT NULL AND {c} NOT GLOB "
                      "'[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'").fetchone()[0] == 0
db.commit()
print(counts)
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', len(fk), sorted({r[0] + '->' + r[2] for r in fk}))
db.execute('VACUUM'); db.close()
