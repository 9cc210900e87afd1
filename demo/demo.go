// Package demo writes the demo data source: a small, realistic and deterministic business
// database (customers, products, orders, marketing campaigns) in SQLite, so the service can be
// tried, and its language engines tested, without a customer database.
package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	// The project's sqlite driver (database/sql name "sqlite").
	_ "github.com/glebarez/go-sqlite"
)

// Description says in a sentence what the demo database holds, for docs and the demo data
// source's description.
const Description = "A fictional B2B/B2C retailer, 2022-2025: regions and countries, sales reps, " +
	"about 2,000 customers in three segments, 150 products in 10 categories, about 20,000 orders " +
	"with 50,000 order lines, and 25 marketing campaigns with daily spend and results."

// TableInfo describes one table of the demo database.
type TableInfo struct {
	Name        string
	Description string
}

// Tables lists the demo database's tables in dependency order, for docs and examples.
func Tables() []TableInfo {
	return []TableInfo{
		{"regions", "Six sales regions (North America, Latin America, Europe, Asia Pacific, Middle East, Africa)."},
		{"countries", "27 countries with ISO code, each in one region (region_id)."},
		{"sales_reps", "Sales representatives, four per region (region_id), with hire_date."},
		{"customers", "About 2,000 customers: name, email, phone, country (a countries.name), city, segment ('Enterprise', 'SMB', 'Consumer'), signup_date, sales_rep_id."},
		{"product_categories", "Ten product categories (Electronics, Computers, Furniture, ...)."},
		{"products", "150 products: name, category (a product_categories.name), unit_price and cost."},
		{"orders", "About 20,000 orders from 2022-01-01 to 2025-12-31: order_date, customer_id, sales_rep_id, status ('completed', 'shipped', 'cancelled', 'returned'), total_amount."},
		{"order_lines", "About 50,000 order lines: order_id, product_id, quantity, unit_price, discount (a fraction: 0.10 is 10%), line_total. An order's total_amount is the sum of its line_total."},
		{"campaigns", "25 marketing campaigns (\"Spring Sale 2023\", \"Black Friday 2024\", ...): channel ('email', 'social', 'search', 'display'), start_date, end_date, budget."},
		{"campaign_daily_stats", "One row per campaign and day it ran: date, campaign_id, spend, impressions, clicks, conversions, revenue."},
	}
}

// schema is the demo database's DDL. Dates are 'YYYY-MM-DD' text in DATE columns and money is
// DECIMAL(12,2) everywhere, so the data reads the same way through every connector.
const schema = `
CREATE TABLE regions (
	id   INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);
CREATE TABLE countries (
	id        INTEGER PRIMARY KEY,
	name      TEXT NOT NULL UNIQUE,
	iso_code  TEXT NOT NULL UNIQUE,
	region_id INTEGER NOT NULL REFERENCES regions(id)
);
CREATE TABLE sales_reps (
	id        INTEGER PRIMARY KEY,
	name      TEXT NOT NULL,
	email     TEXT NOT NULL UNIQUE,
	region_id INTEGER NOT NULL REFERENCES regions(id),
	hire_date DATE NOT NULL
);
CREATE TABLE customers (
	id           INTEGER PRIMARY KEY,
	name         TEXT NOT NULL,
	email        TEXT NOT NULL UNIQUE,
	phone        TEXT NOT NULL,
	country      TEXT NOT NULL REFERENCES countries(name),
	city         TEXT NOT NULL,
	segment      TEXT NOT NULL CHECK (segment IN ('Enterprise', 'SMB', 'Consumer')),
	signup_date  DATE NOT NULL,
	sales_rep_id INTEGER NOT NULL REFERENCES sales_reps(id)
);
CREATE TABLE product_categories (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,
	description TEXT NOT NULL
);
CREATE TABLE products (
	id         INTEGER PRIMARY KEY,
	name       TEXT NOT NULL UNIQUE,
	category   TEXT NOT NULL REFERENCES product_categories(name),
	unit_price DECIMAL(12,2) NOT NULL,
	cost       DECIMAL(12,2) NOT NULL
);
CREATE TABLE orders (
	id           INTEGER PRIMARY KEY,
	order_date   DATE NOT NULL,
	customer_id  INTEGER NOT NULL REFERENCES customers(id),
	sales_rep_id INTEGER NOT NULL REFERENCES sales_reps(id),
	status       TEXT NOT NULL CHECK (status IN ('completed', 'shipped', 'cancelled', 'returned')),
	total_amount DECIMAL(12,2) NOT NULL
);
CREATE TABLE order_lines (
	id         INTEGER PRIMARY KEY,
	order_id   INTEGER NOT NULL REFERENCES orders(id),
	product_id INTEGER NOT NULL REFERENCES products(id),
	quantity   INTEGER NOT NULL CHECK (quantity > 0),
	unit_price DECIMAL(12,2) NOT NULL,
	discount   DECIMAL(4,2) NOT NULL DEFAULT 0,
	line_total DECIMAL(12,2) NOT NULL
);
CREATE TABLE campaigns (
	id         INTEGER PRIMARY KEY,
	name       TEXT NOT NULL UNIQUE,
	channel    TEXT NOT NULL CHECK (channel IN ('email', 'social', 'search', 'display')),
	start_date DATE NOT NULL,
	end_date   DATE NOT NULL,
	budget     DECIMAL(12,2) NOT NULL
);
CREATE TABLE campaign_daily_stats (
	campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
	date        DATE NOT NULL,
	spend       DECIMAL(12,2) NOT NULL,
	impressions INTEGER NOT NULL,
	clicks      INTEGER NOT NULL,
	conversions INTEGER NOT NULL,
	revenue     DECIMAL(12,2) NOT NULL,
	PRIMARY KEY (campaign_id, date)
);
`

// indexes are created after the data is in, which is faster than maintaining them row by row.
const indexes = `
CREATE INDEX orders_order_date ON orders(order_date);
CREATE INDEX orders_customer_id ON orders(customer_id);
CREATE INDEX order_lines_order_id ON order_lines(order_id);
CREATE INDEX order_lines_product_id ON order_lines(product_id);
CREATE INDEX customers_country ON customers(country);
`

// WriteSQLite creates the demo database at path. It is idempotent: when path exists it is left
// alone and WriteSQLite returns nil. The file appears atomically (written beside it under a
// temporary name, then renamed), so a crash or a concurrent reader never sees half a database.
func WriteSQLite(ctx context.Context, path string) (err error) {
	if _, err := os.Stat(path); err == nil {
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("demo database: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("demo database: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("demo database: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close()
	defer func() {
		if err != nil {
			os.Remove(tmpPath)
		}
	}()

	// No journal and no syncs while writing: the file is private until the rename, and a
	// failed run is simply deleted.
	db, err := sql.Open("sqlite", "file:"+uriPath(tmpPath)+
		"?_pragma=journal_mode(off)&_pragma=synchronous(off)&_pragma=foreign_keys(0)")
	if err != nil {
		return fmt.Errorf("demo database: %w", err)
	}
	db.SetMaxOpenConns(1)
	genErr := generate(ctx, db)
	closeErr := db.Close()
	if err := errors.Join(genErr, closeErr); err != nil {
		return fmt.Errorf("demo database: %w", err)
	}
	if err := syncFile(tmpPath); err != nil {
		return fmt.Errorf("demo database: %w", err)
	}
	if err := os.Rename(tmpPath, path); err != nil {
		return fmt.Errorf("demo database: %w", err)
	}
	return nil
}

// uriPath escapes what a file: URI would read as syntax.
func uriPath(p string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(p)
}

// syncFile flushes the finished file to disk before it is renamed into place.
func syncFile(p string) error {
	f, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
