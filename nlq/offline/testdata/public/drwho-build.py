#!/usr/bin/env python3
# Builds drwho.db from github.com/KittJonathan/datardis, the CRAN R package "datardis" ("Data from
# the Doctor Who Series", version 0.0.5) by Jonathan Kitt. DESCRIPTION: "License: MIT + file
# LICENSE"; LICENSE: "YEAR: 2021 / COPYRIGHT HOLDER: datardis authors"; LICENSE.md: the MIT License,
# "Copyright (c) 2021 datardis authors" (both copied into drwho.LICENSE). The package's author
# scraped the data with rvest from the English Wikipedia's "List of Doctor Who episodes
# (2005-present)" and "List of Torchwood episodes" (R/datasets.R @source; misc/drwho_episodes.R and
# misc/torchwood_episodes.R), added the episode durations by hand and split each show into an
# episodes, a directors and a writers table.
#
# This database was commissioned as `tdf` (github.com/alastairrushworth/tdf, Tour de France
# editions, stages and stage results). It could not be used: its DESCRIPTION says "License:
# GPL-2" at every one of its commits (no MIT licence file anywhere), and GPL data is excluded. The
# next candidate, datardis, was built instead and the database is named after its content.
#
# Pinned commit: 2b5dfdd02160c39da2b6ade101e320e164a627aa (2024-08-20, "update CRAN-SUBMISSION",
# the newest commit). The data files last changed in 5565c3cb9c9cb7798a48ac3271efc76e17e7d480
# (2024-08-20, "update Dr Who datasets : add 2023 & 2024 episodes"). Files read (each a bzip2
# RDX2 R serialization holding one tibble):
#   data/drwho_episodes.rda, data/drwho_directors.rda, data/drwho_writers.rda,
#   data/torchwood_episodes.rda, data/torchwood_directors.rda, data/torchwood_writers.rda
# They are read with `git show` and the small standard-library reader of R's serialization used
# by judges-build.py (copied below unchanged): class "Date" -> 'YYYY-MM-DD' text, NA -> NULL.
#
# WHAT IS IN IT. Doctor Who's REVIVED era only: series 1 (2005-03-26, "Rose") to series 14
# ("Empire of Death", 2024-06-22), specials included; the classic era (1963-1989) and the 1996
# film are not in the package (the `era` column is 'revived' on every row). Torchwood: all four
# series (2006-2011). No cast, companions or Doctors: only titles, air dates, viewers, ratings,
# durations, directors and writers.
#
# Tables, names, column names, column order and R types exactly as the package has them
# (R integer -> INTEGER, double -> REAL, character and Date -> TEXT). The two shows have the same
# shape but NOT the same types: drwho story_number and uk_viewers are TEXT, torchwood's are
# INTEGER and REAL; only drwho has era, type and rating.
#
#   drwho_episodes (187 rows) one row per Doctor Who episode or special.
#     era TEXT 'revived' (all rows).
#     season_number REAL  series 1..14 (a double in R: 1.0 ..14.0); NULL for the 13 specials
#       broadcast between series (2008-2010 'The Next Doctor'..'The End of Time', 2013 'The Day
#       of the Doctor'/'The Time of the Doctor', 2022 'Eve of the Daleks'..'The Power of the
#       Doctor', 2023 'The Star Beast'..'The Giggle'); Christmas specials such as 'The Christmas
#       Invasion' carry the following series' number.
#     serial_title TEXT  'Flux' for the six episodes of series 13, else NULL.
#     story_number TEXT PRIMARY KEY  Wikipedia's overall story number counting from the 1963
#       classic era, '157' ('Rose') .. '311b'; a multi-part story has one number with a letter
#       per part ('160a' 'Aliens of London', '160b' 'World War Three'; '297a'..'297f' Flux). All
#       are three digits + optional letter, so text order is airing order.
#     episode_number INTEGER  number within the series (1..13); NULL for Christmas/New Year
#       specials attached to a series; the specials between series are numbered 1..5 in their
#       own run (2008-2010 specials 1..5, 2013 1..2, 2022 1..3, 2023 1..3).
#     episode_title TEXT  unique; 'The End of Time' parts are written 'The End of Time' + U+00A0
#       (no-break space) + '– Part One' (EN DASH); 'Spyfall, Part 1'/'Spyfall, Part 2'; '42'.
#     type TEXT 'episode' 161 / 'special' 26.
#     first_aired TEXT 'YYYY-MM-DD' UK broadcast date, 2005-03-26..2024-06-22 (2024-05-11 has
#       two episodes: 'Space Babies' and 'The Devil''s Chord').
#     production_code TEXT  NULL from 2011 ('The Doctor, the Widow and the Wardrobe') on (100
#       rows); values as Wikipedia lists them but passed through a number on the way, so '1.10'
#       became '1.1' (series 1 'The Doctor Dances' and 'Rose' both '1.1'); '2X', '3X', '4X', '2.X'
#       for Christmas specials; series 5 restarts at '1.1' (Moffat's numbering).
#     uk_viewers TEXT  UK viewers in MILLIONS, kept as the package's text because 3 values carry
#       Wikipedia footnote marks: '9.84[13]', '8.62[14]', '8.22[16]' (and trailing zeros stay as
#       typed, '7.90'); CAST(uk_viewers AS REAL) reads them correctly (SQLite takes the numeric
#       prefix). Range 3.38 ('Dot and Bubble') .. 13.31 ('Voyage of the Damned'). Never NULL.
#     rating TEXT  BBC Audience Appreciation Index (0-100) as text, 75..91, '85[15]' once
#       ('New Earth'); NULL for the 9 series-14 rows (from 'The Church on Ruby Road').
#     duration REAL  minutes, 41..87 (45 on 80 rows).
#
#   drwho_directors (187 rows) story_number TEXT REFERENCES drwho_episodes, director TEXT;
#     exactly one director per story_number (62 directors; Graeme Harper 12, Euros Lyn 11, Rachel
#     Talalay, Jamie Magnus Stone and Douglas Mackinnon 8 each).
#     PRIMARY KEY (story_number, director).
#   drwho_writers (199 rows) story_number TEXT REFERENCES drwho_episodes, writer TEXT;
#     1 or 2 rows per story (12 stories have two credited writers, one row each, e.g. '200'
#     'Planet of the Dead': Russell T Davies and Gareth Roberts). Three series-8 stories keep a
#     joint credit in ONE row: 'Phil Ford and Steven Moffat', 'Stephen Thompson and Steven
#     Moffat', 'Gareth Roberts and Steven Moffat' (so writer = 'Steven Moffat' misses them).
#     PRIMARY KEY (story_number, writer).
#
#   torchwood_episodes (41 rows; 51 in the package, see below) one row per Torchwood episode.
#     season_number REAL 1..4; serial_title 'Children of Earth' (series 3, 5 episodes), 'Miracle
#     Day' (series 4, 10 episodes), else NULL; story_number INTEGER PRIMARY KEY 1..41 (Torchwood's
#     own running number); episode_number INTEGER (in the series); episode_title TEXT ('Day One'
#     is both 1.2 and the first episode of Children of Earth); first_aired TEXT 'YYYY-MM-DD' (UK
#     date, 2006-10-22..2011-09-15; for Miracle Day the package computes it as the US Starz
#     premiere + 6 days); production_code TEXT ('1.1' for 1.10 as above; Miracle Day '101'..'110');
#     uk_viewers REAL millions 0.83..6.76; duration REAL minutes 45..60.
#   torchwood_directors (41 rows) story_number INTEGER REFERENCES torchwood_episodes, director;
#     one per episode, PRIMARY KEY (story_number, director).
#   torchwood_writers (46 rows) story_number INTEGER REFERENCES torchwood_episodes, writer;
#     1 or 2 per episode, PRIMARY KEY (story_number, writer). 'Peter J. Hammond', 'J. C. Wilsher'.
#   Torchwood: 14 directors (Ashley Way and Andy Goddard 6 each), 21 writers (Chris Chibnall 8,
#   Russell T Davies 6, Jane Espenson 5). Doctor Who: 62 directors, 42 writers (Steven Moffat 46
#   rows, Russell T Davies 41, Chris Chibnall 29, Mark Gatiss 9).
#
# DROPPED: the package's Torchwood tables hold series 4 ("Miracle Day", story_number 32..41)
# twice: its misc/torchwood_episodes.R block for series 4 was appended a second time, once with
# the US premiere dates (2011-07-08 ..) and once with the UK dates the documentation promises
# ("Date the episode first aired in the U.K.", US date + 6 days, 2011-07-14 ..); the directors and
# writers rows of those ten episodes are exact duplicates. This build keeps one copy: for
# torchwood_episodes the row with the later (UK) first_aired per story_number (10 rows dropped),
# for torchwood_directors and torchwood_writers the first of each set of identical rows (10 and 13
# rows dropped). The build asserts that exactly these rows are affected. Nothing else is changed:
# no value is trimmed, re-typed or re-coded.
#
# Row order: each table is inserted sorted by story_number (for drwho the text order, which is
# the airing order), ties kept in the package's order (co-writers in credit order).
# PRAGMA foreign_key_check is empty.
#
# Usage (Python 3, standard library only):
#   python3 drwho-build.py <KittJonathan+datardis git dir | folder holding data/*.rda> [out.db]
#   e.g. python3 drwho-build.py /work/.mirror/KittJonathan+datardis/repo drwho.db
#   then gzip -9 -n -c drwho.db > drwho.db.gz
import bz2, datetime, gzip, lzma, math, os, sqlite3, struct, subprocess, sys

COMMIT = '2b5dfdd02160c39da2b6ade101e320e164a627aa'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = sys.argv[2] if len(sys.argv) > 2 else 'drwho.db'


def source(path):
    f = os.path.join(SRC, path)
    if os.path.isfile(f):
        with open(f, 'rb') as fh:
            return fh.read()
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# ---------------------------------------------------------------- R serialization reader
NA_INT = -2147483648


class RObj:
    def __init__(self, t, v, attr=None):
        self.t, self.v, self.attr = t, v, attr or {}


def decompress(b):
    if b[:2] == b'\x1f\x8b':
        return gzip.decompress(b)
    if b[:3] == b'BZh':
        return bz2.decompress(b)
    if b[:6] == b'\xfd7zXZ\x00':
        return lzma.decompress(b)
    return b


class Reader:
    def __init__(self, data):
        self.d, self.p, self.refs = data, 0, []

    def int(self):
        v = struct.unpack_from('>i', self.d, self.p)[0]
        self.p += 4
        return v

    def length(self):
        n = self.int()
        if n == -1:
            hi, lo = self.int(), self.int()
            n = (hi << 32) + lo
        return n

    def attrs(self, has):
        if not has:
            return {}
        pl = self.item()
        return dict(pl.v) if pl is not None else {}

    def item(self):
        flags = self.int()
        t = flags & 0xFF
        has_attr, has_tag = bool(flags & (1 << 9)), bool(flags & (1 << 10))
        if t == 254:                                   # NILVALUE_SXP
            return None
        if t in (253, 252, 251, 250, 242, 241):        # global/unbound/missing/base/empty env
            return RObj(t, None)
        if t == 255:                                   # REFSXP
            i = flags >> 8
            if i == 0:
                i = self.int()
            return self.refs[i - 1]
        if t in (247, 248, 249):                       # PERSIST / PACKAGE / NAMESPACE
            self.int()
            n = self.int()
            o = RObj(t, [self.item() for _ in range(n)])
            self.refs.append(o)
            return o
        if t == 1:                                     # SYMSXP
            o = RObj(1, None)
            self.refs.append(o)
            o.v = self.item().v
            return o
        if t == 4:                                     # ENVSXP
            o = RObj(4, None)
            self.refs.append(o)
            self.int()
            o.v = (self.item(), self.item(), self.item())
            o.attr = self.item()
            return o
        if t in (2, 3, 5, 6, 17, 239, 240):            # pairlist-like: attr, tag, car, cdr
            at = self.attrs(has_attr)
            out = []
            while True:
                tag = self.item().v if has_tag else None
                out.append((tag, self.item()))
                save = self.p
                f2 = self.int()
                if (f2 & 0xFF) in (2, 239) and t in (2, 239):   # iterate the cdr chain
                    has_tag = bool(f2 & (1 << 10))
                    if f2 & (1 << 9):
                        self.attrs(True)
                    continue
                self.p = save
                cdr = self.item()
                if cdr is not None:
                    out.append((None, cdr))
                break
            return RObj(2 if t in (2, 239) else t, out, at)
        if t == 9:                                     # CHARSXP
            n = self.int()
            if n == -1:
                return RObj(9, None)                   # NA_character_
            s = self.d[self.p:self.p + n]
            self.p += n
            enc = 'latin-1' if (flags >> 12) & 4 else 'utf-8'
            try:
                return RObj(9, s.decode(enc))
            except UnicodeDecodeError:
                return RObj(9, s.decode('latin-1'))
        if t in (10, 13):                              # LGLSXP, INTSXP
            n = self.length()
            v = struct.unpack_from('>%di' % n, self.d, self.p)
            self.p += 4 * n
            v = [None if x == NA_INT else x for x in v]
            if t == 10:
                v = [None if x is None else bool(x) for x in v]
            return RObj(t, v, self.attrs(has_attr))
        if t == 14:                                    # REALSXP (NA_real_ and NaN -> None)
            n = self.length()
            v = struct.unpack_from('>%dd' % n, self.d, self.p)
            self.p += 8 * n
            return RObj(14, [None if math.isnan(x) else x for x in v], self.attrs(has_attr))
        if t == 16:                                    # STRSXP
            n = self.length()
            v = [self.item().v for _ in range(n)]
            return RObj(16, v, self.attrs(has_attr))
        if t in (19, 20):                              # VECSXP, EXPRSXP
            n = self.length()
            v = [self.item() for _ in range(n)]
            return RObj(t, v, self.attrs(has_attr))
        if t == 238:                                   # ALTREP_SXP
            info, state, at = self.item(), self.item(), self.item()
            cls = info.v[0][1].v
            if cls in ('compact_intseq', 'compact_realseq'):
                n, n1, inc = state.v
                rt = 13 if cls == 'compact_intseq' else 14
                v = [(int if rt == 13 else float)(n1 + i * inc) for i in range(int(n))]
            elif cls.startswith('wrap_'):
                v, rt = state.v[0].v, state.v[0].t
            elif cls == 'deferred_string':
                arg = state.v[0][1]
                v = [None if x is None else (str(int(x)) if arg.t == 13 else repr(x))
                     for x in arg.v]
                rt = 16
            else:
                raise ValueError('ALTREP class %s' % cls)
            return RObj(rt, v, dict(at.v) if at is not None else {})
        if t == 25:                                    # S4SXP
            return RObj(25, None, self.attrs(has_attr))
        raise ValueError('unsupported SEXP type %d at byte %d' % (t, self.p))


def read_rda(b):
    d = decompress(b)
    if d[:5] not in (b'RDX2\n', b'RDX3\n'):
        raise ValueError('not an RDX2/RDX3 file')
    r = Reader(d)
    r.p = 5
    if d[5:7] != b'X\n':
        raise ValueError('not XDR format')
    r.p = 7
    ver = r.int()
    r.int()
    r.int()
    if ver == 3:
        r.p += r.int()                                 # native encoding name
    return {tag: obj for tag, obj in r.item().v}


def column(col):
    """R vector -> (sql type, python values)."""
    cls = col.attr.get('class').v if 'class' in col.attr else []
    if 'levels' in col.attr:                           # factor -> label
        lv = col.attr['levels'].v
        return 'TEXT', [None if x is None else lv[x - 1] for x in col.v]
    if 'Date' in cls:                                  # days since 1970-01-01 -> ISO text
        d0 = datetime.date(1970, 1, 1)
        return 'TEXT', [None if x is None else (d0 + datetime.timedelta(days=int(x))).isoformat()
                        for x in col.v]
    if col.t == 13:
        return 'INTEGER', col.v
    if col.t == 10:
        return 'INTEGER', [None if x is None else int(x) for x in col.v]
    if col.t == 14:
        return 'REAL', col.v
    if col.t == 16:
        return 'TEXT', col.v
    raise ValueError('column type %d' % col.t)


def frame(path, name):
    df = read_rda(source(path))[name]
    names = df.attr['names'].v
    cols = [column(c) for c in df.v]
    return names, cols


# ---------------------------------------------------------------- build
TABLES = ['drwho_episodes', 'drwho_directors', 'drwho_writers',
          'torchwood_episodes', 'torchwood_directors', 'torchwood_writers']
KEYS = {
    'drwho_episodes': ('story_number',),
    'drwho_directors': ('story_number', 'director'),
    'drwho_writers': ('story_number', 'writer'),
    'torchwood_episodes': ('story_number',),
    'torchwood_directors': ('story_number', 'director'),
    'torchwood_writers': ('story_number', 'writer'),
}
PARENT = {'drwho_directors': 'drwho_episodes', 'drwho_writers': 'drwho_episodes',
          'torchwood_directors': 'torchwood_episodes', 'torchwood_writers': 'torchwood_episodes'}

data = {}
for t in TABLES:
    names, cols = frame(f'data/{t}.rda', t)
    rows = list(zip(*[v for _, v in cols]))
    data[t] = (names, [typ for typ, _ in cols], rows)

# The package's doubled Miracle Day rows (see the header): keep the UK-dated episode row, drop
# exact duplicate credit rows.
names, types, rows = data['torchwood_episodes']
i_sn, i_fa = names.index('story_number'), names.index('first_aired')
best = {}
for r in rows:
    k = r[i_sn]
    if k not in best or r[i_fa] > best[k][i_fa]:
        best[k] = r
dropped = [r for r in rows if best[r[i_sn]] is not r]
assert sorted(r[i_sn] for r in dropped) == list(range(32, 42)), dropped
for r in dropped:
    uk = best[r[i_sn]]
    assert r[:i_fa] + r[i_fa + 1:] == uk[:i_fa] + uk[i_fa + 1:]
    d = (datetime.date.fromisoformat(uk[i_fa]) - datetime.date.fromisoformat(r[i_fa])).days
    assert d == 6, (r, uk)
data['torchwood_episodes'] = (names, types, [r for r in rows if best[r[i_sn]] is r])
for t, n_dup in (('torchwood_directors', 10), ('torchwood_writers', 13)):
    names, types, rows = data[t]
    seen, kept = set(), []
    for r in rows:
        if r not in seen:
            seen.add(r)
            kept.append(r)
    assert len(rows) - len(kept) == n_dup, (t, len(rows), len(kept))
    assert all(r[names.index('story_number')] in range(32, 42)
               for r in rows if rows.count(r) > 1)
    data[t] = (names, types, kept)

if os.path.exists(OUT):
    os.remove(OUT)
con = sqlite3.connect(OUT)
con.execute('PRAGMA foreign_keys = ON')
for t in TABLES:
    names, types, rows = data[t]
    defs = []
    for n, typ in zip(names, types):
        d = f'  {n} {typ}'
        if n in KEYS[t]:
            d += ' NOT NULL'
        if n == 'story_number' and t in PARENT:
            d += f' REFERENCES {PARENT[t]} (story_number)'
        defs.append(d)
    defs.append(f'  PRIMARY KEY ({", ".join(KEYS[t])})')
    con.execute(f'CREATE TABLE {t} (\n' + ',\n'.join(defs) + '\n)')
    i_sn = names.index('story_number')
    rows = sorted(rows, key=lambda r: r[i_sn])          # stable: ties keep the package order
    con.executemany(f'INSERT INTO {t} ({", ".join(names)}) VALUES '
                    f'({", ".join("?" * len(names))})', rows)
con.commit()

# ---------------------------------------------------------------- checks
counts = {t: con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0] for t in TABLES}
assert counts == {'drwho_episodes': 187, 'drwho_directors': 187, 'drwho_writers': 199,
                  'torchwood_episodes': 41, 'torchwood_directors': 41,
                  'torchwood_writers': 46}, counts
for t, p in PARENT.items():   # every episode has a director and a writer
    assert con.execute(f'SELECT COUNT(*) FROM {p} WHERE story_number NOT IN '
                       f'(SELECT story_number FROM {t})').fetchone()[0] == 0, t
assert con.execute('PRAGMA foreign_key_check').fetchall() == []
assert con.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
con.execute('VACUUM')
con.close()
print(OUT + ': ' + ', '.join(f'{t} {n}' for t, n in counts.items()))
