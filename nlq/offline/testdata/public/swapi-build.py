# Builds swapi.db from github.com/phalt/swapi, folder resources/fixtures (commit
# db826e26650c7a050b4074ba651242ed2a0b2f1b, 2020-04-09; the fixtures last changed in
# 0fd8e26cf731ebd0a91ce3041ad1713ef00e220f, 2017-04-19, a merge).
# License: BSD 3-clause (root LICENCE, "Copyright (c) 2015, Paul Hallett").
#
# SWAPI, the Star Wars API, is a Django project whose own database is SQLite (swapi/settings.py)
# and whose data ships as Django fixtures (`manage.py dumpdata` output, one JSON file per model:
# a list of {"model": "resources.<model>", "pk": ..., "fields": {...}}). This script builds the
# tables that `manage.py migrate` + `make load_data` create for the app `resources`, under
# Django's own names: table `resources_<model>`, a ForeignKey column `<field>_id`, a
# ManyToManyField as a link table `resources_<model>_<field>` (id, `<model>_id`,
# `<target model>_id`), and multi-table inheritance for Starship and Vehicle, whose rows share
# the primary key of their parent `resources_transport` row (`transport_ptr_id`), which holds the
# name, model, manufacturer, cost and sizes. Field names are the models' (resources/models.py).
#
# Tables (15):
#   resources_planet    (planets.json)   id, created, edited, name, rotation_period,
#                       orbital_period, diameter, climate, gravity, terrain, surface_water,
#                       population
#   resources_people    (people.json)    id, created, edited, name, height, mass, hair_color,
#                       skin_color, eye_color, birth_year, gender, homeworld_id -> planet
#   resources_transport (transport.json) id, created, edited, name, model, manufacturer,
#                       cost_in_credits, length, max_atmosphering_speed, crew, passengers,
#                       cargo_capacity, consumables
#   resources_starship  (starships.json) transport_ptr_id -> transport, hyperdrive_rating, MGLT,
#                       starship_class
#   resources_vehicle   (vehicles.json)  transport_ptr_id -> transport, vehicle_class
#   resources_species   (species.json)   id, created, edited, name, classification, designation,
#                       average_height, skin_colors, hair_colors, eye_colors, average_lifespan,
#                       homeworld_id -> planet (NULL once), language
#   resources_film      (films.json)     id, created, edited, title, episode_id, opening_crawl,
#                       director, producer, release_date
#   link tables (id, then the two keys, UNIQUE together), from the JSON lists:
#   resources_species_people  (species.people)     species_id, people_id
#   resources_starship_pilots (starships.pilots)   starship_id, people_id
#   resources_vehicle_pilots  (vehicles.pilots)    vehicle_id, people_id
#   resources_film_characters (films.characters)   film_id, people_id
#   resources_film_planets    (films.planets)      film_id, planet_id
#   resources_film_starships  (films.starships)    film_id, starship_id
#   resources_film_vehicles   (films.vehicles)     film_id, vehicle_id
#   resources_film_species    (films.species)      film_id, species_id
#   Link rows are numbered 1.. in the order of the owner's pk, then the list's order.
#
# Values: every CharField is varchar text exactly as the fixture has it, so numbers stay text
# with the source's commas ('1,358', '47,060') and its placeholders ('unknown', 'n/a', 'none',
# 'N/A', 'indefinite'), birth years as '19BBY', and lists as comma-separated text
# ('desert', 'grasslands, mountains'); nothing is cleaned or converted. `episode_id` is an
# integer, `release_date` an ISO date; `created`/`edited` (UTC, Django's auto timestamps of
# December 2014) are written 'YYYY-MM-DD HH:MM:SS.fff' from the fixture's '...T...Z' (one
# stamp without milliseconds gets '.000').
# The only missing value is one species' homeworld (NULL). Nothing is subset or left out except
# Django's own tables (auth, admin, sessions, ...) and the empty `resources_editablemodel`.
# The script checks that PRAGMA foreign_key_check is clean.
#
# Run (in this folder):
#   python3 swapi-build.py <swapi git dir> && gzip -9 -n -c swapi.db > swapi.db.gz
import json, os, sqlite3, subprocess, sys

COMMIT = 'db826e26650c7a050b4074ba651242ed2a0b2f1b'
OUT = 'swapi.db'
FIX = 'resources/fixtures/'

STAMPS = [('created', 'datetime NOT NULL'), ('edited', 'datetime NOT NULL')]


def v(n):
    return f'varchar({n}) NOT NULL'


# table -> (fixture file, model label, columns [(name, type)], where a column's value comes from
# the fixture field of the same name, `<field>_id` from `<field>`, and the pk from "pk")
TABLES = [
    ('resources_planet', 'planets', 'resources.planet', [
        ('id', 'integer NOT NULL PRIMARY KEY')] + STAMPS + [
        ('name', v(100)), ('rotation_period', v(40)), ('orbital_period', v(40)),
        ('diameter', v(40)), ('climate', v(40)), ('gravity', v(40)), ('terrain', v(40)),
        ('surface_water', v(40)), ('population', v(40))]),
    ('resources_people', 'people', 'resources.people', [
        ('id', 'integer NOT NULL PRIMARY KEY')] + STAMPS + [
        ('name', v(100)), ('height', v(10)), ('mass', v(10)), ('hair_color', v(20)),
        ('skin_color', v(20)), ('eye_color', v(20)), ('birth_year', v(10)), ('gender', v(40)),
        ('homeworld_id', 'integer NOT NULL REFERENCES resources_planet (id)')]),
    ('resources_transport', 'transport', 'resources.transport', [
        ('id', 'integer NOT NULL PRIMARY KEY')] + STAMPS + [
        ('name', v(40)), ('model', v(40)), ('manufacturer', v(80)),
        ('cost_in_credits', v(40)), ('length', v(40)), ('max_atmosphering_speed', v(40)),
        ('crew', v(40)), ('passengers', v(40)), ('cargo_capacity', v(40)),
        ('consumables', v(40))]),
    ('resources_starship', 'starships', 'resources.starship', [
        ('transport_ptr_id', 'integer NOT NULL PRIMARY KEY REFERENCES resources_transport (id)'),
        ('hyperdrive_rating', v(40)), ('MGLT', v(40)), ('starship_class', v(40))]),
    ('resources_vehicle', 'vehicles', 'resources.vehicle', [
        ('transport_ptr_id', 'integer NOT NULL PRIMARY KEY REFERENCES resources_transport (id)'),
        ('vehicle_class', v(40))]),
    ('resources_species', 'species', 'resources.species', [
        ('id', 'integer NOT NULL PRIMARY KEY')] + STAMPS + [
        ('name', v(40)), ('classification', v(40)), ('designation', v(40)),
        ('average_height', v(40)), ('skin_colors', v(200)), ('hair_colors', v(200)),
        ('eye_colors', v(200)), ('average_lifespan', v(40)),
        ('homeworld_id', 'integer NULL REFERENCES resources_planet (id)'),
        ('language', v(40))]),
    ('resources_film', 'films', 'resources.film', [
        ('id', 'integer NOT NULL PRIMARY KEY')] + STAMPS + [
        ('title', v(100)), ('episode_id', 'integer NOT NULL'), ('opening_crawl', 'text NOT NULL'),
        ('director', v(100)), ('producer', v(100)), ('release_date', 'date NOT NULL')]),
]

# link table -> (fixture file, list field, owner column, owner table (column), target column,
# target table (column))
LINKS = [
    ('resources_species_people', 'species', 'people',
     'species_id', 'resources_species (id)', 'people_id', 'resources_people (id)'),
    ('resources_starship_pilots', 'starships', 'pilots',
     'starship_id', 'resources_starship (transport_ptr_id)', 'people_id', 'resources_people (id)'),
    ('resources_vehicle_pilots', 'vehicles', 'pilots',
     'vehicle_id', 'resources_vehicle (transport_ptr_id)', 'people_id', 'resources_people (id)'),
    ('resources_film_characters', 'films', 'characters',
     'film_id', 'resources_film (id)', 'people_id', 'resources_people (id)'),
    ('resources_film_planets', 'films', 'planets',
     'film_id', 'resources_film (id)', 'planet_id', 'resources_planet (id)'),
    ('resources_film_starships', 'films', 'starships',
     'film_id', 'resources_film (id)', 'starship_id', 'resources_starship (transport_ptr_id)'),
    ('resources_film_vehicles', 'films', 'vehicles',
     'film_id', 'resources_film (id)', 'vehicle_id', 'resources_vehicle (transport_ptr_id)'),
    ('resources_film_species', 'films', 'species',
     'film_id', 'resources_film (id)', 'species_id', 'resources_species (id)'),
]


def show(git, path):
    return subprocess.run(['git', '--git-dir', git, 'show', f'{COMMIT}:{path}'],
                          check=True, capture_output=True).stdout.decode('utf-8')


def stamp(s):
    # '2014-12-10T14:23:31.880Z' -> '2014-12-10 14:23:31.880'; the one stamp written without
    # milliseconds ('2014-12-15T12:22:12Z') gets '.000'
    if len(s) == 20 and s[10] == 'T' and s.endswith('Z'):
        s = s[:19] + '.000Z'
    if not (len(s) == 24 and s[10] == 'T' and s[19] == '.' and s.endswith('Z')):
        raise SystemExit(f'unexpected timestamp {s!r}')
    return s[:10] + ' ' + s[11:23]


def value(col, typ, rec):
    f = rec['fields']
    if col in ('id', 'transport_ptr_id'):
        return rec['pk']
    key = col[:-3] if col.endswith('_id') and col not in f else col
    if key not in f:
        raise SystemExit(f'field {key} missing in {rec["model"]} {rec["pk"]}')
    x = f[key]
    if x is None or x == '':
        return None
    if typ.startswith('datetime'):
        return stamp(x)
    if typ.startswith('integer') and not isinstance(x, int):
        raise SystemExit(f'{col}: not an integer: {x!r}')
    if typ.startswith(('varchar', 'text', 'date')) and not isinstance(x, str):
        raise SystemExit(f'{col}: not text: {x!r}')
    return x


def main():
    git = sys.argv[1]
    if os.path.exists(OUT):
        os.remove(OUT)
    con = sqlite3.connect(OUT)
    con.execute('PRAGMA foreign_keys = OFF')
    data = {}
    for table, fname, label, cols in TABLES:
        recs = json.loads(show(git, FIX + fname + '.json'))
        if {r['model'] for r in recs} != {label}:
            raise SystemExit(f'{fname}: unexpected model labels')
        recs.sort(key=lambda r: r['pk'])
        data[fname] = recs
        known = {c[:-3] if c.endswith('_id') and c != 'episode_id' else c for c, _ in cols}
        lists = {k for r in recs for k, x in r['fields'].items() if isinstance(x, list)}
        extra = {k for r in recs for k in r['fields']} - known - lists
        if extra:
            raise SystemExit(f'{fname}: fields not in the schema: {extra}')
        body = ',\n  '.join(f'{c} {t}' for c, t in cols)
        con.execute(f'CREATE TABLE {table} (\n  {body}\n)')
        rows = [[value(c, t, r) for c, t in cols] for r in recs]
        con.executemany(f'INSERT INTO {table} VALUES ({", ".join("?" * len(cols))})', rows)
    for table, fname, field, ocol, oref, tcol, tref in LINKS:
        con.execute(f'CREATE TABLE {table} (\n'
                    f'  id integer NOT NULL PRIMARY KEY,\n'
                    f'  {ocol} integer NOT NULL REFERENCES {oref},\n'
                    f'  {tcol} integer NOT NULL REFERENCES {tref},\n'
                    f'  UNIQUE ({ocol}, {tcol})\n)')
        rows, n = [], 0
        for r in data[fname]:
            for t in r['fields'][field]:
                n += 1
                rows.append((n, r['pk'], t))
        con.executemany(f'INSERT INTO {table} VALUES (?, ?, ?)', rows)
    con.commit()
    bad = con.execute('PRAGMA foreign_key_check').fetchall()
    if bad:
        raise SystemExit(f'foreign key check failed: {bad[:5]}')
    con.execute('VACUUM')
    con.close()


if __name__ == '__main__':
    main()
