#!/usr/bin/env python3
# Builds crm_sales.db from the "CRM Sales Opportunities" sample data set of the Maven Analytics
# Data Playground (mavenanalytics.io/data-playground; Maven names data.world as its source and
# lists the licence as Public Domain; Kaggle copies such as innocentmfa/crm-sales-opportunities
# carry CC0). It is the B2B sales pipeline of a fictitious company that sells computer hardware
# (the "MAVEN sales challenge"): its customer accounts, its seven products, its 35 sales agents
# with their managers and regional offices, and 8,800 sales opportunities with their deal stage,
# dates and closing value.
#
# SOURCE. The four CSV files exactly as Maven ships them, read from the copy that
# github.com/joaodosdados/CRM_cliente_recomendation keeps apart from its own derived files:
#   data/original_maven/accounts.csv         85 rows
#   data/original_maven/products.csv          7 rows
#   data/original_maven/sales_teams.csv      35 rows
#   data/original_maven/sales_pipeline.csv 8,800 rows
# Pinned commit: 6f1f654113695ad04980d9d2b68ad229d8605c39 (2026-06-14, the newest); the files were
# added in fa732618e65f076fb388bfb98459f63f05aae85a (2026-06-14, "structure industrial crm mvp").
# The same four files, byte for byte apart from CRLF line ends, are in ThomasKieny/CRM_analysis
# (7df61894569215c1e36a8c43bc179f831130968d: accounts, products, sales_teams) and
# business-science/free_ai_training (618ad63cea624fe71ed61be15c8cb164f79a2e20:
# data/sales_pipeline.csv); the script checks the SHA-256 of each file (line ends normalised).
#
# Run:  python3 crm_sales-build.py <git dir of joaodosdados/CRM_cliente_recomendation> crm_sales.db
#       gzip -9 -n crm_sales.db
#
# TABLES (names and column names and order exactly as in the CSV files; nothing subset):
#   accounts (85)        account TEXT PRIMARY KEY (the company name), sector (lower case, with the
#                        file's misspelling 'technolgy' kept), year_established INTEGER,
#                        revenue REAL (annual revenue in millions of USD), employees INTEGER,
#                        office_location (headquarters country, 'Philipines' as spelt),
#                        subsidiary_of REFERENCES accounts(account) (parent company; NULL for
#                        the 70 accounts that are no subsidiary).
#   products (7)         product TEXT PRIMARY KEY, series ('GTX', 'MG', 'GTK'),
#                        sales_price INTEGER (suggested retail price, USD).
#   sales_teams (35)     sales_agent TEXT PRIMARY KEY, manager (6 managers, no table of their
#                        own), regional_office ('Central', 'East', 'West').
#   sales_pipeline (8,800) opportunity_id TEXT PRIMARY KEY (8 characters),
#                        sales_agent REFERENCES sales_teams, product REFERENCES products,
#                        account REFERENCES accounts, deal_stage ('Prospecting', 'Engaging',
#                        'Won', 'Lost'), engage_date, close_date ('YYYY-MM-DD' text),
#                        close_value INTEGER (revenue from the deal, USD; 0 on every Lost deal).
#
# VALUES. Empty fields -> NULL: `account` on 1,425 open deals (337 Prospecting, 1,088 Engaging),
# `engage_date` on the 500 Prospecting deals, `close_date` and `close_value` on all 2,089 open
# deals; `subsidiary_of` where there is no parent. Numbers typed as above; dates already ISO.
# The ONE edit: sales_pipeline writes the product 'GTX Pro' as 'GTXPro' on all its 1,480 rows,
# which matches no product; it is stored as 'GTX Pro' so that the reference resolves (the
# product table's spelling). Nothing else is changed.
import csv
import hashlib
import io
import os
import sqlite3
import subprocess
import sys

COMMIT = "6f1f654113695ad04980d9d2b68ad229d8605c39"
FILES = {
    "accounts": ("data/original_maven/accounts.csv",
                 "7afe89404278290bc774d8d3f50f16abdc58ccfc6c4288bff23b74fc451abfef"),
    "products": ("data/original_maven/products.csv",
                 "5fb985638d44d53fa3b36276372dd9f5c3d1897a85822c92668e1b47f43167c5"),
    "sales_teams": ("data/original_maven/sales_teams.csv",
                    "e97c6d82adc829c2d340f44425b05f0fd50f07e55d60414889e7630bef6da531"),
    "sales_pipeline": ("data/original_maven/sales_pipeline.csv",
                       "02f44c2ccd46a1c7d7c1d2e568a7504c15560e11b3cdb330a0a8229a1a365421"),
}

SCHEMA = """
CREATE TABLE accounts (
    account          TEXT PRIMARY KEY,
    sector           TEXT,
    year_established INTEGER,
    revenue          REAL,
    employees        INTEGER,
    office_location  TEXT,
    subsidiary_of    TEXT REFERENCES accounts(account)
);
CREATE TABLE products (
    product     TEXT PRIMARY KEY,
    series      TEXT,
    sales_price INTEGER
);
CREATE TABLE sales_teams (
    sales_agent     TEXT PRIMARY KEY,
    manager         TEXT,
    regional_office TEXT
);
CREATE TABLE sales_pipeline (
    opportunity_id TEXT PRIMARY KEY,
    sales_agent    TEXT REFERENCES sales_teams(sales_agent),
    product        TEXT REFERENCES products(product),
    account        TEXT REFERENCES accounts(account),
    deal_stage     TEXT,
    engage_date    TEXT,
    close_date     TEXT,
    close_value    INTEGER
);
"""

TYPES = {
    "accounts": [str, str, int, float, int, str, str],
    "products": [str, str, int],
    "sales_teams": [str, str, str],
    "sales_pipeline": [str, str, str, str, str, str, str, int],
}
COUNTS = {"accounts": 85, "products": 7, "sales_teams": 35, "sales_pipeline": 8800}


def read(gitdir, path, sha):
    raw = subprocess.run(["git", "--git-dir", gitdir, "show", f"{COMMIT}:{path}"],
                         check=True, capture_output=True).stdout
    raw = raw.replace(b"\r\n", b"\n")
    got = hashlib.sha256(raw).hexdigest()
    if got != sha:
        sys.exit(f"{path}: sha256 {got}, expected {sha}")
    return list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: crm_sales-build.py <CRM_cliente_recomendation git dir> <out.db>")
    gitdir, out = sys.argv[1], sys.argv[2]
    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    db.executescript(SCHEMA)
    for table in ("accounts", "products", "sales_teams", "sales_pipeline"):
        path, sha = FILES[table]
        rows = read(gitdir, path, sha)
        header, body = rows[0], rows[1:]
        cols = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        assert header == cols, (table, header, cols)
        assert len(body) == COUNTS[table], (table, len(body))
        out_rows = []
        for r in body:
            assert len(r) == len(cols), (table, r)
            v = [None if x == "" else t(x) for x, t in zip(r, TYPES[table])]
            if table == "sales_pipeline" and v[2] == "GTXPro":
                v[2] = "GTX Pro"
            out_rows.append(v)
        db.executemany(f"INSERT INTO {table} VALUES ({','.join('?' * len(cols))})", out_rows)
    db.commit()
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main()
