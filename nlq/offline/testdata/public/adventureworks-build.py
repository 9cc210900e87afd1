# Builds adventureworks.db from github.com/microsoft/sql-server-samples, folder
# samples/databases/adventure-works/oltp-install-script (commit
# 481085dc95720244a359f1311afd6003e0bcc09c, 2026-06-24; the folder last changed in
# b47eadc85277f72843647223cde53aa1b85ffcb8, 2025-11-14, "AdventureWorks 2025 updates", which moved
# the dates forward), MIT License (the repository's root license.txt, "Microsoft SQL Server Sample
# Code, Copyright (c) Microsoft Corporation", copied into adventureworks.LICENSE).
#
# AdventureWorks is Microsoft's OLTP sample of a made-up bicycle maker, "Adventure Works Cycles".
# Its sales tables (SalesOrderHeader, SalesOrderDetail), Person and the work-order and
# transaction-history tables are 4 MiB or larger and absent from the snapshot, so this database
# keeps the part that is complete without them: PURCHASING (vendors, what they supply, purchase
# orders) and the product catalogue with its INVENTORY. 12 whole tables, named as in the source
# without the schema prefix (PascalCase tables and columns, ids named <Table>ID, as written):
#   Production.ProductCategory   (ProductCategoryID, Name, rowguid, ModifiedDate)            4
#   Production.ProductSubcategory(ProductSubcategoryID, ProductCategoryID, Name, ...)       37
#   Production.Product           (ProductID, Name, ProductNumber, MakeFlag, FinishedGoodsFlag,
#                                 Color, SafetyStockLevel, ReorderPoint, StandardCost, ListPrice,
#                                 Size, SizeUnitMeasureCode, WeightUnitMeasureCode, Weight,
#                                 DaysToManufacture, ProductLine, Class, Style,
#                                 ProductSubcategoryID, ProductModelID, SellStartDate,
#                                 SellEndDate, DiscontinuedDate, rowguid, ModifiedDate)     504
#   Production.UnitMeasure       (UnitMeasureCode, Name, ModifiedDate)                      38
#   Production.Location          (LocationID, Name, CostRate, Availability, ModifiedDate)   14
#   Production.ProductInventory  (ProductID, LocationID, Shelf, Bin, Quantity, ...)       1069
#   Purchasing.Vendor            (BusinessEntityID, AccountNumber, Name, CreditRating,
#                                 PreferredVendorStatus, ActiveFlag, PurchasingWebServiceURL,
#                                 ModifiedDate)                                            104
#   Purchasing.ProductVendor     (ProductID, BusinessEntityID, AverageLeadTime, StandardPrice,
#                                 LastReceiptCost, LastReceiptDate, MinOrderQty, MaxOrderQty,
#                                 OnOrderQty, UnitMeasureCode, ModifiedDate)               460
#   Purchasing.ShipMethod        (ShipMethodID, Name, ShipBase, ShipRate, ...)               5
#   Purchasing.PurchaseOrderHeader(PurchaseOrderID, RevisionNumber, Status, EmployeeID,
#                                 VendorID, ShipMethodID, OrderDate, ShipDate, SubTotal,
#                                 TaxAmt, Freight, TotalDue, ModifiedDate)                4012
#   Purchasing.PurchaseOrderDetail(PurchaseOrderID, PurchaseOrderDetailID, DueDate, OrderQty,
#                                 ProductID, UnitPrice, LineTotal, ReceivedQty, RejectedQty,
#                                 StockedQty, ModifiedDate)                                8845
#   HumanResources.Employee      (BusinessEntityID, NationalIDNumber, LoginID,
#                                 OrganizationNode, OrganizationLevel, JobTitle, BirthDate,
#                                 MaritalStatus, Gender, HireDate, SalariedFlag, VacationHours,
#                                 SickLeaveHours, CurrentFlag, rowguid, ModifiedDate)       290
# Keys: the primary keys of instawdb.sql (composite for ProductInventory, ProductVendor and
# PurchaseOrderDetail) and every foreign key of instawdb.sql between these tables, declared as
# REFERENCES: ProductSubcategory -> ProductCategory; Product -> ProductSubcategory and (size and
# weight unit) -> UnitMeasure; ProductInventory -> Product, Location; ProductVendor -> Product,
# Vendor (BusinessEntityID), UnitMeasure; PurchaseOrderHeader -> Employee (EmployeeID ->
# BusinessEntityID), Vendor (VendorID -> BusinessEntityID), ShipMethod; PurchaseOrderDetail ->
# PurchaseOrderHeader, Product. Foreign keys to tables left out are not declared:
# Product.ProductModelID (ProductModel, left out; a bare number), Vendor.BusinessEntityID and
# Employee.BusinessEntityID (BusinessEntity / Person, absent: employees have no names here, only
# LoginID like 'adventure-works\ken0' and JobTitle). The unique indexes (AK_...) on names, numbers
# and LoginID are kept as UNIQUE indexes.
# Translations: the files are tab-separated, one row a line, UTF-8 (Employee has two non-ASCII
# logins, e.g. 'adventure-works\françois0'); an empty field becomes NULL; int,
# smallint, tinyint and the bit "Flag" columns become INTEGER (flags 0/1: MakeFlag,
# FinishedGoodsFlag, PreferredVendorStatus, ActiveFlag, SalariedFlag, CurrentFlag); money and
# decimal become REAL ('.0000' -> 0.0); nchar codes lose SQL Server's blank padding ('CS ' ->
# 'CS', ProductLine 'R ' -> 'R'; SQL Server ignores trailing blanks when comparing, so the meaning
# is the same). Dates: the business datetime columns, all at midnight in the data (OrderDate,
# ShipDate, DueDate, SellStartDate, SellEndDate, DiscontinuedDate, LastReceiptDate), and the date
# columns (BirthDate, HireDate) become ISO 'YYYY-MM-DD'; the ModifiedDate audit stamps keep the
# source's full text 'YYYY-MM-DD HH:MM:SS.fff'. Computed columns (PurchaseOrderHeader.TotalDue,
# PurchaseOrderDetail.LineTotal and StockedQty, Employee.OrganizationLevel) are stored as plain
# columns with the values the files hold; Employee.OrganizationNode (hierarchyid) is kept as its
# hex text ('5AC0'). Codes are kept as written: PurchaseOrderHeader.Status 1 = Pending,
# 2 = Approved, 3 = Rejected, 4 = Complete (the schema's comment); Vendor.CreditRating 1-5;
# Product.ProductLine R/M/T/S, Class H/M/L, Style W/M/U; Employee Gender M/F, MaritalStatus M/S.
# Left out: every other table of the script (sales, person, work orders, documents, photos,
# ProductModel with its XML, histories), its views, procedures, triggers and XML schemas.
# Nothing is subset: the row counts above are the files' line counts.
# Run (in this folder):
#   python3 adventureworks-build.py <sql-server-samples git dir> && gzip -9 -n -c adventureworks.db > adventureworks.db.gz
import os, re, sqlite3, subprocess, sys

COMMIT = '481085dc95720244a359f1311afd6003e0bcc09c'
SRC = 'samples/databases/adventure-works/oltp-install-script/'
OUT = 'adventureworks.db'

SCHEMA = '''
CREATE TABLE ProductCategory (
  ProductCategoryID INTEGER NOT NULL PRIMARY KEY,
  Name              TEXT NOT NULL,
  rowguid           TEXT NOT NULL,
  ModifiedDate      TEXT NOT NULL
);
CREATE TABLE ProductSubcategory (
  ProductSubcategoryID INTEGER NOT NULL PRIMARY KEY,
  ProductCategoryID    INTEGER NOT NULL REFERENCES ProductCategory (ProductCategoryID),
  Name                 TEXT NOT NULL,
  rowguid              TEXT NOT NULL,
  ModifiedDate         TEXT NOT NULL
);
CREATE TABLE UnitMeasure (
  UnitMeasureCode TEXT NOT NULL PRIMARY KEY,
  Name            TEXT NOT NULL,
  ModifiedDate    TEXT NOT NULL
);
CREATE TABLE Product (
  ProductID             INTEGER NOT NULL PRIMARY KEY,
  Name                  TEXT NOT NULL,
  ProductNumber         TEXT NOT NULL,
  MakeFlag              INTEGER NOT NULL DEFAULT 1,
  FinishedGoodsFlag     INTEGER NOT NULL DEFAULT 1,
  Color                 TEXT,
  SafetyStockLevel      INTEGER NOT NULL CHECK (SafetyStockLevel > 0),
  ReorderPoint          INTEGER NOT NULL CHECK (ReorderPoint > 0),
  StandardCost          REAL NOT NULL CHECK (StandardCost >= 0.00),
  ListPrice             REAL NOT NULL CHECK (ListPrice >= 0.00),
  Size                  TEXT,
  SizeUnitMeasureCode   TEXT REFERENCES UnitMeasure (UnitMeasureCode),
  WeightUnitMeasureCode TEXT REFERENCES UnitMeasure (UnitMeasureCode),
  Weight                REAL CHECK (Weight > 0.00),
  DaysToManufacture     INTEGER NOT NULL CHECK (DaysToManufacture >= 0),
  ProductLine           TEXT CHECK (UPPER(ProductLine) IN ('S', 'T', 'M', 'R') OR ProductLine IS NULL),
  Class                 TEXT CHECK (UPPER(Class) IN ('L', 'M', 'H') OR Class IS NULL),
  Style                 TEXT CHECK (UPPER(Style) IN ('W', 'M', 'U') OR Style IS NULL),
  ProductSubcategoryID  INTEGER REFERENCES ProductSubcategory (ProductSubcategoryID),
  ProductModelID        INTEGER,
  SellStartDate         TEXT NOT NULL,
  SellEndDate           TEXT CHECK (SellEndDate >= SellStartDate OR SellEndDate IS NULL),
  DiscontinuedDate      TEXT,
  rowguid               TEXT NOT NULL,
  ModifiedDate          TEXT NOT NULL
);
CREATE TABLE Location (
  LocationID   INTEGER NOT NULL PRIMARY KEY,
  Name         TEXT NOT NULL,
  CostRate     REAL NOT NULL DEFAULT 0.00 CHECK (CostRate >= 0.00),
  Availability REAL NOT NULL DEFAULT 0.00 CHECK (Availability >= 0.00),
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE ProductInventory (
  ProductID    INTEGER NOT NULL REFERENCES Product (ProductID),
  LocationID   INTEGER NOT NULL REFERENCES Location (LocationID),
  Shelf        TEXT NOT NULL,
  Bin          INTEGER NOT NULL CHECK (Bin BETWEEN 0 AND 100),
  Quantity     INTEGER NOT NULL DEFAULT 0,
  rowguid      TEXT NOT NULL,
  ModifiedDate TEXT NOT NULL,
  PRIMARY KEY (ProductID, LocationID)
);
CREATE TABLE Vendor (
  BusinessEntityID        INTEGER NOT NULL PRIMARY KEY,
  AccountNumber           TEXT NOT NULL,
  Name                    TEXT NOT NULL,
  CreditRating            INTEGER NOT NULL CHECK (CreditRating BETWEEN 1 AND 5),
  PreferredVendorStatus   INTEGER NOT NULL DEFAULT 1,
  ActiveFlag              INTEGER NOT NULL DEFAULT 1,
  PurchasingWebServiceURL TEXT,
  ModifiedDate            TEXT NOT NULL
);
CREATE TABLE ProductVendor (
  ProductID        INTEGER NOT NULL REFERENCES Product (ProductID),
  BusinessEntityID INTEGER NOT NULL REFERENCES Vendor (BusinessEntityID),
  AverageLeadTime  INTEGER NOT NULL CHECK (AverageLeadTime >= 1),
  StandardPrice    REAL NOT NULL CHECK (StandardPrice > 0.00),
  LastReceiptCost  REAL CHECK (LastReceiptCost > 0.00),
  LastReceiptDate  TEXT,
  MinOrderQty      INTEGER NOT NULL CHECK (MinOrderQty >= 1),
  MaxOrderQty      INTEGER NOT NULL CHECK (MaxOrderQty >= 1),
  OnOrderQty       INTEGER CHECK (OnOrderQty >= 0),
  UnitMeasureCode  TEXT NOT NULL REFERENCES UnitMeasure (UnitMeasureCode),
  ModifiedDate     TEXT NOT NULL,
  PRIMARY KEY (ProductID, BusinessEntityID)
);
CREATE TABLE ShipMethod (
  ShipMethodID INTEGER NOT NULL PRIMARY KEY,
  Name         TEXT NOT NULL,
  ShipBase     REAL NOT NULL DEFAULT 0.00 CHECK (ShipBase > 0.00),
  ShipRate     REAL NOT NULL DEFAULT 0.00 CHECK (ShipRate > 0.00),
  rowguid      TEXT NOT NULL,
  ModifiedDate TEXT NOT NULL
);
CREATE TABLE Employee (
  BusinessEntityID  INTEGER NOT NULL PRIMARY KEY,
  NationalIDNumber  TEXT NOT NULL,
  LoginID           TEXT NOT NULL,
  OrganizationNode  TEXT,
  OrganizationLevel INTEGER,
  JobTitle          TEXT NOT NULL,
  BirthDate         TEXT NOT NULL,
  MaritalStatus     TEXT NOT NULL CHECK (UPPER(MaritalStatus) IN ('M', 'S')),
  Gender            TEXT NOT NULL CHECK (UPPER(Gender) IN ('M', 'F')),
  HireDate          TEXT NOT NULL,
  SalariedFlag      INTEGER NOT NULL DEFAULT 1,
  VacationHours     INTEGER NOT NULL DEFAULT 0 CHECK (VacationHours BETWEEN -40 AND 240),
  SickLeaveHours    INTEGER NOT NULL DEFAULT 0 CHECK (SickLeaveHours BETWEEN 0 AND 120),
  CurrentFlag       INTEGER NOT NULL DEFAULT 1,
  rowguid           TEXT NOT NULL,
  ModifiedDate      TEXT NOT NULL
);
CREATE TABLE PurchaseOrderHeader (
  PurchaseOrderID INTEGER NOT NULL PRIMARY KEY,
  RevisionNumber  INTEGER NOT NULL DEFAULT 0,
  Status          INTEGER NOT NULL DEFAULT 1 CHECK (Status BETWEEN 1 AND 4), -- 1 = Pending; 2 = Approved; 3 = Rejected; 4 = Complete
  EmployeeID      INTEGER NOT NULL REFERENCES Employee (BusinessEntityID),
  VendorID        INTEGER NOT NULL REFERENCES Vendor (BusinessEntityID),
  ShipMethodID    INTEGER NOT NULL REFERENCES ShipMethod (ShipMethodID),
  OrderDate       TEXT NOT NULL,
  ShipDate        TEXT CHECK (ShipDate >= OrderDate OR ShipDate IS NULL),
  SubTotal        REAL NOT NULL DEFAULT 0.00 CHECK (SubTotal >= 0.00),
  TaxAmt          REAL NOT NULL DEFAULT 0.00 CHECK (TaxAmt >= 0.00),
  Freight         REAL NOT NULL DEFAULT 0.00 CHECK (Freight >= 0.00),
  TotalDue        REAL NOT NULL, -- computed in the source: SubTotal + TaxAmt + Freight
  ModifiedDate    TEXT NOT NULL
);
CREATE TABLE PurchaseOrderDetail (
  PurchaseOrderID       INTEGER NOT NULL REFERENCES PurchaseOrderHeader (PurchaseOrderID),
  PurchaseOrderDetailID INTEGER NOT NULL,
  DueDate               TEXT NOT NULL,
  OrderQty              INTEGER NOT NULL CHECK (OrderQty > 0),
  ProductID             INTEGER NOT NULL REFERENCES Product (ProductID),
  UnitPrice             REAL NOT NULL CHECK (UnitPrice >= 0.00),
  LineTotal             REAL, -- computed in the source: OrderQty * UnitPrice
  ReceivedQty           REAL NOT NULL CHECK (ReceivedQty >= 0.00),
  RejectedQty           REAL NOT NULL CHECK (RejectedQty >= 0.00),
  StockedQty            REAL, -- computed in the source: ReceivedQty - RejectedQty
  ModifiedDate          TEXT NOT NULL,
  PRIMARY KEY (PurchaseOrderID, PurchaseOrderDetailID)
);
CREATE UNIQUE INDEX AK_ProductCategory_Name ON ProductCategory (Name);
CREATE UNIQUE INDEX AK_ProductSubcategory_Name ON ProductSubcategory (Name);
CREATE UNIQUE INDEX AK_UnitMeasure_Name ON UnitMeasure (Name);
CREATE UNIQUE INDEX AK_Product_ProductNumber ON Product (ProductNumber);
CREATE UNIQUE INDEX AK_Product_Name ON Product (Name);
CREATE UNIQUE INDEX AK_Location_Name ON Location (Name);
CREATE UNIQUE INDEX AK_Vendor_AccountNumber ON Vendor (AccountNumber);
CREATE UNIQUE INDEX AK_ShipMethod_Name ON ShipMethod (Name);
CREATE UNIQUE INDEX AK_Employee_LoginID ON Employee (LoginID);
CREATE UNIQUE INDEX AK_Employee_NationalIDNumber ON Employee (NationalIDNumber);
'''

# Insertion order respects the foreign keys.
TABLES = ['ProductCategory', 'ProductSubcategory', 'UnitMeasure', 'Product', 'Location',
          'ProductInventory', 'Vendor', 'ProductVendor', 'ShipMethod', 'Employee',
          'PurchaseOrderHeader', 'PurchaseOrderDetail']
NCHAR = {'UnitMeasureCode', 'SizeUnitMeasureCode', 'WeightUnitMeasureCode', 'ProductLine',
         'Class', 'Style', 'MaritalStatus', 'Gender'}
DATES = {'OrderDate', 'ShipDate', 'DueDate', 'SellStartDate', 'SellEndDate', 'DiscontinuedDate',
         'LastReceiptDate', 'BirthDate', 'HireDate'}

def git_show(gitdir, path):
    return subprocess.run(['git', '-C', gitdir, 'show', f'{COMMIT}:{path}'], check=True,
                          capture_output=True).stdout.decode('utf-8')

def convert(col, typ, text):
    if text == '': return None
    if col in NCHAR: text = text.rstrip(' ')
    if typ == 'INTEGER': return int(text)
    if typ == 'REAL': return float(text)
    if col in DATES:
        m = re.fullmatch(r'(\d{4}-\d\d-\d\d)( 00:00:00\.000)?', text)
        assert m, (col, text)
        return m.group(1)
    if col == 'ModifiedDate':
        assert re.fullmatch(r'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}', text), text
    return text

def main():
    gitdir = sys.argv[1]
    if os.path.exists(OUT): os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.execute('PRAGMA foreign_keys = ON')
    db.executescript(SCHEMA)
    counts = {}
    for table in TABLES:
        info = db.execute(f'PRAGMA table_info({table})').fetchall()
        cols = [r[1] for r in info]
        types = [r[2] for r in info]
        notnull = [r[3] for r in info]
        text = git_show(gitdir, SRC + table + '.csv')
        lines = text.split('\n')
        assert lines[-1] == '', (table, lines[-1][:50])  # file ends with a newline
        rows = []
        for line in lines[:-1]:
            fields = line.split('\t')
            assert len(fields) == len(cols), (table, len(fields), line[:80])
            row = [convert(c, t, v) for c, t, v in zip(cols, types, fields)]
            for c, nn, v in zip(cols, notnull, row):
                assert not (nn and v is None), (table, c, line[:80])
            rows.append(row)
        db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})', rows)
        counts[table] = len(rows)
    db.commit()
    print(counts)
    assert not db.execute('PRAGMA foreign_key_check').fetchall()
    db.execute('VACUUM')
    db.close()

main()
