package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// travelDDL keeps travels and their flight bookings as SAP's SFLIGHT demo does: a status
// table per kind of row, whose names start with the row's own (BookingStatus for Booking)
// and which both spell 'Canceled', agencies that many travels share, and bookings that copy
// their flight's date and price (FlightDate, FlightPrice) without a key to it, both pointing
// to the airline.
var travelDDL = []string{
	`CREATE TABLE TravelStatus (TravelStatusCode CHAR(1) PRIMARY KEY, Name VARCHAR(20) NOT NULL)`,
	`CREATE TABLE BookingStatus (BookingStatusCode CHAR(1) PRIMARY KEY, Name VARCHAR(20) NOT NULL)`,
	`CREATE TABLE TravelAgency (AgencyID INTEGER PRIMARY KEY, Name VARCHAR(40) NOT NULL, City VARCHAR(30) NOT NULL)`,
	`CREATE TABLE Passenger (CustomerID INTEGER PRIMARY KEY, FirstName VARCHAR(20) NOT NULL, LastName VARCHAR(20) NOT NULL)`,
	`CREATE TABLE Airline (AirlineID CHAR(2) PRIMARY KEY, Name VARCHAR(30) NOT NULL)`,
	`CREATE TABLE Flight (AirlineID CHAR(2) NOT NULL REFERENCES Airline (AirlineID), ConnectionID INTEGER NOT NULL, FlightDate DATE NOT NULL,
		Price REAL NOT NULL, PRIMARY KEY (AirlineID, ConnectionID, FlightDate))`,
	`CREATE TABLE Travel (TravelID INTEGER PRIMARY KEY, AgencyID INTEGER NOT NULL REFERENCES TravelAgency (AgencyID),
		CustomerID INTEGER NOT NULL REFERENCES Passenger (CustomerID), Description VARCHAR(60), TotalPrice REAL NOT NULL,
		TravelStatusCode CHAR(1) NOT NULL REFERENCES TravelStatus (TravelStatusCode))`,
	`CREATE TABLE Booking (TravelID INTEGER NOT NULL REFERENCES Travel (TravelID), BookingID INTEGER NOT NULL, BookingDate DATE NOT NULL,
		CarrierID CHAR(2) NOT NULL REFERENCES Airline (AirlineID), ConnectionID INTEGER NOT NULL, FlightDate DATE NOT NULL, FlightPrice REAL NOT NULL,
		BookingStatusCode CHAR(1) NOT NULL REFERENCES BookingStatus (BookingStatusCode), PRIMARY KEY (TravelID, BookingID))`,
}

var travelRows = []string{
	`INSERT INTO TravelStatus VALUES ('O','Open'),('A','Accepted'),('X','Canceled')`,
	`INSERT INTO BookingStatus VALUES ('N','New'),('B','Booked'),('X','Canceled')`,
	`INSERT INTO TravelAgency VALUES (1,'Sunshine Travel','Frankfurt'),(2,'Fly High','Berlin'),(3,'Happy Hopper','Rome')`,
	`INSERT INTO Passenger VALUES (1,'Mia','Dubois'),(2,'Noah','Berg'),(3,'Ada','Stone'),(4,'Ivo','Lind')`,
	`INSERT INTO Airline VALUES ('LH','Lufthansa'),('AZ','Alitalia')`,
	`INSERT INTO Flight VALUES ('LH',400,'2025-02-10',600),('LH',400,'2025-03-10',650),('LH',401,'2025-02-12',800),('AZ',100,'2025-02-11',150),
		('AZ',100,'2025-03-11',160),('AZ',101,'2025-04-01',950)`,
	`INSERT INTO Travel VALUES (1,1,1,'Business trip',1200,'A'),(2,1,2,'Vacation',800,'O'),(3,2,1,'Conference',950,'A'),(4,2,3,'Family visit',400,'X'),
		(5,3,2,'Weekend',300,'O'),(6,3,3,'Honeymoon',2500,'O')`,
	`INSERT INTO Booking VALUES (1,1,'2025-01-05','LH',400,'2025-02-10',600,'B'),(1,2,'2025-01-05','LH',400,'2025-02-10',600,'B'),
		(2,1,'2025-01-20','LH',401,'2025-02-12',800,'N'),(3,1,'2025-02-01','AZ',101,'2025-04-01',950,'B'),(4,1,'2025-02-03','AZ',100,'2025-03-11',400,'X'),
		(5,1,'2025-02-14','AZ',100,'2025-02-11',150,'B'),(5,2,'2025-02-14','AZ',100,'2025-02-11',150,'X'),(6,1,'2025-03-01','LH',400,'2025-03-10',2500,'N')`,
}

var travelAnswers = []answer{
	{"What is the total price of all accepted travels?", []string{"2150"}},
	{"How many accepted travels are there?", []string{"2"}},
	{"How many bookings are there?", []string{"8"}},
	{"How many travels does each agency have?", []string{"Sunshine Travel", "Fly High", "Happy Hopper"}},
	{"How many flight bookings does each airline have?", []string{"Alitalia", "Lufthansa"}},
	{"How many flight bookings were made in February 2025?", []string{"4"}},
	{"Which passengers have never booked a travel?", []string{"Lind"}},
	{"How many travels have been canceled?", []string{"1"}},
	{"How many trips are there?", []string{"6"}},
	{"Which travel agencies have never had a travel accepted?", []string{"Happy Hopper"}},
	{"List the travel agencies with their city.", []string{"Sunshine Travel", "Fly High", "Happy Hopper"}},
	{"How many canceled bookings does each airline have?", []string{"Alitalia"}},
	{"Which travel agency had the most canceled travels?", []string{"Fly High"}},
}

// TestAParticipleBeforeRowsIsTheirState: "all accepted travels" are the travels whose status
// is 'Accepted', a word the engine otherwise takes for a verb. "Customers who have never
// booked a travel" did not book one: 'Booked' is a booking's status, and a travel has none of
// those. A state two lists spell ('Canceled') is the one of the rows named; "flight bookings"
// are bookings, which keep their flight's date and price, counted without joining the
// flights by their airline; "made in February" dates the bookings by their own date. "Had a
// travel accepted" is a travel in that state, and "with their city" shows each agency's city
// beside it, not the cities alone.
func TestAParticipleBeforeRowsIsTheirState(t *testing.T) {
	lite, s := sqliteSchema(t, "travel", travelDDL, travelRows)
	checkAnswers(t, lite, s, travelAnswers)
	g, err := generate(t, s, datasource.SQLite, "What is the total price of all accepted travels?")
	if err != nil || !strings.Contains(g.SQL, "'Accepted'") {
		t.Errorf("the state 'Accepted': %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "How many flight bookings does each airline have?")
	if err != nil || strings.Contains(g.SQL, `"Flight"`) {
		t.Errorf("bookings counted alone: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "Which passengers have never booked a travel?")
	if err != nil || strings.Contains(g.SQL, "Booked") {
		t.Errorf("the act, not the state: %v\n%s", err, g.SQL)
	}
}

// routesDDL keeps an airline's connections between airports, each by a departure and a
// destination key, the city each airline is based in, and bookings that name their
// connection by number beside their airline, with no key to the connection (SFLIGHT's).
var routesDDL = []string{
	`CREATE TABLE Airline (AirlineID CHAR(2) PRIMARY KEY, Name VARCHAR(30) NOT NULL, City VARCHAR(30) NOT NULL)`,
	`CREATE TABLE Airport (AirportID CHAR(3) PRIMARY KEY, Name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE FlightConnection (ConnectionID INTEGER NOT NULL, AirlineID CHAR(2) NOT NULL REFERENCES Airline (AirlineID),
		DepartureAirportID CHAR(3) NOT NULL REFERENCES Airport (AirportID), DestinationAirportID CHAR(3) NOT NULL REFERENCES Airport (AirportID),
		PRIMARY KEY (ConnectionID, AirlineID))`,
	`CREATE TABLE Booking (BookingID INTEGER PRIMARY KEY, CarrierID CHAR(2) NOT NULL REFERENCES Airline (AirlineID), ConnectionID INTEGER NOT NULL,
		FlightPrice REAL NOT NULL)`,
}

var routesRows = []string{
	`INSERT INTO Airline VALUES ('LH','Lufthansa','Frankfurt'),('AZ','Alitalia','Rome'),('SW','Sunset Wings','Frankfurt')`,
	`INSERT INTO Airport VALUES ('FRA','Frankfurt Airport'),('FCO','Rome Fiumicino'),('JFK','John F. Kennedy Airport')`,
	`INSERT INTO FlightConnection VALUES (1,'LH','FRA','JFK'),(2,'LH','JFK','FRA'),(3,'AZ','FCO','FRA'),(4,'AZ','FRA','FCO'),(5,'SW','FCO','JFK')`,
	`INSERT INTO Booking VALUES (1,'LH',1,500),(2,'LH',1,520),(3,'AZ',3,90),(4,'SW',5,700)`,
}

var routesAnswers = []answer{
	{"How many flight connections are departing from Frankfurt?", []string{"2"}},
	{"How many flight connections are arriving at Frankfurt?", []string{"2"}},
}

// TestAValueAfterAnEndOfAMovementIsThatEnd: "departing from Frankfurt" is the airport the
// connections leave from, though an airline's city is spelled exactly so. Bookings that keep
// their connection's number without a key are not related to every connection of their
// airline: "which destination airport has the most flight bookings" is refused.
func TestAValueAfterAnEndOfAMovementIsThatEnd(t *testing.T) {
	lite, s := sqliteSchema(t, "routes", routesDDL, routesRows)
	checkAnswers(t, lite, s, routesAnswers)
	if g, err := generate(t, s, datasource.SQLite, "Which destination airport has the most bookings?"); err == nil {
		t.Errorf("bookings joined to their airline's connections:\n%s", g.SQL)
	}
}

// TestARowIsNotNamedByAStatusItShares: a booking is not named by its BookingStatus's name,
// which most bookings share; counting bookings counts rows, not statuses.
func TestARowIsNotNamedByAStatusItShares(t *testing.T) {
	_, s := sqliteSchema(t, "travel", travelDDL, travelRows)
	g, err := generate(t, s, datasource.SQLite, "How many bookings are there?")
	if err != nil || strings.Contains(g.SQL, "DISTINCT") || strings.Contains(g.SQL, "BookingStatus") {
		t.Errorf("bookings counted by row: %v\n%s", err, g.SQL)
	}
}

// postingsDDL keeps accounts and the amounts posted to them, without a date.
var postingsDDL = []string{
	`CREATE TABLE accounts (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE postings (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts (id), amount REAL NOT NULL)`,
}

var postingsRows = []string{
	`INSERT INTO accounts VALUES (1,'Cash'),(2,'Receivables'),(3,'Suspense'),(4,'Petty Cash')`,
	`INSERT INTO postings VALUES (1,1,100),(2,1,-40),(3,2,250)`,
}

var postingsAnswers = []answer{
	{"Which accounts never had a single amount posted to them?", []string{"Suspense", "Petty Cash"}},
	{"Which accounts have a total amount above 100?", []string{"Receivables"}},
}

// TestRowsThatNeverHadAnAmountHaveNoRowsKeepingIt: "accounts that never had a single amount
// posted" are the accounts without postings, the table whose amount is named.
func TestRowsThatNeverHadAnAmountHaveNoRowsKeepingIt(t *testing.T) {
	lite, s := sqliteSchema(t, "postings", postingsDDL, postingsRows)
	checkAnswers(t, lite, s, postingsAnswers)
}

// countiesDDL keeps colleges as NCES's IPEDS does: quoted upper-case run-together names
// (COUNTYNM, COUNTYCD), an institution's name in a column of its own beside its county's,
// which many colleges share, the system it belongs to, and in another table whether it houses
// students (ROOM, 1 = yes, 2 = no, -2 not applicable) and how many (ROOMCAP).
var countiesDDL = []string{
	`CREATE TABLE dir_info ("UNITID" INTEGER PRIMARY KEY, "INSTITUTION" VARCHAR(80) NOT NULL, "CITY" VARCHAR(30) NOT NULL, "COUNTYNM" VARCHAR(30) NOT NULL,
		"COUNTYCD" INTEGER NOT NULL, "SYSTEMNAME" VARCHAR(40))`,
	`CREATE TABLE offerings ("UNITID" INTEGER PRIMARY KEY REFERENCES dir_info ("UNITID"), "ROOM" INTEGER NOT NULL, "ROOMCAP" INTEGER)`,
}

var countiesRows = []string{
	`INSERT INTO dir_info VALUES (1,'University at Albany','Albany','Albany County',36001,'SUNY'),(2,'Siena College','Loudonville','Albany County',36001,NULL),(3,'College of Saint Rose','Albany','Albany County',36001,NULL),(4,'Binghamton University','Vestal','Broome County',36007,'SUNY'),(5,'SUNY Broome','Binghamton','Broome County',36007,'SUNY'),(6,'Cornell University','Ithaca','Tompkins County',36109,NULL),(7,'Albany Institute of Art','Albany','Albany County',36200,NULL),(8,'Troy Community College','Troy','Rensselaer County',36201,NULL),(9,'Schenectady Community College','Schenectady','Schenectady County',36202,NULL),(10,'Utica Community College','Utica','Oneida County',36203,NULL),(11,'Rome Community College','Rome','Oneida County',36204,NULL),(12,'Elmira Community College','Elmira','Chemung County',36205,NULL),(13,'Corning Community College','Corning','Steuben County',36206,NULL),(14,'Oswego Community College','Oswego','Oswego County',36207,NULL),(15,'Geneva Community College','Geneva','Ontario County',36208,NULL),(16,'Auburn Community College','Auburn','Cayuga County',36209,NULL),(17,'Ithaca Community College','Ithaca','Tompkins County',36210,NULL),(18,'Cortland Community College','Cortland','Cortland County',36211,NULL),(19,'Oneonta Community College','Oneonta','Otsego County',36212,NULL),(20,'Potsdam Community College','Potsdam','St. Lawrence County',36213,NULL),(21,'Canton Community College','Canton','St. Lawrence County',36214,NULL),(22,'Plattsburgh Community College','Plattsburgh','Clinton County',36215,NULL),(23,'Fredonia Community College','Fredonia','Chautauqua County',36216,NULL),(24,'Buffalo Community College','Buffalo','Erie County',36217,NULL)`,
	`INSERT INTO offerings VALUES (1,1,7500),(2,1,2800),(3,1,1200),(4,1,7800),(5,2,NULL),(6,1,9000),(7,2,NULL),(8,-2,NULL),(9,2,NULL),(10,-2,NULL),(11,2,NULL),(12,-2,NULL),(13,2,NULL),(14,-2,NULL),(15,2,NULL),(16,-2,NULL),(17,2,NULL),(18,-2,NULL),(19,2,NULL),(20,-2,NULL),(21,2,NULL),(22,-2,NULL),(23,2,NULL),(24,-2,NULL)`,
}

var countiesAnswers = []answer{
	{"Which college has the largest dormitory capacity?", []string{"Cornell University"}},
	{"How many campuses are part of the SUNY system?", []string{"3"}},
	{"List the colleges in Broome County.", []string{"Binghamton University", "SUNY Broome"}},
	{"How many colleges are in Albany County?", []string{"4"}},
}

// TestRunTogetherNamesAndALabelManyRowsShare: COUNTYNM is "county name", not a name that
// labels the college (most colleges share a county): the college is named by INSTITUTION, its
// only text naming one row each; "campuses" is the plural of campus, "part of" a filler and a
// dormitory is housing.
func TestRunTogetherNamesAndALabelManyRowsShare(t *testing.T) {
	lite, s := sqliteSchema(t, "county_colleges", countiesDDL, countiesRows)
	checkAnswers(t, lite, s, countiesAnswers)
}

// wardDDL keeps a hospital's records as MIT's MIMIC-III does: upper-case run-together names
// (ICUSTAYS, HADM_ID, LOS for the length of stay) and prescriptions named by their drug.
var wardDDL = []string{
	`CREATE TABLE "PATIENTS" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL UNIQUE, "GENDER" CHAR(1) NOT NULL)`,
	`CREATE TABLE "ICUSTAYS" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL REFERENCES "PATIENTS" ("SUBJECT_ID"), "HADM_ID" INTEGER NOT NULL,
		"ICUSTAY_ID" INTEGER NOT NULL UNIQUE, "FIRST_CAREUNIT" VARCHAR(10) NOT NULL, "LOS" REAL)`,
	`CREATE TABLE "PRESCRIPTIONS" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL REFERENCES "PATIENTS" ("SUBJECT_ID"),
		"ICUSTAY_ID" INTEGER REFERENCES "ICUSTAYS" ("ICUSTAY_ID"), "DRUG" VARCHAR(40) NOT NULL, "ROUTE" VARCHAR(10))`,
	`CREATE TABLE "D_ICD_DIAGNOSES" ("ROW_ID" INTEGER PRIMARY KEY, "ICD9_CODE" VARCHAR(10) NOT NULL UNIQUE, "SHORT_TITLE" VARCHAR(40) NOT NULL)`,
	`CREATE TABLE "D_ICD_PROCEDURES" ("ROW_ID" INTEGER PRIMARY KEY, "ICD9_CODE" VARCHAR(10) NOT NULL UNIQUE, "SHORT_TITLE" VARCHAR(40) NOT NULL)`,
	`CREATE TABLE "DIAGNOSES_ICD" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL REFERENCES "PATIENTS" ("SUBJECT_ID"), "ICD9_CODE" VARCHAR(10))`,
	`CREATE TABLE "PROCEDURES_ICD" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL REFERENCES "PATIENTS" ("SUBJECT_ID"), "ICD9_CODE" VARCHAR(10))`,
	`CREATE TABLE "ADMISSIONS" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL REFERENCES "PATIENTS" ("SUBJECT_ID"), "HADM_ID" INTEGER NOT NULL UNIQUE,
		"ADMISSION_TYPE" VARCHAR(20) NOT NULL, "HOSPITAL_EXPIRE_FLAG" INTEGER NOT NULL)`,
	`CREATE TABLE "D_ITEMS" ("ROW_ID" INTEGER PRIMARY KEY, "ITEMID" INTEGER NOT NULL UNIQUE, "LABEL" VARCHAR(40) NOT NULL, "DBSOURCE" VARCHAR(20) NOT NULL)`,
	`CREATE TABLE "OUTPUTEVENTS" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL REFERENCES "PATIENTS" ("SUBJECT_ID"),
		"HADM_ID" INTEGER REFERENCES "ADMISSIONS" ("HADM_ID"), "ITEMID" INTEGER REFERENCES "D_ITEMS" ("ITEMID"), "VALUE" REAL)`,
	`CREATE TABLE "DATETIMEEVENTS" ("ROW_ID" INTEGER PRIMARY KEY, "SUBJECT_ID" INTEGER NOT NULL REFERENCES "PATIENTS" ("SUBJECT_ID"),
		"HADM_ID" INTEGER REFERENCES "ADMISSIONS" ("HADM_ID"), "ITEMID" INTEGER REFERENCES "D_ITEMS" ("ITEMID"), "VALUE" VARCHAR(20))`,
}

var wardRows = []string{
	`INSERT INTO "PATIENTS" VALUES (1,101,'F'),(2,102,'M'),(3,103,'F')`,
	`INSERT INTO "ICUSTAYS" VALUES (1,101,9001,201,'MICU',2.5),(2,101,9002,202,'CCU',1.5),(3,102,9003,203,'MICU',4),(4,103,9004,204,'SICU',2)`,
	`INSERT INTO "PRESCRIPTIONS" VALUES (1,101,201,'Heparin','IV'),(2,101,201,'Insulin','SC'),(3,101,202,'Heparin','IV'),(4,102,203,'Heparin','IV'),
		(5,102,203,'Warfarin','PO'),(6,103,204,'Insulin','SC'),(7,103,204,'Furosemide','in')`,
	`INSERT INTO "D_ICD_DIAGNOSES" VALUES (1,'42731','Atrial fibrillation'),(2,'4280','CHF NOS'),(3,'3961','Mitral stenosis')`,
	`INSERT INTO "D_ICD_PROCEDURES" VALUES (1,'3961','Extracorporeal circulat'),(2,'9604','Insert endotracheal tube')`,
	`INSERT INTO "DIAGNOSES_ICD" VALUES (1,101,'42731'),(2,101,'4280'),(3,102,'42731'),(4,103,'4280'),(5,101,'42731')`,
	`INSERT INTO "PROCEDURES_ICD" VALUES (1,101,'3961'),(2,103,'9604')`,
	`INSERT INTO "ADMISSIONS" VALUES (1,101,9001,'EMERGENCY',0),(2,101,9002,'ELECTIVE',1),(3,102,9003,'EMERGENCY',0),(4,103,9004,'URGENT',0)`,
	`INSERT INTO "D_ITEMS" VALUES (1,40055,'Urine Out Foley','carevue'),(2,224277,'Last dialysis','metavision'),(3,50001,'Weight','hospital')`,
	`INSERT INTO "OUTPUTEVENTS" VALUES (1,101,9001,40055,300),(2,102,9003,40055,450)`,
	`INSERT INTO "DATETIMEEVENTS" VALUES (1,103,9004,224277,'2150-01-01')`,
}

var wardAnswers = []answer{
	{"How many ICU stays are recorded?", []string{"4"}},
	{"What is the average length of an ICU stay?", []string{"2.5"}},
	{"What are the 2 most frequently prescribed drugs?", []string{"Heparin", "Insulin"}},
	{"What are the 2 most commonly prescribed drugs?", []string{"Heparin", "Insulin"}},
	{"How many ICU stays did each gender have?", []string{"F", "M"}},
	{"How many ICU stays lasted longer than the average ICU stay?", []string{"1"}},
	{"How many ICU stays lasted more than 2 days?", []string{"2"}},
	{"What is the average length of an ICU stay in days?", []string{"2.5"}},
	{"What is the average length of an ICU stay in hours?", []string{"60"}},
	{"Which drugs were prescribed in more than 1 different ICU stays?", []string{"Heparin", "Insulin"}},
	{"How many different patients were diagnosed with atrial fibrillation?", []string{"2"}},
	{"Which patients had more than 1 ICU stay?", []string{"101"}},
	{"How many hospital admissions were emergency admissions?", []string{"2"}},
	{"How many admissions ended with the patient dying in the hospital?", []string{"1"}},
	{"How many patients died in the hospital?", []string{"1"}},
}

// TestAHospitalsAbbreviationsAndFrequentValuesAreRead: ICUSTAYS are ICU stays, LOS their
// length of stay, counted in days, which "lasted longer" compares and "in hours" converts
// ("in" is no value 'in' there, nor in "prescribed in more than 1 stays"); "the 2 most frequently prescribed drugs" are the drugs the
// most prescriptions name. The dictionaries of codes (D_ICD_DIAGNOSES) that no key reaches
// are joined by the column named as their unique code, each to the table whose name it
// shares (diagnoses, not procedures, which use the same code column and some of the same
// codes). Patients keyed by a row number are shown by the number every table points to
// (SUBJECT_ID); "hospital admissions" are admissions, not those of events whose item is kept
// in the 'hospital' database (D_ITEMS.DBSOURCE); "dying in the hospital" is the admission's
// HOSPITAL_EXPIRE_FLAG.
func TestAHospitalsAbbreviationsAndFrequentValuesAreRead(t *testing.T) {
	lite, s := sqliteSchema(t, "ward", wardDDL, wardRows)
	checkAnswers(t, lite, s, wardAnswers)
}

// TestRound34ShapesAnswerAlikeInEveryDialect runs round 34's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound34ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "travel", ddl: travelDDL, rows: travelRows, answers: travelAnswers},
		{name: "postings", ddl: postingsDDL, rows: postingsRows, answers: postingsAnswers},
		{name: "county_colleges", ddl: countiesDDL, rows: countiesRows, answers: countiesAnswers},
		{name: "ward", ddl: wardDDL, rows: wardRows, answers: wardAnswers},
		{name: "routes", ddl: routesDDL, rows: routesRows, answers: routesAnswers},
	})
}
