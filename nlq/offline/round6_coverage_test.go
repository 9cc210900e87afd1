package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// librarySchema is a small snake_case lending library, unlike the demo, the evaluation
// databases and depotSchema: patrons borrow books (loans) at branches, books belong to
// genres, loans have a status, staff report to staff.
func librarySchema() *datasource.Schema {
	fk := func(col, table, ref string) datasource.ForeignKey {
		return datasource.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "branches", PrimaryKey: []string{"branch_id"}, Columns: []datasource.Column{
			{Name: "branch_id", Type: "integer"}, {Name: "branch_name", Type: "text", SampleValues: []string{"Leeds", "York", "Hull"}}}},
		{Name: "genres", PrimaryKey: []string{"genre_id"}, Columns: []datasource.Column{
			{Name: "genre_id", Type: "integer"}, {Name: "genre_name", Type: "text", SampleValues: []string{"Horror", "Poetry", "History", "Thrillers"}}}},
		{Name: "books", PrimaryKey: []string{"book_id"}, Columns: []datasource.Column{
			{Name: "book_id", Type: "integer"}, {Name: "title", Type: "text", SampleValues: []string{"Dracula", "Beowulf", "SPQR"}},
			{Name: "genre_id", Type: "integer"}, {Name: "rating", Type: "text", SampleValues: []string{"Adult", "Teen", "Kids"}},
			{Name: "list_price", Type: "numeric"}, {Name: "page_count", Type: "integer"}, {Name: "withdrawn", Type: "boolean"}},
			ForeignKeys: []datasource.ForeignKey{fk("genre_id", "genres", "genre_id")}},
		{Name: "patrons", PrimaryKey: []string{"patron_id"}, Columns: []datasource.Column{
			{Name: "patron_id", Type: "integer"}, {Name: "first_name", Type: "text", SampleValues: []string{"Ada", "Ben"}},
			{Name: "last_name", Type: "text", SampleValues: []string{"Moss", "Hale"}}, {Name: "email", Type: "text"},
			{Name: "birth_date", Type: "date"}, {Name: "country", Type: "text", SampleValues: []string{"UK", "Ireland"}}}},
		{Name: "staff", PrimaryKey: []string{"staff_id"}, Columns: []datasource.Column{
			{Name: "staff_id", Type: "integer"}, {Name: "first_name", Type: "text", SampleValues: []string{"Cara", "Dev"}},
			{Name: "last_name", Type: "text", SampleValues: []string{"Lind", "Ray"}}, {Name: "hire_date", Type: "date"},
			{Name: "branch_id", Type: "integer"}, {Name: "supervisor_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{fk("branch_id", "branches", "branch_id"), fk("supervisor_id", "staff", "staff_id")}},
		{Name: "loans", PrimaryKey: []string{"loan_id"}, Columns: []datasource.Column{
			{Name: "loan_id", Type: "integer"}, {Name: "patron_id", Type: "integer"}, {Name: "book_id", Type: "integer"},
			{Name: "branch_id", Type: "integer"}, {Name: "loaned_at", Type: "date"}, {Name: "returned_at", Type: "date"},
			{Name: "loan_status", Type: "text", SampleValues: []string{"OPEN", "RETURNED", "CANCELLED", "OVERDUE"}},
			{Name: "late_fee", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{fk("patron_id", "patrons", "patron_id"), fk("book_id", "books", "book_id"),
				fk("branch_id", "branches", "branch_id")}},
	}}
}

// TestRound6Vocabulary: everyday wording that named nothing before round 6 (contractions,
// filler words, life events, a single day, a value followed by its own column's word).
func TestRound6Vocabulary(t *testing.T) {
	s := librarySchema()
	tests := []struct{ q, want string }{
		// "don't have a" is "not have a": the column is missing.
		{"Which patrons don't have an email?", `patrons.email IS NULL`},
		{"Which patrons do not have an email?", `patrons.email IS NULL`},
		// "we've" is "we", a stop word; "single" and "altogether" only stress.
		{"What's the biggest single late fee we've charged?", `MAX(loans.late_fee)`},
		// A day, said as "14 February 2024", "February 14, 2024" or "the 4th of March 2024".
		{"How many loans were made on 14 February 2024?", `loans.loaned_at >= '2024-02-14'`},
		{"How many loans were made on February 14, 2024?", `loans.loaned_at < '2024-02-15'`},
		{"How many loans were made on the 4th of March 2024?", `loans.loaned_at >= '2024-03-04'`},
		// After "top" the number counts rows: the month is March.
		{"top 5 March 2024 patrons by late fees", `loans.loaned_at >= '2024-03-01'`},
		// A category's value said as the things in it: the books of the genre are counted.
		{"How many thrillers have been withdrawn?", `SELECT COUNT(*) AS book_count`},
		// "email address" is the email, not an address column.
		{"What's Ada Moss's email address?", `SELECT patrons.email`},
		// Life events: born is the birth date, joining the company the hire date.
		{"Which patrons were born before 1990?", `patrons.birth_date < '1990-01-01'`},
		{"When did Cara Lind join the company?", `SELECT staff.hire_date`},
		// "listed under" files rows in a category; it is not "under 10".
		{"How many books are listed under Horror?", `genres.genre_name = 'Horror'`},
		// "Teen rated books": the word after the value names the value's own column; the
		// books are counted, not the distinct ratings.
		{"How many Teen rated books are there?", `COUNT(*) AS book_count`},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) { wantSQL(t, s, tc.q, tc.want) })
	}
}

// TestRound6AntiJoinConditions: what is said about the missing rows after "never", "no" or
// "without" goes inside the NOT EXISTS, joined from the missing rows to the table it is on.
func TestRound6AntiJoinConditions(t *testing.T) {
	s := librarySchema()
	tests := []struct{ q, want string }{
		// A value of a table reached from the missing loans.
		{"Which patrons have no loans of Horror books?",
			`NOT EXISTS (SELECT 1 FROM loans JOIN books ON loans.book_id = books.book_id JOIN genres ON books.genre_id = genres.genre_id WHERE loans.patron_id = patrons.patron_id AND genres.genre_name = 'Horror')`},
		// A value of the missing rows themselves.
		{"Which branches have never had a loan cancelled?",
			`NOT EXISTS (SELECT 1 FROM loans WHERE loans.branch_id = branches.branch_id AND loans.loan_status = 'CANCELLED')`},
		// The value said before the table it names.
		{"Which patrons never had loans at the Leeds branch?",
			`branches.branch_name = 'Leeds')`},
		// The condition two joins past the missing loans, the book named after it.
		{"Which branches have never lent a Horror book?",
			`NOT EXISTS (SELECT 1 FROM loans JOIN books ON loans.book_id = books.book_id JOIN genres ON books.genre_id = genres.genre_id WHERE loans.branch_id = branches.branch_id AND genres.genre_name = 'Horror')`},
		// A flag of the missing rows: genres with books, none of them withdrawn.
		{"Which genres have no withdrawn books?",
			`NOT EXISTS (SELECT 1 FROM books WHERE books.genre_id = genres.genre_id AND books.withdrawn = TRUE)`},
		// No table says what is missing: the loans, the first step from patrons to branches.
		{"Which patrons were never at Leeds?",
			`NOT EXISTS (SELECT 1 FROM loans JOIN branches ON loans.branch_id = branches.branch_id WHERE loans.patron_id = patrons.patron_id AND branches.branch_name = 'Leeds')`},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) { wantSQL(t, s, tc.q, tc.want) })
	}
	// A comparison about the missing rows is a condition on them, inside the anti-join (it
	// once became a HAVING over the rows that exist, and was refused).
	wantSQL(t, s, "Which genres have no books longer than 500 pages?",
		`NOT EXISTS (SELECT 1 FROM books WHERE books.genre_id = genres.genre_id AND books.page_count > 500)`)
}

// TestRound6StateWordForms: a status value is found by the forms of its word (completed for
// COMPLETE, cancellations for CANCELLED); a plural form stands for the rows in that state. A
// filler verb that is a status ("returned") is read so only after an auxiliary or before the
// table.
func TestRound6StateWordForms(t *testing.T) {
	s := librarySchema()
	tests := []struct{ q, want string }{
		{"How many loans have been returned?", `loans.loan_status = 'RETURNED'`},
		{"How many returned loans are there?", `loans.loan_status = 'RETURNED'`},
		{"Late fees by branch from cancelled loans", `loans.loan_status = 'CANCELLED'`},
		{"Which month of 2024 saw the most cancellations?", `WHERE loans.loan_status = 'CANCELLED'`},
		{"How many cancellations were there in 2024?", `SELECT COUNT(*) AS loan_count`},
		{"What percentage of loans were cancelled?", `SUM(CASE WHEN loans.loan_status = 'CANCELLED' THEN 1 ELSE 0 END)`},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) { wantSQL(t, s, tc.q, tc.want) })
	}
	// A stem shorter than four letters finds nothing, and a stop word elsewhere stays one.
	if got := stem("open"); got != "open" {
		t.Errorf("stem(open) = %q", got)
	}
	for _, w := range []string{"completed", "complete", "completion"} {
		if got := stem(w); got != "complet" {
			t.Errorf("stem(%s) = %q, want complet", w, got)
		}
	}
	for _, w := range []string{"cancelled", "cancellation", "cancel"} {
		if got := stem(w); got != "cancel" {
			t.Errorf("stem(%s) = %q, want cancel", w, got)
		}
	}
}

// TestRound6SharesOfATotal: a share whose condition is on a table the counted rows or the
// summed money reach without multiplying them (a book's genre, a loan's branch); dates stay
// the base of both sums. A condition across a one-to-many join is still refused.
func TestRound6SharesOfATotal(t *testing.T) {
	s := librarySchema()
	tests := []struct{ q, want string }{
		{"What percentage of our books are Horror?",
			`100.0 * SUM(CASE WHEN genres.genre_name = 'Horror' THEN 1 ELSE 0 END) / COUNT(*)`},
		{"What percentage of loans come through the Leeds branch?",
			`100.0 * SUM(CASE WHEN branches.branch_name = 'Leeds' THEN 1 ELSE 0 END) / COUNT(*)`},
		{"What percentage of late fees came from Horror books?",
			`100.0 * SUM(CASE WHEN genres.genre_name = 'Horror' THEN loans.late_fee ELSE 0 END) / SUM(loans.late_fee)`},
		{"What percentage of 2024 late fees came from the Leeds branch?",
			`loans.loaned_at >= '2024-01-01'`},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) { wantSQL(t, s, tc.q, tc.want) })
	}
	// Genres do not reach one loan each: the share of genres that are Horror among loans
	// would count a genre once per loan.
	wantRefusal(t, s, "What percentage of genres have loans at Leeds?", "percentage of")
}

// TestRound6EachAndCounts: "each" before rows whose measure is said after them, or before a
// value that narrows them, groups by those rows; "N times" after a table said as a verb and
// "N direct reports" after a role count rows.
func TestRound6EachAndCounts(t *testing.T) {
	s := librarySchema()
	tests := []struct{ q, want string }{
		{"How much has each patron in the UK been charged in late fees?", `GROUP BY patrons.patron_id`},
		{"How much has each patron in the UK been charged in late fees?", `WHERE patrons.country = 'UK'`},
		{"Total late fees of each Irish patron", `WHERE patrons.country = 'Ireland'`},
		{"Which patrons have borrowed more than 5 times?", `HAVING COUNT(*) > 5`},
		{"Which supervisors have more than two direct reports?", `HAVING COUNT(*) > 2`},
		// A superlative with "each"/"per" is the smallest or largest value within each group,
		// not the one top row.
		{"What is the highest late fee of each patron?", `MAX(loans.late_fee)`},
		{"lowest list price per genre", `MIN(books.list_price)`},
		// "more often than the average patron": the loans said as a verb, counted per patron,
		// against the average of those counts.
		{"Which patrons have borrowed more often than the average patron?", `HAVING COUNT(*) > (`},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) { wantSQL(t, s, tc.q, tc.want) })
	}
}

// TestRound6MoneyWords: "what did we <verb>" about nameless rows with an amount asks for the
// money; "cents" are hundredths of the money columns' unit.
func TestRound6MoneyWords(t *testing.T) {
	s := librarySchema()
	tests := []struct{ q, want string }{
		{"What did we take in late fees in May 2024?", `SUM(loans.late_fee)`},
		{"How many loans have a late fee above 50 cents?", `loans.late_fee > 0.5`},
		// "paid in <money column>": the verb only says money was paid.
		{"What have patrons paid in late fees in 2024?", `SUM(loans.late_fee)`},
	}
	for _, tc := range tests {
		t.Run(tc.q, func(t *testing.T) { wantSQL(t, s, tc.q, tc.want) })
	}
	// "which" asks for the rows themselves; without a name they are told by their key (round
	// 10; refused before).
	wantSQL(t, s, "Which loans did we make in May 2024?", "SELECT DISTINCT loans.loan_id")
}

// TestRound6LengthOnAverage: a length superlative "on average" ranks by the average of the
// rows' length column, not of their default measure.
func TestRound6LengthOnAverage(t *testing.T) {
	s := librarySchema()
	wantSQL(t, s, "Which 3 genres have the longest books on average?", `AVG(books.page_count)`)
	// "takes up": filler before what is measured.
	wantSQL(t, s, "Which book takes up the most pages?", `ORDER BY books.page_count DESC`)
}

// TestRound6ShowCompared: a listing of names filtered by a comparison on a number shows that
// number ("books cheaper than 10" with their price).
func TestRound6ShowCompared(t *testing.T) {
	s := librarySchema()
	wantSQL(t, s, "Which books cost less than $10?", `SELECT books.title, books.list_price`)
	wantSQL(t, s, "Which books are more expensive than the average book?", `SELECT books.title, books.list_price`)
}

// TestRound6TimesAndFillers: "how many times ... <verb>" counts the verb's rows; "after
// discounts", "running low", "still being sold" are read.
func TestRound6TimesAndFillers(t *testing.T) {
	s := librarySchema()
	wantSQL(t, s, "How many times were Horror books borrowed?", "SELECT COUNT(*) AS loan_count\nFROM loans")
	wantSQL(t, s, "Which books are running low on pages: fewer than 100 pages?", `books.page_count < 100`)
	// "the most borrowed book": one book, ranked by its loans.
	g := wantSQL(t, s, "What was the most borrowed book in May 2024?", "COUNT(*) AS loan_count")
	if !strings.Contains(g.SQL, "LIMIT 1") {
		t.Errorf("one book expected:\n%s", g.SQL)
	}
}

// TestRound6AverageOfTheirGroup: "above the average price of their genre" compares each row
// with the average of the rows sharing its group key.
func TestRound6AverageOfTheirGroup(t *testing.T) {
	s := librarySchema()
	wantSQL(t, s, "Which books are priced above the average price of their genre?",
		`books.list_price > (SELECT AVG(peer.list_price) FROM books AS peer WHERE peer.genre_id = books.genre_id)`)
	// Without "their", the average of all books.
	wantSQL(t, s, "Which books are priced above the average price?", `books.list_price > (SELECT AVG(books.list_price) FROM books)`)
}

// TestRound6TopPerGroup: a ranking cut said with "each" over two groupings keeps the top rows
// within each group (ROW_NUMBER over a partition), instead of one row overall.
func TestRound6TopPerGroup(t *testing.T) {
	s := librarySchema()
	g := wantSQL(t, s, "Which patron was charged the most late fees at each branch?", `ROW_NUMBER() OVER (PARTITION BY branches.branch_id, branches.branch_name ORDER BY SUM(loans.late_fee) DESC, patrons.patron_id`)
	if !strings.Contains(g.SQL, "WHERE rank_in_group <= 1") {
		t.Errorf("one patron per branch expected:\n%s", g.SQL)
	}
	wantSQL(t, s, "top 2 genres by number of loans in each branch", "WHERE rank_in_group <= 2")
	// The depot schema's question of round 5, refused then.
	wantSQL(t, depotSchema(), "Which depot has the most orders in each region?", "PARTITION BY depots.region")
}
