# Builds survivor.db from github.com/doehm/survivoR (the survivoR R package by Daniel Oehm, with
# Carly Levitz; commit 80aaf498bf06c7d8e6fd08be96efeea314be7bad, 2026-06-12; the dev/json folder
# last changed in 58cabf95f369a19b11fb34949b60aaf3cba12630, 2026-05-26), MIT License (the
# package's LICENSE / LICENSE.md, "Copyright (c) 2021 Daniel Oehm"): the reality TV show
# "Survivor", every season of the US version (US01-US50) plus Australia (AU), South Africa (SA),
# New Zealand (NZ) and the UK (UK), 76 seasons in all: cast, results, votes at tribal council,
# jury votes, episodes with TV viewers, confessionals and advantages (idols).
#
# Source files: the package's own JSON exports of its data sets, dev/json/<table>.json (a list
# of records each; a record leaves out a field that is NA, which becomes NULL here). 9 of them
# are kept, whole, under the source's own table and column names (snake_case):
#   season_summary     one row per season: version ('US', 'AU', 'SA', 'NZ', 'UK'),
#                      version_season ('US01'), season_name ('Survivor: Borneo'), season (number
#                      within its version), location, country, n_cast, n_jury, winner_id,
#                      winner (first name), full_name (the winner's full name), runner_ups,
#                      final_vote ('4-3'), timeslot, premiered, ended, filming_started,
#                      filming_ended, viewers_premiere, viewers_finale, viewers_reunion,
#                      viewers_mean (head counts, 51690000 not 51.69), rank (the season's
#                      Nielsen rank in its TV year), description
#   castaway_details   one row per person: castaway_id ('US0001'), full_name, castaway (the
#                      short name used on the show), last_name, date_of_birth, date_of_death,
#                      gender, personality_type (Myers-Briggs), occupation, collar, and flags
#   castaways          one row per person per season played: version_season, castaway_id,
#                      age, city, state, episode/day they left, "order" (boot order), result
#                      ('1st voted out', 'Sole Survivor', 'Runner-up', 'Quit', ...), place (1 =
#                      winner), original_tribe, jury/finalist/winner flags, jury_status, ...
#   episodes           one row per episode: version_season, episode, episode_number_overall,
#                      episode_title, episode_date, episode_length (minutes), viewers (head
#                      count), episode_summary (the source's imdb_rating and n_ratings are
#                      left out: IMDb's data is under non-commercial terms)
#   vote_history       one row per vote cast at a tribal council: castaway_id (who voted),
#                      vote_id (for whom), voted_out_id, tribe, tribe_status, nullified, tie,
#                      "order", vote_order, immunity, ...
#   jury_votes         one row per juror per finalist: castaway_id (the juror), finalist_id,
#                      vote (1 = voted for that finalist, 0 = did not)
#   confessionals      per castaway per episode: confessional_count, confessional_time
#                      (seconds), exp_count/exp_time (expected), index_count/index_time
#   advantage_details  one row per advantage (idol, extra vote, ...) in a season
#   advantage_movement what happened to each advantage (event 'Found', 'Played', ...)
# Left out: viewers.json (the same rows and columns as episodes), boot_order (the same as
# castaways' result columns), boot_mapping, tribe_mapping, tribe_colours, season_palettes,
# castaway_scores, challenge_description, auction data, journeys and the other analysis
# tables; challenge_results and challenge_summary are larger than the snapshot's size limit and
# absent from the mirror, so vote_history.challenge_id and the *sog_id columns have no table.
#
# Translations (the only ones):
#  - A field missing from a record becomes NULL.
#  - JSON true/false become INTEGER 1/0 (castaways.jury, finalist, winner, ack_*;
#    castaway_details.african ... lgbt; vote_history.nullified, tie).
#  - Columns are INTEGER, REAL or TEXT as their JSON values are (int, float, string).
# Dates are already ISO text 'YYYY-MM-DD' and kept so (premiered 2000-05-31 to 2026-02-25).
# Column names are as in the source, including castaways."order" and vote_history."order",
# which need double quotes in SQL.
#
# Keys (checked unique): season_summary(version_season), castaway_details(castaway_id),
# castaways(version_season, castaway_id), episodes(version_season, episode),
# jury_votes(version_season, castaway_id, finalist_id), confessionals(version_season, episode,
# castaway_id), advantage_details(version_season, advantage_id), advantage_movement(
# version_season, advantage_id, sequence_id). vote_history has none (32 keys repeat: revotes).
# Foreign keys, as REFERENCES, where they hold for every row: version_season ->
# season_summary; every castaway_id / winner_id / vote_id / voted_out_id / finalist_id ->
# castaway_details; (version_season, episode) -> episodes from castaways, vote_history and
# confessionals; advantage_movement (version_season, advantage_id) -> advantage_details.
# Not declared: advantage_movement.castaway_id and played_for_id (3 rows hold a comma-separated
# list of ids) and its (version_season, episode) (one row names an AU11 episode 14 that
# episodes lacks). Nothing is subset.
# Run (in this folder):
#   python3 survivor-build.py <survivoR git dir> && gzip -9 -n -c survivor.db > survivor.db.gz
import json, os, re, sqlite3, subprocess, sys

COMMIT = '80aaf498bf06c7d8e6fd08be96efeea314be7bad'
OUT = 'survivor.db'

SCHEMA = '''
CREATE TABLE castaway_details (
  castaway_id TEXT NOT NULL PRIMARY KEY,
  full_name TEXT, full_name_detailed TEXT, castaway TEXT NOT NULL, last_name TEXT,
  date_of_birth TEXT, date_of_death TEXT, gender TEXT,
  african INTEGER, asian INTEGER, latin_american INTEGER, native_american INTEGER,
  bipoc INTEGER, lgbt INTEGER,
  personality_type TEXT, occupation TEXT, collar TEXT, race TEXT, ethnicity TEXT,
  three_words TEXT, hobbies TEXT, pet_peeves TEXT
);
CREATE TABLE season_summary (
  version TEXT NOT NULL, version_season TEXT NOT NULL PRIMARY KEY, season_name TEXT NOT NULL,
  season INTEGER NOT NULL, location TEXT, country TEXT, tribe_setup TEXT,
  n_cast INTEGER, n_tribes INTEGER, n_finalists INTEGER, n_jury INTEGER,
  full_name TEXT, winner_id TEXT REFERENCES castaway_details (castaway_id), winner TEXT,
  runner_ups TEXT, final_vote TEXT, timeslot TEXT,
  premiered TEXT, ended TEXT, filming_started TEXT, filming_ended TEXT,
  viewers_premiere INTEGER, viewers_finale INTEGER, viewers_mean REAL, rank INTEGER,
  description TEXT, viewers_reunion REAL
);
CREATE TABLE episodes (
  version TEXT NOT NULL,
  version_season TEXT NOT NULL REFERENCES season_summary (version_season),
  season INTEGER NOT NULL, episode_number_overall INTEGER, episode INTEGER NOT NULL,
  episode_title TEXT, episode_label TEXT, episode_date TEXT, episode_length INTEGER,
  viewers INTEGER, episode_summary TEXT,
  PRIMARY KEY (version_season, episode)
);
CREATE TABLE castaways (
  version TEXT NOT NULL,
  version_season TEXT NOT NULL REFERENCES season_summary (version_season),
  season INTEGER NOT NULL, full_name TEXT,
  castaway_id TEXT NOT NULL REFERENCES castaway_details (castaway_id),
  castaway TEXT, age INTEGER, city TEXT, state TEXT, episode INTEGER, day INTEGER,
  "order" INTEGER, result TEXT, place INTEGER, original_tribe TEXT,
  jury INTEGER, finalist INTEGER, winner INTEGER,
  ack_look INTEGER, ack_speak INTEGER, ack_gesture INTEGER, ack_smile INTEGER,
  ack_score INTEGER, ack_quote TEXT, jury_status TEXT, acknowledge INTEGER,
  PRIMARY KEY (version_season, castaway_id),
  FOREIGN KEY (version_season, episode) REFERENCES episodes (version_season, episode)
);
CREATE TABLE vote_history (
  version TEXT NOT NULL,
  version_season TEXT NOT NULL REFERENCES season_summary (version_season),
  season INTEGER NOT NULL, episode INTEGER NOT NULL, day INTEGER,
  tribe_status TEXT, tribe TEXT, castaway TEXT, vote TEXT, nullified INTEGER, tie INTEGER,
  voted_out TEXT, "order" INTEGER, vote_order INTEGER,
  castaway_id TEXT REFERENCES castaway_details (castaway_id),
  vote_id TEXT REFERENCES castaway_details (castaway_id),
  voted_out_id TEXT REFERENCES castaway_details (castaway_id),
  sog_id INTEGER, challenge_id INTEGER, vote_event TEXT, vote_event_outcome TEXT,
  immunity TEXT, split_vote TEXT,
  FOREIGN KEY (version_season, episode) REFERENCES episodes (version_season, episode)
);
CREATE TABLE jury_votes (
  version TEXT NOT NULL,
  version_season TEXT NOT NULL REFERENCES season_summary (version_season),
  season INTEGER NOT NULL, castaway TEXT NOT NULL, finalist TEXT NOT NULL, vote INTEGER NOT NULL,
  castaway_id TEXT REFERENCES castaway_details (castaway_id),
  finalist_id TEXT NOT NULL REFERENCES castaway_details (castaway_id),
  UNIQUE (version_season, castaway_id, finalist_id)
);
CREATE TABLE confessionals (
  version TEXT NOT NULL,
  version_season TEXT NOT NULL REFERENCES season_summary (version_season),
  season INTEGER NOT NULL, episode INTEGER NOT NULL, castaway TEXT,
  castaway_id TEXT NOT NULL REFERENCES castaway_details (castaway_id),
  confessional_count INTEGER, confessional_time INTEGER,
  exp_count REAL, exp_time REAL, index_count REAL, index_time REAL,
  PRIMARY KEY (version_season, episode, castaway_id),
  FOREIGN KEY (version_season, episode) REFERENCES episodes (version_season, episode)
);
CREATE TABLE advantage_details (
  version TEXT NOT NULL,
  version_season TEXT NOT NULL REFERENCES season_summary (version_season),
  season INTEGER NOT NULL, advantage_id INTEGER NOT NULL, advantage_type TEXT,
  clue_details TEXT, location_found TEXT, conditions TEXT,
  PRIMARY KEY (version_season, advantage_id)
);
CREATE TABLE advantage_movement (
  version TEXT NOT NULL,
  version_season TEXT NOT NULL REFERENCES season_summary (version_season),
  season INTEGER NOT NULL, castaway TEXT, castaway_id TEXT,
  advantage_id INTEGER NOT NULL, sequence_id INTEGER NOT NULL, day INTEGER, episode INTEGER,
  event TEXT, sog_id INTEGER, played_for TEXT, played_for_id TEXT, success TEXT,
  votes_nullified INTEGER,
  PRIMARY KEY (version_season, advantage_id, sequence_id),
  FOREIGN KEY (version_season, advantage_id) REFERENCES advantage_details (version_season, advantage_id)
);
'''

TABLES = ['castaway_details', 'season_summary', 'episodes', 'castaways', 'vote_history',
          'jury_votes', 'confessionals', 'advantage_details', 'advantage_movement']
LEFT_OUT = {'episodes': {'imdb_rating', 'n_ratings'}}  # IMDb's figures: non-commercial terms
DATES = {'season_summary': ['premiered', 'ended', 'filming_started', 'filming_ended'],
         'castaway_details': ['date_of_birth', 'date_of_death'], 'episodes': ['episode_date']}

def conv(v):
    if isinstance(v, bool): return int(v)
    assert v is None or isinstance(v, (int, float, str)), v
    return v

git = sys.argv[1]
if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)
counts = {}
for table in TABLES:
    text = subprocess.run(['git', '-C', git, 'show', f'{COMMIT}:dev/json/{table}.json'],
                          check=True, capture_output=True).stdout.decode('utf-8')
    rows = json.loads(text)
    cols = [r[1] for r in db.execute(f'PRAGMA table_info({table})')]
    for r in rows:
        extra = set(r) - set(cols) - LEFT_OUT.get(table, set())
        assert not extra, (table, extra)
        for c in DATES.get(table, []):
            assert r.get(c) is None or re.fullmatch(r'\d{4}-\d\d-\d\d', r[c]), (table, c, r[c])
    q = ', '.join(f'"{c}"' for c in cols)
    db.executemany(f'INSERT INTO {table} ({q}) VALUES ({", ".join("?" * len(cols))})',
                   [[conv(r.get(c)) for c in cols] for r in rows])
    counts[table] = len(rows)
db.commit()
print(counts)
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
db.execute('VACUUM'); db.close()
