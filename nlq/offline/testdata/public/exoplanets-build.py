#!/usr/bin/env python3
# Builds exoplanets.db: the Open Exoplanet Catalogue (planetary systems, binary-star groupings,
# stars and their planets, with alternate designations and the catalogue lists each planet is on).
#
# Data: github.com/OpenExoplanetCatalogue/open_exoplanet_catalogue, the directory systems/ (one XML
#   file per planetary system, 4081 files; the schema is oec.xsd / template.xml). The sibling
#   directory systems_kepler/ (unconfirmed Kepler Objects of Interest) is NOT used. README.md:
#   "The database is licensed under an MIT license"; exoplanets.LICENSE holds its License section
#   verbatim.
# Pinned commit: a858d464b26038601b088837d663b5f8f2fb9a11 (2026-08-22, "Automated nightly update
#   from oec_continuity", the newest commit in the stored snapshot).
#
# Usage (Python 3, standard library only):
#   python3 exoplanets-build.py <open_exoplanet_catalogue git dir> [<commit>] [<out.db>]
#   e.g. python3 exoplanets-build.py /work/.mirror/OpenExoplanetCatalogue+open_exoplanet_catalogue/repo
#   then gzip -9 -n exoplanets.db   (-> exoplanets.db.gz)
#
# The XML is a tree: <system> holds <star>s, <binary>s (which nest further <binary>s and <star>s)
# and, rarely, free <planet>s; <star> and <binary> hold <planet>s. It is flattened into 7 tables
# (table names ours; column names are the XML tag names, lower-case run-together as in the source:
# rightascension, semimajoraxis, discoverymethod, spectraltype, magV ...):
#   systems      system_id INTEGER PK (files in path order), name (first <name>), rightascension,
#                declination (sexagesimal text as stored, '19 48 27.6228', '+41 54 32.9026'),
#                distance (parsecs), constellation
#   binaries     binary_id PK, system_id -> systems, parent_binary_id -> binaries (NULL at top),
#                name, semimajoraxis (AU), separation, separation_unit ('AU'/'arcsec', the tag's
#                unit attribute), period (days), eccentricity, inclination (degrees)
#   stars        star_id PK, system_id -> systems, binary_id -> binaries (NULL unless the star sits
#                in a <binary>), name (first <name>), mass, radius (solar units), temperature (K),
#                age (Gyr), metallicity ([Fe/H]), spectraltype, magV, magJ, magH, magK
#   star_names   star_id -> stars, name: the star's other designations (not the first); PK both
#   planets      planet_id PK, system_id -> systems, star_id -> stars (NULL for circumbinary and
#                free-floating planets), binary_id -> binaries (set for circumbinary planets),
#                name (first <name>), mass (Jupiter masses), radius (Jupiter radii), period (days),
#                semimajoraxis (AU), eccentricity, inclination (degrees), temperature (K),
#                discoverymethod, discoveryyear, istransiting (0/1), lastupdate ('yy/mm/dd' in the
#                source -> 'YYYY-MM-DD', all 20yy)
#   planet_names planet_id -> planets, name: the planet's other designations; PK both
#   planet_lists planet_id -> planets, list ('Confirmed planets', 'Controversial', ...); PK both
# Only the element text is kept: error bars (errorminus/errorplus attributes) are dropped, and a value
# given only as an upper/lower limit attribute (no text) becomes NULL, as does a missing tag.
# Left out: moons (<satellite>, 18), the one <asteroid>, the rarer tags (magB/R/I/U, periastron,
# transittime, longitude, ascendingnode, image, imagedescription, spinorbitalignment, videolink...)
# and the planets' free-text <description> (1.2 MB, shared by the planets of a system), to keep the
# database under 3 MB. The three name/list tables are WITHOUT ROWID (same reason).
import os, sqlite3, subprocess, sys
import xml.etree.ElementTree as ET

GIT = sys.argv[1]
COMMIT = sys.argv[2] if len(sys.argv) > 2 else 'a858d464b26038601b088837d663b5f8f2fb9a11'
OUT = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'exoplanets.db')


def git(*args):
    return subprocess.run(['git', '--git-dir', GIT] + list(args), check=True, capture_output=True).stdout


paths = [p for p in git('ls-tree', '-r', '--name-only', COMMIT, 'systems/').decode().split('\n')
         if p.endswith('.xml')]
paths.sort()
# all blobs through one `git cat-file --batch` (the same bytes `git show COMMIT:path` gives)
proc = subprocess.run(['git', '--git-dir', GIT, 'cat-file', '--batch'],
                      input=''.join('%s:%s\n' % (COMMIT, p) for p in paths).encode(),
                      check=True, capture_output=True)
buf, pos, blobs = proc.stdout, 0, []
for p in paths:
    nl = buf.index(b'\n', pos)
    sha, typ, size = buf[pos:nl].split()
    assert typ == b'blob', (p, typ)
    size = int(size)
    blobs.append(buf[nl + 1:nl + 1 + size])
    pos = nl + 1 + size + 1


def txt(e, tag):
    c = e.find(tag)
    if c is None or c.text is None or not c.text.strip():
        return None
    return c.text.strip()


def num(e, tag, conv=float):
    v = txt(e, tag)
    return None if v is None else conv(float(v)) if conv is int else conv(v)


def names(e):
    return [n.text.strip() for n in e.findall('name') if n.text and n.text.strip()]


if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.executescript('''
PRAGMA foreign_keys = ON;
CREATE TABLE systems (
  system_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  rightascension TEXT,
  declination TEXT,
  distance REAL,
  constellation TEXT
);
CREATE TABLE binaries (
  binary_id INTEGER PRIMARY KEY,
  system_id INTEGER NOT NULL REFERENCES systems(system_id),
  parent_binary_id INTEGER REFERENCES binaries(binary_id),
  name TEXT,
  semimajoraxis REAL,
  separation REAL,
  separation_unit TEXT,
  period REAL,
  eccentricity REAL,
  inclination REAL
);
CREATE TABLE stars (
  star_id INTEGER PRIMARY KEY,
  system_id INTEGER NOT NULL REFERENCES systems(system_id),
  binary_id INTEGER REFERENCES binaries(binary_id),
  name TEXT,
  mass REAL,
  radius REAL,
  temperature REAL,
  age REAL,
  metallicity REAL,
  spectraltype TEXT,
  magV REAL,
  magJ REAL,
  magH REAL,
  magK REAL
);
CREATE TABLE star_names (
  star_id INTEGER NOT NULL REFERENCES stars(star_id),
  name TEXT NOT NULL,
  PRIMARY KEY (star_id, name)
) WITHOUT ROWID;
CREATE TABLE planets (
  planet_id INTEGER PRIMARY KEY,
  system_id INTEGER NOT NULL REFERENCES systems(system_id),
  star_id INTEGER REFERENCES stars(star_id),
  binary_id INTEGER REFERENCES binaries(binary_id),
  name TEXT NOT NULL,
  mass REAL,
  radius REAL,
  period REAL,
  semimajoraxis REAL,
  eccentricity REAL,
  inclination REAL,
  temperature REAL,
  discoverymethod TEXT,
  discoveryyear INTEGER,
  istransiting INTEGER,
  lastupdate TEXT
);
CREATE TABLE planet_names (
  planet_id INTEGER NOT NULL REFERENCES planets(planet_id),
  name TEXT NOT NULL,
  PRIMARY KEY (planet_id, name)
) WITHOUT ROWID;
CREATE TABLE planet_lists (
  planet_id INTEGER NOT NULL REFERENCES planets(planet_id),
  list TEXT NOT NULL,
  PRIMARY KEY (planet_id, list)
) WITHOUT ROWID;
''')

ids = {'system': 0, 'binary': 0, 'star': 0, 'planet': 0}


def nid(k):
    ids[k] += 1
    return ids[k]


def add_planet(p, system_id, star_id, binary_id):
    pid = nid('planet')
    nm = names(p)
    lu = txt(p, 'lastupdate')
    if lu is not None:
        y, m, d = lu.split('/')
        lu = '20%s-%s-%s' % (y, m, d)
    it = txt(p, 'istransiting')
    db.execute('INSERT INTO planets VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)', (
        pid, system_id, star_id, binary_id, nm[0],
        num(p, 'mass'), num(p, 'radius'), num(p, 'period'), num(p, 'semimajoraxis'),
        num(p, 'eccentricity'), num(p, 'inclination'), num(p, 'temperature'),
        txt(p, 'discoverymethod'), num(p, 'discoveryyear', int),
        None if it is None else int(it), lu))
    for n in dict.fromkeys(nm[1:]):
        if n != nm[0]:
            db.execute('INSERT INTO planet_names VALUES (?,?)', (pid, n))
    for l in dict.fromkeys(x.text.strip() for x in p.findall('list') if x.text and x.text.strip()):
        db.execute('INSERT INTO planet_lists VALUES (?,?)', (pid, l))


def add_star(s, system_id, binary_id):
    sid = nid('star')
    nm = names(s)
    db.execute('INSERT INTO stars VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)', (
        sid, system_id, binary_id, nm[0] if nm else None,
        num(s, 'mass'), num(s, 'radius'), num(s, 'temperature'), num(s, 'age'),
        num(s, 'metallicity'), txt(s, 'spectraltype'),
        num(s, 'magV'), num(s, 'magJ'), num(s, 'magH'), num(s, 'magK')))
    for n in dict.fromkeys(nm[1:]):
        if n != nm[0]:
            db.execute('INSERT INTO star_names VALUES (?,?)', (sid, n))
    for p in s.findall('planet'):
        add_planet(p, system_id, sid, None)


def add_binary(b, system_id, parent):
    bid = nid('binary')
    nm = names(b)
    sep = b.find('separation')
    db.execute('INSERT INTO binaries VALUES (?,?,?,?,?,?,?,?,?,?)', (
        bid, system_id, parent, nm[0] if nm else None,
        num(b, 'semimajoraxis'), num(b, 'separation'),
        sep.get('unit') if sep is not None and txt(b, 'separation') is not None else None,
        num(b, 'period'), num(b, 'eccentricity'), num(b, 'inclination')))
    for ch in b:
        if ch.tag == 'binary':
            add_binary(ch, system_id, bid)
        elif ch.tag == 'star':
            add_star(ch, system_id, bid)
        elif ch.tag == 'planet':
            add_planet(ch, system_id, None, bid)


for path, blob in zip(paths, blobs):
    root = ET.fromstring(blob)
    assert root.tag == 'system', path
    sysid = nid('system')
    nm = names(root)
    db.execute('INSERT INTO systems VALUES (?,?,?,?,?,?)', (
        sysid, nm[0], txt(root, 'rightascension'), txt(root, 'declination'),
        num(root, 'distance'), txt(root, 'constellation')))
    for ch in root:
        if ch.tag == 'binary':
            add_binary(ch, sysid, None)
        elif ch.tag == 'star':
            add_star(ch, sysid, None)
        elif ch.tag == 'planet':
            add_planet(ch, sysid, None, None)

db.commit()
assert not db.execute('PRAGMA foreign_key_check').fetchall()
for t in ('systems', 'binaries', 'stars', 'star_names', 'planets', 'planet_names', 'planet_lists'):
    print(t, db.execute('SELECT COUNT(*) FROM ' + t).fetchone()[0])
db.execute('VACUUM')
db.close()
