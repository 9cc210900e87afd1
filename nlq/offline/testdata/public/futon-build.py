# Builds futon.db from github.com/microsoft/sql-server-samples (commit
# 481085dc95720244a359f1311afd6003e0bcc09c, MIT): the futon-manufacturing sample database (a
# futon maker: raw materials, components and finished futons in one Items table with a multi-level
# BillOfMaterials, warehouses, inventory, suppliers, work centers, customers, sales orders, and the
# sales add-on of channels, stores, territories, sales reps, returns, quotes, promotions and price
# lists; PascalCase names such as ItemName, ListPrice, QuantityOnHand, OrderDate, SalesRepID).
# Its tables and keys from samples/databases/futon-manufacturing/01-schema.sql and
# 05-sales-schema-enhancements.sql are translated to SQLite below (the columns that 05 adds with
# ALTER TABLE sit at the end of their table, as in SQL Server, and its added foreign keys are
# REFERENCES; the 32 table and column names are kept exactly, there is only the dbo schema), and
# filled by running the INSERT and UPDATE statements of 02-sample-data.sql, of 05 (SalesChannel,
# ReturnReason) and of 06-sales-sample-data.sql, saved under those names, in order. Left out: the
# views and report queries of 03, 04, 07 and 08, and the INCLUDE lists and filter of the indexes.
# The scripts have no loops and no random data; seven tables (InventoryTransaction,
# PurchaseOrder, PurchaseOrderDetail, ProductionOrder, ProductionOrderMaterial,
# ProductionCompletion, QualityInspection) get no rows from them and stay empty.
# Translations: INT IDENTITY(1,1) becomes INTEGER PRIMARY KEY and gets the ids the inserts
# produce (1, 2, ... in insert order; INSERT ... SELECT FROM Items in ItemID order); T-SQL
# variables (DECLARE @MainWH INT = (SELECT ...)) are replaced by their subquery; NVARCHAR(n)
# becomes VARCHAR(n), NVARCHAR(MAX) TEXT, DECIMAL NUMERIC, BIT BOOLEAN (0/1); DATE values are ISO
# text 'YYYY-MM-DD', DATETIME2 values 'YYYY-MM-DD HH:MM:SS'. Defaults of GETDATE() (CreatedDate,
# ModifiedDate, LastUpdated, and EffectiveDate of BillOfMaterials and SupplierItem), which SQL
# Server would fill with the day the script runs, are left NULL so the build is reproducible; the
# other defaults are kept. The PERSISTED computed columns (Inventory.QuantityAvailable, the
# LineTotal of PurchaseOrderDetail, SalesOrderDetail and SalesQuoteDetail,
# SalesOrderDetail.DiscountAmount and NetAmount, SalesOrder.NetAmount) are ordinary columns
# holding the values SQL Server computes, in exact decimal arithmetic. The one UPDATE that rolls
# up Items.StandardCost from the bill of materials is computed as SQL Server runs it: a single
# statement reads every cost as it was before the statement, so components get the cost of their
# raw materials (rounded to 4 decimals) while finished goods, whose components still cost 0 at
# that moment, keep a StandardCost of 0. Customer.CustomerType, added with a DEFAULT to a table
# that already has rows, starts NULL in SQL Server; 06 then sets it for all eight customers.
# Get the sources with: git show <commit>:samples/databases/futon-manufacturing/<file> > <file>
# Run: python3 futon-build.py && gzip -9 -n futon.db
import os, re, sqlite3
from decimal import Decimal, ROUND_HALF_UP

SCHEMA = '''
CREATE TABLE UnitOfMeasure (
  UnitID      INTEGER PRIMARY KEY,
  UnitCode    VARCHAR(10) NOT NULL UNIQUE,
  UnitName    VARCHAR(50) NOT NULL,
  Description VARCHAR(255)
);
CREATE TABLE ItemType (
  ItemTypeID  INTEGER PRIMARY KEY,
  TypeCode    VARCHAR(20) NOT NULL UNIQUE,
  TypeName    VARCHAR(100) NOT NULL,
  Description VARCHAR(255)
);
CREATE TABLE Items (
  ItemID       INTEGER PRIMARY KEY,
  ItemCode     VARCHAR(50) NOT NULL UNIQUE,
  ItemName     VARCHAR(255) NOT NULL,
  ItemTypeID   INTEGER NOT NULL REFERENCES ItemType (ItemTypeID),
  UnitID       INTEGER NOT NULL REFERENCES UnitOfMeasure (UnitID),
  Description  TEXT,
  StandardCost NUMERIC(18,4) NOT NULL DEFAULT 0,
  ListPrice    NUMERIC(18,4) NOT NULL DEFAULT 0,
  IsActive     BOOLEAN NOT NULL DEFAULT 1,
  LeadTimeDays INTEGER DEFAULT 0,
  ReorderPoint NUMERIC(18,2) DEFAULT 0,
  SafetyStock  NUMERIC(18,2) DEFAULT 0,
  CreatedDate  DATETIME,
  ModifiedDate DATETIME
);
CREATE TABLE BillOfMaterials (
  BOMID           INTEGER PRIMARY KEY,
  ParentItemID    INTEGER NOT NULL REFERENCES Items (ItemID),
  ComponentItemID INTEGER NOT NULL REFERENCES Items (ItemID),
  Quantity        NUMERIC(18,4) NOT NULL,
  UnitID          INTEGER NOT NULL REFERENCES UnitOfMeasure (UnitID),
  ScrapRate       NUMERIC(5,2) DEFAULT 0,
  EffectiveDate   DATE,
  EndDate         DATE,
  BOMLevel        INTEGER NOT NULL DEFAULT 0,
  IsActive        BOOLEAN NOT NULL DEFAULT 1,
  Notes           TEXT,
  CreatedDate     DATETIME,
  ModifiedDate    DATETIME,
  CHECK (ParentItemID <> ComponentItemID)
);
CREATE TABLE Warehouse (
  WarehouseID   INTEGER PRIMARY KEY,
  WarehouseCode VARCHAR(20) NOT NULL UNIQUE,
  WarehouseName VARCHAR(100) NOT NULL,
  Address       VARCHAR(255),
  City          VARCHAR(100),
  State         VARCHAR(50),
  ZipCode       VARCHAR(20),
  IsActive      BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE Inventory (
  InventoryID       INTEGER PRIMARY KEY,
  ItemID            INTEGER NOT NULL REFERENCES Items (ItemID),
  WarehouseID       INTEGER NOT NULL REFERENCES Warehouse (WarehouseID),
  QuantityOnHand    NUMERIC(18,2) NOT NULL DEFAULT 0,
  QuantityAllocated NUMERIC(18,2) NOT NULL DEFAULT 0,
  QuantityAvailable NUMERIC(18,2),
  LastCountDate     DATETIME,
  LastUpdated       DATETIME,
  UNIQUE (ItemID, WarehouseID)
);
CREATE TABLE TransactionType (
  TransactionTypeID INTEGER PRIMARY KEY,
  TypeCode          VARCHAR(20) NOT NULL UNIQUE,
  TypeName          VARCHAR(100) NOT NULL,
  Description       VARCHAR(255)
);
CREATE TABLE InventoryTransaction (
  TransactionID     INTEGER PRIMARY KEY,
  ItemID            INTEGER NOT NULL REFERENCES Items (ItemID),
  WarehouseID       INTEGER NOT NULL REFERENCES Warehouse (WarehouseID),
  TransactionTypeID INTEGER NOT NULL REFERENCES TransactionType (TransactionTypeID),
  Quantity          NUMERIC(18,2) NOT NULL,
  UnitCost          NUMERIC(18,4),
  ReferenceNumber   VARCHAR(50),
  ReferenceType     VARCHAR(50),
  Notes             TEXT,
  TransactionDate   DATETIME,
  CreatedBy         VARCHAR(100)
);
CREATE TABLE Supplier (
  SupplierID   INTEGER PRIMARY KEY,
  SupplierCode VARCHAR(20) NOT NULL UNIQUE,
  SupplierName VARCHAR(255) NOT NULL,
  ContactName  VARCHAR(100),
  Email        VARCHAR(100),
  Phone        VARCHAR(20),
  Address      VARCHAR(255),
  City         VARCHAR(100),
  State        VARCHAR(50),
  ZipCode      VARCHAR(20),
  Country      VARCHAR(50),
  PaymentTerms VARCHAR(50),
  Rating       NUMERIC(3,2),
  IsActive     BOOLEAN NOT NULL DEFAULT 1,
  CreatedDate  DATETIME
);
CREATE TABLE SupplierItem (
  SupplierItemID       INTEGER PRIMARY KEY,
  SupplierID           INTEGER NOT NULL REFERENCES Supplier (SupplierID),
  ItemID               INTEGER NOT NULL REFERENCES Items (ItemID),
  SupplierPartNumber   VARCHAR(50),
  UnitPrice            NUMERIC(18,4) NOT NULL,
  MinimumOrderQuantity NUMERIC(18,2) DEFAULT 1,
  LeadTimeDays         INTEGER DEFAULT 0,
  IsPreferred          BOOLEAN NOT NULL DEFAULT 0,
  EffectiveDate        DATE,
  EndDate              DATE
);
CREATE TABLE PurchaseOrder (
  PurchaseOrderID      INTEGER PRIMARY KEY,
  PONumber             VARCHAR(50) NOT NULL UNIQUE,
  SupplierID           INTEGER NOT NULL REFERENCES Supplier (SupplierID),
  WarehouseID          INTEGER NOT NULL REFERENCES Warehouse (WarehouseID),
  OrderDate            DATE NOT NULL,
  ExpectedDeliveryDate DATE,
  ActualDeliveryDate   DATE,
  Status               VARCHAR(20) NOT NULL DEFAULT 'Draft',
  Subtotal             NUMERIC(18,2) DEFAULT 0,
  TaxAmount            NUMERIC(18,2) DEFAULT 0,
  ShippingAmount       NUMERIC(18,2) DEFAULT 0,
  TotalAmount          NUMERIC(18,2) DEFAULT 0,
  Notes                TEXT,
  CreatedBy            VARCHAR(100),
  CreatedDate          DATETIME,
  ModifiedDate         DATETIME
);
CREATE TABLE PurchaseOrderDetail (
  PODetailID       INTEGER PRIMARY KEY,
  PurchaseOrderID  INTEGER NOT NULL REFERENCES PurchaseOrder (PurchaseOrderID),
  LineNumber       INTEGER NOT NULL,
  ItemID           INTEGER NOT NULL REFERENCES Items (ItemID),
  Quantity         NUMERIC(18,2) NOT NULL,
  UnitPrice        NUMERIC(18,4) NOT NULL,
  QuantityReceived NUMERIC(18,2) DEFAULT 0,
  LineTotal        NUMERIC(37,6)
);
CREATE TABLE WorkCenter (
  WorkCenterID   INTEGER PRIMARY KEY,
  WorkCenterCode VARCHAR(20) NOT NULL UNIQUE,
  WorkCenterName VARCHAR(100) NOT NULL,
  Description    VARCHAR(255),
  Capacity       NUMERIC(18,2),
  IsActive       BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE ProductionOrder (
  ProductionOrderID     INTEGER PRIMARY KEY,
  WorkOrderNumber       VARCHAR(50) NOT NULL UNIQUE,
  ItemID                INTEGER NOT NULL REFERENCES Items (ItemID),
  WarehouseID           INTEGER NOT NULL REFERENCES Warehouse (WarehouseID),
  WorkCenterID          INTEGER REFERENCES WorkCenter (WorkCenterID),
  OrderQuantity         NUMERIC(18,2) NOT NULL,
  QuantityCompleted     NUMERIC(18,2) DEFAULT 0,
  QuantityScrapped      NUMERIC(18,2) DEFAULT 0,
  StartDate             DATE,
  PlannedCompletionDate DATE,
  ActualCompletionDate  DATE,
  Status                VARCHAR(20) NOT NULL DEFAULT 'Planned',
  Priority              INTEGER DEFAULT 5,
  Notes                 TEXT,
  CreatedBy             VARCHAR(100),
  CreatedDate           DATETIME,
  ModifiedDate          DATETIME
);
CREATE TABLE ProductionOrderMaterial (
  ProdOrderMaterialID INTEGER PRIMARY KEY,
  ProductionOrderID   INTEGER NOT NULL REFERENCES ProductionOrder (ProductionOrderID),
  ItemID              INTEGER NOT NULL REFERENCES Items (ItemID),
  RequiredQuantity    NUMERIC(18,2) NOT NULL,
  IssuedQuantity      NUMERIC(18,2) DEFAULT 0
);
CREATE TABLE ProductionCompletion (
  CompletionID      INTEGER PRIMARY KEY,
  ProductionOrderID INTEGER NOT NULL REFERENCES ProductionOrder (ProductionOrderID),
  QuantityCompleted NUMERIC(18,2) NOT NULL,
  QuantityScrapped  NUMERIC(18,2) DEFAULT 0,
  CompletionDate    DATETIME,
  WorkCenterID      INTEGER REFERENCES WorkCenter (WorkCenterID),
  Notes             TEXT,
  CompletedBy       VARCHAR(100)
);
CREATE TABLE QualityInspection (
  InspectionID      INTEGER PRIMARY KEY,
  ItemID            INTEGER NOT NULL REFERENCES Items (ItemID),
  InspectionType    VARCHAR(50) NOT NULL,
  ReferenceType     VARCHAR(50),
  ReferenceNumber   VARCHAR(50),
  QuantityInspected NUMERIC(18,2) NOT NULL,
  QuantityAccepted  NUMERIC(18,2) NOT NULL,
  QuantityRejected  NUMERIC(18,2) NOT NULL,
  InspectionDate    DATETIME,
  InspectedBy       VARCHAR(100),
  Notes             TEXT
);
CREATE TABLE Customer (
  CustomerID   INTEGER PRIMARY KEY,
  CustomerCode VARCHAR(20) NOT NULL UNIQUE,
  CustomerName VARCHAR(255) NOT NULL,
  ContactName  VARCHAR(100),
  Email        VARCHAR(100),
  Phone        VARCHAR(20),
  Address      VARCHAR(255),
  City         VARCHAR(100),
  State        VARCHAR(50),
  ZipCode      VARCHAR(20),
  Country      VARCHAR(50),
  CreditLimit  NUMERIC(18,2),
  IsActive     BOOLEAN NOT NULL DEFAULT 1,
  CreatedDate  DATETIME,
  CustomerType VARCHAR(20) DEFAULT 'Retail',
  SalesRepID   INTEGER REFERENCES SalesRep (SalesRepID),
  TerritoryID  INTEGER REFERENCES SalesTerritory (TerritoryID)
);
CREATE TABLE SalesOrder (
  SalesOrderID          INTEGER PRIMARY KEY,
  OrderNumber           VARCHAR(50) NOT NULL UNIQUE,
  CustomerID            INTEGER NOT NULL REFERENCES Customer (CustomerID),
  WarehouseID           INTEGER NOT NULL REFERENCES Warehouse (WarehouseID),
  OrderDate             DATE NOT NULL,
  RequestedDeliveryDate DATE,
  ShipDate              DATE,
  Status                VARCHAR(20) NOT NULL DEFAULT 'Draft',
  Subtotal              NUMERIC(18,2) DEFAULT 0,
  TaxAmount             NUMERIC(18,2) DEFAULT 0,
  ShippingAmount        NUMERIC(18,2) DEFAULT 0,
  TotalAmount           NUMERIC(18,2) DEFAULT 0,
  Notes                 TEXT,
  CreatedBy             VARCHAR(100),
  CreatedDate           DATETIME,
  ModifiedDate          DATETIME,
  SalesChannelID        INTEGER REFERENCES SalesChannel (SalesChannelID),
  StoreID               INTEGER REFERENCES Store (StoreID),
  SalesRepID            INTEGER REFERENCES SalesRep (SalesRepID),
  DiscountAmount        NUMERIC(18,2) DEFAULT 0,
  NetAmount             NUMERIC(19,2)
);
CREATE TABLE SalesOrderDetail (
  SODetailID      INTEGER PRIMARY KEY,
  SalesOrderID    INTEGER NOT NULL REFERENCES SalesOrder (SalesOrderID),
  LineNumber      INTEGER NOT NULL,
  ItemID          INTEGER NOT NULL REFERENCES Items (ItemID),
  Quantity        NUMERIC(18,2) NOT NULL,
  UnitPrice       NUMERIC(18,4) NOT NULL,
  QuantityShipped NUMERIC(18,2) DEFAULT 0,
  LineTotal       NUMERIC(37,6),
  DiscountPercent NUMERIC(5,2) DEFAULT 0,
  DiscountAmount  NUMERIC(38,6),
  NetAmount       NUMERIC(38,6)
);
CREATE TABLE SalesChannel (
  SalesChannelID INTEGER PRIMARY KEY,
  ChannelCode    VARCHAR(20) NOT NULL UNIQUE,
  ChannelName    VARCHAR(100) NOT NULL,
  Description    VARCHAR(255),
  IsActive       BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE Store (
  StoreID        INTEGER PRIMARY KEY,
  StoreCode      VARCHAR(20) NOT NULL UNIQUE,
  StoreName      VARCHAR(100) NOT NULL,
  SalesChannelID INTEGER NOT NULL REFERENCES SalesChannel (SalesChannelID),
  Manager        VARCHAR(100),
  Phone          VARCHAR(20),
  Email          VARCHAR(100),
  Address        VARCHAR(255),
  City           VARCHAR(100),
  State          VARCHAR(50),
  ZipCode        VARCHAR(20),
  OpenDate       DATE,
  IsActive       BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE SalesTerritory (
  TerritoryID   INTEGER PRIMARY KEY,
  TerritoryCode VARCHAR(20) NOT NULL UNIQUE,
  TerritoryName VARCHAR(100) NOT NULL,
  Region        VARCHAR(50),
  IsActive      BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE SalesRep (
  SalesRepID   INTEGER PRIMARY KEY,
  EmployeeCode VARCHAR(20) NOT NULL UNIQUE,
  FirstName    VARCHAR(50) NOT NULL,
  LastName     VARCHAR(50) NOT NULL,
  Email        VARCHAR(100),
  Phone        VARCHAR(20),
  TerritoryID  INTEGER REFERENCES SalesTerritory (TerritoryID),
  HireDate     DATE,
  IsActive     BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE ReturnReason (
  ReturnReasonID    INTEGER PRIMARY KEY,
  ReasonCode        VARCHAR(20) NOT NULL UNIQUE,
  ReasonDescription VARCHAR(255) NOT NULL,
  IsActive          BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE SalesReturn (
  ReturnID       INTEGER PRIMARY KEY,
  ReturnNumber   VARCHAR(50) NOT NULL UNIQUE,
  SalesOrderID   INTEGER NOT NULL REFERENCES SalesOrder (SalesOrderID),
  CustomerID     INTEGER NOT NULL REFERENCES Customer (CustomerID),
  ReturnDate     DATE NOT NULL,
  ReturnReasonID INTEGER NOT NULL REFERENCES ReturnReason (ReturnReasonID),
  Status         VARCHAR(20) NOT NULL DEFAULT 'Pending',
  RefundAmount   NUMERIC(18,2) DEFAULT 0,
  RestockingFee  NUMERIC(18,2) DEFAULT 0,
  Notes          TEXT,
  ApprovedBy     VARCHAR(100),
  ApprovedDate   DATETIME,
  CreatedDate    DATETIME
);
CREATE TABLE SalesReturnDetail (
  ReturnDetailID   INTEGER PRIMARY KEY,
  ReturnID         INTEGER NOT NULL REFERENCES SalesReturn (ReturnID),
  SODetailID       INTEGER NOT NULL REFERENCES SalesOrderDetail (SODetailID),
  ItemID           INTEGER NOT NULL REFERENCES Items (ItemID),
  QuantityReturned NUMERIC(18,2) NOT NULL,
  UnitPrice        NUMERIC(18,4) NOT NULL,
  RefundAmount     NUMERIC(18,2) NOT NULL,
  Disposition      VARCHAR(50)
);
CREATE TABLE SalesQuote (
  QuoteID            INTEGER PRIMARY KEY,
  QuoteNumber        VARCHAR(50) NOT NULL UNIQUE,
  CustomerID         INTEGER NOT NULL REFERENCES Customer (CustomerID),
  SalesChannelID     INTEGER REFERENCES SalesChannel (SalesChannelID),
  SalesRepID         INTEGER REFERENCES SalesRep (SalesRepID),
  QuoteDate          DATE NOT NULL,
  ExpirationDate     DATE,
  Status             VARCHAR(20) NOT NULL DEFAULT 'Draft',
  Subtotal           NUMERIC(18,2) DEFAULT 0,
  DiscountAmount     NUMERIC(18,2) DEFAULT 0,
  TaxAmount          NUMERIC(18,2) DEFAULT 0,
  TotalAmount        NUMERIC(18,2) DEFAULT 0,
  ConvertedToOrderID INTEGER REFERENCES SalesOrder (SalesOrderID),
  Notes              TEXT,
  CreatedBy          VARCHAR(100),
  CreatedDate        DATETIME
);
CREATE TABLE SalesQuoteDetail (
  QuoteDetailID   INTEGER PRIMARY KEY,
  QuoteID         INTEGER NOT NULL REFERENCES SalesQuote (QuoteID),
  LineNumber      INTEGER NOT NULL,
  ItemID          INTEGER NOT NULL REFERENCES Items (ItemID),
  Quantity        NUMERIC(18,2) NOT NULL,
  UnitPrice       NUMERIC(18,4) NOT NULL,
  DiscountPercent NUMERIC(5,2) DEFAULT 0,
  LineTotal       NUMERIC(38,6)
);
CREATE TABLE Promotion (
  PromotionID        INTEGER PRIMARY KEY,
  PromotionCode      VARCHAR(50) NOT NULL UNIQUE,
  PromotionName      VARCHAR(255) NOT NULL,
  Description        TEXT,
  DiscountPercent    NUMERIC(5,2),
  DiscountAmount     NUMERIC(18,2),
  StartDate          DATE NOT NULL,
  EndDate            DATE NOT NULL,
  IsActive           BOOLEAN NOT NULL DEFAULT 1,
  MinimumPurchase    NUMERIC(18,2) DEFAULT 0,
  ApplicableChannels VARCHAR(255)
);
CREATE TABLE PriceList (
  PriceListID    INTEGER PRIMARY KEY,
  PriceListCode  VARCHAR(20) NOT NULL UNIQUE,
  PriceListName  VARCHAR(100) NOT NULL,
  SalesChannelID INTEGER REFERENCES SalesChannel (SalesChannelID),
  EffectiveDate  DATE NOT NULL,
  EndDate        DATE,
  IsActive       BOOLEAN NOT NULL DEFAULT 1
);
CREATE TABLE PriceListDetail (
  PriceListDetailID INTEGER PRIMARY KEY,
  PriceListID       INTEGER NOT NULL REFERENCES PriceList (PriceListID),
  ItemID            INTEGER NOT NULL REFERENCES Items (ItemID),
  UnitPrice         NUMERIC(18,4) NOT NULL,
  MinimumQuantity   NUMERIC(18,2) DEFAULT 1
);
CREATE INDEX IX_BOM_Parent ON BillOfMaterials (ParentItemID);
CREATE INDEX IX_BOM_Component ON BillOfMaterials (ComponentItemID);
CREATE INDEX IX_InvTrans_Date ON InventoryTransaction (TransactionDate DESC);
CREATE INDEX IX_InvTrans_Item ON InventoryTransaction (ItemID, TransactionDate);
CREATE INDEX IX_Items_Type ON Items (ItemTypeID);
CREATE INDEX IX_Items_Active ON Items (IsActive);
CREATE INDEX IX_PO_Status ON PurchaseOrder (Status, OrderDate);
CREATE INDEX IX_SO_Status ON SalesOrder (Status, OrderDate);
CREATE INDEX IX_ProdOrder_Status ON ProductionOrder (Status, PlannedCompletionDate);
CREATE INDEX IX_SalesOrder_Channel ON SalesOrder (SalesChannelID, OrderDate);
CREATE INDEX IX_SalesOrder_Store ON SalesOrder (StoreID, OrderDate);
CREATE INDEX IX_SalesOrder_SalesRep ON SalesOrder (SalesRepID, OrderDate);
CREATE INDEX IX_Customer_Type ON Customer (CustomerType);
CREATE INDEX IX_SalesReturn_Date ON SalesReturn (ReturnDate);
CREATE INDEX IX_SalesQuote_Status ON SalesQuote (Status, QuoteDate);
'''
SCRIPTS = ['02-sample-data.sql', '05-sales-schema-enhancements.sql', '06-sales-sample-data.sql']
# DATETIME2 columns that the inserts fill with a date literal: stored to the second.
DATETIMES = {('Inventory', 'LastCountDate'), ('SalesReturn', 'ApprovedDate')}

def statements(src):
    # The statements of a T-SQL script: GO lines and ';' outside string literals end one.
    out, buf, i = [], [], 0
    src = re.sub(r'^\s*GO\s*$', ';', src, flags=re.M)
    while i < len(src):
        c = src[i]
        if c == "'":
            j = i + 1
            while True:
                j = src.index("'", j)
                if src[j+1:j+2] == "'": j += 2; continue
                break
            buf.append(src[i:j+1]); i = j + 1; continue
        if src.startswith('--', i):
            j = src.find('\n', i); j = len(src) if j < 0 else j
            buf.append(src[i:j]); i = j; continue
        if c == ';':
            out.append(''.join(buf)); buf = []; i += 1; continue
        buf.append(c); i += 1
    out.append(''.join(buf))
    return [s for s in (strip_comments(s).strip() for s in out) if s]

def strip_comments(s):
    # Leading comment lines only; comments inside a VALUES list are valid SQLite too.
    return re.sub(r'\A(\s*--[^\n]*\n)+', '', s + '\n')

def dec(v):
    return None if v is None else Decimal(repr(v)) if isinstance(v, float) else Decimal(v)

def num(d, places):
    # A SQL Server decimal value stored in a NUMERIC column: an integer when it has no fraction.
    d = d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP).normalize()
    return int(d) if d == d.to_integral_value() else float(d)

if os.path.exists('futon.db'): os.remove('futon.db')
db = sqlite3.connect('futon.db')
db.executescript(SCHEMA)
variables = {}
costs_rolled_up = False
for name in SCRIPTS:
    for st in statements(open(name, encoding='utf-8').read()):
        word = st.split(None, 1)[0].upper()
        if word in ('USE', 'PRINT', 'CREATE', 'ALTER'):
            continue  # the database, messages and DDL: the schema is above
        if word == 'DECLARE':
            m = re.fullmatch(r'DECLARE\s+(@\w+)\s+INT\s*=\s*(\(.*\))', st, re.S)
            variables[m.group(1)] = m.group(2); continue
        # Variables outside string literals (e-mail addresses have an '@' too).
        st = re.sub(r"('(?:[^']|'')*')|@\w+", lambda m: m.group(1) or variables[m.group(0)], st)
        if word == 'UPDATE' and 'SET StandardCost' in st:
            # One statement: every cost is read as it was before it (see the header).
            assert 'b.ComponentItemID = c.ItemID' in st and "TypeCode IN ('COMP', 'FG')" in st, st
            before = {i: dec(c) for i, c in db.execute('SELECT ItemID, StandardCost FROM Items')}
            new = {}
            for (item,) in db.execute("SELECT ItemID FROM Items WHERE ItemTypeID IN (SELECT ItemTypeID FROM ItemType WHERE TypeCode IN ('COMP', 'FG'))").fetchall():
                total = Decimal(0)
                for comp, qty, scrap in db.execute('SELECT ComponentItemID, Quantity, ScrapRate FROM BillOfMaterials WHERE ParentItemID = ?', (item,)):
                    total += before[comp] * dec(qty) * (1 + dec(scrap) / 100)
                new[item] = num(total, 4)
            db.executemany('UPDATE Items SET StandardCost = ? WHERE ItemID = ?', [(c, i) for i, c in new.items()])
            costs_rolled_up = True
            continue
        assert word in ('INSERT', 'UPDATE'), st[:80]
        db.execute(st)
assert costs_rolled_up
# Dates: DATETIME2 literals to the second (DATE columns already hold 'YYYY-MM-DD').
for table, col in DATETIMES:
    db.execute(f"UPDATE {table} SET {col} = {col} || ' 00:00:00' WHERE length({col}) = 10")
# PERSISTED computed columns, in exact decimal arithmetic.
for i, qoh, qa in db.execute('SELECT InventoryID, QuantityOnHand, QuantityAllocated FROM Inventory').fetchall():
    db.execute('UPDATE Inventory SET QuantityAvailable = ? WHERE InventoryID = ?', (num(dec(qoh) - dec(qa), 2), i))
for i, q, p, d in db.execute('SELECT SODetailID, Quantity, UnitPrice, DiscountPercent FROM SalesOrderDetail').fetchall():
    line = dec(q) * dec(p); disc = line * dec(d) / 100
    db.execute('UPDATE SalesOrderDetail SET LineTotal = ?, DiscountAmount = ?, NetAmount = ? WHERE SODetailID = ?',
               (num(line, 6), num(disc, 6), num(line - disc, 6), i))
for i, q, p, d in db.execute('SELECT QuoteDetailID, Quantity, UnitPrice, DiscountPercent FROM SalesQuoteDetail').fetchall():
    db.execute('UPDATE SalesQuoteDetail SET LineTotal = ? WHERE QuoteDetailID = ?', (num(dec(q) * dec(p) * (1 - dec(d) / 100), 6), i))
for i, t, d in db.execute('SELECT SalesOrderID, TotalAmount, DiscountAmount FROM SalesOrder').fetchall():
    db.execute('UPDATE SalesOrder SET NetAmount = ? WHERE SalesOrderID = ?', (num(dec(t) - dec(d), 2), i))
assert db.execute('SELECT COUNT(*) FROM PurchaseOrderDetail').fetchone()[0] == 0  # no LineTotal to compute
# NUMERIC values stored to their declared scale (the REAL arithmetic of INSERT ... SELECT, e.g.
# ListPrice * 0.98, would otherwise leave binary noise).
for table, col, places in [('PriceListDetail', 'UnitPrice', 4)]:
    for rowid, v in db.execute(f'SELECT rowid, {col} FROM {table}').fetchall():
        db.execute(f'UPDATE {table} SET {col} = ? WHERE rowid = ?', (num(Decimal(v).quantize(Decimal('0.0001'), rounding=ROUND_HALF_UP), places), rowid))
db.commit()
counts = {t: db.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0]
          for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid").fetchall()}
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
