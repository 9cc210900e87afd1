#!/usr/bin/env python3
# Builds fueleconomy.db: the US EPA's fuel economy figures for 33,442 car and light-truck
# configurations of model years 1984-2015 (make, model, year, EPA size class, transmission, drive
# train, cylinders, engine displacement, fuel type, highway and city miles per gallon), and the
# package's list of "common" models, those sold in at least 10 model years.
#
# Data: the R package fueleconomy by Hadley Wickham (github.com/hadley/fueleconomy), "EPA Fuel
#   Economy Data" ("Fuel economy data from the EPA, 1985-2015"; source
#   http://www.fueleconomy.gov/feg/download.shtml, the EPA's vehicles.csv), DESCRIPTION
#   "License: CC0" (the repository has no LICENSE file; fueleconomy.LICENSE holds that line and
#   the CC0 1.0 Universal legal code). data-raw/vehicles.R made the two data sets from the EPA's
#   vehicles.csv: vehicles = id, make, model, year, class = VClass, trans = trany, drive,
#   cyl = cylinders, displ, fuel = fuelType, hwy = highway08, cty = city08, rows with an empty
#   drive dropped, arranged by make, model, year; common = per make + model, n = number of
#   vehicles rows and years = number of distinct model years, kept when years >= 10.
# Pinned commit: d590bcf6ccca63b6219525bf1964c2fc38daa460 (2020-03-23, "Increment version number",
#   version 1.0.0.9000, the newest commit). The data files last changed in:
#   data/vehicles.rda, data/common.rda  f7fd747ed85425bfe9b8cedc0b5bfbb8bd220190 (2020-03-23,
#                                       "Update data generation")
#   data-raw/vehicles.csv (the EPA's raw download) is listed in the tree but absent from the
#   snapshot; it is not needed.
#
# Usage (Python 3, standard library only):
#   python3 fueleconomy-build.py <hadley+fueleconomy git dir> [<commit>] [<out.db>]
#   e.g. python3 fueleconomy-build.py /work/.mirror/hadley+fueleconomy/repo \
#        d590bcf6ccca63b6219525bf1964c2fc38daa460 fueleconomy.db
#   then gzip -9 -n -c fueleconomy.db > fueleconomy.db.gz
# The .rda files are read from that commit with `git --git-dir=<dir> show <commit>:data/<name>.rda`
# (bzip2-compressed XDR serializations, version 2), decoded by the small reader of taylor-build.py.
#
# The source is two flat tables; make and model are normalised out (table names and the *_id
# columns ours; every other column keeps the package's name):
#   makes (128): make_id INTEGER PRIMARY KEY (numbered in the package's row order), make (the
#       manufacturer as the EPA writes it: 'Chevrolet', 'Mercedes-Benz', 'smart', 'MINI',
#       'Roush Performance'; UNIQUE).
#   models (3,264): model_id INTEGER PRIMARY KEY (numbered in the package's row order), make_id ->
#       makes, model (the EPA's model name, as stored: drive and body often part of the name,
#       'F150 Pickup 2WD', 'Camry Wagon'; spellings differing only in case ('370Z' / '370z') or
#       by a double space ('Journey  4WD') are separate models, as in the source; the same name
#       under several makes ('Truck 2WD': Mitsubishi, Nissan, Toyota) is one model per make).
#       UNIQUE (make_id, model).
#   vehicles (33,442): one row per EPA vehicle record (a model year's configuration: engine,
#       transmission, fuel): id (the EPA's unique identifier, PRIMARY KEY), model_id -> models,
#       year (model year), class (EPA size class), trans (transmission), drive (drive train),
#       cyl (cylinders), displ (engine displacement, litres, REAL), fuel (fuel type), hwy
#       (highway mpg), cty (city mpg); for electric vehicles hwy / cty are the EPA's
#       miles-per-gallon-equivalent figures. Stored in id order (id is the rowid), not the
#       package's make / model / year order.
#   common (347): model_id PRIMARY KEY -> models, n (number of vehicles rows of that model),
#       years (number of distinct model years, >= 10).  The build checks both against vehicles.
# Values: R NA -> NULL (trans on 8 rows, cyl on 58, displ on 57); R doubles that are whole numbers
#   (id, year, cyl, hwy, cty; checked) -> INTEGER; displ REAL as stored (0.0 on 3 rows, as the
#   source has it); text and case as stored. Nothing left out, nothing subset: 128 + 3,264 +
#   33,442 + 347 rows.
import bz2, math, os, sqlite3, struct, subprocess, sys

PINNED = 'd590bcf6ccca63b6219525bf1964c2fc38daa460'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'fueleconomy.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


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
    (obj, (columns, attrs)), = r.item()        # one saved object: a tibble
    assert obj == name, obj
    frame = {}
    for col, (v, a) in zip(attrs['names'][0], columns):
        frame[col] = v
    return frame


def whole(v):
    """R doubles that hold whole numbers -> Python ints (NA stays None)."""
    assert all(x is None or x == int(x) for x in v)
    return [None if x is None else int(x) for x in v]


SCHEMA = '''
CREATE TABLE makes (
  make_id INTEGER PRIMARY KEY,
  make    TEXT NOT NULL UNIQUE     -- manufacturer
);
CREATE TABLE models (
  model_id INTEGER PRIMARY KEY,
  make_id  INTEGER NOT NULL REFERENCES makes (make_id),
  model    TEXT NOT NULL,          -- model name as the EPA writes it
  UNIQUE (make_id, model)
);
CREATE TABLE vehicles (
  id       INTEGER PRIMARY KEY,    -- unique EPA identifier
  model_id INTEGER NOT NULL REFERENCES models (model_id),
  year     INTEGER NOT NULL,       -- model year
  class    TEXT NOT NULL,          -- EPA vehicle size class
  trans    TEXT,                   -- transmission
  drive    TEXT NOT NULL,          -- drive train
  cyl      INTEGER,                -- number of cylinders
  displ    REAL,                   -- engine displacement, litres
  fuel     TEXT NOT NULL,          -- fuel type
  hwy      INTEGER NOT NULL,       -- highway fuel economy, mpg
  cty      INTEGER NOT NULL        -- city fuel economy, mpg
);
CREATE TABLE common (
  model_id INTEGER PRIMARY KEY REFERENCES models (model_id),
  n        INTEGER NOT NULL,       -- number of vehicles rows of the model
  years    INTEGER NOT NULL        -- number of distinct model years (>= 10)
);
'''

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)

v = read_rda('vehicles')
assert list(v) == ['id', 'make', 'model', 'year', 'class', 'trans', 'drive', 'cyl', 'displ',
                   'fuel', 'hwy', 'cty'], list(v)
c = read_rda('common')
assert list(c) == ['make', 'model', 'n', 'years'], list(c)
for col in ('id', 'year', 'cyl', 'hwy', 'cty'):
    v[col] = whole(v[col])
v['displ'] = [None if x is None else float(x) for x in v['displ']]
nrows = len(v['id'])

make_ids, model_ids = {}, {}
for make, model in zip(v['make'], v['model']):
    if make not in make_ids:
        make_ids[make] = len(make_ids) + 1
    if (make, model) not in model_ids:
        model_ids[(make, model)] = len(model_ids) + 1
db.executemany('INSERT INTO makes (make_id, make) VALUES (?, ?)',
               [(i, m) for m, i in make_ids.items()])
db.executemany('INSERT INTO models (model_id, make_id, model) VALUES (?, ?, ?)',
               [(i, make_ids[mk], md) for (mk, md), i in model_ids.items()])
cols = ['year', 'class', 'trans', 'drive', 'cyl', 'displ', 'fuel', 'hwy', 'cty']
db.executemany(f'INSERT INTO vehicles (id, model_id, {", ".join(cols)}) VALUES ({", ".join("?" * (len(cols) + 2))})',
               [(v['id'][i], model_ids[(v['make'][i], v['model'][i])], *(v[k][i] for k in cols))
                for i in range(nrows)])
db.executemany('INSERT INTO common (model_id, n, years) VALUES (?, ?, ?)',
               [(model_ids[(mk, md)], n, y) for mk, md, n, y in zip(c['make'], c['model'], c['n'], c['years'])])
db.commit()

# --- checks ---
one = lambda q: db.execute(q).fetchone()[0]
# the tables give back the package's vehicles rows exactly (id is the rowid, so compare in id order)
back = db.execute('''SELECT v.id, k.make, m.model, v.year, v.class, v.trans, v.drive, v.cyl, v.displ,
                            v.fuel, v.hwy, v.cty
                     FROM vehicles v JOIN models m USING (model_id) JOIN makes k USING (make_id)
                     ORDER BY v.id''').fetchall()
assert back == sorted(zip(*(v[k] for k in v))), 'vehicles do not round-trip'
# common is what data-raw/vehicles.R says: n rows and years distinct years per model, years >= 10
derived = '''SELECT model_id, count(*), count(DISTINCT year) FROM vehicles
              GROUP BY model_id HAVING count(DISTINCT year) >= 10'''
assert one(f'SELECT count(*) FROM ({derived} EXCEPT SELECT model_id, n, years FROM common)') == 0
assert one(f'SELECT count(*) FROM (SELECT model_id, n, years FROM common EXCEPT {derived})') == 0
assert len(c['make']) == one('SELECT count(*) FROM common')
print({t: one(f'SELECT count(*) FROM {t}') for t in ('makes', 'models', 'vehicles', 'common')})
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
db.execute('VACUUM')
db.close()
