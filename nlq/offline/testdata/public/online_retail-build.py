#!/usr/bin/env python3
# Builds online_retail.db: the UCI Machine Learning Repository's "Online Retail" data set (Daqing
# Chen, London South Bank University; donated 2015-11-06), every sales line of a UK-based,
# non-store online retailer of all-occasion gifts (many of its customers are wholesalers), cut to
# the four whole months 2010-12-01 .. 2011-03-31 (142,083 of the 541,909 lines; see "Subset").
#
# Data: UCI Machine Learning Repository, "Online Retail", https://archive.ics.uci.edu/dataset/352/
#   online+retail (doi:10.24432/C5BW33), licensed CC BY 4.0. Described in Daqing Chen, Sai Liang
#   Sain and Kun Guo, "Data mining for the online retail industry: A case study of RFM model-based
#   customer segmentation using data mining", Journal of Database Marketing and Customer Strategy
#   Management 19(3), 197-208, 2012 (doi:10.1057/dbm.2012.17). See online_retail.LICENSE.
# Copy used: github.com/databricks/Spark-The-Definitive-Guide (the data of the book "Spark: The
#   Definitive Guide", Bill Chambers and Matei Zaharia; repository Apache-2.0, license.md), commit
#   4ba5601eb9b9aed1d01ab79775e3af228216ff6f (2019-09-12, the newest), folder
#   data/retail-data/by-day/: the whole UCI file split into one CSV per trading day, 305 files
#   2010-12-01.csv .. 2011-12-09.csv (48 MB, 541,909 rows in all, the UCI count), added unchanged
#   since in fec0993e7d10521e948893e5296f1b69c420ef46 (2017-06-01, "added retail data");
#   data/README.md there credits the UCI repository and Chen et al. (The unsplit copy
#   data/retail-data/all/online-retail-dataset.csv is too large to be in the stored snapshot.)
#   Each file has the UCI header InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,
#   CustomerID,Country; the copy (written by pandas/Spark) gives InvoiceDate as ISO
#   'YYYY-MM-DD HH:MM:SS' (the UCI spreadsheet's date cells; to the minute, seconds always :00)
#   and CustomerID as a float '17850.0', empty where the customer is unknown.
#
# Usage (Python 3, standard library only):
#   python3 online_retail-build.py <git-dir> <out.db>
#   e.g. python3 online_retail-build.py /work/.mirror/databricks+Spark-The-Definitive-Guide/repo \
#            online_retail.db
#   then gzip -9 -n online_retail.db
#   <git-dir> may also be a directory holding the by-day CSV files themselves.
#
# Table (one flat table, as the source is one flat sheet; its name and column names kept):
#   online_retail (142,083 rows): one row per invoice line.
#     InvoiceNo TEXT   six-digit invoice number as text ('536365'); 'C' + number for a
#                      cancellation/credit note ('C536379', Quantity negative); 'A' + number for
#                      the three "Adjust bad debt" lines of 2011-08 (none in this subset).
#                      An invoice has many lines.
#     StockCode TEXT   product code: five digits, often with a letter suffix for a variant
#                      ('85123A', '84029G'; lower-case suffixes occur too, '85123a', '15056bl'),
#                      'DCGS…' dotcom-shop codes, 'gift_0001_20' gift vouchers, or a service
#                      code: 'POST' postage, 'DOT' dotcom postage, 'M'/'m' manual, 'D' discount,
#                      'C2' carriage, 'S' samples, 'AMAZONFEE', 'BANK CHARGES' (the full file
#                      also has 'CRUK', 'PADS', 'B').
#     Description TEXT product name in capitals as the till wrote it, NULL when empty in the
#                      source (lines of unknown stock, mostly adjustments with UnitPrice 0); kept
#                      exactly as written (leading/trailing blanks included; one StockCode can
#                      carry several spellings; notes such as 'damaged', '?' and 'check' on
#                      stock adjustments).
#     Quantity INTEGER units on the line; negative on cancellations and on stock adjustments.
#     InvoiceDate TEXT 'YYYY-MM-DD HH:MM:SS', the invoice's date and time (UK local time).
#     UnitPrice REAL   price per unit in pounds sterling; 0 on free/adjustment lines. A line's
#                      revenue is Quantity * UnitPrice (no line total is stored).
#     CustomerID INTEGER five-digit customer number (12346 .. 18283 here), stored as an integer
#                      (the copy's '17850.0' -> 17850, as the UCI sheet has it); NULL when the
#                      sale was not linked to a customer account.
#     Country TEXT     the customer's country as the retailer spells it: 'United Kingdom',
#                      'EIRE' (Ireland), 'Channel Islands', 'Czech Republic', 'United Arab
#                      Emirates' ... (32 here; the full file also has 'USA', 'RSA',
#                      'European Community', 'Unspecified', 'Brazil').
#   No primary key: the source has no line number and repeats identical lines (the same
#   product twice on one invoice at the same price), so no column set is unique. Indexes on
#   InvoiceNo, StockCode, CustomerID and InvoiceDate are left out to keep the file small.
#
# Subset: whole calendar months 2010-12, 2011-01, 2011-02 and 2011-03 (MONTHS below), every line
#   dated in them (142,083 lines: 42,481 + 35,147 + 27,707 + 36,748); the full year makes a
#   12.5 MB gzip. The rows are stored ordered by StockCode, Description, UnitPrice, InvoiceDate,
#   InvoiceNo (ties kept in the copy's order: by day file, then line), which clusters repeated
#   product names for gzip (2.6 MB instead of 3.3 MB in the copy's order); row order carries
#   no meaning.
#
# Transformations: none to the values except types and two empty-field rules: Quantity INTEGER,
#   UnitPrice REAL (the copy's shortest float text, e.g. '2.1', parsed), CustomerID '17850.0' ->
#   INTEGER 17850 and '' -> NULL, Description '' -> NULL. Texts (codes, descriptions, countries)
#   unchanged. The build checks the header of every file, the row count, that every line's date
#   is in its day file, and PRAGMA integrity_check.
import csv
import io
import os
import sqlite3
import subprocess
import sys

COMMIT = '4ba5601eb9b9aed1d01ab79775e3af228216ff6f'
FOLDER = 'data/retail-data/by-day/'
HEADER = ['InvoiceNo', 'StockCode', 'Description', 'Quantity', 'InvoiceDate', 'UnitPrice',
          'CustomerID', 'Country']
MONTHS = ('2010-12', '2011-01', '2011-02', '2011-03')
EXPECTED_ROWS = 142083


def day_files(src):
    """Yield (name, text) for every by-day CSV, in name (= date) order."""
    if os.path.isdir(src) and any(n.endswith('.csv') for n in os.listdir(src)):
        for n in sorted(os.listdir(src)):
            if n.endswith('.csv'):
                with open(os.path.join(src, n), encoding='utf-8', newline='') as f:
                    yield n, f.read()
        return
    git = ['git', '--git-dir=' + src]
    names = subprocess.run(git + ['ls-tree', '--name-only', COMMIT, FOLDER], check=True,
                           capture_output=True, text=True).stdout.split()
    if len(names) != 305:
        sys.exit('expected 305 day files, found %d' % len(names))
    for path in sorted(names):
        data = subprocess.run(git + ['show', COMMIT + ':' + path], check=True,
                              capture_output=True).stdout
        yield os.path.basename(path), data.decode('utf-8')


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: online_retail-build.py <git-dir or csv dir> <out.db>')
    src, out = sys.argv[1], sys.argv[2]
    rows = []
    total = 0
    for name, text in day_files(src):
        day = name[:-4]
        if day[:7] not in MONTHS:
            total += text.count('\n') - 1  # only for the report below
            continue
        rd = csv.reader(io.StringIO(text, newline=''))
        if next(rd) != HEADER:
            sys.exit('unexpected header in ' + name)
        for r in rd:
            if not r:
                continue
            total += 1
            inv, stock, desc, qty, date, price, cust, country = r
            if date[:10] != day:
                sys.exit('line dated %s in %s' % (date, name))
            rows.append((inv, stock, desc if desc != '' else None, int(qty), date, float(price),
                         int(float(cust)) if cust != '' else None, country))
    if len(rows) != EXPECTED_ROWS:
        sys.exit('expected %d rows, got %d' % (EXPECTED_ROWS, len(rows)))
    rows.sort(key=lambda r: (r[1], r[2] or '', r[5], r[4], r[0]))  # stable: ties keep copy order

    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.execute('PRAGMA page_size = 4096')
    db.execute('''CREATE TABLE online_retail (
  InvoiceNo TEXT NOT NULL,
  StockCode TEXT NOT NULL,
  Description TEXT,
  Quantity INTEGER NOT NULL,
  InvoiceDate TEXT NOT NULL,
  UnitPrice REAL NOT NULL,
  CustomerID INTEGER,
  Country TEXT NOT NULL
)''')
    db.executemany('INSERT INTO online_retail VALUES (?,?,?,?,?,?,?,?)', rows)
    db.commit()
    ok = db.execute('PRAGMA integrity_check').fetchone()[0]
    if ok != 'ok':
        sys.exit('integrity_check: ' + ok)
    db.execute('VACUUM')
    n, lo, hi = db.execute('SELECT COUNT(*), MIN(InvoiceDate), MAX(InvoiceDate) '
                           'FROM online_retail').fetchone()
    db.close()
    print('online_retail: %d rows (%s .. %s); source lines seen: %d' % (n, lo, hi, total))


if __name__ == '__main__':
    main()
