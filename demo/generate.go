package demo

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"
)

// Targets of the generated volume.
const (
	customerCount = 2000
	orderTarget   = 20000
	seedHi        = 20220101 // fixed PCG seed: the same file on every machine and every run
	seedLo        = 20251231
)

var (
	firstDay = time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	lastDay  = time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC)
)

// generator holds what later tables need from earlier ones.
type generator struct {
	rng *rand.Rand
	tx  *sql.Tx

	countries []country
	reps      map[int][]int // region id -> rep ids
	customers []customer    // sorted by signup date
	products  []product
	cumWeight []float64 // cumulative popularity of products, for weighted picks

	pending []*inserter // flushed after each step
}

type country struct {
	id, regionID     int
	name, code, dial string
	cities           []string
	weight           int
}

type customer struct {
	id, repID int
	segment   string
	signup    time.Time
}

type product struct {
	id         int
	priceCents int64
}

// generate writes schema and data in one transaction with prepared statements: thousands of
// single-row inserts in autocommit mode would take minutes.
func generate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	g := &generator{rng: rand.New(rand.NewPCG(seedHi, seedLo)), tx: tx, reps: map[int][]int{}}
	for _, step := range []struct {
		name string
		run  func(context.Context) error
	}{
		{"regions and countries", g.regions},
		{"sales reps", g.salesReps},
		{"customers", g.customersTable},
		{"products", g.productsTable},
		{"orders", g.orders},
		{"campaigns", g.campaigns},
	} {
		if err := step.run(ctx); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
		for _, in := range g.pending {
			if err := in.flush(); err != nil {
				return fmt.Errorf("%s: %w", step.name, err)
			}
		}
		g.pending = g.pending[:0]
	}
	if _, err := tx.ExecContext(ctx, indexes); err != nil {
		return fmt.Errorf("indexes: %w", err)
	}
	// Foreign keys are not enforced while writing (rows go in batches per table, so a child
	// batch may precede its parents' batch, and deferred checks without the indexes cost a scan
	// per row); one check of the finished data proves them instead.
	var violations int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM pragma_foreign_key_check").Scan(&violations); err != nil {
		return fmt.Errorf("foreign key check: %w", err)
	}
	if violations > 0 {
		return fmt.Errorf("generated data breaks %d foreign key references", violations)
	}
	return tx.Commit()
}

// batchRows is how many rows one INSERT carries: each statement execution costs far more than a
// row, so batching is what makes the generation fast.
const batchRows = 100

// inserter buffers rows of one table and writes them batchRows at a time with a prepared
// multi-row INSERT.
type inserter struct {
	ctx    context.Context
	tx     *sql.Tx
	table  string
	cols   []string
	full   *sql.Stmt // prepared for batchRows rows
	buf    []any
	rowLen int
}

func (g *generator) prepare(ctx context.Context, table string, cols ...string) (*inserter, error) {
	in := &inserter{ctx: ctx, tx: g.tx, table: table, cols: cols, rowLen: len(cols)}
	stmt, err := g.tx.PrepareContext(ctx, in.query(batchRows))
	if err != nil {
		return nil, err
	}
	in.full = stmt
	g.pending = append(g.pending, in)
	return in, nil
}

// query is the INSERT for n rows.
func (in *inserter) query(n int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", in.rowLen), ", ") + ")"
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES %s", in.table, strings.Join(in.cols, ", "),
		strings.TrimSuffix(strings.Repeat(row+", ", n), ", "))
}

func (in *inserter) add(args ...any) error {
	in.buf = append(in.buf, args...)
	if len(in.buf) == batchRows*in.rowLen {
		_, err := in.full.ExecContext(in.ctx, in.buf...)
		in.buf = in.buf[:0]
		return err
	}
	return nil
}

// flush writes the rows still buffered.
func (in *inserter) flush() error {
	if len(in.buf) == 0 {
		return nil
	}
	_, err := in.tx.ExecContext(in.ctx, in.query(len(in.buf)/in.rowLen), in.buf...)
	in.buf = in.buf[:0]
	return err
}

func (g *generator) regions(ctx context.Context) error {
	reg, err := g.prepare(ctx, "regions", "id", "name")
	if err != nil {
		return err
	}
	cty, err := g.prepare(ctx, "countries", "id", "name", "iso_code", "region_id")
	if err != nil {
		return err
	}
	weights := countryWeights()
	for i, r := range regionDefs() {
		if err := reg.add(i+1, r.name); err != nil {
			return err
		}
		for _, c := range r.countries {
			id := len(g.countries) + 1
			if err := cty.add(id, c.name, c.code, i+1); err != nil {
				return err
			}
			g.countries = append(g.countries, country{id: id, regionID: i + 1, name: c.name, code: c.code,
				dial: c.dial, cities: c.cities, weight: weights[c.code]})
		}
	}
	return nil
}

func (g *generator) salesReps(ctx context.Context) error {
	ins, err := g.prepare(ctx, "sales_reps", "id", "name", "email", "region_id", "hire_date")
	if err != nil {
		return err
	}
	first, last := firstNames(), lastNames()
	id := 0
	for region := 1; region <= len(regionDefs()); region++ {
		for range 4 {
			id++
			fn, ln := first[g.rng.IntN(len(first))], last[g.rng.IntN(len(last))]
			hire := time.Date(2016, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, g.rng.IntN(6*365))
			email := fmt.Sprintf("%s.%s%d@sales.example.com", ascii(fn), ascii(ln), id)
			if err := ins.add(id, fn+" "+ln, email, region, day(hire)); err != nil {
				return err
			}
			g.reps[region] = append(g.reps[region], id)
		}
	}
	return nil
}

func (g *generator) customersTable(ctx context.Context) error {
	ins, err := g.prepare(ctx, "customers", "id", "name", "email", "phone", "country", "city", "segment", "signup_date", "sales_rep_id")
	if err != nil {
		return err
	}
	total := 0
	for _, c := range g.countries {
		total += c.weight
	}
	first, last := firstNames(), lastNames()
	cw1, cw2, cw3 := companyWords()
	signupStart := time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC)
	signupDays := int(time.Date(2025, 10, 31, 0, 0, 0, 0, time.UTC).Sub(signupStart).Hours() / 24)
	for id := 1; id <= customerCount; id++ {
		c := g.pickCountry(total)
		city := c.cities[g.rng.IntN(len(c.cities))]
		var segment, name, email string
		switch r := g.rng.IntN(100); {
		case r < 15:
			segment = "Enterprise"
		case r < 50:
			segment = "SMB"
		default:
			segment = "Consumer"
		}
		if segment == "Consumer" {
			fn, ln := first[g.rng.IntN(len(first))], last[g.rng.IntN(len(last))]
			name = fn + " " + ln
			email = fmt.Sprintf("%s.%s%d@example.com", ascii(fn), ascii(ln), id)
		} else {
			w1, w2, w3 := cw1[g.rng.IntN(len(cw1))], cw2[g.rng.IntN(len(cw2))], cw3[g.rng.IntN(len(cw3))]
			name = w1 + " " + w2 + " " + w3
			email = fmt.Sprintf("purchasing@%s-%s-%d.example.com", ascii(w1), ascii(w2), id)
		}
		phone := fmt.Sprintf("%s %03d %03d %04d", c.dial, 200+g.rng.IntN(700), g.rng.IntN(1000), g.rng.IntN(10000))
		// Skew signups early (sqrt), so the base grows like a real business's.
		signup := signupStart.AddDate(0, 0, int(float64(signupDays)*math.Sqrt(g.rng.Float64())))
		reps := g.reps[c.regionID]
		rep := reps[g.rng.IntN(len(reps))]
		if err := ins.add(id, name, email, phone, c.name, city, segment, day(signup), rep); err != nil {
			return err
		}
		g.customers = append(g.customers, customer{id: id, repID: rep, segment: segment, signup: signup})
	}
	slices.SortStableFunc(g.customers, func(a, b customer) int { return a.signup.Compare(b.signup) })
	return nil
}

func (g *generator) pickCountry(total int) country {
	r := g.rng.IntN(total)
	for _, c := range g.countries {
		if r < c.weight {
			return c
		}
		r -= c.weight
	}
	return g.countries[len(g.countries)-1]
}

func (g *generator) productsTable(ctx context.Context) error {
	cat, err := g.prepare(ctx, "product_categories", "id", "name", "description")
	if err != nil {
		return err
	}
	ins, err := g.prepare(ctx, "products", "id", "name", "category", "unit_price", "cost")
	if err != nil {
		return err
	}
	id := 0
	for i, c := range categoryDefs() {
		if err := cat.add(i+1, c.name, c.description); err != nil {
			return err
		}
		for _, base := range c.products {
			basePrice := c.minPrice + g.rng.IntN(c.maxPrice-c.minPrice+1)
			for _, e := range editions() {
				id++
				// Prices end in .99 or .49, like a shop's; cost follows the category margin.
				price := int64(basePrice*e.factor/100)*100 + []int64{99, 49}[g.rng.IntN(2)]
				margin := c.margin - 5 + g.rng.IntN(11)
				cost := price * int64(100-margin) / 100
				if err := ins.add(id, base+" "+e.suffix, c.name, money(price), money(cost)); err != nil {
					return err
				}
				g.products = append(g.products, product{id: id, priceCents: price})
			}
		}
	}
	// Popularity falls off with a Zipf-like curve over a shuffled order, so a few products
	// dominate sales the way best-sellers do.
	order := g.rng.Perm(len(g.products))
	g.cumWeight = make([]float64, len(g.products))
	sum := 0.0
	for i := range g.products {
		sum += 1 / math.Pow(float64(order[i]+1), 0.8)
		g.cumWeight[i] = sum
	}
	return nil
}

func (g *generator) pickProduct() product {
	r := g.rng.Float64() * g.cumWeight[len(g.cumWeight)-1]
	return g.products[sort.SearchFloat64s(g.cumWeight, r)]
}

// orders writes orders and their lines day by day, with growth over the years and a year-end
// peak, from customers who had signed up by then.
func (g *generator) orders(ctx context.Context) error {
	ord, err := g.prepare(ctx, "orders", "id", "order_date", "customer_id", "sales_rep_id", "status", "total_amount")
	if err != nil {
		return err
	}
	line, err := g.prepare(ctx, "order_lines", "id", "order_id", "product_id", "quantity", "unit_price", "discount", "line_total")
	if err != nil {
		return err
	}
	days := int(lastDay.Sub(firstDay).Hours()/24) + 1
	weights := make([]float64, days)
	sum := 0.0
	for i := range weights {
		d := firstDay.AddDate(0, 0, i)
		w := (1 + 0.6*float64(i)/float64(days)) * seasonality(d)
		weights[i] = w
		sum += w
	}
	orderID, lineID, signedUp := 0, 0, 0
	var lines []orderLine
	for i, w := range weights {
		if i%30 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		d := firstDay.AddDate(0, 0, i)
		for signedUp < len(g.customers) && !g.customers[signedUp].signup.After(d) {
			signedUp++
		}
		// Stochastic rounding keeps the expected total at orderTarget.
		n := int(w*orderTarget/sum + g.rng.Float64())
		for range n {
			c := g.pickCustomer(signedUp)
			orderID++
			lines := lines[:0]
			var total int64
			for range lineCount(g.rng) {
				p := g.pickProduct()
				l := orderLine{product: p, qty: quantity(g.rng, c.segment), disc: discount(g.rng, c.segment, d)}
				l.total = (int64(l.qty)*p.priceCents*int64(100-l.disc) + 50) / 100
				total += l.total
				lines = append(lines, l)
			}
			if err := ord.add(orderID, day(d), c.id, c.repID, status(g.rng, d), money(total)); err != nil {
				return err
			}
			for _, l := range lines {
				lineID++
				if err := line.add(lineID, orderID, l.product.id, l.qty, money(l.product.priceCents), fraction(l.disc), money(l.total)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

type orderLine struct {
	product   product
	qty, disc int
	total     int64 // cents
}

// pickCustomer favours bigger accounts: enterprises order about three times as often as
// consumers.
func (g *generator) pickCustomer(signedUp int) customer {
	for {
		c := g.customers[g.rng.IntN(signedUp)]
		odds := map[string]int{"Enterprise": 3, "SMB": 2, "Consumer": 1}[c.segment]
		if g.rng.IntN(3) < odds {
			return c
		}
	}
}

func seasonality(d time.Time) float64 {
	switch d.Month() {
	case time.November:
		return 1.5
	case time.December:
		return 1.7
	case time.January, time.February:
		return 0.8
	case time.July, time.August:
		return 0.9
	}
	return 1
}

// lineCount draws 1-5 lines per order, 2.5 on average.
func lineCount(rng *rand.Rand) int {
	switch r := rng.IntN(100); {
	case r < 30:
		return 1
	case r < 55:
		return 2
	case r < 75:
		return 3
	case r < 90:
		return 4
	}
	return 5
}

func quantity(rng *rand.Rand, segment string) int {
	switch segment {
	case "Enterprise":
		return 1 + rng.IntN(20)
	case "SMB":
		return 1 + rng.IntN(8)
	}
	return 1 + rng.IntN(3)
}

// discount returns a percentage: mostly none, deeper for enterprises and around Black Friday.
func discount(rng *rand.Rand, segment string, d time.Time) int {
	if d.Month() == time.November && d.Day() >= 20 {
		return []int{10, 15, 20, 25}[rng.IntN(4)]
	}
	chance := map[string]int{"Enterprise": 60, "SMB": 30, "Consumer": 15}[segment]
	if rng.IntN(100) >= chance {
		return 0
	}
	return []int{5, 10, 15, 20}[rng.IntN(4)]
}

// status: recent orders are still on their way; older ones completed, some cancelled or returned.
func status(rng *rand.Rand, d time.Time) string {
	if lastDay.Sub(d) < 14*24*time.Hour && rng.IntN(100) < 70 {
		return "shipped"
	}
	switch r := rng.IntN(100); {
	case r < 7:
		return "cancelled"
	case r < 12:
		return "returned"
	}
	return "completed"
}

func (g *generator) campaigns(ctx context.Context) error {
	camp, err := g.prepare(ctx, "campaigns", "id", "name", "channel", "start_date", "end_date", "budget")
	if err != nil {
		return err
	}
	stats, err := g.prepare(ctx, "campaign_daily_stats", "campaign_id", "date", "spend", "impressions", "clicks", "conversions", "revenue")
	if err != nil {
		return err
	}
	type run struct {
		name, channel string
		start         time.Time
		days          int
		budget        int64 // cents
	}
	var runs []run
	for year := 2022; year <= 2025; year++ {
		for _, c := range campaignDefs() {
			growth := int64(100 + 12*(year-2022))
			runs = append(runs, run{
				name: fmt.Sprintf("%s %d", c.name, year), channel: c.channel,
				start: time.Date(year, time.Month(c.month), c.day, 0, 0, 0, 0, time.UTC),
				days:  c.days, budget: int64(c.budget) * growth,
			})
		}
	}
	runs = append(runs, run{name: "Brand Awareness 2025", channel: "display",
		start: time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC), days: 120, budget: 90000 * 100})
	slices.SortStableFunc(runs, func(a, b run) int { return a.start.Compare(b.start) })

	// Cost per thousand impressions (cents), click-through and conversion rates (per mille).
	econ := map[string]struct{ cpm, ctr, cvr int }{
		"email": {500, 30, 40}, "social": {900, 12, 20}, "search": {2500, 40, 50}, "display": {400, 4, 15},
	}
	for i, r := range runs {
		id := i + 1
		end := r.start.AddDate(0, 0, r.days-1)
		if err := camp.add(id, r.name, r.channel, day(r.start), day(end), money(r.budget)); err != nil {
			return err
		}
		e := econ[r.channel]
		daily := r.budget / int64(r.days)
		for d := 0; d < r.days; d++ {
			spend := daily * int64(80+g.rng.IntN(41)) / 100
			impressions := spend * 1000 / int64(e.cpm)
			clicks := impressions * int64(e.ctr*(70+g.rng.IntN(61))/100) / 1000
			conversions := clicks * int64(e.cvr*(60+g.rng.IntN(81))/100) / 1000
			revenue := conversions * int64(12000+g.rng.IntN(12000)) // 120-240 per conversion
			if err := stats.add(id, day(r.start.AddDate(0, 0, d)), money(spend), impressions, clicks, conversions, money(revenue)); err != nil {
				return err
			}
		}
	}
	return nil
}

// day formats a date the way the demo stores them.
func day(t time.Time) string { return t.Format(time.DateOnly) }

// money renders cents as a decimal string; sqlite stores it by the column's numeric affinity.
func money(cents int64) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }

// fraction renders a percentage as the fraction stored in order_lines.discount.
func fraction(pct int) string { return fmt.Sprintf("0.%02d", pct) }

// ascii folds the accented letters of the name lists for e-mail addresses.
func ascii(s string) string {
	return strings.ToLower(strings.NewReplacer("ü", "u", "á", "a", "é", "e", "í", "i", "ó", "o", "ñ", "n", "ö", "o", " ", "-").Replace(s))
}
