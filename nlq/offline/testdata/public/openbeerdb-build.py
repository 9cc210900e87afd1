#!/usr/bin/env python3
# Builds openbeerdb.db from github.com/jpargudo/pgOpenBeerDB (commit
# ef7e103861f2299e65fbcfab074a891d85333d65, 2022-10-10), folder openbeerdb_csv/: the Open Beer
# Database (openbeerdb.com), a crowd-edited catalogue of 5,901 real beers from 1,414 real
# breweries in 63 countries, exported from the MySQL database of its PHP web application
# (records last modified 2010-06-08 to 2011-10-04, nearly all in one bulk load on
# 2010-07-22 20:00:20), as Jean-Paul Argudo re-published it for PostgreSQL in 2022.
# Licence: Open Database License (ODbL) 1.0 for the database, Database Contents License (DbCL)
# 1.0 for its contents (see openbeerdb.LICENSE).
#
# Names: the web application's own MySQL names, kept exactly: plural lower-case table names, a
# surrogate integer `id` in every table, foreign keys `<thing>_id` (brewery_id, style_id) or
# abbreviated (`cat_id` for the category), abbreviated columns (`descript` = description,
# `cat_name`, `abv` alcohol by volume in %, `ibu` international bitterness units, `srm` colour on
# the Standard Reference Method scale, `upc` bar code, `code` = postal code, `filepath` = the
# uploaded picture's file name, `last_mod` = time the record was last edited), and a side table
# `breweries_geocode` holding each brewery's geocoded position.
#   categories        (id, cat_name 'British Ale' ... 'Other Style', last_mod; id -1 'Unknown')
#   styles            (id, cat_id -> categories, style_name 'American-Style India Pale Ale',
#                      last_mod; id -1 'Unknown')
#   breweries         (id, name, address1, address2, city, state (US/Canadian/Australian states
#                      spelt out 'California', other countries' regions as written, often NULL),
#                      code (postal code as text; '0' on 40 rows means none), country
#                      'United States', 'Germany', 'Belgium' ..., phone, website, filepath,
#                      descript, last_mod)
#   breweries_geocode (id, brewery_id -> breweries, latitude, longitude, accuracy: the geocoder's
#                      'ROOFTOP', 'RANGE_INTERPOLATED', 'GEOMETRIC_CENTER', 'APPROXIMATE')
#   beers             (id, brewery_id -> breweries, name, cat_id -> categories,
#                      style_id -> styles, abv, ibu, srm, upc, filepath, descript, last_mod)
#
# Values as the source has them, sentinels included: a beer of unknown category and style has
# cat_id = style_id = -1 (1,468 beers; the -1 'Unknown' rows of categories and styles were added
# by the PostgreSQL re-publisher so that these references resolve); abv, ibu, srm and upc are 0
# when not known (abv is 0 for 2,857 beers, ibu for all but 19, srm for all but 13; upc 0 for all
# but 6, 2147483647 is a MySQL INT overflow kept as written). Every beer's cat_id equals the
# cat_id of its style. 85 breweries have no beers; 1,289 breweries have a geocode, 9 of them two.
# Data-entry oddities kept as written: 'Norfolk Nog Old Dark Ale' has abv 99.99, one brewery
# ('357', id 1174) has no address or country, one brewery name carries mojibake (the literal text
# 'Vetterï¿½s Alt Heidelberger Brauhaus', a double-encoded replacement character),
# `state` mixes 'Ontario' and 'ON'.
# Empty CSV fields become NULL (text fields only: names, addresses, descript, filepath ...).
# Types: ids, cat_id, style_id and upc INTEGER; abv, ibu, srm, latitude, longitude REAL;
# last_mod TEXT 'YYYY-MM-DD HH:MM:SS'; everything else TEXT.
#
# Keys: PRIMARY KEY id in every table; beers.brewery_id -> breweries, beers.cat_id ->
# categories, beers.style_id -> styles, styles.cat_id -> categories, breweries_geocode.brewery_id
# -> breweries (all checked on every row). Nothing is subset or dropped; the re-publisher's copy
# has no `add_user` column (the original export's id of the editing user).
#
# Usage: extract the five CSVs, e.g. for t in beers breweries breweries_geocode categories styles;
#   do git --git-dir=<mirror> show ef7e103861f2299e65fbcfab074a891d85333d65:openbeerdb_csv/$t.csv > src/$t.csv; done
# then openbeerdb-build.py src openbeerdb.db && gzip -9 -n openbeerdb.db (562,970 bytes;
# 1.5 MB unpacked).
import csv, os, sqlite3, sys

SCHEMA = """
CREATE TABLE categories (
  id        INTEGER PRIMARY KEY,
  cat_name  TEXT NOT NULL,
  last_mod  TEXT
);
CREATE TABLE styles (
  id         INTEGER PRIMARY KEY,
  cat_id     INTEGER NOT NULL REFERENCES categories(id),
  style_name TEXT NOT NULL,
  last_mod   TEXT
);
CREATE TABLE breweries (
  id        INTEGER PRIMARY KEY,
  name      TEXT NOT NULL,
  address1  TEXT,
  address2  TEXT,
  city      TEXT,
  state     TEXT,
  code      TEXT,
  country   TEXT,
  phone     TEXT,
  website   TEXT,
  filepath  TEXT,
  descript  TEXT,
  last_mod  TEXT
);
CREATE TABLE breweries_geocode (
  id         INTEGER PRIMARY KEY,
  brewery_id INTEGER NOT NULL REFERENCES breweries(id),
  latitude   REAL,
  longitude  REAL,
  accuracy   TEXT
);
CREATE TABLE beers (
  id         INTEGER PRIMARY KEY,
  brewery_id INTEGER NOT NULL REFERENCES breweries(id),
  name       TEXT NOT NULL,
  cat_id     INTEGER NOT NULL REFERENCES categories(id),
  style_id   INTEGER NOT NULL REFERENCES styles(id),
  abv        REAL,
  ibu        REAL,
  srm        REAL,
  upc        INTEGER,
  filepath   TEXT,
  descript   TEXT,
  last_mod   TEXT
);
"""

INTS = {"id", "brewery_id", "cat_id", "style_id", "upc"}
REALS = {"abv", "ibu", "srm", "latitude", "longitude"}
ORDER = ["categories", "styles", "breweries", "breweries_geocode", "beers"]


def conv(col, v):
    if v == "":
        return None
    if col in INTS:
        return int(v)
    if col in REALS:
        return float(v)
    return v


def main(src, out):
    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.executescript(SCHEMA)
    for t in ORDER:
        with open(os.path.join(src, t + ".csv"), newline="", encoding="utf-8") as f:
            r = csv.reader(f)
            head = next(r)
            rows = [[conv(c, v) for c, v in zip(head, row)] for row in r]
        for row in rows:
            assert len(row) == len(head), (t, row)
        rows.sort(key=lambda x: x[0])
        db.executemany("INSERT INTO %s (%s) VALUES (%s)" % (t, ",".join(head), ",".join("?" * len(head))), rows)
    db.commit()
    bad = db.execute("PRAGMA foreign_key_check").fetchall()
    assert not bad, bad[:5]
    assert db.execute("SELECT COUNT(*) FROM beers b JOIN styles s ON s.id=b.style_id WHERE s.cat_id<>b.cat_id").fetchone()[0] == 0
    for t in ORDER:
        print(t, db.execute("SELECT COUNT(*) FROM " + t).fetchone()[0])
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
