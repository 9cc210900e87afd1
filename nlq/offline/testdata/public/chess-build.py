#!/usr/bin/env python3
# Builds chess.db: the "Chess Game Dataset (Lichess)" of Kaggle (kaggle.com/datasets/datasnaek/chess,
# Mitchell J, "datasnaek", 2017), just over 20,000 games played on lichess.org by a selection of
# its users and collected with the Lichess API, the games started between 2013-08-17 and
# 2017-09-04. The Kaggle listing gives its licence as "CC0: Public Domain" (as the mirror
# DagsHub/open-source-ml-datasets, Chess_dataset/README.md, records it); Lichess itself releases
# its game data under CC0 (database.lichess.org). See chess.LICENSE.
#
# Copy used: github.com/tjkerby/Lichess_Analysis (an R package "chess.analytics", a course project,
# 2021), commit 3f750dc6523aba4585da7a2044124bdfe1165a36 (2021-12-03, "Kelvyn plot games"), file
# data/games.rda (1,941,017 bytes, blob a72995f2f899af69cc6a0c48cb862f322fccc493): the Kaggle file
# games.csv read with R's read.csv (data-raw/DATASET.R: `games <- read.csv("misc/games.csv",
# header = T)`) and saved with usethis::use_data, i.e. a bzip2 RDX3 serialization of one
# data.frame `games`, 20,058 rows, the Kaggle file's 16 columns in its order. The next commit
# (4f0a20c, "trim games") replaced it with an 11-column version, so the commit is pinned. The
# repository's own LICENSE is the GPL-3.0 text (for the package's R code; the DESCRIPTION's
# License field is left at its template text); the data file is a mechanical format conversion of
# the CC0 CSV, and no licence other than the Kaggle/Lichess CC0 is claimed for the data. The
# copy's games.csv itself (misc/games.csv) is >= 4 MiB and absent from the stored snapshot, which
# is why the .rda is read. It was checked against two other partial copies of the Kaggle file
# (Aaron-Gregory/ChessDatasetExploration data/chess_games.csv: ids, ratings, players, openings,
# winner, increment code; HakanOznam/Makine-Ogrenmesi-ile-Satranc-Oyun-Sonu-Tahmini games.xlsx:
# moves): identical on all 20,058 rows.
#
# Usage (Python 3, standard library only):
#   python3 chess-build.py [--no-moves] <tjkerby+Lichess_Analysis git dir | folder holding
#       data/games.rda> [out.db]
#   e.g. python3 chess-build.py /work/.mirror/tjkerby+Lichess_Analysis/repo chess.db
#   then gzip -9 -n -c chess.db > chess.db.gz
#
# THE SOURCE'S QUIRKS (all kept as they are, except the duplicates, see below):
# * The Kaggle file is two exports glued together. Rows 1-9,287 went through a spreadsheet: their
#   `rated` is 'TRUE'/'FALSE' and their `created_at`/`last_move_at` are rounded to 6 significant
#   digits (1504210000000.0, i.e. to 10,000,000 ms, about 2.8 hours; created_at often equals
#   last_move_at there). Rows 9,288-20,058 have `rated` 'True'/'False' and exact epoch
#   milliseconds (1504493143790.0). So `rated` has FOUR spellings; a rated game is
#   rated IN ('TRUE', 'True').
# * created_at / last_move_at are epoch MILLISECONDS stored as floating point (R doubles), as in
#   the CSV ('1.50421E+12'); datetime(created_at / 1000, 'unixepoch') gives UTC.
# * `turns` counts plies (half-moves), as does `opening_ply`; `moves` is the game's move list in
#   SAN, space-separated, without move numbers ('d4 d5 c4 c6 cxd5 e6 ...').
# * `victory_status` 'resign', 'mate', 'outoftime', 'draw'; `winner` 'white', 'black', 'draw'
#   (44 rows of the file, 42 games once de-duplicated, are 'outoftime' with winner 'draw': a flag
#   fall against insufficient material; so winner = 'draw' (888 games) is not victory_status =
#   'draw' (846)).
# * `increment_code` is lichess's clock as '<minutes>+<seconds increment>' text ('10+0', '15+15',
#   '180+0'), 400 distinct values.
# * `white_id`/`black_id` are lichess usernames (lower case), `white_rating`/`black_rating`
#   the players' Glicko-2 ratings at the time of the game (integers 784-2723; 1500 is lichess's
#   starting rating, so new accounts show exactly 1500).
# * `opening_eco` is the ECO code ('D10'), `opening_name` lichess's opening name of 2017
#   ('Slav Defense: Exchange Variation'); neither determines the other (53 names occur under
#   several codes, e.g. 'Sicilian Defense' under B20, B27, B50, B54).
#
# DUPLICATES (the only rows dropped). The file holds 20,058 rows but 19,113 distinct game ids:
# 813 ids occur 2-5 times. Every repeat is the same game: the copies agree on every column except
# `rated`'s spelling and the timestamps' rounding (the same game exported in both halves), or are
# exact repeats within a half (the build asserts this). One row per id is kept: the first row of
# the exactly-timed half (rows 9,288-20,058) if the id occurs there, else its first row; rows keep
# the file's order. 945 rows are dropped; 19,113 remain, 8,754 of them from the rounded half
# (rated 'TRUE'/'FALSE', rounded timestamps) and 10,359 from the exact half.
#
# TABLES
#   games (19,113): the Kaggle columns, names, order and encodings unchanged:
#     id TEXT PRIMARY KEY (lichess game id, 8 characters, case-sensitive), rated TEXT,
#     created_at REAL, last_move_at REAL, turns INTEGER, victory_status TEXT, winner TEXT,
#     increment_code TEXT, white_id TEXT -> players, white_rating INTEGER,
#     black_id TEXT -> players, black_rating INTEGER, moves TEXT, opening_eco TEXT,
#     opening_name TEXT, opening_ply INTEGER; (opening_eco, opening_name) -> openings.
#   players (15,635): derived, one row per username appearing as white_id or black_id:
#     id TEXT PRIMARY KEY. The data says nothing else about a player (ratings are per game), so
#     the table is only the list of players; the games table names them by role
#     (white_id = the player with the white pieces, black_id = with the black pieces).
#   openings (1,542): derived, one row per (opening_eco, opening_name) pair that occurs:
#     opening_eco TEXT, opening_name TEXT, PRIMARY KEY (opening_eco, opening_name).
#   opening_ply stays in games (3 pairs occur with more than one value).
# Size: the moves column is kept. It is most of the file (4.8 MB of text; 1.7 MB gzipped alone),
# so to stay near 3 MB gzipped: no secondary indexes, players and openings are WITHOUT ROWID
# tables, and games are inserted ordered by (opening_eco, opening_name, moves, id) instead of the
# file's order. chess.db is 8,179,712 bytes, chess.db.gz 3,265,569 bytes (3.11 MiB). If that is
# too big, run with --no-moves: the games table is then built without the moves column (about
# 1.27 MB gzipped); nothing else changes.
# PRAGMA foreign_key_check and integrity_check are clean.
import bz2, datetime, gzip, lzma, math, os, sqlite3, struct, subprocess, sys

COMMIT = '3f750dc6523aba4585da7a2044124bdfe1165a36'
PATH = 'data/games.rda'
ARGS = [a for a in sys.argv[1:] if a != '--no-moves']
KEEP_MOVES = '--no-moves' not in sys.argv[1:]
SRC = ARGS[0] if len(ARGS) > 0 else '.'
OUT = ARGS[1] if len(ARGS) > 1 else 'chess.db'


def source(path):
    f = os.path.join(SRC, path)
    if os.path.isfile(f):
        with open(f, 'rb') as fh:
            return fh.read()
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# ---------------------------------------------------------------- R serialization reader
# (the standard-library reader of drwho-build.py / judges-build.py, unchanged)
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


# ---------------------------------------------------------------- read
COLUMNS = [  # the Kaggle file's columns, in order, with the SQL type of the R vector
    ('id', 'TEXT', 16), ('rated', 'TEXT', 16), ('created_at', 'REAL', 14),
    ('last_move_at', 'REAL', 14), ('turns', 'INTEGER', 13), ('victory_status', 'TEXT', 16),
    ('winner', 'TEXT', 16), ('increment_code', 'TEXT', 16), ('white_id', 'TEXT', 16),
    ('white_rating', 'INTEGER', 13), ('black_id', 'TEXT', 16), ('black_rating', 'INTEGER', 13),
    ('moves', 'TEXT', 16), ('opening_eco', 'TEXT', 16), ('opening_name', 'TEXT', 16),
    ('opening_ply', 'INTEGER', 13),
]
NAMES = [n for n, _, _ in COLUMNS]

df = read_rda(source(PATH))['games']
assert df.attr['names'].v == NAMES, df.attr['names'].v
for (n, _, rt), col in zip(COLUMNS, df.v):
    assert col.t == rt and 'levels' not in col.attr, (n, col.t)
    assert all(x is not None for x in col.v), n       # the file has no missing values
rows = list(zip(*[col.v for col in df.v]))
assert len(rows) == 20058, len(rows)

I = {n: i for i, n in enumerate(NAMES)}
ROUNDED_END = 9287            # rows [0, 9287) are the spreadsheet-rounded half
for k, r in enumerate(rows):
    rounded = k < ROUNDED_END
    assert (r[I['rated']] in ('TRUE', 'FALSE')) == rounded, k
    assert (r[I['created_at']] % 10_000_000 == 0) == rounded, k
    assert r[I['rated']] in ('TRUE', 'FALSE', 'True', 'False')
    assert r[I['created_at']] == int(r[I['created_at']])

# ---------------------------------------------------------------- duplicates
SAME = [i for i, n in enumerate(NAMES) if n not in ('rated', 'created_at', 'last_move_at')]
chosen = {}
for k, r in enumerate(rows):
    gid = r[I['id']]
    if gid not in chosen:
        chosen[gid] = k
    else:
        c = rows[chosen[gid]]
        assert [r[i] for i in SAME] == [c[i] for i in SAME], gid
        if (k < ROUNDED_END) == (chosen[gid] < ROUNDED_END):
            assert r == c, gid                        # a repeat within one half is exact
        elif chosen[gid] < ROUNDED_END:
            assert r[I['rated']].upper() == c[I['rated']]
            assert abs(r[I['created_at']] - c[I['created_at']]) <= 5_000_000
            chosen[gid] = k                           # prefer the exactly-timed copy
games = [r for k, r in enumerate(rows) if chosen[r[I['id']]] == k]
assert len(games) == 19113 and len({r[0] for r in games}) == 19113, len(games)
assert sum(1 for gid, k in chosen.items() if k < ROUNDED_END) == 8754

players = sorted({r[I['white_id']] for r in games} | {r[I['black_id']] for r in games})
openings = sorted({(r[I['opening_eco']], r[I['opening_name']]) for r in games})

# ---------------------------------------------------------------- write
SCHEMA = """
CREATE TABLE players (
  id TEXT PRIMARY KEY
) WITHOUT ROWID;
CREATE TABLE openings (
  opening_eco TEXT NOT NULL,
  opening_name TEXT NOT NULL,
  PRIMARY KEY (opening_eco, opening_name)
) WITHOUT ROWID;
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  rated TEXT NOT NULL,
  created_at REAL NOT NULL,
  last_move_at REAL NOT NULL,
  turns INTEGER NOT NULL,
  victory_status TEXT NOT NULL,
  winner TEXT NOT NULL,
  increment_code TEXT NOT NULL,
  white_id TEXT NOT NULL REFERENCES players (id),
  white_rating INTEGER NOT NULL,
  black_id TEXT NOT NULL REFERENCES players (id),
  black_rating INTEGER NOT NULL,
  moves TEXT NOT NULL,
  opening_eco TEXT NOT NULL,
  opening_name TEXT NOT NULL,
  opening_ply INTEGER NOT NULL,
  FOREIGN KEY (opening_eco, opening_name) REFERENCES openings (opening_eco, opening_name)
);
"""

if os.path.exists(OUT):
    os.remove(OUT)
con = sqlite3.connect(OUT)
con.execute('PRAGMA foreign_keys = ON')
con.executescript(SCHEMA)
con.executemany('INSERT INTO players (id) VALUES (?)', [(p,) for p in players])
con.executemany('INSERT INTO openings (opening_eco, opening_name) VALUES (?, ?)', openings)
# Inserted clustered by opening and move list (not in the file's order): neighbouring games then
# share their opening moves, which keeps the gzip about 80 KB smaller. Row order carries no meaning.
games.sort(key=lambda r: (r[I['opening_eco']], r[I['opening_name']], r[I['moves']], r[I['id']]))
if not KEEP_MOVES:
    SCHEMA_GAMES_COLS = [n for n in NAMES if n != 'moves']
    con.execute('ALTER TABLE games DROP COLUMN moves')
    games = [r[:I['moves']] + r[I['moves'] + 1:] for r in games]
else:
    SCHEMA_GAMES_COLS = NAMES
con.executemany(f'INSERT INTO games ({", ".join(SCHEMA_GAMES_COLS)}) '
                f'VALUES ({", ".join("?" * len(SCHEMA_GAMES_COLS))})', games)
con.commit()

# ---------------------------------------------------------------- checks
counts = {t: con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]
          for t in ('games', 'players', 'openings')}
assert counts == {'games': 19113, 'players': 15635, 'openings': 1542}, counts
assert con.execute('PRAGMA foreign_key_check').fetchall() == []
assert con.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
con.execute('VACUUM')
con.close()
print(OUT + ': ' + ', '.join(f'{t} {n}' for t, n in counts.items())
      + f' ({len(rows) - len(games)} duplicate rows dropped)')
