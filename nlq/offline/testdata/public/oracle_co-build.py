# Builds oracle_co.db from github.com/oracle-samples/db-sample-schemas (commit
# 6660bad68c07bd143430ace58565b3f727e17263, MIT): the Customer Orders (CO) schema, its tables,
# keys and checks from customer_orders/co_create.sql translated to SQLite below (its four views use
# Oracle-only LISTAGG, GROUPING SETS and JSON_TABLE and are left out), filled with
# customer_orders/co_populate.sql as co_populate.sql. Oracle literals are translated: TO_TIMESTAMP
# becomes ISO text 'YYYY-MM-DD HH:MM:SS' (fractional seconds dropped), UTL_RAW.CAST_TO_RAW(json)
# becomes the JSON text. Run: python3 oracle_co-build.py && gzip -9 -n oracle_co.db
import os, re, sqlite3
SCHEMA = '''
CREATE TABLE customers (
  customer_id   INTEGER PRIMARY KEY,
  email_address VARCHAR(255) NOT NULL UNIQUE,
  full_name     VARCHAR(255) NOT NULL
);
CREATE TABLE stores (
  store_id          INTEGER PRIMARY KEY,
  store_name        VARCHAR(255) NOT NULL UNIQUE,
  web_address       VARCHAR(100),
  physical_address  VARCHAR(512),
  latitude          NUMERIC(9,6),
  longitude         NUMERIC(9,6),
  logo              BLOB,
  logo_mime_type    VARCHAR(512),
  logo_filename     VARCHAR(512),
  logo_charset      VARCHAR(512),
  logo_last_updated DATE,
  CHECK (web_address IS NOT NULL OR physical_address IS NOT NULL)
);
CREATE TABLE products (
  product_id         INTEGER PRIMARY KEY,
  product_name       VARCHAR(255) NOT NULL,
  unit_price         NUMERIC(10,2),
  product_details    TEXT CHECK (product_details IS NULL OR json_valid(product_details)),
  product_image      BLOB,
  image_mime_type    VARCHAR(512),
  image_filename     VARCHAR(512),
  image_charset      VARCHAR(512),
  image_last_updated DATE
);
CREATE TABLE orders (
  order_id     INTEGER PRIMARY KEY,
  order_tms    TIMESTAMP NOT NULL,
  customer_id  INTEGER NOT NULL REFERENCES customers (customer_id),
  order_status VARCHAR(10) NOT NULL CHECK (order_status IN ('CANCELLED','COMPLETE','OPEN','PAID','REFUNDED','SHIPPED')),
  store_id     INTEGER NOT NULL REFERENCES stores (store_id)
);
CREATE TABLE shipments (
  shipment_id      INTEGER PRIMARY KEY,
  store_id         INTEGER NOT NULL REFERENCES stores (store_id),
  customer_id      INTEGER NOT NULL REFERENCES customers (customer_id),
  delivery_address VARCHAR(512) NOT NULL,
  shipment_status  VARCHAR(100) NOT NULL CHECK (shipment_status IN ('CREATED','SHIPPED','IN-TRANSIT','DELIVERED'))
);
CREATE TABLE order_items (
  order_id     INTEGER NOT NULL REFERENCES orders (order_id),
  line_item_id INTEGER NOT NULL,
  product_id   INTEGER NOT NULL REFERENCES products (product_id),
  unit_price   NUMERIC(10,2) NOT NULL,
  quantity     INTEGER NOT NULL,
  shipment_id  INTEGER REFERENCES shipments (shipment_id),
  PRIMARY KEY (order_id, line_item_id),
  UNIQUE (product_id, order_id)
);
CREATE TABLE inventory (
  inventory_id      INTEGER PRIMARY KEY,
  store_id          INTEGER NOT NULL REFERENCES stores (store_id),
  product_id        INTEGER NOT NULL REFERENCES products (product_id),
  product_inventory INTEGER NOT NULL,
  UNIQUE (store_id, product_id)
);
CREATE INDEX customers_name_i ON customers (full_name);
CREATE INDEX orders_customer_id_i ON orders (customer_id);
CREATE INDEX orders_store_id_i ON orders (store_id);
CREATE INDEX shipments_store_id_i ON shipments (store_id);
CREATE INDEX shipments_customer_id_i ON shipments (customer_id);
CREATE INDEX order_items_shipment_id_i ON order_items (shipment_id);
CREATE INDEX inventory_product_id_i ON inventory (product_id);
'''
MONTHS = {m: i + 1 for i, m in enumerate('JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split())}
src = open('co_populate.sql', encoding='utf-8').read()

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

# The one product whose JSON is too long for SQL*Plus is built in a PL/SQL variable:
# prod_details := '...' || chr(10) || '...';
variables = {}
m = re.search(r"prod_details := ", src)
i = m.end(); parts = []
while True:
    i = skip(src, i)
    if src.startswith('chr(10)', i): parts.append('\n'); i += 7
    else: v, i = string(src, i); parts.append(v)
    i = skip(src, i)
    if src[i] == ';': break
    assert src.startswith('||', i); i += 2
variables['prod_details'] = ''.join(parts)

def value(s, i):
    i = skip(s, i)
    if s[i] == "'": return string(s, i)
    if s.startswith('TO_TIMESTAMP(', i):
        v, i = string(s, i + 13); i = skip(s, i); assert s[i] == ','
        fmt, i = string(s, skip(s, i + 1)); i = skip(s, i); assert s[i] == ')' and fmt == 'DD-MON-YYYY HH24.MI.SS.FF'
        d, mon, rest = v.split('-'); y, t = rest.split(' '); hh, mi, ss = t.split('.')[:3]
        return f'{int(y):04d}-{MONTHS[mon]:02d}-{int(d):02d} {hh}:{mi}:{ss}', i + 1
    if s.startswith('UTL_RAW.CAST_TO_RAW(', i):
        i = skip(s, i + 20)
        if s[i] == "'": v, i = string(s, i)
        else:
            m = re.compile(r'\w+').match(s, i); v = variables[m.group(0)]; i = m.end()
        i = skip(s, i); assert s[i] == ')'
        return v, i + 1
    m = re.compile(r'[^,)\s]+').match(s, i); tok = m.group(0)
    if tok == 'NULL': return None, m.end()
    if re.fullmatch(r'-?\d+', tok): return int(tok), m.end()
    return float(tok), m.end()

if os.path.exists('oracle_co.db'): os.remove('oracle_co.db')
db = sqlite3.connect('oracle_co.db')
db.executescript(SCHEMA)
counts = {}
for m in re.finditer(r'INSERT INTO (\w+) \(([\w,]+)\)\s*VALUES\s*\(', src):
    i = m.end(); row = []
    while True:
        v, i = value(src, i); row.append(v); i = skip(src, i)
        if src[i] == ',': i += 1; continue
        assert src[i] == ')', src[i:i+40]; break
    cols = m.group(2).split(',')
    assert len(cols) == len(row), (m.group(0), row)
    db.execute(f'INSERT INTO {m.group(1)} ({",".join(cols)}) VALUES ({",".join("?" * len(row))})', row)
    counts[m.group(1)] = counts.get(m.group(1), 0) + 1
db.commit()
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
