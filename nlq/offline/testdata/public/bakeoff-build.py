#!/usr/bin/env python3
# Builds bakeoff.db from github.com/apreshill/bakeoff, the bakeoff R package by Alison Hill,
# Chester Ismay and Richard Iannone (DESCRIPTION: "License: MIT + file LICENSE"): data about
# "The Great British Bake Off" series 1-10 (2010-2019), scraped from Wikipedia: the series, the
# bakers and how each did, every baker's signature / technical / showstopper bake and result in
# every episode, per-episode summaries, and the episodes' UK viewing figures and US air dates.
#
# Pinned commit: 00fdf4dd339b69a60b1d7c9fa7e5850971e04463 (2022-11-02, "Fix GHA workflow ...",
# version 0.2.0.9000, the newest commit). At that commit the package's datasets are no longer in
# data/*.rda: since 3b4329ce (2022-02-23, "Update datasets (#16)") they are stored together in
# R/sysdata.rda and exported by data/data.R (delayedAssign of bakeoff:::<name>), and the older
# data/*.rda files were moved unchanged to data-raw/built_data/ under their OLD names
# (baker_results, challenge_results, episode_results, ratings_seasons, ...; renamed in
# data-raw/reassign.R). R/sysdata.rda last changed in 0b7f9b09220a1e57127744b3133d17ce0a3da025
# (2022-03-04, "Fixing ratings data to be for all 10 series"), which built_data/ratings_seasons.rda
# also got, so R/sysdata.rda at the pinned commit is the newest complete, consistent set: it is
# what the package exports. It is read here with `git show` and a small reader for R's XDR
# serialization (taken from nycflights-build.py, plus the two R types this file also holds:
# an environment and data.table's external pointer).
#
# R/sysdata.rda holds 12 data frames. Kept, under the package's exported names (snake_case table
# and column names exactly as the package writes them, columns in the package's order):
#   series_raw  (10)   one row per UK series: series, episodes, premiere, finale, winner,
#                      avg_uk_viewers (millions), day_of_week, timeslot ('8:00pm'), channel,
#                      runner_up_1, runner_up_2. The package names it "_raw", but it is the only
#                      series-level table, so it is kept (under that name).
#   bakers      (120)  one row per baker per series (the former baker_results): names, age,
#                      occupation, hometown and the package's summary of each baker's run.
#   challenges  (1136) one row per baker per episode of that baker's series (the former
#                      challenge_results = results + bakes), INCLUDING the episodes after a baker
#                      left (result, signature, technical, showstopper all NULL there).
#   episodes    (94)   one row per episode (the former episode_results), collapsed from
#                      challenges by the package: counts of bakers, star bakers' and eliminated
#                      bakers' names as comma lists.
#   ratings     (94)   one row per episode (the former ratings_seasons = ratings_raw + the US
#                      seasons): UK air date, BARB viewers in millions, ranks, iPlayer requests,
#                      US season and US air date.
# Left out: bakers_raw, ratings_raw, results_raw, seasons_raw (the columns of bakers, ratings,
# challenges.result and ratings.us_season/us_airdate; checked below to hold the same values, the
# viewer figures up to float noise in the last digit),
# bakes_raw and episodes_raw (older scrapes of the bakes, 548 and 704 rows, whose content is in
# challenges with a few spacing fixes), spice_test_wide (a 4-row teaching example from Junior
# Bake Off) and the colour palettes (R/sysdata.rda has no palettes; they are R code).
#
# Values: R NA -> NULL. Factors -> their labels; the series and episode numbers (factors in
# series_raw, doubles elsewhere) are stored as INTEGER everywhere, as are all other whole-number
# doubles (age, technical_highest, technical_lowest, total_episodes_appeared, network_rank,
# channels_rank, bbc_iplayer_requests, episode_count, us_season); technical_median (halves),
# percent_* and the viewer figures stay REAL, exactly the doubles the package stores (so some
# show float noise, 4.609999999999999 for 4.61). R Dates (days since 1970-01-01) -> ISO text
# 'YYYY-MM-DD'. ratings.us_airdate is TEXT in the package ('June 22, 2018'); it is converted to
# ISO text too (and checked against seasons_raw, where it is a Date). Everything else as stored,
# including the source's oddities (documented in the README): bakers.star_baker and
# bakers.series_runner_up are 0 for every baker, first/last_date_appeared NULL for series 9 and
# 10, first_date_us/last_date_us always NULL, ratings.viewers_28day for series 1-5 holds small
# numbers that are not viewer figures, challenges.result has one 'WD' (Diana, series 5 episode 5)
# and one '[a]' (a Wikipedia footnote mark; Terry, series 9 episode 4), both 'SICK' in results_raw.
#
# Keys (all hold; checked by PRAGMA foreign_key_check): PRIMARY KEY series_raw (series), bakers
# (series, baker), episodes (series, episode), ratings (series, episode), challenges (series,
# episode, baker). REFERENCES: bakers.series and episodes.series -> series_raw; ratings (series,
# episode) -> episodes; challenges (series, episode) -> episodes and challenges (series, baker)
# -> bakers.
#
# Usage (Python 3, standard library only):
#   python3 bakeoff-build.py <apreshill+bakeoff git dir> [out.db]
#   e.g. python3 bakeoff-build.py /work/.mirror/apreshill+bakeoff/repo bakeoff.db
#   then gzip -9 -n -c bakeoff.db > bakeoff.db.gz
import bz2, datetime, lzma, math, os, sqlite3, struct, subprocess, sys

COMMIT = '00fdf4dd339b69a60b1d7c9fa7e5850971e04463'
GIT = sys.argv[1] if len(sys.argv) > 1 else '.'
OUT = sys.argv[2] if len(sys.argv) > 2 else 'bakeoff.db'


def show(path):
    return subprocess.run(['git', '--git-dir=' + GIT, 'show', f'{COMMIT}:{path}'],
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
        if t == 4:                             # ENVSXP
            env = ('ENV',)
            self.refs.append(env)
            self.int()                         # locked
            self.item(); self.item(); self.item(); self.item()   # enclos, frame, hashtab, attrib
            return env
        if t == 22:                            # EXTPTRSXP (data.table's .internal.selfref)
            ext = ('EXTPTR',)
            self.refs.append(ext)
            self.item(); self.item()           # prot, tag
            if has_attr: self.item()
            return ext
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
        return v, attrs


def decode_column(v, attrs):
    cls = attrs.get('class', ([], {}))[0]
    if 'factor' in cls:
        levels = attrs['levels'][0]
        return [None if x is None else levels[x - 1] for x in v]
    if 'Date' in cls:
        return [None if x is None else
                (datetime.date(1970, 1, 1) + datetime.timedelta(days=whole(x))).isoformat() for x in v]
    return v


def read_rda(data):
    data = bz2.decompress(data) if data[:2] == b'BZ' else lzma.decompress(data) if data[:5] == b'\xfd7zXZ' else data
    assert data[:7] == b'RDX2\nX\n', data[:7]
    r = RReader(data)
    r.p = 7 + 12                               # format version, R version, min R version
    frames = {}
    for name, (columns, attrs) in r.item():    # the saved objects: name -> data frame
        names = attrs['names'][0]
        cols = {n: decode_column(*col) for n, col in zip(names, columns)}
        n = len(next(iter(cols.values())))
        frames[name] = [{c: cols[c][i] for c in names} for i in range(n)]
    return frames


def whole(x):
    if x is None: return None
    assert x == int(x), x
    return int(x)


# --- schema: (column, type) in the package's order ---
TABLES = {
    'series_raw': [
        ('series', 'INTEGER NOT NULL PRIMARY KEY'), ('episodes', 'INTEGER'), ('premiere', 'TEXT'),
        ('finale', 'TEXT'), ('winner', 'TEXT'), ('avg_uk_viewers', 'REAL'), ('day_of_week', 'TEXT'),
        ('timeslot', 'TEXT'), ('channel', 'TEXT'), ('runner_up_1', 'TEXT'), ('runner_up_2', 'TEXT')],
    'bakers': [
        ('series', 'INTEGER NOT NULL REFERENCES series_raw (series)'), ('baker', 'TEXT NOT NULL'),
        ('star_baker', 'INTEGER'), ('technical_winner', 'INTEGER'), ('technical_top3', 'INTEGER'),
        ('technical_bottom', 'INTEGER'), ('technical_highest', 'INTEGER'), ('technical_lowest', 'INTEGER'),
        ('technical_median', 'REAL'), ('series_winner', 'INTEGER'), ('series_runner_up', 'INTEGER'),
        ('total_episodes_appeared', 'INTEGER'), ('first_date_appeared', 'TEXT'),
        ('last_date_appeared', 'TEXT'), ('first_date_us', 'TEXT'), ('last_date_us', 'TEXT'),
        ('percent_episodes_appeared', 'REAL'), ('percent_technical_top3', 'REAL'),
        ('baker_full', 'TEXT'), ('age', 'INTEGER'), ('occupation', 'TEXT'), ('hometown', 'TEXT'),
        ('baker_last', 'TEXT'), ('baker_first', 'TEXT')],
    'episodes': [
        ('series', 'INTEGER NOT NULL REFERENCES series_raw (series)'), ('episode', 'INTEGER NOT NULL'),
        ('bakers_appeared', 'INTEGER'), ('bakers_out', 'INTEGER'), ('bakers_remaining', 'INTEGER'),
        ('star_bakers', 'INTEGER'), ('technical_winners', 'INTEGER'), ('sb_name', 'TEXT'),
        ('winner_name', 'TEXT'), ('eliminated', 'TEXT')],
    'ratings': [
        ('series', 'INTEGER NOT NULL'), ('episode', 'INTEGER NOT NULL'), ('uk_airdate', 'TEXT'),
        ('viewers_7day', 'REAL'), ('viewers_28day', 'REAL'), ('network_rank', 'INTEGER'),
        ('channels_rank', 'INTEGER'), ('bbc_iplayer_requests', 'INTEGER'), ('episode_count', 'INTEGER'),
        ('us_season', 'INTEGER'), ('us_airdate', 'TEXT')],
    'challenges': [
        ('series', 'INTEGER NOT NULL'), ('episode', 'INTEGER NOT NULL'), ('baker', 'TEXT NOT NULL'),
        ('result', 'TEXT'), ('signature', 'TEXT'), ('technical', 'INTEGER'), ('showstopper', 'TEXT')],
}
EXTRA = {
    'bakers': ['PRIMARY KEY (series, baker)'],
    'episodes': ['PRIMARY KEY (series, episode)'],
    'ratings': ['PRIMARY KEY (series, episode)',
                'FOREIGN KEY (series, episode) REFERENCES episodes (series, episode)'],
    'challenges': ['PRIMARY KEY (series, episode, baker)',
                   'FOREIGN KEY (series, episode) REFERENCES episodes (series, episode)',
                   'FOREIGN KEY (series, baker) REFERENCES bakers (series, baker)'],
}
ORDER = ['series_raw', 'bakers', 'episodes', 'ratings', 'challenges']   # parents first


def us_date(s):
    return None if s is None else datetime.datetime.strptime(s, '%B %d, %Y').date().isoformat()


def convert(table, rows):
    types = dict(TABLES[table])
    out = []
    for r in rows:
        rec = {}
        for c, v in r.items():
            if v is not None and types[c].startswith('INTEGER'):
                v = whole(float(v)) if isinstance(v, str) else whole(v)
            elif v is not None and types[c] == 'REAL':
                v = float(v)
            elif table == 'ratings' and c == 'us_airdate':
                v = us_date(v)
            rec[c] = v
        out.append(rec)
    return out


frames = read_rda(show('R/sysdata.rda'))
assert sorted(frames) == sorted(['bakers_raw', 'bakers', 'bakes_raw', 'challenges', 'episodes_raw', 'episodes',
                                 'ratings_raw', 'ratings', 'results_raw', 'seasons_raw', 'series_raw',
                                 'spice_test_wide']), sorted(frames)
data = {}
for t in ORDER:
    assert list(frames[t][0]) == [c for c, _ in TABLES[t]], (t, list(frames[t][0]))
    data[t] = convert(t, frames[t])


# --- the left-out "_raw" frames repeat what is kept (up to float noise): check it ---
def same(a, b):                                # equal, up to float noise (ratings_raw has
    return a == b or (a is not None and b is not None       # 3.8299999999999996 where ratings has 3.83)
                      and abs(float(a) - float(b)) < 1e-9)


def key(r, *cols):
    return tuple(int(r[c]) if c in ('series', 'episode') else r[c] for c in cols)


bakers = {key(r, 'series', 'baker'): r for r in data['bakers']}
for r in frames['bakers_raw']:
    b = bakers[key(r, 'series', 'baker')]
    assert all(same(r[c], b[c]) for c in r if c != 'series'), r
ratings = {key(r, 'series', 'episode'): r for r in data['ratings']}
for r in frames['ratings_raw']:
    b = ratings[key(r, 'series', 'episode')]
    assert all(same(r[c], b[c]) for c in r if c not in ('series', 'episode')), r
for r in frames['seasons_raw']:
    b = ratings[key(r, 'series', 'episode')]
    assert b['us_season'] == r['us_season'] and b['us_airdate'] == r['us_airdate'], (r, b)
assert sum(1 for r in data['ratings'] if r['us_airdate']) == sum(1 for r in frames['seasons_raw'] if r['us_airdate'])
challenges = {key(r, 'series', 'episode', 'baker'): r for r in data['challenges']}
assert len(frames['results_raw']) == len(challenges)
diff = sorted((k, r['result'], challenges[k]['result']) for r in frames['results_raw']
              for k in [key(r, 'series', 'episode', 'baker')] if challenges[k]['result'] != r['result'])
assert diff == [((5, 5, 'Diana'), 'SICK', 'WD'), ((9, 4, 'Terry'), 'SICK', '[a]')], diff   # kept as challenges has them

if os.path.exists(OUT): os.remove(OUT)
db = sqlite3.connect(OUT)
db.execute('PRAGMA foreign_keys = ON')
for t in ORDER:
    body = ',\n  '.join([f'{c} {ty}' for c, ty in TABLES[t]] + EXTRA.get(t, []))
    db.execute(f'CREATE TABLE {t} (\n  {body}\n)')
for t in ORDER:                                # rows in the package's order
    cols = [c for c, _ in TABLES[t]]
    db.executemany(f'INSERT INTO {t} ({", ".join(cols)}) VALUES ({", ".join("?" * len(cols))})',
                   [[r[c] for c in cols] for r in data[t]])
db.commit()
assert db.execute('PRAGMA foreign_key_check').fetchall() == []
print({t: db.execute(f'SELECT count(*) FROM {t}').fetchone()[0] for t in ORDER})
db.execute('VACUUM')
db.close()
