package offline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/analytics-agent/service/datasource"
)

// aggKind is an aggregate function.
type aggKind int

const (
	aggNone aggKind = iota // decided at the end: SUM, or MAX/MIN with a superlative
	aggCount
	aggCountDistinct
	aggSum
	aggAvg
	aggMin
	aggMax
)

// measure is one aggregated output column.
type measure struct {
	agg   aggKind
	col   *column // nil for COUNT of rows
	table *table  // the counted table, or col's table
	// shareOf makes a count of rows the percentage of them that meet this condition
	// ("percentage of products discontinued").
	shareOf *condition
	// period keeps only the rows of one period, beside the same figure of another period
	// ("a higher average rate in 2013 than in 2012").
	period *dateCond
	// countIf counts only the rows that meet this condition, beside other counts of the
	// same groups ("more private for-profit institutions than public ones").
	countIf *condition
	// via are tables the question named between the counted rows and the share's condition
	// ("Sports films" of "percentage of rentals were Sports films").
	via []*table
	// per divides the measure into a unit the question asked for ("in hours": by 3600000
	// milliseconds); unit names it for the column alias.
	per  float64
	unit string
	// generic says the question named the measure with a word that is not in the column's
	// name ("money" for Invoice.Total): complete may read it as another table's money.
	generic bool
	// times multiplies col by a column of the same row or of a row it refers to before adding
	// up: "copies ordered times list price" is SUM(sales.qty * titles.price).
	times *column
	// each says the column was said in the plural after a named row's possessive ("Pikachu's
	// base stats"): its values, one per row, not their sum.
	each bool
	// reports counts a keyless table's rows themselves, not the names they report on
	// ("by number of reports" of storms).
	reports bool
	// change makes the sum the difference between two years of the table's year column:
	// "how much did China's population grow from 1952 to 2007".
	change *yearChange
	// weight makes the average count each row as many times as this column of the same row
	// says: "life expectancy weighted by population".
	weight *column
}

// yearChange is a figure's change from one year to a later one, by a year column.
type yearChange struct {
	year     *column
	from, to int
}

// dimension is one GROUP BY output: a table (its label and key), a column, or a time bucket
// of a date column (col may stay nil until the date column is chosen).
type dimension struct {
	table  *table
	col    *column
	grain  grain
	plural bool // "products" rather than "product": a ranking keeps more than one row
	hint   *table
	weak   bool    // "trend", "over time": a default bucket that an explicit one replaces
	role   *column // a self-reference: group by the referenced row (the supervisor)
	each   bool    // said after "each"/"every": a top N is taken within each of its groups
	// ofYear labels a month by its month of the year ("01"), not its calendar month
	// ("2025-01"): "each month of 2025" and "months of 2017" list the months of the one year
	// the question names (see monthsOfNamedYear).
	ofYear bool
	// monthName labels a month of one year by its English name ("December"), as the
	// question asked ("give the month name").
	monthName bool
}

// condition is one WHERE predicate.
type condition struct {
	// either holds conditions of which any may hold ("legendary or mythical"); col, op and
	// vals then repeat the first, so the table it reads is still joined.
	either []condition
	col    *column
	op     string // =, <>, >, >=, <, <=, between, in, not in, is null, is not null
	vals   []any  // string or float64
	having *measure
	avgOf  *column // compare with the average of this column over its whole table
	// avgBy narrows that average to the rows sharing this foreign key's value: "above the
	// average price of their category" is the average of the same category's products.
	avgBy *column
	// avgWhere keeps only the rows of a value in that average: "a larger land area than the
	// average city" is the average of the municipalities of type 'city'.
	avgWhere *condition
	// avgPath joins the averaged rows to the table of avgWhere's value, each step to the row
	// referred to ("the average Gentoo penguin": measurements to individuals, nests, species).
	avgPath []edge
	// periodKept says antiDates were set when the condition was made, the period of rows that
	// exist beside a period of rows that do not ("vehicles in 1985 but none in 2014").
	periodKept bool
	// than compares col with its value on the row of the same table whose label is this:
	// "more appearances than Superman (Clark Kent)".
	than string
	anti *fk // NOT EXISTS a row of anti.from.table referencing the subject
	// role reads col on the copy of its table that this self-reference points to: "reports
	// to Andrew Fuller" is the manager's name, not the employee's.
	role *column
	// orUnder keeps the row of the value or a row under it through this self-reference:
	// "sales of Bikes" where products sit in Bikes' subcategories (Mountain Bikes, Road
	// Bikes), never in Bikes itself.
	orUnder *column
	// antiVia is the named table's key to anti.from.table when the named rows reach the
	// subject through it ("films never rented": rental → inventory → film).
	antiVia *fk
	// antiDates restrict the rows whose absence is tested: "customers with no orders in 2018"
	// had orders, just none that year.
	antiDates []dateCond
	// antiUp is the missing rows' key to the table of their date when the date is not
	// theirs: order lines of orders dated 2018.
	antiUp *fk
	// present makes the anti-join a semi-join: EXISTS such a row, not NOT EXISTS ("patients
	// who have had viral sinusitis", counted within a share of all patients).
	present bool
	// antiConds restrict the missing rows by what is said about them or rows they reach
	// ("customers who never rented a horror film": no rental of a film in the Horror
	// category); antiJoins are the joins inside the test that reach those rows (complete).
	antiConds []condition
	antiJoins []joinStep
	// avgGroups compares a HAVING measure with the average of the same measure over all
	// groups ("employees who sold more than the average employee"): the plan of that
	// average (outerAvg), rendered as a subquery; or with a count of all rows of a table
	// ("characters in every film": as many films as there are).
	avgGroups *plan
	// versus compares a HAVING measure with another measure of the same groups: "categories
	// with more women than men" is SUM(women) > SUM(men) per category.
	versus *measure
	// other compares col with another column of the same row: "shipped after their required
	// date", "fewer units in stock than their reorder level"; otherRole reads it on the row a
	// self-reference points to ("earn more than their manager": the manager's salary).
	other, otherRole *column
}

// dateCond restricts a date column to a range; hint is the table the question was talking
// about when it said the date, used when no date column was named.
type dateCond struct {
	col  *column
	rng  dateRange
	hint *table
}

// plan is the typed intermediate form between words and SQL.
type plan struct {
	// rounded says the question asks its figures rounded, to digits decimals.
	rounded bool
	digits  int
	// periodOp compares each group's figure in the first of two periods said with the
	// second's (">" for "higher in 2013 than in 2012"), read in periodsCompared; periodRows
	// are the rows said right after the comparative ("more orders in 2024"), counted.
	periodOp   string
	periodRows *table
	measures   []measure
	dims       []dimension
	conds      []condition
	dates      []dateCond
	having     []condition
	subjects   []*table
	listTable  *table
	listCols   []*column
	// averagedOver are the rows' own names an average is taken over ("of the majors in
	// each category"), or the kind of row an extreme is one of ("on a shift"): said, and no
	// grouping (averagedRows, finish).
	averagedOver []*column
	// typedFrom are the "<type> count" columns whose words typedCounts answered by counting
	// the rows of that type instead.
	typedFrom []*column
	// labelTies breaks ties of a listing's order by the names shown before the key: rows
	// listed "strongest first" read by name where they are equally strong.
	labelTies bool
	distinct  bool // SELECT DISTINCT of listed columns

	order      orderKind
	orderCol   *column // listing order
	desc       bool
	limit      int
	outerCount bool // count the groups that pass HAVING
	outerAvg   bool // the average of the per-group measure ("average total payments per customer")
	perRow     bool // "per episode" averaged across the rows of the measure's own table
	// topPer keeps the top topPer rows within each group of the dimension marked each ("the
	// top-spending customer at each store"), with a window function; limit is then 0.
	topPer int
	// partition is the column whose values a listing's rows are ranked within when topPer
	// keeps the first rows of each ("the largest glacier in each country").
	partition *column
	share     bool      // add each group's percentage of the total
	unitCols  []unitCol // listed columns shown again in the unit the question asked for
	roleList  *column   // list each row with the label of the row this self-reference points to
	joins     []joinStep
	base      *table
	// keepEmpty keeps the groups that have no rows at all ("including customers with
	// none"): the rows counted are outer-joined to them.
	keepEmpty bool
	// today is set when the question asks about what holds now ("currently", "right now"):
	// the rows of tables kept as periods are today's only (currentRows), one per parent.
	today      string
	notes      []string
	semFilters []string // conditions of the semantic layer: metric filters, default filters
	named      []*table // the tables the question's words were read in: evidence for a join path
	called     []*table // of those, the tables called by their own names ("Rock items")
	said       []string // the question's words (singular, lower case), for the keys of a join path
	// copied are the tables whose rows are named by a figure table's copy of their names
	// (country_codes by population.country_name), or said as all of them together ("of all
	// countries"): said, though neither joined nor grouped by.
	copied []*table
	// unitsOf are the things a quantity measure counts the units of ("how many pizzas are in
	// an order": the order lines' quantities): named by the question, read by the measure.
	unitsOf []*table
	// saidReports says the question named rows as reports or records ("by number of
	// reports"): a keyless table of dated reports is counted by them, not by its names.
	saidReports bool
}

// unitCol is a listed duration shown in another unit: col divided by per, named after unit.
type unitCol struct {
	col  *column
	per  float64
	unit string
}

type orderKind int

const (
	orderNone orderKind = iota
	orderMeasure
	orderDims // time series: chronological
	orderCol
)

// defaultTopN is used for "top products" without a number, as ThoughtSpot does.
const defaultTopN = 10

// notUnderstood is the internal form of nlq.NotUnderstoodError.
type notUnderstood struct {
	words []string
	msg   string
}

func (e *notUnderstood) Error() string { return e.msg }

// builder walks the recognised items left to right, keeping the pending grammar state.
type builder struct {
	// flagRows is the table whose rows an acronym flag said in the plural asks for ("which
	// HBCUs").
	flagRows *table
	// directlyUnder is the row of a tree said after "directly under": the rows asked for are
	// those whose parent it is (childrenOf).
	directlyUnder *cand
	// valueCounts compares, per group, the rows of one value with the rows of another
	// ("which states have more private for-profit institutions than public ones").
	valueCounts *valueCounts
	// weight is the column said after "weighted by", weightSaid its words (weighAverage).
	weight     *column
	weightSaid []string
	// whenToo says the question also asks when ("the heaviest weight, and on what date"):
	// the row of an extreme, with its date.
	whenToo bool
	// whoToo says the question also asks who ("the largest single expenditure, and who was
	// paid"): the row of an extreme, named, not the extreme alone.
	whoToo bool
	// unitsOf is the table a unit noun named when its units were summed instead ("items").
	unitsOf *table
	m       *model
	items   []item
	p       plan

	agg       aggKind
	distinct  bool
	group     bool
	which     bool
	whichDim  bool // a dimension came from "which"/"what": without a measure, list its values
	whichList bool // ... and it did
	top       bool
	topDir    int // +1 top, -1 bottom
	topN      int
	super     int // +1 most, -1 least
	price     bool
	dim       string  // the dimension of a measurement adjective ("longest": length)
	busy      bool    // "busiest", "quietest": without a measure, ranks by how many events
	cmpAgg    aggKind // "whose average price is above 100": the comparison is on an aggregate
	cmpAvg    bool    // "more than the average product": compare with the table's average
	cmpDim    string
	cmpPrice  bool
	anti      bool   // "never", "without": the next table is an anti-join
	division  bool   // "in every film": the rows that have all of another table's rows
	antiFrom  *table // the subject of the anti-join
	antiDone  bool
	has       bool // "has a": the next column is filled in
	avgOf     bool // "average total ... per": an average of per-group aggregates
	share     bool
	sort      bool
	firstLast aggKind
	// firstYear is "the earliest year", waiting for the rows whose year it is; yearOf is
	// their table once read, so that the rest of its words name nothing more.
	firstYear bool
	yearOf    *table
	firstDate *column // the date an "oldest", "first" or "latest" was read on
	cmp       kw
	cmpNums   []float64
	cmpPct    bool    // the number compared was said as a percentage
	cmpScale  float64 // the scale word of the number compared ("10 million"), 0 when none
	cmpTarget *column
	// cmpAvgBy is the key that keeps the average compared with to the peers the question
	// already keeps: "more appearances than the average DC character" among DC characters.
	cmpAvgBy *column
	// cmpAvgCond is the condition that keeps those peers, for an average over groups.
	cmpAvgCond *condition
	not        bool
	lastTable  *table
	lastDate   *column
	dateHint   *table  // the table the next date is about, when not the last one named
	roleKey    *column // a self-reference said as a relation ("reports to", "their manager"), not yet used
	cur        int     // the item entity is working on
	lastDim    bool
	list       bool
	withCols   []*column // "list the products ..., with their price": columns shown beside the rows
	dirSaid    bool      // "largest first", "in ascending order": a direction said on its own
	dirDim     string    // the dimension a direction said on its own ranks by: "strongest first"
	thanCol    *column   // the column a named row's value was compared on, shown beside a listing
	unknown    []string
	changeVerb int  // "grew", "gained" (1) or "fell", "lost" (-1): a change between two years
	singular   bool // the dimension of a superlative was singular
	whichRows  bool // "which customers ...": the rows of a table, by their label
	often      bool // the superlative is "most often": rows counted
	// heldParts is the table of each party's part in an event, read as the events it belongs
	// to: counted because they were said to be held (see heldEvents), or dated by them ("the
	// first vote").
	heldParts *table
	// antiCond is the index in p.conds of the anti-join "never"/"without" made (-1: none),
	// antiSubject the rows that have none, antiWords the words that said it; checkShape
	// refuses conditions said after it on the missing rows.
	avgCount bool // "average number of": a count averaged per group if a table follows
	// cmpCount is the table counted in "more rentals than the average customer".
	cmpCount *table
	// outUnit is the time unit the answer is asked in ("in hours"), outWords its words.
	outUnit, outWords string
	common            bool // "most common", "most frequent": the value the most rows hold
	sold              bool // "best selling": ranked by units sold
	antiCond          int
	antiSubject       *table
	// antiStart is len(p.conds) when "never"/"without" was said (-1: not said): conditions
	// from there on about other tables than the subject are about the missing rows.
	antiStart int
	// eachGroup says the pending grouping was said with "each"/"every" (not "by"/"per").
	eachGroup bool
	antiWords string
	versus    bool // "online versus direct orders": one answer per value
	// whichKept carries "which" past a flag to the rows it qualifies ("which legendary Pokémon").
	whichKept bool
}

func build(m *model, items []item) (*plan, error) {
	items = winnersAsPeople(recordSetters(items))
	b := &builder{m: m, items: items, antiCond: -1, antiStart: -1}
	averageBeforeComparison(items)
	items = whoseRows(aggregatesOfOneColumn(items))
	b.items = items
	for i := 0; i+2 < len(items); i++ {
		if a, z := items[i], items[i+2]; a.kind == itKeyword && z.kind == itKeyword && items[i+1].kind == itKeyword && items[i+1].kw.kind == kwAnd &&
			(a.kw.kind == kwMost && z.kw.kind == kwLeast || a.kw.kind == kwLeast && z.kw.kind == kwMost) {
			// "which species has the shortest and the longest flippers": two rankings in
			// opposite directions, which one answer row cannot hold.
			return nil, &notUnderstood{words: []string{a.text(), z.text()}, msg: "cannot rank both ways in one answer: ask for each separately"}
		}
	}
	countAfterTable(items)
	dateOfFirst(items)
	placeBeforeComparison(items)
	columnBeforeComparison(items)
	numberBeforeColumn(items)
	b.columnComparisons()
	b.countBeforeAverage()
	for i := range items {
		if err := b.step(i); err != nil {
			return nil, err
		}
	}
	if b.cmpAvg && b.cmpTarget != nil {
		// "products with a unit price above the average": the average of that column.
		if _, err := b.special(&cand{kind: candColumn, table: b.cmpTarget.table, col: b.cmpTarget}); err != nil {
			return nil, err
		}
	}
	if b.cmp != kwNone {
		return nil, &notUnderstood{words: []string{cmpWords(b)}, msg: "incomplete comparison: a number is missing"}
	}
	if len(b.unknown) > 0 {
		return nil, &notUnderstood{words: b.unknown, msg: "some words do not match any table, column or value"}
	}
	if b.not && !b.anti && b.lastTable != nil && b.saidSold() {
		// "customers who have not bought anything": as "never".
		b.anti, b.antiFrom, b.not = true, b.lastTable, false
	}
	if b.anti && b.saidSold() {
		// "which genres have never been sold": no sales line of any of their rows; "customers
		// who have not bought anything": no sale of theirs, when the business's dated
		// transactions refer to them directly.
		t := b.m.salesLines()
		if e := b.m.eventTable(); e != nil && b.childOf(e, b.antiFrom) {
			t = e
		}
		if t != nil {
			from := b.antiFrom
			if _, err := b.special(&cand{kind: candTable, table: t}); err != nil {
				return nil, err
			}
			for k := range b.p.dates {
				if d := &b.p.dates[k]; d.col == nil && d.hint == from {
					d.hint = t // "not bought anything in 2025": the sales' date
				}
			}
		}
	}
	if t := b.timesCounted(); t != nil && len(b.p.measures) == 1 && b.p.measures[0].agg == aggCount && b.p.measures[0].col == nil && b.p.measures[0].table != t {
		// "how many times were Family films rented": the rentals are counted, the films only
		// say which.
		b.p.subjects = appendTable(b.p.subjects, b.p.measures[0].table)
		b.p.measures[0].table = t
	}
	if t := b.valueAsRows(); t != nil {
		// "how many beverages have been discontinued": the category's value stands for the
		// rows filed under it, the products.
		b.p.measures = append(b.p.measures, measure{agg: aggCount, table: t})
		b.agg = aggNone
	}
	if b.anti && !b.antiDone && b.antiFrom != nil && !b.has && !b.cmpAvg && strings.HasPrefix(strings.ToLower(kwWords(b, kwNever)), "never") {
		if child := b.onlyChild(b.antiFrom); child != nil {
			// "which species were never caught": the verb said no more than that no row of the
			// one kind that refers to them exists ("customers without" still says too little).
			if _, err := b.special(&cand{kind: candTable, table: child, score: scoreExact}); err != nil {
				return nil, err
			}
		}
	}
	if err := b.antiInner(); err != nil {
		return nil, err
	}
	if b.anti || b.has || b.cmpAvg {
		return nil, &notUnderstood{words: []string{kwWords(b, kwNever) + kwWords(b, kwHas)}, msg: "the question ends before saying what is missing or compared"}
	}
	if b.not {
		// "customers without orders" needs an anti-join; a negation left over applies to
		// nothing the engine can express, and dropping it would answer the opposite.
		return nil, &notUnderstood{words: []string{kwWords(b, kwNot)}, msg: "cannot tell what the negation applies to"}
	}
	if b.agg != aggNone && b.agg != aggCount && len(b.p.measures) == 0 && b.lastTable != nil && b.lastTable.measure != nil {
		// "yearly order totals": the aggregate came after its table.
		col, err := b.defaultMeasure(b.lastTable, b.agg, aggWords(b))
		if err != nil {
			return nil, err
		}
		b.p.measures = append(b.p.measures, measure{agg: b.agg, col: col, table: b.lastTable})
		b.p.subjects = removeTable(b.p.subjects, b.lastTable)
		b.agg = aggNone
	}
	if b.agg == aggSum && len(b.p.measures) == 0 && (len(b.p.dims) > 0 || len(b.p.conds) > 0) && strings.EqualFold(kwWords(b, kwSum), "how much") {
		// "how much did each employee sell": no amount named, the grouped rows have none; the
		// money of the business's one transaction table (its own amount or its lines'
		// revenue), when there is one.
		var col *column
		if t := b.m.eventTable(); t != nil {
			col = t.measure
			if col == nil || col.money < revenueLike {
				col = b.childMeasure(t)
			}
		} else {
			// "how much did Mike Hillyer take each month": the money of the one table that
			// refers to the rows named and holds money (payments of a staff member).
			var named []*table
			for _, c := range b.p.conds {
				if c.col != nil {
					named = appendTable(named, c.col.table)
				}
			}
			for _, d := range b.p.dims {
				if d.table != nil {
					named = appendTable(named, d.table)
				}
			}
			if len(named) == 1 && named[0].measure == nil {
				col = b.childMeasure(named[0])
			}
		}
		if col != nil {
			b.p.measures = append(b.p.measures, measure{agg: aggSum, col: col, table: col.table})
			b.agg = aggNone
		}
	}
	if b.agg == aggAvg && len(b.p.measures) == 1 && b.p.measures[0].agg == aggNone && b.p.measures[0].col != nil &&
		b.p.measures[0].col.metric == nil && (len(b.p.dims) == 0 || b.super != 0 && b.p.measures[0].col.class == classNumber) {
		// "how long are our films on average": the average of the measure named before;
		// "which month has the most high cloud on average": ranked by it.
		b.p.measures[0].agg, b.agg = aggAvg, aggNone
	}
	if b.agg == aggAvg && len(b.p.measures) == 1 && b.p.measures[0].agg == aggCount && b.p.measures[0].col == nil {
		// "how many films does an actor appear in on average", "how many orders per customer
		// on average": the average of the count per row of the table named (finish decides
		// which; checkShape refuses when it cannot).
		b.avgOf, b.agg = true, aggNone
	}
	if (b.agg == aggAvg || b.agg == aggMin || b.agg == aggMax) && len(b.p.measures) > 0 {
		// "the highest revenue per customer on average": an aggregate of aggregates other than
		// the average of a count, which the plan cannot express; answering without it would
		// be a different question. A late
		// "in total" only repeats what the measures already do.
		return nil, &notUnderstood{words: []string{aggWords(b)}, msg: "an aggregate applies to nothing that can be aggregated"}
	}
	if b.super != 0 && b.dim != "" && len(b.p.measures) == 1 && b.p.measures[0].agg == aggAvg && b.p.measures[0].col != nil &&
		b.p.measures[0].col.metric == nil && !slices.ContainsFunc(b.p.measures[0].col.words, func(w string) bool { return slices.Contains(dimWords[b.dim], w) }) {
		// "which genres have the longest tracks on average": the average of the rows' length,
		// not of their table's default measure (a price), which a length superlative never
		// ranks by.
		if c := dimColumn(b.p.measures[0].table, b.dim); c != nil {
			b.p.measures[0].col = c
		}
	}
	if err := b.finish(); err != nil {
		return nil, err
	}
	for k := range b.p.measures {
		if f := b.countedThrough(b.p.measures[k]); f != nil {
			// "the most bachelor's degrees": awards of that level are counted in the rows
			// that refer to it (complete2021.TOTAL per institution and level), not by
			// counting the one level named.
			b.p.measures[k] = measure{agg: aggSum, col: f.measure, table: f}
		}
	}
	b.countsCompared()
	b.childrenOf()
	copiedNames(&b.p)
	rowsUnderNamed(&b.p)
	averagedRows(&b.p)
	rolesArePeople(&b.p)
	b.winnersOfRows()
	totalsCompared(&b.p)
	b.whoNamesPeople()
	if err := b.whereOfEvent(); err != nil {
		return nil, err
	}
	if ms := b.p.measures; len(ms) == 1 && len(b.p.dims) > 0 && ms[0].col != nil && ms[0].col.nullable && ms[0].col.via == nil && ms[0].shareOf == nil &&
		(ms[0].agg == aggSum || ms[0].agg == aggAvg || ms[0].agg == aggNone) && b.saysThoseThatHave() {
		// "iPlayer requests per series, for the series that have them": groups with none
		// left out.
		b.p.conds = append(b.p.conds, condition{col: ms[0].col, op: "is not null"})
	}
	if p := &b.p; b.thanCol != nil && p.listTable != nil && len(p.measures) == 0 && len(p.dims) == 0 && !slices.Contains(b.withCols, b.thanCol) {
		// "films with a higher IMDb rating than Finding Nemo": each with its rating.
		b.withCols = append(b.withCols, b.thanCol)
	}
	if p := &b.p; p.listTable != nil && len(p.listCols) > 0 && len(p.measures)+len(p.dims) == 0 && len(b.withCols) == 0 {
		if c := yearFigureCompared(p); c != nil {
			// "countries with a GDP per capita above 30,000 in 2007": each with its figure
			// of that year, one per country.
			b.withCols = append(b.withCols, c)
		}
	}
	if len(b.withCols) > 0 {
		// "list the products Mountain Works supplies, with their standard price": columns
		// shown beside each row listed, never added up.
		p := &b.p
		if beside := b.besideGroups(); beside != nil {
			// "the five most densely populated municipalities, with their census division":
			// a name of what each group's row belongs to, shown beside it.
			p.dims = append(p.dims, beside...)
		} else if p.listTable == nil || len(p.measures) > 0 || len(p.dims) > 0 {
			return nil, &notUnderstood{words: []string{b.withCols[0].name}, msg: fmt.Sprintf("cannot tell which rows to show %s beside", b.withCols[0].name)}
		} else {
			if len(p.listCols) == 0 {
				p.listCols = labelCols(p.listTable)
			}
			if len(p.listCols) == 0 && p.listTable.pk != nil {
				p.listCols = []*column{p.listTable.pk} // "the biggest order? give its date": which order
			}
			for _, c := range b.withCols {
				if !slices.Contains(p.listCols, c) {
					p.listCols = append(p.listCols, c)
				}
			}
			if c := b.withCols[len(b.withCols)-1]; b.dirSaid && p.order == orderNone && c.class == classNumber {
				// "with their 2021 populations, largest first": ordered by the figure shown.
				p.order, p.orderCol = orderCol, c
			}
		}
	}
	b.typedCounts()
	b.heldEvents()
	if p := &b.p; b.dirDim != "" && p.listTable != nil && p.order == orderNone && len(p.measures) == 0 && len(p.dims) == 0 {
		// "the Rogue Ales beers stronger than 8% ABV, strongest first": the rows listed in the
		// order of the column that measures that dimension, shown beside them.
		if c := dimColumn(p.listTable, b.dirDim); c != nil {
			p.order, p.orderCol, p.labelTies = orderCol, c, true
			if len(p.listCols) == 0 {
				p.listCols = labelCols(p.listTable)
			}
			if len(p.listCols) > 0 && !slices.Contains(p.listCols, c) {
				p.listCols = append(p.listCols, c)
			}
		}
	}
	if p := &b.p; b.dirSaid && b.dirDim == "" && p.listTable != nil && p.order == orderNone && len(p.measures) == 0 && len(p.dims) == 0 {
		// "every set with more than 4,000 pieces, biggest first": ordered by the one figure
		// of theirs the question compared.
		var by *column
		for _, k := range p.conds {
			if k.col != nil && k.col.table == p.listTable && k.col.class == classNumber && (k.op == ">" || k.op == ">=" || k.op == "<" || k.op == "<=") {
				if by != nil && by != k.col {
					by = nil
					break
				}
				by = k.col
			}
		}
		if by != nil {
			p.order, p.orderCol = orderCol, by
		}
	}
	if p := &b.p; len(p.measures) == 1 && (p.measures[0].agg == aggMin || p.measures[0].agg == aggMax) && p.measures[0].col != nil &&
		p.measures[0].col.class == classDate && len(p.dims) == 1 && p.dims[0].col == p.measures[0].col && len(p.having) == 0 {
		// "on what date was the first vote": the first date is the date asked for, not the
		// first of each date.
		p.dims = nil
	}
	b.p.measures = dedupeMeasures(b.p.measures)
	b.p.dims = dedupeLabelDims(b.p.dims)
	b.noneIsNoValue()
	b.topRowPerGroup()
	b.topRowOfEachOwner()
	b.topPerGroup()
	if b.outUnit != "" {
		// "the average track length in minutes": the measure divided into that unit; "the
		// longest song in minutes": the rows, with the length they were ranked by shown in
		// that unit; with no single duration to convert, the words are not understood.
		ms := b.p.measures
		f, ok := 0.0, len(ms) == 1 && ms[0].col != nil && ms[0].col.metric == nil && ms[0].agg != aggCount && ms[0].agg != aggCountDistinct
		if ok {
			f, ok = unitFactor(b.outUnit, ms[0].col)
		}
		switch c := b.p.orderCol; {
		case ok:
			b.p.measures[0].per, b.p.measures[0].unit = f, b.outUnit
		case len(ms) == 0 && b.p.listTable != nil && c != nil && c.metric == nil:
			if f, ok = unitFactor(b.outUnit, c); ok {
				b.p.unitCols = append(b.p.unitCols, unitCol{col: c, per: f, unit: b.outUnit})
				if len(b.p.listCols) == 0 && b.p.listTable.label != nil {
					b.p.listCols = []*column{b.p.listTable.label}
				}
			}
		}
		if !ok {
			return nil, &notUnderstood{words: []string{b.outWords}, msg: "cannot tell what to convert into " + b.outWords}
		}
	}
	b.unitsAsQuantity()
	b.eventsForTimes()
	b.listIdentity()
	b.whoOfRoleRows()
	b.showCompared()
	b.valuesUnder()
	if err := b.weighAverage(); err != nil {
		return nil, err
	}
	if err := b.checkShape(); err != nil {
		return nil, err
	}
	return &b.p, nil
}

// idsAfterMost is the column of ids or numbers said in the plural right after "the most" or
// "the fewest" ("the most different customers", "the most invoices" of a flat table's
// CustomerID and InvoiceNo), when it is not what the rows are grouped by.
func (b *builder) idsAfterMost() *column {
	for k := 0; k+1 < len(b.items); k++ {
		if it := b.items[k]; it.kind != itKeyword || it.kw.kind != kwMost && it.kw.kind != kwLeast {
			continue
		}
		n := k + 1
		if x := b.items[n]; x.kind == itKeyword && x.kw.kind == kwDistinct && n+1 < len(b.items) {
			n++ // "the most different customers"
		}
		x := b.items[n]
		if x.kind != itEntity || !x.plural || x.pick == nil || x.pick.kind != candColumn || x.pick.col.class != classText || !identifierWords(x.pick.col.words) ||
			slices.ContainsFunc(b.p.dims, func(d dimension) bool { return d.col == x.pick.col }) {
			return nil
		}
		return x.pick.col
	}
	return nil
}

// eventsCounted counts the events a date column dates: its rows, or, where the rows are the
// lines of events numbered in a column of the same noun (InvoiceDate beside InvoiceNo, repeated
// on each line of an invoice), the different numbers.
func eventsCounted(date *column) measure {
	for _, c := range date.table.cols {
		if p := c.prof; c != date && c != date.table.pk && c.class == classText && len(c.words) == 2 && len(date.words) == 2 && c.words[0] == date.words[0] &&
			identifierWords(c.words) && p != nil && p.Distinct > 0 && p.Distinct < p.NonNull {
			return measure{agg: aggCountDistinct, col: c, table: date.table}
		}
	}
	return measure{agg: aggCount, table: date.table}
}

// identifierWords reports whether a column's name ends in a word of identifiers: number, no,
// id, code.
func identifierWords(ws []string) bool {
	n := len(ws)
	return n > 1 && (ws[n-1] == "number" || ws[n-1] == "no" || ws[n-1] == "id" || ws[n-1] == "code")
}

// valuesUnder reads the name of a row of a tree (categories under categories) said of other
// rows as that row or any row under it: "the revenue from Bikes" where the products sit in
// Bikes' subcategories. The rows asked about must be another table's; a question about the
// tree's own rows ("the categories named Bikes") keeps the one row.
func (b *builder) valuesUnder() {
	p := &b.p
	var cs []*condition
	for k := range p.conds {
		cs = append(cs, &p.conds[k])
	}
	for _, m := range p.measures {
		if m.shareOf != nil {
			cs = append(cs, m.shareOf) // "the share of revenue from Bikes"
		}
	}
	for _, c := range cs {
		if c.col == nil || c.op != "=" || c.role != nil || c.anti != nil || len(c.either) > 0 || c.col != c.col.table.label {
			continue
		}
		t := c.col.table
		var up *column
		for _, col := range t.cols {
			if selfRef(col) {
				up = col
			}
		}
		other := p.listTable != nil || slices.ContainsFunc(p.measures, func(m measure) bool { return m.table != nil && m.table != t })
		if up == nil || !other || p.listTable == t || slices.ContainsFunc(p.dims, func(d dimension) bool { return d.table == t || d.col != nil && d.col.table == t }) ||
			slices.ContainsFunc(p.measures, func(m measure) bool { return m.table == t }) {
			continue
		}
		if slices.ContainsFunc(p.conds, func(o condition) bool { return o.col == up || o.role == up }) {
			continue // "subcategories of Bikes": the tree is read already
		}
		if !leavesOnly(b.m, t, up) {
			continue // "who chairs the Armed Services Committee": members sit on every level
		}
		c.orUnder = up
	}
}

// leavesOnly reports whether the rows of other tables refer only to rows of the tree t that
// are under another (products in subcategories, never in Bikes itself), as far as the
// refresh's profile tells: each key into t takes no more values than t has rows under
// another.
func leavesOnly(m *model, t *table, up *column) bool {
	if up.prof == nil || up.prof.NonNull == 0 {
		return false
	}
	found := false
	for _, o := range m.tables {
		for _, f := range o.fks {
			if o == t || f.to.table != t || f.from2 != nil {
				continue
			}
			if f.from.prof == nil || f.from.prof.Distinct > up.prof.NonNull {
				return false
			}
			found = true
		}
	}
	return found
}

// weighAverage applies "weighted by <column>" to the one figure of the answer: each continent's
// life expectancy weighted by population is SUM(lifeExp × pop) / SUM(pop) over its rows. The
// weight must be a number of the figure's own rows; anything else is refused.
func (b *builder) weighAverage() error {
	if b.weightSaid == nil {
		return nil
	}
	w, words, ms := b.weight, b.weightSaid, b.p.measures
	if w == nil || w.class != classNumber || len(ms) != 1 || ms[0].col == nil || ms[0].col.class != classNumber || ms[0].col.table != w.table ||
		ms[0].agg != aggAvg && ms[0].agg != aggSum || ms[0].times != nil || ms[0].change != nil || ms[0].shareOf != nil || ms[0].col == w {
		return &notUnderstood{words: words, msg: "cannot tell which average to weigh: say the figure and a number of its own rows (\"average life expectancy weighted by population\")"}
	}
	b.p.measures[0].agg, b.p.measures[0].weight = aggAvg, w
	return nil
}

// kwWords is the text of the last keyword of kind k.
func kwWords(b *builder, k kw) string {
	w := ""
	for _, it := range b.items {
		if it.kind == itKeyword && it.kw.kind == k {
			w = it.text()
		}
	}
	return w
}

// aggWords is the text of the last aggregate keyword.
func aggWords(b *builder) string {
	w := ""
	for _, it := range b.items {
		if it.kind == itKeyword && (it.kw.kind == kwCount || it.kw.kind == kwSum || it.kw.kind == kwAvg || it.kw.kind == kwMax || it.kw.kind == kwMin) {
			w = it.text()
		}
	}
	return w
}

func cmpWords(b *builder) string {
	for _, it := range b.items {
		if it.kind == itKeyword && it.kw.kind == b.cmp {
			return it.text()
		}
	}
	return ""
}

// monthsOfNamedYear reports whether the time unit at item i is "month(s)" listed over the one
// year said right after it with "of": "each month of 2025", "which months of 2017". Those ask
// for the twelve months of that year, labelled by month of the year; "per month in 2025"
// and a single ranked "month of 2024" (its busiest) keep the calendar month.
func (b *builder) monthsOfNamedYear(i int) bool {
	it, n := &b.items[i], b.next(i)
	if it.kw.grain != grainMonth || n == nil || n.kind != itDate || len(n.toks) < 2 || n.toks[0].lower != "of" {
		return false
	}
	r := n.rng
	if r.from.IsZero() || r.from.Month() != 1 || r.from.Day() != 1 || !r.to.Equal(r.from.AddDate(1, 0, 0)) {
		return false // not exactly one calendar year
	}
	if it.toks[0].plural {
		return true
	}
	prev := i - 1 // "each month", "for every month"
	return prev >= 0 && b.items[prev].kind == itKeyword && b.items[prev].kw.kind == kwGroup && eachWords[strings.ToLower(b.items[prev].text())] && b.items[prev].text() != "per"
}

// yearShown returns the column keeping the year of the rows named last, when "the year" is
// asked for as one more thing to show ("give the year and the artist"), not as a grouping.
func (b *builder) yearShown(i int) *column {
	it := &b.items[i]
	t := b.lastTable
	if t == nil || it.kw.grain != grainYear || len(it.toks) != 1 || it.toks[0].plural || len(it.skipped) == 0 || !slices.Contains([]string{"the", "their", "its"}, it.skipped[len(it.skipped)-1]) {
		return nil
	}
	if d := t.date; d != nil && d.yearInt {
		return d
	}
	for _, c := range t.cols {
		if c.class == classNumber && yearColumn(c) && slices.Equal(c.words, []string{"year"}) {
			return c
		}
	}
	return nil
}

func (b *builder) next(i int) *item {
	if i+1 < len(b.items) {
		return &b.items[i+1]
	}
	return nil
}

func (b *builder) step(i int) error {
	it := &b.items[i]
	wasDim := b.lastDim
	b.lastDim = false
	switch it.kind {
	case itUnknown:
		if u := outUnit(*it); u != "" {
			b.outUnit, b.outWords = u, it.text()
			return nil
		}
		if d, ok := changeVerbs[strings.ToLower(it.text())]; ok && b.changeVerb == 0 {
			b.changeVerb = d // read in yearChanges, or refused there
			return nil
		}
		if keptInMillions(b.items, i) {
			return nil // "the average audience in millions" of figures kept in millions
		}
		for j := i + 1; strings.EqualFold(it.text(), "numbered") && j < len(b.items) && j <= i+2 && b.items[j].kind == itEntity; j++ {
			// "each numbered (Doctor Who) series" of season_number: the rows that have one.
			for _, c := range b.items[j].cands {
				if c.kind == candColumn && c.col != nil && slices.Contains(c.col.words, "number") && c.col.nullable {
					b.p.conds = append(b.p.conds, condition{col: c.col, op: "is not null"})
					return nil
				}
			}
		}
		b.unknown = append(b.unknown, it.text())
	case itDate:
		hint := b.lastTable
		if b.dateHint != nil {
			hint = b.dateHint
		} else if t := datedNounAfter(b.items, i); t != nil {
			// "in the 2021 Dutch parliamentary election": the year said as the
			// adjective of the rows named right after it is their date.
			hint = t
		} else if hint != nil && hint.date == nil && b.lastDate == nil {
			// "customers who rented a film in June 2005": films have no date of their own;
			// the date is the rentals', named just before, not the customers' signup date.
			for k := i - 1; k >= 0; k-- {
				if p := b.items[k].pick; b.items[k].kind == itEntity && p != nil && p.kind == candTable && p.table.date != nil {
					hint = p.table
					break
				}
			}
		}
		col := b.lastDate
		if col != nil && b.dateHint != nil && col.table != b.dateHint && b.dateHint.date != nil {
			// "listings that have been reviewed ... received no reviews in 2024": the period
			// is the missing reviews', said after them, not the date the verb named before,
			// which then says something the answer would leave out.
			b.unknown = append(b.unknown, strings.Join(col.words, " "))
			col = nil
		}
		if col == nil && b.dateHint == nil && i > 0 && len(it.skipped) > 0 && strings.HasSuffix(it.skipped[0], "ed") {
			if pt := tableNamed(&b.items[i-1]); pt != nil && pt == hint && pt.date != nil && b.items[i-1].start+len(b.items[i-1].toks)+1 == it.start {
				// "lines of an order placed in 2015": the date of the rows named right
				// before the verb, not the lines' own picking date.
				col = pt.date
			}
		}
		b.p.dates = append(b.p.dates, dateCond{col: col, rng: it.rng, hint: hint})
		b.lastDate, b.dateHint = nil, nil
	case itNumber:
		return b.number(i)
	case itKeyword:
		return b.keyword(i, wasDim)
	case itEntity:
		return b.entity(i)
	}
	return nil
}

func (b *builder) keyword(i int, wasDim bool) error {
	it := &b.items[i]
	switch k := it.kw.kind; k {
	case kwCount, kwSum, kwAvg, kwMax, kwMin:
		if n, p := b.next(i), i-1; k == kwCount && strings.EqualFold(it.text(), "number of") && b.super != 0 && p >= 0 && b.items[p].kind == itKeyword &&
			(b.items[p].kw.kind == kwMost || b.items[p].kw.kind == kwLeast) && n != nil && n.kind == itEntity && n.pick != nil &&
			n.pick.kind == candColumn && n.pick.col.class == classNumber && b.agg == aggNone && !b.which && !b.whichDim {
			// "the highest number of appearances of any DC character": the largest count a
			// row keeps, not a ranking of rows by how many there are ("on which day was the
			// highest number of members active" ranks the days).
			b.agg = map[int]aggKind{1: aggMax, -1: aggMin}[b.super]
			b.super = 0
			return nil
		}
		if n := b.next(i); b.agg == aggAvg && k == kwCount && strings.EqualFold(it.text(), "how many") && n != nil && n.kind == itEntity &&
			n.pick != nil && n.pick.kind == candColumn && n.pick.col.class == classNumber && b.ownRowsNext(i+1, n.pick.col.table) {
			// "on average, how many appearances does a DC character have": the mean of the
			// number each row keeps ("how many copies does an order contain" is of each
			// order's lines, added up).
			return nil
		}
		if b.agg == aggAvg && (k == kwSum || k == kwCount) {
			b.avgOf = true // "average total payments per customer"
		}
		if t := b.groupedRows(); t != nil && b.agg == aggCount && k != kwCount && b.afterAnd(i) {
			// "for each kind of municipality, how many are there and what was their average
			// population": the rows of each group, counted, before the next aggregate.
			b.p.measures = append(b.p.measures, measure{agg: aggCount, table: t})
		}
		b.agg = map[kw]aggKind{kwCount: aggCount, kwSum: aggSum, kwAvg: aggAvg, kwMax: aggMax, kwMin: aggMin}[k]
		// "average number of tracks per playlist": the average of a count per group, when a
		// table follows (tableEntity); "mean number of conversions" is a count column's mean.
		w := strings.ToLower(it.text())
		b.avgCount = w == "average number of" || w == "mean number of"
		b.group = false
	case kwDistinct:
		b.distinct = true
	case kwGroup:
		b.group = !agentBy(b.items, i)
		if n := b.next(i); strings.EqualFold(it.text(), "by") && n != nil && len(n.skipped) > 0 && (n.skipped[0] == "a" || n.skipped[0] == "an") {
			// "won by a car with a Mercedes engine": who or what did it, never a grouping
			// (which is said without an article: "by car").
			b.group = false
		}
		if n := b.next(i); strings.EqualFold(it.text(), "across") && n != nil && n.kind == itEntity && (slices.Contains(n.skipped, "both") || slices.Contains(n.skipped, "all")) {
			// "how many bisexual characters are there across both publishers": all of them
			// together, not one count for each.
			b.group = false
		}
		if strings.EqualFold(it.text(), "across") && strings.EqualFold(kwWords(b, kwSum), "total") {
			// "how many episodes in total across every version": one total of them all.
			b.group = false
			if n := b.next(i); n != nil && n.kind == itKeyword && n.kw.kind == kwGroup && slices.Contains([]string{"every", "all", "each"}, strings.ToLower(n.text())) {
				n.kw = keyword{}
				if nn := b.next(i + 1); nn != nil && nn.kind == itEntity && nn.pick != nil && nn.pick.kind != candValue {
					nn.kind, nn.kw = itKeyword, keyword{} // "every version" only says all of them
				}
			}
		}
		if n := b.next(i); b.firstLast != aggNone && n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.class == classDate {
			// "the oldest castaway by date of birth": "by" says which date decides, it does
			// not group.
			b.group = false
			b.items[i].kw = keyword{}
		}
		if n := b.next(i); strings.EqualFold(it.text(), "by") && n != nil && n.kind == itKeyword && (n.kw.kind == kwMost || n.kw.kind == kwLeast || isCmp(n.kw.kind)) {
			// "the stop served by the most trips", "stops served by 10 or more routes": the
			// rows ranked or kept by how many point to them, nothing grouped by.
			b.group = false
			b.items[i].kw = keyword{}
		}
		b.eachGroup = b.group && eachWords[strings.ToLower(it.text())] && strings.ToLower(it.text()) != "per"
	case kwTop, kwBottom:
		b.top, b.topDir = true, 1
		if k == kwBottom {
			b.topDir = -1
		}
		if n := b.next(i); n != nil && n.kind == itNumber {
			b.topN = int(n.num)
			n.kind = itKeyword // consumed
			n.kw = keyword{}
		}
	case kwMost, kwLeast:
		if n := b.next(i); it.kw.dim != "" && (n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.class == classNumber && len(n.skipped) == 0 || b.rankedBySaid(i)) {
			// "the longest life expectancy", "the richest by GDP": the column said next is
			// what is ranked, whatever its name says.
			it.kw.dim, it.kw.price = "", false
		}
		if k == kwLeast {
			b.super, b.price, b.dim, b.busy = -1, it.kw.price, it.kw.dim, it.kw.busy
			b.common, b.sold, b.often = it.kw.common, it.kw.sold, it.kw.often
			break
		}
		b.super, b.price, b.dim, b.busy = 1, it.kw.price, it.kw.dim, it.kw.busy
		b.common, b.sold, b.often = it.kw.common, it.kw.sold, it.kw.often
		if n := b.next(i); n != nil && len(n.skipped) > 0 && n.skipped[0] == "times" || n == nil && slices.Contains(it.skipped, "times") {
			b.often = true // "voted yes the most times": the rows counted
		}
	case kwGT, kwGTE, kwLT, kwLTE, kwBetween, kwEq:
		n := b.next(i)
		if b.periodsCompared(i, k) {
			return nil
		}
		if n != nil && n.kind == itDate {
			return nil // "over the last month": the date took the number; the word is filler
		}
		if n != nil && n.kind == itKeyword && n.kw.kind == kwAvg {
			// "more expensive than the average product": compare with the table's average.
			b.cmp, b.cmpAvg, b.cmpDim, b.cmpPrice = k, true, it.kw.dim, it.kw.price
			n.kw = keyword{} // consumed
			return nil
		}
		if n != nil && n.kind != itNumber && it.text() == "under" {
			if (slices.Contains(it.skipped, "directly") || slices.Contains(it.skipped, "immediately")) && n.kind == itEntity && n.pick != nil &&
				n.pick.kind == candValue && n.pick.col2 == nil && n.pick.col == n.pick.table.label {
				b.directlyUnder = n.pick // "accounts directly under Travel Expenses": its children
			}
			return nil // "not under contract", "under manager King": a preposition, not a comparison
		}
		if w := strings.ToLower(it.text()); n != nil && n.kind == itEntity && (w == "reach" || w == "reached" || w == "reaches") {
			return nil // "nests that never reached a full clutch": the verb of a state, no number
		}
		if w := strings.ToLower(it.text()); (w == "more" || w == "fewer" || w == "less") && (b.which || b.whichDim) && n != nil && n.kind == itEntity && !b.thanAfter(i) {
			// "which publisher has more deceased characters": of the two or more, the one
			// with the most.
			b.super = map[bool]int{true: 1, false: -1}[w == "more"]
			return nil
		}
		if done, err := b.thanNamedRow(i); done || err != nil {
			return err
		}
		if b.valuesCounted(i) {
			return nil
		}
		if w := strings.ToLower(it.text()); w == "exactly" && (n == nil || n.kind != itNumber) {
			return nil // "where exactly is Gare du Nord": precisely, not equal to a number
		}
		if n == nil || n.kind != itNumber {
			return &notUnderstood{words: []string{it.text()}, msg: "a comparison needs a number after it"}
		}
		b.cmp, b.cmpNums = k, nil
		b.cmpDim = it.kw.dim // "longer than 180": a length, not the table's default measure
	case kwNot:
		b.not = true
	case kwAnd, kwOr:
		if n := b.next(i); n != nil && len(n.skipped) > 0 && (n.skipped[0] == "who" || n.skipped[0] == "whom") ||
			n == nil && (slices.Contains(it.skipped, "who") || slices.Contains(it.skipped, "whom")) {
			b.whoToo = true // (the words after the last item are its own: "and who was it from")
		}
		if n := b.next(i); n != nil && (n.kind == itKeyword && n.kw.kind == kwWhich && b.next(i+1) != nil && b.next(i+1).kind == itEntity &&
			b.next(i+1).pick != nil && b.next(i+1).pick.kind == candColumn && b.next(i+1).pick.col.class == classDate ||
			len(n.skipped) > 0 && n.skipped[0] == "when") {
			b.whenToo = true // "the heaviest weight recorded, and on what date"
		}
		b.versus = b.versus || it.kw.versus
		if wasDim {
			b.group = true
			b.lastDim = true
		}
	case kwWhich:
		b.which = true
		return nil
	case kwSort:
		b.sort = true
	case kwAsc:
		b.p.desc = false
		b.topDir = -1
		b.dirSaid = true
		b.dirDim = it.kw.dim
	case kwDesc:
		b.p.desc = true
		b.dirSaid = true
		b.dirDim = it.kw.dim
	case kwBucket:
		if n := b.next(i); it.kw.grain == grainMonth && n != nil && n.kind == itEntity && n.pick != nil && n.pick.col != nil && keptByMonth(n.pick.col.table) {
			// "the hottest monthly surface temperature" of readings kept one per month: each
			// reading is a month's, so "monthly" groups nothing.
			return nil
		}
		b.addDim(dimension{grain: it.kw.grain, hint: b.lastTable, weak: it.kw.weak})
	case kwUnit:
		if col := b.yearShown(i); col != nil && it.show {
			// "give their year and host city": the year the rows keep, shown beside them.
			b.withCols = append(b.withCols, col)
			return nil
		}
		saidIn := len(it.skipped) > 0 && it.skipped[len(it.skipped)-1] == "in" ||
			i > 0 && len(it.skipped) == 0 && strings.EqualFold(b.items[i-1].text(), "in") && b.items[i-1].start+1 == it.start
		if _, ok := unitSeconds[it.toks[0].norm]; ok && len(it.toks) == 1 && saidIn && !(b.group || b.which || b.super != 0 || b.top) {
			// "the average length of an ICU stay in days": the unit to answer in, as "in
			// minutes" is. ("in" may have been read as a value, a dose unit 'in'.)
			b.outUnit, b.outWords = it.toks[0].norm, it.text()
			return nil
		}
		if ct := b.cmpCount; b.cmpAvg && ct != nil && ct.date != nil {
			// "days with more orders than the average day": each day's count against the
			// average of the days' counts.
			return b.totalAboveAverage(measure{agg: aggCount, table: ct}, dimension{grain: it.kw.grain, hint: ct, plural: true})
		}
		if b.firstLast != aggNone && it.kw.grain == grainYear && i > 0 && b.items[i-1].kind == itKeyword && (b.items[i-1].kw.kind == kwFirst || b.items[i-1].kw.kind == kwLatest) {
			// "the earliest year covered by the emissions records": the first date of the
			// rows named next, as a year.
			b.firstYear = true
			return nil
		}
		if it.kw.grain == grainYear && i > 1 && b.items[i-1].kind == itNumber && b.items[i-2].kind == itKeyword && isCmp(b.items[i-2].kw.kind) {
			return nil // "a life expectancy under 50 years": the unit of the number compared
		}
		if n := b.next(i); it.kw.grain == grainYear && n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.class == classNumber && slices.Equal(n.skipped, []string{"of"}) {
			return nil // "gained the most years of life expectancy": the unit of the figure
		}
		if b.group || b.which || b.super != 0 || b.top {
			b.addDim(dimension{grain: it.kw.grain, hint: b.lastTable, plural: it.toks[0].plural, ofYear: it.kw.ofYear || b.monthsOfNamedYear(i)})
			b.singular = !it.toks[0].plural
			b.group = false
		} else {
			b.unknown = append(b.unknown, it.text())
		}
	case kwList:
		b.list = true
	case kwNever:
		if b.lastTable == nil {
			return &notUnderstood{words: []string{it.text()}, msg: "cannot tell what has none: name the table first (\"customers without orders\")"}
		}
		b.anti, b.antiFrom = true, b.lastTable
		if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.table != b.lastTable && b.namedBefore(i, n.pick.col.table) {
			// "stations on line 11 missing passenger numbers": the column of the rows named
			// earlier is empty, whatever was said in between.
			b.antiFrom = n.pick.col.table
		}
		if b.antiStart < 0 {
			b.antiStart = len(b.p.conds)
		}
	case kwWeight:
		// "weighted by population": the column only weighs the average, never a group.
		b.weightSaid = []string{it.text()}
		if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn {
			b.weight = n.pick.col
			b.weightSaid = append(b.weightSaid, n.text())
			n.kind, n.kw = itKeyword, keyword{}
		}
	case kwEmpty:
		// "which playlists are empty": no row of the one table that refers to them.
		t := b.lastTable
		var child *table
		for _, c := range b.m.tables {
			if t != nil && c != t && !c.view && b.childOf(c, t) {
				if child != nil {
					return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %s would be empty of", t.name)}
				}
				child = c
			}
		}
		if child == nil {
			return &notUnderstood{words: []string{it.text()}, msg: "cannot tell what is empty"}
		}
		b.anti, b.antiFrom = true, t
		if _, err := b.special(&cand{kind: candTable, table: child}); err != nil {
			return err
		}
	case kwHas:
		if n := b.next(i); n != nil && n.kind == itKeyword && isCmp(n.kw.kind) {
			break // "films that have a higher rating than Up": the comparison says it all
		}
		b.has = true
	case kwShare:
		b.share = true
	case kwFirst:
		b.firstLast = aggMin
		b.firstYear = it.kw.grain == grainYear // "from which year on do we have GDP figures"
	case kwLatest:
		b.firstLast = aggMax
	}
	b.which = false
	return nil
}

func (b *builder) number(i int) error {
	it := &b.items[i]
	switch {
	case b.cmp != kwNone:
		b.cmpNums = append(b.cmpNums, it.num)
		b.cmpPct = b.cmpPct || len(it.toks) > 0 && it.toks[0].pct
		if len(it.toks) > 0 {
			b.cmpScale = it.toks[0].scale
		}
		if b.cmp == kwBetween && len(b.cmpNums) == 1 {
			if n := b.next(i); n != nil && n.kind == itKeyword && n.kw.kind == kwAnd {
				n.kw = keyword{} // consumed
			}
			return nil
		}
		return b.comparison(i)
	case i > 0 && b.items[i-1].kind == itEntity && b.items[i-1].pick != nil && b.items[i-1].pick.kind == candTable &&
		!b.items[i-1].plural && b.items[i-1].pick.table.pk != nil && it.num == float64(int64(it.num)) &&
		b.items[i-1].start+len(b.items[i-1].toks) == it.start:
		// "store 2", "order 10248": the row with that key (also before a noun: "the series
		// 8 bakers").
		pk := b.items[i-1].pick.table.pk
		b.p.conds = append(b.p.conds, condition{col: pk, op: "=", vals: []any{it.num}})
	case i > 0 && b.items[i-1].kind == itEntity && b.items[i-1].pick != nil && b.items[i-1].pick.kind == candColumn && it.num == float64(int64(it.num)) &&
		b.items[i-1].start+len(b.items[i-1].toks) == it.start && ordinalColumn(b.items[i-1].pick.col):
		// "US season 3", "round 5": the rows with that number.
		b.p.conds = append(b.p.conds, condition{col: b.items[i-1].pick.col, op: "=", vals: []any{it.num}})
		b.lastTable = b.items[i-1].pick.col.table
	case i > 0 && b.items[i-1].kind == itEntity && b.items[i-1].pick != nil && b.items[i-1].pick.kind == candColumn && it.num == float64(int64(it.num)) &&
		b.items[i-1].start+len(b.items[i-1].toks) == it.start && codeSaid(&b.items[i-1]) && (inRange(b.items[i-1].pick.col, it.num) || b.items[i-1].pick.col.class == classText):
		// "SIC code 3674", "SIC 2911": the rows with that code, which is no figure to add up;
		// "the zip code 11354": a code kept as text, compared as written.
		col := b.items[i-1].pick.col
		var v any = it.num
		if col.class == classText {
			v = strconv.FormatInt(int64(it.num), 10)
		}
		b.p.conds = append(b.p.conds, condition{col: col, op: "=", vals: []any{v}})
		b.p.measures = slices.DeleteFunc(b.p.measures, func(m measure) bool { return m.col == col && m.agg != aggCount && m.agg != aggCountDistinct })
		b.p.listCols = slices.DeleteFunc(b.p.listCols, func(c *column) bool { return c == col })
		b.lastTable = col.table
	case b.next(i) != nil && b.next(i).kind == itEntity && it.num >= 1 && it.num == float64(int(it.num)) && it.num <= 1000:
		// "5 customers with the most orders", "the 3 cheapest products"
		b.topN = int(it.num)
	case b.next(i) != nil && b.next(i).kind == itKeyword && (b.next(i).kw.kind == kwMost || b.next(i).kw.kind == kwLeast):
		b.topN = int(it.num)
		if sizeWords[strings.ToLower(b.next(i).text())] {
			// "the 3 biggest purchase orders (by total due)": a count before a superlative of
			// size keeps that many rows, as "top 3" does.
			b.top, b.topDir = true, 1
		}
	default:
		b.unknown = append(b.unknown, it.text())
	}
	return nil
}

// inUnit rewrites numbers said with a scale word ("more than 10 million viewers") in the unit
// of a column that keeps them in it: viewers_7day holds 2.24 to 15.9, so the figures are
// millions.
func inUnit(target *column, vals []any, scale float64) {
	if target == nil || scale < 1e6 || target.class != classNumber || target.prof == nil {
		return
	}
	// The profile's extremes are the first and last values as text, no bound on size: only
	// small fractions at both ends (10.04 and 9.95) say figures kept in a unit; a population
	// (10000023, 999590) or a salary in dollars keeps its own.
	for _, v := range []string{target.prof.Min, target.prof.Max} {
		whole, frac, ok := strings.Cut(v, ".")
		if _, err := strconv.ParseFloat(v, 64); err != nil || !ok || frac == "" || len(strings.TrimLeft(whole, "-")) > 3 || strings.ContainsAny(v, "eE") {
			return
		}
	}
	for k, v := range vals {
		if f, ok := v.(float64); ok && f >= scale {
			vals[k] = f / scale
		}
	}
}

// codeSaid reports whether an item names a number column kept as a code: said with "code"
// ("SIC code"), or a short acronym of a column (sic, fips, naics).
func codeSaid(it *item) bool {
	c := it.pick.col
	if c.class != classNumber && c.class != classText || c.metric != nil || c.table.pk == c {
		return false
	}
	if n := len(it.toks); n > 1 && it.toks[n-1].norm == "code" {
		return true
	}
	return len(it.toks) == 1 && len(c.words) == 1 && strings.EqualFold(c.name, it.toks[0].raw) && it.toks[0].raw == strings.ToUpper(it.toks[0].raw) && len(c.name) <= 5
}

// inRange reports whether v lies between the smallest and largest value the refresh saw.
func inRange(c *column, v float64) bool {
	lo, hi, ok := profRange(c)
	return ok && v >= lo && v <= hi
}

// profRange is the smallest and largest number the refresh saw in a column; ok is false when
// it saw none (or no profile was taken).
func profRange(c *column) (lo, hi float64, ok bool) {
	if c.prof == nil {
		return 0, 0, false
	}
	lo, err1 := strconv.ParseFloat(c.prof.Min, 64)
	hi, err2 := strconv.ParseFloat(c.prof.Max, 64)
	return lo, hi, err1 == nil && err2 == nil
}

// ordinalColumn reports whether a column numbers its rows within a series (season, episode,
// round, us_season), so a number said right after its name is one of its values.
func ordinalColumn(c *column) bool {
	n := len(c.words)
	if n > 1 && c.words[n-1] == "number" {
		n-- // season_number is the season's
	}
	return n > 0 && (ordinalWords[c.words[n-1]] || numberedWords[c.words[n-1]]) && (c.class == classNumber || c.class == classText && (c.intTyp || wholeFigures(c)))
}

// wholeFigures reports whether a column read as text keeps whole numbers only, stored as
// reals (a series number 1.0 ... 14.0).
func wholeFigures(c *column) bool {
	if c.prof == nil || c.prof.NonNull == 0 {
		return false
	}
	for _, v := range []string{c.prof.Min, c.prof.Max} {
		if f, err := strconv.ParseFloat(v, 64); err != nil || f != float64(int64(f)) {
			return false
		}
	}
	return true
}

// ageNumbers reports whether the numbers compared could be ages in years.
func ageNumbers(vals []any) bool {
	for _, v := range vals {
		if f, ok := v.(float64); !ok || f < 1 || f > 120 || f != float64(int(f)) {
			return false
		}
	}
	return len(vals) > 0
}

// comparison attaches a completed "over 100" to its column: the numeric column just before
// it, else the table or numeric column right after the number ("more than 5 orders" is a
// HAVING on a count), else the default measure of the table being talked about.
func (b *builder) comparison(i int) error {
	op, vals := cmpOp(b.cmp, b.not), toAny(b.cmpNums)
	if n := b.next(i); n != nil && n.kind == itUnknown && len(n.toks) == 1 && n.toks[0].norm == "cent" {
		// "priced above 99 cents": money columns hold the currency's units.
		for k, v := range vals {
			vals[k] = v.(float64) / 100
		}
		n.kind, n.kw = itKeyword, keyword{}
	}
	pct, scale := b.cmpPct, b.cmpScale
	b.cmp, b.cmpNums, b.not, b.cmpPct, b.cmpScale = kwNone, nil, false, false, 0
	target := b.cmpTarget
	named := target != nil
	b.cmpTarget = nil
	if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.class == classText &&
		b.cmpAgg == aggNone && len(b.cmpNums) == 0 && len(vals) == 1 {
		// "orders paid with more than one payment method": how many different values of the
		// column each row has, whatever was said before the comparison.
		m := measure{agg: aggCountDistinct, col: n.pick.col, table: n.pick.col.table}
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		n.kind, n.kw = itKeyword, keyword{}
		return nil
	}
	if n := b.next(i); target != nil && target.class == classNumber && target.metric == nil && n != nil && n.kind == itEntity && n.pick != nil &&
		n.pick.kind == candTable && n.pick.table == target.table && n.pick.table.daily != nil && b.cmpAgg == aggNone && len(vals) == 1 {
		// "did it rain on more than 15 days": the days with some rain, counted.
		m := measure{agg: aggCount, table: n.pick.table}
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		b.p.conds = append(b.p.conds, condition{col: target, op: ">", vals: []any{0.0}})
		n.kind, n.kw = itKeyword, keyword{}
		return nil
	}
	if n := b.next(i); target != nil && n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn &&
		n.pick.col.class == classNumber && n.pick.col.table == target.table && n.pick.col != target && b.cmpAgg == aggNone {
		// "films that cost more than 4 to rent": the column said after the number is the one
		// compared; "cost" before it only said a price.
		target = n.pick.col
		n.kind, n.kw = itKeyword, keyword{}
	}
	if target == nil {
		if n := b.next(i); n != nil && (n.kind == itKeyword && n.kw.kind == kwUnit || n.kind == itUnknown) && len(n.toks) == 1 {
			// "raw materials that take more than 20 days": the one number column of the rows
			// talked about whose name says the unit (LeadTimeDays); "songs that average more
			// than four minutes": their one duration, in its own unit (duration_ms).
			if c := b.unitColumn(n.toks[0].norm); c != nil {
				target, named = c, true
				n.kind, n.kw = itKeyword, keyword{}
			} else if c := b.lastDuration(); c != nil {
				if f, ok := unitFactor(n.toks[0].norm, c); ok {
					if b.cmpAgg == aggNone && (b.agg == aggAvg || b.agg == aggSum) {
						// "songs that average more than four minutes": the aggregate said
						// before the comparison is of the duration, shown in the unit said.
						m := measure{agg: b.agg, col: c, table: c.table, per: f, unit: n.toks[0].norm}
						b.agg = aggNone
						b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
						n.kind, n.kw = itKeyword, keyword{}
						return nil
					}
					for k, v := range vals {
						vals[k] = v.(float64) * f
					}
					target, named = c, true
					n.kind, n.kw = itKeyword, keyword{}
				}
			}
		}
	}
	if target != nil && b.cmpAgg != aggNone {
		// "flippers longer than 20 cm on average": the average in the column's unit.
		if err := b.inSaidUnit(i, target, vals); err != nil {
			return err
		}
		m := measure{agg: b.cmpAgg, col: target, table: target.table}
		b.cmpAgg = aggNone
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		return nil
	}
	if target == nil {
		if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil {
			switch {
			case n.pick.kind == candTable:
				m := measure{agg: aggCount, table: n.pick.table}
				b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
				if d := b.next(i + 1); d != nil && d.kind == itDate && d.start == n.start+len(n.toks) && len(d.skipped) == 0 && n.pick.table.date != nil {
					// "customers who placed at least one order in December 2015": the period
					// said right after the counted rows is theirs, not the customers' signup.
					b.dateHint = n.pick.table
				}
				n.kind = itKeyword // consumed
				n.kw = keyword{}
				return nil
			case n.pick.kind == candValue && i+2 < len(b.items) && b.items[i+2].kind == itEntity && b.items[i+2].pick != nil &&
				b.items[i+2].pick.kind == candTable && (b.items[i+2].pick.table != b.lastTable || b.groupsOwnColumn(b.lastTable)) && (b.items[i+2].plural || len(vals) == 1 && vals[0] == 1.0):
				// ("states with more than 100 high wind events": the events of each state, a
				// column of the events themselves.)
				// "stations served by four or more metro lines": how many rows of the table
				// named after the value, of that value.
				t := &b.items[i+2]
				m := measure{agg: aggCount, table: t.pick.table}
				b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
				b.p.conds = append(b.p.conds, condition{col: n.pick.col, op: "=", vals: []any{n.pick.value}})
				n.kind, n.kw = itKeyword, keyword{}
				t.kind, t.kw = itKeyword, keyword{}
				return nil
			case (n.plural || len(vals) == 1 && vals[0] == 1.0) && n.pick.kind == candValue && n.pick.col2 == nil && n.pick.col == n.pick.table.label && n.pick.table.date == nil &&
				b.onlyChild(n.pick.table) != nil && b.onlyChild(n.pick.table) != b.lastTable && b.lastTable != nil && b.childOf(b.onlyChild(n.pick.table), b.lastTable):
				// "users who posted more than 35 questions": how many of each user's posts
				// are of that type ('Question' of PostTypes, the type list only posts refer
				// to).
				m := measure{agg: aggCount, table: b.onlyChild(n.pick.table)}
				b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
				b.p.conds = append(b.p.conds, condition{col: n.pick.col, op: "=", vals: []any{n.pick.value}})
				n.kind, n.kw = itKeyword, keyword{}
				return nil
			case (n.plural || len(vals) == 1 && vals[0] == 1.0) && kindValue(n.pick) && n.pick.table != b.lastTable:
				// ("more than one director": said in the singular after one)
				// "seasons with more than 10 hidden immunity idols": how many rows of that kind
				// each has.
				m := measure{agg: aggCount, table: n.pick.table}
				b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
				b.p.conds = append(b.p.conds, condition{col: n.pick.col, op: "=", vals: []any{n.pick.value}})
				n.kind, n.kw = itKeyword, keyword{}
				return nil
			case n.pick.kind == candColumn && n.pick.col.class == classNumber && b.agg == aggAvg && b.cmpAgg == aggNone && b.avgJustBefore(i) &&
				b.lastTable != nil && b.lastTable != n.pick.col.table:
				// "Honda models that average more than 40 mpg on the highway": each group's
				// average of the column named after the number.
				n.kind, n.kw = itKeyword, keyword{}
				inUnit(n.pick.col, vals, scale)
				m := measure{agg: aggAvg, col: n.pick.col, table: n.pick.col.table}
				b.agg = aggNone
				b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
				return nil
			case n.pick.kind == candColumn && n.pick.col.class == classNumber:
				target = n.pick.col
				n.kind, n.kw = itKeyword, keyword{}
				inUnit(target, vals, scale)
				// ("manufacturers that never made a vehicle with more than four cylinders": a
				// condition on the missing rows, not a total of the makers'.)
				if b.lastTable != nil && b.lastTable != target.table && b.descendantOf(target.table, b.lastTable, 3) && !(b.antiDone && b.antiStart >= 0) {
					if t := b.inTotalAfter(i); t != nil {
						t.kind, t.kw = itKeyword, keyword{} // "sold more than 40 units in total": already a sum
					}
					m := measure{agg: aggSum, col: target, table: target.table}
					b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
					return nil
				}
			}
		}
	}
	if target == nil && b.cmpDim == "" {
		if t := b.countedHere(i); t != nil {
			// "customers who rented more than 40 times": how many rows of the verb's table;
			// "managers with more than two direct reports": how many rows point to each.
			m := measure{agg: aggCount, table: t}
			b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
			return nil
		}
	}
	childSum := false
	if target == nil && b.cmpDim != "" {
		if b.lastTable != nil {
			target = dimColumn(b.lastTable, b.cmpDim)
		}
		if target == nil && b.lastTable != nil {
			// "albums that last longer than an hour": an album has no length, its tracks do;
			// the album's is their sum.
			target = b.childDim(b.lastTable, b.cmpDim)
			// "penguins heavier than 5 kg" with the mass on a row of its own per penguin: the
			// one row's figure, nothing to add up.
			childSum = target != nil && !(fkTo(target.table, b.lastTable) != nil && oneToOne(fkTo(target.table, b.lastTable)))
		}
		if target == nil {
			return &notUnderstood{words: []string{b.items[i].text()}, msg: fmt.Sprintf("cannot tell which column measures the %s", b.cmpDim)}
		}
	}
	b.cmpDim = ""
	if target != nil && target.metric == nil {
		// "longer than 3 minutes" on a column of milliseconds: the number in the column's unit.
		if n := b.next(i); n != nil && n.kind == itUnknown && len(n.toks) == 1 {
			if f, ok := unitFactor(n.toks[0].norm, target); ok {
				for k, v := range vals {
					vals[k] = v.(float64) * f
				}
				n.kind, n.kw = itKeyword, keyword{}
			} else if isUnitWord(n.toks[0].norm) {
				return &notUnderstood{words: []string{n.text()}, msg: fmt.Sprintf("cannot tell the unit of %s", target.name)}
			}
		} else if err := b.inSaidUnit(i, target, vals); err != nil {
			return err // "heavier than 5 kilograms"
		}
	}
	inUnit(target, vals, scale)
	if childSum {
		m := measure{agg: aggSum, col: target, table: target.table}
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		b.p.subjects = appendTable(b.p.subjects, b.lastTable)
		return nil
	}
	if target == nil && b.lastTable != nil && ageNumbers(vals) {
		// "bakers under 30", "players over 35": rows that keep an age, compared by a bare
		// number, are compared by their age.
		for _, c := range b.lastTable.cols {
			if slices.Equal(c.words, []string{"age"}) && c.class == classNumber {
				target = c
			}
		}
	}
	if target == nil && b.lastTable != nil {
		target = b.lastTable.measure
	}
	if target == nil && b.lastTable != nil && b.saidSizeComparative(i) {
		// "glaciers larger than one square kilometre": a thing with no money measure is as
		// large as its area or size.
		target = dimColumn(b.lastTable, "size")
	}
	if target != nil && target.metric != nil {
		// "products with revenue over 1000": a metric is an aggregate, so the condition is one.
		m := measure{agg: aggSum, col: target, table: target.table}
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		return nil
	}
	total := b.inTotalAfter(i)
	if target == nil && total != nil {
		// "customers who ordered more than 150,000 in total": the money the rows bring; for
		// "sales reps", a role of the orders' key, the money of those orders.
		if d := b.p.dims; len(d) > 0 && d[len(d)-1].role != nil && d[len(d)-1].role.table != nil {
			if t := d[len(d)-1].role.table; t.measure != nil && t.measure.money > 0 {
				target = t.measure
			} else {
				target = b.childMeasure(t)
			}
		} else if b.lastTable != nil {
			target = b.entityMoney(b.lastTable)
		}
	}
	if ms := b.p.measures; target == nil && b.next(i) == nil && len(ms) == 1 && (ms[0].agg == aggCount || ms[0].agg == aggCountDistinct) &&
		len(b.p.dims) > 0 && len(b.p.having) == 0 && b.withBefore(i) {
		// "how many breweries in each country? Show countries with at least 5": a bare
		// number at the end, after the groups, is as many as each counts.
		m := ms[0]
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		return nil
	}
	if target == nil {
		return &notUnderstood{words: []string{b.items[i].text()}, msg: "cannot tell which number the comparison applies to"}
	}
	if pct && !containsAny(target.words, shareWords) {
		// "more than 90% women": the table's share of women (ShareWomen), not its count.
		for _, c := range target.table.cols {
			if n := len(c.words); c.class == classNumber && n == len(target.words)+1 && slices.Contains(shareWords, c.words[0]) && slices.Equal(c.words[1:], target.words) {
				target = c
				break
			}
		}
	}
	if pct {
		switch {
		case fractionColumn(target):
			// "more than 90% women" on ShareWomen, kept as 0.969: the share as a fraction.
			for k, v := range vals {
				vals[k] = v.(float64) / 100
			}
		case !containsAny(target.words, shareWords) && !strings.Contains(strings.Join(target.words, " "), "by volume"):
			// (Alcohol by volume, ABV, is a percentage.)
			// A percentage compared with a count or an amount is not a question about it.
			return &notUnderstood{words: []string{b.items[i].text()}, msg: fmt.Sprintf("a percentage cannot be compared with %s.%s, which is not a share", target.table.name, target.name)}
		}
	}
	if total != nil && target.class == classNumber {
		// "customers who ordered more than $10,000 in total": the sum is compared, not each row.
		total.kind, total.kw = itKeyword, keyword{}
		m := measure{agg: aggSum, col: target, table: target.table}
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		return nil
	}
	if d := b.p.dims; named && len(d) == 1 && d[0].table != nil && d[0].role == nil && d[0].table != target.table &&
		target.money > 0 && b.descendantOf(target.table, d[0].table, 3) {
		// "which customers spent more than 40": what each customer spent in all, not one
		// invoice above 40.
		m := measure{agg: aggSum, col: target, table: target.table}
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		return nil
	}
	if t := b.countedRows(); t != nil && len(b.p.dims) == 0 && t != target.table && target.money > 0 && b.descendantOf(target.table, t, 3) && b.saidSpent() {
		// "how many customers spent more than $500": the customers whose spending in all
		// passes, counted; not the customers of one sale above it.
		m := measure{agg: aggSum, col: target, table: target.table}
		b.p.having = append(b.p.having, condition{op: op, vals: vals, having: &m})
		return nil
	}
	b.p.conds = append(b.p.conds, condition{col: target, op: op, vals: vals})
	return nil
}

// shareWords name a column that keeps a share or a rate.
var shareWords = []string{"share", "percent", "percentage", "pct", "rate", "ratio", "proportion", "fraction"}

// fractionColumn reports whether a column keeps shares as fractions of one: a share or rate
// by its name, every value between 0 and 1.
func fractionColumn(c *column) bool {
	if c.class != classNumber || !containsAny(c.words, shareWords) {
		return false
	}
	lo, hi, ok := profRange(c)
	return ok && lo >= 0 && hi <= 1
}

// repeatedNames reports whether a table's rows share their names by design: records named by
// a shared lookup, or a label with four rows or more to a name on average (a campaign run in
// each district), where people who share a name are rare.
func repeatedNames(t *table) bool {
	l := t.label
	if l.via != nil {
		return l.lookupName()
	}
	// Only the table's own name (promotion_name), not another text standing in for one
	// (Northwind's orders named by their ShipName).
	own := len(t.words) > 0 && slices.Contains(l.words, t.words[len(t.words)-1]) && slices.Contains(l.words, "name")
	return own && l.prof != nil && l.prof.Distinct > 0 && l.prof.Rows == t.rows && l.prof.Distinct*4 <= l.prof.Rows && t.label2 == nil
}

// existenceShareOf is the table whose rows a share counts when its one condition is on
// records of theirs ("what percentage of patients have had viral sinusitis": patients, the
// condition on their condition records); nil when the share is of anything else.
func (b *builder) existenceShareOf() *table {
	p := &b.p
	if !b.share || len(p.dims) > 0 || len(p.having) > 0 || len(p.conds) != 1 {
		return nil
	}
	c := p.conds[0]
	if c.col == nil || c.anti != nil || c.role != nil || len(c.either) > 0 {
		return nil
	}
	t := b.countedRows()
	if rest := slices.DeleteFunc(slices.Clone(p.subjects), func(s *table) bool { return s == c.col.table }); t == nil && len(p.measures) == 0 && len(rest) == 1 {
		t = rest[0] // "patients (who have been) diagnosed with …": the records named twice
	}
	if t == nil || t == c.col.table || t.pk == nil {
		return nil
	}
	return t
}

// dropPlaceholders leaves out of a ranking the row of a grouped table that stands for none:
// "which promotion brought in the most sales" is a promotion, not 'No Promotion'.
func (b *builder) dropPlaceholders() {
	p := &b.p
	for _, d := range p.dims {
		t := d.table
		if d.col != nil {
			t = d.col.table
			if d.col != t.label {
				continue
			}
		}
		if t == nil || d.role != nil || t.placeholder == "" || slices.ContainsFunc(p.conds, func(x condition) bool { return x.col != nil && x.col.table == t }) {
			continue
		}
		p.conds = append(p.conds, condition{col: t.label, op: "<>", vals: []any{t.placeholder}})
	}
}

// spendVerbs say what rows spent or paid: an amount in all, by nature.
var spendVerbs = toSet(strings.Fields("spent spend spends paid pay pays"))

// saidSpent reports whether the question says a spend verb, skipped or within an item.
func (b *builder) saidSpent() bool {
	return slices.ContainsFunc(b.items, func(it item) bool {
		return slices.ContainsFunc(it.skipped, func(w string) bool { return spendVerbs[w] }) ||
			slices.ContainsFunc(it.toks, func(t token) bool { return spendVerbs[t.lower] })
	})
}

// whichLead reports whether the question starts by asking "which" (or "what") of rows.
func (b *builder) whichLead() bool {
	return len(b.items) > 0 && b.items[0].kind == itKeyword && b.items[0].kw.kind == kwWhich
}

// kindRows is the table of the rows a plural kind names ("raw materials": Items whose
// ItemType is 'Raw Material'): the question's one condition is a plural value of a table's
// label, and exactly one table refers to that table. Nil otherwise.
func (b *builder) kindRows() *table {
	p := &b.p
	var kind *table
	for _, c := range p.conds {
		if c.col == nil || c.op != "=" || len(c.vals) != 1 || c.col != c.col.table.label {
			continue
		}
		plural := false
		for k := range b.items {
			it := &b.items[k]
			// ("which question has the most views": one row of that kind, asked for by "which")
			plural = plural || it.kind == itEntity && (it.plural || k > 0 && b.items[k-1].kind == itKeyword && b.items[k-1].kw.kind == kwWhich) &&
				it.pick != nil && it.pick.kind == candValue && it.pick.col == c.col
		}
		if !plural || kind != nil {
			return nil
		}
		kind = c.col.table
	}
	if kind == nil {
		return nil
	}
	return b.onlyChild(kind)
}

// namedKind is the table of the rows a plural value names where the value is the rows' own
// kind, read through a shared lookup ('Emergency Room Visit' of visit_occurrence); nil
// otherwise.
func (b *builder) namedKind() *table {
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || !it.plural || it.pick == nil || it.pick.kind != candValue {
			continue
		}
		if c := it.pick.col; c == c.table.label && c.lookupName() {
			return c.table
		}
		if c := it.pick.col; c != c.table.label && c.class == classText && c.prof != nil && c.prof.Distinct <= 50 && it.pick.col2 == nil {
			// "how many paintings", "list the tennis racquets": rows of the kind a category
			// column names ('painting' of artworks.classification), said in the plural.
			return c.table
		}
	}
	return nil
}

// typedCounts counts the rows a type list names where a "<type> count" column of the same
// rows was added up over another table's groups: Posts.AnswerCount is how many answers a
// question received, so "users by number of answers" or "users who have written at least 20
// answers" count each user's posts of type 'Answer', not the answers their questions received.
func (b *builder) typedCounts() {
	p := &b.p
	if len(p.dims) == 0 && len(p.having) == 0 {
		return
	}
	fix := func(m *measure) bool {
		if m.agg != aggSum || m.col == nil || m.col.metric != nil || len(m.col.words) != 2 || m.col.words[1] != "count" {
			return false
		}
		t := m.col.table
		if slices.ContainsFunc(p.dims, func(d dimension) bool {
			return d.table == t || d.col != nil && d.col.table == t && d.grain == grainNone
		}) {
			return false
		}
		for _, f := range t.fks {
			l := f.to.table
			if l == t || l.label == nil || l.date != nil || b.onlyChild(l) != t {
				continue
			}
			for _, v := range l.label.values() {
				if !strings.EqualFold(singular(strings.ToLower(v)), m.col.words[0]) {
					continue
				}
				*m = measure{agg: aggCount, table: t}
				if !slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == l.label && c.op == "=" }) {
					p.conds = append(p.conds, condition{col: l.label, op: "=", vals: []any{v}})
				}
				return true
			}
		}
		// Posts.CommentCount is how many comments a post received; "users with the most
		// comments" are the users who wrote them, counted in the Comments table that refers
		// to the users itself.
		if rows := b.rowsReferringToDims(m.col.words[0], t); rows != nil {
			*m = measure{agg: aggCount, table: rows}
			return true
		}
		return false
	}
	var fixed []*column
	for i := range p.measures {
		if c := p.measures[i].col; fix(&p.measures[i]) {
			fixed = append(fixed, c)
		}
	}
	for i := range p.having {
		if h := p.having[i].having; h != nil {
			if c := h.col; fix(h) {
				fixed = append(fixed, c)
			}
		}
	}
	p.conds = slices.DeleteFunc(p.conds, func(c condition) bool { return c.op == "is not null" && slices.Contains(fixed, c.col) })
	p.typedFrom = append(p.typedFrom, fixed...)
}

// heldWords say an event took place: what was held or taken is the event, not each party's
// part in it.
var heldWords = toSet([]string{"held", "taken", "conducted", "staged"})

// heldEvents counts the events where the rows counted are each party's part in one (un_votes:
// a country's vote in a roll call, keyed by the roll call and the country) and the question
// says they were held or taken: "how many votes were taken in the 70th session" counts the
// roll calls, the dated rows the parts belong to, not the countries' votes in them. Nothing
// may be said of the parts themselves (a country, a vote cast).
func (b *builder) heldEvents() {
	p := &b.p
	if len(p.measures) != 1 || p.measures[0].col != nil || p.measures[0].agg != aggCount || len(p.having) > 0 {
		return
	}
	t := p.measures[0].table
	if t == nil || t.date != nil || !slices.ContainsFunc(b.items, func(it item) bool {
		return slices.ContainsFunc(it.skipped, func(w string) bool { return heldWords[w] })
	}) || slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == nil || c.col.table == t }) ||
		slices.ContainsFunc(p.dims, func(d dimension) bool { return d.table == t || d.col != nil && d.col.table == t }) {
		return
	}
	event := eventOfParts(t)
	if event == nil {
		return
	}
	p.measures[0].table, b.heldParts = event, t
	for i, s := range p.subjects {
		if s == t {
			p.subjects[i] = event
		}
	}
}

// eventOfParts is the dated table t's rows are parts of: the one table a key that is part of
// t's primary key refers to, and has a date (un_votes, keyed by the roll call and the
// country, are parts of un_roll_calls). nil when there is none or more than one.
func eventOfParts(t *table) *table {
	var event *table
	for _, f := range t.fks {
		if f.from.partKey && !f.from.nullable && f.to.table.date != nil && f.to.table != t {
			if event != nil && event != f.to.table {
				return nil
			}
			event = f.to.table
		}
	}
	return event
}

// rowsReferringToDims is the table other than counted whose rows word names ("comment" for
// Comments) and that refers directly to the table of every grouping: its rows are what the
// groups have of that word themselves. nil when there is none, or more than one.
func (b *builder) rowsReferringToDims(word string, counted *table) *table {
	var groups []*table
	for _, d := range b.p.dims {
		dt := d.table
		if dt == nil && d.col != nil && d.grain == grainNone {
			dt = d.col.table
		}
		if dt == nil || d.role != nil {
			return nil
		}
		groups = append(groups, dt)
	}
	if len(groups) == 0 && b.p.listTable != nil {
		groups = append(groups, b.p.listTable) // "users who wrote more than 20 comments"
	}
	if len(groups) == 0 {
		return nil
	}
	var found *table
	for _, t := range b.m.tables {
		if t == counted || t.view || len(t.words) == 0 || singular(t.words[len(t.words)-1]) != word ||
			slices.ContainsFunc(groups, func(g *table) bool { return fkTo(t, g) == nil }) {
			continue
		}
		if found != nil {
			return nil
		}
		found = t
	}
	return found
}

// typedRows is the dated table whose rows a plural value of a type list names: "questions" are
// the Posts whose PostTypes row is 'Question', where the type list has no date of its own and
// only that table refers to it.
func (b *builder) typedRows() *table {
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || !it.plural || it.pick == nil || it.pick.kind != candValue || it.pick.col2 != nil {
			continue
		}
		c := it.pick.col
		if c != c.table.label || c.table.date != nil {
			continue
		}
		if child := b.onlyChild(c.table); child != nil && child.date != nil {
			return child
		}
	}
	return nil
}

// onlyChild is the one table (views aside) that refers to t, or nil when none or several do.
func (b *builder) onlyChild(t *table) *table {
	var child *table
	for _, c := range b.m.tables {
		if c == t || c.view || !b.childOf(c, t) {
			continue
		}
		if child != nil {
			return nil
		}
		child = c
	}
	return child
}

// labelCols are the columns that name t's rows: a first name before the last, or the one
// label; none when the table has no label.
func labelCols(t *table) []*column {
	if t.label == nil {
		if yearKeyed(t) {
			return []*column{t.pk} // a contest's editions: the 2019 one
		}
		return nil
	}
	if t.label2 != nil {
		return []*column{t.label2, t.label}
	}
	if w := t.label.words; len(w) >= 2 && w[len(w)-2] == "short" && w[len(w)-1] == "name" {
		// route_short_name '110' beside route_long_name 'City - Palm Cove': a listing shows
		// both, the number people say and what it stands for.
		long := slices.Clone(w)
		long[len(w)-2] = "long"
		for _, c := range t.cols {
			if slices.Equal(c.words, long) {
				return []*column{t.label, c}
			}
		}
	}
	if p := t.label.prof; p != nil && t.pk != nil && t.pk != t.label && p.Rows > 0 && p.NonNull*2 < p.Rows {
		// Glaciers most of which have no name: a listing shows each one's key beside the name
		// it may have, so the unnamed are told apart.
		return []*column{t.pk, t.label}
	}
	return []*column{t.label}
}

// columnComparisons reads a comparison between two columns of the same rows, before the
// items are stepped through: "orders shipped after their required date" (column, comparison,
// column) and "products with fewer units in stock than their reorder level" (comparison,
// column, "than" column). Both columns must be numbers or both dates, of one table; the
// items become the condition and are consumed.
func (b *builder) columnComparisons() {
	items := b.items
	colOf := func(k int) *column {
		if k < 0 || k >= len(items) {
			return nil
		}
		it := &items[k]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candColumn || it.pick.col.metric != nil {
			return nil
		}
		if c := it.pick.col; c.class == classNumber || c.class == classDate {
			return c
		}
		return nil
	}
	cmpAt := func(k int) (kw, bool) {
		if k < 0 || k >= len(items) {
			return kwNone, false
		}
		it := &items[k]
		if it.kind == itKeyword && (it.kw.kind == kwGT || it.kw.kind == kwLT || it.kw.kind == kwGTE || it.kw.kind == kwLTE) {
			return it.kw.kind, true
		}
		if it.kind == itUnknown && len(it.toks) == 1 {
			switch it.toks[0].lower {
			case "after":
				return kwGT, true
			case "before":
				return kwLT, true
			}
		}
		return kwNone, false
	}
	same := func(a, c *column) bool {
		return a != nil && c != nil && a != c && a.table == c.table && a.class == c.class
	}
	consume := func(ks ...int) {
		for _, k := range ks {
			items[k].kind, items[k].kw = itKeyword, keyword{}
		}
	}
	roleAt := func(k int) *column {
		if k < 0 || k >= len(items) || items[k].kind != itEntity || items[k].pick == nil || items[k].pick.kind != candColumn {
			return nil
		}
		if c := items[k].pick.col; c.class == classKey && selfRef(c) {
			return c
		}
		return nil
	}
	for i := range items {
		if k, ok := cmpAt(i + 1); ok && colOf(i) != nil && roleAt(i+2) != nil && roleAt(i+2).table == colOf(i).table {
			// "employees who earn more than their manager", "hired before their manager":
			// the same column, read on the row the self-reference points to.
			b.p.conds = append(b.p.conds, condition{col: colOf(i), op: cmpOp(k, false), other: colOf(i), otherRole: roleAt(i + 2)})
			b.p.subjects = appendTable(b.p.subjects, colOf(i).table)
			consume(i, i+1, i+2)
			continue
		}
		if k, ok := cmpAt(i + 1); ok && same(colOf(i), colOf(i+2)) {
			// "shipped after their required date"
			b.p.conds = append(b.p.conds, condition{col: colOf(i), op: cmpOp(k, false), other: colOf(i + 2)})
			b.p.subjects = appendTable(b.p.subjects, colOf(i).table)
			consume(i, i+1, i+2)
			continue
		}
		if k, ok := cmpAt(i); ok && same(colOf(i+1), colOf(i+2)) && slices.Contains(items[i+2].skipped, "than") {
			// "fewer units in stock than their reorder level"
			b.p.conds = append(b.p.conds, condition{col: colOf(i + 1), op: cmpOp(k, false), other: colOf(i + 2)})
			b.p.subjects = appendTable(b.p.subjects, colOf(i+1).table)
			consume(i, i+1, i+2)
		}
	}
}

// namedBefore reports whether table t was named by an item before item i.
func (b *builder) namedBefore(i int, t *table) bool {
	for k := 0; k < i; k++ {
		if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && it.pick.table == t {
			return true
		}
	}
	return false
}

// countedNoun reports whether item i is the noun a count said before it ranks: "the five
// countries with the highest population", "the five richest European countries" (only
// superlatives and values between the number and the noun, a superlative somewhere).
func (b *builder) countedNoun(i int) bool {
	super := false
	k := i - 1
	for ; k >= 0 && b.items[k].kind != itNumber; k-- {
		switch it := &b.items[k]; {
		case it.kind == itKeyword && (it.kw.common || it.kw.often || it.kw.price && it.kw.dim == ""):
			// "the two most common conditions", "the five most frequently recorded": counted
			// by how often they occur; "the 3 most
			// expensive products": rows ranked by their own price, listed whole.
			return false
		case it.kind == itKeyword && (it.kw.kind == kwMost || it.kw.kind == kwLeast):
			super = true
		case it.kind == itEntity && it.pick != nil && it.pick.kind == candValue:
		default:
			return false
		}
	}
	if k < 0 {
		return false
	}
	for j := i + 1; j < len(b.items) && !super; j++ {
		it := &b.items[j]
		super = it.kind == itKeyword && (it.kw.kind == kwMost || it.kw.kind == kwLeast)
	}
	return super
}

// rankedBySaid reports whether "by" and a number column follow item i: "the five richest
// countries by GDP per capita" ranks by the column said.
func (b *builder) rankedBySaid(i int) bool {
	for k := i + 1; k+1 < len(b.items); k++ {
		it, n := &b.items[k], &b.items[k+1]
		if it.kind == itKeyword && it.kw.kind == kwGroup && strings.EqualFold(it.text(), "by") && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.class == classNumber {
			return true
		}
	}
	return false
}

// yearFigureCompared is the one number a listing's rows were compared on when it is kept
// per listed row and year, and one year was asked: the figure each row shows beside its name.
// Nil otherwise (several years' figures would list a row several times).
func yearFigureCompared(p *plan) *column {
	var found *column
	for _, c := range p.conds {
		if c.col == nil || c.col.class != classNumber || c.anti != nil || c.role != nil || c.having != nil {
			continue
		}
		switch c.op {
		case ">", "<", ">=", "<=":
		default:
			continue
		}
		t := c.col.table
		if t == p.listTable || fkTo(t, p.listTable) == nil || t.date == nil || !t.date.yearInt || found != nil && found != c.col {
			return nil
		}
		found = c.col
	}
	if found == nil || !slices.ContainsFunc(p.dates, func(dc dateCond) bool {
		return !dc.rng.from.IsZero() && !dc.rng.to.IsZero() && dc.rng.from.YearDay() == 1 && dc.rng.to == dc.rng.from.AddDate(1, 0, 0)
	}) {
		return nil
	}
	return found
}

// changeVerbs say a figure went up (1), changed (1) or went down (-1) between two times.
var changeVerbs = map[string]int{
	"grow": 1, "grew": 1, "grown": 1, "gain": 1, "gained": 1, "rise": 1, "rose": 1, "risen": 1, "increase": 1, "increased": 1,
	"change": 1, "changed": 1, "fall": -1, "fell": -1, "fallen": -1, "drop": -1, "dropped": -1, "decline": -1, "declined": -1,
	"lose": -1, "lost": -1, "shrink": -1, "shrank": -1,
}

// yearChanges reads a change verb said with two years ("grew from 1952 to 2007", "gained
// the most between 1952 and 2007") as the figure of the later year minus that of the
// earlier one, for tables that keep one row per thing and year. "Lost the most" ranks the
// largest fall first. Anything else said with such a verb is refused.
func (b *builder) yearChanges() error {
	if b.changeVerb == 0 {
		return nil
	}
	p := &b.p
	refuse := &notUnderstood{words: []string{kwChangeWord(b)}, msg: "a change is answered between two years of a table kept by year"}
	if len(p.measures) == 2 && p.measures[0].col != nil && p.measures[0].col == p.measures[1].col {
		p.measures = p.measures[1:] // "by how many people did the population grow": one figure
	}
	if len(p.measures) != 1 || len(p.dates) != 1 || len(p.having) > 0 {
		return refuse
	}
	m := &p.measures[0]
	r := p.dates[0].rng
	if m.col == nil || m.col.class != classNumber || m.times != nil || m.per > 0 || m.agg != aggSum && m.agg != aggMax && m.agg != aggMin && m.agg != aggAvg ||
		m.col.table.date == nil || !m.col.table.date.yearInt || r.from.IsZero() || r.to.IsZero() || r.from.YearDay() != 1 || r.to.YearDay() != 1 {
		return refuse
	}
	from, to := r.from.Year(), r.to.Year()-1
	if to <= from || !strings.Contains(r.text, fmt.Sprint(from)) || !strings.Contains(r.text, fmt.Sprint(to)) {
		return refuse // two years said, not one year or a decade
	}
	if slices.ContainsFunc(p.dims, func(d dimension) bool { return d.grain != grainNone }) {
		return refuse
	}
	m.agg, m.change = aggSum, &yearChange{year: m.col.table.date, from: from, to: to}
	if len(p.dims) > 0 {
		// A thing with no figure for one of the years has no change to rank.
		x := *m
		p.having = append(p.having, condition{op: "is not null", having: &x})
	}
	if b.changeVerb < 0 && b.super != 0 {
		b.super = -b.super // "lost the most": the lowest change first
	}
	return nil
}

// kwChangeWord is the change verb the question said, for a refusal.
func kwChangeWord(b *builder) string {
	for k := range b.items {
		if it := &b.items[k]; it.kind == itUnknown {
			if _, ok := changeVerbs[strings.ToLower(it.text())]; ok {
				return it.text()
			}
		}
	}
	return ""
}

// perHeadTotals reads "the total GDP" of a table that keeps the GDP per head beside the
// population (Gapminder's gdpPercap and pop) as the sum of their product: the whole GDP of
// each row, added up. Said with "per capita", the column is the figure asked for.
func (b *builder) perHeadTotals() {
	p := &b.p
	for i, m := range p.measures {
		if m.agg != aggSum || m.col == nil || m.times != nil || !perHead(m.col) {
			continue
		}
		said := false
		for k := range b.items {
			if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.col == m.col {
				t := strings.ToLower(it.text())
				said = said || strings.Contains(t, "capita") || strings.Contains(t, "per ")
			}
		}
		if said {
			continue
		}
		for _, c := range m.col.table.cols {
			if c.class == classNumber && c.metric == nil && slices.Equal(c.words, []string{"population"}) {
				p.measures[i].times = c
				break
			}
		}
	}
}

// perHead reports whether a column keeps a figure per head of a population (gdp_per_capita).
func perHead(c *column) bool {
	return c.class == classNumber && slices.Contains(c.words, "capita")
}

// products reads "copies ordered times list price": two number columns said with "times"
// between them, both added up by the plan, become one sum of their product, kept on the rows
// of the many side (a sale's copies times its title's price). Pairs whose rows relate the
// other way, or not at all, are left for checkProducts to refuse.
func (b *builder) products() {
	p := &b.p
	a, c := b.timesPair()
	if a == nil {
		return
	}
	if path, ok := b.m.path([]*table{a.table}, c.table); !ok || fansOut(a.table, path) {
		if path, ok := b.m.path([]*table{c.table}, a.table); ok && !fansOut(c.table, path) {
			a, c = c, a
		} else {
			return
		}
	}
	var kept []measure
	done := false
	for _, m := range p.measures {
		switch {
		case (m.col == a || m.col == c) && m.agg == aggSum && !done:
			kept = append(kept, measure{agg: aggSum, col: a, table: a.table, times: c})
			done = true
		case (m.col == a || m.col == c) && m.agg == aggSum:
			// the other factor, added up on its own: part of the product now
		default:
			kept = append(kept, m)
		}
	}
	if done {
		p.measures = kept
	}
}

// timesPair is the two number columns "times" stands between, or nil.
func (b *builder) timesPair() (*column, *column) {
	numberAt := func(k int) *column {
		if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.col != nil && it.pick.col.class == classNumber && it.pick.col.metric == nil {
			return it.pick.col
		}
		return nil
	}
	for k := 1; k < len(b.items); k++ {
		if !slices.Contains(b.items[k].skipped, "times") {
			continue
		}
		var a, c *column
		for j := k - 1; j >= 0; j-- {
			if it := &b.items[j]; it.kind == itEntity && !pastVerb(it) {
				a = numberAt(j) // "copies ordered times": the copies
				break
			}
		}
		for j := k; j < len(b.items); j++ {
			if it := &b.items[j]; it.kind == itEntity {
				c = numberAt(j) // "times list price": "list" is read as a keyword first
				break
			}
		}
		if a != nil && c != nil && a != c {
			return a, c
		}
	}
	return nil, nil
}

// rangeLimit reads "the lowest salary a Stock Clerk can be paid" as the job's min_salary:
// a MIN or MAX that the question says is allowed ("can", "could", "may", "allowed"), where the
// row named by the condition has a column for that bound of the same measure.
func (b *builder) rangeLimit() {
	p := &b.p
	if len(p.measures) == 0 || len(p.dims) != 0 || len(p.conds) != 1 || p.conds[0].col == nil {
		return
	}
	m := &p.measures[0]
	if m.col == nil || m.agg != aggMin && m.agg != aggMax {
		return
	}
	for _, o := range p.measures[1:] {
		if o.col != m.col {
			return // "the lowest salary a clerk can be paid": "paid" said the salary again
		}
	}
	modal := false
	for k := range b.items {
		for _, w := range b.items[k].skipped {
			modal = modal || w == "can" || w == "could" || w == "may" || w == "allowed" || w == "accept"
		}
	}
	if !modal {
		return
	}
	bound := map[aggKind][]string{aggMin: {"min", "minimum", "lowest"}, aggMax: {"max", "maximum", "highest"}}[m.agg]
	head := m.col.words[len(m.col.words)-1:]
	for _, c := range p.conds[0].col.table.cols {
		// min_salary for salary; min_price for list_price (the bound of what is charged).
		if c.class == classNumber && len(c.words) >= 2 && slices.Contains(bound, c.words[0]) &&
			(slices.Equal(c.words[1:], m.col.words) || slices.Equal(c.words[1:], head)) {
			old := m.col
			for k := range p.measures {
				p.measures[k].col, p.measures[k].table = c, c.table
			}
			for k := range b.items {
				if it := &b.items[k]; it.pick != nil && it.pick.col == old {
					pick := *it.pick
					pick.col, pick.table = c, c.table
					it.pick = &pick // the words that named the salary now name its bound
				}
			}
			return
		}
	}
}

// whenDate is the date to answer "when was <row> <verb>" with: the question starts with
// "when", names one row by a value of its table, has a past verb, and that table has one
// date. Nil otherwise.
func (b *builder) whenDate() *column {
	p := &b.p
	if len(b.items) == 0 || len(b.items[0].skipped) == 0 || b.items[0].skipped[0] != "when" || len(p.conds) != 1 {
		return nil
	}
	c := p.conds[0]
	if c.col == nil || c.op != "=" || len(c.vals) != 1 {
		return nil
	}
	verb := false
	var named *column
	for k := range b.items {
		if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.kind == candColumn && it.pick.col.class == classDate &&
			it.pick.col.table == c.col.table && k == len(b.items)-1 {
			// "when was order 10300 shipped": the date the verb names (whenVerb).
			named, verb = it.pick.col, true
		} else if it.kind == itEntity && pastVerb(it) {
			verb = true
		} else if it.kind == itEntity && it.pick != nil && it.pick.kind != candValue {
			return nil // something else was asked for ("when was the order's invoice paid")
		}
	}
	if !verb {
		return nil
	}
	if named == nil {
		named = c.col.table.date
	}
	return named
}

// kindFirst reports whether the first thing the question names is a plural kind whose rows
// are t (from kindRows), and they have a name to list.
func (b *builder) kindFirst(t *table) bool {
	if t == nil || t.label == nil {
		return false
	}
	for k := range b.items {
		if it := &b.items[k]; it.kind == itEntity {
			return it.pick != nil && it.pick.kind == candValue && it.plural && it.pick.col.table != t && b.childOf(t, it.pick.col.table)
		}
	}
	return false
}

// unitColumn is the one number column named with unit u (a day, an hour, a kilogram) in the
// table talked about last or a table that refers to it (Items of the type 'Raw Material'), or
// nil when none or several are.
func (b *builder) unitColumn(u string) *column {
	if b.lastTable == nil {
		return nil
	}
	tables := []*table{b.lastTable}
	for _, t := range b.m.tables {
		if t != b.lastTable && !t.view && b.childOf(t, b.lastTable) {
			tables = append(tables, t)
		}
	}
	var found *column
	for _, t := range tables {
		for _, c := range t.cols {
			if c.class != classNumber || c.metric != nil || !slices.Contains(c.words, u) {
				continue
			}
			if found != nil {
				return nil
			}
			found = c
		}
	}
	return found
}

// nameTwin is the text column of c's table named as c with "name" after it (key_name for
// key, mode_name for mode), or nil.
func nameTwin(c *column) *column {
	if c.class != classNumber && c.class != classKey {
		return nil
	}
	for _, o := range c.table.cols {
		if o.class == classText && len(o.words) == len(c.words)+1 && o.words[len(o.words)-1] == "name" && slices.Equal(o.words[:len(c.words)], c.words) {
			return o
		}
	}
	return nil
}

// namedParentChild is the one dated table that refers to the table the question's conditions
// name rows of (a species, named by genus and epithet), or nil.
func (b *builder) namedParentChild() *table {
	var named *table
	for _, c := range b.p.conds {
		if c.col == nil || c.anti != nil || named != nil && c.col.table != named {
			return nil
		}
		named = c.col.table
	}
	if named == nil || named.date != nil {
		return nil
	}
	if c := b.onlyChild(named); c != nil && c.date != nil {
		return c
	}
	return nil
}

// lastDuration is the one length or duration of the rows talked about, or nil.
func (b *builder) lastDuration() *column {
	if b.lastTable == nil {
		return nil
	}
	return dimColumn(b.lastTable, "length")
}

// inTotalAfter is the "in total" or "combined" that is the first item after the number i
// still unread ("more than 40 copies in total": past the column just read), or nil: what is
// compared is then a sum.
func (b *builder) inTotalAfter(i int) *item {
	for j := i + 1; j < len(b.items); j++ {
		n := &b.items[j]
		if n.kind == itKeyword && n.kw.kind == kwNone {
			continue // consumed
		}
		if j == i+1 && n.kind == itEntity && len(n.cands) > 0 && n.cands[0].kind == candColumn && n.cands[0].col.class == classNumber {
			continue // "more than 40 units in total": the figure compared, then the words
		}
		if w := normPhrase(n.text()); n.kind == itKeyword && n.kw.kind == kwSum &&
			(w == "combined" || w == "total" && slices.Contains(n.skipped, "in")) {
			return n
		}
		return nil
	}
	return nil
}

// entityMoney is the money that rows of t bring: the money of the one table that refers to
// t directly (a customer's invoices), or the business's sales when its one transaction
// table refers to t (an employee's orders, through their lines).
func (b *builder) entityMoney(t *table) *column {
	if c := b.childMeasure(t); c != nil {
		return c
	}
	e := b.m.eventTable()
	if e == nil || e == t || !b.childOf(e, t) {
		return nil
	}
	if e.measure != nil && e.measure.money >= revenueLike {
		return e.measure
	}
	return b.childMeasure(e)
}

// childMeasure is the money measure of the one table that references t directly and has one
// (an order's lines: their amount or derived revenue), or nil when none or several do.
func (b *builder) childMeasure(t *table) *column {
	var found *column
	for _, c := range b.m.tables {
		if c == t || c.view || !b.childOf(c, t) {
			continue
		}
		meas := c.measure
		for _, d := range b.m.derived {
			if d.table == c {
				meas = d
			}
		}
		if meas == nil || (meas.metric == nil && meas.money < revenueLike) {
			continue
		}
		if found != nil {
			return nil
		}
		found = meas
	}
	return found
}

// oneTable reports whether a listing reads only its own table: no condition, date or subject
// elsewhere that a join could repeat its rows for (anti-joins are subqueries).
func oneTable(p *plan) bool {
	for _, c := range p.conds {
		if c.anti != nil {
			continue // NOT EXISTS reads other rows without joining them
		}
		if c.col != nil && c.col.table != p.listTable {
			return false
		}
	}
	for _, d := range p.dates {
		if d.col != nil && d.col.table != p.listTable {
			return false
		}
	}
	for _, t := range p.subjects {
		if t != p.listTable {
			return false
		}
	}
	return len(p.having) == 0 && len(p.semFilters) == 0
}

// descendantOf reports whether child reaches parent through at most depth foreign keys, each
// from the many side ("order lines" of a category: lines → products → categories), so a
// measure of child adds up per parent row.
func (b *builder) descendantOf(child, parent *table, depth int) bool {
	if depth == 0 || child.view {
		return false
	}
	for _, f := range child.fks {
		if f.to.table == child {
			continue
		}
		if f.to.table == parent || b.descendantOf(f.to.table, parent, depth-1) {
			return true
		}
	}
	return false
}

// linked reports whether a table other than a and b references both (a link table).
func (b *builder) linked(a, c *table) bool {
	for _, t := range b.m.tables {
		if t != a && t != c && !t.view && b.childOf(t, a) && b.childOf(t, c) {
			return true
		}
	}
	return false
}

// childOf reports whether child references parent directly (one parent has many children).
func (b *builder) childOf(child, parent *table) bool {
	for _, f := range child.fks {
		if f.to.table == parent {
			return true
		}
	}
	return false
}

func cmpOp(k kw, not bool) string {
	op := map[kw]string{kwGT: ">", kwGTE: ">=", kwLT: "<", kwLTE: "<=", kwBetween: "between", kwEq: "="}[k]
	if not {
		op = map[string]string{">": "<=", ">=": "<", "<": ">=", "<=": ">", "=": "<>", "between": "not between"}[op]
	}
	return op
}

func toAny(fs []float64) []any {
	out := make([]any, len(fs))
	for i, f := range fs {
		out[i] = f
	}
	return out
}

// datedBy gives col to the periods said before it without a date of their own, when the
// question ends by naming it ("each month of 2017, by close date"), and reports whether there
// were any.
func (b *builder) datedBy(col *column) bool {
	if b.next(b.cur) != nil || !slices.ContainsFunc(b.p.dims, func(x dimension) bool { return x.grain != grainNone && x.col == nil }) {
		return false
	}
	for k := range b.p.dims {
		if d := &b.p.dims[k]; d.grain != grainNone && d.col == nil {
			d.col = col
		}
	}
	for k := range b.p.dates {
		if d := &b.p.dates[k]; d.col == nil {
			d.col = col
		}
	}
	return true
}

func (b *builder) addDim(d dimension) {
	if d.grain == grainNone && b.ofAll(b.cur) {
		t := d.table
		if t == nil && d.col != nil {
			t = d.col.table
		}
		b.p.copied = append(b.p.copied, t)
		return
	}
	if d.grain != grainNone {
		for k, x := range b.p.dims {
			if x.grain != grainNone && (x.weak || d.weak || x.grain == d.grain && x.col == d.col && (x.hint == d.hint || x.hint == nil || d.hint == nil) && x.ofYear == d.ofYear) {
				// (a bucket said twice, "over the years ... year by year", is one)
				if x.weak {
					b.p.dims[k] = d
				}
				b.lastDim = true
				return
			}
		}
	}
	if d.grain == grainNone && slices.ContainsFunc(b.p.dims, func(x dimension) bool { return x.grain == grainNone && x.table == d.table && x.col == d.col }) {
		// "which five accounts ...? Show each account with its total": the groups said again.
		b.eachGroup = false
		b.lastDim = true
		return
	}
	if b.eachGroup && b.group {
		d.each = true // "at each store": the groups a top row is taken within
	}
	b.eachGroup = false
	b.p.dims = append(b.p.dims, d)
	b.lastDim = true
}

func (b *builder) entity(i int) error {
	it := &b.items[i]
	c := it.pick
	if c.kind == candColumn && c.col.looseID && !b.group && !b.which && !b.top && b.super == 0 && b.agg == aggNone && !b.distinct && !b.list && b.cmp == kwNone {
		// "the revenue that came from customers in the UK", "the countries the customers
		// come from" over a flat table: the customers only restate whose rows these are.
		it.kind, it.kw = itKeyword, keyword{}
		return nil
	}
	if b.firstYear {
		if t := c.table; t != nil && t.date != nil && t.date.yearInt && b.firstLast != aggNone {
			b.p.measures = append(b.p.measures, measure{agg: b.firstLast, col: t.date, table: t})
			b.firstLast, b.firstYear, b.firstDate = aggNone, false, t.date
			b.yearOf = t
			return nil
		}
		b.firstYear = false
	}
	if b.yearOf != nil && c.table == b.yearOf {
		return nil // "the fossil-fuel emissions records": whose year it is
	}
	defer func() { b.which, b.whichKept = b.whichKept, false }()
	if it.show && c.kind == candTable {
		// "with their year and artist": the artist shown is the column, not the artists'
		// rows, whose table is named by the same word.
		for k := range it.cands {
			if oc := &it.cands[k]; oc.kind == candColumn && oc.col != nil && oc.col.table == c.table {
				c = oc
				break
			}
		}
	}
	if it.show && c.kind == candColumn && c.col != nil {
		b.withCols = append(b.withCols, c.col)
		return nil
	}
	if c.kind == candValue && (b.group || b.which) {
		// "per supervisor" where Supervisor is also a job title: after "per", a role of a
		// self-reference names the grouping, not a filter.
		for k := range it.cands {
			if rc := &it.cands[k]; rc.kind == candColumn && rc.col.class == classKey && selfRef(rc.col) {
				c = rc
				it.pick = rc
				break
			}
		}
	}
	b.cur = i
	if done, err := b.special(c); done || err != nil {
		return err
	}
	if c.state != nil && c.state.link != nil {
		// "POV characters": those with a row in the link table.
		b.p.conds = append(b.p.conds, condition{anti: c.state.link, present: !b.not})
		b.not = false
		b.lastTable = c.table
		return nil
	}
	if c.state != nil {
		op := c.state.op
		if b.not {
			// "(not subcommittees)": the rows without the state.
			op = map[string]string{"is null": "is not null", "is not null": "is null", "=": "<>", ">": "<=", "<": ">="}[op]
			b.not = false
		}
		if selfRef(c.col) && op == "is null" && b.group && !it.plural {
			// "in each top-level category": the rows under each row at the top, grouped by
			// the one they are under (products sit in subcategories).
			b.addDim(dimension{role: c.col, table: c.table})
			b.group, b.lastTable = false, c.table
			return nil
		}
		if !slices.ContainsFunc(b.p.conds, func(d condition) bool { return d.col == c.col && d.op == op && d.role == nil && d.anti == nil }) {
			b.p.conds = append(b.p.conds, condition{col: c.col, op: op, vals: []any{c.state.val}})
		}
		if n := b.next(i); b.which && n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candTable {
			b.whichKept = true // "which studio album": the album is still the one asked for
		}
		b.lastTable = c.table
		if selfRef(c.col) && (b.group || b.which) {
			// "what subcategories fall under Clothing", "each product subcategory": the rows
			// under another are the rows listed or grouped, not a filter on something else
			// (a name of theirs said next is the one they are under: rowsUnderNamed).
			return b.tableEntity(i, c.table)
		}
		return nil
	}
	switch c.kind {
	case candValue:
		op := "="
		if b.not {
			op = "<>"
			b.not = false
		}
		if c.item {
			op = map[string]string{"=": "contains", "<>": "not contains"}[op]
		}
		if c.pattern != "" {
			b.p.conds = append(b.p.conds, condition{col: c.col, op: map[string]string{"=": "like", "<>": "not like"}[op], vals: []any{c.pattern}})
			b.lastTable = c.table
			if b.agg == aggCount && it.plural && i > 0 && b.items[i-1].kind == itKeyword && b.items[i-1].kw.kind == kwCount && c.col == c.table.label {
				// "how many women's World Cups": the rows whose names carry the words, counted.
				b.p.measures = append(b.p.measures, measure{agg: countAgg(b.distinct), table: c.table})
				b.agg, b.distinct = aggNone, false
			} else if b.group && b.saidEachHere() && c.col == c.table.label {
				// "at each women's World Cup": one group per row whose name carries the words.
				b.p.dims = append(b.p.dims, dimension{table: c.table, each: true})
				b.group = false
			}
			return nil
		}
		if b.agg == aggCount && op == "=" && it.plural && i > 0 && b.items[i-1].kind == itKeyword && b.items[i-1].kw.kind == kwCount && (kindValue(c) || peopleWord(it)) {
			// "the number of hidden immunity idols per season": the rows of the table that
			// holds that kind, counted.
			b.p.conds = append(b.p.conds, condition{col: c.col, op: op, vals: []any{c.value}})
			b.p.measures = append(b.p.measures, measure{agg: countAgg(b.distinct), table: c.table})
			b.agg, b.distinct, b.lastTable = aggNone, false, c.table
			return nil
		}
		if b.group && b.saidEachHere() && op == "=" && kindValue(c) && c.table.label != nil {
			// "how many films has each director directed": one group per person the
			// credits name in that role.
			b.p.conds = append(b.p.conds, condition{col: c.col, op: op, vals: []any{c.value}})
			b.p.dims = append(b.p.dims, dimension{table: c.table})
			b.group, b.lastTable = false, c.table
			return nil
		}
		if b.which && op == "=" && len(b.p.dims) == 0 && b.agg == aggNone && ownNounValue(c.table, c.col, c.value) != "" {
			// "which DC villain has the most appearances": the villain is a character of that
			// kind, the rows asked for.
			b.p.conds = append(b.p.conds, condition{col: c.col, op: op, vals: []any{c.value}})
			b.addDim(dimension{table: c.table, plural: it.plural})
			b.singular, b.whichDim, b.lastTable = !it.plural, true, c.table
			return nil
		}
		if n := b.next(i); b.which && n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candValue && n.pick.col != c.col &&
			ownNounValue(n.pick.table, n.pick.col, n.pick.value) != "" {
			b.whichKept = true // "which DC villain": the villain is still the one asked for
		}
		// "placed by Enterprise customers", "orders by Mia Cohen": "by" before a value says
		// who, not what to group by; after "each" a value right before a table only says
		// which of them are grouped ("each of our German customers").
		if n := b.next(i); !(b.group && b.saidEachHere() && n != nil && n.kind == itEntity && n.pick != nil && (n.pick.kind == candTable || n.pick.kind == candColumn && n.pick.table == c.table)) {
			b.group = false
		}
		var role *column
		if rk := b.roleKey; rk != nil && rk.table == c.table {
			// "who reports to Andrew Fuller": the rows whose manager has that name.
			role, b.roleKey = rk, nil
			if len(b.p.measures) == 0 && b.agg == aggNone && len(b.p.dims) == 0 {
				b.p.subjects = appendTable(b.p.subjects, c.table)
			}
		} else if rk := b.m.roleByPreposition(b.wordsBefore(i), c.table); rk != nil {
			// "routes from Keflavik": the airport a route leaves, through source_airport_id,
			// whichever other airport the question also names.
			role = rk
		}
		b.p.conds = append(b.p.conds, condition{col: c.col, op: op, vals: []any{c.value}, role: role})
		if n := b.next(i); b.which && op == "=" && c.col2 == nil && role == nil && !nameColumn(c.col) &&
			!(n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candTable && n.pick.table != c.table && (c.col == c.table.label || c.table.label == nil || kindValue(c) || rowKey(c.col)) && !it.toks[len(it.toks)-1].poss) {
			// "which sales support agent ...": the rows of the table that hold the value, one
			// of which is asked for, not a number about all of them. ("Which physical moves":
			// the moves, of the damage class the value names; "which Braga owners", where
			// Braga is only a clinic's city, stays the clinics' and is refused; "which metro
			// stations", where 'Metro' is a kind of line, asks for the stations.)
			b.lastTable = c.table
			return b.tableEntity(i, c.table)
		}
		if n := b.next(i); b.which && op == "=" && n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candTable && n.pick.table != c.table && len(n.skipped) == 0 {
			b.whichKept = true // "which Asian country": the country is still the one asked for
		}
		if w := it.toks[0].norm; len(it.toks) == 1 && it.plural && c.col2 == nil && role == nil && w != normPhrase(c.value) && stem(w) == stem(normPhrase(c.value)) {
			// "the most cancellations", "how many deliveries": a state said as a plural noun
			// stands for the rows in that state.
			b.lastTable = c.table
			return b.tableEntity(i, c.table)
		}
		if c.col2 != nil {
			// A name over two columns: "not Mia Dubois" excludes the person, not every Mia.
			if op == "<>" {
				return &notUnderstood{words: []string{it.text()}, msg: "a negated name over two columns is not supported"}
			}
			b.p.conds = append(b.p.conds, condition{col: c.col2, op: op, vals: []any{c.value2}, role: role})
		}
		b.lastTable = c.table
		return nil
	case candTable:
		return b.tableEntity(i, c.table)
	}
	col := c.col
	b.lastTable = col.table
	switch col.class {
	case classNumber:
		return b.numberColumn(i, col)
	case classDate:
		if b.not {
			// "not shipped yet", "not returned": the event has no date.
			b.p.conds = append(b.p.conds, condition{col: col, op: "is null"})
			b.not = false
			return nil
		}
		if n := b.next(i); n != nil && n.kind == itDate {
			b.lastDate = col
			if len(b.p.measures) == 0 && b.agg == aggCount && eventNoun(&b.items[i], col) {
				// "how many commissions in 1995": the appointments commissioned then, counted.
				b.p.measures = append(b.p.measures, eventsCounted(col))
				b.agg = aggNone
				return nil
			}
			if len(b.p.measures) == 0 && b.agg == aggNone {
				// "technicians hired in 2020": the rows of the table whose date it is.
				b.p.subjects = appendTable(b.p.subjects, col.table)
			}
			return nil
		}
		if len(b.p.measures) == 0 && b.agg == aggNone && slices.ContainsFunc(b.p.conds, func(c condition) bool { return c.col == col && c.op == "is not null" }) {
			// "which patients have died, and on what date": the rows listed show the date.
			b.which = false
			return nil
		}
		switch {
		case b.sort && len(b.p.measures) == 0 && len(b.p.dims) == 0:
			// "the episodes directed by James Burrows, in the order they aired": listed by
			// the date the verb names.
			b.p.order, b.p.orderCol = orderCol, col
			b.sort = false
		case b.agg == aggCount && b.firstLast == aggNone && eventNoun(&b.items[i], col):
			// "and how many commissions were there that year": the events counted.
			b.lastDate = col
			b.p.measures = append(b.p.measures, eventsCounted(col))
			b.agg = aggNone
		case b.super != 0 && b.agg == aggNone && b.firstLast == aggNone && eventNoun(&b.items[i], col):
			// "the year with the most hires": hires counted, as often as they happened, not
			// the latest hire date.
			b.lastDate = col
		case b.super != 0 && b.often && b.agg == aggNone && b.firstLast == aggNone:
			// "the month seasons most often premiere": the event counted, not its latest date.
			b.lastDate = col
		case b.super != 0 && b.agg == aggNone && b.firstLast == aggNone && (len(b.p.measures) > 0 && pastVerb(&b.items[i]) || !saysColumnWord(&b.items[i], col) ||
			i > 0 && tableNamed(&b.items[i-1]) == col.table && strings.HasSuffix(b.items[i].toks[len(b.items[i].toks)-1].lower, "ed")):
			// "the most copies ordered": the verb says what happened to the copies; "most"
			// ranks them, not the order dates. So does a word for the date that is none of
			// its name's ("the most new characters debut": first_appearance).
			b.lastDate = col
		case b.agg == aggMin || b.agg == aggMax || b.firstLast != aggNone || b.super != 0:
			agg := b.agg
			if agg == aggNone || agg == aggCount {
				agg = b.firstLast
			}
			if agg == aggNone {
				agg = map[int]aggKind{1: aggMax, -1: aggMin}[b.super]
				b.super = 0
			}
			if b.firstLast != aggNone {
				b.firstDate = col
			}
			b.p.measures = append(b.p.measures, measure{agg: agg, col: col, table: col.table})
			b.agg, b.firstLast = aggNone, aggNone
		case b.group && b.datedBy(col):
			// "won in each month of 2017, by close date": the date the month and the year are of.
			b.group = false
		case b.group || b.which:
			g := grainDay
			if col.yearInt {
				g = grainYear // "per season": the column holds years
			}
			if n := b.next(i); n != nil && n.kind == itKeyword && (n.kw.kind == kwBucket || n.kw.kind == kwUnit) {
				g = n.kw.grain
				n.kind, n.kw = itKeyword, keyword{}
			}
			b.addDim(dimension{col: col, grain: g})
			b.group = false
		case (len(b.p.measures) > 0 || b.agg != aggNone) && (col.nullable || lifeEvent(col) && b.countedRows() != nil && b.countedRows() != col.table) &&
			eventWord(&b.items[i]) && b.next(i) == nil:
			// "how many castaways have passed away", "how many orders were shipped": counted
			// rows where the event happened, its date filled in. ("Orders shipped to France"
			// says where they go, not that they left.) OMOP keeps a death only for the
			// persons who died: "how many patients have died" are those with one.
			b.p.conds = append(b.p.conds, condition{col: col, op: "is not null"})
		case col.nullable && eventWord(&b.items[i]) && i > 0 && tableNamed(&b.items[i-1]) == col.table && b.items[i-1].plural &&
			(b.next(i) == nil || b.next(i).kind == itKeyword && b.next(i).kw.kind == kwAnd):
			// "which patients have died": the rows where the event happened, not every row's
			// empty date; "and on what date" then lists the date beside them.
			b.p.conds = append(b.p.conds, condition{col: col, op: "is not null"})
			if len(b.p.measures) == 0 && b.agg == aggNone {
				b.p.subjects = appendTable(b.p.subjects, col.table)
			}
		default:
			b.lastDate = col
			b.p.listCols = append(b.p.listCols, col)
		}
		return nil
	}
	n := b.next(i)
	rowsNext := n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candTable
	if col.class == classBool && !b.group && (!b.which || rowsNext) && !b.distinct && c.score <= scoreModifier+1e-9 && len(col.words) > 2 &&
		len(it.toks) == 1 && it.toks[0].norm != col.words[0] {
		// "independent states": a later word of a long flag's name (small_island_developing_
		// states_sids) is not that flag; its first word may be ("preferred" vendors).
		return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("%q is only one word of %s.%s", it.text(), col.table.name, col.name)}
	}
	if col.class == classBool && i > 0 && b.items[i-1].kind == itEntity && b.items[i-1].pick != nil && b.items[i-1].pick.col == col &&
		slices.ContainsFunc(b.p.conds, func(d condition) bool { return d.col == col }) {
		return nil // "never completed their clutch": the flag's own noun said again after it
	}
	if col.class == classBool && b.group && it.plural && i > 0 && b.items[i-1].kind == itKeyword && b.items[i-1].kw.kind == kwGroup &&
		strings.EqualFold(b.items[i-1].text(), "across") && (acronymFlag(col) || len(col.words) == 1) {
		// "the average Pell grant across HBCUs": over the rows that have the flag, not
		// grouped by whether they have it.
		b.group = false
	}
	if col.class == classBool && !b.group && (!b.which || rowsNext || it.plural && acronymFlag(col)) && !b.distinct {
		// "obsolete parts", "discontinued products", "not active customers": the flag is set;
		// in "which legendary Pokémon" the rows named next are still the ones asked for, and
		// "which HBCUs" asks for the rows that have it.
		b.whichKept = b.which && rowsNext
		fc := condition{col: col, op: "=", vals: []any{flagValue{!b.not != c.negate}}}
		if n := len(b.p.conds); n > 0 && i > 0 && b.items[i-1].kind == itKeyword && b.items[i-1].kw.kind == kwOr && orFlag(b.p.conds[n-1], col.table) {
			// "legendary or mythical": either flag, not both.
			last := b.p.conds[n-1]
			if len(last.either) == 0 {
				last = condition{col: last.col, op: last.op, vals: last.vals, either: []condition{last}}
			}
			last.either = append(last.either, fc)
			b.p.conds[n-1] = last
		} else {
			b.p.conds = append(b.p.conds, fc)
		}
		b.not = false
		if b.which && !rowsNext && it.plural && acronymFlag(col) && !slices.Contains(b.p.subjects, col.table) {
			b.p.subjects = append(b.p.subjects, col.table)
			b.flagRows = col.table
		}
		if t := col.table; (b.agg == aggCount || b.super != 0 && b.agg == aggNone && len(b.p.measures) == 0) && it.plural &&
			(len(col.words) > 1 && singular(it.toks[len(it.toks)-1].lower) == col.words[len(col.words)-1] || acronymFlag(col)) {
			// "how many own goals", "the most yellow cards": the flag's name said as a plural
			// noun names the rows that have it (goals.own_goal, bookings.yellow_card), counted.
			b.p.measures = append(b.p.measures, measure{agg: countAgg(b.distinct), table: t})
			b.agg = aggNone
		}
		return nil
	}
	// A text or flag column.
	if n := b.next(i); n != nil && n.kind == itNumber && len(n.skipped) == 0 && col.class == classText && ordinalColumn(col) &&
		b.items[i].start+len(b.items[i].toks) == n.start && n.num == float64(int64(n.num)) && !b.group && !b.sort {
		// "Doctor Who series 1" of a season_number kept as 1.0: the rows of that series.
		b.p.conds = append(b.p.conds, condition{col: col, op: "=", vals: []any{n.num}})
		n.kind, n.kw = itKeyword, keyword{}
		b.lastTable = col.table
		return nil
	}
	switch {
	case b.agg == aggCount && (b.items[i].plural && col == col.table.label && !repeatsMuch(col) || slices.Equal(col.words, col.table.words)) && col.table.pk != nil && !saysName(&b.items[i]):
		// "how many different products" where the products table is product_information and
		// the word reached its product_name: the rows, by their key; two products may share a
		// name.
		b.p.measures = append(b.p.measures, measure{agg: aggCountDistinct, table: col.table})
		b.agg, b.distinct = aggNone, false
		if slices.Equal(col.words, col.table.words) {
			// "how many species": the rows of species, not its column species.
			b.items[i].pick = &cand{kind: candTable, table: col.table, score: b.items[i].pick.score}
		}
	case b.agg == aggCount:
		b.p.measures = append(b.p.measures, measure{agg: aggCountDistinct, col: col, table: col.table})
		b.agg, b.distinct = aggNone, false
	case b.distinct:
		// "list the different segments": each value once.
		b.p.listCols = append(b.p.listCols, col)
		b.distinct = false
	case b.list && i > 0 && i == len(b.items)-1 && showsBeside(&b.items[i-1]) &&
		(slices.Contains(b.items[i].skipped, "their") || slices.Contains(b.items[i-1].skipped, "together")):
		// ("list the editions that had a slogan, together with the slogan": the same.)
		// "list the travel agencies based in Germany with their city": each agency with
		// its city, not the cities. (One column said last; a list of them is read below.)
		b.withCols = append(b.withCols, col)
		b.items[i-1].kw = keyword{}
	case b.group || b.which || b.top && len(b.p.dims) == 0:
		b.addDim(dimension{col: col, plural: it.plural})
		b.singular = b.singular || (b.which && !it.plural)
		b.whichDim = b.whichDim || b.which
		b.group = false
	default:
		if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candValue && sameColumn(n.pick.col, col) {
			return nil // "segment Enterprise": the value says it all
		}
		if n, nn := b.next(i), b.next(i+1); n != nil && n.kind == itKeyword && n.kw.kind == kwGroup && nn != nil &&
			nn.kind == itEntity && nn.pick != nil && nn.pick.kind == candValue && sameColumn(nn.pick.col, col) {
			return nil // "composed by Jimi Hendrix": so does a value after "by"
		}
		if i > 0 {
			if pv := &b.items[i-1]; pv.kind == itEntity && pv.pick != nil && pv.pick.kind == candValue && sameColumn(pv.pick.col, col) {
				return nil // "the Computers category": so does a value before its column
			}
		}
		if b.ofAll(i) {
			b.p.copied = append(b.p.copied, col.table)
			return nil
		}
		b.p.listCols = append(b.p.listCols, col)
	}
	return nil
}

// ofAll reports whether item i is a plural said after "of all" ("the combined emissions of
// all nations", "the GDP of all countries"): all of them together, not each.
func (b *builder) ofAll(i int) bool {
	it := &b.items[i]
	return it.kind == itEntity && it.plural && i > 0 && len(it.skipped) >= 2 && slices.Equal(it.skipped[len(it.skipped)-2:], []string{"of", "all"})
}

// wordsBefore are the skipped words between items[i] and the item before it (the last
// item's skipped words also hold those after it).
func (b *builder) wordsBefore(i int) []string {
	it := &b.items[i]
	end := 0
	if i > 0 {
		end = b.items[i-1].start + len(b.items[i-1].toks)
	}
	n := min(max(it.start-end, 0), len(it.skipped))
	return it.skipped[:n]
}

func (b *builder) tableEntity(i int, t *table) error {
	it := &b.items[i]
	if it.show && t.label != nil && t.label.class == classText {
		// "list the passengers with their city and country": the name of the country each
		// refers to, shown beside it (markShown keeps only tables the rows refer to).
		b.withCols = append(b.withCols, t.label)
		return nil
	}
	if !b.list && t.label != nil && t.label.class == classText && i > 0 && b.items[i-1].kind == itKeyword && b.items[i-1].kw.kind == kwWith &&
		slices.Contains(it.skipped, "their") && b.lastTable != nil && b.lastTable != t && fkTo(b.lastTable, t) != nil {
		// "the most densely populated municipalities, with their census division": the name
		// of the row each one belongs to, shown beside it (besideGroups).
		b.withCols = append(b.withCols, t.label)
		b.items[i-1].kw = keyword{}
		return nil
	}
	b.lastTable = t
	if b.avgCount && b.agg == aggAvg {
		b.agg, b.avgOf = aggCount, true
	}
	b.avgCount = false
	if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candValue && n.pick.table == t &&
		!it.plural && b.agg == aggNone && !b.which && !b.top && (!b.group || nameColumn(n.pick.col)) {
		// "customer Mia Dubois", "handled by employee Mia Dubois": the table only says whose
		// name; after "by" it says who, not what to group by.
		b.group = false
		return nil
	}
	if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil && !(n.show && !(i > 0 && b.items[i-1].kind == itKeyword && b.items[i-1].kw.kind == kwGroup)) {
		// (The columns to show, listed last, qualify no table named before them, unless it
		// follows "by": "the biggest order? give its date" is the order, shown with its date.)
		if nn := b.next(i + 1); n.pick.kind == candColumn && n.pick.table == t && b.agg != aggCount && !b.distinct &&
			!(nn != nil && nn.kind == itKeyword && isCmp(nn.kw.kind) && (b.which || b.list)) &&
			!(n.pick.col.class == classBool && len(n.skipped) > 0) {
			// ("vendors that are inactive": a flag said apart from the table is a condition on
			// its rows.)
			// "order amount": the table only qualifies its column; in "which tracks cost more
			// than 1" the tracks are the rows asked for.
			return nil
		}
		if n.pick.kind == candTable && n.pick.table != t && !it.plural && !b.which && n.start == it.start+len(it.toks) && !(b.super != 0 && verbForm(it, t)) &&
			(b.childOf(t, n.pick.table) || b.childOf(n.pick.table, t)) {
			return nil // "product categories", "customer orders": a noun modifier names which second
		}
	}
	switch {
	case b.agg == aggCount && !b.distinct && selfCount(t) != nil:
		// "how many confessionals": a row per castaway and episode with its
		// confessional_count; the confessionals are that count added up.
		c := selfCount(t)
		b.p.measures = append(b.p.measures, measure{agg: aggSum, col: c, table: t})
		b.agg = aggNone
	case b.agg == aggCount:
		b.p.measures = append(b.p.measures, measure{agg: countAgg(b.distinct), table: t})
		b.agg, b.distinct = aggNone, false
		if f := selfFlag(t); f != nil {
			// "how many jury votes": a row per juror and finalist whose vote flag says
			// whether the vote was cast; the votes are the rows with it set.
			b.p.conds = append(b.p.conds, condition{col: f, op: "=", vals: []any{flagValue{true}}})
		}
	case b.agg == aggAvg && t.measure == nil && b.childMeasure(t) != nil:
		// "the average order value": orders have no amount of their own, their lines do; the
		// average over orders of each order's total.
		c := b.childMeasure(t)
		b.p.measures = append(b.p.measures, measure{agg: aggSum, col: c, table: c.table})
		b.addDim(dimension{table: t, plural: true})
		b.avgOf, b.agg = true, aggNone
	case b.agg != aggNone && b.agg != aggCount && b.laterMeasure(i) && b.group:
		// "how much has each customer in Japan paid": the measure is said after the rows,
		// which "each" groups by.
		b.addDim(dimension{table: t, plural: it.plural})
		b.group = false
	case b.agg != aggNone && b.agg != aggCount && b.laterMeasure(i):
		// "how much have rock tracks sold for": the measure is said after the rows.
		b.p.subjects = appendTable(b.p.subjects, t)
	case b.agg == aggSum && b.group && t.measure == nil:
		// "how much did each employee sell": the rows to group by; the amount is said later
		// or is the business's sales (build).
		b.addDim(dimension{table: t, plural: it.plural})
		b.group = false
	case b.agg == aggSum && t.measure == nil && b.entityMoney(t) != nil:
		// "how much have customers in each US state spent": the money their orders bring,
		// for the customers named.
		c := b.entityMoney(t)
		b.p.measures = append(b.p.measures, measure{agg: aggSum, col: c, table: c.table})
		b.p.subjects = appendTable(b.p.subjects, t)
		b.agg = aggNone
	case b.agg != aggNone:
		if t.measure == nil {
			return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("%s has no numeric column to aggregate", t.name)}
		}
		col, err := b.defaultMeasure(t, b.agg, aggWords(b))
		if err != nil {
			return err
		}
		b.p.measures = append(b.p.measures, measure{agg: b.agg, col: col, table: t})
		b.agg = aggNone
	case b.firstLast != aggNone && b.firstDateOf(t) != nil:
		dc := b.firstDateOf(t)
		b.firstDate = dc
		b.p.measures = append(b.p.measures, measure{agg: b.firstLast, col: dc, table: t})
		b.firstLast = aggNone
	case b.firstLast != aggNone && t.date == nil && eventOfParts(t) != nil:
		// "the first recorded vote of the 50th session": a country's vote has no date of its
		// own; the roll call it is part of does.
		dc := eventOfParts(t).date
		b.firstDate, b.heldParts = dc, t
		b.p.measures = append(b.p.measures, measure{agg: b.firstLast, col: dc, table: dc.table})
		b.firstLast = aggNone
	case b.group:
		b.addDim(dimension{table: t, plural: it.plural})
		b.group = false
	case b.which || b.top && len(b.p.dims) == 0 || b.topN > 0 && len(b.p.dims)+len(b.p.measures) == 0 && it.plural && b.countedNoun(i):
		// ("the five countries with the highest population": the countries ranked.)
		b.addDim(dimension{table: t, plural: it.plural})
		b.singular = !it.plural
		b.whichDim = b.whichDim || b.which
	case b.super != 0 && len(b.p.measures) == 0 && (it.plural || verbForm(it, t)) && !b.price && !afterPreposition(it):
		// "the most orders": rank by how many; "the most rented films": by how many rentals.
		b.p.measures = append(b.p.measures, measure{agg: aggCount, table: t})
	case b.super != 0 && len(b.p.measures) > 0 && len(b.p.dims) == 0 && it.plural && b.p.measures[0].table != t:
		// "... most rented films": the films are ranked.
		b.addDim(dimension{table: t, plural: true})
	case b.super != 0 && len(b.p.measures) == 1 && len(b.p.dims) == 0 && !it.plural && b.p.measures[0].table != t && b.p.measures[0].agg == aggCount &&
		i > 0 && b.items[i-1].kind == itEntity && b.items[i-1].pick != nil && b.items[i-1].pick.kind == candTable &&
		b.items[i-1].pick.table == b.p.measures[0].table && verbForm(&b.items[i-1], b.p.measures[0].table):
		// "the most rented film": the one film ranked first by its rentals.
		b.addDim(dimension{table: t})
		b.singular = true
	default:
		b.p.subjects = appendTable(b.p.subjects, t)
		if b.super != 0 && !it.plural {
			b.singular = true
		}
	}
	return nil
}

// afterPreposition reports whether a preposition comes right before an item: in "sold the
// most to customers in Germany" the customers are who was sold to, not what is counted.
func afterPreposition(it *item) bool {
	if len(it.skipped) == 0 {
		return false
	}
	switch it.skipped[len(it.skipped)-1] {
	case "to", "for", "from", "with", "by", "at":
		return true
	}
	return false
}

// verbForm reports whether an item names table t by a verb ("rented" for rental): the events
// of t, as in "the most rented films".
func verbForm(it *item, t *table) bool {
	if len(t.words) == 0 {
		return false
	}
	if len(it.toks) == 2 && (particles[it.toks[1].lower] || it.toks[1].lower == "into") {
		// "came in", "came into (the shelter)": a phrasal verb naming the rows.
		return strings.HasSuffix(it.toks[0].lower, "ed") || irregularVerbPast[it.toks[0].lower]
	}
	if len(it.toks) != 1 {
		return false
	}
	w := it.toks[0].lower
	return w != t.words[len(t.words)-1] && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing"))
}

// ownPrice is the one number column of t called a price ("the most expensive listings" are
// ranked by their price, not by the review_scores_value a money word also reaches), or nil.
func ownPrice(t *table) *column {
	var found *column
	for _, c := range t.cols {
		if c.class == classNumber && c.metric == nil && slices.Contains(c.words, "price") {
			if found != nil {
				return nil
			}
			found = c
		}
	}
	return found
}

// groupsOwnColumn reports whether the question groups by a column of t itself (the state of
// each event), so that a count of t's rows is a count per group.
func (b *builder) groupsOwnColumn(t *table) bool {
	return t != nil && slices.ContainsFunc(b.p.dims, func(d dimension) bool { return d.col != nil && d.col.table == t && d.role == nil })
}

// irregularVerbPast are past forms of common verbs that do not end in -ed.
var irregularVerbPast = toSet([]string{"came", "went", "got", "took", "brought", "gave", "left", "ran", "sent"})

// laterMeasure reports whether an item after i names a number column (a measure) of any
// table, before another aggregate keyword.
func (b *builder) laterMeasure(i int) bool {
	for j := i + 1; j < len(b.items); j++ {
		it := &b.items[j]
		if it.kind == itKeyword && (it.kw.kind == kwCount || it.kw.kind == kwSum || it.kw.kind == kwAvg || it.kw.kind == kwMax ||
			it.kw.kind == kwMin || it.kw.kind == kwWith || it.kw.kind == kwGroup || isCmp(it.kw.kind)) {
			return false // "average of products whose price is above 20": the price is a condition
		}
		if it.kind == itEntity && it.pick != nil && it.pick.kind == candColumn && it.pick.col.class == classNumber {
			n := b.next(j)
			return n == nil || !(n.kind == itKeyword && isCmp(n.kw.kind))
		}
	}
	return false
}

// genericName reports whether an item names col with none of the words of its name.
func genericName(it *item, col *column) bool {
	for _, t := range it.toks {
		if slices.Contains(col.words, t.norm) {
			return false
		}
	}
	return true
}

// additiveDims are the dimensions whose readings add up over a period (rain does, a
// temperature does not).
var additiveDims = map[string]bool{"precipitation": true}

// periodDim is the column a superlative of a dimension ranks time buckets by ("the wettest
// month"): of the dated table the question's conditions or last named table are about, or
// of the one table kept per day.
func (b *builder) periodDim() *column {
	if b.dim == "" || len(b.p.dims) != 1 {
		return nil
	}
	var ts []*table
	if b.lastTable != nil {
		ts = append(ts, b.lastTable)
	}
	for _, c := range b.p.conds {
		if c.col != nil {
			ts = append(ts, c.col.table)
		}
	}
	for _, t := range b.m.tables {
		if t.daily != nil && !t.view {
			ts = append(ts, t)
		}
	}
	for _, t := range ts {
		if c := dimColumn(t, b.dim); c != nil && t.date != nil {
			if b.p.dims[0].grain == grainNone && dimStat[b.dim] != "" {
				// "the coolest city on average": by its mean temperature, not its lows.
				c = statSibling(c, "mean")
			}
			return c
		}
	}
	return nil
}

// statSibling is the column of c's table that keeps statistic stat of c's reading (the mean
// beside actual_min_temp), or c itself.
func statSibling(c *column, stat string) *column {
	_, rest := statRole(c)
	for _, o := range c.table.cols {
		if r, orest := statRole(o); r == stat && orest == rest && len(o.words) > 0 && len(c.words) > 0 && o.words[0] == c.words[0] {
			return o
		}
	}
	return c
}

func countAgg(distinct bool) aggKind {
	if distinct {
		return aggCountDistinct
	}
	return aggCount
}

func (b *builder) numberColumn(i int, col *column) error {
	if b.agg == aggNone && !b.sort && !b.group && zeroForNone(col) && knownSaid(&b.items[i]) && !b.comparedNext(i) &&
		slices.ContainsFunc(b.wordsBefore(i), func(w string) bool { return w == "of" || w == "with" }) {
		// "beers of known ABV", "with a known IBU": the rows whose number was entered.
		b.p.conds = append(b.p.conds, knownValue(col))
		return nil
	}
	rowsAfter := func(k int) bool { // "season 9 episodes": the rows the number is of, named next
		nn := b.next(k)
		return nn != nil && nn.kind == itEntity && nn.pick != nil && nn.pick.kind == candTable && nn.pick.table == col.table && len(nn.skipped) == 0
	}
	if n := b.next(i); n != nil && n.kind == itNumber && len(n.skipped) == 0 && ordinalColumn(col) && b.items[i].start+len(b.items[i].toks) == n.start &&
		n.num == float64(int64(n.num)) && !b.group && !b.sort && (b.agg == aggNone && (len(b.p.measures) > 0 || b.lastTable == col.table && len(b.p.conds) > 0 ||
		numberedWords[col.words[len(col.words)-1]]) || rowsAfter(i+1)) {
		// "how many lines in season 3": the number read next keeps the rows of that season;
		// the column is no second figure to add up. Nor is a numbered place before the
		// figure is named ("which station in arrondissement 20 had the most entries").
		return nil
	}
	if n := b.next(i); n != nil && n.kind == itNumber && b.agg == aggNone && !b.sort && !b.group && !b.distinct &&
		len(n.skipped) > 0 && n.skipped[len(n.skipped)-1] == "of" {
		// "moves with a power of 100", "100% accuracy": the rows whose column holds it.
		b.p.conds = append(b.p.conds, condition{col: col, op: "=", vals: []any{n.num}})
		n.kind, n.kw = itKeyword, keyword{}
		if d := b.p.dims; b.whichDim && len(d) == 1 && d[0].table == col.table && d[0].col == nil && len(b.p.measures) == 0 {
			// "which suppliers have a credit rating of 5": the suppliers are listed (with
			// their rating), not grouped.
			b.p.dims = nil
			b.p.subjects = appendTable(b.p.subjects, col.table)
		} else if b.which || b.list || len(b.p.dims) == 0 && len(b.p.measures) == 0 {
			// "which moves have power of 100": the moves are the rows asked for.
			b.p.subjects = appendTable(b.p.subjects, col.table)
		}
		return nil
	}
	if n := b.next(i); n != nil && n.kind == itKeyword && isCmp(n.kw.kind) && b.agg == aggNone && b.which && len(b.p.dims) == 0 &&
		b.next(i+1) != nil && b.next(i+1).kind == itNumber && b.rowsCountedAt(i+3, col.table) && b.items[i].plural {
		// "which SIC codes have more than 20 filings": the codes, each with its filings
		// counted (the comparison keeps those with more).
		b.addDim(dimension{col: col, plural: true})
		b.whichDim = true
		return nil
	}
	if n := b.next(i); n != nil && n.kind == itKeyword && isCmp(n.kw.kind) && b.agg == aggNone &&
		b.next(i+1) != nil && b.next(i+1).kind == itNumber && !b.rowsCountedAt(i+3, col.table) {
		b.cmpTarget = col
		if (b.which || b.list) && len(b.p.dims) == 0 {
			// "which films cost more than 4", "list the promotions that cost more than
			// 80,000": the films, the promotions are the rows asked for.
			b.p.subjects = appendTable(b.p.subjects, col.table)
		}
		return nil
	}
	if n := b.next(i); n != nil && n.kind == itKeyword && isCmp(n.kw.kind) && b.agg == aggNone &&
		b.next(i+1) != nil && b.next(i+1).kind == itKeyword && b.next(i+1).kw.kind == kwAvg {
		b.cmpTarget = col // "products that cost more than the average product"
		return nil
	}
	if n := b.next(i); n != nil && n.kind == itKeyword && isCmp(n.kw.kind) && b.agg == aggNone && namedRowValue(b.next(i+1)) {
		b.cmpTarget = col // "products that cost more than Chai": Chai's price
		if (b.which || b.list) && len(b.p.dims) == 0 {
			b.p.subjects = appendTable(b.p.subjects, col.table)
		}
		return nil
	}
	if b.groupAvgAboveAll(i, col) {
		return nil
	}
	if n := b.next(i); n != nil && n.kind == itKeyword && isCmp(n.kw.kind) && b.agg != aggNone && b.agg != aggCount &&
		b.next(i+1) != nil && b.next(i+1).kind == itNumber {
		// "categories whose average price is above 100": a condition on the aggregate.
		b.cmpTarget, b.cmpAgg, b.agg = col, b.agg, aggNone
		b.knownOnly(i, col, b.cmpAgg)
		return nil
	}
	switch {
	case b.sort:
		b.p.order, b.p.orderCol = orderCol, col
		b.sort = false
		if len(b.p.measures) == 0 && len(b.p.dims) > 0 {
			b.p.measures = append(b.p.measures, measure{agg: aggSum, col: col, table: col.table})
			b.p.order = orderMeasure
		}
	case b.agg != aggNone || b.distinct:
		agg := b.agg
		switch {
		case b.distinct:
			agg = aggCountDistinct
		case agg == aggCount && col == col.table.ordinal:
			// "how many lines are tagged Sad": the rows the number counts within its series.
			b.p.measures = append(b.p.measures, measure{agg: aggCount, table: col.table})
			b.agg = aggNone
			b.items[i].pick = &cand{kind: candTable, table: col.table, score: b.items[i].pick.score}
			return nil
		case agg == aggCount && b.items[i].plural && col.words[len(col.words)-1] == "value" && !col.countName() &&
			(col != col.table.series || normPhrase(b.items[i].text()) == "value"):
			// ("how many values": said as "values", the rows that hold them, even where the
			// column is the table's figure.)
			// ("how many people": population.value is the people, added up.)
			// "how many nutrient values" (nut_data.nutr_val): the rows that hold them, counted.
			b.p.measures = append(b.p.measures, measure{agg: aggCount, table: col.table})
			b.agg = aggNone
			b.items[i].pick = &cand{kind: candTable, table: col.table, score: b.items[i].pick.score}
			return nil
		case agg == aggCount:
			agg = aggSum // "number of clicks" adds up a count column
		}
		b.p.measures = append(b.p.measures, measure{agg: agg, col: col, table: col.table, generic: genericName(&b.items[i], col)})
		b.agg, b.distinct = aggNone, false
		b.knownOnly(i, col, agg)
	case b.group && b.eachRightBefore(i) && col.class == classNumber && b.agg == aggNone && !b.top && b.super == 0 && len(b.p.dims) == 0 &&
		len(b.p.measures) > 0 && b.p.measures[0].table != col.table:
		// "how many stations does each arrondissement have": a number said after "each"
		// names the groups (arrondissements 1 to 20), not a figure to add up; rows without
		// one (stations outside Paris) are in no group.
		b.addDim(dimension{col: col})
		if col.prof != nil && col.prof.NonNull < col.prof.Rows {
			b.p.conds = append(b.p.conds, condition{col: col, op: "is not null"})
		}
		b.group = false
	case b.group && ordinalColumn(col) && b.agg == aggNone && !b.top && b.super == 0 && (len(b.p.dims) == 0 || len(b.p.dims) == 1 &&
		b.p.dims[0].table == col.table && b.p.dims[0].col == nil && b.p.dims[0].grain == grainNone && len(b.p.measures) == 1 && b.p.measures[0].agg == aggAvg):
		// "the average audience in each season": the rows of each season, grouped by its
		// number, which is no figure to add up; "per episode in each season" said the
		// average is of the episodes, the rows the season groups.
		b.p.dims = nil
		b.addDim(dimension{col: col})
		b.group = false
	case b.group && (len(b.p.dims) > 0 || b.top || b.super != 0):
		// "top 5 products by revenue": the ranking measure, not a grouping. Its aggregate is
		// left to finish: a sum per product, or no sum when the rows ranked are its own.
		if len(b.p.measures) == 0 {
			b.p.measures = append(b.p.measures, measure{agg: aggNone, col: col, table: col.table, generic: genericName(&b.items[i], col)})
		}
		b.p.order = orderMeasure
		b.group = false
	case b.list && i > 0 && showsBeside(&b.items[i-1]) && slices.Contains(b.items[i].skipped, "their"):
		b.withCols = append(b.withCols, col)
		b.items[i-1].kw = keyword{} // consumed: "with" shows, it does not filter
	case !b.list && col.class == classText && col == col.table.label && i > 0 && b.items[i-1].kind == itKeyword && b.items[i-1].kw.kind == kwWith &&
		slices.Contains(b.items[i].skipped, "their") && len(b.p.measures) > 0:
		// "the most densely populated municipalities, with their census division": shown
		// beside each group if it names what the group's row belongs to (besideGroups).
		b.withCols = append(b.withCols, col)
		b.items[i-1].kw = keyword{}
	case b.list && i > 1 && showsBeside(&b.items[i-2]) && b.items[i-1].kind == itDate && slices.Contains(b.items[i-1].skipped, "their"):
		// "with their 2021 populations": the year picks the rows shown.
		b.withCols = append(b.withCols, col)
		b.items[i-2].kw = keyword{}
	default:
		each := b.items[i].plural && i > 0 && b.items[i-1].kind == itEntity && b.items[i-1].pick != nil &&
			b.items[i-1].pick.kind == candValue && b.items[i-1].toks[len(b.items[i-1].toks)-1].poss
		b.p.measures = append(b.p.measures, measure{agg: aggNone, col: col, table: col.table, generic: genericName(&b.items[i], col), each: each})
		b.group = false
	}
	return nil
}

// valuesAnd reports whether two values of one text column are joined by "and" ("men and
// women", "France and Germany"), with no word saying they are taken together.
func (b *builder) valuesAnd() bool {
	for i := 0; i+2 < len(b.items); i++ {
		a, k, c := &b.items[i], &b.items[i+1], &b.items[i+2]
		if a.kind != itEntity || c.kind != itEntity || k.kind != itKeyword || !strings.EqualFold(k.text(), "and") ||
			a.pick == nil || c.pick == nil || a.pick.kind != candValue || c.pick.kind != candValue || a.pick.col != c.pick.col ||
			a.pick.col.class != classText || c.start != k.start+len(k.toks) && !repeatedPreposition(k, c) {
			continue
		}
		together := []string{"total", "combined", "together", "altogether", "both"}
		for k := range b.items {
			it := &b.items[k]
			if slices.Contains(together, strings.ToLower(it.text())) || containsAny(it.skipped, together) {
				return false // "total sales of France and Germany combined"
			}
		}
		return true
	}
	return b.numbersAnd() != nil
}

// numbersAnd is the number column of counts said as adjectives joined by "and" ("four-, six-
// and eight-cylinder vehicles", "two and three bedroom flats"): each is its own answer, as
// two values of a text column are; nil when the question says none.
func (b *builder) numbersAnd() *column {
	// The pair's number is read as a condition on the column after it, and put after it.
	number := func(x *item) bool {
		w := strings.ToLower(x.text())
		_, ok := parseNumber(w)
		_, word := numberWords[w]
		return x.kind == itNumber || x.kind == itKeyword && (ok || word)
	}
	pair := func(x, y *item) *column {
		if x.kind == itEntity && number(y) {
			x, y = y, x
		}
		if y.kind != itEntity || len(y.cands) == 0 || y.cands[0].kind != candColumn || y.cands[0].col.class != classNumber ||
			!number(x) || y.start-x.start < 1 || y.start-x.start > 2 {
			return nil
		}
		return y.cands[0].col
	}
	for j := 2; j+2 < len(b.items); j++ {
		k := &b.items[j]
		if k.kind != itKeyword || !strings.EqualFold(k.text(), "and") {
			continue
		}
		if a, c := pair(&b.items[j-2], &b.items[j-1]), pair(&b.items[j+1], &b.items[j+2]); a != nil && a == c {
			return a
		}
	}
	return nil
}

// repeatedPreposition reports whether only a repeated "of" or "for" stands between "and" and
// the value after it ("of male and of female").
func repeatedPreposition(and, c *item) bool {
	return len(c.skipped) == 1 && (c.skipped[0] == "of" || c.skipped[0] == "for") && c.start == and.start+len(and.toks)+1
}

// namedRowValue reports whether an item is a row named by its label ("Chai", "Superman
// (Clark Kent)").
func namedRowValue(it *item) bool {
	return it != nil && it.kind == itEntity && it.pick != nil && it.pick.kind == candValue && it.pick.col2 == nil && it.pick.state == nil &&
		it.pick.col == it.pick.table.label
}

// keptByName reports whether x keeps one row per row of t under t's own name, which it uses as
// its key (public_response.film for pixar_films.film): "a higher IMDb rating than Finding
// Nemo" reads the film's score on that row.
func keptByName(x, t *table) bool {
	return x.pk != nil && t.label != nil && x.label == x.pk && references(x.pk, t.label)
}

// thanNamedRow reads a comparison with a named row's own value: "characters with more
// appearances than Superman (Clark Kent)", "products that cost more than Chai", "more
// expensive than Chai": the column compared, said between the two or before them (or a
// price or a length the comparison says), read on the named row. It reports whether the
// comparison was such.
func (b *builder) thanNamedRow(i int) (bool, error) {
	it := &b.items[i]
	var target *column
	j := i + 1
	if n := b.next(i); n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.class == classNumber {
		target, j = n.pick.col, i+2
	}
	if j >= len(b.items) || !namedRowValue(&b.items[j]) {
		return false, nil
	}
	v := &b.items[j]
	if !strings.HasSuffix(strings.ToLower(it.text()), "than") && !slices.Contains(v.skipped, "than") {
		return false, nil
	}
	t := v.pick.table
	switch {
	case target != nil:
	case b.cmpTarget != nil:
		target = b.cmpTarget
	case it.kw.dim != "":
		target = dimColumn(t, it.kw.dim)
	case it.kw.price:
		target = t.measure // "more expensive than Chai": the table's own measure, as "the most expensive" ranks by
	}
	if target == nil || target.table != t && !keptByName(target.table, t) || target.metric != nil {
		return true, &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell which number of %s to compare with", v.text())}
	}
	b.cmpTarget = nil
	op := cmpOp(it.kw.kind, b.not)
	b.not = false
	b.p.conds = append(b.p.conds, condition{col: target, op: op, than: v.pick.value})
	b.thanCol = target
	for k := i + 1; k <= j; k++ {
		b.items[k].kind, b.items[k].kw = itKeyword, keyword{} // consumed
	}
	if len(b.p.dims) == 0 && len(b.p.measures) == 0 {
		b.p.subjects = appendTable(b.p.subjects, t)
	}
	return true, nil
}

// thanAfter reports whether "than" is said after item i.
func (b *builder) thanAfter(i int) bool {
	for _, it := range b.items[i+1:] {
		if slices.Contains(it.skipped, "than") || slices.ContainsFunc(it.toks, func(t token) bool { return t.lower == "than" }) {
			return true
		}
	}
	return false
}

// ownRowsNext reports whether the entities after item i name the rows of t themselves (or
// values), no other grouping.
func (b *builder) ownRowsNext(i int, t *table) bool {
	for _, it := range b.items[i+1:] {
		if it.kind == itEntity && it.pick != nil && it.pick.kind != candValue && !(it.pick.kind == candTable && it.pick.table == t) {
			return false
		}
	}
	return true
}

// saysColumnWord reports whether an item says a word of the column's own name.
func saysColumnWord(it *item, c *column) bool {
	return slices.ContainsFunc(it.toks, func(t token) bool { return slices.Contains(c.words, t.norm) })
}

// namedRow reports whether a condition keeps one row by its name (its table's label said as
// a value).
func (b *builder) namedRow() bool {
	return slices.ContainsFunc(b.p.conds, func(c condition) bool {
		return c.col != nil && c.col == c.col.table.label && c.op == "=" && c.role == nil && len(c.vals) == 1
	})
}

// leadWord is the question's first word when it is a question word or a skipped word ("who",
// "which"), in lower case; "" otherwise.
// saysThoseThatHave reports whether the question keeps only the rows that have what it
// measures: "for the series that have them", "those that have any".
func (b *builder) saysThoseThatHave() bool {
	var ws []string
	for _, it := range b.items {
		ws = append(ws, it.skipped...)
		for _, t := range it.toks {
			ws = append(ws, t.lower)
		}
	}
	// (Words left over at the end come back in the order they were set aside.)
	for i := 0; i+2 < len(ws); i++ {
		w := toSet(ws[i : i+3])
		if (w["that"] || w["which"]) && (w["have"] || w["has"]) && (w["them"] || w["any"]) {
			return true
		}
	}
	return false
}

func (b *builder) leadWord() string {
	if sk := b.items[0].skipped; len(sk) > 0 {
		return sk[0]
	} else if b.items[0].kind == itKeyword {
		return strings.ToLower(b.items[0].text())
	}
	return ""
}

// kindValue reports whether a value names rows of a kind: a value of its table's type or kind
// column ("Hidden Immunity Idol" of advantage_type), not a name, a label or a list item.
func kindValue(c *cand) bool {
	return c.kind == candValue && c.col != c.table.label && c.col2 == nil && !c.item && !nameColumn(c.col) &&
		c.col.class == classText && (kindColumn(c.col) || ownNounValue(c.table, c.col, c.value) != "")
}

// kindColumn reports whether a column says what kind of thing its row is (advantage_type,
// vehicle_kind, an artwork's classification; or a value names its own rows, 'Bad
// Characters', see kindValue): its values name rows ("hidden immunity idols"
// are advantages of that type, "paintings" artworks of that classification).
func kindColumn(c *column) bool {
	return slices.ContainsFunc(c.words, func(w string) bool { return kindWords[w] })
}

// kindWords name a column that says what kind of thing its row is.
var kindWords = toSet([]string{"type", "kind", "classification", "system"})

// dedupeLabelDims drops a grouping by a table's name column when the table itself is a
// grouping too: "the 10 airports with the most routes, each airport's name" groups by airport
// once.
func dedupeLabelDims(ds []dimension) []dimension {
	return slices.DeleteFunc(ds, func(d dimension) bool {
		if d.col == nil || d.grain != grainNone || d.role != nil {
			return false
		}
		for _, o := range ds {
			if o.table != nil && o.col == nil && o.role == nil && (o.table.label == d.col || o.table.label2 == d.col) {
				return true
			}
		}
		return false
	})
}

// selfCount is a table's number column counting what the table is named for
// (confessionals.confessional_count): each row holds several of them. nil when there is none.
func selfCount(t *table) *column {
	head := t.words[len(t.words)-1]
	for _, c := range t.cols {
		if c.class == classNumber && len(c.words) == 2 && (c.words[0] == head && c.words[1] == "count" || c.words[0] == "count" && c.words[1] == head) {
			return c
		}
	}
	return nil
}

// selfFlag is a table's 0/1 column named as its rows are (jury_votes.vote): the row is one of
// those things only when it is set. nil when there is none.
func selfFlag(t *table) *column {
	head := t.words[len(t.words)-1]
	for _, c := range t.cols {
		if c.class == classBool && len(c.words) == 1 && c.words[0] == head {
			return c
		}
	}
	return nil
}

// firstDateOf is the date "first" or "last" ranks t's rows by: its birth date after "oldest"
// or "youngest" (a birth date is no default date), its default date otherwise.
func (b *builder) firstDateOf(t *table) *column {
	if bd := birthDate(t); bd != nil && ageWords[strings.ToLower(kwWords(b, kwFirst)+kwWords(b, kwLatest))] {
		return bd
	}
	return t.date
}

// birthDate is t's date of birth, nil when it has none.
func birthDate(t *table) *column {
	for _, c := range t.cols {
		if c.class == classDate && birthColumn(c) {
			return c
		}
	}
	return nil
}

// ageWords rank people or things by their age, which only a birth date says.
var ageWords = map[string]bool{"oldest": true, "youngest": true, "eldest": true}

// firstRow reads "who is the oldest castaway (by date of birth)", "which employee was hired
// first" as the row with the earliest (or latest) date, listed with its name and that date,
// not the earliest date per name nor every date.
func (b *builder) firstRow() {
	p := &b.p
	lead := b.leadWord()
	if lead != "who" && lead != "which" && !(lead == "what" && b.rowsAfterFirst()) || len(p.having) > 0 || b.top || b.super != 0 {
		return
	}
	var dc *column
	var agg aggKind
	switch {
	case len(p.measures) == 1 && p.measures[0].col != nil && p.measures[0].col == b.firstDate:
		dc, agg = b.firstDate, p.measures[0].agg
	case len(p.measures) == 0 && b.firstLast != aggNone && len(p.listCols) == 1 && p.listCols[0].class == classDate:
		dc, agg = p.listCols[0], b.firstLast // "which employee was hired first"
	default:
		return
	}
	if w := strings.ToLower(kwWords(b, kwFirst) + kwWords(b, kwLatest)); ageWords[w] && !birthColumn(dc) {
		return // "the oldest employee" is not the one hired first
	}
	t := dc.table
	for _, d := range p.dims {
		if d.grain != grainNone && d.col != dc || d.grain == grainNone && (d.table != nil && d.table != t || d.col != nil && d.col.table != t) {
			return // "the first order of each customer": a first per group
		}
	}
	cols := labelCols(t)
	for _, d := range p.dims {
		if d.col != nil && d.grain == grainNone && !slices.Contains(cols, d.col) {
			cols = append(cols, d.col) // the castaway's nickname, said in the question
		}
	}
	for _, c := range p.listCols {
		if c != dc && c.table == t && !slices.Contains(cols, c) {
			cols = append(cols, c)
		}
	}
	if len(cols) == 0 && t.pk != nil {
		cols = []*column{t.pk}
	}
	if len(cols) == 0 {
		return
	}
	p.listTop(t, cols, dc, agg == aggMax, max(b.topN, 1))
	b.firstLast = aggNone
}

// listTop makes the plan the first n rows of t ordered by a column, shown with cols and it:
// the row of an extreme, not the extreme alone.
func (p *plan) listTop(t *table, cols []*column, by *column, desc bool, n int) {
	p.measures, p.dims = nil, nil
	p.listTable, p.listCols = t, append(cols, by)
	p.order, p.orderCol, p.desc = orderCol, by, desc
	p.limit = n
}

// rowsAfterFirst reports whether "first" or "latest" is said right before the rows of a table
// ("what is the most recent album"): the row is asked for, not its date.
func (b *builder) rowsAfterFirst() bool {
	for k, it := range b.items[:len(b.items)-1] {
		if it.kind == itKeyword && (it.kw.kind == kwFirst || it.kw.kind == kwLatest) {
			n := b.items[k+1]
			return n.kind == itEntity && n.pick != nil && n.pick.kind == candTable && !n.plural
		}
	}
	return false
}

// extremeRow reads "what was the largest single expenditure, and who was paid" as the row
// with the highest amount, listed with its name and the amount.
func (b *builder) extremeRow() {
	p := &b.p
	var date *column
	if ms := p.measures; b.whenToo && len(ms) == 2 && ms[1].col != nil && ms[1].col.class == classDate && ms[0].col != nil && ms[1].col.table == ms[0].col.table {
		// "the heaviest weight recorded, and on what date": the row of the extreme, with
		// its date (in the parts it is kept in).
		date, p.measures = ms[1].col, ms[:1]
		if ms[0].agg == aggNone && (ms[1].agg == aggMax || ms[1].agg == aggMin) {
			p.measures[0].agg = ms[1].agg // the date took the superlative said before it
		}
	}
	if !b.whoToo && date == nil || len(p.measures) != 1 || len(p.dims) > 0 || len(p.having) > 0 {
		return
	}
	m := p.measures[0]
	if m.agg == aggNone && b.super != 0 && !b.top && b.topN == 0 {
		m.agg = map[bool]aggKind{true: aggMax, false: aggMin}[b.super > 0] // "the largest single expenditure"
	}
	if m.col == nil || m.agg != aggMax && m.agg != aggMin || m.col.metric != nil || len(m.via) > 0 {
		return
	}
	t := m.col.table
	cols := labelCols(t)
	switch {
	case date != nil && date.parts != nil:
		for _, c := range date.parts {
			if c != nil {
				cols = append(cols, c)
			}
		}
		for k := range b.items {
			if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.col == date {
				it.kind, it.kw = itKeyword, keyword{} // shown as the parts it is kept in
			}
		}
	case date != nil:
		cols = append(cols, date)
	}
	if len(cols) == 0 {
		return
	}
	p.listTop(t, cols, m.col, m.agg == aggMax, 1)
}

// superlativeRow reads "the most watched episode" as that row: a superlative of a column said
// right before the singular noun of the column's own rows ranks them, named, with the figure.
func (b *builder) superlativeRow() {
	p := &b.p
	if b.super == 0 || b.top || b.topN > 0 || len(p.measures) != 1 || len(p.dims) > 0 || len(p.having) > 0 || len(p.listCols) > 0 {
		return
	}
	m := p.measures[0]
	if m.agg != aggNone || m.col == nil || m.col.metric != nil || m.col.class != classNumber || m.col.table.label == nil {
		return
	}
	for k := 0; k+1 < len(b.items); k++ {
		it, n := &b.items[k], &b.items[k+1]
		if it.kind == itEntity && it.pick != nil && it.pick.col == m.col && n.kind == itEntity && n.pick != nil && n.pick.kind == candTable &&
			n.pick.table == m.col.table && !n.plural && len(n.skipped) == 0 {
			t := m.col.table
			p.listTop(t, labelCols(t), m.col, b.super > 0, 1)
			b.super = 0
			return
		}
	}
}

// whoDidMost reads "who scored the most goals" as the person the counted rows point to: with
// no grouping said, "who" and a ranking of a count of rows that refer to exactly one table of
// people (goals to players; teams are not people) group by that person.
func (b *builder) whoDidMost() {
	p := &b.p
	if b.leadWord() != "who" || b.super == 0 && !b.top || len(p.dims) > 0 || len(p.measures) != 1 || len(p.having) > 0 || len(p.listCols) > 0 {
		return
	}
	m := p.measures[0]
	t := m.table
	if m.agg != aggCount && m.agg != aggSum && m.agg != aggNone || t == nil || personTable(t) {
		return
	}
	var person *table
	for _, f := range t.fks {
		if f.to.table == t || !personTable(f.to.table) || f.to.table.label == nil {
			continue
		}
		if person != nil {
			return // a scorer and an assistant: no guess which
		}
		person = f.to.table
	}
	if person != nil {
		p.dims = append(p.dims, dimension{table: person})
		return
	}
	if m.agg != aggCount {
		return
	}
	var said *column
	for _, c := range t.cols {
		if c.class == classText && len(c.givenNames) > 0 {
			if said != nil {
				return
			}
			said = c
		}
	}
	if said != nil {
		// "who talks the most": the one column of the counted rows that holds people's full
		// names (a transcript's speaker), grouped by.
		p.dims = append(p.dims, dimension{col: said})
	}
}

// subjectBefore is the table named before the rows of t in the question, the rows asked
// about ("manufacturers" of "manufacturers that had vehicles"), or nil.
func (b *builder) subjectBefore(t *table) *table {
	for j := 0; j < b.cur; j++ {
		if it := &b.items[j]; it.kind == itEntity && it.pick != nil && it.pick.table != t && (it.pick.kind == candTable || it.pick.col == it.pick.table.label) {
			return it.pick.table
		}
	}
	return nil
}

// numberSaidBefore is the number column said last before the current item, right before
// the comparison that is pending ("a land area larger than the average city"), or nil.
func (b *builder) numberSaidBefore() *column {
	for j := b.cur - 1; j >= 0; j-- {
		it := &b.items[j]
		if it.kind == itKeyword && isCmp(it.kw.kind) {
			if j > 0 {
				if pr := &b.items[j-1]; pr.kind == itEntity && pr.pick != nil && pr.pick.kind == candColumn && pr.pick.col.class == classNumber {
					return pr.pick.col
				}
			}
			return nil
		}
	}
	return nil
}

// avgJustBefore reports whether "average" was said right before the comparison at item i,
// as a verb ("models that average more than 40").
func (b *builder) avgJustBefore(i int) bool {
	for j := i - 1; j >= 0 && j >= i-2; j-- {
		if it := &b.items[j]; it.kind == itKeyword && it.kw.kind == kwAvg {
			return true
		} else if it.kind != itKeyword || !isCmp(it.kw.kind) {
			return false
		}
	}
	return false
}

// showsBeside reports whether an item introduces columns shown beside the rows listed:
// "with their price", "and their 2021 populations".
func showsBeside(it *item) bool {
	return it.kind == itKeyword && (it.kw.kind == kwWith || it.kw.kind == kwAnd && strings.EqualFold(it.text(), "and"))
}

// besideGroups are the columns said "with their ..." as groupings, when the answer groups one
// table's rows and each column is the name of a row that table refers to: one value per
// group, so the groups stay as they are. Nil otherwise.
func (b *builder) besideGroups() []dimension {
	p := &b.p
	if len(p.dims) != 1 || p.dims[0].table == nil || p.dims[0].col != nil || len(p.measures) == 0 {
		return nil
	}
	var out []dimension
	for _, c := range b.withCols {
		if c.class != classText || c.table == p.dims[0].table || fkTo(p.dims[0].table, c.table) == nil || c != c.table.label {
			return nil
		}
		out = append(out, dimension{col: c})
	}
	return out
}

// groupedRows is the table whose rows the one grouping said so far groups by a column of its
// own ("each kind of municipality"), or nil.
func (b *builder) groupedRows() *table {
	if len(b.p.dims) != 1 || b.p.dims[0].col == nil || b.p.dims[0].grain != grainNone || len(b.p.measures) > 0 {
		return nil
	}
	return b.p.dims[0].col.table
}

// afterAnd reports whether item i follows "and", or "and what" ("how many are there and what
// was their average").
func (b *builder) afterAnd(i int) bool {
	isKw := func(j int, k kw) bool { return j >= 0 && b.items[j].kind == itKeyword && b.items[j].kw.kind == k }
	return isKw(i-1, kwAnd) || isKw(i-2, kwAnd) && isKw(i-1, kwWhich)
}

// countAlone reports whether "how many" was said with no rows named after it ("how many are
// there").
func (b *builder) countAlone() bool {
	for j := len(b.items) - 1; j >= 0; j-- {
		it := &b.items[j]
		if it.kind == itKeyword && it.kw.kind == kwCount {
			return strings.EqualFold(it.text(), "how many") && !slices.ContainsFunc(b.items[j+1:], func(x item) bool { return x.kind == itEntity })
		}
	}
	return false
}

// finish fills in defaults and checks the plan is complete.
func (b *builder) finish() error {
	p := &b.p
	b.busyByTraffic()
	if t := b.groupedRows(); t != nil && b.agg == aggCount && len(p.subjects)+len(p.listCols)+len(p.having) == 0 && b.countAlone() {
		// "for each kind of municipality, how many are there": its rows, counted.
		p.measures, b.agg = []measure{{agg: aggCount, table: t}}, aggNone
	}
	if len(p.subjects)+len(p.measures)+len(p.listCols) == 0 {
		if t := b.namedKind(); t != nil && b.agg == aggCount && len(p.dims) == 0 {
			// "how many emergency room visits": the visits whose kind that is, counted.
			p.measures, b.agg = []measure{{agg: aggCount, table: t}}, aggNone
		} else if t != nil {
			// "inpatient visits per year": those visits, counted per year.
			p.subjects = []*table{t}
		}
	}
	if rows, all, _ := b.allOf(); all != nil && len(p.measures) == 0 && len(p.having) == 0 && len(p.conds) == 0 && len(p.dates) == 0 &&
		all.pk != nil && rows.label != nil && b.m.distance([]*table{rows}, all) > 0 {
		// "which characters appear in every film", "in all six films": each character whose
		// distinct films are as many as there are films.
		m := measure{agg: aggCountDistinct, table: all}
		p.dims = []dimension{{table: rows, plural: true}}
		p.listTable, p.listCols, p.subjects, p.distinct = nil, nil, nil, false
		p.having = append(p.having, condition{op: "=", having: &m, avgGroups: &plan{measures: []measure{{agg: aggCount, table: all}}}})
		b.division, b.topN, b.which = true, 0, false
	}
	if rows, col, _ := b.allValuesOf(); col != nil && !b.division && len(p.measures) == 0 && len(p.having) == 0 && len(p.conds) == 0 && len(p.dates) == 0 &&
		rows.label != nil && b.m.distance([]*table{rows}, col.table) > 0 {
		// "which characters appear in every season", "in all six seasons": each character
		// whose distinct seasons are as many as the seasons any row has.
		m := measure{agg: aggCountDistinct, col: col, table: col.table}
		p.dims = []dimension{{table: rows, plural: true}}
		p.listTable, p.listCols, p.subjects, p.distinct = nil, nil, nil, false
		p.having = append(p.having, condition{op: "=", having: &m, avgGroups: &plan{measures: []measure{m}}})
		b.division, b.topN, b.which = true, 0, false
	}
	for i := range p.dims {
		if b.often && p.dims[i].grain == grainMonth && len(p.dates) == 0 {
			// "in which month do seasons most often premiere": the month of the year, which
			// recurs; a calendar month happens once.
			p.dims[i].ofYear = true
		}
	}
	b.firstRow()
	b.superlativeRow()
	b.extremeRow()
	b.whoDidMost()
	if b.super != 0 && !b.top && b.topN == 0 && !b.price && b.dim == "" && !b.busy && !b.common && !b.sold && len(p.measures) == 1 && len(p.dims) == 1 &&
		p.dims[0].table != nil && p.dims[0].role == nil && p.dims[0].grain == grainNone && b.saidEach() {
		if x := &p.measures[0]; x.agg == aggNone && x.col != nil && x.col.metric == nil && x.col.class == classNumber {
			// "the lowest price each product has ever sold for", "the highest unit price per
			// product": the smallest or largest value within each group, not one top row.
			x.agg = map[int]aggKind{1: aggMax, -1: aggMin}[b.super]
			b.super = 0
		}
	}
	ranking := b.top || b.super != 0
	if b.roleKey == nil && len(p.measures) == 0 && len(p.dims) == 2 && p.dims[0].role == nil && p.dims[1].role != nil && p.dims[0].table == p.dims[1].role.table {
		// "each employee with their manager": the role came after the rows, as a grouping.
		b.roleKey, p.dims = p.dims[1].role, p.dims[:1]
	}
	if rk := b.roleKey; rk != nil && len(p.measures) == 0 && len(p.having) == 0 && b.agg == aggNone && !ranking && rk.table.label != nil {
		// "list each employee with the name of their manager": the rows of the table, each
		// with the label of the row it points to. Only when the table is all the question
		// talks about.
		t := rk.table
		only := len(p.dims)+len(p.subjects) > 0
		for _, d := range p.dims {
			only = only && d.table == t && d.role == nil && d.grain == grainNone
		}
		for _, s := range p.subjects {
			only = only && s == t
		}
		for _, c := range p.listCols {
			only = only && c.table == t && (c == t.label || c == t.label2)
		}
		if only && len(p.conds) == 0 {
			p.dims, p.subjects, p.roleList = nil, nil, rk
			p.listCols = labelCols(t)
			p.listTable = t
			b.roleKey = nil
			return nil
		}
	}
	defer func() {
		if b.share && len(p.dims) > 0 && len(p.measures) == 1 {
			p.share = true
		}
	}()
	if done := b.personQuestion(); done {
		return nil
	}
	if m := p.measures; len(m) == 2 && m[0].agg == aggCount && m[1].agg == aggCount && m[0].col == nil && m[1].col == nil &&
		m[0].table == m[1].table && len(m[0].via)+len(m[1].via) == 0 && m[0].shareOf == nil && m[1].shareOf == nil {
		// "our five best-selling pizzas by number of pizzas sold": the pizzas said twice are
		// one count.
		p.measures = m[:1]
	}
	p.saidReports = b.saidAnyOf(reportWords)
	counted := len(p.measures) == 1 && len(p.dims) == 0 && len(p.subjects) == 0 && p.measures[0].agg == aggCount && p.measures[0].col == nil
	if b.sold && (len(p.measures) == 0 || counted) && len(p.having) == 0 {
		// "the best selling track", "our 3 best-selling albums": the rows talked about,
		// ranked by the units of the one sales-lines table (its quantity, else its rows).
		if lines := b.m.salesLines(); lines != nil {
			var t *table
			switch {
			case counted:
				t = p.measures[0].table // "our five best-selling pizzas": counted, ranked by their sales
			case len(p.dims) == 1 && p.dims[0].table != nil && p.dims[0].role == nil:
				t = p.dims[0].table
			case len(p.dims) == 0 && len(p.subjects) == 1:
				t = p.subjects[0]
			}
			if t != nil && t != lines {
				m := measure{agg: aggCount, table: lines}
				if _, qty := b.m.salesQuantity(); qty != nil {
					m = measure{agg: aggSum, col: qty, table: lines}
				}
				p.measures, p.subjects = []measure{m}, nil
				p.dims = []dimension{{table: t, plural: b.topN > 1}}
			}
		}
	}
	if m := p.measures; len(m) == 1 && len(p.having) == 0 && m[0].agg == aggCount && m[0].col == nil {
		// "how many pizzas did we sell in March", "how many XXL pizzas were sold": the units
		// the one sales-lines table counts for the things sold, not how many different things;
		// so are "how many pizzas are in an order" on average.
		lines, qty := b.m.salesQuantity()
		inOrder := qty != nil && b.avgOf && len(p.subjects) == 1 && b.descendantOf(lines, p.subjects[0], 1)
		if qty != nil && (b.saidSelling() || inOrder) && m[0].table != nil && m[0].table != lines && b.descendantOf(lines, m[0].table, 2) {
			// The things sold stay what the rows are about, joined to their lines.
			if t := m[0].table; !inOrder && !slices.Contains(p.subjects, t) {
				p.subjects = append(p.subjects, t)
			}
			p.unitsOf = append(p.unitsOf, m[0].table)
			p.measures = []measure{{agg: aggSum, col: qty, table: lines}}
		}
	}
	if m := p.measures; len(m) == 1 && m[0].agg == aggCountDistinct && m[0].col != nil && b.saidSelling() {
		// "in how many sizes is the Greek pizza sold": the sizes of the lines that sold it.
		if lines := b.m.salesLines(); lines != nil && m[0].col.table != lines && b.descendantOf(lines, m[0].col.table, 2) && !slices.Contains(p.subjects, lines) {
			p.subjects = append(p.subjects, lines)
		}
	}
	if b.common && len(p.measures)+len(p.dims) == 0 && len(p.listCols) == 1 && p.listCols[0].class == classText {
		// "the most common film rating": the rating most films have.
		p.dims, p.listCols = []dimension{{col: p.listCols[0]}}, nil
		b.singular = true
	}
	if t := b.countedRows(); (b.common || b.often) && t != nil && len(p.dims)+len(p.listCols) == 0 && t.label != nil && t.label.lookupName() {
		// "the five most common conditions": records named by a lookup's names repeat them
		// (a condition occurrence per diagnosis); the names most records hold.
		p.dims = []dimension{{col: t.label}}
	}
	if m := p.measures; b.avgOf && len(p.dims) == 0 && len(p.having) == 0 && len(m) == 1 && len(p.subjects) == 1 &&
		(m[0].col == nil && (m[0].agg == aggCount || m[0].agg == aggCountDistinct) ||
			m[0].col != nil && m[0].agg == aggSum && m[0].col.money == 0 && quantityCol(m[0].col.table) == m[0].col) {
		// ... and "on average, how many units does an order contain": the units of its lines
		// added up per order, averaged.
		// "on average, how many tracks does an album have": the count per album, averaged;
		// only when the counted rows belong to the album (directly, through their parents
		// or through a link table such as film_actor).
		if s, mt := p.subjects[0], p.measures[0].table; s != mt && (b.descendantOf(mt, s, 2) || b.linked(mt, s)) {
			p.dims, p.subjects = []dimension{{table: s, plural: true}}, nil
		}
	}
	if t := b.shareCounted(); t != nil && b.share && len(p.dims) == 1 && len(p.having) == 0 && b.sharePredicate() {
		// "what percentage of each generation's Pokémon are legendary", "what percentage of
		// characters are female on each planet", "for each category other than Unknown, what
		// percentage of its beers come from US breweries": within each group, the rows that
		// meet the condition said of them, among all of the group's rows; not each group's
		// part of the rows that meet it. A condition on the groups themselves stays in WHERE.
		var ofRows, ofGroups []condition
		for _, c := range p.conds {
			if d := p.dims[0]; c.col != nil && c.anti == nil && (c.col == d.col || d.table != nil && c.col.table == d.table) {
				ofGroups = append(ofGroups, c)
			} else {
				ofRows = append(ofRows, c)
			}
		}
		if len(ofRows) == 2 {
			// "what share of the United States' votes were yes in each decade": the value
			// said of the rows is shared out; the one that says whose rows stays in WHERE.
			if k := b.predicateCond(ofRows); k >= 0 {
				ofGroups = append(ofGroups, ofRows[1-k])
				ofRows = ofRows[k : k+1]
			}
		}
		if len(ofRows) == 1 {
			c := ofRows[0]
			p.measures = []measure{{agg: aggCount, table: t, shareOf: &c}}
			p.conds, p.subjects, b.share = ofGroups, nil, false
		}
	}
	if t := b.shareCounted(); t != nil && b.share && len(p.dims) == 0 && len(p.having) == 0 && len(p.measures) == 0 && len(p.conds) == 2 && b.sharePredicate() {
		// "what percentage of the United States' votes were yes": the rows holding the value
		// said after them, among the rows the other value keeps.
		if k := b.predicateCond(p.conds); k >= 0 && p.conds[k].col.table == t && p.conds[1-k].col != nil && p.conds[1-k].col.table == t {
			c := p.conds[k]
			p.measures = []measure{{agg: aggCount, table: t, shareOf: &c}}
			p.conds, p.subjects, b.share = []condition{p.conds[1-k]}, nil, false
		}
	}
	if t := b.existenceShareOf(); t != nil {
		if k := fkTo(p.conds[0].col.table, t); k != nil && p.conds[0].col.table.pk != k {
			// "what percentage of patients have had viral sinusitis": the patients with such
			// a record, among all of them; not the share of records, nor a join that would
			// count each patient once per record.
			i := slices.IndexFunc(k.table.fks, func(f fk) bool { return f.from == k })
			has := condition{anti: &k.table.fks[i], present: true, antiConds: []condition{p.conds[0]}}
			p.measures = []measure{{agg: aggCount, table: t, shareOf: &has}}
			p.conds, p.subjects, b.share = nil, nil, false
		}
	}
	if b.share && (len(p.dims) == 0 || len(p.dims) == 1 && p.conds != nil && p.dims[0].col != p.conds[0].col && stateCondition(p.conds[0])) &&
		len(p.having) == 0 && len(p.measures) == 0 && len(p.conds) == 1 &&
		(stateCondition(p.conds[0]) || (valueCondition(p.conds[0], p.subjects) || boundCondition(p.conds[0]) || flagCondition(p.conds[0])) && b.named(p.conds[0].col.table)) {
		// "percentage of products discontinued", "share of rentals still out", "percentage of
		// cancelled orders": the rows in that state, or holding that value, among all rows of
		// their table.
		c := p.conds[0]
		t := c.col.table
		if len(p.subjects) == 0 || len(p.subjects) == 1 && p.subjects[0] == t {
			p.measures = []measure{{agg: aggCount, table: t, shareOf: &c}}
			p.conds, p.subjects, b.share = nil, nil, false
		}
	}
	if b.share && len(p.dims) == 0 && len(p.having) == 0 && len(p.measures) == 0 && len(p.conds) == 2 {
		// "what percentage of the songs on Midnights are explicit": the rows in a state (a
		// flag, a status) among the rows the other condition keeps, which stays in WHERE.
		for i, c := range p.conds {
			o := p.conds[1-i]
			if c.col == nil {
				continue // "the POV characters": a row in a link table, not a state
			}
			t := c.col.table
			if stateCondition(c) && o.anti != nil && o.present && o.anti.to.table == t && len(o.antiConds) == 0 &&
				!slices.ContainsFunc(p.subjects, func(s *table) bool { return s != t }) {
				// "what percentage of the POV characters are dead": the state among the rows
				// with a row in the link table.
				p.measures = []measure{{agg: aggCount, table: t, shareOf: &c}}
				p.conds, p.subjects, b.share = []condition{o}, nil, false
				break
			}
			// "what percentage of Rock tracks cost more than 0.99": a bound is what is
			// shared out when it is said last, after the rows it is said of.
			bound := (boundCondition(c) || flagCondition(c)) && i == 1 && b.named(t)
			// ("the emergency admissions that ended with the patient dying": the patient each
			// admission refers to says whose death, and is one per admission.)
			if !stateCondition(c) && !bound || stateCondition(o) || boundCondition(o) || flagCondition(o) || o.col == nil || o.col.table != t && fkTo(t, o.col.table) == nil ||
				slices.ContainsFunc(p.subjects, func(s *table) bool { return s != t && s != o.col.table && fkTo(t, s) == nil }) {
				continue
			}
			p.measures = []measure{{agg: aggCount, table: t, shareOf: &c}}
			p.conds, p.subjects, b.share = []condition{o}, nil, false
			break
		}
	}
	if b.share && len(p.dims) == 0 && len(p.having) == 0 && len(p.measures) == 0 && len(p.conds) == 2 {
		// "what percentage of Barack Obama's appointments went to women": the rows the first
		// value keeps (the appointments), counted, whose row of the table they refer to
		// holds the second (a woman's); one such row each, so the share counts each once.
		o, c := p.conds[0], p.conds[1]
		if o.col != nil && c.col != nil && o.anti == nil && c.anti == nil && len(o.vals) == 1 && len(c.vals) == 1 && o.op == "=" && c.op == "=" &&
			o.col.table != c.col.table && fkTo(o.col.table, c.col.table) != nil &&
			!slices.ContainsFunc(p.subjects, func(s *table) bool { return s != o.col.table && s != c.col.table }) {
			p.measures = []measure{{agg: aggCount, table: o.col.table, shareOf: &c}}
			p.conds, p.subjects, b.share = []condition{o}, nil, false
		}
	}
	if b.share && len(p.dims) == 0 && len(p.having) == 0 && len(p.conds) == 1 && b.shareOfOther() {
		// "what percentage of our tracks are Rock": the rows named, counted, whose genre is
		// Rock, among all of them; "what percentage of our revenue comes from US customers":
		// the money of the rows that meet the condition among all of it. Dates stay in WHERE
		// (the share of 2017's revenue); several conditions are still refused.
		c := p.conds[0]
		if len(p.measures) == 0 {
			var t *table
			var via []*table
			for _, s := range p.subjects {
				switch {
				case s == c.col.table:
				case t == nil:
					t = s // the rows named first are the ones counted
				default:
					via = append(via, s)
				}
			}
			p.measures = []measure{{agg: aggCount, table: t, shareOf: &c, via: via}}
			p.subjects = nil
		} else {
			p.measures[0].agg, p.measures[0].shareOf = aggSum, &c
		}
		p.conds, b.share = nil, false
	}
	if b.share && (len(p.dims) == 0 && len(p.having) == 0 || len(p.measures) > 1) {
		// "percentage of Rock tracks of the Beatles" is a ratio of filters the plan cannot
		// express; answering the count alone would be a different question.
		return &notUnderstood{words: []string{kwWords(b, kwShare)}, msg: "a share is computed per group: say what to divide by (\"share of orders by status\")"}
	}
	// A lone "customers with more than 5 orders" groups by the customers.
	if len(p.having) > 0 && len(p.dims) == 0 {
		var subj *table
		for _, t := range p.subjects {
			if t != p.having[0].having.table {
				subj = t
				break
			}
		}
		for _, m := range p.measures {
			if m.col == nil && m.table != p.having[0].having.table && subj == nil {
				subj = m.table
			}
		}
		if subj == nil {
			return &notUnderstood{msg: "cannot tell what the condition counts"}
		}
		p.dims = append(p.dims, dimension{table: subj, plural: true})
		// "how many customers have more than 5 orders" counts the groups.
		var keep []measure
		for _, m := range p.measures {
			if m.col == nil && m.table == subj {
				p.outerCount = true
				continue
			}
			keep = append(keep, m)
		}
		p.measures = keep
		if !p.outerCount {
			p.measures = append(p.measures, *p.having[0].having)
		}
	}
	if len(p.having) > 0 && len(p.dims) == 1 && p.dims[0].table != nil && p.dims[0].col == nil && !p.outerCount {
		// "how many customers have more orders than the average customer": a count of the
		// grouped rows within each group is always one; the groups that pass are counted.
		var keep []measure
		for _, m := range p.measures {
			if m.col == nil && m.table == p.dims[0].table && (m.agg == aggCount || m.agg == aggCountDistinct) && m.shareOf == nil {
				p.outerCount = true
				continue
			}
			keep = append(keep, m)
		}
		p.measures = keep
	}
	// "Which genres have more than 100 tracks", "categories with an average price above 30":
	// the groups that pass, with the aggregate the condition is on.
	if len(p.having) > 0 && len(p.dims) > 0 && len(p.measures) == 0 && !p.outerCount {
		p.measures = append(p.measures, *p.having[0].having)
	}
	// Listed columns next to a measure are groupings: "revenue and segment" is unusual, but
	// "segment revenue" reads that way.
	if len(p.measures) > 0 && len(p.listCols) > 0 {
		for _, c := range p.listCols {
			if countsRowsOf(p, c) {
				// "how many shipping companies": CompanyName only repeats what a shipper is; a
				// count of rows per their own name is one per row.
				continue
			}
			if m := p.measures; c.class == classText && ranking && b.saidWithArticle(c) && len(m) == 1 && m[0].col != nil && m[0].col.table == c.table &&
				len(m[0].col.words) > 0 && (averagedWords[m[0].col.words[0]] || intensiveWords[m[0].col.words[len(m[0].col.words)-1]]) {
				// "the shortest average time per issue recorded on a shift": any one row's,
				// each row being one shift's average already; no grouping by the kind of
				// shift. ("The highest average price of a category" still averages the
				// prices of each category.)
				p.averagedOver = append(p.averagedOver, c)
				p.measures[0].agg = map[bool]aggKind{true: aggMax, false: aggMin}[b.super > 0 || b.top && p.desc]
				continue
			}
			if c.class == classText {
				p.dims = append(p.dims, dimension{col: c})
			}
		}
		p.listCols = nil
	}
	if m := p.measures; len(m) == 1 && m[0].agg == aggAvg && m[0].col != nil && m[0].shareOf == nil && len(p.dims) == 1 && !ranking && len(p.having) == 0 {
		// "the average audience per episode": each episode is one row of its own viewers, so
		// grouping by the episode averages nothing; the average is taken across them.
		if d := p.dims[0]; d.table != nil && d.col == nil && d.role == nil && d.grain == grainNone && d.table == m[0].col.table {
			p.dims, p.perRow = nil, true
		}
	}
	if ranking && (b.dim != "" || b.price) && len(p.measures) == 0 && len(p.dims) > 0 && len(p.having) == 0 {
		// "the title of the longest film", "which films are the longest": rows of one table
		// ranked by a length or a price.
		t := p.dims[0].col
		if t == nil && p.dims[0].table != nil && p.dims[0].role == nil {
			t = labelOrKey(p.dims[0].table)
		}
		var cols []*column
		for _, d := range p.dims {
			c := d.col
			if c == nil && d.table != nil && d.role == nil {
				c = labelOrKey(d.table)
			}
			if c == nil || d.grain != grainNone || t == nil || c.table != t.table {
				cols = nil
				break
			}
			cols = append(cols, c)
		}
		if len(cols) > 0 {
			var by *column
			if b.dim != "" {
				if by = dimColumn(t.table, b.dim); by == nil {
					by = b.extensionDim(t.table, b.dim)
				}
			} else {
				by = t.table.measure
			}
			if by != nil {
				p.limit = b.limitFor() // while the dimensions still say "films" or "film"
				if !slices.Contains(cols, by) {
					cols = append(cols, by) // "our most expensive product": and its price
				}
				p.listTable, p.listCols, p.dims = t.table, cols, nil
				p.order, p.orderCol = orderCol, by
				p.desc = b.super > 0
				return nil
			}
		}
		if rows, by := b.rankedRowsInEach(); by != nil {
			// "which penguin was the heaviest on each island": each penguin's mass, ranked
			// within each island (topPerGroup keeps the first).
			p.measures = []measure{{agg: aggMax, col: by, table: by.table}}
			p.dims = slices.DeleteFunc(p.dims, func(d dimension) bool { return d.table == rows && !d.each })
			p.dims = append([]dimension{{table: rows}}, p.dims...)
		}
	}
	if len(p.measures) == 0 && len(p.dims) > 0 && !p.outerCount && b.whichDim && !ranking && len(p.having) == 0 {
		// "which channels do campaigns use": the values themselves, once each; the tables
		// talked about are joined, so only values that have such rows are listed.
		var cols []*column
		for _, d := range p.dims {
			switch {
			case d.grain != grainNone:
				return &notUnderstood{msg: "no measure found: say what to count or add up per period"}
			case d.col != nil:
				cols = append(cols, d.col)
			case d.table.label != nil:
				b.whichRows = true
				if d.table.label2 != nil {
					cols = append(cols, d.table.label2) // a first name next to the last name
				}
				cols = append(cols, d.table.label)
			case len(p.dims) == 1 && d.table.measure != nil && d.table.measure.money >= revenueLike && b.saidWhat():
				// "what did we invoice in December", "what did we take in payments in May":
				// rows with no name but an amount, asked with "what", are asked for their money.
				p.measures, p.dims = []measure{{agg: aggSum, col: d.table.measure, table: d.table}}, nil
				return nil
			case len(p.dims) == 1 && d.table.pk != nil:
				// "which orders were placed in November": rows with no name are told by their
				// key (and the number people use for them, an OrderNumber), with their date
				// and amount when they have them.
				cols = append(cols, d.table.pk)
				for _, c := range d.table.cols {
					if c.class == classText && len(c.words) > 1 && identWords[c.words[len(c.words)-1]] && !d.table.fkCols[c] {
						cols = append(cols, c)
						break
					}
				}
				for _, c := range []*column{d.table.date, d.table.measure} {
					if c != nil {
						cols = append(cols, c)
					}
				}
			case len(p.dims) == 1 && rolePerson(p, d.table) != nil:
				// "which vice presidents have been women": the people in that role.
				cols = append(cols, labelCols(rolePerson(p, d.table))...)
			default:
				return &notUnderstood{msg: fmt.Sprintf("%s has no name column to list", d.table.name)}
			}
		}
		p.listCols, p.dims, b.whichList = cols, nil, true
	}
	if ranking && len(p.measures) == 0 && len(p.having) == 0 && len(p.dims) == 1 && p.dims[0].table != nil && p.dims[0].role == nil && b.saidSoldAnywhere() {
		// "which employee sold the most to customers in Germany": ranked by the business's
		// sales that the rows brought, not by how many customers; "which five pizzas sold
		// the least": the things sold themselves, by the units of their lines.
		if q := b.unitsSold(p.dims[0].table); q != nil && b.saidSelling() {
			p.measures = append(p.measures, measure{agg: aggSum, col: q, table: q.table})
		} else if money := b.entityMoney(p.dims[0].table); money != nil {
			p.measures = append(p.measures, measure{agg: aggSum, col: money, table: money.table})
		}
	}
	if d := p.dims; len(p.measures) == 0 && len(p.having) == 0 && !ranking && len(d) == 1 && d[0].table != nil && d[0].role == nil &&
		d[0].grain == grainNone && len(p.subjects) == 1 && b.childOf(d[0].table, p.subjects[0]) && p.subjects[0].label != nil && d[0].table.label != nil {
		// "each album with its artist": an album has one artist, so counting them per album
		// says nothing; the albums are listed, each with its artist's name.
		t, parent := d[0].table, p.subjects[0]
		var cols []*column
		for _, c := range []*column{t.label2, t.label, parent.label2, parent.label} {
			if c != nil {
				cols = append(cols, c)
			}
		}
		p.listTable, p.listCols, p.dims, p.subjects = t, cols, nil, nil
		return nil
	}
	if d := p.dims; len(p.measures) == 0 && len(p.having) == 0 && !ranking && len(d) == 1 && d[0].table != nil && d[0].col == nil && d[0].role == nil &&
		d[0].grain == grainNone && len(p.listCols) > 0 && !slices.ContainsFunc(p.listCols, func(c *column) bool { return c.table != d[0].table }) {
		// "list the birth date of each patient": each patient's own column, beside the name.
		t := d[0].table
		var cols []*column
		for _, c := range []*column{t.label2, t.label} {
			if c != nil && !slices.Contains(p.listCols, c) {
				cols = append(cols, c)
			}
		}
		p.listTable, p.listCols, p.dims = t, append(cols, p.listCols...), nil
		return nil
	}
	if d := p.dims; b.common && len(d) == 1 && len(p.measures) == 1 && p.measures[0].agg == aggCount && d[0].grain == grainNone && d[0].col != nil &&
		d[0].col.class == classText && d[0].col.nullable && !slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == d[0].col }) {
		// "the most common eye colour among Marvel characters": of the colours the rows hold;
		// the rows that hold none have no colour to be common (as below).
		p.conds = append(p.conds, condition{col: d[0].col, op: "is not null"})
	}
	if len(p.measures) == 0 && len(p.dims) > 0 && !p.outerCount {
		// "orders per month", "customers by country": count the rows talked about.
		var t *table
		if len(p.subjects) > 0 {
			t = p.subjects[0]
			if c := b.onlyChild(t); c != nil && c.date != nil && t.date == nil && !b.named(t) && len(p.dims) == 1 && p.dims[0].grain != grainNone && p.dims[0].col == nil {
				// "how many birds were recorded each year": a value of the species (taxa
				// 'Bird') said for the dated rows that refer to them, the captures, counted
				// per year ("how many species ..." counts the species).
				p.subjects[0] = c
				t = c
			}
		} else if d := p.dims[0]; d.table != nil && len(p.dims) == 1 && !ranking {
			t = nil
		} else if w := b.finishRows(); w != nil && ranking && d.table != nil && len(p.dims) == 1 && w != d.table {
			// "which country has won the most times": its first places, counted, though its
			// entries stand between the country and the placings.
			t = w
		} else if d.table != nil && len(p.dims) == 1 && b.often && b.onlyChild(d.table) != nil {
			// "which species were caught most often": the one kind of row that refers to
			// them, counted.
			t = b.onlyChild(d.table)
		} else if c := b.namedParentChild(); (ranking || b.firstLast != aggNone) && b.dim == "" && !b.price && len(p.dims) == 1 && d.grain != grainNone && d.col == nil && d.table == nil && c != nil {
			// "in which year did we catch the most Chaetodipus baileyi": the rows of the one
			// dated kind that refers to the species named, counted per year; "in what year
			// was it first caught": the first of those years.
			t = c
			if !ranking {
				p.order, p.desc, p.limit = orderDims, b.firstLast == aggMax, 1
				b.firstLast = aggNone
			}
		} else if b.busy && len(p.dims) == 1 && d.grain != grainNone && d.col == nil && d.table == nil {
			// "our busiest month": the month with the most of the business's events, when one
			// dated table clearly records them.
			t = b.m.eventTable()
		} else if b.common && len(p.dims) == 1 && d.grain == grainNone && d.col != nil && d.col.class == classText {
			// "the most common film rating": the value most rows hold; rows that hold none
			// have no value to be common ("the most common reason to retire" of results that
			// finished).
			t = d.col.table
			if d.col.nullable && !slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == d.col }) {
				p.conds = append(p.conds, condition{col: d.col, op: "is not null"})
			}
		} else if b.often && ranking && len(p.dims) == 1 && d.col != nil && d.table == nil && d.grain == grainNone && d.role == nil {
			// "the countries that voted yes the most times": the rows that hold each
			// country, counted.
			t = d.col.table
		} else if k := b.namedKind(); k != nil && ranking {
			// "the year Tate acquired the most sculptures": the rows of that kind, counted.
			t = k
		} else if k := b.typedRows(); k != nil && len(p.dims) == 1 && d.grain != grainNone && d.col == nil && d.table == nil {
			// "how many questions were asked in each month": the dated rows a type list's
			// value names ('Question' of PostTypes), counted per period.
			t = k
		} else if k := b.typedRows(); k != nil && ranking && len(p.dims) == 1 && d.table != nil && d.col == nil && d.role == nil && k != d.table && (b.childOf(k, d.table) || b.m.linkBetween(k, d.table) != nil) {
			// "the users who asked the most questions", "the tag on the most questions": the
			// posts of that type that refer to each user, or that are linked to each tag,
			// counted.
			t = k
		} else if l := b.pluralLabel(); l != nil && ranking && len(p.dims) == 1 && p.dims[0].table != l {
			// "the major category that contains the most majors": the rows the plural of
			// their name names, counted.
			t = l
		} else if ranking && b.lastDate != nil && b.dim == "" && !b.price && !slices.ContainsFunc(p.dims, func(d dimension) bool { return d.grain == grainNone || d.col != nil || d.table != nil }) {
			// "in which year did the most products go on sale", "the month and year the most
			// planets were last updated": the rows whose date the verb names, counted per
			// period of it.
			t = b.lastDate.table
			for k := range p.dims {
				p.dims[k].col = b.lastDate
			}
		}
		var byDim, distinct *column
		if t == nil && ranking {
			byDim = b.periodDim()
			if byDim == nil {
				distinct = b.idsAfterMost()
			}
		}
		if distinct != nil {
			// "the countries with the most customers" in a flat table: the different
			// CustomerIDs of each country's rows.
			p.measures = append(p.measures, measure{agg: aggCountDistinct, col: distinct, table: distinct.table})
		} else if byDim != nil {
			// "the wettest month in Seattle": the months ranked by their precipitation, added
			// up; "the hottest month" by the average of its temperatures.
			agg := aggAvg
			if additiveDims[b.dim] {
				agg = aggSum
			}
			p.measures = append(p.measures, measure{agg: agg, col: byDim, table: byDim.table})
		} else if t == nil {
			if ranking {
				return &notUnderstood{msg: "ranking needs a measure, e.g. \"by revenue\" or \"by number of orders\""}
			}
			if len(p.dims) == 1 && p.dims[0].col != nil && p.dims[0].col.class == classText {
				p.listCols, p.dims, p.distinct = []*column{p.dims[0].col}, nil, true
			} else if d := p.dims[0]; len(p.dims) == 1 && d.col != nil && d.col.class == classDate && (d.grain == grainNone || d.grain == grainDay) && b.namedRow() {
				// "what is the hire date of Nancy Davolio", "on what date did Japan join the
				// OECD": the named row's date itself.
				p.listCols, p.dims = []*column{d.col}, nil
			} else if d := p.dims[0]; len(p.dims) == 1 && d.col == nil && d.grain != grainNone && len(p.listCols) == 1 && p.listCols[0].class == classDate && b.namedRow() {
				// "in what year did Batman first appear", "in which year was Räikkönen born":
				// the period of the named row's date.
				p.dims[0].col, p.listCols = p.listCols[0], nil
			} else {
				return &notUnderstood{msg: "no measure found: say what to count or add up"}
			}
		} else {
			p.measures = append(p.measures, measure{agg: aggCount, table: t})
			if len(p.subjects) > 0 {
				p.subjects = p.subjects[1:]
			}
		}
	}
	if d := p.dims; ranking && len(d) == 1 && d[0].grain == grainNone && d[0].col != nil && d[0].col.nullable && d[0].table == nil && d[0].role == nil &&
		identifierWords(d[0].col.words) && !slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == d[0].col }) {
		// "which customer spent the most" over sales lines that may have no CustomerID: the
		// lines of no customer are nobody's, not the top customer.
		p.conds = append(p.conds, condition{col: d[0].col, op: "is not null"})
	}
	// "Top 5 orders by amount": ranking the rows of a table by one of its own columns is a
	// listing, not a grouping of each row with itself.
	if ranking && len(p.dims) == 1 && p.dims[0].table != nil && len(p.measures) == 1 && len(p.having) == 0 {
		if m := p.measures[0]; m.agg == aggNone && m.col != nil && m.col.metric == nil && m.table == p.dims[0].table {
			p.listTable, p.listCols, p.dims, p.measures = m.table, nil, nil, nil
			p.order, p.orderCol = orderCol, m.col
			p.desc = b.topDir >= 0 && b.super >= 0
			p.limit = b.limitFor()
			return nil
		}
	}
	// "the five most watched episodes": a count of rows ranked by their own column is a
	// listing, not the single highest value.
	if m := p.measures; b.topN > 1 && b.super != 0 && len(m) == 1 && m[0].agg == aggNone && m[0].col != nil && m[0].col.metric == nil &&
		len(p.dims) == 0 && len(p.having) == 0 && slices.Contains(p.subjects, m[0].table) {
		t := m[0].table
		p.listTable, p.listCols, p.measures = t, labelCols(t), nil
		if len(p.listCols) > 0 {
			p.listCols = append(p.listCols, m[0].col)
		} // else every column: nothing names the rows better
		p.subjects = slices.DeleteFunc(p.subjects, func(x *table) bool { return x == t })
		p.order, p.orderCol = orderCol, m[0].col
		p.desc = b.super > 0
		p.limit = b.topN
		return nil
	}
	if m := p.measures; len(m) == 1 && m[0].each && m[0].agg == aggNone && len(p.dims) == 0 && b.super == 0 && !ranking && len(p.having) == 0 {
		// "What are Pikachu's base stats": each row of the values, named by what else they
		// belong to (the stat), not added up.
		var cols []*column
		for _, f := range m[0].table.fks {
			o := f.to.table
			named := func(c condition) bool { // the row the question named, or a form of it
				return c.col != nil && (c.col.table == o || o.formOf != nil && refTable(o.formOf) == c.col.table)
			}
			if o.label != nil && !slices.ContainsFunc(p.conds, named) {
				cols = append(cols, labelCols(o)...)
			}
		}
		if len(cols) > 0 {
			p.listTable, p.listCols, p.measures = m[0].table, append(cols, m[0].col), nil
		}
	}
	if m := p.measures; len(m) == 1 && m[0].agg == aggNone && m[0].col != nil && !m[0].each && len(p.dims) == 0 && b.super == 0 && !ranking && len(p.having) == 0 {
		// "What key is Cruel Summer in": a number coding what its twin column names (key,
		// key_name) is answered by the name, not added up.
		if tw := nameTwin(m[0].col); tw != nil {
			for k := range b.items {
				if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.kind == candColumn && it.pick.col == m[0].col {
					pick := *it.pick
					pick.col = tw
					it.pick = &pick
				}
			}
			p.listTable, p.listCols, p.measures = tw.table, []*column{tw}, nil
		}
	}
	// Superlatives without a grouping are aggregates: "the highest order amount".
	for k := range p.measures {
		m := &p.measures[k]
		if m.col != nil && m.col.metric != nil {
			if m.agg == aggAvg && len(p.measures) == 1 && len(p.having) == 0 && b.super == 0 && !ranking {
				// "the average revenue per order", "the average value of an order": the
				// metric per order, then the average of those totals.
				if len(p.dims) == 0 {
					if t := b.namedOwnerOf(m.col.table); t != nil {
						p.dims = append(p.dims, dimension{table: t})
					}
				}
				if len(p.dims) == 1 && p.dims[0].grain == grainNone {
					m.agg, p.outerAvg = aggSum, true
					return nil
				}
			}
			if m.agg != aggNone && m.agg != aggSum {
				return &notUnderstood{words: []string{m.col.name}, msg: fmt.Sprintf("%s is already an aggregate (%s); ask for it per group instead", m.col.name, m.col.metric.sql(dialect{typ: datasource.SQLite}))}
			}
			m.agg = aggSum
			continue
		}
		if da := b.m.discountAmounts[m.col]; da != nil && (m.agg == aggSum || m.agg == aggNone && b.super == 0) {
			m.col, m.table, m.agg = da, da.table, aggSum
			continue
		}
		if m.agg != aggNone {
			continue
		}
		switch {
		case len(p.dims) == 0 && b.super > 0:
			m.agg = aggMax
			ranking = false
		case len(p.dims) == 0 && b.super < 0:
			m.agg = aggMin
			ranking = false
		case m.col != nil && len(m.col.words) > 0 && (intensiveWords[m.col.words[len(m.col.words)-1]] || averagedWords[m.col.words[0]] && !dailyAmount(m.col)),
			len(p.dims) == 0 && (ratioColumn(m.col) || m.col != nil && m.col.ratio != nil):
			// (So does a share: "what share of the vote did the PVV get in 2021".)
			// "the end-of-day rate of the euro on June 28": a rate does not add up; the
			// average is the value of the one row and the honest summary of many.
			m.agg = aggAvg
		default:
			m.agg = aggSum
		}
	}
	for i, d := range p.dims {
		if t := d.table; t != nil && d.col == nil && d.role == nil && t.label != nil && repeatedNames(t) {
			// "which drug was given to the most patients": drug records named by a lookup
			// repeat their names; each name is the group, not each record. So do FoodMart's
			// promotions, 51 names for 1,864 rows (one per sales district).
			p.dims[i] = dimension{col: t.label, plural: d.plural}
		}
	}
	b.rangeLimit()
	b.products()
	b.perHeadTotals()
	if err := b.yearChanges(); err != nil {
		return err
	}
	if ranking {
		b.dropPlaceholders()
	}
	if !b.versus && b.valuesAnd() {
		// "how many confessionals did men and women get": one answer for each.
		b.versus = true
	}
	if b.versus && (len(p.dims) == 0 || b.valuesAnd() && len(p.dims) == 1) && len(p.measures) > 0 {
		// "average order total for online orders compared with direct orders": each value
		// its own answer, side by side; "of male and female penguins in each species": in
		// each group too.
		n := map[*column]int{}
		counts := b.numbersAnd()
		for _, c := range p.conds {
			if c.col != nil && c.op == "=" && c.role == nil && (c.col.class == classText || c.col == counts) {
				n[c.col]++
			}
		}
		for _, c := range p.conds {
			if c.col != nil && n[c.col] >= 2 && !slices.ContainsFunc(p.dims, func(d dimension) bool { return d.col == c.col }) {
				p.dims = append(p.dims, dimension{col: c.col})
				break
			}
		}
	}
	if m := p.measures; (b.super != 0 || b.top) && len(p.dims) == 0 && len(p.having) == 0 && len(m) == 1 && m[0].col != nil && m[0].col.metric == nil && m[0].shareOf == nil &&
		m[0].col.class == classNumber && b.whichLead() {
		if kind := b.kindRows(); kind != nil && kind == m[0].col.table {
			// "which question has the most views": the row of that kind ranked by the
			// figure, not the figure alone.
			col := m[0].col
			cols := labelCols(kind)
			if len(cols) == 0 {
				// Posts keep a Title only on questions, so it is no label of all posts; the
				// row asked for is still told by it, and by its key.
				cols = append(cols, kind.pk)
				if i := slices.IndexFunc(kind.cols, func(c *column) bool {
					return c.class == classText && len(c.words) == 1 && (c.words[0] == "title" || c.words[0] == "name")
				}); i >= 0 {
					cols = append(cols, kind.cols[i])
				}
			}
			p.measures, p.listTable, p.listCols = nil, kind, append(cols, col)
			p.order, p.orderCol, p.desc = orderCol, col, b.super >= 0
			p.limit = b.limitFor()
			return nil
		}
	}
	if len(p.measures) == 0 && len(p.dims) == 0 {
		// A listing: rows of one table, or distinct values of columns.
		when, kind := b.whenDate(), b.kindRows()
		switch {
		case len(p.listCols) > 0:
			p.listTable = p.listCols[0].table
			if lc := labelCols(p.listTable); len(p.listCols) == 1 && p.listCols[0] == p.listTable.label && len(lc) == 2 &&
				(lc[0] == p.listTable.label || lc[0] == p.listTable.pk) {
				// "which routes": '110' and what it stands for; "which glaciers": each one's
				// key beside the name most of them lack.
				p.listCols = lc
			}
			for k := range b.items {
				// "which products" where the word reached product_information.product_name:
				// the rows, each listed, even when two share a name.
				if it := &b.items[k]; it.kind == itEntity && it.plural && it.pick != nil && it.pick.kind == candColumn &&
					it.pick.col == p.listTable.label && p.listTable.pk != nil && !saysName(it) {
					b.whichRows = true
				}
			}
			if !b.top && b.super == 0 {
				// Categories ("list the segments") are listed once each; names of rows
				// (high-cardinality, so never sampled) keep their duplicates.
				p.distinct = true
				for _, c := range p.listCols {
					// A model or a city has many values too, but names no row and repeats
					// (the profile counts far fewer values than rows): listed once each.
					repeats := c.prof != nil && c.prof.NonNull > 0 && c.prof.Distinct*2 < c.prof.NonNull
					unsampledName := len(c.samples) == 0 && (c == c.table.label || c == c.table.label2 || nameColumn(c) || !repeats)
					if c.class != classText || unsampledName || b.whichRows && (c == c.table.label || c == c.table.label2) {
						// Rows of one table keep their duplicates (two customers named "IT");
						// values found through joins are listed once.
						p.distinct = b.whichList && !(b.whichRows && oneTable(p))
					}
				}
			}
		case when != nil:
			// "when was Life Without Fear published": the date of the row named; the verb
			// says which event, and the row has one date.
			p.listTable, p.listCols, p.subjects = when.table, []*column{when}, nil
			for k := range b.items {
				if it := &b.items[k]; it.kind == itEntity && pastVerb(it) {
					it.kind, it.kw = itKeyword, keyword{}
				}
			}
		case len(p.subjects) > 0 && b.kindFirst(kind):
			// "which raw materials take 20 days to get from the supplier": the kind said first
			// names the rows asked for; the supplier only says where they come from.
			p.listTable, p.listCols = kind, labelCols(kind)
		case len(p.subjects) > 0:
			p.listTable = p.subjects[0]
			p.subjects = p.subjects[1:]
			if t := p.listTable; (t == b.flagRows || b.saidNames()) && t.label != nil && len(p.listCols) == 0 {
				// "which HBCUs", "the names of all the suppliers in Germany": the rows, by name.
				p.listCols = labelCols(t)
			}
			for _, c := range p.conds {
				if t := p.listTable; c.role != nil && c.role.table == t && t.label != nil {
					// "who reports to Andrew Fuller": people, by their names.
					p.listCols = labelCols(t)
					break
				}
			}
		case kind != nil:
			// "which raw materials", "list the finished goods": a kind said in the plural
			// names the rows of that kind, in the one table that refers to the kinds.
			p.listTable, p.listCols = kind, labelCols(kind)
		case b.namedOnlyTable() != nil:
			// "the biggest glacier in Colombia": the one table said, its rows kept by the
			// conditions on it.
			p.listTable = b.namedOnlyTable()
		case b.leadWord() == "who" && b.peopleOfConds() != nil:
			// "who won the 2021 Abu Dhabi Grand Prix": the people the rows kept (a first
			// place) are of, by name.
			p.listTable = b.peopleOfConds()
			p.listCols, p.distinct = labelCols(p.listTable), true
		default:
			return &notUnderstood{msg: "no table or measure found"}
		}
		if ranking {
			col := p.orderCol
			if col == nil && b.dim != "" {
				col = dimColumn(p.listTable, b.dim)
			}
			if col == nil && b.dim != "" {
				col = b.extensionDim(p.listTable, b.dim) // "the heaviest penguin": its measurements row's mass
			}
			if col == nil && b.price {
				col = ownPrice(p.listTable)
			}
			if col == nil && (b.price || b.top || sizeWords[strings.ToLower(kwWords(b, kwMost)+kwWords(b, kwLeast))]) {
				// "the most expensive product", "top 5 orders", "the largest order": the
				// table's own measure; "the biggest glacier": a thing without one, its area.
				col = p.listTable.measure
				if col == nil && sizeWords[strings.ToLower(kwWords(b, kwMost)+kwWords(b, kwLeast))] {
					col = dimColumn(p.listTable, "size")
				}
			}
			if col == nil {
				// "the most common film rating" read as a listing: no word says by what.
				return &notUnderstood{words: []string{kwWords(b, kwMost) + kwWords(b, kwLeast)}, msg: fmt.Sprintf("cannot tell how to rank %s", p.listTable.name)}
			}
			p.order, p.orderCol = orderCol, col
			p.desc = b.topDir >= 0 && b.super >= 0
			p.limit = b.limitFor()
			if len(p.listCols) > 0 && !slices.Contains(p.listCols, col) && (b.price || b.dim != "") {
				// "our most expensive product", "the longest film": and its price or length.
				p.listCols = append(p.listCols, col)
			}
		}
		return nil
	}
	if b.avgOf && len(p.dims) > 0 && len(p.measures) == 1 && !ranking && len(p.having) == 0 {
		p.outerAvg = true
		return nil
	}
	if len(p.dims) > 0 && ranking {
		p.order = orderMeasure
		p.desc = b.super > 0 || b.super == 0 && b.topDir > 0
		p.limit = b.limitFor()
	}
	if p.order == orderNone && len(p.dims) > 0 && !p.outerCount {
		p.order = orderMeasure
		p.desc = true
		for _, d := range p.dims {
			if d.grain != grainNone || d.table != nil && d.role == nil && d.table.label == nil && naturalKeyNamed(d.table) ||
				d.col != nil && d.col.class == classNumber && ordinalColumn(d.col) {
				// (Series 1 to 10, like months, are read in their order; so are seasons.)
				p.order = orderDims
			}
		}
	}
	return nil
}

// averagedWords begin the names of measures that are averages already (AVG_PELL), which a
// sum across rows would not mean.
var averagedWords = map[string]bool{"average": true, "mean": true, "median": true}

// dailyAmount reports whether a column named as an average is an amount its dated rows
// each expect (a day's normal precipitation), which adds up over the days like the actual
// amount; an average per something (AverageTimePerIssue) or of a row with no date (a
// college's AVG_PELL) does not.
func dailyAmount(c *column) bool {
	return c.table.date != nil && !slices.Contains(c.words, "per")
}

// intensiveWords end the names of measures that are ratios of something, which no sum means.
var intensiveWords = map[string]bool{"rate": true, "ratio": true, "percentage": true, "percent": true, "pct": true}

// defaultMeasure is the column an aggregate takes when the question names only a table
// ("how much did each salesperson sell"): the table's measure, except that a sum of a unit
// price adds up prices, not money taken; the revenue derived from price × quantity is what
// such a question means, and without one the question is refused.
func (b *builder) defaultMeasure(t *table, agg aggKind, words string) (*column, error) {
	c := t.measure
	if agg != aggSum || !slices.Contains(c.words, "price") && !slices.Contains(c.words, "rate") {
		return c, nil
	}
	for _, d := range b.m.derived {
		if d.table == t {
			return d, nil
		}
	}
	return nil, &notUnderstood{words: []string{words}, msg: fmt.Sprintf("cannot tell what to add up: a sum of %s.%s adds up prices", t.name, c.name)}
}

// personQuestion answers a question that names rows only by conditions on one table and
// asks who or what they are: "who is our IT manager" lists the employees with that title,
// "who does Robert King report to" (or "Anne Dodsworth's boss") the row Robert King's
// self-reference points to, and "what does Pavlova, Ltd. supply" the rows of the one table
// that refers to the supplier. It reports whether it filled the plan.
func (b *builder) personQuestion() bool {
	p := &b.p
	if len(p.measures)+len(p.dims)+len(p.subjects)+len(p.listCols)+len(p.having) > 0 || len(p.conds) == 0 ||
		b.agg != aggNone || b.top || b.super != 0 || b.share || len(b.items) == 0 {
		return false
	}
	var t *table
	for _, c := range p.conds {
		if c.col == nil || c.role != nil || c.anti != nil || c.avgOf != nil || t != nil && c.col.table != t {
			return false
		}
		t = c.col.table
	}
	lead := b.leadWord()
	switch {
	case (lead == "who" || lead == "whom") && b.roleKey != nil && b.roleKey.table == t && t.label != nil:
		p.roleList, p.listTable, p.listCols = b.roleKey, t, labelCols(t)
		b.roleKey = nil
		return true
	case lead == "who" && b.roleKey == nil && t.label != nil:
		p.listTable, p.listCols = t, labelCols(t)
		if names := personNameCols(t); names != nil && slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == t.label && c.op == "=" }) {
			// "who is our contact at Best o' Bikes": rows named by their company keep the
			// person behind each; who they are is that person's name.
			p.listCols = names
			// (A company kept once per contact row repeats the same person: said once.)
			p.distinct = t.label.prof != nil && t.label.prof.Distinct < t.label.prof.NonNull
		}
		return true
	case lead == "what" && b.roleKey == nil:
		child := b.onlyChild(t)
		if child == nil || child.label == nil {
			return false
		}
		p.listTable, p.listCols = child, labelCols(child)
		return true
	}
	return false
}

// personNameCols are the first and last name of the person a row of t keeps beside a label
// of another kind (a customer named by its company), or nil.
func personNameCols(t *table) []*column {
	var first, last *column
	for _, c := range t.cols {
		switch {
		case c.class != classText || c == t.label || c == t.label2:
		case slices.Equal(c.words, []string{"first", "name"}):
			first = c
		case slices.Equal(c.words, []string{"last", "name"}):
			last = c
		}
	}
	if first == nil || last == nil {
		return nil
	}
	return []*column{first, last}
}

// agentBy reports whether the "by" at items[i], after a participle, says who did something
// ("orders placed by customers in France") rather than what to group by: only before a plural
// table that a value follows, since "orders placed by customer" still reads as a breakdown.
func agentBy(items []item, i int) bool {
	it := &items[i]
	if strings.ToLower(it.text()) != "by" || len(it.skipped) == 0 || i+2 >= len(items) {
		return false
	}
	w := it.skipped[len(it.skipped)-1]
	if !strings.HasSuffix(w, "ed") && w != "made" && w != "sold" && w != "taken" && w != "done" {
		return false
	}
	t, v := &items[i+1], &items[i+2]
	return t.kind == itEntity && t.plural && t.pick != nil && t.pick.kind == candTable &&
		v.kind == itEntity && v.pick != nil && v.pick.kind == candValue
}

// orFlag says a condition is a flag set (or several, either of them) on the table t, which
// a further flag after "or" joins as an alternative.
func orFlag(c condition, t *table) bool {
	if c.col == nil || c.col.table != t || c.anti != nil || c.role != nil || len(c.vals) != 1 {
		return false
	}
	_, ok := c.vals[0].(flagValue)
	return ok
}

// dedupeMeasures drops a measure said twice ("the highest freight charge": freight and
// charge both name Orders.Freight).
func dedupeMeasures(ms []measure) []measure {
	var out []measure
	for _, m := range ms {
		dup := false
		for _, o := range out {
			dup = dup || o.agg == m.agg && o.col == m.col && o.table == m.table && o.shareOf == nil && m.shareOf == nil && o.countIf == m.countIf && o.period == m.period
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

// sizeWords are superlatives of size or amount, which rank rows by their table's measure.
var sizeWords = toSet(strings.Fields("largest biggest smallest greatest highest lowest"))

// countsRowsOf reports whether c names the rows a measure counts: the counted table's label.
func countsRowsOf(p *plan, c *column) bool {
	for _, m := range p.measures {
		if m.col == nil && (m.agg == aggCount || m.agg == aggCountDistinct) && m.table == c.table && (c == c.table.label || c == c.table.label2) {
			return true
		}
	}
	return false
}

// limitFor is N when given, 1 for a singular "which product", else the default top N.
func (b *builder) limitFor() int {
	switch {
	case b.topN > 0:
		return b.topN
	case b.leadWord() == "rank" || b.leadWord() == "sort":
		return 0 // "rank the 1996 storms by their strongest wind": all of them, in order
	case b.singular:
		return 1
	case b.top:
		return defaultTopN
	case b.super != 0:
		for _, d := range b.p.dims {
			if d.plural {
				return defaultTopN
			}
		}
		return 1
	}
	return 0
}

func (p *plan) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "measures=%v dims=%d conds=%d dates=%d list=%v", len(p.measures), len(p.dims), len(p.conds), len(p.dates), p.listTable != nil)
	return sb.String()
}

func removeTable(ts []*table, t *table) []*table {
	var out []*table
	for _, x := range ts {
		if x != t {
			out = append(out, x)
		}
	}
	return out
}

// sameColumn reports whether a and b hold the same values: one column, or a foreign key and
// the column it references.
// stateCondition reports whether a row condition says a state of the row: a flag set or not,
// a date missing or present.
func stateCondition(c condition) bool {
	if c.having != nil || c.avgOf != nil || c.anti != nil || c.col == nil {
		return false
	}
	if c.op == "is null" || c.op == "is not null" || c.op == "contains" || c.op == "not contains" || c.op == "like" || c.op == "not like" {
		return true
	}
	if len(c.vals) == 1 {
		_, ok := c.vals[0].(flagValue)
		return ok
	}
	return false
}

// valueCondition reports whether a row condition compares a column of the rows talked about
// with one value ("percentage of customers from the USA", "share of orders cancelled"): the
// rows that have it among all of them.
func valueCondition(c condition, subjects []*table) bool {
	if c.having != nil || c.avgOf != nil || c.anti != nil || c.col == nil || c.role != nil || len(c.vals) != 1 {
		return false
	}
	if _, ok := c.vals[0].(string); !ok || c.op != "=" && c.op != "<>" {
		return false
	}
	return len(subjects) == 0 || len(subjects) == 1 && subjects[0] == c.col.table
}

// boundCondition reports whether a row condition bounds a number of the row ("longer than 5
// minutes", "cost more than 0.99"): the rows past it, among all rows, make a share. Dates are
// left out: "the share of orders in 2024" keeps the year's rows, it shares nothing out.
func boundCondition(c condition) bool {
	if c.having != nil || c.avgOf != nil || c.anti != nil || c.col == nil || c.role != nil || c.other != nil || c.than != "" ||
		c.col.class != classNumber || len(c.either) > 0 {
		return false
	}
	switch c.op {
	case ">", ">=", "<", "<=":
		if len(c.vals) != 1 {
			return false
		}
		_, ok := c.vals[0].(float64)
		return ok
	case "between":
		return len(c.vals) == 2
	}
	return false
}

// flagCondition reports whether a row condition holds a 0/1 flag to a value ("dying in the
// hospital": HOSPITAL_EXPIRE_FLAG = 1): a state of the row, shared out like one.
func flagCondition(c condition) bool {
	return c.col != nil && c.col.class == classBool && c.having == nil && c.anti == nil && c.role == nil && len(c.either) == 0 &&
		(c.op == "=" || c.op == "<>") && len(c.vals) == 1
}

// named reports whether the question named table t itself ("films", not only a film's rating).
func (b *builder) named(t *table) bool {
	for _, it := range b.items {
		if it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && it.pick.table == t {
			return true
		}
	}
	return false
}

func sameColumn(a, b *column) bool {
	return a == b || references(a, b) || references(b, a)
}

// unitSeconds are time units in seconds, by the singular word people and column names use.
var unitSeconds = map[string]float64{"millisecond": 0.001, "ms": 0.001, "second": 1, "sec": 1, "minute": 60, "min": 60, "hour": 3600, "hr": 3600, "day": 86400}

// unitGrams and unitMetres are masses in grams and lengths in metres, by the singular word
// people and column names use (body_mass_g, flipper_length_mm).
var (
	unitGrams  = map[string]float64{"milligram": 0.001, "mg": 0.001, "gram": 1, "g": 1, "kilogram": 1000, "kilo": 1000, "kg": 1000, "pound": 453.59237, "lb": 453.59237, "tonne": 1e6}
	unitMetres = map[string]float64{"millimetre": 0.001, "millimeter": 0.001, "mm": 0.001, "centimetre": 0.01, "centimeter": 0.01, "cm": 0.01,
		"metre": 1, "meter": 1, "m": 1, "kilometre": 1000, "kilometer": 1000, "km": 1000, "inch": 0.0254, "foot": 0.3048, "feet": 0.3048, "mile": 1609.344}
)

// unitFits reports whether a unit of mass or length can measure a column, by what its name
// says it measures (a weight, a height): kilograms never measure an area.
func unitFits(u string, c *column) bool {
	words := dimWords["weight"]
	if _, mass := unitGrams[u]; !mass {
		words = []string{"length", "height", "width", "depth", "distance", "altitude", "elevation", "diameter", "tall"}
	}
	return slices.ContainsFunc(words, func(w string) bool { return saysWord(c, w) })
}

// withinValues reports whether every number lies between a column's smallest and largest
// value, as profiled.
func withinValues(c *column, vals []any) bool {
	var seen []float64
	if p := c.prof; p != nil {
		// (Numbers kept as text beside 'unknown' are read from the samples too.)
		for _, s := range append([]string{p.Min, p.Max}, c.samples...) {
			if x, err := strconv.ParseFloat(s, 64); err == nil {
				seen = append(seen, x)
			}
		}
	}
	if len(seen) < 2 {
		return false
	}
	lo, hi := slices.Min(seen), slices.Max(seen)
	for _, v := range vals {
		if x, ok := v.(float64); !ok || x < lo || x > hi {
			return false
		}
	}
	return true
}

// isUnitWord reports whether w names a unit of time, mass or length.
func isUnitWord(w string) bool {
	_, t := unitSeconds[w]
	_, g := unitGrams[w]
	_, l := unitMetres[w]
	return t || g || l
}

// inSaidUnit converts the numbers of the comparison at item i, said in a unit of mass or
// length ("5 kilograms"), into target's unit. A column whose name says no unit is taken to be
// in the unit said when it measures that kind of thing and the numbers fall among its values
// ("an average height above 200 centimetres"); otherwise ("taller than six feet" of heights
// kept in inches) the comparison is refused.
func (b *builder) inSaidUnit(i int, target *column, vals []any) error {
	u := b.items[i].unit
	if b.items[i].kind != itNumber || u == "" {
		return nil
	}
	if f, ok := unitFactor(u, target); ok {
		for k, v := range vals {
			vals[k] = v.(float64) * f
		}
		return nil
	}
	if unitFits(u, target) && withinValues(target, vals) {
		return nil
	}
	return &notUnderstood{words: []string{u}, msg: fmt.Sprintf("cannot tell the unit of %s", target.name)}
}

// singularUnit is a unit word said in the plural in the singular ("kilograms", "feet" stays).
func singularUnit(w string) string {
	w = strings.ToLower(w)
	if strings.HasSuffix(w, "s") && len(w) > 3 {
		return strings.TrimSuffix(w, "s")
	}
	return w
}

// unitFactor converts a number said in unit into col's unit, known from its name's words
// (duration_minutes, Milliseconds, body_mass_g) or, for a bare length, minutes (a film's
// length), days for a length of stay.
func unitFactor(unit string, col *column) (float64, bool) {
	for _, units := range []map[string]float64{unitGrams, unitMetres} {
		if from, ok := units[unit]; ok {
			for _, w := range col.words {
				if to, ok := units[w]; ok {
					return from / to, true
				}
			}
			return 0, false
		}
	}
	from, ok := unitSeconds[unit]
	if !ok {
		return 0, false
	}
	for _, w := range col.words {
		if to, ok := unitSeconds[w]; ok {
			return from / to, true
		}
	}
	if slices.Contains(col.words, "stay") {
		return from / unitSeconds["day"], true // a hospital's length of stay (LOS) is counted in days
	}
	if slices.Contains(col.words, "length") || slices.Contains(col.words, "runtime") {
		return from / 60, true
	}
	if p := col.prof; slices.Contains(col.words, "duration") && p != nil && p.NonNull > 0 {
		// An episode's duration of 45, 60: minutes, as a show's running time is given.
		// (Seconds would run into the thousands.)
		if lo, ok := leadingNumber(p.Min); ok && lo >= 1 {
			if hi, ok := leadingNumber(p.Max); ok && hi <= 300 {
				return from / 60, true
			}
		}
	}
	return 0, false
}

// childDim is the column measuring dim in the one table that references t directly and has
// one, or nil when none or several do.
func (b *builder) childDim(t *table, dim string) *column {
	var found *column
	for _, c := range b.m.tables {
		if c == t || c.view || !b.childOf(c, t) {
			continue
		}
		if col := dimColumn(c, dim); col != nil {
			if found != nil {
				return nil
			}
			found = col
		}
	}
	return found
}

// saidSizeComparative reports whether the comparison before item i was said as "larger",
// "bigger" or "smaller" (than).
func (b *builder) saidSizeComparative(i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if it := &b.items[k]; it.kind == itKeyword && isCmp(it.kw.kind) {
			return sizeComparatives[strings.TrimSuffix(strings.ToLower(it.text()), " than")]
		}
	}
	return false
}

// sizeComparatives compare things by their area or size when nothing else is said.
var sizeComparatives = toSet(strings.Fields("larger bigger smaller"))

// dimWords are the column-name words that measure a dimension, with units.
var dimWords = map[string][]string{
	"size": {"area", "size"},
	// "the strongest storms", "the strongest winds": a wind's speed, a force or a strength.
	"strength": {"wind", "strength", "force", "power", "abv", "alcohol", "proof"},
	"length":   {"length", "duration", "minute", "second", "millisecond", "ms", "hour", "runtime", "page"},
	"weight":   {"weight", "mass", "kg", "gram", "pound", "lb"},
	"height":   {"height"},
	"depth":    {"depth"},
	"age":      {"age"},
	"speed":    {"speed", "tempo", "bpm", "velocity", "pace"},
	// "the hottest day", "the coldest reading": a temperature, the highest of a day's when
	// it keeps several (heat), the lowest (cold).
	"temperature": {"temperature", "temp"}, "heat": {"temperature", "temp"}, "cold": {"temperature", "temp"},
	"precipitation": {"precipitation", "rainfall", "rain", "precip"},
	"latitude":      {"latitude", "lat"},
	"longitude":     {"longitude", "lon", "lng"},
	"distance":      {"distance", "dist", "km", "mile", "parsec", "pc", "au"},
	"wealth":        {"gdp", "income", "wealth", "worth"},
	// "the busiest station", "the quietest museum": by the people counted through it, when
	// its rows keep that count (else by how many events it has, see keyword.busy).
	"traffic": {"passenger", "ridership", "rider", "visitor", "footfall", "entry", "traffic", "attendance", "boarding"},
}

// busyByTraffic reads "busiest" and "quietest" as a ranking by the people a row counts
// (stations.passengers) when the rows ranked keep such a count and nothing else is measured.
func (b *builder) busyByTraffic() {
	p := &b.p
	if !b.busy || b.dim != "" {
		return
	}
	if m := p.measures; len(m) == 1 && m[0].agg == aggCount && m[0].col == nil && len(p.dims) == 0 && dimColumn(m[0].table, "traffic") != nil {
		// "the five busiest stations": the stations ranked, not counted.
		p.measures, p.dims = nil, []dimension{{table: m[0].table, plural: true}}
	}
	if len(p.measures) > 0 {
		return
	}
	var t *table
	switch {
	case len(p.dims) > 0 && p.dims[0].table != nil && p.dims[0].col == nil:
		t = p.dims[0].table
	case len(p.dims) > 0 && p.dims[0].col != nil && p.dims[0].col == p.dims[0].col.table.label:
		t = p.dims[0].col.table
	case len(p.dims) == 0 && len(p.subjects) > 0:
		t = p.subjects[0]
	}
	if t != nil && dimColumn(t, "traffic") != nil {
		b.dim, b.price, b.busy = "traffic", true, false
	}
}

// dimColumn is the numeric column of t that measures a dimension ("longest": a length, or a
// duration in minutes or milliseconds).
func dimColumn(t *table, dim string) *column {
	for _, w := range dimWords[dim] {
		var cs []*column
		for _, c := range t.cols {
			if c.class == classNumber && saysWord(c, w) {
				cs = append(cs, c)
			}
		}
		if len(cs) > 0 {
			return statOf(observedOf(cs), dimStat[dim])
		}
	}
	return nil
}

// saysWord reports whether a column's name holds a word, also run together from its words
// (run_time: "runtime").
func saysWord(c *column, w string) bool {
	return slices.Contains(c.words, w) || strings.Join(c.words, "") == w
}

// dimStat is the statistic of a day's readings a dimension ranks by when a table keeps
// several: the hottest day by its high, the coldest by its low.
var dimStat = map[string]string{"heat": "max", "cold": "min"}

// soldItem reports whether t is what sales lines sell: referenced by the lines, or by the
// undated row they reference (a pizza's size, of a pizza type), not the dated order and who
// took it ("employees who sold more" sold money's worth, not units).
func soldItem(lines, t *table) bool {
	if fkTo(lines, t) != nil {
		return true
	}
	for _, f := range lines.fks {
		if p := f.to.table; p != t && p.date == nil && fkTo(p, t) != nil {
			return true
		}
	}
	return false
}

// rankedRowsInEach is, for a ranking by a dimension with two groupings, one said after
// "each", the other grouping's table and the column measuring the dimension on it or on its
// one-to-one extension; nil when the question is not so.
func (b *builder) rankedRowsInEach() (*table, *column) {
	p := &b.p
	if b.dim == "" || len(p.dims) != 2 || p.dims[0].each == p.dims[1].each {
		return nil, nil
	}
	rows := p.dims[0]
	if rows.each {
		rows = p.dims[1]
	}
	if rows.table == nil || rows.col != nil || rows.role != nil || rows.grain != grainNone {
		return nil, nil
	}
	by := dimColumn(rows.table, b.dim)
	if by == nil {
		by = b.extensionDim(rows.table, b.dim)
	}
	if by == nil {
		return nil, nil
	}
	return rows.table, by
}

// labelOrKey is the column a table's rows are named by: its label, or its key when it has
// none (a penguin is known by its penguin_id).
func labelOrKey(t *table) *column {
	if t.label != nil {
		return t.label
	}
	return t.pk
}

// extensionDim is the column measuring dim in the one table that extends t one to one (its
// key is t's): a penguin's mass kept in its measurements row. Nil when none or several.
func (b *builder) extensionDim(t *table, dim string) *column {
	var found *column
	for _, c := range b.m.tables {
		if c == t || c.view || c.pk == nil || fkTo(c, t) != c.pk {
			continue
		}
		if col := dimColumn(c, dim); col != nil {
			if found != nil {
				return nil
			}
			found = col
		}
	}
	return found
}

// tableNext reports whether the item after item i names a table ("never won a single match":
// the matches are what is missing).
func (b *builder) tableNext(i int) bool {
	n := b.next(i)
	return n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candTable
}

// totalAboveAverage compares each group's measure m with the average of m over all groups of
// the same kind: "employees who sold more than the average employee" (their sales' total),
// "customers with more rentals than the average customer" and "days with more orders than the
// average day" (a count).
func (b *builder) totalAboveAverage(m measure, group dimension) error {
	avg := &plan{measures: []measure{m}, dims: []dimension{group}, outerAvg: true}
	if k := b.cmpAvgCond; k != nil {
		avg.conds = []condition{*k} // "more members than the average House committee": of House committees
	}
	b.cmpAvgBy, b.cmpAvgCond = nil, nil
	op := cmpOp(b.cmp, b.not)
	b.cmp, b.cmpAvg, b.not, b.cmpCount = kwNone, false, false, nil
	b.p.having = append(b.p.having, condition{op: op, having: &m, avgGroups: avg})
	if len(b.p.dims) == 0 {
		b.addDim(group)
	}
	return nil
}

// special handles an entity that completes a pending construction: an anti-join ("customers
// without orders"), a filled-in column ("suppliers with a fax"), a comparison with the average
// ("products more expensive than the average product"), a role of a self-reference ("per
// supervisor"). It reports whether the entity was used.
func (b *builder) special(c *cand) (bool, error) {
	if n := len(b.p.conds); n > 0 && c.kind == candTable && b.p.conds[n-1].avgOf != nil && b.p.conds[n-1].avgBy == nil && b.saidTheir() {
		// "priced above the average price of their category": the average over the rows of
		// the same category, not of all rows.
		if k := fkTo(b.p.conds[n-1].avgOf.table, c.table); k != nil && c.table != b.p.conds[n-1].avgOf.table {
			b.p.conds[n-1].avgBy = k
			return true, nil
		}
	}
	switch {
	case b.cmpAvg && c.kind == candValue && c.state != nil && c.state.link != nil:
		// "more aliases than the average POV character": the average over the characters
		// with a row in the link table.
		kept := condition{anti: c.state.link, present: true}
		b.cmpAvgCond = &kept
		return true, nil
	case b.cmpAvg && c.kind == candValue:
		n := b.next(b.cur)
		k := slices.IndexFunc(b.p.conds, func(d condition) bool {
			return d.col == c.col && d.op == "=" && d.role == nil && len(d.vals) == 1 && d.vals[0] == any(c.value)
		})
		// ("flash floods that caused more damage than the average flash flood": the rows
		// compared are of the value too, said first.)
		if nx := n != nil && n.kind == itEntity && n.pick != nil && n.pick.kind == candTable; (k < 0 || n == nil) && c.col2 == nil && c.state == nil && (n == nil || n.kind != itEntity || nx) {
			// "towns with a larger land area than the average city", "Chinstrap penguins with
			// longer bills than the average Gentoo penguin": the average of the rows of that
			// value, not of the rows compared.
			target := b.cmpTarget
			if target == nil {
				target = b.numberSaidBefore() // "a land area larger than"
			}
			switch {
			case target != nil:
			case b.cmpDim != "" && b.lastTable != nil:
				// "a longer bill than": the length the rows compared keep, or their one-to-one
				// measurements keep.
				if target = dimColumn(b.lastTable, b.cmpDim); target == nil {
					target = b.extensionDim(b.lastTable, b.cmpDim)
				}
			case nx && n.pick.table.measure != nil:
				target = n.pick.table.measure
			case b.lastTable != nil:
				target = b.lastTable.measure
			}
			var path []edge
			if target != nil && target.table != c.table {
				var ok bool
				path, ok = b.m.path([]*table{target.table}, c.table)
				if !ok || len(path) > 4 || slices.ContainsFunc(path, func(e edge) bool { return !e.forward }) {
					path, target = nil, nil // only rows a value's row holds: each averaged row has one
				}
			}
			if target == nil || target.metric != nil {
				return true, &notUnderstood{words: []string{describe(*c)}, msg: "cannot tell which number to compare with the average"}
			}
			kept := condition{col: c.col, op: "=", vals: []any{c.value}}
			if c.pattern != "" {
				kept = condition{col: c.col, op: "like", vals: []any{c.pattern}}
			}
			op := cmpOp(b.cmp, b.not)
			b.cmp, b.cmpAvg, b.not, b.cmpDim, b.cmpTarget = kwNone, false, false, "", nil
			b.p.conds = append(b.p.conds, condition{col: target, op: op, avgOf: target, avgWhere: &kept, avgPath: path})
			return true, nil
		}
		if n == nil || n.kind != itEntity || n.pick == nil || n.pick.kind != candTable || k < 0 {
			return true, &notUnderstood{words: []string{describe(*c)}, msg: "cannot tell which number to compare with the average"}
		}
		kept := b.p.conds[k]
		b.cmpAvgCond = &kept
		// "DC characters with more appearances than the average DC character": the average of
		// the rows kept by the same value, the peers of the same publisher.
		if c.col.table == n.pick.table {
			b.cmpAvgBy = c.col
		} else if k := fkTo(n.pick.table, c.table); k != nil {
			b.cmpAvgBy = k
		} else {
			return true, &notUnderstood{words: []string{describe(*c)}, msg: "cannot tell which number to compare with the average"}
		}
		return true, nil
	case b.cmpAvg:
		subject := b.lastTable
		var target *column
		switch {
		case b.cmpTarget != nil && (c.kind == candTable && c.table == b.cmpTarget.table || c.kind == candColumn && c.col == b.cmpTarget):
			target, b.cmpTarget = b.cmpTarget, nil
		case c.kind == candColumn && c.col.class == classNumber:
			target = c.col
		case c.kind == candTable && b.cmpDim != "":
			target = dimColumn(c.table, b.cmpDim)
		case c.kind == candTable && c.table.measure == nil && slices.Contains(b.items[b.cur].skipped, "all") && b.numberSaidBefore() != nil &&
			!slices.ContainsFunc(b.p.measures, func(x measure) bool { return x.col == b.numberSaidBefore() }):
			// "a life expectancy above the average of all countries": the number said
			// before, averaged over all its rows (of each row, not "an average departure
			// delay above the average of all flights", a group's average).
			target = b.numberSaidBefore()
		case c.kind == candTable:
			target = c.table.measure
		}
		if ct := b.cmpCount; ct != nil && c.kind == candTable && ct != c.table && (b.descendantOf(ct, c.table, 3) || b.linked(ct, c.table)) {
			// "customers with more rentals than the average customer": each one's count against
			// the average of those counts.
			return true, b.totalAboveAverage(measure{agg: aggCount, table: ct}, dimension{table: c.table, plural: true})
		}
		if ct := b.cmpCount; ct != nil && c.kind == candColumn && c.col.table == ct && c.col.class == classText && c.col != ct.label && c.col != ct.pk {
			// "presidents who made more appointments than the average president", a president
			// being a column of the appointments: each one's count against the average count.
			return true, b.totalAboveAverage(measure{agg: aggCount, table: ct}, dimension{col: c.col, plural: true})
		}
		if lines, qty := b.m.salesQuantity(); qty != nil && c.kind == candTable && b.cmpDim == "" && !b.cmpPrice && b.cmpTarget == nil &&
			subject == c.table && lines != c.table && soldItem(lines, c.table) && b.saidSelling() {
			// "pizzas that sold more than the average pizza": each one's units sold against
			// the average of those totals, not its price.
			return true, b.totalAboveAverage(measure{agg: aggSum, col: qty, table: lines}, dimension{table: c.table, plural: true})
		}
		if target == nil && c.kind == candTable && b.cmpDim == "" && (subject == c.table || b.cmpTarget != nil) {
			// "which employees sold more than the average employee": each one's total of the
			// business's money against the average of those totals; "customers who spent more
			// than the average customer": of the money named (their invoices' totals).
			money := b.cmpTarget
			if money != nil && (money.table == c.table || money.metric == nil && money.money < revenueLike || !b.descendantOf(money.table, c.table, 3)) {
				money = nil
			} else if money == nil {
				money = b.entityMoney(c.table)
			}
			if money != nil {
				b.cmpTarget = nil
				return true, b.totalAboveAverage(measure{agg: aggSum, col: money, table: money.table}, dimension{table: c.table, plural: true})
			}
		}
		if subject == nil || target == nil || target.metric != nil {
			return true, &notUnderstood{words: []string{describe(*c)}, msg: "cannot tell which number to compare with the average"}
		}
		op := cmpOp(b.cmp, b.not)
		b.cmp, b.cmpAvg, b.not, b.cmpDim = kwNone, false, false, ""
		cond := condition{col: target, op: op, avgOf: target}
		if it := &b.items[b.cur]; c.kind == candColumn && c.col == target && knownSaid(it) && zeroForNone(target) {
			// "stronger than the average known ABV": the average of the strengths entered.
			k := knownValue(target)
			cond.avgWhere = &k
		}
		b.p.conds = append(b.p.conds, cond)
		if by := b.cmpAvgBy; by != nil && by.table != target.table {
			// The peers' key is not on the rows averaged: an average over all of them would
			// not be the one asked for.
			return true, &notUnderstood{words: []string{describe(*c)}, msg: "cannot tell which number to compare with the average"}
		} else if by != nil {
			b.p.conds[len(b.p.conds)-1].avgBy = by
		}
		b.cmpAvgBy, b.cmpAvgCond = nil, nil
		if len(b.p.dims) == 0 && len(b.p.measures) == 0 {
			// "which products cost more than the average product": the rows compared.
			b.p.subjects = appendTable(b.p.subjects, target.table)
		}
		return true, nil
	case b.not && !b.anti && c.kind == candTable && b.lastTable != nil && b.lastTable != c.table && b.cur > 0 &&
		b.items[b.cur-1].kind == itKeyword && b.items[b.cur-1].kw.kind == kwNot && b.notAnti(c.table):
		// "customers who did not order", "films not stocked at any store": a negated table
		// that refers to the rows talked about is their absence, as after "never".
		b.anti, b.antiFrom, b.not = true, b.lastTable, false
		return b.special(c)
	case b.anti && c.kind == candTable && b.antiFrom == c.table:
		// "manufacturers that had vehicles in 1985 but none in 2014": the rows named before
		// are those of the subject that exist in the first period, an EXISTS of its own; the
		// missing ones are of the same table, in the period said next.
		subject := b.subjectBefore(c.table)
		if subject == nil {
			return true, &notUnderstood{words: []string{c.table.name}, msg: fmt.Sprintf("cannot tell how %s relate to each other", c.table.name)}
		}
		f, via, ok := b.antiLink(subject, c.table)
		if !ok {
			return true, &notUnderstood{words: []string{c.table.name}, msg: fmt.Sprintf("cannot tell how %s relate to %s", c.table.name, subject.name)}
		}
		var kept, rest []dateCond
		for _, dc := range b.p.dates {
			if dc.col == nil && (dc.hint == nil || dc.hint == c.table) && c.table.date != nil {
				dc.col = c.table.date // "orders in 1997": the orders' own date
			}
			if dc.col != nil && dc.col.table == c.table {
				kept = append(kept, dc)
			} else {
				rest = append(rest, dc)
			}
		}
		if len(kept) == 0 {
			return true, &notUnderstood{words: []string{c.table.name}, msg: fmt.Sprintf("cannot tell how %s relate to each other", c.table.name)}
		}
		b.p.dates = rest
		b.p.subjects = slices.DeleteFunc(b.p.subjects, func(t *table) bool { return t == c.table })
		b.markAnti()
		b.p.conds = append(b.p.conds, condition{anti: &f, antiVia: via, present: true, antiDates: kept, periodKept: true}, condition{anti: &f, antiVia: via})
		b.p.subjects = appendTable(b.p.subjects, subject)
		b.anti, b.antiDone, b.antiFrom = false, true, subject
		b.lastTable = subject
		b.dateHint = c.table
		return true, nil
	case b.anti && c.kind == candTable:
		named := c.table
		if sl := b.m.salesLines(); sl != nil && sl != named && fkTo(sl, named) != nil && b.saidSoldHere() {
			// "albums that never sold a single track": no sales line of any of their tracks,
			// not albums without tracks.
			named = sl
		}
		f, via, ok := b.antiLink(b.antiFrom, named)
		if !ok {
			return true, &notUnderstood{words: []string{c.table.name}, msg: fmt.Sprintf("cannot tell how %s relate to %s", c.table.name, b.antiFrom.name)}
		}
		b.markAnti()
		b.p.conds = append(b.p.conds, condition{anti: &f, antiVia: via})
		if t := c.table; t.placeholder != "" && f.from.table != t {
			// "customers who never bought anything on promotion": on a promotion, not on the
			// row that stands for none.
			b.p.conds = append(b.p.conds, condition{col: t.label, op: "<>", vals: []any{t.placeholder}})
		}
		b.p.subjects = appendTable(b.p.subjects, b.antiFrom)
		b.anti, b.antiDone = false, true
		b.lastTable = b.antiFrom
		if n := b.next(b.cur); n != nil && n.kind == itDate {
			// "customers with no rentals in 2024": the date is the missing rows' date.
			b.dateHint = c.table
		}
		return true, nil
	case b.anti && c.state != nil && c.state.op == "is not null" && selfRef(c.col) && c.table == b.antiFrom:
		// "committees with no subcommittees": no row whose parent is the committee. A
		// subcommittee is no committee that could have any: the rows asked about are those
		// under none.
		for _, f := range c.table.fks {
			if f.from == c.col {
				b.markAnti()
				b.p.conds = append(b.p.conds, condition{anti: &f})
				if !slices.ContainsFunc(b.p.conds, func(d condition) bool { return d.col == c.col && d.anti == nil }) {
					b.p.conds = append(b.p.conds, condition{col: c.col, op: "is null", vals: []any{0.0}})
				}
				b.p.subjects = appendTable(b.p.subjects, b.antiFrom)
				b.anti, b.antiDone = false, true
				b.lastTable = b.antiFrom
				return true, nil
			}
		}
		return true, &notUnderstood{words: []string{b.items[b.cur].text()}, msg: fmt.Sprintf("cannot tell how %s relate to each other", c.table.name)}
	case b.anti && c.kind == candColumn && c.col.class == classDate && c.col.table != b.antiFrom:
		// "films never rented (in 2024)": no rental (dated 2024), not a rental with an empty
		// date, which an inner join never finds.
		if err := b.missingRows(c.col.table); err != nil {
			return true, err
		}
		b.lastDate = c.col
		return true, nil
	case b.anti && c.kind == candColumn && c.col.class == classNumber && c.col.metric == nil && b.antiFrom != nil && c.col.table != b.antiFrom &&
		!b.comparedNext(b.cur) && fkTo(c.col.table, b.antiFrom) != nil && !b.rowsNamedNext(c.col.table):
		// "accounts that never had a single amount posted to them": no row of the table
		// that keeps the amount, as a date of those rows says ("films never rented"). With
		// the rows named right after it ("no neutered pets") the column says which rows.
		return true, b.missingRows(c.col.table)
	case b.anti && c.kind == candValue && c.item && c.table == b.antiFrom:
		// "films without trailers": the list does not hold the item.
		b.p.conds = append(b.p.conds, condition{col: c.col, op: "not contains", vals: []any{c.value}})
		b.anti = false
		return true, nil
	case b.anti && c.kind == candColumn && c.col.class == classBool && b.antiFrom != nil && c.col.table != b.antiFrom:
		// "suppliers with no discontinued products": the flag says which missing rows; the
		// table after it (or the way to it) is the anti-join, and antiInner puts the flag
		// inside it.
		b.p.conds = append(b.p.conds, condition{col: c.col, op: "=", vals: []any{flagValue{!c.negate}}})
		return true, nil
	case b.anti && c.kind == candColumn && c.col.class == classBool && c.col.table == b.antiFrom && b.antiStart == len(b.p.conds) && !b.tableNext(b.cur):
		// "nests that never had a complete clutch": the rows' own flag, not set.
		b.p.conds = append(b.p.conds, condition{col: c.col, op: "=", vals: []any{flagValue{c.negate}}})
		b.anti = false
		return true, nil
	case b.anti && c.kind == candColumn && (c.col.class != classNumber || optionalNumber(c.col) && !b.comparedNext(b.cur)):
		if c.col.class == classBool || b.antiFrom != nil && c.col.table != b.antiFrom {
			// "suppliers with no discontinued products": a state of the missing rows, which
			// the anti-join cannot hold; a flag is set or not, never missing.
			return true, &notUnderstood{words: []string{b.items[b.cur].text()}, msg: "a condition on the missing rows is not supported"}
		}
		b.p.conds = append(b.p.conds, condition{col: c.col, op: "is null"})
		b.anti = false
		return true, nil
	case b.anti && c.kind == candColumn && c.col.class == classNumber && c.col.metric == nil && (b.antiFrom == nil || c.col.table == b.antiFrom) && !b.comparedNext(b.cur):
		// "planets with no surface water": a quantity the rows hold, which is zero; a number
		// many rows leave empty was read as missing above.
		b.p.conds = append(b.p.conds, condition{col: c.col, op: "=", vals: []any{0.0}})
		b.anti = false
		return true, nil
	case b.has && c.kind == candColumn && c.col.class == classBool:
		// "stores that have a coffee bar": the flag is set; a flag is never empty.
		b.p.conds = append(b.p.conds, condition{col: c.col, op: "=", vals: []any{flagValue{!b.not}}})
		b.has, b.not = false, false
		b.lastTable = c.table
		return true, nil
	case b.has && c.kind == candColumn && c.col.class == classDate && b.next(b.cur) != nil && b.next(b.cur).kind == itDate:
		// "deals lost with a close date in December 2017": the period is of that date, which
		// then has one.
		b.has = false
		return false, nil
	case b.has && c.kind == candColumn && (c.col.class != classNumber || optionalNumber(c.col) && !b.comparedNext(b.cur)):
		// "customers with a fax"; "employees who have a commission": a number that many rows
		// leave empty is a state when nothing compares it ("with a price above 20" does).
		b.p.conds = append(b.p.conds, condition{col: c.col, op: "is not null"})
		b.has = false
		b.lastTable = c.table
		return true, nil
	case b.has && c.kind == candColumn && c.col.class == classNumber && c.col.metric == nil && !b.comparedNext(b.cur) && zeroForNone(c.col) &&
		(b.knownAfter(b.cur) || b.next(b.cur) == nil):
		// "beers that have a bitterness value recorded", "with a known ABV": a number every row
		// holds, where 0 stands for none (no strength was entered), is known where it is not 0.
		b.p.conds = append(b.p.conds, knownValue(c.col))
		if b.asksItsValue(b.cur) {
			b.withCols = append(b.withCols, c.col) // "..., and what is it?"
		}
		b.has = false
		b.lastTable = c.table
		return true, nil
	case b.antiDone && c.kind == candTable && !b.group && !b.which:
		return true, nil // "customers who never rented a film": the film says what was rented
	case c.kind == candColumn && c.col.class == classText && c.table.fkCols[c.col] && (b.group || (b.which || b.saidRight("who")) && kwWords(b, kwMost)+kwWords(b, kwLeast) != "") && refTable(c.col) != nil && refTable(c.col).label != nil && isRoleKey(c.col):
		// "who created the most channels": channels.creator holds a user's id as text; the
		// user it points to is grouped by, named by their name.
		b.addDim(dimension{role: c.col, table: refTable(c.col), plural: b.group || b.items[b.cur].plural})
		b.group = false
		return true, nil
	case c.kind == candColumn && c.col.class == classKey:
		// "which owner has the most": one of them; "which managers", "per manager": all.
		plural := b.group || b.items[b.cur].plural
		if selfRef(c.col) && (b.group || b.which) {
			b.addDim(dimension{role: c.col, table: c.table, plural: plural})
			b.group = false
			return true, nil
		}
		if _, ok := roleKeyWords(c.col); ok && (b.group || b.which) {
			// "per support rep": the rows the role key points to, joined through that key.
			b.addDim(dimension{role: c.col, table: refTable(c.col), plural: plural})
			b.group = false
			return true, nil
		}
		// "reports to Andrew Fuller", "employees whose manager is ...", "with their manager's
		// name" make the role a relation of the rows talked about; "orders of manager Andrew
		// Fuller" only says who Andrew Fuller is.
		if selfRef(c.col) && (b.lastTable == c.table || b.lastTable == nil || strings.Contains(normPhrase(b.items[b.cur].text()), "report")) {
			b.roleKey = c.col
			if i := b.cur; i > 0 && b.items[i-1].kind == itUnknown && normPhrase(b.items[i-1].text()) == "name" {
				if n := len(b.unknown); n > 0 && normPhrase(b.unknown[n-1]) == "name" {
					b.unknown = b.unknown[:n-1] // "the name of their manager": the role's label
				}
			}
		}
		return true, nil // "reports to": a relation already implied
	}
	b.has = false
	return false, nil
}

// saidRight reports whether w is the last word skipped before the current item ("who
// created").
func (b *builder) saidRight(w string) bool {
	sk := b.items[b.cur].skipped
	return len(sk) > 0 && sk[len(sk)-1] == w
}

// rowKey reports whether a text column holds one value per row (a tenant's slug
// 'dunder-mifflin'): its value names one row, as a label's does ("which Dunder-Mifflin sites").
func rowKey(c *column) bool {
	p := c.prof
	return c.class == classText && p != nil && p.NonNull > 1 && p.Distinct == p.NonNull && p.NonNull == p.Rows
}

// isRoleKey reports whether a key is named for the role of the row it points to.
func isRoleKey(c *column) bool {
	_, ok := roleKeyWords(c)
	return ok
}

// eventWord reports whether an item says that something happened: a past participle
// ("shipped") or a phrasal verb ending in a particle ("passed away", "checked out").
func eventWord(it *item) bool {
	if pastVerb(it) {
		return true
	}
	n := len(it.toks)
	return n == 2 && strings.HasSuffix(it.toks[0].lower, "ed") && particles[it.toks[1].lower]
}

// pastVerb reports whether an item is one past-tense verb ("ordered", "shipped").
func pastVerb(it *item) bool {
	return len(it.toks) == 1 && strings.HasSuffix(it.toks[0].lower, "ed")
}

// saysName reports whether an item's words ask for names or titles themselves ("how many
// different product names"), not for the rows they name.
func saysName(it *item) bool {
	for _, t := range it.toks {
		if w := t.norm; w == "name" || w == "title" || w == "label" {
			return true
		}
	}
	return false
}

// zeroForNone reports whether a number column holds a value on every row with 0 as its
// smallest: a catalogue that writes 0 where nothing was entered (a beer's ABV or IBU).
func zeroForNone(c *column) bool {
	p := c.prof
	if p == nil || p.Rows == 0 || p.NonNull < p.Rows || p.Distinct < 3 {
		return false
	}
	f, err := strconv.ParseFloat(p.Min, 64)
	return err == nil && f == 0
}

// knownValue keeps the rows whose number was entered, where 0 stands for none (zeroForNone).
func knownValue(c *column) condition {
	return condition{col: c, op: "<>", vals: []any{0.0}}
}

// knownSaid reports whether the item is said to be known or recorded: "a known ABV", "an IBU
// value recorded".
func knownSaid(it *item) bool {
	return slices.ContainsFunc(it.skipped, func(w string) bool { return knownWords[strings.ToLower(w)] })
}

// knownOnly keeps the rows whose number was entered when an average or an extreme is taken of
// "known" values of a number that stores 0 for none: "the average known ABV" leaves out the
// beers whose strength nobody entered, which would drag it down.
func (b *builder) knownOnly(i int, col *column, agg aggKind) {
	if (agg == aggAvg || agg == aggMin || agg == aggMax) && knownSaid(&b.items[i]) && zeroForNone(col) {
		b.p.conds = append(b.p.conds, knownValue(col))
	}
}

// knownAfter reports whether an item is said to be known, or words right after it say so
// before the next keyword ("a colour (SRM) value recorded, and what is it").
func (b *builder) knownAfter(i int) bool {
	if knownSaid(&b.items[i]) {
		return true
	}
	n := b.next(i)
	return n != nil && n.kind == itKeyword && knownSaid(n)
}

// groupAvgAboveAll reads "styles that have an average ABV above the average of all ABVs": each
// group's average of col against its average over all rows (of known values when said so),
// a HAVING, not a condition on the rows. It consumes the comparison and the average after it.
func (b *builder) groupAvgAboveAll(i int, col *column) bool {
	if b.agg != aggAvg || col.class != classNumber || i+3 >= len(b.items) || !slices.ContainsFunc(b.items[:i], func(it item) bool {
		return it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && it.pick.table != col.table
	}) {
		return false // no groups named before the average
	}
	cmpIt, avgIt, again := &b.items[i+1], &b.items[i+2], &b.items[i+3]
	if cmpIt.kind != itKeyword || !isCmp(cmpIt.kw.kind) || avgIt.kind != itKeyword || avgIt.kw.kind != kwAvg ||
		again.kind != itEntity || again.pick == nil || again.pick.kind != candColumn || again.pick.col != col {
		return false
	}
	if n := b.next(i + 3); n != nil && n.kind != itKeyword {
		return false // "... above the average ABV of German beers": another set to average over
	}
	m := measure{agg: aggAvg, col: col, table: col.table}
	all := &plan{measures: []measure{m}}
	if knownSaid(again) && zeroForNone(col) {
		all.conds = []condition{knownValue(col)}
	}
	b.knownOnly(i, col, aggAvg)
	b.p.having = append(b.p.having, condition{op: cmpOp(cmpIt.kw.kind, b.not), having: &m, avgGroups: all})
	b.agg, b.not = aggNone, false
	for _, it := range []*item{cmpIt, avgIt, again} {
		it.kind, it.kw = itKeyword, keyword{}
	}
	return true
}

// rowsCountedAt reports whether items[j] names rows of t in the plural right after a number:
// "which SIC codes have more than 20 filings" counts the filings of each code; the number is
// no code.
func (b *builder) rowsCountedAt(j int, t *table) bool {
	if j >= len(b.items) {
		return false
	}
	it := &b.items[j]
	return it.kind == itEntity && it.plural && it.pick != nil && it.pick.kind == candTable && it.pick.table == t && b.items[j-1].start+len(b.items[j-1].toks) == it.start
}

// withBefore reports whether the comparison before the number at items[i] follows "with"
// ("countries with at least 5").
func (b *builder) withBefore(i int) bool {
	return i >= 2 && b.items[i-1].kind == itKeyword && isCmp(b.items[i-1].kw.kind) &&
		b.items[i-2].kind == itKeyword && b.items[i-2].kw.kind == kwWith
}

// asksItsValue reports whether, after items[i], the question asks for the value it named: "which
// beers have an SRM value recorded, and what is it?".
func (b *builder) asksItsValue(i int) bool {
	for _, it := range b.items[i+1:] {
		if it.kind == itKeyword && strings.EqualFold(it.text(), "what") {
			w := strings.Join(it.skipped, " ")
			return w == "is it" || w == "it is" || w == "are they" || w == "they are"
		}
	}
	return false
}

// knownWords say that a value was entered.
var knownWords = toSet(strings.Fields("known recorded entered given listed available"))

// optionalNumber reports whether a number column is often left empty: the profile saw empty
// values (a commission only some employees earn), or, without a profile, the schema allows
// them and the column is not its table's default measure.
func optionalNumber(c *column) bool {
	if c.class != classNumber || c.metric != nil || c.table.fkCols[c] || c == c.table.pk {
		return false
	}
	if c.prof != nil && c.prof.Rows > 0 {
		return c.prof.NonNull < c.prof.Rows
	}
	return c.nullable && c != c.table.measure
}

// comparedNext reports whether the item after i compares (a comparison word or a number).
func (b *builder) comparedNext(i int) bool {
	n := b.next(i)
	return n != nil && (n.kind == itNumber || n.kind == itKeyword && isCmp(n.kw.kind))
}

// markAnti records that the next condition is the anti-join, for checkShape.
func (b *builder) markAnti() {
	b.antiCond, b.antiSubject, b.antiWords = len(b.p.conds), b.antiFrom, kwWords(b, kwNever)
	if b.antiWords == "" {
		b.antiWords = kwWords(b, kwNot)
	}
}

// notAnti reports whether a table said after "not" can be the anti-join of the rows talked
// about; otherwise the negation is left to whatever follows.
func (b *builder) notAnti(named *table) bool {
	_, _, ok := b.antiLink(b.lastTable, named)
	return ok
}

// antiLink finds the foreign key whose absence the anti-join tests: from the named table to
// the subject directly ("clients without work orders"), or from a table linking both
// ("actors in no film" through film_actor, "products never ordered" through order lines), or
// from the named table through one table it references that references the subject ("films
// never rented": a rental is of an inventory copy, a copy of a film); with two such paths the
// question is refused.
func (b *builder) antiLink(subject, named *table) (fk, *fk, bool) {
	if subject.pk == nil {
		return fk{}, nil, false
	}
	for _, f := range subject.fks {
		// "people with no income on file" where each person points to an income by ssn: no
		// income row holds the person's ssn (the key turned around).
		if f.to.table == named && f.to == named.pk && named != subject {
			return fk{from: f.to, to: f.from, from2: f.to2, to2: f.from2}, nil, true
		}
	}
	for _, f := range named.fks {
		if f.to.table == subject && f.to == subject.pk && named != subject {
			return f, nil, true
		}
	}
	for _, t := range b.m.tables {
		if t == subject || t == named {
			continue
		}
		var toSubject *fk
		linked := false
		for k, f := range t.fks {
			if f.to.table == subject && f.to == subject.pk {
				toSubject = &t.fks[k]
			}
			if f.to.table == named {
				linked = true
			}
		}
		if toSubject != nil && linked {
			return *toSubject, nil, true
		}
	}
	var found []fk
	var via []fk
	for _, f := range named.fks {
		mid := f.to.table
		if mid == subject || mid == named || f.to != mid.pk {
			continue
		}
		for _, g := range mid.fks {
			if g.to.table == subject && g.to == subject.pk {
				found, via = append(found, g), append(via, f)
			}
		}
	}
	if len(found) == 1 {
		return found[0], &via[0], true
	}
	return fk{}, nil, false
}

// selfRef reports whether a column references its own table (employees.reports_to).
func selfRef(c *column) bool {
	for _, f := range c.table.fks {
		if f.from == c && f.to.table == c.table {
			return true
		}
	}
	return false
}

// flagValue is a flag's literal, rendered TRUE/FALSE for boolean columns and 1/0 otherwise.
type flagValue struct{ on bool }

// countAfterTable reads "track count by media type" as "count of tracks by media type": a
// count said right after a table counts that table's rows, not the groups after it.
func countAfterTable(items []item) {
	for i := 1; i < len(items); i++ {
		it, prev := &items[i], &items[i-1]
		if it.kind != itKeyword || it.kw.kind != kwCount || strings.ToLower(it.text()) != "count" || prev.kind != itEntity {
			continue
		}
		c := prev.pick
		if c == nil && len(prev.cands) > 0 {
			c = &prev.cands[0]
		}
		if c != nil && c.kind == candTable {
			items[i-1], items[i] = items[i], items[i-1]
		}
	}
}

// whoseRows reads a question that opens with "whose" and a table ("whose repositories have
// the most open issues in total") as "which owner's repositories ...": the one key of the
// table named for a role (owner_id) or pointing to people is what is asked for.
func whoseRows(items []item) []item {
	if len(items) < 2 || items[0].kind != itKeyword || !strings.EqualFold(items[0].text(), "whose") ||
		items[1].kind != itEntity || items[1].pick == nil || items[1].pick.kind != candTable {
		return items
	}
	t := items[1].pick.table
	var key *column
	for _, f := range t.fks {
		_, role := roleKeyWords(f.from)
		if role || personTable(f.to.table) {
			if key != nil {
				return items // two owners: which one is not said
			}
			key = f.from
		}
	}
	if key == nil {
		return items
	}
	c := cand{kind: candColumn, table: t, col: key, score: scoreExact}
	owner := item{kind: itEntity, cands: []cand{c}, pick: &c, toks: items[0].toks, start: items[0].start}
	which := items[0]
	which.kw = keyword{kind: kwWhich}
	return slices.Concat([]item{which, owner}, items[1:])
}

// aggregatesOfOneColumn reads "the minimum and maximum flipper lengths", "the shortest and
// the longest flipper lengths" as both aggregates of the one column named after them: the
// first aggregate is not dropped. Superlatives become the minimum and maximum only where
// nothing groups or ranks rows ("which species has ..." ranks).
func aggregatesOfOneColumn(items []item) []item {
	for i := 0; i+3 < len(items); i++ {
		a, and, z, c := items[i], items[i+1], items[i+2], items[i+3]
		if and.kind != itKeyword || and.kw.kind != kwAnd || c.kind != itEntity || c.pick == nil || c.pick.kind != candColumn || c.pick.col.class != classNumber {
			continue
		}
		ka, kz := aggOfWord(a, items, c.pick.col.table), aggOfWord(z, items, c.pick.col.table)
		if ka == kwNone || kz == kwNone || ka == kz {
			continue
		}
		a.kw, z.kw = keyword{kind: ka}, keyword{kind: kz}
		return slices.Concat(items[:i], []item{a, c, and, z}, items[i+3:])
	}
	return items
}

// aggOfWord is the aggregate an item says (minimum, maximum, average, total; the shortest or
// the longest where nothing groups or ranks rows of another table than the column's), or
// kwNone.
func aggOfWord(it item, items []item, own *table) kw {
	if it.kind != itKeyword {
		return kwNone
	}
	switch it.kw.kind {
	case kwMin, kwMax, kwAvg, kwSum:
		return it.kw.kind
	case kwMost, kwLeast:
		if slices.ContainsFunc(items, func(o item) bool {
			return o.kind == itKeyword && (o.kw.kind == kwGroup || o.kw.kind == kwTop || o.kw.kind == kwBottom) ||
				o.kind == itEntity && o.pick != nil && o.pick.kind == candTable && o.pick.table != own || o.kind == itNumber
		}) {
			return kwNone
		}
		if it.kw.kind == kwMost {
			return kwMax
		}
		return kwMin
	}
	return kwNone
}

// averageBeforeComparison reads "species with flippers longer than 200 mm on average" as
// "species with an average flipper length longer than 200 mm": a trailing "on average"
// after a number column compared with a number moves before the column, so the comparison
// is of the groups' average.
func averageBeforeComparison(items []item) {
	n := len(items)
	if n < 4 {
		return
	}
	a, num, k, c := items[n-1], items[n-2], items[n-3], items[n-4]
	if a.kind != itKeyword || a.kw.kind != kwAvg || !slices.Contains(a.skipped, "on") || num.kind != itNumber ||
		k.kind != itKeyword || !isCmp(k.kw.kind) || c.kind != itEntity || c.pick == nil || c.pick.kind != candColumn || c.pick.col.class != classNumber {
		return
	}
	a.skipped = nil
	copy(items[n-3:], items[n-4:n-1])
	items[n-4] = a
}

// countBeforeAverage reads "customers with more rentals than the average customer": the
// table between "more" (or "fewer") and "than the average" is what is counted; it is taken
// out of the items and kept for special.
func (b *builder) countBeforeAverage() {
	items := b.items
	for i := 0; i+2 < len(items); i++ {
		k, t, a := &items[i], &items[i+1], &items[i+2]
		w := strings.ToLower(k.text())
		if k.kind != itKeyword || w != "more" && w != "fewer" || t.kind != itEntity || t.pick == nil || t.pick.kind != candTable ||
			a.kind != itKeyword || a.kw.kind != kwAvg {
			continue
		}
		b.cmpCount = t.pick.table
		items[i], items[i+1] = items[i+1], items[i]
		items[i].kind, items[i].kw, items[i].cands, items[i].pick = itKeyword, keyword{}, nil, nil
	}
	for i := 0; i+2 < len(items); i++ {
		// "customers who rented more often than the average customer": the rows of the table
		// said as a verb are counted.
		t, k, a := &items[i], &items[i+1], &items[i+2]
		if t.kind != itEntity || t.pick == nil || t.pick.kind != candTable || !verbForm(t, t.pick.table) ||
			k.kind != itKeyword || !k.kw.often || a.kind != itKeyword || a.kw.kind != kwAvg {
			continue
		}
		b.cmpCount = t.pick.table
		t.kind, t.kw, t.cands, t.pick = itKeyword, keyword{}, nil, nil
	}
}

// columnBeforeComparison reads "dearer to replace than the average film" as "replacement
// cost dearer than the average film": a comparative followed by the number column it
// compares, then by what it is compared with, has the column moved before it.
func columnBeforeComparison(items []item) {
	for i := 0; i+2 < len(items); i++ {
		k, c, n := &items[i], &items[i+1], &items[i+2]
		if k.kind != itKeyword || !isCmp(k.kw.kind) || c.kind != itEntity || c.pick == nil || c.pick.kind != candColumn ||
			c.pick.col.class != classNumber {
			continue
		}
		if n.kind == itNumber || n.kind == itKeyword && n.kw.kind == kwAvg {
			items[i], items[i+1] = items[i+1], items[i]
		}
	}
}

// dateOfFirst reads "what was the date of the first race" as "when was the first race": the
// first row's date, not the rows grouped by day.
func dateOfFirst(items []item) {
	for i := 1; i+2 < len(items); i++ {
		w, d, f, t := &items[i-1], &items[i], &items[i+1], &items[i+2]
		if w.kind == itKeyword && w.kw.kind == kwWhich && d.kind == itEntity && d.pick != nil && d.pick.kind == candColumn && d.pick.col.class == classDate &&
			f.kind == itKeyword && (f.kw.kind == kwFirst || f.kw.kind == kwLatest) && t.kind == itEntity && t.pick != nil && t.pick.kind == candTable && t.pick.table == d.pick.col.table {
			w.kw, d.kind, d.kw, d.pick, d.cands = keyword{}, itKeyword, keyword{}, nil, nil
		}
	}
}

// placeBeforeComparison reads "the temperature in Chicago dropped below zero" as "in Chicago,
// the temperature dropped below zero": a value said between a number column and its
// comparison restricts the rows, the comparison is the column's.
func placeBeforeComparison(items []item) {
	for i := 0; i+3 < len(items); i++ {
		c, v, k, n := &items[i], &items[i+1], &items[i+2], &items[i+3]
		if c.kind == itEntity && c.pick != nil && c.pick.kind == candColumn && c.pick.col.class == classNumber &&
			v.kind == itEntity && v.pick != nil && v.pick.kind == candValue && len(v.skipped) > 0 &&
			k.kind == itKeyword && isCmp(k.kw.kind) && (n.kind == itNumber || n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.table == c.pick.col.table) {
			*c, *v = *v, *c
		}
	}
}

// numberBeforeColumn reads "moves with 100% accuracy" as "with an accuracy of 100": a number
// said right before a number column, with no comparison or ranking before it, is the value
// the column holds.
func numberBeforeColumn(items []item) {
	for i := 0; i+1 < len(items); i++ {
		n, c := &items[i], &items[i+1]
		if n.kind != itNumber || c.kind != itEntity || c.pick == nil || c.pick.kind != candColumn || c.pick.col.class != classNumber ||
			i > 0 && items[i-1].kind == itKeyword && items[i-1].kw.kind != kwHas && items[i-1].kw.kind != kwWith && items[i-1].kw.kind != kwAnd {
			continue
		}
		n.skipped, c.skipped = c.skipped, n.skipped
		n.skipped = append(slices.Clip(n.skipped), "of")
		*n, *c = *c, *n
		i++
	}
}

// saleVerbs say that something was sold; with nothing else named after "never", the missing
// rows are sales.
var saleVerbs = toSet(strings.Fields("sold sell sells selling ordered bought purchased"))

// saidSold reports whether a sale verb was skipped after the last "never" or "not".
func (b *builder) saidSold() bool { return b.saidSoldBefore(len(b.items) - 1) }

// saidSoldBefore reports whether a sale verb was skipped between the last "never"/"not" and
// item last.
func (b *builder) saidSoldBefore(last int) bool {
	for k := last; k >= 0; k-- {
		it := &b.items[k]
		for _, w := range it.skipped {
			if saleVerbs[w] {
				return true
			}
		}
		if it.kind == itKeyword && (it.kw.kind == kwNever || it.kw.kind == kwNot) {
			return false
		}
	}
	return false
}

// reportWords name the rows of a table of dated reports themselves.
var reportWords = toSet(strings.Fields("report reports observation observations reading readings record records fix fixes position positions"))

// saidAnyOf reports whether the question says one of the words, as a word no item claimed.
func (b *builder) saidAnyOf(words map[string]bool) bool {
	for _, it := range b.items {
		for _, w := range it.skipped {
			if words[w] {
				return true
			}
		}
		if it.kind == itUnknown || it.kind == itEntity {
			for _, t := range it.toks {
				if words[t.lower] {
					return true
				}
			}
		}
	}
	return false
}

// namedOnlyTable is the one table the question named, when every row condition is on it
// and something ranks its rows; nil otherwise.
func (b *builder) namedOnlyTable() *table {
	if b.super == 0 && !b.top {
		return nil
	}
	var t *table
	for _, it := range b.items {
		if it.kind == itEntity && it.pick != nil && it.pick.kind == candTable {
			if t != nil && t != it.pick.table {
				return nil
			}
			t = it.pick.table
		}
	}
	if t == nil {
		return nil
	}
	for _, c := range b.p.conds {
		if c.col == nil || c.col.table != t || c.anti != nil || c.role != nil {
			return nil
		}
	}
	return t
}

// unitsSold is the quantity of the one sales-lines table when its lines reference t directly
// (t is what is sold), or nil.
func (b *builder) unitsSold(t *table) *column {
	lines, qty := b.m.salesQuantity()
	if qty == nil || lines == t || !b.descendantOf(lines, t, 1) {
		return nil
	}
	return qty
}

// keptByMonth reports whether a table's rows are dated by year and month only, one per
// month of each thing they read.
func keptByMonth(t *table) bool {
	return t.date != nil && t.date.parts != nil && t.date.parts[2] == nil
}

// saidSelling reports whether the question says the things counted were sold ("sold",
// "sell"), not bought or ordered by someone it counts.
func (b *builder) saidSelling() bool { return b.saidSkipped(sellingVerbs) }

// sellingVerbs say that the things counted were sold.
var sellingVerbs = toSet([]string{"sold", "sell"})

// saidSoldAnywhere reports whether the question says "sold" (or another sale verb).
func (b *builder) saidSoldAnywhere() bool { return b.saidSkipped(saleVerbs) }

// saidSkipped reports whether one of the words was said and left to no item.
func (b *builder) saidSkipped(words map[string]bool) bool {
	for _, it := range b.items {
		for _, w := range it.skipped {
			if words[w] {
				return true
			}
		}
	}
	return false
}

// salesLines is the one table that records what was sold line by line: the table whose
// revenue is derived from price × quantity, when exactly one has it.
func (m *model) salesLines() *table {
	var found *table
	for _, d := range m.derived {
		if d.table.view {
			continue
		}
		if found != nil && found != d.table {
			return nil
		}
		found = d.table
	}
	return found
}

// salesQuantity is the one sales-lines table and the quantity its derived revenue
// multiplies; the quantity is nil when there is no such table or its revenue has none.
func (m *model) salesQuantity() (*table, *column) {
	lines := m.salesLines()
	if lines == nil {
		return nil, nil
	}
	for _, d := range m.derived {
		if d.table == lines && d.metric.qty != nil {
			return lines, d.metric.qty
		}
	}
	return lines, nil
}

// eventTable is the one dated table that records the business's transactions: it holds a
// money amount, or its lines do (orders and their order lines, invoices). With none or
// several (rentals and payments) there is no telling which events a "busiest month" counts.
func (m *model) eventTable() *table {
	var found []*table
	for _, t := range m.tables {
		if !t.view && t.date != nil && m.holdsMoney(t) {
			found = append(found, t)
		}
	}
	if len(found) > 1 {
		// Orders next to employees hired on a date with a salary: the business's money is
		// what its sales take, not what it pays its staff.
		var sales []*table
		for _, t := range found {
			if t.measure != nil && t.measure.money > moneyWords["salary"] || t.measure == nil {
				sales = append(sales, t)
			}
		}
		found = sales
	}
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

// holdsMoney reports whether a table or a table of its lines has a money measure.
func (m *model) holdsMoney(t *table) bool {
	if t.measure != nil && t.measure.money > 0 {
		return true
	}
	for _, c := range m.tables {
		if c == t || c.view {
			continue
		}
		for _, f := range c.fks {
			if f.to.table == t && c.date == nil && c.measure != nil && c.measure.money > 0 {
				return true
			}
		}
	}
	return false
}

// saidSoldHere reports whether a sale verb was skipped between the last "never"/"not" and the
// current item ("never sold a track", "never bought a Jazz track").
func (b *builder) saidSoldHere() bool { return b.saidSoldBefore(b.cur) }

// antiInner moves the conditions said after "never" about other tables than the rows that
// have none into the anti-join: "customers who never rented a horror film" have no rental of
// a horror film, "stores that never had an order cancelled" no cancelled order. When no table
// said what is missing ("actors who never appeared in a Documentary"), the missing rows are
// those of the table that refers to the subject on the way to the condition's table.
func (b *builder) antiInner() error {
	if b.antiStart < 0 || b.antiStart > len(b.p.conds) {
		return nil
	}
	for _, c := range b.p.conds {
		for _, h := range b.p.having {
			if c.anti != nil && h.having != nil && (h.having.table == c.anti.from.table || b.descendantOf(h.having.table, c.anti.from.table, 3)) {
				// "genres with no tracks longer than 10 minutes": the comparison is about the
				// missing rows, which a HAVING over the rows that exist cannot say.
				return &notUnderstood{words: []string{b.antiWordsNow()}, msg: "a comparison on the missing rows is not supported"}
			}
		}
	}
	ai := -1
	for k := b.antiStart; k < len(b.p.conds); k++ {
		if b.p.conds[k].anti != nil {
			ai = k
			break
		}
	}
	subject := b.antiFrom
	if ai >= 0 {
		subject = b.p.conds[ai].anti.to.table
	}
	if subject == nil {
		return nil
	}
	var inner []int
	for k := b.antiStart; k < len(b.p.conds); k++ {
		c := b.p.conds[k]
		if k != ai && c.anti == nil && c.col != nil && c.col.table != subject && c.role == nil && c.having == nil && c.avgOf == nil {
			inner = append(inner, k)
		}
	}
	if len(inner) == 0 {
		return nil
	}
	if ai < 0 {
		if !b.anti {
			return nil
		}
		// No table said what is missing: the first step from the subject towards the
		// condition's table must be a table that refers to the subject.
		path, ok := b.m.path([]*table{subject}, b.p.conds[inner[0]].col.table)
		if !ok || len(path) == 0 {
			return nil
		}
		f := path[0].fk
		if f.to.table != subject || f.from.table == subject || f.to != subject.pk {
			return &notUnderstood{words: []string{b.antiWordsNow()}, msg: fmt.Sprintf("cannot tell which rows of %s are missing", subject.name)}
		}
		if p := b.verbSubject(subject); p != nil {
			return b.verbSubjectError(subject, p)
		}
		b.markAnti()
		b.p.conds = append(b.p.conds, condition{anti: &f})
		b.p.subjects = appendTable(b.p.subjects, subject)
		b.anti, b.antiDone = false, true
		ai = len(b.p.conds) - 1
	}
	anti := b.p.conds[ai]
	for _, k := range inner {
		anti.antiConds = append(anti.antiConds, b.p.conds[k])
	}
	var kept []condition
	for k, c := range b.p.conds {
		switch {
		case slices.Contains(inner, k):
		case k == ai:
			b.antiCond = len(kept)
			kept = append(kept, anti)
		default:
			kept = append(kept, c)
		}
	}
	b.p.conds = kept
	return nil
}

// antiWordsNow is the text of the "never"/"without" keyword.
func (b *builder) antiWordsNow() string {
	if w := kwWords(b, kwNever); w != "" {
		return w
	}
	return kwWords(b, kwNot)
}

// shareOfOther reports whether the plan's one condition can be the part of a share of a
// total: a value or state of the rows counted (the one subject) or of the rows of the one
// summed measure, or of a table those rows reach without multiplying them (a track's genre,
// an invoice's customer).
// countedRows is the table whose rows a plan counts: its one count of rows, or, before a
// measure is chosen, its one subject; nil otherwise.
func (b *builder) countedRows() *table {
	p := &b.p
	switch {
	case len(p.measures) == 1 && p.measures[0].col == nil && (p.measures[0].agg == aggCount || p.measures[0].agg == aggCountDistinct):
		return p.measures[0].table
	case len(p.measures) == 0 && len(p.subjects) == 1:
		return p.subjects[0]
	}
	return nil
}

// shareCounted is the table whose rows a share counts: the rows counted, or the table named
// right after "percentage of" among the rows the question names ("what percentage of its beers
// come from US breweries" names the breweries too).
func (b *builder) shareCounted() *table {
	if t := b.countedRows(); t != nil || len(b.p.measures) > 0 {
		return t
	}
	k := slices.IndexFunc(b.items, func(it item) bool { return it.kind == itKeyword && it.kw.kind == kwShare })
	if k < 0 || k+1 >= len(b.items) {
		return nil
	}
	for k++; k+1 < len(b.items) && b.items[k].kind == itEntity && b.items[k].pick != nil && b.items[k].pick.kind == candValue && b.items[k].toks[len(b.items[k].toks)-1].poss; k++ {
		// "what share of the United States' votes": whose rows, then the rows
	}
	if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && slices.Contains(b.p.subjects, it.pick.table) {
		return it.pick.table
	}
	return nil
}

// sharePredicate reports whether the question says its share's condition of the rows counted,
// as a predicate after them: "percentage of characters are female", "percentage of each
// generation's Pokémon are legendary".
func (b *builder) sharePredicate() bool {
	k := slices.IndexFunc(b.items, func(it item) bool { return it.kind == itKeyword && it.kw.kind == kwShare })
	if k < 0 {
		return false
	}
	counted := false
	for _, it := range b.items[k+1:] {
		if it.kind != itEntity || it.pick == nil {
			continue
		}
		if !counted {
			counted = (it.pick.kind == candTable || it.pick.kind == candColumn && slices.Equal(it.pick.col.words, it.pick.col.table.words)) && !it.toks[len(it.toks)-1].poss
			if counted && slices.ContainsFunc(it.skipped, func(w string) bool { return w == "its" || w == "their" }) {
				return true // "what percentage of its beers ...": of each group's own rows
			}
			continue
		}
		// "... are legendary", "... were yes"; "what percentage of games did White win": the
		// value is what the rows did.
		return slices.ContainsFunc(it.skipped, func(w string) bool {
			return w == "are" || w == "is" || w == "were" || w == "was" || w == "did" || w == "do" || w == "does"
		})
	}
	return false
}

// predicateCond is the index in conds of the one value condition said as the predicate of a
// share ("... votes were yes"), or -1.
func (b *builder) predicateCond(conds []condition) int {
	k := slices.IndexFunc(b.items, func(it item) bool { return it.kind == itKeyword && it.kw.kind == kwShare })
	if k < 0 {
		return -1
	}
	for _, it := range b.items[k+1:] {
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candValue ||
			!slices.ContainsFunc(it.skipped, func(w string) bool { return w == "are" || w == "is" || w == "were" || w == "was" }) {
			continue
		}
		found := -1
		for i, c := range conds {
			if c.col == it.pick.col && c.anti == nil && c.op == "=" && len(c.vals) == 1 && c.vals[0] == any(it.pick.value) {
				if found >= 0 {
					return -1
				}
				found = i
			}
		}
		return found
	}
	return -1
}

func (b *builder) shareOfOther() bool {
	p := &b.p
	c := p.conds[0]
	if c.col == nil || c.role != nil || !(stateCondition(c) || len(c.vals) == 1 && c.op == "=") {
		return false
	}
	var from *table
	var subjects []*table // the rows named, besides the condition's own table ("the online store")
	for _, t := range p.subjects {
		if t != c.col.table {
			subjects = append(subjects, t)
		}
	}
	switch {
	case len(p.measures) == 0 && len(subjects) == 1:
		from = subjects[0]
	case len(p.measures) == 0 && len(subjects) > 1:
		// "what percentage of rentals were Sports films": the rows counted are named first;
		// the others only say how they reach the condition (a rental's film, the film's
		// category).
		from = subjects[0]
		path, ok := b.m.path([]*table{from}, c.col.table)
		if !ok {
			return false
		}
		for _, t := range subjects[1:] {
			if !onPath(from, path, t) {
				return false
			}
		}
	case len(p.measures) == 1:
		m := p.measures[0]
		if m.col == nil || m.shareOf != nil || m.agg != aggSum && m.agg != aggNone || m.col.class != classNumber ||
			m.col.metric != nil && m.col.metric.price == nil || m.per != 0 {
			return false
		}
		from = m.table
	default:
		return false
	}
	path, ok := b.m.path([]*table{from}, c.col.table)
	// Rows counted by their key stay counted once when the join repeats them ("what
	// percentage of rentals were Sports films": a film's categories are a link table); a sum
	// would add a row's money once per repeat.
	// (A total is of all the rows: a step down into rows kept one to one with their parent,
	// which not every parent has, would leave the others out of it.)
	return ok && (!descends(from, path) || len(p.measures) == 0 && from.pk != nil && fansOnlyIntoLinks(from, path))
}

// fansOnlyIntoLinks reports whether every step of path that repeats the rows enters a
// keys-only link table (film_category): the rows then reach their categories, each row at
// least once in practice. A step into a table of events (a genre's loans) would drop the rows
// that have none from the total.
func fansOnlyIntoLinks(start *table, path []edge) bool {
	cur := start
	for _, e := range path {
		next := e.other(cur)
		if e.fk.to.table == cur && e.fk.from.table != cur && (next.label != nil || next.measure != nil || len(next.fks) < 2) {
			return false
		}
		cur = next
	}
	return true
}

// onPath reports whether walking path from start passes through t.
func onPath(start *table, path []edge, t *table) bool {
	cur := start
	for _, e := range path {
		if cur = e.other(cur); cur == t {
			return true
		}
	}
	return false
}

// saidEachHere reports whether the last grouping keyword before the current item is "each",
// "every" or "for each" (not "by"/"per", which before a value say who).
func (b *builder) saidEachHere() bool {
	for k := b.cur - 1; k >= 0; k-- {
		if it := &b.items[k]; it.kind == itKeyword && it.kw.kind == kwGroup {
			return eachWords[strings.ToLower(it.text())]
		}
	}
	return false
}

// eachRightBefore reports whether "each" is said right before item i, with at most values
// between: "each Paris arrondissement", not "each store have in stock".
func (b *builder) eachRightBefore(i int) bool {
	k := i - 1
	for k >= 0 && b.items[k].kind == itEntity && b.items[k].pick != nil && b.items[k].pick.kind == candValue {
		k--
	}
	return k >= 0 && b.items[k].kind == itKeyword && b.items[k].kw.kind == kwGroup && eachWords[strings.ToLower(b.items[k].text())]
}

// afterNumber are the words said right after the number of a comparison at item i (skipped
// before the next item, or after the last one).
func (b *builder) afterNumber(i int) []string {
	if n := b.next(i); n != nil {
		return n.skipped
	}
	return b.items[i].skipped
}

// countedHere is the table whose rows a comparison at number item i counts when no column
// follows: "N times" after a table said as a verb ("rented ... more than 40 times": rentals),
// or "N reports" after a role of a self-reference grouped by ("managers with more than two
// direct reports": the rows reporting to each); nil otherwise.
func (b *builder) countedHere(i int) *table {
	after := b.afterNumber(i)
	if len(after) == 0 {
		return nil
	}
	w := after[0]
	if len(after) > 1 && (w == "direct" || w == "immediate") {
		w = after[1] // "two direct reports"
	}
	switch w {
	case "times":
		for k := i - 1; k >= 0; k-- {
			it := &b.items[k]
			if it.kind != itEntity || it.pick == nil {
				continue
			}
			if it.pick.kind == candTable && verbForm(it, it.pick.table) {
				return it.pick.table
			}
			verbBefore := k > 0 && b.items[k-1].kind == itEntity && len(b.items[k-1].toks) == 1 && strings.HasSuffix(b.items[k-1].toks[0].lower, "ed") &&
				it.pick.kind == candValue && it.pick.col != nil && slices.ContainsFunc(b.items[k-1].cands, func(c cand) bool { return c.kind == candTable && c.table == it.pick.col.table })
			if it.pick.kind == candValue && it.pick.col != nil && it.pick.col2 == nil && (len(it.toks) == 1 && strings.HasSuffix(it.toks[0].lower, "ed") || verbBefore) {
				// ("voted no more than 2,000 times": the votes 'no')
				// "abstained more than 1,500 times": the rows that hold the value the
				// verb names (vote 'abstain').
				return it.pick.col.table
			}
			return nil
		}
	case "report", "reports", "subordinate", "subordinates":
		for _, d := range b.p.dims {
			if d.role != nil && selfRef(d.role) {
				return d.role.table
			}
		}
	}
	return nil
}

// saidWhat reports whether the question asked with "what" (not "which").
func (b *builder) saidWhat() bool {
	for k := range b.items {
		if it := &b.items[k]; it.kind == itKeyword && it.kw.kind == kwWhich && strings.EqualFold(it.text(), "what") {
			return true
		}
	}
	return false
}

// timesCounted is the table said as a verb in a "how many times ..." question ("how many
// times were Family films rented": rental), or nil.
func (b *builder) timesCounted() *table {
	times := false
	for k := 0; k+1 < len(b.items); k++ {
		if it := &b.items[k]; it.kind == itKeyword && it.kw.kind == kwCount && strings.EqualFold(it.text(), "how many") {
			n := &b.items[k+1]
			times = len(n.skipped) > 0 && n.skipped[0] == "times"
			break
		}
	}
	if !times {
		return nil
	}
	var found *table
	for k := range b.items {
		it := &b.items[k]
		if it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && verbForm(it, it.pick.table) {
			if found != nil && found != it.pick.table {
				return nil
			}
			found = it.pick.table
		}
	}
	return found
}

// saidTheir reports whether "their", "its" or "same" was skipped right before the current item.
func (b *builder) saidTheir() bool {
	for _, w := range b.items[b.cur].skipped {
		if w == "their" || w == "its" || w == "same" {
			return true
		}
	}
	return false
}

// topRowPerGroup reads "the largest glacier in each country": one row of the table said, the
// first by a measurement of its own (its area, a length, a weight) within each value of one
// of its columns, read as a count ranked once overall until here.
func (b *builder) topRowPerGroup() {
	p := &b.p
	if b.super == 0 || p.limit != 1 || b.topN > 1 || len(p.dims) != 1 || !p.dims[0].each || p.dims[0].col == nil || p.dims[0].grain != grainNone ||
		len(p.measures) != 1 || len(p.having) > 0 || p.share || p.outerAvg {
		return
	}
	m, g := p.measures[0], p.dims[0].col
	t := m.table
	if t == nil || t.label == nil || g.table != t {
		return
	}
	var by *column
	switch w := strings.ToLower(kwWords(b, kwMost) + kwWords(b, kwLeast)); {
	case m.agg != aggCount || m.col != nil:
		// "the most-watched episode of each series": a column of the row itself ranks it,
		// when the row is named in the singular (one per group, not a total per group).
		if (m.agg == aggSum || m.agg == aggMax || m.agg == aggMin) && m.col != nil && m.col.table == t && m.col.metric == nil && b.namedSingular(t) {
			by = m.col
		}
	case g.class != classText:
	case b.dim != "":
		by = dimColumn(t, b.dim)
	case sizeWords[w]:
		if by = dimColumn(t, "size"); by == nil {
			by = t.measure
		}
	}
	if by == nil || by.table != t {
		return
	}
	p.listTable, p.listCols = t, append(append([]*column{g}, labelCols(t)...), by)
	p.measures, p.dims = nil, nil
	p.order, p.orderCol, p.desc = orderCol, by, b.super > 0
	p.partition, p.topPer, p.limit = g, 1, 0
	p.conds = append(p.conds, condition{col: by, op: "is not null"})
	if g.nullable && !slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == g }) {
		// A row with no country is in no country: the empty value is no group of its own.
		p.conds = append(p.conds, condition{col: g, op: "is not null"})
	}
}

// noneIsNoValue keeps the rows that have a value when groups of a column's values are kept by
// a test ("which programming languages are used by at least three users", "for each language
// with at least five repositories"): a repository with no language is no language that
// passes it.
func (b *builder) noneIsNoValue() {
	p := &b.p
	// "which city has the most breweries": a city, not the breweries with none written.
	ranked := p.limit > 0 && len(p.measures) == 1 && p.measures[0].agg == aggCount
	if len(p.having) == 0 && !ranked || len(p.dims) != 1 {
		return
	}
	if c := p.dims[0].col; c != nil && c.class == classText && c.nullable && p.dims[0].grain == grainNone &&
		!slices.ContainsFunc(p.conds, func(d condition) bool { return d.col == c }) {
		p.conds = append(p.conds, condition{col: c, op: "is not null"})
	}
}

// topRowOfEachOwner reads "each user's most-starred repository", "the longest film of each
// director" as the one row of the table named, per row it belongs to, ranked by its own
// column: not the highest value alone (MAX per user), which names no repository.
func (b *builder) topRowOfEachOwner() {
	p := &b.p
	if b.topN > 1 || len(p.dims) != 1 || p.dims[0].table == nil || p.dims[0].col != nil || p.dims[0].grain != grainNone ||
		len(p.measures) != 1 || len(p.having) > 0 || p.share || p.outerAvg || p.limit > 0 || b.agg == aggMax || b.agg == aggMin {
		return
	}
	m, g := p.measures[0], p.dims[0].table
	if m.agg != aggMax && m.agg != aggMin || m.col == nil || m.col.metric != nil || m.col.table == g {
		return
	}
	t := m.col.table
	k := fkTo(t, g)
	if k == nil || t.label == nil || !b.namedSingular(t) {
		return
	}
	cols := append(append(labelCols(g), labelCols(t)...), m.col)
	for i, c := range cols {
		if slices.ContainsFunc(cols[i+1:], func(o *column) bool { return o.name == c.name }) {
			return // two columns called alike could not be told apart outside the ranking
		}
	}
	p.listTable, p.listCols = t, cols
	p.measures, p.dims = nil, nil
	p.order, p.orderCol, p.desc = orderCol, m.col, m.agg == aggMax
	p.partition, p.topPer, p.limit = k, 1, 0
	p.conds = append(p.conds, condition{col: m.col, op: "is not null"})
}

// namedSingular reports whether the question names t's rows in the singular ("their most
// starred repository"): one row of it is asked for.
func (b *builder) namedSingular(t *table) bool {
	for k := range b.items {
		if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && it.pick.table == t && !it.plural {
			return true
		}
	}
	return false
}

// topPerGroup turns a ranking cut with two groupings, one said after "each" ("the
// top-spending customer at each store", "the 3 best-selling products in each category"),
// into the top rows within each of those groups.
func (b *builder) topPerGroup() {
	p := &b.p
	if p.limit <= 0 || len(p.dims) != 2 || len(p.measures) != 1 || p.order != orderMeasure || len(p.having) > 0 || p.outerAvg || p.share {
		return
	}
	each := -1
	for k, d := range p.dims {
		if d.each {
			if each >= 0 {
				return
			}
			each = k
		}
	}
	if each < 0 || p.dims[1-each].grain != grainNone || p.dims[each].grain != grainNone && p.dims[each].col == nil && p.dims[each].hint == nil {
		return
	}
	// The groups first, then the rows ranked within them.
	if each == 1 {
		p.dims[0], p.dims[1] = p.dims[1], p.dims[0]
	}
	p.topPer, p.limit = p.limit, 0
}

// valueAsRows is the table whose rows "how many <plural value>" counts when no table was
// named: the one table that refers to the value's table ("how many beverages": the products
// of the category Beverages), or nil.
func (b *builder) valueAsRows() *table {
	p := &b.p
	if b.agg != aggCount || len(p.measures) > 0 || len(p.dims) > 0 || len(p.having) > 0 {
		return nil
	}
	var v *item
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || it.pick == nil {
			continue
		}
		if it.pick.kind == candTable {
			return nil
		}
		if it.pick.kind == candValue && v == nil && it.plural && k > 0 && b.items[k-1].kind == itKeyword && b.items[k-1].kw.kind == kwCount {
			v = it
		}
	}
	if v == nil || v.pick.col != v.pick.table.label || v.pick.col2 != nil {
		return nil
	}
	var child *table
	for _, t := range b.m.tables {
		if t.view || t == v.pick.table || fkTo(t, v.pick.table) == nil {
			continue
		}
		if child != nil {
			return nil
		}
		child = t
	}
	return child
}

// peopleWord reports whether a value was said as a noun for people ("how many women have
// won a prize"): the people are what is counted, rows of the table the value is kept in.
func peopleWord(it *item) bool {
	if len(it.toks) != 1 {
		return false
	}
	switch it.toks[0].lower {
	case "women", "men", "females", "males", "girls", "boys":
		return true
	}
	return false
}

// winnersOfRows reads "who won the literature prize in 2016": "who" asked of rows without a
// name (a prize) whose people a table links them to (laureate_prizes, between prizes and
// laureates) asks for those people.
func (b *builder) winnersOfRows() {
	p := &b.p
	t := p.listTable
	if t == nil || t.label != nil || len(p.listCols) > 0 || len(p.measures) > 0 || len(p.dims) > 0 || b.leadWord() != "who" {
		return
	}
	if person := linkedPerson(b.m, t); person != nil {
		p.listTable, p.listCols = person, labelCols(person)
	}
}

// whereOfEvent reads "where was Niels Bohr born" as the places of the event whose date the
// verb named (bornCity, bornCountry beside born), not its date; where the table keeps no
// such place the question is refused rather than answered with a date.
func (b *builder) whereOfEvent() error {
	p := &b.p
	if b.leadWord() != "where" || len(p.listCols) != 1 || p.listCols[0].class != classDate || len(p.measures) > 0 || len(p.dims) > 0 {
		return nil
	}
	d := p.listCols[0]
	var places []*column
	for _, c := range d.table.cols {
		if c.class == classText && prefixColumn(d, c) && c.words[len(c.words)-1] != "code" {
			places = append(places, c)
		}
	}
	if len(places) == 0 {
		return &notUnderstood{words: []string{"where"}, msg: fmt.Sprintf("cannot tell where: %s keeps no place beside %s", d.table.name, d.name)}
	}
	p.listCols = places
	return nil
}

// namedOwnerOf is the one table the question names whose rows t's rows belong to (ORDERS
// for an order's lines), or nil.
func (b *builder) namedOwnerOf(t *table) *table {
	var out *table
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candTable || it.pick.table == t || fkTo(t, it.pick.table) == nil {
			continue
		}
		if out != nil && out != it.pick.table {
			return nil
		}
		out = it.pick.table
	}
	return out
}

// linkedPerson is the one table of named people that a link table joins t's rows with (the
// laureates of a prize, through laureate_prizes), or nil.
func linkedPerson(m *model, t *table) *table {
	var person *table
	for _, l := range m.tables {
		if l == t || len(l.fks) < 2 || !slices.ContainsFunc(l.fks, func(f fk) bool { return f.to.table == t }) {
			continue
		}
		for _, f := range l.fks {
			if o := f.to.table; o != t && o != l && o.label != nil && personTable(o) {
				if person != nil && person != o {
					return nil
				}
				person = o
			}
		}
	}
	return person
}

// whoNamesPeople adds, to the rows a "who" question lists, the names of the people they
// belong to: "who holds the Senate leadership posts" is the posts' holders, not only the
// posts' titles.
func (b *builder) whoNamesPeople() {
	p := &b.p
	if len(b.items) == 0 || b.leadWord() != "who" || len(p.measures) > 0 || len(p.dims) > 0 {
		return
	}
	t := p.listTable
	if len(p.listCols) > 0 {
		t = p.listCols[0].table
	}
	if t == nil || slices.ContainsFunc(p.listCols, func(c *column) bool { return c.table != t }) {
		return
	}
	person := personOf(t)
	if person == nil {
		return
	}
	if len(p.listCols) == 0 {
		// Every column of the rows was to be shown: their own names, then their holders'.
		p.listCols = labelCols(t)
	}
	p.listCols = append(p.listCols, labelCols(person)...)
}

// pluralLabel is the table whose rows a plural of their name's column names, said as the
// only such plural ("majors" for majors_list.major), or nil.
func (b *builder) pluralLabel() *table {
	var t *table
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || !it.plural || it.pick == nil || it.pick.kind != candColumn || it.pick.col != it.pick.table.label {
			continue
		}
		if t != nil {
			return nil
		}
		t = it.pick.table
	}
	return t
}

// totalsCompared reads "which major categories have more women than men among their recent
// graduates": two figures of the rows under each listed row compared, are their totals
// compared, per listed row; not the rows under it of which any compares so.
func totalsCompared(p *plan) {
	l := p.listTable
	if l == nil || len(p.measures) > 0 || len(p.dims) > 0 || len(p.having) > 0 {
		return
	}
	for i, c := range p.conds {
		if c.other == nil || c.col == nil || c.role != nil || c.otherRole != nil || c.col.class != classNumber || c.other.class != classNumber {
			continue
		}
		t := c.col.table
		if t == l || c.other.table != t || fkTo(t, l) == nil || fkTo(t, l) == t.pk {
			continue
		}
		a, b := measure{agg: aggSum, col: c.col, table: t}, measure{agg: aggSum, col: c.other, table: t}
		p.conds = slices.Delete(p.conds, i, i+1)
		p.having = append(p.having, condition{op: c.op, having: &a, versus: &b})
		p.measures = []measure{a, b} // both totals shown beside each row kept
		p.dims = []dimension{{table: l, plural: true}}
		p.listTable, p.listCols = nil, nil
		return
	}
}

// rolesArePeople lists the people a role names: "the senators who have represented Alaska"
// are the legislators of terms of type 'sen', not the terms.
func rolesArePeople(p *plan) {
	t := p.listTable
	if t == nil || len(p.listCols) > 0 || len(p.measures) > 0 || len(p.dims) > 0 {
		return
	}
	if person := rolePerson(p, t); person != nil {
		p.listTable = person
	}
}

// rolePerson is the one person table the rows of t point to, when the plan keeps the rows of
// t by a role stored as a code ('sen', 'viceprez'); nil otherwise.
func rolePerson(p *plan, t *table) *table {
	role := slices.ContainsFunc(p.conds, func(c condition) bool {
		if c.col == nil || c.col.table != t || c.op != "=" || len(c.vals) != 1 {
			return false
		}
		v, ok := c.vals[0].(string)
		return ok && len(valueAbbrevs[normPhrase(v)]) > 0
	})
	if !role {
		return nil
	}
	return personOf(t)
}

// personOf is the one named person table the rows of t (no people themselves) point to, or
// nil: a term's legislator, a leadership post's holder.
// peopleOfConds is the one person table the rows of the conditions' tables point to, nil
// when there is none or more than one.
func (b *builder) peopleOfConds() *table {
	var out *table
	for _, c := range b.p.conds {
		if c.col == nil {
			continue
		}
		t := personOf(c.col.table)
		if t == nil && !personTable(c.col.table) {
			t = linkedPerson(b.m, c.col.table)
		}
		if t == nil && personTable(c.col.table) && c.col.table.label != nil && c.col != c.col.table.label {
			t = c.col.table // "who produced Up": the people credited so
		}
		if t != nil {
			if out != nil && out != t {
				return nil
			}
			out = t
		}
	}
	return out
}

func personOf(t *table) *table {
	if personTable(t) {
		return nil
	}
	var person *table
	for _, f := range t.fks {
		if to := f.to.table; to != t && to.label != nil && personTable(to) {
			if person != nil && person != to {
				return nil
			}
			person = to
		}
	}
	return person
}

// averagedRows reads "the average unemployment rate of the majors in each category": the
// majors, one row each, are what is averaged within each category, not a grouping of their
// own, which would average every row with itself.
func averagedRows(p *plan) {
	if len(p.measures) != 1 || p.measures[0].agg != aggAvg || len(p.dims) < 2 {
		return
	}
	t := p.measures[0].table
	p.dims = slices.DeleteFunc(p.dims, func(d dimension) bool {
		c := d.col
		own := c != nil && c.table == t && d.grain == grainNone && c.prof != nil && c.prof.Rows > 0 && c.prof.Distinct == c.prof.Rows && c.prof.NonNull == c.prof.Rows
		if own {
			p.averagedOver = append(p.averagedOver, c)
		}
		return own
	})
}

// rowsUnderNamed reads "the subcommittees of the House Committee on Agriculture": the rows
// under another are those whose parent is the row named, not the named row itself.
func rowsUnderNamed(p *plan) {
	for i, c := range p.conds {
		if c.op != "is not null" || c.col == nil || !selfRef(c.col) || c.role != nil {
			continue
		}
		for j := range p.conds {
			d := &p.conds[j]
			t := c.col.table
			if j != i && d.col != nil && d.col.table == t && d.role == nil && d.anti == nil && (d.op == "=" || d.op == "in") && (d.col == t.label || d.col == t.label2) {
				d.role = c.col
				p.conds = slices.Delete(p.conds, i, i+1)
				return
			}
		}
	}
}

// copiedNames groups the figures of a table of dated figures by the name it keeps of each of
// its rows' parent (population.country_name for country_codes): the figure table spells the
// name as its source does, and the answer needs no other table.
func copiedNames(p *plan) {
	if len(p.measures) == 0 {
		return
	}
	f := p.measures[0].table
	if f == nil || f.series == nil {
		return
	}
	for _, m := range p.measures {
		if m.table != f {
			return
		}
	}
	for i, d := range p.dims {
		if d.col != nil || d.role != nil || d.table == nil || d.table == f {
			continue
		}
		if c := nameCopy(f, d.table); c != nil {
			p.copied = append(p.copied, d.table)
			p.dims[i] = dimension{col: c, plural: d.plural, each: d.each}
		}
	}
	if len(p.dims) > 1 && len(p.dates) > 0 && p.measures[0].agg == aggAvg {
		// "the average population per country in each sub-region in 2024": one figure per
		// country that year, averaged within each sub-region; the countries are what is
		// averaged over, not a grouping.
		p.dims = slices.DeleteFunc(p.dims, func(d dimension) bool {
			return d.col != nil && d.col.table == f && slices.ContainsFunc(p.copied, func(t *table) bool { return nameCopy(f, t) == d.col })
		})
	}
}

// nameCopy is the column of f that copies the name of the row of p its key points to: named
// for p's noun ("country", "country name"); nil when f has none or no key to p.
func nameCopy(f, p *table) *column {
	if fkTo(f, p) == nil || len(p.words) == 0 {
		return nil
	}
	noun := p.words[len(p.words)-1]
	if len(p.words) > 1 && recordWords[noun] {
		noun = p.words[len(p.words)-2]
	}
	for _, c := range f.cols {
		if c.class == classText && (slices.Equal(c.words, []string{noun, "name"}) || slices.Equal(c.words, []string{noun})) {
			return c
		}
	}
	return nil
}

// acronymFlag reports whether a flag is named by an acronym alone (HBCU): said in the plural
// ("how many HBCUs"), it names the rows that have it.
func acronymFlag(c *column) bool {
	return len(c.words) == 1 && len(c.name) >= 3 && len(c.name) <= 6 && c.name == strings.ToUpper(c.name) && !strings.ContainsAny(c.name, "_0123456789")
}

// countedThrough returns, for a count of the rows of a kind table of which the question names
// one ("bachelor's degrees", award_lvl's 'Bachelor's degree'), the one table that refers to
// the kinds and keeps a count of them (complete2021's TOTAL), or nil.
func (b *builder) countedThrough(m measure) *table {
	k := m.table
	if m.agg != aggCount && m.agg != aggCountDistinct || k == nil || m.col != nil && m.col != k.pk || len(k.fks) > 0 ||
		!slices.ContainsFunc(b.p.conds, func(c condition) bool {
			// The kind's name, in a code list of a code and a name or two.
			return c.col != nil && c.col.table == k && (c.col == k.label || k.label == nil && len(k.cols) <= 3 && c.col.class == classText) &&
				c.op == "=" && c.anti == nil && c.role == nil
		}) {
		return nil
	}
	var found *table
	for _, t := range b.m.tables {
		if t == k || t.view || !slices.ContainsFunc(t.fks, func(f fk) bool { return f.to.table == k }) {
			continue
		}
		c := t.measure
		if c == nil || c.class != classNumber || !(c.countName() || c.intTyp && len(c.words) > 0 && c.words[len(c.words)-1] == "total") {
			return nil
		}
		if found != nil {
			return nil
		}
		found = t
	}
	return found
}

// saidNames reports whether the question asks for names in words no column took ("list the
// names of all the suppliers").
func (b *builder) saidNames() bool {
	for _, it := range b.items {
		if slices.Contains(it.skipped, "names") || slices.Contains(it.skipped, "name") {
			return true
		}
	}
	return false
}

// listedGroups is the one grouping of "which states", "which organizations": the grouping
// said, or the column or the rows listed, read as groups to compare figures of.
func (p *plan) listedGroups() (dimension, bool) {
	switch {
	case len(p.dims) == 1:
		return p.dims[0], true
	case len(p.dims) == 0 && len(p.listCols) == 1:
		return dimension{col: p.listCols[0], plural: true}, true
	case len(p.dims) == 0 && len(p.listCols) == 0 && p.listTable != nil:
		return dimension{table: p.listTable, plural: true}, true
	}
	return dimension{}, false
}

// valueCounts are two values of one column whose rows are counted against each other per
// group: rows of a (op) rows of b.
type valueCounts struct {
	a, b condition
	rows *table
	op   string
}

// valuesCounted reads "more <value> <rows> than <value> ones" at item i (more, fewer, less):
// the rows of one value counted against the rows of another value of the same column, in
// each group the question lists. It reports whether it took the words.
func (b *builder) valuesCounted(i int) bool {
	w := strings.ToLower(b.items[i].text())
	if w != "more" && w != "fewer" && w != "less" || !b.which && !b.whichDim {
		return false
	}
	var vals []*cand
	var rows *table
	var used []int
	for k := i + 1; k < len(b.items); k++ {
		x := &b.items[k]
		if x.kind != itEntity || x.pick == nil {
			return false
		}
		c := x.pick
		switch {
		case c.kind == candValue && c.col2 == nil && c.state == nil && c.pattern == "" && c.col != nil && len(vals) < 2:
			if than := slices.Contains(x.skipped, "than"); than != (len(vals) == 1) {
				return false // the first value before "than", the second right after it
			}
			vals = append(vals, c)
		case c.kind == candTable && (rows == nil || rows == c.table):
			rows = c.table
		default:
			return false
		}
		used = append(used, k)
	}
	if len(vals) != 2 || rows == nil || vals[0].col != vals[1].col || vals[0].value == vals[1].value {
		return false
	}
	for _, k := range used {
		b.items[k].kind, b.items[k].kw = itKeyword, keyword{} // consumed
	}
	op := map[bool]string{true: ">", false: "<"}[w == "more"]
	b.valueCounts = &valueCounts{
		a:    condition{col: vals[0].col, op: "=", vals: []any{vals[0].value}},
		b:    condition{col: vals[1].col, op: "=", vals: []any{vals[1].value}},
		rows: rows, op: op,
	}
	return true
}

// countsCompared turns the groups listed into those whose rows of one value outnumber (or
// are fewer than) their rows of the other, each count shown.
func (b *builder) countsCompared() {
	v, p := b.valueCounts, &b.p
	if v == nil {
		return
	}
	dim, ok := p.listedGroups()
	if !ok || len(p.measures) > 0 || dim.table == v.rows {
		return
	}
	x, y := measure{agg: aggCount, table: v.rows, countIf: &v.a}, measure{agg: aggCount, table: v.rows, countIf: &v.b}
	p.measures, p.dims = []measure{x, y}, []dimension{dim}
	p.having = append(p.having, condition{op: v.op, having: &x, versus: &y})
	p.listTable, p.listCols, p.distinct = nil, nil, false
}

// periodsCompared reads "higher <figure> in 2013 than in 2012" at item i: each group's
// figure in one period compared with its figure in another (complete turns the two dates
// into the figures' own periods). It reports whether it took the comparison.
func (b *builder) periodsCompared(i int, k kw) bool {
	if k != kwGT && k != kwLT || !b.which && !b.whichDim {
		return false
	}
	for d := i + 1; d+1 < len(b.items); d++ {
		x, y := &b.items[d], &b.items[d+1]
		if slices.Contains(x.skipped, "than") {
			return false // "more than 5 in 2013": a number
		}
		if x.kind != itDate {
			continue
		}
		if y.kind != itDate || !slices.Contains(y.skipped, "than") || x.rng.yearless != y.rng.yearless || overlaps(x.rng, y.rng) {
			return false
		}
		b.p.periodOp = map[kw]string{kwGT: ">", kwLT: "<"}[k]
		if n := &b.items[i+1]; n.kind == itEntity && n.pick != nil && n.pick.kind == candTable && n.plural {
			b.p.periodRows = n.pick.table
		}
		return true
	}
	return false
}

// saidWithArticle reports whether a column was said as one of its kind, after "a" or "an"
// ("on a shift").
func (b *builder) saidWithArticle(c *column) bool {
	return slices.ContainsFunc(b.items, func(it item) bool {
		n := len(it.skipped)
		return it.kind == itEntity && it.pick != nil && it.pick.col == c && !it.plural && n > 0 && (it.skipped[n-1] == "a" || it.skipped[n-1] == "an")
	})
}

// repeatsMuch reports whether a column's values repeat across many rows (a geography's
// StateProvinceName, one per city): "how many provinces" counts the values, not the rows.
func repeatsMuch(c *column) bool {
	p := c.prof
	return p != nil && p.NonNull >= 10 && p.Distinct*2 < p.NonNull
}

// childrenOf reads "which accounts sit directly under Travel Expenses": the condition on the
// row named becomes a condition on the parent of the rows listed, through the table's
// reference to itself.
func (b *builder) childrenOf() {
	u := b.directlyUnder
	if u == nil {
		return
	}
	var parent *column
	for _, f := range u.table.fks {
		if f.to.table == u.table && f.from2 == nil {
			parent = f.from
		}
	}
	if parent == nil {
		return
	}
	for i := range b.p.conds {
		if c := &b.p.conds[i]; c.col == u.col && c.role == nil && c.anti == nil && c.op == "=" && len(c.vals) == 1 && fmt.Sprint(c.vals[0]) == u.value {
			c.role = parent
			return
		}
	}
}

// missingRows closes the anti-join said so far as "no row of t" for the rows it is about
// (b.antiFrom), or says it cannot tell how the two relate.
func (b *builder) missingRows(t *table) error {
	f, via, ok := b.antiLink(b.antiFrom, t)
	if !ok {
		return &notUnderstood{words: []string{b.items[b.cur].text()}, msg: fmt.Sprintf("cannot tell how %s relate to %s", t.name, b.antiFrom.name)}
	}
	if p := b.verbSubject(b.antiFrom); p != nil {
		return b.verbSubjectError(b.antiFrom, p)
	}
	b.markAnti()
	b.p.conds = append(b.p.conds, condition{anti: &f, antiVia: via})
	b.p.subjects = appendTable(b.p.subjects, b.antiFrom)
	b.anti, b.antiDone = false, true
	b.lastTable = b.antiFrom
	return nil
}

// verbSubject is the table of rows a question asks about when the rows an anti-join tests
// (t) were said by a verb of theirs ("countries that have taken part", t the entries) rather
// than by their own noun: the first table named, which t refers to. Nil otherwise.
func (b *builder) verbSubject(t *table) *table {
	var first *table
	for j := 0; j < b.cur; j++ {
		it := b.items[j]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candTable {
			continue
		}
		if first == nil {
			first = it.pick.table
		}
		if it.pick.table == t && (it.plural || first == t) {
			return nil // the tested rows named by their noun ("orders never shipped")
		}
	}
	if first == nil || first == t || fkTo(t, first) == nil {
		return nil
	}
	return first
}

// finishRows is the table of results a win or a podium said in the question keeps the
// condition on (a first place): the rows a ranking by wins counts. Nil when none was said.
func (b *builder) finishRows() *table {
	for _, c := range b.p.conds {
		if c.col != nil && c.anti == nil && slices.ContainsFunc(finishWords, func(ws []string) bool { return slices.Equal(ws, c.col.words) }) &&
			(c.op == "=" || c.op == "<=") {
			return c.col.table
		}
	}
	return nil
}

// eventNoun reports whether an item names the events a date column dates by their noun in
// the plural: "hires" for hire_date, "commissions" for commission_date.
func eventNoun(it *item, col *column) bool {
	return it.plural && len(it.toks) == 1 && len(col.words) == 2 && col.words[1] == "date" && it.toks[0].norm == col.words[0]
}

// verbSubjectError refuses an anti-join on rows t said by a verb of the rows p asked about:
// "countries that have taken part but never won" means countries none of whose entries won,
// which a test on each entry would not say (a country with one winning entry and one other
// would stay).
func (b *builder) verbSubjectError(t, p *table) error {
	return &notUnderstood{words: []string{b.antiWordsNow()}, msg: fmt.Sprintf("cannot tell whether none of the %s rows of each %s row may match, or only some", t.name, p.name)}
}

// rowsNamedNext reports whether the item after the current one is the plural noun of t's rows,
// said right after it ("neutered pets").
func (b *builder) rowsNamedNext(t *table) bool {
	if b.cur+1 >= len(b.items) {
		return false
	}
	it, nx := b.items[b.cur], b.items[b.cur+1]
	return nx.kind == itEntity && nx.plural && nx.start == it.start+len(it.toks) && slices.ContainsFunc(nx.cands, func(c cand) bool { return c.kind == candTable && c.table == t })
}

// datedNounAfter is the dated table named right after the date at items[i] when the date is a
// year said as an adjective ("the 2021 parliamentary election", "Germany's 2021 election"):
// up to three items on, with nothing skipped between.
func datedNounAfter(items []item, i int) *table {
	it := items[i]
	if len(it.toks) == 0 || !it.toks[len(it.toks)-1].isNum || len(it.toks) > 1 && !slices.ContainsFunc(it.toks, func(t token) bool { return t.lower == "the" }) {
		// ("in 2021 parliamentary elections were held": a period, then the rows.)
		return nil
	}
	// The noun is the last of the words: "Dutch" qualifies the election.
	var head *table
	end := it.start + len(it.toks)
	for k := i + 1; k < len(items) && k <= i+3; k++ {
		n := items[k]
		if n.kind != itEntity || len(n.cands) == 0 || n.start != end || len(n.skipped) > 0 {
			break
		}
		if t := n.cands[0].table; t != nil && t.date != nil {
			head = t
		}
		end = n.start + len(n.toks)
	}
	return head
}
