# Builds prairie.db from github.com/jasmyace/PrairieNPS (commit
# e9afb6a3db56fb79fad32b95774b9b45c725b2df, 2016-08-30; the folder Data/ was added in
# e4cd3cf1464c83cdad1775c07947abe1fc70cf98, 2016-07-13, and its data files are unchanged since):
# the data distribution package of the US National Park Service's prairie vegetation monitoring
# protocol (project code VCa03) of the North Coast and Cascades Network (NCCN) Inventory and
# Monitoring Program, exported and certified on 2016-07-11 by John Boetsch (NPS, NCCN) from the
# protocol's Microsoft Access database (Prairie_Veg_VCa03) and handed to WEST Inc., the contractor
# that analysed it in that repository (Data/README_WEST_Inc_20160711.txt). It covers the prairie
# transects of San Juan Island National Historical Park (park code SAJH), 2007-2015: crews walk
# each transect once a year and split it into segments of one vegetation type (herbaceous,
# shrub, tree, unvegetated, developed), recording each segment's length, whether it is native or
# exotic vegetation, its cover class, grazing and substrate, plus the phenology of three key
# species. A work of the US Government, in the public domain (see prairie.LICENSE).
#
# Names: the NPS Inventory & Monitoring naming of the source, kept exactly: the five
# comma-delimited exports are named after the Access "select queries" that produced them
# (qs_a104_..., qs_a114_..., the file names less their export timestamp, e.g.
# qs_a104_Location_metadata_20160711_200543.txt -> qs_a104_Location_metadata), the four lookup
# tables keep the tlu_ ("table lookup") names of their Excel files (tlu_Cover_Class.xlsx ->
# tlu_Cover_Class), and every column keeps its Capitalized_snake_case header with the
# protocol's abbreviations (Loc_code, UTME_public, Avg_height_m, No_GPS, Is_grazed, QA_notes);
# people are Access contact ids written Last_First (Rochefort_Regina_M), except the login
# 'jboetsch' in Entered_by.
#   qs_a104_Location_metadata  (Park_code, Unit_code 'AC' American Camp / 'EC' English Camp,
#                   Location_code '1-10' (panel-transect), Location_type, Location_status
#                   'Active'/'Proposed', Location_name, Panel_name '1'..'6', Panel_type
#                   'Annual'/'Alternating', Firing_order, UTME_public, UTMN_public (UTM zone
#                   10N metres), Public_offset, Location_desc, Location_notes, Loc_established)
#   qs_a114_Event_metadata     (one sampling event per transect and year: Park_code, Loc_code
#                   'AC.1-10' = Unit_code.Location_code, Unit_code, Location_code,
#                   Calendar_year, Start_date, Start_time, End_date, End_time, Hours_spent,
#                   Transect_easting, Transect_northing, GPS_file_name, Transect_notes (weather),
#                   Event_notes, Entered_by/_date, Updated_by/_date, Verified_by/_date,
#                   Certified_by/_date, Is_excluded, QA_notes)
#   qs_a124_Event_observers    (Park_code, Loc_code, Unit_code, Location_code, Calendar_year,
#                   Start_date, Contact_ID, Observer_role, Observer_notes)
#   qs_a134_Phenology_obs      (Park_code, Loc_code, Unit_code, Location_code, Calendar_year,
#                   Start_date, Species_code 'CAMQUA', Scientific_name, Stage_code 'Fl',
#                   Stage_desc 'Flowering', Avg_height_m, Phenology_notes)
#   qs_a144_Transect_obs       (one row per transect segment: Park_code, Loc_code, Unit_code,
#                   Location_code, Calendar_year, Start_date, Observation_ID, Segment_num,
#                   Segment_length_m, No_GPS, UTME, UTMN, Field_coord, Veg_type, Origin,
#                   Cover_class, Is_grazed, Substrate, Obs_notes, Flag, Office_notes)
#   tlu_Veg_Type     (Veg_type 'H','S','T','U','D','End', Veg_desc, Sort_order)
#   tlu_Origin_Code  (Origin_code 'N' native, 'E' exotic, 'NA', 'Not obs'; Origin_desc, Sort_order)
#   tlu_Cover_Class  (Cover_class '0-10%', '11-49%', '50-100%', 'NA', 'Not obs'; Class_desc,
#                     Sort_order)
#   tlu_Substrate    (Substrate_code 'Sand', 'Gravel', 'Rock', 'Logs', 'Soil', 'Water',
#                     'Not obs'; Substrate_desc, Sort_order)
#
# Values: the CSVs are plain ASCII; an empty field is NULL. Access date/times are rewritten as
# ISO text: date-only fields written 'M/D/YYYY 0:00:00' (Loc_established, Start_date, End_date)
# become 'YYYY-MM-DD'; time-only fields written on Access's zero date '12/30/1899 H:MM:SS'
# (Start_time, End_time) become 'HH:MM:SS'; time stamps (Entered_date, Updated_date,
# Verified_date, Certified_date) become 'YYYY-MM-DD HH:MM:SS'. Codes and names stay TEXT as the
# exports quote them, Calendar_year ('2015', the query's text year of Start_date), Panel_name
# and Location_code included. Counts, ids, flags and whole coordinates are INTEGER (Firing_order,
# Observation_ID, Segment_num, Transect_easting/_northing, Field_coord, No_GPS, Flag,
# Is_excluded, Is_grazed, the lookups' Sort_order); measurements are REAL (Hours_spent,
# Segment_length_m, Avg_height_m, UTME, UTMN, UTME_public, UTMN_public). Flags are kept as
# written: Is_grazed uses Access's yes/no values -1 (yes) / 0, No_GPS is 1 / 0.
# The lookup sheets are read from the .xlsx files (Office Open XML: zip + XML, parsed here with
# the standard library; each holds one sheet of text cells, Sort_order a number).
#
# Keys (the Access model's keys where the exports carry them, checked on every row):
#   qs_a104_Location_metadata PRIMARY KEY (Unit_code, Location_code)
#   qs_a114_Event_metadata    PRIMARY KEY (Loc_code, Start_date) (the model's unique index on
#       Location_ID + Start_date; the exports do not carry the Access Event_ID), and
#       (Unit_code, Location_code) REFERENCES qs_a104_Location_metadata
#   qs_a124_Event_observers   PRIMARY KEY (Loc_code, Start_date, Contact_ID)
#   qs_a134_Phenology_obs     PRIMARY KEY (Loc_code, Start_date, Species_code)
#   qs_a144_Transect_obs      PRIMARY KEY (Observation_ID)
#   the three observation tables: (Loc_code, Start_date) REFERENCES qs_a114_Event_metadata
#   qs_a144_Transect_obs: Veg_type -> tlu_Veg_Type, Origin -> tlu_Origin_Code (Origin_code),
#       Cover_class -> tlu_Cover_Class, Substrate -> tlu_Substrate (Substrate_code)
#   the lookups: PRIMARY KEY on their code column.
# Nothing is subset: 85 locations (45 active American Camp transects, 40 proposed English Camp
# ones that were never sampled), 158 events (2007-2015, none in 2010 and 2011), 372 observer
# rows, 163 phenology rows, 7379 transect segments, 6 + 4 + 5 + 7 lookup rows. Left out: the
# documentation (.docx/.pdf), the original zip copies of the same files, Data/Summarized.xlsx
# (added later by the contractor: the four lookups pasted into one sheet) and the contractor's
# own analysis files.
#
# Run (in this folder):
#   python3 prairie-build.py <PrairieNPS git dir> && gzip -9 -n prairie.db
import csv, io, os, re, sqlite3, subprocess, sys, zipfile
from xml.etree import ElementTree as ET

COMMIT = 'e9afb6a3db56fb79fad32b95774b9b45c725b2df'
OUT = 'prairie.db'
DATA = 'Data/Data_files_20160711/'
LOOKUPS = 'Data/Lookups_20160711/'

CSVS = [
    ('qs_a104_Location_metadata', 'qs_a104_Location_metadata_20160711_200543.txt'),
    ('qs_a114_Event_metadata', 'qs_a114_Event_metadata_20160711_200634.txt'),
    ('qs_a124_Event_observers', 'qs_a124_Event_observers_20160711_200645.txt'),
    ('qs_a134_Phenology_obs', 'qs_a134_Phenology_obs_20160711_200656.txt'),
    ('qs_a144_Transect_obs', 'qs_a144_Transect_obs_20160711_200707.txt'),
]
XLSX = ['tlu_Veg_Type', 'tlu_Origin_Code', 'tlu_Cover_Class', 'tlu_Substrate']

SCHEMA = '''
CREATE TABLE tlu_Veg_Type (
  Veg_type   TEXT NOT NULL PRIMARY KEY,
  Veg_desc   TEXT,
  Sort_order INTEGER
);
CREATE TABLE tlu_Origin_Code (
  Origin_code TEXT NOT NULL PRIMARY KEY,
  Origin_desc TEXT,
  Sort_order  INTEGER
);
CREATE TABLE tlu_Cover_Class (
  Cover_class TEXT NOT NULL PRIMARY KEY,
  Class_desc  TEXT,
  Sort_order  INTEGER
);
CREATE TABLE tlu_Substrate (
  Substrate_code TEXT NOT NULL PRIMARY KEY,
  Substrate_desc TEXT,
  Sort_order     INTEGER
);
CREATE TABLE qs_a104_Location_metadata (
  Park_code       TEXT NOT NULL,
  Unit_code       TEXT NOT NULL,
  Location_code   TEXT NOT NULL,
  Location_type   TEXT,
  Location_status TEXT,
  Location_name   TEXT,
  Panel_name      TEXT,
  Panel_type      TEXT,
  Firing_order    INTEGER,
  UTME_public     REAL,
  UTMN_public     REAL,
  Public_offset   TEXT,
  Location_desc   TEXT,
  Location_notes  TEXT,
  Loc_established TEXT,
  PRIMARY KEY (Unit_code, Location_code)
);
CREATE TABLE qs_a114_Event_metadata (
  Park_code         TEXT NOT NULL,
  Loc_code          TEXT NOT NULL,
  Unit_code         TEXT NOT NULL,
  Location_code     TEXT NOT NULL,
  Calendar_year     TEXT NOT NULL,
  Start_date        TEXT NOT NULL,
  Start_time        TEXT,
  End_date          TEXT,
  End_time          TEXT,
  Hours_spent       REAL,
  Transect_easting  INTEGER,
  Transect_northing INTEGER,
  GPS_file_name     TEXT,
  Transect_notes    TEXT,
  Event_notes       TEXT,
  Entered_by        TEXT,
  Entered_date      TEXT,
  Updated_by        TEXT,
  Updated_date      TEXT,
  Verified_by       TEXT,
  Verified_date     TEXT,
  Certified_by      TEXT,
  Certified_date    TEXT,
  Is_excluded       INTEGER,
  QA_notes          TEXT,
  PRIMARY KEY (Loc_code, Start_date),
  FOREIGN KEY (Unit_code, Location_code)
    REFERENCES qs_a104_Location_metadata (Unit_code, Location_code)
);
CREATE TABLE qs_a124_Event_observers (
  Park_code      TEXT NOT NULL,
  Loc_code       TEXT NOT NULL,
  Unit_code      TEXT NOT NULL,
  Location_code  TEXT NOT NULL,
  Calendar_year  TEXT NOT NULL,
  Start_date     TEXT NOT NULL,
  Contact_ID     TEXT NOT NULL,
  Observer_role  TEXT,
  Observer_notes TEXT,
  PRIMARY KEY (Loc_code, Start_date, Contact_ID),
  FOREIGN KEY (Loc_code, Start_date) REFERENCES qs_a114_Event_metadata (Loc_code, Start_date)
);
CREATE TABLE qs_a134_Phenology_obs (
  Park_code       TEXT NOT NULL,
  Loc_code        TEXT NOT NULL,
  Unit_code       TEXT NOT NULL,
  Location_code   TEXT NOT NULL,
  Calendar_year   TEXT NOT NULL,
  Start_date      TEXT NOT NULL,
  Species_code    TEXT NOT NULL,
  Scientific_name TEXT,
  Stage_code      TEXT,
  Stage_desc      TEXT,
  Avg_height_m    REAL,
  Phenology_notes TEXT,
  PRIMARY KEY (Loc_code, Start_date, Species_code),
  FOREIGN KEY (Loc_code, Start_date) REFERENCES qs_a114_Event_metadata (Loc_code, Start_date)
);
CREATE TABLE qs_a144_Transect_obs (
  Park_code        TEXT NOT NULL,
  Loc_code         TEXT NOT NULL,
  Unit_code        TEXT NOT NULL,
  Location_code    TEXT NOT NULL,
  Calendar_year    TEXT NOT NULL,
  Start_date       TEXT NOT NULL,
  Observation_ID   INTEGER NOT NULL PRIMARY KEY,
  Segment_num      INTEGER,
  Segment_length_m REAL,
  No_GPS           INTEGER,
  UTME             REAL,
  UTMN             REAL,
  Field_coord      INTEGER,
  Veg_type         TEXT REFERENCES tlu_Veg_Type (Veg_type),
  Origin           TEXT REFERENCES tlu_Origin_Code (Origin_code),
  Cover_class      TEXT REFERENCES tlu_Cover_Class (Cover_class),
  Is_grazed        INTEGER,
  Substrate        TEXT REFERENCES tlu_Substrate (Substrate_code),
  Obs_notes        TEXT,
  Flag             INTEGER,
  Office_notes     TEXT,
  FOREIGN KEY (Loc_code, Start_date) REFERENCES qs_a114_Event_metadata (Loc_code, Start_date)
);
'''

DATE_ONLY = {'Loc_established', 'Start_date', 'End_date'}
TIME_ONLY = {'Start_time', 'End_time'}
STAMP = {'Entered_date', 'Updated_date', 'Verified_date', 'Certified_date'}
INTEGER = {'Firing_order', 'Observation_ID', 'Segment_num', 'Transect_easting',
           'Transect_northing', 'Field_coord', 'No_GPS', 'Flag', 'Is_excluded', 'Is_grazed',
           'Sort_order'}
REAL = {'Hours_spent', 'Segment_length_m', 'Avg_height_m', 'UTME', 'UTMN', 'UTME_public',
        'UTMN_public'}

ACCESS_DT = re.compile(r'^(\d{1,2})/(\d{1,2})/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})$')


def git_show(gitdir, path):
    return subprocess.run(['git', '--git-dir', gitdir, 'show', COMMIT + ':' + path],
                          check=True, stdout=subprocess.PIPE).stdout


def convert(col, v):
    if v == '':
        return None
    if col in DATE_ONLY or col in TIME_ONLY or col in STAMP:
        m = ACCESS_DT.match(v)
        if not m:
            raise ValueError('%s: not an Access date/time: %r' % (col, v))
        mo, d, y, hh, mi, ss = (int(x) for x in m.groups())
        if col in DATE_ONLY:
            if (hh, mi, ss) != (0, 0, 0):
                raise ValueError('%s: date with a time: %r' % (col, v))
            return '%04d-%02d-%02d' % (y, mo, d)
        if col in TIME_ONLY:
            if (y, mo, d) != (1899, 12, 30):
                raise ValueError('%s: time not on the Access zero date: %r' % (col, v))
            return '%02d:%02d:%02d' % (hh, mi, ss)
        return '%04d-%02d-%02d %02d:%02d:%02d' % (y, mo, d, hh, mi, ss)
    if col in INTEGER:
        f = float(v)
        if f != int(f):
            raise ValueError('%s: not a whole number: %r' % (col, v))
        return int(f)
    if col in REAL:
        return float(v)
    return v


NS = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}


def read_xlsx(data):
    """Rows of the first sheet of an .xlsx file, as lists of cell texts."""
    z = zipfile.ZipFile(io.BytesIO(data))
    shared = []
    if 'xl/sharedStrings.xml' in z.namelist():
        for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', NS):
            shared.append(''.join(t.text or '' for t in si.iter('{%s}t' % NS['m'])))
    rows = []
    sheet = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))
    for row in sheet.iter('{%s}row' % NS['m']):
        cells = []
        for c in row.findall('m:c', NS):
            col = re.match(r'[A-Z]+', c.get('r')).group(0)
            idx = 0
            for ch in col:
                idx = idx * 26 + ord(ch) - 64
            while len(cells) < idx - 1:
                cells.append('')
            t = c.get('t')
            v = c.find('m:v', NS)
            if t == 's':
                cells.append(shared[int(v.text)])
            elif t == 'inlineStr':
                cells.append(''.join(x.text or '' for x in c.iter('{%s}t' % NS['m'])))
            else:
                txt = v.text if v is not None else ''
                if re.fullmatch(r'-?\d+\.0+', txt or ''):
                    txt = txt.split('.')[0]
                cells.append(txt)
        rows.append(cells)
    return rows


def main():
    gitdir = sys.argv[1] if len(sys.argv) > 1 else 'PrairieNPS.git'
    if os.path.exists(OUT):
        os.remove(OUT)
    db = sqlite3.connect(OUT)
    db.executescript(SCHEMA)
    counts = {}
    for table in XLSX:
        rows = read_xlsx(git_show(gitdir, LOOKUPS + table + '.xlsx'))
        header, body = rows[0], [r for r in rows[1:] if any(r)]
        cols = [c for c in db.execute('PRAGMA table_info(%s)' % table)]
        if [c[1] for c in cols] != header:
            raise SystemExit('%s: header %r' % (table, header))
        db.executemany('INSERT INTO %s VALUES (%s)' % (table, ','.join('?' * len(header))),
                       [[convert(h, v) for h, v in zip(header, r)] for r in body])
        counts[table] = len(body)
    for table, fname in CSVS:
        text = git_show(gitdir, DATA + fname).decode('ascii')
        rd = csv.reader(io.StringIO(text, newline=''))
        header = next(rd)
        cols = [c[1] for c in db.execute('PRAGMA table_info(%s)' % table)]
        if cols != header:
            raise SystemExit('%s: header %r' % (table, header))
        body = [[convert(h, v) for h, v in zip(header, r)] for r in rd]
        for r in body:
            if len(r) != len(header):
                raise SystemExit('%s: ragged row %r' % (table, r))
        db.executemany('INSERT INTO %s VALUES (%s)' % (table, ','.join('?' * len(header))), body)
        counts[table] = len(body)
    db.commit()
    bad = db.execute('PRAGMA foreign_key_check').fetchall()
    if bad:
        raise SystemExit('foreign key violations: %r' % bad[:10])
    # Loc_code is Unit_code.Location_code, and Calendar_year the year of Start_date, everywhere.
    for table, _ in CSVS[1:]:
        n = db.execute("SELECT COUNT(*) FROM %s WHERE Loc_code <> Unit_code || '.' || "
                       "Location_code OR Calendar_year <> substr(Start_date, 1, 4)"
                       % table).fetchone()[0]
        if n:
            raise SystemExit('%s: %d rows with inconsistent Loc_code/Calendar_year' % (table, n))
    db.execute('VACUUM')
    db.close()
    for t, n in counts.items():
        print('%-28s %6d' % (t, n))


if __name__ == '__main__':
    main()
