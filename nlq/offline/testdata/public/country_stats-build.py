# Builds country_stats.db, a country-by-year panel, from four repositories of the Frictionless
# "datasets" organisation on GitHub (all published under the Open Data Commons Public Domain
# Dedication and License v1.0, PDDL; see country_stats.LICENSE):
#   github.com/datasets/country-codes         commit caa72d1e0e5af8876c170bb36a9e4d64a01bba88
#       (2026-05-15; data/country-codes.csv last changed in that same commit)
#   github.com/datasets/population            commit 425fc447a53a26c767a15a7de60c4cc2478a0595
#       (2026-03-06; data/population.csv last changed in that same commit)
#   github.com/datasets/gdp                   commit 822019c80142c162e4ca4eb1a63699ae36075078
#       (2026-03-20; data/gdp.csv last changed in 1cdcd2eb2364edd9da24bcbe134c1a9e0fb4c693, 2024-10-21)
#   github.com/datasets/co2-fossil-by-nation  commit 8545c9bec352c31960bf9340a38fce81cd44a8df
#       (2024-12-06; data/fossil-fuel-co2-emissions-by-nation.csv last changed in
#        fdb9f6bc5cbacff6489dd52a038e793aa16fe2d5, 2024-10-14)
# (datasets/life-expectancy and datasets/gdp-per-capita have no snapshot here; datasets/co2-fossil-global
# was looked at and left out: it now carries Global Carbon Project figures in other units.)
#
# Tables (one per source CSV, named after the file, hyphens as underscores; the CSV headers turned
# into lower-case snake_case: every run of spaces/hyphens/brackets becomes one underscore, e.g.
# 'ISO3166-1-Alpha-3' -> iso3166_1_alpha_3, 'Small Island Developing States (SIDS)' ->
# small_island_developing_states_sids, 'Country Code' -> country_code, 'Bunker fuels (Not in Total)'
# -> bunker_fuels_not_in_total; headers already snake_case such as official_name_en are unchanged):
#   country_codes (249 rows, all 56 columns of data/country-codes.csv in the source's order):
#       PRIMARY KEY iso3166_1_alpha_3 ('USA'); iso3166_1_alpha_2, iso3166_1_numeric, m49, the UN
#       M49 geography (region_name 'Europe', sub_region_name 'Western Europe',
#       intermediate_region_name, with their numeric *_code), continent as a two-letter geonames
#       code (AF, AN, AS, EU, NA = North America, OC, SA), capital, languages (comma list of
#       locale codes), tld, dial, iso4217 currency columns, the UN development groups
#       (least_developed_countries_ldc, land_locked_developing_countries_lldc,
#       small_island_developing_states_sids: 'x' or NULL, as in the source), is_independent
#       ('Yes', 'Territory of GB', 'Part of FR', ...), official names in six languages, UNTERM
#       names, cldr_display_name, and other code systems (fifa, ioc, itu, fips, marc, wmo, ds,
#       gaul, edgar, geoname_id, wikidata_id).
#   population (country_code, year) -> value = total population (World Bank SP.POP.TOTL),
#       with country_name as the source writes it; country_code REFERENCES country_codes.
#   gdp (country_code, year) -> value = GDP in current US dollars (World Bank NY.GDP.MKTP.CD).
#   fossil_fuel_co2_emissions_by_nation (year, country) -> total, solid_fuel, liquid_fuel,
#       gas_fuel, cement, gas_flaring, bunker_fuels_not_in_total in THOUSAND metric tons of
#       CARBON (not CO2; the datapackage says "million", the CDIAC figures are thousands),
#       per_capita in metric tons of carbon per person (from 1950 only). CDIAC names the
#       countries in capitals ('UNITED STATES OF AMERICA', 'FRANCE (INCLUDING MONACO)', 'USSR').
#       ONE COLUMN IS ADDED by this script: country_code, the ISO alpha-3 code of the country
#       (REFERENCES country_codes), found by matching the CDIAC name to the upper-cased
#       ISO4217-currency_country_name / official_name_en / CLDR display name of country_codes,
#       or by the hand list NAME_FIX below; it is NULL for the former or merged entities
#       (USSR, CZECHOSLOVAKIA, YUGOSLAVIA..., FEDERAL REPUBLIC OF GERMANY, FORMER GERMAN
#       DEMOCRATIC REPUBLIC, EAST & WEST PAKISTAN, FRENCH INDO-CHINA, ...), KOSOVO (no ISO code)
#       and the two pseudo-nations ANTARCTIC FISHERIES and KUWAITI OIL FIRES.
#
# Changed / left out:
#   - population and gdp: the World Bank aggregates are DROPPED (48 codes such as WLD 'World',
#     EUU 'European Union', EMU 'Euro area', HIC 'High income', SSF 'Sub-Saharan Africa', OED
#     'OECD members', IDA/IBRD groups, demographic-dividend groups), and so are the two non-ISO
#     entities CHI 'Channel Islands' and XKX 'Kosovo': every row whose 'Country Code' is not an
#     ISO alpha-3 code in country_codes is left out, so that country_code can REFERENCE it.
#   - country_codes: empty fields and the source's lone no-break-space placeholders ('\xa0') are
#     NULL; values are trimmed ('Comorian Franc ', ' Willemstad'); pure-number code columns
#     (iso3166_1_numeric, m49, gaul, geoname_id, global_code, region_code, sub_region_code,
#     intermediate_region_code) are INTEGER; iso4217_currency_numeric_code keeps its leading zeros
#     as TEXT ('008'); dial ('1-684', '1-809,1-829,1-849') and iso4217_currency_minor_unit ('2,2')
#     stay TEXT. The repository's tmp/ files and scripts are not data and are left out.
#   - numbers otherwise as written; empty cells NULL. Nothing is subset.
#
# Usage: python3 country_stats-build.py <country-codes git dir> <population git dir> <gdp git dir>
#                                       <co2-fossil-by-nation git dir>
#        gzip -9 -n country_stats.db          (writes country_stats.db in the current dir)
import csv, io, os, re, sqlite3, subprocess, sys

OUT = 'country_stats.db'
SOURCES = [  # (argv position, commit, path)
    (1, 'caa72d1e0e5af8876c170bb36a9e4d64a01bba88', 'data/country-codes.csv'),
    (2, '425fc447a53a26c767a15a7de60c4cc2478a0595', 'data/population.csv'),
    (3, '822019c80142c162e4ca4eb1a63699ae36075078', 'data/gdp.csv'),
    (4, '8545c9bec352c31960bf9340a38fce81cd44a8df', 'data/fossil-fuel-co2-emissions-by-nation.csv'),
]


def read_csv(i):
    pos, commit, path = SOURCES[i]
    git = sys.argv[pos]
    text = subprocess.run(['git', '--git-dir=' + git, 'show', f'{commit}:{path}'],
                          check=True, capture_output=True).stdout.decode('utf-8')
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], rows[1:]


def snake(h):
    return re.sub(r'[^0-9a-z]+', '_', h.lower()).strip('_')


# CDIAC names that the automatic match misses, for entities that are one ISO country.
NAME_FIX = {
    'BONAIRE, SAINT EUSTATIUS, AND SABA': 'BES',
    'BOSNIA & HERZEGOVINA': 'BIH',
    'BRUNEI (DARUSSALAM)': 'BRN',
    'CHINA (MAINLAND)': 'CHN',
    'COTE D IVOIRE': 'CIV',
    'CURACAO': 'CUW',
    'CZECH REPUBLIC': 'CZE',
    'DEMOCRATIC PEOPLE S REPUBLIC OF KOREA': 'PRK',
    'DEMOCRATIC REPUBLIC OF THE CONGO (FORMERLY ZAIRE)': 'COD',
    'FAEROE ISLANDS': 'FRO',
    'FALKLAND ISLANDS (MALVINAS)': 'FLK',
    'FEDERATED STATES OF MICRONESIA': 'FSM',
    'FRANCE (INCLUDING MONACO)': 'FRA',
    'GUINEA BISSAU': 'GNB',
    'HONG KONG SPECIAL ADMINSTRATIVE REGION OF CHINA': 'HKG',
    'ISLAMIC REPUBLIC OF IRAN': 'IRN',
    'ITALY (INCLUDING SAN MARINO)': 'ITA',
    'JAPAN (EXCLUDING THE RUYUKU ISLANDS)': 'JPN',  # 1868-1949; 'JAPAN' from 1950
    'LAO PEOPLE S DEMOCRATIC REPUBLIC': 'LAO',
    'LIBYAN ARAB JAMAHIRIYAH': 'LBY',
    'MACAU SPECIAL ADMINSTRATIVE REGION OF CHINA': 'MAC',
    'MACEDONIA': 'MKD',
    'MYANMAR (FORMERLY BURMA)': 'MMR',
    'OCCUPIED PALESTINIAN TERRITORY': 'PSE',
    'PLURINATIONAL STATE OF BOLIVIA': 'BOL',
    'REPUBLIC OF CAMEROON': 'CMR',
    'REPUBLIC OF SOUTH SUDAN': 'SSD',
    'REPUBLIC OF SUDAN': 'SDN',  # 2012-2020; 'SUDAN' up to 2011
    'REUNION': 'REU',
    'SAINT MARTIN (DUTCH PORTION)': 'SXM',
    'SAO TOME & PRINCIPE': 'STP',
    'ST. KITTS-NEVIS': 'KNA',
    'ST. VINCENT & THE GRENADINES': 'VCT',
    'SWAZILAND': 'SWZ',
    'TIMOR-LESTE (FORMERLY EAST TIMOR)': 'TLS',
    'TURKEY': 'TUR',
    'UNITED KINGDOM': 'GBR',
}

CC_INT = {'iso3166_1_numeric', 'm49', 'gaul', 'geoname_id', 'global_code', 'region_code',
          'sub_region_code', 'intermediate_region_code'}

if os.path.exists(OUT):
    os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')

# ---- country_codes
head, rows = read_csv(0)
cols = [snake(h) for h in head]
assert len(set(cols)) == len(cols) == 56, cols
defs = []
for c in cols:
    t = 'INTEGER' if c in CC_INT else 'TEXT'
    if c == 'iso3166_1_alpha_3':
        defs.append(f'  {c} TEXT NOT NULL PRIMARY KEY')
    else:
        defs.append(f'  {c} {t}')
db.execute('CREATE TABLE country_codes (\n' + ',\n'.join(defs) + '\n)')
data = []
for r in rows:
    assert len(r) == len(cols), r
    out = []
    for c, v in zip(cols, r):
        v = v.strip()  # also strips the '\xa0' placeholders
        if v == '':
            out.append(None)
        elif c in CC_INT:
            out.append(int(v))
        else:
            out.append(v)
    data.append(out)
data.sort(key=lambda r: r[cols.index('iso3166_1_alpha_3')])
db.executemany(f'INSERT INTO country_codes VALUES ({",".join("?" * len(cols))})', data)
iso3 = {r[cols.index('iso3166_1_alpha_3')] for r in data}
by_name = {}
for key in ('iso4217_currency_country_name', 'official_name_en', 'cldr_display_name'):
    for r in data:
        v = r[cols.index(key)]
        if v:
            by_name.setdefault(v.upper(), r[cols.index('iso3166_1_alpha_3')])

# ---- population and gdp (same layout: Country Name, Country Code, Year, Value)
dropped = {}
for i, table, vtype, conv in [(1, 'population', 'INTEGER', int), (2, 'gdp', 'REAL', float)]:
    head, rows = read_csv(i)
    assert head == ['Country Name', 'Country Code', 'Year', 'Value'], head
    db.execute(f'''CREATE TABLE {table} (
  country_name TEXT NOT NULL,
  country_code TEXT NOT NULL REFERENCES country_codes (iso3166_1_alpha_3),
  year         INTEGER NOT NULL,
  value        {vtype},
  PRIMARY KEY (country_code, year)
)''')
    data = []
    for name, code, year, value in rows:
        if code not in iso3:
            dropped.setdefault(table, set()).add(code)
            continue
        data.append((name, code, int(year), conv(value) if value.strip() else None))
    data.sort(key=lambda r: (r[1], r[2]))
    db.executemany(f'INSERT INTO {table} VALUES (?, ?, ?, ?)', data)

# ---- fossil_fuel_co2_emissions_by_nation
head, rows = read_csv(3)
cols = [snake(h) for h in head]
assert cols == ['year', 'country', 'total', 'solid_fuel', 'liquid_fuel', 'gas_fuel', 'cement',
                'gas_flaring', 'per_capita', 'bunker_fuels_not_in_total'], cols
db.execute('''CREATE TABLE fossil_fuel_co2_emissions_by_nation (
  year                      INTEGER NOT NULL,
  country                   TEXT NOT NULL,
  total                     INTEGER,
  solid_fuel                INTEGER,
  liquid_fuel               INTEGER,
  gas_fuel                  INTEGER,
  cement                    INTEGER,
  gas_flaring               INTEGER,
  per_capita                REAL,
  bunker_fuels_not_in_total INTEGER,
  country_code              TEXT REFERENCES country_codes (iso3166_1_alpha_3),
  PRIMARY KEY (year, country)
)''')
data = []
for r in rows:
    out = [int(r[0]), r[1]]
    for c, v in zip(cols[2:], r[2:]):
        out.append(None if v.strip() == '' else (float(v) if c == 'per_capita' else int(v)))
    code = NAME_FIX.get(r[1]) or by_name.get(r[1])
    assert code is None or code in iso3, (r[1], code)
    out.append(code)
    data.append(out)
data.sort(key=lambda r: (r[0], r[1]))
seen = set()
for r in data:  # a country code must not cover two CDIAC names in one year
    if r[-1]:
        assert (r[-1], r[0]) not in seen, r
        seen.add((r[-1], r[0]))
db.executemany(f'INSERT INTO fossil_fuel_co2_emissions_by_nation VALUES ({",".join("?" * 11)})', data)

db.commit()
for t in ['country_codes', 'population', 'gdp', 'fossil_fuel_co2_emissions_by_nation']:
    print(t, db.execute(f'SELECT COUNT(*) FROM {t}').fetchone()[0])
print('dropped codes:', {t: len(v) for t, v in dropped.items()})
print('co2 rows without country_code:',
      db.execute('SELECT COUNT(*) FROM fossil_fuel_co2_emissions_by_nation WHERE country_code IS NULL').fetchone()[0])
fk = db.execute('PRAGMA foreign_key_check').fetchall()
print('foreign key violations:', fk[:5])
assert not fk
db.execute('VACUUM')
db.close()
