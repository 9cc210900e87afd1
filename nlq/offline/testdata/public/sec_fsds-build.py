# Builds sec_fsds.db from github.com/HansjoergW/sec-fincancial-statement-data-set (commit
# 64eac750d0ed56f697a2f1be60489a4d1675da9c, 2025-07-26; the two zip files used were last changed
# in 67f9c5c587fc9daf04145b3cabb2b63fd1d5d4af, 2025-01-15): the test data of the secfsdstools
# package holds two untouched quarterly zips of the US Securities and Exchange Commission's
# "Financial Statement Data Sets" (SEC Division of Economic and Risk Analysis), as the SEC
# re-issued them in November 2024 (zip entries dated 2024-11-22, the current file layout with a
# `segments` column in NUM):
#   tests/_testdata/zip/2009q3.zip  (XBRL filings submitted 2009-07-01 .. 2009-09-30)
#   tests/_testdata/zip/2010q2.zip  (XBRL filings submitted 2010-04-01 .. 2010-06-30)
# Each zip has sub.txt, num.txt, tag.txt, pre.txt (UTF-8, tab-delimited, header line in lower
# case) and readme.htm (the SEC's field documentation). They hold the numbers on the primary
# financial statements (balance sheet, income statement, cash flows, equity, comprehensive
# income) of every XBRL submission of those quarters; in 2009-2010 only large filers had to file
# XBRL, so these are mostly big US companies' 10-Q quarterly reports. A work of the United States
# Government (SEC staff), in the public domain (see sec_fsds.LICENSE).
#
# Names: the SEC's own, kept exactly: four tables named after the files (sub, num, tag, pre) and
# the files' lower-case abbreviated column names.
#   sub  one row per EDGAR submission (filing): adsh (accession number 'nnnnnnnnnn-nn-nnnnnn',
#        PRIMARY KEY), cik (company id), name (registrant, upper case as EDGAR has it), sic
#        (4-digit Standard Industrial Classification code, no lookup table in the data sets),
#        business address countryba, stprba (state/province), cityba, zipba, bas1, bas2, baph
#        (phone); mailing address countryma, stprma, cityma, zipma, mas1, mas2; countryinc,
#        stprinc (country / state of incorporation), ein (IRS employer id), former (former name),
#        changed (date of the name change, yyyymmdd), afs (filer status '1-LAF' large
#        accelerated, '2-ACC' accelerated, '3-SRA', '4-NON' non-accelerated, '5-SML' smaller
#        reporting), wksi (well-known seasoned issuer 0/1), fye (fiscal year end 'mmdd'), form
#        ('10-Q', '10-K', '10-Q/A', '8-K', '6-K', '20-F/A'), period (balance sheet date,
#        yyyymmdd), fy (fiscal year focus), fp (fiscal period focus 'Q1'..'Q4', 'FY'), filed
#        (yyyymmdd), accepted ('yyyy-mm-dd hh:mm:ss.0' as written), prevrpt (1 = later amended),
#        detail (0/1), instance (XBRL instance file name, often ticker-yyyymmdd.xml), nciks,
#        aciks (co-registrants' CIKs, space separated)
#   tag  one row per (tag, version): the XBRL element; version 'us-gaap/2009' for a standard
#        taxonomy tag, else the adsh of the filing that defined a custom tag; custom (0/1),
#        abstract (0/1), datatype ('monetary', 'shares', 'perShare', 'pure', ...), iord ('I'
#        point in time / 'D' duration), crdr ('C' credit / 'D' debit), tlabel (label), doc
#        (definition)
#   num  one row per reported number: adsh, tag, version, ddate (end date of the value,
#        yyyymmdd), qtrs (length in quarters: 0 = point in time such as a balance, 1 = a
#        quarter, 2 = six months, 4 = a year), uom ('USD', 'shares', 'pure', 'CAD', 'JPY', ...),
#        segments (NULL for the consolidated total, else the XBRL axis=member pairs such as
#        'EquityComponents=RetainedEarnings;'), coreg (NULL for the consolidated entity, else a
#        co-registrant or parent), value (as filed, unscaled, in uom), footnote
#   pre  one row per line of a rendered statement: adsh, report (statement number within the
#        filing), line, stmt ('BS' balance sheet, 'IS' income statement, 'CF' cash flow, 'EQ'
#        equity, 'CI' comprehensive income, 'UN' unclassifiable), inpth (1 = shown in
#        parentheses), rfile ('H' htm / 'X' xml rendering), tag, version, plabel (the filer's own
#        line label), negating (1 = shown with the opposite sign)
#
# Values: empty field -> NULL (so segments and coreg are NULL on consolidated numbers, as the
# SEC's readme describes them). Dates are kept as the SEC writes them: INTEGER yyyymmdd (ddate,
# period, filed, changed), fye TEXT 'mmdd' (leading zero kept), accepted TEXT as written. Codes
# and names stay TEXT; cik, sic, ein, fy, wksi, prevrpt, detail, nciks, qtrs, report, line,
# inpth, negating, custom, abstract are INTEGER; value is REAL (the files give 4 decimals).
# ein is NULL where the source has none; the value 0 in the source is kept.
#
# Keys (checked on every row): sub PRIMARY KEY (adsh); tag PRIMARY KEY (tag, version); pre
# PRIMARY KEY (adsh, report, line); num's unique key per the readme is (adsh, tag, version,
# ddate, qtrs, uom, segments, coreg), declared as a UNIQUE constraint since segments and coreg
# are NULL on most rows (uniqueness checked by the build with NULL as a value); num.adsh and
# pre.adsh REFERENCES sub, num (tag, version) and pre (tag, version) REFERENCES tag.
#
# Subset (deterministic, to stay well under 2 MB): the submissions of both quarters whose sic is
# one of six industries, 2834 pharmaceutical preparations, 2836 biological products, 3674
# semiconductors, 7372 prepackaged software, 2911 petroleum refining, 5411 grocery stores
# (114 submissions of 61 companies: 52 filed 2009-07-17 .. 2009-09-23, 62 filed 2010-04-09 ..
# 2010-06-28), with all their num rows (25572, of which 1824 carry segments; none of these
# filings has coreg rows) and pre rows (11080), and the tag rows that those num or pre rows use
# (1868: 1024 standard, 844 custom; a standard tag present in both quarters' tag.txt is written
# once, the build checks the two copies are identical). Left out: the other industries'
# submissions (843), the tags they alone use, and readme.htm (summarised here).
# Quirks kept as filed: the same company can appear under two names (cik 310158 is 'SCHERING
# PLOUGH CORP' in 2009 and 'MERCK & CO. INC.' in 2010, the old Merck being cik 64978 'MERCK & CO
# INC'); Imperial Oil reports in CAD; net income is tagged NetIncomeLoss by most filers but
# ProfitLoss by some; Genzyme's 2010 10-Q and its 10-Q/A repeat the same numbers.
#
# Run (in this folder):
#   python3 sec_fsds-build.py <sec-fincancial-statement-data-set git dir> && gzip -9 -n sec_fsds.db
import csv, io, os, sqlite3, subprocess, sys, zipfile

COMMIT = '64eac750d0ed56f697a2f1be60489a4d1675da9c'
OUT = 'sec_fsds.db'
ZIPS = ['tests/_testdata/zip/2009q3.zip', 'tests/_testdata/zip/2010q2.zip']
SICS = {2834, 2836, 3674, 7372, 2911, 5411}

SCHEMA = '''
CREATE TABLE sub (
  adsh       TEXT NOT NULL PRIMARY KEY,
  cik        INTEGER NOT NULL,
  name       TEXT NOT NULL,
  sic        INTEGER,
  countryba  TEXT,
  stprba     TEXT,
  cityba     TEXT,
  zipba      TEXT,
  bas1       TEXT,
  bas2       TEXT,
  baph       TEXT,
  countryma  TEXT,
  stprma     TEXT,
  cityma     TEXT,
  zipma      TEXT,
  mas1       TEXT,
  mas2       TEXT,
  countryinc TEXT,
  stprinc    TEXT,
  ein        INTEGER,
  former     TEXT,
  changed    INTEGER,
  afs        TEXT,
  wksi       INTEGER NOT NULL,
  fye        TEXT,
  form       TEXT NOT NULL,
  period     INTEGER NOT NULL,
  fy         INTEGER,
  fp         TEXT,
  filed      INTEGER NOT NULL,
  accepted   TEXT NOT NULL,
  prevrpt    INTEGER NOT NULL,
  detail     INTEGER NOT NULL,
  instance   TEXT NOT NULL,
  nciks      INTEGER NOT NULL,
  aciks      TEXT
);
CREATE TABLE tag (
  tag      TEXT NOT NULL,
  version  TEXT NOT NULL,
  custom   INTEGER NOT NULL,
  abstract INTEGER NOT NULL,
  datatype TEXT,
  iord     TEXT,
  crdr     TEXT,
  tlabel   TEXT,
  doc      TEXT,
  PRIMARY KEY (tag, version)
);
CREATE TABLE num (
  adsh     TEXT NOT NULL REFERENCES sub (adsh),
  tag      TEXT NOT NULL,
  version  TEXT NOT NULL,
  ddate    INTEGER NOT NULL,
  qtrs     INTEGER NOT NULL,
  uom      TEXT NOT NULL,
  segments TEXT,
  coreg    TEXT,
  value    REAL,
  footnote TEXT,
  UNIQUE (adsh, tag, version, ddate, qtrs, uom, segments, coreg),
  FOREIGN KEY (tag, version) REFERENCES tag (tag, version)
);
CREATE TABLE pre (
  adsh     TEXT NOT NULL REFERENCES sub (adsh),
  report   INTEGER NOT NULL,
  line     INTEGER NOT NULL,
  stmt     TEXT NOT NULL,
  inpth    INTEGER NOT NULL,
  rfile    TEXT NOT NULL,
  tag      TEXT NOT NULL,
  version  TEXT NOT NULL,
  plabel   TEXT,
  negating INTEGER NOT NULL,
  PRIMARY KEY (adsh, report, line),
  FOREIGN KEY (tag, version) REFERENCES tag (tag, version)
);
'''

INTS = {'cik', 'sic', 'ein', 'changed', 'wksi', 'period', 'fy', 'filed', 'prevrpt', 'detail',
        'nciks', 'custom', 'abstract', 'ddate', 'qtrs', 'report', 'line', 'inpth', 'negating'}
REALS = {'value'}


def git_blob(gitdir, path):
    return subprocess.run(['git', '--git-dir', gitdir, 'show', f'{COMMIT}:{path}'],
                          check=True, capture_output=True).stdout


def read_tsv(z, name):
    text = z.read(name).decode('utf-8')
    lines = text.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    header = lines[0].split('\t')
    rows = []
    for ln in lines[1:]:
        f = ln.split('\t')
        if len(f) != len(header):
            raise SystemExit(f'{name}: {len(f)} fields, expected {len(header)}: {ln[:80]!r}')
        rows.append(dict(zip(header, f)))
    return header, rows


def conv(col, v):
    if v == '':
        return None
    if col in INTS:
        return int(v)
    if col in REALS:
        return float(v)
    return v


def main():
    gitdir = sys.argv[1]
    subs, nums, pres, tags = [], [], [], {}
    cols = {}
    for zp in ZIPS:
        z = zipfile.ZipFile(io.BytesIO(git_blob(gitdir, zp)))
        h, s = read_tsv(z, 'sub.txt'); cols['sub'] = h
        keep = {r['adsh'] for r in s if r['sic'] and int(r['sic']) in SICS}
        subs += [r for r in s if r['adsh'] in keep]
        h, n = read_tsv(z, 'num.txt'); cols['num'] = h
        nums += [r for r in n if r['adsh'] in keep]
        h, p = read_tsv(z, 'pre.txt'); cols['pre'] = h
        pres += [r for r in p if r['adsh'] in keep]
        h, t = read_tsv(z, 'tag.txt'); cols['tag'] = h
        for r in t:
            k = (r['tag'], r['version'])
            if k in tags and tags[k] != r:
                raise SystemExit(f'tag {k} differs between quarters')
            tags[k] = r
    used = {(r['tag'], r['version']) for r in nums} | {(r['tag'], r['version']) for r in pres}
    missing = used - set(tags)
    if missing:
        raise SystemExit(f'tags missing: {sorted(missing)[:5]}')
    tagrows = [tags[k] for k in sorted(used)]
    # key checks
    assert len({r['adsh'] for r in subs}) == len(subs)
    nk = [(r['adsh'], r['tag'], r['version'], r['ddate'], r['qtrs'], r['uom'], r['segments'],
           r['coreg']) for r in nums]
    assert len(set(nk)) == len(nk), 'num key not unique'
    pk = [(r['adsh'], r['report'], r['line']) for r in pres]
    assert len(set(pk)) == len(pk), 'pre key not unique'

    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.executescript(SCHEMA)
    for table, rows in [('sub', sorted(subs, key=lambda r: r['adsh'])),
                        ('tag', tagrows),
                        ('num', sorted(nums, key=lambda r: (r['adsh'], r['tag'], r['version'],
                                                            r['ddate'], r['qtrs'], r['uom'],
                                                            r['segments'], r['coreg']))),
                        ('pre', sorted(pres, key=lambda r: (r['adsh'], int(r['report']),
                                                            int(r['line']))))]:
        c = cols[table]
        db.executemany(f'INSERT INTO {table} ({", ".join(c)}) VALUES ({", ".join("?" * len(c))})',
                       [tuple(conv(k, r[k]) for k in c) for r in rows])
    db.commit()
    assert not db.execute('PRAGMA foreign_key_check').fetchall()
    for t in ['sub', 'tag', 'num', 'pre']:
        print(t, db.execute(f'SELECT count(*) FROM {t}').fetchone()[0])
    db.execute('VACUUM')
    db.close()


if __name__ == '__main__':
    main()
