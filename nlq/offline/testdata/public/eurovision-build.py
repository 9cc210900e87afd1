#!/usr/bin/python3
# Builds eurovision.db from github.com/josago97/EurovisionDataset ("Unofficial Eurovision Song
# Contest Dataset", by José Santos Garrido), MIT licence (LICENSE, copied into eurovision.LICENSE).
# The upstream data was scraped by the author from ESC Home (eschome.net), Eurovision World,
# Eurovision LOD, Logopedia and Ogaespain.
#
# WHAT IS IN IT: the JUNIOR Eurovision Song Contest only, 2003-2024 (22 editions, all finals).
# The repository's senior file dataset/eurovision.json is NOT in the stored snapshot (over the
# snapshot's 4 MiB file limit; its blob is absent at every commit), so the senior contest is not
# here. The database keeps the name `eurovision` it was commissioned under.
#
# Run with python3 (standard library only):
#   python3 eurovision-build.py <EurovisionDataset git dir> [<commit>] [<out.db>]
#   e.g. python3 eurovision-build.py /work/.mirror/josago97+EurovisionDataset/repo \
#        2c26a729c780986a4b5da22ae1dae39b4a14a7b5 eurovision.db
#   then gzip -9 -n eurovision.db
# It reads dataset/junior.json and dataset/countries.json of that commit with
# `git --git-dir=<dir> show <commit>:<path>`. If <dir> is instead a plain directory holding
# dataset/junior.json and dataset/countries.json, those files are read directly.
# Pinned commit: 2c26a729c780986a4b5da22ae1dae39b4a14a7b5 (2025-06-15, "Update README.md");
# dataset/junior.json last changed in 747719233f660cf12000ea1a79bd4326d9a942c3 (2024-11-17).
#
# TRANSFORMATION. The source is nested JSON (an array of Contest objects, each holding arrays of
# Contestant and Round, a Round holding Performance objects, each holding Score objects). It is
# flattened into one table per JSON array, named by the JSON key of that array exactly as spelled
# in the source (camelCase kept: contestantId, logoUrl, videoUrls). Scalar attributes become
# columns with their JSON names. A child row carries its parent's key under the parent's own
# attribute name: `year` (Contest.year), `contestantId` (Contestant.id, the same name Performance
# uses), `round` (Round.name). Arrays of plain strings become child tables whose value column is
# named in the singular (presenters.name, videoUrls.url, composers.name, languages.language).
# The top-level array of Contest objects becomes `contests`; the code->name dictionary of
# countries.json becomes `countries` (code, name).
# Nothing is renamed, trimmed or re-coded; values are stored exactly as in the JSON.
# Left out: Lyrics.content (the full text of the song lyrics: third-party copyrighted texts, and
# 90% of the file's size); every other attribute is kept.
#
# Tables (13), rows:
#   countries      54  code TEXT PK (ISO 3166 alpha-2 upper case, plus 'GB-WLS' = Wales,
#                      'CS' = Serbia and Montenegro, 'YU' = Yugoslavia), name. From countries.json
#                      (shared with the senior contest: 13 codes never appear in the junior data).
#                      Names are today's names: 'MK' is 'North Macedonia' even for 2003.
#   contests       22  year PK (2003..2024, one edition a year), arena, city, country (host, FK
#                      countries.code), slogan (NULL except 2022-2024), logoUrl, voting (free text
#                      on the voting system, NULL for 2004 and 2006).
#   presenters     50  year, name (PK year+name); 47 distinct names. Quirks: 'Dmytro Borodin (Green Room)' (2009);
#                      'Ida Nowakowska' (2019) and 'Ida Nowakowska-Herndon' (2020) are one person;
#                      Kim-Lian van der Meij (2007, 2012), Timur Miroshnychenko (2009, 2013) and
#                      Olivier Minne (2021, 2023) presented twice.
#   contestants   346  year, id, country (FK countries.code), artist, song. PK (year, id): id is
#                      0-based and RESTARTS every year (it is not the running order). Repeated song
#                      titles: 'Music' and 'Superhero' (two entries each).
#   lyrics        728  year, contestantId, position, title. position is the 0-based index in the
#                      contestant's lyrics array; position 0 is the ORIGINAL lyrics, higher
#                      positions are translations (the source's convention). title is NULL for the
#                      78 entries that carry only languages.
#   languages     763  year, contestantId, position, language: the languages of each lyrics
#                      entry (1..n per entry). Free-text labels, inconsistent across years:
#                      'English', 'Italian & English', 'Ukrainian (Ukrayinska)', 'Georgian (latin)',
#                      'Imaginary', ... A bilingual song is either one label 'X & English' or
#                      two rows 'X' and 'English'.
#   videoUrls     846  year, contestantId, url (YouTube embed links, 1..8 per contestant).
#   composers     262  year, contestantId, name  (147 entries)   -- the source gives either
#   lyricists     286  year, contestantId, name  (146 entries)   -- composers + lyricists, or
#   writers       293  year, contestantId, name  (164 entries)   -- writers; 35 entries have none.
#                      No primary key on these three: the source repeats a name once
#                      (lyricists 2021 id 15, North Macedonia: 'Vasil Garvanilev' twice), kept.
#                      Same person, two spellings: 'Giorgi Kukhianidze' / 'Giga Kukhianidze'.
#   rounds         22  year, name, date, time. Only finals: name is always 'final'. date
#                      'YYYY-MM-DD' (UTC); time 'HH:MM:SS' (UTC) or NULL (NULL before 2017
#                      except 2015). PK (year, name).
#   performances  346  year, round, contestantId, running (running order, 1..n), place (final
#                      ranking; ties share a place: 2004 two at 17th, 2009 two at 2nd and two at
#                      6th). PK (year, round, contestantId); FK to rounds and contestants.
#   scores        701  year, round, contestantId, name, points. PK (year, round, contestantId,
#                      name). name says where the points come from, and the labels vary by year:
#                      2003-2014 only 'total'; 2015 'total\n100%', 'national\n94%', 'kids\n6%';
#                      2016 'total\n100%', 'kids\n46%', 'adults\n46%', 'experts\n8%' (with an
#                      embedded newline character, as in the source); 2017-2024 'total',
#                      'online', 'jury'. So the overall points of every edition are the rows
#                      whose name starts with 'total'. No per-country vote breakdown exists for
#                      the junior contest in the source.
# The script prints the row count of every table and checks PRAGMA foreign_key_check is empty.
#
# Types: INTEGER for year, id, contestantId, position, running, place, points; TEXT otherwise;
# NULL for an absent attribute. Deterministic: rows inserted in source order, no timestamps.
import json
import os
import sqlite3
import subprocess
import sys

DEFAULT_COMMIT = "2c26a729c780986a4b5da22ae1dae39b4a14a7b5"

SCHEMA = """
CREATE TABLE countries (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL
);
CREATE TABLE contests (
  year INTEGER PRIMARY KEY,
  arena TEXT,
  city TEXT,
  country TEXT REFERENCES countries(code),
  slogan TEXT,
  logoUrl TEXT,
  voting TEXT
);
CREATE TABLE presenters (
  year INTEGER NOT NULL REFERENCES contests(year),
  name TEXT NOT NULL,
  PRIMARY KEY (year, name)
);
CREATE TABLE contestants (
  year INTEGER NOT NULL REFERENCES contests(year),
  id INTEGER NOT NULL,
  country TEXT REFERENCES countries(code),
  artist TEXT,
  song TEXT,
  PRIMARY KEY (year, id)
);
CREATE TABLE lyrics (
  year INTEGER NOT NULL,
  contestantId INTEGER NOT NULL,
  position INTEGER NOT NULL,
  title TEXT,
  PRIMARY KEY (year, contestantId, position),
  FOREIGN KEY (year, contestantId) REFERENCES contestants(year, id)
);
CREATE TABLE languages (
  year INTEGER NOT NULL,
  contestantId INTEGER NOT NULL,
  position INTEGER NOT NULL,
  language TEXT NOT NULL,
  PRIMARY KEY (year, contestantId, position, language),
  FOREIGN KEY (year, contestantId, position) REFERENCES lyrics(year, contestantId, position)
);
CREATE TABLE videoUrls (
  year INTEGER NOT NULL,
  contestantId INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (year, contestantId, url),
  FOREIGN KEY (year, contestantId) REFERENCES contestants(year, id)
);
CREATE TABLE composers (
  year INTEGER NOT NULL,
  contestantId INTEGER NOT NULL,
  name TEXT NOT NULL,
  FOREIGN KEY (year, contestantId) REFERENCES contestants(year, id)
);
CREATE TABLE lyricists (
  year INTEGER NOT NULL,
  contestantId INTEGER NOT NULL,
  name TEXT NOT NULL,
  FOREIGN KEY (year, contestantId) REFERENCES contestants(year, id)
);
CREATE TABLE writers (
  year INTEGER NOT NULL,
  contestantId INTEGER NOT NULL,
  name TEXT NOT NULL,
  FOREIGN KEY (year, contestantId) REFERENCES contestants(year, id)
);
CREATE TABLE rounds (
  year INTEGER NOT NULL REFERENCES contests(year),
  name TEXT NOT NULL,
  date TEXT,
  time TEXT,
  PRIMARY KEY (year, name)
);
CREATE TABLE performances (
  year INTEGER NOT NULL,
  round TEXT NOT NULL,
  contestantId INTEGER NOT NULL,
  running INTEGER,
  place INTEGER,
  PRIMARY KEY (year, round, contestantId),
  FOREIGN KEY (year, round) REFERENCES rounds(year, name),
  FOREIGN KEY (year, contestantId) REFERENCES contestants(year, id)
);
CREATE TABLE scores (
  year INTEGER NOT NULL,
  round TEXT NOT NULL,
  contestantId INTEGER NOT NULL,
  name TEXT NOT NULL,
  points INTEGER,
  PRIMARY KEY (year, round, contestantId, name),
  FOREIGN KEY (year, round, contestantId) REFERENCES performances(year, round, contestantId)
);
"""


def read_source(src, commit, path):
    if os.path.isfile(os.path.join(src, path)):
        with open(os.path.join(src, path), "rb") as f:
            return f.read()
    return subprocess.run(["git", "--git-dir=" + src, "show", commit + ":" + path],
                          check=True, capture_output=True).stdout


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: eurovision-build.py <git dir or folder> [<commit>] [<out.db>]")
    src = sys.argv[1]
    commit = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_COMMIT
    out = sys.argv[3] if len(sys.argv) > 3 else "eurovision.db"
    countries = json.loads(read_source(src, commit, "dataset/countries.json"))
    junior = json.loads(read_source(src, commit, "dataset/junior.json"))

    known = {"year", "arena", "city", "country", "slogan", "logoUrl", "voting", "presenters",
             "contestants", "rounds"}
    known_ct = {"id", "country", "artist", "song", "lyrics", "videoUrls", "composers",
                "lyricists", "writers"}
    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.executescript(SCHEMA)
    db.executemany("INSERT INTO countries VALUES (?, ?)", list(countries.items()))
    for c in junior:
        extra = set(c) - known
        assert not extra, extra
        y = c["year"]
        db.execute("INSERT INTO contests VALUES (?,?,?,?,?,?,?)",
                   (y, c.get("arena"), c.get("city"), c.get("country"), c.get("slogan"),
                    c.get("logoUrl"), c.get("voting")))
        for p in c.get("presenters") or []:
            db.execute("INSERT INTO presenters VALUES (?,?)", (y, p))
        for ct in c["contestants"]:
            extra = set(ct) - known_ct
            assert not extra, extra
            cid = ct["id"]
            db.execute("INSERT INTO contestants VALUES (?,?,?,?,?)",
                       (y, cid, ct.get("country"), ct.get("artist"), ct.get("song")))
            for pos, ly in enumerate(ct.get("lyrics") or []):
                db.execute("INSERT INTO lyrics VALUES (?,?,?,?)", (y, cid, pos, ly.get("title")))
                for lang in ly.get("languages") or []:
                    db.execute("INSERT INTO languages VALUES (?,?,?,?)", (y, cid, pos, lang))
            for u in ct.get("videoUrls") or []:
                db.execute("INSERT INTO videoUrls VALUES (?,?,?)", (y, cid, u))
            for key in ("composers", "lyricists", "writers"):
                for n in ct.get(key) or []:
                    db.execute("INSERT INTO %s VALUES (?,?,?)" % key, (y, cid, n))
        for r in c["rounds"]:
            assert not r.get("disqualifieds"), r.get("disqualifieds")
            db.execute("INSERT INTO rounds VALUES (?,?,?,?)",
                       (y, r["name"], r.get("date"), r.get("time")))
            for p in r["performances"]:
                db.execute("INSERT INTO performances VALUES (?,?,?,?,?)",
                           (y, r["name"], p["contestantId"], p.get("running"), p.get("place")))
                for s in p.get("scores") or []:
                    assert not s.get("votes"), "votes not expected in junior data"
                    db.execute("INSERT INTO scores VALUES (?,?,?,?,?)",
                               (y, r["name"], p["contestantId"], s["name"], s.get("points")))
    db.commit()
    bad = db.execute("PRAGMA foreign_key_check").fetchall()
    assert not bad, bad
    for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY rowid"):
        print(t, db.execute('SELECT COUNT(*) FROM "%s"' % t).fetchone()[0])
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main()
