package demo

// Fixed word lists the generator draws from. They are functions rather than package variables
// so nothing mutable is shared between callers.

type regionDef struct {
	name      string
	countries []countryDef
}

type countryDef struct {
	name, code, dial string
	cities           []string
}

func regionDefs() []regionDef {
	return []regionDef{
		{"North America", []countryDef{
			{"United States", "US", "+1", []string{"New York", "San Francisco", "Chicago", "Austin", "Seattle", "Boston"}},
			{"Canada", "CA", "+1", []string{"Toronto", "Vancouver", "Montreal", "Calgary"}},
		}},
		{"Latin America", []countryDef{
			{"Brazil", "BR", "+55", []string{"São Paulo", "Rio de Janeiro", "Belo Horizonte", "Curitiba"}},
			{"Mexico", "MX", "+52", []string{"Mexico City", "Guadalajara", "Monterrey"}},
			{"Argentina", "AR", "+54", []string{"Buenos Aires", "Córdoba", "Rosario"}},
			{"Chile", "CL", "+56", []string{"Santiago", "Valparaíso"}},
			{"Colombia", "CO", "+57", []string{"Bogotá", "Medellín", "Cali"}},
		}},
		{"Europe", []countryDef{
			{"Germany", "DE", "+49", []string{"Berlin", "Munich", "Hamburg", "Frankfurt"}},
			{"France", "FR", "+33", []string{"Paris", "Lyon", "Marseille", "Toulouse"}},
			{"United Kingdom", "GB", "+44", []string{"London", "Manchester", "Edinburgh", "Bristol"}},
			{"Spain", "ES", "+34", []string{"Madrid", "Barcelona", "Valencia"}},
			{"Italy", "IT", "+39", []string{"Milan", "Rome", "Turin"}},
			{"Netherlands", "NL", "+31", []string{"Amsterdam", "Rotterdam", "Utrecht"}},
			{"Sweden", "SE", "+46", []string{"Stockholm", "Gothenburg", "Malmö"}},
		}},
		{"Asia Pacific", []countryDef{
			{"Japan", "JP", "+81", []string{"Tokyo", "Osaka", "Yokohama", "Nagoya"}},
			{"India", "IN", "+91", []string{"Bangalore", "Mumbai", "Delhi", "Hyderabad", "Pune"}},
			{"Australia", "AU", "+61", []string{"Sydney", "Melbourne", "Brisbane", "Perth"}},
			{"Singapore", "SG", "+65", []string{"Singapore"}},
			{"South Korea", "KR", "+82", []string{"Seoul", "Busan"}},
			{"China", "CN", "+86", []string{"Shanghai", "Beijing", "Shenzhen"}},
		}},
		{"Middle East", []countryDef{
			{"United Arab Emirates", "AE", "+971", []string{"Dubai", "Abu Dhabi"}},
			{"Saudi Arabia", "SA", "+966", []string{"Riyadh", "Jeddah"}},
			{"Israel", "IL", "+972", []string{"Tel Aviv", "Haifa"}},
		}},
		{"Africa", []countryDef{
			{"South Africa", "ZA", "+27", []string{"Johannesburg", "Cape Town", "Durban"}},
			{"Nigeria", "NG", "+234", []string{"Lagos", "Abuja"}},
			{"Kenya", "KE", "+254", []string{"Nairobi", "Mombasa"}},
			{"Egypt", "EG", "+20", []string{"Cairo", "Alexandria"}},
		}},
	}
}

// countryWeights biases customers towards the big markets, by country code.
func countryWeights() map[string]int {
	return map[string]int{
		"US": 30, "CA": 6, "BR": 8, "MX": 5, "AR": 2, "CL": 2, "CO": 2,
		"DE": 9, "FR": 7, "GB": 8, "ES": 4, "IT": 4, "NL": 3, "SE": 2,
		"JP": 6, "IN": 6, "AU": 5, "SG": 2, "KR": 3, "CN": 3,
		"AE": 2, "SA": 1, "IL": 1, "ZA": 2, "NG": 1, "KE": 1, "EG": 1,
	}
}

type categoryDef struct {
	name, description string
	// products are base names; each comes in three editions at different prices.
	products []string
	// minPrice and maxPrice bound a base product's price, in whole currency units.
	minPrice, maxPrice int
	// margin is the typical gross margin, in percent.
	margin int
}

func categoryDefs() []categoryDef {
	return []categoryDef{
		{"Electronics", "Consumer electronics and audio", []string{"Wireless Headphones", "Bluetooth Speaker", "Smart Watch", "Action Camera", "E-Reader"}, 40, 400, 35},
		{"Computers", "Laptops, desktops and tablets", []string{"Ultrabook Laptop", "Desktop Workstation", "Tablet", "Chromebook", "Mini PC"}, 300, 2500, 18},
		{"Office Supplies", "Paper, pens and everyday office items", []string{"Printer Paper Box", "Gel Pen Set", "Sticky Notes Pack", "Desk Organizer", "Whiteboard Markers"}, 5, 60, 55},
		{"Furniture", "Office and home furniture", []string{"Ergonomic Chair", "Standing Desk", "Bookshelf", "Filing Cabinet", "Conference Table"}, 120, 1500, 40},
		{"Software", "Licenses and subscriptions", []string{"Office Suite License", "Antivirus Subscription", "Design Suite License", "Accounting Software", "Backup Service Plan"}, 50, 900, 80},
		{"Networking", "Routers, switches and cabling", []string{"Wi-Fi Router", "Network Switch", "Mesh Wi-Fi System", "Firewall Appliance", "Cat6 Cable Bundle"}, 25, 1200, 30},
		{"Accessories", "Peripherals and small accessories", []string{"Wireless Mouse", "Mechanical Keyboard", "USB-C Hub", "Laptop Sleeve", "Webcam"}, 15, 180, 45},
		{"Home Appliances", "Kitchen and home appliances", []string{"Espresso Machine", "Air Purifier", "Robot Vacuum", "Blender", "Smart Thermostat"}, 60, 800, 30},
		{"Sports & Outdoors", "Fitness and outdoor gear", []string{"Yoga Mat", "Running Shoes", "Camping Tent", "Fitness Tracker", "Mountain Bike Helmet"}, 20, 450, 42},
		{"Books", "Business and technical books", []string{"Data Science Handbook", "Leadership Guide", "SQL Cookbook", "Marketing Playbook", "Cloud Architecture Book"}, 15, 70, 50},
	}
}

// editions turn a base product into three, as a multiplier of the base price in percent.
func editions() []struct {
	suffix string
	factor int
} {
	return []struct {
		suffix string
		factor int
	}{{"Lite", 70}, {"Standard", 100}, {"Pro", 160}}
}

func firstNames() []string {
	return []string{"James", "Maria", "Wei", "Aisha", "Lucas", "Sofia", "Hiroshi", "Priya", "Liam", "Emma",
		"Mateo", "Olivia", "Noah", "Chloe", "Arjun", "Yuki", "Carlos", "Anna", "David", "Fatima",
		"Jonas", "Lea", "Kwame", "Isabella", "Ethan", "Mia", "Omar", "Elena", "Daniel", "Grace"}
}

func lastNames() []string {
	return []string{"Smith", "Silva", "Chen", "Khan", "Müller", "Garcia", "Tanaka", "Patel", "Johnson", "Martin",
		"Rossi", "Kim", "Nguyen", "Brown", "Santos", "Dubois", "Schmidt", "Lopez", "Sato", "Okafor",
		"Andersson", "Cohen", "Williams", "Fernández", "Singh", "Novak", "Jones", "Costa", "Ivanova", "Taylor"}
}

func companyWords() (first, second, suffix []string) {
	return []string{"Apex", "Blue", "Summit", "Northwind", "Bright", "Green", "Silver", "Atlas", "Nova", "Pioneer",
			"Harbor", "Vertex", "Orion", "Crest", "Evergreen", "Granite", "Lumen", "Quantum", "Redwood", "Sterling"},
		[]string{"Logistics", "Foods", "Analytics", "Retail", "Health", "Energy", "Systems", "Media", "Labs", "Motors",
			"Capital", "Design", "Foods", "Travel", "Textiles", "Robotics", "Pharma", "Studios", "Networks", "Builders"},
		[]string{"Inc", "Ltd", "GmbH", "SA", "Group", "Co", "LLC", "Partners"}
}

type campaignDef struct {
	name    string
	month   int // start month
	day     int // start day
	days    int // duration
	channel string
	budget  int // whole currency units
}

// campaignDefs is the yearly marketing calendar; each runs in 2022-2025 with a growing budget.
func campaignDefs() []campaignDef {
	return []campaignDef{
		{"New Year Kickoff", 1, 5, 21, "email", 18000},
		{"Spring Sale", 3, 20, 28, "social", 30000},
		{"Summer Launch", 6, 10, 35, "display", 42000},
		{"Back to School", 8, 15, 30, "search", 26000},
		{"Black Friday", 11, 20, 11, "search", 65000},
		{"Holiday Season", 12, 1, 31, "social", 48000},
	}
}
