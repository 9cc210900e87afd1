#!/usr/bin/env python3
# Builds taylor.db: Taylor Swift's studio albums and EPs with their release dates and Metacritic
# scores, every officially released song (album tracks, bonus tracks, singles, features) with its
# release dates and Spotify audio features, and the surprise songs of The Eras Tour (2023-2024).
#
# Data: the R package taylor by W. Jake Thompson (github.com/wjakethompson/taylor), "Lyrics and
#   Song Data for Taylor Swift's Discography" (song characteristics from the Spotify API, album
#   scores from Metacritic, release dates from Wikipedia, surprise songs collected by the author),
#   DESCRIPTION "License: MIT + file LICENSE" (LICENSE.md, the MIT licence, copied into
#   taylor.LICENSE with the LICENSE file's YEAR / COPYRIGHT HOLDER lines).
# Pinned commit: 82176f88975933814652d021424d787e77799b25 (2024-12-29, tag v3.2.0, "Increment
#   version number to 3.2.0", the CRAN release 3.2.0). The data files last changed in:
#   data/taylor_all_songs.rda  f14c5d0050677bb462bd39108e72fd47c17db30e (2024-07-17, "regenerate data sets")
#   data/taylor_albums.rda     b9489808d3b8938f1ed21bce1d96bd0c5c367711 (2024-04-30, "update data with corrected lyrics")
#   data/eras_tour_surprise.rda 87032f3fbebb4d23cef33f15640708b8df8cedf5 (2024-12-09, "final surprise songs")
#   This release, not the newest commit, is used on purpose: from 2025-11 on (version 4) the package
#   replaced the Spotify audio features by SoundStat's (other columns and scales, no speechiness,
#   liveness or time_signature), its data script sets bonus_track TRUE for EVERY album song, and
#   non-album songs get a made-up album name; v3.2.0 is the last release with the documented
#   Spotify columns and correct bonus-track flags, and all its data predate the eval's "today"
#   (2025-07-15).
#
# Usage (Python 3, standard library only):
#   python3 taylor-build.py <wjakethompson+taylor git dir> [<commit>] [<out.db>]
#   e.g. python3 taylor-build.py /work/.mirror/wjakethompson+taylor/repo \
#        82176f88975933814652d021424d787e77799b25 taylor.db
#   then gzip -9 -n -c taylor.db > taylor.db.gz
# The .rda files are read from that commit with `git --git-dir=<dir> show <commit>:data/<name>.rda`
# (bzip2-compressed XDR serializations, version 2), decoded by the small reader below (the one of
# nycflights-build.py, with R Dates turned into ISO text).
#
# Tables (the package's data set names and column names, unchanged, columns in its order):
#   taylor_albums (17): album_name TEXT PRIMARY KEY, ep (0/1: 1 = EP, 0 = studio album),
#       album_release (ISO 'YYYY-MM-DD'), metacritic_score (critics, 0-100, INTEGER),
#       user_score (Metacritic users, 0-10, REAL).
#   taylor_all_songs (364): one row per song; album_name -> taylor_albums (NULL for the 38 songs
#       released outside Taylor's albums and EPs: singles, soundtrack songs, features on other
#       artists' songs), ep, album_release (copied from the album), track_number, track_name,
#       artist ('Taylor Swift', or the lead artist of a song Taylor is featured on or only wrote),
#       featuring (comma list), bonus_track (0/1: 1 = only on a deluxe / platinum / 3am / Target /
#       Til Dawn edition; NULL for non-album songs), promotional_release, single_release,
#       track_release (ISO dates; track_release = the earliest of album, promotional and single
#       release for songs on the standard edition; a bonus track's track_release is the date of
#       the edition that added it, e.g. 2009-10-26 for Fearless (Platinum Edition), so it can be
#       later than album_release), the Spotify audio features danceability, energy, speechiness, acousticness,
#       instrumentalness, liveness, valence (0-1 REAL), key (pitch class 0-11), loudness (dB,
#       negative), mode (1 major, 0 minor), tempo (BPM), time_signature (beats per bar),
#       duration_ms (milliseconds), explicit (0/1), and key_name ('C', 'C#', ...), mode_name
#       ('major'/'minor'), key_mode ('C major').  UNIQUE (album_name, track_name); no primary
#       key, since no column set without NULLs identifies a song (track_name repeats once, "I'm
#       Only Me When I'm With You" on both Taylor Swift and Beautiful Eyes; track_number repeats
#       within Midnights and 1989 (Taylor's Version), whose editions number bonus tracks alike).
#   eras_tour_surprise (298): one row per surprise song at The Eras Tour: leg, date (ISO), city
#       ('Glendale, AZ' in the US, 'London, England' elsewhere), night (show number within the
#       city), dress (colour of the surprise-song dress), instrument ('guitar'/'piano'), song (a
#       track_name; not declared a foreign key: 'Espresso' and "I Love You, I'm Sorry", songs by
#       other artists used in mashups, are not Taylor's songs), mashup (songs mixed in, separated
#       by '; '), guest.  PRIMARY KEY (date, song).
# Left out: the lyrics list-column of taylor_all_songs (song lyrics transcribed from Genius: the
#   lyrics' own copyright is not the package's to license, and they are not tabular data),
#   taylor_album_songs (exactly the rows of taylor_all_songs whose album is a studio album, not an
#   EP and not NULL, with the four originals re-recorded as "Taylor's Version" (Fearless, Speak
#   Now, Red, 1989) left out in favour of the re-recordings: 240 rows; checked below), the colour
#   palettes (R code), data-raw/.
#
# Values: R NA -> NULL; logicals (ep, bonus_track, explicit) -> INTEGER 0/1; R integers ->
#   INTEGER; R doubles (the 0-1 features, loudness, tempo, user_score) -> REAL exactly as stored;
#   R Dates (days since 1970-01-01) -> ISO text 'YYYY-MM-DD'. Text as stored (curly quotes and
#   case kept: 'reputation', 'folklore', 'THE TORTURED POETS DEPARTMENT'). Rows in the package's
#   order. Nothing is subset: 17 + 364 + 298 rows.
import bz2, datetime, math, os, sqlite3, struct, subprocess, sys

PINNED = '82176f88975933814652d021424d787e77799b25'
SRC = sys.argv[1] if len(sys.argv) > 1 else '.'
COMMIT = sys.argv[2] if len(sys.argv) > 2 else PINNED
OUT = sys.argv[3] if len(sys.argv) > 3 else 'taylor.db'
if COMMIT != PINNED:
    print(f'warning: commit {COMMIT} is not the pinned {PINNED}', file=sys.stderr)


def show(path):
    return subprocess.run(['git', '--git-dir=' + SRC, 'show', f'{COMMIT}:{path}'],
                          capture_output=True, check=True).stdout


# --- a minimal reader for R's XDR serialization (what save() writes into an .rda) ---
NA_INTEGER = -2**31


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
            v = self.d[self.p:self.p + n].decode('utf-8')
            self.p += n
            return v
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


def read_rda(name):
    data = bz2.decompress(show(f'data/{name}.rda'))
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    (obj, (columns, attrs)), = r.item()        # one saved object: a tibble
    assert obj == name, obj
    frame = {}
    for col, (v, a) in zip(attrs['names'][0], columns):
        if 'Date' in a.get('class', ([],))[0]:
            v = [None if x is None else
                 (datetime.date(1970, 1, 1) + datetime.timedelta(days=int(x))).isoformat() for x in v]
            assert all(x is None or len(x) == 10 for x in v)
        elif a['_type'] == 14:
            v = [None if x is None else float(x) for x in v]
        frame[col] = v
    return frame


SCHEMA = '''
CREATE TABLE taylor_albums (
  album_name       TEXT NOT NULL PRIMARY KEY,
  ep               INTEGER NOT NULL,  -- 1 = EP, 0 = studio album
  album_release    TEXT NOT NULL,     -- ISO date
  metacritic_score INTEGER,           -- critics' score 0-100
  user_score       REAL               -- Metacritic users' score 0-10
);
CREATE TABLE taylor_all_songs (
  album_name          TEXT REFERENCES taylor_albums (album_name),  -- NULL: not on an album or EP
  ep                  INTEGER,
  album_release       TEXT,
  track_number        INTEGER,
  track_name          TEXT NOT NULL,
  artist              TEXT NOT NULL,
  featuring           TEXT,
  bonus_track         INTEGER,       -- 1 = only on a deluxe edition
  promotional_release TEXT,
  single_release      TEXT,
  track_release       TEXT NOT NULL,
  danceability        REAL,
  energy              REAL,
  key                 INTEGER,       -- pitch class 0 = C ... 11 = B
  loudness            REAL,          -- dB
  mode                INTEGER,       -- 1 = major, 0 = minor
  speechiness         REAL,
  acousticness        REAL,
  instrumentalness    REAL,
  liveness            REAL,
  valence             REAL,
  tempo               REAL,          -- beats per minute
  time_signature      INTEGER,
  duration_ms         INTEGER,       -- milliseconds
  explicit            INTEGER,       -- 1 = explicit lyrics
  key_name            TEXT,
  mode_name           TEXT,
  key_mode            TEXT,
  UNIQUE (album_name, track_name)
);
CREATE TABLE eras_tour_surprise (
  leg        TEXT NOT NULL,
  date       TEXT NOT NULL,
  city       TEXT NOT NULL,
  night      INTEGER NOT NULL,
  dress      TEXT NOT NULL,
  instrument TEXT NOT NULL,
  song       TEXT NOT NULL,
  mashup     TEXT,
  guest      TEXT,
  PRIMARY KEY (date, song)
);
'''

COLS = {t: [line.split()[0] for line in body.split('\n')[1:]
            if line.strip() and not line.strip().startswith(('UNIQUE', 'PRIMARY', ')'))]
        for t, body in (s.split(' (', 1) for s in SCHEMA.split('CREATE TABLE ')[1:])}

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
db.executescript(SCHEMA)

frames = {}
for table in ('taylor_albums', 'taylor_all_songs', 'eras_tour_surprise'):
    f = read_rda(table)
    cols = COLS[table]
    if table == 'taylor_all_songs':
        assert list(f) == cols + ['lyrics'], list(f)
    else:
        assert list(f) == cols, list(f)
    rows = list(zip(*(f[c] for c in cols)))
    db.executemany(f'INSERT INTO {table} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})', rows)
    frames[table] = rows
db.commit()

# --- checks ---
songs = frames['taylor_all_songs']
sub = read_rda('taylor_album_songs')
assert list(sub) == COLS['taylor_all_songs'] + ['lyrics']
sub_rows = list(zip(*(sub[c] for c in COLS['taylor_all_songs'])))
studio = {r[0] for r in frames['taylor_albums'] if r[1] == 0} - {'Fearless', 'Speak Now', 'Red', '1989'}
assert sub_rows == [r for r in songs if r[0] in studio], 'taylor_album_songs is not the studio-album subset'
one = lambda q: db.execute(q).fetchone()[0]
assert one('''SELECT count(*) FROM taylor_all_songs s JOIN taylor_albums a USING (album_name)
              WHERE s.ep <> a.ep OR s.album_release <> a.album_release''') == 0
assert one('''SELECT count(*) FROM taylor_all_songs WHERE album_name IS NULL
              AND (ep IS NOT NULL OR bonus_track IS NOT NULL OR track_number IS NOT NULL)''') == 0
assert one('''SELECT count(*) FROM taylor_all_songs WHERE coalesce(bonus_track, 0) = 0
              AND track_release <> min(coalesce(album_release, '9'), coalesce(promotional_release, '9'),
                                        coalesce(single_release, '9'))''') == 0
assert one('''SELECT count(*) FROM taylor_all_songs WHERE key_mode <> key_name || ' ' || mode_name
              OR mode_name <> CASE mode WHEN 1 THEN 'major' ELSE 'minor' END''') == 0
print({t: one(f'SELECT count(*) FROM {t}') for t in frames})
print('foreign key violations:', db.execute('PRAGMA foreign_key_check').fetchall()[:5])
print('surprise songs not in taylor_all_songs:', db.execute(
    'SELECT DISTINCT song FROM eras_tour_surprise WHERE song NOT IN (SELECT track_name FROM taylor_all_songs)').fetchall())
db.execute('VACUUM')
db.close()
