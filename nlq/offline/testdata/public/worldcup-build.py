# Builds worldcup.db from github.com/jfjelstul/worldcup, the Fjelstul World Cup Database by
# Joshua C. Fjelstul, Ph.D. (commit 35a8667f518b07469182ae16d35574dd0e7a00fb, 2026-06-11; the
# data-csv/ files and data-sqlite/SQL-schema.txt last changed in
# f942c6b9844d8a2bc0621e45ee5c187a56670100 / 9a4aa492a21346fb8d6e88d973152a9960449a3d, both
# 2023-07-19, package version 1.2.0). License: CC BY-SA 4.0 ("The Fjelstul World Cup Database
# and the worldcup package are both published under a CC-BY-SA 4.0 license", README.md;
# "License: CC-BY-SA 4.0", DESCRIPTION; "(c) 2023 Joshua C. Fjelstul, Ph.D."). The repository
# holds no license text file; worldcup.LICENSE carries the README's statement and the CC BY-SA
# 4.0 legal code. This SQLite file is an adaptation (see "Changes" below) and is offered under
# CC BY-SA 4.0 too.
#
# Content: every FIFA World Cup final tournament, the 22 men's (1930-2022) and the 8 women's
# (1991-2019), 30 tournaments: matches and results, teams and their confederations, squads,
# players, managers, referees, stadiums, goals, bookings (cards), substitutions, penalty
# shoot-out kicks, group and final standings, awards (Golden Ball, Golden Boot, ...).
#
# Source and form: the source publishes the same 27 datasets as CSV (data-csv/), JSON, RData and
# a SQLite database (data-sqlite/worldcup.db) whose tables are created by
# data-sqlite/SQL-schema.txt. The snapshot lacks worldcup.db and data-csv/player_appearances.csv
# (both 4 MiB or more), so this script rebuilds the source's own SQLite form: each table is
# created exactly as SQL-schema.txt creates it (its table names, column names and order,
# declared types TEXT / INTEGER / BOOLEAN / DATE, primary and foreign keys) and filled from the
# CSV of the same name, keeping only the columns the SQL schema has. Those CSVs repeat, on
# every row, names looked up from other tables (tournament_name, team_name, team_code,
# family_name, given_name, match_name, match_date, stage_name, stadium_name, ...) plus a row
# counter key_id; the SQL schema does not, and neither does this database: names come from a
# join (tournaments, teams, players, managers, referees, stadiums, matches, awards,
# confederations).
# Left out: player_appearances (absent from the snapshot: no line-ups, starters or minutes
# played per player), the codebook tables datasets and variables, raw Wikipedia pages.
# Nothing is subset: 26 tables, every row of their CSVs.
#
# Values, as written in the source:
#  - ids are text with prefixes: tournament_id 'WC-1930', match_id 'M-1930-01', team_id 'T-01',
#    player_id 'P-05470', manager_id 'M-075', referee_id 'R-001', stadium_id 'S-001',
#    award_id 'A-1', confederation_id 'CF-1', goal_id 'G-0001', booking_id 'B-0001',
#    substitution_id 'S-0001' (same prefix as stadiums), penalty_kick_id 'PK-001'.
#  - BOOLEAN columns hold INTEGER 1/0; INTEGER columns integers; dates ISO text 'YYYY-MM-DD'
#    (match_time 'HH:MM'); minute_label text such as "90'+3'".
#  - Missing text is the source's own marker, kept as is: 'not applicable' (players.given_name
#    of one-name players such as Pelé, matches.group_name of knockout matches, teams' missing
#    Wikipedia links), 'not available' (players.birth_date, Wikipedia links). The one empty
#    CSV field (a players.birth_date) becomes NULL.
#  - Tournaments tell men's from women's only by tournament_name ("2019 FIFA Women's World
#    Cup") and the players', managers' and referees' female flags.
# Changes: columns not in SQL-schema.txt dropped (see above); the empty field as NULL.
# Keys: as declared by SQL-schema.txt (all checked: primary keys unique, every foreign key
# matches a row; PRAGMA foreign_key_check is clean).
# Run (in this folder):
#   python3 worldcup-build.py <worldcup git dir> && gzip -9 -n -c worldcup.db > worldcup.db.gz
import csv, io, os, re, sqlite3, subprocess, sys

COMMIT = '35a8667f518b07469182ae16d35574dd0e7a00fb'
OUT = 'worldcup.db'
LEFT_OUT = {'player_appearances'}


def show(git, path):
    return subprocess.run(['git', '--git-dir', git, 'show', f'{COMMIT}:{path}'],
                          check=True, capture_output=True).stdout.decode('utf-8')


def main():
    git = sys.argv[1]
    schema = show(git, 'data-sqlite/SQL-schema.txt')
    creates = re.findall(r'CREATE TABLE (\w+)\((.*?)\n\);', schema, re.S)
    if os.path.exists(OUT):
        os.remove(OUT)
    con = sqlite3.connect(OUT)
    con.execute('PRAGMA foreign_keys = OFF')
    for table, body in creates:
        if table in LEFT_OUT:
            continue
        cols = []
        for line in body.strip().split('\n'):
            line = line.strip().rstrip(',')
            if line and not line.startswith(('PRIMARY KEY', 'FOREIGN KEY')):
                name, typ = line.split()[:2]
                cols.append((name, typ))
        con.execute(f'CREATE TABLE {table}({body}\n)')
        text = show(git, f'data-csv/{table}.csv')
        reader = csv.DictReader(io.StringIO(text, newline=''))
        missing = [c for c, _ in cols if c not in reader.fieldnames]
        if missing:
            raise SystemExit(f'{table}: CSV lacks {missing}')
        rows = []
        for r in reader:
            row = []
            for c, typ in cols:
                v = r[c]
                if v == '':
                    v = None
                elif typ in ('INTEGER', 'BOOLEAN'):
                    v = int(v)
                row.append(v)
            rows.append(row)
        marks = ', '.join('?' * len(cols))
        con.executemany(f'INSERT INTO {table} VALUES ({marks})', rows)
    con.commit()
    bad = con.execute('PRAGMA foreign_key_check').fetchall()
    if bad:
        raise SystemExit(f'foreign key check failed: {bad[:5]}')
    con.execute('VACUUM')
    con.close()


if __name__ == '__main__':
    main()
