package offline

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// musicDDL is a small store in Chinook's conventions (CamelCase, singular "…Id" keys) whose
// names have more distinct values than a sample holds, so they reach the engine through the
// value index: 80 artists (AC/DC, Beyoncé), 60 customers' last names, and a person, Mia Dubois,
// who is both a customer and an employee. Artist.Touring is a Y/N flag and Album.Released a date
// kept as text: only their data says so.
var musicDDL = []string{
	`CREATE TABLE "Artist" ("ArtistId" INTEGER PRIMARY KEY, "Name" TEXT NOT NULL, "Touring" TEXT NOT NULL)`,
	`CREATE TABLE "Genre" ("GenreId" INTEGER PRIMARY KEY, "Name" TEXT NOT NULL)`,
	`CREATE TABLE "Album" ("AlbumId" INTEGER PRIMARY KEY, "Title" TEXT NOT NULL, "ArtistId" INTEGER NOT NULL REFERENCES "Artist"("ArtistId"), "Released" TEXT)`,
	`CREATE TABLE "Track" ("TrackId" INTEGER PRIMARY KEY, "Name" TEXT NOT NULL, "AlbumId" INTEGER REFERENCES "Album"("AlbumId"), "GenreId" INTEGER REFERENCES "Genre"("GenreId"), "Composer" TEXT, "Milliseconds" INTEGER NOT NULL)`,
	`CREATE TABLE "Employee" ("EmployeeId" INTEGER PRIMARY KEY, "LastName" TEXT NOT NULL, "FirstName" TEXT NOT NULL, "Title" TEXT, "ReportsTo" INTEGER REFERENCES "Employee"("EmployeeId"))`,
	`CREATE TABLE "Customer" ("CustomerId" INTEGER PRIMARY KEY, "FirstName" TEXT NOT NULL, "LastName" TEXT NOT NULL, "Country" TEXT, "SupportRepId" INTEGER REFERENCES "Employee"("EmployeeId"))`,
	`CREATE TABLE "Invoice" ("InvoiceId" INTEGER PRIMARY KEY, "CustomerId" INTEGER NOT NULL REFERENCES "Customer"("CustomerId"), "EmployeeId" INTEGER REFERENCES "Employee"("EmployeeId"), "Total" NUMERIC NOT NULL)`,
}

func writeMusicDB(t testing.TB) (dir string) {
	t.Helper()
	dir = t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, "music.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ins := func(q string, args ...any) {
		if _, err := db.Exec(q, args...); err != nil {
			t.Fatalf("%s %v: %v", q, args, err)
		}
	}
	for _, d := range musicDDL {
		ins(d)
	}
	artists := []string{"AC/DC", "Beyoncé", "Iron Maiden"}
	for i := len(artists); i < 80; i++ {
		artists = append(artists, fmt.Sprintf("Band Number %d", i))
	}
	for i, a := range artists {
		ins(`INSERT INTO Artist VALUES (?, ?, ?)`, i+1, a, []string{"Y", "N", "N"}[i%3])
	}
	for i, g := range []string{"Rock", "Rock & Roll", "Jazz", "Metal"} {
		ins(`INSERT INTO Genre VALUES (?, ?)`, i+1, g)
	}
	for i := 0; i < 100; i++ {
		title := fmt.Sprintf("Album Volume %d", i)
		if i == 99 {
			title = "Iron Maiden" // an album titled as an artist is named
		}
		ins(`INSERT INTO Album VALUES (?, ?, ?, ?)`, i+1, title, 1+i%len(artists), fmt.Sprintf("20%02d-%02d-%02d", 10+i%12, 1+i%12, 1+i%28))
	}
	for i := 0; i < 300; i++ {
		composer := fmt.Sprintf("Composer %d", i%60)
		if i%50 == 7 {
			composer = "AC/DC" // a composer by the artist's name: an attribute, not the artist
		}
		name := fmt.Sprintf("Song %d", i)
		if i == 299 {
			name = "Iron Maiden" // and a track
		}
		ins(`INSERT INTO Track VALUES (?, ?, ?, ?, ?, ?)`, i+1, name, 1+i%100, 1+i%4, composer, 180000+i*1000)
	}
	employees := [][2]string{{"Mia", "Dubois"}, {"Jane", "Peacock"}, {"Noah", "Okafor"}}
	for i, e := range employees {
		var boss any // Mia Dubois manages the others
		if i > 0 {
			boss = 1
		}
		ins(`INSERT INTO Employee VALUES (?, ?, ?, 'Sales Support Agent', ?)`, i+1, e[1], e[0], boss)
	}
	firsts := []string{"Mia", "Luís", "Luis", "Lena", "Omar", "Sara"}
	for i := 0; i < 60; i++ {
		last := fmt.Sprintf("Lastname%02d", i)
		switch i {
		case 0:
			last = "Dubois"
		case 1, 2:
			last = "Gonçalves"
		}
		ins(`INSERT INTO Customer VALUES (?, ?, ?, ?, ?)`, i+1, firsts[i%len(firsts)], last, []string{"Brazil", "France"}[i%2], 1+i%3)
	}
	for i := 0; i < 200; i++ {
		ins(`INSERT INTO Invoice VALUES (?, ?, ?, ?)`, i+1, 1+i%60, 1+i%3, float64(100+i)/10)
	}
	return dir
}

// TestValueIndexMatchesNamesAndTitles asks about values that only the value index knows, typed
// without their case, accents or punctuation, and names a person over two columns; names that
// exist in two tables are refused unless the question says which.
func TestValueIndexMatchesNamesAndTitles(t *testing.T) {
	dir := writeMusicDB(t)
	lite, schema := openSQLite(t, dir, "music.db")
	if p := schema.ProfileOf("Artist", "Name"); p == nil || len(p.Values) != 80 {
		t.Fatalf("Artist.Name should be in the value index: %+v", p)
	}
	cases := []struct {
		question string
		want     []string // in the SQL, in this order
		rows     int      // rows of the answer on SQLite (-1: do not check)
		refuse   string   // the refusal's message contains this
		readings int
	}{
		{question: "how many albums by AC/DC", want: []string{`"Artist"."Name" = 'AC/DC'`}, rows: 1},
		{question: "number of albums of ac dc", want: []string{`= 'AC/DC'`}, rows: 1},
		{question: "how many albums does Beyonce have", want: []string{`= 'Beyoncé'`}, rows: 1},
		{question: "number of tracks of the genre rock and roll", want: []string{`= 'Rock & Roll'`}, rows: 1},
		{question: "number of tracks of the genre Rock & Roll", want: []string{`= 'Rock & Roll'`}, rows: 1},
		{question: "total of invoices of customer Mia Dubois", want: []string{`"Customer"."FirstName" = 'Mia'`, `"Customer"."LastName" = 'Dubois'`}, rows: 1},
		{question: "number of invoices of employee Mia Dubois", want: []string{`"Employee"."FirstName" = 'Mia'`, `"Employee"."LastName" = 'Dubois'`}, rows: 1},
		{question: "total of invoices of Luís Gonçalves", want: []string{`"FirstName" = 'Luís'`, `"LastName" = 'Gonçalves'`}, rows: 1},
		{question: "number of invoices handled by employee Mia Dubois", want: []string{`WHERE "Employee"."FirstName" = 'Mia'`, `"Employee"."LastName" = 'Dubois'`}, rows: 1},
		{question: "total of invoices of customer Jane Peacock", refuse: `no row of Customer is named "Jane Peacock"`},
		{question: "total of invoices of Mia Dubois", refuse: `"Mia Dubois" names more than one thing`, readings: 2},
		{question: "total of invoices of Dubois", refuse: `"Dubois" names more than one thing`, readings: 2},
		// One lower-case word is not read as a name: among thousands some are everyday words.
		{question: "total of invoices of lastname07", refuse: "lastname07"},
		{question: "total of invoices of Lastname07", want: []string{`"Customer"."LastName" = 'Lastname07'`}, rows: 1},
		// The column named before the value decides, even for an attribute: composer, not artist.
		{question: "how many tracks were composed by AC/DC", want: []string{`"Track"."Composer" = 'AC/DC'`}, rows: 1},
		// Units: the number is converted to the column's (milliseconds).
		{question: "how many tracks are longer than 7 minutes", want: []string{`"Track"."Milliseconds" > 420000`}, rows: 1},
		{question: "which tracks are the longest", want: []string{`ORDER BY "Track"."Milliseconds" DESC`, "LIMIT 10"}, rows: 10},
		// A foreign key named for a role (SupportRepId → Employee) groups by the rows it points to.
		{question: "how many customers does each support rep look after", want: []string{`JOIN "Employee" AS support_rep ON "Customer"."SupportRepId" = support_rep."EmployeeId"`}, rows: 3},
		{question: "number of customers per support representative", want: []string{`JOIN "Employee" AS support_rep`}, rows: 3},
		{question: "total invoice amount per support rep", want: []string{`JOIN "Customer" ON`, `JOIN "Employee" AS support_rep ON "Customer"."SupportRepId"`}, rows: 3},
		// Role-named self-joins: rows listed with the row they point to, or filtered by its name.
		{question: "list each employee with the name of their manager", want: []string{`reports_to."FirstName" AS reports_to_first_name`, `JOIN "Employee" AS reports_to ON "Employee"."ReportsTo" = reports_to."EmployeeId"`}, rows: 2},
		{question: "who reports to employee Mia Dubois", want: []string{`SELECT "Employee"."FirstName", "Employee"."LastName"`, `WHERE reports_to."FirstName" = 'Mia'`, `reports_to."LastName" = 'Dubois'`}, rows: 2},
		{question: "how many employees report to Jane Peacock", want: []string{`WHERE reports_to."FirstName" = 'Jane'`}, rows: 1},
		// A name before a plural noun says whose rows they are: the artist (a name), not the
		// album (a title) nor a track itself; said otherwise, it is still ambiguous.
		{question: "number of Iron Maiden tracks", want: []string{`WHERE "Artist"."Name" = 'Iron Maiden'`}, rows: 1},
		{question: "number of tracks of the album Iron Maiden", want: []string{`WHERE "Album"."Title" = 'Iron Maiden'`}, rows: 1},
		{question: "how many invoices of Iron Maiden", refuse: `"Iron Maiden" names more than one thing`, readings: 3},
		// A handling verb says the name is the staff member's.
		{question: "how many invoices has Mia Dubois handled", want: []string{`WHERE "Employee"."FirstName" = 'Mia'`}, rows: 1},
		// Shares of rows in a state; anti-joins two joins away.
		{question: "what percentage of artists are touring", want: []string{`100.0 * SUM(CASE WHEN "Artist"."Touring" = 'Y' THEN 1 ELSE 0 END) / COUNT(*)`}, rows: 1},
		{question: "artists without tracks", want: []string{`NOT EXISTS (SELECT 1 FROM "Track" JOIN "Album" ON "Track"."AlbumId" = "Album"."AlbumId" WHERE "Album"."ArtistId" = "Artist"."ArtistId")`}, rows: 0},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.question, func(t *testing.T) {
			g, err := New().Generate(ctx, nlq.Request{Question: c.question, Dialect: datasource.SQLite, Schema: schema})
			if c.refuse != "" {
				nu, ok := nlq.IsNotUnderstood(err)
				if !ok || !strings.Contains(nu.Error(), c.refuse) || len(nu.Readings) != c.readings {
					t.Fatalf("want a refusal with %q and %d readings, got %v (SQL %s)", c.refuse, c.readings, err, g.SQL)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			at := 0
			for _, w := range c.want {
				k := strings.Index(g.SQL[at:], w)
				if k < 0 {
					t.Fatalf("SQL lacks %s (in order):\n%s", w, g.SQL)
				}
				at += k
			}
			res, err := query(ctx, lite, g.SQL)
			if err != nil {
				t.Fatalf("%v\n%s", err, g.SQL)
			}
			if c.rows >= 0 && len(res.rows) != c.rows {
				t.Errorf("%d rows, want %d\n%s", len(res.rows), c.rows, g.SQL)
			}
		})
	}
}

// TestValueQuestionsExecuteInEveryDialect runs the value questions' SQL on PostgreSQL and
// MySQL/MariaDB copies of the music store and compares the rows with SQLite's.
func TestValueQuestionsExecuteInEveryDialect(t *testing.T) {
	if testing.Short() {
		t.Skip("needs database servers")
	}
	dir := writeMusicDB(t)
	lite, schema := openSQLite(t, dir, "music.db")
	// Not "Luís Gonçalves": MySQL's default collations compare without accents, so there
	// 'Luís' = 'Luis' holds, as the customer's database decides.
	questions := []string{"how many albums by AC/DC", "number of tracks of the genre rock and roll",
		"total of invoices of customer Mia Dubois", "number of invoices of employee Mia Dubois", "how many albums does Beyonce have",
		"how many artists are touring", "number of albums per month", "albums released in 2015",
		"how many tracks are longer than 7 minutes", "which tracks are the longest", "how many tracks were composed by AC/DC",
		"number of invoices handled by employee Mia Dubois", "which genres have more than 70 tracks",
		"what percentage of artists are touring", "artists without tracks", "how many customers does each support rep look after",
		"list each employee with the name of their manager", "who reports to employee Mia Dubois",
		"number of Iron Maiden tracks", "how many invoices has Mia Dubois handled"}
	for _, d := range testServers() {
		t.Run(string(d.typ), func(t *testing.T) {
			ddls := musicDDL
			if d.typ == datasource.MySQL {
				ddls = nil
				for _, x := range musicDDL {
					ddls = append(ddls, strings.ReplaceAll(x, `"`, "`"))
				}
			}
			db := copyTables(t, lite, d.typ, d.driver, d.dsn, ddls)
			for _, q := range questions {
				sameRowsAsSQLite(t, lite, db, schema, d.typ, q, time.Time{})
			}
		})
	}
}
