#!/usr/bin/env python3
# Builds unvotes.db from github.com/dgrtwo/unvotes, the CRAN R package "unvotes" ("United Nations
# General Assembly Voting Data", version 0.2.0.9000 at this commit) by David Robinson, with Nicholas
# Goguen-Compagnoni. DESCRIPTION: "License: MIT + file LICENSE"; LICENSE: "YEAR: 2016 / COPYRIGHT
# HOLDER: David Robinson" (the MIT License, text in unvotes.LICENSE). The data are Erik Voeten's
# "United Nations General Assembly Voting Data" (Harvard Dataverse, hdl:1902.1/12379; Erik Voeten,
# "Data and Analyses of Voting in the UN General Assembly", Routledge Handbook of International
# Organization, ed. Bob Reinalda, 2013), which the package's data-raw/README.md says is dedicated
# to the public domain under CC0 on the Dataverse Terms page; the package's data-raw/un-data.R
# turned the file UNVotes2021.RData (downloaded 2021-02-21) into the three tibbles read here.
#
# Pinned commit: 7eb7034314ff79c49c9e0785fcd9d216fa04cf14 (2021-03-08, "Reran data-raw script to
# update the data files", the newest commit; the data/ files last changed in that commit).
# Files read (each a bzip2-compressed RDX2 R serialization holding one tibble), with `git show`
# and the standard-library reader of R's serialization of drwho-build.py/judges-build.py (copied
# below unchanged):
#   data/un_votes.rda            870,109 rows  (rcid, country, country_code, vote)
#   data/un_roll_calls.rda         6,203 rows  (rcid, session, importantvote, date, unres, amend,
#                                               para, short, descr)
#   data/un_roll_call_issues.rda   5,745 rows  (rcid, short_name, issue)
# (The raw data-raw/UNVotes2021.RData is absent from the stored snapshot; it is not needed.)
#
# WHAT IS IN IT. Every recorded roll-call vote of the UN General Assembly, sessions 1 (1946) to 74
# (the last vote 2020-01-14): 6,203 roll calls, the yes/no/abstain vote of each member state on
# each (absences and "not a member" were dropped by the package, so a missing row means the
# country did not vote or was not yet a member), and a topic classification of some roll calls.
# Votes adopted without a vote (by consensus) are not in the data at all.
#
# Tables, table names, column names and column order exactly as the package has them.
#
#   un_roll_calls (6,203 rows) one row per roll-call vote.
#     rcid INTEGER PRIMARY KEY  roll-call id, 3..9147 (gaps; ids > 9000 are the emergency special
#       sessions in Voeten's codebook).
#     session INTEGER  GA session 1..74 (an R double, integral on every row -> INTEGER). Sessions
#       open in September and their votes can run into the next year.
#     importantvote INTEGER  1 = classified important by the US State Department's "Voting
#       Practices in the United Nations" (flags from session 38, 1983, on; the package's docs say
#       39), 0 = not (every roll call before session 38 is 0, not NULL); NULL 605 (all 186 votes
#       of sessions 73-74 and some of sessions 52-72); 411 important votes.
#     date TEXT 'YYYY-MM-DD' (R Date -> ISO text), 1946-01-01..2020-01-14.
#     unres TEXT  resolution code as the source writes it: 'R/1/66' .. 'R/70/137', later
#       'A/RES/71/221'; 'ESS/2/77B' for emergency special sessions; '' (empty, not NULL) on 159
#       roll calls; several roll calls share one code (5,704 distinct values) when paragraphs or
#       amendments of one resolution were voted on separately.
#     amend, para INTEGER  1/0: the vote was on an amendment / on a paragraph only; coded only
#       until about 1985 (amend NULL 3,335, para NULL 2,995).
#     short TEXT  short title: upper case in older sessions ('CHINA REPRESENTATION'), mixed
#       case with a trailing space in recent ones ('Oceans and the law of the sea '); NULL 419,
#       '' 154.
#     descr TEXT  longer description (upper case in older sessions; 242 rows keep the source's
#       stray backslashes, tabs and quote marks). No value is trimmed or re-cased.
#
#   un_votes (870,109 rows) one row per country and roll call it voted in.
#     rcid INTEGER NOT NULL REFERENCES un_roll_calls (rcid)  (an R double, integral -> INTEGER).
#     country TEXT NOT NULL  200 names from the countrycode package's "country.name" (short
#       English names: 'United States', 'United Kingdom', 'Russia' (the USSR's seat included),
#       'China' (from 1971; the Republic of China's earlier seat is 'Taiwan'), 'Congo - Kinshasa',
#       'Myanmar (Burma)', 'Côte d’Ivoire' (U+2019), 'Bosnia & Herzegovina', and historical states
#       'Yugoslavia', 'Czechoslovakia', 'German Democratic Republic', 'Federal Republic of
#       Germany' (West Germany 1973-1990; 'Germany' from 1991), 'Yemen Arab Republic', "Yemen
#       People's Republic", 'Zanzibar'); 'Yugoslavia' runs on to 2020 (Serbia's seat keeps
#       that name).
#     country_code TEXT  ISO 3166 alpha-2 ('US', 'GB', 'RU'; old codes 'CS', 'YU', 'DD', 'YD');
#       NULL for 'Federal Republic of Germany', 'Yemen Arab Republic' and 'Zanzibar'.
#     vote TEXT NOT NULL  the R factor's label: 'yes' 693,664, 'abstain' 110,897, 'no' 65,548.
#     PRIMARY KEY (country, vote, rcid), WITHOUT ROWID. The natural key is (rcid, country) (one
#       vote per country and roll call, asserted below); vote is in the declared key only to
#       cluster the rows so that gzip holds all 870,109 rows in about 3 MB (the same data with
#       PRIMARY KEY (rcid, country) gzipped to about 5 MB, with (country, rcid) to 3.9 MB).
#
#   un_roll_call_issues (5,745 rows) one row per roll call and issue (a roll call has 0 to 4;
#     2,104 roll calls have none).
#     rcid INTEGER NOT NULL REFERENCES un_roll_calls (rcid); short_name TEXT NOT NULL two-letter
#     code; issue TEXT NOT NULL its name (R factor -> label): 'me' 'Palestinian conflict',
#     'nu' 'Nuclear weapons and nuclear material', 'di' 'Arms control and disarmament',
#     'hr' 'Human rights', 'co' 'Colonialism', 'ec' 'Economic development'.
#     PRIMARY KEY (rcid, short_name); the package's row order is kept.
#
# Transformations, all of them: R double rcid (un_votes) and session -> INTEGER (asserted
# integral); R Date -> 'YYYY-MM-DD'; factors (vote, issue) -> their labels; NA -> NULL; un_votes
# rows stored in primary-key order. No row is dropped, no value trimmed or re-coded, nothing
# subset. The database uses page_size 2048 (a smaller gzip). PRAGMA foreign_key_check is empty;
# every roll call has votes.
#
# Usage (Python 3, standard library only):
#   python3 unvotes-build.py <dgrtwo+unvotes git dir | folder holding data/*.rda> [out.db]
#   e.g. python3 unvotes-build.py /work/.mirror/dgrtwo+unvotes/repo unvotes.db
#   then gzip -9 -n -c unvotes.db > unvotes.db.gz
import bz2, datetime, gzip, lzma, math, os, sqlite3, struct, subprocess, sys

COMMIT = '7eb7034314ff79c49c9e0785fcd9d216fa04cf14'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = sys.argv[2] if len(sys.argv) > 2 else 'unvotes.db'


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


def frame(name):
    df = read_rda(source(f'data/{name}.rda'))[name]
    names = df.attr['names'].v
    return names, [column(c) for c in df.v]


def as_int(vals):
    out = []
    for x in vals:
        if x is not None:
            assert float(x).is_integer(), x
            x = int(x)
        out.append(x)
    return out


# ---------------------------------------------------------------- build
DDL = {
    'un_roll_calls': '''CREATE TABLE un_roll_calls (
  rcid INTEGER NOT NULL PRIMARY KEY,
  session INTEGER NOT NULL,
  importantvote INTEGER,
  date TEXT NOT NULL,
  unres TEXT,
  amend INTEGER,
  para INTEGER,
  short TEXT,
  descr TEXT
)''',
    'un_votes': '''CREATE TABLE un_votes (
  rcid INTEGER NOT NULL REFERENCES un_roll_calls (rcid),
  country TEXT NOT NULL,
  country_code TEXT,
  vote TEXT NOT NULL,
  PRIMARY KEY (country, vote, rcid)
) WITHOUT ROWID''',
    'un_roll_call_issues': '''CREATE TABLE un_roll_call_issues (
  rcid INTEGER NOT NULL REFERENCES un_roll_calls (rcid),
  short_name TEXT NOT NULL,
  issue TEXT NOT NULL,
  PRIMARY KEY (rcid, short_name)
)''',
}
EXPECT = {'un_roll_calls': 6203, 'un_votes': 870109, 'un_roll_call_issues': 5745}
COLS = {'un_roll_calls': ['rcid', 'session', 'importantvote', 'date', 'unres', 'amend', 'para',
                          'short', 'descr'],
        'un_votes': ['rcid', 'country', 'country_code', 'vote'],
        'un_roll_call_issues': ['rcid', 'short_name', 'issue']}

data = {}
for t in COLS:
    names, cols = frame(t)
    assert names == COLS[t], (t, names)
    vals = []
    for n, (typ, v) in zip(names, cols):
        if n in ('rcid', 'session'):
            v = as_int(v)
        vals.append(v)
    data[t] = list(zip(*vals))
    assert len(data[t]) == EXPECT[t], (t, len(data[t]))

votes = data['un_votes']
assert len({(r[0], r[1]) for r in votes}) == len(votes)            # one vote per country and rcid
assert {r[3] for r in votes} == {'yes', 'no', 'abstain'}
votes.sort(key=lambda r: (r[1], r[3], r[0]))                         # the primary key's order

if os.path.exists(OUT):
    os.remove(OUT)
con = sqlite3.connect(OUT)
con.execute('PRAGMA page_size = 2048')
con.execute('PRAGMA foreign_keys = ON')
for t in ('un_roll_calls', 'un_votes', 'un_roll_call_issues'):
    con.execute(DDL[t])
    con.executemany(f'INSERT INTO {t} ({", ".join(COLS[t])}) VALUES '
                    f'({", ".join("?" * len(COLS[t]))})', data[t])
con.commit()

# ---------------------------------------------------------------- checks
counts = {t: con.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0] for t in COLS}
assert counts == EXPECT, counts
for t in ('un_votes', 'un_roll_call_issues'):
    assert con.execute(f'SELECT COUNT(*) FROM {t} WHERE rcid NOT IN '
                       f'(SELECT rcid FROM un_roll_calls)').fetchone()[0] == 0, t
assert con.execute('SELECT COUNT(*) FROM un_roll_calls WHERE rcid NOT IN '
                   '(SELECT rcid FROM un_votes)').fetchone()[0] == 0
assert con.execute('SELECT COUNT(DISTINCT short_name), COUNT(DISTINCT issue), '
                   'COUNT(DISTINCT short_name || issue) FROM un_roll_call_issues'
                   ).fetchone() == (6, 6, 6)
for t, cols in COLS.items():              # no column is empty in every row
    for c in cols:
        assert con.execute(f"SELECT COUNT(*) FROM {t} WHERE {c} IS NOT NULL AND {c} <> ''"
                           ).fetchone()[0] > 0, (t, c)
assert con.execute('PRAGMA foreign_key_check').fetchall() == []
assert con.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
con.execute('VACUUM')
con.close()
print(OUT + ': ' + ', '.join(f'{t} {n}' for t, n in counts.items()))
