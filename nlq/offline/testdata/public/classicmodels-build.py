# Builds classicmodels.db from the Eclipse BIRT project's sample database "Classic Models" (a
# retailer of scale models of classic cars: offices, employees, customers, orders, order lines,
# payments, products, product lines), as shipped in BIRT's sample-database plugin:
#   github.com/eclipse-birt/birt  commit f1c4980b46863afc628131e4f66a3fdd5ebb54f6 (2026-08-21)
#   file data/org.eclipse.birt.report.data.oda.sampledb/db/BirtSample.jar, last changed in
#     6f991bee51a3a5492059f4770b5b0b93ba71f635 (2013-06-26, "Update the Classic Models Sample
#     Database to contain the latest date"); LICENSE (EPL-2.0) last changed in
#     c31795120f98d434395ac8ff6579658a3bda0a53 (2022-02-07, "Move license to EPL 2").
# Licence: EPL-2.0 (the plugin's about.html and the repository's LICENSE); see classicmodels.LICENSE.
#
# The jar is a zipped Apache Derby 10.5 database directory (BirtSample/seg0/c*.dat, one file per
# table or index). BIRT ships no SQL or CSV copy of it, so this script reads Derby's on-disk format
# itself (standard library only): the container header (page size), the slotted data pages, the
# record and field headers (Derby's compressed ints), long columns chained over overflow pages, and
# the serialized values of the types used here (INTEGER, SMALLINT, DOUBLE, DATE, VARCHAR,
# LONG VARCHAR, CLOB, BLOB). The schema comes from Derby's own catalog (SYSTABLES, SYSCOLUMNS,
# SYSCONGLOMERATES, whose container numbers are in service.properties), so table and column names,
# column order and types are the source's.
#
# Tables (schema CLASSICMODELS in Derby; names as Derby stores them, i.e. upper case: the sample's
# DDL used unquoted camel-case identifiers, which Derby folds to upper case, so customerNumber is
# CUSTOMERNUMBER and BIRT's reports query it so): OFFICES (7), EMPLOYEES (23), CUSTOMERS (122),
# ORDERS (326), ORDERDETAILS (2,996), PAYMENTS (273), PRODUCTS (110), PRODUCTLINES (7).
# Keys: the database declares no constraints (SYSCONSTRAINTS, SYSKEYS and SYSFOREIGNKEYS are
# empty); each table has a unique index named <TABLE>_PK, which is declared here as the PRIMARY KEY
# (same columns). No foreign keys are declared, since the source has none; the one other index,
# ORDERS_CUTOMER on ORDERS (CUSTOMERNUMBER), is created under its own (misspelt) name.
# Types: INTEGER and SMALLINT -> INTEGER, DOUBLE -> REAL (money amounts are DOUBLE in the source),
# VARCHAR / LONG VARCHAR / CLOB -> TEXT, DATE -> TEXT 'YYYY-MM-DD', BLOB -> BLOB (the product-line
# pictures, JPEG). Values are kept as stored (no trimming); empty strings would become NULL (there
# are none). Rows are inserted in primary-key order. Nothing is subset or left out.
#
# Usage: python3 classicmodels-build.py <eclipse-birt+birt git dir> <out.db>
#        gzip -9 -n <out.db>
import io, os, re, sqlite3, struct, subprocess, sys, zipfile

COMMIT = 'f1c4980b46863afc628131e4f66a3fdd5ebb54f6'
JAR = 'data/org.eclipse.birt.report.data.oda.sampledb/db/BirtSample.jar'
GIT, OUT = sys.argv[1], sys.argv[2]

EXPECTED_ROWS = {'OFFICES': 7, 'EMPLOYEES': 23, 'CUSTOMERS': 122, 'ORDERS': 326,
                 'ORDERDETAILS': 2996, 'PAYMENTS': 273, 'PRODUCTS': 110, 'PRODUCTLINES': 7}
# creation order (referenced tables first, as a reader would expect)
TABLE_ORDER = ['PRODUCTLINES', 'PRODUCTS', 'OFFICES', 'EMPLOYEES', 'CUSTOMERS', 'ORDERS',
               'ORDERDETAILS', 'PAYMENTS']

jar = subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:{JAR}'],
                     check=True, capture_output=True).stdout
ZIP = zipfile.ZipFile(io.BytesIO(jar))


# ---------------------------------------------------------------- Derby storage
def cint(b, p):
    """Derby CompressedNumber int: 1, 2 or 4 bytes."""
    v = b[p]
    if v & ~0x3f == 0:
        return v, p + 1
    if v & 0x80 == 0:
        return ((v & 0x3f) << 8) | b[p + 1], p + 2
    return ((v & 0x7f) << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3], p + 4


def clong(b, p):
    """Derby CompressedNumber long: 2, 4 or 8 bytes."""
    v = b[p]
    if v & ~0x3f == 0:
        return (v << 8) | b[p + 1], p + 2
    if v & 0x80 == 0:
        return int.from_bytes(bytes([v & 0x3f]) + b[p + 1:p + 4], 'big'), p + 4
    return int.from_bytes(bytes([v & 0x7f]) + b[p + 1:p + 8], 'big'), p + 8


STORED_PAGE, ALLOC_PAGE = 0x75, 0x76
REC_DELETED, REC_OVERFLOW, REC_FIRST_FIELD = 0x01, 0x02, 0x04
FLD_NULL, FLD_OVERFLOW, FLD_FIXED = 0x01, 0x02, 0x20


class Container:
    """One Derby container file (a heap), read-only."""

    def __init__(self, number):
        self.data = ZIP.read(f'BirtSample/seg0/c{number:x}.dat')
        # page 0 is an allocation page; its borrowed space (after the 60-byte page header and
        # 48 bytes of alloc-page header, plus one length byte) holds the container header:
        # format id 116, status, page size, ...
        assert struct.unpack('>H', self.data[0:2])[0] == ALLOC_PAGE
        assert self.data[0x6d:0x71] == b'\x00\x00\x00\x74'
        self.pagesize = struct.unpack('>i', self.data[0x75:0x79])[0]
        assert len(self.data) % self.pagesize == 0
        self.npages = len(self.data) // self.pagesize

    def page(self, n):
        return self.data[n * self.pagesize:(n + 1) * self.pagesize]

    def slots(self, n):
        """(is_overflow_page, status, [slot offsets]) of a stored page, None otherwise."""
        pg = self.page(n)
        if struct.unpack('>H', pg[0:2])[0] != STORED_PAGE:
            return None
        nslots = struct.unpack('>H', pg[14:16])[0]
        es = 2 if self.pagesize < 65536 else 4
        offs = []
        for i in range(nslots):
            base = self.pagesize - 8 - (i + 1) * 3 * es   # 8-byte checksum at the very end
            offs.append(int.from_bytes(pg[base:base + es], 'big'))
        return pg[4], pg[5], offs

    def record(self, n, off):
        """(record status, record id, [(field status, bytes or None)]) at an offset of page n."""
        pg = self.page(n)
        p = off
        st = pg[p]
        p += 1
        rid, p = cint(pg, p)
        assert not st & REC_OVERFLOW, 'record overflow not expected here'
        if st & REC_FIRST_FIELD:
            first, p = cint(pg, p)
            assert first == 0
        nf, p = cint(pg, p)
        fields = []
        for _ in range(nf):
            fs = pg[p]
            p += 1
            if fs & FLD_NULL:
                fields.append((fs, None))
                continue
            assert not fs & FLD_FIXED
            ln, p = cint(pg, p)
            fields.append((fs, pg[p:p + ln]))
            p += ln
        return st, rid, fields

    def record_by_id(self, n, rid):
        _, _, offs = self.slots(n)
        for off in offs:
            r = self.record(n, off)
            if r[1] == rid:
                return r
        raise KeyError((n, rid))

    def long_column(self, ptr):
        """Follows a long column's chain of record portions on overflow pages."""
        out = b''
        while ptr is not None:
            page, p = clong(ptr, 0)
            rid, p = cint(ptr, p)
            _, _, fields = self.record_by_id(page, rid)
            ptr = None
            for fs, b in fields:
                if fs & FLD_OVERFLOW:
                    ptr = b
                else:
                    out += b
        return out

    def rows(self):
        """The live rows of the heap, as lists of raw field bytes (None = NULL)."""
        for n in range(1, self.npages):
            s = self.slots(n)
            if s is None:
                continue
            is_ovf, status, offs = s
            if is_ovf or status != 1:     # overflow pages hold long-column portions only
                assert is_ovf or not offs
                continue
            for i, off in enumerate(offs):
                if n == 1 and i == 0:     # the heap's control row (conglomerate metadata)
                    continue
                st, _, fields = self.record(n, off)
                if st & REC_DELETED:
                    continue
                yield [None if b is None else
                       (self.long_column(b) if fs & FLD_OVERFLOW else b) for fs, b in fields]


# ---------------------------------------------------------------- Derby values
def mutf8(b):
    """Java 'modified UTF-8' (NUL as C0 80, supplementary chars as surrogate pairs)."""
    s = b.replace(b'\xc0\x80', b'\x00').decode('utf-8', 'surrogatepass')
    return s.encode('utf-16', 'surrogatepass').decode('utf-16')


def v_varchar(b):
    n = struct.unpack('>H', b[:2])[0]
    assert n == len(b) - 2, (n, len(b))     # 2-byte length of the encoded text
    return mutf8(b[2:])


def v_clob(b):
    # Derby 10.5 stream header: char count bytes 3,2 | magic 0xF0 | char count bytes 1,0
    assert b[2] == 0xF0
    n = (b[0] << 24) | (b[1] << 16) | (b[3] << 8) | b[4]
    s = mutf8(b[5:])
    assert len(s) == n, (len(s), n)
    return s


def v_blob(b):
    h = b[0]
    if h == 0xA0:
        n, data = struct.unpack('>H', b[1:3])[0], b[3:]
    elif h == 0xC0:
        n, data = struct.unpack('>i', b[1:5])[0], b[5:]
    else:
        assert h & 0xE0 == 0x80
        n, data = h & 0x1f, b[1:]
    assert n == len(data), (n, len(data))
    return data


def v_date(b):
    v = struct.unpack('>i', b)[0]
    return f'{v >> 16:04d}-{(v >> 8) & 0xff:02d}-{v & 0xff:02d}'


DECODE = {
    'INTEGER': lambda b: struct.unpack('>i', b)[0],
    'SMALLINT': lambda b: struct.unpack('>h', b)[0],
    'BIGINT': lambda b: struct.unpack('>q', b)[0],
    'DOUBLE': lambda b: struct.unpack('>d', b)[0],
    'DATE': v_date,
    'VARCHAR': v_varchar,
    'CHAR': v_varchar,
    'LONG VARCHAR': v_varchar,
    'CLOB': v_clob,
    'BLOB': v_blob,
}
SQLITE_TYPE = {'INTEGER': 'INTEGER', 'SMALLINT': 'INTEGER', 'BIGINT': 'INTEGER',
               'DOUBLE': 'REAL', 'DATE': 'TEXT', 'VARCHAR': 'TEXT', 'CHAR': 'TEXT',
               'LONG VARCHAR': 'TEXT', 'CLOB': 'TEXT', 'BLOB': 'BLOB'}


def type_descriptor(b):
    """(type name, nullable) from a serialized SYSCOLUMNS.COLUMNDATATYPE."""
    m = re.match(rb'\x00\x0e..\x00(.)', b, re.S)
    n = m.group(1)[0]
    name = b[6:6 + n].decode()
    rest = b[6 + n:]
    # precision (4), scale (4), isNullable (1), maximumWidth (4)
    return name, rest[8] == 1


# ---------------------------------------------------------------- catalog
props = dict(l.split('=', 1) for l in ZIP.read('BirtSample/service.properties').decode(
    'latin-1').splitlines() if '=' in l and not l.startswith('#'))
SYSTABLES = int(props['SystablesIdentifier'])
SYSCOLUMNS = int(props['SyscolumnsIdentifier'])
SYSCONGLOMERATES = int(props['SysconglomeratesIdentifier'])

tables = {}     # TABLEID -> name, for user tables ('T')
for f in Container(SYSTABLES).rows():
    tid, name, ttype = v_varchar(f[0]), v_varchar(f[1]), v_varchar(f[2])
    if ttype == 'T':
        tables[tid] = name
assert sorted(tables.values()) == sorted(EXPECTED_ROWS), tables

columns = {t: [] for t in tables}     # TABLEID -> [(number, name, type, nullable)]
for f in Container(SYSCOLUMNS).rows():
    tid = v_varchar(f[0])
    if tid in columns:
        typ, nullable = type_descriptor(f[3])
        columns[tid].append((DECODE['INTEGER'](f[2]), v_varchar(f[1]), typ, nullable))

heap, pk, indexes = {}, {}, {}
for f in Container(SYSCONGLOMERATES).rows():
    tid = v_varchar(f[1])
    if tid not in tables:
        continue
    number, name, is_index = DECODE['BIGINT'](f[2]), v_varchar(f[3]), f[4] == b'\x01'
    if not is_index:
        heap[tid] = number
        continue
    desc = {k.decode(): struct.unpack('>i', v)[0]
            for k, v in re.findall(rb'(bcp\d+|isUnique|keyLength)\x01/(.{4})', f[5], re.S)}
    cols = [desc[f'bcp{i}'] for i in range(desc['keyLength'])]
    if name == tables[tid] + '_PK':
        assert desc['isUnique'] == 1
        pk[tid] = cols
    else:
        indexes.setdefault(tid, []).append((name, cols, desc['isUnique']))

# ---------------------------------------------------------------- build
if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
by_name = {v: k for k, v in tables.items()}
for tname in TABLE_ORDER:
    tid = by_name[tname]
    cols = sorted(columns[tid])
    assert [c[0] for c in cols] == list(range(1, len(cols) + 1))
    names = [c[1] for c in cols]
    key = [names[i - 1] for i in pk[tid]]
    defs = [f'  {c[1]:<22} {SQLITE_TYPE[c[2]]}' + ('' if c[3] and c[1] not in key else ' NOT NULL')
            for c in cols]
    defs.append(f'  PRIMARY KEY ({", ".join(key)})')
    db.execute(f'CREATE TABLE {tname} (\n' + ',\n'.join(defs) + '\n)')
    for iname, icols, uniq in indexes.get(tid, []):
        db.execute(f'CREATE {"UNIQUE " if uniq else ""}INDEX {iname} ON {tname} '
                   f'({", ".join(names[i - 1] for i in icols)})')
    data = []
    for raw in Container(heap[tid]).rows():
        assert len(raw) == len(cols), (tname, len(raw))
        row = []
        for c, b in zip(cols, raw):
            v = None if b is None else DECODE[c[2]](b)
            if v == '':
                v = None
            row.append(v)
        data.append(row)
    assert len(data) == EXPECTED_ROWS[tname], (tname, len(data))
    kidx = [i - 1 for i in pk[tid]]
    data.sort(key=lambda r: [r[i] for i in kidx])
    db.executemany(f'INSERT INTO {tname} VALUES ({",".join("?" * len(cols))})', data)
db.commit()

for t in TABLE_ORDER:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
db.execute('VACUUM')
db.close()
