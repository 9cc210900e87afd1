# Builds saleslt.db from github.com/nuitsjp/AdventureWorks-for-SQLite (commit
# a297cd4d55848e9a0c3c8678e5b19f3ad6857413, 2020-01-23, "VACUUMの追加"), folder Source/: the
# tab-separated data files of Microsoft's AdventureWorksLT sample database (the "SalesLT" schema,
# from the adventure-works-2008r2-lt-script release of github.com/microsoft/sql-server-samples),
# MIT License (Microsoft's sample-code licence and the mirror's own MIT licence, both copied into
# saleslt.LICENSE).
#
# AdventureWorksLT is the "lightweight" sales side of Microsoft's made-up bicycle company: business
# customers (bike shops) with their addresses, a product catalogue in a two-level category tree,
# product models with descriptions, and 32 sales orders with 542 order lines. 10 tables, named as
# in the source without the SalesLT schema prefix (PascalCase, ids named <Table>ID):
#   ProductCategory  (ProductCategoryID, ParentProductCategoryID, Name, rowguid, ModifiedDate)  41
#   ProductModel     (ProductModelID, Name, CatalogDescription, rowguid, ModifiedDate)         128
#   ProductDescription(ProductDescriptionID, Description, rowguid, ModifiedDate)               254
#   ProductModelProductDescription(ProductModelID, ProductDescriptionID, Culture, rowguid,
#                     ModifiedDate)                                                            254
#   Product          (ProductID, Name, ProductNumber, Color, StandardCost, ListPrice, Size,
#                     Weight, ProductCategoryID, ProductModelID, SellStartDate, SellEndDate,
#                     DiscontinuedDate, ThumbnailPhotoFileName, rowguid, ModifiedDate)         295
#   Customer         (CustomerID, NameStyle, Title, FirstName, MiddleName, LastName, Suffix,
#                     CompanyName, SalesPerson, EmailAddress, Phone, rowguid, ModifiedDate)    847
#   Address          (AddressID, AddressLine1, AddressLine2, City, StateProvince,
#                     CountryRegion, PostalCode, rowguid, ModifiedDate)                        450
#   CustomerAddress  (CustomerID, AddressID, AddressType, rowguid, ModifiedDate)               417
#   SalesOrderHeader (SalesOrderID, RevisionNumber, OrderDate, DueDate, ShipDate, Status,
#                     OnlineOrderFlag, SalesOrderNumber, PurchaseOrderNumber, AccountNumber,
#                     CustomerID, ShipToAddressID, BillToAddressID, ShipMethod,
#                     CreditCardApprovalCode, SubTotal, TaxAmt, Freight, TotalDue, Comment,
#                     rowguid, ModifiedDate)                                                    32
#   SalesOrderDetail (SalesOrderID, SalesOrderDetailID, OrderQty, ProductID, UnitPrice,
#                     UnitPriceDiscount, LineTotal, rowguid, ModifiedDate)                     542
# Keys: the primary keys of the LT script (composite for CustomerAddress, SalesOrderDetail and
# ProductModelProductDescription) and its foreign keys, declared as REFERENCES:
# ProductCategory.ParentProductCategoryID -> ProductCategory; Product -> ProductCategory,
# ProductModel; ProductModelProductDescription -> ProductModel, ProductDescription;
# CustomerAddress -> Customer, Address; SalesOrderHeader -> Customer, Address (ShipToAddressID,
# BillToAddressID); SalesOrderDetail -> SalesOrderHeader, Product.
# Translations: files are tab-separated, CRLF, Windows-1252 (ProductModel.csv UTF-8 with BOM); an
# empty field becomes NULL; money/decimal -> REAL; bit flags (NameStyle, OnlineOrderFlag) and
# tinyint/int -> INTEGER; nchar padding trimmed (Culture 'en    ' -> 'en'); business dates
# (OrderDate, DueDate, ShipDate, SellStartDate, SellEndDate, DiscontinuedDate; all at midnight)
# -> 'YYYY-MM-DD'; ModifiedDate -> 'YYYY-MM-DD HH:MM:SS' (the '.000' dropped). Computed columns
# (SalesOrderHeader.SalesOrderNumber, TotalDue; SalesOrderDetail.LineTotal) are stored as the
# values the files hold.
# Left out: Product.ThumbNailPhoto (hex GIF images), Customer.PasswordHash and PasswordSalt, the
# BuildVersion and ErrorLog tables, the views, procedures and XML schemas; and the product
# descriptions in Arabic, Thai, Hebrew and Chinese (cultures ar, th, he, zh-cht: 508 of the 762
# ProductDescription rows and their ProductModelProductDescription links), because this export
# is Windows-1252 and they are only question marks in it. The English and French ones are kept.
# Nothing else is subset.
# Run (in this folder):
#   python3 saleslt-build.py <AdventureWorks-for-SQLite git dir> && gzip -9 -n -c saleslt.db > saleslt.db.gz
import os, sqlite3, subprocess, sys

COMMIT = 'a297cd4d55848e9a0c3c8678e5b19f3ad6857413'
SRC = 'Source/'
OUT = 'saleslt.db'

SCHEMA = '''
CREATE TABLE ProductCategory (
  ProductCategoryID INTEGER PRIMARY KEY,
  ParentProductCategoryID INTEGER REFERENCES ProductCategory(ProductCategoryID),
  Name TEXT NOT NULL UNIQUE,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE ProductModel (
  ProductModelID INTEGER PRIMARY KEY,
  Name TEXT NOT NULL UNIQUE,
  CatalogDescription TEXT,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE ProductDescription (
  ProductDescriptionID INTEGER PRIMARY KEY,
  Description TEXT NOT NULL,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE ProductModelProductDescription (
  ProductModelID INTEGER NOT NULL REFERENCES ProductModel(ProductModelID),
  ProductDescriptionID INTEGER NOT NULL REFERENCES ProductDescription(ProductDescriptionID),
  Culture TEXT NOT NULL,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL,
  PRIMARY KEY (ProductModelID, ProductDescriptionID, Culture)
);
CREATE TABLE Product (
  ProductID INTEGER PRIMARY KEY,
  Name TEXT NOT NULL UNIQUE,
  ProductNumber TEXT NOT NULL UNIQUE,
  Color TEXT,
  StandardCost REAL NOT NULL,
  ListPrice REAL NOT NULL,
  Size TEXT,
  Weight REAL,
  ProductCategoryID INTEGER REFERENCES ProductCategory(ProductCategoryID),
  ProductModelID INTEGER REFERENCES ProductModel(ProductModelID),
  SellStartDate TEXT NOT NULL,
  SellEndDate TEXT,
  DiscontinuedDate TEXT,
  ThumbnailPhotoFileName TEXT,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE Customer (
  CustomerID INTEGER PRIMARY KEY,
  NameStyle INTEGER NOT NULL,
  Title TEXT,
  FirstName TEXT NOT NULL,
  MiddleName TEXT,
  LastName TEXT NOT NULL,
  Suffix TEXT,
  CompanyName TEXT,
  SalesPerson TEXT,
  EmailAddress TEXT,
  Phone TEXT,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE Address (
  AddressID INTEGER PRIMARY KEY,
  AddressLine1 TEXT NOT NULL,
  AddressLine2 TEXT,
  City TEXT NOT NULL,
  StateProvince TEXT NOT NULL,
  CountryRegion TEXT NOT NULL,
  PostalCode TEXT NOT NULL,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE CustomerAddress (
  CustomerID INTEGER NOT NULL REFERENCES Customer(CustomerID),
  AddressID INTEGER NOT NULL REFERENCES Address(AddressID),
  AddressType TEXT NOT NULL,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL,
  PRIMARY KEY (CustomerID, AddressID)
);
CREATE TABLE SalesOrderHeader (
  SalesOrderID INTEGER PRIMARY KEY,
  RevisionNumber INTEGER NOT NULL,
  OrderDate TEXT NOT NULL,
  DueDate TEXT NOT NULL,
  ShipDate TEXT,
  Status INTEGER NOT NULL,
  OnlineOrderFlag INTEGER NOT NULL,
  SalesOrderNumber TEXT NOT NULL UNIQUE,
  PurchaseOrderNumber TEXT,
  AccountNumber TEXT,
  CustomerID INTEGER NOT NULL REFERENCES Customer(CustomerID),
  ShipToAddressID INTEGER REFERENCES Address(AddressID),
  BillToAddressID INTEGER REFERENCES Address(AddressID),
  ShipMethod TEXT NOT NULL,
  CreditCardApprovalCode TEXT,
  SubTotal REAL NOT NULL,
  TaxAmt REAL NOT NULL,
  Freight REAL NOT NULL,
  TotalDue REAL NOT NULL,
  Comment TEXT,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE SalesOrderDetail (
  SalesOrderID INTEGER NOT NULL REFERENCES SalesOrderHeader(SalesOrderID),
  SalesOrderDetailID INTEGER NOT NULL UNIQUE,
  OrderQty INTEGER NOT NULL,
  ProductID INTEGER NOT NULL REFERENCES Product(ProductID),
  UnitPrice REAL NOT NULL,
  UnitPriceDiscount REAL NOT NULL,
  LineTotal REAL NOT NULL,
  rowguid TEXT NOT NULL UNIQUE,
  ModifiedDate TEXT NOT NULL,
  PRIMARY KEY (SalesOrderID, SalesOrderDetailID)
);
'''

# file column order -> (column name, kind); kind: i int, r real, t text, d date, s stamp, x drop
FILES = [
  ('ProductCategory', 'cp1252', [('ProductCategoryID','i'),('ParentProductCategoryID','i'),('Name','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('ProductModel', 'utf-8-sig', [('ProductModelID','i'),('Name','t'),('CatalogDescription','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('ProductDescription', 'cp1252', [('ProductDescriptionID','i'),('Description','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('ProductModelProductDescription', 'cp1252', [('ProductModelID','i'),('ProductDescriptionID','i'),('Culture','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('Product', 'cp1252', [('ProductID','i'),('Name','t'),('ProductNumber','t'),('Color','t'),('StandardCost','r'),('ListPrice','r'),('Size','t'),('Weight','r'),('ProductCategoryID','i'),('ProductModelID','i'),('SellStartDate','d'),('SellEndDate','d'),('DiscontinuedDate','d'),('ThumbNailPhoto','x'),('ThumbnailPhotoFileName','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('Customer', 'cp1252', [('CustomerID','i'),('NameStyle','i'),('Title','t'),('FirstName','t'),('MiddleName','t'),('LastName','t'),('Suffix','t'),('CompanyName','t'),('SalesPerson','t'),('EmailAddress','t'),('Phone','t'),('PasswordHash','x'),('PasswordSalt','x'),('rowguid','t'),('ModifiedDate','s')]),
  ('Address', 'cp1252', [('AddressID','i'),('AddressLine1','t'),('AddressLine2','t'),('City','t'),('StateProvince','t'),('CountryRegion','t'),('PostalCode','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('CustomerAddress', 'cp1252', [('CustomerID','i'),('AddressID','i'),('AddressType','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('SalesOrderHeader', 'cp1252', [('SalesOrderID','i'),('RevisionNumber','i'),('OrderDate','d'),('DueDate','d'),('ShipDate','d'),('Status','i'),('OnlineOrderFlag','i'),('SalesOrderNumber','t'),('PurchaseOrderNumber','t'),('AccountNumber','t'),('CustomerID','i'),('ShipToAddressID','i'),('BillToAddressID','i'),('ShipMethod','t'),('CreditCardApprovalCode','t'),('SubTotal','r'),('TaxAmt','r'),('Freight','r'),('TotalDue','r'),('Comment','t'),('rowguid','t'),('ModifiedDate','s')]),
  ('SalesOrderDetail', 'cp1252', [('SalesOrderID','i'),('SalesOrderDetailID','i'),('OrderQty','i'),('ProductID','i'),('UnitPrice','r'),('UnitPriceDiscount','r'),('LineTotal','r'),('rowguid','t'),('ModifiedDate','s')]),
]
KEEP_CULTURES = ('en', 'fr')


def conv(v, kind):
    if v == '':
        return None
    if kind == 'i':
        return int(v)
    if kind == 'r':
        return float(v)
    if kind == 'd':
        assert v.endswith(' 00:00:00.000'), v
        return v[:10]
    if kind == 's':
        return v[:19]
    return v.strip()


def main():
    gitdir = sys.argv[1]
    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.executescript(SCHEMA)
    data = {}
    for table, enc, cols in FILES:
        raw = subprocess.run(['git', '--git-dir', gitdir, 'show', COMMIT + ':' + SRC + table + '.csv'],
                             check=True, capture_output=True).stdout.decode(enc)
        rows = []
        for line in raw.split('\r\n'):
            if not line:
                continue
            f = line.split('\t')
            assert len(f) == len(cols), (table, len(f))
            rows.append([conv(v, k) for v, (c, k) in zip(f, cols) if k != 'x'])
        data[table] = (rows, [c for c, k in cols if k != 'x'])
    # keep only the English and French descriptions (the others are '?' in this Windows-1252 export)
    links, _ = data['ProductModelProductDescription']
    links[:] = [r for r in links if r[2] in KEEP_CULTURES]
    keep = {r[1] for r in links}
    descs, _ = data['ProductDescription']
    descs[:] = [r for r in descs if r[0] in keep]
    for table, _, _ in FILES:
        rows, names = data[table]
        db.executemany('INSERT INTO %s (%s) VALUES (%s)' % (table, ', '.join(names), ', '.join('?' * len(names))), rows)
    db.commit()
    bad = db.execute('PRAGMA foreign_key_check').fetchall()
    assert not bad, bad[:5]
    for table, _, _ in FILES:
        print(table, db.execute('SELECT COUNT(*) FROM ' + table).fetchone()[0])
    db.execute('VACUUM')
    db.close()


if __name__ == '__main__':
    main()
