#!/usr/bin/env python3
# Builds parlgov.db from github.com/hdigital/parlgov-web (commit
# edd6f2d148057b5582a50d4e5e09ccb751423bc0, 2026-08-17; the data files are unchanged since
# 5b4735ac23a54e4a6cae9eda3dbb2c2af3c3352e, 2024-08-24), folder
# scripts/migrate_parlgov-db/import-data-legacy/: ParlGov (Parliaments and governments
# database, parlgov.org, Holger Döring and Philip Manow), the political-science database of
# parties, elections and cabinets in 37 EU and OECD democracies, 1900-2023, as exported from the
# legacy ParlGov database (the 2024 release, Harvard Dataverse doi:10.7910/DVN/2VZ5ZC) into one
# CSV per Django model ("<n>__<app>__<Model>.csv") for the new ParlGov web application.
# Licence: the data is CC0 1.0 (public domain dedication), as the repository's README states;
# the repository's code is MIT (see parlgov.LICENSE).
#
# Names: the Django model names from the CSV file names are the table names (PascalCase,
# singular: Code, Country, Party, PartyFamily, PartyNameChange, PartyChange, Election,
# ElectionResult, Cabinet, CabinetParty) and the CSV headers are the columns (lower snake_case).
# Foreign-key columns are named after the thing they point to, WITHOUT an _id suffix: `country`,
# `party`, `election`, `cabinet`, `party_new`, `alliance`; and code columns `family`, `type`,
# `termination` hold ids of rows in the generic lookup table Code (one table for all code lists,
# told apart by Code.table_variable). `name_short` is a party's abbreviation or a country's ISO
# alpha-3 code; `data_source` holds ParlGov's short source keys ('afp', 'reuters', 'cne', ...);
# `data_json` free JSON notes as text; `wikipedia` a URL.
#
#   Code            (id, table_variable, "order", short, name, description, wikipedia, old,
#                    comment) 88 codes of 7 code lists; table_variable 'party_family' (51:
#                    'soc' Social democracy, 'con' Conservative, 'lib' Liberal, 'chr' Christian
#                    democracy, 'com' Communist/Socialist, 'eco' Green/Ecologist, 'agr'
#                    Agrarian, 'right' Right-wing, 'spec' Special issue, 'none' no family and
#                    'code' to be coded are the 11 main families; the other 40 appear only
#                    as secondary families, e.g. 'pop' Populist, 'reg' Regional, 'anti'
#                    Anti-establishment, 'all' electoral alliance, 'no-seat', 'one-seat'),
#                    'election_type' (13 'parliament' Parliamentary election, 1 'ep' European
#                    Parliament), 'cabinet_termination' (8: 'election-regular',
#                    'election-dissolution', 'resignation-pm', 'resignation-cabinet',
#                    'change-party', 'change-pm', 'confidence-vote' named 'losing confidence
#                    vote -- RECODE', 'other'), 'party_change_type' (6: 'merged', 'joined',
#                    'division', 'splinter', 'successor', 'politician'), and three lists no data
#                    table uses here ('election_ep_type', 'cabinet_support', 'news_type').
#                    `short` is a slug, `name` the label, "order" the display order (a quoted
#                    keyword), `old` the code in the older ParlGov (the R export's 'NA' -> NULL).
#   Country         (id, name 'Germany', name_short ISO alpha-3 'DEU', oecd_accession_date,
#                    eu_accession_date (NULL for the 9 countries never in the EU; the United
#                    Kingdom keeps 1973-01-01), code_iso2 'DE', flag (emoji), comment, data_json)
#   Party           (id, country -> Country, family -> Code (main party family), name_short
#                    'SPD', name_english, name (original language, accents), name_ascii,
#                    name_nonlatin (Greek, Cyrillic, Hebrew, Japanese script), wikipedia,
#                    foundation_date, dissolution_date, data_source, description, comment,
#                    data_json)
#   PartyFamily     (id, party -> Party, family -> Code): additional (secondary) families of a
#                    party, e.g. 'pop' Populist, 'reg' Regional; 626 parties have 1-4 of them
#                    (50 codes used).
#   PartyNameChange (id, party -> Party, date, party_change 0/1, name_short, name_english,
#                    name, name_ascii, name_nonlatin, data_source, description, comment,
#                    data_json): a party's earlier names, each valid from `date`.
#   PartyChange     (id, party -> Party (predecessor), party_new -> Party (successor), date,
#                    type -> Code (party_change_type; NULL on 106 rows), data_source,
#                    description, comment, data_json): mergers, splits and successions, a
#                    self-referencing link between parties of the same country.
#   Election        (id, type -> Code ('parliament' or 'ep'), country -> Country, date, early
#                    0/1, wikipedia, dissolution_date, seats_total, electorate (registered
#                    voters), votes_cast, votes_valid, data_source, description, comment,
#                    data_json, previous_parliament_election -> Election, previous_ep_election
#                    -> Election, previous_cabinet -> Cabinet)
#   ElectionResult  (id, election -> Election, party -> Party, party_id_source (the party's
#                    label in the source), alliance -> ElectionResult (the row of the electoral
#                    alliance this party ran in, a self-reference), seats, vote_share (percent,
#                    0-71.2), votes, person (one row only), data_source, description, comment,
#                    data_json)
#   Cabinet         (id, country -> Country, start_date, termination -> Code
#                    (cabinet_termination), termination_date, appointment_date,
#                    resignation_date, name 'Merkel V', caretaker 0/1, wikipedia, data_source,
#                    description, comment, data_json, previous_cabinet -> Cabinet,
#                    previous_parliament_election -> Election, previous_ep_election -> Election,
#                    old_countryID, old_cabID (ids in an older cabinet data set, camelCase as
#                    exported))
#   CabinetParty    (id, cabinet -> Cabinet, party -> Party, pm 0/1 (the party of the prime
#                    minister), defector 0/1 (left the cabinet during its term),
#                    party_id_source, data_source, description, comment, data_json)
#
# Values and traps, kept as the source has them:
# - Elections are of two kinds: 845 parliamentary (Code 13 'parliament', 1900-05-27 to
#   2023-06-25) and 183 European Parliament elections (Code 1 'ep', 1979-06-10 to 2019-05-26);
#   "elections" in a question almost always means the parliamentary ones.
# - For every parliamentary election the seats of its result rows add up to seats_total
#   (35-736).
# - Pseudo-parties: Party rows with family 'none' (no family, 144) include 'none' (no party
#   affiliation, i.e. independents, 37 rows, one per country), 'etc' (others, 17),
#   'no-seat' (28) and 'one-seat' (23) aggregates, so counting "parties" counts these too.
# - Electoral alliances are parties of their own (family 'all' among the secondary families)
#   and ElectionResult rows of their members point at the alliance's row through `alliance`
#   (1,373 member rows, 632 alliance rows); seats, vote_share and votes are NULL where they are
#   coded on the other level (seats NULL on 847 rows, vote_share on 1,343, votes on 1,347).
# - Germany's CDU and CSU are one cabinet party 'CDU+CSU' but separate election parties inside
#   the 'CDU+CSU' alliance, so "was the CDU ever in government" needs the union's row.
# - Croatia's 2020-07-05 election has votes_cast 17,360,065 (a data-entry error; electorate
#   3,701,924), the only election where votes cast exceed the electorate.
# - Cabinet.termination_date is NULL for 515 cabinets (36 of the 37 countries' latest
#   cabinets and many older ones, which end when the next starts) and termination is NULL for
#   1,010; the 37 Swiss cabinets (collegial Federal Council, named 'Bundesrat 1999') have no
#   party marked pm = 1.
# - Dates of party foundations, name changes and party changes known only to the year are
#   stored as YYYY-07-01 (352 foundation dates).
# - 39 English and 21 original party names carry leading or trailing spaces (' Christian
#   Democrats'), 54 parties use '|' to join two names ('PDS|Li', 'Democratic Union | Left
#   Alliance'); name_nonlatin is the text 'None' on 2 PartyNameChange rows and data_json the
#   text 'null' on 99 Party rows; descriptions and comments keep their CR-LF line breaks.
# Empty CSV fields become NULL. Types: ids, foreign keys, 0/1 flags, seats, votes, electorate,
# "order" and old INTEGER; vote_share REAL; dates TEXT 'YYYY-MM-DD'; everything else TEXT.
#
# Keys: PRIMARY KEY id in every table; UNIQUE Code(table_variable, short), Country(name),
# Country(name_short), Country(code_iso2); 23 foreign keys (listed above with ->), including the
# self-references PartyChange.party/party_new -> Party, ElectionResult.alliance ->
# ElectionResult, Cabinet.previous_cabinet -> Cabinet, Election.previous_parliament_election /
# previous_ep_election -> Election, and the cross references between Election and Cabinet;
# all are checked on every row (PRAGMA foreign_key_check). Every party's country equals its
# election's and its cabinet's country. Nothing is subset: all rows and columns of the ten
# data CSVs are loaded; the two documentation CSVs of the same folder (12__docs__News.csv,
# 13__docs__Page.csv: web-site news and pages) are left out.
#
# Usage: extract the ten CSVs, e.g.
#   C=edd6f2d148057b5582a50d4e5e09ccb751423bc0; D=scripts/migrate_parlgov-db/import-data-legacy
#   for f in 01__datacore__Code 02__datacore__Country 21__parties__Party 22__parties__PartyFamily \
#     23__parties__PartyNameChange 24__parties__PartyChange 31__elections__Election \
#     32__elections__ElectionResult 41__cabinets__Cabinet 42__cabinets__CabinetParty; do
#     git --git-dir=<mirror> show $C:$D/$f.csv > src/$f.csv; done
# then parlgov-build.py src parlgov.db && gzip -9 -n parlgov.db (706,667 bytes;
# 1.9 MB unpacked).
import csv, os, sqlite3, sys

SCHEMA = """
CREATE TABLE Code (
  id             INTEGER PRIMARY KEY,
  table_variable TEXT NOT NULL,
  "order"        INTEGER NOT NULL,
  short          TEXT NOT NULL,
  name           TEXT NOT NULL,
  description    TEXT,
  wikipedia      TEXT,
  old            INTEGER,
  comment        TEXT,
  UNIQUE (table_variable, short)
);
CREATE TABLE Country (
  id                  INTEGER PRIMARY KEY,
  name                TEXT NOT NULL UNIQUE,
  name_short          TEXT NOT NULL UNIQUE,
  oecd_accession_date TEXT,
  eu_accession_date   TEXT,
  code_iso2           TEXT NOT NULL UNIQUE,
  flag                TEXT,
  comment             TEXT,
  data_json           TEXT
);
CREATE TABLE Party (
  id               INTEGER PRIMARY KEY,
  country          INTEGER NOT NULL REFERENCES Country(id),
  family           INTEGER NOT NULL REFERENCES Code(id),
  name_short       TEXT NOT NULL,
  name_english     TEXT NOT NULL,
  name             TEXT NOT NULL,
  name_ascii       TEXT NOT NULL,
  name_nonlatin    TEXT,
  wikipedia        TEXT,
  foundation_date  TEXT,
  dissolution_date TEXT,
  data_source      TEXT,
  description      TEXT,
  comment          TEXT,
  data_json        TEXT
);
CREATE TABLE PartyFamily (
  id     INTEGER PRIMARY KEY,
  party  INTEGER NOT NULL REFERENCES Party(id),
  family INTEGER NOT NULL REFERENCES Code(id)
);
CREATE TABLE PartyNameChange (
  id            INTEGER PRIMARY KEY,
  party         INTEGER NOT NULL REFERENCES Party(id),
  date          TEXT NOT NULL,
  party_change  INTEGER NOT NULL,
  name_short    TEXT,
  name_english  TEXT,
  name          TEXT,
  name_ascii    TEXT,
  name_nonlatin TEXT,
  data_source   TEXT,
  description   TEXT,
  comment       TEXT,
  data_json     TEXT
);
CREATE TABLE PartyChange (
  id          INTEGER PRIMARY KEY,
  party       INTEGER NOT NULL REFERENCES Party(id),
  party_new   INTEGER NOT NULL REFERENCES Party(id),
  date        TEXT NOT NULL,
  type        INTEGER REFERENCES Code(id),
  data_source TEXT,
  description TEXT,
  comment     TEXT,
  data_json   TEXT
);
CREATE TABLE Cabinet (
  id                           INTEGER PRIMARY KEY,
  country                      INTEGER NOT NULL REFERENCES Country(id),
  start_date                   TEXT NOT NULL,
  termination                  INTEGER REFERENCES Code(id),
  termination_date             TEXT,
  appointment_date             TEXT,
  resignation_date             TEXT,
  name                         TEXT NOT NULL,
  caretaker                    INTEGER NOT NULL,
  wikipedia                    TEXT,
  data_source                  TEXT,
  description                  TEXT,
  comment                      TEXT,
  data_json                    TEXT,
  previous_cabinet             INTEGER REFERENCES Cabinet(id),
  previous_parliament_election INTEGER REFERENCES Election(id),
  previous_ep_election         INTEGER REFERENCES Election(id),
  old_countryID                INTEGER,
  old_cabID                    INTEGER
);
CREATE TABLE Election (
  id                           INTEGER PRIMARY KEY,
  type                         INTEGER NOT NULL REFERENCES Code(id),
  country                      INTEGER NOT NULL REFERENCES Country(id),
  date                         TEXT NOT NULL,
  early                        INTEGER NOT NULL,
  wikipedia                    TEXT,
  dissolution_date             TEXT,
  seats_total                  INTEGER NOT NULL,
  electorate                   INTEGER,
  votes_cast                   INTEGER,
  votes_valid                  INTEGER,
  data_source                  TEXT,
  description                  TEXT,
  comment                      TEXT,
  data_json                    TEXT,
  previous_parliament_election INTEGER REFERENCES Election(id),
  previous_ep_election         INTEGER REFERENCES Election(id),
  previous_cabinet             INTEGER REFERENCES Cabinet(id)
);
CREATE TABLE ElectionResult (
  id              INTEGER PRIMARY KEY,
  election        INTEGER NOT NULL REFERENCES Election(id),
  party           INTEGER NOT NULL REFERENCES Party(id),
  party_id_source TEXT,
  alliance        INTEGER REFERENCES ElectionResult(id),
  seats           INTEGER,
  vote_share      REAL,
  votes           INTEGER,
  person          INTEGER,
  data_source     TEXT,
  description     TEXT,
  comment         TEXT,
  data_json       TEXT
);
CREATE TABLE CabinetParty (
  id              INTEGER PRIMARY KEY,
  cabinet         INTEGER NOT NULL REFERENCES Cabinet(id),
  party           INTEGER NOT NULL REFERENCES Party(id),
  pm              INTEGER NOT NULL,
  defector        INTEGER NOT NULL,
  party_id_source TEXT,
  data_source     TEXT,
  description     TEXT,
  comment         TEXT,
  data_json       TEXT
);
"""

FILES = [
    ("Code", "01__datacore__Code.csv"),
    ("Country", "02__datacore__Country.csv"),
    ("Party", "21__parties__Party.csv"),
    ("PartyFamily", "22__parties__PartyFamily.csv"),
    ("PartyNameChange", "23__parties__PartyNameChange.csv"),
    ("PartyChange", "24__parties__PartyChange.csv"),
    ("Cabinet", "41__cabinets__Cabinet.csv"),
    ("Election", "31__elections__Election.csv"),
    ("ElectionResult", "32__elections__ElectionResult.csv"),
    ("CabinetParty", "42__cabinets__CabinetParty.csv"),
]


def main(src, out):
    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.executescript(SCHEMA)
    for table, fname in FILES:
        cols = {r[1]: r[2] for r in db.execute('PRAGMA table_info("%s")' % table)}
        with open(os.path.join(src, fname), newline="", encoding="utf-8") as f:
            rd = csv.reader(f)
            head = next(rd)
            assert set(head) == set(cols), (table, set(head) ^ set(cols))
            rows = []
            for raw in rd:
                assert len(raw) == len(head), (table, raw)
                row = []
                for c, v in zip(head, raw):
                    if v == "" or (table == "Code" and c == "old" and v == "NA"):
                        row.append(None)
                    elif cols[c] == "INTEGER":
                        row.append(int(v))
                    elif cols[c] == "REAL":
                        row.append(float(v))
                    else:
                        row.append(v)
                rows.append(row)
        rows.sort(key=lambda r: r[head.index("id")])
        sql = 'INSERT INTO "%s" (%s) VALUES (%s)' % (
            table, ",".join('"%s"' % c for c in head), ",".join("?" * len(head)))
        db.executemany(sql, rows)
    db.commit()
    bad = db.execute("PRAGMA foreign_key_check").fetchall()
    assert not bad, bad[:10]
    for table, _ in FILES:
        print(table, db.execute('SELECT COUNT(*) FROM "%s"' % table).fetchone()[0])
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
