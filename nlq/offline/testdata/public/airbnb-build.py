#!/usr/bin/env python3
# Builds airbnb.db: the Inside Airbnb (insideairbnb.com, Murray Cox) data for Albany, New York, USA,
# scrape 20241105062440 (listings last scraped 2024-11-05 / 2024-11-09). Inside Airbnb publishes its
# data under the Creative Commons Attribution 4.0 International licence (CC BY 4.0); see airbnb.LICENSE.
#
# Copy used: github.com/rawaha-coder/Albany-Airbnb-Dashboard, commit
# 0d98d05a3739f33aae692f60b0818a77af747e30 (2025-01-23, "Add files via upload"; the three CSV files
# were added in 9a12917a90b7a72b8c99bbb1eb359d22bfa3bbd1, 2025-01-22), files as downloaded from
# insideairbnb.com/get-the-data (the repository's README: "Data source https://insideairbnb.com/get-the-data/"):
#   listings.csv.gz  blob fa4c2b3d7cfbf14c752f5b774c3791168e3738d0  (421 listings, 75 columns)
#   reviews.csv.gz   blob 936eb5bc8ea8ccb86d32450586de41f0455c5d89  (25,313 reviews, 2014-07-01..2024-11-04)
#   calendar.csv.gz  blob e7b0cc8603a5242bba5110250c01ecd40f8a1722  (153,665 listing-days, 2024-11-05..2025-11-08)
# The copy has no neighbourhoods.csv; the table is rebuilt from listings.neighbourhood_cleansed
# (Albany's 15 wards; Inside Airbnb's neighbourhoods.csv has the same two columns, and Albany has no
# neighbourhood groups, so neighbourhood_group is NULL throughout, as neighbourhood_group_cleansed is).
#
# Usage (Python 3, standard library only):
#   python3 airbnb-build.py <rawaha-coder+Albany-Airbnb-Dashboard git dir | folder holding the three .csv.gz> [out.db]
#   e.g. python3 airbnb-build.py /work/.mirror/rawaha-coder+Albany-Airbnb-Dashboard/repo airbnb.db
#   then gzip -9 -n -c airbnb.db > airbnb.db.gz
#
# WHAT IS KEPT / CHANGED
# * Inside Airbnb's own snake_case column names, unchanged; table names are the file names
#   (listings, reviews, calendar, neighbourhoods) plus hosts.
# * hosts is split out of listings: host_id and every host_* column, plus the four
#   calculated_host_listings_count* columns (all constant per host_id in this file, checked below),
#   are moved to hosts (189 hosts); listings keeps host_id REFERENCES hosts.
# * Empty strings become NULL; other values are kept as text exactly as in the files except that
#   integer and decimal columns are stored as INTEGER / REAL. Booleans stay 't'/'f' text
#   (host_is_superhost, host_has_profile_pic, host_identity_verified, has_availability,
#   instant_bookable, calendar.available). Rates stay text with a percent sign ('100%') or 'N/A'.
# * PRICES ARE KEPT AS TEXT in the source format: '$70.00', '$1,250.00' (listings.price, calendar.price);
#   no numeric column is added. A numeric price is
#   CAST(REPLACE(REPLACE(price, '$', ''), ',', '') AS REAL). listings.price is NULL for 37 listings;
#   calendar.adjusted_price is NULL on every row (the source column is empty).
# * Dates are ISO 'YYYY-MM-DD' text, as in the source. host_verifications and amenities stay as the
#   source's list text ("['email', 'phone']", '["Wifi", "Kitchen"]').
# * calendar is SUBSET to one calendar month, 2024-12-01..2024-12-31, for all 421 listings
#   (13,051 of 153,665 rows); everything else is complete.
import csv, gzip, io, os, sqlite3, subprocess, sys

BLOBS = {
    'listings': 'fa4c2b3d7cfbf14c752f5b774c3791168e3738d0',
    'reviews': '936eb5bc8ea8ccb86d32450586de41f0455c5d89',
    'calendar': 'e7b0cc8603a5242bba5110250c01ecd40f8a1722',
}
CAL_FROM, CAL_TO = '2024-12-01', '2024-12-31'

def read(src, name):
    path = os.path.join(src, name + '.csv.gz')
    if os.path.isfile(path):
        data = open(path, 'rb').read()
    else:
        data = subprocess.run(['git', '--git-dir', src, 'cat-file', 'blob', BLOBS[name]],
                              check=True, stdout=subprocess.PIPE).stdout
    text = gzip.decompress(data).decode('utf-8')
    return list(csv.DictReader(io.StringIO(text, newline='')))

INT = {'id', 'scrape_id', 'host_id', 'host_listings_count', 'host_total_listings_count', 'accommodates',
       'bedrooms', 'beds', 'minimum_nights', 'maximum_nights', 'minimum_minimum_nights',
       'maximum_minimum_nights', 'minimum_maximum_nights', 'maximum_maximum_nights', 'availability_30',
       'availability_60', 'availability_90', 'availability_365', 'number_of_reviews',
       'number_of_reviews_ltm', 'number_of_reviews_l30d', 'calculated_host_listings_count',
       'calculated_host_listings_count_entire_homes', 'calculated_host_listings_count_private_rooms',
       'calculated_host_listings_count_shared_rooms', 'listing_id', 'reviewer_id'}
REAL = {'latitude', 'longitude', 'bathrooms', 'minimum_nights_avg_ntm', 'maximum_nights_avg_ntm',
        'review_scores_rating', 'review_scores_accuracy', 'review_scores_cleanliness',
        'review_scores_checkin', 'review_scores_communication', 'review_scores_location',
        'review_scores_value', 'reviews_per_month'}

def conv(col, v):
    if v == '':
        return None
    if col in INT:
        return int(v)
    if col in REAL:
        return float(v)
    return v

def typ(col):
    return 'INTEGER' if col in INT else 'REAL' if col in REAL else 'TEXT'

def main():
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else 'airbnb.db'
    L = read(src, 'listings')
    R = read(src, 'reviews')
    C = read(src, 'calendar')
    lcols = list(L[0].keys())
    hcols = ['host_id'] + [c for c in lcols if c.startswith('host_') and c != 'host_id'] + \
            [c for c in lcols if c.startswith('calculated_host_listings_count')]
    listcols = [c for c in lcols if c not in hcols or c == 'host_id']

    hosts = {}
    for r in L:
        h = tuple(r[c] for c in hcols)
        assert hosts.setdefault(r['host_id'], h) == h, r['host_id']
    hoods = sorted(set(r['neighbourhood_cleansed'] for r in L))
    assert all(r['neighbourhood_group_cleansed'] == '' for r in L)
    cal = [r for r in C if CAL_FROM <= r['date'] <= CAL_TO]

    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.execute('PRAGMA foreign_keys = ON')
    db.execute('CREATE TABLE neighbourhoods (neighbourhood_group TEXT, neighbourhood TEXT PRIMARY KEY)')
    db.execute('CREATE TABLE hosts (%s)' % ', '.join(
        '%s %s%s' % (c, typ(c), ' PRIMARY KEY' if c == 'host_id' else '') for c in hcols))
    defs = []
    for c in listcols:
        d = '%s %s' % (c, typ(c))
        if c == 'id':
            d += ' PRIMARY KEY'
        elif c == 'host_id':
            d += ' REFERENCES hosts(host_id)'
        elif c == 'neighbourhood_cleansed':
            d += ' REFERENCES neighbourhoods(neighbourhood)'
        defs.append(d)
    db.execute('CREATE TABLE listings (%s)' % ', '.join(defs))
    db.execute('CREATE TABLE reviews (listing_id INTEGER REFERENCES listings(id), id INTEGER PRIMARY KEY, '
               'date TEXT, reviewer_id INTEGER, reviewer_name TEXT, comments TEXT)')
    db.execute('CREATE TABLE calendar (listing_id INTEGER REFERENCES listings(id), date TEXT, available TEXT, '
               'price TEXT, adjusted_price TEXT, minimum_nights INTEGER, maximum_nights INTEGER, '
               'PRIMARY KEY (listing_id, date))')

    db.executemany('INSERT INTO neighbourhoods VALUES (?, ?)', [(None, n) for n in hoods])
    def ins(table, cols, rows):
        db.executemany('INSERT INTO %s (%s) VALUES (%s)' % (table, ', '.join(cols), ', '.join('?' * len(cols))),
                       [tuple(conv(c, r[c]) for c in cols) for r in rows])
    seen = set(); hrows = []
    for r in L:
        if r['host_id'] not in seen:
            seen.add(r['host_id']); hrows.append(r)
    ins('hosts', hcols, hrows)
    ins('listings', listcols, L)
    ins('reviews', ['listing_id', 'id', 'date', 'reviewer_id', 'reviewer_name', 'comments'], R)
    ins('calendar', ['listing_id', 'date', 'available', 'price', 'adjusted_price', 'minimum_nights',
                     'maximum_nights'], cal)
    db.commit()
    assert db.execute('PRAGMA foreign_key_check').fetchall() == []
    assert db.execute('PRAGMA integrity_check').fetchone()[0] == 'ok'
    for t in ('neighbourhoods', 'hosts', 'listings', 'reviews', 'calendar'):
        print(t, db.execute('SELECT COUNT(*) FROM ' + t).fetchone()[0])
    db.execute('VACUUM')
    db.close()

if __name__ == '__main__':
    main()
