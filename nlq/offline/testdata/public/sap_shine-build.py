# Builds sap_shine.db from github.com/SAP-samples/hana-shine-xsa (SHINE, "SAP HANA Interactive
# Education", SAP's demo content for HANA XS Advanced; commit
# 883acf8c55b204308af9329cecb049b716bfcb28, 2025-06-12; the data folder core-db/src/data/loads/
# last changed in bf53d5800a49ace80d71d1ffc1e535cf69910237, 2022-04-20, "Update
# salesOrderItem.csv"). License: Apache License 2.0 (root LICENSE; README: "licensed under the
# Apache Software License, version 2.0"; .reuse/dep5 puts every file, "Files: *", under
# Apache-2.0, data included).
#
# The data is SHINE's EPM ("Enterprise Procurement Model") sample: a made-up company that buys
# IT products from business partners and sells them to business partners. It is read from the
# CSV files of core-db/src/data/loads/ with the column lists of the .hdbtabledata files next to
# them, into the entities of the CDS contexts MD, PO, SO and Util (core-db/src/data/*.hdbcds):
#   MD_Addresses       addresses.csv          77 addresses (of partners and employees)
#   MD_BusinessPartner businessPartner.csv    45 companies
#   MD_Employees       employees.csv          33 employees
#   MD_Products        products.csv           106 products
#   PO_Header          purchaseOrder.csv      1000 purchase orders
#   PO_Item            purchaseOrderItem.csv  5880 purchase order lines
#   SO_Header          salesOrder.csv         1029 sales orders
#   SO_Item            salesOrderItem.csv     6046 sales order lines
#   Util_Texts         texts.csv              212 texts (product names and descriptions, English)
#   Util_Constants     constants.csv          70 code descriptions (status codes etc.), in
#                                             German (LANGUAGE 'D') and English ('E')
# Nothing is subset.
#
# Names: HANA names the tables "<context>.<entity>" ("MD.Addresses", "PO.Header") and flattens
# structured elements and associations into dotted column names ("HISTORY.CREATEDAT",
# "NAME.FIRST", "PARTNER.PARTNERID", "ADDRESSES.ADDRESSID"). Dots are replaced by underscores
# here (MD_Addresses, HISTORY_CREATEDAT, PARTNER_PARTNERID), as SAP's CAP does when it deploys
# CDS models to SQLite; otherwise every name is the source's own (upper-case columns without
# separators: GROSSAMOUNT, NETAMOUNT, TAXAMOUNT, LIFECYCLESTATUS, COMPANYNAME, ...).
# MD_Employees.FULLNAME is the entity's calculated element NAME.FIRST || ' ' || NAME.LAST,
# stored as a plain column.
#
# Values are kept as written. Keys and codes are text (CDS String(10)): PARTNERID '100000000',
# SALESORDERID '500000000', PURCHASEORDERID '300000000', line numbers SALESORDERITEM /
# PURCHASEORDERITEM '10', '20', ...; EMPLOYEEID '1' to '33'. Status columns are one-letter
# codes whose meanings are in Util_Constants (DOMAIN D_SO_LC, D_PO_LC, ...). Dates are ISO text
# 'YYYY-MM-DD' (VALIDITY_ENDDATE '9999-12-31' = open). Amounts (DECIMAL(15,2)) and quantities
# (DECIMAL(13,3)) are numbers; empty CSV fields are NULL. One row is repaired: the sales order
# line written "500000745,10<TAB>HT-,210,..." (a tab typed for a comma and the product id split)
# is stored as line '10' of product 'HT-1210' (its net amount 4798 is 2 x HT-1210's price 2399;
# the same line appears with HT-1210 in 38 other orders).
#
# Keys: the entities' CDS keys are PRIMARY KEYs (MD_*: the id; PO_Item / SO_Item: order id +
# line number; Util_Constants: DOMAIN + FIXEDVALUE + LANGUAGE). REFERENCES are declared for the
# associations where every value matches: partner and employee ADDRESSES_ADDRESSID ->
# MD_Addresses; MD_Products.SUPPLIER_PARTNERID, PO_Header/SO_Header.PARTNER_PARTNERID ->
# MD_BusinessPartner; HISTORY_CREATEDBY/CHANGEDBY_EMPLOYEEID of partners and order headers ->
# MD_Employees; item PRODUCT_PRODUCTID -> MD_Products; item order ids -> their header;
# MD_Products.NAMEID / DESCID -> Util_Texts (the product's name and description). Not declared:
# MD_Products' HISTORY_*_EMPLOYEEID, written '0000000033' while employee ids are '33'.
#
# Left out: Util.Notes and Util.Attachments (5 and 2 lorem-ipsum placeholder rows), SO.Filter
# (UI settings), Util.Messages (application messages), the SAP currency and unit customizing
# tables (TCUR*, T006*), the empty entities, views, calculation views and procedures.
#
# Run (in this folder):
#   python3 sap_shine-build.py <hana-shine-xsa git dir> && gzip -9 -n -c sap_shine.db > sap_shine.db.gz
import csv, io, os, re, sqlite3, subprocess, sys

COMMIT = '883acf8c55b204308af9329cecb049b716bfcb28'
LOADS = 'core-db/src/data/loads/'
OUT = 'sap_shine.db'
GIT = sys.argv[1]

SCHEMA = '''
CREATE TABLE MD_Addresses (
  ADDRESSID          NVARCHAR(10) NOT NULL PRIMARY KEY,
  CITY               NVARCHAR(40),
  POSTALCODE         NVARCHAR(10),
  STREET             NVARCHAR(60),
  BUILDING           NVARCHAR(10),
  COUNTRY            NVARCHAR(3),
  REGION             NVARCHAR(4),
  ADDRESSTYPE        NVARCHAR(2),
  VALIDITY_STARTDATE DATE,
  VALIDITY_ENDDATE   DATE,
  LATITUDE           DOUBLE,
  LONGITUDE          DOUBLE
);
CREATE TABLE MD_Employees (
  EMPLOYEEID          NVARCHAR(10) NOT NULL PRIMARY KEY,
  NAME_FIRST          NVARCHAR(40),
  NAME_MIDDLE         NVARCHAR(40),
  NAME_LAST           NVARCHAR(40),
  NAME_INITIALS       NVARCHAR(10),
  SEX                 NVARCHAR(1),
  LANGUAGE            NVARCHAR(1),
  PHONENUMBER         NVARCHAR(30),
  EMAILADDRESS        NVARCHAR(255),
  LOGINNAME           NVARCHAR(12),
  ADDRESSES_ADDRESSID NVARCHAR(10) REFERENCES MD_Addresses (ADDRESSID),
  VALIDITY_STARTDATE  DATE,
  VALIDITY_ENDDATE    DATE,
  CURRENCY            NVARCHAR(5),
  SALARYAMOUNT        DECIMAL(15,2),
  ACCOUNTNUMBER       NVARCHAR(10),
  BANKID              NVARCHAR(10),
  BANKNAME            NVARCHAR(255),
  EMPLOYEEPICURL      NVARCHAR(255),
  FULLNAME            NVARCHAR(100)
);
CREATE TABLE MD_BusinessPartner (
  PARTNERID                    NVARCHAR(10) NOT NULL PRIMARY KEY,
  PARTNERROLE                  NVARCHAR(3),
  EMAILADDRESS                 NVARCHAR(255),
  PHONENUMBER                  NVARCHAR(30),
  FAXNUMBER                    NVARCHAR(30),
  WEBADDRESS                   NVARCHAR(1024),
  ADDRESSES_ADDRESSID          NVARCHAR(10) REFERENCES MD_Addresses (ADDRESSID),
  COMPANYNAME                  NVARCHAR(80),
  LEGALFORM                    NVARCHAR(10),
  HISTORY_CREATEDBY_EMPLOYEEID NVARCHAR(10) REFERENCES MD_Employees (EMPLOYEEID),
  HISTORY_CREATEDAT            DATE,
  HISTORY_CHANGEDBY_EMPLOYEEID NVARCHAR(10) REFERENCES MD_Employees (EMPLOYEEID),
  HISTORY_CHANGEDAT            DATE,
  CURRENCY                     NVARCHAR(5)
);
CREATE TABLE Util_Texts (
  TEXTID      NVARCHAR(10) NOT NULL PRIMARY KEY,
  LANGUAGE    NVARCHAR(1),
  ISOLANGUAGE NVARCHAR(2),
  TEXT        NVARCHAR(1024)
);
CREATE TABLE Util_Constants (
  DOMAIN      NVARCHAR(30) NOT NULL,
  FIXEDVALUE  NVARCHAR(30) NOT NULL,
  LANGUAGE    NVARCHAR(1) NOT NULL,
  DESCRIPTION NVARCHAR(60),
  PRIMARY KEY (DOMAIN, FIXEDVALUE, LANGUAGE)
);
CREATE TABLE MD_Products (
  PRODUCTID                    NVARCHAR(10) NOT NULL PRIMARY KEY,
  TYPECODE                     NVARCHAR(2),
  CATEGORY                     NVARCHAR(40),
  HISTORY_CREATEDBY_EMPLOYEEID NVARCHAR(10),
  HISTORY_CREATEDAT            DATE,
  HISTORY_CHANGEDBY_EMPLOYEEID NVARCHAR(10),
  HISTORY_CHANGEDAT            DATE,
  NAMEID                       NVARCHAR(10) REFERENCES Util_Texts (TEXTID),
  DESCID                       NVARCHAR(10) REFERENCES Util_Texts (TEXTID),
  SUPPLIER_PARTNERID           NVARCHAR(10) REFERENCES MD_BusinessPartner (PARTNERID),
  TAXTARIFFCODE                INTEGER,
  QUANTITYUNIT                 NVARCHAR(3),
  WEIGHTMEASURE                DECIMAL(13,3),
  WEIGHTUNIT                   NVARCHAR(3),
  CURRENCY                     NVARCHAR(5),
  PRICE                        DECIMAL(15,2),
  PRODUCTPICURL                NVARCHAR(255),
  WIDTH                        DECIMAL(13,3),
  DEPTH                        DECIMAL(13,3),
  HEIGHT                       DECIMAL(13,3),
  DIMENSIONUNIT                NVARCHAR(3)
);
CREATE TABLE PO_Header (
  PURCHASEORDERID              NVARCHAR(10) NOT NULL PRIMARY KEY,
  HISTORY_CREATEDBY_EMPLOYEEID NVARCHAR(10) REFERENCES MD_Employees (EMPLOYEEID),
  HISTORY_CREATEDAT            DATE,
  HISTORY_CHANGEDBY_EMPLOYEEID NVARCHAR(10) REFERENCES MD_Employees (EMPLOYEEID),
  HISTORY_CHANGEDAT            DATE,
  NOTEID                       NVARCHAR(10),
  PARTNER_PARTNERID            NVARCHAR(10) REFERENCES MD_BusinessPartner (PARTNERID),
  CURRENCY                     NVARCHAR(5),
  GROSSAMOUNT                  DECIMAL(15,2),
  NETAMOUNT                    DECIMAL(15,2),
  TAXAMOUNT                    DECIMAL(15,2),
  LIFECYCLESTATUS              NVARCHAR(1),
  APPROVALSTATUS               NVARCHAR(1),
  CONFIRMSTATUS                NVARCHAR(1),
  ORDERINGSTATUS               NVARCHAR(1),
  INVOICINGSTATUS              NVARCHAR(1)
);
CREATE TABLE PO_Item (
  PURCHASEORDERID   NVARCHAR(10) NOT NULL REFERENCES PO_Header (PURCHASEORDERID),
  PURCHASEORDERITEM NVARCHAR(10) NOT NULL,
  PRODUCT_PRODUCTID NVARCHAR(10) REFERENCES MD_Products (PRODUCTID),
  NOTEID            NVARCHAR(10),
  CURRENCY          NVARCHAR(5),
  GROSSAMOUNT       DECIMAL(15,2),
  NETAMOUNT         DECIMAL(15,2),
  TAXAMOUNT         DECIMAL(15,2),
  QUANTITY          DECIMAL(13,3),
  QUANTITYUNIT      NVARCHAR(3),
  DELIVERYDATE      DATE,
  PRIMARY KEY (PURCHASEORDERID, PURCHASEORDERITEM)
);
CREATE TABLE SO_Header (
  SALESORDERID                 NVARCHAR(10) NOT NULL PRIMARY KEY,
  HISTORY_CREATEDBY_EMPLOYEEID NVARCHAR(10) REFERENCES MD_Employees (EMPLOYEEID),
  HISTORY_CREATEDAT            DATE,
  HISTORY_CHANGEDBY_EMPLOYEEID NVARCHAR(10) REFERENCES MD_Employees (EMPLOYEEID),
  HISTORY_CHANGEDAT            DATE,
  NOTEID                       NVARCHAR(10),
  PARTNER_PARTNERID            NVARCHAR(10) REFERENCES MD_BusinessPartner (PARTNERID),
  CURRENCY                     NVARCHAR(5),
  GROSSAMOUNT                  DECIMAL(15,2),
  NETAMOUNT                    DECIMAL(15,2),
  TAXAMOUNT                    DECIMAL(15,2),
  LIFECYCLESTATUS              NVARCHAR(1),
  BILLINGSTATUS                NVARCHAR(1),
  DELIVERYSTATUS               NVARCHAR(1)
);
CREATE TABLE SO_Item (
  SALESORDERID      NVARCHAR(10) NOT NULL REFERENCES SO_Header (SALESORDERID),
  SALESORDERITEM    NVARCHAR(10) NOT NULL,
  PRODUCT_PRODUCTID NVARCHAR(10) REFERENCES MD_Products (PRODUCTID),
  NOTEID            NVARCHAR(10),
  CURRENCY          NVARCHAR(5),
  GROSSAMOUNT       DECIMAL(15,2),
  NETAMOUNT         DECIMAL(15,2),
  TAXAMOUNT         DECIMAL(15,2),
  ITEMATPSTATUS     NVARCHAR(1),
  OPITEMPOS         NVARCHAR(10),
  QUANTITY          DECIMAL(13,3),
  QUANTITYUNIT      NVARCHAR(3),
  DELIVERYDATE      DATE,
  PRIMARY KEY (SALESORDERID, SALESORDERITEM)
);
'''

# (table, CSV file) in load order (parents first).
TABLES = [
    ('MD_Addresses', 'addresses.csv'),
    ('MD_Employees', 'employees.csv'),
    ('MD_BusinessPartner', 'businessPartner.csv'),
    ('Util_Texts', 'texts.csv'),
    ('Util_Constants', 'constants.csv'),
    ('MD_Products', 'products.csv'),
    ('PO_Header', 'purchaseOrder.csv'),
    ('PO_Item', 'purchaseOrderItem.csv'),
    ('SO_Header', 'salesOrder.csv'),
    ('SO_Item', 'salesOrderItem.csv'),
]

NUMERIC = {'LATITUDE', 'LONGITUDE', 'SALARYAMOUNT', 'TAXTARIFFCODE', 'WEIGHTMEASURE', 'PRICE',
           'WIDTH', 'DEPTH', 'HEIGHT', 'GROSSAMOUNT', 'NETAMOUNT', 'TAXAMOUNT', 'QUANTITY'}


def show(path):
    return subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:{path}'],
                          check=True, capture_output=True).stdout.decode('utf-8-sig')


def number(v):
    if re.fullmatch(r'-?\d+', v):
        return int(v)
    assert re.fullmatch(r'-?\d+\.\d+', v), v
    return float(v)


if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)
counts = {}
for table, src in TABLES:
    rows = list(csv.reader(io.StringIO(show(LOADS + src), newline='')))
    header = [h.replace('.', '_') for h in rows[0]]
    data = []
    for r in rows[1:]:
        if not r:
            continue
        if table == 'SO_Item' and r[:3] == ['500000745', '10\tHT-', '210']:
            r = ['500000745', '10', 'HT-1210'] + r[3:]   # the one broken line, see above
        assert len(r) == len(header), (src, r)
        rec = dict(zip(header, r))
        for k, v in rec.items():
            rec[k] = None if v == '' else number(v) if k in NUMERIC else v
        if table == 'MD_Employees':
            rec['FULLNAME'] = rec['NAME_FIRST'] + ' ' + rec['NAME_LAST']
        for k, v in rec.items():
            if k.endswith(('DATE', 'CREATEDAT', 'CHANGEDAT')) and v is not None:
                assert re.fullmatch(r'\d{4}-\d\d-\d\d', v), (src, k, v)
        data.append(rec)
    cols = list(data[0])
    db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})',
                   [[d[c] for c in cols] for d in data])
    counts[table] = len(data)
db.commit()
print(counts)
bad = db.execute('PRAGMA foreign_key_check').fetchall()
assert not bad, bad[:5]
db.execute('VACUUM'); db.close()
