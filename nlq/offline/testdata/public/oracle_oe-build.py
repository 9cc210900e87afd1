# Builds oracle_oe.db from github.com/oracle-samples/db-sample-schemas (commit
# c50382491e9fa48ae09f4874d245ffa400003011, MIT): the classic Order Entry (OE) schema, its tables
# and keys from order_entry/oe_cre.sql (with ccus_v3.sql, cord_v3.sql and cwhs_v3.sql, which it
# includes) translated to SQLite below, filled with order_entry/oe_p_cus.sql (customers),
# oe_p_ord.sql (orders), oe_p_itm.sql (order_items), oe_p_pi.sql (product_information),
# oe_p_whs.sql (warehouses) and oe_p_inv.sql (inventories) (Oracle's installer, loe_v3.sql, loads
# customers from pcus_v3.sql instead: the same rows with e-mails ending .EXAMPLE.COM). OE refers to the HR schema for its
# sales reps, account managers, warehouse locations and countries, so from
# human_resources/hr_popul.sql at the same commit this keeps: the employees referenced as an
# order's sales_rep_id or a customer's account_mgr_id plus their managers up the chain (so
# manager_id resolves; department_id is left out, job_id kept as plain text), the locations of
# the warehouses, and all countries and regions.
# Translated: the object column cust_address (cust_address_typ) becomes street_address,
# postal_code, city, state_province, country_id; the varray phone_numbers becomes phone_number,
# the first number of the list; TO_TIMESTAMP('DD-MON-RR HH.MI.SS.FF AM') becomes ISO text
# 'YYYY-MM-DD HH:MM:SS' (fractions of a second dropped) and TO_DATE('dd-MM-yyyy') 'YYYY-MM-DD';
# warranty_period (INTERVAL YEAR TO MONTH, to_yminterval('+YY-MM')) becomes a number of months;
# SQL*Plus line continuations (a '-' ending a line) become a space. Left out: the spatial columns
# cust_geo_location and wh_geo_location, warehouse_spec (XML, for 4 of the 9 warehouses),
# product_descriptions (its 'US' rows repeat product_information's name and description; the
# others are translations), the views, trigger, sequence and the OC object subschema, and the
# OWB/BI additions of loe_v3.sql (customer birth dates, incomes, promotions). Two customers live
# in Thailand ('TH'), which HR's countries do not list; their country_id is kept as it is.
# Run: python3 oracle_oe-build.py [directory holding those .sql files and hr_popul.sql, default:
# this script's directory] && gzip -9 -n oracle_oe.db   (writes oracle_oe.db in the current directory)
import os, re, sqlite3, sys
SCHEMA = '''
CREATE TABLE regions (
  region_id   INTEGER PRIMARY KEY,
  region_name VARCHAR(25)
);
CREATE TABLE countries (
  country_id   CHAR(2) NOT NULL PRIMARY KEY,
  country_name VARCHAR(40),
  region_id    INTEGER REFERENCES regions (region_id)
);
CREATE TABLE locations (
  location_id    INTEGER PRIMARY KEY,
  street_address VARCHAR(40),
  postal_code    VARCHAR(12),
  city           VARCHAR(30) NOT NULL,
  state_province VARCHAR(25),
  country_id     CHAR(2) REFERENCES countries (country_id)
);
CREATE TABLE employees (
  employee_id    INTEGER PRIMARY KEY,
  first_name     VARCHAR(20),
  last_name      VARCHAR(25) NOT NULL,
  email          VARCHAR(25) NOT NULL UNIQUE,
  phone_number   VARCHAR(20),
  hire_date      DATE NOT NULL,
  job_id         VARCHAR(10) NOT NULL,
  salary         NUMERIC(8,2) CHECK (salary > 0),
  commission_pct NUMERIC(2,2),
  manager_id     INTEGER REFERENCES employees (employee_id)
);
CREATE TABLE customers (
  customer_id     INTEGER PRIMARY KEY CHECK (customer_id > 0),
  cust_first_name VARCHAR(20) NOT NULL,
  cust_last_name  VARCHAR(20) NOT NULL,
  street_address  VARCHAR(40),
  postal_code     VARCHAR(10),
  city            VARCHAR(30),
  state_province  VARCHAR(10),
  country_id      CHAR(2) REFERENCES countries (country_id),
  phone_number    VARCHAR(25),
  nls_language    VARCHAR(3),
  nls_territory   VARCHAR(30),
  credit_limit    NUMERIC(9,2) CHECK (credit_limit <= 5000),
  cust_email      VARCHAR(40),
  account_mgr_id  INTEGER REFERENCES employees (employee_id)
);
CREATE TABLE warehouses (
  warehouse_id   INTEGER PRIMARY KEY,
  warehouse_name VARCHAR(35),
  location_id    INTEGER REFERENCES locations (location_id)
);
CREATE TABLE product_information (
  product_id          INTEGER PRIMARY KEY,
  product_name        VARCHAR(50),
  product_description VARCHAR(2000),
  category_id         INTEGER,
  weight_class        INTEGER,
  warranty_period     INTEGER,
  supplier_id         INTEGER,
  product_status      VARCHAR(20)
    CHECK (product_status IN ('orderable', 'planned', 'under development', 'obsolete')),
  list_price          NUMERIC(8,2),
  min_price           NUMERIC(8,2),
  catalog_url         VARCHAR(50)
);
CREATE TABLE orders (
  order_id     INTEGER PRIMARY KEY,
  order_date   TIMESTAMP NOT NULL,
  order_mode   VARCHAR(8) CHECK (order_mode IN ('direct', 'online')),
  customer_id  INTEGER NOT NULL REFERENCES customers (customer_id),
  order_status INTEGER,
  order_total  NUMERIC(8,2) CHECK (order_total >= 0),
  sales_rep_id INTEGER REFERENCES employees (employee_id),
  promotion_id INTEGER
);
CREATE TABLE order_items (
  order_id     INTEGER NOT NULL REFERENCES orders (order_id),
  line_item_id INTEGER NOT NULL,
  product_id   INTEGER NOT NULL REFERENCES product_information (product_id),
  unit_price   NUMERIC(8,2),
  quantity     INTEGER,
  PRIMARY KEY (order_id, line_item_id),
  UNIQUE (order_id, product_id)
);
CREATE TABLE inventories (
  product_id       INTEGER NOT NULL REFERENCES product_information (product_id),
  warehouse_id     INTEGER NOT NULL REFERENCES warehouses (warehouse_id),
  quantity_on_hand INTEGER NOT NULL,
  PRIMARY KEY (product_id, warehouse_id)
);
CREATE INDEX cust_account_manager_ix ON customers (account_mgr_id);
CREATE INDEX cust_lname_ix ON customers (cust_last_name);
CREATE INDEX ord_customer_ix ON orders (customer_id);
CREATE INDEX ord_sales_rep_ix ON orders (sales_rep_id);
CREATE INDEX item_product_ix ON order_items (product_id);
CREATE INDEX inventory_ix ON inventories (warehouse_id, product_id);
CREATE INDEX emp_manager_ix ON employees (manager_id);
'''
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

def read(name):
    # oe_p_cus.sql is Latin-1 (Götz Falk); SQL*Plus joins a line ending in '-' to the next one.
    s = open(os.path.join(SRC, name), encoding='latin-1').read().replace('\r\n', '\n')
    return re.sub(r'-[ \t]*\n', ' ', s)

def string(s, i):
    # An Oracle string literal starting at s[i] == "'", with '' for a quote.
    assert s[i] == "'", s[i:i+40]
    i += 1; buf = []
    while True:
        j = s.index("'", i); buf.append(s[i:j])
        if s[j+1:j+2] == "'": buf.append("'"); i = j + 2
        else: return ''.join(buf), j + 1

def skip(s, i):
    while s[i] in ' \t\r\n': i += 1
    return i

def values(s, i):
    # A parenthesised, comma-separated list whose '(' is just before s[i].
    out = []
    i = skip(s, i)
    if s[i] == ')': return out, i + 1
    while True:
        v, i = value(s, i); out.append(v); i = skip(s, i)
        if s[i] == ',': i += 1; continue
        assert s[i] == ')', s[i:i+40]; return out, i + 1

def value(s, i):
    # A literal, NULL, or a call NAME(...) (type constructors, TO_TIMESTAMP, ...) as (NAME, args).
    i = skip(s, i)
    if s[i] == "'": return string(s, i)
    m = re.compile(r'[A-Za-z][\w.$]*').match(s, i)
    if m:
        j = skip(s, m.end())
        if s[j] == '(':
            args, j = values(s, j + 1); return (m.group(0).upper().split('.')[-1], args), j
        assert m.group(0).upper() == 'NULL', s[i:i+40]
        return None, m.end()
    m = re.compile(r'[-+]?\d+(\.\d*)?|[-+]?\.\d+').match(s, i); tok = m.group(0)
    return (float(tok) if '.' in tok else int(tok)), m.end()

def inserts(name, table):
    s = read(name)
    for m in re.finditer(r'INSERT INTO ' + table + r'\s+VALUES\s*\(', s, re.I):
        yield values(s, m.end())[0]

def num(v):
    # '100' (a quoted number) -> 100; 3.0 -> 3.
    if isinstance(v, str): v = float(v)
    return int(v) if v is not None and float(v).is_integer() else v

MONTHS = {m: i + 1 for i, m in enumerate(
    'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split())}

def timestamp(v):
    name, args = v
    assert name == 'TO_TIMESTAMP' and args[1] == 'DD-MON-RR HH.MI.SS.FF AM', v
    m = re.fullmatch(r'(\d\d)-([A-Z]{3})-(\d\d) (\d\d)\.(\d\d)\.(\d\d)\.\d+ (AM|PM)', args[0])
    d, mon, yy, hh, mi, ss, ampm = m.groups()
    y = 2000 + int(yy) if int(yy) < 50 else 1900 + int(yy)  # RR
    h = int(hh) % 12 + (12 if ampm == 'PM' else 0)
    return f'{y:04d}-{MONTHS[mon]:02d}-{int(d):02d} {h:02d}:{mi}:{ss}'

def date(v):
    name, args = v
    assert name == 'TO_DATE' and args[1] == 'dd-MM-yyyy', v
    d, mo, y = args[0].split('-')
    return f'{int(y):04d}-{int(mo):02d}-{int(d):02d}'

def interval_months(v):
    name, args = v
    assert name == 'TO_YMINTERVAL', v
    y, mo = re.fullmatch(r'\+?(\d+)-(\d+)', args[0]).groups()
    return int(y) * 12 + int(mo)

rows = {}
for r in inserts('oe_p_cus.sql', 'customers'):
    cid, fn, ln, addr, phones, lang, terr, limit, email, mgr, _geo = r
    assert addr[0] == 'CUST_ADDRESS_TYP' and phones[0] == 'PHONE_LIST_TYP'
    rows.setdefault('customers', []).append(
        [cid, fn, ln] + addr[1] + [phones[1][0] if phones[1] else None,
                                   lang, terr, num(limit), email, mgr])
for r in inserts('oe_p_whs.sql', 'warehouses'):
    wid, _spec, name, loc, _geo = r
    rows.setdefault('warehouses', []).append([wid, name, loc])
for r in inserts('oe_p_pi.sql', 'product_information'):
    r[5] = interval_months(r[5]) if r[5] is not None else None
    rows.setdefault('product_information', []).append([num(x) if isinstance(x, (int, float)) else x for x in r])
for r in inserts('oe_p_ord.sql', 'orders'):
    r[1] = timestamp(r[1])
    rows.setdefault('orders', []).append([num(x) if isinstance(x, (int, float)) else x for x in r])
# oe_p_itm.sql numbers the lines of 81 of the 105 orders with gaps (2355: 1, 4, 5, ..., 13);
# they are kept as written (Oracle's insert_ord_line trigger, left out, would renumber them).
for r in inserts('oe_p_itm.sql', 'order_items'):
    rows.setdefault('order_items', []).append([num(x) for x in r])
for r in inserts('oe_p_inv.sql', 'inventories'):
    rows.setdefault('inventories', []).append(r)

hr = {}
for t in ('regions', 'countries', 'locations', 'employees'):
    hr[t] = list(inserts('hr_popul.sql', t))
rows['regions'] = hr['regions']
rows['countries'] = hr['countries']
wanted_locations = {w[2] for w in rows['warehouses']}
rows['locations'] = [r for r in hr['locations'] if r[0] in wanted_locations]
emp = {r[0]: r for r in hr['employees']}
wanted = {o[6] for o in rows['orders']} | {c[-1] for c in rows['customers']}
wanted.discard(None)
todo = list(wanted)
while todo:
    mgr = emp[todo.pop()][9]
    if mgr is not None and mgr not in wanted: wanted.add(mgr); todo.append(mgr)
rows['employees'] = []
for e in sorted(wanted):
    r = emp[e]  # employee_id, first, last, email, phone, hire_date, job_id, salary, pct, mgr, dept
    rows['employees'].append(r[:5] + [date(r[5])] + [r[6], num(r[7]), r[8], r[9]])

out = 'oracle_oe.db'
if os.path.exists(out): os.remove(out)
db = sqlite3.connect(out)
db.executescript(SCHEMA)
order = ['regions', 'countries', 'locations', 'employees', 'customers', 'warehouses',
         'product_information', 'orders', 'order_items', 'inventories']
for t in order:
    for r in rows[t]:
        db.execute(f'INSERT INTO {t} VALUES ({",".join("?" * len(r))})', r)
db.commit()
print({t: len(rows[t]) for t in order})
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
