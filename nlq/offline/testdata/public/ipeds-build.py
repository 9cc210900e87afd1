#!/usr/bin/env python3
# Builds ipeds.db: every US college, university and trade school in the 2021-22 IPEDS universe
# (directory, location, control, level, Carnegie classes), with fall 2021 admissions and test
# scores, awards conferred in 2020-21 by award level, 2019-20 student financial aid and net
# price, 2021 institutional offerings (programs, services, housing, fees, athletic conferences)
# and full-time instructional staff in fall 2021 by faculty/tenure status and academic rank,
# plus the code lists that decode their numeric codes.
#
# Data: the R package IPEDS by Aushanae Haller and Alejandra Munoz (github.com/ajhaller/IPEDS,
#   CRAN "IPEDS: Data from the Integrated Post-Secondary Education Data System"), DESCRIPTION
#   "License: MIT + file LICENSE" (LICENSE.md, the MIT licence, "Copyright (c) 2022 IPEDS authors",
#   copied into ipeds.LICENSE). The package's data-raw/*.R scripts download the provisional
#   release files of the US Department of Education's National Center for Education Statistics
#   (NCES) IPEDS Data Center (a US federal government work, public domain): HD2021 (directory),
#   ADM2021 (admissions), C2021_C (completions), SFA1920 (student financial aid), IC2021
#   (institutional characteristics) and S2021_IS (instructional staff), drop imputation flags,
#   rename most variables (UNITID -> INSTITUTION_ID, INSTNM -> INSTITUTION, STABBR -> STATE,
#   CONTROL -> INT_CONTROL, APPLCN kept, SATVR25 -> RW_SAT_25, ...), and save them as .rda.
#   The package's own code lists relig_aff, staff_cat and conference decode three code columns;
#   R/data.R documents the other codes in prose.
# Pinned commit: 45cbcd2bd04aa083a3b323b1e504b864ba860dd4 (2023-01-04, "Updated fall_enroll2020
#   to fall_enroll2021", the newest commit). Files last changed in:
#   data/dir_info2021.rda   21f907b6ed410da1998b3d899f8566549715299c (2023-01-04)
#   data/adm2021.rda        bc9bad2ecafa9bba225de8455e0a3790d33870f0 (2022-11-08)
#   data/complete2021.rda   517625b211f4d06697a5ffd55b9015dc5ee531d3 (2022-11-08)
#   data/fin_aid1920.rda    1b2b7ac249654678981cba80f92b315e3f642db1 (2022-04-19)
#   data/offerings2021.rda, data/conference.rda
#                           60b05855c53390f8a52be076cbb300c44f92249a (2023-01-04)
#   data/staff2021.rda      bc733db45be87c6d94a08b94dde503702e98f60f (2023-01-04)
#   data/staff_cat.rda      45cf4ad1935ae206ccd8358fea20259b08822ba2 (2022-04-07)
#   data/relig_aff.rda      276cafcab931f786395a24467a096b16488972f3 (2022-04-11)
#   R/data.R                45cbcd2bd04aa083a3b323b1e504b864ba860dd4 (2023-01-04)
#   LICENSE, LICENSE.md     ec35f85eba4eb8cfe51b537089897ed15c5c225e (2022-03-28)
#
# Usage (Python 3, standard library only):
#   python3 ipeds-build.py <ajhaller+IPEDS git dir> [<commit>] [<out.db>]
#   e.g. python3 ipeds-build.py /work/.mirror/ajhaller+IPEDS/repo
#   then gzip -9 -n -c ipeds.db > ipeds.db.gz   (1.9 MB; 5.8 MB unpacked)
# The .rda files are read from that commit with `git --git-dir=<dir> show <commit>:data/<name>.rda`
# (bzip2-compressed R XDR serializations, format version 2) by the small reader below (the one of
# gapminder-build.py). 45 strings of dir_info2021 are Windows-1252 bytes that R left unmarked
# (read.table of the NCES CSV); they are decoded as cp1252: CITY 'Bayamón', COUNTYNM 'Mayagüez
# Municipio', INSTITUTION 'Colegio de Cinematografía Artes y Television', MULT_ORG_NAME
# 'Manufacturer’s Technical Institutes, Inc' (a right single quote).
#
# Naming: the package's data set names (lower case with the survey year: dir_info2021, adm2021,
# complete2021, fin_aid1920, offerings2021, staff2021) and its column names, unchanged: mostly
# NCES-style UPPER_CASE abbreviations (INSTITUTION_ID, INT_CONTROL, BEA_REG, CC21_SIZE_SET,
# APPLCN, ADMSSN, ENRLT, AVG_NPRICE_1920, ROTC_NAVY, CON_FOOTBALL, ...) mixed with the package's
# own snake_case (hs_gpa, cprep_program, adm_tscores, test_eng_FL) and capitalised words
# (Numeric_Code, Religious_Affiliation). Codes stay codes, as in IPEDS: yes/no flags are 1/0 in
# offerings2021 (1 = Yes, 0 = implied no) but 1/2 in dir_info2021 (HBCU, TRIBAL, HOSPITAL,
# MEDICAL: 1 = Yes, 2 = No), and -1 = Not reported, -2 = Not applicable, -3 = Not available
# throughout, kept as the codes they are.
#
# Tables (row counts after the cuts described below; INTEGER unless said):
#   Code lists, Numeric_Code INTEGER PRIMARY KEY (the package stores it as a double):
#   relig_aff (64): Numeric_Code, Religious_Affiliation TEXT ('Roman Catholic', 'United
#       Methodist', ..., 'Other (none of the above)', -2 'Not applicable'); the package's table.
#   staff_cat (65): Numeric_Code, Category TEXT ('All full-time instructional staff' 1,
#       'Instructional staff, professors' 101, 'Tenured total' 200, ..., 'Without faculty status'
#       500); the package's table, its typos kept ('asssociate'; code 450 is labelled '...,
#       multi-year contract, total' like 440, where NCES has 'indefinite contract, total').
#   conference (497): Numeric_Code, Conference TEXT, Sport TEXT ('Football', 'Basketball',
#       'Baseball', 'Track'); PRIMARY KEY (Numeric_Code, Sport), WITHOUT ROWID; the package's
#       table: the same code names the same conference in each sport (-1 'Not reported', -2 'Not
#       applicable'); codes 359 and 202 are spelt two ways across sports.
#   int_level (3), int_control (3), int_size (7), locale (13), award_lvl (8): Numeric_Code and a
#       label column (Level, Control, Size, Locale, Award_Level TEXT). Built here from the code
#       lists R/data.R gives in the descriptions of INT_LEVEL, INT_CONTROL, INT_SIZE, LOCALE and
#       AWARD_LVL (each pair is checked against that text), e.g. int_control 1 'Public',
#       2 'Private not-for-profit', 3 'Private for-profit'; award_lvl 3 "Associate's degree",
#       5 "Bachelor's degree", 7 "Master's degree", 9 "Doctor's degree"; locale 11 'City: Large'
#       ... 43 'Rural: Remote', -3 'Not available'. Table and label names are ours, in the style
#       of the package's relig_aff; codes the data do not use (-3 of INT_LEVEL/INT_CONTROL) left out.
#   dir_info2021 (6,129): one row per institution open in 2021-22 (the package keeps
#       CLOSEDAT = -2 and PSEFLAG = 1): INSTITUTION_ID PRIMARY KEY (the IPEDS UNITID),
#       INSTITUTION TEXT (not unique: 'Columbia College' x4, 'Cortiva Institute' x6), ADDRESS,
#       CITY, STATE (USPS code, incl. DC, PR, GU, VI, AS, FM, MH, MP, PW), ZIP TEXT ('35294-0110'
#       or '35762'), FIPS (state), BEA_REG TEXT (the package turned the code into a name: 'New
#       England' ... 'Far West', 'Other U.S. Jurisdictions', 'U.S Service Schools'), AID_ELIG,
#       WEBSITE TEXT, INT_LEVEL -> int_level, INT_CONTROL -> int_control, UNGRAD_OFFER,
#       GRAD_OFFER (1 yes, 2 no), HD_OFFER (documented as degree-granting status, but holding
#       NCES's HDEGOFR1 highest-degree codes 0, 11-14, 20, 30, 40), HBCU, HOSPITAL, MEDICAL,
#       TRIBAL, LOCALE -> locale, OPENPUBL, INT_STATUS TEXT ('A', 'N', 'R'), POST_SEC, RPTMTH,
#       CC_U2021, CC_G2021, CC21_U_PROFILE, CC21_ENROLL, CC21_SIZE_SET, C_PROGRAMS (Carnegie
#       classes), INT_SIZE -> int_size, MULT_ORG, MULT_ORG_NAME TEXT ('State University of New
#       York System'), MULT_ORG_CODE, COUNTYCD (5-digit county FIPS as a number: 6037),
#       COUNTYNM TEXT ('Los Angeles County'), CONGRESS_DIS_ID (state FIPS x 100 + district:
#       5000), LONGITUD, LATITUDE REAL.
#   adm2021 (1,970): INSTITUTION_ID PRIMARY KEY -> dir_info2021; the nine admission
#       considerations hs_gpa, hs_rank, hs_record, cprep_program, recs, competencies,
#       adm_tscores, test_eng_FL, other_test TEXT ('Required', 'Recommended',
#       'Neither_required_nor_recommended', 'Considered_but_not_required', as the package
#       spells them); APPLCN/APPLCNM/APPLCNW (applicants total/men/women), ADMSSN/M/W (admitted),
#       ENRLT/ENRLM/ENRLW (enrolled), FT_enroll(_M/_W), PT_enroll(_M/_W), SAT_num, SAT_pct,
#       ACT_num, ACT_pct, RW_SAT_25/75, MTH_SAT_25/75, ACT_25/75, eng_ACT_25/75, MTH_ACT_25/75
#       (25th/75th percentile scores of enrolled first-year students).
#   complete2021 (15,883): awards conferred 2020-07-01 to 2021-06-30, one row per institution
#       and award level: INSTITUTION_ID -> dir_info2021, AWARD_LVL -> award_lvl, PRIMARY KEY
#       (INSTITUTION_ID, AWARD_LVL), WITHOUT ROWID; TOTAL, TOTAL_M, TOTAL_W, TOTAL_NATIVE,
#       TOTAL_ASIAN, TOTAL_BLACK, TOTAL_HISP, TOTAL_NHPI, TOTAL_WHITE, TOTAL_MULT,
#       TOTAL_UNKNOWN, TOTAL_NRA (nonresident aliens), UND18, AGE18_24, AGE25_39, AGE40PLUS,
#       AGE_UNKNOWN.
#   fin_aid1920 (5,699): INSTITUTION_ID PRIMARY KEY -> dir_info2021; UG_NUM, PCT_AID (percent
#       of undergraduates awarded grant aid, 0-100), AVG_AID, AVG_PELL, AVG_FLOAN, AVG_AWRD and
#       the full-time first-time averages AVG_FGRANT_FTFT ... AVG_OLOAN_FTFT (US$); by year
#       (1920 = 2019-20, 1819, 1718): IS_AVG_GAID_yyyy and AVG_NPRICE_yyyy (NCES's GISTA/NPIST:
#       average grant aid and average net price for students paying the in-state rate, filled
#       for public institutions only), OS_AVG_GAID_1718 and OS_AVG_NPRICE_yyyy (GRNTA/NPGRN,
#       the same figures for private institutions; the package selected no OS_AVG_GAID for
#       2019-20 and 2018-19).
#   offerings2021 (6,117): INSTITUTION_ID PRIMARY KEY -> dir_info2021; RELIG_AFF -> relig_aff;
#       the 114 IC2021 columns as the package names them (OCCUPATIONAL ... CON_TRACK): program
#       types, AFFILIATION (1 Public, 2 Private for-profit, 3 Private not-for-profit without and
#       4 with religious affiliation), award levels offered (ASSOCIATES, BACHELORS, MASTERS,
#       DOC_RS ...), CALSYS, services (VET_*, ROTC_*, STUDY_ABROAD, LIB_*, TUIT_*, DIST_EDUC_*),
#       housing (ROOM, ROOMCAP, BOARD, MEALSWK, ROOM_PRICE, BOARD_PRICE, R_B_PRICE, US$ a year),
#       application fees APPLFEEU (undergraduate) and APPLFEEG (graduate), association
#       memberships (NCAA, NAIA, NJCAA, ...) and the conference codes CON_FOOTBALL,
#       CON_BASKETBALL, CON_BASEBALL, CON_TRACK (join conference on Numeric_Code and Sport; not
#       declared as foreign keys since the conference key includes the sport; basketball code
#       377 is not in the package's list). The seven amounts the package kept as text, with '.'
#       for missing (ROOMCAP, MEALSWK, ROOM_PRICE, BOARD_PRICE, R_B_PRICE, APPLFEEU, APPLFEEG),
#       are INTEGER with NULL.
#   staff2021 (42,924): full-time instructional staff on 2021-11-01: INSTITUTION_ID ->
#       dir_info2021, STAFF_CAT -> staff_cat, PRIMARY KEY (INSTITUTION_ID, STAFF_CAT), WITHOUT
#       ROWID; FACSTAT (0 all, 10 with faculty status, 20 tenured, 30 on tenure track, 40 not on
#       tenure track / no tenure system, 50 without faculty status), ARANK TEXT ('All ranks',
#       'Professors', 'Associate professors', 'Assistant professors', 'Instructors',
#       'Lecturers', 'No academic rank'; STAFF_CAT determines both), TOTAL, TOTAL_M, TOTAL_W and
#       the race/ethnicity totals NATIVE_TOTAL, ASIAN_TOTAL, BLACK_TOTAL, HISP_TOTAL,
#       NHPI_TOTAL, WHITE_TOTAL, MULT_TOTAL, UNKNOWN_TOTAL, NRA_TOTAL.
# Values: R integers -> INTEGER, doubles -> REAL, strings trimmed; NA, '' and ' ' (dir_info2021's
#   missing ADDRESS/WEBSITE), '.' and the text '-2' (MULT_ORG_NAME 'not applicable') -> NULL,
#   and MULT_ORG_CODE -2 -> NULL with it. There are no dates (CLOSE_DATE, -2 in every row, is
#   left out); years are in table and column names (2021, 1920 = academic year 2019-20).
# Left out, and why:
#   - fall_enroll2021: the package sums every EF2021A line per institution, but those lines are
#     overlapping totals and subtotals (all students, undergraduates, first-time, ..., graduate),
#     so its "Grand total" counts each student several times (Yale 93,908, Williams College
#     20,612, about 7-10 times the real fall enrolment); no column can be recovered from it.
#   - rows of the child tables whose INSTITUTION_ID is not in dir_info2021 (institutions that
#     closed or are not primarily postsecondary, which the package filtered out of the
#     directory only): adm2021 11, complete2021 97 (60 institutions), fin_aid1920 160,
#     offerings2021 62, staff2021 16 (1 institution), so every foreign key holds.
#   - to keep ipeds.db.gz under 2 MB: the seven web-address columns of dir_info2021 other than
#     WEBSITE (ADMIN_WEB, FINAID_WEB, APPLICATION, NPRICE_CALC, VET_TUITION, ATH_GRAD_RATE,
#     DISABILITY_WEB); fin_aid1920's 60 columns by income band (*_AL_yyyy, *_L1_yyyy ...
#     *_L5_yyyy); staff2021's race-by-sex columns (ASIAN_M, ASIAN_W, NATIVE_MEN, ...; the
#     totals by race and by sex are kept) and its rows for the contract-type breakdown of
#     non-tenure-track staff (STAFF_CAT 410-456, FACSTAT 41-45: 20,685 of 63,625 rows; the
#     FACSTAT 40 rows still give the non-tenure-track totals by rank).
#   - the package's functions (acceptance_rate(), admission_reqs(), compare_int(),
#     school_preferences()) and data documentation.
import bz2, collections, math, os, re, sqlite3, struct, subprocess, sys

PINNED = '45cbcd2bd04aa083a3b323b1e504b864ba860dd4'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'ipeds.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# --- a minimal reader for R's XDR serialization (the one of gapminder-build.py, plus the
#     Latin-1 fallback for the strings read.table left unmarked) ---
NA_INTEGER = -2**31
LATIN1 = collections.Counter()


class RReader:
    def __init__(self, data):
        self.d, self.p, self.refs = data, 0, []

    def int(self):
        v = struct.unpack_from('>i', self.d, self.p)[0]
        self.p += 4
        return v

    def item(self):
        flags = self.int()
        t = flags & 0xFF
        has_attr, has_tag = flags & (1 << 9), flags & (1 << 10)
        if t in (254, 242):                    # NILVALUE, EMPTYENV
            return None
        if t == 255:                           # REFSXP
            idx = flags >> 8 or self.int()
            return self.refs[idx - 1]
        if t == 1:                             # SYMSXP
            sym = ('SYM', self.item())
            self.refs.append(sym)
            return sym
        if t == 9:                             # CHARSXP
            n = self.int()
            if n == -1:
                return None                    # NA_character_
            raw = self.d[self.p:self.p + n]
            self.p += n
            try:
                return raw.decode('utf-8')
            except UnicodeDecodeError:         # Windows-1252 bytes R left unmarked
                LATIN1[raw] += 1
                return raw.decode('cp1252')
        if t in (2, 17):                       # LISTSXP: a pairlist
            items = []
            while True:
                if has_attr: self.item()
                tag = self.item() if has_tag else None
                items.append((tag[1] if tag else None, self.item()))
                flags = self.int()
                if flags & 0xFF == 254:
                    return items
                assert flags & 0xFF in (2, 17)
                has_attr, has_tag = flags & (1 << 9), flags & (1 << 10)
        if t in (10, 13):                      # LGLSXP, INTSXP
            n = self.int()
            v = [None if x == NA_INTEGER else x for x in struct.unpack_from(f'>{n}i', self.d, self.p)]
            self.p += 4 * n
        elif t == 14:                          # REALSXP
            n = self.int()
            v = [None if math.isnan(x) else x for x in struct.unpack_from(f'>{n}d', self.d, self.p)]
            self.p += 8 * n
        elif t in (16, 19):                    # STRSXP, VECSXP
            v = [self.item() for _ in range(self.int())]
        else:
            raise ValueError(f'R type {t} not handled')
        attrs = dict(self.item()) if has_attr else {}
        attrs['_type'] = t
        return v, attrs


def read_frame(name):
    data = bz2.decompress(show(f'data/{name}.rda'))
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    (obj, value), = r.item()                   # one saved object
    assert obj == name and r.p == len(data), obj
    columns, attrs = value
    frame = {}
    for col, (v, a) in zip(attrs['names'][0], columns):
        assert 'class' not in a, (name, col)   # no factors: read.table/data_frame keep strings
        frame[col] = v
    return frame


def rows_of(frame):
    cols = list(frame)
    return cols, [dict(zip(cols, t)) for t in zip(*(frame[c] for c in cols))]


DATA_R = show('R/data.R').decode('utf-8')

F = {n: read_frame(n) for n in ('dir_info2021', 'adm2021', 'complete2021',
                                'fin_aid1920', 'offerings2021', 'staff2021', 'staff_cat',
                                'relig_aff', 'conference')}

# --- code lists the package documents only in R/data.R (checked against its text) ---
CODE_LISTS = {
    # table: (label column, documented column, [(code, label), ...])
    'int_level': ('Level', 'INT_LEVEL', [
        (1, 'Four or more years'), (2, 'At least 2 but less than 4 years'),
        (3, 'Less than 2 years (below associate)')]),
    'int_control': ('Control', 'INT_CONTROL', [
        (1, 'Public'), (2, 'Private not-for-profit'), (3, 'Private for-profit')]),
    'int_size': ('Size', 'INT_SIZE', [
        (1, 'Under 1,000'), (2, '1,000 - 4,999'), (3, '5,000 - 9,999'), (4, '10,000 - 19,999'),
        (5, '20,000 and above'), (-1, 'Not reported'), (-2, 'Not applicable')]),
    'locale': ('Locale', 'LOCALE', [
        (11, 'City: Large'), (12, 'City: Midsize'), (13, 'City: Small'), (21, 'Suburb: Large'),
        (22, 'Suburb: Midsize'), (23, 'Suburb: Small'), (31, 'Town: Fringe'),
        (32, 'Town: Distant'), (33, 'Town: Remote'), (41, 'Rural: Fringe'),
        (42, 'Rural: Distant'), (43, 'Rural: Remote'), (-3, 'Not available')]),
    'award_lvl': ('Award_Level', 'AWARD_LVL', [
        (2, 'Certificate of at least 1 but less than 4 years'), (3, "Associate's degree"),
        (5, "Bachelor's degree"), (7, "Master's degree"), (9, "Doctor's degree"),
        (10, "Postbaccalaureate or Post-master's certificate"),
        (11, 'Certificate of less than 12 weeks'),
        (12, 'Certificate of at least 12 weeks but less than 1 year')]),
}
for tname, (label, col, pairs) in CODE_LISTS.items():
    item = re.search(r'\\item\{' + col + r'\}\{(.*?)\}$', DATA_R, re.M)
    text = re.sub(r'\s+', ' ', item.group(1)).replace('{', '').replace('}', '')
    for code, lab in pairs:
        assert f'{code} = {lab}' in text, (col, code, lab)

# --- which institutions: the directory is the parent of every other table ---
ids = set(F['dir_info2021']['INSTITUTION_ID'])
assert len(ids) == 6129


def blank(v):
    if isinstance(v, str):
        v = v.strip()
        return None if v in ('', '.', '-2') else v
    return v


SCHEMA = []
LOAD = []


def table(name, cols, rows, types, pk, fks=(), notnull=(), without_rowid=False):
    lines = []
    fks = dict(fks)
    for c in cols:
        t = types.get(c, 'INTEGER')
        lines.append(f'  "{c}" {t}' + (' NOT NULL' if c in notnull or c in pk else '')
                     + (f' REFERENCES {fks[c][0]} ("{fks[c][1]}")' if c in fks else ''))
    if pk:
        lines.append('  PRIMARY KEY (' + ', '.join(f'"{c}"' for c in pk) + ')')
    SCHEMA.append(f'CREATE TABLE {name} (\n' + ',\n'.join(lines) + '\n)'
                  + (' WITHOUT ROWID' if without_rowid else '') + ';')
    LOAD.append((name, cols, rows))


# code lists
for name, label in (('relig_aff', 'Religious_Affiliation'), ('staff_cat', 'Category')):
    cols, rows = rows_of(F[name])
    assert cols == ['Numeric_Code', label]
    for r in rows:
        assert r['Numeric_Code'] == int(r['Numeric_Code'])
        r['Numeric_Code'] = int(r['Numeric_Code'])
    table(name, cols, rows, {label: 'TEXT'}, ['Numeric_Code'], notnull=[label])
cols, rows = rows_of(F['conference'])
assert cols == ['Numeric_Code', 'Conference', 'Sport']
for r in rows:
    r['Numeric_Code'] = int(r['Numeric_Code'])
table('conference', cols, rows, {'Conference': 'TEXT', 'Sport': 'TEXT'}, ['Numeric_Code', 'Sport'],
      notnull=['Conference'], without_rowid=True)
for name, (label, col, pairs) in CODE_LISTS.items():
    table(name, ['Numeric_Code', label], [{'Numeric_Code': c, label: l} for c, l in pairs],
          {label: 'TEXT'}, ['Numeric_Code'], notnull=[label])

# dir_info2021
cols, rows = rows_of(F['dir_info2021'])
assert {r['CLOSE_DATE'] for r in rows} == {'-2'}
URLS = ['ADMIN_WEB', 'FINAID_WEB', 'APPLICATION', 'NPRICE_CALC', 'VET_TUITION', 'ATH_GRAD_RATE',
        'DISABILITY_WEB']
cols = [c for c in cols if c != 'CLOSE_DATE' and c not in URLS]
TEXT = {'INSTITUTION', 'ADDRESS', 'CITY', 'STATE', 'ZIP', 'BEA_REG', 'WEBSITE', 'INT_STATUS',
        'MULT_ORG_NAME', 'COUNTYNM'}
for r in rows:
    for c in TEXT:
        r[c] = blank(r[c])
    if r['MULT_ORG_CODE'] == -2:
        r['MULT_ORG_CODE'] = None
types = {c: 'TEXT' for c in TEXT}
types.update(LONGITUD='REAL', LATITUDE='REAL')
table('dir_info2021', cols, rows, types, ['INSTITUTION_ID'],
      fks=[('INT_LEVEL', ('int_level', 'Numeric_Code')), ('INT_CONTROL', ('int_control', 'Numeric_Code')),
           ('LOCALE', ('locale', 'Numeric_Code')), ('INT_SIZE', ('int_size', 'Numeric_Code'))],
      notnull=['INSTITUTION', 'STATE'])

DROPPED, SUBSET = {}, {}


def child(name, pk, fks=(), text=(), numtext=(), drop=(), where=None):
    cols, rows = rows_of(F[name])
    if where:
        SUBSET[name] = len(rows)
        rows = [r for r in rows if where(r)]
    assert set(drop) <= set(cols)
    cols = [c for c in cols if c not in drop]
    keep = [r for r in rows if r['INSTITUTION_ID'] in ids]
    DROPPED[name] = (len(rows) - len(keep), len({r['INSTITUTION_ID'] for r in rows} - ids))
    for r in keep:
        for c in numtext:                      # numbers the package kept as text ('.' = missing)
            v = blank(r[c])
            r[c] = None if v is None else int(v)
    table(name, cols, keep, {c: 'TEXT' for c in text}, pk,
          fks=[('INSTITUTION_ID', ('dir_info2021', 'INSTITUTION_ID'))] + list(fks),
          without_rowid=len(pk) > 1)


child('adm2021', ['INSTITUTION_ID'],
      text=['hs_gpa', 'hs_rank', 'hs_record', 'cprep_program', 'recs', 'competencies',
            'adm_tscores', 'test_eng_FL', 'other_test'])
child('complete2021', ['INSTITUTION_ID', 'AWARD_LVL'], fks=[('AWARD_LVL', ('award_lvl', 'Numeric_Code'))])
child('fin_aid1920', ['INSTITUTION_ID'],
      drop=[c for c in F['fin_aid1920'] if re.search(r'_(AL|L[1-5])_\d{4}$', c)])
child('offerings2021', ['INSTITUTION_ID'], fks=[('RELIG_AFF', ('relig_aff', 'Numeric_Code'))],
      numtext=['ROOMCAP', 'MEALSWK', 'ROOM_PRICE', 'BOARD_PRICE', 'R_B_PRICE', 'APPLFEEU', 'APPLFEEG'])
STAFF_KEEP = {1, 500} | set(range(100, 107)) | set(range(200, 207)) | set(range(300, 307)) \
    | set(range(400, 407))                     # FACSTAT 0, 10, 20, 30, 40, 50 by rank
child('staff2021', ['INSTITUTION_ID', 'STAFF_CAT'], fks=[('STAFF_CAT', ('staff_cat', 'Numeric_Code'))],
      text=['ARANK'], where=lambda r: r['STAFF_CAT'] in STAFF_KEEP,
      drop=[c for c in F['staff2021'] if re.search(r'_(M|W|MEN|WOMEN)$', c)
            and c not in ('TOTAL_M', 'TOTAL_W')])

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript('\n'.join(SCHEMA))
for name, cols, rows in LOAD:
    db.executemany(f'INSERT INTO {name} VALUES ({", ".join("?" * len(cols))})',
                   [tuple(r[c] for c in cols) for r in rows])
db.commit()
one = lambda q: db.execute(q).fetchone()[0]
counts = {name: one(f'SELECT COUNT(*) FROM {name}') for name, _, _ in LOAD}
print(counts)
assert counts == {'relig_aff': 64, 'staff_cat': 65, 'conference': 497, 'int_level': 3,
                  'int_control': 3, 'int_size': 7, 'locale': 13, 'award_lvl': 8,
                  'dir_info2021': 6129, 'adm2021': 1970, 'complete2021': 15883,
                  'fin_aid1920': 5699, 'offerings2021': 6117, 'staff2021': 42924}, counts
assert DROPPED == {'adm2021': (11, 11), 'complete2021': (97, 60), 'fin_aid1920': (160, 160),
                   'offerings2021': (62, 62), 'staff2021': (16, 1)}, DROPPED
assert SUBSET == {'staff2021': 63625} and sum(LATIN1.values()) == 45, (SUBSET, LATIN1)
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
# spot checks against the package's data (R/data.R row counts: dir_info2021 6129, adm2021 1981,
# complete2021 15980, fin_aid1920 5859, offerings2021 6179, staff2021 63625 before the cuts)
assert one("SELECT APPLCN FROM adm2021 JOIN dir_info2021 USING (INSTITUTION_ID) "
           "WHERE INSTITUTION = 'Harvard University'") == 57786
assert one("SELECT COUNT(*) FROM dir_info2021 WHERE HBCU = 1") == 101
assert one("SELECT COUNT(*) FROM dir_info2021 "
           "WHERE INSTITUTION = 'Colegio de Cinematografía Artes y Television'") == 1
assert one("SELECT COUNT(*) FROM staff2021 WHERE STAFF_CAT = 1 AND TOTAL <> TOTAL_M + TOTAL_W") == 0
db.execute('VACUUM')
db.close()
