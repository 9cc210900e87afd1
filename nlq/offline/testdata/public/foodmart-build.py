# Builds foodmart.db from github.com/julianhyde/foodmart-data-hsqldb (commit
# 7604ded99d4bb24a103e60d82d31f25846a8ac98, 2025-10-18; the CSV files were added in
# 21d64ea520355991344a4439322312e3bf51d47c, 2025-10-18, and not changed since), Apache License 2.0
# (the repository's LICENSE and NOTICE: Copyright 2004-2005 and 2015-2025 Julian Hyde, 2005-2012
# Pentaho; see foodmart.LICENSE):
# FoodMart, the sample data warehouse of the Pentaho Mondrian OLAP engine, a made-up chain of
# grocery stores in the USA, Mexico and Canada with a star schema around its sales and inventory
# facts. The data is read with `git show` from src/main/resources/csv/<table>.csv (one CSV file per
# table, with a header row), and the column names, order, types and NOT NULL of each table from the
# CREATE TEXT TABLE statements of src/main/resources/foodmart.script.
#
# Tables (FoodMart's own names, snake_case with its abbreviations and surrogate keys):
#   dimensions: time_by_day (the time dimension: time_id, the_date, the_day, the_month, the_year,
#     day_of_month, week_of_year, month_of_year, quarter 'Q1'..'Q4', fiscal_period), store,
#     region, product, product_class (subcategory < category < department < family), promotion,
#     customer, employee, position, department, warehouse, warehouse_class, account, category
#     (the expense scenarios ACTUAL/BUDGET/...), currency (monthly conversion ratios, keyed by
#     currency_id and date), days (day number -> week day name)
#   facts: sales_fact_1997, inventory_fact_1997, inventory_fact_1998, expense_fact, salary
# Left out: sales_fact_1998 (too large for the snapshot, absent), sales_fact_dec_1998 (the December
# rows of that absent table, a Mondrian test table; left out with it), the eleven agg_* tables
# (pre-aggregated copies of sales_fact_1997 for Mondrian), store_ragged (a copy of store for
# ragged-hierarchy tests), reserve_employee and employee_closure (test helpers of Mondrian).
#
# Keys: the source declares no keys, only indexes; its unique indexes become PRIMARY KEYs
# (currency's is composite: currency_id, date), and product_class, region, warehouse,
# warehouse_class and days get their unique ids as PRIMARY KEY. REFERENCES are the joins of the
# star schema, declared only where every value matches (checked with PRAGMA foreign_key_check): the
# facts to product, time_by_day, customer, promotion, store, warehouse, account, category, employee
# and department; product -> product_class, store -> region, customer.customer_region_id -> region,
# warehouse -> warehouse_class and (stores_id) store, employee -> position, store, department, and
# account.account_parent -> account. Not declared:
# employee.supervisor_id (the president's is 0, no such employee) and the facts' currency_id
# (currency is keyed by currency_id and date). The facts have no primary key, as in the source.
#
# Values: as the CSV files write them, except that an empty field is NULL; INTEGER/SMALLINT/BIGINT
# are INTEGER, DECIMAL(10,4) and DOUBLE are REAL (store_sales 1.5, unit_sales 2.0), BOOLEAN
# ('true'/'false') is 1/0 (declared BOOLEAN); DATE columns stay ISO text 'YYYY-MM-DD'
# (customer.birthdate, employee.birth_date, currency.date) and TIMESTAMP columns ISO text
# 'YYYY-MM-DD HH:MM:SS' (time_by_day.the_date, hire dates, promotion start/end, pay and expense
# dates, store opening dates; all at midnight), the '.0' fraction HSQLDB writes dropped. The
# source's spellings are kept (employee.management_role 'Store Full Time Staf', warehouse
# 'Big  Quality Warehouse' with two spaces, warehouse city 'Marida'), as are its placeholders
# (store 0 'HQ', promotion 0 'No Promotion', region 0 'No Region'/'None'); fiscal_period is NULL
# throughout.
#
# Subset (to stay under 2 MB gzipped: the whole sales_fact_1997 alone is 1.4 MB gzipped, the kept
# tables in full 2.5 MB): sales_fact_1997 keeps the rows of the stores in Washington and Oregon
# (store_state 'WA', 'OR': stores 2, 3, 11, 13, 15, 16, 17, 22, 23), all of 1997: 62,395 of its
# 86,837 rows (the California stores, 6, 7, 14 and 24, are left out; 1997 has no sales in Mexico or
# Canada). customer keeps the 2,865 customers of the kept sales (of 10,281; every one lives in WA
# or OR, as the customers of a store live in its state); customers are referenced by nothing else.
# Every other table is whole, so store, employee, inventory, expenses and salaries cover all 24
# stores, and time_by_day both 1997 and 1998.
# Run (in this folder):
#   python3 foodmart-build.py <foodmart-data-hsqldb git dir> && gzip -9 -n -c foodmart.db > foodmart.db.gz
import csv, io, os, re, sqlite3, subprocess, sys

COMMIT = '7604ded99d4bb24a103e60d82d31f25846a8ac98'
GIT = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = 'foodmart.db'
SALES_STATES = {'WA', 'OR'}   # store_state of the stores whose sales_fact_1997 rows are kept

def show(path):
    return subprocess.run(['git', '-C', GIT, 'show', f'{COMMIT}:src/main/resources/{path}'],
                          check=True, capture_output=True).stdout.decode('ascii')

# Tables kept, in the order they are created, with the keys declared on them. The source declares
# no keys, only unique indexes (foodmart.script): those become the PRIMARY KEYs (product_class,
# region, warehouse, warehouse_class and days have no index but a unique id, checked below). The
# REFERENCES are the joins of the star schema, declared only where every value matches (the build
# checks it).
TABLES = [
    ('days',            ['day'], {}),
    ('region',          ['region_id'], {}),
    ('store',           ['store_id'], {'region_id': 'region'}),
    ('warehouse_class', ['warehouse_class_id'], {}),
    ('warehouse',       ['warehouse_id'], {'warehouse_class_id': 'warehouse_class', 'stores_id': 'store'}),
    ('time_by_day',     ['time_id'], {}),
    ('product_class',   ['product_class_id'], {}),
    ('product',         ['product_id'], {'product_class_id': 'product_class'}),
    ('promotion',       ['promotion_id'], {}),
    ('customer',        ['customer_id'], {'customer_region_id': 'region'}),
    ('department',      ['department_id'], {}),
    ('position',        ['position_id'], {}),
    ('employee',        ['employee_id'], {'position_id': 'position', 'store_id': 'store',
                                          'department_id': 'department'}),
    ('account',         ['account_id'], {'account_parent': 'account'}),
    ('category',        ['category_id'], {}),
    ('currency',        ['currency_id', 'date'], {}),
    ('sales_fact_1997', None, {'product_id': 'product', 'time_id': 'time_by_day',
                               'customer_id': 'customer', 'promotion_id': 'promotion',
                               'store_id': 'store'}),
    ('inventory_fact_1997', None, {'product_id': 'product', 'time_id': 'time_by_day',
                                   'warehouse_id': 'warehouse', 'store_id': 'store'}),
    ('inventory_fact_1998', None, {'product_id': 'product', 'time_id': 'time_by_day',
                                   'warehouse_id': 'warehouse', 'store_id': 'store'}),
    ('expense_fact',    None, {'store_id': 'store', 'account_id': 'account', 'time_id': 'time_by_day',
                               'category_id': 'category'}),
    ('salary',          None, {'employee_id': 'employee', 'department_id': 'department'}),
]

def sqlite_type(hsql):
    t = hsql.upper()
    if t in ('INTEGER', 'SMALLINT', 'BIGINT'): return 'INTEGER'
    if t.startswith('DECIMAL') or t == 'DOUBLE': return 'REAL'
    if t.startswith('VARCHAR'): return 'TEXT'
    if t in ('DATE', 'TIMESTAMP', 'BOOLEAN'): return t
    raise ValueError(hsql)

def convert(value, decl, where):
    if value == '':
        return None
    if decl == 'INTEGER':
        return int(value)
    if decl == 'REAL':
        return float(value)
    if decl == 'BOOLEAN':
        return {'true': 1, 'false': 0}[value]
    if decl == 'DATE':
        assert re.fullmatch(r'\d{4}-\d\d-\d\d', value), (where, value)
    if decl == 'TIMESTAMP':
        m = re.fullmatch(r'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\.0', value)
        assert m, (where, value)
        return m.group(1)
    return value

# Column names, types and NOT NULL of the source, from its CREATE TEXT TABLE statements.
script = show('foodmart.script')
source_cols = {}
for m in re.finditer(r'^CREATE TEXT TABLE "foodmart_csv"\."csv_(\w+)"\((.*)\)$', script, re.M):
    cols = []
    for c in re.finditer(r'"(\w+)" (\w+(?:\(\d+(?:,\d+)?\))?)( NOT NULL)?', m.group(2)):
        cols.append((c.group(1), sqlite_type(c.group(2)), bool(c.group(3))))
    source_cols[m.group(1)] = cols

def read(table):
    rows = list(csv.reader(io.StringIO(show(f'csv/{table}.csv'), newline='')))
    cols = source_cols[table]
    assert rows[0] == [c for c, _, _ in cols], (table, rows[0])
    assert all(len(r) == len(cols) for r in rows), table
    return [[convert(v, d, (table, c)) for v, (c, d, _) in zip(r, cols)] for r in rows[1:]]

data = {t: read(t) for t, _, _ in TABLES}

# Subset of sales_fact_1997 (see the header): the sales of the Washington and Oregon stores.
col = lambda t, c: [n for n, _, _ in source_cols[t]].index(c)
state = {r[col('store', 'store_id')]: r[col('store', 'store_state')] for r in data['store']}
s = data['sales_fact_1997']
data['sales_fact_1997'] = [r for r in s if state[r[col('sales_fact_1997', 'store_id')]] in SALES_STATES]
# customer: only the customers of the kept sales (customers are referenced by nothing else).
kept = {r[col('sales_fact_1997', 'customer_id')] for r in data['sales_fact_1997']}
all_customers = len(data['customer'])
data['customer'] = [r for r in data['customer'] if r[col('customer', 'customer_id')] in kept]

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
for table, pk, refs in TABLES:
    lines = []
    for c, d, nn in source_cols[table]:
        line = f'  "{c}" {d}' + (' NOT NULL' if nn else '')
        if pk == [c]: line += ' PRIMARY KEY'
        if c in refs:
            target = dict((t, p) for t, p, _ in TABLES)[refs[c]]
            line += f' REFERENCES {refs[c]} ("{target[0]}")'
        lines.append(line)
    if pk and len(pk) > 1:
        lines.append('  PRIMARY KEY (' + ', '.join(f'"{c}"' for c in pk) + ')')
    db.execute(f'CREATE TABLE {table} (\n' + ',\n'.join(lines) + '\n)')
    n = len(source_cols[table])
    db.executemany(f'INSERT INTO {table} VALUES ({", ".join("?" * n)})', data[table])
db.commit()
print({t: len(data[t]) for t, _, _ in TABLES}, 'customers in the source:', all_customers,
      'sales rows in the source:', len(s))
bad = db.execute('PRAGMA foreign_key_check').fetchall()
assert not bad, bad[:5]
db.execute('VACUUM'); db.close()
