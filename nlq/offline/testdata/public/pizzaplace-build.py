# Builds pizzaplace.db from github.com/rstudio/gt, the gt R package by Posit Software, PBC (commit
# 042da4e8b42231b89844de523e1fa457f3be8e13, 2026-07-17, "Merge pull request #2151 from
# shannonhaughton/keep_with_next", the newest commit; MIT, "MIT + file LICENSE"). Its data set
# `pizzaplace` is a synthetic year (2015) of sales of a pizza place "somewhere in the US", made by
# the package's data-raw/05-pizzaplace.R (set.seed(23)): one row per pizza sold, 49,574 rows of
# id ('2015-000001', the order), date ('YYYY-MM-DD'), time ('HH:MM:SS'), name (the pizza's short
# code, 'bbq_ckn'), size ('S', 'M', 'L', 'XL', 'XXL'), type ('classic', 'chicken', 'supreme',
# 'veggie') and price (USD). man/pizzaplace.Rd lists each of the 32 codes with its full name and
# ingredients ('"bbq_ckn": The Barbecue Chicken Pizza (Barbecued Chicken, Red Peppers, ...)').
# Source files, at the pinned commit: data/pizzaplace.rda (bzip2-compressed R XDR serialization,
# version 3; last changed in 863a7bbf58f636d5057a83d640c53d7a55a1be71, 2025-10-19, "Update
# pizzaplace.rda", a re-save: every value equals the previous version's, 5c2df3b6, 2024-04-13) and
# man/pizzaplace.Rd (last changed in 96f04d93eb2f24274ba2175714141410e5f8852d, 2026-07-15, "Update
# to roxygen2 8.0", whitespace only).
#
# The one flat table is normalised into the layout of the well-known "Pizza Place Sales" data set
# (Maven Analytics' four CSVs; the same counts of orders and order lines):
#   pizza_types   (pizza_type_id = the code, name = the full name from the Rd, category = the
#                  data's `type`, ingredients = the Rd's parenthesised list, as written)
#   pizzas        (pizza_id = code + '_' + lower-case size, 'bbq_ckn_l', 'the_greek_xxl';
#                  pizza_type_id -> pizza_types, size as in the data, price REAL USD; one row per
#                  code and size that was sold, 91; the price of a code and size never varies)
#   orders        (order_id INTEGER = the number after '2015-' in `id`, 1..21350; date ISO text
#                  'YYYY-MM-DD', time text 'HH:MM:SS'; every id has one date and time)
#   order_details (order_details_id = 1.. numbered in the order of each line's first row in the
#                  source; order_id -> orders, pizza_id -> pizzas, quantity = the number of rows
#                  of that order with the same code and size, 1-4)
# Every code of the data has a name in the Rd (none NULL) and its Rd section (Classic, Chicken,
# Supreme, Vegetable) matches its `type`. Declared: the four PRIMARY KEYs and REFERENCES
# pizzas.pizza_type_id, order_details.order_id, order_details.pizza_id; the build checks that
# every value matches and that the tables give back exactly the source's 49,574 rows.
# Left out: nothing of pizzaplace; the package's other data sets; nothing subset.
# Run (in this folder):
#   python3 pizzaplace-build.py <gt git dir> && gzip -9 -n -c pizzaplace.db > pizzaplace.db.gz && rm pizzaplace.db
import bz2, collections, math, os, re, sqlite3, struct, subprocess, sys

COMMIT = '042da4e8b42231b89844de523e1fa457f3be8e13'
GIT_DIR = sys.argv[1] if len(sys.argv) > 1 else 'gt.git'
OUT = 'pizzaplace.db'


def show(path):
    return subprocess.run(['git', f'--git-dir={GIT_DIR}', 'show', f'{COMMIT}:{path}'],
                          check=True, stdout=subprocess.PIPE).stdout


# --- a minimal reader for R's XDR serialization (from taylor-build.py) ---
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
        attrs['_type'] = t
        return v, attrs


def read_rda(name):
    data = bz2.decompress(show(f'data/{name}.rda'))
    assert data[:7] in (b'RDX2\nX\n', b'RDX3\nX\n'), data[:7]
    r = RReader(data)
    version = struct.unpack_from('>i', data, 7)[0]
    r.p = 7 + 12                               # format version, R version, min R version
    if version == 3:
        n = r.int()                            # native encoding name ('UTF-8')
        r.p += n
    (obj, (columns, attrs)), = r.item()        # one saved object: a tibble
    assert obj == name, obj
    return {col: v for col, (v, a) in zip(attrs['names'][0], columns)}


# --- the pizza names and ingredients of man/pizzaplace.Rd ---
def read_rd():
    text = show('man/pizzaplace.Rd').decode('utf-8')
    details = text.split('\\details{', 1)[1].split('\\section{', 1)[0]
    section_type = {'Classic': 'classic', 'Chicken': 'chicken', 'Supreme': 'supreme',
                    'Vegetable': 'veggie'}
    types, current = [], None
    for block in re.split(r'\n(?=(?:Classic|Chicken|Supreme|Vegetable) Pizzas)', details)[1:]:
        current = section_type[block.split(' ', 1)[0]]
        for item in block.split('\\item ')[1:]:
            item = re.sub(r'(\s*\})+$', '', ' '.join(item.split()))   # closing itemize/details
            m = re.fullmatch(r'\\code\{"(\w+)"\}: (The [^()]+ Pizza) \((.+)\)', item)
            assert m, item
            types.append((m.group(1), m.group(2), current, m.group(3)))
    return types


SCHEMA = '''
CREATE TABLE pizza_types (
  pizza_type_id TEXT PRIMARY KEY,
  name          TEXT,
  category      TEXT,
  ingredients   TEXT
);
CREATE TABLE pizzas (
  pizza_id      TEXT PRIMARY KEY,
  pizza_type_id TEXT REFERENCES pizza_types (pizza_type_id),
  size          TEXT,
  price         REAL
);
CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY,
  date     TEXT,
  time     TEXT
);
CREATE TABLE order_details (
  order_details_id INTEGER PRIMARY KEY,
  order_id         INTEGER REFERENCES orders (order_id),
  pizza_id         TEXT REFERENCES pizzas (pizza_id),
  quantity         INTEGER
);
'''
SIZES = ['S', 'M', 'L', 'XL', 'XXL']

src = read_rda('pizzaplace')
assert list(src) == ['id', 'date', 'time', 'name', 'size', 'type', 'price'], list(src)
n = len(src['id'])
assert n == 49574 and all(len(v) == n for v in src.values())
rows = list(zip(*src.values()))
assert all(v is not None and v != '' for r in rows for v in r)

rd = read_rd()
assert len(rd) == len({t[0] for t in rd}) == 32
rd_type = {t[0]: t[2] for t in rd}

orders, prices, lines = {}, {}, collections.OrderedDict()
for id_, date, time, name, size, type_, price in rows:
    m = re.fullmatch(r'2015-(\d{6})', id_)
    assert m, id_
    assert re.fullmatch(r'2015-\d\d-\d\d', date) and re.fullmatch(r'\d\d:\d\d:\d\d', time)
    assert size in SIZES and rd_type[name] == type_, (name, type_)
    order_id = int(m.group(1))
    assert orders.setdefault(order_id, (date, time)) == (date, time), id_
    pizza_id = f'{name}_{size.lower()}'
    assert prices.setdefault(pizza_id, (name, size, price)) == (name, size, price), pizza_id
    lines[(order_id, pizza_id)] = lines.get((order_id, pizza_id), 0) + 1
assert sorted(orders) == list(range(1, len(orders) + 1))
assert {p[0] for p in prices.values()} == set(rd_type)

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.executescript(SCHEMA)
db.executemany('INSERT INTO pizza_types VALUES (?, ?, ?, ?)', rd)
order = {t[0]: i for i, t in enumerate(rd)}
db.executemany('INSERT INTO pizzas VALUES (?, ?, ?, ?)',
               [(pid, name, size, price) for pid, (name, size, price) in
                sorted(prices.items(), key=lambda kv: (order[kv[1][0]], SIZES.index(kv[1][1])))])
db.executemany('INSERT INTO orders VALUES (?, ?, ?)', [(k, d, t) for k, (d, t) in sorted(orders.items())])
db.executemany('INSERT INTO order_details VALUES (?, ?, ?, ?)',
               [(i, o, p, q) for i, ((o, p), q) in enumerate(lines.items(), 1)])
db.commit()

counts = {t: db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0]
          for t in ['pizza_types', 'pizzas', 'orders', 'order_details']}
print(counts)
assert counts == {'pizza_types': 32, 'pizzas': 91, 'orders': 21350, 'order_details': 48620}, counts
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
assert db.execute('SELECT COUNT(*) FROM pizza_types WHERE name IS NULL').fetchone()[0] == 0
assert db.execute("SELECT COUNT(*) FROM orders WHERE date(date) IS NOT date").fetchone()[0] == 0
# The tables give back the source rows exactly (as a multiset).
back = collections.Counter()
for r in db.execute('SELECT printf("2015-%06d", o.order_id), o.date, o.time, t.pizza_type_id, p.size,'
                    ' t.category, p.price, d.quantity FROM order_details d JOIN orders o USING (order_id)'
                    ' JOIN pizzas p USING (pizza_id) JOIN pizza_types t USING (pizza_type_id)'):
    back[r[:7]] += r[7]
assert back == collections.Counter(rows)
db.execute('VACUUM'); db.close()
