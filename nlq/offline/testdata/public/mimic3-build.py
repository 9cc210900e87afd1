#!/usr/bin/env python3
# Builds mimic3.db: the MIMIC-III Clinical Database Demo v1.4 (PhysioNet), 100 de-identified
# intensive-care patients of the Beth Israel Deaconess Medical Center (Boston) with their 129
# hospital admissions, 136 ICU stays, ward transfers, diagnoses and procedures (ICD-9 codes decoded
# through dictionary tables), DRG and CPT billing codes, prescriptions, microbiology cultures, and
# the ICU's charted output, procedure and date events (item ids decoded through D_ITEMS).
#
# Data: "MIMIC-III Clinical Database Demo" v1.4, Johnson A., Pollard T., Mark R. (2019), PhysioNet,
#   https://doi.org/10.13026/C2HM2Q, published under the Open Data Commons Open Database License
#   v1.0 (ODbL; unlike the full MIMIC-III, the demo needs no credentialed access). See mimic3.LICENSE.
# Copies used (the demo's CSV files as committed to GitHub; PhysioNet itself is not on GitHub):
#   * github.com/tianxu08/mimic-iii-dataset, commit 16908ad5c9699b34837131dfd595b11e82133e76
#     (2021-10-17, "initial commit", the only one): the demo's 26 CSVs with its LICENSE.txt (ODbL)
#     and SHA256SUMS.txt; that repository upper-cased the header lines (its convert.py), so the
#     column names read as the MIMIC-III documentation writes them (SUBJECT_ID, HADM_ID, ...).
#     Its ADMISSIONS.csv and PATIENTS.csv were saved through a spreadsheet, which rewrote their
#     timestamps as 'M/D/YY H:MM' (century and seconds lost), so those two are NOT taken from it.
#   * github.com/saitiger/Emulated-Data-File-System, commit 2ca7120572ce3513ca77132015e45277178fa68a
#     (2024-06-12, "Add files via upload"): ADMISSIONS.csv and PATIENTS.csv as the demo ships them
#     (lower-case header, ISO timestamps). Row for row and field for field they equal the tianxu08
#     copies except for the damaged timestamps (checked); their header is upper-cased here to match
#     the other tables.
#   Neither copy's bytes match the demo's SHA256SUMS.txt (the CSV quoting was normalised), but the
#   values are the demo's.
#
# Usage (Python 3, standard library only):
#   python3 mimic3-build.py <tianxu08+mimic-iii-dataset git dir> <saitiger+Emulated-Data-File-System git dir> <out.db>
#   e.g. python3 mimic3-build.py /work/.mirror/tianxu08+mimic-iii-dataset/repo \
#        /work/.mirror/saitiger+Emulated-Data-File-System/repo mimic3.db
#   then gzip -9 -n mimic3.db
# The CSVs are read from the pinned commits with `git --git-dir=<dir> show <commit>:<path>`.
#
# Naming (kept from the source): UPPER_CASE table and column names as in the MIMIC-III
# documentation; ROW_ID is every table's surrogate key; SUBJECT_ID = patient, HADM_ID = hospital
# admission, ICUSTAY_ID = ICU stay, ITEMID = an item of D_ITEMS, CGID = a caregiver; D_ prefix =
# dictionary (lookup) tables; abbreviations: LOS (length of stay, fractional days), DOB / DOD (date
# of birth / death; DOD_HOSP from the hospital record, DOD_SSN from the social-security death index),
# EXPIRE_FLAG / HOSPITAL_EXPIRE_FLAG (1 = died / died in that admission), DBSOURCE ('carevue' or
# 'metavision', the two ICU information systems), care units as codes ('MICU' medical, 'SICU'
# surgical, 'CSRU' cardiac surgery recovery, 'CCU' coronary care, 'TSICU' trauma/surgical; 'NICU'
# and 'NWARD', neonatal, do not occur in the demo), services as codes ('MED' medicine, 'SURG'
# surgery, 'CMED' cardiac medicine, 'CSURG' cardiac surgery, 'NMED'/'NSURG' neuro, 'OMED'
# oncology, 'TRAUM' trauma, 'TSURG' thoracic, 'VSURG' vascular, 'GU', 'ORTHO'), CPT_CD, DRG_CODE, NDC, GSN, UOM (unit of measure), RX, ICD9_CODE written
# without the dot ('4280' = 428.0; 'V' and 'E' codes as text), GENDER 'M'/'F'.
# Dates: the source already writes every timestamp as ISO 'YYYY-MM-DD HH:MM:SS' (date-only
# columns such as DOB, CHARTDATE, STARTDATE with ' 00:00:00'); they are kept as written. MIMIC
# shifts every patient's dates into the future (years 2100-2210), consistently within a patient,
# and patients older than 89 have DOB shifted 300 years back (e.g. '1844-07-18'), so ages come out
# as about 300 for them.
#
# Tables (row counts; PRIMARY KEY ROW_ID in each; UNIQUE natural keys; REFERENCES as declared by the
# MIT-LCP mimic-code constraint scripts: SUBJECT_ID -> PATIENTS, HADM_ID -> ADMISSIONS,
# ICUSTAY_ID -> ICUSTAYS, ITEMID -> D_ITEMS, CGID -> CAREGIVERS; ICD9_CODE -> the D_ICD_ tables is
# not declared, as 20 diagnosis codes (45 rows) of DIAGNOSES_ICD and 3 procedure codes of
# PROCEDURES_ICD have no dictionary row):
#   PATIENTS (100): ROW_ID, SUBJECT_ID UNIQUE, GENDER, DOB, DOD, DOD_HOSP, DOD_SSN, EXPIRE_FLAG (all
#       100 demo patients died, in or after hospital).
#   ADMISSIONS (129): ROW_ID, SUBJECT_ID, HADM_ID UNIQUE, ADMITTIME, DISCHTIME, DEATHTIME,
#       ADMISSION_TYPE ('EMERGENCY', 'ELECTIVE', 'URGENT'), ADMISSION_LOCATION, DISCHARGE_LOCATION,
#       INSURANCE ('Medicare', 'Private', 'Medicaid', 'Government'), LANGUAGE (4-letter codes such
#       as 'ENGL', 'SPAN'), RELIGION, MARITAL_STATUS, ETHNICITY, EDREGTIME, EDOUTTIME, DIAGNOSIS
#       (free-text admitting diagnosis), HOSPITAL_EXPIRE_FLAG, HAS_CHARTEVENTS_DATA.
#   ICUSTAYS (136): ROW_ID, SUBJECT_ID, HADM_ID, ICUSTAY_ID UNIQUE, DBSOURCE, FIRST_CAREUNIT,
#       LAST_CAREUNIT, FIRST_WARDID, LAST_WARDID, INTIME, OUTTIME, LOS.
#   TRANSFERS (524): ROW_ID, SUBJECT_ID, HADM_ID, ICUSTAY_ID, DBSOURCE, EVENTTYPE ('admit',
#       'transfer', 'discharge'), PREV_CAREUNIT, CURR_CAREUNIT, PREV_WARDID, CURR_WARDID, INTIME,
#       OUTTIME, LOS (hours, not days).
#   SERVICES (163): ROW_ID, SUBJECT_ID, HADM_ID, TRANSFERTIME, PREV_SERVICE, CURR_SERVICE.
#   CALLOUT (77): ROW_ID, SUBJECT_ID, HADM_ID, SUBMIT_WARDID, SUBMIT_CAREUNIT, CURR_WARDID,
#       CURR_CAREUNIT, CALLOUT_WARDID, CALLOUT_SERVICE, REQUEST_TELE, REQUEST_RESP, REQUEST_CDIFF,
#       REQUEST_MRSA, REQUEST_VRE (0/1 flags), CALLOUT_STATUS, CALLOUT_OUTCOME, DISCHARGE_WARDID,
#       ACKNOWLEDGE_STATUS, CREATETIME, UPDATETIME, ACKNOWLEDGETIME, OUTCOMETIME,
#       FIRSTRESERVATIONTIME, CURRENTRESERVATIONTIME.
#   DIAGNOSES_ICD (1,761): ROW_ID, SUBJECT_ID, HADM_ID, SEQ_NUM (1 = principal diagnosis),
#       ICD9_CODE.
#   D_ICD_DIAGNOSES (14,567): ROW_ID, ICD9_CODE UNIQUE, SHORT_TITLE, LONG_TITLE.
#   PROCEDURES_ICD (506): ROW_ID, SUBJECT_ID, HADM_ID, SEQ_NUM, ICD9_CODE.
#   D_ICD_PROCEDURES (3,882): ROW_ID, ICD9_CODE UNIQUE, SHORT_TITLE, LONG_TITLE.
#   DRGCODES (297): ROW_ID, SUBJECT_ID, HADM_ID, DRG_TYPE ('HCFA', 'MS', 'APR ' with the source's
#       trailing blank), DRG_CODE,
#       DESCRIPTION, DRG_SEVERITY, DRG_MORTALITY (1-4, APR only).
#   CPTEVENTS (1,579): ROW_ID, SUBJECT_ID, HADM_ID, COSTCENTER ('ICU', 'Resp'), CHARTDATE, CPT_CD,
#       CPT_NUMBER, CPT_SUFFIX, TICKET_ID_SEQ, SECTIONHEADER, SUBSECTIONHEADER, DESCRIPTION.
#   D_CPT (134): ROW_ID, CATEGORY, SECTIONRANGE, SECTIONHEADER, SUBSECTIONRANGE, SUBSECTIONHEADER,
#       CODESUFFIX, MINCODEINSUBSECTION, MAXCODEINSUBSECTION (ranges of CPT codes, so no key to join).
#   PRESCRIPTIONS (10,398): ROW_ID, SUBJECT_ID, HADM_ID, ICUSTAY_ID, STARTDATE, ENDDATE, DRUG_TYPE
#       ('MAIN', 'BASE', 'ADDITIVE'), DRUG, DRUG_NAME_POE, DRUG_NAME_GENERIC, FORMULARY_DRUG_CD, GSN,
#       NDC, PROD_STRENGTH, DOSE_VAL_RX, DOSE_UNIT_RX, FORM_VAL_DISP, FORM_UNIT_DISP, ROUTE ('PO',
#       'IV', 'IV DRIP', 'SC', 'NG', ...). DOSE_VAL_RX and FORM_VAL_DISP stay TEXT (ranges like
#       '1-2' occur).
#   MICROBIOLOGYEVENTS (2,003): ROW_ID, SUBJECT_ID, HADM_ID, CHARTDATE, CHARTTIME, SPEC_ITEMID,
#       SPEC_TYPE_DESC (specimen, e.g. 'BLOOD CULTURE', 'URINE'), ORG_ITEMID, ORG_NAME (organism
#       grown, NULL if none), ISOLATE_NUM, AB_ITEMID, AB_NAME (antibiotic tested), DILUTION_TEXT,
#       DILUTION_COMPARISON, DILUTION_VALUE, INTERPRETATION ('S' sensitive, 'R' resistant,
#       'I' intermediate; NULL when no antibiotic was tested).
#   D_ITEMS (12,487): ROW_ID, ITEMID UNIQUE, LABEL, ABBREVIATION, DBSOURCE, LINKSTO (the events
#       table the item belongs to), CATEGORY, UNITNAME, PARAM_TYPE, CONCEPTID.
#   CAREGIVERS (7,567): ROW_ID, CGID UNIQUE, LABEL (title abbreviation, e.g. 'RN', 'MD'),
#       DESCRIPTION.
#   OUTPUTEVENTS (11,320): ROW_ID, SUBJECT_ID, HADM_ID, ICUSTAY_ID, CHARTTIME, ITEMID, VALUE (REAL),
#       VALUEUOM, STORETIME, CGID, STOPPED, NEWBOTTLE, ISERROR.
#   PROCEDUREEVENTS_MV (753): ROW_ID, SUBJECT_ID, HADM_ID, ICUSTAY_ID, STARTTIME, ENDTIME, ITEMID,
#       VALUE, VALUEUOM, LOCATION, LOCATIONCATEGORY, STORETIME, CGID, ORDERID, LINKORDERID,
#       ORDERCATEGORYNAME, SECONDARYORDERCATEGORYNAME, ORDERCATEGORYDESCRIPTION, ISOPENBAG,
#       CONTINUEINNEXTDEPT, CANCELREASON, STATUSDESCRIPTION, COMMENTS_EDITEDBY, COMMENTS_CANCELEDBY,
#       COMMENTS_DATE.
#   DATETIMEEVENTS (15,551): ROW_ID, SUBJECT_ID, HADM_ID, ICUSTAY_ID, ITEMID, CHARTTIME, STORETIME,
#       CGID, VALUE (the charted date, a timestamp), VALUEUOM, WARNING, ERROR, RESULTSTATUS, STOPPED.
#
# Conversions: empty fields -> NULL; ids, flags, counts -> INTEGER; LOS, amounts, rates, weights and
# measured values -> REAL; codes (ICD9_CODE, DRG_CODE, CPT_CD, NDC, GSN, ...) stay TEXT so leading
# zeros survive; everything else is kept exactly as written.
# Left out: CHARTEVENTS, LABEVENTS and INPUTEVENTS_CV (4 MiB or more, absent from the stored
# snapshot), with them D_LABITEMS (the dictionary of LABEVENTS only, useless without it), and
# NOTEEVENTS (empty in the demo: header only), and INPUTEVENTS_MV (13,224 metavision infusions and
# fluids; left out to keep the gzip under 2 MB, being the largest file at 3.4 MB).
# Nothing is subset: every row of every kept file.
import csv, io, sqlite3, subprocess, sys

PIN_T = '16908ad5c9699b34837131dfd595b11e82133e76'
PIN_S = '2ca7120572ce3513ca77132015e45277178fa68a'
GIT_T, GIT_S, OUT = sys.argv[1], sys.argv[2], sys.argv[3]

INT = 'INTEGER'
REAL = 'REAL'

# Columns not listed here are TEXT.
INT_COLS = {
    'ROW_ID', 'SUBJECT_ID', 'HADM_ID', 'ICUSTAY_ID', 'ITEMID', 'CGID', 'SEQ_NUM', 'EXPIRE_FLAG',
    'HOSPITAL_EXPIRE_FLAG', 'HAS_CHARTEVENTS_DATA', 'FIRST_WARDID', 'LAST_WARDID', 'PREV_WARDID',
    'CURR_WARDID', 'SUBMIT_WARDID', 'CALLOUT_WARDID', 'DISCHARGE_WARDID', 'REQUEST_TELE',
    'REQUEST_RESP', 'REQUEST_CDIFF', 'REQUEST_MRSA', 'REQUEST_VRE', 'CPT_NUMBER', 'TICKET_ID_SEQ',
    'DRG_SEVERITY', 'DRG_MORTALITY', 'SPEC_ITEMID', 'ORG_ITEMID', 'ISOLATE_NUM', 'AB_ITEMID',
    'ORDERID', 'LINKORDERID', 'ISOPENBAG', 'CONTINUEINNEXTDEPT', 'CANCELREASON', 'NEWBOTTLE',
    'ISERROR', 'WARNING', 'ERROR', 'CONCEPTID', 'CATEGORY@D_CPT', 'MINCODEINSUBSECTION',
    'MAXCODEINSUBSECTION',
}
REAL_COLS = {
    'LOS', 'AMOUNT', 'RATE', 'PATIENTWEIGHT', 'TOTALAMOUNT', 'ORIGINALAMOUNT', 'ORIGINALRATE',
    'DILUTION_VALUE', 'VALUE@OUTPUTEVENTS', 'VALUE@PROCEDUREEVENTS_MV',
}
UNIQUE = {'PATIENTS': 'SUBJECT_ID', 'ADMISSIONS': 'HADM_ID', 'ICUSTAYS': 'ICUSTAY_ID',
          'D_ICD_DIAGNOSES': 'ICD9_CODE', 'D_ICD_PROCEDURES': 'ICD9_CODE', 'D_ITEMS': 'ITEMID',
          'CAREGIVERS': 'CGID'}
REFS = {'SUBJECT_ID': ('PATIENTS', 'SUBJECT_ID'), 'HADM_ID': ('ADMISSIONS', 'HADM_ID'),
        'ICUSTAY_ID': ('ICUSTAYS', 'ICUSTAY_ID'), 'ITEMID': ('D_ITEMS', 'ITEMID'),
        'CGID': ('CAREGIVERS', 'CGID')}

# (table, source) in load order: dictionaries and parents first.
TABLES = [
    ('PATIENTS', 'S'), ('ADMISSIONS', 'S'), ('ICUSTAYS', 'T'), ('CAREGIVERS', 'T'),
    ('D_ITEMS', 'T'), ('D_ICD_DIAGNOSES', 'T'), ('D_ICD_PROCEDURES', 'T'), ('D_CPT', 'T'),
    ('TRANSFERS', 'T'), ('SERVICES', 'T'), ('CALLOUT', 'T'), ('DIAGNOSES_ICD', 'T'),
    ('PROCEDURES_ICD', 'T'), ('DRGCODES', 'T'), ('CPTEVENTS', 'T'), ('PRESCRIPTIONS', 'T'),
    ('MICROBIOLOGYEVENTS', 'T'), ('OUTPUTEVENTS', 'T'), ('PROCEDUREEVENTS_MV', 'T'),
    ('DATETIMEEVENTS', 'T'),
]


def read_csv(src, table):
    git, commit = (GIT_T, PIN_T) if src == 'T' else (GIT_S, PIN_S)
    data = subprocess.run(['git', '--git-dir=' + git, 'show', f'{commit}:{table}.csv'],
                          check=True, capture_output=True).stdout.decode('utf-8')
    rows = list(csv.reader(io.StringIO(data, newline='')))
    return [c.upper() for c in rows[0]], rows[1:]


def coltype(table, col):
    if col in INT_COLS or f'{col}@{table}' in INT_COLS:
        return INT
    if f'{col}@{table}' in REAL_COLS or (col in REAL_COLS and col != 'VALUE'):
        return REAL
    return 'TEXT'


def convert(v, t):
    if v == '':
        return None
    if t == INT:
        f = float(v)
        return int(f) if f == int(f) else f
    if t == REAL:
        return float(v)
    return v


db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = OFF')
for table, src in TABLES:
    header, rows = read_csv(src, table)
    types = [coltype(table, c) for c in header]
    defs = []
    for c, t in zip(header, types):
        d = f'{c} {t}'
        if c == 'ROW_ID':
            d += ' PRIMARY KEY'
        elif UNIQUE.get(table) == c:
            d += ' NOT NULL UNIQUE'
        elif c in REFS and REFS[c][0] != table:
            d += ' REFERENCES {}({})'.format(*REFS[c])
        defs.append(d)
    db.execute(f'CREATE TABLE {table} (\n  ' + ',\n  '.join(defs) + '\n)')
    db.executemany(f'INSERT INTO {table} VALUES ({",".join("?" * len(header))})',
                   [[convert(v, t) for v, t in zip(r, types)] for r in rows])
    print(f'{table}: {len(rows)} rows', file=sys.stderr)
db.commit()
bad = db.execute('PRAGMA foreign_key_check').fetchall()
if bad:
    print(f'foreign key violations: {len(bad)}', bad[:5], file=sys.stderr)
db.execute('VACUUM')
db.close()
