# Builds awdw.db from github.com/microsoft/sql-server-samples, folder
# samples/databases/adventure-works/data-warehouse-install-script (commit
# 481085dc95720244a359f1311afd6003e0bcc09c, 2026-06-24; the folder last changed in
# b47eadc85277f72843647223cde53aa1b85ffcb8, 2025-11-14, "AdventureWorks 2025 updates"), MIT License
# (the repository's root license.txt, "Microsoft SQL Server Sample Code, Copyright (c) Microsoft
# Corporation", copied into awdw.LICENSE).
#
# AdventureWorksDW is Microsoft's data-warehouse sample for the made-up bicycle maker "Adventure
# Works Cycles": a Kimball star/snowflake schema, Dim* dimension tables with surrogate keys named
# <Dim>Key (int), business keys named ...AlternateKey, smart date keys DateKey = yyyymmdd, Fact*
# tables holding measures, parent-child self references (ParentAccountKey, ParentOrganizationKey,
# ParentDepartmentGroupKey) and English/Spanish/French label columns. The internet and reseller
# sales facts (FactInternetSales, FactResellerSales), DimCustomer, DimEmployee, DimProduct and
# FactProductInventory are 4 MiB or larger and absent from the snapshot, so this database keeps
# what is complete without them: the FINANCE star (general-ledger amounts by date, organization,
# department group, scenario and account), the CURRENCY-RATE star, the RESELLER/GEOGRAPHY/SALES
# TERRITORY snowflake, the call-centre fact, sales quotas, survey responses, internet-sales reasons
# and the prospective-buyer list. 20 whole tables, named as in the source (PascalCase, dbo. dropped):
#   DimAccount            (AccountKey, ParentAccountKey, AccountCodeAlternateKey,
#                          ParentAccountCodeAlternateKey, AccountDescription, AccountType,
#                          Operator, CustomMembers, ValueType, CustomMemberOptions)           99
#   DimCurrency           (CurrencyKey, CurrencyAlternateKey, CurrencyName)                  105
#   DimDate               (DateKey, FullDateAlternateKey, DayNumberOfWeek,
#                          English/Spanish/FrenchDayNameOfWeek, DayNumberOfMonth,
#                          DayNumberOfYear, WeekNumberOfYear, English/Spanish/FrenchMonthName,
#                          MonthNumberOfYear, CalendarQuarter, CalendarYear, CalendarSemester,
#                          FiscalQuarter, FiscalYear, FiscalSemester)                       3652
#   DimDepartmentGroup    (DepartmentGroupKey, ParentDepartmentGroupKey, DepartmentGroupName)  7
#   DimGeography          (GeographyKey, City, StateProvinceCode, StateProvinceName,
#                          CountryRegionCode, English/Spanish/FrenchCountryRegionName,
#                          PostalCode, SalesTerritoryKey, IpAddressLocator)                  655
#   DimOrganization       (OrganizationKey, ParentOrganizationKey, PercentageOfOwnership,
#                          OrganizationName, CurrencyKey)                                     14
#   DimProductCategory    (ProductCategoryKey, ProductCategoryAlternateKey,
#                          English/Spanish/FrenchProductCategoryName)                          4
#   DimProductSubcategory (ProductSubcategoryKey, ProductSubcategoryAlternateKey,
#                          English/Spanish/FrenchProductSubcategoryName, ProductCategoryKey)  37
#   DimPromotion          (PromotionKey, PromotionAlternateKey, English/Spanish/French-
#                          PromotionName, DiscountPct, English/Spanish/FrenchPromotionType,
#                          English/Spanish/FrenchPromotionCategory, StartDate, EndDate,
#                          MinQty, MaxQty)                                                    16
#   DimReseller           (ResellerKey, GeographyKey, ResellerAlternateKey, Phone,
#                          BusinessType, ResellerName, NumberEmployees, OrderFrequency,
#                          OrderMonth, FirstOrderYear, LastOrderYear, ProductLine,
#                          AddressLine1, AddressLine2, AnnualSales, BankName, MinPaymentType,
#                          MinPaymentAmount, AnnualRevenue, YearOpened)                      701
#   DimSalesReason        (SalesReasonKey, SalesReasonAlternateKey, SalesReasonName,
#                          SalesReasonReasonType)                                             10
#   DimSalesTerritory     (SalesTerritoryKey, SalesTerritoryAlternateKey,
#                          SalesTerritoryRegion, SalesTerritoryCountry, SalesTerritoryGroup)  11
#   DimScenario           (ScenarioKey, ScenarioName)                                          3
#   FactCallCenter        (FactCallCenterID, DateKey, WageType, Shift, LevelOneOperators,
#                          LevelTwoOperators, TotalOperators, Calls, AutomaticResponses,
#                          Orders, IssuesRaised, AverageTimePerIssue, ServiceGrade, Date)    120
#   FactCurrencyRate      (CurrencyKey, DateKey, AverageRate, EndOfDayRate, Date)          14264
#   FactFinance           (FinanceKey, DateKey, OrganizationKey, DepartmentGroupKey,
#                          ScenarioKey, AccountKey, Amount, Date)                          39409
#   FactInternetSalesReason(SalesOrderNumber, SalesOrderLineNumber, SalesReasonKey)        64515
#   FactSalesQuota        (SalesQuotaKey, EmployeeKey, DateKey, CalendarYear,
#                          CalendarQuarter, SalesAmountQuota, Date)                          163
#   FactSurveyResponse    (SurveyResponseKey, DateKey, CustomerKey, ProductCategoryKey,
#                          EnglishProductCategoryName, ProductSubcategoryKey,
#                          EnglishProductSubcategoryName, Date)                             2727
#   ProspectiveBuyer      (ProspectiveBuyerKey, ProspectAlternateKey, FirstName, MiddleName,
#                          LastName, BirthDate, MaritalStatus, Gender, EmailAddress,
#                          YearlyIncome, TotalChildren, NumberChildrenAtHome, Education,
#                          Occupation, HouseOwnerFlag, NumberCarsOwned, AddressLine1,
#                          AddressLine2, City, StateProvinceCode, PostalCode, Phone,
#                          Salutation, Unknown)                                             2059
# Keys: the primary keys of instawdbdw.sql (composite for FactCurrencyRate (CurrencyKey, DateKey)
# and FactInternetSalesReason (SalesOrderNumber, SalesOrderLineNumber, SalesReasonKey)) and every
# foreign key of instawdbdw.sql between these tables, declared as REFERENCES: the three parent-child
# self references (DimAccount.ParentAccountKey, DimOrganization.ParentOrganizationKey,
# DimDepartmentGroup.ParentDepartmentGroupKey); DimOrganization.CurrencyKey -> DimCurrency;
# DimGeography.SalesTerritoryKey -> DimSalesTerritory; DimProductSubcategory -> DimProductCategory;
# DimReseller -> DimGeography; FactCallCenter, FactCurrencyRate, FactFinance, FactSalesQuota and
# FactSurveyResponse DateKey -> DimDate; FactCurrencyRate -> DimCurrency; FactFinance ->
# DimOrganization, DimDepartmentGroup, DimScenario, DimAccount; FactInternetSalesReason ->
# DimSalesReason. Added here (not in the script, every value matches): FactSurveyResponse
# ProductCategoryKey -> DimProductCategory and ProductSubcategoryKey -> DimProductSubcategory.
# Not declared, because the referenced table is absent: FactSalesQuota.EmployeeKey (DimEmployee;
# quotas have no salesperson names here, only keys 272-296), FactSurveyResponse.CustomerKey
# (DimCustomer) and FactInternetSalesReason (SalesOrderNumber, SalesOrderLineNumber)
# (FactInternetSales; the order numbers 'SO43697' are kept as the only trace of the internet
# orders). The script's unique indexes (AK_...) are kept as UNIQUE indexes.
# Translations: the files are '|'-separated, one row a line, UTF-8 (Spanish and French labels,
# typographic quotes in two promotion names); an empty field becomes NULL; int, smallint, tinyint
# become INTEGER; money and float become REAL ('300000.0000' -> 300000.0,
# '5.0000000000000003E-2' -> 0.05); DimOrganization.PercentageOfOwnership, nvarchar in the source
# ('1', '.75', '.50', '.25'), becomes REAL (1.0, 0.75, 0.5, 0.25). Dates: DimDate.FullDateAlternateKey
# and ProspectiveBuyer.BirthDate, DimPromotion.StartDate/EndDate and the facts' Date columns (all
# at midnight in the data, which the build checks) become ISO 'YYYY-MM-DD'; the integer DateKey
# (yyyymmdd) columns are kept as they are. Codes kept as written: DimAccount.Operator '+', '-', '~';
# DimReseller.OrderFrequency 'A'/'Q'/'S' (annual, quarterly, semi-annual), ProductLine
# 'Road'/'Mountain'/'Touring'; FactCallCenter.WageType 'weekday'/'holiday', Shift 'AM'/'PM1'/'PM2'/
# 'midnight'; ProspectiveBuyer Gender 'M'/'F', MaritalStatus 'M'/'S', HouseOwnerFlag '0'/'1' (nchar,
# kept as text). DimSalesTerritory key 11 is the unknown member ('NA').
# Left out: DimSalesTerritory.SalesTerritoryImage (a hex-encoded flag picture, varbinary, 80 KB a
# row); NewFactCurrencyRate (a 50-row staging table: the same 10 ARS rows five times, no key);
# FactAdditionalInternationalProductDescription (keyed by ProductKey, whose DimProduct is absent);
# DatabaseLog (the install script's DDL log), sysdiagrams (binary diagrams) and
# AdventureWorksDWBuildVersion (filled from the server at install); the script's views and
# functions. The absent tables above cannot be built. Nothing is subset: the row counts above are
# the files' line counts (20 tables, 20 foreign keys; 5.8 MB unpacked, 1.8 MB (1,814,112 bytes)
# after gzip -9 -n). The build checks that every fact's Date equals its DateKey's date, that
# FactSurveyResponse's category and subcategory names match their keys, and PRAGMA
# foreign_key_check.
# Run (in this folder):
#   python3 awdw-build.py <sql-server-samples git dir> && gzip -9 -n -c awdw.db > awdw.db.gz && rm awdw.db
import os, re, sqlite3, subprocess, sys

COMMIT = '481085dc95720244a359f1311afd6003e0bcc09c'
SRC = 'samples/databases/adventure-works/data-warehouse-install-script/'
OUT = 'awdw.db'

SCHEMA = '''
CREATE TABLE DimAccount (
  AccountKey                    INTEGER NOT NULL PRIMARY KEY,
  ParentAccountKey              INTEGER REFERENCES DimAccount (AccountKey),
  AccountCodeAlternateKey       INTEGER,
  ParentAccountCodeAlternateKey INTEGER,
  AccountDescription            TEXT,
  AccountType                   TEXT,
  Operator                      TEXT,
  CustomMembers                 TEXT,
  ValueType                     TEXT,
  CustomMemberOptions           TEXT
);
CREATE TABLE DimCurrency (
  CurrencyKey          INTEGER NOT NULL PRIMARY KEY,
  CurrencyAlternateKey TEXT NOT NULL,
  CurrencyName         TEXT NOT NULL
);
CREATE TABLE DimDate (
  DateKey               INTEGER NOT NULL PRIMARY KEY,
  FullDateAlternateKey  TEXT NOT NULL,
  DayNumberOfWeek       INTEGER NOT NULL,
  EnglishDayNameOfWeek  TEXT NOT NULL,
  SpanishDayNameOfWeek  TEXT NOT NULL,
  FrenchDayNameOfWeek   TEXT NOT NULL,
  DayNumberOfMonth      INTEGER NOT NULL,
  DayNumberOfYear       INTEGER NOT NULL,
  WeekNumberOfYear      INTEGER NOT NULL,
  EnglishMonthName      TEXT NOT NULL,
  SpanishMonthName      TEXT NOT NULL,
  FrenchMonthName       TEXT NOT NULL,
  MonthNumberOfYear     INTEGER NOT NULL,
  CalendarQuarter       INTEGER NOT NULL,
  CalendarYear          INTEGER NOT NULL,
  CalendarSemester      INTEGER NOT NULL,
  FiscalQuarter         INTEGER NOT NULL,
  FiscalYear            INTEGER NOT NULL,
  FiscalSemester        INTEGER NOT NULL
);
CREATE TABLE DimDepartmentGroup (
  DepartmentGroupKey       INTEGER NOT NULL PRIMARY KEY,
  ParentDepartmentGroupKey INTEGER REFERENCES DimDepartmentGroup (DepartmentGroupKey),
  DepartmentGroupName      TEXT
);
CREATE TABLE DimSalesTerritory (
  SalesTerritoryKey          INTEGER NOT NULL PRIMARY KEY,
  SalesTerritoryAlternateKey INTEGER,
  SalesTerritoryRegion       TEXT NOT NULL,
  SalesTerritoryCountry      TEXT NOT NULL,
  SalesTerritoryGroup        TEXT
);
CREATE TABLE DimGeography (
  GeographyKey             INTEGER NOT NULL PRIMARY KEY,
  City                     TEXT,
  StateProvinceCode        TEXT,
  StateProvinceName        TEXT,
  CountryRegionCode        TEXT,
  EnglishCountryRegionName TEXT,
  SpanishCountryRegionName TEXT,
  FrenchCountryRegionName  TEXT,
  PostalCode               TEXT,
  SalesTerritoryKey        INTEGER REFERENCES DimSalesTerritory (SalesTerritoryKey),
  IpAddressLocator         TEXT
);
CREATE TABLE DimOrganization (
  OrganizationKey       INTEGER NOT NULL PRIMARY KEY,
  ParentOrganizationKey INTEGER REFERENCES DimOrganization (OrganizationKey),
  PercentageOfOwnership REAL,
  OrganizationName      TEXT,
  CurrencyKey           INTEGER REFERENCES DimCurrency (CurrencyKey)
);
CREATE TABLE DimProductCategory (
  ProductCategoryKey          INTEGER NOT NULL PRIMARY KEY,
  ProductCategoryAlternateKey INTEGER,
  EnglishProductCategoryName  TEXT NOT NULL,
  SpanishProductCategoryName  TEXT NOT NULL,
  FrenchProductCategoryName   TEXT NOT NULL
);
CREATE TABLE DimProductSubcategory (
  ProductSubcategoryKey          INTEGER NOT NULL PRIMARY KEY,
  ProductSubcategoryAlternateKey INTEGER,
  EnglishProductSubcategoryName  TEXT NOT NULL,
  SpanishProductSubcategoryName  TEXT NOT NULL,
  FrenchProductSubcategoryName   TEXT NOT NULL,
  ProductCategoryKey             INTEGER REFERENCES DimProductCategory (ProductCategoryKey)
);
CREATE TABLE DimPromotion (
  PromotionKey             INTEGER NOT NULL PRIMARY KEY,
  PromotionAlternateKey    INTEGER,
  EnglishPromotionName     TEXT,
  SpanishPromotionName     TEXT,
  FrenchPromotionName      TEXT,
  DiscountPct              REAL,
  EnglishPromotionType     TEXT,
  SpanishPromotionType     TEXT,
  FrenchPromotionType      TEXT,
  EnglishPromotionCategory TEXT,
  SpanishPromotionCategory TEXT,
  FrenchPromotionCategory  TEXT,
  StartDate                TEXT NOT NULL,
  EndDate                  TEXT,
  MinQty                   INTEGER,
  MaxQty                   INTEGER
);
CREATE TABLE DimReseller (
  ResellerKey          INTEGER NOT NULL PRIMARY KEY,
  GeographyKey         INTEGER REFERENCES DimGeography (GeographyKey),
  ResellerAlternateKey TEXT,
  Phone                TEXT,
  BusinessType         TEXT NOT NULL,
  ResellerName         TEXT NOT NULL,
  NumberEmployees      INTEGER,
  OrderFrequency       TEXT,
  OrderMonth           INTEGER,
  FirstOrderYear       INTEGER,
  LastOrderYear        INTEGER,
  ProductLine          TEXT,
  AddressLine1         TEXT,
  AddressLine2         TEXT,
  AnnualSales          REAL,
  BankName             TEXT,
  MinPaymentType       INTEGER,
  MinPaymentAmount     REAL,
  AnnualRevenue        REAL,
  YearOpened           INTEGER
);
CREATE TABLE DimSalesReason (
  SalesReasonKey          INTEGER NOT NULL PRIMARY KEY,
  SalesReasonAlternateKey INTEGER NOT NULL,
  SalesReasonName         TEXT NOT NULL,
  SalesReasonReasonType   TEXT NOT NULL
);
CREATE TABLE DimScenario (
  ScenarioKey  INTEGER NOT NULL PRIMARY KEY,
  ScenarioName TEXT
);
CREATE TABLE FactCallCenter (
  FactCallCenterID    INTEGER NOT NULL PRIMARY KEY,
  DateKey             INTEGER NOT NULL REFERENCES DimDate (DateKey),
  WageType            TEXT NOT NULL,
  Shift               TEXT NOT NULL,
  LevelOneOperators   INTEGER NOT NULL,
  LevelTwoOperators   INTEGER NOT NULL,
  TotalOperators      INTEGER NOT NULL,
  Calls               INTEGER NOT NULL,
  AutomaticResponses  INTEGER NOT NULL,
  Orders              INTEGER NOT NULL,
  IssuesRaised        INTEGER NOT NULL,
  AverageTimePerIssue INTEGER NOT NULL,
  ServiceGrade        REAL NOT NULL,
  Date                TEXT
);
CREATE TABLE FactCurrencyRate (
  CurrencyKey  INTEGER NOT NULL REFERENCES DimCurrency (CurrencyKey),
  DateKey      INTEGER NOT NULL REFERENCES DimDate (DateKey),
  AverageRate  REAL NOT NULL,
  EndOfDayRate REAL NOT NULL,
  Date         TEXT,
  PRIMARY KEY (CurrencyKey, DateKey)
);
CREATE TABLE FactFinance (
  FinanceKey         INTEGER NOT NULL PRIMARY KEY,
  DateKey            INTEGER NOT NULL REFERENCES DimDate (DateKey),
  OrganizationKey    INTEGER NOT NULL REFERENCES DimOrganization (OrganizationKey),
  DepartmentGroupKey INTEGER NOT NULL REFERENCES DimDepartmentGroup (DepartmentGroupKey),
  ScenarioKey        INTEGER NOT NULL REFERENCES DimScenario (ScenarioKey),
  AccountKey         INTEGER NOT NULL REFERENCES DimAccount (AccountKey),
  Amount             REAL NOT NULL,
  Date               TEXT
);
CREATE TABLE FactInternetSalesReason (
  SalesOrderNumber     TEXT NOT NULL,
  SalesOrderLineNumber INTEGER NOT NULL,
  SalesReasonKey       INTEGER NOT NULL REFERENCES DimSalesReason (SalesReasonKey),
  PRIMARY KEY (SalesOrderNumber, SalesOrderLineNumber, SalesReasonKey)
);
CREATE TABLE FactSalesQuota (
  SalesQuotaKey    INTEGER NOT NULL PRIMARY KEY,
  EmployeeKey      INTEGER NOT NULL,
  DateKey          INTEGER NOT NULL REFERENCES DimDate (DateKey),
  CalendarYear     INTEGER NOT NULL,
  CalendarQuarter  INTEGER NOT NULL,
  SalesAmountQuota REAL NOT NULL,
  Date             TEXT
);
CREATE TABLE FactSurveyResponse (
  SurveyResponseKey             INTEGER NOT NULL PRIMARY KEY,
  DateKey                       INTEGER NOT NULL REFERENCES DimDate (DateKey),
  CustomerKey                   INTEGER NOT NULL,
  ProductCategoryKey            INTEGER NOT NULL REFERENCES DimProductCategory (ProductCategoryKey),
  EnglishProductCategoryName    TEXT NOT NULL,
  ProductSubcategoryKey         INTEGER NOT NULL REFERENCES DimProductSubcategory (ProductSubcategoryKey),
  EnglishProductSubcategoryName TEXT NOT NULL,
  Date                          TEXT
);
CREATE TABLE ProspectiveBuyer (
  ProspectiveBuyerKey  INTEGER NOT NULL PRIMARY KEY,
  ProspectAlternateKey TEXT,
  FirstName            TEXT,
  MiddleName           TEXT,
  LastName             TEXT,
  BirthDate            TEXT,
  MaritalStatus        TEXT,
  Gender               TEXT,
  EmailAddress         TEXT,
  YearlyIncome         REAL,
  TotalChildren        INTEGER,
  NumberChildrenAtHome INTEGER,
  Education            TEXT,
  Occupation           TEXT,
  HouseOwnerFlag       TEXT,
  NumberCarsOwned      INTEGER,
  AddressLine1         TEXT,
  AddressLine2         TEXT,
  City                 TEXT,
  StateProvinceCode    TEXT,
  PostalCode           TEXT,
  Phone                TEXT,
  Salutation           TEXT,
  Unknown              INTEGER
);
CREATE UNIQUE INDEX AK_DimCurrency_CurrencyAlternateKey ON DimCurrency (CurrencyAlternateKey);
CREATE UNIQUE INDEX AK_DimDate_FullDateAlternateKey ON DimDate (FullDateAlternateKey);
CREATE UNIQUE INDEX AK_DimProductCategory_ProductCategoryAlternateKey ON DimProductCategory (ProductCategoryAlternateKey);
CREATE UNIQUE INDEX AK_DimProductSubcategory_ProductSubcategoryAlternateKey ON DimProductSubcategory (ProductSubcategoryAlternateKey);
CREATE UNIQUE INDEX AK_DimPromotion_PromotionAlternateKey ON DimPromotion (PromotionAlternateKey);
CREATE UNIQUE INDEX AK_DimReseller_ResellerAlternateKey ON DimReseller (ResellerAlternateKey);
CREATE UNIQUE INDEX AK_DimSalesTerritory_SalesTerritoryAlternateKey ON DimSalesTerritory (SalesTerritoryAlternateKey);
CREATE UNIQUE INDEX AK_FactCallCenter_DateKey_Shift ON FactCallCenter (DateKey, Shift);
'''

# Insertion order respects the foreign keys.
TABLES = ['DimAccount', 'DimCurrency', 'DimDate', 'DimDepartmentGroup', 'DimSalesTerritory',
          'DimGeography', 'DimOrganization', 'DimProductCategory', 'DimProductSubcategory',
          'DimPromotion', 'DimReseller', 'DimSalesReason', 'DimScenario', 'FactCallCenter',
          'FactCurrencyRate', 'FactFinance', 'FactInternetSalesReason', 'FactSalesQuota',
          'FactSurveyResponse', 'ProspectiveBuyer']
DATES = {'FullDateAlternateKey', 'Date', 'StartDate', 'EndDate', 'BirthDate'}
# Source columns dropped from a file's rows (by position among the script's columns).
DROP = {'DimSalesTerritory': {'SalesTerritoryImage'}}
SOURCE_COLS = {'DimSalesTerritory': ['SalesTerritoryKey', 'SalesTerritoryAlternateKey',
                                     'SalesTerritoryRegion', 'SalesTerritoryCountry',
                                     'SalesTerritoryGroup', 'SalesTerritoryImage']}

def git_show(gitdir, path):
    return subprocess.run(['git', '-C', gitdir, 'show', f'{COMMIT}:{path}'], check=True,
                          capture_output=True).stdout.decode('utf-8')

def convert(col, typ, text):
    if text == '': return None
    if col in DATES:
        m = re.fullmatch(r'(\d{4}-\d\d-\d\d)( 00:00:00\.000)?', text)
        assert m, (col, text)
        return m.group(1)
    if typ == 'INTEGER': return int(text)
    if typ == 'REAL': return float(text)
    assert text == text.strip(), (col, text)
    return text

def main():
    gitdir = sys.argv[1]
    if os.path.exists(OUT): os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.executescript(SCHEMA)
    # Checked once at the end (PRAGMA foreign_key_check): DimOrganization lists some divisions
    # before their parent (Northeast Division, key 3, under USA Operations, key 14).
    counts = {}
    for table in TABLES:
        info = db.execute(f'PRAGMA table_info({table})').fetchall()
        cols = [r[1] for r in info]
        types = {r[1]: r[2] for r in info}
        notnull = {r[1]: r[3] for r in info}
        src_cols = SOURCE_COLS.get(table, cols)
        text = git_show(gitdir, SRC + table + '.csv')
        assert '\r' not in text, table
        lines = text.split('\n')
        assert lines[-1] == '', (table, lines[-1][:50])  # file ends with a newline
        rows = []
        for line in lines[:-1]:
            fields = line.split('|')
            assert len(fields) == len(src_cols), (table, len(fields), line[:80])
            rec = dict(zip(src_cols, fields))
            row = [convert(c, types[c], rec[c]) for c in cols]
            for c, v in zip(cols, row):
                assert not (notnull[c] and v is None), (table, c, line[:80])
            rows.append(row)
        db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})', rows)
        counts[table] = len(rows)
    db.commit()
    # The facts' Date column is the date of their DateKey.
    for table in ['FactCallCenter', 'FactCurrencyRate', 'FactFinance', 'FactSalesQuota', 'FactSurveyResponse']:
        bad = db.execute(f'SELECT COUNT(*) FROM {table} f JOIN DimDate d USING (DateKey) '
                         f'WHERE f.Date IS NOT d.FullDateAlternateKey').fetchone()[0]
        assert bad == 0, (table, bad)
    # FactSurveyResponse's names are those of its category and subcategory keys.
    assert db.execute('''SELECT COUNT(*) FROM FactSurveyResponse s
        JOIN DimProductCategory c USING (ProductCategoryKey)
        JOIN DimProductSubcategory p ON p.ProductSubcategoryKey = s.ProductSubcategoryKey
        WHERE s.EnglishProductCategoryName <> c.EnglishProductCategoryName
           OR s.EnglishProductSubcategoryName <> p.EnglishProductSubcategoryName
           OR p.ProductCategoryKey <> s.ProductCategoryKey''').fetchone()[0] == 0
    print(counts)
    assert not db.execute('PRAGMA foreign_key_check').fetchall()
    db.execute('VACUUM')
    db.close()

main()
