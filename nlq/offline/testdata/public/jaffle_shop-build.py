# Builds jaffle_shop.db from github.com/dbt-labs/jaffle_shop (the classic dbt test project; commit
# b0b77aac70f490770a1e77c02bb0a2b8771d3203, 2022-02-08; the three seed files last changed in
# ec36ae177ab5cb79da39ff8ab068c878fbac13a0, 2022-02-07, which only moved them from data/ to
# seeds/), Apache License 2.0 (the repository's root LICENSE): the made-up raw data of "Jaffle
# Shop", a fictional e-commerce shop, as three CSV seeds: seeds/raw_customers.csv (id,
# first_name, last_name), seeds/raw_orders.csv (id, user_id, order_date, status) and
# seeds/raw_payments.csv (id, order_id, payment_method, amount).
# Tables: customers, orders and payments (the seed names without the raw_ prefix), with the
# source's column names kept: orders.user_id is the customer (REFERENCES customers(id)),
# payments.order_id the order (REFERENCES orders(id)); id is the primary key of each table.
# Values are kept as written: order_date is already ISO text 'YYYY-MM-DD' (2018-01-01 to
# 2018-04-09); status and payment_method are lower-case snake_case words (status: placed,
# shipped, completed, return_pending, returned; payment_method: credit_card, coupon,
# bank_transfer, gift_card); last_name is only an initial with a full stop ('P.').
# payments.amount is an INTEGER in CENTS, as in the source, NOT converted: 1000 = $10.00 (the
# project's dbt models divide by 100 to get dollars; every amount here is a whole number of
# dollars, 0 to 3000 cents). Every order has at least one payment; 13 orders have two or three
# (split over methods, or two on the same card), and 3 payments are 0.
# Left out: the dbt models, docs and project files (transformations of this same data, not
# data). Nothing is subset: 100 customers, 99 orders, 113 payments.
# Run (in this folder):
#   for f in raw_customers raw_orders raw_payments; do
#     git -C <jaffle_shop git dir> show b0b77aac70f490770a1e77c02bb0a2b8771d3203:seeds/$f.csv > $f.csv; done
#   python3 jaffle_shop-build.py && gzip -9 -n jaffle_shop.db
import csv, os, re, sqlite3

OUT = 'jaffle_shop.db'

SCHEMA = '''
CREATE TABLE customers (
  id         INTEGER NOT NULL PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name  TEXT NOT NULL
);
CREATE TABLE orders (
  id         INTEGER NOT NULL PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES customers (id),
  order_date DATE NOT NULL,
  status     TEXT NOT NULL
);
CREATE TABLE payments (
  id             INTEGER NOT NULL PRIMARY KEY,
  order_id       INTEGER NOT NULL REFERENCES orders (id),
  payment_method TEXT NOT NULL,
  amount         INTEGER NOT NULL  -- in cents
);
'''

TABLES = [  # (table, seed file, columns, converters)
    ('customers', 'raw_customers.csv', ['id', 'first_name', 'last_name'], [int, str, str]),
    ('orders', 'raw_orders.csv', ['id', 'user_id', 'order_date', 'status'], [int, int, str, str]),
    ('payments', 'raw_payments.csv', ['id', 'order_id', 'payment_method', 'amount'], [int, int, str, int]),
]

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)
counts = {}
for table, src, cols, conv in TABLES:
    with open(src, newline='', encoding='utf-8') as f:
        rows = list(csv.reader(f))
    assert rows[0] == cols, (src, rows[0])
    data = []
    for r in rows[1:]:
        assert len(r) == len(cols), (src, r)
        data.append([c(v) for c, v in zip(conv, r)])
    if table == 'orders':
        assert all(re.fullmatch(r'\d{4}-\d\d-\d\d', r[2]) for r in data)
    db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})', data)
    counts[table] = len(data)
db.commit()
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
