package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// rentalsByCategory is a rental shop where a film's categories sit in a link table, so a
// rental reaches its category through a join that may repeat it.
func rentalsByCategory() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "film", PrimaryKey: []string{"film_id"}, Columns: []datasource.Column{
			{Name: "film_id", Type: "integer"}, {Name: "title", Type: "text", SampleValues: []string{"ACADEMY DINOSAUR", "ACE GOLDFINGER"}}}},
		{Name: "category", PrimaryKey: []string{"category_id"}, Columns: []datasource.Column{
			{Name: "category_id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Sports", "Comedy", "Horror"}}}},
		{Name: "film_category", PrimaryKey: []string{"film_id", "category_id"}, Columns: []datasource.Column{
			{Name: "film_id", Type: "integer"}, {Name: "category_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("film_id", "film"), sameKey("category_id", "category")}},
		{Name: "inventory", PrimaryKey: []string{"inventory_id"}, Columns: []datasource.Column{
			{Name: "inventory_id", Type: "integer"}, {Name: "film_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("film_id", "film")}},
		{Name: "rental", PrimaryKey: []string{"rental_id"}, Columns: []datasource.Column{
			{Name: "rental_id", Type: "integer"}, {Name: "rental_date", Type: "timestamp"}, {Name: "inventory_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("inventory_id", "inventory")}},
	}}
}

// TestAShareCountsRowsOnceThroughALinkTable: "what percentage of rentals were Sports films"
// counts rentals, not rentals times categories, and the films named on the way are used.
func TestAShareCountsRowsOnceThroughALinkTable(t *testing.T) {
	s := rentalsByCategory()
	for _, q := range []string{
		"What percentage of all rentals were Sports films?",
		"What share of rentals were Sports films?",
	} {
		wantSQL(t, s, q, "COUNT(DISTINCT CASE WHEN category.name = 'Sports' THEN rental.rental_id END) / COUNT(DISTINCT rental.rental_id)")
	}
}

// hrCommissions is an employees table where a commission is filled in for some rows only.
func hrCommissions() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "employees", PrimaryKey: []string{"employee_id"}, Columns: []datasource.Column{
			{Name: "employee_id", Type: "integer"}, {Name: "first_name", Type: "text"}, {Name: "last_name", Type: "text"},
			{Name: "salary", Type: "numeric"}, {Name: "commission_pct", Type: "numeric", Nullable: true}}},
	}, Profile: []datasource.ColumnProfile{
		{Table: "employees", Column: "commission_pct", Rows: 107, NonNull: 35, Distinct: 7},
		{Table: "employees", Column: "salary", Rows: 107, NonNull: 107, Distinct: 57},
	}}
}

// TestANumberOnlySomeRowsHaveIsAState: "employees who earn a commission" are those whose
// commission is filled in; a number compared after "with a" stays a comparison; and the
// share and the missing case read the same state.
func TestANumberOnlySomeRowsHaveIsAState(t *testing.T) {
	s := hrCommissions()
	wantSQL(t, s, "How many employees have a commission?", "WHERE employees.commission_pct IS NOT NULL")
	wantSQL(t, s, "What percentage of our employees earn a commission?",
		"100.0 * SUM(CASE WHEN employees.commission_pct IS NOT NULL THEN 1 ELSE 0 END) / COUNT(*)")
	wantSQL(t, s, "How many employees do not earn any commission?", "WHERE employees.commission_pct IS NULL")
	wantSQL(t, s, "Employees with a commission above 0.3", "employees.commission_pct > 0.3")
	wantSQL(t, s, "Employees who earn a salary above 10000", "employees.salary > 10000")
}

// TestAsAPercentageAsksForAShare: "as a percentage" after what is divided makes the same share
// as "share of" before it.
func TestAsAPercentageAsksForAShare(t *testing.T) {
	s := hrCommissions()
	s.Tables = append(s.Tables, datasource.Table{Name: "departments", PrimaryKey: []string{"department_id"}, Columns: []datasource.Column{
		{Name: "department_id", Type: "integer"}, {Name: "department_name", Type: "text", SampleValues: []string{"Sales", "IT", "Finance"}}}})
	s.Tables[0].Columns = append(s.Tables[0].Columns, datasource.Column{Name: "department_id", Type: "integer"})
	s.Tables[0].ForeignKeys = []datasource.ForeignKey{{Columns: []string{"department_id"}, RefTable: "departments", RefColumns: []string{"department_id"}}}
	wantSQL(t, s, "Number of employees per department, as a percentage", "OVER ()")
}

// salesAndPurchases has two order tables named by a modifier and the head noun "order"; the
// purchase orders are empty, as the refresh counted them.
func salesAndPurchases() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "Customer", Kind: "table", RowCount: 8, PrimaryKey: []string{"CustomerID"}, Columns: []datasource.Column{
			{Name: "CustomerID", Type: "integer"}, {Name: "CustomerName", Type: "text", SampleValues: []string{"Budget Furniture Outlet"}}}},
		{Name: "SalesOrder", Kind: "table", RowCount: 15, PrimaryKey: []string{"SalesOrderID"}, Columns: []datasource.Column{
			{Name: "SalesOrderID", Type: "integer"}, {Name: "OrderNumber", Type: "text", SampleValues: []string{"SO-2024-1006"}},
			{Name: "OrderDate", Type: "date"}, {Name: "CustomerID", Type: "integer"},
			{Name: "TaxAmount", Type: "numeric"}, {Name: "TotalAmount", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("CustomerID", "Customer")}},
		{Name: "PurchaseOrder", Kind: "table", RowCount: 0, PrimaryKey: []string{"PurchaseOrderID"}, Columns: []datasource.Column{
			{Name: "PurchaseOrderID", Type: "integer"}, {Name: "OrderDate", Type: "date"}, {Name: "TotalAmount", Type: "numeric"}}},
	}, Profile: []datasource.ColumnProfile{{Table: "Customer", Column: "CustomerName", Rows: 8, NonNull: 8, Distinct: 8}}}
}

// TestAHeadNounNamesItsTableBeforeAnEmptyOne: "order" names SalesOrder (whose OrderDate and
// OrderNumber carry the word) rather than one of those columns, and before PurchaseOrder,
// which holds no rows; an order is worth its total, not its tax.
func TestAHeadNounNamesItsTableBeforeAnEmptyOne(t *testing.T) {
	s := salesAndPurchases()
	g := wantSQL(t, s, "What was the total amount of order SO-2024-1006?", `WHERE "SalesOrder"."OrderNumber" = 'SO-2024-1006'`)
	if !strings.Contains(g.SQL, `"SalesOrder"."TotalAmount"`) {
		t.Errorf("not the order's total:\n%s", g.SQL)
	}
	wantSQL(t, s, "Which customers have ordered more than $10,000 in total?", `HAVING SUM("SalesOrder"."TotalAmount") > 10000`)
	wantSQL(t, s, "How many orders were placed in October 2024?", `FROM "SalesOrder"`)
}

// TestDifferentRowsAreCountedByTheirKey: "how many different products" counts products, even
// when the word reached their name column (product_information.product_name) and two may
// share a name; "different product names" still counts names.
func TestDifferentRowsAreCountedByTheirKey(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "product_information", PrimaryKey: []string{"product_id"}, Columns: []datasource.Column{
			{Name: "product_id", Type: "integer"}, {Name: "product_name", Type: "text"}, {Name: "list_price", Type: "numeric"}}},
		{Name: "warehouses", PrimaryKey: []string{"warehouse_id"}, Columns: []datasource.Column{
			{Name: "warehouse_id", Type: "integer"}, {Name: "warehouse_name", Type: "text", SampleValues: []string{"Toronto", "Sydney"}}}},
		{Name: "inventories", PrimaryKey: []string{"product_id", "warehouse_id"}, Columns: []datasource.Column{
			{Name: "product_id", Type: "integer"}, {Name: "warehouse_id", Type: "integer"}, {Name: "quantity_on_hand", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"product_id"}, RefTable: "product_information", RefColumns: []string{"product_id"}},
				{Columns: []string{"warehouse_id"}, RefTable: "warehouses", RefColumns: []string{"warehouse_id"}}}},
	}}
	wantSQL(t, s, "How many different products does each warehouse stock?", "COUNT(DISTINCT product_information.product_id)")
	wantSQL(t, s, "How many different product names are there?", "COUNT(DISTINCT product_information.product_name)")
}

// channelsAndWarehouses: a channel spelled by its code and its name, and a warehouse named
// after the city it stands in.
func channelsAndWarehouses() *datasource.Schema {
	s := salesAndPurchases()
	s.Tables = append(s.Tables,
		datasource.Table{Name: "SalesChannel", Kind: "table", RowCount: 3, PrimaryKey: []string{"SalesChannelID"}, Columns: []datasource.Column{
			{Name: "SalesChannelID", Type: "integer"}, {Name: "ChannelCode", Type: "text", SampleValues: []string{"RETAIL", "WHOLESALE"}},
			{Name: "ChannelName", Type: "text", SampleValues: []string{"Retail Store", "Wholesale"}}}},
		datasource.Table{Name: "locations", Kind: "table", RowCount: 9, PrimaryKey: []string{"location_id"}, Columns: []datasource.Column{
			{Name: "location_id", Type: "integer"}, {Name: "city", Type: "text", SampleValues: []string{"Toronto", "Sydney"}}}},
		datasource.Table{Name: "warehouses", Kind: "table", RowCount: 9, PrimaryKey: []string{"warehouse_id"}, Columns: []datasource.Column{
			{Name: "warehouse_id", Type: "integer"}, {Name: "warehouse_name", Type: "text", SampleValues: []string{"Toronto", "Sydney"}},
			{Name: "location_id", Type: "integer"}, {Name: "capacity", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"location_id"}, RefTable: "locations", RefColumns: []string{"location_id"}}}})
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "SalesChannelID", Type: "integer"})
	s.Tables[1].ForeignKeys = append(s.Tables[1].ForeignKeys, datasource.ForeignKey{Columns: []string{"SalesChannelID"}, RefTable: "SalesChannel", RefColumns: []string{"SalesChannelID"}})
	return s
}

// TestNamesBeforeCodesAndTheirOwnNoun: a value that is a channel's code and its name is the
// name; "the Toronto warehouse" is the warehouse, not the city; "order amounts" of an order
// with several amounts are its total; rows without a name are listed by their key.
func TestNamesBeforeCodesAndTheirOwnNoun(t *testing.T) {
	s := channelsAndWarehouses()
	wantSQL(t, s, "What percentage of our total order value came through the Wholesale channel?",
		`CASE WHEN "SalesChannel"."ChannelName" = 'Wholesale' THEN "SalesOrder"."TotalAmount"`)
	wantSQL(t, s, "What is the total of the order amounts for each sales channel?", `SUM("SalesOrder"."TotalAmount")`)
	wantSQL(t, s, "What is the capacity of the Toronto warehouse?", `WHERE warehouses.warehouse_name = 'Toronto'`)
	wantSQL(t, s, "Which orders were placed in October 2024?", `SELECT DISTINCT "SalesOrder"."SalesOrderID"`)
}

// customersWithManagers: customers carry their own e-mail and an account manager, an
// employee with an e-mail, a hire date and a salary; orders are the sales.
func customersWithManagers() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "employees", PrimaryKey: []string{"employee_id"}, Columns: []datasource.Column{
			{Name: "employee_id", Type: "integer"}, {Name: "first_name", Type: "text"}, {Name: "last_name", Type: "text"},
			{Name: "email", Type: "text"}, {Name: "hire_date", Type: "date"}, {Name: "salary", Type: "numeric"}}},
		{Name: "customers", PrimaryKey: []string{"customer_id"}, Columns: []datasource.Column{
			{Name: "customer_id", Type: "integer"}, {Name: "cust_first_name", Type: "text", SampleValues: []string{"Goldie", "Harrison"}},
			{Name: "cust_last_name", Type: "text", SampleValues: []string{"Slater", "Sutherland"}},
			{Name: "cust_email", Type: "text"}, {Name: "account_mgr_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"account_mgr_id"}, RefTable: "employees", RefColumns: []string{"employee_id"}}}},
		{Name: "orders", PrimaryKey: []string{"order_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "order_date", Type: "date"}, {Name: "order_total", Type: "numeric"},
			{Name: "customer_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"customer_id"}}}},
	}}
}

// TestAPossessiveNamesTheRowsOwnColumn: "Goldie Slater's email" is the customer's own e-mail,
// not her account manager's, which the word "email" matches more closely; and the money "we
// sold" is the orders', not the salaries of staff hired on a date.
func TestAPossessiveNamesTheRowsOwnColumn(t *testing.T) {
	s := customersWithManagers()
	for _, q := range []string{"What is Goldie Slater's email address?", "What is the email of Goldie Slater?"} {
		g := wantSQL(t, s, q, "customers.cust_email")
		if strings.Contains(g.SQL, "employees") {
			t.Errorf("%s: reads the account manager:\n%s", q, g.SQL)
		}
	}
	wantSQL(t, s, "How much did we sell in each month of 2007?", "SUM(orders.order_total)")
}

// TestMonthsOfOneYearCompareByMonth: the evaluation reads "2007-11" and "11" alike when every
// month of the column is in one year, and leaves other columns alone.
func TestMonthsOfOneYearCompareByMonth(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{[]string{"2007-11", "2007-02"}, []string{"11", "02"}},
		{[]string{"2007-11", "2008-02"}, []string{"2007-11", "2008-02"}},
		{[]string{"11"}, []string{"11"}},
		{[]string{"Toronto"}, []string{"Toronto"}},
	}
	for _, tc := range tests {
		got := monthsOfOneYear([][]string{tc.in})[0]
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("monthsOfOneYear(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestDaysOfOneMonthCompareByDay: the evaluation reads "2013-07-04" and "4" alike when every
// day of the column is in one month, and "07" and "7" alike; other columns stay as they are.
func TestDaysOfOneMonthCompareByDay(t *testing.T) {
	tests := []struct {
		in, want []string
	}{
		{[]string{"2013-07-01", "2013-07-14"}, []string{"1", "14"}},
		{[]string{"2013-07-01", "2013-08-01"}, []string{"2013-07-01", "2013-08-01"}},
		{[]string{"07", "11"}, []string{"7", "11"}},
		{[]string{"Toronto", "07"}, []string{"Toronto", "07"}},
	}
	for _, tc := range tests {
		got := daysOfOneMonth([][]string{tc.in})[0]
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("daysOfOneMonth(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// itemsOfKinds: items of a few kinds, bought from suppliers in US states, sold to customers
// of a type.
func itemsOfKinds() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "ItemType", PrimaryKey: []string{"ItemTypeID"}, Columns: []datasource.Column{
			{Name: "ItemTypeID", Type: "integer"}, {Name: "TypeName", Type: "text", SampleValues: []string{"Raw Material", "Component", "Finished Goods"}}}},
		{Name: "Items", PrimaryKey: []string{"ItemID"}, Columns: []datasource.Column{
			{Name: "ItemID", Type: "integer"}, {Name: "ItemName", Type: "text"}, {Name: "ItemTypeID", Type: "integer"},
			{Name: "LeadTimeDays", Type: "integer"}, {Name: "ListPrice", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("ItemTypeID", "ItemType")}},
		{Name: "Supplier", PrimaryKey: []string{"SupplierID"}, Columns: []datasource.Column{
			{Name: "SupplierID", Type: "integer"}, {Name: "SupplierName", Type: "text"},
			{Name: "City", Type: "text", SampleValues: []string{"Seattle", "Portland"}}, {Name: "State", Type: "text", SampleValues: []string{"WA", "OR"}}}},
		{Name: "SupplierItem", PrimaryKey: []string{"SupplierItemID"}, Columns: []datasource.Column{
			{Name: "SupplierItemID", Type: "integer"}, {Name: "SupplierID", Type: "integer"}, {Name: "ItemID", Type: "integer"}, {Name: "UnitPrice", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("SupplierID", "Supplier"), sameKey("ItemID", "Items")}},
		{Name: "Customer", PrimaryKey: []string{"CustomerID"}, Columns: []datasource.Column{
			{Name: "CustomerID", Type: "integer"}, {Name: "CustomerName", Type: "text"},
			{Name: "CustomerType", Type: "text", SampleValues: []string{"Retail", "Wholesale", "Online"}}}},
		{Name: "SalesOrder", PrimaryKey: []string{"SalesOrderID"}, Columns: []datasource.Column{
			{Name: "SalesOrderID", Type: "integer"}, {Name: "OrderDate", Type: "date"}, {Name: "CustomerID", Type: "integer"},
			{Name: "TotalAmount", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("CustomerID", "Customer")}},
	}}
}

// TestKindsUnitsStatesAndTypesOf: a plural kind names the rows of that kind; "20 days" finds
// the column whose name says days; Washington is the state where no value is called that;
// "type of customer" is Customer.CustomerType.
func TestKindsUnitsStatesAndTypesOf(t *testing.T) {
	s := itemsOfKinds()
	g := wantSQL(t, s, "Which raw materials take more than 20 days to get from the supplier?", `"Items"."LeadTimeDays" > 20`)
	if !strings.Contains(g.SQL, `SELECT DISTINCT "Items"."ItemName"`) {
		t.Errorf("not the items listed:\n%s", g.SQL)
	}
	wantSQL(t, s, "List the raw materials", `WHERE "ItemType"."TypeName" = 'Raw Material'`)
	wantSQL(t, s, "Which of our suppliers are located in Washington?", `"Supplier"."State" = 'WA'`)
	wantSQL(t, s, "What is the average order total for each type of customer?", `GROUP BY "Customer"."CustomerType"`)
	// A city called Washington keeps the name for itself.
	s.Tables[2].Columns[2].SampleValues = append(s.Tables[2].Columns[2].SampleValues, "Washington")
	wantSQL(t, s, "Which of our suppliers are located in Washington?", `"Supplier"."City" = 'Washington'`)
}

// salesLines is pubs' sales: order lines that carry the order's number and date, with no
// orders table; and titles with their prices.
func salesLines() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "titles", PrimaryKey: []string{"title_id"}, Columns: []datasource.Column{
			{Name: "title_id", Type: "text"}, {Name: "title", Type: "text", SampleValues: []string{"Is Anger the Enemy?", "Life Without Fear"}},
			{Name: "price", Type: "numeric"}}},
		{Name: "sales", PrimaryKey: []string{"stor_id", "ord_num", "title_id"}, Columns: []datasource.Column{
			{Name: "stor_id", Type: "text"}, {Name: "ord_num", Type: "text", SampleValues: []string{"P3087a", "QA7442.3"}},
			{Name: "ord_date", Type: "date"}, {Name: "qty", Type: "integer"}, {Name: "title_id", Type: "text"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"title_id"}, RefTable: "titles", RefColumns: []string{"title_id"}}}},
	}}
}

// TestAnOrderIsItsNumberWhereNoTableIsCalledSo: with no orders table, orders are told apart
// by their number ("how many different orders", "an order contains"), while "ordered" is the
// event, never the number; "the most copies ordered" ranks by copies.
func TestAnOrderIsItsNumberWhereNoTableIsCalledSo(t *testing.T) {
	s := salesLines()
	wantSQL(t, s, "How many different orders were placed each year?", "COUNT(DISTINCT sales.ord_num)")
	wantSQL(t, s, "On average, how many copies does an order contain?", "AVG(per_group.total_qty)")
	g := wantSQL(t, s, "In which month of 1993 were the most copies ordered?", "ORDER BY total_qty DESC")
	if strings.Contains(g.SQL, "MAX(") {
		t.Errorf("ranks by the latest order date:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many copies were ordered in total on order P3087a?", "WHERE sales.ord_num = 'P3087a'")
}

// TestNotInAnyIsAMissingRow: "not in any order", "not used in any" are rows nothing refers to.
func TestNotInAnyIsAMissingRow(t *testing.T) {
	s := salesAndPurchases()
	wantSQL(t, s, "Which customers are not in any sales order?", `NOT EXISTS (SELECT 1 FROM "SalesOrder"`)
}

// hrJobs is employees with a monthly salary, in jobs that bound it.
func hrJobs() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "jobs", PrimaryKey: []string{"job_id"}, Columns: []datasource.Column{
			{Name: "job_id", Type: "text"}, {Name: "job_title", Type: "text", SampleValues: []string{"Stock Clerk", "Programmer"}},
			{Name: "min_salary", Type: "integer"}, {Name: "max_salary", Type: "integer"}}},
		{Name: "employees", PrimaryKey: []string{"employee_id"}, Columns: []datasource.Column{
			{Name: "employee_id", Type: "integer"}, {Name: "first_name", Type: "text"}, {Name: "last_name", Type: "text"},
			{Name: "hire_date", Type: "date"}, {Name: "salary", Type: "numeric"}, {Name: "job_id", Type: "text"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"job_id"}, RefTable: "jobs", RefColumns: []string{"job_id"}}}},
	}}
}

// TestSalariesPaidAndTheirBounds: "paid" is the salary where no payment exists; "monthly"
// before a salary is its period, not a grouping; what a job "can be paid" at least is its
// min_salary, while the lowest salary paid stays the employees' own.
func TestSalariesPaidAndTheirBounds(t *testing.T) {
	s := hrJobs()
	wantSQL(t, s, "Which 2 employees in the Programmer job are paid the most?", "employees.salary DESC")
	g := wantSQL(t, s, "Average monthly salary per job", "AVG(employees.salary)")
	if strings.Contains(g.SQL, "strftime") || strings.Contains(g.SQL, "date_trunc") {
		t.Errorf("grouped by month:\n%s", g.SQL)
	}
	wantSQL(t, s, "What is the lowest monthly salary a Stock Clerk can be paid?", "MIN(jobs.min_salary)")
	wantSQL(t, s, "What is the lowest salary of a Stock Clerk?", "MIN(employees.salary)")
}

// TestCountingAndTimes: "counting ..." only says how a figure is made, and "names and counts"
// only what to show; "times" between two numbers multiplies them row by row on the many side
// (a sale's copies times its title's price), and is refused where the rows do not relate that
// way, rather than adding each up on its own.
func TestCountingAndTimes(t *testing.T) {
	s := salesLines()
	s.Tables = append(s.Tables, datasource.Table{Name: "stores", PrimaryKey: []string{"stor_id"}, Columns: []datasource.Column{
		{Name: "stor_id", Type: "text"}, {Name: "stor_name", Type: "text", SampleValues: []string{"Barnum's", "Bookbeat"}}}})
	s.Tables[1].ForeignKeys = append(s.Tables[1].ForeignKeys, datasource.ForeignKey{Columns: []string{"stor_id"}, RefTable: "stores", RefColumns: []string{"stor_id"}})
	g := wantSQL(t, s, "Which store has the highest sales value, counting copies ordered times list price?", "SUM(sales.qty * titles.price)")
	if !strings.Contains(g.Explanation, "sales.qty × titles.price") {
		t.Errorf("explanation does not say the product: %s", g.Explanation)
	}
	s.Tables = append(s.Tables, datasource.Table{Name: "discounts", PrimaryKey: []string{"discount_id"}, Columns: []datasource.Column{
		{Name: "discount_id", Type: "integer"}, {Name: "discounttype", Type: "text", SampleValues: []string{"Volume Discount"}},
		{Name: "discount", Type: "numeric"}}})
	wantRefusal(t, s, "Total copies ordered times discount", "discount") // no way from a sale to a discount
	wantSQL(t, s, "Which stores have ordered more than 40 copies in total? Show their names and counts", "HAVING SUM(sales.qty) > 40")
}

// TestWhenWasARowVerbedIsItsDate: "when was Life Without Fear published" asks for the title's
// date, not for its publisher, which the verb also names.
func TestWhenWasARowVerbedIsItsDate(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "publishers", PrimaryKey: []string{"pub_id"}, Columns: []datasource.Column{
			{Name: "pub_id", Type: "text"}, {Name: "pub_name", Type: "text", SampleValues: []string{"New Moon Books"}}}},
		{Name: "titles", PrimaryKey: []string{"title_id"}, Columns: []datasource.Column{
			{Name: "title_id", Type: "text"}, {Name: "title", Type: "text", SampleValues: []string{"Life Without Fear"}},
			{Name: "pub_id", Type: "text"}, {Name: "pubdate", Type: "date"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"pub_id"}, RefTable: "publishers", RefColumns: []string{"pub_id"}}}},
	}}
	g := wantSQL(t, s, "When was Life Without Fear published?", "SELECT titles.pubdate")
	if strings.Contains(g.SQL, "publishers") {
		t.Errorf("reads the publisher:\n%s", g.SQL)
	}
}

// storesWithStock: stores hold an inventory of products that order lines also sell.
func storesWithStock() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "stores", PrimaryKey: []string{"store_id"}, Columns: []datasource.Column{
			{Name: "store_id", Type: "integer"}, {Name: "store_name", Type: "text", SampleValues: []string{"Sydney", "Berlin"}}}},
		{Name: "products", PrimaryKey: []string{"product_id"}, Columns: []datasource.Column{
			{Name: "product_id", Type: "integer"}, {Name: "product_name", Type: "text", SampleValues: []string{"Women's Jeans (Brown)"}},
			{Name: "unit_price", Type: "numeric"}}},
		{Name: "orders", PrimaryKey: []string{"order_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "order_date", Type: "date"}, {Name: "store_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("store_id", "stores")}},
		{Name: "order_items", PrimaryKey: []string{"order_id", "line_item_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "line_item_id", Type: "integer"}, {Name: "product_id", Type: "integer"},
			{Name: "unit_price", Type: "numeric"}, {Name: "quantity", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("order_id", "orders"), sameKey("product_id", "products")}},
		{Name: "inventory", PrimaryKey: []string{"inventory_id"}, Columns: []datasource.Column{
			{Name: "inventory_id", Type: "integer"}, {Name: "store_id", Type: "integer"}, {Name: "product_id", Type: "integer"},
			{Name: "product_inventory", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("store_id", "stores"), sameKey("product_id", "products")}},
	}}
}

// TestUnitsInStockAreTheStockHeld: after "how many", "how much" or "total", "in stock" and
// "on hand" are the quantity held, and "units" or "items" before them are its pieces, not the
// units sold on order lines.
func TestUnitsInStockAreTheStockHeld(t *testing.T) {
	s := storesWithStock()
	for _, q := range []string{
		"How many units of Women's Jeans (Brown) does the Sydney store have on hand?",
		"How many items does the Berlin store have in stock?",
		"Total units in stock per store",
	} {
		g := wantSQL(t, s, q, "SUM(inventory.product_inventory)")
		if strings.Contains(g.SQL, "order_items") {
			t.Errorf("%s: reads the units sold:\n%s", q, g.SQL)
		}
	}
}

// TestTwoColumnsOfTheSameRowCompared: "shipped after their required date" and "fewer units
// in stock than their reorder level" compare two columns of each row.
func TestTwoColumnsOfTheSameRowCompared(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "orders", PrimaryKey: []string{"order_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "order_date", Type: "date"}, {Name: "required_date", Type: "date"},
			{Name: "shipped_date", Type: "date", Nullable: true}, {Name: "freight", Type: "numeric"}}},
		{Name: "products", PrimaryKey: []string{"product_id"}, Columns: []datasource.Column{
			{Name: "product_id", Type: "integer"}, {Name: "product_name", Type: "text"},
			{Name: "units_in_stock", Type: "integer"}, {Name: "reorder_level", Type: "integer"}}},
	}}
	wantSQL(t, s, "How many orders were shipped after their required date?", "WHERE orders.shipped_date > orders.required_date")
	wantSQL(t, s, "Which products have fewer units in stock than their reorder level?", "WHERE products.units_in_stock < products.reorder_level")
	wantSQL(t, s, "How many products have units in stock below their reorder level?", "WHERE products.units_in_stock < products.reorder_level")
}

// TestAColumnComparedWithTheManagers: "earn more than their own manager" and "hired before
// their manager" read the same column on the row the self-reference points to.
func TestAColumnComparedWithTheManagers(t *testing.T) {
	s := hrJobs()
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "manager_id", Type: "integer", Nullable: true})
	s.Tables[1].ForeignKeys = append(s.Tables[1].ForeignKeys, datasource.ForeignKey{Columns: []string{"manager_id"}, RefTable: "employees", RefColumns: []string{"employee_id"}})
	g := wantSQL(t, s, "Which employees earn more than their own manager?", "WHERE employees.salary > manager.salary")
	if !strings.Contains(g.SQL, "JOIN employees AS manager ON employees.manager_id = manager.employee_id") {
		t.Errorf("no manager joined:\n%s", g.SQL)
	}
	wantSQL(t, s, "Which employees were hired before their manager was?", "WHERE employees.hire_date < manager.hire_date")
}

// TestOfficesOfOurs: an office is a location, and "of ours" only says whose.
func TestOfficesOfOurs(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "countries", PrimaryKey: []string{"country_id"}, Columns: []datasource.Column{
			{Name: "country_id", Type: "text"}, {Name: "country_name", Type: "text", SampleValues: []string{"Canada", "Japan"}}}},
		{Name: "locations", PrimaryKey: []string{"location_id"}, Columns: []datasource.Column{
			{Name: "location_id", Type: "integer"}, {Name: "city", Type: "text", SampleValues: []string{"Toronto", "Tokyo"}},
			{Name: "country_id", Type: "text"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"country_id"}, RefTable: "countries", RefColumns: []string{"country_id"}}}},
	}}
	wantSQL(t, s, "Which countries have no office location of ours?", "NOT EXISTS (SELECT 1 FROM locations")
}

// TestVersusAnswersEachSideBySide: "online versus direct orders" and "compared with" give
// one answer per value, not one for both together.
func TestVersusAnswersEachSideBySide(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "orders", PrimaryKey: []string{"order_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "order_date", Type: "date"},
			{Name: "order_mode", Type: "text", SampleValues: []string{"online", "direct"}}, {Name: "order_total", Type: "numeric"}}},
	}}
	for _, q := range []string{
		"What is the average order total for online orders compared with direct orders?",
		"Average order total for online versus direct orders",
	} {
		wantSQL(t, s, q, "GROUP BY orders.order_mode")
	}
}

// TestNamesAreNotWordFormsAndListingsShowTheirRank: "United States" is a name, not "units"
// and "status"; "which products" lists each product even when two share a name; "our most
// expensive product" shows its price.
func TestNamesAreNotWordFormsAndListingsShowTheirRank(t *testing.T) {
	s := storesWithStock()
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "product_status", Type: "text", SampleValues: []string{"orderable", "obsolete"}})
	g, err := generatePG(s, "Which of our stores are in the United States?")
	if err == nil && (strings.Contains(g.SQL, "quantity") || strings.Contains(g.SQL, "product_status")) {
		t.Errorf("read \"United States\" as units and status:\n%s", g.SQL)
	}
	g = wantSQL(t, s, "Which products have never been ordered?", "SELECT products.product_name")
	if strings.Contains(g.SQL, "DISTINCT") {
		t.Errorf("products sharing a name listed once:\n%s", g.SQL)
	}
	s.Tables[1].Name = "product_information" // products named only by their name column
	for k := range s.Tables {
		for f := range s.Tables[k].ForeignKeys {
			if s.Tables[k].ForeignKeys[f].RefTable == "products" {
				s.Tables[k].ForeignKeys[f].RefTable = "product_information"
			}
		}
	}
	wantSQL(t, s, "What is our most expensive product?", "SELECT product_information.product_name, product_information.unit_price")
}

// TestHoldingUnitsAndTypedRows: "warehouses that hold more than 15,000 units" add up the stock
// held, not the units sold; "which customers are wholesale" lists customers, though
// "customers" also reaches the CustomerType column that holds 'Wholesale'.
func TestHoldingUnitsAndTypedRows(t *testing.T) {
	s := storesWithStock()
	wantSQL(t, s, "Which stores hold more than 15,000 units in total?", "HAVING SUM(inventory.product_inventory) > 15000")
	// On the futon database itself: 'WHOLESALE' is also a channel's code, a name of its rows,
	// which made the column reading of "customers" decide.
	_, s = openSQLite(t, unpackPublicDB(t, "futon"), "futon.db")
	g := wantSQL(t, s, "Which customers are wholesale?", `WHERE "Customer"."CustomerType" = 'Wholesale'`)
	if !strings.Contains(g.SQL, `"Customer"."CustomerName"`) {
		t.Errorf("customers not listed by name:\n%s", g.SQL)
	}
}

// TestCamelValuesCasesAndBounds on the futon and Oracle OE databases: a status stored as
// 'InProduction' is said "in production"; a territory is named by its name, not its region;
// the lowest price "we'll accept" is the product's min_price; "US" in capitals is the
// country code, not the language 'us'.
func TestCamelValuesCasesAndBounds(t *testing.T) {
	_, futon := openSQLite(t, unpackPublicDB(t, "futon"), "futon.db")
	wantSQL(t, futon, "Which orders are in production right now?", `WHERE "SalesOrder"."Status" = 'InProduction'`)
	wantSQL(t, futon, "Which territory does each sales rep cover?", `"SalesTerritory"."TerritoryName"`)
	_, oe := openSQLite(t, unpackPublicDB(t, "oracle_oe"), "oracle_oe.db")
	wantSQL(t, oe, "What's the lowest price we'll accept for a Monitor 17/HR?", "MIN(product_information.min_price)")
	g, err := generatePG(oe, "How many customers are in the US?")
	if err != nil || !strings.Contains(g.SQL, "customers.country_id = 'US'") {
		t.Errorf("US not read as the country code: %v\n%s", err, g.SQL)
	}
}

// sameKey is a foreign key whose column has the same name in both tables.
func sameKey(col, ref string) datasource.ForeignKey {
	return datasource.ForeignKey{Columns: []string{col}, RefTable: ref, RefColumns: []string{col}}
}
