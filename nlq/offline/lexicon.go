package offline

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/analytics-agent/service/nlq"
)

// candKind says what a word sequence can refer to.
type candKind int

const (
	candTable candKind = iota
	candColumn
	candValue
)

// cand is one interpretation of a word sequence, with a match score in (0, 1]: 1 for an
// exact name or sampled value, less for partial names and synonyms (Power BI's "orange"
// tier). Scores only rank interpretations of the same words against each other.
type cand struct {
	kind  candKind
	table *table
	col   *column // column and value candidates
	value string  // value candidates: the sampled value as stored
	score float64
	state *stateCond // a state phrase: "out of stock" is stock = 0
	// col2 and value2 complete a name split over two columns: "Mia Dubois" is
	// first_name = 'Mia' (col, value) and last_name = 'Dubois'.
	col2   *column
	value2 string
	negate bool // a flag said negatively: "inactive" for active
	item   bool // value is one item of a list-valued column: the condition is containment
	// pattern is a LIKE pattern the column matches ("E%" for "starting with E"), said about
	// a column rather than read from its values.
	pattern string
	// everyRow says a table candidate was found by words every row's name carries ("World
	// Cup"): said before another table's noun it restricts nothing.
	everyRow bool
}

// stateCond is the condition a state phrase stands for.
type stateCond struct {
	op  string
	val float64
	// link makes the state "has a row in the link table this key belongs to": "POV
	// characters" are those with a row in character_pov_books.
	link *fk
}

// statePhrases map everyday states to conditions on a column named by a word: "out of
// stock" is a stock or on-hand count of 0; "still out" (a rental, a loan, a tool) is a
// return date that is not set yet. A date state only applies to date columns, a count state
// only to number columns.
var statePhrases = []struct {
	phrase string
	words  []string
	state  stateCond
}{
	{"out of stock", []string{"stock", "hand", "inventory"}, stateCond{op: "=", val: 0}},
	{"in stock", []string{"stock", "hand", "inventory"}, stateCond{op: ">", val: 0}},
	{"sold out", []string{"stock", "hand", "inventory"}, stateCond{op: "=", val: 0}},
	{"still out", []string{"return", "returned"}, stateCond{op: "is null", val: 0}},
	{"not back", []string{"return", "returned"}, stateCond{op: "is null", val: 0}},
	{"not back yet", []string{"return", "returned"}, stateCond{op: "is null", val: 0}},
	{"not yet back", []string{"return", "returned"}, stateCond{op: "is null", val: 0}},
	{"not yet returned", []string{"return", "returned"}, stateCond{op: "is null", val: 0}},
	// "free" is what costs nothing.
	{"free", []string{"cost", "price", "fee", "charge"}, stateCond{op: "=", val: 0}},
	{"free of charge", []string{"cost", "price", "fee", "charge"}, stateCond{op: "=", val: 0}},
	// Days it rained: some precipitation measured; dry ones none.
	{"measurable precipitation", []string{"precipitation", "rainfall"}, stateCond{op: ">", val: 0}},
	{"measurable rain", []string{"precipitation", "rainfall"}, stateCond{op: ">", val: 0}},
	{"rainy", []string{"precipitation", "rainfall"}, stateCond{op: ">", val: 0}},
	{"wet", []string{"precipitation", "rainfall"}, stateCond{op: ">", val: 0}},
	{"dry", []string{"precipitation", "rainfall"}, stateCond{op: "=", val: 0}},
	{"no precipitation", []string{"precipitation", "rainfall"}, stateCond{op: "=", val: 0}},
	{"no rain", []string{"precipitation", "rainfall"}, stateCond{op: "=", val: 0}},
	// Records: a studio album is a full-length one, not an EP.
	{"studio", []string{"ep"}, stateCond{op: "=", val: 0}},
	// People with a date of death: those without one are alive.
	{"alive", []string{"died", "death", "deceased"}, stateCond{op: "is null", val: 0}},
	{"still alive", []string{"died", "death", "deceased"}, stateCond{op: "is null", val: 0}},
	{"living", []string{"died", "death", "deceased"}, stateCond{op: "is null", val: 0}},
	{"still living", []string{"died", "death", "deceased"}, stateCond{op: "is null", val: 0}},
	{"dead", []string{"died", "death", "deceased"}, stateCond{op: "is not null", val: 0}},
	{"no longer alive", []string{"died", "death", "deceased"}, stateCond{op: "is not null", val: 0}},
	{"no longer living", []string{"died", "death", "deceased"}, stateCond{op: "is not null", val: 0}},
	// A hospital's stays that ended in death: MIMIC-III's HOSPITAL_EXPIRE_FLAG = 1 (words
	// with a space must all be in the column's name).
	{"died", []string{"expire"}, stateCond{op: "=", val: 1}},
	{"dying", []string{"expire"}, stateCond{op: "=", val: 1}},
	{"expired", []string{"expire"}, stateCond{op: "=", val: 1}},
	{"survived", []string{"expire"}, stateCond{op: "=", val: 0}},
	{"died in the hospital", []string{"hospital expire"}, stateCond{op: "=", val: 1}},
	{"dying in the hospital", []string{"hospital expire"}, stateCond{op: "=", val: 1}},
	{"died in hospital", []string{"hospital expire"}, stateCond{op: "=", val: 1}},
	{"dying in hospital", []string{"hospital expire"}, stateCond{op: "=", val: 1}},
	{"in-hospital death", []string{"hospital expire"}, stateCond{op: "=", val: 1}},
	{"survived the hospital stay", []string{"hospital expire"}, stateCond{op: "=", val: 0}},
}

func (c cand) key() string {
	switch c.kind {
	case candTable:
		return "t:" + c.table.name
	case candColumn:
		if c.negate {
			return "c:not " + c.table.name + "." + c.col.name
		}
		return "c:" + c.table.name + "." + c.col.name
	}
	if c.state != nil {
		return fmt.Sprintf("s:%s.%s%s%v", c.table.name, c.col.name, c.state.op, c.state.val)
	}
	if c.col2 != nil {
		return "v:" + c.table.name + "." + c.col.name + "=" + c.value + "&" + c.col2.name + "=" + c.value2
	}
	if c.item {
		return "v:" + c.table.name + "." + c.col.name + " contains " + c.value
	}
	return "v:" + c.table.name + "." + c.col.name + "=" + c.value
}

// Scores of the match tiers.
const (
	scoreCurated  = 1.05 // the request's synonyms
	scoreExact    = 1.0
	scoreHead     = 0.8 // the head word of a multi-word name: "amount" for total_amount
	scoreSynonym  = 0.85
	scoreModifier = 0.5 // another word of a multi-word name: "unit" for unit_price
	scoreAmbig    = 0.5 // a generic column name alone: "name"
	// emptyPenalty is taken off every reading in a table without rows: enough to settle a tie
	// (SalesOrder and an empty PurchaseOrder), not to beat a better match.
	emptyPenalty = 0.03
)

// identWords end the names of columns that tell rows apart (ord_num, invoice_no).
var identWords = map[string]bool{"number": true, "num": true, "no": true, "id": true, "code": true}

// genericWords are column-name words too vague to name a column on their own.
var genericWords = map[string]bool{"id": true, "name": true, "date": true, "at": true, "on": true, "number": true, "num": true, "no": true, "code": true, "type": true, "total": true, "is": true, "time": true, "value": true}

// quantifierHeads end column names (DIST_EDUC_ALL, VET_NA) but, alone in a question, say
// how many rows are meant.
var quantifierHeads = map[string]bool{"all": true, "any": true, "each": true, "every": true, "both": true, "none": true}

// roleWords name the row a self-reference points to (employees.reports_to).
var roleWords = []string{"manager", "supervisor", "boss", "lead", "superior", "report to", "reporting to", "report directly to", "reporting directly to", "head"}

// linkWords are the small words inside column names that never name the column alone.
var linkWords = map[string]bool{"in": true, "of": true, "on": true, "at": true, "per": true, "by": true, "to": true,
	"for": true, "and": true, "or": true, "is": true, "has": true, "the": true, "a": true, "from": true, "with": true}

// comparisonWords inside a name spelled out from a value ('Certificate of at least 1 but less
// than 4 years') name nothing alone.
var comparisonWords = map[string]bool{"than": true, "but": true, "less": true, "least": true, "more": true, "most": true, "not": true}

// sequenceWords end the name of a column that numbers rows: Segment_num, line_no, stop_sequence.
var sequenceWords = map[string]bool{"num": true, "number": true, "no": true, "nbr": true, "seq": true, "sequence": true}

// sequenceNoun is the noun a column numbering t's rows within their parent calls them
// (Segment_num: "segment"), or "": its values count from 0 or 1 to a thousand at most,
// repeating across parents, and it is no key.
func sequenceNoun(t *table, c *column) string {
	if t.view || c.class == classKey || t.fkCols[c] || c == t.pk || len(c.words) != 2 || !sequenceWords[c.words[1]] || len(c.words[0]) < 3 ||
		slices.Contains(t.words, c.words[0]) || c.prof == nil || c.prof.Distinct == 0 || c.prof.Distinct*2 > c.prof.Rows {
		return ""
	}
	lo, err1 := strconv.Atoi(c.prof.Min)
	hi, err2 := strconv.Atoi(c.prof.Max)
	if err1 != nil || err2 != nil || lo < 0 || lo > 1 || hi > 1000 {
		return ""
	}
	return c.words[0]
}

// flagStem is the flag whose name's last word is w cut short (colors.is_trans for
// "transparent"): a name of "is" and one word of four or five letters that w begins with, w
// being at least three letters longer. nil when no flag, or more than one, is so named.
func (l *lexicon) flagStem(w string) []cand {
	var out []cand
	for _, c := range l.shortFlags {
		ws := strings.Split(strings.ToLower(c.col.name), "_")
		stub := ws[len(ws)-1]
		if strings.HasPrefix(w, stub) && len(w) >= len(stub)+3 {
			out = append(out, c)
		}
	}
	if len(out) != 1 {
		return nil
	}
	return out
}

// sameWords say exactly what the word they map to says: where the schema names nothing by
// the word itself, it is read as that word ("pieces" of a schema that counts parts).
var sameWords = map[string]string{"piece": "part"}

// aliases maps everyday words (singular, lower case) to schema words they stand for. Targets
// are tried as phrases against table and column names.
var aliases = map[string][]string{
	"client": {"customer"}, "buyer": {"customer"}, "account": {"customer", "user"}, "shopper": {"customer"},
	"item": {"product"}, "sku": {"product"}, "good": {"product"}, "model": {"product"},
	"institution": {"affiliation", "institution", "organization"},
	// An industry is written as its standard classification code (SIC, NAICS).
	"industry": {"industry", "sic", "naics", "sector"},
	// A customer's account is the account; where a company sits is its head office.
	"customer account": {"account", "customer"}, "client account": {"account", "customer"},
	"headquarters": {"headquarters", "head office", "office location", "hq"}, "headquartered": {"headquarters", "head office", "office location", "hq"},
	"hq": {"headquarters", "head office", "office location"}, "headquarter": {"headquarters", "head office", "office location", "hq"},
	// The price a maker suggests is the list price; a deal's closing value is its close value.
	"suggested retail price": {"suggested retail price", "msrp", "list price", "retail price", "sale price", "price"}, "msrp": {"msrp", "list price", "retail price", "sale price"},
	"closing value": {"close value"}, "closing date": {"close date"}, "closing price": {"close price", "close"}, "opening price": {"open price", "open"},
	"purchase": {"order"}, "transaction": {"order"},
	// A user's full name is kept as the real name beside the handle (Slack's real_name).
	"full name": {"real name"},
	// A record's creation is when it was added; an account switched off is kept as deleted.
	"added": {"created"}, "deactivated": {"deleted", "disabled", "inactive"},
	"salesperson": {"employee", "sale rep", "rep"}, "seller": {"employee", "sale rep", "rep"}, "representative": {"sale rep", "rep"},
	"sale representative": {"sale rep"}, "sale person": {"sale rep"}, "salespeople": {"sale rep"},
	"account manager": {"sale rep"}, "rep": {"sale rep"}, "employee": {"sale rep"},
	// A sales rep kept as a name on the customer (AdventureWorksLT's Customer.SalesPerson).
	"sale rep": {"sale rep", "salesperson", "sale person"},
	// Members of a parliament: "lawmakers", "members of Congress", "MPs".
	"lawmaker": {"legislator", "member"}, "congressman": {"legislator", "member"}, "congresswoman": {"legislator", "member"},
	"member of congress": {"legislator"}, "seat": {"membership", "seat"}, "assignment": {"membership", "assignment"}, "post": {"role", "position", "post"}, "position": {"role", "title", "position"}, "member of parliament": {"legislator", "member"}, "mp": {"legislator", "member"},
	"politician": {"legislator", "politician"}, "member": {"member", "legislator", "user"},
	// "when did it go on sale": the day it was first sold; "what does it sell for": its price.
	"go on sale": {"sell start date", "sell start", "launch date", "release date"}, "went on sale": {"sell start date", "sell start", "launch date", "release date"},
	"goes on sale": {"sell start date", "sell start", "launch date", "release date"}, "came on sale": {"sell start date", "sell start", "launch date", "release date"},
	"sell for": {"list price", "price", "retail price"}, "sells for": {"list price", "price", "retail price"},
	"selling for": {"list price", "price", "retail price"}, "retail for": {"list price", "price", "retail price"}, "retails for": {"list price", "price", "retail price"},
	// "customers addressed as Sra.": their title (courtesy).
	"addressed as": {"title", "courtesy title", "salutation"},
	// "resellers that opened for business in 2000": the year they opened; "homeowners".
	"opened for business": {"opened", "year opened", "open date"}, "open for business": {"opened", "year opened", "open date"},
	"homeowner": {"house owner flag", "home owner flag", "house owner", "home owner"}, "home owner": {"house owner flag", "home owner flag", "house owner", "home owner"},
	"exchange rate": {"rate", "exchange rate"},
	// Colleges, schools and universities are the institutions a register of them keeps.
	"college": {"college", "institution", "school", "university"}, "school": {"school", "institution", "college", "university"},
	"university": {"university", "institution", "college", "school"},
	"applicant":  {"application", "applicant"}, "campus": {"campus", "institution", "school", "college"},
	// A college's dormitories are its student housing, counted in rooms or beds.
	"dormitory": {"dormitory", "room", "housing"}, "dorm": {"dorm", "room", "housing"}, "residence hall": {"room", "housing"},
	// "the chart of accounts" is the accounts table itself.
	"chart of account": {"account"},
	// Astronomy: a planetary system is a system, a planet's year its orbital period.
	"planetary system": {"system"}, "orbital period": {"period", "orbital period"}, "parsec": {"distance"}, "far away": {"distance"},
	"how far": {"distance"}, "how far away": {"distance"}, "designation": {"name"},
	"nation": {"country"}, "area": {"region"}, "territory": {"region"}, "zone": {"region"},
	// "when did the 1966 World Cup start and finish": its end date.
	"finish": {"end"}, "finished": {"end"},
	// "Pokémon of Gen 4": a generation; "the bus operator": the agency that runs the service.
	"gen": {"generation"}, "operator": {"agency", "operator", "carrier"},
	// Sports: a game is a match, a ground a stadium.
	"game": {"match", "game"}, "ground": {"stadium", "venue", "ground"},
	"promotion": {"campaign"}, "promo": {"campaign"}, "ad": {"campaign"},
	"qty": {"quantity"}, "unit sold": {"quantity", "unit sale"}, "unit": {"quantity"},
	"unit ordered": {"order qty", "order quantity", "quantity", "qty"}, "quantity ordered": {"order qty", "order quantity", "quantity", "qty"},
	"state or province": {"state province", "state", "province"}, "states or province": {"state province", "state", "province"},
	// Sizes of places: a store's floor space is its square footage (FoodMart's store_sqft).
	"floor space": {"sqft", "square foot", "floor area", "area"}, "square footage": {"sqft", "square foot"}, "square feet": {"sqft"},
	"membership card": {"member card", "membership card"}, "membership": {"member card", "membership"},
	"kind": {"category", "type", "class"}, "type": {"category", "class"}, "product line": {"category"},
	"street": {"address", "street"}, "street address": {"address", "street", "address street name", "street name"},
	"town": {"city"}, "e mail": {"email"}, "mail": {"email"}, "email address": {"email", "email address"}, "e mail address": {"email"}, "telephone": {"phone"}, "phone number": {"phone", "telephone"},
	"sign up": {"signup date", "signup"}, "signed up": {"signup date", "signup"}, "joined": {"signup date", "signup", "hire date", "hire", "start date", "accession date", "accession", "join date", "date joined", "member since", "since"},
	"registered": {"signup date", "signup"}, "registration": {"signup date", "signup"}, "signup": {"signup date"},
	"state": {"status"}, "order status": {"status"},
	"spending": {"spend"}, "spent": {"spend"}, "expense": {"spend", "cost"}, "ad spend": {"spend"},
	"priced": {"price"}, "cost": {"price", "spend"},
	// "home planet", "home town": the place a row's own key names as its home (homeworld_id).
	"home planet": {"homeworld", "home world"}, "home world": {"homeworld"}, "home town": {"hometown", "home city"},
	// "species classified as amphibians": their classification.
	"classified": {"classification", "class"}, "classified as": {"classification", "class"},
	// "starships Luke has flown": piloted.
	"flown": {"pilot"}, "flew": {"pilot"}, "fly": {"pilot"},
	// A country's people are its population, its economy its GDP; emissions are of carbon.
	"inhabitant": {"population"}, "populous": {"population"},
	"economy": {"gdp", "gross domestic product"}, "economic output": {"gdp"},
	"carbon": {"co2", "emission", "carbon"}, "emit": {"emission"}, "emitted": {"emission"}, "emits": {"emission"},
	"catch": {"capture"}, "caught": {"capture"}, "catch rate": {"capture rate"},
	"marketing channel": {"channel"}, "source": {"channel"},
	// A donor gives contributions: the contributor, or the individual of a register of gifts.
	"donor": {"contributor", "donor", "individual"}, "donation": {"contribution", "donation"},
	"market": {"segment"}, "customer segment": {"segment"},
	// A trip is what a travel agency sells as a travel.
	"trip": {"trip", "travel", "journey"},
	// A general business thesaurus with unit knowledge: a length or duration is stored in
	// minutes, seconds or milliseconds; a quantity as qty; a staff member is staff.
	"length":     {"duration minute", "duration", "millisecond", "duration second", "duration ms", "minute", "second"},
	"duration":   {"length", "duration minute", "millisecond", "duration ms", "minute", "second"},
	"time spent": {"duration minute", "duration"}, "minutes spent": {"duration minute"},
	"quantity": {"qty", "quantity"}, "amount of unit": {"quantity", "qty"},
	"staff member": {"staff", "employee"}, "worker": {"employee", "staff", "technician"},
	"billed": {"billed amount", "invoice total", "amount billed"}, "invoiced": {"invoice total", "billed amount"},
	"bill": {"billed amount", "invoice total", "amount billed"}, "invoice amount": {"invoice total"},
	"long": {"length", "duration minute", "duration", "millisecond", "duration ms", "runtime"},
	"copy": {"inventory", "quantity"}, "stock item": {"inventory"},
	// Everyday names of where and what a business sells: a bookstore or shop is a store, a
	// genre or category is a type.
	"bookstore": {"store"}, "book store": {"store"}, "shop": {"store"},
	"office": {"location", "office", "branch"}, "office location": {"location", "office"},
	"genre": {"category", "type", "genre"}, "category": {"category", "type"},
	"unit on hand": {"qty on hand", "quantity on hand", "unit in stock", "stock"}, "unit in stock": {"qty on hand", "quantity on hand", "stock"},
	"in stock": {"quantity on hand", "qty on hand", "unit in stock", "stock quantity", "stock", "inventory"}, "on hand": {"quantity on hand", "qty on hand", "unit in stock", "stock", "inventory"},
	"distance": {"travel km", "km", "mile", "distance km"}, "rate": {"rating", "hourly rate"},
	// Everyday names of common things: a song is a track, people are persons or staff, a
	// charge or fee is a cost (Northwind's freight is what an order is charged for shipping).
	"song": {"track"}, "tune": {"track"},
	// A visit is a check-in; a level or tier of a membership is its status; a phone is a
	// telephone.
	"visit": {"check in", "visit", "encounter", "appointment"}, "level": {"level", "status", "tier"}, "tier": {"tier", "level", "status"},
	"phone": {"telephone", "phone"},
	// Where a flight or a trip starts and ends; how high a place is.
	// ("departing" and "arriving" say which end of a route, see roleGroups.)
	"departure": {"source airport", "source", "origin"}, "arrival": {"destination airport", "destination"},
	"elevation": {"altitude", "elevation"}, "size": {"size", "area"}, "how big": {"area", "size"}, "how large": {"area", "size"},
	// Readings said with what they read: a wind's speed, an ozone level, a storm's central
	// pressure are the wind, the ozone, the pressure kept.
	"wind speed": {"wind", "wind speed"}, "sustained wind": {"wind"}, "sustained wind speed": {"wind"},
	"ozone level": {"ozone"}, "central pressure": {"pressure"}, "air pressure": {"pressure"},
	// A dish's toppings are its ingredients; what a menu asks is the price.
	"topping": {"ingredient", "topping"}, "menu price": {"price"},
	// What setting something up cost; who lives in a place.
	"set up": {"initial outlay", "setup cost", "setup", "installation cost"}, "setup": {"initial outlay", "setup cost"},
	"resident": {"person", "resident", "citizen", "population"},
	// Who wrote something: its author, a song's composer.
	"wrote": {"author", "composer", "writer"}, "written": {"author", "composer", "writer"}, "write": {"author", "composer", "writer"}, "person": {"employee", "staff", "member", "customer", "user", "population"},
	"charge": {"cost", "fee", "freight", "price"}, "fee": {"cost", "charge"},
	"stocked": {"inventory", "stock"},
	// The state of a delivery is the shipment's or shipping status.
	"delivery status": {"shipment status", "shipping status", "delivery status", "ship status"},
	// Parts of a person's name and events of a person's working life.
	"paid": {"amount", "payment amount", "payment", "salary", "wage"}, "payout": {"payment"},
	// What people earn is their salary or wage ("paid" alone stays a payment).
	"earn": {"salary", "wage", "pay", "income", "annual income"}, "best paid": {"salary", "wage", "pay"}, "highest paid": {"salary", "wage", "pay"},
	"lowest paid": {"salary", "wage", "pay"}, "worst paid": {"salary", "wage", "pay"},
	"surname": {"last name"}, "family name": {"last name"}, "forename": {"first name"}, "given name": {"first name"},
	"hired": {"hire date", "hire"}, "started": {"hire date", "start date", "begin date"}, "starting": {"start date", "begin date"},
	"began": {"start date", "begin date", "start"}, "begun": {"start date", "begin date", "start"}, "ended": {"end date"}, "ending": {"end date"},
	"begin": {"start date", "begin date"}, "begins": {"start date", "begin date"},
	// A broadcast and who watched it; who takes part in a contest; when a person died.
	"aired": {"air date", "airdate", "episode date", "broadcast date", "first aired"}, "broadcast": {"air date", "airdate", "broadcast date", "episode date", "first aired"},
	"shown": {"air date", "airdate", "broadcast date", "first aired"}, "screened": {"air date", "airdate", "broadcast date", "first aired"}, "first shown": {"air date", "airdate", "premiere", "first aired"},
	"premiered": {"premiere", "premiere date", "air date", "first aired"}, "premiere": {"premiere", "premiere date", "first aired"},
	"air date": {"air date", "airdate", "first aired"}, "first broadcast": {"first aired", "premiere", "air date"},
	"audience": {"viewer", "viewership", "view"}, "watched": {"viewer", "view"}, "viewership": {"viewer", "view"}, "tuned in": {"viewer"},
	"viewer": {"viewer", "view"},
	// A transcript's characters are who speaks its lines, its utterances.
	"character": {"character", "speaker"},
	"line":      {"line", "utterance"}, "spoken line": {"utterance"},
	"contestant": {"participant", "competitor", "player", "castaway", "entrant"},
	// A contest's entries: the acts that took part in one of its editions, held at a venue.
	"act": {"contestant", "performer", "participant", "entrant"}, "edition": {"contest", "tournament", "competition", "festival"},
	"venue":     {"venue", "arena", "stadium", "ground"},
	"take part": {"contestant", "participant", "entrant", "competitor"}, "took part": {"contestant", "participant", "entrant", "competitor"},
	"taken part": {"contestant", "participant", "entrant", "competitor"}, "taking part": {"contestant", "participant", "entrant", "competitor"}, "competitor": {"participant", "contestant", "player"},
	// Where no one's death is dated, the people who died are the rows that record each
	// death (a storm's fatalities), and the injured its injuries.
	"died": {"date of death", "death date", "dod", "year of death", "death year", "place of death", "fatality"}, "killed": {"fatality"},
	"injured": {"injury"},
	// A city's wards and districts are its neighbourhoods where the data says so; a rental's
	// nightly rate is its price; a guest's review and rating are the reviews' and their score;
	// a weather service's weather events are its events.
	"ward": {"neighbourhood", "neighborhood", "district", "borough"}, "nightly rate": {"price"}, "nightly price": {"price"}, "price per night": {"price"}, "weather event": {"event"},
	"guest review": {"review"}, "guest rating": {"review score rating", "rating"}, "overall rating": {"review score rating", "rating"},
	// Rows that record arrivals and departures: a shelter's intakes and outcomes, a
	// hospital's admissions and discharges.
	"arrived": {"arrival", "intake", "admission"}, "arrive": {"arrival", "intake", "admission"}, "arriving": {"arrival", "intake", "admission"},
	"came in": {"intake", "admission"}, "come in": {"intake", "admission"}, "came into": {"intake", "admission"}, "brought in": {"intake", "admission"},
	"leave": {"outcome", "departure", "discharge"}, "leaving": {"outcome", "departure", "discharge"},
	"passed away": {"date of death", "death date", "dod"}, "deceased": {"date of death", "death date"},
	"destination":         {"ship country", "destination country", "delivery country"},
	"destination country": {"ship country", "delivery country"}, "destination city": {"ship city", "delivery city"},
	"came back": {"return date", "returned"},
	// Life events and everyday names of rows: a birth date, the day someone joined, staff,
	// movies, the size a file takes up.
	// The FJC's birthplace_state: a judge's birth state.
	"birth state": {"birthplace state", "birth state"}, "birth city": {"birthplace city", "birth city"}, "birth country": {"birthplace country", "birth country"},
	"born": {"birth date", "birthdate", "birthday", "date of birth", "dob", "birth country", "birth city", "birth state", "birth year", "year of birth", "place of birth", "birthplace", "birthplace state", "birthplace city", "birthplace country"},
	// "works Tate acquired in 1997": the year of their acquisition.
	"acquire": {"acquisition", "acquisition date", "acquisition year", "acquired"}, "acquired": {"acquisition", "acquisition date", "acquisition year"},
	"acquiring": {"acquisition", "acquisition date", "acquisition year"},
	// A work of art is an artwork.
	"work": {"artwork", "work"}, "birthday": {"birth date", "birthdate", "date of birth"},
	"join": {"hire date", "start date", "signup date", "accession date", "accession"},
	// A country joins a union by its accession; a government is the cabinet in office.
	"government": {"cabinet", "government"},
	// A cabinet's prime minister, as a flag on the party that provides one (pm).
	"prime minister": {"pm", "prime minister"}, "premier": {"pm", "prime minister"},
	// New York's boroughs, as its city data abbreviates them.
	"borough": {"borough", "boro"}, "staff": {"employee"}, "movie": {"film"},
	"borrow": {"loan", "rental"}, "borrowed": {"loan", "rental"}, "lend": {"loan", "rental"}, "lent": {"loan", "rental"},
	"join the company": {"hire date", "start date"}, "joined the company": {"hire date", "start date"},
	// What shipping costs: Northwind's Freight, a shipping_cost or shipping_fee elsewhere.
	"shipping cost": {"freight", "shipping fee", "shipping"}, "paid to ship": {"freight", "shipping cost", "shipping fee"},
	"cost to ship": {"freight", "shipping cost", "shipping fee"}, "pay to ship": {"freight", "shipping cost", "shipping fee"},
	// Who a business buys from; where a team plays; who runs a team; a sports year.
	"supplier": {"vendor"}, "vendor": {"supplier"}, "ballpark": {"park", "stadium"}, "stadium": {"park", "venue"},
	"skipper": {"manager"}, "season": {"year"}, "series": {"series", "season"}, "running time": {"duration", "runtime", "run time", "length"}, "run time": {"duration", "runtime", "length"},
	// Care: a visit to a doctor is an encounter, a drug a medication, a shot an immunization,
	// an insurer a payer, a hospital or clinic an organization that provides care.
	"appointment": {"encounter", "visit", "appointment"}, "drug": {"medication", "medicine", "drug"}, "medicine": {"medication", "drug"},
	"prescription": {"medication", "prescription", "drug"}, "prescribed": {"medication", "prescription", "drug"}, "prescribe": {"medication", "prescription", "drug"},
	"vaccine": {"immunization", "vaccination", "vaccine"}, "vaccination": {"immunization", "vaccination"}, "shot": {"immunization", "vaccination"},
	"vaccinated": {"immunization", "vaccination"}, "diagnosis": {"condition", "diagnosis"}, "diagnosed": {"condition", "diagnosis"},
	"performed": {"procedure"}, // "procedures performed in 2022"
	"insurer":   {"payer", "insurer", "insurance company"}, "insurance company": {"payer", "insurer"}, "insurance": {"payer", "insurance"},
	"hospital": {"organization", "hospital", "facility"}, "clinic": {"organization", "clinic", "facility"},
	"doctor": {"provider", "physician", "doctor"}, "physician": {"provider", "physician", "doctor"}, "clinician": {"provider", "clinician"},
	"aircraft": {"plane", "aircraft", "airplane", "equipment"}, "airplane": {"plane", "aircraft"},
	"specialty": {"speciality", "specialty"}, "speciality": {"specialty", "speciality"},
	// Weather: a day's high and low are its highest and lowest temperature; rain and snow
	// are precipitation.
	"high": {"max temperature", "maximum temperature", "high temperature"}, "low": {"min temperature", "minimum temperature", "low temperature"},
	"daily high": {"max temperature", "maximum temperature"}, "daily low": {"min temperature", "minimum temperature"},
	"high temperature": {"max temperature", "maximum temperature"}, "low temperature": {"min temperature", "minimum temperature"},
	"rain": {"precipitation", "rainfall"}, "rainfall": {"precipitation", "rain"}, "snow": {"snowfall", "precipitation"},
	"rain and snow": {"precipitation"}, "rain or snow": {"precipitation"}, "snowfall": {"snow"},
	// Motor racing: a team is a constructor, a circuit's corners are its turns.
	"team": {"constructor", "team"}, "corner": {"turn", "corner"},
	// A champion won the championship; a world champion the world's.
	"champion": {"championship won", "champion"}, "world champion": {"championship won", "champion"},
	"finishing position": {"position number", "position"}, "pole": {"pole position"}, "qualified on pole": {"pole position"}, "started from pole": {"pole position"}, "started on pole": {"pole position"}, "maker": {"manufacturer"},
	"die": {"date of death", "death date", "dod", "fatality"}, "dies": {"date of death", "death date", "dod", "fatality"},
	// When a character, a product or a band first appeared: its debut.
	"debut": {"first appearance", "debut", "introduction date", "launch date"}, "debuted": {"first appearance", "debut", "introduction date", "launch date"},
	"introduce": {"first appearance", "introduction date", "launch date", "debut"}, "introduced": {"first appearance", "introduction date", "launch date", "debut"},
	"first appear": {"first appearance", "debut"}, "first appeared": {"first appearance", "debut"},
	// What people do for a living is their occupation.
	"do for a living": {"occupation", "job", "profession"}, "for a living": {"occupation", "job", "profession"},
	// A film comes out on its release date and grosses its box office; the Oscars are the
	// Academy Awards; a film's rating on a site is its score there.
	"come out": {"release date", "release", "released"}, "came out": {"release date", "release", "released"}, "comes out": {"release date", "release", "released"},
	"gross": {"box office", "gross"}, "grossed": {"box office", "gross"}, "grosses": {"box office", "gross"}, "takings": {"box office", "gross"},
	"oscar": {"academy award", "academy"}, "academy award": {"academy"}, "rating": {"rating", "score"},
	// Stars are a repository's stargazers, the language it is written in its language; a
	// house's words are its motto, whom a row is sworn, loyal or pledged to its allegiance;
	// a body's mass is its weight; a book's pages are its page count.
	"star": {"stargazer count", "stargazer", "star"}, "starred": {"stargazer count", "stargazer"},
	"programming language": {"language"}, "written in": {"language"}, "for hire": {"hireable"}, "available for hire": {"hireable"},
	"other name": {"alias", "nickname"}, "pledged": {"allegiance"}, "pledge": {"allegiance"}, "motto": {"word", "motto", "slogan"}, "sworn": {"allegiance"}, "loyal": {"allegiance"}, "loyalty": {"allegiance"},
	"weight": {"mass", "body mass", "weight"}, "weigh": {"mass", "body mass", "weight"}, "weighed": {"mass", "body mass", "weight"},
	"page count": {"number of page", "page count", "page"}, "how many page": {"number of page", "page count", "page"},
	// A car's maker is its make (the EPA's, most registers'), its gearbox its transmission; who
	// lives in a place is its population, how closely they live its density.
	"manufacturer": {"make", "manufacturer", "maker", "brand"}, "brand": {"brand", "make", "manufacturer"}, "carmaker": {"make", "manufacturer", "maker"},
	"automaker": {"make", "manufacturer", "maker"}, "car": {"vehicle", "car", "automobile"}, "automobile": {"vehicle", "car"},
	"gearbox": {"transmission", "tran"}, "transmission": {"transmission", "tran"}, "model year": {"model year", "year"}, "drive train": {"drive", "drivetrain"}, "drivetrain": {"drive", "drive train"}, "size class": {"class", "size class"},
	// Who goes through a station, a museum or a shop: its entries, riders, visitors, the people
	// who entered it ("people" is read as "person").
	"entry": {"passenger", "entry", "visitor", "ridership", "contestant", "entrant"}, "ridership": {"passenger", "ridership", "rider"}, "rider": {"passenger", "rider", "ridership"},
	"person entered": {"passenger", "entry", "visitor"}, "person entering": {"passenger", "entry", "visitor"},
	// Per head of a population; a country's three-letter code is its ISO alpha-3.
	"income per person": {"gdp per capita", "income per person"}, "numeric code": {"iso number", "numeric code"}, "numeric iso code": {"iso number"}, "numeric iso country code": {"iso number"},
	"per person": {"per capita"}, "per head": {"per capita"}, "per inhabitant": {"per capita"}, "per resident": {"per capita"},
	"three letter code": {"iso alpha", "alpha 3", "iso3"}, "three letter iso code": {"iso alpha", "alpha 3", "iso3"}, "letter code": {"iso alpha", "alpha"},
	"footfall": {"visitor", "passenger", "footfall"}, "traffic": {"passenger", "traffic", "visitor"},
	"inhabitants": {"population"}, "densely populated": {"density"}, "population density": {"density", "population density"},
	"disk space": {"byte", "size"}, "file size": {"byte", "size"}, "space": {"byte", "size"}, "come back": {"return date", "returned"}, "brought back": {"return date", "returned"},
}

// valueWordAliases are everyday words for the words a stored category is said with: a dead
// character is one stored as deceased, a villain a bad one, a hero a good one.
var valueWordAliases = map[string][]string{
	"dead": {"deceased", "dead"}, "living": {"alive", "living"}, "alive": {"living", "alive"},
	"composer": {"musician", "composer"},
	"villain":  {"bad", "villain", "evil"}, "hero": {"good", "hero"}, "heroe": {"good", "hero"}, "superhero": {"good", "hero"},
	"gay": {"homosexual"}, "lesbian": {"homosexual"},
	// An organisation among people is often stored as the short 'org' (a laureate's gender).
	"organisation": {"org", "organisation", "organization"}, "organization": {"org", "organisation", "organization"},
}

// tableWordAliases are everyday words for a word that tables are named with: a gym is a
// fitness club.
var tableWordAliases = map[string][]string{"gym": {"fit", "fitness", "gym"}, "fitness": {"fit", "gym"}}

// phraseOnlyAliases reach their targets only with the rest of the target's name: "membership
// level" is membership_status, but a bare "tier" is no order's status.
var phraseOnlyAliases = map[string]bool{"level": true, "tier": true}

// agentNouns name who did what a column called "<participle> by" records.
var agentNouns = map[string][]string{
	"directed": {"director", "directed"}, "written": {"writer", "written", "wrote"}, "created": {"creator", "created"},
	"produced": {"producer", "produced"}, "composed": {"composer", "composed"}, "designed": {"designer", "designed"},
	"painted": {"painter", "painted"}, "illustrated": {"illustrator", "illustrated"}, "edited": {"editor", "edited"},
	"narrated": {"narrator", "narrated"}, "hosted": {"host", "hosted"}, "owned": {"owner", "owned"},
	"managed": {"manager", "managed"}, "performed": {"performer", "performed"}, "sung": {"singer", "sung"},
	"approved": {"approver", "approved"}, "reviewed": {"reviewer", "reviewed"},
	"played": {"actor", "actress", "played", "plays", "play"},
}

// tableAliases maps everyday names of rows to the table names catalogues use for them; unlike
// aliases they reach only tables (a book is a row of titles, not a job title column).
var tableAliases = map[string][]string{
	"book": {"book", "title"},
	// A patient is a person: the OMOP common data model keeps patients in person.
	"patient": {"patient", "person"}, "individual": {"person", "individual"},
	// "how many women work for us": the employees.
	"work for us": {"employee", "staff"}, "works for us": {"employee", "staff"}, "working for us": {"employee", "staff"},
	"work for u": {"employee", "staff"}, "work here": {"employee", "staff"},
	// Care records by their everyday names: a reading or a lab result is a measurement.
	"reading": {"reading", "measurement"}, "lab result": {"lab result", "measurement"}, "lab test": {"lab test", "measurement"},
	"vital sign": {"vital sign", "measurement"},
	// The lines of an order or an invoice are its items or details, whatever the schema calls
	// them (oracle_co's order_items, Northwind's "Order Details", Chinook's InvoiceLine).
	"order line": {"order item", "order detail", "order line"}, "invoice line": {"invoice item", "invoice detail", "invoice line"},
	"line item": {"order item", "order detail", "order line", "invoice line", "invoice item"},
	// A field study's rows: each animal caught, a capture, an observation.
	"animal": {"animal", "specimen", "capture", "observation", "survey"}, "capture": {"capture", "observation", "survey"},
	"specimen": {"specimen", "observation", "survey"},
	// A monitoring protocol's visits to a site: a survey, a sampling event, a field visit.
	"survey": {"survey", "event", "visit"}, "sampling event": {"sampling event", "event", "survey", "visit"},
	"survey event": {"survey event", "event", "survey", "visit"}, "sampling": {"sampling", "event", "survey", "visit"},
	// A filing made with a regulator is a submission: the SEC's EDGAR keeps them in "sub".
	"filing": {"filing", "submission", "sub"},
}

// moneySynonyms rank money columns for everyday measure words by the words in their names:
// "sales" prefers an order amount, "revenue" a revenue column.
var moneySynonyms = map[string]map[string]float64{
	"revenue":  {"revenue": 0.95, "sale": 0.85, "amount": 0.82, "total": 0.8, "subtotal": 0.7, "income": 0.85},
	"sale":     {"sale": 0.95, "amount": 0.85, "total": 0.82, "revenue": 0.8, "subtotal": 0.7},
	"sold for": {"sale": 0.95, "amount": 0.85, "total": 0.82, "revenue": 0.8, "subtotal": 0.7},
	"income":   {"income": 0.95, "revenue": 0.9, "amount": 0.8, "total": 0.78},
	"turnover": {"revenue": 0.9, "sale": 0.9, "amount": 0.85, "total": 0.82},
	"earning":  {"revenue": 0.9, "income": 0.9, "amount": 0.8, "total": 0.78},
	"money":    {"amount": 0.8, "revenue": 0.8, "total": 0.78},
	"value":    {"amount": 0.82, "total": 0.8, "value": 0.95, "revenue": 0.75},
	"worth":    {"amount": 0.8, "total": 0.8, "value": 0.85},
	"spend":    {"spend": 0.95, "cost": 0.9, "purchase": 0.9},
	"cost":     {"cost": 0.95, "spend": 0.9},
}

// lexicon maps normalised phrases (singular words joined by spaces) to candidates.
type lexicon struct {
	entries map[string][]cand
	// shortFlags are the flags named "is_" and a word of four or five letters (is_trans), found
	// by the longer word it stands for (see flagStem).
	shortFlags []cand
	// same maps a word of sameWords to the word it is read as, for this schema.
	same   map[string]string
	maxLen int // longest phrase in words
	// values is the value index: the values of label-like columns with many distinct values
	// (names, titles), kept apart from entries because a schema name or a keyword always wins
	// over them (see scan).
	values  map[string][]cand
	nValues int
	// stems finds the sampled one-word values of category columns (statuses, types) by
	// their stem, for the word forms people say them in: "completed" for COMPLETE,
	// "cancellations" for CANCELLED, "delivered" for DELIVERED.
	stems map[string][]cand
	// namespace is the model's: a word that names the whole database.
	namespace string
}

// tableOverValue is how far a value found under a table's own name ranks below the table:
// more than a tie, less than one join.
const tableOverValue = 0.03

// copyBelowTable is how far a column named like a table it also references by key ranks below
// that table: more than a join, so the table's own rows are read even one join away.
const copyBelowTable = hopPenalty + 0.03

// viewPenalty lowers every reading in a view below the same reading in a table.
const viewPenalty = 0.2

// hasTables reports whether the schema has any base table (not only views).
func (m *model) hasTables() bool {
	for _, t := range m.tables {
		if !t.view {
			return true
		}
	}
	return false
}

// scoreIndexed is the score of a value found in the value index: below an exact name.
const scoreIndexed = 0.95

// addValue indexes one value of the value index under its phrases.
func (l *lexicon) addValue(c cand) {
	// Not split: a CamelCase name among thousands ('FlyNonstop', an airline's alias) is no
	// phrase of everyday words ("fly nonstop"); statuses, which are sampled, are.
	for _, p := range valuePhrases(c.value, false) {
		l.values[p] = append(l.values[p], c)
		if n := strings.Count(p, " ") + 1; n > l.maxLen {
			l.maxLen = n
		}
		if p == normPhrase(c.value) {
			for _, q := range shortNames(p) {
				l.values[q] = append(l.values[q], with(c, c.score-shortNamePenalty))
			}
		}
	}
	l.nValues++
}

// placeName is a place said without the country a place column writes after it: 'Paris,
// France' is also "Paris"; "" for other columns and values.
func placeName(c *column, v string) string {
	city, _, ok := strings.Cut(v, ",")
	if !ok || !slices.ContainsFunc(c.words, func(w string) bool { return w == "place" || w == "city" || w == "location" || w == "birthplace" }) {
		return ""
	}
	return normPhrase(city)
}

// surnameFirst are the ways people say a name a register writes surname first ('CLINTON,
// HILLARY RODHAM / TIMOTHY MICHAEL KAINE', 'RYAN, PAUL D.'): "Hillary Clinton", "Hillary
// Rodham Clinton", "Paul Ryan". A running mate after a slash and initials are left out; only
// values of a register that writes names so (register, from surnamesFirst) are read so.
func surnameFirst(v string, register bool) []string {
	if !register {
		return nil
	}
	v, _, _ = strings.Cut(v, "/")
	last, rest, ok := strings.Cut(v, ",")
	if !ok || strings.Contains(rest, ",") {
		return nil
	}
	lw, rw := strings.Fields(normPhrase(last)), strings.Fields(normPhrase(rest))
	if len(lw) == 0 || len(lw) > 2 || len(rw) == 0 || len(rw) > 4 {
		return nil
	}
	var given []string
	for _, w := range rw {
		if len(w) > 1 && !nameTitles[w] {
			given = append(given, w)
		}
	}
	if len(given) == 0 {
		return nil
	}
	surname := strings.Join(lw, " ")
	out := []string{given[0] + " " + surname}
	if len(given) > 1 {
		// 'CRUZ, RAFAEL EDWARD "TED"': each given name, the one in quotes too, is the one
		// the person may go by.
		out = append(out, strings.Join(given, " ")+" "+surname)
		for _, g := range given[1:] {
			out = append(out, g+" "+surname)
		}
	}
	for _, n := range nicknames[given[0]] {
		out = append(out, n+" "+surname) // 'SANDERS, BERNARD' is "Bernie Sanders"
	}
	return out
}

// surnamesFirst reports whether a column writes names surname first: it names something (not
// a place, whose comma is before a region) and most of its known values have one comma (a
// subject heading 'Hepworth, Barbara' among others is no register of people).
func surnamesFirst(c *column) bool {
	if !slices.Contains(c.words, "name") || slices.ContainsFunc(c.words, func(w string) bool { return placeColumnWords[w] }) {
		return false
	}
	vs := c.values()
	n := 0
	for _, v := range vs {
		if strings.Count(v, ",") == 1 {
			n++
		}
	}
	return len(vs) > 0 && n*2 >= len(vs)
}

// givenNamesAlone maps a given name to the one full name it starts, in a column most of whose
// values are a given name and a surname ('Rachel Green'); names two people share, or that are
// a value of their own ('Gunther'), are left out.
func givenNamesAlone(c *column) map[string]string {
	if c.class != classText || c.listSep != "" {
		return nil
	}
	vs := c.values()
	if len(vs) < 20 {
		return nil
	}
	full, own := map[string][]string{}, map[string]bool{}
	n := 0
	for _, v := range vs {
		ws := strings.Fields(v)
		if len(ws) == 1 {
			own[strings.ToLower(ws[0])] = true
		}
		if len(ws) != 2 || !personWord(ws[0]) || !personWord(ws[1]) {
			continue
		}
		n++
		g := strings.ToLower(ws[0])
		full[g] = append(full[g], v)
	}
	if n < 10 || n*3 < len(vs) {
		return nil
	}
	out := map[string]string{}
	for g, fs := range full {
		if len(fs) == 1 && !own[g] && !stopWords[g] {
			out[g] = fs[0]
		}
	}
	return out
}

// personWord reports whether w is written as a name is: a capital, then lower-case letters.
func personWord(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for _, r := range w[1:] {
		if (r < 'a' || r > 'z') && r != '-' && r != '\'' {
			return false
		}
	}
	return true
}

// nicknames are the short forms English given names are commonly said by.
var nicknames = map[string][]string{
	"bernard": {"bernie"}, "william": {"bill", "will", "billy"}, "robert": {"bob", "rob", "bobby"}, "michael": {"mike"},
	"james": {"jim", "jimmy"}, "thomas": {"tom"}, "joseph": {"joe"}, "elizabeth": {"liz", "beth"}, "richard": {"rick", "dick"},
	"charles": {"chuck", "charlie"}, "edward": {"ed", "ted"}, "theodore": {"ted"}, "daniel": {"dan"}, "david": {"dave"},
	"steven": {"steve"}, "stephen": {"steve"}, "christopher": {"chris"}, "anthony": {"tony"}, "timothy": {"tim"},
	"patrick": {"pat"}, "kenneth": {"ken"}, "ronald": {"ron"}, "donald": {"don"}, "gerald": {"jerry"}, "lawrence": {"larry"},
	"jennifer": {"jen"}, "katherine": {"kate", "kathy"}, "catherine": {"kate", "cathy"}, "margaret": {"maggie", "peggy"},
	"benjamin": {"ben"}, "matthew": {"matt"}, "nicholas": {"nick"}, "samuel": {"sam"}, "alexander": {"alex"},
	"jonathan": {"jon"}, "gregory": {"greg"}, "jeffrey": {"jeff"}, "douglas": {"doug"}, "frederick": {"fred"},
}

// flagVerbForms are the other forms of flags named by an irregular past, and the forms of
// their opposite: a flag won is asked for as "win" or "winner", and unset as "lost".
var flagVerbForms = map[string][2][]string{
	"won": {{"win", "winner", "winning"}, {"lost", "lose", "loser", "losing"}},
	// characters.alive: "living" ones, and "dead", "deceased" for it unset.
	"alive":  {{"living", "live"}, {"dead", "deceased", "died"}},
	"living": {{"alive"}, {"dead", "deceased"}},
	"active": {{"current"}, {"former"}},
	"open":   {{"opened"}, {"closed", "shut"}},
}

// nameTitles are the titles and generational suffixes a register writes among given names.
var nameTitles = toSet(strings.Fields("mr mrs ms dr jr sr ii iii iv hon rev sir dame lord lady"))

// placeRegions are the regions a column of places writes after a comma ('Brentwood,
// Essex', 'Ashford, Kent'), when most of its values are written so: "bakers from Kent" are
// those whose place ends with it.
func placeRegions(c *column) map[string]bool {
	vs := c.values()
	if !slices.ContainsFunc(c.words, func(w string) bool { return placeColumnWords[w] }) || len(vs) == 0 || c.class != classText {
		return nil
	}
	regions, n := map[string]bool{}, 0
	for _, v := range vs {
		if i := strings.LastIndex(v, ", "); i > 0 {
			n++
			if r := strings.TrimSpace(v[i+2:]); len(r) >= 3 && !strings.ContainsAny(r, "0123456789") {
				regions[r] = true
			}
		}
	}
	if n*3 < len(vs) {
		return nil
	}
	return regions
}

// placeColumnWords name columns of places.
var placeColumnWords = toSet([]string{"hometown", "town", "city", "place", "location", "birthplace", "residence"})

// valuePhrases are the normalised phrases a stored value is found by: case, accents and
// punctuation do not count ("ac dc" finds "AC/DC"), and "&" reads as "and" or as nothing
// ("rock and roll" and "rock & roll" both find "Rock & Roll").
func valuePhrases(v string, camel bool) []string {
	p := normPhrase(v)
	if p == "" || strings.HasPrefix(strings.TrimSpace(v), "©") {
		// '© Tate' is a copyright line, not the museum: "works Tate acquired" is all of them.
		return nil
	}
	out := []string{p}
	if q := normPhrase(strings.ReplaceAll(v, "&", " and ")); strings.Contains(v, "&") && q != p {
		out = append(out, q)
	}
	if strings.Contains(p, " and ") {
		// 'Spices and Herbs', a group of both, is asked for as "spices or herbs".
		out = append(out, strings.ReplaceAll(p, " and ", " or "))
	}
	if camel && camelValue(v) {
		// 'InProduction', 'OnHold': a status written as one CamelCase word is said as words.
		if q := normPhrase(strings.Join(splitIdent(v), " ")); q != p {
			out = append(out, q)
		}
	}
	if m := acronym.FindStringSubmatch(v); m != nil {
		out = append(out, normPhrase(m[1]))
	}
	out = append(out, valueAbbrevs[p]...)
	if m := bodyOn.FindStringSubmatch(p); m != nil {
		// 'Senate Committee on Armed Services' is the "Senate Armed Services Committee",
		// 'Department of Justice' the "Justice Department".
		out = append(out, strings.Join(strings.Fields(m[1]+" "+m[4]+" "+m[2]), " "))
	}
	ws := strings.Fields(p)
	if len(ws) >= 3 && ws[0] == "the" {
		// 'The Hawaiian Pizza' is "a large Hawaiian pizza": a name's article is left out
		// after another's.
		out = append(out, strings.Join(ws[1:], " "))
	}
	if len(ws) >= 2 && len(ws[0]) <= 3 && len(ws[1]) >= 4 {
		// "LaGuardia" for 'La Guardia', "McDonald" for 'Mc Donald': a particle written
		// onto the name.
		out = append(out, strings.Join(append([]string{ws[0] + ws[1]}, ws[2:]...), " "))
	}
	return out
}

// genderedTitle reports whether a title is stored beside its forms for a man or a woman
// ('Chair', 'Chairman', 'Chairwoman'): the same title, written three ways.
func genderedTitle(samples []string, v string) bool {
	for _, s := range samples {
		for _, suf := range []string{"man", "woman", "person"} {
			if strings.EqualFold(s, v+suf) {
				return true
			}
		}
	}
	return false
}

// bodyOn finds the name of a body said with what it deals with after it ("committee on
// finance", "department of justice"), in a normalised value.
var bodyOn = regexp.MustCompile(`^(.*?)\b(committee|subcommittee|commission|department|ministry|board|council|office|bureau|agency) (on|of|for) (?:the )?(.+)$`)

// valueAbbrevs spell out the short codes systems store for the roles of people ('sen',
// 'rep', 'prez'): "senators" are the terms of type 'sen'. Only codes that mean one thing as a
// whole value are listed.
var valueAbbrevs = map[string][]string{
	"sen": {"senator", "senate"}, "rep": {"representative"}, "prez": {"president", "presidential"}, "pres": {"president", "presidential"},
	"viceprez": {"vice president", "vice presidential"}, "vp": {"vice president"}, "gov": {"governor"}, "mgr": {"manager"},
	"dir": {"director"}, "asst": {"assistant"},
}

// kindName is the phrase a record's kind is also said by without the record's own noun:
// 'Emergency Room Visit' of visit_occurrence is "the emergency room" ("patients who have
// never been to the emergency room"). Only for the names a shared lookup gives a table's
// rows; "" otherwise.
func kindName(t *table, c *column, v string) string {
	if c != t.label || !c.lookupName() || len(t.words) == 0 {
		return ""
	}
	ws := strings.Fields(normPhrase(v))
	if len(ws) < 3 || ws[len(ws)-1] != t.words[0] {
		return ""
	}
	return strings.Join(ws[:len(ws)-1], " ")
}

// bareName is a name the table's noun frames ('The Calabrese Pizza' of pizza_types): said
// without the article and the noun ("the Calabrese"); "" otherwise.
func bareName(t *table, c *column, v string) string {
	if c != t.label || len(t.words) == 0 {
		return ""
	}
	ws := strings.Fields(normPhrase(v))
	if len(ws) < 3 || ws[0] != "the" || singular(ws[len(ws)-1]) != t.words[0] {
		return ""
	}
	return strings.Join(ws[1:len(ws)-1], " ")
}

// ownNounValue is the phrase a category is also said by without its own table's noun:
// characters.sex 'Female Characters' is "female" ("the female Marvel characters", "how many
// male and how many female"), align 'Bad Characters' "bad". Only for a column of a few
// sampled categories, not a name; "" otherwise.
func ownNounValue(t *table, c *column, v string) string {
	if c == t.label || c.class != classText || len(c.index) > 0 || len(t.words) == 0 {
		return ""
	}
	ws := strings.Fields(fold(normPhrase(v)))
	if len(ws) < 2 || singular(ws[len(ws)-1]) != t.words[len(t.words)-1] {
		return ""
	}
	rest := strings.Join(ws[:len(ws)-1], " ")
	if len(rest) < 3 || stopWords[rest] {
		return ""
	}
	return rest
}

// agentVerbs are the verbs of a role stored as its agent noun: a film's credits keep the
// role 'Director' or 'Producer', and "the films John Lasseter directed" or "who produced Up"
// say it with the verb. Only for a column of a few sampled categories, one word each.
func agentVerbs(t *table, c *column, v string) []string {
	if c == t.label || c.class != classText || len(c.index) > 0 || len(v) < 6 || strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
		return nil
	}
	w := strings.ToLower(v)
	var stems []string
	switch {
	case strings.HasSuffix(w, "or"):
		stems = []string{strings.TrimSuffix(w, "or")} // director: direct
	case strings.HasSuffix(w, "er"):
		stems = []string{strings.TrimSuffix(w, "r"), strings.TrimSuffix(w, "er")} // producer: produce; designer: design
	}
	var out []string
	for _, st := range stems {
		if len(st) < 4 {
			continue
		}
		forms := []string{st + "ed", st + "s"}
		if strings.HasSuffix(st, "e") {
			forms = []string{st + "d", st + "s"}
		}
		out = append(out, forms...)
	}
	return out
}

// unqualified is a name without the qualifier a terminology puts after it in parentheses:
// SNOMED's 'Anemia (disorder)', 'Stress (finding)' are "anemia" and "stress"; "" when the
// value has none, or nothing worth a name is left.
func unqualified(v string) string {
	i := strings.LastIndex(v, " (")
	if i <= 0 || !strings.HasSuffix(v, ")") {
		return ""
	}
	p := normPhrase(v[:i])
	if len(p) < 4 || strings.Contains(p, "(") || stopWords[p] {
		return ""
	}
	return p
}

// acronym finds the abbreviation a value spells out in parentheses: 'Body mass index (BMI)
// [Ratio]' is also "BMI".
var acronym = regexp.MustCompile(`\(([A-Z][A-Z0-9]{2,7})\)`)

// nameBeforeOf is a name of two words or more before "of" ("house stark" of 'House Stark of
// Winterfell'), said without the seat it is of, or "". The caller keeps it only when its last
// word names nothing in the schema ("joint committee" of 'Joint Committee of Congress on the
// Library' is a kind of committee, not that one).
func nameBeforeOf(p string) string {
	ws := strings.Fields(p)
	if k := slices.Index(ws, "of"); k >= 2 && k < len(ws)-1 && ws[0] != "the" && ws[0] != "a" && !slices.Contains(ws[:k], "and") {
		return strings.Join(ws[:k], " ")
	}
	return ""
}

// shortNames are the shorter phrases a stored name is also found by, scored a little below
// the name itself so that a value stored exactly as said wins ("London" the city, not
// 'London Airport').
func shortNames(p string) []string {
	var out []string
	ws := strings.Fields(p)
	if len(ws) >= 2 && (demonyms[ws[0]] != "" && len(ws) >= 3 || ownLanguageDemonyms[ws[0]]) {
		// "the Premier League" for 'English Premier League', "Serie A" for 'Italian Serie A':
		// a competition said without the country it is of.
		out = append(out, strings.Join(ws[1:], " "))
	}
	if len(ws) >= 2 && namePrefixes[ws[0]] && (len(ws) > 2 || len(ws[1]) >= 4 && !stopWords[ws[1]] && !genericWords[ws[1]]) {
		// "Bayern München" for 'FC Bayern München', "Bournemouth" for 'AFC Bournemouth': a
		// club without the letters that say it is one.
		out = append(out, strings.Join(ws[1:], " "))
		out = append(out, shortNames(strings.Join(ws[1:], " "))...)
	}
	for len(ws) >= 2 {
		// "JetBlue" for 'JetBlue Airways', "San Francisco" for 'San Francisco Intl', "Alaska
		// Airlines" for 'Alaska Airlines Inc.': a name without the words that say what kind of
		// business or place it is.
		n := 0
		for _, suf := range nameSuffixes {
			if k := len(suf); k < len(ws) && slices.Equal(ws[len(ws)-k:], suf) {
				n = k
				break
			}
		}
		if n == 0 {
			break
		}
		ws = ws[:len(ws)-n]
		if len(ws) == 1 && (len(ws[0]) < 4 || stopWords[ws[0]] || genericWords[ws[0]]) {
			break
		}
		out = append(out, strings.Join(ws, " "))
	}
	return out
}

// shortCodes reports whether a text column holds short codes (at most four letters or
// digits, in capitals), as its profile or samples show.
func shortCodes(c *column) bool {
	vals := c.samples
	if p := c.prof; p != nil && p.Min != "" {
		vals = []string{p.Min, p.Max}
	}
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		if len(v) == 0 || len(v) > 4 || strings.ToUpper(v) != v || strings.TrimFunc(v, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) != "" {
			return false
		}
	}
	return true
}

// shortNamePenalty puts a name said without its suffix just below a value stored as said.
const shortNamePenalty = 0.1

// nameSuffixes are the trailing words of a name that say what kind of business or place it
// is ("Inc.", "Airways", "Intl"), which people leave out when they say the name; normalised
// (singular) as normPhrase writes them.
var nameSuffixes = func() [][]string {
	var out [][]string
	for _, s := range []string{"air line", "airline", "airway", "intl", "international", "international airport", "airport", "regional airport",
		"inc", "corp", "corporation", "ltd", "llc", "plc", "co", "company", "limited", "gmbh", "stadium", "arena", "fc", "cf", "afc", "sc"} {
		out = append(out, strings.Fields(s))
	}
	// Longer suffixes first: "international airport" before "airport".
	slices.SortStableFunc(out, func(a, b []string) int { return len(b) - len(a) })
	return out
}()

// ownLanguageDemonyms are the words for a country's own in its own language that a name
// starts with ('Deutsche Bundesliga', 'Deutsche Bahn'): "the Bundesliga".
var ownLanguageDemonyms = toSet([]string{"deutsche", "deutscher", "deutsches", "francaise", "francais", "italiana", "italiano", "espanola", "espanol", "nederlandse", "svenska", "norske", "dansk"})

// namePrefixes are the letters a sports club's name starts with to say it is a club.
// ("AS", "US", "CA" are left out: 'As Time Goes By' is a title, 'US Airways' an airline.)
var namePrefixes = toSet([]string{"fc", "afc", "cf", "sc", "ac", "ssc", "rc", "rcd", "ogc", "sv", "vfb", "vfl", "tsg", "bv", "cd", "ud", "club"})

// camelValue reports whether a value is one CamelCase word of two parts or more
// ("InProduction"), not an acronym or a name with a space.
func camelValue(v string) bool {
	if strings.ContainsAny(v, " _-") || len(v) < 4 {
		return false
	}
	upper := 0
	for i, r := range v {
		if !unicode.IsLetter(r) {
			return false
		}
		if unicode.IsUpper(r) && i > 0 {
			upper++
		}
	}
	return upper > 0 && strings.ToUpper(v) != v && unicode.IsUpper([]rune(v)[0])
}

// addFamilies indexes the families of tables named by a shared first word (drwho_episodes,
// drwho_writers beside torchwood_episodes, torchwood_writers): the word alone names the
// family's root, the table the others refer to ("Torchwood's writers", "directed Doctor
// Who"), and a first word that begins with a two-letter abbreviation is also said spelled out
// ("drwho" is "Doctor Who").
func (l *lexicon) addFamilies(m *model) {
	family := map[string][]*table{}
	for _, t := range m.tables {
		if t.family != "" {
			family[t.family] = append(family[t.family], t)
		}
	}
	for w, ts := range family {
		says := []string{w}
		if lf, ok := identAbbrevs[w[:min(2, len(w))]]; ok && len(w) >= 5 && len(lf) == 1 {
			says = append(says, lf[0]+" "+w[2:])
		}
		var root *table
		for _, t := range ts {
			if !slices.ContainsFunc(ts, func(u *table) bool { return u != t && fkTo(u, t) == nil }) {
				root = t
			}
		}
		for _, say := range says[1:] {
			for _, t := range ts {
				l.add(say+" "+strings.Join(t.words[1:], " "), cand{kind: candTable, table: t, score: scoreExact})
			}
		}
		if root != nil {
			for _, say := range says {
				l.add(say, cand{kind: candTable, table: root, score: scoreSynonym})
			}
		}
	}
}

func (l *lexicon) add(phrase string, c cand) {
	phrase = strings.TrimSpace(phrase)
	if phrase == "" {
		return
	}
	if c.table != nil && c.table.empty && c.score < scoreCurated {
		c.score -= emptyPenalty
	}
	if v := c.col; c.kind == candColumn && v != nil && v.via != nil && v.via.key == v.via.text.table.pk && v.via.ref == c.table.pk {
		// A subtype's copy of its parent's column (adm2021's STATE, read through the key
		// to dir_info2021) yields to the parent's own: the parent holds every row.
		c.score -= 0.005
	}
	for i, e := range l.entries[phrase] {
		if sameCand(e, c) {
			if c.score > e.score {
				l.entries[phrase][i].score = c.score
			}
			return
		}
	}
	l.entries[phrase] = append(l.entries[phrase], c)
	if n := len(strings.Fields(phrase)); n > l.maxLen {
		l.maxLen = n
	}
}

// holdsValue reports whether some column's values are spelled as the phrase.
func (l *lexicon) holdsValue(phrase string) bool {
	if len(l.values[phrase]) > 0 {
		return true
	}
	for _, c := range l.entries[phrase] {
		if c.kind == candValue {
			return true
		}
	}
	return false
}

// lookup returns the candidates of a phrase, best first.
func (l *lexicon) lookup(phrase string) []cand {
	cs := append([]cand(nil), l.entries[phrase]...)
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].score != cs[j].score {
			return cs[i].score > cs[j].score
		}
		return cs[i].key() < cs[j].key()
	})
	return cs
}

// endedFlags name a boolean flag set when a row stopped being current; currentFlags one set
// while it is current.
var (
	endedFlags   = toSet(strings.Fields("discontinued obsolete deleted archived retired inactive disabled closed cancelled canceled"))
	currentFlags = toSet(strings.Fields("active enabled available current"))
)

// stillPhrases say that a row is current: "products we are still selling".
var stillPhrases = []string{"still selling", "still sell", "still sold", "still being sold", "still being offered", "still being made", "still available", "still active",
	"still offered", "still offer", "still carried", "still carry", "still stocked", "still in use", "still current"}

// longForms spell out words that identifiers shorten.
var longForms = map[string]string{"rep": "representative", "mgr": "manager", "emp": "employee", "dept": "department", "acct": "account", "cust": "customer"}

// roleKeyWords are the words of a foreign key named for a role rather than for the table it
// references (SupportRepId → Employee: "support rep"); a key named after its table
// (customer_id, EmployeeID) is an ordinary join and has none.
func roleKeyWords(c *column) ([]string, bool) {
	ref := refTable(c)
	if ref == nil || ref == c.table {
		return nil, false
	}
	var ws []string
	for _, w := range c.words {
		if w != "id" {
			ws = append(ws, w)
		}
	}
	if len(ws) < 2 && !(len(ws) == 1 && agentNoun(ws[0])) || slices.Equal(ws, ref.words) || containsAny(ws, ref.words) {
		return nil, false
	}
	return ws, true
}

// agentNoun reports whether a word names who does something ("owner", "author", "assignee"):
// a key named so is a role of the row it points to (gh_repos.owner_id, a user).
func agentNoun(w string) bool {
	for _, suf := range []string{"er", "or", "ee", "ent"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// refTable is the table a foreign key column references, or nil.
func refTable(c *column) *table {
	for _, f := range c.table.fks {
		if f.from == c {
			return f.to.table
		}
	}
	return nil
}

// demonyms map nationality adjectives to the normalised names countries are stored under.
var demonyms = map[string]string{
	"american": "usa", "british": "uk", "english": "uk", "german": "germany", "french": "france",
	"italian": "italy", "spanish": "spain", "portuguese": "portugal", "dutch": "netherlands", "belgian": "belgium",
	"swiss": "switzerland", "austrian": "austria", "swedish": "sweden", "norwegian": "norway", "danish": "denmark",
	"finnish": "finland", "irish": "ireland", "polish": "poland", "czech": "czech republic", "hungarian": "hungary",
	"greek": "greece", "russian": "russia", "turkish": "turkey", "japanese": "japan", "chinese": "china",
	"korean": "korea", "indian": "india", "australian": "australia", "canadian": "canada", "mexican": "mexico",
	"brazilian": "brazil", "argentinian": "argentina", "argentine": "argentina", "chilean": "chile",
	"venezuelan": "venezuela", "colombian": "colombia", "peruvian": "peru", "singaporean": "singapore",
	"egyptian": "egypt", "south african": "south africa", "israeli": "israel",
	// Continents and regions: "African countries", "European sub-regions".
	"african": "africa", "european": "europe", "asian": "asia", "oceanian": "oceania",
	"south american": "south america", "north american": "north america", "latin american": "latin america",
}

// continentCodes are the two-letter continent codes (GeoNames') by the continent's name.
var continentCodes = map[string]string{
	"africa": "af", "antarctica": "an", "asia": "as", "europe": "eu", "north america": "na", "oceania": "oc", "south america": "sa",
}

// genderWords are the everyday words for a gender and the values it is stored as.
var genderWords = map[string][]string{
	"woman": {"female", "f", "woman"}, "lady": {"female", "f"}, "girl": {"female", "f"},
	"man": {"male", "m", "man"}, "gentleman": {"male", "m"}, "boy": {"male", "m"},
	"female": {"female", "f"}, "male": {"male", "m"},
}

// maritalCodes are the one-letter codes marital-status columns keep, by the status's word.
var maritalCodes = map[string]string{"single": "s", "married": "m", "divorced": "d", "widowed": "w"}

// postAdjectives are the adjectives schemas write after the noun (cloud_high, temp_max).
var postAdjectives = toSet(strings.Fields("high low mid middle upper lower min max minimum maximum total average mean"))

// nameAdjectives are the kinds of name schemas write after the word "name" (name_short).
var nameAdjectives = toSet(strings.Fields("short long full official native local original abbr abbreviated"))

// levelAdjectives say a height that is also said "<adjective>-level" ("mid-level cloud").
var levelAdjectives = toSet(strings.Fields("high low mid middle upper lower"))

// sizeNames are the words for a size and the letters size columns keep it as.
var sizeNames = map[string][]string{
	"small": {"s", "sm"}, "medium": {"m", "med", "md"}, "large": {"l", "lg"}, "extra small": {"xs"},
	"extra large": {"xl"}, "extra extra large": {"xxl"}, "double extra large": {"xxl"},
}

// countryCodes map common country codes to the normalised names countries are stored under.
var countryCodes = map[string][]string{
	"us": {"usa", "united states", "united states of america"}, "usa": {"united states", "united states of america", "us"},
	"uk": {"united kingdom", "great britain", "gb"}, "gb": {"united kingdom", "uk"},
	"uae": {"united arab emirates"},
}

// currencyCodes map the names of currencies to their ISO 4217 codes, as currency columns store
// them. A bare "dollar" is the US dollar, as people say it; names shared by several currencies
// ("franc", "krona", "peso") are left out.
// languageCodes map the names of common languages to their ISO 639-1 codes.
var languageCodes = map[string]string{
	"english": "en", "french": "fr", "spanish": "es", "german": "de", "italian": "it", "portuguese": "pt", "dutch": "nl",
	"chinese": "zh", "japanese": "ja", "korean": "ko", "arabic": "ar", "hebrew": "he", "thai": "th", "russian": "ru",
	"polish": "pl", "swedish": "sv", "turkish": "tr", "greek": "el", "hindi": "hi",
}

var currencyCodes = map[string]string{
	"euro": "eur", "dollar": "usd", "us dollar": "usd", "american dollar": "usd", "buck": "usd",
	"pound": "gbp", "pound sterling": "gbp", "british pound": "gbp", "sterling": "gbp",
	"yen": "jpy", "japanese yen": "jpy", "swiss franc": "chf", "canadian dollar": "cad", "australian dollar": "aud",
	"new zealand dollar": "nzd", "yuan": "cny", "renminbi": "cny", "chinese yuan": "cny", "indian rupee": "inr", "rupee": "inr",
	"south african rand": "zar", "rand": "zar", "brazilian real": "brl", "mexican peso": "mxn", "swedish krona": "sek",
	"norwegian krone": "nok", "danish krone": "dkk", "polish zloty": "pln", "zloty": "pln", "russian ruble": "rub", "ruble": "rub",
	"rouble": "rub", "korean won": "krw", "singapore dollar": "sgd", "hong kong dollar": "hkd",
}

// isoCountries map country names, as people say them, to their ISO 3166-1 alpha-2 codes,
// normalised (lower case, singular words) as question phrases are.
var isoCountries = map[string]string{
	"afghanistan": "af", "albania": "al", "algeria": "dz", "argentina": "ar", "armenia": "am", "australia": "au",
	"austria": "at", "azerbaijan": "az", "bahrain": "bh", "bangladesh": "bd", "belarus": "by", "belgium": "be",
	"bolivia": "bo", "bosnia and herzegovina": "ba", "brazil": "br", "bulgaria": "bg", "cambodia": "kh", "cameroon": "cm",
	"canada": "ca", "chile": "cl", "china": "cn", "colombia": "co", "costa rica": "cr", "croatia": "hr", "cuba": "cu",
	"cyprus": "cy", "czech republic": "cz", "czechia": "cz", "denmark": "dk", "dominican republic": "do", "ecuador": "ec",
	"egypt": "eg", "estonia": "ee", "ethiopia": "et", "finland": "fi", "france": "fr", "georgia": "ge", "germany": "de",
	"ghana": "gh", "greece": "gr", "guatemala": "gt", "honduras": "hn", "hong kong": "hk", "hungary": "hu", "iceland": "is",
	"india": "in", "indonesia": "id", "iran": "ir", "iraq": "iq", "ireland": "ie", "israel": "il", "italy": "it",
	"jamaica": "jm", "japan": "jp", "jordan": "jo", "kazakhstan": "kz", "kenya": "ke", "kuwait": "kw", "latvia": "lv",
	"lebanon": "lb", "lithuania": "lt", "luxembourg": "lu", "malaysia": "my", "malta": "mt", "mexico": "mx",
	"morocco": "ma", "netherlands": "nl", "the netherlands": "nl", "holland": "nl", "new zealand": "nz", "nigeria": "ng",
	"norway": "no", "pakistan": "pk", "panama": "pa", "paraguay": "py", "peru": "pe", "philippines": "ph", "poland": "pl",
	"portugal": "pt", "qatar": "qa", "romania": "ro", "russia": "ru", "saudi arabia": "sa", "senegal": "sn", "serbia": "rs",
	"singapore": "sg", "slovakia": "sk", "slovenia": "si", "south africa": "za", "south korea": "kr", "korea": "kr",
	"spain": "es", "sri lanka": "lk", "sweden": "se", "switzerland": "ch", "taiwan": "tw", "thailand": "th",
	"tunisia": "tn", "turkey": "tr", "ukraine": "ua", "united arab emirates": "ae", "united kingdom": "gb",
	"great britain": "gb", "britain": "gb", "united states": "us", "united states of america": "us", "america": "us",
	"uruguay": "uy", "venezuela": "ve", "vietnam": "vn",
}

// usStates map the names of US states to the codes addresses store them under ("authors in
// California" is state = 'CA'). Only the name finds the code: codes such as IN, OR and ME are
// everyday words, and Washington alone is as often the city.
var usStates = map[string]string{
	"alabama": "al", "alaska": "ak", "arizona": "az", "arkansas": "ar", "california": "ca", "colorado": "co",
	"puerto rico": "pr", "guam": "gu", "us virgin islands": "vi", "american samoa": "as", "northern mariana islands": "mp",
	"connecticut": "ct", "delaware": "de", "district of columbia": "dc", "florida": "fl", "georgia": "ga", "hawaii": "hi",
	"idaho": "id", "illinois": "il", "indiana": "in", "iowa": "ia", "kansas": "ks", "kentucky": "ky", "louisiana": "la",
	"maine": "me", "maryland": "md", "massachusetts": "ma", "michigan": "mi", "minnesota": "mn", "mississippi": "ms",
	"missouri": "mo", "montana": "mt", "nebraska": "ne", "nevada": "nv", "new hampshire": "nh", "new jersey": "nj",
	"new mexico": "nm", "new york state": "ny", "north carolina": "nc", "north dakota": "nd", "ohio": "oh",
	"oklahoma": "ok", "oregon": "or", "pennsylvania": "pa", "rhode island": "ri", "south carolina": "sc",
	"south dakota": "sd", "tennessee": "tn", "texas": "tx", "utah": "ut", "vermont": "vt", "virginia": "va",
	"washington state": "wa", "west virginia": "wv", "wisconsin": "wi", "wyoming": "wy",
}

// priceWords end the names of columns that say what something costs.
var priceWords = toSet(strings.Fields("rate cost price fee charge"))

// verbsOf guesses the verbs a noun is made from: rental → rent, replacement → replace,
// shipping → ship, delivery → deliver.
func verbsOf(noun string) []string {
	var out []string
	for _, suf := range []string{"al", "ment", "ing", "y"} {
		if st, ok := strings.CutSuffix(noun, suf); ok && len(st) >= 3 {
			out = append(out, st)
			if n := len(st); suf == "ing" && st[n-1] == st[n-2] {
				out = append(out, st[:n-1])
			}
		}
	}
	return out
}

// headOfOwnColumns reports whether a column of t other than its key starts with w, t's head
// noun (SalesOrder.OrderDate): the table's own columns say what its rows are.
func headOfOwnColumns(t *table, w string) bool {
	for _, c := range t.cols {
		if c != t.pk && !t.fkCols[c] && len(c.words) > 1 && c.words[0] == w {
			return true
		}
	}
	return false
}

// kindOfRows reports whether words are a kind of the table's rows said before their noun, a
// value of one of its columns: committees.senate_committee_id is the Senate's own id of a
// committee, while "each Senate committee" is the committees whose type is 'senate'.
func kindOfRows(t *table, ws []string) bool {
	if len(ws) != 2 || len(t.words) == 0 || ws[1] != t.words[len(t.words)-1] {
		return false
	}
	for _, c := range t.cols {
		for _, v := range c.samples {
			if strings.EqualFold(v, ws[0]) {
				return true
			}
		}
	}
	return false
}

// statisticWords end the name of a column that keeps a statistic of a figure the name does
// not say (Median, P25th); earningWords are what such figures usually are, said after them.
var (
	statisticWords = map[string]bool{"median": true, "mean": true, "percentile": true}
	earningWords   = []string{"salary", "salaries", "earnings", "earning", "pay", "income", "wage", "wages"}
)

// newLexicon indexes table names, column names, sampled values, built-in synonyms and the
// request's synonyms.
func newLexicon(m *model, synonyms map[string]string) *lexicon {
	l := &lexicon{entries: map[string][]cand{}, values: map[string][]cand{}, stems: map[string][]cand{}, namespace: m.namespace}
	tableWords, nouns := map[string]bool{}, map[string]bool{}
	for _, t := range m.tables {
		if len(t.words) == 1 && !t.view {
			tableWords[t.words[0]] = true
		}
		if n := len(t.words); n > 0 {
			nouns[t.words[n-1]] = true
		}
	}
	// familyWord is a word several categories of a column share (valueFamilies), indexed last
	// and only where nothing else is called so.
	type familyWord struct {
		word string
		c    cand
	}
	var families []familyWord
	schemaWords := map[string]bool{}
	for _, w := range strings.Fields(m.namespace) {
		schemaWords[w] = true
	}
	for _, t := range m.tables {
		for _, w := range append(splitIdent(t.name), t.words...) {
			schemaWords[strings.ToLower(w)] = true
		}
		for _, c := range t.cols {
			for _, w := range c.words {
				schemaWords[w] = true
			}
		}
	}
	l.addFamilies(m)
	for _, t := range m.tables {
		name := strings.Join(t.words, " ")
		if t.category != nil {
			// pixar_franchises: "franchises" are the values of its franchise column (6
			// franchises), not its rows (17 films that belong to one).
			l.add(name, cand{kind: candTable, table: t, score: scoreExact - 0.03})
		} else if slices.ContainsFunc(t.cols, func(c *column) bool {
			// A figure that tells rows apart, not a number counting them (episodes.episode).
			return c.class == classNumber && slices.Equal(c.words, t.words) && c != t.pk && !slices.Contains(t.seriesKey, c) && !t.fkCols[c] &&
				c.prof != nil && 2*c.prof.Distinct >= c.prof.NonNull
		}) {
			// populations.population: "the total population", "their populations" are the
			// number each row holds, not a count of the rows.
			l.add(name, cand{kind: candTable, table: t, score: scoreExact - 0.05})
		} else {
			l.add(name, cand{kind: candTable, table: t, score: scoreExact})
		}
		if n := len(t.words); n > 0 && strings.HasSuffix(t.words[n-1], "ality") && !t.view {
			// "the municipal population": of the municipalities.
			adj := slices.Clone(t.words)
			adj[n-1] = strings.TrimSuffix(adj[n-1], "ity")
			l.add(strings.Join(adj, " "), cand{kind: candTable, table: t, score: scoreSynonym})
		}
		if c := t.label; c != nil && slices.Equal(c.words, []string{"name"}) && c.prof != nil && c.prof.Rows > 0 && c.prof.NonNull == c.prof.Rows {
			// "named storms" where every storm has its name: the storms.
			l.add("named "+name, cand{kind: candTable, table: t, score: scoreExact - 0.01})
		}
		if f := t.series; f != nil {
			// population.value: the table's name is its figure's ("India's population"),
			// and so is what it keeps per thing ("co2 emissions" of
			// fossil_fuel_co2_emissions_by_nation).
			fc := cand{kind: candColumn, table: t, col: f}
			l.add(name, with(fc, scoreExact+0.005))
			ws := t.words
			if k := slices.IndexFunc(ws, func(w string) bool { return w == "by" || w == "per" }); k > 0 {
				ws = ws[:k]
				l.add(strings.Join(ws, " "), with(fc, scoreExact))
			}
			for k := 1; k < len(ws); k++ {
				l.add(strings.Join(ws[k:], " "), with(fc, scoreSynonym))
				if k >= 2 {
					// "fossil fuels": what the figures are of, before the columns that split
					// it (solid_fuel, liquid_fuel, gas_fuel).
					l.add(strings.Join(ws[:k], " "), with(fc, scoreExact-0.03))
				}
			}
		}
		if len(t.words) > 1 {
			tableParts(l, t, tableWords)
			structuralNames(l, t)
			// "shipping method" for ShipMethod: the verb of a name's first word said as
			// people say it.
			l.add(gerund(t.words[0])+" "+strings.Join(t.words[1:], " "), cand{kind: candTable, table: t, score: scoreExact - 0.01})
		}
		if head := t.words[len(t.words)-1]; !linkWords[head] {
			// judges_appointments: "did Obama appoint", "judges he appointed" name the
			// appointments by their verb.
			if st, ok := strings.CutSuffix(head, "ment"); ok && len(st) >= 4 {
				for _, v := range []string{st, st + "ed"} {
					l.add(v, cand{kind: candTable, table: t, score: scoreSynonym - 0.05})
				}
			}
		}
		if len(t.words) > 1 && !linkWords[t.words[len(t.words)-1]] {
			head := t.words[len(t.words)-1]
			score := scoreModifier + 0.1
			if !tableWords[head] && !genericWords[head] && (headOfOwnColumns(t, head) || groupPrefix(m, t)) {
				// "order" for SalesOrder, whose OrderDate and OrderNumber carry the same word:
				// the rows are orders, and the word names them before it names their columns
				// or a thesaurus reading ("territory" for SalesTerritory, not its Region).
				score = scoreSynonym + 0.01
			}
			if !genericWords[head] {
				// (A generic head names no table alone: "the transect codes" are not
				// tlu_Origin_Code's rows.)
				l.add(head, cand{kind: candTable, table: t, score: score})
			}
			if len(t.words) == 2 && eventWords[head] && !tableWords[t.words[0]] {
				// visit_occurrence, drug_exposure: the records of visits, of drugs taken.
				l.add(t.words[0], cand{kind: candTable, table: t, score: scoreExact - 0.01})
			}
			if len(t.words) == 2 && (head == "person" || head == "people") && !tableWords[t.words[0]] {
				// judges_people: the people who are judges, named by their role.
				l.add(t.words[0], cand{kind: candTable, table: t, score: scoreExact - 0.01})
			}
			if len(t.words) == 2 && recordWords[head] && !tableWords[t.words[0]] {
				// food_des, nutr_def: a table of foods' descriptions is the foods.
				score := scoreSynonym
				if head == "code" {
					// country_codes: one row per country, keyed by its code, is the countries
					// themselves, named as surely as by its own name.
					score = scoreExact - 0.01
				}
				l.add(t.words[0], cand{kind: candTable, table: t, score: score})
			}
			if r := linkNoun(t); r != nil {
				// "characters" of resources_film_characters are the people it links to films.
				l.add(head, cand{kind: candTable, table: r, score: scoreSynonym})
			}
		}
		for _, c := range t.cols {
			if c.spelled {
				continue
			}
			if selfRef(c) {
				if n := len(t.words); n > 0 && !personTable(t) {
					// committees.parent_committee_id: "subcommittees" are the rows under
					// another, "full committees" those under none.
					noun := t.words[n-1]
					under, top := stateCond{op: "is not null"}, stateCond{op: "is null"}
					for _, p := range []string{"sub" + noun, "sub " + noun} {
						l.add(p, cand{kind: candValue, table: t, col: c, score: scoreExact, state: &under})
						if n > 1 {
							// "product subcategory" of ProductCategory.
							l.add(strings.Join(t.words[:n-1], " ")+" "+p, cand{kind: candValue, table: t, col: c, score: scoreExact, state: &under})
						}
					}
					for _, p := range []string{"full ", "top level ", "main "} {
						l.add(p+noun, cand{kind: candValue, table: t, col: c, score: scoreExact, state: &top})
					}
				}
			}
			if c.class == classKey {
				if selfRef(c) {
					// A role of a self-reference: "per supervisor", "reports to each manager".
					var ws []string
					for _, w := range c.words {
						if w != "id" {
							ws = append(ws, w)
						}
					}
					rc := cand{kind: candColumn, table: t, col: c, score: scoreHead}
					l.add(strings.Join(ws, " "), rc)
					for _, r := range roleWords {
						l.add(r, with(rc, scoreSynonym))
					}
				} else if ws, ok := roleKeyWords(c); ok {
					// A foreign key named for a role of the row it points to: Customer's
					// SupportRepId is an Employee in the role "support rep".
					rc := cand{kind: candColumn, table: t, col: c, score: scoreHead}
					l.add(strings.Join(ws, " "), rc)
					// "support representative" for SupportRep: the long form of a shortened word.
					long := make([]string, len(ws))
					for k, w := range ws {
						long[k] = w
						if lf, ok := longForms[w]; ok {
							long[k] = lf
						}
					}
					if !slices.Equal(long, ws) {
						l.add(strings.Join(long, " "), rc)
					}
				}
				continue
			}
			cw := c.words
			full := strings.Join(cw, " ")
			tc := cand{kind: candColumn, table: t, col: c}
			if pv := c.pivot; pv != nil {
				if head, rest, ok := strings.Cut(pv.name, ","); ok {
					// 'Fiber, total dietary' is said "total dietary fiber"; 'Sugars, total'
					// "total sugars".
					l.add(normPhrase(strings.TrimSpace(rest)+" "+head), with(tc, scoreExact))
					if r, ok := strings.CutPrefix(strings.TrimSpace(rest), "total "); ok {
						l.add(normPhrase(r+" "+head), with(tc, scoreExact)) // "dietary fiber"
					}
				}
			}
			if raw := strings.ToLower(c.name); len(cw) > 1 && len(splitIdent(c.name)) == 1 && raw == splitIdent(c.name)[0] {
				// "codeshare" split as code + share still names the column as written.
				l.add(singular(raw), with(tc, scoreExact))
			}
			for k, w := range cw {
				// hindfoot_length said "hind foot length": a compound written as one word,
				// said as two (both parts of four letters or more).
				for cut := 4; cut+4 <= len(w) && len(w) >= 8; cut++ {
					ws := slices.Clone(cw)
					ws[k] = w[:cut] + " " + w[cut:]
					l.add(strings.Join(ws, " "), with(tc, scoreExact-0.02))
					if k == 0 && len(cw) > 1 {
						l.add(ws[0], with(tc, scoreHead))
					}
				}
			}
			if c.clock {
				// order_time: "what time", "the time of day" of the table's rows.
				l.add("time", with(tc, scoreSynonym))
				l.add("time of day", with(tc, scoreSynonym))
			}
			if len(cw) == 3 && cw[1] == "of" && c.class == classDate {
				// date_of_birth: "the birth date".
				l.add(cw[2]+" "+cw[0], with(tc, scoreExact-0.01))
			}
			if len(cw) == 2 && c.class == classText && (cw[1] == "type" || cw[1] == "category" || cw[1] == "kind") {
				// EVENT_TYPE: "which kind of event", "each type of event".
				for _, w := range []string{"kind of ", "type of ", "sort of "} {
					if !slices.ContainsFunc(l.entries[w+cw[0]], func(o cand) bool { return o.kind != candValue && o.score >= scoreExact }) {
						l.add(w+cw[0], with(tc, scoreExact-0.01))
					}
				}
			}
			if len(cw) == 1 && c.class == classText && (cw[0] == "type" || cw[0] == "category" || cw[0] == "kind") && len(t.words) > 0 {
				// storms.type: "each kind of storm", "the type of storm".
				noun := t.words[len(t.words)-1]
				for _, w := range []string{"kind of ", "type of ", "sort of "} {
					l.add(w+noun, with(tc, scoreExact-0.01))
				}
			}
			if n := len(cw); n > 0 && c.class == classText && len(c.samples) > 0 && !t.fkCols[c] && cw[n-1] != "type" && cw[n-1] != "category" && cw[n-1] != "kind" {
				// vehicles.fuel: "each fuel type", "the kind of fuel" are its categories.
				for _, p := range []string{full + " type", full + " kind", "kind of " + full, "type of " + full} {
					if !slices.ContainsFunc(l.entries[p], func(o cand) bool { return o.kind != candValue && o.score >= scoreExact }) {
						l.add(p, with(tc, scoreExact-0.03))
					}
				}
			}
			if n := len(cw); n > 1 && c.class == classText && (cw[n-1] == "type" || cw[n-1] == "category") {
				// plot_type: "what kind of plot", "the plot kind".
				l.add(strings.Join(cw[:n-1], " ")+" kind", with(tc, scoreExact-0.01))
				l.add("kind of "+strings.Join(cw[:n-1], " "), with(tc, scoreExact-0.01))
				if len(t.words) > 0 && !slices.ContainsFunc(t.cols, func(o *column) bool {
					return o != c && o.class == classText && len(o.words) > 0 && (o.words[len(o.words)-1] == "type" || o.words[len(o.words)-1] == "category")
				}) {
					// municipalities.csd_type, the table's one type: "each kind of
					// municipality", "municipalities of each type".
					noun := t.words[len(t.words)-1]
					for _, w := range []string{"kind of ", "type of ", "sort of "} {
						l.add(w+noun, with(tc, scoreExact-0.02))
					}
					l.add(noun+" type", with(tc, scoreExact-0.02))
					l.add(cw[n-1], with(tc, scoreAmbig-0.05)) // below a column named so alone (titles.type), never an alias's target
				}
			}
			if n := len(cw); n > 1 && c.class == classNumber && scaleWords[cw[n-1]] > 0 {
				// us_views_millions: the views, counted in millions.
				l.add(strings.Join(cw[:n-1], " "), with(tc, scoreExact))
				l.add(cw[n-2], with(tc, scoreHead))
			}
			if n := len(cw); n > 1 && c.class == classNumber && (isUnitWord(cw[n-1]) || areaVolumeUnits[cw[n-1]]) {
				// bill_length_mm, body_mass_g, land_area_km2: the measure, said without its unit.
				l.add(strings.Join(cw[:n-1], " "), with(tc, scoreExact-0.01))
			}
			if n := len(cw); n == 2 && c.class == classNumber && postAdjectives[cw[1]] {
				// cloudhigh, temp_max, price_min: the adjective said first, "high cloud",
				// "max temperature".
				l.add(cw[1]+" "+cw[0], with(tc, scoreExact-0.01))
				if levelAdjectives[cw[1]] {
					l.add(cw[1]+" level "+cw[0], with(tc, scoreExact-0.01)) // "mid-level cloud"
				}
			}
			if c == t.label && slices.Equal(cw, []string{"dba"}) {
				// dba, "doing business as": the name the business trades under.
				for _, w := range []string{"name", "trading name", "business name"} {
					l.add(w, with(tc, scoreExact-0.01))
				}
			}
			if c.via != nil && c.lookupName() && cw[len(cw)-1] != "name" {
				// Party.family read through a shared code list: "the family name" is its name.
				l.add(strings.Join(cw, " ")+" name", with(tc, scoreExact))
			}
			if n := len(cw); n == 2 && cw[0] == "name" && c.class == classText && (nameAdjectives[cw[1]] || languageCodes[cw[1]] != "") {
				// name_short, name_english: "the short name", "the English name", "the party's
				// English name".
				l.add(cw[1]+" "+cw[0], with(tc, scoreExact))
				l.add(strings.Join(t.words, " ")+" "+cw[1]+" "+cw[0], with(tc, scoreExact))
			}
			if n := len(cw); n == 2 && cw[1] == "by" && c.class == classText {
				// directed_by, written_by: who did it is the director, the writer.
				for _, a := range agentNouns[cw[0]] {
					l.add(a, with(tc, scoreExact-0.01))
				}
			}
			if c.class == classBool && len(cw) == 2 && (cw[1] == "completion" || cw[1] == "complete" || cw[1] == "completed") {
				// clutch_completion: a "complete" or "full" clutch has it set, an incomplete
				// one not.
				for _, pre := range []string{"complete ", "completed ", "full "} {
					l.add(pre+cw[0], with(tc, scoreSynonym))
				}
				nc := with(tc, scoreSynonym)
				nc.negate = true
				l.add("incomplete "+cw[0], nc)
			}
			if c.class == classBool {
				fw := flagNameWords(cw)
				// "inactive", "unpaid", "non verified": the flag is not set.
				if w := fw[len(fw)-1]; len(fw) <= 2 && !linkWords[w] {
					nc := with(tc, scoreSynonym)
					nc.negate = true
					for _, pre := range []string{"in", "un", "non ", "non"} {
						l.add(pre+w, nc)
					}
				}
				if forms, ok := flagVerbForms[fw[len(fw)-1]]; ok && len(fw) == 1 {
					// "win", "winners" for a flag named won; "lost" for it unset.
					for _, w := range forms[0] {
						l.add(w, with(tc, scoreSynonym))
					}
					nc := with(tc, scoreSynonym)
					nc.negate = true
					for _, w := range forms[1] {
						l.add(w, nc)
					}
				}
				// "still selling", "still available": a row is current when its ended flag
				// (discontinued, obsolete, deleted) is not set, or its active flag is.
				if w := fw[len(fw)-1]; len(fw) <= 2 && (endedFlags[w] || currentFlags[w]) {
					sc := with(tc, scoreSynonym)
					sc.negate = endedFlags[w]
					for _, p := range stillPhrases {
						l.add(p, sc)
					}
				}
			}
			// Just below exact: the table's own name ("product categories") beats the phrase
			// "product" + "category" naming products.category. (Not a date said as the verb
			// of its rows: "how many Torchwood episodes first aired in 2008" counts the
			// episodes.)
			if last := cw[len(cw)-1]; !(c.class == classDate && len(last) > 4 && strings.HasSuffix(last, "ed")) {
				l.add(name+" "+full, with(tc, scoreExact-0.01))
			}
			if n := len(t.words); n > 1 && len(cw) == 1 && c.class == classText && (cw[0] == "category" || cw[0] == "type" || cw[0] == "kind") && !t.fkCols[c] {
				// pizza_types.category: "the pizza category" is the column, not the pizza
				// types that "category" may also name.
				l.add(strings.Join(t.words[:n-1], " ")+" "+full, with(tc, scoreExact-0.01))
			}
			// "type of customer" for Customer.CustomerType, "status of the order" for
			// orders.order_status: the rest of a name prefixed with its table's words, said
			// with "of".
			if n := len(t.words); len(cw) > n && slices.Equal(cw[:n], t.words) {
				rest := strings.Join(cw[n:], " ")
				l.add(rest+" of "+name, with(tc, scoreExact))
				l.add(rest+" of the "+name, with(tc, scoreExact))
			}
			// "order date" for orders.order_date: the table word is already in the name.
			if len(t.words) == 1 && len(cw) > 1 && cw[0] == t.words[0] {
				l.add(full, with(tc, scoreExact))
				// "last name" for cust.cust_lname (customer last name): the rest of a name
				// prefixed with its table's word, when more than one word remains.
				if len(cw) > 2 {
					l.add(strings.Join(cw[1:], " "), with(tc, scoreHead))
				}
			}
			if len(cw) == 1 && genericWords[cw[0]] {
				l.add(full, with(tc, scoreAmbig))
			} else if c == t.category {
				l.add(full, with(tc, scoreExact))
			} else if endsWith(t.words, cw) && c == t.label || slices.Equal(cw, t.words) || pointsToNamed(c) || len(cw) == 1 && tableWords[cw[0]] {
				// episodes.episode, the number of an episode, and advantage_movement.episode,
				// the episode an event happened in: "episodes" are the episodes table's rows.
				l.add(full, with(tc, scoreExact-0.02))
				if len(t.words) > 1 && len(cw) == 1 && tableWords[cw[0]] {
					// "surprise songs" for eras_tour_surprise.song beside a table of songs:
					// the table's own word says which.
					l.add(t.words[len(t.words)-1]+" "+full, with(tc, scoreExact-0.05))
				}
			} else {
				l.add(full, with(tc, scoreExact))
				if len(t.words) > 1 {
					// "campaign revenue" for campaign_daily_stats.revenue, "category
					// description" for product_categories.description.
					l.add(t.words[0]+" "+full, with(tc, scoreExact-0.05))
					l.add(t.words[len(t.words)-1]+" "+full, with(tc, scoreExact-0.05))
				}
			}
			if n := len(cw); n >= 2 && cw[n-1] == "name" && !linkWords[cw[n-2]] && !tableWords[cw[n-2]] && !nouns[cw[n-2]] && c.class == classText {
				// iso4217_currency_name: "currency" said alone is its name, before its code,
				// its number or the country name filed with it.
				l.add(cw[n-2], with(tc, scoreHead+0.02))
			}
			for _, p := range periodPhrases(cw) {
				// viewers_7day: "7-day viewers", "7-day audience", "viewers in the first
				// seven days".
				l.add(p, with(tc, scoreExact-0.01))
			}
			if long, ok := spelledAcronym(cw); ok {
				// least_developed_countries_ldc: the words the last one abbreviates name it
				// ("least developed countries", "landlocked developing countries"), and so
				// does the abbreviation; a flag of a table's rows is also said without the
				// noun of those rows ("countries classed as least developed").
				l.add(cw[len(cw)-1], with(tc, scoreExact))
				if n := len(long); n > 2 && c.class == classBool && slices.Contains(t.words, long[n-1]) {
					// The noun stays the table's: "how many landlocked developing countries".
					long = long[:n-1]
				}
				for _, p := range compounds(long) {
					l.add(strings.Join(p, " "), with(tc, scoreExact-0.01))
				}
			}
			if c.class == classText && !slices.Contains(cw, "code") && shortCodes(c) {
				// "carrier code" for airlines.carrier ('B6'), "faa code" for airports.faa: a
				// column of short codes is its name's code.
				l.add(full+" code", with(tc, scoreExact-0.01))
			}
			if n := len(cw); n >= 2 && c.money > 0 && !slices.Contains(cw, "amount") {
				// "total amount due" for TotalDue: people put "amount" into a name of money.
				l.add(strings.Join(cw[:n-1], " ")+" amount "+cw[n-1], with(tc, scoreExact-0.01))
			}
			if n := len(cw); n >= 2 && c.class == classNumber && slices.Contains(shareWords, cw[0]) {
				// ShareWomen: "the share of women".
				l.add(cw[0]+" of "+strings.Join(cw[1:], " "), with(tc, scoreExact))
			}
			if n := len(cw); c.class == classNumber && statisticWords[cw[n-1]] {
				// recent_grads.Median, P75th: a statistic of what people earn, said with
				// what it measures ("median salary", "75th percentile earnings").
				for _, w := range earningWords {
					l.add(full+" "+w, with(tc, scoreExact))
					l.add(name+" "+full+" "+w, with(tc, scoreExact))
				}
			}
			if n := len(cw); n >= 3 && !linkWords[cw[n-2]] {
				// "start date" for membership_start_date: the last two words of a longer name.
				l.add(strings.Join(cw[n-2:], " "), with(tc, scoreHead))
			}
			if len(cw) > 1 && strings.Trim(cw[len(cw)-1], "0123456789") == "" {
				// runner_up_2: a number ends the name, which its other words say ("runner up").
			} else if len(cw) > 1 {
				head := cw[len(cw)-1]
				if genericWords[head] {
					// signup_date: "signup" names it; order_date: "order" would clash with the
					// table, which wins on score. Where no table is called that (pubs' sales
					// lines with ord_num and ord_date), the number is what tells orders apart.
					hs := scoreHead
					if identWords[head] {
						hs += 0.01
					}
					if rest := cw[:len(cw)-1]; !(identWords[head] && kindOfRows(t, rest)) {
						l.add(strings.Join(rest, " "), with(tc, hs))
					}
				} else if tableWords[head] && !slices.Equal(t.words, []string{head}) {
					// "order" is the Orders table before it is the head of UnitsOnOrder.
					l.add(head, with(tc, scoreModifier))
					if c.class != classBool {
						// (A flag's head word is a table's rows: un_roll_calls.importantvote
						// flags the important votes; "roll-call votes" are all of them.)
						l.add(name+" "+head, with(tc, scoreExact-0.05))
						l.add(t.words[0]+" "+head, with(tc, scoreExact-0.05))
					}
				} else {
					hs, xs := scoreHead, scoreExact-0.05
					if c == t.measure {
						// "order amounts" where an order has a Tax, Net and TotalAmount: what
						// the order is worth.
						hs, xs = hs+0.01, xs+0.01
					}
					if len(head) > 1 && !quantifierHeads[head] {
						// (One letter ends magK or x_y_z but names nothing alone: "20,000 K"
						// is kelvins; "all" ends DIST_EDUC_ALL but "all the institutions"
						// asks for every row.)
						l.add(head, with(tc, hs))
					}
					// "order amount" for orders.total_amount, "campaign spend" for
					// campaign_daily_stats.spend: the table's (first or head) word and the
					// column's head word.
					l.add(name+" "+head, with(tc, xs))
					l.add(t.words[0]+" "+head, with(tc, xs))
					l.add(t.words[len(t.words)-1]+" "+head, with(tc, xs))
				}
				for _, w := range cw[:len(cw)-1] {
					// "in" of UnitsInStock or "of" of country_of_origin name nothing alone.
					if _, num := numberWords[w]; !genericWords[w] && !linkWords[w] && !comparisonWords[w] && !num {
						l.add(w, with(tc, scoreModifier))
					}
				}
			}
			if c.listSep != "" {
				// A list-valued column is found by its items: "deleted scenes" is a film whose
				// features include it, not one whose features are only that.
				items, _ := listItems(c.samples)
				for _, v := range items {
					for _, p := range valuePhrases(v, true) {
						// Just below a whole value: "chicken pizzas" are of the category
						// 'chicken' before they are the ones with chicken among their
						// ingredients.
						l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: scoreExact - 0.03, item: true})
					}
				}
			}
			if slices.Contains(c.words, "unit") {
				// "measured in micrograms": the unit as stored ('µg').
				for _, v := range c.samples {
					for _, w := range unitNames[v] {
						l.add(w, cand{kind: candValue, table: t, col: c, value: v, score: scoreSynonym})
					}
				}
			}
			valueScore := scoreExact
			if t.lookup {
				// A shared lookup's names and codes ('Visit', 'COVID-19') are first the names
				// its keys' roles hold, and the tables named like them: "visits" are visit
				// occurrences, not concepts of the class 'Visit'.
				valueScore -= copyBelowTable
			}
			regions := placeRegions(c)
			byName := surnamesFirst(c)
			for g, v := range c.givenNames {
				// "Rachel" for 'Rachel Green' in a column of people's full names; not a word
				// the schema names things by ("Taylor" of the taylor_ tables).
				if schemaWords[g] {
					continue
				}
				l.values[g] = append(l.values[g], cand{kind: candValue, table: t, col: c, value: v, score: scoreIndexed - 2*shortNamePenalty})
			}
			for _, v := range c.samples {
				if c.class == classBool || c.listSep != "" {
					break // 'Y' and '1' of a flag are its states, said with words ("discontinued")
				}
				if flagAndNoun(nouns, t, v) {
					continue
				}
				if p := c.prof; p != nil && p.Distinct == 1 && p.NonNull == p.Rows && len(t.words) > 0 && normPhrase(v) == t.words[len(t.words)-1] {
					continue // gh_users.type 'User' on every row: the word names the table, keeps nothing
				}
				vc := cand{kind: candValue, table: t, col: c, value: v, score: valueScore}
				if len(t.words) > 1 && normPhrase(v) == t.words[len(t.words)-1] {
					// drwho_episodes.type 'episode' beside 'special': "episodes" are the
					// table's rows, all of them, before they are the kind that is not special.
					vc.score = min(vc.score, scoreHead)
				}
				if genderedTitle(c.samples, v) {
					// 'Chair' where 'Chairman' and 'Chairwoman' are stored too: all of them.
					vc.pattern = v + "%"
				}
				if regions[v] {
					vc.pattern = "%" + v // "from Essex": 'Essex' and 'Brentwood, Essex' alike
					delete(regions, v)
				}
				for _, p := range valuePhrases(v, true) {
					l.add(p, vc)
				}
				for _, p := range shortNames(normPhrase(v)) {
					if w := strings.TrimPrefix(p, "the "); !strings.Contains(w, " ") && schemaWords[w] {
						continue // 'The Phone Company' cut short is "the phone", the phone number's word
					}
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				if q := nameBeforeOf(normPhrase(v)); q != "" && !schemaWords[q[strings.LastIndex(q, " ")+1:]] {
					l.add(q, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				if p := kindName(t, c, v); p != "" {
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				if p := bareName(t, c, v); p != "" {
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - 2*shortNamePenalty})
				}
				if p := ownNounValue(t, c, v); p != "" {
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				if p := unqualified(v); p != "" {
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				for _, p := range agentVerbs(t, c, v) {
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				if p := placeName(c, v); p != "" {
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				for _, p := range surnameFirst(v, byName) {
					l.add(p, cand{kind: candValue, table: t, col: c, value: v, score: valueScore - shortNamePenalty})
				}
				if c.class == classText && len(c.index) == 0 && len(c.samples) <= 50 {
					if st := stem(normPhrase(v)); st != "" {
						l.stems[st] = append(l.stems[st], with(vc, scoreSynonym*0.9))
					}
				}
			}
			for w, pattern := range valueFamilies(c) {
				families = append(families, familyWord{w, cand{kind: candValue, table: t, col: c, value: strings.Trim(pattern, "%"), pattern: pattern, score: valueScore - 2*shortNamePenalty}})
			}
			if len(c.index) > 0 && c != t.label && containsAny(c.words, []string{"description", "desc", "descr"}) {
				// A short description is indexed for the rows it names (AccountDescription,
				// the chart of accounts' 'Salaries'); another table's descriptions beside a
				// label are what its rows are about, not their names.
				continue
			}
			for _, v := range c.index {
				for _, p := range append([]string{kindName(t, c, v), unqualified(v), placeName(c, v)}, surnameFirst(v, byName)...) {
					if p != "" {
						l.values[p] = append(l.values[p], cand{kind: candValue, table: t, col: c, value: v, score: scoreIndexed - shortNamePenalty})
					}
				}
				if !flagAndNoun(nouns, t, v) {
					vc := cand{kind: candValue, table: t, col: c, value: v, score: valueScore - (scoreExact - scoreIndexed)}
					if regions[v] {
						// "from Essex": 'Essex' and 'Brentwood, Essex' alike.
						vc.pattern = "%" + v
						delete(regions, v)
					}
					l.addValue(vc)
				}
			}
			for _, r := range slices.Sorted(maps.Keys(regions)) {
				// "from Kent", written only as 'Ashford, Kent'.
				rc := cand{kind: candValue, table: t, col: c, value: r, pattern: "%, " + r, score: scoreIndexed - shortNamePenalty}
				if len(c.index) > 0 {
					l.addValue(rc)
					continue
				}
				for _, p := range valuePhrases(r, false) {
					l.add(p, rc)
				}
			}
		}
	}
	for _, t := range m.tables {
		commonNameWords(l, t)
		if c := t.label; c != nil && c.lookupName() {
			// "visits per visit type": the kind a lookup's name gives each visit.
			role := strings.Join(c.words[:len(c.words)-1], " ")
			for _, w := range []string{" type", " kind"} {
				l.add(role+w, cand{kind: candColumn, table: t, col: c, score: scoreExact})
			}
		}
	}
	// "customers in Argentina": a country's name is its ISO code, where a country column
	// stores codes ('AR') and no value is spelled as the name; before the nationalities, so
	// that "French customers" reaches 'FR' too.
	unstored := map[string]string{}
	for name, code := range isoCountries {
		if !l.holdsValue(name) {
			unstored[name] = code
		}
	}
	l.addCodeNames(unstored, func(c cand) bool { return containsAny(c.col.words, []string{"country"}) && shortCodes(c.col) })
	// "South American countries": a continent's name is its two-letter code where a
	// continent column stores codes ('SA').
	l.addCodeNames(continentCodes, func(c cand) bool { return containsAny(c.col.words, []string{"continent"}) && shortCodes(c.col) })
	// "Japanese suppliers", "German customers": a nationality is the country's value, where
	// a column holds that country.
	for _, word := range slices.Sorted(maps.Keys(demonyms)) {
		// Both are keyed as questions are read: 'Netherlands' is found as "netherland",
		// "Swiss" as what the tokenizer makes of it.
		adj, country := normPhrase(word), normPhrase(demonyms[word])
		for _, c := range l.entries[country] {
			if c.kind == candValue {
				l.add(adj, with(c, scoreSynonym))
			}
		}
		// Countries of a column with many values sit in the value index.
		for _, c := range l.values[country] {
			l.values[adj] = append(l.values[adj], with(c, scoreSynonym))
		}
	}
	// "women", "men": the stored gender, written out or as a letter in a gender or sex column.
	for _, word := range slices.Sorted(maps.Keys(genderWords)) {
		for _, v := range genderWords[word] {
			for _, c := range l.entries[v] {
				if c.kind == candValue && containsAny(c.col.words, []string{"gender", "sex"}) {
					l.add(word, with(c, scoreSynonym))
				}
			}
		}
	}
	// "women referees", "female players": a flag named for a sex is set for them, and not set
	// for the other ("men").
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c.class != classBool || len(c.words) != 1 || c.words[0] != "female" && c.words[0] != "male" {
				continue
			}
			fc := cand{kind: candColumn, table: t, col: c, score: scoreSynonym}
			other := map[bool]string{true: "male", false: "female"}[c.words[0] == "female"]
			for _, word := range slices.Sorted(maps.Keys(genderWords)) {
				if stored := genderWords[word]; slices.Contains(stored, c.words[0]) {
					l.add(word, fc)
				} else if slices.Contains(stored, other) {
					nc := fc
					nc.negate = true
					l.add(word, nc)
				}
			}
		}
	}
	// "prospective buyers who are single": the letter a marital-status column keeps.
	l.addCodeNames(maritalCodes, func(c cand) bool {
		return len(c.value) == 1 && containsAny(c.col.words, []string{"marital", "martial", "civil"})
	})
	// "large pizzas", "a small coffee": a size said in words is the letter a size column keeps.
	for _, word := range slices.Sorted(maps.Keys(sizeNames)) {
		for _, v := range sizeNames[word] {
			for _, c := range l.entries[v] {
				if c.kind == candValue && containsAny(c.col.words, []string{"size"}) {
					l.add(word, with(c, scoreSynonym))
				}
			}
		}
	}
	// "US customers", "UK suppliers": a country code is the country's stored value, written
	// out or as another code.
	for _, code := range slices.Sorted(maps.Keys(countryCodes)) {
		names := countryCodes[code]
		for _, n := range names {
			n = normPhrase(n) // as values are kept: 'United States' under "united state"
			for _, c := range l.entries[n] {
				if c.kind == candValue {
					l.add(code, with(c, scoreSynonym))
				}
			}
			// Countries of a column with many values sit in the value index.
			for _, c := range l.values[n] {
				if !slices.ContainsFunc(l.values[code], func(o cand) bool { return sameCand(o, c) }) {
					l.values[code] = append(l.values[code], with(c, scoreSynonym))
				}
			}
		}
	}
	// "partners that work in euros", "products priced in US dollars": a currency's name is its
	// ISO code, where a currency column holds the code.
	unitCols := map[*column]bool{} // currencyUnits reads a column's values: once per column
	l.addCodeNames(currencyCodes, func(c cand) bool {
		if containsAny(c.col.words, []string{"currency", "curr"}) {
			return true
		}
		units, seen := unitCols[c.col]
		if !seen {
			units = currencyUnits(c.col)
			unitCols[c.col] = units
		}
		return units
	})
	// "the French description": a language's name is its ISO 639-1 code ('fr'), where a
	// language, culture or locale column holds the code.
	l.addCodeNames(languageCodes, func(c cand) bool {
		return len(c.value) == 2 && containsAny(c.col.words, []string{"language", "lang", "culture", "locale"})
	})
	// "authors in California": a US state's name is its code, where a column holds the code.
	// Washington alone is the state only where no city or other value is called that.
	twoLetters := func(c cand) bool { return len(c.value) == 2 }
	washington := !l.holdsValue("washington")
	l.addCodeNames(usStates, twoLetters)
	for _, name := range slices.Sorted(maps.Keys(usStates)) {
		// "institutions located in Wyoming": the state, not the town of Wyoming beside it in
		// the same rows (Washington, a city people name alone, is left as it is).
		key := normPhrase(name)
		es := l.entries[key]
		for i, c := range es {
			if c.kind != candValue || !twoLetters(c) || c.score != scoreSynonym || name == "washington" {
				continue
			}
			for _, o := range append(slices.Clip(es), l.values[key]...) {
				if o.kind == candValue && o.table == c.table && o.col != c.col && o.score >= c.score && containsAny(o.col.words, []string{"city", "town", "county"}) {
					es[i].score = o.score + 0.01
				}
			}
		}
	}
	if washington {
		l.addCodeNames(map[string]string{"washington": usStates["washington state"]}, twoLetters)
	}
	// "cost to rent" is rental_rate, "dearer to replace" replacement_cost: a price-like
	// column named after what is done (a noun of a verb) is found by the verb.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c.class != classNumber || len(c.words) != 2 || !priceWords[c.words[1]] {
				continue
			}
			for _, v := range verbsOf(c.words[0]) {
				for _, pre := range []string{"to ", "cost to ", "price to ", "costs to ", "charge to "} {
					l.add(pre+v, cand{kind: candColumn, table: t, col: c, score: scoreExact - 0.05})
				}
			}
		}
	}
	l.addWins(m)
	// "dead characters", "villains": a category stored in other words ('Deceased
	// Characters', 'Bad Characters').
	for _, word := range slices.Sorted(maps.Keys(valueWordAliases)) {
		for _, target := range valueWordAliases[word] {
			for _, c := range l.entries[target] {
				if c.kind == candValue && !l.holdsValue(word) {
					l.add(word, with(c, c.score*scoreSynonym))
				}
			}
		}
	}
	for _, sp := range statePhrases {
		for _, t := range m.tables {
			for _, c := range t.cols {
				want := classNumber
				if sp.state.op == "is null" {
					want = classDate
				}
				// (A 0/1 flag takes a number's state: a studio album is ep = 0.)
				numFlag := want == classNumber && c.class == classBool && c.flagOn == "" && sp.state.op == "="
				if (c.class == want || numFlag) && c.metric == nil && slices.ContainsFunc(sp.words, func(w string) bool {
					return !slices.ContainsFunc(strings.Fields(w), func(p string) bool { return !slices.Contains(c.words, p) })
				}) {
					st := sp.state
					l.add(sp.phrase, cand{kind: candValue, table: t, col: c, score: scoreSynonym, state: &st})
				}
			}
		}
	}
	for _, t := range m.tables {
		for _, c := range t.cols {
			if n := len(c.words); n >= 2 && c.yearInt && c.words[n-1] == "date" {
				// birth_date keeping years only: the birth year, the year of birth.
				ev := strings.Join(c.words[:n-1], " ")
				l.add(ev+" year", cand{kind: candColumn, table: t, col: c, score: scoreExact})
				l.add("year of "+ev, cand{kind: candColumn, table: t, col: c, score: scoreExact})
			}
		}
	}
	// "last updated", "last modified" for lastupdate, last_modified: the date the verb says.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c.class == classDate && len(c.words) == 2 && c.words[0] == "last" {
				w := c.words[1]
				for _, f := range []string{w + "d", w + "ed", strings.TrimSuffix(w, "ed") + "ed"} {
					l.add("last "+f, cand{kind: candColumn, table: t, col: c, score: scoreExact})
				}
			}
		}
	}
	// "products we no longer sell": those whose sale ended (Product.SellEndDate is set).
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c.class == classDate && containsAny(c.words, []string{"sell", "sale", "selling"}) && containsAny(c.words, []string{"end", "ended", "stop", "stopped"}) {
				set := stateCond{op: "is not null"}
				for _, p := range []string{"no longer sold", "no longer sell", "no longer selling", "no longer on sale", "no longer for sale", "no longer carry", "no longer offered"} {
					l.add(p, cand{kind: candValue, table: t, col: c, score: scoreSynonym, state: &set})
				}
			}
		}
	}
	// "How much has Karl Seal spent": without a spend or cost column, what a customer spends
	// is what they paid, an amount or a total.
	if len(l.entries["spend"]) == 0 {
		for _, t := range m.tables {
			for _, c := range t.cols {
				if c.class == classNumber && c.money >= revenueLike-1 {
					l.add("spend", cand{kind: candColumn, table: t, col: c, score: 0.75 + 0.01*float64(c.money)})
				}
			}
		}
		// Or the revenue derived from its lines (price × quantity), which is what it paid.
		for _, c := range m.derived {
			l.add("spend", cand{kind: candColumn, table: c.table, col: c, score: 0.8})
		}
	}
	// "gym" for the get_fit_now_* tables: an everyday word for a word inside table names,
	// reaching those tables at the score the inner word has.
	for _, word := range slices.Sorted(maps.Keys(tableWordAliases)) {
		for _, target := range tableWordAliases[word] {
			for _, c := range l.entries[target] {
				if c.kind == candTable {
					l.add(word, c)
				}
			}
		}
	}
	// NetBox's circuits.cid and vlan.vid: a short name of the table's initial and "id" is the
	// row's own identifier, "the circuit ID", "the VLAN ID".
	for _, t := range m.tables {
		if n := len(t.words); n > 0 && len(t.words[n-1]) > 2 {
			for _, c := range t.cols {
				if lc := strings.ToLower(c.name); len(lc) == 3 && lc[0] == t.words[n-1][0] && lc[1:] == "id" && c != t.pk && !t.fkCols[c] {
					if phrase := t.words[n-1] + " id"; len(l.entries[phrase]) == 0 {
						l.add(phrase, cand{kind: candColumn, table: t, col: c, score: scoreExact})
					}
				}
			}
		}
	}
	// channel_members is a channel's "member list": the rows listing who belongs.
	for _, t := range m.tables {
		if n := len(t.words); n >= 2 && !t.view {
			for _, phrase := range []string{t.words[n-1] + " list", t.words[n-1] + " lists"} {
				if len(l.entries[phrase]) == 0 {
					l.add(phrase, cand{kind: candTable, table: t, score: scoreExact - 0.05})
				}
			}
		}
	}
	// NumberEmployees is "the number of employees" a reseller has, not a count of rows of
	// employees: a column named for a number of things, said with "of".
	for _, t := range m.tables {
		for _, c := range t.cols {
			if w := c.words; len(w) >= 2 && w[0] == "number" && c.class == classNumber && c.via == nil {
				l.add("number of "+strings.Join(w[1:], " "), cand{kind: candColumn, table: t, col: c, score: scoreExact})
				// num_members is also the channel's "member count".
				if phrase := strings.Join(w[1:], " ") + " count"; len(l.entries[phrase]) == 0 {
					l.add(phrase, cand{kind: candColumn, table: t, col: c, score: scoreExact})
				}
			}
		}
	}
	// ROTC_NAVY is "Navy ROTC", CON_FOOTBALL "football conference": a two-word name said
	// the other way round, where nothing else is called that.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if w := c.words; len(w) == 2 && c.class != classKey && c.via == nil && !genericWords[w[0]] && !genericWords[w[1]] && w[0] != w[1] {
				phrase := w[1] + " " + w[0]
				if len(l.entries[phrase]) == 0 {
					l.add(phrase, cand{kind: candColumn, table: t, col: c, score: scoreExact - 0.04})
				}
			}
		}
	}
	// sub.filed, num.ddate: where no column is called a date, "on what date" is the date of
	// each table's rows (the table named decides which).
	if len(l.entries["date"]) == 0 {
		for _, t := range m.tables {
			if c := t.date; c != nil && !t.view && c.class == classDate && !c.yearInt && !slices.Contains(c.words, "date") {
				l.add("date", cand{kind: candColumn, table: t, col: c, score: scoreExact - 0.2})
			}
		}
	}
	// sub.sic is "the SIC code", a zip column "the zip code": a short name of one word is a
	// code said with its noun.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if w := c.words; len(w) == 1 && len(w[0]) <= 5 && strings.EqualFold(c.name, w[0]) && c.class != classKey && c.via == nil && w[0] != "code" {
				if phrase := w[0] + " code"; len(l.entries[phrase]) == 0 {
					l.add(phrase, cand{kind: candColumn, table: t, col: c, score: scoreExact - 0.04})
				}
			}
		}
	}
	// dir_info2021 labelled by INSTITUTION: its rows are "institutions", where no table is
	// called that; a generic label (name, title) says nothing of what the rows are.
	for _, t := range m.tables {
		c := t.label
		if t.view || c == nil || c.via != nil || len(c.words) != 1 || genericWords[c.words[0]] || slices.Contains([]string{"title", "description", "label", "word"}, c.words[0]) || slices.Contains(t.words, c.words[0]) {
			continue
		}
		shared := slices.ContainsFunc(m.tables, func(o *table) bool {
			return o != t && slices.ContainsFunc(o.cols, func(oc *column) bool { return oc.via == nil && slices.Equal(oc.words, c.words) })
		})
		if !shared && !slices.ContainsFunc(l.entries[c.words[0]], func(o cand) bool { return o.kind == candTable && o.score >= scoreSynonym }) {
			// (A major named in recent_grads, all_ages and majors_list alike names no one
			// of them.)
			l.add(c.words[0], cand{kind: candTable, table: t, score: scoreExact + 0.01})
		}
	}
	// friends_info keyed by season and episode: its rows are "episodes"; of several tables
	// keyed alike (friends, friends_emotions by utterance), the one with the shortest name.
	for _, t := range m.tables {
		if c := t.ordinal; c != nil && !t.view {
			score := scoreExact + 0.01
			for _, o := range m.tables {
				if o != t && o.ordinal != nil && slices.Equal(o.ordinal.words, c.words) && len(o.words) < len(t.words) {
					score = scoreExact - 0.03
				}
			}
			l.add(strings.Join(c.words, " "), cand{kind: candTable, table: t, score: score})
		}
	}
	// character_pov_books links characters to books as their point of view: "POV
	// characters" are the characters with such a row. The words between the two tables'
	// names qualify the first table's rows.
	for _, t := range m.tables {
		if t.view || len(t.fks) != 2 || len(t.words) < 3 {
			continue
		}
		var own *fk
		for i := range t.fks {
			if p := t.fks[i].to.table; len(p.words) == 1 && p.words[0] == t.words[0] && p.pk != nil {
				own = &t.fks[i]
			}
		}
		other := t.fks[0].to.table
		if own == &t.fks[0] {
			other = t.fks[1].to.table
		}
		if own == nil || len(other.words) != 1 || other.words[0] != t.words[len(t.words)-1] {
			continue
		}
		mid := t.words[1 : len(t.words)-1]
		p := own.to.table
		c := cand{kind: candValue, table: p, col: p.pk, score: scoreSynonym, state: &stateCond{op: "exists", link: own}}
		l.add(strings.Join(mid, " "), c)
		if len(mid) > 1 {
			var initials strings.Builder
			for _, w := range mid {
				initials.WriteByte(w[0])
			}
			l.add(initials.String(), c)
		}
	}
	// Posts.ViewCount: "the most viewed questions" rank by it; a count of what was done to a
	// row is said with the verb's participle ("viewed", "answered", "favorited") or as the
	// number of those.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c.class != classNumber || len(c.words) != 2 || c.words[1] != "count" || len(c.words[0]) < 4 {
				continue
			}
			w := c.words[0]
			if strings.HasSuffix(w, "e") {
				w += "d"
			} else {
				w += "ed"
			}
			if len(l.entries[w]) == 0 {
				// (Unless the word names something already: an order count does not make
				// "ordered" a count.)
				l.add(w, cand{kind: candColumn, col: c, table: t, score: scoreExact})
			}
			// "The number of views a question has received" is its view count, kept on the
			// row, not a count of rows (nor a user's profile Views).
			l.add("number of "+c.words[0], cand{kind: candColumn, col: c, table: t, score: scoreExact})
		}
	}
	// vote_share: "what share of the vote did they get" reads the stored share, said the
	// other way round, with or without the article.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c.class != classNumber || len(c.words) != 2 || c.words[1] != "share" && c.words[1] != "percentage" {
				continue
			}
			for _, of := range []string{" of ", " of the "} {
				l.add(normPhrase(c.words[1]+of+c.words[0]), cand{kind: candColumn, col: c, table: t, score: scoreExact})
			}
		}
	}
	// individuals keyed by penguin_id: its rows are "penguins". A key named after another
	// noun than its table says what the rows are, when nothing else is called that but the
	// columns of those rows and of the rows under them (StormEvents_details keyed by
	// EVENT_ID, with an EVENT_TYPE, and fatalities that keep the EVENT_YEARMONTH: "events",
	// though "event" is part of the table's name, whose head only says it holds details).
	for _, t := range m.tables {
		c := t.pk
		if c == nil || t.view || t.fkCols[c] || len(c.words) != 2 || c.words[1] != "id" || len(t.words) == 0 || t.words[len(t.words)-1] == c.words[0] ||
			slices.Contains(t.words, c.words[0]) && !containerNouns[t.words[len(t.words)-1]] {
			continue
		}
		if w := c.words[0]; len(w) > 2 && m.byName[w] == nil && !slices.ContainsFunc(l.entries[w], func(o cand) bool {
			return o.table != t && (o.kind != candColumn || fkTo(o.table, t) == nil) || o.table == t && o.kind != candColumn && o.kind != candTable
		}) {
			l.add(w, cand{kind: candTable, table: t, score: scoreSynonym})
		}
	}
	// sales_pipeline.deal_stage: whose stage it is names the rows ("how many deals were
	// lost"), when the word names nothing else but that table's own columns.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if t.view || t.fkCols[c] || c == t.pk || c.class != classText || len(c.words) != 2 || !stateHeads[c.words[1]] || slices.Contains(t.words, c.words[0]) {
				continue
			}
			w := c.words[0]
			if len(w) > 2 && m.byName[w] == nil && !slices.ContainsFunc(l.entries[w], func(o cand) bool { return o.table != t || o.kind != candColumn || o.score > scoreModifier }) {
				l.add(w, cand{kind: candTable, table: t, score: scoreSynonym})
			}
		}
	}
	// Transect observations numbered by Segment_num: its rows are "segments". A number that
	// counts from 1 within each parent (1, 2, 3 per transect) numbers the rows themselves;
	// a number that identifies something many rows share (InvoiceNo on invoice lines) is
	// not one, its values being large.
	for _, t := range m.tables {
		for _, c := range t.cols {
			if w := sequenceNoun(t, c); w != "" && m.byName[w] == nil && !slices.ContainsFunc(l.entries[w], func(o cand) bool { return o.kind == candTable }) {
				l.add(w, cand{kind: candTable, table: t, score: scoreExact - 0.02})
			}
		}
	}
	// Table aliases name a kind of row, never a column: "book" is the titles table, not an
	// employee's job title.
	for word, targets := range tableAliases {
		for i, target := range targets {
			for _, c := range l.entries[target] {
				if c.kind != candTable || c.score < scoreExact {
					continue
				}
				l.add(word, with(c, c.score*(scoreSynonym-0.05*float64(i))))
			}
		}
	}
	// "committee seats" for committee_membership, "leadership posts" for leadership_roles:
	// a table's name with its head said another way.
	for _, t := range m.tables {
		if n := len(t.words); n > 1 && !t.view {
			for _, word := range slices.Sorted(maps.Keys(aliases)) {
				if targets := aliases[word]; !strings.Contains(word, " ") && slices.Contains(targets, t.words[n-1]) && word != t.words[n-1] {
					l.add(strings.Join(t.words[:n-1], " ")+" "+word, cand{kind: candTable, table: t, score: scoreExact - 0.02})
				}
			}
		}
	}
	// Built-in aliases point at whatever the schema calls the thing: at the names read so far,
	// not at what another alias added ("category" is no "type" that is a "class"), and in a
	// fixed order, so a schema is read the same way every time (in map order, prairie's
	// Cover_class was "category" in about half the runs).
	named := make(map[string][]cand, len(l.entries))
	for k, cs := range l.entries {
		named[k] = slices.Clone(cs)
	}
	for _, word := range slices.Sorted(maps.Keys(aliases)) {
		for i, target := range aliases[word] {
			for _, c := range named[target] {
				// A bare "type" column is too vague for the word "type" alone, but it is what
				// "category" and "genre" mean when nothing else is called that (pubs' titles.type).
				vague := c.kind == candColumn && genericWords[target] && c.col.class == classText && c.score >= scoreAmbig
				if c.kind == candValue || (c.score < scoreHead && !vague) {
					continue
				}
				if c.kind == candColumn && c.col.class == classNumber && askedKinds[word] {
					// "what kind of place": a kind is a category's values, never a number
					// column called CATEGORY (a hurricane's category 1 to 5).
					continue
				}
				if vague {
					l.add(word, with(c, scoreHead*(scoreSynonym-0.05*float64(i))))
					continue
				}
				if !phraseOnlyAliases[word] || target == word {
					l.add(word, with(c, c.score*(scoreSynonym-0.05*float64(i))))
				}
				if cw := c.col; c.kind == candColumn && (!strings.Contains(word, " ") || strings.HasSuffix(word, " "+target)) && len(cw.words) > 1 && cw.words[len(cw.words)-1] == target {
					// "membership level" for membership_status: the name with its head word
					// said another way ("end-of-day exchange rate" for EndOfDayRate), unless another column is called that ("unit cost"
					// is unit_cost, not unit_price said another way).
					phrase := strings.Join(cw.words[:len(cw.words)-1], " ") + " " + word
					if !slices.ContainsFunc(l.entries[phrase], func(o cand) bool { return o.kind == candColumn && o.col != c.col && o.score >= scoreExact }) {
						l.add(phrase, with(c, scoreExact-0.02))
					}
				}
			}
		}
	}
	for _, c := range m.rates {
		// "the acceptance rate", "the lowest acceptance rate": the row's percentage.
		for _, f := range rateFormulas {
			if strings.Join(c.words, " ") == f.names[0] {
				for _, w := range f.names {
					l.add(normPhrase(w), cand{kind: candColumn, table: c.table, col: c, score: scoreExact})
				}
			}
		}
	}
	for _, c := range m.margins {
		score := scoreSynonym
		if slices.Contains(c.table.words, c.diff[0].words[len(c.diff[0].words)-1]) {
			// The sales table's sales less cost (sales_fact_1997) before a warehouse's:
			// profit is first what the sales made.
			score += 0.02
		}
		for _, w := range marginWords {
			l.add(w, cand{kind: candColumn, table: c.table, col: c, score: score})
		}
		// "sales minus cost", "store sales less store cost": the margin said as its parts.
		for _, minus := range []string{" minus ", " less "} {
			for _, a := range []string{strings.Join(c.diff[0].words, " "), c.diff[0].words[len(c.diff[0].words)-1]} {
				for _, b := range []string{strings.Join(c.diff[1].words, " "), c.diff[1].words[len(c.diff[1].words)-1]} {
					l.add(a+minus+b, cand{kind: candColumn, table: c.table, col: c, score: score + scoreExact - scoreSynonym})
				}
			}
		}
	}
	for _, c := range m.derived {
		// Above an amount found by a synonym elsewhere, below any name the schema uses.
		for _, w := range revenueWords {
			l.add(w, cand{kind: candColumn, table: c.table, col: c, score: 0.9})
		}
		// "the stores that made the most money": the revenue, when no column holds an
		// amount or a total (those rank first for "money", see moneySynonyms).
		l.add("money", cand{kind: candColumn, table: c.table, col: c, score: 0.68})
	}
	restated := map[*column]bool{} // a line's amount named as its header's, found once
	for _, t := range m.tables {
		for _, c := range t.cols {
			if c.class == classNumber && restatesHeader(c) {
				restated[c] = true
			}
		}
	}
	for word, ranks := range moneySynonyms {
		for _, t := range m.tables {
			for _, c := range t.cols {
				if c.class != classNumber {
					continue
				}
				best := 0.0
				for _, w := range c.words {
					best = max(best, ranks[w])
				}
				if slices.ContainsFunc(c.words, func(w string) bool { return moneyParts[w] }) && ranks[c.words[0]] < 0.9 {
					// TaxAmt, freight_amount: a part of what an order is worth, never its sales
					// or value.
					best = 0
				}
				if best > 0 {
					score := best * 0.9
					if slices.ContainsFunc(t.words, func(w string) bool { return ranks[w] >= 0.9 }) {
						// "sales" in a schema with sales and purchase orders: the amounts of
						// the table named for the word (SO_Header, a sales order), not of
						// every table with an amount.
						score += 0.02
					}
					if restated[c] {
						// SO_Item.GROSSAMOUNT beside SO_Header.GROSSAMOUNT: "sales" is the
						// documents' amount, unless a product or the like needs the lines.
						score -= 0.005
					}
					if c == t.measure {
						// Among a table's amounts that the word reaches alike (an order's
						// NetAmount, DiscountAmount, TotalAmount), its own measure: what an
						// order is worth.
						score += 0.01
					}
					l.add(word, cand{kind: candColumn, table: t, col: c, score: score})
				}
			}
		}
	}
	for _, c := range m.derived {
		// "the order value", "what was the order worth": the lines' price × quantity, above a
		// payment's amount that only the same customer links to the order. Where no column
		// claims the word it says nothing ("the average order value" is read whole).
		for _, w := range []struct {
			word  string
			score float64
		}{{"value", 0.83}, {"worth", 0.81}} {
			if len(l.entries[w.word]) > 0 {
				l.add(w.word, cand{kind: candColumn, table: c.table, col: c, score: w.score})
			}
		}
	}
	l.addTwinReadings(m)
	// "constructors from the United Kingdom": a preposition is never a column by being the
	// last word of its name (constructor_chronology.year_from).
	for _, w := range []string{"from", "to", "of", "in", "on", "by", "at", "for", "with", "until"} {
		l.entries[w] = slices.DeleteFunc(l.entries[w], func(c cand) bool { return c.kind == candColumn && c.score < scoreExact })
	}
	// Views repeat their tables' columns under the same names (Northwind's "Invoices",
	// "Alphabetical list of products"): the tables' own columns come first, and a view is read
	// when it is named or holds something no table has.
	if m.hasTables() {
		for p, cs := range l.entries {
			for i := range cs {
				if cs[i].table.view {
					cs[i].score -= viewPenalty
				}
			}
			l.entries[p] = cs
		}
		for _, cs := range l.values {
			for i := range cs {
				if cs[i].table.view {
					cs[i].score -= viewPenalty
				}
			}
		}
	}
	// An affiliation's category copies the prize's, its part of a key of three columns that
	// is not joined by: the column of the row it copies is read first.
	for p, cs := range l.entries {
		for i := range cs {
			if cs[i].col != nil && cs[i].col.keyCopy {
				cs[i].score -= viewPenalty
			}
		}
		l.entries[p] = cs
	}
	// "1997 sales" between sales_fact_1997.store_sales and inventory_fact_1997.warehouse_sales:
	// the phrase's last word names the table of one of them as well as its column, which
	// settles a tie.
	for p, cs := range l.entries {
		ws := strings.Fields(p)
		if len(ws) < 2 {
			continue
		}
		last := ws[len(ws)-1]
		for i := range cs {
			if c := cs[i].col; c != nil && cs[i].kind == candColumn && slices.Contains(c.words, last) && slices.Contains(cs[i].table.words, last) && !slices.Equal(c.words, cs[i].table.words) {
				cs[i].score += ambiguityGap + 0.001
			}
		}
	}
	// EnglishMonthName beside SpanishMonthName and FrenchMonthName: a question asked in
	// English reads the English copy of a name kept in several languages ('Canada', in all
	// three of a country's names, is the English one's).
	for _, idx := range []map[string][]cand{l.entries, l.values} {
		for _, cs := range idx {
			for i := range cs {
				if c := cs[i].col; c != nil && (cs[i].kind == candColumn || cs[i].kind == candValue) && otherLanguageCopy(c) {
					cs[i].score -= 2 * ambiguityGap
				}
			}
		}
	}
	// "Which publishers have no titles": a word that names a table names its rows before it
	// names a value of another table (pubs' job 'Publisher'); context can still pick the
	// value ("employees whose job is publisher"), a tie no longer refuses.
	for p, cs := range l.entries {
		named := false
		for _, c := range cs {
			named = named || (c.kind == candTable && c.score >= scoreExact)
		}
		if !named {
			continue
		}
		for i := range cs {
			if cs[i].kind == candValue && cs[i].score >= scoreExact {
				cs[i].score -= tableOverValue
			}
		}
		l.entries[p] = cs
	}
	// "which airline": the airlines table, not routes.airline, a code of the airline that the
	// routes also point to by key; the referencing column is a copy of what the table names.
	for p, cs := range l.entries {
		for _, tc := range cs {
			if tc.kind != candTable || tc.score < scoreExact-0.01 {
				continue
			}
			for i := range cs {
				if c := cs[i]; c.kind == candColumn && c.score >= scoreExact-0.02 && c.table != tc.table && fkTo(c.table, tc.table) != nil {
					cs[i].score -= copyBelowTable
				}
			}
		}
		l.entries[p] = cs
	}
	// A table of dated figures is named for its figure: "population" is population.value,
	// not the number of rows kept.
	for p, cs := range l.entries {
		for _, fc := range cs {
			if fc.kind != candColumn || fc.col != fc.table.series {
				continue
			}
			for i := range cs {
				if cs[i].kind == candTable && cs[i].table == fc.table && cs[i].score > fc.score-0.02 {
					cs[i].score = fc.score - 0.02
				}
			}
		}
		l.entries[p] = cs
	}
	// The organisation's synonyms are curated, so they beat even exact names.
	keys := make([]string, 0, len(synonyms))
	for k := range synonyms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, word := range keys {
		target := synonyms[word]
		phrase := normPhrase(word)
		tname, cname, hasCol := strings.Cut(target, ".")
		switch {
		case hasCol:
			if t := m.byName[strings.ToLower(tname)]; t != nil {
				if c := t.col(cname); c != nil {
					l.add(phrase, cand{kind: candColumn, table: t, col: c, score: scoreCurated})
				}
			}
		case m.byName[strings.ToLower(target)] != nil:
			l.add(phrase, cand{kind: candTable, table: m.byName[strings.ToLower(target)], score: scoreCurated})
		default:
			for _, t := range m.tables {
				if c := t.col(target); c != nil {
					l.add(phrase, cand{kind: candColumn, table: t, col: c, score: scoreCurated})
				}
			}
		}
	}
	for _, t := range m.tables {
		for _, c := range t.cols {
			ws := strings.Split(strings.ToLower(c.name), "_")
			if c.class == classBool && len(ws) == 2 && ws[0] == "is" && len(ws[1]) >= 4 && len(ws[1]) <= 5 && len(l.entries[ws[1]]) <= 1 {
				l.shortFlags = append(l.shortFlags, cand{kind: candColumn, table: t, col: c, score: scoreExact})
			}
		}
	}
	for w, as := range sameWords {
		if len(l.entries[w]) == 0 && len(l.values[w]) == 0 && len(l.entries[as]) > 0 {
			if l.same == nil {
				l.same = map[string]string{}
			}
			l.same[w] = as
		}
	}
	// Posts.Tags ('<wallet><daedalus>') copies each post's rows of the Tags table into one
	// text: "tags" are the table's rows, and 'wallet' its tag, not those lists taken as values.
	listCols := map[*column]bool{}
	for _, t := range m.tables {
		for _, o := range m.tables {
			for _, c := range o.cols {
				if listOfRows(c, t) {
					listCols[c] = true
				}
			}
		}
	}
	if len(listCols) > 0 {
		lists := func(c cand) bool {
			return (c.kind == candColumn || c.kind == candValue) && c.col != nil && listCols[c.col]
		}
		for k, cs := range l.entries {
			l.entries[k] = slices.DeleteFunc(cs, lists)
		}
		for k, cs := range l.values {
			l.values[k] = slices.DeleteFunc(cs, lists)
		}
	}
	for _, f := range families {
		// "sales" of 'Sales Manager' and 'Sales Support Agent' stays the sales figure.
		if _, kw := keywords[f.word]; kw || len(l.entries[f.word]) > 0 || len(l.values[f.word]) > 0 || schemaWords[f.word] || f.c.table.fkCols[f.c.col] {
			continue
		}
		l.add(f.word, f.c)
	}
	// Inside Airbnb's listings.neighbourhood holds one phrase or nothing: a text column with a
	// single value tells no rows apart, so where its words also name a table (the
	// neighbourhoods the listings refer to), only the table is meant.
	for k, cs := range l.entries {
		if !slices.ContainsFunc(cs, func(c cand) bool { return c.kind == candTable }) {
			continue
		}
		l.entries[k] = slices.DeleteFunc(cs, func(c cand) bool { return c.kind == candColumn && singleValued(c.col) })
	}
	return l
}

// singleValued reports whether a text column holds one value at most, over rows enough to
// have shown more.
func singleValued(c *column) bool {
	p := c.prof
	return c.class == classText && p != nil && p.Rows >= 20 && p.Distinct <= 1
}

// tableParts adds the shorter names people give a table of several words: a head that ends in
// a particle keeps it ("check in" for get_fit_now_check_in), the first or another word with
// the head names it ("crime report" for crime_scene_report, "event check in" for
// facebook_event_checkin), and any other word that no table is
// called alone names it at a modifier's score ("drivers" for drivers_license, "crime").
func tableParts(l *lexicon, t *table, tableWords map[string]bool) {
	ws := t.words
	headAt := len(ws) - 1
	if linkWords[ws[headAt]] && headAt > 0 {
		headAt-- // "check in", "sign up", "log on": a verb and its particle
		if !linkWords[ws[headAt]] {
			l.add(strings.Join(ws[headAt:], " "), cand{kind: candTable, table: t, score: scoreSynonym + 0.01})
		}
	}
	head := strings.Join(ws[headAt:], " ")
	if headAt >= 2 {
		l.add(ws[0]+" "+head, cand{kind: candTable, table: t, score: scoreExact - 0.02})
	}
	for k, w := range ws[:headAt] {
		if _, kw := keywords[w]; k > 0 && !kw && !linkWords[w] && !stopWords[w] && !genericWords[w] {
			// "event check in" for facebook_event_checkin: a middle word with the head (not a
			// keyword: "average price" is no view Products Above Average Price).
			l.add(w+" "+head, cand{kind: candTable, table: t, score: scoreExact - 0.03})
		}
		if tableWords[w] || genericWords[w] || linkWords[w] || stopWords[w] || len(w) < 3 || moneyWords[w] > 0 || moneySynonyms[w] != nil {
			// "sales" of sales_reps is what was sold before it is the reps.
			continue
		}
		if _, kw := keywords[w]; kw {
			continue
		}
		l.add(w, cand{kind: candTable, table: t, score: scoreModifier})
	}
}

// unitNames are the words for units a units column stores as symbols.
var unitNames = map[string][]string{
	"µg": {"microgram", "mcg"}, "mcg": {"microgram"}, "mg": {"milligram"}, "g": {"gram"}, "kg": {"kilogram"},
	"kcal": {"kilocalorie", "calorie"}, "kJ": {"kilojoule"}, "kj": {"kilojoule"}, "IU": {"international unit"}, "ml": {"millilitre", "milliliter"},
}

// recordWords end the name of a table that keeps one record of each thing its first word
// names: USDA's food_des (food descriptions), nutr_def (nutrient definitions).
// A table named "<noun> code" (country_codes) is one too: one row per code.
var recordWords = toSet([]string{"description", "definition", "master", "code"})

// eventWords end the name of a table of dated records of what its first word names: OMOP's
// visit_occurrence, condition_occurrence, drug_exposure.
var eventWords = toSet([]string{"occurrence", "exposure", "event", "episode"})

// linkNoun is the table a keys-only link table's last word names by a role of its own, as
// Django names a many-to-many field's table: resources_film_characters links films to
// resources_people, so its "characters" are people, and resources_starship_pilots' "pilots"
// too. It is the one table the link points to whose name the link's does not repeat; nil when
// the last word is a table's own name (film_category) or the link is anything more than keys.
func linkNoun(t *table) *table {
	if t.label != nil || t.measure != nil || len(t.fks) != 2 || len(t.words) < 2 {
		return nil
	}
	head := t.words[len(t.words)-1]
	for _, c := range t.cols {
		if c != t.pk && !t.fkCols[c] {
			return nil
		}
	}
	var other *table
	for _, f := range t.fks {
		r := f.to.table
		if r == t || len(r.words) == 0 || slices.Contains(r.words, head) {
			return nil
		}
		if !slices.Contains(t.words[:len(t.words)-1], r.words[len(r.words)-1]) {
			if other != nil {
				return nil
			}
			other = r
		}
	}
	return other
}

// flagSuffixes end the name of a flag without saying what it flags (ActiveFlag, is_active_ind).
var flagSuffixes = map[string]bool{"flag": true, "flg": true, "ind": true, "indicator": true, "yn": true}

// flagNameWords are the words of a flag's name that say what it flags: "active" of ActiveFlag.
func flagNameWords(cw []string) []string {
	n := len(cw)
	for n > 1 && flagSuffixes[cw[n-1]] {
		n--
	}
	return cw[:n]
}

// gerund is the -ing form of a verb: ship → shipping, purchase → purchasing, order →
// ordering.
func gerund(w string) string {
	n := len(w)
	vowel := func(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }
	switch {
	case n < 2 || strings.HasSuffix(w, "ing"):
		return w
	case strings.HasSuffix(w, "ee"):
		return w + "ing"
	case w[n-1] == 'e':
		return w[:n-1] + "ing"
	case n <= 4 && n >= 3 && !vowel(w[n-1]) && vowel(w[n-2]) && !vowel(w[n-3]) && strings.IndexByte("wxy", w[n-1]) < 0:
		return w + w[n-1:] + "ing" // ship → shipping, stop → stopping
	}
	return w + "ing"
}

// pointsToNamed reports whether c is part of a foreign key to a table named as c is
// (advantage_movement.episode in (version_season, episode) → episodes).
func pointsToNamed(c *column) bool {
	for _, f := range c.table.fks {
		if f.from == c && endsWith(f.to.table.words, c.words) || f.from2 == c && endsWith(f.to2.table.words, c.words) {
			return true
		}
	}
	return false
}

// periodPhrases are the ways a name with a number of days run together in one word (viewers_7day,
// sales_30d) is said: the number apart, before or after the other words, in figures or in
// letters, and the other words by their everyday names (audience for viewers).
func periodPhrases(cw []string) []string {
	at, n, unit := -1, "", ""
	for i, w := range cw {
		d := strings.TrimRight(w, "abcdefghijklmnopqrstuvwxyz")
		if u := w[len(d):]; d != "" && strings.Trim(d, "0123456789") == "" && (u == "day" || u == "d" || u == "week" || u == "month") {
			at, n, unit = i, d, map[string]string{"d": "day"}[u]
			if unit == "" {
				unit = u
			}
		}
	}
	if at < 0 || len(cw) != 2 {
		return nil
	}
	other := cw[1-at]
	words := []string{other}
	for _, k := range slices.Sorted(maps.Keys(aliases)) {
		if vs := aliases[k]; slices.Contains(vs, other) && !strings.Contains(k, " ") {
			words = append(words, k)
		}
	}
	nums := []string{n}
	if w := numberNames[n]; w != "" {
		nums = append(nums, w)
	}
	var out []string
	for _, o := range words {
		for _, x := range nums {
			out = append(out, x+" "+unit+" "+o, o+" "+x+" "+unit, o+" first "+x+" "+unit, o+" within "+x+" "+unit)
		}
	}
	return out
}

// numberNames spell the small numbers a period is said with.
var numberNames = map[string]string{"1": "one", "2": "two", "3": "three", "7": "seven", "14": "fourteen", "28": "twenty eight", "30": "thirty", "90": "ninety"}

// endsWith reports whether a table's words end with a column's: academy.film points to
// pixar_films, whose rows are films.
func endsWith(tw, cw []string) bool {
	return len(cw) > 0 && len(tw) >= len(cw) && slices.Equal(tw[len(tw)-len(cw):], cw)
}

// addCodeNames adds each name of names (a country, a currency, a US state) as a synonym of the
// stored values its code is kept as, where fits accepts the value's column.
func (l *lexicon) addCodeNames(names map[string]string, fits func(c cand) bool) {
	for _, name := range slices.Sorted(maps.Keys(names)) {
		code := names[name]
		// A column of more codes than are sampled (every state and territory since 1789)
		// keeps them in the value index.
		for _, c := range append(slices.Clip(l.entries[code]), l.values[code]...) {
			if c.kind == candValue && fits(c) {
				// Keyed as questions are read: "Texas" is looked up as "texa".
				l.add(normPhrase(name), with(c, scoreSynonym))
			}
		}
	}
}

// currencyUnits reports whether a unit column (the SEC's uom) keeps ISO currency codes among
// its units: two known codes or more, stored in capitals ('USD', 'CAD', 'shares').
func currencyUnits(c *column) bool {
	codes := map[string]bool{}
	for _, code := range currencyCodes {
		codes[strings.ToUpper(code)] = true
	}
	n := 0
	for _, v := range c.values() {
		if codes[v] {
			n++
		}
	}
	return n >= 2
}

// restatesHeader reports whether c is a column of a document's line table named as a column
// of the header table the lines belong to (an item's GROSSAMOUNT and its order's).
func restatesHeader(c *column) bool {
	t := c.table
	if len(t.words) == 0 || !detailWords[t.words[len(t.words)-1]] {
		return false
	}
	for _, f := range t.fks {
		h := f.to.table
		if h == t || len(h.words) == 0 || !headerWords[h.words[len(h.words)-1]] {
			continue
		}
		if slices.ContainsFunc(h.cols, func(hc *column) bool { return strings.EqualFold(hc.name, c.name) }) {
			return true
		}
	}
	return false
}

// headerWords end the name of a document's header table (PurchaseOrderHeader, SalesOrderHdr,
// InvoiceMaster) or of a table of one row per thing (season_summary): the rows are the things
// named by the words before.
var headerWords = map[string]bool{"header": true, "headers": true, "hdr": true, "master": true, "summary": true}

// detailWords end the name of a document's line table (PurchaseOrderDetail, InvoiceLines,
// OrderItems): the rows are the document's lines, whichever of these words people use.
var detailWords = map[string]bool{"detail": true, "details": true, "dtl": true, "line": true, "lines": true, "item": true, "items": true}

// structuralNames adds the names people use for a document's header and line tables: "purchase
// order" for PurchaseOrderHeader, "purchase order lines" (or items, details) for
// PurchaseOrderDetail.
func structuralNames(l *lexicon, t *table) {
	n := len(t.words)
	last, rest := t.words[n-1], strings.Join(t.words[:n-1], " ")
	switch {
	case headerWords[last]:
		// Above the table's own column of that name (season_summary.season is the number of
		// the season the row is): "seasons" are the rows.
		l.add(rest, cand{kind: candTable, table: t, score: scoreExact + 0.02})
		if n > 2 && !t.view {
			// SalesOrderHeader's rows are "orders" too, over a column that shares the word
			// (OrderDate).
			l.add(t.words[n-2], cand{kind: candTable, table: t, score: scoreSynonym + 0.02})
		}
	case detailWords[last]:
		for _, w := range slices.Sorted(maps.Keys(detailWords)) {
			if w != last && w != "dtl" {
				l.add(rest+" "+w, cand{kind: candTable, table: t, score: scoreExact - 0.01})
			}
			if n > 2 && w != "dtl" {
				// "order lines", "order items" of SalesOrderDetail.
				l.add(t.words[n-2]+" "+w, cand{kind: candTable, table: t, score: scoreExact - 0.01})
			}
		}
		l.add("line item", cand{kind: candTable, table: t, score: scoreExact - 0.01})
	}
}

func containsAny(ws, any []string) bool {
	for _, w := range ws {
		for _, a := range any {
			if w == a {
				return true
			}
		}
	}
	return false
}

// sameCand is key equality without building the keys (the lexicon adds thousands of
// candidates on a wide schema).
func sameCand(a, b cand) bool {
	if a.kind != b.kind || a.table != b.table || a.col != b.col || a.value != b.value || (a.state == nil) != (b.state == nil) ||
		a.col2 != b.col2 || a.value2 != b.value2 || a.negate != b.negate || a.item != b.item {
		return false
	}
	return a.state == nil || *a.state == *b.state
}

func with(c cand, score float64) cand {
	c.score = score
	return c
}

// addSemantics indexes the semantic layer: metric names and synonyms, and value synonyms
// ("table.column=value"). They are curated, like the request's synonyms.
func (l *lexicon) addSemantics(m *model, s *nlq.Semantics) {
	for k, e := range m.metrics {
		c := cand{kind: candColumn, table: e.col.table, col: e.col, score: scoreCurated}
		l.add(normPhrase(e.col.name), c)
		for _, sy := range e.synonyms {
			// A metric's own name beats another metric's synonym: "revenue" is the metric named
			// so, "line revenue" only where the rest of the question points to it. Between two
			// synonyms, the metric listed first wins a tie.
			l.add(normPhrase(sy), with(c, scoreCurated-0.02-0.01*float64(min(k, 5))))
		}
	}
	if s == nil {
		return
	}
	for _, sy := range s.Synonyms {
		ref, value, ok := strings.Cut(sy.Target, "=")
		if !ok {
			continue
		}
		tname, cname, _ := strings.Cut(ref, ".")
		t := m.byName[strings.ToLower(tname)]
		if t == nil {
			continue
		}
		if c := t.col(cname); c != nil && c.class != classKey {
			l.add(normPhrase(sy.Phrase), cand{kind: candValue, table: t, col: c, value: value, score: scoreCurated})
		}
	}
}

// areaVolumeUnits are units of area and volume identifiers end with (land_area_km2,
// tank_volume_l).
var areaVolumeUnits = toSet([]string{"km2", "sqkm", "m2", "sqm", "ha", "hectare", "acre", "sqmi", "mi2", "sqft", "ft2", "litre", "liter", "ml", "cc", "gal", "gallon"})

// valueFamilies are the words several sampled categories of a column are said with, mapped
// to the LIKE pattern that keeps them all: "manual" for 'Manual 5-spd', 'Manual 6-spd' and
// 'Manual(M7)' ('Manual%'), "pickups" for 'Small Pickup Trucks' and 'Standard Pickup Trucks'
// ('%Pickup%'). A word every category carries ('Drive' of each drive train) keeps nothing and
// a word that is itself a category names that one; neither is a family.
func valueFamilies(c *column) map[string]string {
	if c.class != classText || len(c.index) > 0 || len(c.samples) < 3 || len(c.samples) > 50 || c.listSep != "" {
		return nil
	}
	if p := c.prof; p == nil || p.Distinct >= p.NonNull {
		return nil // names of rows ('New Moon Books', 'Scootney Books'), not categories
	}
	if slices.ContainsFunc(c.words, func(w string) bool { return w == "description" || w == "comment" || w == "note" || w == "remark" }) ||
		slices.ContainsFunc(c.samples, func(v string) bool { return len(strings.Fields(v)) > 5 }) {
		return nil // prose ('Twin Economy Futon - Natural Canvas'): its words say what a row is, not its kind
	}
	type family struct {
		raw    string
		n      int
		prefix bool
	}
	fams := map[string]*family{}
	whole := map[string]bool{}
	for _, v := range c.samples {
		whole[fold(normPhrase(v))] = true
		seen := map[string]bool{}
		for i, raw := range strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
			w := fold(normPhrase(raw))
			if len(w) < 4 || seen[w] || stopWords[w] || genericWords[w] || linkWords[w] || strings.Contains(w, " ") {
				continue
			}
			seen[w] = true
			f := fams[w]
			if f == nil {
				f = &family{raw: raw, prefix: true}
				fams[w] = f
			}
			f.n++
			f.prefix = f.prefix && i == 0 && strings.HasPrefix(v, raw)
		}
	}
	out := map[string]string{}
	for w, f := range fams {
		if f.n < 2 || 2*f.n > len(c.samples) || whole[w] {
			continue
		}
		if f.prefix {
			out[w] = f.raw + "%"
		} else {
			out[w] = "%" + f.raw + "%"
		}
	}
	return out
}

// stemSuffixes are cut from a word to find its stem, longest first.
var stemSuffixes = []string{"ation", "ition", "ment", "ion", "ity", "ing", "ed", "e", "y"}

// stem is a rough stem of one lower-case singular word, for matching a status value with the
// forms of its verb ("complete", "completed", "completion" → "complet"; "cancelled",
// "cancellation" → "cancel"; "shipped", "shipping", "shipment" → "ship"); "" for several
// words, numbers or stems shorter than four letters.
func stem(w string) string {
	if w == "" || strings.ContainsAny(w, " -'") || w[0] >= '0' && w[0] <= '9' {
		return ""
	}
	for _, suf := range stemSuffixes {
		if st, ok := strings.CutSuffix(w, suf); ok && len(st) >= 4 {
			w = st
			break
		}
	}
	if n := len(w); n >= 5 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiou", rune(w[n-1])) {
		w = w[:n-1] // cancell → cancel, shipp → ship
	}
	if len(w) < 4 {
		return ""
	}
	return w
}

// flagAndNoun says a stored value only restates a flag of its table and a table's noun: a
// species' genus 'Legendary Pokémon' beside is_legendary, where "legendary Pokémon" in a
// question means the flag set on the Pokémon, not the one genus. nouns are the last words of
// the schema's table names.
func flagAndNoun(nouns map[string]bool, t *table, v string) bool {
	flags := slices.ContainsFunc(t.cols, func(c *column) bool { return c.class == classBool })
	if !flags || !strings.Contains(v, " ") {
		return false // most values: no phrase to read
	}
	ws := strings.Fields(fold(normPhrase(v)))
	n := len(ws)
	if n < 2 || !nouns[ws[n-1]] {
		return false
	}
	rest := strings.Join(ws[:n-1], " ")
	return slices.ContainsFunc(t.cols, func(c *column) bool {
		if c.class != classBool {
			return false
		}
		w := c.words
		if len(w) > 1 && (w[0] == "is" || w[0] == "has") {
			w = w[1:]
		}
		return strings.Join(w, " ") == rest
	})
}

// spelledAcronym reports whether a name's last word abbreviates the words before it, by their
// initials (least_developed_countries_ldc, small_island_developing_states_sids), and returns
// those words.
func spelledAcronym(words []string) ([]string, bool) {
	n := len(words)
	if n < 3 || len(words[n-1]) != n-1 {
		return nil, false
	}
	for i, w := range words[:n-1] {
		if w == "" || w[0] != words[n-1][i] {
			return nil, false
		}
	}
	return words[:n-1], true
}

// compounds returns a phrase as written and with each pair of neighbouring words written as
// one ("land locked" as "landlocked"): names split a compound the question writes whole.
func compounds(words []string) [][]string {
	out := [][]string{words}
	for i := 0; i+1 < len(words); i++ {
		p := slices.Concat(words[:i], []string{words[i] + words[i+1]}, words[i+2:])
		out = append(out, p)
	}
	return out
}

// groupPrefix reports whether a table's first word is one it shares with other tables as a
// prefix and that names no table of its own: gh_users and gh_repos are GitHub's users and
// repositories, so "repositories" names gh_repos before gh_users.public_repos.
func groupPrefix(m *model, t *table) bool {
	if len(t.words) < 2 {
		return false
	}
	first, shared := t.words[0], 0
	for _, o := range m.tables {
		if len(o.words) == 1 && o.words[0] == first {
			return false
		}
		if o != t && len(o.words) > 1 && o.words[0] == first {
			shared++
		}
	}
	return shared > 0
}

// otherLanguages are the languages a name column is kept in beside English (AdventureWorks'
// SpanishProductName, FrenchMonthName).
var otherLanguages = map[string]bool{"spanish": true, "french": true, "german": true, "italian": true, "portuguese": true,
	"dutch": true, "japanese": true, "chinese": true, "arabic": true, "hebrew": true, "thai": true, "turkish": true, "russian": true}

// otherLanguageCopy reports whether a column is a name kept in another language beside a
// column of its table whose name says English (or no language) instead.
func otherLanguageCopy(c *column) bool {
	if len(c.words) < 2 || !otherLanguages[c.words[0]] {
		return false
	}
	rest := c.words[1:]
	return slices.ContainsFunc(c.table.cols, func(o *column) bool {
		return o != c && (slices.Equal(o.words, rest) || len(o.words) == len(c.words) && o.words[0] == "english" && slices.Equal(o.words[1:], rest))
	})
}

// askedKinds ask for a category of things.
var askedKinds = toSet([]string{"kind", "type", "sort"})

// containerNouns end a table's name without saying what its rows are: an export's
// "details", "data" or "records" of the events it keeps.
var containerNouns = toSet([]string{"detail", "data", "datum", "record", "info", "entry", "master", "main"})

// stateHeads end the name of a column that holds the state of the rows it sits in
// (deal_stage, order_status): the word before them is what the rows are. ("state" is not
// one: birthplace_state is where, not how far along.)
var stateHeads = toSet([]string{"stage", "status"})
