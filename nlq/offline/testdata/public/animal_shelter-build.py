#!/usr/bin/env python3
# Builds animal_shelter.db from the City of Austin's Austin Animal Center (AAC) shelter records,
# the "new system" intake and outcome exports (the city's shelter software changed on 2025-05-05;
# the old-system data sets, "Austin Animal Center Intakes/Outcomes (10/01/2013 to 05/05/2025)",
# wter-evkm and 9t4d-g238, stop there), as github.com/chienchien50425-alt/austin-animal-center
# keeps them unchanged in data/new_system_data/austin_animal_intakes.csv (14,132 rows) and
# data/new_system_data/austin_animal_outcomes.csv (13,068 rows), commit
# a1e4974c4576a5d7ab727ea2e4fc2b799f482387 (2026-07-02; the two files last changed in
# 6e7a27fcf16670a51d6e51ff353ca4cb9f967407, 2026-06-19, "refresh new-system data"; export
# timestamps 2026-06-19 00:16 UTC). Data: City of Austin Open Data Portal (data.austintexas.gov),
# public domain; see animal_shelter.LICENSE.
#
# Usage: animal_shelter-build.py [GIT_DIR_OR_CSV_DIR] [OUT.db]
#   GIT_DIR_OR_CSV_DIR: the bare mirror (read with git cat-file at the pinned commit), or a folder
#   holding austin_animal_intakes.csv and austin_animal_outcomes.csv.
#
# Names: the portal's own snake_case column names are kept unchanged (`source_date`,
# `source_name`, `name_at_intake`, `ispreviouslyspayedneutered`, `intake_health_condition`,
# `found_address`, `outcome_status`, `euthanasia_reason`, `spayed_neutered`, `days_in_shelter`,
# `type`, ...); tables are named in the same style (lower case, plural).
#
#   animal_types     (type TEXT PK: 'Cat', 'Kitten', 'Dog', 'Puppy', 'Mammal', 'Rabbit',
#                     'Guinea Pig', 'Bird', 'Bird (wildlife)', 'Reptile', 'Reptile (Wildlife)',
#                     'Fowl', 'Rodent', 'Marsupial', 'Crab/fish', 'Ferret', 'Sheep', 'Goat',
#                     'Insect / Arachnid', 'Zoo'; derived: every value of `type`)
#   intake_sources   (source_name TEXT PK: 'Stray', 'ACO - Impound', 'Community Animal -
#                     Program', 'Owner Surrender', 'Returns', ...; derived)
#   outcome_statuses (outcome_status TEXT PK: 'Adopted', 'Transfer Out', 'Reclaimed',
#                     'Euthanized', 'Unassisted Death', 'DOA', ...; derived)
#   animals          (animal_id INTEGER PK, the new system's animal number; type -> animal_types,
#                     sex 'Male'/'Female'/'Unknown' (NULL 19), primary_breed, primary_color,
#                     secondary_color (NULL when none), date_of_birth 'YYYY-MM-DD' (NULL when
#                     unknown); derived: every animal_id of either file. These six attributes
#                     are repeated on every source row and never differ between the rows of one
#                     animal, so they are stored once here and dropped from the event tables.)
#   intakes          (id INTEGER PK (the source's row id), source_date 'YYYY-MM-DD HH:MM:SS',
#                     animal_id -> animals, source_name -> intake_sources, name_at_intake (NULL
#                     when empty; 'Unknown' kept as written), ispreviouslyspayedneutered INTEGER
#                     0/1 (source 'False'/'True'), intake_health_condition (mostly NULL; 'Normal',
#                     'Injured', 'Sick', 'Dead', 'Neonate' and a few upper-case legacy codes
#                     'NEONATAL', 'MED ATTN', 'MEDICAL' as written), found_address (free text
#                     '<street>, AUSTIN, TX, <zip>, United States'; the placeholder 'TX, United
#                     States' kept; NULL when empty))
#   outcomes         (id INTEGER PK, outcome_date 'YYYY-MM-DD HH:MM:SS', animal_id -> animals,
#                     name, outcome_status -> outcome_statuses, euthanasia_reason (NULL unless
#                     euthanized), spayed_neutered 'Yes'/'yes'/'No'/'Unknown' as written (NULL 14),
#                     intake_date 'YYYY-MM-DD HH:MM:SS' (the source's date of the stay's intake;
#                     837 stays began before the new system, some years before), days_in_shelter
#                     INTEGER as published (see below), intake_id -> intakes (derived: the
#                     intake of the same animal whose source_date equals intake_date to the
#                     minute; NULL on 946 outcomes whose intake is not in the intake file; 5 intakes
#                     have two outcomes each))
#
# Conversions: empty -> NULL; timestamps '2026-06-18T17:45:00.000' -> '2026-06-18 17:45:00';
# date_of_birth (always midnight) -> 'YYYY-MM-DD'; the export column `timestamp` (the portal's load
# time, 2026-06-19 00:15-00:17 on every row) is left out. Nothing is subset: both files are kept
# whole. Quirk kept: `days_in_shelter` is not intake-to-outcome; on the portal it counts from
# intake_date to the export day (2026-06-19), e.g. 410 for an animal in and out on 2025-05-05.
import csv
import io
import os
import sqlite3
import subprocess
import sys

COMMIT = "a1e4974c4576a5d7ab727ea2e4fc2b799f482387"
IN_PATH = "data/new_system_data/austin_animal_intakes.csv"
OUT_PATH = "data/new_system_data/austin_animal_outcomes.csv"
DEFAULT_GIT = "/work/.mirror/chienchien50425-alt+austin-animal-center/repo"


def read_source(src, path):
    if os.path.isdir(src) and os.path.exists(os.path.join(src, os.path.basename(path))) \
            and not os.path.exists(os.path.join(src, "HEAD")):
        with open(os.path.join(src, os.path.basename(path)), "rb") as f:
            data = f.read()
    else:
        data = subprocess.run(["git", "--git-dir", src, "cat-file", "blob", f"{COMMIT}:{path}"],
                              check=True, capture_output=True).stdout
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))


def nz(v):
    return v if v != "" else None


def ts(v):
    if v == "":
        return None
    d, t = v.split("T")
    return d + " " + t[:8]


def dob(v):
    if v == "":
        return None
    assert v.endswith("T00:00:00.000"), v
    return v[:10]


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_GIT
    out = sys.argv[2] if len(sys.argv) > 2 else "animal_shelter.db"
    I = read_source(src, IN_PATH)
    O = read_source(src, OUT_PATH)
    assert len(I) == 14132 and len(O) == 13068, (len(I), len(O))

    animals = {}
    for r in I + O:
        a = (r["type"], nz(r["sex"]), r["primary_breed"], r["primary_color"],
             nz(r["secondary_color"]), dob(r["date_of_birth"]))
        aid = int(r["animal_id"])
        if aid in animals:
            assert animals[aid] == a, (aid, animals[aid], a)
        animals[aid] = a

    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.executescript("""
    PRAGMA foreign_keys = ON;
    CREATE TABLE animal_types (type TEXT PRIMARY KEY);
    CREATE TABLE intake_sources (source_name TEXT PRIMARY KEY);
    CREATE TABLE outcome_statuses (outcome_status TEXT PRIMARY KEY);
    CREATE TABLE animals (
      animal_id INTEGER PRIMARY KEY,
      type TEXT NOT NULL REFERENCES animal_types(type),
      sex TEXT,
      primary_breed TEXT NOT NULL,
      primary_color TEXT NOT NULL,
      secondary_color TEXT,
      date_of_birth TEXT
    );
    CREATE TABLE intakes (
      id INTEGER PRIMARY KEY,
      source_date TEXT NOT NULL,
      animal_id INTEGER NOT NULL REFERENCES animals(animal_id),
      source_name TEXT NOT NULL REFERENCES intake_sources(source_name),
      name_at_intake TEXT,
      ispreviouslyspayedneutered INTEGER NOT NULL,
      intake_health_condition TEXT,
      found_address TEXT
    );
    CREATE TABLE outcomes (
      id INTEGER PRIMARY KEY,
      outcome_date TEXT NOT NULL,
      animal_id INTEGER NOT NULL REFERENCES animals(animal_id),
      name TEXT,
      outcome_status TEXT NOT NULL REFERENCES outcome_statuses(outcome_status),
      euthanasia_reason TEXT,
      spayed_neutered TEXT,
      intake_date TEXT NOT NULL,
      days_in_shelter INTEGER NOT NULL,
      intake_id INTEGER REFERENCES intakes(id)
    );
    """)
    db.executemany("INSERT INTO animal_types VALUES (?)",
                   [(t,) for t in sorted(set(a[0] for a in animals.values()))])
    db.executemany("INSERT INTO intake_sources VALUES (?)",
                   [(t,) for t in sorted(set(r["source_name"] for r in I))])
    db.executemany("INSERT INTO outcome_statuses VALUES (?)",
                   [(t,) for t in sorted(set(r["outcome_status"] for r in O))])
    db.executemany("INSERT INTO animals VALUES (?,?,?,?,?,?,?)",
                   [(k,) + animals[k] for k in sorted(animals)])
    boolmap = {"True": 1, "False": 0}
    irows = []
    bykey = {}
    for r in sorted(I, key=lambda r: int(r["id"])):
        irows.append((int(r["id"]), ts(r["source_date"]), int(r["animal_id"]), r["source_name"],
                      nz(r["name_at_intake"]), boolmap[r["ispreviouslyspayedneutered"]],
                      nz(r["intake_health_condition"]), nz(r["found_address"])))
        bykey.setdefault((int(r["animal_id"]), ts(r["source_date"])[:16]), []).append(int(r["id"]))
    db.executemany("INSERT INTO intakes VALUES (?,?,?,?,?,?,?,?)", irows)
    orows = []
    for r in sorted(O, key=lambda r: int(r["id"])):
        cand = bykey.get((int(r["animal_id"]), ts(r["intake_date"])[:16]), [])
        intake_id = cand[0] if len(cand) == 1 else None
        orows.append((int(r["id"]), ts(r["outcome_date"]), int(r["animal_id"]), nz(r["name"]),
                      r["outcome_status"], nz(r["euthanasia_reason"]), nz(r["spayed_neutered"]),
                      ts(r["intake_date"]), int(r["days_in_shelter"]), intake_id))
    db.executemany("INSERT INTO outcomes VALUES (?,?,?,?,?,?,?,?,?,?)", orows)
    db.commit()
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.execute("VACUUM")
    db.close()
    print("wrote", out, "animals", len(animals), "intakes", len(irows), "outcomes", len(orows))


if __name__ == "__main__":
    main()
