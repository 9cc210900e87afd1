# Builds pubs.db from github.com/microsoft/sql-server-samples (commit
# 481085dc95720244a359f1311afd6003e0bcc09c, MIT): the pubs sample database (a book publisher:
# authors, titles, publishers, stores, sales, royalty schedules, employees; short lower-case
# names with abbreviations such as au_lname, ytd_sales, ord_num, qty, stor_id, job_lvl), its
# tables and keys from samples/databases/northwind-pubs/instpubs.sql translated to SQLite
# below, filled with that script's inserts, saved as instpubs.sql. Left out: pub_info (a GIF
# logo per publisher and one sample sentence repeated some hundred times), the user types, the
# employee trigger (it only checks job_lvl against jobs, which the data satisfies), the view
# titleview (a second table to answer from) and the procedures. Translations: T-SQL dates
# 'MM/DD/YY' become ISO text 'YYYY-MM-DD' (all are 19YY); money '$20.00' becomes a number; the
# bit authors.contract becomes 0/1 (the script inserts a 3, which SQL Server stores as 1); the
# two titles inserted without a pubdate (MC3026, PC9999), which SQL Server would date with the
# day the script runs (getdate()), get NULL so the build is reproducible, and their omitted
# type, price and the like take the declared defaults ('UNDECIDED', NULL); the publisher city
# 'M\ufffdnchen', whose umlaut the script lost to a replacement character, is 'München'.
# Run: python3 pubs-build.py && gzip -9 -n pubs.db
import os, re, sqlite3
SCHEMA = '''
CREATE TABLE authors (
  au_id    VARCHAR(11) NOT NULL PRIMARY KEY,
  au_lname VARCHAR(40) NOT NULL,
  au_fname VARCHAR(20) NOT NULL,
  phone    CHAR(12) NOT NULL DEFAULT 'UNKNOWN',
  address  VARCHAR(40),
  city     VARCHAR(20),
  state    CHAR(2),
  zip      CHAR(5),
  contract BOOLEAN NOT NULL
);
CREATE TABLE publishers (
  pub_id   CHAR(4) NOT NULL PRIMARY KEY,
  pub_name VARCHAR(40),
  city     VARCHAR(20),
  state    CHAR(2),
  country  VARCHAR(30) DEFAULT 'USA'
);
CREATE TABLE titles (
  title_id  VARCHAR(6) NOT NULL PRIMARY KEY,
  title     VARCHAR(80) NOT NULL,
  type      CHAR(12) NOT NULL DEFAULT 'UNDECIDED',
  pub_id    CHAR(4) REFERENCES publishers (pub_id),
  price     NUMERIC(19,4),
  advance   NUMERIC(19,4),
  royalty   INTEGER,
  ytd_sales INTEGER,
  notes     VARCHAR(200),
  pubdate   DATE
);
CREATE TABLE titleauthor (
  au_id      VARCHAR(11) NOT NULL REFERENCES authors (au_id),
  title_id   VARCHAR(6) NOT NULL REFERENCES titles (title_id),
  au_ord     SMALLINT,
  royaltyper INTEGER,
  PRIMARY KEY (au_id, title_id)
);
CREATE TABLE stores (
  stor_id      CHAR(4) NOT NULL PRIMARY KEY,
  stor_name    VARCHAR(40),
  stor_address VARCHAR(40),
  city         VARCHAR(20),
  state        CHAR(2),
  zip          CHAR(5)
);
CREATE TABLE sales (
  stor_id  CHAR(4) NOT NULL REFERENCES stores (stor_id),
  ord_num  VARCHAR(20) NOT NULL,
  ord_date DATE NOT NULL,
  qty      SMALLINT NOT NULL,
  payterms VARCHAR(12) NOT NULL,
  title_id VARCHAR(6) NOT NULL REFERENCES titles (title_id),
  PRIMARY KEY (stor_id, ord_num, title_id)
);
CREATE TABLE roysched (
  title_id VARCHAR(6) NOT NULL REFERENCES titles (title_id),
  lorange  INTEGER,
  hirange  INTEGER,
  royalty  INTEGER
);
CREATE TABLE discounts (
  discounttype VARCHAR(40) NOT NULL,
  stor_id      CHAR(4) REFERENCES stores (stor_id),
  lowqty       SMALLINT,
  highqty      SMALLINT,
  discount     NUMERIC(4,2) NOT NULL
);
CREATE TABLE jobs (
  job_id   INTEGER PRIMARY KEY,
  job_desc VARCHAR(50) NOT NULL DEFAULT 'New Position - title not formalized yet',
  min_lvl  SMALLINT NOT NULL CHECK (min_lvl >= 10),
  max_lvl  SMALLINT NOT NULL CHECK (max_lvl <= 250)
);
CREATE TABLE employee (
  emp_id    CHAR(9) NOT NULL PRIMARY KEY,
  fname     VARCHAR(20) NOT NULL,
  minit     CHAR(1),
  lname     VARCHAR(30) NOT NULL,
  job_id    INTEGER NOT NULL DEFAULT 1 REFERENCES jobs (job_id),
  job_lvl   SMALLINT DEFAULT 10,
  pub_id    CHAR(4) NOT NULL DEFAULT '9952' REFERENCES publishers (pub_id),
  hire_date DATE NOT NULL
);
CREATE INDEX employee_ind ON employee (lname, fname, minit);
CREATE INDEX aunmind ON authors (au_lname, au_fname);
CREATE INDEX sales_titleidind ON sales (title_id);
CREATE INDEX titleind ON titles (title);
CREATE INDEX titleauthor_auidind ON titleauthor (au_id);
CREATE INDEX titleauthor_titleidind ON titleauthor (title_id);
CREATE INDEX roysched_titleidind ON roysched (title_id);
'''
# Columns of each table in the order of instpubs.sql's CREATE TABLE, for positional inserts.
COLUMNS = {
    'authors': ['au_id', 'au_lname', 'au_fname', 'phone', 'address', 'city', 'state', 'zip', 'contract'],
    'publishers': ['pub_id', 'pub_name', 'city', 'state', 'country'],
    'titles': ['title_id', 'title', 'type', 'pub_id', 'price', 'advance', 'royalty', 'ytd_sales', 'notes', 'pubdate'],
    'titleauthor': ['au_id', 'title_id', 'au_ord', 'royaltyper'],
    'stores': ['stor_id', 'stor_name', 'stor_address', 'city', 'state', 'zip'],
    'sales': ['stor_id', 'ord_num', 'ord_date', 'qty', 'payterms', 'title_id'],
    'roysched': ['title_id', 'lorange', 'hirange', 'royalty'],
    'discounts': ['discounttype', 'stor_id', 'lowqty', 'highqty', 'discount'],
    'jobs': ['job_desc', 'min_lvl', 'max_lvl'],  # job_id is an IDENTITY(1,1): rowid order
    'employee': ['emp_id', 'fname', 'minit', 'lname', 'job_id', 'job_lvl', 'pub_id', 'hire_date'],
}
DATES = {'pubdate', 'ord_date', 'hire_date'}
src = open('instpubs.sql', encoding='utf-8').read()

def string(s, i):
    # A T-SQL string literal starting at s[i] == "'", with '' for a quote.
    assert s[i] == "'", s[i:i+40]
    i += 1; buf = []
    while True:
        j = s.index("'", i); buf.append(s[i:j])
        if s[j+1:j+2] == "'": buf.append("'"); i = j + 2
        else: return ''.join(buf), j + 1

def skip(s, i):
    while s[i] in ' \t\r\n': i += 1
    return i

def value(s, i):
    i = skip(s, i)
    if s[i] == "'": return string(s, i)
    m = re.compile(r'[^,)\s]+').match(s, i); tok = m.group(0)
    if tok == 'NULL': return None, m.end()
    if tok.startswith('$'): return float(tok[1:]), m.end()
    if re.fullmatch(r'-?\d+', tok): return int(tok), m.end()
    return float(tok), m.end()

def iso(v):
    mo, d, y = v.split('/')
    assert len(y) == 2
    return f'19{y}-{int(mo):02d}-{int(d):02d}'

if os.path.exists('pubs.db'): os.remove('pubs.db')
db = sqlite3.connect('pubs.db')
db.executescript(SCHEMA)
counts = {}
for m in re.finditer(r'^insert (\w+)\s*(?:\(([^)]*)\))?\s*values\s*\(', src, re.M | re.I):
    table = m.group(1)
    if table == 'pub_info':
        continue
    cols = [c.strip() for c in m.group(2).split(',')] if m.group(2) else COLUMNS[table]
    i = m.end(); row = []
    while True:
        v, i = value(src, i); row.append(v); i = skip(src, i)
        if src[i] == ',': i += 1; continue
        assert src[i] == ')', src[i:i+40]; break
    assert len(row) == len(cols), (table, row)
    rec = dict(zip(cols, row))
    for c in DATES & rec.keys():
        rec[c] = iso(rec[c])
    if table == 'authors':
        rec['contract'] = 1 if rec['contract'] else 0
    if table == 'employee' and rec['minit'] == '':
        rec['minit'] = None  # T-SQL pads '' in a CHAR(1) to a blank: no middle initial
    if table == 'publishers':
        rec['city'] = rec['city'].replace('M\ufffdnchen', 'München')
    names = list(rec)
    db.execute(f'INSERT INTO {table} ({",".join(names)}) VALUES ({",".join("?" * len(names))})', [rec[n] for n in names])
    counts[table] = counts.get(table, 0) + 1
db.commit()
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
