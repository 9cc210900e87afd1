package offline

import (
	"compress/gzip"
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Evaluation databases: three small schemas with conventions unlike the demo's, written for
// this project (no public data): a CamelCase trading company ("traders", Northwind-like), a
// film rental shop with singular table names ("rentals", Sakila-like) and a snake_case field
// service company ("fieldservice"). Their data is generated deterministically by an lcg, so
// expected answers are stable.

type evalDB struct {
	name string
	ddl  []string
	fill func(ins func(table string, vals ...any), r *lcg)
}

var firstNames = []string{"Mia", "Noah", "Lena", "Omar", "Sara", "Ivan", "Chloe", "Diego", "Aiko", "Liam", "Nora", "Tariq", "Elena", "Jonas", "Priya", "Hugo"}
var lastNames = []string{"Dubois", "Okafor", "Lindqvist", "Haddad", "Moreau", "Petrov", "Nakamura", "Silva", "Keller", "Novak", "Reyes", "Fischer"}

func pick[T any](r *lcg, xs []T) T { return xs[r.intn(len(xs))] }

func evalDate(r *lcg, fromYear, years int) string {
	d := time.Date(fromYear, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.intn(365*years))
	return d.Format("2006-01-02")
}

var evalDBs = []evalDB{
	{
		name: "traders",
		ddl: []string{
			`CREATE TABLE Categories (CategoryID INTEGER PRIMARY KEY, CategoryName TEXT NOT NULL, Description TEXT)`,
			`CREATE TABLE Suppliers (SupplierID INTEGER PRIMARY KEY, CompanyName TEXT NOT NULL, ContactName TEXT, Country TEXT, Fax TEXT)`,
			`CREATE TABLE Products (ProductID INTEGER PRIMARY KEY, ProductName TEXT NOT NULL, SupplierID INTEGER REFERENCES Suppliers(SupplierID), CategoryID INTEGER REFERENCES Categories(CategoryID), QuantityPerUnit TEXT, UnitPrice NUMERIC, UnitsInStock INTEGER, Discontinued INTEGER NOT NULL)`,
			`CREATE TABLE Employees (EmployeeID INTEGER PRIMARY KEY, LastName TEXT NOT NULL, FirstName TEXT NOT NULL, Title TEXT, HireDate DATE, Country TEXT, ReportsTo INTEGER REFERENCES Employees(EmployeeID))`,
			`CREATE TABLE Customers (CustomerID TEXT PRIMARY KEY, CompanyName TEXT NOT NULL, ContactName TEXT, City TEXT, Country TEXT)`,
			`CREATE TABLE Orders (OrderID INTEGER PRIMARY KEY, CustomerID TEXT REFERENCES Customers(CustomerID), EmployeeID INTEGER REFERENCES Employees(EmployeeID), OrderDate DATE, ShippedDate DATE, ShipCountry TEXT, Freight NUMERIC)`,
			`CREATE TABLE OrderDetails (OrderID INTEGER REFERENCES Orders(OrderID), ProductID INTEGER REFERENCES Products(ProductID), UnitPrice NUMERIC NOT NULL, Quantity INTEGER NOT NULL, Discount REAL NOT NULL, PRIMARY KEY (OrderID, ProductID))`,
		},
		fill: func(ins func(string, ...any), r *lcg) {
			cats := []string{"Beverages", "Condiments", "Confections", "Dairy Products", "Grains/Cereals", "Seafood"}
			for i, c := range cats {
				ins("Categories", i+1, c, "All kinds of "+strings.ToLower(c))
			}
			countries := []string{"Germany", "France", "Japan", "Brazil", "Canada", "Sweden"}
			sups := []string{"Nordic Foods AB", "Tokyo Traders", "Pavlova Ltd", "Cooperativa Sul", "Maple Goods Inc", "Bavaria Delikatessen", "Atelier Sucré"}
			for i, s := range sups {
				var fax any
				if i%2 == 0 {
					fax = fmt.Sprintf("+1 555 01%02d", i)
				}
				ins("Suppliers", i+1, s, pick(r, firstNames)+" "+pick(r, lastNames), countries[i%len(countries)], fax)
			}
			prods := []string{"Chai", "Chang", "Aniseed Syrup", "Cajun Seasoning", "Boysenberry Spread", "Dried Pears", "Ikura", "Queso Cabrales",
				"Konbu", "Tofu", "Pavlova", "Alice Mutton", "Carnarvon Tigers", "Teatime Biscuits", "Sir Rodney's Scones", "Gumbär Gummibärchen",
				"Schoggi Schokolade", "Rössle Sauerkraut", "Nord-Ost Matjeshering", "Gorgonzola Telino", "Mascarpone Fabioli", "Gravad Lax",
				"Côte de Blaye", "Chartreuse Verte", "Boston Crab Meat", "Jack's Clam Chowder", "Singaporean Noodles", "Ipoh Coffee",
				"Rhönbräu Klosterbier", "Lakkalikööri"}
			for i, p := range prods {
				ins("Products", i+1, p, 1+r.intn(len(sups)), 1+r.intn(len(cats)), fmt.Sprintf("%d boxes", 1+r.intn(24)),
					float64(5+r.intn(2600))/10, r.intn(120), map[bool]int{true: 1, false: 0}[r.intn(6) == 0])
			}
			titles := []string{"Sales Representative", "Sales Representative", "Sales Representative", "Sales Manager", "Inside Sales Coordinator"}
			for i := 0; i < 9; i++ {
				var boss any
				switch {
				case i == 0:
					boss = nil
				case i < 3:
					boss = 1
				default:
					boss = 2 + i%2
				}
				title := titles[i%len(titles)]
				if i == 0 {
					title = "Vice President, Sales"
				}
				ins("Employees", i+1, lastNames[i], firstNames[i], title, evalDate(r, 2018, 6), countries[i%2], boss)
			}
			custs := []string{"Alfreds Futterkiste", "Bon App'", "Ernst Handel", "Folk och Fä HB", "Hanari Carnes", "Königlich Essen",
				"La maison d'Asie", "Morgenstern Gesundkost", "Océano Atlántico Ltda.", "QUICK-Stop", "Rattlesnake Canyon Grocery",
				"Simons bistro", "Tortuga Restaurante", "Wartian Herkku", "Die Wandernde Kuh", "Frankenversand"}
			cities := []string{"Berlin", "Marseille", "Graz", "Bräcke", "Rio de Janeiro", "Brandenburg", "Toulouse", "Leipzig", "Buenos Aires", "Cunewalde", "Albuquerque", "København", "México D.F.", "Oulu", "Stuttgart", "München"}
			for i, c := range custs {
				ins("Customers", strings.ToUpper(strings.ReplaceAll(c, " ", ""))[:5], c, pick(r, firstNames)+" "+pick(r, lastNames), cities[i], countries[i%len(countries)])
			}
			od := 0
			for o := 1; o <= 400; o++ {
				c := custs[r.intn(len(custs)-2)] // the last two customers never order
				date := evalDate(r, 2022, 3)
				var shipped any
				if r.intn(8) != 0 {
					d, _ := time.Parse("2006-01-02", date)
					shipped = d.AddDate(0, 0, 1+r.intn(10)).Format("2006-01-02")
				}
				ins("Orders", o, strings.ToUpper(strings.ReplaceAll(c, " ", ""))[:5], 1+r.intn(9), date, shipped, countries[r.intn(len(countries))], float64(r.intn(50000))/100)
				seen := map[int]bool{}
				for k := 0; k < 1+r.intn(4); k++ {
					p := 1 + r.intn(len(prods)-2) // the last two products are never ordered
					if seen[p] {
						continue
					}
					seen[p] = true
					od++
					ins("OrderDetails", o, p, float64(5+r.intn(2600))/10, 1+r.intn(40), []float64{0, 0, 0, 0.05, 0.1, 0.25}[r.intn(6)])
				}
			}
		},
	},
	{
		name: "rentals",
		ddl: []string{
			`CREATE TABLE actor (actor_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL)`,
			`CREATE TABLE category (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL)`,
			`CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT NOT NULL, release_year INTEGER, rental_rate NUMERIC NOT NULL, length INTEGER, replacement_cost NUMERIC NOT NULL, rating TEXT)`,
			`CREATE TABLE film_actor (actor_id INTEGER NOT NULL REFERENCES actor(actor_id), film_id INTEGER NOT NULL REFERENCES film(film_id), PRIMARY KEY (actor_id, film_id))`,
			`CREATE TABLE film_category (film_id INTEGER NOT NULL REFERENCES film(film_id), category_id INTEGER NOT NULL REFERENCES category(category_id), PRIMARY KEY (film_id, category_id))`,
			`CREATE TABLE store (store_id INTEGER PRIMARY KEY, address TEXT NOT NULL, city TEXT NOT NULL)`,
			`CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, store_id INTEGER NOT NULL REFERENCES store(store_id), active INTEGER NOT NULL)`,
			`CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, store_id INTEGER NOT NULL REFERENCES store(store_id), first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT, active INTEGER NOT NULL, create_date DATE NOT NULL)`,
			`CREATE TABLE inventory (inventory_id INTEGER PRIMARY KEY, film_id INTEGER NOT NULL REFERENCES film(film_id), store_id INTEGER NOT NULL REFERENCES store(store_id))`,
			`CREATE TABLE rental (rental_id INTEGER PRIMARY KEY, rental_date DATETIME NOT NULL, inventory_id INTEGER NOT NULL REFERENCES inventory(inventory_id), customer_id INTEGER NOT NULL REFERENCES customer(customer_id), return_date DATETIME, staff_id INTEGER NOT NULL REFERENCES staff(staff_id))`,
			`CREATE TABLE payment (payment_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(customer_id), staff_id INTEGER NOT NULL REFERENCES staff(staff_id), rental_id INTEGER REFERENCES rental(rental_id), amount NUMERIC NOT NULL, payment_date DATETIME NOT NULL)`,
		},
		fill: func(ins func(string, ...any), r *lcg) {
			for i := 0; i < 20; i++ {
				ins("actor", i+1, firstNames[i%len(firstNames)], lastNames[(i*5)%len(lastNames)])
			}
			cats := []string{"Action", "Comedy", "Documentary", "Drama", "Horror", "Music", "Sci-Fi"}
			for i, c := range cats {
				ins("category", i+1, c)
			}
			titles := []string{"AC/DC: Live at Donington", "Rock & Roll Nights", "The Quiet Harbor", "Midnight Express Lane", "Zero Gravity",
				"Ocean's Echo", "Paper Moon Rising", "The Last Orchard", "Iron Valley", "Laugh Track", "Desert Bloom", "Night of the Ravens",
				"Signal Lost", "Marching Bands of Europe", "Cold Harbor II", "Sunday Painters", "Crimson Tide Pool", "Glass Houses",
				"Jazz & Blues Forever", "The Long Goodbye Tour", "Neon Samurai", "Whispering Pines", "Blue Planet Diaries", "Saturn Returns"}
			ratings := []string{"G", "PG", "PG-13", "R", "NC-17"}
			for i, t := range titles {
				ins("film", i+1, t, 2000+r.intn(24), []float64{0.99, 2.99, 4.99}[r.intn(3)], 60+r.intn(120), float64(999+r.intn(2000))/100, ratings[r.intn(len(ratings))])
				ins("film_category", i+1, 1+r.intn(len(cats)))
				seen := map[int]bool{}
				for k := 0; k < 1+r.intn(4); k++ {
					a := 1 + r.intn(18) // two actors appear in no film
					if !seen[a] {
						seen[a] = true
						ins("film_actor", a, i+1)
					}
				}
			}
			ins("store", 1, "47 Mysakowski Lane", "Lethbridge")
			ins("store", 2, "28 MySQL Boulevard", "Woodridge")
			staff := [][2]string{{"Mike", "Hillyer"}, {"Jon", "Stephens"}, {"Ana", "Okafor"}, {"Lena", "Dubois"}}
			for i, s := range staff {
				ins("staff", i+1, s[0], s[1], 1+i%2, map[bool]int{true: 1, false: 0}[i != 3])
			}
			for i := 0; i < 60; i++ {
				fn, ln := firstNames[i%len(firstNames)], lastNames[(i*7+i/len(firstNames))%len(lastNames)]
				ins("customer", i+1, 1+r.intn(2), fn, ln, strings.ToLower(fn+"."+ln)+"@example.org", map[bool]int{true: 1, false: 0}[r.intn(7) != 0], evalDate(r, 2021, 2))
			}
			for i := 0; i < 80; i++ {
				ins("inventory", i+1, 1+r.intn(len(titles)-2), 1+r.intn(2)) // two films are never stocked
			}
			pay := 0
			for i := 0; i < 500; i++ {
				d := evalDate(r, 2023, 2) + fmt.Sprintf(" %02d:%02d:00", 9+r.intn(12), r.intn(60))
				var ret any
				if r.intn(10) != 0 {
					t, _ := time.Parse("2006-01-02 15:04:05", d)
					ret = t.Add(time.Duration(24*(1+r.intn(9))) * time.Hour).Format("2006-01-02 15:04:05")
				}
				cust, st := 1+r.intn(55), 1+r.intn(4) // five customers never rent
				ins("rental", i+1, d, 1+r.intn(80), cust, ret, st)
				pay++
				ins("payment", pay, cust, st, i+1, []float64{0.99, 2.99, 4.99, 5.99, 7.99}[r.intn(5)], d)
			}
		},
	},
	{
		name: "fieldservice",
		ddl: []string{
			`CREATE TABLE technicians (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, job_title TEXT NOT NULL, hired_on DATE NOT NULL, hourly_rate NUMERIC NOT NULL, supervisor_id INTEGER REFERENCES technicians(id))`,
			`CREATE TABLE clients (id INTEGER PRIMARY KEY, client_name TEXT NOT NULL, industry TEXT NOT NULL, city TEXT NOT NULL, account_manager TEXT)`,
			`CREATE TABLE work_orders (id INTEGER PRIMARY KEY, client_id INTEGER NOT NULL REFERENCES clients(id), technician_id INTEGER REFERENCES technicians(id), opened_at DATE NOT NULL, closed_at DATE, status TEXT NOT NULL, priority TEXT NOT NULL, billed_amount NUMERIC)`,
			`CREATE TABLE visits (id INTEGER PRIMARY KEY, work_order_id INTEGER NOT NULL REFERENCES work_orders(id), visit_date DATE NOT NULL, duration_minutes INTEGER NOT NULL, travel_km NUMERIC)`,
			`CREATE TABLE parts (id INTEGER PRIMARY KEY, part_name TEXT NOT NULL, sku TEXT NOT NULL, unit_cost NUMERIC NOT NULL, qty_on_hand INTEGER NOT NULL, is_obsolete BOOLEAN NOT NULL)`,
			`CREATE TABLE parts_used (id INTEGER PRIMARY KEY, work_order_id INTEGER NOT NULL REFERENCES work_orders(id), part_id INTEGER NOT NULL REFERENCES parts(id), qty INTEGER NOT NULL, unit_price NUMERIC NOT NULL, discount NUMERIC NOT NULL)`,
		},
		fill: func(ins func(string, ...any), r *lcg) {
			jobs := []string{"Field Technician", "Senior Technician", "Apprentice"}
			for i := 0; i < 12; i++ {
				var sup any
				job := jobs[i%3]
				switch {
				case i < 2:
					job = "Supervisor"
				default:
					sup = 1 + i%2
				}
				ins("technicians", i+1, firstNames[(i+3)%len(firstNames)]+" "+lastNames[(i+2)%len(lastNames)], job, evalDate(r, 2015, 9), float64(30+r.intn(40)), sup)
			}
			inds := []string{"Healthcare", "Retail", "Manufacturing", "Hospitality"}
			clients := []string{"Mercy General Hospital", "Fresh Market Co", "Steelworks Ltd", "Harbor View Hotel", "Dubois & Fils",
				"Northwind Clinic", "Atlas Manufacturing", "Bella Vista Resort", "City Pharmacy", "Grand Central Mall", "O'Neill Bakery", "Quantum Labs"}
			for i, c := range clients {
				ins("clients", i+1, c, inds[i%len(inds)], []string{"Lyon", "Boston", "Osaka", "Porto"}[r.intn(4)], firstNames[r.intn(4)]+" "+lastNames[r.intn(4)])
			}
			parts := []string{"Compressor XL", "Fan Belt 40\"", "Thermostat T-100", "Valve Kit", "Circuit Board Rev.B", "Filter Pack (10)", "Gasket Set", "Pressure Sensor", "Motor 2HP", "Fuse 15A"}
			for i, p := range parts {
				ins("parts", i+1, p, fmt.Sprintf("SKU-%04d", 100+i*7), float64(200+r.intn(40000))/100, r.intn(60), i%4 == 3)
			}
			statuses := []string{"open", "closed", "closed", "closed", "cancelled", "in_progress"}
			pu, vi := 0, 0
			for w := 1; w <= 300; w++ {
				st := statuses[r.intn(len(statuses))]
				opened := evalDate(r, 2023, 2)
				var closed, billed any
				if st == "closed" {
					d, _ := time.Parse("2006-01-02", opened)
					closed = d.AddDate(0, 0, r.intn(20)).Format("2006-01-02")
					billed = float64(10000+r.intn(300000)) / 100
				}
				var tech any = 3 + r.intn(10)
				if r.intn(20) == 0 {
					tech = nil
				}
				ins("work_orders", w, 1+r.intn(len(clients)-1), tech, opened, closed, st, []string{"low", "normal", "high", "urgent"}[r.intn(4)], billed)
				for k := 0; k < r.intn(3); k++ {
					vi++
					d, _ := time.Parse("2006-01-02", opened)
					ins("visits", vi, w, d.AddDate(0, 0, r.intn(10)).Format("2006-01-02"), 15+r.intn(240), float64(r.intn(800))/10)
				}
				for k := 0; k < r.intn(3); k++ {
					pu++
					ins("parts_used", pu, w, 1+r.intn(len(parts)-1), 1+r.intn(5), float64(500+r.intn(50000))/100, []float64{0, 0, 0.1}[r.intn(3)])
				}
			}
		},
	},
}

// writeEvalDB creates one evaluation database at path.
func writeEvalDB(ctx context.Context, e evalDB, path string) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, s := range e.ddl {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	var ferr error
	r := lcg(42)
	e.fill(func(table string, vals ...any) {
		if ferr != nil {
			return
		}
		ph := strings.TrimSuffix(strings.Repeat("?, ", len(vals)), ", ")
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("INSERT INTO %s VALUES (%s)", table, ph), vals...); err != nil {
			ferr = fmt.Errorf("insert into %s %v: %w", table, vals, err)
		}
	}, &r)
	if ferr != nil {
		return ferr
	}
	return tx.Commit()
}

// openEvalDB writes and introspects one evaluation database.
func openEvalDB(t testing.TB, e evalDB) (*sql.DB, string) {
	t.Helper()
	dir := t.TempDir()
	if err := writeEvalDB(context.Background(), e, filepath.Join(dir, e.name+".db")); err != nil {
		t.Fatalf("%s: %v", e.name, err)
	}
	return nil, dir
}

// publicDBs are the real public sample databases of testdata/public (see its README.md for
// sources and licenses), kept gzipped; each has question sets testdata/eval/<name>*.json.
// oracle_co has only the third to fifth held-out batches and oracle_hr only the fifth: nobody
// tunes on them.
var publicDBs = []string{"chinook", "northwind", "sakila", "oracle_co", "oracle_hr", "pubs", "oracle_oe", "futon", "murder_mystery", "clubdata", "jaffle_shop", "openflights", "adventureworks", "baseball", "survivor", "oracle_sh", "synthea", "nycflights", "worldcup", "sap_shine", "pokedex", "transit", "swapi", "usda", "omop", "foodmart", "country_stats", "tate", "congress", "college_majors", "us_weather", "formula1", "comic_characters", "football", "classicmodels", "nobel", "bakeoff", "pixar", "fec16", "taylor", "friends", "portal", "pizzaplace", "nasaweather", "penguins", "got", "fueleconomy", "towny", "metro", "gapminder", "saleslt", "exoplanets", "awdw", "ipeds", "sflight", "mimic3", "quantum_se", "prairie", "openbeerdb", "sec_fsds", "parlgov", "nyc_inspections", "eurovision", "judges", "drwho", "inventree", "netbox", "slack", "cardano_se", "unvotes", "lego", "employees", "online_retail", "chess", "wwi", "crm_sales", "ipl", "storm_events", "airbnb", "animal_shelter"}

// unpackPublicDB decompresses testdata/public/<name>.db.gz into a temporary directory, as
// <name>.db, and returns the directory.
func unpackPublicDB(t testing.TB, name string) string {
	t.Helper()
	dir := t.TempDir()
	if err := gunzipFile(filepath.Join("testdata", "public", name+".db.gz"), filepath.Join(dir, name+".db")); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return dir
}

func gunzipFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	zr, err := gzip.NewReader(in)
	if err != nil {
		return fmt.Errorf("%s: %w", from, err)
	}
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, zr); err != nil {
		out.Close()
		return fmt.Errorf("%s: %w", from, err)
	}
	return out.Close()
}
