#!/usr/bin/env python3
# Builds ipl.db: the Indian Premier League (men's Twenty20 franchise cricket) ball by ball, as
# Cricsheet (cricsheet.org, Stephen Rushe) publishes it in its "Ashwin" CSV format
# (ipl_male_csv2.zip: one <id>.csv of deliveries and one <id>_info.csv of match information per
# match, <id> being the ESPNcricinfo match id; format documented at
# https://cricsheet.org/format/csv_ashwin/ and in the archive's README.txt).
# Licence of the data: Open Data Commons Attribution License (ODC-By) 1.0, as cricsheet.org/register
# states it for Cricsheet's data; see ipl.LICENSE.
#
# Copy used: github.com/vm15717/IPL_data_analysis (a personal analysis repository), commit
# d5ffb35daa8ce59fdbb3a3152dfb7dc29a71a0f7 (2025-08-30, "done feature engineering for IPL"),
# folder IPL/ipl_male_csv2/: Cricsheet's ipl_male_csv2.zip unpacked unchanged (README.txt + 1,169
# matches x 2 files, seasons 2007/08 to 2025, the last match the 2025 final of 2025-06-03;
# match info files of format versions 2.1.0 and 2.2.0). The repository has no licence of its own
# and adds nothing to the data.
#
# Usage (Python 3.11, standard library only):
#   python3 ipl-build.py <vm15717+IPL_data_analysis git dir | folder holding IPL/ipl_male_csv2> [out.db]
#   e.g. python3 ipl-build.py /work/.mirror/vm15717+IPL_data_analysis/repo ipl.db
#   then gzip -9 -n -c ipl.db > ipl.db.gz
#
# SUBSET: only the matches whose info `season` is one of SEASONS below (2017 to 2025, 592 of
# 1,169 matches), all their deliveries, players and officials, so that the gzip stays near 3 MB.
#
# TABLES (Cricsheet's own names kept: the info keys become `matches` columns, the ball-by-ball
# header becomes `deliveries` columns; nothing renamed):
# * matches: one row per match file. match_id (the file id, ESPNcricinfo's id) and the info keys
#   balls_per_over, gender, season (TEXT as written: '2017' ... '2020/21' for the 2020 season
#   played in the UAE), date (the info date as written, 'YYYY/MM/DD'; a match with two info dates,
#   only one of them kept, 1082648: 2017/05/17 and 2017/05/18, keeps the second in `date2`),
#   event ('Indian Premier League'), match_number (NULL for the 36 play-off matches),
#   venue, city (NULL where the info line is blank: 38 of the 60
#   matches of 2020/21, played in the UAE), toss_winner, toss_decision ('bat'/'field'),
#   player_of_match (NULL when none was named), winner (NULL for ties and no results), winner_runs
#   (won batting first, by runs), winner_wickets (won chasing, by wickets), outcome ('tie' or
#   'no result', else NULL), method ('D/L' when rain-adjusted), eliminator (the winner of the
#   super over that settled a tie). The info's two `team` rows are kept, in the file's order, as
#   team1 and team2 (not the batting order).
# * match_officials: the info rows umpire (two a match), reserve_umpire, tv_umpire and
#   match_referee, as (match_id, role, name, identifier), role = the info key.
# * match_players: the info `player` rows, the playing XI; from 2023 the impact-player
#   substitute is listed too, so most sides have 12 rows from 2023 on, (match_id, team, player, identifier).
# * people: Cricsheet's register identifiers of everyone named in the kept matches' registry rows
#   (players, umpires, referees): identifier (8 hex digits) and name. Two identifiers appear
#   under two spellings ('Navdeep Saini'/'NA Saini', 'Arshad Khan'/'Arshad Khan (2)');
#   people.name is the spelling used most often (ties: the later match's), while match_players and
#   deliveries keep each match's own spelling.
# * deliveries: the <id>.csv rows unchanged: match_id, season, start_date ('YYYY-MM-DD', unlike
#   matches.date), venue, innings (1, 2; 3+ are super overs), ball (over.delivery as REAL, 0.1 =
#   first ball of the first over; wides and no-balls do not advance it, so 0.7 exists),
#   batting_team, bowling_team, striker, non_striker, bowler (names as the match spells them),
#   runs_off_bat, extras, wides, noballs, byes, legbyes, penalty (NULL when not relevant, as the
#   blank fields of the file), wicket_type ('caught', 'bowled', 'run out', 'lbw', 'stumped',
#   'caught and bowled', 'hit wicket', 'retired hurt', 'retired out', 'obstructing the field'),
#   player_dismissed, other_wicket_type, other_player_dismissed. A surrogate key `delivery_id`
#   (file order) is added since (match_id, innings, ball) repeats on wides and no-balls.
# * teams: derived lookup, every team name in team1/team2 (team_name). Renamed franchises stay
#   separate rows as the data writes them ('Kings XI Punjab' then 'Punjab Kings' from 2021,
#   'Delhi Daredevils' then 'Delhi Capitals' from 2019, 'Royal Challengers Bangalore' then
#   'Royal Challengers Bengaluru' in 2024, 'Rising Pune Supergiant' 2017).
import csv
import io
import os
import sqlite3
import subprocess
import sys
from collections import Counter, defaultdict

SEASONS = {'2017', '2018', '2019', '2020/21', '2021', '2022', '2023', '2024', '2025'}
FOLDER = 'IPL/ipl_male_csv2'

SCHEMA = """
CREATE TABLE teams (
  team_name TEXT PRIMARY KEY
);
CREATE TABLE people (
  identifier TEXT PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE matches (
  match_id INTEGER PRIMARY KEY,
  balls_per_over INTEGER,
  gender TEXT,
  season TEXT,
  date TEXT,
  date2 TEXT,
  event TEXT,
  match_number INTEGER,
  venue TEXT,
  city TEXT,
  team1 TEXT REFERENCES teams(team_name),
  team2 TEXT REFERENCES teams(team_name),
  toss_winner TEXT REFERENCES teams(team_name),
  toss_decision TEXT,
  player_of_match TEXT,
  winner TEXT REFERENCES teams(team_name),
  winner_runs INTEGER,
  winner_wickets INTEGER,
  outcome TEXT,
  method TEXT,
  eliminator TEXT REFERENCES teams(team_name)
);
CREATE TABLE match_officials (
  match_id INTEGER NOT NULL REFERENCES matches(match_id),
  role TEXT NOT NULL,
  name TEXT NOT NULL,
  identifier TEXT REFERENCES people(identifier)
);
CREATE TABLE match_players (
  match_id INTEGER NOT NULL REFERENCES matches(match_id),
  team TEXT NOT NULL REFERENCES teams(team_name),
  player TEXT NOT NULL,
  identifier TEXT REFERENCES people(identifier),
  PRIMARY KEY (match_id, team, player)
);
CREATE TABLE deliveries (
  delivery_id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches(match_id),
  season TEXT,
  start_date TEXT,
  venue TEXT,
  innings INTEGER,
  ball REAL,
  batting_team TEXT REFERENCES teams(team_name),
  bowling_team TEXT REFERENCES teams(team_name),
  striker TEXT,
  non_striker TEXT,
  bowler TEXT,
  runs_off_bat INTEGER,
  extras INTEGER,
  wides INTEGER,
  noballs INTEGER,
  byes INTEGER,
  legbyes INTEGER,
  penalty INTEGER,
  wicket_type TEXT,
  player_dismissed TEXT,
  other_wicket_type TEXT,
  other_player_dismissed TEXT
);
"""


def read_files(src):
    """Returns {filename: text} for the files of IPL/ipl_male_csv2."""
    folder = os.path.join(src, FOLDER)
    out = {}
    if os.path.isdir(folder):
        for fn in sorted(os.listdir(folder)):
            with open(os.path.join(folder, fn), encoding='utf-8', newline='') as f:
                out[fn] = f.read()
        return out
    git = ['git', '--git-dir', src]
    commit = 'd5ffb35daa8ce59fdbb3a3152dfb7dc29a71a0f7'
    ls = subprocess.run(git + ['ls-tree', commit, FOLDER + '/'], check=True,
                        capture_output=True, text=True).stdout
    entries = []
    for line in ls.splitlines():
        meta, path = line.split('\t', 1)
        entries.append((os.path.basename(path), meta.split()[2]))
    p = subprocess.run(git + ['cat-file', '--batch'], check=True, capture_output=True,
                       input=''.join(sha + '\n' for _, sha in entries).encode())
    buf = p.stdout
    pos = 0
    for fn, sha in entries:
        nl = buf.index(b'\n', pos)
        header = buf[pos:nl].split()
        size = int(header[2])
        out[fn] = buf[nl + 1:nl + 1 + size].decode('utf-8')
        pos = nl + 1 + size + 1
    return out


def num(v):
    return None if v == '' else int(v)


def main():
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else 'ipl.db'
    files = read_files(src)
    ids = sorted(int(fn[:-9]) for fn in files if fn.endswith('_info.csv'))
    if os.path.exists(out):
        os.remove(out)
    con = sqlite3.connect(out)
    con.executescript(SCHEMA)

    matches, officials, players, deliveries = [], [], [], []
    teams = set()
    name_uses = defaultdict(Counter)   # identifier -> Counter(name)
    name_last = {}                     # identifier -> (date, name) of latest use
    keep = []
    for mid in ids:
        rows = list(csv.reader(io.StringIO(files['%d_info.csv' % mid])))
        info = defaultdict(list)
        registry = {}
        for r in rows:
            if r[0] != 'info':
                continue
            if r[1] == 'registry':
                registry[r[3]] = r[4]
            elif r[1] == 'player':
                info['player'].append((r[2], r[3]))
            else:
                info[r[1]].append(r[2])
        season = info['season'][0]
        if season not in SEASONS:
            continue
        keep.append(mid)
        one = lambda k: info[k][0] if info.get(k) and info[k][0] != '' else None
        assert len(info['team']) == 2 and len(info['date']) in (1, 2)
        for k in info:
            assert k in ('player', 'team', 'date', 'umpire') or len(info[k]) == 1, (mid, k)
        t1, t2 = info['team']
        teams.update((t1, t2))
        dates = info['date']
        matches.append((mid, num(one('balls_per_over')), one('gender'), season, dates[0],
                        dates[1] if len(dates) > 1 else None, one('event'),
                        num(one('match_number') or ''), one('venue'), one('city'), t1, t2,
                        one('toss_winner'), one('toss_decision'), one('player_of_match'),
                        one('winner'), num(one('winner_runs') or ''),
                        num(one('winner_wickets') or ''), one('outcome'), one('method'),
                        one('eliminator')))
        for role in ('umpire', 'reserve_umpire', 'tv_umpire', 'match_referee'):
            for name in info.get(role, []):
                officials.append((mid, role, name, registry.get(name)))
        for team, name in info['player']:
            players.append((mid, team, name, registry[name]))
        for name, ident in registry.items():
            name_uses[ident][name] += 1
            name_last[ident] = (dates[0], name) if ident not in name_last or \
                dates[0] >= name_last[ident][0] else name_last[ident]
        drows = list(csv.reader(io.StringIO(files['%d.csv' % mid])))
        head = drows[0]
        assert head[0] == 'match_id' and len(head) == 22
        for r in drows[1:]:
            assert int(r[0]) == mid
            deliveries.append((int(r[0]), r[1], r[2], r[3], int(r[4]), float(r[5]), r[6], r[7],
                               r[8], r[9], r[10], int(r[11]), int(r[12]), num(r[13]),
                               num(r[14]), num(r[15]), num(r[16]), num(r[17]), r[18] or None,
                               r[19] or None, r[20] or None, r[21] or None))

    con.executemany('INSERT INTO teams VALUES (?)', [(t,) for t in sorted(teams)])
    people = []
    for ident in sorted(name_uses):
        c = name_uses[ident]
        best = max(c.values())
        cands = [n for n, k in c.items() if k == best]
        name = cands[0] if len(cands) == 1 else name_last[ident][1]
        people.append((ident, name))
    con.executemany('INSERT INTO people VALUES (?,?)', people)
    con.executemany('INSERT INTO matches VALUES (%s)' % ','.join('?' * 21), matches)
    con.executemany('INSERT INTO match_officials VALUES (?,?,?,?)', officials)
    con.executemany('INSERT INTO match_players VALUES (?,?,?,?)', players)
    con.executemany('INSERT INTO deliveries (match_id, season, start_date, venue, innings, ball, '
                    'batting_team, bowling_team, striker, non_striker, bowler, runs_off_bat, '
                    'extras, wides, noballs, byes, legbyes, penalty, wicket_type, '
                    'player_dismissed, other_wicket_type, other_player_dismissed) '
                    'VALUES (%s)' % ','.join('?' * 22), deliveries)
    con.commit()
    assert not con.execute('PRAGMA foreign_key_check').fetchall()
    assert con.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
    for t in ('teams', 'people', 'matches', 'match_officials', 'match_players', 'deliveries'):
        print(t, con.execute('SELECT COUNT(*) FROM %s' % t).fetchone()[0])
    con.execute('VACUUM')
    con.close()


if __name__ == '__main__':
    main()
