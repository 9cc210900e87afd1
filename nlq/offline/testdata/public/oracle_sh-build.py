# Builds oracle_sh.db from github.com/oracle-samples/db-sample-schemas (commit
# 6660bad68c07bd143430ace58565b3f727e17263, 2025-06-25; the sales_history/ folder last changed in
# b60ab8d602fd8248e43236bfaa8dd95fb0bea2a3, 2025-06-25), MIT (the repository's LICENSE.txt): the
# Sales History (SH) schema, a small data warehouse of a sports-goods seller, as far as its files
# are in the snapshot. sales.csv and customers.csv are larger than the snapshot keeps, so the
# SALES fact table and the CUSTOMERS dimension (and with them COUNTRIES, whose only link is
# customers.country_id, and SUPPLEMENTARY_DEMOGRAPHICS, keyed by cust_id) are left out; what is
# kept is the COSTS fact table (the unit cost and unit price of a product on a day, for a channel
# and a promotion) with its four dimensions, whole:
#   channels   (5 rows)     from the INSERTs of sales_history/sh_populate.sql
#   products   (72 rows)    from the INSERTs of sales_history/sh_populate.sql
#   promotions (503 rows)   sales_history/promotions.csv
#   times      (1826 rows)  sales_history/times.csv, a calendar dimension keyed by the date
#   costs      (82112 rows) sales_history/costs.csv
# Tables, columns, primary keys and the four foreign keys of costs are those of
# sales_history/sh_create.sql (snake_case with table prefixes: prod_*, promo_*, channel_*,
# calendar_* / fiscal_*), translated to SQLite: NUMBER ids INTEGER, NUMBER(x,2) amounts REAL,
# VARCHAR2/CHAR TEXT, DATE as ISO text 'YYYY-MM-DD' (all source dates are midnight; times.time_id
# is such a date, and costs.time_id REFERENCES it). costs has no primary key in the source and
# gets none here. Oracle's empty string is NULL, so '' in the INSERTs and empty CSV fields become
# NULL. The views, materialized views, partitions, bitmap indexes and dimensions are left out.
# Run (in this folder):
#   python3 oracle_sh-build.py <db-sample-schemas git dir> && gzip -9 -n -c oracle_sh.db > oracle_sh.db.gz
import csv, io, os, re, sqlite3, subprocess, sys

COMMIT = '6660bad68c07bd143430ace58565b3f727e17263'
GIT = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = 'oracle_sh.db'

def show(path):
    return subprocess.run(['git', '-C', GIT, 'show', f'{COMMIT}:sales_history/{path}'],
                          check=True, capture_output=True).stdout.decode('utf-8')

SCHEMA = '''
CREATE TABLE channels (
  channel_id       INTEGER NOT NULL PRIMARY KEY,
  channel_desc     TEXT NOT NULL,
  channel_class    TEXT NOT NULL,
  channel_class_id INTEGER NOT NULL,
  channel_total    TEXT NOT NULL,
  channel_total_id INTEGER NOT NULL
);
CREATE TABLE promotions (
  promo_id             INTEGER NOT NULL PRIMARY KEY,
  promo_name           TEXT NOT NULL,
  promo_subcategory    TEXT NOT NULL,
  promo_subcategory_id INTEGER NOT NULL,
  promo_category       TEXT NOT NULL,
  promo_category_id    INTEGER NOT NULL,
  promo_cost           REAL NOT NULL,
  promo_begin_date     DATE NOT NULL,
  promo_end_date       DATE NOT NULL,
  promo_total          TEXT NOT NULL,
  promo_total_id       INTEGER NOT NULL
);
CREATE TABLE products (
  prod_id               INTEGER NOT NULL PRIMARY KEY,
  prod_name             TEXT NOT NULL,
  prod_desc             TEXT NOT NULL,
  prod_subcategory      TEXT NOT NULL,
  prod_subcategory_id   INTEGER NOT NULL,
  prod_subcategory_desc TEXT NOT NULL,
  prod_category         TEXT NOT NULL,
  prod_category_id      INTEGER NOT NULL,
  prod_category_desc    TEXT NOT NULL,
  prod_weight_class     INTEGER NOT NULL,
  prod_unit_of_measure  TEXT,
  prod_pack_size        TEXT NOT NULL,
  supplier_id           INTEGER NOT NULL,
  prod_status           TEXT NOT NULL,
  prod_list_price       REAL NOT NULL,
  prod_min_price        REAL NOT NULL,
  prod_total            TEXT NOT NULL,
  prod_total_id         INTEGER NOT NULL,
  prod_src_id           INTEGER,
  prod_eff_from         DATE,
  prod_eff_to           DATE,
  prod_valid            TEXT
);
CREATE TABLE times (
  time_id                 DATE NOT NULL PRIMARY KEY,
  day_name                TEXT NOT NULL,
  day_number_in_week      INTEGER NOT NULL,
  day_number_in_month     INTEGER NOT NULL,
  calendar_week_number    INTEGER NOT NULL,
  fiscal_week_number      INTEGER NOT NULL,
  week_ending_day         DATE NOT NULL,
  week_ending_day_id      INTEGER NOT NULL,
  calendar_month_number   INTEGER NOT NULL,
  fiscal_month_number     INTEGER NOT NULL,
  calendar_month_desc     TEXT NOT NULL,
  calendar_month_id       INTEGER NOT NULL,
  fiscal_month_desc       TEXT NOT NULL,
  fiscal_month_id         INTEGER NOT NULL,
  days_in_cal_month       INTEGER NOT NULL,
  days_in_fis_month       INTEGER NOT NULL,
  end_of_cal_month        DATE NOT NULL,
  end_of_fis_month        DATE NOT NULL,
  calendar_month_name     TEXT NOT NULL,
  fiscal_month_name       TEXT NOT NULL,
  calendar_quarter_desc   TEXT NOT NULL,
  calendar_quarter_id     INTEGER NOT NULL,
  fiscal_quarter_desc     TEXT NOT NULL,
  fiscal_quarter_id       INTEGER NOT NULL,
  days_in_cal_quarter     INTEGER NOT NULL,
  days_in_fis_quarter     INTEGER NOT NULL,
  end_of_cal_quarter      DATE NOT NULL,
  end_of_fis_quarter      DATE NOT NULL,
  calendar_quarter_number INTEGER NOT NULL,
  fiscal_quarter_number   INTEGER NOT NULL,
  calendar_year           INTEGER NOT NULL,
  calendar_year_id        INTEGER NOT NULL,
  fiscal_year             INTEGER NOT NULL,
  fiscal_year_id          INTEGER NOT NULL,
  days_in_cal_year        INTEGER NOT NULL,
  days_in_fis_year        INTEGER NOT NULL,
  end_of_cal_year         DATE NOT NULL,
  end_of_fis_year         DATE NOT NULL
);
CREATE TABLE costs (
  prod_id    INTEGER NOT NULL REFERENCES products (prod_id),
  time_id    DATE NOT NULL REFERENCES times (time_id),
  promo_id   INTEGER NOT NULL REFERENCES promotions (promo_id),
  channel_id INTEGER NOT NULL REFERENCES channels (channel_id),
  unit_cost  REAL NOT NULL,
  unit_price REAL NOT NULL
);
CREATE INDEX costs_prod_ix ON costs (prod_id);
CREATE INDEX costs_time_ix ON costs (time_id);
CREATE INDEX products_prod_cat_ix ON products (prod_category);
CREATE INDEX products_prod_subcat_ix ON products (prod_subcategory);
'''

def columns(db, table):
    return [(r[1], r[2]) for r in db.execute(f'PRAGMA table_info({table})')]

def convert(value, decl, where):
    # value: text as written, or None for NULL.
    if value is None or value == '':
        return None
    if decl == 'INTEGER':
        return int(value)
    if decl == 'REAL':
        return float(value)
    if decl == 'DATE':
        assert re.fullmatch(r'\d{4}-\d\d-\d\d', value), (where, value)
    return value

def oracle_values(text):
    # The VALUES lists of the `INSERT INTO <table> VALUES (...);` statements of sh_populate.sql:
    # numbers, '...' strings ('' inside for a quote), and to_date('YYYY-MM-DD-00-00-00', ...).
    out = {}
    for m in re.finditer(r'INSERT INTO (\w+) VALUES\s*\(', text):
        table, i, row = m.group(1), m.end(), []
        while True:
            while text[i] in ' \t\r\n': i += 1
            if text[i] == "'":
                j, buf = i + 1, []
                while True:
                    k = text.index("'", j)
                    buf.append(text[j:k])
                    if text[k + 1:k + 2] == "'":
                        buf.append("'"); j = k + 2
                    else:
                        j = k + 1; break
                row.append(''.join(buf)); i = j
            elif text[i:i + 8].lower() == 'to_date(':
                d = re.match(r"to_date\('(\d{4}-\d\d-\d\d)-00-00-00', 'YYYY-MM-DD-HH24-MI-SS'\)", text[i:])
                assert d, text[i:i + 80]
                row.append(d.group(1)); i += d.end()
            else:
                n = re.match(r'-?\d+(\.\d+)?', text[i:])
                assert n, text[i:i + 80]
                row.append(n.group(0)); i += n.end()
            while text[i] in ' \t\r\n': i += 1
            if text[i] == ',':
                i += 1
            else:
                assert text[i] == ')', text[i:i + 80]
                break
        out.setdefault(table, []).append(row)
    return out

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)
counts = {}

def load(table, rows):
    cols = columns(db, table)
    data = []
    for r in rows:
        assert len(r) == len(cols), (table, r)
        data.append([convert(v, d, (table, c)) for v, (c, d) in zip(r, cols)])
    db.executemany(f'INSERT INTO {table} VALUES ({", ".join("?" * len(cols))})', data)
    counts[table] = len(data)

inserts = oracle_values(show('sh_populate.sql'))
load('channels', inserts['channels'])
load('products', inserts['products'])
# inserts['countries'] is left out with customers (see above).

for table in ('promotions', 'times', 'costs'):
    rows = list(csv.reader(io.StringIO(show(f'{table}.csv'), newline='')))
    assert [h.lower() for h in rows[0]] == [c for c, _ in columns(db, table)], (table, rows[0])
    load(table, rows[1:])

db.commit()
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
