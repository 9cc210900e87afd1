# Builds sflight.db from SAP's CAP SFLIGHT sample (a flight-travel booking application: travel
# agencies book trips ("travels") for customers ("passengers"); each travel holds flight bookings,
# each booking can carry paid supplements such as meals, drinks or extra luggage), as shipped in
#   github.com/SAP-samples/cap-sflight  commit c948c233100fab917762cc1cc4ca8caaefa12419
#     (2026-06-18, "Java 25 (#1528)"); the data folder db/data last changed in
#     05258113ee2a62a702f79a75a13f8093ce81368d (2025-12-11), the model db/schema.cds and
#     db/master-data.cds in a2acd8be20c9f83bf81c3ef92ccf740f21633228 (2025-07-03).
# Licence: Apache-2.0 ("Copyright (c) 2021 SAP SE or an SAP affiliate company and cap-sflight
#   contributors", README.md and LICENSES/Apache-2.0.txt); see sflight.LICENSE.
#
# The data is the semicolon-separated CSV that CAP loads into its database on deployment
# (db/data/<namespace>-<Entity>.csv); the model is CDS (db/schema.cds, db/master-data.cds,
# db/common.cds and @sap/cds/common for Countries, Currencies and CodeList). The data is synthetic
# (SAP's classic SFLIGHT/RAP demo data), with bookings and travels dated 2025.
#
# Naming conventions (CAP's): entities and elements in PascalCase (TravelUUID, BeginDate,
# BookingFee, TotalPrice, FlightPrice, OccupiedSeats), a few camelCase (createdBy, createdAt) and
# lower-case code-list columns (code, name, descr); a managed association becomes a foreign-key
# column named <association>_<target key>: to_Agency_AgencyID, to_Customer_CustomerID,
# to_Travel_TravelUUID, to_Booking_BookingUUID, to_Carrier_AirlineID (the airline),
# to_Supplement_SupplementID, DepartureAirport_AirportID, DestinationAirport_AirportID, and for
# code lists TravelStatus_code, BookingStatus_code, Type_code, CurrencyCode_code, CountryCode_code.
# Statuses are one-letter codes decoded through code-list tables: TravelStatus O Open, A Accepted,
# X Canceled; BookingStatus N New, B Booked, X Canceled; SupplementType BV Beverage, ML Meal,
# LU Luggage, EX Extra. Money is in the row's own currency (CurrencyCode_code: EUR, USD, SGD, JPY,
# ...), so sums across currencies mix units. Customers are "Passenger" rows keyed by CustomerID.
#
# Tables (table name = CDS entity name without its namespace sap.fe.cap.travel / sap.common, which
# a CAP deployment would prefix as sap_fe_cap_travel_...; columns = the CSV header, in its order):
#   Travel (4,133): TravelUUID PK, TravelID, to_Agency_AgencyID -> TravelAgency,
#     to_Customer_CustomerID -> Passenger, BeginDate, EndDate, BookingFee, TotalPrice,
#     CurrencyCode_code -> Currencies, Description, TravelStatus_code -> TravelStatus, createdBy,
#     createdAt, LastChangedBy, LastChangedAt
#   Booking (9,153): BookingUUID PK, to_Travel_TravelUUID -> Travel, BookingID (1.. within its
#     travel), BookingDate, to_Customer_CustomerID -> Passenger, to_Carrier_AirlineID -> Airline,
#     ConnectionID, FlightDate, FlightPrice, CurrencyCode_code -> Currencies,
#     BookingStatus_code -> BookingStatus, LastChangedAt
#   BookingSupplement (16,189): BookSupplUUID PK, to_Travel_TravelUUID -> Travel,
#     to_Booking_BookingUUID -> Booking, BookingSupplementID (1.. within its booking),
#     to_Supplement_SupplementID -> Supplement, Price, CurrencyCode_code -> Currencies,
#     LastChangedAt
#   Passenger (728): CustomerID PK, FirstName, LastName, Title, Street, PostalCode, City,
#     CountryCode_code -> Countries, PhoneNumber, EMailAddress
#   TravelAgency (50): AgencyID PK, Name, Street, PostalCode, City, CountryCode_code -> Countries,
#     PhoneNumber, EMailAddress, WebAddress
#   Airline (5): AirlineID PK, Name, CurrencyCode_code -> Currencies, AirlinePicURL
#   Airport (47): AirportID PK, Name, City, CountryCode_code -> Countries
#   FlightConnection (20): PK (ConnectionID, AirlineID), AirlineID -> Airline,
#     DepartureAirport_AirportID -> Airport, DestinationAirport_AirportID -> Airport,
#     DepartureTime, ArrivalTime, Distance, DistanceUnit
#   Flight (41): PK (AirlineID, FlightDate, ConnectionID), AirlineID -> Airline,
#     (ConnectionID, AirlineID) -> FlightConnection, Price, CurrencyCode_code -> Currencies,
#     PlaneType, MaximumSeats, OccupiedSeats
#   Supplement (49): SupplementID PK, Price, Type_code -> SupplementType, Description,
#     CurrencyCode_code -> Currencies
#   SupplementType (4), TravelStatus (3), BookingStatus (3): code PK, name
#   Countries (29): code PK, name, descr
#   Currencies (13): code PK, symbol, name, descr, numcode, minor, exponent
# Keys are the CDS keys; REFERENCES are the CDS managed associations (and Flight's unmanaged ones
# to Airline and FlightConnection). Booking's unmanaged association to Flight (airline, flight date,
# connection) is not declared as a foreign key: 4 bookings name a flight that is not in Flight.
#
# Changed (only what SQLite needs): Integer -> INTEGER (TravelID, BookingID and
# BookingSupplementID lose their leading zeros: '00000001' -> 1); Decimal -> REAL; String, UUID,
# Date, Time -> TEXT; the String keys CustomerID ('000001'), AgencyID ('070001') and ConnectionID
# ('0001') stay text with their zeros; Date stays 'YYYY-MM-DD', Time 'HH:MM:SS'; timestamps
# '2025-01-31T19:48:08Z' (UTC) become '2025-01-31 19:48:08'.
# Left out: the localized *.texts tables (German, French and Italian translations of the code
# lists, countries, currencies and supplement descriptions; the base tables keep the English
# text); the model's columns that the CSV never fills (Travel's GoGreen, GreenFee, TreesPlanted,
# the managed createdAt/createdBy/LastChangedBy of Booking, BookingSupplement, Passenger and
# Supplement, and CodeList descr of the status/type code lists): a deployment would leave them
# NULL or at their default. Nothing is subset.
#
# Usage: python3 sflight-build.py <SAP-samples+cap-sflight git dir> <out.db>
#        gzip -9 -n <out.db>
import csv, io, os, sqlite3, subprocess, sys

COMMIT = 'c948c233100fab917762cc1cc4ca8caaefa12419'
GIT, OUT = sys.argv[1], sys.argv[2]

# (table, csv file, DDL) in creation order, referenced tables first
TABLES = [
    ('Countries', 'sap.common-Countries.csv', '''
  code TEXT PRIMARY KEY,
  name TEXT,
  descr TEXT'''),
    ('Currencies', 'sap.common-Currencies.csv', '''
  code TEXT PRIMARY KEY,
  symbol TEXT,
  name TEXT,
  descr TEXT,
  numcode INTEGER,
  minor TEXT,
  exponent INTEGER'''),
    ('TravelStatus', 'sap.fe.cap.travel-TravelStatus.csv', '''
  code TEXT PRIMARY KEY,
  name TEXT'''),
    ('BookingStatus', 'sap.fe.cap.travel-BookingStatus.csv', '''
  code TEXT PRIMARY KEY,
  name TEXT'''),
    ('SupplementType', 'sap.fe.cap.travel-SupplementType.csv', '''
  code TEXT PRIMARY KEY,
  name TEXT'''),
    ('Airline', 'sap.fe.cap.travel-Airline.csv', '''
  AirlineID TEXT PRIMARY KEY,
  Name TEXT,
  CurrencyCode_code TEXT REFERENCES Currencies (code),
  AirlinePicURL TEXT'''),
    ('Airport', 'sap.fe.cap.travel-Airport.csv', '''
  AirportID TEXT PRIMARY KEY,
  Name TEXT,
  City TEXT,
  CountryCode_code TEXT REFERENCES Countries (code)'''),
    ('FlightConnection', 'sap.fe.cap.travel-FlightConnection.csv', '''
  AirlineID TEXT NOT NULL REFERENCES Airline (AirlineID),
  ConnectionID TEXT NOT NULL,
  DepartureAirport_AirportID TEXT REFERENCES Airport (AirportID),
  DestinationAirport_AirportID TEXT REFERENCES Airport (AirportID),
  DepartureTime TEXT,
  ArrivalTime TEXT,
  Distance INTEGER,
  DistanceUnit TEXT,
  PRIMARY KEY (ConnectionID, AirlineID)'''),
    ('Flight', 'sap.fe.cap.travel-Flight.csv', '''
  AirlineID TEXT NOT NULL REFERENCES Airline (AirlineID),
  ConnectionID TEXT NOT NULL,
  FlightDate TEXT NOT NULL,
  Price REAL,
  CurrencyCode_code TEXT REFERENCES Currencies (code),
  PlaneType TEXT,
  MaximumSeats INTEGER,
  OccupiedSeats INTEGER,
  PRIMARY KEY (AirlineID, FlightDate, ConnectionID),
  FOREIGN KEY (ConnectionID, AirlineID) REFERENCES FlightConnection (ConnectionID, AirlineID)'''),
    ('Passenger', 'sap.fe.cap.travel-Passenger.csv', '''
  CustomerID TEXT PRIMARY KEY,
  FirstName TEXT,
  LastName TEXT,
  Title TEXT,
  Street TEXT,
  PostalCode TEXT,
  City TEXT,
  CountryCode_code TEXT REFERENCES Countries (code),
  PhoneNumber TEXT,
  EMailAddress TEXT'''),
    ('TravelAgency', 'sap.fe.cap.travel-TravelAgency.csv', '''
  AgencyID TEXT PRIMARY KEY,
  Name TEXT,
  Street TEXT,
  PostalCode TEXT,
  City TEXT,
  CountryCode_code TEXT REFERENCES Countries (code),
  PhoneNumber TEXT,
  EMailAddress TEXT,
  WebAddress TEXT'''),
    ('Supplement', 'sap.fe.cap.travel-Supplement.csv', '''
  SupplementID TEXT PRIMARY KEY,
  Price REAL,
  Type_code TEXT REFERENCES SupplementType (code),
  Description TEXT,
  CurrencyCode_code TEXT REFERENCES Currencies (code)'''),
    ('Travel', 'sap.fe.cap.travel-Travel.csv', '''
  TravelUUID TEXT PRIMARY KEY,
  TravelID INTEGER,
  to_Agency_AgencyID TEXT REFERENCES TravelAgency (AgencyID),
  to_Customer_CustomerID TEXT REFERENCES Passenger (CustomerID),
  BeginDate TEXT,
  EndDate TEXT,
  BookingFee REAL,
  TotalPrice REAL,
  CurrencyCode_code TEXT REFERENCES Currencies (code),
  Description TEXT,
  TravelStatus_code TEXT REFERENCES TravelStatus (code),
  createdBy TEXT,
  createdAt TEXT,
  LastChangedBy TEXT,
  LastChangedAt TEXT'''),
    ('Booking', 'sap.fe.cap.travel-Booking.csv', '''
  BookingUUID TEXT PRIMARY KEY,
  to_Travel_TravelUUID TEXT REFERENCES Travel (TravelUUID),
  BookingID INTEGER,
  BookingDate TEXT,
  to_Customer_CustomerID TEXT REFERENCES Passenger (CustomerID),
  to_Carrier_AirlineID TEXT REFERENCES Airline (AirlineID),
  ConnectionID TEXT,
  FlightDate TEXT,
  FlightPrice REAL,
  CurrencyCode_code TEXT REFERENCES Currencies (code),
  BookingStatus_code TEXT REFERENCES BookingStatus (code),
  LastChangedAt TEXT'''),
    ('BookingSupplement', 'sap.fe.cap.travel-BookingSupplement.csv', '''
  BookSupplUUID TEXT PRIMARY KEY,
  to_Travel_TravelUUID TEXT REFERENCES Travel (TravelUUID),
  to_Booking_BookingUUID TEXT REFERENCES Booking (BookingUUID),
  BookingSupplementID INTEGER,
  to_Supplement_SupplementID TEXT REFERENCES Supplement (SupplementID),
  Price REAL,
  CurrencyCode_code TEXT REFERENCES Currencies (code),
  LastChangedAt TEXT'''),
]

EXPECTED_ROWS = {'Countries': 29, 'Currencies': 13, 'TravelStatus': 3, 'BookingStatus': 3,
                 'SupplementType': 4, 'Airline': 5, 'Airport': 47, 'FlightConnection': 20,
                 'Flight': 41, 'Passenger': 728, 'TravelAgency': 50, 'Supplement': 49,
                 'Travel': 4133, 'Booking': 9153, 'BookingSupplement': 16189}


def read_csv(name):
    raw = subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:db/data/{name}'],
                         check=True, capture_output=True).stdout.decode('utf-8-sig')
    rows = list(csv.reader(io.StringIO(raw), delimiter=';'))
    return rows[0], [r for r in rows[1:] if r]


def convert(v, decl):
    if v == '':
        return None
    if decl.startswith('INTEGER'):
        return int(v)
    if decl.startswith('REAL'):
        return float(v)
    if len(v) == 20 and v[10] == 'T' and v.endswith('Z'):   # timestamp, UTC
        return v[:10] + ' ' + v[11:19]
    return v


if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
for table, fname, ddl in TABLES:
    db.execute(f'CREATE TABLE {table} ({ddl}\n)')
    decls = {}
    for line in ddl.strip().splitlines():
        parts = line.strip().rstrip(',').split(None, 1)
        if parts[0] not in ('PRIMARY', 'FOREIGN'):
            decls[parts[0]] = parts[1]
    header, rows = read_csv(fname)
    assert set(header) == set(decls), (table, header, list(decls))
    assert len(rows) == EXPECTED_ROWS[table], (table, len(rows))
    types = [decls[c] for c in header]
    db.executemany(f'INSERT INTO {table} ({", ".join(header)}) VALUES ({", ".join("?" * len(header))})',
                   [[convert(v, t) for v, t in zip(r, types)] for r in rows])
db.commit()
assert not db.execute('PRAGMA foreign_key_check').fetchall()
db.execute('VACUUM')
db.close()
