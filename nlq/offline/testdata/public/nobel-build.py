#!/usr/bin/env python3
# Builds nobel.db: every Nobel Prize (and the Sveriges Riksbank Prize in Economic Sciences) from
# 1901 to 2024, its laureates (people and organisations) with birth/death dates and places and
# gender, each laureate's share of the prize and motivation, and their affiliations at the time of
# the award (institution, city, country).
#
# Data: the Nobel Prize Outreach "Nobel Prize Master Data", as served by the version 1 API
#   (api.nobelprize.org/v1/laureate.json and /v1/prize.json), published under CC0 1.0 (the API's
#   own OpenAPI description: "license: name: CC0, url: https://creativecommons.org/publicdomain/
#   zero/1.0/"; nobelprize.org developer zone).
# Copy used: github.com/Peja016/nobel-prizes, files data/laureate.json and data/prize.json (the two
#   v1 endpoints' complete responses, pretty-printed; a snapshot taken after the 2024 prizes were
#   announced: 1,004 laureates, 676 prizes, 1901-2024). Pinned commit:
#   1e485e7dc268be7aa0fc420398b2e17bcc211141 (2024-11-10, "updated modify", the repository's only
#   commit). The repository has no LICENSE file of its own; the data is the Nobel Prize Outreach's
#   CC0 data, unchanged (an older copy of the same endpoints, github.com/l20281276/Premios-Nobel at
#   323c89fdd3733cec0c75cd44fb6ec45bf44157b1 (2024-02), agrees with it record for record apart
#   from 2024 prizes and deaths recorded in 2024). See nobel.LICENSE.
#
# Usage (Python 3, standard library only):
#   python3 nobel-build.py <Peja016+nobel-prizes git dir> <commit> <out.db>
#   e.g. python3 nobel-build.py /work/.mirror/Peja016+nobel-prizes/repo \
#        1e485e7dc268be7aa0fc420398b2e17bcc211141 nobel.db
#   then gzip -9 -n nobel.db
# The JSON files are read from that commit with `git --git-dir=<dir> show <commit>:<path>`.
#
# Tables (the JSON has two documents with nested lists; the table names laureates and prizes are
# the documents' top-level keys, laureate_prizes and affiliations are the nested lists; every field
# keeps the API's own name and spelling, camelCase included: firstname, surname, born, died,
# bornCountry, bornCountryCode, bornCity, diedCountry, diedCountryCode, diedCity, gender, year,
# category, share, motivation, overallMotivation, name, city, country; the link columns
# laureate_id and affiliation_id are ADDED by this script because the JSON links by nesting):
#   laureates (1,004 rows, one per laureate.json record): id INTEGER PRIMARY KEY (the Nobel
#       laureate id, 1..1046 with gaps), firstname (for an organisation its whole name, e.g.
#       'International Committee of the Red Cross'), surname (NULL for the 28 organisations and for
#       the two people the API lists under one name, 'Le Duc Tho' and 'Aung San Suu Kyi'), born,
#       died, bornCountry, bornCountryCode, bornCity, diedCountry, diedCountryCode, diedCity,
#       gender ('male', 'female', or 'org' for organisations).
#   prizes (676 rows, one per prize.json record = one prize category in one year): year INTEGER,
#       category ('physics', 'chemistry', 'medicine', 'literature', 'peace', 'economics'; lower
#       case as the API writes them), overallMotivation (NULL except: 49 prizes with no laureate,
#       where it says why, e.g. '"No Nobel Prize was awarded this year. The prize money was
#       allocated to the Special Fund of this prize section."', and 9 split prizes with a common
#       motivation); PRIMARY KEY (year, category).
#   laureate_prizes (1,012 rows, one per entry of a laureate's "prizes" list, the same entries as
#       the "laureates" lists of prize.json): laureate_id -> laureates, year, category
#       (-> prizes), share INTEGER (as the API gives it: the laureate received 1/share of the
#       prize, 1, 2, 3 or 4; the 1/share of one prize always add up to 1), motivation;
#       PRIMARY KEY (laureate_id, year, category).
#   affiliations (828 rows, one per non-empty entry of a laureate prize's "affiliations" list):
#       affiliation_id INTEGER PRIMARY KEY (1.. in order of laureate_id, year, category, position
#       in the list), laureate_id, year, category (-> laureate_prizes), name, city, country (the
#       affiliation's own place, as the API writes it at the time of the award, e.g. 'Germany (now
#       France)'). A laureate prize may have 0 to 4 affiliations; the API writes "no affiliation"
#       as [[]] (266 laureate prizes, mostly peace and literature), which gives no row.
#
# Conversions (everything else is kept exactly as the API writes it):
#   * year, share, id -> INTEGER.
#   * died '0000-00-00' (the API's "not dead / no date") -> NULL; an absent key -> NULL (e.g.
#     laureate 925, National Dialogue Quartet, has no "born"; most organisations have no places).
#   * born/died stay as the API's 'YYYY-MM-DD' text, including its partial dates with zero month
#     and day ('1943-00-00' = only the year is known; 46 laureates: 25 organisations' founding
#     years and 21 people), which SQLite's date functions do not parse (use substr(born, 1, 4) for the year).
#   * motivation and overallMotivation keep the API's surrounding double quotes
#     ('"for his services to Theoretical Physics, and especially for his discovery of the law of
#     the photoelectric effect"') and its few HTML entities ('R&ouml;ntgen'); so do 3 affiliation
#     names ('Universit&eacute; Paris-Sud').
# Nothing is subset: every record of both files is kept. The v1 country endpoint (a list of country
# names and codes) is not in this copy and not needed: countries are kept as text in each row.
import json, os, sqlite3, subprocess, sys

PINNED = '1e485e7dc268be7aa0fc420398b2e17bcc211141'
GIT, COMMIT, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def read_json(path):
    data = subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:{path}'],
                          check=True, capture_output=True).stdout
    return json.loads(data.decode('utf-8'))


LAUREATE_KEYS = ['id', 'firstname', 'surname', 'born', 'died', 'bornCountry', 'bornCountryCode',
                 'bornCity', 'diedCountry', 'diedCountryCode', 'diedCity', 'gender', 'prizes']
CATEGORIES = {'physics', 'chemistry', 'medicine', 'literature', 'peace', 'economics'}

laureates_json = read_json('data/laureate.json')
prizes_json = read_json('data/prize.json')
assert list(laureates_json) == ['laureates'] and list(prizes_json) == ['prizes']

laureates, laureate_prizes, affiliations = [], [], []
for rec in laureates_json['laureates']:
    assert set(rec) <= set(LAUREATE_KEYS), rec.keys()
    for k, v in rec.items():
        assert v != '', (rec['id'], k)
    row = {k: rec.get(k) for k in LAUREATE_KEYS if k != 'prizes'}
    row['id'] = int(row['id'])
    assert row['died'] is not None
    if row['died'] == '0000-00-00':
        row['died'] = None
    assert row['born'] != '0000-00-00'
    assert row['gender'] in ('male', 'female', 'org'), row
    laureates.append([row[k] for k in LAUREATE_KEYS if k != 'prizes'])
    for p in rec['prizes']:
        assert set(p) <= {'year', 'category', 'share', 'motivation', 'overallMotivation',
                          'affiliations'}, p.keys()
        assert p['category'] in CATEGORIES
        year = int(p['year'])
        laureate_prizes.append([row['id'], year, p['category'], int(p['share']), p['motivation']])
        for pos, a in enumerate(p['affiliations']):
            if a == []:          # the API's "no affiliation": [[]]
                assert p['affiliations'] == [[]]
                continue
            assert isinstance(a, dict) and set(a) <= {'name', 'city', 'country'} and 'name' in a
            affiliations.append([row['id'], year, p['category'], pos,
                                 a['name'], a.get('city'), a.get('country')])

prizes, from_prizes = [], {}
for rec in prizes_json['prizes']:
    assert set(rec) <= {'year', 'category', 'overallMotivation', 'laureates'}, rec.keys()
    assert rec['category'] in CATEGORIES
    year = int(rec['year'])
    prizes.append([year, rec['category'], rec.get('overallMotivation')])
    for x in rec.get('laureates', []):
        from_prizes[(int(x['id']), year, rec['category'])] = (int(x['share']), x['motivation'])

# The two documents must agree on who got which prize, with what share and motivation.
assert from_prizes == {(r[0], r[1], r[2]): (r[3], r[4]) for r in laureate_prizes}

laureates.sort(key=lambda r: r[0])
prizes.sort(key=lambda r: (r[0], r[1]))
laureate_prizes.sort(key=lambda r: (r[0], r[1], r[2]))
affiliations.sort(key=lambda r: (r[0], r[1], r[2], r[3]))
affiliations = [[i + 1] + r[:3] + r[4:] for i, r in enumerate(affiliations)]

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.execute('''CREATE TABLE laureates (
  id              INTEGER NOT NULL PRIMARY KEY,
  firstname       TEXT NOT NULL,
  surname         TEXT,
  born            TEXT,
  died            TEXT,
  bornCountry     TEXT,
  bornCountryCode TEXT,
  bornCity        TEXT,
  diedCountry     TEXT,
  diedCountryCode TEXT,
  diedCity        TEXT,
  gender          TEXT NOT NULL
)''')
db.execute('''CREATE TABLE prizes (
  year              INTEGER NOT NULL,
  category          TEXT NOT NULL,
  overallMotivation TEXT,
  PRIMARY KEY (year, category)
)''')
db.execute('''CREATE TABLE laureate_prizes (
  laureate_id INTEGER NOT NULL REFERENCES laureates (id),
  year        INTEGER NOT NULL,
  category    TEXT NOT NULL,
  share       INTEGER NOT NULL,
  motivation  TEXT,
  PRIMARY KEY (laureate_id, year, category),
  FOREIGN KEY (year, category) REFERENCES prizes (year, category)
)''')
db.execute('''CREATE TABLE affiliations (
  affiliation_id INTEGER NOT NULL PRIMARY KEY,
  laureate_id    INTEGER NOT NULL,
  year           INTEGER NOT NULL,
  category       TEXT NOT NULL,
  name           TEXT NOT NULL,
  city           TEXT,
  country        TEXT,
  FOREIGN KEY (laureate_id, year, category)
    REFERENCES laureate_prizes (laureate_id, year, category)
)''')
db.executemany(f'INSERT INTO laureates VALUES ({",".join("?" * 12)})', laureates)
db.executemany('INSERT INTO prizes VALUES (?, ?, ?)', prizes)
db.executemany('INSERT INTO laureate_prizes VALUES (?, ?, ?, ?, ?)', laureate_prizes)
db.executemany('INSERT INTO affiliations VALUES (?, ?, ?, ?, ?, ?, ?)', affiliations)
db.commit()

for t in ['laureates', 'prizes', 'laureate_prizes', 'affiliations']:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
db.execute('VACUUM')
db.close()
