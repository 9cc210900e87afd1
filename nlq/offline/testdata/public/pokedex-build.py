# Builds pokedex.db from github.com/PokeAPI/pokeapi, folder data/v2/csv (commit
# bbef3d99ddfa8277f726414c89b471267aef8a8e, 2026-08-22; data/v2/csv last changed in
# b82e1e31e1dc6ed949083e0dc7cbc978ac215779, 2026-08-18, "Add FRLG Trade Encounters (#1638)").
# License: BSD 3-clause (root LICENSE.md, "Copyright (c) 2013-2023 Paul Hallett and PokeAPI
# contributors"; "Pokemon and Pokemon character names are trademarks of Nintendo").
#
# The CSVs are PokeAPI's continuation of veekun's pokedex data (github.com/veekun/pokedex), and
# keep veekun's naming convention: snake_case plural tables, `id` + `identifier` (a lower-case
# slug such as 'mr-mime', 'special-attack', 'water1') on every entity, link tables named
# pokemon_<thing>, and the display names in separate *_names / *_prose tables keyed by the
# entity id and local_language_id (languages.id; 9 = English). Every table and column here is
# the CSV's own, in the CSV's order; nothing is renamed or computed.
#
# Tables (32, more than a minimal core because the small lookup tables (colors, habitats,
# shapes, growth rates, damage classes, triggers, regions) are kept so that the keys of
# pokemon_species, moves and pokemon_evolution resolve), each from data/v2/csv/<table>.csv:
#   languages, regions, generations, generation_names,
#   pokemon_species (one row per species: generation_id, evolves_from_species_id,
#     evolution_chain_id, color_id, shape_id, habitat_id, gender_rate in eighths female (-1 =
#     genderless), capture_rate, base_happiness, is_baby, hatch_counter, growth_rate_id,
#     is_legendary, is_mythical, order, ...), pokemon_species_names (name, genus),
#   pokemon (one row per variety/form with its own stats: species_id, height in decimetres,
#     weight in hectograms, base_experience, order, is_default; ids 10001+ are alternate forms
#     such as megas, regional forms and Gigantamax), pokemon_types (slot 1/2),
#     pokemon_stats (base_stat, effort), stats, pokemon_abilities (is_hidden, slot),
#     abilities, ability_names,
#   types, type_names, type_efficacy (damage_factor in percent: 0, 50, 100, 200),
#   moves (generation_id, type_id, power, pp, accuracy, priority, target_id, damage_class_id,
#     effect_id, effect_chance, contest_*), move_names, move_damage_classes,
#   items (category_id, cost, fling_power, fling_effect_id), item_names, item_categories,
#   egg_groups, egg_group_prose (the English egg-group names, e.g. 'Field' for identifier
#     'ground', 'Amorphous' for 'indeterminate'), pokemon_egg_groups,
#   evolution_chains, pokemon_evolution (one row per way a species evolves: evolved_species_id,
#     evolution_trigger_id, minimum_level, trigger_item_id, held_item_id, time_of_day, ...),
#     evolution_triggers,
#   pokemon_colors, pokemon_habitats, pokemon_shapes, growth_rates.
#
# Subsets and left out:
#  - The *_names / *_prose tables keep only the English rows (local_language_id = 9);
#    languages keeps all its rows.
#  - Left out (too big, or not part of this core): pokemon_moves (absent from the snapshot),
#    every flavor-text table, encounters and locations, game indices, pokemon_forms and the
#    form names, versions and version_groups, natures, berries, move meta/effects/targets/
#    flags, item prose/flags/pockets/prices, the names tables of stats, colors, habitats,
#    shapes, damage classes, item categories and regions (their identifiers are English
#    slugs), the *_past tables, dex numbers, conquest, contest and pokeathlon data.
#  - Columns that point at a left-out table are kept as plain integers without REFERENCES:
#    moves.target_id, effect_id, contest_type_id, contest_effect_id,
#    super_contest_effect_id; items.fling_effect_id; item_categories.pocket_id;
#    pokemon_evolution.version_group_id, location_id, gender_id.
#
# Values: empty CSV fields are NULL (e.g. moves.power / accuracy of status moves,
# pokemon_species.habitat_id after generation 3, pokemon_evolution.time_of_day); flags are
# INTEGER 0/1; text as written. There are no dates in this data.
#
# Keys: primary keys are `id` for entity tables and, for link and names tables, the composite
# keys veekun's schema declares (pokemon_types / pokemon_abilities: pokemon_id + slot;
# pokemon_stats: pokemon_id + stat_id; pokemon_egg_groups: species_id + egg_group_id;
# type_efficacy: damage_type_id + target_type_id; *_names / *_prose: <entity>_id +
# local_language_id). REFERENCES follow the foreign keys of veekun's schema and PokeAPI's
# Django models (pokemon_v2/models.py) where the target table is kept. The script checks that
# every key is unique and PRAGMA foreign_key_check is clean.
#
# Run (in this folder):
#   python3 pokedex-build.py <pokeapi git dir> && gzip -9 -n -c pokedex.db > pokedex.db.gz
import csv, io, os, sqlite3, subprocess, sys

COMMIT = 'bbef3d99ddfa8277f726414c89b471267aef8a8e'
OUT = 'pokedex.db'
ENGLISH = 9

# table -> column definitions (name, type, extra), in the CSV's column order, then table
# constraints. Types: I = INTEGER, T = TEXT.
TABLES = [
    ('languages', [
        ('id', 'I', 'PRIMARY KEY'), ('iso639', 'T', ''), ('iso3166', 'T', ''),
        ('identifier', 'T', ''), ('official', 'I', ''), ('order', 'I', '')], []),
    ('regions', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', '')], []),
    ('generations', [
        ('id', 'I', 'PRIMARY KEY'), ('main_region_id', 'I', 'REFERENCES regions(id)'),
        ('identifier', 'T', '')], []),
    ('generation_names', [
        ('generation_id', 'I', 'REFERENCES generations(id)'),
        ('local_language_id', 'I', 'REFERENCES languages(id)'), ('name', 'T', '')],
     ['PRIMARY KEY (generation_id, local_language_id)']),
    ('pokemon_colors', [('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', '')], []),
    ('pokemon_habitats', [('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', '')], []),
    ('pokemon_shapes', [('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', '')], []),
    ('growth_rates', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', ''), ('formula', 'T', '')], []),
    ('move_damage_classes', [('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', '')], []),
    ('types', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', ''),
        ('generation_id', 'I', 'REFERENCES generations(id)'),
        ('damage_class_id', 'I', 'REFERENCES move_damage_classes(id)')], []),
    ('type_names', [
        ('type_id', 'I', 'REFERENCES types(id)'),
        ('local_language_id', 'I', 'REFERENCES languages(id)'), ('name', 'T', '')],
     ['PRIMARY KEY (type_id, local_language_id)']),
    ('type_efficacy', [
        ('damage_type_id', 'I', 'REFERENCES types(id)'),
        ('target_type_id', 'I', 'REFERENCES types(id)'), ('damage_factor', 'I', '')],
     ['PRIMARY KEY (damage_type_id, target_type_id)']),
    ('stats', [
        ('id', 'I', 'PRIMARY KEY'),
        ('damage_class_id', 'I', 'REFERENCES move_damage_classes(id)'),
        ('identifier', 'T', ''), ('is_battle_only', 'I', ''), ('game_index', 'I', '')], []),
    ('item_categories', [
        ('id', 'I', 'PRIMARY KEY'), ('pocket_id', 'I', ''), ('identifier', 'T', '')], []),
    ('items', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', ''),
        ('category_id', 'I', 'REFERENCES item_categories(id)'), ('cost', 'I', ''),
        ('fling_power', 'I', ''), ('fling_effect_id', 'I', '')], []),
    ('item_names', [
        ('item_id', 'I', 'REFERENCES items(id)'),
        ('local_language_id', 'I', 'REFERENCES languages(id)'), ('name', 'T', '')],
     ['PRIMARY KEY (item_id, local_language_id)']),
    ('evolution_chains', [
        ('id', 'I', 'PRIMARY KEY'), ('baby_trigger_item_id', 'I', 'REFERENCES items(id)')], []),
    ('evolution_triggers', [('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', '')], []),
    ('pokemon_species', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', ''),
        ('generation_id', 'I', 'REFERENCES generations(id)'),
        ('evolves_from_species_id', 'I', 'REFERENCES pokemon_species(id)'),
        ('evolution_chain_id', 'I', 'REFERENCES evolution_chains(id)'),
        ('color_id', 'I', 'REFERENCES pokemon_colors(id)'),
        ('shape_id', 'I', 'REFERENCES pokemon_shapes(id)'),
        ('habitat_id', 'I', 'REFERENCES pokemon_habitats(id)'),
        ('gender_rate', 'I', ''), ('capture_rate', 'I', ''), ('base_happiness', 'I', ''),
        ('is_baby', 'I', ''), ('hatch_counter', 'I', ''), ('has_gender_differences', 'I', ''),
        ('growth_rate_id', 'I', 'REFERENCES growth_rates(id)'), ('forms_switchable', 'I', ''),
        ('is_legendary', 'I', ''), ('is_mythical', 'I', ''), ('order', 'I', ''),
        ('conquest_order', 'I', '')], []),
    ('pokemon_species_names', [
        ('pokemon_species_id', 'I', 'REFERENCES pokemon_species(id)'),
        ('local_language_id', 'I', 'REFERENCES languages(id)'), ('name', 'T', ''),
        ('genus', 'T', '')],
     ['PRIMARY KEY (pokemon_species_id, local_language_id)']),
    ('egg_groups', [('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', '')], []),
    ('egg_group_prose', [
        ('egg_group_id', 'I', 'REFERENCES egg_groups(id)'),
        ('local_language_id', 'I', 'REFERENCES languages(id)'), ('name', 'T', '')],
     ['PRIMARY KEY (egg_group_id, local_language_id)']),
    ('pokemon_egg_groups', [
        ('species_id', 'I', 'REFERENCES pokemon_species(id)'),
        ('egg_group_id', 'I', 'REFERENCES egg_groups(id)')],
     ['PRIMARY KEY (species_id, egg_group_id)']),
    ('pokemon', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', ''),
        ('species_id', 'I', 'REFERENCES pokemon_species(id)'), ('height', 'I', ''),
        ('weight', 'I', ''), ('base_experience', 'I', ''), ('order', 'I', ''),
        ('is_default', 'I', '')], []),
    ('pokemon_types', [
        ('pokemon_id', 'I', 'REFERENCES pokemon(id)'), ('type_id', 'I', 'REFERENCES types(id)'),
        ('slot', 'I', '')],
     ['PRIMARY KEY (pokemon_id, slot)']),
    ('pokemon_stats', [
        ('pokemon_id', 'I', 'REFERENCES pokemon(id)'), ('stat_id', 'I', 'REFERENCES stats(id)'),
        ('base_stat', 'I', ''), ('effort', 'I', '')],
     ['PRIMARY KEY (pokemon_id, stat_id)']),
    ('abilities', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', ''),
        ('generation_id', 'I', 'REFERENCES generations(id)'), ('is_main_series', 'I', '')], []),
    ('ability_names', [
        ('ability_id', 'I', 'REFERENCES abilities(id)'),
        ('local_language_id', 'I', 'REFERENCES languages(id)'), ('name', 'T', '')],
     ['PRIMARY KEY (ability_id, local_language_id)']),
    ('pokemon_abilities', [
        ('pokemon_id', 'I', 'REFERENCES pokemon(id)'),
        ('ability_id', 'I', 'REFERENCES abilities(id)'), ('is_hidden', 'I', ''), ('slot', 'I', '')],
     ['PRIMARY KEY (pokemon_id, slot)']),
    ('moves', [
        ('id', 'I', 'PRIMARY KEY'), ('identifier', 'T', ''),
        ('generation_id', 'I', 'REFERENCES generations(id)'),
        ('type_id', 'I', 'REFERENCES types(id)'), ('power', 'I', ''), ('pp', 'I', ''),
        ('accuracy', 'I', ''), ('priority', 'I', ''), ('target_id', 'I', ''),
        ('damage_class_id', 'I', 'REFERENCES move_damage_classes(id)'), ('effect_id', 'I', ''),
        ('effect_chance', 'I', ''), ('contest_type_id', 'I', ''), ('contest_effect_id', 'I', ''),
        ('super_contest_effect_id', 'I', '')], []),
    ('move_names', [
        ('move_id', 'I', 'REFERENCES moves(id)'),
        ('local_language_id', 'I', 'REFERENCES languages(id)'), ('name', 'T', '')],
     ['PRIMARY KEY (move_id, local_language_id)']),
    ('pokemon_evolution', [
        ('id', 'I', 'PRIMARY KEY'),
        ('evolved_species_id', 'I', 'REFERENCES pokemon_species(id)'),
        ('evolution_trigger_id', 'I', 'REFERENCES evolution_triggers(id)'),
        ('version_group_id', 'I', ''), ('is_default', 'I', ''),
        ('trigger_item_id', 'I', 'REFERENCES items(id)'), ('minimum_level', 'I', ''),
        ('gender_id', 'I', ''), ('location_id', 'I', ''),
        ('held_item_id', 'I', 'REFERENCES items(id)'), ('time_of_day', 'T', ''),
        ('known_move_id', 'I', 'REFERENCES moves(id)'),
        ('known_move_type_id', 'I', 'REFERENCES types(id)'), ('minimum_happiness', 'I', ''),
        ('minimum_beauty', 'I', ''), ('minimum_affection', 'I', ''),
        ('relative_physical_stats', 'I', ''),
        ('party_species_id', 'I', 'REFERENCES pokemon_species(id)'),
        ('party_type_id', 'I', 'REFERENCES types(id)'),
        ('trade_species_id', 'I', 'REFERENCES pokemon_species(id)'),
        ('needs_overworld_rain', 'I', ''), ('turn_upside_down', 'I', ''),
        ('needs_multiplayer', 'I', ''), ('near_special_rock', 'I', ''),
        ('region_id', 'I', 'REFERENCES regions(id)'),
        ('base_form_id', 'I', 'REFERENCES pokemon(id)'),
        ('evolved_form_id', 'I', 'REFERENCES pokemon(id)'),
        ('used_move_id', 'I', 'REFERENCES moves(id)'), ('minimum_move_count', 'I', ''),
        ('minimum_steps', 'I', ''), ('minimum_damage_taken', 'I', '')], []),
]

TYPES = {'I': 'INTEGER', 'T': 'TEXT'}


def show(git, path):
    return subprocess.run(['git', '--git-dir', git, 'show', f'{COMMIT}:{path}'],
                          check=True, capture_output=True).stdout.decode('utf-8')


def quote(name):
    return f'"{name}"' if name == 'order' else name


def main():
    git = sys.argv[1]
    if os.path.exists(OUT):
        os.remove(OUT)
    con = sqlite3.connect(OUT)
    con.execute('PRAGMA foreign_keys = OFF')
    for table, cols, constraints in TABLES:
        defs = [' '.join(filter(None, (quote(n), TYPES[t], x))) for n, t, x in cols]
        body = ',\n  '.join(defs + constraints)
        con.execute(f'CREATE TABLE {table} (\n  {body}\n)')
        text = show(git, f'data/v2/csv/{table}.csv')
        reader = csv.reader(io.StringIO(text, newline=''))
        header = next(reader)
        if header != [n for n, _, _ in cols]:
            raise SystemExit(f'{table}: CSV header {header} differs from the schema')
        names = table.endswith(('_names', '_prose'))
        rows = []
        for r in reader:
            if not r:
                continue
            row = []
            for v, (n, t, _) in zip(r, cols):
                if v == '':
                    v = None
                elif t == 'I':
                    v = int(v)
                row.append(v)
            if names and row[1] != ENGLISH:
                continue
            rows.append(row)
        marks = ', '.join('?' * len(cols))
        con.executemany(f'INSERT INTO {table} VALUES ({marks})', rows)
    con.commit()
    bad = con.execute('PRAGMA foreign_key_check').fetchall()
    if bad:
        raise SystemExit(f'foreign key check failed: {bad[:5]}')
    con.execute('VACUUM')
    con.close()


if __name__ == '__main__':
    main()
