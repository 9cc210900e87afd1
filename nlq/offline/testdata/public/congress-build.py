# Builds congress.db from github.com/unitedstates/congress-legislators, the public-domain data on
# members of the United States Congress (1789-today), its committees and the presidents and vice
# presidents. The data files are read from the repository's `gh-pages` branch, where its CI
# publishes the YAML files also as JSON and CSV ("alternate formats"): commit
# 61c9ce6a4b093e76e1244a53ada21d8d30981f42 (2026-06-15, "update to main @
# dfa9622263dd4c8d08636926e498f1845704d7eb by CircleCI"; main dfa96222..., 2026-06-15, holds the
# README and LICENSE). Files used and the gh-pages commit that last changed each:
#   legislators-current.json          61c9ce6a4b093e76e1244a53ada21d8d30981f42 (2026-06-15)
#   legislators-district-offices.json 61c9ce6a4b093e76e1244a53ada21d8d30981f42 (2026-06-15)
#   legislators-historical.csv        69f8baf3afcf8463abe42af464cd64fd1e1a1ec7 (2026-04-22)
#   legislators-social-media.json     69f8baf3afcf8463abe42af464cd64fd1e1a1ec7 (2026-04-22)
#   committee-membership-current.json 69f8baf3afcf8463abe42af464cd64fd1e1a1ec7 (2026-04-22)
#   committees-current.json           7b2b62d8dccf85f06165ac0523b815072438f20d (2026-03-18)
#   executive.json                    564a2da7799f7113b1becd3de5778c9155c064f0 (2025-01-21)
# License: CC0 1.0 Universal public-domain dedication (main:LICENSE, README "Public domain"),
# copied into congress.LICENSE.
#
# Historical legislators: legislators-historical.json (and .yaml) are over 4 MiB in every commit
# of the repository's history and so absent from the snapshot (the only stored historical YAML
# is a broken 2020 "undo" commit). Their only stored form is the source's own flattened export
# legislators-historical.csv (scripts/alternate_bulk_formats.py), which has one row per person
# with the fields of that person's MOST RECENT term only and no term dates. So:
#   * `legislators` holds ALL 12,767 people: the 537 current members (from
#     legislators-current.json) and all 12,230 historical ones back to 1789 (from the CSV);
#     nothing subset. Its columns are the CSV export's (the source's own flattening of the
#     JSON: last_name, first_name, ..., bioguide_id, ...); type/state/district/senate_class/party
#     describe the person's most recent term (for current members: their present term).
#   * `terms`, `leadership_roles` and `family` exist only for the 537 current members (their
#     full careers, terms from 1975-01-14 on); historical members have no rows there.
#
# Tables (10), source names kept:
#   legislators        (bioguide_id PK, last_name, first_name, middle_name, suffix, nickname,
#                       full_name = name.official_full, birthday, gender 'M'/'F', type 'sen'/'rep',
#                       state, district, senate_class, party, thomas_id, opensecrets_id, lis_id,
#                       fec_ids (comma-separated, as the CSV writes them), cspan_id, govtrack_id,
#                       votesmart_id, ballotpedia_id, icpsr_id, wikipedia_id)
#                       The CSV's contact columns (url, address, phone, contact_form, rss_url; in
#                       `terms` for current members), its social-media columns (in
#                       `social_media`) and washington_post_id (empty everywhere) are left out.
#   terms              (bioguide -> legislators, type 'sen'/'rep', start, "end", state, district
#                       (0 = at large), class (senate class 1-3), party, caucus, state_rank
#                       'junior'/'senior', how 'appointment'/'special-election', url, rss_url,
#                       contact_form, office, address, phone, fax); PK (bioguide, start)
#   leadership_roles   (bioguide -> legislators, title, chamber, start, "end"); no PK: the source
#                       lists P000609's 'House Republican Policy Committee Chair' twice from
#                       2021-01-03 (ends 2023-01-03 and 2025-01-03); both rows kept
#   family             (bioguide -> legislators, name, relation); PK (bioguide, name)
#   committees         (committee_id PK = the id the membership file uses: thomas_id of a
#                       committee ('HSAG'), parent's thomas_id + own thomas_id for a subcommittee
#                       ('HSAG15'); thomas_id as written; parent_committee_id -> committees (NULL
#                       for committees); type 'house'/'senate'/'joint' (NULL on subcommittees, as
#                       in the source); name; url; minority_url; house_committee_id;
#                       senate_committee_id; jurisdiction; jurisdiction_source; address; phone;
#                       rss_url; minority_rss_url; youtube_id; wikipedia)
#   committee_membership (bioguide -> legislators, name, committee_id -> committees, party
#                       'majority'/'minority', title, rank, chamber); PK (committee_id, bioguide);
#                       column names as in the source's committee-membership-current.csv
#   social_media       (bioguide PK -> legislators, twitter, twitter_id, facebook, youtube,
#                       youtube_id, instagram, instagram_id, mastodon)
#   district_offices   (id PK, bioguide -> legislators, address, building, city, fax, hours,
#                       phone, state, suite, zip, latitude, longitude); column names as in the
#                       source's legislators-district-offices.csv
#   executive          (govtrack_id PK, bioguide_id, icpsr_id, icpsr_prez_id, last_name,
#                       first_name, middle_name, suffix, nickname, full_name, birthday, gender):
#                       presidents and vice presidents, names flattened as for legislators.
#                       bioguide_id is not declared as a reference: 14 of the 67 set (Washington,
#                       John Adams, Jefferson, ...) are not in the legislator files.
#   executive_terms    (govtrack_id -> executive, type 'prez'/'viceprez', start, "end", party,
#                       how 'election'/'succession'/'appointment'); PK (govtrack_id, type, start)
# Changes: empty strings NULL; dates kept as ISO text 'YYYY-MM-DD'; numeric ids INTEGER, the
# zero-padded thomas_id and zip TEXT; latitude/longitude REAL. Left out: the terms'
# `party_affiliations` (2 terms of members who switched party mid-term; the term's `party` is
# the last one) and `end-type` (5 terms), ids present only in the JSON (house_history, maplight,
# wikidata, google_entity_id, pictorial, bioguide_previous), the historical committees file, the
# YAML and the other CSV files. PRAGMA foreign_key_check is empty.
# Run (in this folder):
#   python3 congress-build.py <congress-legislators git dir> congress.db
#   gzip -9 -n -c congress.db > congress.db.gz
import csv, io, json, os, sqlite3, subprocess, sys

COMMIT = '61c9ce6a4b093e76e1244a53ada21d8d30981f42'

SCHEMA = '''
CREATE TABLE legislators (
  bioguide_id    TEXT NOT NULL PRIMARY KEY,
  last_name      TEXT NOT NULL,
  first_name     TEXT NOT NULL,
  middle_name    TEXT,
  suffix         TEXT,
  nickname       TEXT,
  full_name      TEXT,
  birthday       TEXT,
  gender         TEXT,
  type           TEXT,
  state          TEXT,
  district       INTEGER,
  senate_class   INTEGER,
  party          TEXT,
  thomas_id      TEXT,
  opensecrets_id TEXT,
  lis_id         TEXT,
  fec_ids        TEXT,
  cspan_id       INTEGER,
  govtrack_id    INTEGER,
  votesmart_id   INTEGER,
  ballotpedia_id TEXT,
  icpsr_id       INTEGER,
  wikipedia_id   TEXT
);
CREATE TABLE terms (
  bioguide     TEXT NOT NULL REFERENCES legislators (bioguide_id),
  type         TEXT NOT NULL,
  start        TEXT NOT NULL,
  "end"        TEXT NOT NULL,
  state        TEXT NOT NULL,
  district     INTEGER,
  class        INTEGER,
  party        TEXT,
  caucus       TEXT,
  state_rank   TEXT,
  how          TEXT,
  url          TEXT,
  rss_url      TEXT,
  contact_form TEXT,
  office       TEXT,
  address      TEXT,
  phone        TEXT,
  fax          TEXT,
  PRIMARY KEY (bioguide, start)
);
CREATE TABLE leadership_roles (
  bioguide TEXT NOT NULL REFERENCES legislators (bioguide_id),
  title    TEXT NOT NULL,
  chamber  TEXT NOT NULL,
  start    TEXT NOT NULL,
  "end"    TEXT
);
CREATE TABLE family (
  bioguide TEXT NOT NULL REFERENCES legislators (bioguide_id),
  name     TEXT NOT NULL,
  relation TEXT NOT NULL,
  PRIMARY KEY (bioguide, name)
);
CREATE TABLE committees (
  committee_id        TEXT NOT NULL PRIMARY KEY,
  thomas_id           TEXT NOT NULL,
  parent_committee_id TEXT REFERENCES committees (committee_id),
  type                TEXT,
  name                TEXT NOT NULL,
  url                 TEXT,
  minority_url        TEXT,
  house_committee_id  TEXT,
  senate_committee_id TEXT,
  jurisdiction        TEXT,
  jurisdiction_source TEXT,
  address             TEXT,
  phone               TEXT,
  rss_url             TEXT,
  minority_rss_url    TEXT,
  youtube_id          TEXT,
  wikipedia           TEXT
);
CREATE TABLE committee_membership (
  bioguide     TEXT NOT NULL REFERENCES legislators (bioguide_id),
  name         TEXT NOT NULL,
  committee_id TEXT NOT NULL REFERENCES committees (committee_id),
  party        TEXT NOT NULL,
  title        TEXT,
  rank         INTEGER,
  chamber      TEXT,
  PRIMARY KEY (committee_id, bioguide)
);
CREATE TABLE social_media (
  bioguide     TEXT NOT NULL PRIMARY KEY REFERENCES legislators (bioguide_id),
  twitter      TEXT,
  twitter_id   TEXT,
  facebook     TEXT,
  youtube      TEXT,
  youtube_id   TEXT,
  instagram    TEXT,
  instagram_id TEXT,
  mastodon     TEXT
);
CREATE TABLE district_offices (
  id        TEXT NOT NULL PRIMARY KEY,
  bioguide  TEXT NOT NULL REFERENCES legislators (bioguide_id),
  address   TEXT,
  building  TEXT,
  city      TEXT,
  fax       TEXT,
  hours     TEXT,
  phone     TEXT,
  state     TEXT,
  suite     TEXT,
  zip       TEXT,
  latitude  REAL,
  longitude REAL
);
CREATE TABLE executive (
  govtrack_id   INTEGER NOT NULL PRIMARY KEY,
  bioguide_id   TEXT,
  icpsr_id      INTEGER,
  icpsr_prez_id INTEGER,
  last_name     TEXT NOT NULL,
  first_name    TEXT NOT NULL,
  middle_name   TEXT,
  suffix        TEXT,
  nickname      TEXT,
  full_name     TEXT,
  birthday      TEXT,
  gender        TEXT
);
CREATE TABLE executive_terms (
  govtrack_id INTEGER NOT NULL REFERENCES executive (govtrack_id),
  type        TEXT NOT NULL,
  start       TEXT NOT NULL,
  "end"       TEXT NOT NULL,
  party       TEXT,
  how         TEXT,
  PRIMARY KEY (govtrack_id, type, start)
);
'''

LEG_COLS = ['bioguide_id', 'last_name', 'first_name', 'middle_name', 'suffix', 'nickname',
            'full_name', 'birthday', 'gender', 'type', 'state', 'district', 'senate_class',
            'party', 'thomas_id', 'opensecrets_id', 'lis_id', 'fec_ids', 'cspan_id',
            'govtrack_id', 'votesmart_id', 'ballotpedia_id', 'icpsr_id', 'wikipedia_id']
LEG_INT = {'district', 'senate_class', 'cspan_id', 'govtrack_id', 'votesmart_id', 'icpsr_id'}
# JSON key -> CSV column, as in scripts/alternate_bulk_formats.py
BIO = [('last', 'last_name'), ('first', 'first_name'), ('middle', 'middle_name'),
       ('suffix', 'suffix'), ('nickname', 'nickname'), ('official_full', 'full_name'),
       ('birthday', 'birthday'), ('gender', 'gender')]
TERM_LAST = [('type', 'type'), ('state', 'state'), ('district', 'district'),
             ('class', 'senate_class'), ('party', 'party')]
IDS = [('bioguide', 'bioguide_id'), ('thomas', 'thomas_id'), ('opensecrets', 'opensecrets_id'),
       ('lis', 'lis_id'), ('fec', 'fec_ids'), ('cspan', 'cspan_id'), ('govtrack', 'govtrack_id'),
       ('votesmart', 'votesmart_id'), ('ballotpedia', 'ballotpedia_id'), ('icpsr', 'icpsr_id'),
       ('wikipedia', 'wikipedia_id')]
TERM_COLS = ['bioguide', 'type', 'start', 'end', 'state', 'district', 'class', 'party', 'caucus',
             'state_rank', 'how', 'url', 'rss_url', 'contact_form', 'office', 'address',
             'phone', 'fax']
COMMITTEE_KEYS = ['type', 'name', 'url', 'minority_url', 'house_committee_id',
                  'senate_committee_id', 'jurisdiction', 'jurisdiction_source', 'address',
                  'phone', 'rss_url', 'minority_rss_url', 'youtube_id', 'wikipedia']
SOCIAL_KEYS = ['twitter', 'twitter_id', 'facebook', 'youtube', 'youtube_id', 'instagram',
               'instagram_id', 'mastodon']
OFFICE_KEYS = ['address', 'building', 'city', 'fax', 'hours', 'phone', 'state', 'suite', 'zip',
               'latitude', 'longitude']


def show(gitdir, path):
    return subprocess.check_output(['git', '--git-dir=' + gitdir, 'show',
                                    COMMIT + ':' + path])


def clean(v):
    if isinstance(v, str):
        v = v.strip()
        return v if v != '' else None
    return v


def to_int(v):
    v = clean(v)
    return None if v is None else int(v)


def insert(con, table, cols, rows):
    q = 'INSERT INTO %s (%s) VALUES (%s)' % (
        table, ', '.join('"%s"' % c for c in cols), ', '.join('?' * len(cols)))
    con.executemany(q, rows)


def main():
    gitdir, out = sys.argv[1], sys.argv[2]
    if os.path.exists(out):
        os.remove(out)
    current = json.loads(show(gitdir, 'legislators-current.json'))
    hist = list(csv.DictReader(io.StringIO(show(gitdir, 'legislators-historical.csv')
                                           .decode('utf-8'))))
    social = json.loads(show(gitdir, 'legislators-social-media.json'))
    offices = json.loads(show(gitdir, 'legislators-district-offices.json'))
    committees = json.loads(show(gitdir, 'committees-current.json'))
    membership = json.loads(show(gitdir, 'committee-membership-current.json'))
    executive = json.loads(show(gitdir, 'executive.json'))

    # legislators: current from JSON (flattened as the CSV export does), historical from CSV
    legs = {}
    for l in current:
        r = {}
        for k, c in BIO:
            r[c] = l['name'].get(k, l['bio'].get(k))
        last = l['terms'][-1]
        for k, c in TERM_LAST:
            r[c] = last.get(k)
        for k, c in IDS:
            v = l['id'].get(k)
            if isinstance(v, list):
                v = ','.join(v)
            r[c] = v
        legs[r['bioguide_id']] = r
    for h in hist:
        r = {c: h[c] for c in LEG_COLS}
        assert r['bioguide_id'] not in legs
        legs[r['bioguide_id']] = r
    leg_rows = []
    for b in sorted(legs):
        r = legs[b]
        leg_rows.append(tuple(to_int(r[c]) if c in LEG_INT else clean(r[c]) for c in LEG_COLS))

    term_rows, role_rows, fam_rows = [], [], []
    for l in current:
        b = l['id']['bioguide']
        for t in l['terms']:
            row = [b]
            for c in TERM_COLS[1:]:
                v = t.get(c)
                row.append(to_int(v) if c in ('district', 'class') else clean(v))
            term_rows.append(tuple(row))
        for x in l.get('leadership_roles', []):
            role_rows.append((b, x['title'], x['chamber'], x['start'], clean(x.get('end'))))
        for x in l.get('family', []):
            fam_rows.append((b, x['name'], x['relation']))
    term_rows.sort()
    role_rows.sort(key=lambda r: tuple('' if v is None else v for v in r))
    fam_rows.sort()

    com_rows = []
    for c in committees:
        cid = c['thomas_id']
        com_rows.append((cid, cid, None) + tuple(clean(c.get(k)) for k in COMMITTEE_KEYS))
        for s in c.get('subcommittees', []):
            com_rows.append((cid + s['thomas_id'], s['thomas_id'], cid) +
                            tuple(clean(s.get(k)) for k in COMMITTEE_KEYS))
    com_rows.sort()

    mem_rows = []
    for cid, members in membership.items():
        for m in members:
            mem_rows.append((m['bioguide'], m['name'], cid, m['party'], clean(m.get('title')),
                             m.get('rank'), clean(m.get('chamber'))))
    mem_rows.sort(key=lambda r: (r[2], r[0]))

    soc_rows = sorted((s['id']['bioguide'],) + tuple(
        None if s['social'].get(k) is None else clean(str(s['social'][k]))
        for k in SOCIAL_KEYS) for s in social)

    off_rows = []
    for o in offices:
        b = o['id']['bioguide']
        for x in o['offices']:
            vals = []
            for k in OFFICE_KEYS:
                v = x.get(k)
                vals.append(v if k in ('latitude', 'longitude') else
                            (None if v is None else clean(str(v))))
            off_rows.append((x['id'], b) + tuple(vals))
    off_rows.sort()

    ex_rows, ex_term_rows = [], []
    for e in executive:
        i, n, bio = e['id'], e['name'], e['bio']
        ex_rows.append((i['govtrack'], i.get('bioguide'), i.get('icpsr'), i.get('icpsr_prez'),
                        n['last'], n['first'], n.get('middle'), n.get('suffix'),
                        n.get('nickname'), n.get('official_full'), bio.get('birthday'),
                        bio.get('gender')))
        for t in e['terms']:
            ex_term_rows.append((i['govtrack'], t['type'], t['start'], t['end'],
                                 clean(t.get('party')), clean(t.get('how'))))
    ex_rows.sort()
    ex_term_rows.sort()

    con = sqlite3.connect(out)
    con.executescript(SCHEMA)
    insert(con, 'legislators', LEG_COLS, leg_rows)
    insert(con, 'terms', TERM_COLS, term_rows)
    insert(con, 'leadership_roles', ['bioguide', 'title', 'chamber', 'start', 'end'], role_rows)
    insert(con, 'family', ['bioguide', 'name', 'relation'], fam_rows)
    insert(con, 'committees', ['committee_id', 'thomas_id', 'parent_committee_id'] +
           COMMITTEE_KEYS, com_rows)
    insert(con, 'committee_membership', ['bioguide', 'name', 'committee_id', 'party', 'title',
                                         'rank', 'chamber'], mem_rows)
    insert(con, 'social_media', ['bioguide'] + SOCIAL_KEYS, soc_rows)
    insert(con, 'district_offices', ['id', 'bioguide'] + OFFICE_KEYS, off_rows)
    insert(con, 'executive', ['govtrack_id', 'bioguide_id', 'icpsr_id', 'icpsr_prez_id',
                              'last_name', 'first_name', 'middle_name', 'suffix', 'nickname',
                              'full_name', 'birthday', 'gender'], ex_rows)
    insert(con, 'executive_terms', ['govtrack_id', 'type', 'start', 'end', 'party', 'how'],
           ex_term_rows)
    con.commit()
    bad = con.execute('PRAGMA foreign_key_check').fetchall()
    assert not bad, bad[:5]
    for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
        print(t, con.execute('SELECT COUNT(*) FROM "%s"' % t).fetchone()[0])
    con.execute('VACUUM')
    con.close()


if __name__ == '__main__':
    main()
