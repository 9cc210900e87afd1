#!/usr/bin/env python3
# Builds judges.db from github.com/ropensci/historydata, the rOpenSci R package "historydata"
# ("Datasets for Historians", version 0.3.0) by Lincoln Mullen et al. (DESCRIPTION: "License: MIT +
# file LICENSE"; LICENSE.md: MIT, Copyright (c) 2024 Lincoln Mullen, historydata authors). The data
# are the Federal Judicial Center's "Biographical Directory of Federal Judges, 1789-present" (a US
# government work, public domain), downloaded by the package's data-raw/scripts/federal-judges.R
# from https://www.fjc.gov/history/export/jb.txt and documented in R/judges.R: Article III judges
# "presidentially appointed during good behavior who have served since 1789 on the U.S. District
# Courts, the U.S. Courts of Appeals, the Supreme Court of the United States, the former U.S.
# Circuit Courts, and the federal judiciary's courts of special jurisdiction".
#
# Pinned commit: 0605158096123c1498890d07323c0567deba9dbb (2025-07-08, "Merge pull request #44",
# the newest commit). The two files read, data/judges_people.rda and data/judges_appointments.rda,
# have not changed since 0dbb1af48cb8963d9ab4b3666bda4372a63ea04c (2014-10-24, "Add federal judges
# dataset"): the data is the FJC export as of October 2014 (latest dates 2014; judges confirmed
# after that are absent, "still serving" means as of 2014).
#
# Both files are bzip2-compressed RDX2 (R XDR serialization version 2), each holding one tibble;
# they are read here with `git show` and a small standard-library reader for R's serialization
# (pairlists, STRSXP/INTSXP/LGLSXP/REALSXP vectors, attributes; factors -> level text, class
# "Date" -> 'YYYY-MM-DD', NA_integer_/NA_real_/NA_character_ -> NULL; ALTREP compact sequences
# supported though these files, written by R < 3.5, have none: row.names is c(NA, -n)).
# In this snapshot no column is a factor or a Date: every date column is TEXT as in the FJC CSV.
#
# Tables (names, column names and column order exactly as the package has them; the package's
# own row order is kept; R types -> SQLite: integer -> INTEGER, character -> TEXT):
#
#   judges_people (3,532 rows) one row per judge.
#     judge_id INTEGER PRIMARY KEY  FJC "Judge Identification Number", 1..3560 (gaps).
#     name_first, name_middle (NULL 463), name_last TEXT; name_suffix (NULL 3,186) 'Jr.' 277,
#       'Sr.' 23, 'III' 31, 'II' 14, 'IV' 1. Plain ASCII (no accents: 'Quinones Alejandro').
#       25 first names spell out an initial in brackets as the FJC does: 'J[ames]', 'C[larence]',
#       '[Elton]'; 52 first names are bare initials ('G.'). Full names repeat: 'John Davis',
#       'James Moody' (4 judges each), 'William Smith' (3), and even first+middle+last: the two
#       Supreme Court justices 'John Marshall Harlan' (judge_id 977 born 1833, 979 born 1899).
#     birth_date INTEGER  despite the name: the birth YEAR only (FJC "Birth year"), 1732..1975,
#       NULL 1.
#     birthplace_city (NULL 24), birthplace_state (NULL 3) TEXT: a two-letter US postal code
#       (94 distinct values in all; NY 395, PA 244, CA 155, IL 153, TX 145) or, for judges born
#       abroad or in a territory, a place name as written: 'England', 'Ireland', 'Germany',
#       'Puerto Rico', 'VA (now WV)', 'Columbia' and 'Colombia' (both occur), ...
#     death_date INTEGER  death YEAR only, 1790..2014; NULL 1,529 (living in 2014 or unknown).
#     death_city (NULL 2,101), death_state (NULL 2,099) TEXT.
#     gender TEXT 'M' 3,143 / 'F' 389.
#     race TEXT (FJC "Race or Ethnicity") 'White' 3,164, 'African American' 201, 'Hispanic' 116,
#       'Asian American' 31, 'American Indian' 3, and mixed labels written with '/' and
#       abbreviations: 'African Am./Hispanic' 2, 'Pac. Isl./Asian Am.' 2, 'Hispanic/Asian Am.',
#       'Hispanic/White', 'Pac. Isl./White', 'White/Asian Am.' 1 each; NULL 9.
#
#   judges_appointments (4,202 rows) one row per appointment of a judge to a court (a judge has
#     1..6 rows; 546 judges have more than one). No key of its own in the source (none added).
#     The package stacks the FJC's 1st..6th appointment column groups, so all first appointments
#     come first, then all second ones, etc.; there is no appointment-number column.
#     judge_id INTEGER NOT NULL REFERENCES judges_people(judge_id).
#     court_name TEXT  169 distinct, FJC spelling: 'U. S. District Court, Southern District of New
#       York', 'U. S. Court of Appeals for the Ninth Circuit', 'Supreme Court of the United
#       States' (100) and 'Supreme Court of the United States, Chief Justice' (17; a chief
#       justice's appointment is a separate row), other ', Chief Justice' / ', Chief Judge'
#       variants (Court of Claims, D.C. courts, Customs Appeals), the old circuit courts 'U. S.
#       Circuit Court for the Fifth Circuit' (1801) and 'U. S. Circuit Courts for the Ninth
#       Circuit' (1869), 'Commerce Court', 'U. S. Customs Court', ...
#     court_type TEXT  'USDC' 3,065 (district courts), 'USCA' 767 (courts of appeals), 'USSC' 117
#       (Supreme Court), 'USCC' 12, 'USCC (1801)' 16, 'USCC (1869)' 70 (old circuit courts),
#       'Court of Claims' 58, 'U. S. Court of Customs and Patent Appeals' 29, 'U. S. Customs
#       Court' 36, 'U. S. Court of International Trade' 25, 'Other' 5, and two values cut at 20
#       characters: 'U. S. Court of Custo' 1, 'U. S. Court of Inter' 1.
#     president_name TEXT  appointing president as the FJC writes him ('Barack Obama', 'William
#       J. Clinton', 'George W. Bush', 'George H.W. Bush', 'Harry S Truman', 'Ulysses Grant';
#       Grover Cleveland's two terms are one name), plus the placeholders 'Reassignment' (138)
#       and 'Assignment' (15) for judges moved to a court by statute.
#     president_party TEXT  'Republican' 2,057, 'Democratic' 1,843, 'Jeffersonian Republican'
#       69, 'Federalist' 22, 'Whig' 19, 'Reassignment' 138, 'Assignment' 15; NULL 39 (George
#       Washington's appointments).
#     nomination_date TEXT 'MM/DD/YYYY' (NULL 160: all (re)assignments and 7 others).
#     predecessor_last_name TEXT  'new' (1,134) when the seat was newly created; NULL 16 (in 2
#       of them 'new' sits in predecessor_first_name instead, 14 have no predecessor at all);
#       predecessor_first_name TEXT (NULL 1,148).
#     senate_confirmation_date TEXT 'MM/DD/YYYY' (NULL 188: (re)assignments, 29 recess
#       appointments never confirmed, 6 others).
#     commission_date TEXT 'MM/DD/YYYY' (NULL 33).
#     chief_judge_begin, chief_judge_end INTEGER  years; filled in only 2 rows (the package's
#       column positions for them no longer matched the FJC export), NULL in 4,200.
#     retirement_from_active_service TEXT 'MM/DD/YYYY' (senior status; NULL 2,566).
#     termination_date TEXT 'MM/DD/YYYY' (NULL 1,374: still on that court in 2014); the end of
#       all service on that court, senior status included (often the death).
#     termination_reason TEXT  'Death' 1,659, 'Appointment to Another Judicial Position' 367,
#       'Resignation' 292, 'Retirement' 267, 'Reassignment' 148, 'Abolition of Court' 55,
#       'Recess Appointment-Not Confirmed' 29, 'Impeachment & Conviction' 11; NULL 1,374.
#   All 'MM/DD/YYYY' texts are well formed (years 1789..2014); they sort wrongly as text: take
#   the year with SUBSTR(x, 7, 4).
#
# Values are exactly as the package stores them: R NA -> NULL, nothing cleaned or renamed.
# PRAGMA foreign_key_check is empty.
#
# Usage (Python 3, standard library only):
#   python3 judges-build.py <ropensci+historydata git dir | folder holding data/*.rda> [out.db]
#   e.g. python3 judges-build.py /work/.mirror/ropensci+historydata/repo judges.db
#   then gzip -9 -n -c judges.db > judges.db.gz
import bz2, datetime, gzip, lzma, math, os, sqlite3, struct, subprocess, sys

COMMIT = '0605158096123c1498890d07323c0567deba9dbb'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = sys.argv[2] if len(sys.argv) > 2 else 'judges.db'


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
people_names, people_cols = frame('data/judges_people.rda', 'judges_people')
appt_names, appt_cols = frame('data/judges_appointments.rda', 'judges_appointments')

if os.path.exists(OUT):
    os.remove(OUT)
con = sqlite3.connect(OUT)
con.execute('PRAGMA foreign_keys = ON')

defs = []
for n, (typ, _) in zip(people_names, people_cols):
    defs.append(f'  {n} {typ}' + (' PRIMARY KEY' if n == 'judge_id' else ''))
con.execute('CREATE TABLE judges_people (\n' + ',\n'.join(defs) + '\n)')

defs = []
for n, (typ, _) in zip(appt_names, appt_cols):
    defs.append(f'  {n} {typ}' + (' NOT NULL REFERENCES judges_people (judge_id)'
                                  if n == 'judge_id' else ''))
con.execute('CREATE TABLE judges_appointments (\n' + ',\n'.join(defs) + '\n)')

for table, names, cols in (('judges_people', people_names, people_cols),
                           ('judges_appointments', appt_names, appt_cols)):
    rows = list(zip(*[v for _, v in cols]))
    con.executemany(f'INSERT INTO {table} ({", ".join(names)}) VALUES '
                    f'({", ".join("?" * len(names))})', rows)
con.execute('CREATE INDEX judges_appointments_judge_id ON judges_appointments (judge_id)')
con.commit()

# ---------------------------------------------------------------- checks
n_people = con.execute('SELECT COUNT(*) FROM judges_people').fetchone()[0]
n_appt = con.execute('SELECT COUNT(*) FROM judges_appointments').fetchone()[0]
assert (n_people, n_appt) == (3532, 4202), (n_people, n_appt)
assert con.execute('PRAGMA foreign_key_check').fetchall() == []
assert con.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
con.execute('VACUUM')
con.close()
print(f'{OUT}: judges_people {n_people}, judges_appointments {n_appt}')
