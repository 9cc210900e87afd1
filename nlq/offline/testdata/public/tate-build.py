# Builds tate.db from github.com/tategallery/collection (commit
# a51d8afc988ed083557e2950f4d0b644e7719f4a, 2020-10-28; the JSON files used last changed in
# f60339d97b379f5412dada56d07f9d596033a275 (artworks/) and d6188a173a818882f782b499235d753273e37fb1
# (artists/), both 2014-10-27, "Oct 14 metadata update"). License: the metadata is released under
# Creative Commons CC0 1.0 Universal (README.md; LICENCE holds the CC0 legal code), copied into
# tate.LICENSE with Tate's requested attribution. The repository is no longer maintained: this
# is Tate's collection as of October 2014.
#
# (This database replaces the requested OurAirports one: github.com/davidmegginson/ourairports-data
# has airports.csv and airport-comments.csv at more than 4 MiB in every commit, so the snapshot
# lacks them, and without airports no table could be joined to a country or region.)
#
# Source: one JSON file per artwork (artworks/<prefix>/<nnn>/<acno>-<id>.json, 69,202 files) and
# per artist (artists/<letter>/<slug>-<id>.json, 3,538 files), read at the pinned commit with
# `git cat-file --batch` (the same bytes `git show COMMIT:path` gives, in one process). The
# flattened artwork_data.csv is over 4 MiB and absent from the snapshot, so it is not used.
# Column names are the JSON keys (camelCase, as Tate writes them: acno, all_artists,
# acquisitionYear, creditLine, dateText, fc, mda ...), except where a nested object is
# flattened: artists take the column names of the source's own artist_data.csv (name = the
# JSON's mda "Surname, Forenames"; dates; yearOfBirth; yearOfDeath = death.time.startYear;
# placeOfBirth / placeOfDeath = birth.place.name / death.place.name); artworks.startYear /
# endYear = dateRange.startYear / endYear; foreign keys that the JSON nests are named
# <thing>Id (artworkId, artistId, subjectId, movementId, eraId, parentId, catalogueGroupId).
#
# Tables (10):
#   artists           (id, name, fc = display name "Forenames Surname", gender 'Male'/'Female'/
#                      NULL, dates as text '1775–1851' / 'born 1927', yearOfBirth, yearOfDeath,
#                      placeOfBirth, placeOfDeath, totalWorks = Tate's count of works in the
#                      WHOLE collection (not this subset), url)
#   artworks          (id, acno = accession number, title, all_artists, classification, medium,
#                      dateText, startYear, endYear, acquisitionYear, creditLine, dimensions,
#                      width, height, depth (numbers in `units`, 'mm'), units, inscription,
#                      foreignTitle, groupTitle, catalogueGroupId, artistRooms 0/1,
#                      thumbnailCopyright)
#   contributors      (artworkId, artistId, role 'artist' / 'attributed to' / 'after' ...,
#                      displayOrder): who made each artwork (JSON "contributors")
#   catalogue_groups  (id, shortTitle, groupType, completeStatus, accessionRanges,
#                      finbergNumber): albums, series and sketchbooks (JSON "catalogueGroup")
#   subjects          (id, name, level 1-3, parentId): Tate's subject tree, taken from the
#                      artworks' "subjects" trees (the root 'subject', id 1, is not stored; level
#                      1 rows have parentId NULL)
#   artwork_subjects  (artworkId, subjectId): each artwork's level-3 (leaf) subjects
#   movements         (id, name, eraId), eras (id, name): art movements and their eras, taken
#                      from the "movements" lists of artists and artworks
#   artist_movements  (artistId, movementId), artwork_movements (artworkId, movementId)
# Primary keys: id of each entity table; (artworkId, displayOrder) for contributors; the pair
# for the other link tables (WITHOUT ROWID). REFERENCES declared for every <thing>Id column;
# PRAGMA foreign_key_check is empty.
#
# Subset (to fit 2 MB gzipped): the artworks kept are those whose accession number does NOT
# start with 'D' (the 37,644 Turner Bequest drawings and sketchbook pages) and whose
# classification is not 'on paper, print' (15,006 prints, mostly 'P' numbers): 16,552 of the
# 69,202 artworks (paintings, sculpture, unique works on paper, installations, reliefs, printing
# blocks, ...), with all their contributors, subjects and movements. Subjects, catalogue groups
# and artwork movements are those these artworks carry. All artist files are kept (so 756
# artists have no artwork here), and so are all artists' movements.
#
# Changes: empty strings are NULL; width/height/depth (JSON strings) become numbers, and the
# 20 garbled ones ('(left):', 'each', 'mm') NULL. They are kept under the JSON's names although
# Tate's dimensions text reads height x width ('support: 309 x 404 x 4 mm' has width 309,
# height 404). dateRange.startYear, a string on 29 kept artworks, becomes an integer;
# artistRooms is 1 where the JSON has "artistRooms": true, else 0. 4 artist ids have two files
# each (two spellings or name forms); the one with a "startLetter" is kept. 3 contributors of
# kept artworks have no artist file (Ilya Kabakov 3462, The Leach Pottery 12951, ?British
# School 19232) and are added from the artwork's copy of the artist (id, mda, fc, gender,
# date, birthYear). One exact duplicate contributor (N03970) is dropped. Left out: artworks'
# url, thumbnailUrl, additionalImages, catTextResId, finberg and pageNumber (only on the
# left-out 'D' works), contributorCount, subjectCount and movementCount (derivable), artists'
# activePlaces and startLetter, and the CSV/processed files.
# Every value is otherwise as written (text keeps its \r\n line breaks, e.g. in creditLine and
# dimensions).
# Run (in this folder):
#   python3 tate-build.py <tate collection git dir> && gzip -9 -n -c tate.db > tate.db.gz
import json, os, subprocess, sys, sqlite3

COMMIT = 'a51d8afc988ed083557e2950f4d0b644e7719f4a'
OUT = 'tate.db'

SCHEMA = '''
CREATE TABLE eras (
  id   INTEGER NOT NULL PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE movements (
  id    INTEGER NOT NULL PRIMARY KEY,
  name  TEXT NOT NULL,
  eraId INTEGER NOT NULL REFERENCES eras (id)
);
CREATE TABLE artists (
  id           INTEGER NOT NULL PRIMARY KEY,
  name         TEXT NOT NULL,
  fc           TEXT NOT NULL,
  gender       TEXT,
  dates        TEXT,
  yearOfBirth  INTEGER,
  yearOfDeath  INTEGER,
  placeOfBirth TEXT,
  placeOfDeath TEXT,
  totalWorks   INTEGER,
  url          TEXT
);
CREATE TABLE artist_movements (
  artistId   INTEGER NOT NULL REFERENCES artists (id),
  movementId INTEGER NOT NULL REFERENCES movements (id),
  PRIMARY KEY (artistId, movementId)
) WITHOUT ROWID;
CREATE TABLE catalogue_groups (
  id              INTEGER NOT NULL PRIMARY KEY,
  shortTitle      TEXT,
  groupType       TEXT,
  completeStatus  TEXT,
  accessionRanges TEXT,
  finbergNumber   TEXT
);
CREATE TABLE artworks (
  id                 INTEGER NOT NULL PRIMARY KEY,
  acno               TEXT NOT NULL UNIQUE,
  title              TEXT NOT NULL,
  all_artists        TEXT,
  classification     TEXT,
  medium             TEXT,
  dateText           TEXT,
  startYear          INTEGER,
  endYear            INTEGER,
  acquisitionYear    INTEGER,
  creditLine         TEXT,
  dimensions         TEXT,
  width              REAL,
  height             REAL,
  depth              REAL,
  units              TEXT,
  inscription        TEXT,
  foreignTitle       TEXT,
  groupTitle         TEXT,
  catalogueGroupId   INTEGER REFERENCES catalogue_groups (id),
  artistRooms        INTEGER NOT NULL,
  thumbnailCopyright TEXT
);
CREATE TABLE contributors (
  artworkId    INTEGER NOT NULL REFERENCES artworks (id),
  artistId     INTEGER NOT NULL REFERENCES artists (id),
  role         TEXT NOT NULL,
  displayOrder INTEGER NOT NULL,
  PRIMARY KEY (artworkId, displayOrder)
) WITHOUT ROWID;
CREATE TABLE subjects (
  id       INTEGER NOT NULL PRIMARY KEY,
  name     TEXT NOT NULL,
  level    INTEGER NOT NULL,
  parentId INTEGER REFERENCES subjects (id)
);
CREATE TABLE artwork_subjects (
  artworkId INTEGER NOT NULL REFERENCES artworks (id),
  subjectId INTEGER NOT NULL REFERENCES subjects (id),
  PRIMARY KEY (artworkId, subjectId)
) WITHOUT ROWID;
CREATE TABLE artwork_movements (
  artworkId  INTEGER NOT NULL REFERENCES artworks (id),
  movementId INTEGER NOT NULL REFERENCES movements (id),
  PRIMARY KEY (artworkId, movementId)
) WITHOUT ROWID;
'''


def blank(v):
    """Empty strings (and strings of blanks) become NULL; other values as written."""
    if isinstance(v, str) and v.strip() == '':
        return None
    return v


def number(v):
    v = blank(v)
    if v is None:
        return None
    try:
        f = float(v)
    except ValueError:  # garbled values such as '(left):', 'each', 'mm' in the source
        return None
    return int(f) if f == int(f) else f


def read_all(git):
    names = subprocess.run(['git', '--git-dir', git, 'ls-tree', '-r', '--name-only', COMMIT],
                           check=True, capture_output=True, text=True).stdout.split('\n')
    names = sorted(n for n in names if n.endswith('.json')
                   and (n.startswith('artworks/') or n.startswith('artists/')))
    p = subprocess.Popen(['git', '--git-dir', git, 'cat-file', '--batch'],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    artworks, artists = [], []
    for n in names:
        p.stdin.write(f'{COMMIT}:{n}\n'.encode())
        p.stdin.flush()
        header = p.stdout.readline().split()
        assert header[1] == b'blob', (n, header)
        data = p.stdout.read(int(header[2]))
        p.stdout.read(1)
        (artworks if n.startswith('artworks/') else artists).append(json.loads(data))
    p.stdin.close()
    p.wait()
    return artworks, artists


def keep(artwork):
    # Subset: the Turner Bequest drawings and sketchbook pages (accession prefix 'D') and all
    # prints (classification 'on paper, print') are left out.
    return not artwork['acno'].startswith('D') and artwork['classification'] != 'on paper, print'


def main():
    git = sys.argv[1]
    all_artworks, artists = read_all(git)
    artworks = sorted((a for a in all_artworks if keep(a)), key=lambda a: a['id'])

    eras, movements, artist_movements, artwork_movements = {}, {}, set(), set()

    def movement(m):
        era = m['era']
        assert eras.setdefault(era['id'], era['name']) == era['name']
        assert movements.setdefault(m['id'], (m['name'], era['id'])) == (m['name'], era['id'])
        return m['id']

    # artists whose works are all left out are still kept (they are few and the artist file is
    # whole); the artists table holds every artist JSON file.
    # 4 artist ids have two files each (Klucis/Klutsis 5677, London Gallery 1138, International
    # Local 1338, Black Audio Film Collective 9260); the file with a 'startLetter' is kept.
    by_id = {}
    for a in artists:
        if a['id'] not in by_id or ('startLetter' in a and 'startLetter' not in by_id[a['id']]):
            by_id[a['id']] = a
    artist_rows = []
    for a in sorted(by_id.values(), key=lambda a: a['id']):
        birth, death = a.get('birth') or {}, a.get('death') or {}
        artist_rows.append((
            a['id'], a['mda'], a['fc'], a['gender'], blank(a['date']),
            a.get('birthYear'), (death.get('time') or {}).get('startYear'),
            blank((birth.get('place') or {}).get('name')),
            blank((death.get('place') or {}).get('name')),
            a['totalWorks'], a['url']))
        for m in a['movements']:
            artist_movements.add((a['id'], movement(m)))
    known_artists = {r[0] for r in artist_rows}

    subjects, groups = {}, {}

    def walk(node, level, parent, artwork_id, links):
        if level > 0:  # level 0 is the single root 'subject'; not stored
            row = (node['name'], level, parent)
            assert subjects.setdefault(node['id'], row) == row, (node, subjects[node['id']])
        children = node.get('children') or []
        if not children and level > 0:
            links.add((artwork_id, node['id']))
        for c in children:
            walk(c, level + 1, node['id'] if level > 0 else None, artwork_id, links)

    artwork_rows, contributor_rows, subject_links = [], [], set()
    for w in artworks:
        g = w['catalogueGroup'] or None
        if g:
            row = (g['id'], g['shortTitle'], g['groupType'], blank(g['completeStatus']),
                   blank(g['accessionRanges']), blank(g.get('finbergNumber')))
            assert groups.setdefault(g['id'], row) == row
        dr = w['dateRange'] or {}
        artwork_rows.append((
            w['id'], w['acno'], w['title'], blank(w['all_artists']), w['classification'],
            blank(w['medium']), blank(w['dateText']), number(dr.get('startYear')), number(dr.get('endYear')),
            w.get('acquisitionYear'), blank(w['creditLine']), blank(w['dimensions']),
            number(w['width']), number(w['height']), number(w['depth']), blank(w['units']),
            blank(w['inscription']), blank(w['foreignTitle']), blank(w['groupTitle']),
            g['id'] if g else None, 1 if w.get('artistRooms') else 0,
            blank(w.get('thumbnailCopyright'))))
        for c in w['contributors']:
            if c['id'] not in known_artists:
                # 5 contributors have no artist file; they are added from the artwork's copy
                known_artists.add(c['id'])
                artist_rows.append((c['id'], c['mda'], c['fc'], c.get('gender'),
                                    blank(c.get('date')), c.get('birthYear'), None, None, None,
                                    None, None))
            row = (w['id'], c['id'], c['role'], c['displayOrder'])
            if row not in contributor_rows[-5:]:  # N03970 lists 'after' Thomas Bewick (35) twice
                contributor_rows.append(row)
        if w.get('subjects'):
            walk(w['subjects'], 0, None, w['id'], subject_links)
        for m in w.get('movements') or []:
            artwork_movements.add((w['id'], movement(m)))

    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.execute('PRAGMA foreign_keys = ON')
    db.executescript(SCHEMA)

    def insert(table, rows, presorted=False):
        if not presorted:
            rows = sorted(rows, key=lambda r: tuple((x is None, x) for x in r))
        db.executemany(f'INSERT INTO {table} VALUES ({", ".join("?" * len(rows[0]))})', rows)

    insert('eras', eras.items())
    insert('movements', [(k,) + v for k, v in movements.items()])
    insert('artists', artist_rows)
    insert('artist_movements', artist_movements)
    insert('catalogue_groups', groups.values())
    insert('artworks', artwork_rows)
    insert('contributors', contributor_rows)
    # parents before children
    insert('subjects', [(k,) + v for k, v in sorted(subjects.items(), key=lambda kv: (kv[1][1], kv[0]))], True)
    insert('artwork_subjects', subject_links)
    insert('artwork_movements', artwork_movements)
    db.commit()
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")]
    print({t: db.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables})
    fk = db.execute('PRAGMA foreign_key_check').fetchall()
    print('foreign key violations:', fk[:5])
    assert not fk
    db.execute('VACUUM')
    db.close()


if __name__ == '__main__':
    main()
