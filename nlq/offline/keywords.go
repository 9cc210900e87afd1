package offline

import "strings"

// kw is the grammar role of a keyword phrase.
type kw int

const (
	kwNone     kw = iota
	kwCount       // how many, number of
	kwSum         // total, sum of
	kwAvg         // average
	kwMax         // maximum (an aggregate)
	kwMin         // minimum (an aggregate)
	kwDistinct    // different, unique
	kwGroup       // by, per, for each
	kwTop         // top N
	kwBottom      // bottom N
	kwMost        // highest, most: order descending (or MAX without a grouping)
	kwLeast       // lowest, least: order ascending (or MIN without a grouping)
	kwGT
	kwGTE
	kwLT
	kwLTE
	kwBetween
	kwEq
	kwNot
	kwAnd
	kwOr
	kwWhich  // which / what, naming the thing to group by
	kwSort   // sorted by
	kwAsc    // ascending
	kwDesc   // descending
	kwBucket // daily, monthly, over time
	kwUnit   // day, month ... (a bucket after "by"/"per")
	kwList   // list, show: the answer is rows, not a number
	kwWith   // with, having, where, whose: introduces a condition
	kwFirst  // earliest, first: MIN of a date
	kwLatest // latest, most recent: MAX of a date
	kwNever  // never, without, no: an anti-join with the table named next
	kwHas    // has a, with a: the column named next is filled in
	kwShare  // share of, percentage of: each group's part of the total
	kwEmpty  // empty: the rows named have no rows of the one table that refers to them
	kwWeight // weighted by: the average counts each row as many times as the column named next
)

// keyword is one entry of the grammar table.
type keyword struct {
	kind  kw
	grain grain
	price bool   // "most expensive", "cheapest": rank by the price, not by a count
	dim   string // a measurement adjective's dimension: "longest" ranks by a length or duration
	// record says a comparison is said as setting a record ("tied its record high"): it
	// compares the observed reading with the record named next, and is nothing otherwise.
	record bool
	weak   bool // a bucket implied by "trend" or "over time", replaced by an explicit one
	busy   bool // a superlative of activity: without a measure, it counts events
	// common is a superlative of frequency ("most common rating"): the value held by the most
	// rows of its own table.
	common bool
	// sold is a superlative of sales ("best selling track"): rows ranked by the units of the
	// sales lines that refer to them.
	sold bool
	// often is a comparison of how many times something happened ("rented more often than
	// the average customer"): a count of the rows of the verb said before it.
	often bool
	// versus sets two values side by side ("online versus direct orders"): the answer is
	// given for each of them.
	versus bool
	// ofYear is a month said as a month of the year ("in which month of the year"): the
	// month that recurs, not a calendar month.
	ofYear bool
}

// keywords maps lower-case phrases to their roles. Longer phrases win over shorter ones at
// the same position, so "more than" beats "more" and "over time" beats "over".
var keywords = map[string]keyword{
	"how many": {kind: kwCount}, "number of": {kind: kwCount}, "count of": {kind: kwCount},
	"count": {kind: kwCount}, "total number of": {kind: kwCount}, "no of": {kind: kwCount},
	"how much": {kind: kwSum},
	"total":    {kind: kwSum}, "sum of": {kind: kwSum}, "sum": {kind: kwSum}, "overall": {kind: kwSum},
	"combined": {kind: kwSum}, "totals": {kind: kwSum}, "total of": {kind: kwSum}, "add up": {kind: kwSum},
	"weighted by": {kind: kwWeight}, "when weighted by": {kind: kwWeight}, "weighted for": {kind: kwWeight},
	"average": {kind: kwAvg}, "avg": {kind: kwAvg}, "mean": {kind: kwAvg}, "typical": {kind: kwAvg},
	"average number of": {kind: kwAvg}, "mean number of": {kind: kwAvg},
	"maximum": {kind: kwMax}, "max": {kind: kwMax}, "minimum": {kind: kwMin}, "min": {kind: kwMin},
	"different": {kind: kwDistinct}, "unique": {kind: kwDistinct}, "distinct": {kind: kwDistinct},
	"by": {kind: kwGroup}, "per": {kind: kwGroup}, "for each": {kind: kwGroup}, "for every": {kind: kwGroup},
	"each": {kind: kwGroup}, "every": {kind: kwGroup}, "in each": {kind: kwGroup}, "across": {kind: kwGroup},
	"grouped by": {kind: kwGroup}, "broken down by": {kind: kwGroup}, "split by": {kind: kwGroup},
	"breakdown by": {kind: kwGroup}, "break down by": {kind: kwGroup}, "of each": {kind: kwGroup},
	"top": {kind: kwTop}, "best": {kind: kwTop}, "bottom": {kind: kwBottom}, "worst": {kind: kwBottom},
	"highest": {kind: kwMost}, "most": {kind: kwMost}, "largest": {kind: kwMost}, "biggest": {kind: kwMost},
	"greatest": {kind: kwMost}, "most expensive": {kind: kwMost, price: true},
	"best selling": {kind: kwMost, sold: true}, "best-selling": {kind: kwMost, sold: true}, "bestselling": {kind: kwMost, sold: true},
	"top selling": {kind: kwMost, sold: true}, "top-selling": {kind: kwMost, sold: true}, "most sold": {kind: kwMost, sold: true},
	"least sold": {kind: kwLeast, sold: true}, "worst selling": {kind: kwLeast, sold: true}, "worst-selling": {kind: kwLeast, sold: true},
	"most common": {kind: kwMost, common: true}, "most frequent": {kind: kwMost, common: true},
	"least common": {kind: kwLeast, common: true}, "rarest": {kind: kwLeast, common: true},
	"busiest": {kind: kwMost, busy: true}, "quietest": {kind: kwLeast, busy: true},
	"more expensive than": {kind: kwGT, price: true}, "longer than": {kind: kwGT, dim: "length"},
	"shorter than": {kind: kwLT, dim: "length"}, "heavier than": {kind: kwGT, dim: "weight"}, "deeper than": {kind: kwGT, dim: "depth"}, "shallower than": {kind: kwLT, dim: "depth"}, "weighed more than": {kind: kwGT, dim: "weight"}, "weighs more than": {kind: kwGT, dim: "weight"},
	"weigh more than": {kind: kwGT, dim: "weight"}, "weighed less than": {kind: kwLT, dim: "weight"}, "weighs less than": {kind: kwLT, dim: "weight"},
	"taller than": {kind: kwGT, dim: "height"}, "lighter than": {kind: kwLT, dim: "weight"},
	"dearer than": {kind: kwGT, price: true}, "pricier than": {kind: kwGT, price: true}, "costlier than": {kind: kwGT, price: true},
	"dearer": {kind: kwGT, price: true}, "pricier": {kind: kwGT, price: true}, "costlier": {kind: kwGT, price: true},
	"more expensive": {kind: kwGT, price: true}, "cheaper": {kind: kwLT, price: true}, "less expensive": {kind: kwLT, price: true},
	"longer": {kind: kwGT, dim: "length"}, "shorter": {kind: kwLT, dim: "length"},
	// "beers stronger than 10% ABV", "storms stronger than ...": a strength.
	"stronger than": {kind: kwGT, dim: "strength"}, "weaker than": {kind: kwLT, dim: "strength"},
	"stronger": {kind: kwGT, dim: "strength"}, "weaker": {kind: kwLT, dim: "strength"},
	// "stays that lasted longer than the average stay": the verb of a duration says its length.
	"lasted longer than": {kind: kwGT, dim: "length"}, "lasted shorter than": {kind: kwLT, dim: "length"},
	"lasted more than": {kind: kwGT, dim: "length"}, "lasted less than": {kind: kwLT, dim: "length"},
	"last longer than": {kind: kwGT, dim: "length"}, "lasts longer than": {kind: kwGT, dim: "length"},
	"hotter than": {kind: kwGT, dim: "heat"}, "warmer than": {kind: kwGT, dim: "heat"}, "hotter": {kind: kwGT, dim: "heat"}, "warmer": {kind: kwGT, dim: "heat"},
	"colder than": {kind: kwLT, dim: "cold"}, "cooler than": {kind: kwLT, dim: "cold"}, "colder": {kind: kwLT, dim: "cold"}, "cooler": {kind: kwLT, dim: "cold"},
	// "did Phoenix reach 110", "the temperature dropped below zero": comparisons said as
	// movements.
	"reach": {kind: kwGTE}, "reached": {kind: kwGTE}, "reaches": {kind: kwGTE},
	// "set or tied its record high": the day's reading reached the record (recordSetters).
	"set or tie": {kind: kwGTE, record: true}, "set or tied": {kind: kwGTE, record: true}, "tied or set": {kind: kwGTE, record: true},
	"tie its": {kind: kwGTE, record: true}, "tied its": {kind: kwGTE, record: true}, "tie the": {kind: kwGTE, record: true}, "tied the": {kind: kwGTE, record: true},
	"equaled its": {kind: kwGTE, record: true}, "equalled its": {kind: kwGTE, record: true}, "equaled the": {kind: kwGTE, record: true}, "equalled the": {kind: kwGTE, record: true},
	"matched its": {kind: kwGTE, record: true}, "matched or broke": {kind: kwGTE, record: true}, "broke or matched": {kind: kwGTE, record: true},
	"set or matched": {kind: kwGTE, record: true}, "matched or set": {kind: kwGTE, record: true}, "tied or broke": {kind: kwGTE, record: true}, "broke its": {kind: kwGT, record: true}, "broke the": {kind: kwGT, record: true},
	"drop below": {kind: kwLT}, "dropped below": {kind: kwLT}, "drops below": {kind: kwLT}, "fell below": {kind: kwLT}, "fall below": {kind: kwLT},
	"rise above": {kind: kwGT}, "rose above": {kind: kwGT}, "rises above": {kind: kwGT}, "climbed above": {kind: kwGT}, "go above": {kind: kwGT}, "went above": {kind: kwGT}, "go below": {kind: kwLT}, "went below": {kind: kwLT},
	"never": {kind: kwNever}, "nobody": {kind: kwNever}, "no one": {kind: kwNever}, "noone": {kind: kwNever}, "without": {kind: kwNever}, "without any": {kind: kwNever}, "with no": {kind: kwNever},
	"no": {kind: kwNever}, "not any": {kind: kwNever},
	// "stations missing passenger numbers", "films lacking a rating": the column is empty.
	"missing": {kind: kwNever}, "are missing": {kind: kwNever}, "is missing": {kind: kwNever}, "lack": {kind: kwNever}, "lacks": {kind: kwNever}, "lacking": {kind: kwNever},
	// "materials not used in any bill of materials", "products not on any order": rows
	// that no row of the table named next refers to.
	"not used in any": {kind: kwNever}, "not used by any": {kind: kwNever}, "not in any": {kind: kwNever},
	"not on any": {kind: kwNever}, "not part of any": {kind: kwNever}, "not used in a": {kind: kwNever},
	// "customers who don't have a fax", "employees that do not have any customers": the
	// contraction is spelled out by tokenize, and "not have" says what is missing.
	"not earn any": {kind: kwNever}, "not earn a": {kind: kwNever}, "not receive any": {kind: kwNever}, "not get any": {kind: kwNever},
	"not have": {kind: kwNever}, "not have a": {kind: kwNever}, "not have an": {kind: kwNever}, "not have any": {kind: kwNever},
	"has a": {kind: kwHas}, "have a": {kind: kwHas}, "has an": {kind: kwHas}, "have an": {kind: kwHas},
	// (Longer than "that had", which would take the verb from its article.)
	"that have a": {kind: kwHas}, "that have an": {kind: kwHas}, "that had a": {kind: kwHas}, "that had an": {kind: kwHas},
	"that has a": {kind: kwHas}, "that has an": {kind: kwHas}, "who have a": {kind: kwHas}, "who have an": {kind: kwHas},
	"who had a": {kind: kwHas}, "who had an": {kind: kwHas}, "who has a": {kind: kwHas}, "who has an": {kind: kwHas},
	"with a": {kind: kwHas}, "with an": {kind: kwHas},
	// "artworks that carry an inscription", "bear a signature": have one.
	"carry a": {kind: kwHas}, "carry an": {kind: kwHas}, "carries a": {kind: kwHas}, "carries an": {kind: kwHas},
	"bear a": {kind: kwHas}, "bear an": {kind: kwHas}, "bears a": {kind: kwHas}, "bears an": {kind: kwHas},
	// "employees who earn a commission", "orders that got a discount": the column is filled in.
	"earn a": {kind: kwHas}, "earns a": {kind: kwHas}, "earn an": {kind: kwHas}, "earns an": {kind: kwHas},
	"receive a": {kind: kwHas}, "receives a": {kind: kwHas}, "received a": {kind: kwHas},
	"get a": {kind: kwHas}, "gets a": {kind: kwHas}, "got a": {kind: kwHas},
	"work for a": {kind: kwHas}, "works for a": {kind: kwHas}, "work for an": {kind: kwHas}, "works for an": {kind: kwHas},
	"empty": {kind: kwEmpty}, "are empty": {kind: kwEmpty}, "is empty": {kind: kwEmpty},
	"share of": {kind: kwShare}, "percentage of": {kind: kwShare}, "percent of": {kind: kwShare},
	"proportion of": {kind: kwShare}, "% of": {kind: kwShare},
	// "revenue by country, as a percentage": the same share, said after what it divides.
	"as a percentage": {kind: kwShare}, "as a percent": {kind: kwShare}, "in percent": {kind: kwShare},
	"as percentages": {kind: kwShare}, "in percentages": {kind: kwShare},
	"longest": {kind: kwMost, price: true, dim: "length"}, "shortest": {kind: kwLeast, price: true, dim: "length"},
	"hottest": {kind: kwMost, price: true, dim: "heat"}, "warmest": {kind: kwMost, price: true, dim: "heat"},
	"coldest": {kind: kwLeast, price: true, dim: "cold"}, "coolest": {kind: kwLeast, price: true, dim: "cold"},
	// "the wettest month", "the driest city": by precipitation.
	"wettest": {kind: kwMost, price: true, dim: "precipitation"}, "rainiest": {kind: kwMost, price: true, dim: "precipitation"},
	"driest":  {kind: kwLeast, price: true, dim: "precipitation"},
	"tallest": {kind: kwMost, price: true, dim: "height"},
	// "the richest countries", "the poorest": by their income or GDP.
	"richest": {kind: kwMost, price: true, dim: "wealth"}, "wealthiest": {kind: kwMost, price: true, dim: "wealth"},
	"poorest":     {kind: kwLeast, price: true, dim: "wealth"},
	"richer than": {kind: kwGT, dim: "wealth"}, "poorer than": {kind: kwLT, dim: "wealth"}, "wealthier than": {kind: kwGT, dim: "wealth"},
	"strongest": {kind: kwMost, price: true, dim: "strength"}, "weakest": {kind: kwLeast, price: true, dim: "strength"},
	// "the fastest songs", "fastest first": by a tempo or speed.
	"fastest": {kind: kwMost, price: true, dim: "speed"}, "slowest": {kind: kwLeast, price: true, dim: "speed"},
	"deepest": {kind: kwMost, price: true, dim: "depth"}, "shallowest": {kind: kwLeast, price: true, dim: "depth"},
	"heaviest": {kind: kwMost, price: true, dim: "weight"}, "lightest": {kind: kwLeast, price: true, dim: "weight"},
	"oldest by age": {kind: kwMost, price: true, dim: "age"},
	// "the most massive planet": by its mass; "the nearest systems", "the most distant": by
	// a distance.
	"most massive": {kind: kwMost, price: true, dim: "weight"}, "least massive": {kind: kwLeast, price: true, dim: "weight"},
	"more massive than": {kind: kwGT, dim: "weight"}, "less massive than": {kind: kwLT, dim: "weight"},
	"nearest": {kind: kwLeast, price: true, dim: "distance"}, "closest": {kind: kwLeast, price: true, dim: "distance"},
	"farthest": {kind: kwMost, price: true, dim: "distance"}, "furthest": {kind: kwMost, price: true, dim: "distance"},
	"most distant": {kind: kwMost, price: true, dim: "distance"}, "most remote": {kind: kwMost, price: true, dim: "distance"},
	"farther than": {kind: kwGT, dim: "distance"}, "further than": {kind: kwGT, dim: "distance"},
	"closer than": {kind: kwLT, dim: "distance"}, "nearer than": {kind: kwLT, dim: "distance"},
	// "the stop furthest north": the highest latitude; east and west go by longitude.
	"furthest north": {kind: kwMost, price: true, dim: "latitude"}, "farthest north": {kind: kwMost, price: true, dim: "latitude"},
	"northernmost": {kind: kwMost, price: true, dim: "latitude"}, "most northerly": {kind: kwMost, price: true, dim: "latitude"},
	"furthest south": {kind: kwLeast, price: true, dim: "latitude"}, "farthest south": {kind: kwLeast, price: true, dim: "latitude"},
	"southernmost": {kind: kwLeast, price: true, dim: "latitude"}, "most southerly": {kind: kwLeast, price: true, dim: "latitude"},
	"furthest east": {kind: kwMost, price: true, dim: "longitude"}, "farthest east": {kind: kwMost, price: true, dim: "longitude"},
	"easternmost": {kind: kwMost, price: true, dim: "longitude"}, "furthest west": {kind: kwLeast, price: true, dim: "longitude"},
	"farthest west": {kind: kwLeast, price: true, dim: "longitude"}, "westernmost": {kind: kwLeast, price: true, dim: "longitude"},
	"lowest": {kind: kwLeast}, "least": {kind: kwLeast}, "fewest": {kind: kwLeast}, "smallest": {kind: kwLeast},
	"cheapest": {kind: kwLeast, price: true}, "least expensive": {kind: kwLeast, price: true}, "the least": {kind: kwLeast}, "the fewest": {kind: kwLeast},
	"more": {kind: kwGT}, "fewer": {kind: kwLT}, "less": {kind: kwLT},
	// "a higher IMDb rating than Finding Nemo", "a bigger audience than": the column said
	// between the comparative and "than" is compared.
	"higher": {kind: kwGT}, "lower": {kind: kwLT}, "smaller": {kind: kwLT}, "larger": {kind: kwGT}, "greater": {kind: kwGT},
	"most often": {kind: kwMost, often: true}, "most frequently": {kind: kwMost, often: true}, "least often": {kind: kwLeast, often: true},
	"least frequently": {kind: kwLeast, often: true}, "most commonly": {kind: kwMost, often: true}, "least commonly": {kind: kwLeast, often: true},
	"more often than": {kind: kwGT, often: true}, "less often than": {kind: kwLT, often: true}, "more often": {kind: kwGT, often: true},
	"over": {kind: kwGT}, "more than": {kind: kwGT}, "greater than": {kind: kwGT}, "above": {kind: kwGT},
	"higher than": {kind: kwGT}, "exceeding": {kind: kwGT}, "larger than": {kind: kwGT}, "bigger than": {kind: kwGT},
	"exceeds": {kind: kwGT}, "exceeded": {kind: kwGT}, "bigger": {kind: kwGT},
	"at least": {kind: kwGTE}, "no less than": {kind: kwGTE}, "or more": {kind: kwGTE}, "or above": {kind: kwGTE}, "or higher": {kind: kwGTE}, "or over": {kind: kwGTE}, "or greater": {kind: kwGTE},
	"less than": {kind: kwLT}, "fewer than": {kind: kwLT}, "under": {kind: kwLT}, "below": {kind: kwLT},
	"lower than": {kind: kwLT}, "smaller than": {kind: kwLT}, "cheaper than": {kind: kwLT},
	"at most": {kind: kwLTE}, "no more than": {kind: kwLTE}, "up to": {kind: kwLTE}, "or less": {kind: kwLTE}, "or fewer": {kind: kwLTE}, "or below": {kind: kwLTE}, "or lower": {kind: kwLTE}, "or under": {kind: kwLTE},
	"between": {kind: kwBetween}, "equal to": {kind: kwEq},
	// "customers with only two orders", "stops that have only one route": exactly that many.
	"with only": {kind: kwEq}, "have only": {kind: kwEq}, "has only": {kind: kwEq}, "in only": {kind: kwEq}, "come in only": {kind: kwEq}, "comes in only": {kind: kwEq}, "equals": {kind: kwEq}, "exactly": {kind: kwEq},
	"not": {kind: kwNot}, "failed to": {kind: kwNot}, "fail to": {kind: kwNot}, "fails to": {kind: kwNot}, "excluding": {kind: kwNot}, "except": {kind: kwNot}, "other than": {kind: kwNot},
	"non": {kind: kwNot}, "isn't": {kind: kwNot}, "aren't": {kind: kwNot},
	// "headquartered outside the United States": anywhere but there.
	"outside": {kind: kwNot}, "outside of": {kind: kwNot},
	// "leave out guests", "apart from the guest account": the rows that follow are excluded.
	"leave out": {kind: kwNot}, "leaving out": {kind: kwNot}, "left out": {kind: kwNot}, "apart from": {kind: kwNot},
	"not counting": {kind: kwNot}, "excluding the": {kind: kwNot}, "without counting": {kind: kwNot},
	"and": {kind: kwAnd}, "or": {kind: kwOr},
	"versus": {kind: kwAnd, versus: true}, "vs": {kind: kwAnd, versus: true}, "compared with": {kind: kwAnd, versus: true},
	"compared to": {kind: kwAnd, versus: true}, "as against": {kind: kwAnd, versus: true},
	"compare with": {kind: kwAnd, versus: true}, "compare to": {kind: kwAnd, versus: true}, "compares with": {kind: kwAnd, versus: true}, "compared against": {kind: kwAnd, versus: true},
	"which": {kind: kwWhich}, "what": {kind: kwWhich},
	"sorted by": {kind: kwSort}, "ordered by": {kind: kwSort}, "sort by": {kind: kwSort}, "ranked by": {kind: kwSort},
	"rank by": {kind: kwSort}, "in order of": {kind: kwSort}, "in the order of": {kind: kwSort},
	// "in the order they aired": by the date the verb names.
	"in the order they": {kind: kwSort}, "in the order it": {kind: kwSort}, "in the order that they": {kind: kwSort},
	// "from most to least common": an order, not a superlative.
	"from most to least": {kind: kwDesc}, "most to least": {kind: kwDesc}, "from most to least common": {kind: kwDesc},
	"from least to most": {kind: kwAsc}, "least to most": {kind: kwAsc}, "from least to most common": {kind: kwAsc},
	"from highest to lowest": {kind: kwDesc}, "highest to lowest": {kind: kwDesc}, "from lowest to highest": {kind: kwAsc},
	"lowest to highest": {kind: kwAsc}, "from largest to smallest": {kind: kwDesc}, "from smallest to largest": {kind: kwAsc},
	"hottest first": {kind: kwDesc}, "warmest first": {kind: kwDesc}, "wettest first": {kind: kwDesc},
	"coldest first": {kind: kwAsc}, "coolest first": {kind: kwAsc}, "driest first": {kind: kwAsc},
	"highest first": {kind: kwDesc}, "largest first": {kind: kwDesc}, "biggest first": {kind: kwDesc}, "most first": {kind: kwDesc},
	"lowest first": {kind: kwAsc}, "smallest first": {kind: kwAsc}, "fewest first": {kind: kwAsc},
	"strongest first": {kind: kwDesc, dim: "strength"}, "weakest first": {kind: kwAsc, dim: "strength"},
	"fastest first": {kind: kwDesc}, "slowest first": {kind: kwAsc}, "longest first": {kind: kwDesc}, "shortest first": {kind: kwAsc},
	"busiest first": {kind: kwDesc}, "quietest first": {kind: kwAsc}, "richest first": {kind: kwDesc}, "poorest first": {kind: kwAsc},
	"heaviest first": {kind: kwDesc}, "lightest first": {kind: kwAsc}, "tallest first": {kind: kwDesc}, "cheapest first": {kind: kwAsc},
	"most expensive first": {kind: kwDesc}, "greatest first": {kind: kwDesc}, "least first": {kind: kwAsc},
	"ascending": {kind: kwAsc}, "asc": {kind: kwAsc}, "descending": {kind: kwDesc}, "desc": {kind: kwDesc},
	"daily": {kind: kwBucket, grain: grainDay}, "weekly": {kind: kwBucket, grain: grainWeek},
	"monthly": {kind: kwBucket, grain: grainMonth}, "quarterly": {kind: kwBucket, grain: grainQuarter},
	"yearly": {kind: kwBucket, grain: grainYear}, "annually": {kind: kwBucket, grain: grainYear},
	"annual": {kind: kwBucket, grain: grainYear}, "over time": {kind: kwBucket, grain: grainMonth, weak: true},
	// "how has it changed over the years": the yearly series.
	"over the years": {kind: kwBucket, grain: grainYear, weak: true}, "year by year": {kind: kwBucket, grain: grainYear}, "year-by-year": {kind: kwBucket, grain: grainYear}, "changed over the years": {kind: kwBucket, grain: grainYear},
	"change over the years": {kind: kwBucket, grain: grainYear}, "evolved over the years": {kind: kwBucket, grain: grainYear},
	"changed over time": {kind: kwBucket, grain: grainMonth, weak: true},
	"trend":             {kind: kwBucket, grain: grainMonth, weak: true}, "month over month": {kind: kwBucket, grain: grainMonth},
	"year over year": {kind: kwBucket, grain: grainYear}, "day by day": {kind: kwBucket, grain: grainDay},
	"day": {kind: kwUnit, grain: grainDay}, "days": {kind: kwUnit, grain: grainDay}, "nights": {kind: kwUnit, grain: grainDay}, "night": {kind: kwUnit, grain: grainDay},
	"hour of the day": {kind: kwUnit, grain: grainHour}, "hour of day": {kind: kwUnit, grain: grainHour},
	"time of day": {kind: kwUnit, grain: grainHour}, "hourly": {kind: kwBucket, grain: grainHour},
	"day of the week": {kind: kwUnit, grain: grainWeekday}, "day of week": {kind: kwUnit, grain: grainWeekday},
	"weekday": {kind: kwUnit, grain: grainWeekday}, "weekdays": {kind: kwUnit, grain: grainWeekday},
	"days of the week": {kind: kwUnit, grain: grainWeekday},
	"week":             {kind: kwUnit, grain: grainWeek}, "weeks": {kind: kwUnit, grain: grainWeek},
	"month": {kind: kwUnit, grain: grainMonth}, "months": {kind: kwUnit, grain: grainMonth},
	"month of the year": {kind: kwUnit, grain: grainMonth, ofYear: true}, "months of the year": {kind: kwUnit, grain: grainMonth, ofYear: true},
	"month of year": {kind: kwUnit, grain: grainMonth, ofYear: true}, "calendar month": {kind: kwUnit, grain: grainMonth, ofYear: true},
	"calendar year": {kind: kwUnit, grain: grainYear}, "calendar years": {kind: kwUnit, grain: grainYear},
	"quarter": {kind: kwUnit, grain: grainQuarter}, "quarters": {kind: kwUnit, grain: grainQuarter},
	"year": {kind: kwUnit, grain: grainYear}, "years": {kind: kwUnit, grain: grainYear},
	"decade": {kind: kwUnit, grain: grainDecade}, "decades": {kind: kwUnit, grain: grainDecade},
	"list": {kind: kwList}, "show": {kind: kwList}, "display": {kind: kwList}, "give me": {kind: kwList},
	"with": {kind: kwWith}, "having": {kind: kwWith}, "where": {kind: kwWith}, "whose": {kind: kwWith},
	"that have": {kind: kwWith}, "who have": {kind: kwWith}, "that had": {kind: kwWith}, "who had": {kind: kwWith},
	"earliest": {kind: kwFirst}, "first": {kind: kwFirst}, "oldest": {kind: kwFirst},
	"from which year on": {kind: kwFirst, grain: grainYear}, "from what year on": {kind: kwFirst, grain: grainYear},
	"since which year": {kind: kwFirst, grain: grainYear}, "since what year": {kind: kwFirst, grain: grainYear},
	"latest": {kind: kwLatest}, "most recent": {kind: kwLatest}, "newest": {kind: kwLatest}, "last": {kind: kwLatest}, "most recently": {kind: kwLatest},
	"youngest": {kind: kwLatest},
}

// maxKeywordWords is the longest keyword phrase in words.
const maxKeywordWords = 5

// stopWords carry no meaning for the query; anything else that maps to nothing makes the
// engine refuse. The list is deliberately short and explicit: articles, prepositions,
// auxiliaries, pronouns, politeness, and the generic verbs of business questions.
var stopWords = toSet(strings.Fields(`
	a an the of for in on at to from into as is are was were be been being do does did done
	there their them they it its this that these those we our us i me my you your his her
	please can could would will shall should tell get got gets getting find see give know want need needed
	pizzeria restaurant menu became become becomes strength reported
	all any some whole anything
	placed place made make makes generated generate created received receive recorded record
	have has had come comes came live lives living lived located based belong belongs belonging
	ordered bought purchased sold sell sells selling run ran running use used using spent spend earned
	s so far currently now ever right just also only still yet already member
	reporting reports report appear appears appeared
	value amount amounts figure figures number numbers
	dollars dollar usd eur euros euro units unit times
	breakdown distribution split
	about concerning regarding
	who whom how when then than new
	handle handles handled handling process processes processed take takes took taken taking
	pay pays paying supply supplies hold holds held look looks looked catalogue catalog
	carry carries carried carrying offer offers offered offering stock stocks stocked
	issued issue issues bring brings brought work works worked working raised raise raises
	registered register store stores shop
	include includes included including contain contains contained containing feature features featuring
	deliver delivers delivered delivering
	single altogether direct listed credited saw see sees seen footage assigned went goes go charged through via net
	something among own owns owned buy buys buying provide provides provided providing
	counting counted name names counts but
	ours theirs serve serves served serving put puts
	cover covers covered covering accept accepts accepted
	runs operate operates operated operating needs content measured known
	square kilometre kilometres kilometer kilometers millibar millibars knot knots
 occur happen up
	compete competes competed competing
	perform performs performed performing official nationwide countrywide
	study studied catch caught captured trapped sampled observed surveyed monitored mainly mostly primarily
	series say says said speak speaks spoke talk talks talked tagged
	mpg mileage engine fully purely entirely
	worldwide globally network data dataset let
	connect connects connected connecting transfer transfers lie lies lay situated stop stops
	meaning on file away orbital turn turned turns billed found discovered detected spotted orbit orbits orbiting circle circles circling contact classified classed categorized categorised mentioned mention mentions
	grant grants granted granting defined posted sit sits directly immediately ones`))

// Words in stopWords that are also schema-relevant are still matched first: the stop list is
// only consulted for words nothing else claimed. "spend", "amount", "value" and "units" are
// in it so that "how much did we spend" and "total amount" work when a schema has no such
// column, and are matched as columns when it has.

func toSet(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}
