# Builds usda.db from github.com/masilver99/SR28-PSQL (commit
# f47469114e65571f9dbc7d3fa77fed9645232c33, 2016-12-23, "additional updates."): the ASCII files of
# the USDA National Nutrient Database for Standard Reference, Release 28 (SR28, September 2015;
# US Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory), a work
# of the US Government and in the public domain (see usda.LICENSE). The repository holds the
# USDA's caret-delimited files (FOOD_DES.txt, FD_GROUP.txt, ...; added in 60939b1, 2016-11-30,
# and 4a7add4, 2016-12-23, unchanged since) "massaged" only in that empty text fields are written
# `^^` instead of `^~~^` and FOOTNOTE.txt lacks the original's one empty record (food 15085, a
# fish, not kept anyway): 552 footnotes where the documentation counts 553. NUT_DATA.txt is packed
# as NUT_DATA.7z (too large for GitHub); that 7z archive is a single LZMA2 stream, unpacked here
# in memory with the standard lzma module (a tiny reader for exactly that layout; its CRC32 is
# checked) into the 679,045 nutrient rows the SR28 documentation lists. Every other file has the
# row count the documentation gives (Table 3). DATSRCLN.txt is too large to be in the snapshot.
#
# Names: the SR file names, lower-cased, are the table names and the SR field names of the SR28
# documentation (Tables 4-13), lower-cased, are the columns, in the files' order:
#   fd_group   (fdgrp_cd '0900', fdgrp_desc)
#   food_des   (ndb_no '09003', fdgrp_cd, long_desc, shrt_desc (upper-case abbreviation),
#               comname, manufacname, survey 'Y' = in FNDDS, ref_desc (the inedible part),
#               refuse (% inedible), sciname, n_factor, pro_factor, fat_factor, cho_factor)
#   nutr_def   (nutr_no '203', units, tagname (INFOODS), nutrdesc, num_dec, sr_order)
#   nut_data   (ndb_no, nutr_no, nutr_val (amount in 100 g edible portion), num_data_pts,
#               std_error, src_cd, deriv_cd, ref_ndb_no, add_nutr_mark, num_studies, min, max,
#               df, low_eb, up_eb, stat_cmt, addmod_date, cc)
#   weight     (ndb_no, seq, amount, msre_desc, gm_wgt, num_data_pts, std_dev)
#   footnote   (ndb_no, footnt_no, footnt_typ D/M/N, nutr_no, footnt_txt)
#   langual    (ndb_no, factor_code), langdesc (factor_code, description)
#   src_cd     (src_cd, srccd_desc), deriv_cd (deriv_cd, deriv_desc)
#
# Subset (to stay under 2 MB gzipped; the full NUT_DATA alone is 36 MB of text): only the foods of
# five of the 25 food groups are kept, chosen by code, with everything that hangs off them:
#   0100 Dairy and Egg Products, 0200 Spices and Herbs, 0800 Breakfast Cereals,
#   0900 Fruits and Fruit Juices, 1200 Nut and Seed Products.
# fd_group keeps those five rows; food_des, nut_data, weight, footnote and langual keep the rows
# of those foods (all of them: every nutrient, measure, footnote and LanguaL factor of a kept
# food). The lookup tables nutr_def (150), langdesc (774), src_cd (10) and deriv_cd (55) are
# complete, so some of their rows are not used by the kept foods.
# Left out: DATA_SRC (its link file DATSRCLN.txt is not in the snapshot, so nothing would point
# at it), the ABBREV flat file and the change files (not in the repository).
#
# Values: text as written, decoded as Windows-1252 (the files say ISO-8859-1 but use 0x91/0x92/
# 0x94 curly quotes; 'µg' is 0xB5). An empty field is NULL. Codes stay TEXT with their leading
# zeros (ndb_no, fdgrp_cd, nutr_no, src_cd, deriv_cd, ref_ndb_no, footnt_no, factor_code);
# counts are INTEGER (refuse, num_data_pts, num_studies, df, num_dec, sr_order, and weight.seq,
# which the documentation types A2 but is a 1, 2, 3 ... sequence);
# measurements are REAL. nut_data.addmod_date, written MM/YYYY, is ISO 'YYYY-MM' (the month a
# value was added or last changed; NULL on some rows). cc is always NULL in SR28 (kept).
#
# Keys, as the SR28 documentation marks them: fd_group.fdgrp_cd, food_des.ndb_no,
# nutr_def.nutr_no, src_cd.src_cd, deriv_cd.deriv_cd, langdesc.factor_code; composite
# nut_data (ndb_no, nutr_no), weight (ndb_no, seq), langual (ndb_no, factor_code); footnote has
# no key (the documentation says so). REFERENCES (all checked): food_des.fdgrp_cd -> fd_group,
# nut_data.ndb_no -> food_des, nut_data.nutr_no -> nutr_def, nut_data.src_cd -> src_cd,
# nut_data.deriv_cd -> deriv_cd, weight.ndb_no -> food_des, footnote.ndb_no -> food_des,
# footnote.nutr_no -> nutr_def, langual.ndb_no -> food_des, langual.factor_code -> langdesc.
# nut_data.ref_ndb_no (the food a missing value was borrowed from) is not declared, because 388
# of its 4,721 values name a food of a group that is not kept. Indexes: the primary keys, plus
# food_des (fdgrp_cd) (an index on nut_data (nutr_no) would push the file past 2 MB gzipped).
#
# Run (in this folder):
#   python3 usda-build.py <SR28-PSQL git dir> && gzip -9 -n -c usda.db > usda.db.gz
import os, sqlite3, struct, subprocess, sys, zlib, lzma

PIN = 'f47469114e65571f9dbc7d3fa77fed9645232c33'
GIT = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = 'usda.db'
GROUPS = ['0100', '0200', '0800', '0900', '1200']

SCHEMA = '''
CREATE TABLE fd_group (
  fdgrp_cd   TEXT NOT NULL PRIMARY KEY,
  fdgrp_desc TEXT NOT NULL
);
CREATE TABLE food_des (
  ndb_no      TEXT NOT NULL PRIMARY KEY,
  fdgrp_cd    TEXT NOT NULL REFERENCES fd_group (fdgrp_cd),
  long_desc   TEXT NOT NULL,
  shrt_desc   TEXT NOT NULL,
  comname     TEXT,
  manufacname TEXT,
  survey      TEXT,
  ref_desc    TEXT,
  refuse      INTEGER,
  sciname     TEXT,
  n_factor    REAL,
  pro_factor  REAL,
  fat_factor  REAL,
  cho_factor  REAL
);
CREATE TABLE nutr_def (
  nutr_no  TEXT NOT NULL PRIMARY KEY,
  units    TEXT NOT NULL,
  tagname  TEXT,
  nutrdesc TEXT NOT NULL,
  num_dec  INTEGER NOT NULL,
  sr_order INTEGER NOT NULL
);
CREATE TABLE src_cd (
  src_cd     TEXT NOT NULL PRIMARY KEY,
  srccd_desc TEXT NOT NULL
);
CREATE TABLE deriv_cd (
  deriv_cd   TEXT NOT NULL PRIMARY KEY,
  deriv_desc TEXT NOT NULL
);
CREATE TABLE nut_data (
  ndb_no        TEXT NOT NULL REFERENCES food_des (ndb_no),
  nutr_no       TEXT NOT NULL REFERENCES nutr_def (nutr_no),
  nutr_val      REAL NOT NULL,
  num_data_pts  INTEGER NOT NULL,
  std_error     REAL,
  src_cd        TEXT NOT NULL REFERENCES src_cd (src_cd),
  deriv_cd      TEXT REFERENCES deriv_cd (deriv_cd),
  ref_ndb_no    TEXT,
  add_nutr_mark TEXT,
  num_studies   INTEGER,
  min           REAL,
  max           REAL,
  df            INTEGER,
  low_eb        REAL,
  up_eb         REAL,
  stat_cmt      TEXT,
  addmod_date   TEXT,
  cc            TEXT,
  PRIMARY KEY (ndb_no, nutr_no)
);
CREATE TABLE weight (
  ndb_no       TEXT NOT NULL REFERENCES food_des (ndb_no),
  seq          INTEGER NOT NULL,
  amount       REAL NOT NULL,
  msre_desc    TEXT NOT NULL,
  gm_wgt       REAL NOT NULL,
  num_data_pts INTEGER,
  std_dev      REAL,
  PRIMARY KEY (ndb_no, seq)
);
CREATE TABLE footnote (
  ndb_no     TEXT NOT NULL REFERENCES food_des (ndb_no),
  footnt_no  TEXT NOT NULL,
  footnt_typ TEXT NOT NULL,
  nutr_no    TEXT REFERENCES nutr_def (nutr_no),
  footnt_txt TEXT NOT NULL
);
CREATE TABLE langdesc (
  factor_code TEXT NOT NULL PRIMARY KEY,
  description TEXT NOT NULL
);
CREATE TABLE langual (
  ndb_no      TEXT NOT NULL REFERENCES food_des (ndb_no),
  factor_code TEXT NOT NULL REFERENCES langdesc (factor_code),
  PRIMARY KEY (ndb_no, factor_code)
);
CREATE INDEX food_des_fdgrp_cd ON food_des (fdgrp_cd);
'''

# table -> (file, number of fields)
FILES = [
    ('fd_group', 'FD_GROUP.txt', 2),
    ('food_des', 'FOOD_DES.txt', 14),
    ('nutr_def', 'NUTR_DEF.txt', 6),
    ('src_cd', 'SRC_CD.txt', 2),
    ('deriv_cd', 'DERIV_CD.txt', 2),
    ('nut_data', 'NUT_DATA.7z', 18),
    ('weight', 'WEIGHT.txt', 7),
    ('footnote', 'FOOTNOTE.txt', 5),
    ('langdesc', 'LANGDESC.txt', 2),
    ('langual', 'LANGUAL.txt', 2),
]
EXPECTED_FULL = {'fd_group': 25, 'food_des': 8789, 'nutr_def': 150, 'src_cd': 10, 'deriv_cd': 55,
                 'nut_data': 679045, 'weight': 15438, 'footnote': 552, 'langdesc': 774,
                 'langual': 38301}


def show(path):
    return subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{PIN}:{path}'],
                          capture_output=True, check=True).stdout


def un7z(data):
    """The one file of a 7z archive whose header is plain (not encoded) and whose single folder
    has one LZMA2 coder: the layout of NUT_DATA.7z. Asserts that layout, checks the CRC32."""
    assert data[:6] == b"7z\xbc\xaf'\x1c", 'not a 7z archive'
    off, size, _ = struct.unpack('<QQI', data[12:32])
    h = data[32 + off:32 + off + size]
    pos = 0

    def byte():
        nonlocal pos
        pos += 1
        return h[pos - 1]

    def num():  # 7z variable-length UINT64
        first, mask, val = byte(), 0x80, 0
        for i in range(8):
            if first & mask == 0:
                return val | ((first & (mask - 1)) << (8 * i))
            val |= byte() << (8 * i)
            mask >>= 1
        return val

    assert byte() == 0x01 and byte() == 0x04          # Header, MainStreamsInfo
    assert byte() == 0x06                             # PackInfo
    pack_pos = num()
    assert num() == 1 and byte() == 0x09              # one packed stream, its size
    pack_size = num()
    assert byte() == 0x00
    assert byte() == 0x07 and byte() == 0x0B          # UnPackInfo, Folder
    assert num() == 1 and byte() == 0x00 and num() == 1   # one folder, inline, one coder
    assert byte() == 0x21 and byte() == 0x21          # simple coder with properties; id 21 = LZMA2
    assert num() == 1
    p = byte()
    dict_size = (2 | (p & 1)) << (p // 2 + 11)
    assert byte() == 0x0C                             # CodersUnPackSize
    unpack_size = num()
    assert byte() == 0x00
    assert byte() == 0x08 and byte() == 0x0A and byte() == 0x01   # SubStreamsInfo, CRC, all defined
    crc = struct.unpack('<I', h[pos:pos + 4])[0]
    dec = lzma.LZMADecompressor(format=lzma.FORMAT_RAW,
                                filters=[{'id': lzma.FILTER_LZMA2, 'dict_size': dict_size}])
    out = dec.decompress(data[32 + pack_pos:32 + pack_pos + pack_size])
    assert len(out) == unpack_size and zlib.crc32(out) == crc, 'bad 7z payload'
    return out


def records(raw, nfields):
    rows = []
    for line in raw.decode('cp1252').split('\r\n'):
        if not line:
            continue
        fields = line.split('^')
        assert len(fields) == nfields, (nfields, line)
        row = []
        for f in fields:
            if f in ('', '~~'):
                row.append(None)
            elif f[0] == '~':
                assert f[-1] == '~' and len(f) >= 2, line
                row.append(f[1:-1] if f[1:-1] != '' else None)
            else:
                row.append(f)
        rows.append(row)
    return rows


def convert(db, table, rows):
    info = db.execute(f'PRAGMA table_info({table})').fetchall()
    types = [r[2] for r in info]
    names = [r[1] for r in info]
    out = []
    for rec in rows:
        row = []
        for name, typ, v in zip(names, types, rec):
            if v is None:
                row.append(None)
            elif name == 'addmod_date':
                mm, yyyy = v.split('/')
                assert len(mm) == 2 and len(yyyy) == 4 and 1 <= int(mm) <= 12, v
                row.append(f'{yyyy}-{mm}')
            elif typ == 'INTEGER':
                row.append(int(v))
            elif typ == 'REAL':
                row.append(float(v))
            else:
                row.append(v)
        out.append(row)
    return out


def main():
    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.executescript(SCHEMA)
    data = {}
    for table, path, n in FILES:
        raw = show(path)
        if path.endswith('.7z'):
            raw = un7z(raw)
        data[table] = records(raw, n)
        assert len(data[table]) == EXPECTED_FULL[table], (table, len(data[table]))
    kept = {r[0] for r in data['food_des'] if r[1] in GROUPS}
    subset = {
        'fd_group': lambda r: r[0] in GROUPS,
        'food_des': lambda r: r[0] in kept,
        'nut_data': lambda r: r[0] in kept,
        'weight': lambda r: r[0] in kept,
        'footnote': lambda r: r[0] in kept,
        'langual': lambda r: r[0] in kept,
    }
    for table, _, n in FILES:
        rows = [r for r in data[table] if subset.get(table, lambda r: True)(r)]
        db.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * n)})', convert(db, table, rows))
    db.commit()
    assert not db.execute('PRAGMA foreign_key_check').fetchall()
    db.execute('VACUUM')
    db.close()
    db = sqlite3.connect(OUT)
    for table, _, _ in FILES:
        print(table, db.execute(f'SELECT COUNT(*) FROM {table}').fetchone()[0])


if __name__ == '__main__':
    main()
