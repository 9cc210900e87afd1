#!/usr/bin/env python3
# Builds wwi.db: the sales side of Microsoft's "Wide World Importers" (WWI) sample database, the
# OLTP database of a made-up wholesale novelty-goods importer and distributor in San Francisco that
# sells to novelty shops, supermarkets, computer stores, gift shops and corporate buyers across the
# USA (the two "buying groups" Tailspin Toys and Wingtip Toys have one head office and many
# branches), cut to the orders of 2015-01-01 .. 2016-05-31 (see "Subset").
#
# Data: github.com/microsoft/sql-server-samples, samples/databases/wide-world-importers (the
#   WideWorldImporters database, published as WideWorldImporters-Full.bak in the repository's
#   wide-world-importers-v1.0 release; authors Greg Low, Denzil Ribeiro, Jos de Bruijn, Robert
#   Cain), Copyright (c) Microsoft Corporation, MIT License (the repository's LICENSE; see
#   wwi.LICENSE).
# Copy used: github.com/aanundgit/OLTP-WideworldImporters, commit
#   b2b027c1203c63be04fa776790331a2dfd32382c (2023-12-04, the newest), a table-by-table export of
#   the WideWorldImporters database (73,595 orders 2013-01-01 .. 2016-05-31, the .bak's counts),
#   made with pandas 1.5.3 / pyarrow 9.0.0. It has no licence file of its own (its README says only
#   "csv format"); the rows are Microsoft's MIT-licensed sample data, exported unchanged.
#   Read from it:
#     CSV (added in 515033075d345fcf145980c291a617c5651ea927, 2023-10-24; pandas to_csv: a leading
#     unnamed index column, NULL as an empty field, nullable integers written as floats '1002.0',
#     bits as 'True'/'False'):
#       Application.People.csv, Sales.CustomerCategories.csv, Sales.Customers.csv,
#       Purchasing.Suppliers.csv, Warehouse.StockGroups.csv, Warehouse.StockItems.csv,
#       Warehouse.StockItemStockGroups.csv, Purchasing.PurchaseOrders.csv
#     Parquet (added in b997c4dae07c8cd9fb848592481f9417dc9b9e1d, 2023-12-04; the CSV exports of
#     these two tables are >= 4 MiB and absent from the stored snapshot, the Parquet files are not):
#       Delta-Parquet-Format/Sales.Orders/0-b910ac58-d06b-4750-b1b6-ceb7cddf9e4c-0.parquet
#       Delta-Parquet-Format/Sales.OrderLines/0-266994b4-b9fd-4a29-b30e-081b6edf7849-0.parquet
#     (snappy-compressed, timestamps as microseconds; read below by a small stdlib Parquet reader).
#
# Usage (Python 3.11, standard library only; `git` on PATH when reading a bare git dir):
#   python3 wwi-build.py <git-dir-or-checkout> <out.db>
#   e.g. python3 wwi-build.py /work/.mirror/aanundgit+OLTP-WideworldImporters/repo wwi.db
#   then gzip -9 -n wwi.db
#
# Naming: WWI's own PascalCase table and column names, with the SQL Server schema kept as a prefix
#   joined by an underscore (Sales.Orders -> Sales_Orders, Warehouse.StockItems ->
#   Warehouse_StockItems, Application.People -> Application_People); keys `<Thing>ID`, role-named
#   person keys (SalespersonPersonID, PickedByPersonID, ContactPersonID, PrimaryContactPersonID),
#   bits `Is...` as 0/1.
#
# Tables (10; primary keys and the source's foreign keys among them declared as REFERENCES):
#   Application_People (1,111): everyone - staff (IsEmployee; 10 are IsSalesperson) and the
#     contacts of customers and suppliers. CustomFields is WWI's JSON text (staff only: HireDate,
#     Title, PrimarySalesTerritory, CommissionRate, OtherLanguages). HashedPassword,
#     UserPreferences, Photo and the audit columns left out.
#   Sales_CustomerCategories (8), Sales_Customers (663): CustomerName carries the branch's town for
#     the buying-group branches ('Tailspin Toys (Sylvanite, MT)'); BillToCustomerID points at the
#     head office that is billed; CreditLimit NULL = no limit set. BuyingGroupID, DeliveryMethodID,
#     DeliveryCityID, PostalCityID, DeliveryLocation (geography), DeliveryRun/RunPosition (always
#     NULL) and the audit/temporal columns left out, their tables not being included.
#   Purchasing_Suppliers (13): SupplierCategoryID, DeliveryMethodID, city ids and the geography
#     column left out.
#   Warehouse_StockGroups (10), Warehouse_StockItemStockGroups (442, the many-to-many link),
#   Warehouse_StockItems (227): UnitPrice is the selling price before tax, TaxRate a percent (15 or
#     10), RecommendedRetailPrice the shop price; Barcode restored from pandas' float '8302039293929.0'
#     to text; ColorID, UnitPackageID, OuterPackageID, Photo and audit columns left out.
#   Sales_Orders (32,946): one row per customer order; BackorderOrderID = the order created for the
#     undersupplied rest; PickedByPersonID NULL until picked; dates 'YYYY-MM-DD', PickingCompletedWhen
#     'YYYY-MM-DD HH:MM:SS'. Comments, DeliveryInstructions and InternalComments (NULL on every row)
#     and the audit columns left out.
#   Sales_OrderLines (102,905): Quantity units at UnitPrice (ex tax) with TaxRate percent; a line's value is
#     Quantity * UnitPrice (no total is stored). PackageTypeID and the audit columns left out.
#   Purchasing_PurchaseOrders (865): orders placed with suppliers (headers only; their lines left out).
#     DeliveryMethodID, Comments, InternalComments (always NULL) and audit columns left out.
#
# Subset: Sales_Orders with OrderDate 2015-01-01 .. 2016-05-31 (the last day of the data) and their
#   Sales_OrderLines; Purchasing_PurchaseOrders with OrderDate in the same window. Everything else
#   whole. A BackorderOrderID always points at a later order, so every reference resolves.

import struct, zlib


# ---------- thrift compact protocol ----------
class _T:
    def __init__(self, b, pos=0):
        self.b, self.p = b, pos

    def byte(self):
        v = self.b[self.p]; self.p += 1; return v

    def varint(self):
        r = s = 0
        while True:
            x = self.byte(); r |= (x & 0x7F) << s; s += 7
            if not x & 0x80:
                return r

    def zz(self):
        n = self.varint(); return (n >> 1) ^ -(n & 1)

    def val(self, t):
        if t in (1, 2):
            return t == 1
        if t == 3:
            v = self.byte(); return v - 256 if v > 127 else v
        if t in (4, 5, 6):
            return self.zz()
        if t == 7:
            v = struct.unpack_from('<d', self.b, self.p)[0]; self.p += 8; return v
        if t == 8:
            n = self.varint(); v = bytes(self.b[self.p:self.p + n]); self.p += n; return v
        if t in (9, 10):
            h = self.byte(); n = h >> 4; et = h & 15
            if n == 15:
                n = self.varint()
            if et in (1, 2):
                return [self.byte() == 1 for _ in range(n)]
            return [self.val(et) for _ in range(n)]
        if t == 11:
            n = self.varint()
            if n:
                kv = self.byte(); return {self.val(kv >> 4): self.val(kv & 15) for _ in range(n)}
            return {}
        if t == 12:
            return self.struct()
        raise ValueError('thrift type %d' % t)

    def struct(self):
        d = {}; fid = 0
        while True:
            h = self.byte()
            if h == 0:
                return d
            t = h & 15; delta = h >> 4
            fid = fid + delta if delta else self.zz()
            d[fid] = self.val(t)


# ---------- snappy ----------
def snappy(b):
    p = 0; n = s = 0
    while True:
        x = b[p]; p += 1; n |= (x & 0x7F) << s; s += 7
        if not x & 0x80:
            break
    out = bytearray(); L = len(b)
    while p < L:
        tag = b[p]; p += 1; k = tag & 3
        if k == 0:
            ln = tag >> 2
            if ln >= 60:
                nb = ln - 59; ln = int.from_bytes(b[p:p + nb], 'little'); p += nb
            ln += 1; out += b[p:p + ln]; p += ln; continue
        if k == 1:
            ln = ((tag >> 2) & 7) + 4; off = ((tag >> 5) << 8) | b[p]; p += 1
        elif k == 2:
            ln = (tag >> 2) + 1; off = int.from_bytes(b[p:p + 2], 'little'); p += 2
        else:
            ln = (tag >> 2) + 1; off = int.from_bytes(b[p:p + 4], 'little'); p += 4
        st = len(out) - off
        if off >= ln:
            out += out[st:st + ln]
        else:
            for i in range(ln):
                out.append(out[st + i])
    assert len(out) == n
    return bytes(out)


def _decomp(codec, b, size):
    if codec == 0:
        return bytes(b)
    if codec == 1:
        return snappy(b)
    if codec == 2:
        return zlib.decompress(b, 31)
    raise ValueError('codec %d not supported' % codec)


# ---------- RLE / bit-packed hybrid ----------
def _rle(b, p, end, width, count):
    out = []
    if width == 0:
        return [0] * count
    bw = (width + 7) // 8; mask = (1 << width) - 1
    while len(out) < count and p < end:
        h = s = 0
        while True:
            x = b[p]; p += 1; h |= (x & 0x7F) << s; s += 7
            if not x & 0x80:
                break
        if h & 1:
            groups = h >> 1; nbytes = groups * width
            v = int.from_bytes(b[p:p + nbytes], 'little'); p += nbytes
            for i in range(groups * 8):
                out.append((v >> (i * width)) & mask)
        else:
            v = int.from_bytes(b[p:p + bw], 'little'); p += bw
            out.extend([v] * (h >> 1))
    return out[:count]


def _plain(ptype, b, p, n, tlen=0):
    if ptype == 1:
        return list(struct.unpack_from('<%di' % n, b, p))
    if ptype == 2:
        return list(struct.unpack_from('<%dq' % n, b, p))
    if ptype == 4:
        return list(struct.unpack_from('<%df' % n, b, p))
    if ptype == 5:
        return list(struct.unpack_from('<%dd' % n, b, p))
    if ptype == 0:
        return [bool((b[p + i // 8] >> (i % 8)) & 1) for i in range(n)]
    if ptype == 6:
        out = []
        for _ in range(n):
            ln = struct.unpack_from('<i', b, p)[0]; p += 4
            out.append(bytes(b[p:p + ln])); p += ln
        return out
    if ptype == 7:
        out = [bytes(b[p + i * tlen:p + (i + 1) * tlen]) for i in range(n)]
        return out
    if ptype == 3:
        return [bytes(b[p + i * 12:p + (i + 1) * 12]) for i in range(n)]
    raise ValueError('type %d' % ptype)


def read_parquet(path):
    """Return (column names, list of row tuples) with raw physical values
    (None for nulls, byte strings decoded as UTF-8 when the column is a string)."""
    data = open(path, 'rb').read()
    assert data[:4] == b'PAR1' and data[-4:] == b'PAR1'
    mlen = struct.unpack_from('<i', data, len(data) - 8)[0]
    meta = _T(data, len(data) - 8 - mlen).struct()
    schema = meta[2]
    leaves = [e for e in schema[1:]]
    names = [e[4].decode() for e in leaves]
    cols = [[] for _ in leaves]
    for rg in meta[4]:
        for ci, cc in enumerate(rg[1]):
            md = cc[3]; ptype = md[1]; codec = md[4]
            el = leaves[ci]
            optional = el.get(3, 0) == 1
            tlen = el.get(2, 0)
            start = md.get(11, md[9]); end = start + md[7]
            p = start; dictv = None; out = cols[ci]; nvals_total = md[5]; got = 0
            while got < nvals_total and p < end:
                t = _T(data, p); ph = t.struct(); p = t.p
                ptyp = ph[1]; usize = ph[2]; csize = ph[3]
                raw = data[p:p + csize]; p += csize
                if ptyp == 2:  # dictionary page
                    dh = ph[7]
                    page = _decomp(codec, raw, usize)
                    dictv = _plain(ptype, page, 0, dh[1], tlen)
                    continue
                if ptyp == 0:  # data page v1
                    dh = ph[5]; n = dh[1]; enc = dh[2]
                    page = _decomp(codec, raw, usize); q = 0
                    if optional:
                        ln = struct.unpack_from('<i', page, q)[0]; q += 4
                        defs = _rle(page, q, q + ln, 1, n); q += ln
                    else:
                        defs = [1] * n
                elif ptyp == 3:  # data page v2
                    dh = ph[8]; n = dh[1]; nnull = dh[2]; enc = dh[4]
                    dl = dh[5]; rl = dh[6]; comp = dh.get(7, True)
                    levels = raw[:rl + dl]
                    body = raw[rl + dl:]
                    page = _decomp(codec if comp else 0, body, usize - rl - dl); q = 0
                    if optional:
                        defs = _rle(levels, rl, rl + dl, 1, n)
                    else:
                        defs = [1] * n
                else:
                    continue
                nn = sum(defs)
                if enc in (2, 8):
                    width = page[q]; q += 1
                    idx = _rle(page, q, len(page), width, nn)
                    vals = [dictv[i] for i in idx]
                elif enc == 0:
                    vals = _plain(ptype, page, q, nn, tlen)
                elif enc == 3 and ptype == 0:
                    ln = struct.unpack_from('<i', page, q)[0]; q += 4
                    vals = [bool(x) for x in _rle(page, q, q + ln, 1, nn)]
                else:
                    raise ValueError('encoding %d' % enc)
                it = iter(vals)
                for d in defs:
                    out.append(next(it) if d else None)
                got += n
    # decode strings
    for ci, el in enumerate(leaves):
        if el.get(1) == 6:
            conv = el.get(6)
            lt = el.get(10, {})
            if conv == 0 or 1 in lt or conv is None:
                cols[ci] = [v.decode('utf-8') if isinstance(v, bytes) else v for v in cols[ci]]
    return names, leaves, list(zip(*cols))

TABLES = r"""
CREATE TABLE Application_People (
  PersonID INTEGER PRIMARY KEY,
  FullName TEXT NOT NULL,
  PreferredName TEXT NOT NULL,
  SearchName TEXT NOT NULL,
  IsPermittedToLogon INTEGER NOT NULL,
  LogonName TEXT,
  IsExternalLogonProvider INTEGER NOT NULL,
  IsSystemUser INTEGER NOT NULL,
  IsEmployee INTEGER NOT NULL,
  IsSalesperson INTEGER NOT NULL,
  PhoneNumber TEXT,
  FaxNumber TEXT,
  EmailAddress TEXT,
  CustomFields TEXT,
  OtherLanguages TEXT
);
CREATE TABLE Sales_CustomerCategories (
  CustomerCategoryID INTEGER PRIMARY KEY,
  CustomerCategoryName TEXT NOT NULL UNIQUE
);
CREATE TABLE Sales_Customers (
  CustomerID INTEGER PRIMARY KEY,
  CustomerName TEXT NOT NULL UNIQUE,
  BillToCustomerID INTEGER NOT NULL REFERENCES Sales_Customers (CustomerID),
  CustomerCategoryID INTEGER NOT NULL REFERENCES Sales_CustomerCategories (CustomerCategoryID),
  PrimaryContactPersonID INTEGER NOT NULL REFERENCES Application_People (PersonID),
  AlternateContactPersonID INTEGER REFERENCES Application_People (PersonID),
  CreditLimit REAL,
  AccountOpenedDate TEXT NOT NULL,
  StandardDiscountPercentage REAL NOT NULL,
  IsStatementSent INTEGER NOT NULL,
  IsOnCreditHold INTEGER NOT NULL,
  PaymentDays INTEGER NOT NULL,
  PhoneNumber TEXT NOT NULL,
  FaxNumber TEXT NOT NULL,
  WebsiteURL TEXT NOT NULL,
  DeliveryAddressLine1 TEXT NOT NULL,
  DeliveryAddressLine2 TEXT,
  DeliveryPostalCode TEXT NOT NULL,
  PostalAddressLine1 TEXT NOT NULL,
  PostalAddressLine2 TEXT,
  PostalPostalCode TEXT NOT NULL
);
CREATE TABLE Purchasing_Suppliers (
  SupplierID INTEGER PRIMARY KEY,
  SupplierName TEXT NOT NULL UNIQUE,
  PrimaryContactPersonID INTEGER NOT NULL REFERENCES Application_People (PersonID),
  AlternateContactPersonID INTEGER NOT NULL REFERENCES Application_People (PersonID),
  SupplierReference TEXT,
  BankAccountName TEXT,
  BankAccountBranch TEXT,
  BankAccountCode TEXT,
  BankAccountNumber TEXT,
  BankInternationalCode TEXT,
  PaymentDays INTEGER NOT NULL,
  InternalComments TEXT,
  PhoneNumber TEXT NOT NULL,
  FaxNumber TEXT NOT NULL,
  WebsiteURL TEXT NOT NULL,
  DeliveryAddressLine1 TEXT,
  DeliveryAddressLine2 TEXT,
  DeliveryPostalCode TEXT NOT NULL,
  PostalAddressLine1 TEXT NOT NULL,
  PostalAddressLine2 TEXT,
  PostalPostalCode TEXT NOT NULL
);
CREATE TABLE Warehouse_StockGroups (
  StockGroupID INTEGER PRIMARY KEY,
  StockGroupName TEXT NOT NULL UNIQUE
);
CREATE TABLE Warehouse_StockItems (
  StockItemID INTEGER PRIMARY KEY,
  StockItemName TEXT NOT NULL UNIQUE,
  SupplierID INTEGER NOT NULL REFERENCES Purchasing_Suppliers (SupplierID),
  Brand TEXT,
  Size TEXT,
  LeadTimeDays INTEGER NOT NULL,
  QuantityPerOuter INTEGER NOT NULL,
  IsChillerStock INTEGER NOT NULL,
  Barcode TEXT,
  TaxRate REAL NOT NULL,
  UnitPrice REAL NOT NULL,
  RecommendedRetailPrice REAL,
  TypicalWeightPerUnit REAL NOT NULL,
  MarketingComments TEXT,
  InternalComments TEXT,
  CustomFields TEXT,
  Tags TEXT,
  SearchDetails TEXT NOT NULL
);
CREATE TABLE Warehouse_StockItemStockGroups (
  StockItemStockGroupID INTEGER PRIMARY KEY,
  StockItemID INTEGER NOT NULL REFERENCES Warehouse_StockItems (StockItemID),
  StockGroupID INTEGER NOT NULL REFERENCES Warehouse_StockGroups (StockGroupID),
  UNIQUE (StockItemID, StockGroupID)
);
CREATE TABLE Sales_Orders (
  OrderID INTEGER PRIMARY KEY,
  CustomerID INTEGER NOT NULL REFERENCES Sales_Customers (CustomerID),
  SalespersonPersonID INTEGER NOT NULL REFERENCES Application_People (PersonID),
  PickedByPersonID INTEGER REFERENCES Application_People (PersonID),
  ContactPersonID INTEGER NOT NULL REFERENCES Application_People (PersonID),
  BackorderOrderID INTEGER REFERENCES Sales_Orders (OrderID),
  OrderDate TEXT NOT NULL,
  ExpectedDeliveryDate TEXT NOT NULL,
  CustomerPurchaseOrderNumber TEXT,
  IsUndersupplyBackordered INTEGER NOT NULL,
  PickingCompletedWhen TEXT
);
CREATE TABLE Sales_OrderLines (
  OrderLineID INTEGER PRIMARY KEY,
  OrderID INTEGER NOT NULL REFERENCES Sales_Orders (OrderID),
  StockItemID INTEGER NOT NULL REFERENCES Warehouse_StockItems (StockItemID),
  Description TEXT NOT NULL,
  Quantity INTEGER NOT NULL,
  UnitPrice REAL,
  TaxRate REAL NOT NULL,
  PickedQuantity INTEGER NOT NULL,
  PickingCompletedWhen TEXT
);
CREATE TABLE Purchasing_PurchaseOrders (
  PurchaseOrderID INTEGER PRIMARY KEY,
  SupplierID INTEGER NOT NULL REFERENCES Purchasing_Suppliers (SupplierID),
  OrderDate TEXT NOT NULL,
  ContactPersonID INTEGER NOT NULL REFERENCES Application_People (PersonID),
  ExpectedDeliveryDate TEXT,
  SupplierReference TEXT,
  IsOrderFinalized INTEGER NOT NULL
);
CREATE INDEX IX_Sales_Customers_CustomerCategoryID ON Sales_Customers (CustomerCategoryID);
CREATE INDEX IX_Warehouse_StockItems_SupplierID ON Warehouse_StockItems (SupplierID);
CREATE INDEX IX_Warehouse_StockItemStockGroups_StockGroupID ON Warehouse_StockItemStockGroups (StockGroupID);
CREATE INDEX IX_Sales_Orders_CustomerID ON Sales_Orders (CustomerID);
CREATE INDEX IX_Purchasing_PurchaseOrders_SupplierID ON Purchasing_PurchaseOrders (SupplierID);
"""


import csv, datetime, io, os, sqlite3, subprocess, sys

COMMIT = 'b2b027c1203c63be04fa776790331a2dfd32382c'
ORDERS_PQ = 'Delta-Parquet-Format/Sales.Orders/0-b910ac58-d06b-4750-b1b6-ceb7cddf9e4c-0.parquet'
LINES_PQ = 'Delta-Parquet-Format/Sales.OrderLines/0-266994b4-b9fd-4a29-b30e-081b6edf7849-0.parquet'
FROM, TO = '2015-01-01', '2016-05-31'


def source(src, path):
    if os.path.isdir(os.path.join(src, 'objects')):
        return subprocess.run(['git', '--git-dir', src, 'show', COMMIT + ':' + path],
                              check=True, capture_output=True).stdout
    return open(os.path.join(src, path), 'rb').read()


def rows(src, name):
    text = source(src, name).decode('utf-8-sig')
    return list(csv.DictReader(io.StringIO(text, newline='')))


def txt(v):
    return None if v == '' else v


def num(v):
    if v == '':
        return None
    f = float(v)
    return int(f) if f == int(f) and 'e' not in v.lower() else f


def integer(v):
    return None if v == '' else int(float(v))


def real(v):
    return None if v == '' else float(v)


def bit(v):
    if v == '':
        return None
    return {'True': 1, 'False': 0}[v]


def ts(us, date_only):
    if us is None:
        return None
    d = datetime.datetime(1970, 1, 1) + datetime.timedelta(microseconds=us)
    return d.strftime('%Y-%m-%d') if date_only else d.strftime('%Y-%m-%d %H:%M:%S')


def main():
    src, out = sys.argv[1], sys.argv[2]
    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.executescript(TABLES)

    def ins(table, cols, data):
        db.executemany('INSERT INTO %s (%s) VALUES (%s)' % (table, ', '.join(cols), ', '.join('?' * len(cols))), data)

    P = ['PersonID', 'FullName', 'PreferredName', 'SearchName', 'IsPermittedToLogon', 'LogonName',
         'IsExternalLogonProvider', 'IsSystemUser', 'IsEmployee', 'IsSalesperson', 'PhoneNumber',
         'FaxNumber', 'EmailAddress', 'CustomFields', 'OtherLanguages']
    conv = dict(PersonID=integer, IsPermittedToLogon=bit, IsExternalLogonProvider=bit, IsSystemUser=bit,
                IsEmployee=bit, IsSalesperson=bit)
    ins('Application_People', P, [[conv.get(c, txt)(r[c]) for c in P] for r in rows(src, 'Application.People.csv')])

    C = ['CustomerCategoryID', 'CustomerCategoryName']
    ins('Sales_CustomerCategories', C, [[int(r[C[0]]), r[C[1]]] for r in rows(src, 'Sales.CustomerCategories.csv')])

    C = ['CustomerID', 'CustomerName', 'BillToCustomerID', 'CustomerCategoryID', 'PrimaryContactPersonID',
         'AlternateContactPersonID', 'CreditLimit', 'AccountOpenedDate', 'StandardDiscountPercentage',
         'IsStatementSent', 'IsOnCreditHold', 'PaymentDays', 'PhoneNumber', 'FaxNumber', 'WebsiteURL',
         'DeliveryAddressLine1', 'DeliveryAddressLine2', 'DeliveryPostalCode', 'PostalAddressLine1',
         'PostalAddressLine2', 'PostalPostalCode']
    conv = dict(CustomerID=integer, BillToCustomerID=integer, CustomerCategoryID=integer,
                PrimaryContactPersonID=integer, AlternateContactPersonID=integer, CreditLimit=real,
                StandardDiscountPercentage=real, IsStatementSent=bit, IsOnCreditHold=bit, PaymentDays=integer)
    ins('Sales_Customers', C, [[conv.get(c, txt)(r[c]) for c in C] for r in rows(src, 'Sales.Customers.csv')])

    C = ['SupplierID', 'SupplierName', 'PrimaryContactPersonID', 'AlternateContactPersonID',
         'SupplierReference', 'BankAccountName', 'BankAccountBranch', 'BankAccountCode', 'BankAccountNumber',
         'BankInternationalCode', 'PaymentDays', 'InternalComments', 'PhoneNumber', 'FaxNumber', 'WebsiteURL',
         'DeliveryAddressLine1', 'DeliveryAddressLine2', 'DeliveryPostalCode', 'PostalAddressLine1',
         'PostalAddressLine2', 'PostalPostalCode']
    conv = dict(SupplierID=integer, PrimaryContactPersonID=integer, AlternateContactPersonID=integer,
                PaymentDays=integer)
    ins('Purchasing_Suppliers', C, [[conv.get(c, txt)(r[c]) for c in C] for r in rows(src, 'Purchasing.Suppliers.csv')])

    C = ['StockGroupID', 'StockGroupName']
    ins('Warehouse_StockGroups', C, [[int(r[C[0]]), r[C[1]]] for r in rows(src, 'Warehouse.StockGroups.csv')])

    C = ['StockItemID', 'StockItemName', 'SupplierID', 'Brand', 'Size', 'LeadTimeDays', 'QuantityPerOuter',
         'IsChillerStock', 'Barcode', 'TaxRate', 'UnitPrice', 'RecommendedRetailPrice', 'TypicalWeightPerUnit',
         'MarketingComments', 'InternalComments', 'CustomFields', 'Tags', 'SearchDetails']
    conv = dict(StockItemID=integer, SupplierID=integer, LeadTimeDays=integer, QuantityPerOuter=integer,
                IsChillerStock=bit, Barcode=lambda v: None if v == '' else str(int(float(v))),
                TaxRate=real, UnitPrice=real, RecommendedRetailPrice=real, TypicalWeightPerUnit=real)
    ins('Warehouse_StockItems', C, [[conv.get(c, txt)(r[c]) for c in C] for r in rows(src, 'Warehouse.StockItems.csv')])

    C = ['StockItemStockGroupID', 'StockItemID', 'StockGroupID']
    ins('Warehouse_StockItemStockGroups', C,
        [[int(r[c]) for c in C] for r in rows(src, 'Warehouse.StockItemStockGroups.csv')])

    tmp = out + '.parquet.tmp'
    # Sales.Orders
    with open(tmp, 'wb') as f:
        f.write(source(src, ORDERS_PQ))
    names, _, data = read_parquet(tmp)
    ix = {n: i for i, n in enumerate(names)}
    C = ['OrderID', 'CustomerID', 'SalespersonPersonID', 'PickedByPersonID', 'ContactPersonID',
         'BackorderOrderID', 'OrderDate', 'ExpectedDeliveryDate', 'CustomerPurchaseOrderNumber',
         'IsUndersupplyBackordered', 'PickingCompletedWhen']
    for n in ('Comments', 'DeliveryInstructions', 'InternalComments'):
        assert all(r[ix[n]] is None for r in data), n
    keep = []
    for r in data:
        d = ts(r[ix['OrderDate']], True)
        if not FROM <= d <= TO:
            continue
        v = []
        for c in C:
            x = r[ix[c]]
            if c in ('OrderDate', 'ExpectedDeliveryDate'):
                x = ts(x, True)
            elif c == 'PickingCompletedWhen':
                x = ts(x, False)
            elif c == 'CustomerPurchaseOrderNumber':
                x = None if x is None else str(x)
            elif c == 'IsUndersupplyBackordered':
                x = int(x)
            elif x is not None:
                x = int(x)
            v.append(x)
        keep.append(v)
    keep.sort()
    ins('Sales_Orders', C, keep)
    order_ids = {v[0] for v in keep}
    # Sales.OrderLines
    with open(tmp, 'wb') as f:
        f.write(source(src, LINES_PQ))
    names, _, data = read_parquet(tmp)
    os.remove(tmp)
    ix = {n: i for i, n in enumerate(names)}
    C = ['OrderLineID', 'OrderID', 'StockItemID', 'Description', 'Quantity', 'UnitPrice', 'TaxRate',
         'PickedQuantity', 'PickingCompletedWhen']
    keep = []
    for r in data:
        if r[ix['OrderID']] not in order_ids:
            continue
        v = []
        for c in C:
            x = r[ix[c]]
            if c == 'PickingCompletedWhen':
                x = ts(x, False)
            elif c in ('UnitPrice', 'TaxRate'):
                x = None if x is None else float(x)
            elif c != 'Description' and x is not None:
                x = int(x)
            v.append(x)
        keep.append(v)
    keep.sort()
    ins('Sales_OrderLines', C, keep)

    C = ['PurchaseOrderID', 'SupplierID', 'OrderDate', 'ContactPersonID', 'ExpectedDeliveryDate',
         'SupplierReference', 'IsOrderFinalized']
    conv = dict(PurchaseOrderID=integer, SupplierID=integer, ContactPersonID=integer, IsOrderFinalized=bit)
    po = [r for r in rows(src, 'Purchasing.PurchaseOrders.csv') if FROM <= r['OrderDate'] <= TO]
    ins('Purchasing_PurchaseOrders', C, [[conv.get(c, txt)(r[c]) for c in C] for r in po])

    db.commit()
    assert db.execute('PRAGMA foreign_key_check').fetchall() == []
    assert db.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
    db.execute('VACUUM')
    db.close()


if __name__ == '__main__':
    main()
