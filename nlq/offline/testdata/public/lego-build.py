#!/usr/bin/env python3
# Builds lego.db: the LEGO catalogue of Rebrickable (https://rebrickable.com), the community
# database of every official LEGO set, part and colour, as of mid-2017: 11,673 sets from 1950 to
# 2017 in 614 themes, 25,993 parts in 57 categories, 135 colours, the 11,681 inventories of the
# sets, and the parts lists of the sets released from 2015 to 2017 (125,487 of the source's
# 580,251 part lines; see "Subset" below).
#
# Data: Rebrickable's CSV downloads (https://rebrickable.com/downloads/), as of mid-2017 (latest
#   set year 2017, 296 sets of that year). The eight files, their names and layout are those of
#   the snapshot Kaggle publishes as "LEGO Database" (kaggle.com/datasets/rtatman/lego-database,
#   Rachael Tatman, 2017), which this copy appears to be (identified by its files and row counts,
#   not by a note in the copy).
#   Rebrickable's downloads page says of these files: "You can use these files for any purpose."
#   See lego.LICENSE.
# Copy used: github.com/productstar-team/sql_course, commit
#   465fb438b272aaeb63cc1fa17ce55a651db91b45 (2020-07-13, "new dataset", the newest commit and the
#   one that added lego.zip), file lego.zip (3,057,675 bytes), datasets for a Russian SQL course;
#   the zip holds the eight CSVs in a folder lego/ (file dates 2019-09-20, when they were
#   downloaded) plus macOS metadata (__MACOSX/, .DS_Store), which is ignored. The repository has
#   no licence file; the data's terms are Rebrickable's. Other copies of the same files in the
#   stored index (e.g. egp4aq/eds-213-discussion lego-data/) lack inventory_parts.csv (>= 4 MiB).
# Files read (rows, header excluded):
#   lego/themes.csv            614   lego/sets.csv            11,673
#   lego/parts.csv          25,993   lego/part_categories.csv     57
#   lego/colors.csv            135   lego/inventories.csv     11,681
#   lego/inventory_parts.csv 580,251 lego/inventory_sets.csv   2,846
#
# Usage (Python 3, standard library only):
#   python3 lego-build.py <source> <out.db>
#   <source> is the productstar-team+sql_course git dir (lego.zip is read from the pinned commit
#   with `git --git-dir=<dir> show <commit>:lego.zip`), or a directory holding lego.zip, or a
#   directory holding the eight CSVs; e.g.
#   python3 lego-build.py /work/.mirror/productstar-team+sql_course/repo/.git lego.db
#   then gzip -9 -n lego.db
#
# Naming: Rebrickable's own table and column names, kept unchanged (snake_case, plural tables,
# `<thing>_id` foreign keys, text keys): set numbers like '75192-1' or '7922-1' (the '-1' suffix
# is the version of the set number), part numbers are text ('3001', '3023', '48379c01',
# '973pb1234c01'), colours and themes have integer ids. In this 2017 snapshot minifigures have no
# tables of their own: their parts (part category 13 'Minifigs', e.g. torsos, heads, legs) are
# listed in the inventory of the set they come in. Rebrickable's later files minifigs,
# inventory_minifigs, elements and part_relationships are not part of this snapshot.
#
# Tables (row counts; columns in the CSV's order):
#   themes (614): id PRIMARY KEY, name, parent_id -> themes (NULL for the 111 top-level themes).
#       Theme names repeat under different parents (e.g. several 'Star Wars' sub-themes).
#   sets (11,673): set_num PRIMARY KEY, name, year (1950-2017), theme_id -> themes, num_parts.
#   part_categories (57): id PRIMARY KEY, name.
#   parts (25,993): part_num PRIMARY KEY, name, part_cat_id -> part_categories.
#   colors (135): id PRIMARY KEY (-1 'Unknown', 9999 '[No Color]'), name UNIQUE, rgb (hex
#       'RRGGBB' without '#'), is_trans ('t' transparent / 'f').
#   inventories (11,681): id PRIMARY KEY, version, set_num -> sets. One inventory per set
#       version; 8 sets have more than one (version 2-5).
#   inventory_parts (125,487 of 580,251): inventory_id -> inventories, part_num, color_id ->
#       colors, quantity, is_spare ('t' spare part / 'f'); PRIMARY KEY (inventory_id, part_num,
#       color_id, is_spare), a WITHOUT ROWID table (to save space; quantity, never empty, is
#       left without NOT NULL because SQLite 3.40's PRAGMA integrity_check wrongly reports NULLs
#       in a NOT NULL column placed before a primary-key column of a WITHOUT ROWID table).
#       part_num is not declared a foreign key: parts.csv lacks 17 of the part numbers the source's lines use (182 lines);
#       in the kept lines, 8 lines name 6 of them (19807, 4285, 48002, 52345, 60364pr0003,
#       92355), as the build prints. For every kept set, the sum of quantity over its non-spare
#       lines equals sets.num_parts.
#   inventory_sets (2,846): inventory_id -> inventories, set_num -> sets, quantity; PRIMARY KEY
#       (inventory_id, set_num): the sets contained in another set (packs, collections).
#
# Subset: only inventory_parts is cut, because the whole table makes a 12 MB gzip. Kept: the
# lines of the inventories whose set was released in 2015, 2016 or 2017 (PART_YEARS: 1,554
# inventories of 1,554 of the 1,557 sets of those years, 1,464 of which list parts; the other 90
# have no part lines in the source either, e.g. packs made of other sets, see inventory_sets;
# 2017 is a part year, the snapshot is of mid-2017). Every other table is whole: the parts lists
# of sets from other years are simply absent (their inventories rows are kept). Questions about
# parts, colours or spares in sets must stay within sets released 2015-2017.
#
# Transformations: none to the values except types. Numbers as INTEGER (ids, year, num_parts,
# version, quantity, part_cat_id, color_id); set_num, part_num, names and rgb as TEXT exactly as
# written; the flags is_trans and is_spare kept as the source's text 't'/'f' (how these 2017
# files write booleans, PostgreSQL style; Rebrickable's later files write True/False); the empty
# parent_id of top-level themes -> NULL. No other row is dropped. The build checks that every declared
# reference resolves (PRAGMA foreign_key_check) and prints the row counts.
import csv
import io
import os
import sqlite3
import subprocess
import sys
import zipfile

COMMIT = "465fb438b272aaeb63cc1fa17ce55a651db91b45"
# inventory_parts is kept only for the inventories of sets released in these years (inclusive).
PART_YEARS = (2015, 2017)

SCHEMA = """
CREATE TABLE themes (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  parent_id INTEGER REFERENCES themes(id)
);
CREATE TABLE sets (
  set_num TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  year INTEGER NOT NULL,
  theme_id INTEGER NOT NULL REFERENCES themes(id),
  num_parts INTEGER NOT NULL
);
CREATE TABLE part_categories (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE parts (
  part_num TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  part_cat_id INTEGER NOT NULL REFERENCES part_categories(id)
);
CREATE TABLE colors (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  rgb TEXT NOT NULL,
  is_trans TEXT NOT NULL
);
CREATE TABLE inventories (
  id INTEGER PRIMARY KEY,
  version INTEGER NOT NULL,
  set_num TEXT NOT NULL REFERENCES sets(set_num)
);
CREATE TABLE inventory_parts (
  inventory_id INTEGER NOT NULL REFERENCES inventories(id),
  part_num TEXT NOT NULL,
  color_id INTEGER NOT NULL REFERENCES colors(id),
  quantity INTEGER,
  is_spare TEXT NOT NULL,
  PRIMARY KEY (inventory_id, part_num, color_id, is_spare)
) WITHOUT ROWID;
CREATE TABLE inventory_sets (
  inventory_id INTEGER NOT NULL REFERENCES inventories(id),
  set_num TEXT NOT NULL REFERENCES sets(set_num),
  quantity INTEGER NOT NULL,
  PRIMARY KEY (inventory_id, set_num)
);
"""

# table -> (columns, integer columns, nullable columns)
TABLES = [
    ("themes", ["id", "name", "parent_id"], {"id", "parent_id"}, {"parent_id"}),
    ("sets", ["set_num", "name", "year", "theme_id", "num_parts"], {"year", "theme_id", "num_parts"}, set()),
    ("part_categories", ["id", "name"], {"id"}, set()),
    ("parts", ["part_num", "name", "part_cat_id"], {"part_cat_id"}, set()),
    ("colors", ["id", "name", "rgb", "is_trans"], {"id"}, set()),
    ("inventories", ["id", "version", "set_num"], {"id", "version"}, set()),
    ("inventory_parts", ["inventory_id", "part_num", "color_id", "quantity", "is_spare"],
     {"inventory_id", "color_id", "quantity"}, set()),
    ("inventory_sets", ["inventory_id", "set_num", "quantity"], {"inventory_id", "quantity"}, set()),
]


def load_sources(src):
    """Return {name.csv: text} for the eight CSVs."""
    files = {}
    if os.path.isfile(os.path.join(src, "HEAD")) or src.endswith(".git"):
        raw = subprocess.run(["git", "--git-dir=" + src, "show", COMMIT + ":lego.zip"],
                             check=True, stdout=subprocess.PIPE).stdout
        zf = zipfile.ZipFile(io.BytesIO(raw))
    elif os.path.isfile(os.path.join(src, "lego.zip")):
        zf = zipfile.ZipFile(os.path.join(src, "lego.zip"))
    else:
        zf = None
        for t in TABLES:
            with open(os.path.join(src, t[0] + ".csv"), encoding="utf-8", newline="") as f:
                files[t[0] + ".csv"] = f.read()
    if zf is not None:
        for name in zf.namelist():
            if name.startswith("lego/") and name.endswith(".csv"):
                files[name[len("lego/"):]] = zf.read(name).decode("utf-8")
    return files


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: lego-build.py <source> <out.db>")
    src, out = sys.argv[1], sys.argv[2]
    files = load_sources(src)
    if os.path.exists(out):
        os.remove(out)
    con = sqlite3.connect(out)
    con.executescript(SCHEMA)
    for table, cols, ints, nullable in TABLES:
        rows = list(csv.reader(io.StringIO(files[table + ".csv"])))
        header, body = rows[0], rows[1:]
        if header != cols:
            sys.exit("%s: unexpected header %r" % (table, header))
        data = []
        for r in body:
            vals = []
            for c, v in zip(cols, r):
                if v == "":
                    if c not in nullable:
                        sys.exit("%s: empty %s" % (table, c))
                    vals.append(None)
                elif c in ints:
                    vals.append(int(v))
                else:
                    vals.append(v)
            data.append(vals)
        read = len(data)
        if table == "inventory_parts":
            keep = {i for (i,) in con.execute(
                "SELECT i.id FROM inventories i JOIN sets s ON s.set_num = i.set_num "
                "WHERE s.year BETWEEN ? AND ?", PART_YEARS)}
            data = [r for r in data if r[0] in keep]
        con.executemany("INSERT INTO %s VALUES (%s)" % (table, ",".join("?" * len(cols))), data)
        print("%-16s %8d rows read, %8d kept" % (table, read, len(data)))
    con.commit()
    bad = con.execute("PRAGMA foreign_key_check").fetchall()
    if bad:
        sys.exit("unresolved references: %r" % bad[:10])
    missing = con.execute("SELECT part_num, COUNT(*) FROM inventory_parts WHERE part_num NOT IN "
                          "(SELECT part_num FROM parts) GROUP BY part_num ORDER BY part_num").fetchall()
    print("inventory_parts lines whose part_num is not in parts: %d (%d part numbers): %s"
          % (sum(n for _, n in missing), len(missing), ", ".join(p for p, _ in missing)))
    for flag_table, flag in (("colors", "is_trans"), ("inventory_parts", "is_spare")):
        vals = {v for (v,) in con.execute("SELECT DISTINCT %s FROM %s" % (flag, flag_table))}
        if vals != {"t", "f"}:
            sys.exit("%s.%s: unexpected values %r" % (flag_table, flag, vals))
    ok = con.execute("PRAGMA integrity_check").fetchall()
    if ok != [("ok",)]:
        sys.exit("integrity_check: %r" % ok[:5])
    con.execute("VACUUM")
    con.close()


if __name__ == "__main__":
    main()
