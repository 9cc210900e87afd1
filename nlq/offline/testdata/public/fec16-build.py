#!/usr/bin/env python3
# Builds fec16.db from github.com/baumer-lab/fec16, the R package fec16 by Marium Tapal, Rana
# Gahwagy, Irene Ryan and Benjamin S. Baumer ("Data Package for the 2016 United States Federal
# Elections"; DESCRIPTION: "License: CC0"; the repository has no LICENSE file, so fec16.LICENSE
# holds that line and the CC0 1.0 Universal legal code). The data are the US Federal Election
# Commission's bulk files for the 2015-2016 election cycle (fec.gov/data/browse-data/?tab=bulk-data)
# and its "Federal Elections 2016" results workbook, as the package's data-raw/*.R scripts read
# them: candidates, committees, House/Senate campaign summaries, PAC and party summaries, the 2016
# House, Senate and presidential results, a 50-state lookup, and the package's 1000-row random
# samples of committee-to-candidate contributions, operating expenditures, individual
# contributions and committee-to-committee transactions.
#
# Pinned commit: e792bc36a9ceec2d6d2066755760bdd273d88f57 (2025-09-01, "Merge pull request #53 from
#   baumer-lab/cran-update", version 0.1.5, the newest commit). The data files data/*.rda last
#   changed in 9538486e185e44c156b4bae756117db5b6512ea0 (2020-11-05, "requested changes"). The
#   repository holds no CSVs (data-raw/ has only the R scripts that download the FEC files), so
#   the package's data/*.rda are read with `git show` and a small reader for R's XDR
#   serialization (the reader of nycflights-build.py / bakeoff-build.py; the files are
#   bzip2-compressed, format version 2).
#
# Usage (Python 3, standard library only):
#   python3 fec16-build.py <baumer-lab+fec16 git dir> [<commit>] [<out.db>]
#   e.g. python3 fec16-build.py /work/.mirror/baumer-lab+fec16/repo \
#        e792bc36a9ceec2d6d2066755760bdd273d88f57 fec16.db
#   then gzip -9 -n -c fec16.db > fec16.db.gz
#
# Tables: the package's 12 data sets, under its own table and column names (lower-case FEC
# abbreviations: cand_id, cand_pty_affiliation, ttl_receipts, ttl_disb, coh_cop, cmte_tp, ...),
# columns in the package's order:
#   candidates (4699)         every candidate registered for a 2015 or 2016 election (House 'H',
#                             Senate 'S', President 'P'); cand_id PRIMARY KEY.
#   committees (17654)        every committee registered in the cycle; cmte_id PRIMARY KEY.
#   campaigns (1898)          financial summary per candidate campaign (the FEC's "all candidates"
#                             file webl16: despite the package's "House/Senate", 188 are
#                             presidential); cand_id PRIMARY KEY.
#   pac (8119 of 12049)       PAC and party financial summary (webk16); cmte_id PRIMARY KEY.
#   results_house (2110), results_senate (377), results_president (619)
#                             2016 results, one row per candidate per party line per state (and
#                             district); no key (a candidate on several party lines, as in New
#                             York's fusion voting, has one row per line; see the README).
#   states (50)               the 50 states (no DC or territories): state PRIMARY KEY, state_name,
#                             state_region, state_division (R's datasets::state).
#   contributions, expenditures, individuals, transactions (1000 each)
#                             the package's own random samples (dplyr::sample_n(1000)) of the FEC
#                             files pas2, oppexp, indiv and oth; kept whole. No key.
#
# Subset: the only rows left out are 3930 rows of `pac` whose 21 amounts and cvg_end_dt are all NA
#   in the package (committees that filed no summary in the cycle; their names and codes are in
#   `committees` too; a row has either all 22 of those values or none); this and WITHOUT ROWID
#   keep the .gz under 2 MB. Every other table is whole.
#
# Keys (declared only where every value matches; checked below with PRAGMA foreign_key_check):
#   PRIMARY KEY candidates (cand_id), committees (cmte_id), campaigns (cand_id), pac (cmte_id),
#   states (state), these five tables declared WITHOUT ROWID (stored in the key's b-tree, which
#   saves a second index on the text key and about 240 KB of the .gz). REFERENCES: contributions.cmte_id, expenditures.cmte_id, individuals.cmte_id,
#   transactions.cmte_id -> committees; results_senate.state -> states.
#   NOT declared, because some values do not match (counted and printed below): campaigns.cand_id
#   -> candidates (32 presidential campaigns of candidates registered for other years),
#   results_house/results_senate/results_president.cand_id -> candidates (13/4/23 rows),
#   committees.cand_id -> candidates (2756 of 5884: candidates of other cycles), candidates.cand_pcc
#   -> committees (62), pac.cmte_id -> committees (34), contributions.cand_id -> candidates (27),
#   contributions.other_id (a committee OR a candidate id), and every state column other than
#   results_senate.state (DC, PR, GU, VI, AS, MP, ZZ, 'US' for presidential candidates, '00').
#   The package's data-raw/dm.R draws all of these as keys; they do not all hold.
#
# Values: R NA -> NULL; R Dates (campaigns/pac.cvg_end_dt, the samples' transaction_dt) -> ISO
#   text 'YYYY-MM-DD'; logicals (incumbent, won) -> INTEGER 0/1; doubles whose every value is a
#   whole number -> INTEGER (cand_election_yr, pty_cd, rpt_yr, all *_votes columns,
#   pac.cand_contrib, transaction_amt of contributions/individuals/transactions); other doubles
#   (dollar amounts with cents, *_percent as fractions 0-1) REAL, the package's values unchanged.
#   Text as stored (trailing spaces included, e.g. expenditures.category_desc). Rows in the
#   package's order.
import bz2, datetime, gzip, lzma, math, os, sqlite3, struct, subprocess, sys

PINNED = 'e792bc36a9ceec2d6d2066755760bdd273d88f57'
GIT = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'fec16.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:{path}'],
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
        if t == 4:                             # ENVSXP
            env = ('ENV',)
            self.refs.append(env)
            self.int()                         # locked
            self.item(); self.item(); self.item(); self.item()   # enclos, frame, hashtab, attrib
            return env
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
        return (t, v), attrs


def read_rda(data):
    if data[:2] == b'BZ': data = bz2.decompress(data)
    elif data[:5] == b'\xfd7zXZ': data = lzma.decompress(data)
    elif data[:2] == b'\x1f\x8b': data = gzip.decompress(data)
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    frames = {}
    for name, ((_, columns), attrs) in r.item():   # the saved objects: name -> data frame
        names = attrs['names'][0][1]
        frames[name] = [(n, t, v, a) for n, ((t, v), a) in zip(names, columns)]
    return frames


def whole(x):
    assert x == int(x), x
    return int(x)


def decode(t, v, attrs):
    """R column -> (SQL type, values)."""
    cls = attrs.get('class', ((None, []), {}))[0][1]
    if 'Date' in cls:
        return 'TEXT', [None if x is None else
                        (datetime.date(1970, 1, 1) + datetime.timedelta(days=whole(x))).isoformat() for x in v]
    assert not cls, cls
    if t == 10:                                # logical
        assert set(v) <= {0, 1}, set(v)
        return 'INTEGER', v
    if t == 13:
        return 'INTEGER', v
    if t == 14:
        if all(x is None or x == int(x) for x in v):
            return 'INTEGER', [None if x is None else int(x) for x in v]
        return 'REAL', v
    assert t == 16, t
    return 'TEXT', v


TABLES = ['candidates', 'committees', 'campaigns', 'pac', 'states', 'results_house',
          'results_senate', 'results_president', 'contributions', 'expenditures', 'individuals',
          'transactions']
PRIMARY = {'candidates': 'cand_id', 'committees': 'cmte_id', 'campaigns': 'cand_id',
           'pac': 'cmte_id', 'states': 'state'}
REFS = {('contributions', 'cmte_id'): 'committees (cmte_id)',
        ('expenditures', 'cmte_id'): 'committees (cmte_id)',
        ('individuals', 'cmte_id'): 'committees (cmte_id)',
        ('transactions', 'cmte_id'): 'committees (cmte_id)',
        ('results_senate', 'state'): 'states (state)'}
PAC_AMOUNTS = 21

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')

data = {}
for table in TABLES:
    frames = read_rda(show(f'data/{table}.rda'))
    assert list(frames) == [table], list(frames)
    cols = [(name, *decode(t, v, a)) for name, t, v, a in frames[table]]
    n = len(cols[0][2])
    assert all(len(c[2]) == n for c in cols)
    rows = [[c[2][i] for c in cols] for i in range(n)]
    if table == 'pac':
        names = [c[0] for c in cols]
        first = names.index('ttl_receipts')
        money = names[first:first + PAC_AMOUNTS]
        assert money[-1] == 'nonfed_share_exp' and names[-1] == 'cvg_end_dt', names
        kept = [r for r in rows if any(x is not None for x in r[first:])]
        # a row has either no amount and no date at all, or every amount and the date
        assert all(None not in r[first:] for r in kept)
        print(f'pac: {n - len(kept)} of {n} rows have no amounts and no coverage date; left out')
        rows = kept
    defs = []
    for name, sqltype, _ in cols:
        d = f'{name} {sqltype}'
        if PRIMARY.get(table) == name:
            d += ' NOT NULL PRIMARY KEY'
        if (table, name) in REFS:
            d += ' REFERENCES ' + REFS[(table, name)]
        defs.append(d)
    # the keyed tables are WITHOUT ROWID (stored in their key's b-tree, no second index)
    db.execute(f'CREATE TABLE {table} (\n  ' + ',\n  '.join(defs) + '\n)'
               + (' WITHOUT ROWID' if table in PRIMARY else ''))
    db.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * len(cols))})', rows)
db.commit()

for t in TABLES:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
# the references not declared, and how many values do not match
for t, c, ref, rc in [('campaigns', 'cand_id', 'candidates', 'cand_id'),
                      ('results_house', 'cand_id', 'candidates', 'cand_id'),
                      ('results_senate', 'cand_id', 'candidates', 'cand_id'),
                      ('results_president', 'cand_id', 'candidates', 'cand_id'),
                      ('committees', 'cand_id', 'candidates', 'cand_id'),
                      ('contributions', 'cand_id', 'candidates', 'cand_id'),
                      ('candidates', 'cand_pcc', 'committees', 'cmte_id'),
                      ('pac', 'cmte_id', 'committees', 'cmte_id'),
                      ('results_house', 'state', 'states', 'state'),
                      ('results_president', 'state', 'states', 'state'),
                      ('candidates', 'cand_office_st', 'states', 'state')]:
    bad = db.execute(f'SELECT COUNT(*) FROM {t} WHERE {c} IS NOT NULL AND {c} NOT IN '
                     f'(SELECT {rc} FROM {ref})').fetchone()[0]
    print(f'not declared: {t}.{c} -> {ref}: {bad} rows do not match')
db.execute('VACUUM')
db.close()
