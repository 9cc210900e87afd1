package offline

import (
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/analytics-agent/service/datasource"
)

// colClass is what a column can play in a query.
type colClass int

const (
	classText   colClass = iota // a dimension or filter
	classNumber                 // a measure (summed by default)
	classDate                   // a time dimension
	classKey                    // a primary or foreign key: joins only
	classBool                   // a flag
)

// column is a schema column with what the engine derived about it.
type column struct {
	// givenNames maps a given name said alone to the one full name of this column of people's
	// names that it starts ("rachel": 'Rachel Green'); nil for other columns.
	givenNames map[string]string
	name       string
	table      *table
	class      colClass
	words      []string // singular words of the name
	money      int      // > 0 for money-like measures; higher is a likelier "revenue"
	samples    []string
	metric     *metricDef // a semantic-layer metric: a virtual column, aggregated by its expression
	boolTyp    bool       // a flag stored as a boolean (TRUE/FALSE), not as 0/1
	intTyp     bool       // stored as an integer type
	// dayOnly says a date column holds days, no time of day: typed DATE, kept as YYYYMMDD,
	// or text the profile found ten characters long.
	dayOnly bool
	// partKey says the column is one of several making up the table's primary key: a link
	// table's columns repeat by design, whatever the data holds today.
	partKey bool
	prof    *datasource.ColumnProfile // what the data says, when the schema was profiled
	index   []string                  // the value index of a label-like column with many values
	// flagOn and flagOff are the stored values of a flag kept as text ('Y'/'N', '1'/'0').
	flagOn, flagOff string
	// looseID says an id column references no table and names no table's rows: a flat
	// table's CustomerID, whose different values are the customers (looseIDs).
	looseID bool
	// epoch says a number column keeps a moment as a Unix time: 1 for seconds, 1000 for
	// milliseconds (created_at 1504210000000.0); it is rendered as the date it is.
	epoch float64
	// flagSpellings are every stored spelling of flagOn and flagOff when the data writes a
	// state in more than one case ('TRUE' and 'True'), keyed by the first.
	flagSpellings map[string][]string
	// numFlag says flagOn and flagOff are numbers (a survey's 1 = yes, 2 = no), written bare.
	numFlag  bool
	textDate bool // a date stored as text, recognised by its values
	// clock says the column keeps a time of day alone ('12:25:12'), beside a date column
	// that keeps the day: "each hour of the day" reads it.
	clock     bool
	monthText bool // a month stored as 'YYYY-MM' text (a textDate): compared and bucketed as its first day
	// intDate says the column keeps a date as a number YYYYMMDD (20180115), as warehouses'
	// date keys and some exports do: compared with numbers, bucketed by arithmetic.
	intDate bool
	// diff makes the column a value of each row computed from two others, the first less the
	// second: a margin is unit_price − unit_cost. It belongs to no table's column list.
	diff *[2]*column
	// ratio makes the column a percentage of each row computed from two counts beside each
	// other: an acceptance rate is 100 × admissions / applications. It belongs to no
	// table's column list.
	ratio *[2]*column
	// parts makes the column a row's date put together from its year, month and day columns
	// (nycflights13's flights), read as the number YYYYMMDD (intDate).
	parts *[3]*column
	// yearInt says the column keeps only a year as a number (yearID, fiscal_year, season):
	// periods of whole years compare numbers, anything finer cannot be asked of it.
	yearInt bool
	// listSep separates the items of a list-valued text column ("Trailers,Deleted Scenes"):
	// its values are combinations of a few items, and a condition names one item.
	listSep string
	// nullable says the schema lets the column be empty: a key that may be missing is an
	// optional association, not the row's owner.
	nullable bool
	// keyCopy says the column is part of a foreign key of three columns or more, which the
	// engine does not join by, and not of the narrower key that stands for it: a copy of the
	// referenced row's value (an affiliation's prize year and category).
	keyCopy bool
	// via makes the column a text kept in a names table beside its own (a species' name in
	// pokemon_species_names): read by a subquery on the row's key.
	via *viaName
	// numText says the column keeps numbers as text, with words for the ones not known
	// ('1,358', 'unknown', 'n/a' in SWAPI's people.mass): read as a number, the words as NULL.
	numText bool
	// numMark is the sign written with every number of a numText column ('$1,250.00',
	// '97%'), dropped to read it.
	numMark string
	// spelled says the column is how its number twin was written ('10.00K' beside 10000):
	// the question's words name the number, never this.
	spelled bool
	// slashDate says a date is kept as 'MM/DD/YYYY' ("mdy"), 'DD/MM/YYYY' ("dmy") or 'YYYY/MM/DD' ("ymd") text,
	// which sorts and compares wrongly as it is: it is read as 'YYYY-MM-DD'.
	slashDate string
	// pivot makes the column one attribute's value kept as a row of an attribute-value table
	// (USDA's nut_data: a food's protein is the nutr_val of its row for the nutrient
	// 'Protein'): read by a subquery on the row's key and the attribute's name.
	pivot *pivotOf
}

// pivotOf is where an attribute-value table keeps one attribute of the rows of another:
// value, in the row of values whose entity key points to the row and whose attribute key
// points to the attribute named name (its label).
type pivotOf struct {
	value, entity, attr, label *column
	name                       string
	// shared says some attribute names more than one row of the attribute table (USDA's
	// 'Energy', in kcal and in kJ): the value is read only where the name finds one row.
	shared bool
}

// viaName is where a names table keeps a text of another table's rows: text, in the row whose
// key equals the row's ref.
type viaName struct{ text, key, ref *column }

// table is a schema table with its derived roles.
type table struct {
	name  string
	words []string
	// family is the first word this table shares with other tables named with it as their
	// prefix (drwho_episodes, drwho_writers beside torchwood_episodes), or "".
	family string
	// registry says the rows name the other tables (Django's content types): a generic
	// relation's type column points at it, so two tables that both point there share
	// nothing, and no join passes through it.
	registry bool
	cols     []*column
	pk       *column // single-column primary key, if any
	label    *column // what names a row: name, title, ...
	label2   *column // a second part of the name: first_name next to last_name
	date     *column // the default time column for date filters and buckets
	measure  *column // the default measure ("orders over 100" compares this)
	// series is the one figure of a table that keeps a figure per thing and date under a
	// generic name (population.value, fossil_fuel_co2_emissions_by_nation.total): what the
	// table's own name says ("India's population in 2024").
	series *column
	fks    []fk
	fkCols map[*column]bool
	view   bool // a view: a convenience over the tables, which are read first
	// formOf is the key to the table whose rows this table's rows are forms of (pokemon to
	// pokemon_species, set by borrowLabel): they are counted as the rows it names.
	formOf *column
	// empty says the refresh counted no rows in the table (a schema profiled from its data
	// says so; one without a profile never does): a word it shares with a table that holds
	// data most likely means the other one.
	empty bool
	// rows is how many rows the refresh counted (0 when it did not count).
	rows int64
	// lookup says the table is a lookup many tables share, whose names its keys' roles read
	// (lookupRoles): a name said in a question means the role that holds it, not the lookup.
	lookup bool
	// placeholder is the label of the row that stands for none ('No Promotion'): a data
	// warehouse keys every fact to a dimension row, so one row says the fact has none.
	placeholder string
	// totalKind is the column that tells a row's figures apart by kind where one kind is
	// their total (a score's 'total' beside its 'jury' and 'online' parts), and totalValues
	// the values that say total: added up or ranked with every kind, a figure would count
	// twice.
	totalKind   *column
	totalValues []string
	// linkEnd says a table that links two others references this one (prizes, which
	// laureate_prizes links with laureates): a verb of giving ("won", "awarded") says such a
	// link row exists.
	linkEnd bool
	// category is the column named as the table of a table kept one to one with its
	// parent, when its values repeat (ownCategory): what the table's noun names.
	category *column
	// daily is the date column of a primary key that keeps one row per day (of each thing
	// the rest of the key names): a station's daily weather. Its rows are "days".
	daily *column
	// ordinal is the last column of a primary key of numbers that counts rows within the
	// rest of it (friends_info keyed by season and episode): it names the table's rows
	// ("episodes"), and is never a figure to add up.
	ordinal *column
	// seriesKey is that primary key, in order (season, episode): rows are listed by it.
	seriesKey []*column
	// clock is the time-of-day column kept beside a date of days (orders.date, orders.time).
	clock *column
	// sightings is the name of what a keyless table's dated rows report on, when each name
	// comes back on many rows (a storm's six-hourly positions under its name): "how many
	// storms" counts the names, not the reports.
	sightings *column
}

// clockColumn is the one column of t named for a time that keeps a time of day ('HH:MM' or
// 'HH:MM:SS', as the profile's smallest and largest values show), or nil.
func clockColumn(t *table) *column {
	var found *column
	for _, c := range t.cols {
		if c.class == classNumber || c.class == classKey || !slices.Contains(c.words, "time") || c.prof == nil || !clockShaped(c.prof.Min) || !clockShaped(c.prof.Max) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	if found != nil {
		found.clock = true
	}
	return found
}

// clockShaped reports whether s is a time of day: 'HH:MM' or 'HH:MM:SS'.
func clockShaped(s string) bool {
	if len(s) != 5 && len(s) != 8 {
		return false
	}
	for i, r := range s {
		if (i == 2 || i == 5) != (r == ':') || i != 2 && i != 5 && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// sightingsOf is the name column of a table without a key whose rows are dated reports on
// fewer named things, each name on three rows or more on average; nil otherwise.
func sightingsOf(t *table) *column {
	c := t.label
	if c == nil || t.date == nil || c.class != classText || c.via != nil || !slices.Equal(c.words, []string{"name"}) {
		// Only a bare name names what the rows report on; a description repeats on rows
		// that are each an event of their own (a medication given, named by the drug).
		return nil
	}
	if p := c.prof; p == nil || p.NonNull == 0 || p.Distinct < 2 || p.Distinct*3 > p.NonNull {
		return nil
	}
	return c
}

// ordinalKey is the last column of a primary key of two or more whole-number columns, which
// no foreign key of t reads, or nil.
func ordinalKey(t *table, key []string) *column {
	if len(key) < 2 {
		return nil
	}
	for _, k := range key {
		if c := t.col(k); c == nil || c.class != classNumber && c.class != classKey || !c.intTyp {
			return nil
		}
	}
	c := t.col(key[len(key)-1])
	if t.fkCols[c] || len(c.words) != 1 || c.words[0] == "id" {
		return nil
	}
	return c
}

// dailyKey is the date column of a primary key of a date alone or a date and one other
// column, nil otherwise.
func dailyKey(t *table, key []string) *column {
	if len(key) == 0 || len(key) > 2 {
		return nil
	}
	var d *column
	for _, k := range key {
		if c := t.col(k); c != nil && c.class == classDate && !c.yearInt {
			d = c
		}
	}
	return d
}

// fk is one single-column foreign key edge.
type fk struct {
	from, to *column
	// from2 and to2 are the second pair of a two-column key, as a team's season (yearID,
	// teamID) is referenced; nil for a one-column key. from and to are the pair that names
	// the row (teamID), which roles and qualifiers are read from.
	from2, to2 *column
}

// model is the engine's view of a schema: classified columns and the FK graph.
type model struct {
	tables  []*table
	byName  map[string]*table
	metrics []metricEntry
	derived []*column // inferred metrics (revenue = price × quantity)
	margins []*column // inferred row values: a price less the cost beside it
	rates   []*column // inferred row values: a count as a percentage of another beside it
	// discountAmounts maps a discount rate column to its money metric (price × quantity ×
	// discount): a sum of the rates means nothing.
	discountAmounts map[*column]*column
	defaultFilters  map[*table][]string
	// namespace is the word set before the tables' names (pixar_films): said in a question
	// ("did Taylor play"), it names the whole database, nothing to join.
	namespace string
}

// Column-name words that reveal a column's role. They are immutable lookup tables.
var (
	moneyWords = map[string]int{
		"revenue": 10, "sale": 9, "amount": 8, "total": 7, "price": 5, "spend": 4, "cost": 4,
		"budget": 3, "value": 3, "fee": 3, "income": 8, "profit": 6, "paid": 6, "payment": 6,
		"salary": 2, "discount": 1, "subtotal": 6, "receipt": 8,
	}
	labelNames = []string{"name", "title", "full_name", "label", "display_name", "company_name", "company", "username", "email", "code"}
	dateNames  = []string{"order_date", "date", "day", "created_at", "occurred_at", "signup_date", "start_date", "timestamp"}
	// moneyParts name a part of an amount, not what it is worth (tax_amount, shipping_cost).
	moneyParts = map[string]bool{"tax": true, "shipping": true, "freight": true, "handling": true, "vat": true}
	countLike  = map[string]bool{"click": true, "impression": true, "conversion": true, "quantity": true, "qty": true, "unit": true, "view": true, "visit": true, "session": true, "count": true, "lead": true, "signup": true}
)

// parsedTwin reports whether a number column named as another column of its table with
// "number" after it (DAMAGE_PROPERTY_NUM beside DAMAGE_PROPERTY) is that column's value read
// as a number, which is added up, not a number that identifies.
func parsedTwin(st *datasource.Table, c *column) bool {
	base := c.words[:len(c.words)-1]
	for _, sc := range st.Columns {
		if typ := strings.ToLower(sc.Type); sc.Name != c.name && !strings.Contains(typ, "int") && !strings.Contains(typ, "real") &&
			!strings.Contains(typ, "num") && !strings.Contains(typ, "dec") && slices.Equal(normWords(sc.Name), base) {
			return true
		}
	}
	return false
}

// identNumberWords end the names of numbers that identify ("address_number", "house_no").
var identNumberWords = map[string]bool{"number": true, "no": true, "num": true, "nr": true, "nbr": true}

// ordinalWords name a number column that says which one of a series a row is (the 20th
// season, episode 3), when the name is that word alone.
var ordinalWords = map[string]bool{"season": true, "episode": true, "round": true, "week": true, "lap": true,
	"inning": true, "chapter": true, "stage": true, "leg": true, "heat": true}

// numberedWords name places and ranks numbered in a series ("the 15th arrondissement",
// "district 9", "grade 10"): a number said with them is one of their values, but unlike
// ordinalWords a column so named keeps its class (a grade can be averaged).
var numberedWords = map[string]bool{"arrondissement": true, "district": true, "ward": true, "precinct": true,
	"floor": true, "grade": true, "gate": true, "platform": true, "terminal": true, "zone": true, "division": true,
	"generation": true, "act": true, "scene": true, "wave": true, "phase": true, "tier": true}

// newModel classifies a schema's tables and columns.
func newModel(s *datasource.Schema) *model {
	m := &model{byName: map[string]*table{}}
	s = withImpliedKeys(s)
	seg := newSegmenter(s)
	profs := map[[2]string]*datasource.ColumnProfile{}
	for i := range s.Profile {
		p := &s.Profile[i]
		profs[[2]string{strings.ToLower(p.Table), strings.ToLower(p.Column)}] = p
	}
	prefix := namespacePrefix(seg, s.Tables)
	m.namespace = prefix
	apps := djangoApps(s.Tables)
	modelSeg := seg
	if apps != nil {
		// The models' run-together names are no words to split them by
		// ("purchaseorder" of order_purchaseorder inside purchaseorderlineitem).
		// Only the built-in words and the columns' words split them.
		modelSeg = &segmenter{known: maps.Clone(seg.builtin), builtin: seg.builtin}
		for _, st := range s.Tables {
			for _, c := range st.Columns {
				for _, w := range splitIdent(c.Name) {
					if w = strings.ToLower(w); len(w) >= 3 {
						modelSeg.known[singular(w)] = true
					}
				}
			}
		}
	}
	for i := range s.Tables {
		st := &s.Tables[i]
		t := &table{name: st.Name, words: withoutObjectPrefix(seg.words(st.Name)), view: st.Kind == "view"}
		t.registry = apps != nil && strings.EqualFold(st.Name, "django_content_type")
		if ws := djangoModelWords(modelSeg, apps, st.Name); ws != nil {
			t.words = ws // stock_stockitem: stock items
		} else if len(t.words) > 1 && t.words[0] == prefix {
			t.words = t.words[1:] // pixar_films: films
		}
		if len(t.words) > 1 && (t.words[0] == "all" || t.words[0] == "every") {
			t.words = t.words[1:] // taylor_all_songs: the songs, every one of them
		}
		if n := len(t.words); n > 1 && stagingWords[t.words[n-1]] {
			t.words = t.words[:n-1] // series_raw: the series, as loaded
		}
		if n := len(t.words); n > 1 && derivedWords[t.words[n-1]] {
			t.view = true // OMOP's condition_era: spans built from the occurrences, read after them
		}
		t.empty = len(s.Profile) > 0 && st.Kind == "table" && st.RowCount == 0
		t.rows = st.RowCount
		pk := map[string]bool{}
		for _, c := range st.PrimaryKey {
			pk[strings.ToLower(c)] = true
		}
		t.fkCols = map[*column]bool{}
		fkCols := map[string]bool{}
		for _, f := range st.ForeignKeys {
			for _, c := range f.Columns {
				fkCols[strings.ToLower(c)] = true
			}
		}
		stats := statsTable(st)
		nameParts := slices.ContainsFunc(st.Columns, func(c datasource.Column) bool { return strings.EqualFold(c.Name, "first") }) &&
			slices.ContainsFunc(st.Columns, func(c datasource.Column) bool { return strings.EqualFold(c.Name, "last") })
		for _, sc := range st.Columns {
			c := &column{name: sc.Name, table: t, words: seg.words(sc.Name), samples: sc.SampleValues, nullable: sc.Nullable}
			if len(c.words) > 1 && c.words[0] == "the" {
				c.words = c.words[1:] // FoodMart's the_date, the_month: the article names nothing
			}
			if len(c.words) == 2 && c.words[0] == "name" && (c.words[1] == "first" || c.words[1] == "last" || c.words[1] == "middle") {
				c.words = []string{c.words[1], "name"} // name_first, name_last: the first and the last name
			}
			if ws, ok := statAbbrevs[sc.Name]; ok && stats {
				c.words = ws // W of a team's season is its wins
			}
			if w := c.words; nameParts && len(w) == 1 && (w[0] == "first" || w[0] == "last" || w[0] == "middle" || w[0] == "maiden") {
				c.words = []string{w[0], "name"} // Synthea's FIRST and LAST: a person's name in parts
			}
			if p := profs[[2]string{strings.ToLower(st.Name), strings.ToLower(sc.Name)}]; p != nil {
				c.prof, c.index = p, p.Values
			}
			lname := strings.ToLower(sc.Name)
			c.class = classify(lname, strings.ToLower(sc.Type))
			if n := len(c.words); c.class == classText && n > 1 && c.words[n-1] == "date" && c.prof != nil && c.prof.NonNull == 0 {
				// DiscontinuedDate with no value yet: a date by its name, which no row has.
				c.class = classDate
			}
			if typ := strings.ToLower(sc.Type); c.class == classDate && (strings.Contains(typ, "char") || strings.Contains(typ, "text")) {
				// A date by its name kept as text (FoodMart's VARCHAR the_date): PostgreSQL
				// needs it cast before it is bucketed.
				c.textDate = true
			}
			c.boolTyp = c.class == classBool
			c.intTyp = strings.Contains(strings.ToLower(sc.Type), "int")
			c.dayOnly = strings.ToLower(sc.Type) == "date"
			c.partKey = pk[lname] && len(st.PrimaryKey) > 1
			if c.class == classNumber && isFlagName(c.words) && !pk[lname] {
				c.class = classBool // Discontinued, is_active: a 0/1 flag, never a measure
			}
			if fkCols[lname] {
				t.fkCols[c] = true
			}
			// A key is a single-column primary key, a foreign key or an id: joins only. Two
			// exceptions keep their meaning: a column of a composite primary key that references
			// nothing (campaign_daily_stats.date in (campaign_id, date)), and a text foreign key
			// such as customers.country -> countries.name, whose values are names people ask for
			// or codes ('US' in customers.country_id); a text key named as an id whose values are
			// no such codes (PARTNER_PARTNERID '100000025', player_id 'P-14758') is a key.
			switch {
			case fkCols[lname] && c.class == classText && (len(c.words) == 0 || c.words[len(c.words)-1] != "id" || shortCodes(c)):
			case c.class == classNumber && yearColumn(c):
				// yearID of a team's season: a year that is part of a key is still a year.
			case c.class == classDate && (fkCols[lname] || pk[lname]):
				// costs.time_id, a DATE pointing to a calendar table: the row's day, which
				// also joins the calendar.
			case pk[lname] && len(st.PrimaryKey) == 1 && !fkCols[lname] && namedKey(c):
				// pixar_films.film 'Toy Story 2': rows keyed by their own name, which the
				// other tables repeat to join them; it names the rows as a label does.
			case pk[lname] && len(st.PrimaryKey) == 1, fkCols[lname],
				len(c.words) > 0 && c.words[len(c.words)-1] == "id" && c.class != classText:
				c.class = classKey
			}
			if c.class == classNumber {
				for k, w := range c.words {
					if w == "receipt" && k < len(c.words)-1 {
						continue // LastReceiptCost: the cost of what was received; receipts are money
					}
					if v := moneyWords[w]; v > c.money && !countLike[w] {
						c.money = v
					}
				}
				// Among an order's amounts the total is what it is worth: TotalAmount before
				// TaxAmount, ShippingAmount or DiscountAmount, which are parts of it.
				for _, w := range c.words {
					switch {
					case w == "total" && c.money > moneyWords["total"]:
						c.money++
					case w == "gross" && c.money > 2:
						// GROSSAMOUNT beside NETAMOUNT: what was paid, tax included.
						c.money++
					case moneyParts[w] && c.money > 2:
						c.money = 2
					}
				}
				if raw := datasource.IdentWords(c.name); len(c.words) == 2 && c.words[0] == "total" && moneyWords[c.words[1]] == 0 && len(raw) == 2 && raw[1] != c.words[1] {
					// total_children, total_visits: how many of the things the plural names,
					// never money.
					c.money = 0
				}
				// A count-like word makes a column a count ("units_sold", "clicks"), unless the
				// name ends in a money word: unit_price is a price.
				// "unit_sales" is the units sold, a count whatever "sales" usually means.
				if n := len(c.words); n > 0 && (moneyWords[c.words[n-1]] == 0 || n == 2 && c.words[1] == "sale" && countLike[c.words[0]]) {
					for _, w := range c.words {
						if countLike[w] {
							c.money = 0
						}
					}
				}
			}
			if c.class == classNumber && len(c.words) == 1 && ordinalWords[c.words[0]] && !yearColumn(c) && !pk[lname] {
				// season, episode, round: which one of a series, never added up.
				c.class = classText
			}
			if c.class == classNumber && c.money == 0 && !c.countName() && len(c.words) > 1 && identNumberWords[c.words[len(c.words)-1]] && !parsedTwin(st, c) {
				// address_number, house_no: a number that tells places or rows apart, never
				// added up.
				c.class = classText
			}
			t.cols = append(t.cols, c)
		}
		for _, c := range t.cols {
			if c.class != classNumber || len(c.words) < 2 || !identNumberWords[c.words[len(c.words)-1]] {
				continue
			}
			for _, o := range t.cols {
				if o.class == classText && slices.Equal(o.words, c.words[:len(c.words)-1]) {
					// NOAA's DAMAGE_PROPERTY '10.00K' beside DAMAGE_PROPERTY_NUM 10000: the
					// number is what "property damage" means; the text is how it was written.
					c.words, o.words, o.spelled = o.words, append(slices.Clone(o.words), "text"), true
				}
			}
		}
		for _, c := range t.cols {
			inferFromData(c)
		}
		surveyTwoValueFlags(t)
		if len(st.PrimaryKey) == 1 {
			t.pk = t.col(st.PrimaryKey[0])
		} else if c := t.col("id"); c != nil {
			t.pk = c
		}
		t.label, t.label2 = pickLabel(t)
		if t.daily = dailyKey(t, st.PrimaryKey); periodTable(t) {
			// salaries keyed by (emp_no, from_date) to_date: terms, not a day's readings.
			t.daily = nil
		}
		if t.ordinal = ordinalKey(t, st.PrimaryKey); t.ordinal != nil {
			for _, k := range st.PrimaryKey {
				t.seriesKey = append(t.seriesKey, t.col(k))
			}
		}
		if t.label == nil && t.daily != nil {
			t.label = t.daily // a day's readings are named by their date
		}
		if c := partsDate(t); c != nil {
			t.cols = append(t.cols, c)
		}
		t.date = pickDate(t)
		if t.date != nil && wideKeyColumn(st, t.date.name) {
			// An affiliation's year is the year of the prize it belongs to, a copy of the key
			// to that row, which "in which year" means.
			t.date = nil
		}
		for _, c := range t.cols {
			if c.class == classNumber && c.money > 0 && (t.measure == nil || c.money > t.measure.money) {
				t.measure = c
			}
		}
		if t.measure == nil && len(t.words) > 0 && figureNouns[t.words[len(t.words)-1]] {
			// scores (…, name, points): "the highest score" is the most points, the table's
			// one figure.
			var only []*column
			for _, c := range t.cols {
				if c.class == classNumber && !t.fkCols[c] && c != t.pk && !c.partKey {
					only = append(only, c)
				}
			}
			if len(only) == 1 {
				t.measure = only[0]
			}
		}
		t.series = seriesFigure(t)
		if t.date != nil && t.date.dayOnly {
			t.clock = clockColumn(t)
		}
		if len(st.PrimaryKey) == 0 && t.pk == nil {
			t.sightings = sightingsOf(t)
		}
		m.tables = append(m.tables, t)
		m.byName[strings.ToLower(t.name)] = t
	}
	dropSchemaPrefix(m)
	codeIDs(m)
	for i := range s.Tables {
		st := &s.Tables[i]
		t := m.byName[strings.ToLower(st.Name)]
		narrow := throughWideKeys(s, st)
		for _, c := range t.cols {
			c.keyCopy = wideKeyColumn(st, c.name) && !slices.ContainsFunc(narrow, func(f datasource.ForeignKey) bool {
				return slices.ContainsFunc(f.Columns, func(n string) bool { return strings.EqualFold(n, c.name) })
			})
		}
		for _, f := range narrow {
			rt := m.byName[strings.ToLower(f.RefTable)]
			if rt == nil || len(f.Columns) != len(f.RefColumns) || len(f.Columns) == 0 || len(f.Columns) > 2 {
				continue // the referenced table is not readable, or a key of three columns or more
			}
			r := 0
			if len(f.Columns) == 2 {
				if c := t.col(f.Columns[0]); c != nil && (c.yearInt || c.class == classDate) {
					r = 1 // (yearID, teamID): the team names the row, the year says which season
				}
			}
			from, to := t.col(f.Columns[r]), rt.col(f.RefColumns[r])
			if from == nil || to == nil {
				continue
			}
			k := fk{from: from, to: to}
			if len(f.Columns) == 2 {
				k.from2, k.to2 = t.col(f.Columns[1-r]), rt.col(f.RefColumns[1-r])
				if k.from2 == nil || k.to2 == nil {
					continue
				}
			}
			t.fks = append(t.fks, k)
		}
		t.fks = append(t.fks, otherEnds(t)...)
		// Equal-length join paths are decided by edge order; column order makes that
		// independent of how the database lists its foreign keys.
		sort.SliceStable(t.fks, func(a, b int) bool { return t.colIndex(t.fks[a].from) < t.colIndex(t.fks[b].from) })
	}
	dictionaryKeys(m)
	referencedKeys(m)
	mergeNameTables(m)
	inheritParents(m)
	calendarDates(m)
	lookupRoles(m)
	pivotAttributes(m)
	looseIDs(m)
	for _, t := range m.tables {
		for _, c := range t.cols {
			c.givenNames = givenNamesAlone(c)
		}
		t.placeholder = placeholderRow(t)
		t.totalKind, t.totalValues = totalKinds(t)
		t.category = ownCategory(t)
		if len(t.fks) >= 2 {
			for _, f := range t.fks {
				if o := f.to.table; o != t {
					o.linkEnd = true
				}
			}
		}
	}
	markFamilies(m.tables)
	return m
}

// markFamilies sets the family of the tables whose names begin with the same first word
// followed by "_" (not SO_Header's "sales order", an abbreviation spelled out).
func markFamilies(tables []*table) {
	family := map[string][]*table{}
	for _, t := range tables {
		if len(t.words) > 1 && !t.view && strings.HasPrefix(strings.ToLower(t.name), t.words[0]+"_") {
			family[t.words[0]] = append(family[t.words[0]], t)
		}
	}
	for w, ts := range family {
		if len(ts) > 1 {
			for _, t := range ts {
				t.family = w
			}
		}
	}
}

// dictionaryKeys links a dictionary nothing is linked to by key (MIMIC-III's D_ICD_DIAGNOSES,
// keyed by ROW_ID) to each table with a column named as the dictionary's own unique code
// column (DIAGNOSES_ICD.ICD9_CODE): the database leaves that key undeclared, and without it
// every question about the codes' titles would be refused. Only a table without any key in or
// out is linked, so no join possible before changes; where two dictionaries have a column of
// that name (D_ICD_PROCEDURES too), the one whose name shares more words with the table's is
// meant, and a tie links neither.
func dictionaryKeys(m *model) {
	linked := map[*table]bool{}
	for _, t := range m.tables {
		for _, f := range t.fks {
			linked[t], linked[f.to.table] = true, true
		}
	}
	unique := func(c *column) bool {
		p := c.prof
		return p != nil && p.Rows > 0 && p.NonNull == p.Rows && p.Distinct == p.NonNull
	}
	var added []fk
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c == t.pk || t.fkCols[c] || len(c.words) < 2 || c.prof == nil || c.prof.NonNull == 0 || c.class == classDate {
				// A code, not a time: every table's last_updated is unique in a small one.
				continue
			}
			var to *column
			best, tie := -1, false
			for _, o := range m.tables {
				k := o.col(c.name)
				if o == t || linked[o] || k == nil || k == o.pk || k.class != c.class || !unique(k) {
					continue
				}
				n := len(sharedWords(t.words, o.words))
				switch {
				case n > best:
					to, best, tie = k, n, false
				case n == best:
					tie = true
				}
			}
			if to != nil && !tie {
				added = append(added, fk{from: c, to: to})
			}
		}
	}
	for _, f := range added {
		f.from.table.fks = append(f.from.table.fks, f)
	}
}

// referencedKeys makes the key other tables use a table's key, where the declared one is a
// row number nobody refers to: MIMIC-III's PATIENTS are keyed by ROW_ID, but every table
// points to SUBJECT_ID, the patient's number, which is what "which patients" should show.
func referencedKeys(m *model) {
	into := map[*table][]*column{}
	for _, t := range m.tables {
		for _, f := range t.fks {
			if f.from2 == nil && f.to.table != t {
				into[f.to.table] = append(into[f.to.table], f.to)
			}
		}
	}
	for t, ks := range into {
		k := ks[0]
		if t.pk == nil || k == t.pk || !slices.Equal(t.pk.words, []string{"row", "id"}) || slices.ContainsFunc(ks, func(o *column) bool { return o != k }) {
			continue
		}
		if p := k.prof; p == nil || p.NonNull != p.Rows || p.Distinct != p.NonNull {
			continue
		}
		t.pk = k
	}
}

// sharedWords are the words of a that b has too.
func sharedWords(a, b []string) []string {
	var out []string
	for _, w := range a {
		if slices.Contains(b, w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// ownNamedFigure is the one figure named as its table is (elev.elev, a grid's elevations):
// "the highest elevation" is that figure, not a row of the table. A whole number named so
// is more often a number that names the row (flights.flight, episodes.episode).
func ownNamedFigure(t *table) *column {
	var own *column
	for _, c := range t.cols {
		if c.class == classNumber && !c.intTyp && c != t.pk && !t.fkCols[c] && !c.partKey && len(t.words) > 0 && slices.Equal(c.words, t.words) {
			if own != nil {
				return nil
			}
			own = c
		}
	}
	return own
}

// placeholderRow is the label of a table's one row named as none of what the table holds
// ('No Promotion' in promotion), or "": only a table other tables key, whose label holds one
// such value.
func placeholderRow(t *table) string {
	c := t.label
	if c == nil || c.via != nil || c.class != classText || t.pk == nil {
		return ""
	}
	found := ""
	for _, v := range append(slices.Clip(c.samples), c.index...) {
		w := strings.Fields(strings.ToLower(v))
		if len(w) < 2 || w[0] != "no" || !slices.ContainsFunc(w[1:], func(x string) bool { return slices.Contains(t.words, singular(x)) }) {
			continue
		}
		if found != "" {
			return ""
		}
		found = v
	}
	return found
}

// lookupRoles gives each key into a lookup table that several tables share (OMOP's concept,
// keyed by condition_occurrence.condition_concept_id, drug_exposure.drug_concept_id,
// death.cause_concept_id) a text column of its own: the lookup's name of the row it keys,
// read through the key, named by the key's role ("condition", "drug", "cause") and holding,
// as its values, the names the refresh found that key to reach. A row whose table is named
// by that role (a condition occurrence's condition) is named by it. So "the five most
// frequent conditions", "visits per visit type" and "patients who had COVID-19" read the
// names of the rows the question means, where the lookup's own name column holds every
// domain's names at once.
func lookupRoles(m *model) {
	referrers := map[*table]map[*table]bool{}
	for _, t := range m.tables {
		for _, f := range t.fks {
			if o := f.to.table; o != t && f.from2 == nil {
				if referrers[o] == nil {
					referrers[o] = map[*table]bool{}
				}
				referrers[o][t] = true
			}
		}
	}
	// A key named by the table alone (Inventory.ItemID) says its rows are things of their own
	// (items), looked up by their own name; only a table every key names by a role is a lookup.
	// And a lookup is keyed under several roles: survivor's version_season, keyed as such by
	// every table, is a season.
	plain, roles := map[*table]bool{}, map[*table]map[string]bool{}
	for _, t := range m.tables {
		for _, f := range t.fks {
			r := lookupRole(f)
			if len(r) == 0 {
				plain[f.to.table] = true
			}
			if roles[f.to.table] == nil {
				roles[f.to.table] = map[string]bool{}
			}
			roles[f.to.table][strings.Join(r, " ")] = true
		}
	}
	for _, t := range m.tables {
		for _, f := range t.fks {
			l, p := f.to.table, f.from.prof
			if f.from2 == nil && len(referrers[l]) >= 3 && len(roles[l]) >= 3 && !plain[l] && l.label != nil && l.label.via == nil && f.to == l.pk && p != nil && len(p.Labels) > 0 &&
				strings.EqualFold(p.LabelColumn, l.label.name) {
				addLookupRole(t, f, l)
			}
		}
	}
}

// lookupRole is the role a key names the row it keys by: its words less the keyed table's
// and "id" (condition_concept_id's "condition").
func lookupRole(f fk) []string {
	var role []string
	for _, w := range f.from.words {
		if w != "id" && !slices.Contains(f.to.table.words, w) {
			role = append(role, w)
		}
	}
	return role
}

// lookupName reports whether a column is the name a shared lookup gives the row a key of its
// table points to (lookupRoles).
func (c *column) lookupName() bool { return c.via != nil && c.via.text.table.lookup }

// addLookupRole adds the column of one key's role to t (see lookupRoles).
func addLookupRole(t *table, f fk, l *table) {
	role := lookupRole(f)
	// A source concept is the code as the source system wrote it, beside the standard one;
	// concept_id_1 and concept_id_2 are the ends of a relation, no roles.
	if len(role) == 0 || slices.Contains(role, "source") || slices.ContainsFunc(role, func(w string) bool { return strings.Trim(w, "0123456789") == "" }) {
		return
	}
	name := strings.Join(role, "_") + "_" + l.label.name
	if t.col(name) != nil {
		return
	}
	p := f.from.prof
	prof := &datasource.ColumnProfile{Table: t.name, Column: name, Rows: p.Rows, NonNull: p.NonNull, Distinct: int64(len(p.Labels)),
		Min: p.Labels[0], Max: p.Labels[len(p.Labels)-1]}
	c := &column{name: name, table: t, words: role, class: classText, prof: prof, nullable: true,
		via: &viaName{text: l.label, key: l.pk, ref: f.from}}
	l.lookup = true
	if len(p.Labels) <= datasource.MaxSampleValues {
		c.samples = p.Labels
	} else {
		c.index, prof.Values = p.Labels, p.Labels
	}
	t.cols = append(t.cols, c)
	if t.label == nil && len(t.words) >= len(role) && slices.Equal(t.words[:len(role)], role) {
		// A condition occurrence is named by its condition; "conditions" and "visits" still
		// name the table, whose label this is.
		t.label = c
		c.words = append(slices.Clip(role), "name")
	}
}

// derivedWords end the name of a table derived from the others, like a view: OMOP's
// condition_era and drug_era join a person's occurrences into spans.
var derivedWords = toSet([]string{"era"})

// calendarDates gives a table that has no date of its own but a key to a calendar table (a
// data warehouse's time dimension: FoodMart's sales_fact_1997.time_id to time_by_day, one
// row per day with its date and, in columns of their own, the date's year and month) the
// calendar's date, read through the key. "Sales in 1997" and "sales per month" are then the
// fact rows' own period, not the date of whichever other table the fact also keys (a
// customer's account opening).
func calendarDates(m *model) {
	for _, c := range m.tables {
		d := c.date
		if d == nil || c.pk == nil || c.pk == d || d.via != nil || d.yearInt || d.prof == nil || d.prof.Distinct != c.rows || c.rows == 0 {
			continue
		}
		year, month := false, false
		for _, x := range c.cols {
			if x != d && x != c.pk {
				year = year || slices.Contains(x.words, "year")
				month = month || slices.Contains(x.words, "month")
			}
		}
		if !year || !month {
			continue // a date among other attributes (GTFS calendar's start_date): no calendar
		}
		for _, t := range m.tables {
			if t == c || t.date != nil {
				continue
			}
			for _, f := range t.fks {
				if f.to != c.pk || f.from2 != nil {
					continue
				}
				v := &column{name: d.name, table: t, words: d.words, class: classDate, dayOnly: d.dayOnly, textDate: d.textDate,
					intDate: d.intDate, nullable: true, via: &viaName{text: d, key: c.pk, ref: f.from}}
				t.cols = append(t.cols, v)
				t.date = v
				break
			}
		}
	}
}

// maxPivotAttributes bounds the attributes an attribute-value table may give its entities as
// columns: a list of nutrients or stats, not a table of many things.
const maxPivotAttributes = 300

// pivotAttributes gives the rows of a table the attributes another table keeps as rows of
// values: a table whose key is a key to those rows plus a key to a small table of attributes
// (nut_data (ndb_no, nutr_no) between food_des and nutr_def; pokemon_stats (pokemon_id,
// stat_id)) holds, in its first number, the value of each attribute for each row. Each
// attribute named once becomes a number column of the rows ("protein", "iron", "speed"), so
// "the five foods with the most protein" and "cereals with more than 40 g of sugars" are
// a ranking and a comparison like any other.
func pivotAttributes(m *model) {
	for _, v := range m.tables {
		var keys []fk
		for _, f := range v.fks {
			if f.from.partKey && f.from2 == nil {
				keys = append(keys, f)
			}
		}
		parts := 0
		for _, c := range v.cols {
			if c.partKey {
				parts++
			}
		}
		if len(keys) != 2 || parts != 2 {
			continue
		}
		var value *column
		for _, c := range v.cols {
			if c.class == classNumber && !v.fkCols[c] && c.via == nil {
				value = c
				break
			}
		}
		e, a := keys[0], keys[1]
		if a.to.table.rows > e.to.table.rows {
			e, a = a, e
		}
		et, at := e.to.table, a.to.table
		if value == nil || et == at || et.pk != e.to || at.pk != a.to || at.label == nil || at.label.class != classText ||
			at.rows == 0 || at.rows*4 > et.rows || v.rows*10 < et.rows*at.rows {
			// An attribute table is short, and most rows have a value for many of its
			// attributes: a product's one or two vendors (ProductVendor) are no attributes.
			continue
		}
		label, names := attributeNames(at)
		if label == nil || len(names) > maxPivotAttributes {
			continue
		}
		// The profile counts the names, not which repeat: where they are fewer than the
		// attributes, each value is read only when its name finds a single attribute.
		shared := label.prof == nil || label.prof.Distinct < at.rows
		seen := map[string]int{}
		for _, n := range names {
			seen[pivotName(n)]++
		}
		for _, n := range names {
			short := pivotName(n)
			ws := schemaWords(short)
			if seen[short] > 1 || len(ws) == 0 || et.col(short) != nil || slices.ContainsFunc(et.cols, func(c *column) bool { return slices.Equal(c.words, ws) }) {
				continue // 'Energy' in kcal and in kJ: said alone, either could be meant
			}
			et.cols = append(et.cols, &column{name: short, table: et, words: ws, class: classNumber, nullable: true,
				pivot: &pivotOf{value: value, entity: e.from, attr: a.from, label: label, name: n, shared: shared}})
		}
	}
}

// attributeNames is the column of an attribute table that names its attributes in words, and
// its values: the label, or another text column whose values have lower-case letters where
// the label's are codes (nutr_def's nutrdesc 'Protein' beside tagname 'PROCNT').
func attributeNames(t *table) (*column, []string) {
	var best *column
	var names []string
	score := 0
	for _, c := range append([]*column{t.label}, t.cols...) {
		if c == nil || c.class != classText || t.fkCols[c] || c.via != nil && c != t.label {
			continue
		}
		vs := c.values()
		if n := lowerShare(c); n*2 > len(vs) && n > score {
			best, names, score = c, vs, n
		}
	}
	return best, names
}

// values are a column's known values: its value index, or its samples.
func (c *column) values() []string {
	if len(c.index) > 0 {
		return c.index
	}
	return c.samples
}

// ownCategory is the column named as its table of a table that extends another row one to
// one (its key is the parent's), when its values repeat: pixar_franchises keyed by the film
// keeps each film's franchise, so the table's name names that column's values.
func ownCategory(t *table) *column {
	if t.pk == nil || !t.fkCols[t.pk] || t.pk.partKey {
		return nil
	}
	for _, c := range t.cols {
		if c != t.pk && c.class == classText && c.via == nil && slices.Equal(c.words, t.words) && c.prof != nil && c.prof.Distinct < c.prof.NonNull {
			return c
		}
	}
	return nil
}

// keyWords end the names of columns that hold codes or numbers, never a row's name.
var keyWords = toSet([]string{"id", "code", "key", "no", "number", "num", "abbr", "abbreviation", "symbol", "slug", "identifier", "uuid", "guid", "sku", "ref"})

// namedKey reports whether a text primary key holds the rows' names rather than codes: not
// named as a code, and most of its known values are words with spaces ('Toy Story 2',
// "A Bug's Life").
func namedKey(c *column) bool {
	if c.class != classText || len(c.words) == 0 || keyWords[c.words[len(c.words)-1]] || c.prof != nil && c.prof.Distinct < c.prof.NonNull {
		return false // (a name many rows share is a group's)
	}
	vs := c.values()
	if len(vs) < 5 {
		return false
	}
	if c.words[len(c.words)-1] == "name" {
		return true // taylor_albums.album_name 'Midnights': said to be a name
	}
	n := 0
	for _, v := range vs {
		if strings.Contains(v, " ") && strings.ToUpper(v) != v {
			n++
		}
	}
	return n*2 >= len(vs)
}

// stagingWords end the names of tables kept as loaded, which name the same rows.
var stagingWords = toSet([]string{"raw", "tbl", "staging", "stg", "metadata"})

// objectPrefixes say what kind of database object a name is, before the name itself: an
// Access or SQL Server convention (tbl_Customer, tlu_Substrate for a lookup table,
// qs_a104_Location_metadata for an exported query, vw_Sales). The code after a query's
// prefix (a104) only orders the exports.
var objectPrefixes = toSet([]string{"tbl", "tlu", "tlkp", "lkp", "qs", "qry", "vw"})

// objectCode is the numbered code that may follow an object prefix: a104, q12.
var objectCode = regexp.MustCompile(`^[a-z]{1,2}[0-9]{2,4}$`)

// withoutObjectPrefix drops an object-kind prefix and the code after it from a table's words,
// when words of the name itself remain.
func withoutObjectPrefix(ws []string) []string {
	if len(ws) < 2 || !objectPrefixes[ws[0]] {
		return ws
	}
	rest := ws[1:]
	if len(rest) > 1 && objectCode.MatchString(rest[0]) {
		rest = rest[1:]
	}
	return rest
}

// namespacePrefix is a first word that three or more tables' names share (or two, of a schema
// of four tables or less) and that is no word of its own: the product's or the application's
// name set before each table (pixar_films, pixar_people, pixar_rankings; wp_posts, wp_users;
// taylor_albums, taylor_all_songs), which names none of them.
// A shared word that is a table of its own, a word of a column's name or an English word
// (Product, ProductVendor, ProductCategory; SalesOrder beside SalesOrderID; AwardsPlayers,
// AwardsManagers) stays.
func namespacePrefix(seg *segmenter, tables []datasource.Table) string {
	count, single := map[string]int{}, map[string]bool{}
	for _, st := range tables {
		for _, c := range st.Columns {
			for _, w := range seg.words(c.Name) {
				single[w] = true // (SalesOrderID: "sales" is a word of this schema)
			}
		}
	}
	for _, st := range tables {
		ws := seg.words(st.Name)
		switch {
		case len(ws) == 1:
			single[ws[0]] = true
		case len(ws) > 1:
			count[ws[0]]++
		}
	}
	best, tie := "", false
	for w, n := range count {
		if (n >= 3 || n >= 2 && n*2 >= len(tables)) && !single[w] && !seg.builtin[w] && len(w) >= 2 {
			switch {
			case best == "" || n > count[best]:
				best, tie = w, false
			case n == count[best]:
				// drwho_episodes beside torchwood_episodes: two families of tables, each
				// named by its prefix, not one namespace.
				tie = true
			}
		}
	}
	if tie {
		return ""
	}
	return best
}

// djangoApps returns the app labels of a schema Django made, known by its own tables
// (django_content_type, django_migrations): every table is named <app>_<model>, the model's
// class name lower-cased and run together (stock_stockitem, order_purchaseorderlineitem).
func djangoApps(tables []datasource.Table) map[string]bool {
	django := slices.ContainsFunc(tables, func(t datasource.Table) bool {
		n := strings.ToLower(t.Name)
		return n == "django_content_type" || n == "django_migrations"
	})
	if !django {
		return nil
	}
	apps := map[string]bool{}
	for _, t := range tables {
		if app, _, ok := strings.Cut(strings.ToLower(t.Name), "_"); ok && app != "django" {
			apps[app] = true
		}
	}
	return apps
}

// djangoModelWords returns the words of a Django model's table without its app label, its
// run-together class name split into known words ("purchaseorderlineitem" is "purchase order
// line item"); nil for any other table.
func djangoModelWords(seg *segmenter, apps map[string]bool, name string) []string {
	app, model, ok := strings.Cut(strings.ToLower(name), "_")
	if !ok || !apps[app] || strings.Contains(model, "_") || model == "" {
		return nil
	}
	ws := []string{model}
	unknown := func(ws []string) int {
		n := 0
		for _, w := range ws {
			if !seg.known[w] && !(len(w) > 3 && seg.known[singular(w)]) {
				n++
			}
		}
		return n
	}
	if parts, ok := seg.best(model); ok && !seg.known[model] {
		ws = parts // a known word stays whole: "interface" is no "inter face"
	}
	if g := seg.greedyWords(model); g != nil && unknown(g) <= unknown(ws) {
		ws = g
	}
	for i := range ws {
		ws[i] = singular(ws[i]) // "salesorder": sale order, as SO_Header's words read
	}
	return ws
}

// lowerShare counts the known values of a column that have lower-case letters: words, not
// codes.
func lowerShare(c *column) int {
	n := 0
	for _, v := range c.values() {
		if strings.ToUpper(v) != v {
			n++
		}
	}
	return n
}

// pivotName is what people call an attribute: its name up to the first comma ('Iron, Fe' is
// iron, 'Vitamin C, total ascorbic acid' vitamin C).
func pivotName(n string) string {
	n, _, _ = strings.Cut(n, ",")
	return strings.TrimSpace(n)
}

// inheritParents gives a table whose primary key is also a key to another table's row (a
// subtype: Django's multi-table inheritance keeps a starship's name, cost and length in
// resources_transport, its own table holding only transport_ptr_id and what is a starship's
// alone) the columns of that parent, read through the key like a names table's texts. So
// "the five longest starships" ranks starships by their length, and starships are named by
// their parent's name. The values stay the parent's: a name said in a question filters the
// parent table, which the key joins as before.
func inheritParents(m *model) {
	for _, t := range m.tables {
		k := t.pk
		if k == nil || !t.fkCols[k] {
			continue
		}
		var parent *table
		for _, f := range t.fks {
			if f.from == k && f.from2 == nil && f.to == f.to.table.pk && f.to.table != t {
				parent = f.to.table
			}
		}
		if parent == nil || parent.pk == nil {
			continue
		}
		for _, c := range parent.cols {
			if c.class == classKey || c.via != nil || c.diff != nil || c.ratio != nil || c.parts != nil || t.col(c.name) != nil {
				continue
			}
			v := &column{name: c.name, table: t, words: c.words, class: c.class, money: c.money, boolTyp: c.boolTyp, intTyp: c.intTyp,
				dayOnly: c.dayOnly, textDate: c.textDate, flagOn: c.flagOn, flagOff: c.flagOff, numFlag: c.numFlag, flagSpellings: c.flagSpellings, epoch: c.epoch, nullable: true,
				via: &viaName{text: c, key: parent.pk, ref: k}}
			t.cols = append(t.cols, v)
			if c == parent.label && (t.label == nil || !slices.Contains(labelNames, strings.ToLower(t.label.name)) && slices.Contains(labelNames, strings.ToLower(c.name))) {
				// A starship is named by its craft's name, not by its own starship_class.
				t.label, t.label2 = v, nil
			}
		}
		if t.measure == nil && parent.measure != nil {
			t.measure = t.col(parent.measure.name)
		}
	}
}

// dropSchemaPrefix drops the first word of every table's name when all of them share it:
// it names the application or schema (Django's app label: resources_film,
// resources_people), not the rows, so "films" is resources_film's own name, said exactly.
func dropSchemaPrefix(m *model) {
	if len(m.tables) < 3 {
		return
	}
	first := ""
	for _, t := range m.tables {
		if len(t.words) < 2 || first != "" && t.words[0] != first {
			return
		}
		first = t.words[0]
	}
	for _, t := range m.tables {
		t.words = t.words[1:]
	}
}

// codeIDs gives back their meaning to columns named as ids that identify no rows: GTFS's
// direction_id (0 or 1), where no table holds directions and the column is no key. A column named "<x>_id" that is neither a primary nor a foreign key, whose profile shows
// a handful of values, and whose <x> names no table, is a code: grouped by and compared, never
// joined.
func codeIDs(m *model) {
	tables := map[string]bool{}
	for _, t := range m.tables {
		tables[strings.Join(t.words, " ")] = true
		if n := len(t.words); n > 0 {
			tables[t.words[n-1]] = true
		}
	}
	for _, t := range m.tables {
		for _, c := range t.cols {
			p, w := c.prof, c.words
			if c.class != classKey || t.fkCols[c] || c == t.pk || c.partKey || p == nil || p.Distinct == 0 || p.Distinct > 12 ||
				p.NonNull < 4*p.Distinct || len(w) < 2 || w[len(w)-1] != "id" || tables[strings.Join(w[:len(w)-1], " ")] || tables[w[len(w)-2]] {
				continue
			}
			c.class = classNumber
			inferFromData(c) // 0 and 1 only: a flag
			if c.class == classNumber {
				c.class = classText // a code: its values are compared, never added up
			}
		}
	}
}

// nameTableWords end the name of a table that keeps texts of another table's rows, one row
// per row and language: pokemon_species_names, egg_group_prose, product_translations.
var nameTableWords = toSet([]string{"name", "prose", "text", "translation", "localization", "lang"})

// borrowLabel names the rows of a table that has no name of its own, only a slug
// (pokemon.identifier 'charizard-mega-x'), by the name of the row it is a form of: a table
// whose name extends its own (pokemon_species for pokemon, product_template for product)
// that a required key points to. The name is read through the key; its values stay the other
// table's, so a name said in a question filters that table, as before.
func borrowLabel(t *table) {
	if t.label != nil && (!slugColumn(t.label) || slices.Equal(t.label.words, []string{"name"})) {
		return // a device's name 'dmi01-akron-rtr01' is its name, however it is spelled
	}
	for _, f := range t.fks {
		o := f.to.table
		if p := f.from.prof; f.from2 != nil || f.from.nullable && (p == nil || p.NonNull != p.Rows) || f.to != o.pk || o == t || o.label == nil || slugColumn(o.label) ||
			len(o.words) <= len(t.words) || !slices.Equal(o.words[:len(t.words)], t.words) || t.col(o.label.name) != nil {
			continue
		}
		if p := f.from.prof; codeList(o) || p != nil && p.Distinct*5 < p.NonNull {
			// A booking's status (BookingStatus, a list of codes), a travel's agency
			// (TravelAgency, each of dozens of travels), a circuit's type (ten circuits of
			// each): the key points to a group, not to what each row is a form of (a pizza
			// type, in three sizes).
			continue
		}
		c := &column{name: o.label.name, table: t, words: o.label.words, class: classText, nullable: true,
			via: &viaName{text: o.label, key: o.pk, ref: f.from}}
		t.cols = append(t.cols, c)
		t.label, t.label2, t.formOf = c, nil, f.from
		return
	}
}

// slugColumn says a text column holds slugs, lower-case words joined by hyphens ('mr-mime'),
// as its profile's smallest and largest values show.
func slugColumn(c *column) bool {
	p := c.prof
	if p == nil || p.Min == "" {
		return false
	}
	for _, v := range []string{p.Min, p.Max} {
		if strings.ToLower(v) != v || strings.ContainsAny(v, " _") {
			return false
		}
	}
	return slices.Equal(c.words, []string{"identifier"}) || strings.Contains(p.Min+p.Max, "-")
}

// mergeNameTables moves the texts of a names table into the table they name, as columns read
// through the key (viaName), and drops the names table: PokeAPI keeps every display name
// apart from its row (pokemon_species.identifier 'mr-mime', pokemon_species_names.name
// 'Mr. Mime'), so "the names of Gen 1 Pokémon" or "per egg group" need the name as the
// species' and the egg group's own label. Only a names table the profile shows to hold one
// row per named row (one language) is merged; several languages would need one chosen.
func mergeNameTables(m *model) {
	drop := map[*table]bool{}
	for _, n := range m.tables {
		if len(n.words) < 2 || !nameTableWords[n.words[len(n.words)-1]] {
			continue
		}
		var owner *fk
		texts, ok := []*column{}, true
		for i, f := range n.fks {
			switch {
			case slices.Contains(f.to.table.words, "language"):
			case owner != nil || f.from2 != nil || f.to.table == n || f.to != f.to.table.pk:
				ok = false
			default:
				owner = &n.fks[i]
			}
		}
		for _, c := range n.cols {
			switch {
			case n.fkCols[c]:
			case c.class == classText:
				texts = append(texts, c)
			default:
				ok = false
			}
		}
		if !ok || owner == nil || len(texts) == 0 {
			continue
		}
		if p := owner.from.prof; p == nil || p.Rows == 0 || p.Distinct != p.Rows || p.NonNull != p.Rows {
			continue
		}
		t := owner.to.table
		for _, c := range texts {
			if t.col(c.name) != nil {
				continue
			}
			t.cols = append(t.cols, &column{name: c.name, table: t, words: c.words, class: c.class, samples: c.samples,
				prof: c.prof, index: c.index, nullable: true, via: &viaName{text: c, key: owner.from, ref: owner.to}})
		}
		t.label, t.label2 = pickLabel(t)
		drop[n] = true
	}
	for _, t := range m.tables {
		if !drop[t] {
			borrowLabel(t)
		}
	}
	if len(drop) == 0 {
		return
	}
	m.tables = slices.DeleteFunc(m.tables, func(t *table) bool { return drop[t] })
	for name, t := range m.byName {
		if drop[t] {
			delete(m.byName, name)
		}
	}
	for _, t := range m.tables {
		t.fks = slices.DeleteFunc(t.fks, func(f fk) bool { return drop[f.to.table] })
	}
}

// throughWideKeys are a table's foreign keys, with each key of three columns or more, which
// the engine does not join by, replaced by the narrowest key the referenced table's own keys
// imply: an affiliation keyed by (laureate_id, year, category) to a laureate's prize is the
// laureate's by laureate_id.
func throughWideKeys(s *datasource.Schema, st *datasource.Table) []datasource.ForeignKey {
	var out []datasource.ForeignKey
	for _, f := range st.ForeignKeys {
		if len(f.Columns) <= 2 || len(f.Columns) != len(f.RefColumns) {
			out = append(out, f)
			continue
		}
		rt := s.Table(f.RefTable)
		if rt == nil {
			continue
		}
		// One only, the narrowest: the table would otherwise link the two ends a second way,
		// beside the table it references.
		var pick *datasource.ForeignKey
		for _, g := range rt.ForeignKeys {
			if len(g.Columns) > 2 || len(g.Columns) != len(g.RefColumns) || pick != nil && len(pick.Columns) <= len(g.Columns) {
				continue
			}
			var cols []string
			for _, gc := range g.Columns {
				for k, rc := range f.RefColumns {
					if strings.EqualFold(rc, gc) {
						cols = append(cols, f.Columns[k])
					}
				}
			}
			if len(cols) == len(g.Columns) {
				pick = &datasource.ForeignKey{Columns: cols, RefTable: g.RefTable, RefColumns: g.RefColumns}
			}
		}
		if pick != nil {
			out = append(out, *pick)
		}
	}
	return out
}

// wideKeyColumn reports whether a column is part of a foreign key of three columns or more.
func wideKeyColumn(st *datasource.Table, name string) bool {
	for _, f := range st.ForeignKeys {
		if len(f.Columns) > 2 && slices.ContainsFunc(f.Columns, func(c string) bool { return strings.EqualFold(c, name) }) {
			return true
		}
	}
	return false
}

// otherEnds are the keys a schema left undeclared at the other end of a movement: where
// flights.origin references airports, flights.dest holds the same airport codes (nycflights13
// declares only one, its destinations including airports the table lacks), so "flights to
// San Francisco" joins the airport by dest, not by origin.
func otherEnds(t *table) []fk {
	var out []fk
	for _, f := range t.fks {
		q := qualifier(f)
		if f.from2 != nil || len(q) != 1 || roleGroup(q[0]) < 0 {
			continue
		}
		for _, c := range t.cols {
			if c == f.from || len(c.words) != 1 || roleGroup(c.words[0]) != 1-roleGroup(q[0]) || c.class != f.from.class && c.class != classText ||
				slices.ContainsFunc(t.fks, func(o fk) bool { return o.from == c }) {
				continue
			}
			out = append(out, fk{from: c, to: f.to})
		}
	}
	return out
}

// partsDate is the date of a table that keeps it only in parts, as whole-number year, month
// and day columns: a virtual column so that "in July 2013" and "per day" read the three
// together; nil when the table has a date column of its own or lacks a part.
func partsDate(t *table) *column {
	var y, mo, d *column
	for _, c := range t.cols {
		if c.class == classDate && !c.yearInt {
			return nil
		}
		if c.class != classNumber && !c.yearInt || !c.intTyp || len(c.words) != 1 {
			continue
		}
		switch c.words[0] {
		case "year":
			y = c
		case "month":
			mo = c
		case "day":
			d = c
		}
	}
	if y == nil || mo == nil || t.col("date") != nil {
		return nil
	}
	if d == nil {
		// Monthly readings (atmos by year and month): a date on the first of the month,
		// which "in each month of 1998" and "which month" read; no single day is asked of it.
		return &column{name: "date", table: t, words: []string{"date"}, class: classDate, intDate: true, dayOnly: true, intTyp: true,
			parts: &[3]*column{y, mo, nil}}
	}
	return &column{name: "date", table: t, words: []string{"date"}, class: classDate, intDate: true, dayOnly: true, intTyp: true,
		parts: &[3]*column{y, mo, d}}
}

// shortCodeKeyed reports whether a table is keyed by text codes of three letters or fewer
// ('H', 'S', 'End'), which name nothing to a reader.
func shortCodeKeyed(t *table) bool {
	if t.pk == nil || t.pk.class != classText && t.pk.class != classKey || len(t.pk.values()) == 0 {
		return false
	}
	for _, v := range t.pk.values() {
		if len([]rune(v)) > 3 {
			return false
		}
	}
	return true
}

// pickLabel chooses the column that names a table's rows, from the words of column names in
// any convention (ProductName, client_name, full_name, Title): the table's own name plus
// "name" first, then a bare or full name, a company name, a last name (with the first name as
// a second part), any other "... name", and only then a title, a login or an e-mail. A job
// title ("Title" next to LastName, job_title) never names a person.
func pickLabel(t *table) (*column, *column) {
	own := strings.Join(t.words, " ")
	if n := len(t.words); n > 0 {
		own = t.words[n-1]
		if n > 1 && (headerWords[own] || recordWords[own]) {
			own = t.words[n-2] // season_summary's rows are seasons: season_name names them
		}
	}
	var best, first *column
	bestScore := 0
	hasName, hasCode := false, false
	for _, c := range t.cols {
		if c.class == classText && len(c.words) > 0 && c.words[len(c.words)-1] == "name" {
			hasName = true
		}
		hasCode = hasCode || slices.Equal(c.words, []string{"code"})
	}
	for _, c := range t.cols {
		if c.class != classText {
			continue
		}
		w := strings.Join(c.words, " ")
		// authors.au_lname spells out as "author last name": a person's name part prefixed
		// with its table's word is that name part.
		if rest, ok := strings.CutPrefix(w, strings.Join(t.words, " ")+" "); ok && personNameParts[rest] {
			w = rest
		}
		if r, ok := strings.CutSuffix(w, " name en"); ok {
			w = r + " name" // official_name_en: the English one of names in several languages
		}
		score := 0
		switch {
		case w == own+" name" || w == strings.Join(t.words, " ")+" name":
			score = 10
		case w == "real name":
			score = 10 // Slack's users.real_name beside name, the handle
		case w == "name" || w == "full name" || w == "display name":
			score = 9
		case w == "company name" || w == "dba":
			// dba, "doing business as": the name a business trades under.
			score = 8
		case w == "last name" || w == "surname" || w == "family name":
			score = 7
		case strings.HasSuffix(w, " name") && w != "first name" && w != "given name" && w != "contact name" && w != "user name":
			score = 5
			if p := c.prof; p != nil && p.NonNull > 20 && p.Distinct*10 < p.NonNull*9 {
				// region_name, iso4217_currency_name in a country list: a name many rows
				// share is a group's, not the row's.
				score = 4
			}
			if p := c.prof; p != nil && p.Distinct < p.NonNull && !slices.Contains(t.words, c.words[0]) && t.pk == nil {
				// episodes.sb_name, the star baker's name: another row's name, repeated on
				// the rows of a table keyed by several columns (series and number), names
				// none of them.
				score = 0
			}
		case w == own && namedKey(c): // pixar_films.film, keyed by the film's title
			score = 6
		case w == own && !hasName && t.pk == nil && !t.fkCols[c] && c.prof != nil && c.prof.NonNull == t.rows && named(c.prof.Min) && named(c.prof.Max):
			// drwho_directors.director beside the episode's key: a credit names its person
			// ('Graeme Harper'), who has many.
			score = 6
		case w == own && !hasName && c != t.pk && !t.fkCols[c] && c.prof != nil && c.prof.NonNull > 0 && c.prof.Distinct*10 >= c.prof.NonNull*9 &&
			((wordy(c.prof.Min) || named(c.prof.Min)) && (wordy(c.prof.Max) || named(c.prof.Max)) || shortUniqueNames(c)) && numberedKey(t):
			// islands.island beside island_id: 'Biscoe', 'Dream'. (A key of codes, 'SB',
			// names the rows itself.) Nearly unique will do: models.model repeats 'Mustang'
			// under two makes. Short unique names with figures are names too: lines.line,
			// '1', '3bis', 'T3a', is how people call a metro line.
			score = 6
		case !hasName && len(t.words) > 1 && headerWords[t.words[len(t.words)-1]] && unique(c) &&
			(w == own+" number" || w == strings.Join(t.words[:len(t.words)-1], " ")+" number"):
			// SalesOrderHeader.SalesOrderNumber ('SO71780'): a document is known by its
			// number, not by its key.
			score = 6
		case (w == "title" || w == own+" title") && !hasName: // episodes.episode_title
			score = 6
		case w == "model" && !hasName && own == "type" && unique(c):
			score = 6 // NetBox's device types are known by their model ('ISR 1111-8P')
		case w == "label" || w == "username" || w == "user name" || w == "login":
			score = 3
		case w == "first name" || w == "given name":
			first = c
			score = 2
		case w == "contact name":
			score = 2
		case w == "description" && hasCode:
			// A code and its description (SNOMED, RxNorm, a product code): the description
			// names what the code stands for.
			score = 2
		case strings.HasSuffix(w, " description") && c != t.pk && shortCodeKeyed(t):
			// tlu_Veg_Type keyed by 'H', 'S', 'End': Veg_desc ('Herbaceous', 'Shrub')
			// names what each code stands for.
			score = 2
		case w == "email" || w == "e mail" || w == "code":
			score = 1
		}
		if p := c.prof; score <= 5 && p != nil && p.NonNull*2 < max(p.Rows, t.rows) {
			score = 0 // a common name most foods lack (USDA's comname) names no row
		}
		if score > 0 && score == bestScore && unique(c) && !unique(best) {
			// gh_repos.name beside full_name: 'devtools' names two repositories,
			// 'jennybc/devtools' one.
			best = c
		}
		if (w == "login" || w == "username" || w == "user name") && len(t.words) > 0 && t.words[len(t.words)-1] == "user" && unique(c) {
			// A user is known by the handle they log in with ('jennybc'); the name they
			// give is optional and need not be unique.
			score = 11
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	if best != nil && first != nil && best != first && bestScore == 7 {
		return best, first
	}
	if best != nil && bestScore == 10 {
		if c := shortOwnName(t, own, best); c != nil {
			return c, nil
		}
	}
	if best != nil && bestScore <= 5 && len(best.values()) > 0 && lowerShare(best) == 0 {
		// nutr_def's tagname ('PROCNT') is a code; nutrdesc ('Protein') names the row.
		if c, _ := attributeNames(t); c != nil && c != best && c.prof != nil && best.prof != nil && c.prof.Distinct >= best.prof.Distinct {
			return c, nil
		}
	}
	if (best == nil || bestScore == 4) && !naturalKeyNamed(t) && !yearKeyed(t) {
		// A name many rows share (a college's COUNTYNM, "county name") is a group's: text
		// whose values name one row each names the rows better (not a geography's City,
		// repeated for its postal codes).
		if c := labelFromData(t); best == nil || c != nil && c.prof.Distinct*20 >= c.prof.NonNull*19 {
			best = c
		}
	}
	if best != nil && slices.Equal(best.words, []string{"species"}) {
		// A species is named by its genus and its epithet: 'Dipodomys' 'merriami'.
		for _, c := range t.cols {
			if c.class == classText && slices.Equal(c.words, []string{"genus"}) {
				return best, c
			}
		}
	}
	return best, nil
}

// shortUniqueNames reports whether a text column holds one short value per row (at most
// ten characters): the numbers and letters lines, routes or gates are called by.
func shortUniqueNames(c *column) bool {
	p := c.prof
	return p != nil && p.NonNull >= 5 && p.Distinct == p.NonNull && len(p.Min) <= 10 && len(p.Max) <= 10
}

// naturalKeyNamed reports whether a table's primary key, or a part of it, is a number named as
// the table (series_raw.series, seasons.season): rows people call by that number ("series
// 6"), not by whatever text the data holds (the series' winner).
func naturalKeyNamed(t *table) bool {
	for _, c := range t.cols {
		if c.class == classText || c != t.pk && !c.partKey || !slices.Equal(c.words, t.words) {
			continue
		}
		// (A key of several columns, one named as the table: episodes keyed by series and
		// episode are called "series 6, episode 3", not by the bakers they sent home.)
		if p := c.prof; c.partKey || p != nil && p.Distinct == p.NonNull && p.NonNull > 0 {
			return true
		}
	}
	return false
}

// personNameParts are the column names of a person's name, whole or in parts.
var personNameParts = toSet([]string{"last name", "surname", "family name", "first name", "given name", "full name"})

// labelFromData picks, when no column name says "name" or "title", the text column whose data
// names rows: (nearly) one value per row, words rather than codes ("Blue Note", not "BN-0042").
func labelFromData(t *table) *column {
	var best *column
	bestRatio := 0.0
	for _, c := range t.cols {
		p := c.prof
		if c.class != classText || p == nil || p.NonNull < 5 || p.NonNull*2 < max(p.Rows, t.rows) {
			continue // (episodes.winner_name, set on the finals only, names no episode)
		}
		ratio := float64(p.Distinct) / float64(p.NonNull)
		if ratio >= 0.8 && ratio > bestRatio && wordyValues(c) {
			best, bestRatio = c, ratio
		}
	}
	return best
}

// figureNouns name tables whose rows are figures: a score, a rating, a reading.
var figureNouns = toSet([]string{"score", "rating", "reading", "measurement", "mark"})

// totalKinds finds the column whose few values tell a row's figures apart by kind, one or
// more of them a total of the others ('total', 'total\n100%' beside 'jury', 'online'), and
// those values. The table must hold a figure of its own.
func totalKinds(t *table) (*column, []string) {
	if !slices.ContainsFunc(t.cols, func(c *column) bool { return c.class == classNumber && !t.fkCols[c] && c != t.pk }) {
		return nil, nil
	}
	for _, c := range t.cols {
		p := c.prof
		if c.class != classText || p == nil || p.Distinct < 2 || p.Distinct > 12 || int64(len(c.samples)) != p.Distinct {
			continue
		}
		var totals []string
		for _, v := range c.samples {
			if n := normPhrase(v); n == "total" || strings.HasPrefix(n, "total ") {
				totals = append(totals, v)
			}
		}
		if len(totals) > 0 && len(totals) < len(c.samples) {
			slices.Sort(totals)
			return c, totals
		}
	}
	return nil, nil
}

// yearKeyed reports whether a table keeps one row a year, keyed by the year (a contest's
// editions): the year names the row, not a text that happens to differ between years (the
// host city).
func yearKeyed(t *table) bool {
	k := t.pk
	return k != nil && k.yearInt && k.class == classDate && !t.fkCols[k] && len(t.cols) > 0 && t.cols[0] == k
}

// wordyValues reports whether a column's values read as words: its first and last, or, when
// one of those is a name with a figure in it (the act '2U'), nine in ten of its indexed values.
func wordyValues(c *column) bool {
	if wordy(c.prof.Min) && wordy(c.prof.Max) {
		return true
	}
	if len(c.index) < 20 {
		return false
	}
	n := 0
	for _, v := range c.index {
		if wordy(v) {
			n++
		}
	}
	return n*10 >= len(c.index)*9
}

// wordy reports whether a value reads as words: letters, no digits, at most six words.
// named reports whether a value reads as a product's name, letters beside its figures
// ('1-Ton Truck 2WD', 'F150 Pickup 4WD'): two words or more, one of them a word of letters.
func named(s string) bool {
	ws := strings.Fields(s)
	return len(ws) >= 2 && len(ws) <= 6 && slices.ContainsFunc(ws, wordy)
}

func wordy(s string) bool {
	letters := false
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			return false
		case unicode.IsLetter(r):
			letters = true
		}
	}
	return letters && len(strings.Fields(s)) <= 6
}

// inferFromData refines a column's role with what its values show, whatever its name: a number
// column holding only 0 and 1 is a flag, never a measure; a text column holding only Y/N (yes/no,
// true/false, 1/0) is a flag too; a text column whose values are all dates is a date.
//
// A text column already named like a date (order_date) is left as it was: SQLite's typeless
// dates are read that way, and the other engines' date types need no cast.
// surveyFlag recognises a yes/no item of a government survey (NCES IPEDS' HOSPITAL, HBCU,
// ROTC_NAVY): 1 for yes, 2 or 0 for no, and the negative codes such surveys keep for "not
// applicable" and "not reported" (-1, -2, -3), which are neither.
func surveyFlag(c *column) (on, off string, ok bool) {
	p := c.prof
	if p == nil || c.money != 0 || c.countName() || p.Distinct < 3 || p.Distinct > 5 || p.Min != "-1" && p.Min != "-2" && p.Min != "-3" ||
		containsAny(c.words, []string{"gender", "sex", "level", "type", "status", "code", "category", "class", "rank"}) {
		return "", "", false
	}
	switch {
	case p.Max == "1" && p.Distinct <= 4:
		return "1", "0", true
	case p.Max == "2":
		return "1", "2", true
	}
	return "", "", false
}

// surveyTwoValueFlags reads as yes/no the columns of only 1 and 2 (HBCU, where every
// institution answered) of a table whose other items keep a survey's 1 = yes, 2 = no.
func surveyTwoValueFlags(t *table) {
	if !slices.ContainsFunc(t.cols, func(c *column) bool { return c.numFlag && c.flagOff == "2" }) {
		return
	}
	for _, c := range t.cols {
		if p := c.prof; c.class == classNumber && p != nil && p.Distinct == 2 && p.Min == "1" && p.Max == "2" && c.money == 0 && !c.countName() && len(c.words) == 1 {
			c.class, c.flagOn, c.flagOff, c.numFlag = classBool, "1", "2", true
		}
	}
}

func inferFromData(c *column) {
	if p := c.prof; (c.class == classNumber || c.class == classBool) && !c.boolTyp && p != nil && p.Distinct > 0 && p.Distinct <= 2 && p.Min == "-1" && (p.Max == "0" || p.Max == "-1") &&
		c.money == 0 && !c.countName() {
		// Is_grazed in an Access export: yes is -1, no is 0.
		c.class, c.flagOn, c.flagOff, c.numFlag = classBool, "-1", "0", true
		return
	}
	switch c.class {
	case classNumber:
		p := c.prof
		if p != nil && p.Distinct == 2 && p.Min == "0" && p.Max == "1" && c.money == 0 && !c.countName() {
			c.class = classBool
		}
		if on, off, ok := surveyFlag(c); ok {
			c.class, c.flagOn, c.flagOff, c.numFlag = classBool, on, off, true
		}
		if n := strings.ToLower(c.name); p != nil && p.NonNull > 0 && (dateNamed(n) || eventParticiple(c) || strings.HasSuffix(n, "date") || n == "period") &&
			yyyymmdd(p.Min) && yyyymmdd(p.Max) {
			// (The SEC's sub.filed and num.ddate: 20090715, as "filed" and "data date" say.)
			c.class, c.intDate, c.money, c.dayOnly = classDate, true, 0, true
		}
		if yearColumn(c) || datedYears(c) {
			c.class, c.yearInt, c.money, c.dayOnly = classDate, true, 0, true
		}
		if f := unixTimes(c); f != 0 {
			c.class, c.epoch, c.money = classDate, f, 0
		}
		if n := len(c.words); c.class == classNumber && n > 1 && c.words[n-1] == "code" && c.money == 0 {
			// sub_region_code, iso3166_1_numeric's kin: a number that names a group is a
			// code, never added up.
			c.class = classText
		}
	case classDate:
		if p := c.prof; p != nil && p.NonNull > 0 && len(p.Min) == 10 && len(p.Max) == 10 {
			c.dayOnly = true // '2024-03-15': days only
		}
		if order := slashDateOrder(c); order != "" {
			c.slashDate, c.textDate, c.dayOnly = order, true, true
		}
	case classText:
		if on, off, ok := textFlag(c.samples); ok {
			c.class, c.flagOn, c.flagOff = classBool, on, off
			c.flagSpellings = caseSpellings(c.samples, on, off)
			return
		}
		if p := c.prof; p != nil && p.Distinct == 2 && len(c.samples) == 1 && flagOnWords[strings.ToLower(c.samples[0])] {
			// OpenFlights' codeshare: 'Y' or empty, the empty value never sampled.
			c.class, c.flagOn, c.flagOff = classBool, c.samples[0], ""
			return
		}
		if on := yesAmong(c); on != "" {
			// is_independent: 'Yes', or what the row is instead ('Territory of GB'): set
			// when 'Yes'.
			c.class, c.flagOn, c.flagOff = classBool, on, ""
			return
		}
		if p := c.prof; p != nil && p.Distinct == 1 && p.NonNull > 0 && p.NonNull < p.Rows && len(c.samples) == 1 && markWords[strings.ToLower(c.samples[0])] {
			// A list's tick column: 'x' on the rows it marks, nothing on the others
			// (least_developed_countries_ldc).
			c.class, c.flagOn, c.flagOff = classBool, c.samples[0], ""
			return
		}
		if _, ok := listItems(c.samples); ok {
			c.listSep = ","
		}
		if numericText(c) {
			c.class, c.numText = classNumber, true
			return
		}
		if mark := markedNumbers(c); mark != "" {
			// Inside Airbnb's price '$1,250.00', a response rate '97%': amounts and shares
			// exported with their sign.
			c.class, c.numText, c.numMark = classNumber, true, mark
			return
		}
		if p := c.prof; p != nil && p.NonNull > 0 && dateShaped(p.Min) && dateShaped(p.Max) {
			c.class, c.textDate = classDate, true
			c.dayOnly = len(p.Min) == 10 && len(p.Max) == 10
		} else if p != nil && p.NonNull > 0 && monthShaped(p.Min) && monthShaped(p.Max) {
			// '1962-08': a month kept as text (a debut, a reporting period).
			c.class, c.textDate, c.monthText, c.dayOnly = classDate, true, true, true
		}
	}
}

// noNumberWords are the words a column of numbers kept as text stores for a number not known
// or not applicable.
var noNumberWords = toSet([]string{"unknown", "n/a", "na", "none", "indefinite", "varies", "-", "?"})

// numericText recognises a text column that keeps numbers as text: its sampled values are
// numbers, some written with thousands separators ('1,358') or beside words that stand for
// none ('unknown', 'n/a'), and the column's name says it is no code or number that
// identifies. A text column of plain digits alone (a ZIP code, a phone number) is left as
// text: nothing in it says it is a quantity.
func numericText(c *column) bool {
	if len(c.words) == 0 {
		return false
	}
	switch last := c.words[len(c.words)-1]; {
	case identNumberWords[last], last == "id", last == "code", last == "zip", last == "phone", last == "year", last == "date":
		return false
	}
	vs := c.samples
	if p := c.prof; len(c.samples) == 0 && p != nil && p.Distinct > 12 {
		if len(c.index) < 20 {
			// Too many values to sample (SWAPI's lengths): the smallest is a number and
			// the largest a word for none, as text sorts them.
			return plainNumber(p.Min) && noNumberWords[strings.ToLower(p.Max)]
		}
		vs = c.index // every value, indexed: read them all
	}
	if len(vs) < 3 {
		return false
	}
	nums, marks, commas := 0, 0, false
	for _, v := range vs {
		switch {
		case noNumberWords[strings.ToLower(strings.TrimSpace(v))]:
			marks++
		case footnoted.MatchString(v):
			// '9.84[13]': a figure copied from Wikipedia with its footnote mark.
			nums++
			marks++
		case plainNumber(v):
			nums++
			commas = commas || strings.Contains(v, ",")
		}
	}
	others := len(vs) - nums - marks
	if p := c.prof; p != nil && (noNumberWords[strings.ToLower(p.Max)] || noNumberWords[strings.ToLower(p.Min)]) {
		marks++ // 'unknown' sorts after every number: the largest value is a word
	}
	return nums >= 2 && nums*2 >= len(vs) && others*5 <= len(vs) && (marks > 0 || commas)
}

// markedNumbers is the sign a text column writes with each of its numbers: a currency
// before them ('$1,250.00') or a percent after ('97%'), read from its sampled values or, when
// it has too many to sample, from its smallest and largest (a word for none, 'N/A', may be
// the largest). "" when the column holds anything else.
func markedNumbers(c *column) string {
	vs := c.samples
	if p := c.prof; len(vs) == 0 && p != nil && p.NonNull > 0 {
		vs = []string{p.Min}
		if !noNumberWords[strings.ToLower(p.Max)] {
			vs = append(vs, p.Max)
		}
	}
	mark := ""
	for _, v := range vs {
		v = strings.TrimSpace(v)
		if noNumberWords[strings.ToLower(v)] {
			continue
		}
		m := ""
		switch {
		case strings.HasSuffix(v, "%"):
			m, v = "%", strings.TrimSuffix(v, "%")
		case strings.HasPrefix(v, "-"):
			v = v[1:]
			fallthrough
		default:
			for _, sign := range []string{"$", "€", "£"} {
				if strings.HasPrefix(v, sign) {
					m, v = sign, strings.TrimPrefix(v, sign)
				}
			}
		}
		if m == "" || mark != "" && m != mark || !plainNumber(v) || strings.TrimSpace(v) != v {
			return ""
		}
		mark = m
	}
	return mark
}

// footnoted is a number followed by a footnote mark.
var footnoted = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?\[[0-9a-z]+\]$`)

// plainNumber says s is a decimal number as a text column writes one: digits, thousands
// separators, at most one point, an optional sign, spaces around.
func plainNumber(s string) bool {
	s = strings.TrimPrefix(strings.ReplaceAll(strings.TrimSpace(s), ",", ""), "-")
	if s == "" || s == "." || strings.Count(s, ".") > 1 {
		return false
	}
	return strings.Trim(s, "0123456789.") == ""
}

// listItems recognises the sampled values of a list-valued column (Sakila's
// special_features: "Trailers", "Trailers,Deleted Scenes", ...): a good share of the values
// hold a comma, and they are combinations of a few items that each occur in several values.
// A "City, Country" column fails the test because its parts do not repeat. It returns the
// items, sorted.
func listItems(samples []string) ([]string, bool) {
	if len(samples) < 4 {
		return nil, false
	}
	seen := map[string]int{}
	withSep, total, long := 0, 0, false
	for _, v := range samples {
		parts := strings.Split(v, ",")
		if len(parts) > 1 {
			withSep++
		}
		total += len(parts)
		for _, p := range parts {
			p = strings.TrimSpace(p)
			if p == "" || strings.ContainsAny(p, "%_") || strings.IndexFunc(p, unicode.IsLetter) < 0 {
				return nil, false // an empty item, a LIKE wildcard, or a number such as 1,000
			}
			seen[p]++
			long = long || len(strings.Fields(p)) > 4
		}
	}
	// A recipe's ingredients: nearly every value a list of three items or more, of a few
	// words each, many items shared, though not every one.
	recipe := withSep*10 >= 9*len(samples) && total >= 3*len(samples) && !long
	if withSep*4 < len(samples) || len(seen) < 2 || len(seen) >= len(samples) && !recipe {
		return nil, false
	}
	items := make([]string, 0, len(seen))
	shared := 0
	for p, n := range seen {
		if n < 2 && !recipe {
			return nil, false
		}
		if n >= 2 {
			shared++
		}
		items = append(items, p)
	}
	if shared*4 < len(seen) {
		return nil, false
	}
	sort.Strings(items)
	return items, true
}

// listOfRows reports whether text column c, named as table t is, keeps lists of t's names
// in one text ('<wallet><daedalus>', '|wallet|daedalus|'): most of its values split into
// names t holds, and a good share of them into more than one.
func listOfRows(c *column, t *table) bool {
	if c == nil || c.class != classText || c.table == t || t.label == nil || !slices.Equal(c.words, t.words) {
		return false
	}
	names := map[string]bool{}
	for _, v := range t.label.values() {
		names[strings.ToLower(v)] = true
	}
	vs := c.values()
	if len(names) < 2 || len(vs) < 4 {
		return false
	}
	whole, several := 0, 0
	for _, v := range vs {
		parts := strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return strings.ContainsRune("<>|,;", r) })
		if len(parts) > 0 && !slices.ContainsFunc(parts, func(p string) bool { return !names[strings.TrimSpace(p)] }) {
			whole++
			if len(parts) > 1 {
				several++
			}
		}
	}
	return whole*5 >= len(vs)*4 && several*4 >= len(vs)
}

// countName reports whether the column's words say it counts things (units, clicks).
func (c *column) countName() bool {
	for _, w := range c.words {
		if countLike[w] {
			return true
		}
	}
	return false
}

// flagOnWords are the "on" values of flags kept as text.
var flagOnWords = map[string]bool{"y": true, "yes": true, "true": true, "t": true}

// yesAmong is the 'Yes' of a text column named as a question ("is_independent",
// "has_parking") that answers it with 'Yes' or with other words; "" otherwise.
func yesAmong(c *column) string {
	if len(c.words) < 2 || c.words[0] != "is" && c.words[0] != "has" || len(c.samples) > 20 {
		return ""
	}
	for _, v := range c.samples {
		if w := strings.ToLower(v); flagOnWords[w] && w != "t" {
			return v
		}
	}
	return ""
}

// markWords are the ticks a list puts in a column of its own on the rows it marks.
var markWords = map[string]bool{"x": true, "y": true, "yes": true, "true": true, "✓": true, "✔": true, "*": true}

// flagPairs are the value pairs of flags stored as text, "on" first.
var flagPairs = [][2]string{{"y", "n"}, {"yes", "no"}, {"true", "false"}, {"t", "f"}, {"1", "0"}, {"y", ""}}

// textFlag recognises a text column whose sampled values are exactly the two values of a flag,
// returning them as stored.
// unknownMarks are stored values that say a flag is not known.
var unknownMarks = map[string]bool{"na": true, "n/a": true, "unknown": true, "?": true}

func textFlag(samples []string) (on, off string, ok bool) {
	// 'Y', 'N' and a stray 'n' are still two states; the first spelling of each is kept.
	var uniq []string
	for _, v := range samples {
		if unknownMarks[strings.ToLower(v)] {
			continue // 'NA' beside 'Y' and 'N' says neither, not a third state
		}
		if !slices.ContainsFunc(uniq, func(u string) bool { return strings.EqualFold(u, v) }) {
			uniq = append(uniq, v)
		}
	}
	samples = uniq
	if len(samples) != 2 {
		return "", "", false
	}
	for _, fp := range flagPairs {
		a, b := strings.ToLower(samples[0]), strings.ToLower(samples[1])
		switch {
		case a == fp[0] && b == fp[1]:
			return samples[0], samples[1], true
		case a == fp[1] && b == fp[0]:
			return samples[1], samples[0], true
		}
	}
	return "", "", false
}

// unixTimes is 1000 when a number column named as a date or a moment holds Unix times in
// milliseconds (1973 to 2100), 1 when it holds them in seconds, 0 otherwise: lichess's
// created_at 1504210000000.0, an app's updated_at 1619043455.
func unixTimes(c *column) float64 {
	p := c.prof
	n := strings.ToLower(c.name)
	if p == nil || p.NonNull == 0 || c.yearInt || c.intDate || !(dateNamed(n) || eventParticiple(c) || strings.HasSuffix(n, "time") || strings.HasSuffix(n, "timestamp")) {
		return 0
	}
	lo, err1 := strconv.ParseFloat(p.Min, 64)
	hi, err2 := strconv.ParseFloat(p.Max, 64)
	switch {
	case err1 != nil || err2 != nil:
		return 0
	case lo >= 1e11 && hi < 4.1e12:
		return 1000
	case lo >= 1e8 && hi < 4.1e9:
		return 1
	}
	return 0
}

// caseSpellings are the spellings of each state that the samples write in more than one
// case: a games table whose rated column went half through a spreadsheet holds 'TRUE' and
// 'True', and a rated game is either. nil when each state has one spelling.
func caseSpellings(samples []string, states ...string) map[string][]string {
	var out map[string][]string
	for _, st := range states {
		var all []string
		for _, v := range samples {
			if strings.EqualFold(v, st) && !slices.Contains(all, v) {
				all = append(all, v)
			}
		}
		if len(all) > 1 {
			if out == nil {
				out = map[string][]string{}
			}
			out[st] = all
		}
	}
	return out
}

// monthShaped reports whether s is an ISO month and nothing else (2024-03).
func monthShaped(s string) bool {
	if len(s) != 7 || s[4] != '-' || s[5] > '1' {
		return false
	}
	for i, r := range s {
		if i != 4 && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// dateShaped reports whether s starts like an ISO date (2024-03-15, 2024-03-15 10:00:00).
func dateShaped(s string) bool {
	if len(s) < 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, r := range s[:10] {
		if i != 4 && i != 7 && (r < '0' || r > '9') {
			return false
		}
	}
	return len(s) == 10 || s[10] == ' ' || s[10] == 'T'
}

// flagWords are state adjectives that name a 0/1 column on their own.
var flagWords = map[string]bool{"discontinued": true, "active": true, "inactive": true, "deleted": true, "archived": true,
	"obsolete": true, "enabled": true, "disabled": true, "verified": true, "paid": true, "cancelled": true, "canceled": true,
	"closed": true, "flagged": true, "blocked": true, "suspended": true, "approved": true, "published": true, "hidden": true}

// isFlagName reports whether column words name a flag: is_/has_/can_ prefixes or a state word.
func isFlagName(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	if len(ws) > 1 && (ws[0] == "is" || ws[0] == "has" || ws[0] == "can") {
		return true
	}
	return len(ws) == 1 && flagWords[ws[0]]
}

// classify maps a database type (and, for SQLite's typeless text dates, the name) to a class.
func classify(name, typ string) colClass {
	switch {
	case strings.Contains(typ, "bool"):
		return classBool
	case strings.Contains(typ, "date") || strings.Contains(typ, "time"):
		return classDate
	case strings.Contains(typ, "int") || strings.Contains(typ, "numeric") || strings.Contains(typ, "decimal") ||
		strings.Contains(typ, "real") || strings.Contains(typ, "double") || strings.Contains(typ, "float") ||
		strings.Contains(typ, "money") || typ == "number":
		return classNumber
	}
	if dateNamed(name) {
		return classDate
	}
	return classText
}

// looseIDs reads an id of a flat table (no primary key) that references no table and names no
// table's rows (a sales export's CustomerID where the schema has no customers) as the thing it
// identifies: its different values are the customers, so "how many customers" counts them and
// "per customer" groups by them, where a key would only join. A keyed table's id may point to
// a table the agent is not allowed to see (customers.region_id without regions), which must
// stay refused, not be grouped by its bare numbers.
func looseIDs(m *model) {
	for _, t := range m.tables {
		if t.pk != nil {
			continue
		}
		for _, c := range t.cols {
			if c.class != classKey || t.fkCols[c] || c == t.pk || c.partKey || len(c.words) != 2 || c.words[1] != "id" ||
				slices.ContainsFunc(t.fks, func(f fk) bool { return f.from == c || f.from2 == c }) ||
				slices.ContainsFunc(m.tables, func(o *table) bool { return slices.Contains(o.words, c.words[0]) || o.col(c.name) != nil && o != t }) {
				continue
			}
			c.class, c.looseID = classText, true
		}
	}
}

// dateNamed reports whether a lower-case column name says it holds a date or a time.
func dateNamed(name string) bool {
	return name == "date" || name == "day" || strings.HasSuffix(name, "_date") || strings.HasSuffix(name, "_at") ||
		strings.HasSuffix(name, "_on") || strings.HasSuffix(name, "_time")
}

// eventParticiple reports whether a column is named by one past participle ("filed",
// "accepted", "shipped"): the date something happened to the row, when it holds dates.
func eventParticiple(c *column) bool {
	return len(c.words) == 1 && len(c.words[0]) > 4 && strings.HasSuffix(c.words[0], "ed")
}

// statAbbrevs spell out the capitalised abbreviations of sports statistics (W, L, HR, ERA),
// which name a column only in a table that has several of them: a table of results.
var statAbbrevs = map[string][]string{
	"W": {"win"}, "L": {"loss"}, "T": {"tie"}, "G": {"game"}, "GP": {"game", "played"}, "GS": {"game", "started"},
	"R": {"run"}, "H": {"hit"}, "HR": {"home", "run"}, "RBI": {"run", "batted", "in"}, "SB": {"stolen", "base"},
	"CS": {"caught", "stealing"}, "BB": {"walk"}, "SO": {"strikeout"}, "AB": {"at", "bat"}, "2B": {"double"},
	"3B": {"triple"}, "ERA": {"earned", "run", "average"}, "RA": {"run", "allowed"}, "ER": {"earned", "run"},
	"SV": {"save"}, "E": {"error"}, "DP": {"double", "play"}, "HBP": {"hit", "by", "pitch"}, "SHO": {"shutout"},
	"CG": {"complete", "game"}, "HA": {"hit", "allowed"}, "HRA": {"home", "run", "allowed"},
	"BBA": {"walk", "allowed"}, "SOA": {"strikeout", "pitched"}, "PTS": {"point"}, "AST": {"assist"},
	"REB": {"rebound"}, "GF": {"goal", "for"}, "GA": {"goal", "against"}, "Pts": {"point"},
}

// statsTable reports whether a table names three or more columns by statAbbrevs: only there is
// "W" a number of wins rather than a letter.
func statsTable(st *datasource.Table) bool {
	n := 0
	for _, sc := range st.Columns {
		if _, ok := statAbbrevs[sc.Name]; ok {
			n++
		}
	}
	return n >= 3
}

// datedYears reports whether a number column named as a date keeps only years: the FJC's
// birth_date 1745..1976, an integer where the day is not known.
func datedYears(c *column) bool {
	n := len(c.words)
	p := c.prof
	return n > 1 && c.words[n-1] == "date" && c.intTyp && p != nil && p.NonNull > 0 && yearNumber(p.Min) && yearNumber(p.Max)
}

// slashDateOrder reads the order of a date kept as text with slashes, 'MM/DD/YYYY' ("mdy")
// or 'DD/MM/YYYY' ("dmy"), from its values: a first part above 12 is a day, a second part
// above 12 makes it a month. Values of other shapes, or no telling part, leave it "".
func slashDateOrder(c *column) string {
	p := c.prof
	if p != nil && p.NonNull > 0 && yearFirstSlashed(p.Min) && yearFirstSlashed(p.Max) &&
		!slices.ContainsFunc(append(slices.Clone(c.samples), c.index...), func(v string) bool { return !yearFirstSlashed(v) }) {
		return "ymd" // Cricsheet's '2017/04/05'
	}
	if p == nil || p.NonNull == 0 || !slashShaped(p.Min) || !slashShaped(p.Max) {
		return ""
	}
	firstDay, secondDay := false, false
	for _, v := range append(slices.Clone(c.samples), c.index...) {
		if !slashShaped(v) {
			return ""
		}
		a, _ := strconv.Atoi(v[:2])
		b, _ := strconv.Atoi(v[3:5])
		firstDay = firstDay || a > 12
		secondDay = secondDay || b > 12
	}
	switch {
	case secondDay && !firstDay:
		return "mdy"
	case firstDay && !secondDay:
		return "dmy"
	}
	return ""
}

// yearFirstSlashed reports whether s is NNNN/NN/NN.
func yearFirstSlashed(s string) bool {
	return len(s) == 10 && s[4] == '/' && s[7] == '/' && dateShaped(s[:4]+"-"+s[5:7]+"-"+s[8:])
}

// slashShaped reports whether s is NN/NN/NNNN.
func slashShaped(s string) bool {
	if len(s) != 10 || s[2] != '/' || s[5] != '/' {
		return false
	}
	for i, r := range s {
		if i != 2 && i != 5 && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// yearColumn reports whether a number column keeps years: named as one, holding 1000..2999.
func yearColumn(c *column) bool {
	p := c.prof
	return p != nil && p.NonNull > 0 && yearNamed(c.words) && yearNumber(p.Min) && yearNumber(p.Max)
}

// yearNamed reports whether column words name a year: yearID, fiscal_year, season.
func yearNamed(ws []string) bool {
	return slices.Contains(ws, "year") || slices.Contains(ws, "season")
}

// yearNumber reports whether a profiled value is a whole year of the calendar, 1000 to 2999.
func yearNumber(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1000 && n <= 2999
}

// yyyymmdd reports whether s is a calendar day written as the number YYYYMMDD (20180115).
func yyyymmdd(s string) bool {
	if len(s) != 8 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	y, mo, d := s[:4], s[4:6], s[6:]
	return y >= "1900" && y <= "2100" && mo >= "01" && mo <= "12" && d >= "01" && d <= "31"
}

// pickDate chooses the table's default date column: a known name first, else the first one.
func pickDate(t *table) *column {
	for _, n := range dateNames {
		if c := t.col(n); c != nil && c.class == classDate {
			return c
		}
	}
	for _, c := range t.cols {
		if c.class == classDate && eventParticiple(c) && !auditColumn(c) && !recordedColumn(c) && c.prof != nil && c.prof.Rows > 0 && c.prof.NonNull == c.prof.Rows && !markDate(c) {
			// A filing's "filed", before the period it reports on: a row named by what
			// happened to it, on every row, is the row's own date.
			return c
		}
	}
	// A row's own date before the time it was written down: a film's release_date, not
	// Django's created beside it.
	for _, recorded := range []bool{false, true} {
		for _, c := range t.cols {
			if c.class == classDate && !auditColumn(c) && !c.yearInt && !lifeEvent(c) && (recorded || !recordedColumn(c)) && !strings.Contains(c.name, "__") && !markDate(c) {
				// (purpose__last_set, flattened from a nested object, is that object's date.)
				return c
			}
		}
	}
	for _, c := range t.cols {
		if c.class == classDate && lifeEvent(c) && slices.ContainsFunc(c.words, func(w string) bool { return slices.Contains(t.words, w) }) {
			// OMOP's death table: a row is a death, and death_date is its own date.
			return c
		}
	}
	for _, c := range t.cols {
		if c.yearInt && (c.partKey || len(c.words) == 1 || slices.Equal(c.words, []string{"year", "id"})) {
			// A team's season (yearID of the key), when the rows have no day; a film's
			// release_year is an attribute, not the period of the row.
			return c
		}
	}
	return nil
}

// markDate reports whether a date column holds two values at most over many rows (Slack's
// channels.unlinked, '1970-01-01' on all but one): a mark, not the rows' date.
func markDate(c *column) bool {
	return c.prof != nil && c.prof.NonNull > 4 && c.prof.Distinct <= 2
}

// lifeEvent reports whether a date column is a person's birth or death: an attribute of the
// person, said with "born" or "died", never the period "patients seen in 2023" means.
func lifeEvent(c *column) bool {
	return birthColumn(c) || containsAny(c.words, []string{"death", "died", "deceased"})
}

// birthColumn reports whether a column's name says a birth (birth_date, dob, BIRTHDATE).
func birthColumn(c *column) bool {
	return containsAny(c.words, []string{"birth", "born", "dob", "birthdate", "birthday"})
}

// auditColumn reports whether a date column records when the row was last changed
// (Sakila's last_update, updated_at, modified_on): bookkeeping, never the date a question
// about the rows means, so it is not a table's default date.
func auditColumn(c *column) bool {
	for _, w := range c.words {
		switch w {
		case "update", "updated", "modified", "modify", "changed", "edited":
			return true
		}
	}
	return false
}

// recordedColumn says a date column is only when the row was written down, named by the verb
// alone ("created", "inserted"): a row's own date, if it has one, comes first.
func recordedColumn(c *column) bool {
	return len(c.words) == 1 && (c.words[0] == "created" || c.words[0] == "inserted" || c.words[0] == "loaded")
}

func (t *table) colIndex(c *column) int {
	for i, x := range t.cols {
		if x == c {
			return i
		}
	}
	return -1
}

func (t *table) col(name string) *column {
	for _, c := range t.cols {
		if strings.EqualFold(c.name, name) {
			return c
		}
	}
	return nil
}

// edge is one step of a join path.
type edge struct {
	fk      fk
	forward bool // walking from the referencing table to the referenced one (many-to-one)
}

// neighbours lists the FK steps out of t in either direction.
func (m *model) neighbours(t *table) []edge {
	var out []edge
	for _, f := range t.fks {
		out = append(out, edge{fk: f, forward: true})
	}
	for _, o := range m.tables {
		for _, f := range o.fks {
			if f.to.table == t {
				out = append(out, edge{fk: f, forward: false})
			}
		}
	}
	return out
}

// other is the table an edge leads to from t.
func (e edge) other(t *table) *table {
	if e.fk.from.table == t {
		return e.fk.to.table
	}
	return e.fk.from.table
}

// path returns the shortest FK path from any table in from to target (BFS, deterministic by
// schema order), or ok=false when they are not connected.
func (m *model) path(from []*table, target *table) ([]edge, bool) {
	type step struct {
		prev *table
		e    edge
	}
	seen := map[*table]*step{}
	queue := []*table{}
	for _, t := range from {
		if t == target {
			return nil, true
		}
		if _, ok := seen[t]; !ok {
			seen[t] = nil
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, e := range m.neighbours(t) {
			o := e.other(t)
			if _, ok := seen[o]; ok {
				continue
			}
			seen[o] = &step{prev: t, e: e}
			if o.registry && o != target {
				continue
			}
			if o == target {
				var p []edge
				for cur := o; seen[cur] != nil; cur = seen[cur].prev {
					p = append([]edge{seen[cur].e}, p...)
				}
				if len(p) == 2 && p[0].forward && !p[1].forward {
					if l := m.linkPath(p[0].fk.from.table, target); l != nil {
						return l, true
					}
				}
				return p, true
			}
			queue = append(queue, o)
		}
	}
	return nil, false
}

// linkPath is the path from a to b through a table that references both, where a and b were
// first found as siblings that only share a parent: parties and cabinets of one country are
// joined by the cabinet's parties (CabinetParty), not by the country they share.
func (m *model) linkPath(a, b *table) []edge {
	if a == b {
		return nil
	}
	for _, l := range m.tables {
		if l == a || l == b || l.view {
			continue
		}
		var toA, toB *fk
		for k := range l.fks {
			f := &l.fks[k]
			if len(qualifier(*f)) > 0 {
				continue // a key in a role of its own links nothing plainly
			}
			if f.to.table == a && f.to == a.pk && toA == nil {
				toA = f
			} else if f.to.table == b && f.to == b.pk && toB == nil {
				toB = f
			}
		}
		if toA != nil && toB != nil {
			return []edge{{fk: *toA, forward: false}, {fk: *toB, forward: true}}
		}
	}
	return nil
}

// siblings reports whether a path goes up to a parent and down to another of its children
// (a cabinet's country, then that country's parties), the join a link table beats.
func siblings(in []*table, path []edge) bool {
	if len(path) != 2 {
		return false
	}
	start := pathStart(in, path)
	return path[0].fk.from.table == start && path[1].fk.to.table == path[0].fk.to.table
}

// keyedTogether reports whether a key of one table references the other.
func keyedTogether(a, b *table) bool {
	return slices.ContainsFunc(a.fks, func(f fk) bool { return f.to.table == b }) || slices.ContainsFunc(b.fks, func(f fk) bool { return f.to.table == a })
}

// joinedTables are the tables joining ts to one another: ts and every table on the paths
// that connect them, each added to the tables joined before it.
func (m *model) joinedTables(ts []*table) []*table {
	if len(ts) == 0 {
		return nil
	}
	out := []*table{ts[0]}
	for _, t := range ts[1:] {
		p, ok := m.path(out, t)
		if !ok {
			continue
		}
		cur := t
		for k := len(p) - 1; k >= 0; k-- {
			out = appendTable(out, cur)
			cur = p[k].other(cur)
		}
		out = appendTable(out, t)
	}
	return out
}

// distance is the number of joins from any of from to t, or -1.
func (m *model) distance(from []*table, t *table) int {
	p, ok := m.path(from, t)
	if !ok {
		return -1
	}
	return len(p)
}

// descends reports whether walking p from start ever goes from a referenced table to the
// referencing one, which an inner join makes a filter even where it repeats no row.
func descends(start *table, p []edge) bool {
	cur := start
	for _, e := range p {
		if e.fk.to.table == cur && e.fk.from.table != cur {
			return true
		}
		cur = e.other(cur)
	}
	return false
}

// fansOut reports whether joining from the measure's table along p multiplies its rows, i.e.
// some step goes from a referenced table to the referencing one (one-to-many).
func fansOut(start *table, p []edge) bool {
	cur := start
	for _, e := range p {
		next := e.other(cur)
		if e.fk.to.table == cur && e.fk.from.table != cur && !(e.fk.from2 == nil && e.fk.from == next.pk) {
			return true // (down into a row kept one to one with its parent is no repeat)
		}
		cur = next
	}
	return false
}

// seriesFigure returns the column a table of dated figures keeps its figure in under a generic
// name ("value", "total"), when the table is dated, keyed by what and when rather than by an
// id of its own (an invoice's Total is one invoice's), and has one such column; nil otherwise.
// A table keyed by another table's key is such figures too, one per thing of the other
// table: recent_grads keyed by the major keeps each major's graduates in Total, so "recent
// graduates" are that figure, not the number of majors.
func seriesFigure(t *table) *column {
	if c := ownNamedFigure(t); c != nil {
		return c
	}
	extends := t.pk != nil && t.fkCols[t.pk] && !t.pk.partKey
	if (t.date == nil || t.pk != nil) && !extends {
		return nil
	}
	var fig *column
	for _, c := range t.cols {
		if c.class != classNumber || len(c.words) != 1 || (c.words[0] != "value" && c.words[0] != "total") {
			continue
		}
		if fig != nil {
			return nil
		}
		fig = c
	}
	return fig
}

// shortOwnName is the column named as its table whose every value is a part of the table's
// "<table> name" ('Adelie' in 'Adelie Penguin (Pygoscelis adeliae)'): the short name people
// say and expect back; the long one is a description. Nil when there is none.
func shortOwnName(t *table, own string, long *column) *column {
	for _, c := range t.cols {
		if c.class != classText || strings.Join(c.words, " ") != own || c == long {
			continue
		}
		short, full := c.values(), long.values()
		if len(short) == 0 || len(full) == 0 || c.prof == nil || c.prof.Distinct != c.prof.NonNull {
			continue
		}
		all := true
		for _, v := range short {
			if !slices.ContainsFunc(full, func(f string) bool {
				return len(f) > len(v) && strings.Contains(strings.ToLower(f), strings.ToLower(v))
			}) {
				all = false
				break
			}
		}
		if all {
			return c
		}
	}
	return nil
}

// unique reports whether a column's values, as profiled, name one row each and are all set.
func unique(c *column) bool {
	p := c.prof
	return p != nil && p.NonNull > 0 && p.NonNull == p.Rows && p.Distinct == p.NonNull
}

// numberedKey reports whether a table's key is a number, as profiled: a surrogate that names
// nothing people say.
func numberedKey(t *table) bool {
	p := t.pk
	if p == nil || p.prof == nil || p.prof.Min == "" {
		return false
	}
	_, err := strconv.ParseFloat(p.prof.Min, 64)
	return err == nil
}
