#!/usr/bin/env python3
# Builds got.db from the R package repurrrsive by Jennifer Bryan (github.com/jennybc/repurrrsive,
# "Examples of Recursive Lists and Nested or Split Data Frames"; DESCRIPTION "License: CC0", no
# LICENSE file), two of its nested-list data sets turned into relational tables:
#   * got_chars: the 30 point-of-view (POV) characters of the five main "A Song of Ice and Fire"
#     novels by George R. R. Martin, as served by An API of Ice And Fire (anapioficeandfire.com),
#     downloaded by the package author in 2017, with the API's books and the 17 houses the
#     characters are sworn to (the raw API responses kept in data-raw/iceandfire-json/);
#   * gh_users / gh_repos: 6 GitHub users of the R community and the first page (up to 30) of
#     each one's public repositories, from the GitHub REST API v3 in October 2016.
# The two parts are unrelated (no key joins them); they share the database only because the
# Game of Thrones part alone is small (30 characters).
#
# Pinned commit: 617365735dc60675f42218b820ae9e971ee026b7 (2023-03-09, "Re-document()", the newest).
# Files read (with `git --git-dir=<dir> show <commit>:<path>`) and where they last changed:
#   inst/extdata/got_chars.json            994fcb27efd372efe7edf548d0587e8302b67133 (2022-11-11,
#       "Also remove negative titles (#26)"): the package's got_chars exported by
#       data-raw/got_pov-chars-wrangle.R (jsonlite, auto_unbox: a one-element list is written as a
#       bare value, an empty one as [] or ""); the package replaced the API's book and house URLs
#       in books / povBooks / allegiances by their names, added id (from url) and alive
#       (= died is empty), and dropped titles and aliases containing "bitch".
#   data-raw/iceandfire-json/books.json    fd35319698a8dc9f5cd18315e290cbc93c4885a6 (2017-09-07,
#       "Re-download and wrangle GoT data"): the API's 12 books.
#   data-raw/iceandfire-json/house-*.json  (same commit): the API's 17 houses in the
#       characters' allegiances.
#   inst/extdata/gh_users.json, gh_repos.json  679342b603790fb33f4d23d96bbb456cda28e6ad
#       (2016-10-27): the package's gh_users and gh_repos (the GitHub API's JSON, 6 users).
# The build checks that the three JSON exports hold exactly the values of the package's
# data/got_chars.rda, gh_users.rda and gh_repos.rda (R XDR serializations, read by the small
# reader below, copied from friends-build.py), and that the books' povCharacters agree with the
# characters' povBooks.
#
# Tables (the API's field names in snake_case: povBooks -> character_pov_books, tvSeries ->
# character_tv_series, playedBy -> played_by, coatOfArms -> coat_of_arms, numberOfPages ->
# number_of_pages, mediaType -> media_type, currentLord -> current_lord, diedOut -> died_out,
# ancestralWeapons -> house_ancestral_weapons; every list field becomes a child table named
# <parent>_<field> with one row per element and a singular column):
#   characters (30): id INTEGER PRIMARY KEY (the API character id), url, name, gender
#       ('Male'/'Female'), culture, born, died (free text such as 'In 278 AC or 279 AC, at Pyke';
#       AC = years after Aegon's Conquest), alive (0/1, the package's !nzchar(died)), father,
#       mother, spouse (the API character id at the end of the URL the API gives; father and
#       mother are empty for every POV character, so NULL; a spouse is usually not a POV
#       character, so no FOREIGN KEY is declared).
#   character_titles (character_id, title), character_aliases (character_id, alias),
#   character_allegiances (character_id, house_id -> houses),
#   character_books (character_id, book_id -> books): the books a character appears in WITHOUT
#       being a POV character (the API's books list), and
#   character_pov_books (character_id, book_id -> books): the books told partly from the
#       character's point of view; the two lists never overlap, so "every book a character is
#       in" is their union.
#   character_tv_series (character_id, tv_series 'Season 1'..'Season 6', season INTEGER 1-6,
#       parsed from tv_series) and character_played_by (character_id, played_by: the actor).
#   books (12): id INTEGER PRIMARY KEY (from url), url, name, isbn, number_of_pages, publisher,
#       country, media_type, released (ISO 'YYYY-MM-DD'; the API's time part is always 00:00:00);
#       book_authors (book_id, author).
#   houses (17): id INTEGER PRIMARY KEY (from url), url, name ('House Stark of Winterfell'),
#       region, coat_of_arms, words, current_lord, heir (API character ids), overlord (API house
#       id), founded (free text), founder (API character id), died_out;
#       house_titles (house_id, title), house_seats (house_id, seat),
#       house_ancestral_weapons (house_id, ancestral_weapon).
#   gh_users (6): id INTEGER PRIMARY KEY (GitHub user id), login, url, html_url, type, site_admin,
#       name, company, blog, location, email, hireable, bio, public_repos, public_gists,
#       followers, following, created_at, updated_at.
#   gh_repos (176): id INTEGER PRIMARY KEY (GitHub repository id), name, full_name, owner_id ->
#       gh_users (the API's owner object, which repeats the user), private, html_url,
#       description, fork, url, created_at, updated_at, pushed_at, homepage, size (KB),
#       stargazers_count, watchers_count, language, has_issues, has_downloads, has_wiki,
#       has_pages, forks_count, open_issues_count, forks, open_issues, watchers, default_branch
#       (the API's order; forks = forks_count, open_issues = open_issues_count and watchers =
#       watchers_count = stargazers_count, as the API repeats them).
# Values: empty strings and JSON null -> NULL (in child tables an empty string is no row);
# booleans -> INTEGER 0/1; API URLs of referenced characters and houses -> the id at their end;
# GitHub timestamps ('2016-06-14T22:33:49Z', UTC) -> 'YYYY-MM-DD HH:MM:SS' (UTC); text as written
# (typos included: books.country 'United Status' for A Feast for Crows, aliases such as 'Saltb').
# Left out: the books' characters and povCharacters lists and the houses' swornMembers and
#   cadetBranches lists (API ids of the 2,134 characters and 444 houses the package did not
#   download, so no names; povCharacters is the same as character_pov_books for the 30);
#   the GitHub API's URL templates (avatar_url, followers_url, ..., keys_url, git_url, ssh_url,
#   clone_url, svn_url), gravatar_id (always '') and mirror_url (always null); the
#   data-raw/iceandfire-json/character-*.json files (the API's raw answers for the same 30
#   characters, before the package's clean-up); the package's other data sets (Star Wars,
#   gapminder, Wes Anderson palettes, discog, gmaps_cities). Nothing is subset.
#
# Run (in this folder):
#   python3 got-build.py <repurrrsive git dir> && gzip -9 -n -c got.db > got.db.gz && rm got.db
import bz2, json, math, os, re, sqlite3, struct, subprocess, sys

COMMIT = '617365735dc60675f42218b820ae9e971ee026b7'
GIT = sys.argv[1] if len(sys.argv) > 1 else 'repurrrsive.git'
OUT = 'got.db'


def show(path):
    return subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


def ls(folder):
    out = subprocess.run(['git', '--git-dir=' + GIT, 'ls-tree', '--name-only', f'{COMMIT}:{folder}'],
                         capture_output=True, check=True).stdout.decode()
    return sorted(out.split())


# --- a minimal reader for R's XDR serialization (what save() writes into an .rda) ---
NA_INTEGER = -2**31


class RReader:
    def __init__(self, data):
        self.d, self.p, self.refs = data, 0, []

    def int(self):
        v = struct.unpack_from('>i', self.d, self.p)[0]
        self.p += 4
        return v

    def item(self):
        flags = self.int()
        t = flags & 0xFF
        has_attr, has_tag = flags & (1 << 9), flags & (1 << 10)
        if t in (254, 242):                    # NILVALUE, EMPTYENV
            return None
        if t == 255:                           # REFSXP
            idx = flags >> 8 or self.int()
            return self.refs[idx - 1]
        if t == 1:                             # SYMSXP
            sym = ('SYM', self.item())
            self.refs.append(sym)
            return sym
        if t == 9:                             # CHARSXP
            n = self.int()
            if n == -1:
                return None                    # NA_character_
            v = self.d[self.p:self.p + n].decode('utf-8')
            self.p += n
            return v
        if t in (2, 17):                       # LISTSXP: a pairlist
            items = []
            while True:
                if has_attr: self.item()
                tag = self.item() if has_tag else None
                items.append((tag[1] if tag else None, self.item()))
                flags = self.int()
                if flags & 0xFF == 254:
                    return items
                assert flags & 0xFF in (2, 17)
                has_attr, has_tag = flags & (1 << 9), flags & (1 << 10)
        if t in (10, 13):                      # LGLSXP, INTSXP
            n = self.int()
            v = [None if x == NA_INTEGER else x for x in struct.unpack_from(f'>{n}i', self.d, self.p)]
            self.p += 4 * n
        elif t == 14:                          # REALSXP
            n = self.int()
            v = [None if math.isnan(x) else x for x in struct.unpack_from(f'>{n}d', self.d, self.p)]
            self.p += 8 * n
        elif t in (16, 19):                    # STRSXP, VECSXP
            v = [self.item() for _ in range(self.int())]
        else:
            raise ValueError(f'R type {t} not handled')
        attrs = dict(self.item()) if has_attr else {}
        attrs['_type'] = t
        return v, attrs


def read_rda(name):
    data = bz2.decompress(show(f'data/{name}.rda'))
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    (obj, value), = r.item()                   # one saved object
    assert obj == name, obj
    return to_py(value)


def to_py(value):
    """An R object as plain Python: named list -> dict, unnamed list -> list, atomic vector ->
    list of its elements (logicals as bools, NA as None)."""
    if value is None:
        return None
    v, attrs = value
    t = attrs['_type']
    if t == 19:
        items = [to_py(x) for x in v]
        if 'names' in attrs:
            return dict(zip(attrs['names'][0], items))
        return items
    if t == 10:
        return [None if x is None else bool(x) for x in v]
    return list(v)


def as_r(x):
    """A jsonlite auto_unbox value as the R vector it came from (bare value -> one element)."""
    if isinstance(x, dict):
        return {k: as_r(v) for k, v in x.items()}
    if isinstance(x, list):
        if x and all(isinstance(e, (dict, list)) for e in x):
            return [as_r(e) for e in x]
        return x
    return [x]


def same(json_value, rda_value):
    """JSON export vs .rda: equal after unboxing, except that jsonlite writes NULL (an R NULL
    list element) as null and R's empty list() as []."""
    a = as_r(json_value)
    def eq(p, q):
        if isinstance(p, dict) and isinstance(q, dict):
            return p.keys() == q.keys() and all(eq(p[k], q[k]) for k in p)
        if isinstance(p, list) and isinstance(q, list):
            return len(p) == len(q) and all(eq(x, y) for x, y in zip(p, q))
        if p == [None] and q is None:
            return True
        if isinstance(p, float) or isinstance(q, float):
            return p is not None and q is not None and float(p) == float(q)
        return p == q
    return eq(a, rda_value)


def items(x):
    """A jsonlite auto_unbox value as a list of its non-empty elements."""
    if x is None or x == '':
        return []
    if isinstance(x, list):
        return [e for e in x if e not in ('', None)]
    return [x]


def blank(x):
    return None if x in ('', None) else x


def api_id(url, kind):
    if url in ('', None):
        return None
    m = re.fullmatch(r'https://(?:www\.)?anapioficeandfire\.com/api/' + kind + r'/(\d+)', url)
    assert m, url
    return int(m.group(1))


def ts(x):
    if x is None:
        return None
    m = re.fullmatch(r'(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)Z', x)
    assert m, x
    return f'{m.group(1)} {m.group(2)}'


def b01(x):
    return None if x is None else int(bool(x))


SCHEMA = '''
CREATE TABLE books (
  id              INTEGER PRIMARY KEY,
  url             TEXT NOT NULL,
  name            TEXT NOT NULL UNIQUE,
  isbn            TEXT,
  number_of_pages INTEGER,
  publisher       TEXT,
  country         TEXT,
  media_type      TEXT,
  released        TEXT
);
CREATE TABLE book_authors (
  book_id INTEGER NOT NULL REFERENCES books (id),
  author  TEXT NOT NULL,
  PRIMARY KEY (book_id, author)
);
CREATE TABLE houses (
  id           INTEGER PRIMARY KEY,
  url          TEXT NOT NULL,
  name         TEXT NOT NULL UNIQUE,
  region       TEXT,
  coat_of_arms TEXT,
  words        TEXT,
  current_lord INTEGER,
  heir         INTEGER,
  overlord     INTEGER,
  founded      TEXT,
  founder      INTEGER,
  died_out     TEXT
);
CREATE TABLE house_titles (
  house_id INTEGER NOT NULL REFERENCES houses (id),
  title    TEXT NOT NULL,
  PRIMARY KEY (house_id, title)
);
CREATE TABLE house_seats (
  house_id INTEGER NOT NULL REFERENCES houses (id),
  seat     TEXT NOT NULL,
  PRIMARY KEY (house_id, seat)
);
CREATE TABLE house_ancestral_weapons (
  house_id         INTEGER NOT NULL REFERENCES houses (id),
  ancestral_weapon TEXT NOT NULL,
  PRIMARY KEY (house_id, ancestral_weapon)
);
CREATE TABLE characters (
  id      INTEGER PRIMARY KEY,
  url     TEXT NOT NULL,
  name    TEXT NOT NULL,
  gender  TEXT,
  culture TEXT,
  born    TEXT,
  died    TEXT,
  alive   INTEGER NOT NULL,
  father  INTEGER,
  mother  INTEGER,
  spouse  INTEGER
);
CREATE TABLE character_titles (
  character_id INTEGER NOT NULL REFERENCES characters (id),
  title        TEXT NOT NULL,
  PRIMARY KEY (character_id, title)
);
CREATE TABLE character_aliases (
  character_id INTEGER NOT NULL REFERENCES characters (id),
  alias        TEXT NOT NULL,
  PRIMARY KEY (character_id, alias)
);
CREATE TABLE character_allegiances (
  character_id INTEGER NOT NULL REFERENCES characters (id),
  house_id     INTEGER NOT NULL REFERENCES houses (id),
  PRIMARY KEY (character_id, house_id)
);
CREATE TABLE character_books (
  character_id INTEGER NOT NULL REFERENCES characters (id),
  book_id      INTEGER NOT NULL REFERENCES books (id),
  PRIMARY KEY (character_id, book_id)
);
CREATE TABLE character_pov_books (
  character_id INTEGER NOT NULL REFERENCES characters (id),
  book_id      INTEGER NOT NULL REFERENCES books (id),
  PRIMARY KEY (character_id, book_id)
);
CREATE TABLE character_tv_series (
  character_id INTEGER NOT NULL REFERENCES characters (id),
  tv_series    TEXT NOT NULL,
  season       INTEGER NOT NULL,
  PRIMARY KEY (character_id, tv_series)
);
CREATE TABLE character_played_by (
  character_id INTEGER NOT NULL REFERENCES characters (id),
  played_by    TEXT NOT NULL,
  PRIMARY KEY (character_id, played_by)
);
CREATE TABLE gh_users (
  id           INTEGER PRIMARY KEY,
  login        TEXT NOT NULL UNIQUE,
  url          TEXT,
  html_url     TEXT,
  type         TEXT,
  site_admin   INTEGER,
  name         TEXT,
  company      TEXT,
  blog         TEXT,
  location     TEXT,
  email        TEXT,
  hireable     INTEGER,
  bio          TEXT,
  public_repos INTEGER,
  public_gists INTEGER,
  followers    INTEGER,
  following    INTEGER,
  created_at   TEXT,
  updated_at   TEXT
);
CREATE TABLE gh_repos (
  id                INTEGER PRIMARY KEY,
  name              TEXT NOT NULL,
  full_name         TEXT NOT NULL UNIQUE,
  owner_id          INTEGER NOT NULL REFERENCES gh_users (id),
  private           INTEGER,
  html_url          TEXT,
  description       TEXT,
  fork              INTEGER,
  url               TEXT,
  created_at        TEXT,
  updated_at        TEXT,
  pushed_at         TEXT,
  homepage          TEXT,
  size              INTEGER,
  stargazers_count  INTEGER,
  watchers_count    INTEGER,
  language          TEXT,
  has_issues        INTEGER,
  has_downloads     INTEGER,
  has_wiki          INTEGER,
  has_pages         INTEGER,
  forks_count       INTEGER,
  open_issues_count INTEGER,
  forks             INTEGER,
  open_issues       INTEGER,
  watchers          INTEGER,
  default_branch    TEXT
);
'''

# --- read and check the sources ---
got_chars = json.loads(show('inst/extdata/got_chars.json'))
gh_users = json.loads(show('inst/extdata/gh_users.json'))
gh_repos = json.loads(show('inst/extdata/gh_repos.json'))
assert same(got_chars, read_rda('got_chars')), 'got_chars.json differs from got_chars.rda'
assert same(gh_users, read_rda('gh_users')), 'gh_users.json differs from gh_users.rda'
assert same(gh_repos, read_rda('gh_repos')), 'gh_repos.json differs from gh_repos.rda'
assert len(got_chars) == 30 and len(gh_users) == 6 and len(gh_repos) == 6

api_books = json.loads(show('data-raw/iceandfire-json/books.json'))
assert len(api_books) == 12
house_files = [f for f in ls('data-raw/iceandfire-json') if f.startswith('house-')]
api_houses = [json.loads(show('data-raw/iceandfire-json/' + f)) for f in house_files]
assert len(api_houses) == 17
api_houses.sort(key=lambda h: api_id(h['url'], 'houses'))
api_books.sort(key=lambda b: api_id(b['url'], 'books'))

book_id = {b['name']: api_id(b['url'], 'books') for b in api_books}
house_id = {h['name']: api_id(h['url'], 'houses') for h in api_houses}
assert len(book_id) == 12 and len(house_id) == 17

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)


def insert(table, row):
    db.execute(f'INSERT INTO {table} ({", ".join(row)}) VALUES ({", ".join("?" * len(row))})',
               list(row.values()))


for b in api_books:
    m = re.fullmatch(r'(\d{4}-\d\d-\d\d)T00:00:00', b['released'])
    assert m, b['released']
    bid = book_id[b['name']]
    insert('books', dict(id=bid, url=b['url'], name=b['name'], isbn=blank(b['isbn']),
                         number_of_pages=b['numberOfPages'], publisher=blank(b['publisher']),
                         country=blank(b['country']), media_type=blank(b['mediaType']),
                         released=m.group(1)))
    for a in items(b['authors']):
        insert('book_authors', dict(book_id=bid, author=a))

for h in api_houses:
    hid = house_id[h['name']]
    insert('houses', dict(id=hid, url=h['url'], name=h['name'], region=blank(h['region']),
                          coat_of_arms=blank(h['coatOfArms']), words=blank(h['words']),
                          current_lord=api_id(h['currentLord'], 'characters'),
                          heir=api_id(h['heir'], 'characters'),
                          overlord=api_id(h['overlord'], 'houses'),
                          founded=blank(h['founded']),
                          founder=api_id(h['founder'], 'characters'),
                          died_out=blank(h['diedOut'])))
    for t in items(h['titles']):
        insert('house_titles', dict(house_id=hid, title=t))
    for s in items(h['seats']):
        insert('house_seats', dict(house_id=hid, seat=s))
    for w in items(h['ancestralWeapons']):
        insert('house_ancestral_weapons', dict(house_id=hid, ancestral_weapon=w))

for c in sorted(got_chars, key=lambda c: c['id']):
    cid = c['id']
    assert api_id(c['url'], 'characters') == cid
    assert c['alive'] == (c['died'] == '')
    insert('characters', dict(id=cid, url=c['url'], name=c['name'], gender=blank(c['gender']),
                              culture=blank(c['culture']), born=blank(c['born']),
                              died=blank(c['died']), alive=int(c['alive']),
                              father=api_id(c['father'], 'characters'),
                              mother=api_id(c['mother'], 'characters'),
                              spouse=api_id(c['spouse'], 'characters')))
    for t in items(c['titles']):
        insert('character_titles', dict(character_id=cid, title=t))
    for a in items(c['aliases']):
        insert('character_aliases', dict(character_id=cid, alias=a))
    for h in items(c['allegiances']):
        insert('character_allegiances', dict(character_id=cid, house_id=house_id[h]))
    assert not set(items(c['books'])) & set(items(c['povBooks']))
    for b in items(c['books']):
        insert('character_books', dict(character_id=cid, book_id=book_id[b]))
    for b in items(c['povBooks']):
        insert('character_pov_books', dict(character_id=cid, book_id=book_id[b]))
    for s in items(c['tvSeries']):
        m = re.fullmatch(r'Season (\d+)', s)
        assert m, s
        insert('character_tv_series', dict(character_id=cid, tv_series=s, season=int(m.group(1))))
    for p in items(c['playedBy']):
        insert('character_played_by', dict(character_id=cid, played_by=p))

# the books' povCharacters (API URLs) agree with the characters' povBooks
ids = {c['id'] for c in got_chars}
for b in api_books:
    pov = {api_id(u, 'characters') for u in b['povCharacters']}
    have = {r[0] for r in db.execute('SELECT character_id FROM character_pov_books WHERE book_id = ?',
                                     (book_id[b['name']],))}
    assert pov & ids == have, (b['name'], pov & ids, have)

for u in sorted(gh_users, key=lambda u: u['id']):
    assert u['gravatar_id'] == ''
    insert('gh_users', dict(id=u['id'], login=u['login'], url=u['url'], html_url=u['html_url'],
                            type=u['type'], site_admin=b01(u['site_admin']), name=blank(u['name']),
                            company=blank(u['company']), blog=blank(u['blog']),
                            location=blank(u['location']), email=blank(u['email']),
                            hireable=b01(u['hireable']), bio=blank(u['bio']),
                            public_repos=u['public_repos'], public_gists=u['public_gists'],
                            followers=u['followers'], following=u['following'],
                            created_at=ts(u['created_at']), updated_at=ts(u['updated_at'])))

REPO_COLS = ['id', 'name', 'full_name', 'owner_id', 'private', 'html_url', 'description', 'fork',
             'url', 'created_at', 'updated_at', 'pushed_at', 'homepage', 'size', 'stargazers_count',
             'watchers_count', 'language', 'has_issues', 'has_downloads', 'has_wiki', 'has_pages',
             'forks_count', 'open_issues_count', 'forks', 'open_issues', 'watchers', 'default_branch']
for r in sorted((r for user in gh_repos for r in user), key=lambda r: r['id']):
    assert r['mirror_url'] is None
    row = {}
    for k in REPO_COLS:
        if k == 'owner_id':
            v = r['owner']['id']
        elif k in ('created_at', 'updated_at', 'pushed_at'):
            v = ts(r[k])
        elif isinstance(r[k], bool):
            v = int(r[k])
        else:
            v = blank(r[k])
        row[k] = v
    insert('gh_repos', row)

assert db.execute('PRAGMA foreign_key_check').fetchall() == []
db.commit()
for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall():
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
db.execute('VACUUM')
db.close()
