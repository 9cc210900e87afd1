# Builds synthea.db from github.com/OHDSI/dbt-synthea (commit
# b9486865d6c2f95e6bda34187391244131243585, 2026-01-08; the Synthea seed CSVs were added in
# 9d403b2aa0ad0ffbe651d04f6679380a1b73d911, 2024-02-04, moved unchanged to seeds/synthea/ in
# 57044ef19148a770001e9891265a3fb039d49abe, 2024-03-21, and not changed since), Apache License 2.0
# (the repository's root LICENSE). The data is Synthea output (synthetichealth/synthea, itself
# Apache-2.0): made-up patients of Massachusetts with their full medical and billing history, in
# Synthea's own CSV export format (v3.0.0). The repository's README: "The seed Synthea dataset is
# a small dataset of 27 patients and their associated clinical data."
#
# Source files: seeds/synthea/<table>.csv, all 18 of them, loaded whole (nothing subset: 27
# patients and every row of theirs; observations is small here, 990 rows, so it is kept too).
# Table names are the file names; column names are exactly Synthea's header names (UPPERCASE,
# except the key column `Id` of patients, encounters, careplans, claims, imaging_studies,
# organizations, providers and payers, and `ID` of claims_transactions; also Synthea's own
# spellings such as providers.SPECIALITY, payer_transitions.START_YEAR/END_YEAR (full timestamps
# despite the name), medications.TOTALCOST next to encounters.TOTAL_CLAIM_COST, claims.PATIENTID
# next to encounters.PATIENT). Several column names are SQL keywords or common words (START, STOP,
# DATE, TYPE, VALUE, CODE, FIRST, LAST) and are written as they are.
#
#   patients            one row per person: Id, BIRTHDATE, DEATHDATE, SSN, DRIVERS, PASSPORT,
#                       PREFIX, FIRST, LAST, SUFFIX, MAIDEN, MARITAL (M/S/NULL), RACE, ETHNICITY,
#                       GENDER (M/F), BIRTHPLACE, ADDRESS, CITY, STATE, COUNTY, ZIP, LAT, LON,
#                       HEALTHCARE_EXPENSES, HEALTHCARE_COVERAGE (lifetime dollars)
#   encounters          one row per visit: START, STOP, PATIENT, ORGANIZATION, PROVIDER, PAYER,
#                       ENCOUNTERCLASS (ambulatory, emergency, inpatient, outpatient,
#                       urgentcare, wellness), CODE/DESCRIPTION (SNOMED CT), BASE_ENCOUNTER_COST,
#                       TOTAL_CLAIM_COST, PAYER_COVERAGE, REASONCODE/REASONDESCRIPTION
#   conditions          diagnoses: START, STOP (NULL = still active), PATIENT, ENCOUNTER, CODE,
#                       DESCRIPTION (SNOMED CT)
#   medications         prescriptions: START, STOP, PATIENT, PAYER, ENCOUNTER, CODE/DESCRIPTION
#                       (RxNorm), BASE_COST (per dispense), PAYER_COVERAGE, DISPENSES, TOTALCOST,
#                       REASONCODE/REASONDESCRIPTION
#   procedures          START, STOP, PATIENT, ENCOUNTER, CODE/DESCRIPTION (SNOMED CT), BASE_COST,
#                       REASONCODE/REASONDESCRIPTION
#   immunizations       DATE, PATIENT, ENCOUNTER, CODE (CVX), DESCRIPTION, BASE_COST
#   observations        DATE, PATIENT, ENCOUNTER, CATEGORY, CODE (LOINC), DESCRIPTION, VALUE,
#                       UNITS, TYPE ('numeric' or 'text')
#   allergies           START, STOP, PATIENT, ENCOUNTER, CODE, SYSTEM, DESCRIPTION, TYPE,
#                       CATEGORY, REACTION1/DESCRIPTION1/SEVERITY1, REACTION2/DESCRIPTION2/SEVERITY2
#   careplans           Id, START, STOP, PATIENT, ENCOUNTER, CODE, DESCRIPTION, REASONCODE,
#                       REASONDESCRIPTION
#   devices, supplies, imaging_studies   the few devices, supplies and images used in visits
#   organizations       Id, NAME, ADDRESS, CITY, STATE, ZIP, LAT, LON, PHONE, REVENUE,
#                       UTILIZATION (hospitals and clinics, names in capitals)
#   providers           Id, ORGANIZATION, NAME, GENDER, SPECIALITY (capitals), ADDRESS, CITY,
#                       STATE, ZIP, LAT, LON, UTILIZATION
#   payers              Id, NAME, ADDRESS, CITY, STATE_HEADQUARTERED, ZIP, PHONE, and Synthea's
#                       summary counters AMOUNT_COVERED ... MEMBER_MONTHS
#   payer_transitions   insurance periods: PATIENT, MEMBERID, START_YEAR, END_YEAR, PAYER,
#                       SECONDARY_PAYER, OWNERSHIP (Self, Guardian, Spouse), OWNERNAME
#   claims              one claim per encounter/medication: Id, PATIENTID, PROVIDERID,
#                       PRIMARYPATIENTINSURANCEID, SECONDARYPATIENTINSURANCEID, DEPARTMENTID,
#                       PATIENTDEPARTMENTID, DIAGNOSIS1..8, REFERRINGPROVIDERID, APPOINTMENTID
#                       (the encounter), CURRENTILLNESSDATE, SERVICEDATE, SUPERVISINGPROVIDERID,
#                       STATUS1/2/P, OUTSTANDING1/2/P, LASTBILLEDDATE1/2/P,
#                       HEALTHCARECLAIMTYPEID1/2
#   claims_transactions the claims' lines: ID, CLAIMID, CHARGEID, PATIENTID, TYPE (CHARGE,
#                       PAYMENT, TRANSFERIN, TRANSFEROUT), AMOUNT, METHOD, FROMDATE, TODATE,
#                       PLACEOFSERVICE (an organization), PROCEDURECODE, ..., PAYMENTS,
#                       ADJUSTMENTS, TRANSFERS, OUTSTANDING, APPOINTMENTID, PATIENTINSURANCEID,
#                       FEESCHEDULEID, PROVIDERID, SUPERVISINGPROVIDERID
#
# Translations (the only ones):
#  - An empty field becomes NULL; so does payers.QOLS_AVG 'NaN' (the payer with no members).
#  - Timestamps '2023-01-27T16:17:47Z' (UTC) become '2023-01-27 16:17:47' (the same UTC time,
#    not shifted). Dates already 'YYYY-MM-DD' (patients.BIRTHDATE/DEATHDATE, conditions,
#    allergies and careplans START/STOP, supplies.DATE) are kept as they are.
#  - claims.PRIMARYPATIENTINSURANCEID and SECONDARYPATIENTINSURANCEID '0' (Synthea's "no such
#    insurance") become NULL, so that they can reference payers.
#  - Column types follow the repository's dbt_project.yml (varchar -> TEXT, date/timestamptz ->
#    TEXT, float -> REAL), except that counts whose every value is a whole number are INTEGER
#    (DISPENSES, QUANTITY, UTILIZATION, the payers' COVERED_/UNCOVERED_ counters,
#    UNIQUE_CUSTOMERS, MEMBER_MONTHS, claim and transaction numbering columns). Codes (SNOMED CT,
#    RxNorm, CVX, LOINC), ZIP codes and phone numbers stay TEXT.
#  - observations.VALUE is declared NUMERIC: rows with TYPE 'numeric' are stored as numbers (so
#    that VALUE > 140 compares numbers), rows with TYPE 'text' as the text written ('Never
#    smoker'; a few text answers that are numbers, such as incomes, become numbers too).
# Text values are kept as written, including Synthea's habit of writing commas as two spaces
# ('Influenza  seasonal  injectable  preservative free') and the numbers appended to every
# first and last name ('Maynard46', 'Mosciski958').
#
# Keys: Id of patients, encounters, careplans, claims, organizations, providers, payers and ID
# of claims_transactions are primary keys (checked unique). imaging_studies.Id is not declared a
# key (in Synthea it repeats for each image of a study; here there is one row). The other
# tables have no key in Synthea and none is declared (medications and payer_transitions have
# rows that repeat the obvious candidates).
# Foreign keys, as REFERENCES, all checked: PATIENT / PATIENTID -> patients(Id); ENCOUNTER and
# claims.APPOINTMENTID, claims_transactions.APPOINTMENTID -> encounters(Id); ORGANIZATION and
# claims_transactions.PLACEOFSERVICE -> organizations(Id); PROVIDER, PROVIDERID,
# SUPERVISINGPROVIDERID, REFERRINGPROVIDERID -> providers(Id); PAYER, SECONDARY_PAYER,
# PRIMARYPATIENTINSURANCEID, SECONDARYPATIENTINSURANCEID -> payers(Id); claims_transactions.
# CLAIMID -> claims(Id). Not declared: claims_transactions.PATIENTINSURANCEID (a member id or the
# patient's own id, matching no table on most rows). 75 observations have no ENCOUNTER (NULL).
# Oddities a question writer should know: the payers' summary counters (AMOUNT_COVERED ...
# MEMBER_MONTHS, UNIQUE_CUSTOMERS) and organizations/providers UTILIZATION were computed by
# Synthea over its whole generated population, not over these 27 patients (Medicaid says 645
# covered encounters, the encounters table has 108 billed to it); organizations.REVENUE is 0.0
# everywhere; 115 of the 166 providers and 12 of the 63 organizations have no encounter here;
# provider names repeat (137 names for 166 providers, e.g. 'Hana676 Ratke343' four times with
# four specialities); 'NO_INSURANCE' is a row of payers (no address) used for uninsured visits.
# Run (in this folder):
#   python3 synthea-build.py <dbt-synthea git dir> && gzip -9 -n -c synthea.db > synthea.db.gz
import csv, io, math, os, re, sqlite3, subprocess, sys

COMMIT = 'b9486865d6c2f95e6bda34187391244131243585'
SRC = 'seeds/synthea/'
OUT = 'synthea.db'

# Column kinds: T text, D date 'YYYY-MM-DD', S timestamp, R real, I integer, V observation value.
# Columns are listed in the source's header order; a trailing ' ->table' declares REFERENCES.
TABLES = [
    ('organizations', 'Id', '''Id T|NAME T|ADDRESS T|CITY T|STATE T|ZIP T|LAT R|LON R|PHONE T|
        REVENUE R|UTILIZATION I'''),
    ('providers', 'Id', '''Id T|ORGANIZATION T ->organizations|NAME T|GENDER T|SPECIALITY T|
        ADDRESS T|CITY T|STATE T|ZIP T|LAT R|LON R|UTILIZATION I'''),
    ('payers', 'Id', '''Id T|NAME T|ADDRESS T|CITY T|STATE_HEADQUARTERED T|ZIP T|PHONE T|
        AMOUNT_COVERED R|AMOUNT_UNCOVERED R|REVENUE R|COVERED_ENCOUNTERS I|UNCOVERED_ENCOUNTERS I|
        COVERED_MEDICATIONS I|UNCOVERED_MEDICATIONS I|COVERED_PROCEDURES I|UNCOVERED_PROCEDURES I|
        COVERED_IMMUNIZATIONS I|UNCOVERED_IMMUNIZATIONS I|UNIQUE_CUSTOMERS I|QOLS_AVG R|
        MEMBER_MONTHS I'''),
    ('patients', 'Id', '''Id T|BIRTHDATE D|DEATHDATE D|SSN T|DRIVERS T|PASSPORT T|PREFIX T|
        FIRST T|LAST T|SUFFIX T|MAIDEN T|MARITAL T|RACE T|ETHNICITY T|GENDER T|BIRTHPLACE T|
        ADDRESS T|CITY T|STATE T|COUNTY T|ZIP T|LAT R|LON R|HEALTHCARE_EXPENSES R|
        HEALTHCARE_COVERAGE R'''),
    ('payer_transitions', None, '''PATIENT T ->patients|MEMBERID T|START_YEAR S|END_YEAR S|
        PAYER T ->payers|SECONDARY_PAYER T ->payers|OWNERSHIP T|OWNERNAME T'''),
    ('encounters', 'Id', '''Id T|START S|STOP S|PATIENT T ->patients|
        ORGANIZATION T ->organizations|PROVIDER T ->providers|PAYER T ->payers|ENCOUNTERCLASS T|
        CODE T|DESCRIPTION T|BASE_ENCOUNTER_COST R|TOTAL_CLAIM_COST R|PAYER_COVERAGE R|
        REASONCODE T|REASONDESCRIPTION T'''),
    ('allergies', None, '''START D|STOP D|PATIENT T ->patients|ENCOUNTER T ->encounters|CODE T|
        SYSTEM T|DESCRIPTION T|TYPE T|CATEGORY T|REACTION1 T|DESCRIPTION1 T|SEVERITY1 T|
        REACTION2 T|DESCRIPTION2 T|SEVERITY2 T'''),
    ('careplans', 'Id', '''Id T|START D|STOP D|PATIENT T ->patients|ENCOUNTER T ->encounters|
        CODE T|DESCRIPTION T|REASONCODE T|REASONDESCRIPTION T'''),
    ('conditions', None, '''START D|STOP D|PATIENT T ->patients|ENCOUNTER T ->encounters|CODE T|
        DESCRIPTION T'''),
    ('devices', None, '''START S|STOP S|PATIENT T ->patients|ENCOUNTER T ->encounters|CODE T|
        DESCRIPTION T|UDI T'''),
    ('imaging_studies', None, '''Id T|DATE S|PATIENT T ->patients|ENCOUNTER T ->encounters|
        SERIES_UID T|BODYSITE_CODE T|BODYSITE_DESCRIPTION T|MODALITY_CODE T|
        MODALITY_DESCRIPTION T|INSTANCE_UID T|SOP_CODE T|SOP_DESCRIPTION T|PROCEDURE_CODE T'''),
    ('immunizations', None, '''DATE S|PATIENT T ->patients|ENCOUNTER T ->encounters|CODE T|
        DESCRIPTION T|BASE_COST R'''),
    ('medications', None, '''START S|STOP S|PATIENT T ->patients|PAYER T ->payers|
        ENCOUNTER T ->encounters|CODE T|DESCRIPTION T|BASE_COST R|PAYER_COVERAGE R|DISPENSES I|
        TOTALCOST R|REASONCODE T|REASONDESCRIPTION T'''),
    ('observations', None, '''DATE S|PATIENT T ->patients|ENCOUNTER T ->encounters|CATEGORY T|
        CODE T|DESCRIPTION T|VALUE V|UNITS T|TYPE T'''),
    ('procedures', None, '''START S|STOP S|PATIENT T ->patients|ENCOUNTER T ->encounters|CODE T|
        DESCRIPTION T|BASE_COST R|REASONCODE T|REASONDESCRIPTION T'''),
    ('supplies', None, '''DATE D|PATIENT T ->patients|ENCOUNTER T ->encounters|CODE T|
        DESCRIPTION T|QUANTITY I'''),
    ('claims', 'Id', '''Id T|PATIENTID T ->patients|PROVIDERID T ->providers|
        PRIMARYPATIENTINSURANCEID T ->payers|SECONDARYPATIENTINSURANCEID T ->payers|
        DEPARTMENTID I|PATIENTDEPARTMENTID I|DIAGNOSIS1 T|DIAGNOSIS2 T|DIAGNOSIS3 T|DIAGNOSIS4 T|
        DIAGNOSIS5 T|DIAGNOSIS6 T|DIAGNOSIS7 T|DIAGNOSIS8 T|REFERRINGPROVIDERID T ->providers|
        APPOINTMENTID T ->encounters|CURRENTILLNESSDATE S|SERVICEDATE S|
        SUPERVISINGPROVIDERID T ->providers|STATUS1 T|STATUS2 T|STATUSP T|OUTSTANDING1 R|
        OUTSTANDING2 R|OUTSTANDINGP R|LASTBILLEDDATE1 S|LASTBILLEDDATE2 S|LASTBILLEDDATEP S|
        HEALTHCARECLAIMTYPEID1 I|HEALTHCARECLAIMTYPEID2 I'''),
    ('claims_transactions', 'ID', '''ID T|CLAIMID T ->claims|CHARGEID I|PATIENTID T ->patients|
        TYPE T|AMOUNT R|METHOD T|FROMDATE S|TODATE S|PLACEOFSERVICE T ->organizations|
        PROCEDURECODE T|MODIFIER1 T|MODIFIER2 T|DIAGNOSISREF1 I|DIAGNOSISREF2 I|DIAGNOSISREF3 I|
        DIAGNOSISREF4 I|UNITS I|DEPARTMENTID I|NOTES T|UNITAMOUNT R|TRANSFEROUTID I|
        TRANSFERTYPE T|PAYMENTS R|ADJUSTMENTS R|TRANSFERS R|OUTSTANDING R|
        APPOINTMENTID T ->encounters|LINENOTE T|PATIENTINSURANCEID T|FEESCHEDULEID I|
        PROVIDERID T ->providers|SUPERVISINGPROVIDERID T ->providers'''),
]
SQLTYPE = {'T': 'TEXT', 'D': 'TEXT', 'S': 'TEXT', 'R': 'REAL', 'I': 'INTEGER', 'V': 'NUMERIC'}
NONE_IS_ZERO = {('claims', 'PRIMARYPATIENTINSURANCEID'), ('claims', 'SECONDARYPATIENTINSURANCEID')}


def parse_cols(spec):
    cols = []
    for part in spec.split('|'):
        words = part.split()
        ref = words[2][2:] if len(words) == 3 else None
        cols.append((words[0], words[1], ref))
    return cols


def convert(table, col, kind, v, row, header):
    if v == '':
        return None
    if (table, col) in NONE_IS_ZERO and v == '0':
        return None
    if kind == 'T':
        return v
    if kind == 'D':
        assert re.fullmatch(r'\d{4}-\d\d-\d\d', v), (table, col, v)
        return v
    if kind == 'S':
        m = re.fullmatch(r'(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)Z', v)
        assert m, (table, col, v)
        return m.group(1) + ' ' + m.group(2)
    if kind == 'R':
        f = float(v)
        return None if math.isnan(f) else f
    if kind == 'I':
        assert re.fullmatch(r'-?\d+', v), (table, col, v)
        return int(v)
    if kind == 'V':
        if row[header.index('TYPE')] == 'numeric':
            return float(v)
        return v
    raise ValueError(kind)


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: python3 synthea-build.py <OHDSI/dbt-synthea git dir>')
    gitdir = sys.argv[1]
    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    ddl = []
    for table, pk, spec in TABLES:
        lines = []
        for col, kind, ref in parse_cols(spec):
            line = f'  "{col}" {SQLTYPE[kind]}'
            if col == pk:
                line += ' NOT NULL PRIMARY KEY'
            if ref:
                line += f' REFERENCES {ref} (Id)'
            lines.append(line)
        ddl.append(f'CREATE TABLE {table} (\n' + ',\n'.join(lines) + '\n);')
    db.executescript('\n'.join(ddl))
    counts = {}
    for table, pk, spec in TABLES:
        cols = parse_cols(spec)
        text = subprocess.run(['git', '--git-dir', gitdir, 'show', f'{COMMIT}:{SRC}{table}.csv'],
                              check=True, capture_output=True).stdout.decode('utf-8')
        rows = list(csv.reader(io.StringIO(text, newline='')))
        header = rows[0]
        assert header == [c for c, _, _ in cols], (table, header)
        data = []
        for r in rows[1:]:
            assert len(r) == len(header), (table, r)
            data.append([convert(table, c, k, v, r, header) for (c, k, _), v in zip(cols, r)])
        names = ', '.join(f'"{c}"' for c, _, _ in cols)
        db.executemany(f'INSERT INTO {table} ({names}) VALUES ({", ".join("?" * len(cols))})', data)
        counts[table] = len(data)
    db.commit()
    print(counts)
    bad = db.execute('PRAGMA foreign_key_check').fetchall()
    assert not bad, bad[:5]
    db.execute('VACUUM')
    db.close()


main()
