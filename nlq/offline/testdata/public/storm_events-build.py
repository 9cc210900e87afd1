# Builds storm_events.db from the US NOAA/NCEI Storm Events Database bulk CSV files
# (https://www.ncei.noaa.gov/pub/data/swdi/stormevents/csvfiles/, formerly
# ftp://ftp.ncdc.noaa.gov/pub/data/swdi/stormevents/csvfiles/), as downloaded unchanged by
# github.com/timtrice/NCDC-Storm-Events (Tim Trice's "ncdc_storm_events" analysis compendium)
# in commit f234f14a5b06dfd3c915960ec164a5fdeb83989d (2019-07-05, "Add raw datasets", branch
# workflowr):
#   data/StormEvents_details-ftp_v1.0_d2019_c20190617.csv.gz
#   data/StormEvents_fatalities-ftp_v1.0_d2019_c20190617.csv.gz
#   data/StormEvents_locations-ftp_v1.0_d2019_c20190617.csv.gz
# i.e. NCEI's 2019 files as re-created on 2019-06-17, which hold every storm event that began
# from 2019-01-01 to 2019-03-31 (the database then lagged about 75 days). The 1996-2018
# details files of the same commit are >= 4 MiB and absent from the stored snapshot, so the
# first quarter of 2019 is the one recent period whose three files are all present; no
# further subsetting is done. A work of the US Government, public domain (storm_events.LICENSE).
#
# Names: NOAA's own. Tables are the file stems (StormEvents_details, StormEvents_fatalities,
# StormEvents_locations); columns keep NOAA's UPPER_SNAKE headers and their order. One table
# is derived: StormEvents_episodes (EPISODE_ID, EPISODE_NARRATIVE), because NOAA repeats an
# episode's narrative on every event row of the episode (10 MB of repeats); the details table
# therefore lacks EPISODE_NARRATIVE and points at the episode by EPISODE_ID. One episode
# (of 2,110) carries two different narratives in the file; the one on the most of its events
# is kept (ties: the one on its lowest EVENT_ID).
#   StormEvents_episodes   EPISODE_ID INTEGER PRIMARY KEY, EPISODE_NARRATIVE
#   StormEvents_details    EVENT_ID INTEGER PRIMARY KEY; EPISODE_ID REFERENCES
#                          StormEvents_episodes; all other NOAA columns; plus two added columns
#                          DAMAGE_PROPERTY_NUM, DAMAGE_CROPS_NUM (see below)
#   StormEvents_fatalities FATALITY_ID INTEGER PRIMARY KEY; EVENT_ID REFERENCES
#                          StormEvents_details
#   StormEvents_locations  PRIMARY KEY (EVENT_ID, LOCATION_INDEX); EVENT_ID REFERENCES
#                          StormEvents_details; EPISODE_ID REFERENCES StormEvents_episodes
#
# Values: an empty CSV field is NULL. Ids, FIPS codes, counts, year-months ('201901' ->
# 201901), days and hhmm times (BEGIN_TIME 810 = 08:10) are INTEGER; MAGNITUDE, TOR_LENGTH,
# TOR_WIDTH, ranges, RANGE and latitudes/longitudes are REAL; LAT2/LON2 (NOAA's packed
# degrees-minutes integers) INTEGER; codes and names stay TEXT as NOAA writes them (STATE and
# CZ_NAME upper case, 'WEST VIRGINIA'; CZ_TYPE 'C' county / 'Z' forecast zone; FATALITY_TYPE
# 'D' direct / 'I' indirect; FATALITY_SEX 'M'/'F'). Dates: NOAA's 'DD-MON-YY HH:MM:SS'
# (BEGIN_DATE_TIME, END_DATE_TIME, local time of CZ_TIMEZONE such as 'CST-6') and
# 'MM/DD/YYYY HH:MM:SS' (FATALITY_DATE) are rewritten as ISO 'YYYY-MM-DD HH:MM:SS'; the
# YEARMONTH/DAY/TIME integer columns are kept as they are. DAMAGE_PROPERTY and DAMAGE_CROPS
# are kept as NOAA's text ('10.00K', '1.50M', '0.00K', NULL when not reported) and parsed
# into the added INTEGER dollar columns DAMAGE_PROPERTY_NUM and DAMAGE_CROPS_NUM
# (K = 1,000, M = 1,000,000, B = 1,000,000,000; NULL stays NULL).
#
# Usage: python3 storm_events-build.py [GIT_DIR | DIR_WITH_THE_THREE_CSV_GZ] [OUT.db]
# Default GIT_DIR /work/.mirror/timtrice+NCDC-Storm-Events/repo; default output
# storm_events.db next to this script. Python 3 standard library only; deterministic.
import csv
import gzip
import io
import os
import sqlite3
import subprocess
import sys
from collections import Counter, defaultdict

COMMIT = "f234f14a5b06dfd3c915960ec164a5fdeb83989d"
FILES = {
    "details": "StormEvents_details-ftp_v1.0_d2019_c20190617.csv.gz",
    "fatalities": "StormEvents_fatalities-ftp_v1.0_d2019_c20190617.csv.gz",
    "locations": "StormEvents_locations-ftp_v1.0_d2019_c20190617.csv.gz",
}

MONTHS = {m: i + 1 for i, m in enumerate(
    "JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split())}

DETAILS_TYPES = [
    ("BEGIN_YEARMONTH", "INTEGER"), ("BEGIN_DAY", "INTEGER"), ("BEGIN_TIME", "INTEGER"),
    ("END_YEARMONTH", "INTEGER"), ("END_DAY", "INTEGER"), ("END_TIME", "INTEGER"),
    ("EPISODE_ID", "INTEGER"), ("EVENT_ID", "INTEGER"), ("STATE", "TEXT"),
    ("STATE_FIPS", "INTEGER"), ("YEAR", "INTEGER"), ("MONTH_NAME", "TEXT"),
    ("EVENT_TYPE", "TEXT"), ("CZ_TYPE", "TEXT"), ("CZ_FIPS", "INTEGER"), ("CZ_NAME", "TEXT"),
    ("WFO", "TEXT"), ("BEGIN_DATE_TIME", "DATETIME"), ("CZ_TIMEZONE", "TEXT"),
    ("END_DATE_TIME", "DATETIME"), ("INJURIES_DIRECT", "INTEGER"),
    ("INJURIES_INDIRECT", "INTEGER"), ("DEATHS_DIRECT", "INTEGER"),
    ("DEATHS_INDIRECT", "INTEGER"), ("DAMAGE_PROPERTY", "TEXT"), ("DAMAGE_CROPS", "TEXT"),
    ("SOURCE", "TEXT"), ("MAGNITUDE", "REAL"), ("MAGNITUDE_TYPE", "TEXT"),
    ("FLOOD_CAUSE", "TEXT"), ("CATEGORY", "INTEGER"), ("TOR_F_SCALE", "TEXT"),
    ("TOR_LENGTH", "REAL"), ("TOR_WIDTH", "REAL"), ("TOR_OTHER_WFO", "TEXT"),
    ("TOR_OTHER_CZ_STATE", "TEXT"), ("TOR_OTHER_CZ_FIPS", "INTEGER"),
    ("TOR_OTHER_CZ_NAME", "TEXT"), ("BEGIN_RANGE", "REAL"), ("BEGIN_AZIMUTH", "TEXT"),
    ("BEGIN_LOCATION", "TEXT"), ("END_RANGE", "REAL"), ("END_AZIMUTH", "TEXT"),
    ("END_LOCATION", "TEXT"), ("BEGIN_LAT", "REAL"), ("BEGIN_LON", "REAL"),
    ("END_LAT", "REAL"), ("END_LON", "REAL"), ("EPISODE_NARRATIVE", "TEXT"),
    ("EVENT_NARRATIVE", "TEXT"), ("DATA_SOURCE", "TEXT"),
]
FAT_TYPES = [
    ("FAT_YEARMONTH", "INTEGER"), ("FAT_DAY", "INTEGER"), ("FAT_TIME", "INTEGER"),
    ("FATALITY_ID", "INTEGER"), ("EVENT_ID", "INTEGER"), ("FATALITY_TYPE", "TEXT"),
    ("FATALITY_DATE", "DATETIME"), ("FATALITY_AGE", "INTEGER"), ("FATALITY_SEX", "TEXT"),
    ("FATALITY_LOCATION", "TEXT"), ("EVENT_YEARMONTH", "INTEGER"),
]
LOC_TYPES = [
    ("YEARMONTH", "INTEGER"), ("EPISODE_ID", "INTEGER"), ("EVENT_ID", "INTEGER"),
    ("LOCATION_INDEX", "INTEGER"), ("RANGE", "REAL"), ("AZIMUTH", "TEXT"),
    ("LOCATION", "TEXT"), ("LATITUDE", "REAL"), ("LONGITUDE", "REAL"), ("LAT2", "INTEGER"),
    ("LON2", "INTEGER"),
]


def read_source(src, key):
    name = FILES[key]
    if os.path.isdir(os.path.join(src, "objects")) or src.endswith(".git") or \
            os.path.isfile(os.path.join(src, "HEAD")):
        raw = subprocess.run(["git", "--git-dir", src, "cat-file", "blob",
                              "%s:data/%s" % (COMMIT, name)],
                             check=True, stdout=subprocess.PIPE).stdout
    else:
        with open(os.path.join(src, name), "rb") as f:
            raw = f.read()
    text = gzip.decompress(raw).decode("utf-8")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    return rows[0], rows[1:]


def noaa_dt(s):
    # '29-JAN-19 12:00:00' -> '2019-01-29 12:00:00'
    if not s:
        return None
    d, t = s.split(" ")
    dd, mon, yy = d.split("-")
    return "%04d-%02d-%02d %s" % (2000 + int(yy), MONTHS[mon], int(dd), t)


def us_dt(s):
    # '03/13/2019 00:00:00' -> '2019-03-13 00:00:00'
    if not s:
        return None
    d, t = s.split(" ")
    mm, dd, yyyy = d.split("/")
    return "%s-%s-%s %s" % (yyyy, mm, dd, t)


def damage(s):
    if not s:
        return None
    mult = {"K": 1000, "M": 1000000, "B": 1000000000}
    if s[-1] in mult:
        return int(round(float(s[:-1]) * mult[s[-1]]))
    return int(round(float(s)))


def conv(v, typ):
    if v == "":
        return None
    if typ == "INTEGER":
        return int(v)
    if typ == "REAL":
        return float(v)
    return v


def convert(header, rows, types):
    assert header == [c for c, _ in types], header
    out = []
    for r in rows:
        rec = {}
        for (c, t), v in zip(types, r):
            if t == "DATETIME":
                rec[c] = noaa_dt(v) if c != "FATALITY_DATE" else us_dt(v)
            else:
                rec[c] = conv(v, t)
        out.append(rec)
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/timtrice+NCDC-Storm-Events/repo"
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "storm_events.db")

    details = convert(*read_source(src, "details"), DETAILS_TYPES)
    fats = convert(*read_source(src, "fatalities"), FAT_TYPES)
    locs = convert(*read_source(src, "locations"), LOC_TYPES)
    details.sort(key=lambda r: r["EVENT_ID"])
    fats.sort(key=lambda r: r["FATALITY_ID"])
    locs.sort(key=lambda r: (r["EVENT_ID"], r["LOCATION_INDEX"]))

    # Episodes: one narrative per episode (most events; ties -> lowest EVENT_ID).
    narr = defaultdict(Counter)
    first = {}
    for r in details:
        e, n = r["EPISODE_ID"], r["EPISODE_NARRATIVE"]
        narr[e][n] += 1
        first.setdefault((e, n), r["EVENT_ID"])
    episodes = []
    for e in sorted(narr):
        best = sorted(narr[e].items(), key=lambda kv: (-kv[1], first[(e, kv[0])]))[0][0]
        episodes.append((e, best))

    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("CREATE TABLE StormEvents_episodes (\n  EPISODE_ID INTEGER PRIMARY KEY,\n"
               "  EPISODE_NARRATIVE TEXT\n)")
    dcols = [(c, t) for c, t in DETAILS_TYPES if c != "EPISODE_NARRATIVE"]
    ddl = []
    for c, t in dcols:
        t = "TEXT" if t == "DATETIME" else t
        if c == "EVENT_ID":
            ddl.append("  EVENT_ID INTEGER PRIMARY KEY")
        elif c == "EPISODE_ID":
            ddl.append("  EPISODE_ID INTEGER NOT NULL REFERENCES StormEvents_episodes (EPISODE_ID)")
        else:
            ddl.append("  %s %s" % (c, t))
    ddl.append("  DAMAGE_PROPERTY_NUM INTEGER")
    ddl.append("  DAMAGE_CROPS_NUM INTEGER")
    db.execute("CREATE TABLE StormEvents_details (\n%s\n)" % ",\n".join(ddl))
    ddl = []
    for c, t in FAT_TYPES:
        t = "TEXT" if t == "DATETIME" else t
        if c == "FATALITY_ID":
            ddl.append("  FATALITY_ID INTEGER PRIMARY KEY")
        elif c == "EVENT_ID":
            ddl.append("  EVENT_ID INTEGER NOT NULL REFERENCES StormEvents_details (EVENT_ID)")
        else:
            ddl.append("  %s %s" % (c, t))
    db.execute("CREATE TABLE StormEvents_fatalities (\n%s\n)" % ",\n".join(ddl))
    ddl = []
    for c, t in LOC_TYPES:
        if c == "EVENT_ID":
            ddl.append("  EVENT_ID INTEGER NOT NULL REFERENCES StormEvents_details (EVENT_ID)")
        elif c == "EPISODE_ID":
            ddl.append("  EPISODE_ID INTEGER REFERENCES StormEvents_episodes (EPISODE_ID)")
        else:
            ddl.append("  %s %s" % (c, t))
    ddl.append("  PRIMARY KEY (EVENT_ID, LOCATION_INDEX)")
    db.execute("CREATE TABLE StormEvents_locations (\n%s\n)" % ",\n".join(ddl))

    db.executemany("INSERT INTO StormEvents_episodes VALUES (?, ?)", episodes)
    names = [c for c, _ in dcols] + ["DAMAGE_PROPERTY_NUM", "DAMAGE_CROPS_NUM"]
    for r in details:
        r["DAMAGE_PROPERTY_NUM"] = damage(r["DAMAGE_PROPERTY"])
        r["DAMAGE_CROPS_NUM"] = damage(r["DAMAGE_CROPS"])
    db.executemany("INSERT INTO StormEvents_details (%s) VALUES (%s)" % (
        ", ".join(names), ", ".join("?" * len(names))),
        [tuple(r[c] for c in names) for r in details])
    names = [c for c, _ in FAT_TYPES]
    db.executemany("INSERT INTO StormEvents_fatalities (%s) VALUES (%s)" % (
        ", ".join(names), ", ".join("?" * len(names))),
        [tuple(r[c] for c in names) for r in fats])
    names = [c for c, _ in LOC_TYPES]
    db.executemany("INSERT INTO StormEvents_locations (%s) VALUES (%s)" % (
        ", ".join(names), ", ".join("?" * len(names))),
        [tuple(r[c] for c in names) for r in locs])
    db.execute("CREATE INDEX StormEvents_details_EPISODE_ID ON StormEvents_details (EPISODE_ID)")
    db.execute("CREATE INDEX StormEvents_fatalities_EVENT_ID ON StormEvents_fatalities (EVENT_ID)")
    db.commit()
    fk = db.execute("PRAGMA foreign_key_check").fetchall()
    ic = db.execute("PRAGMA integrity_check").fetchall()
    assert fk == [], fk[:5]
    assert ic == [("ok",)], ic
    db.execute("VACUUM")
    db.close()
    for t, n in (("episodes", len(episodes)), ("details", len(details)),
                 ("fatalities", len(fats)), ("locations", len(locs))):
        print("StormEvents_%s: %d rows" % (t, n))


if __name__ == "__main__":
    main()
