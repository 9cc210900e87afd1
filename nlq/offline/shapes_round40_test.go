package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// TestTheTopRowOfEachGroupIsRankedByItsOwnColumn: "the most-watched episode of each series"
// names one row per series, ranked by a column of the row itself, not a total per series; an
// episode with no series (a special) is in no series.
func TestTheTopRowOfEachGroupIsRankedByItsOwnColumn(t *testing.T) {
	lite, s := sqliteSchema(t, "shows", showsDDL, showsRows)
	checkAnswers(t, lite, s, topRowAnswers)
}

var topRowAnswers = []answer{
	{"What was the most-watched Doctor Who episode of each series?", []string{"Rose", "Tooth and Claw", "Blink"}},
	{"What was the least watched Torchwood episode of each series?", []string{"Ghost Machine", "Sleeper"}},
}

// networkDDL is a slice of a Django network inventory (NetBox): Django's content types, which
// generic relations point at by a type and an id; models whose run-together names hold an
// abbreviation (ipaddress) or are one English word (interface); a circuit type shared by a
// dozen circuits; an IP range linked to nothing, whose last_updated is unique.
var networkDDL = []string{
	`CREATE TABLE django_content_type (id INTEGER PRIMARY KEY, app_label VARCHAR(100), model VARCHAR(100))`,
	`CREATE TABLE tenancy_tenant (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(100) NOT NULL, slug VARCHAR(100) NOT NULL)`,
	`CREATE TABLE extras_customfield (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(50) NOT NULL, label VARCHAR(50))`,
	`CREATE TABLE extras_customfield_object_types (id INTEGER PRIMARY KEY, customfield_id INTEGER NOT NULL REFERENCES extras_customfield (id),
		objecttype_id INTEGER NOT NULL REFERENCES django_content_type (id))`,
	`CREATE TABLE dcim_site (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(100) NOT NULL, tenant_id INTEGER REFERENCES tenancy_tenant (id))`,
	`CREATE TABLE dcim_manufacturer (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE dcim_devicetype (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, model VARCHAR(100) NOT NULL, part_number VARCHAR(50),
		manufacturer_id INTEGER NOT NULL REFERENCES dcim_manufacturer (id))`,
	`CREATE TABLE dcim_device (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(64), site_id INTEGER NOT NULL REFERENCES dcim_site (id),
		device_type_id INTEGER NOT NULL REFERENCES dcim_devicetype (id))`,
	`CREATE TABLE dcim_interface (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(64) NOT NULL, device_id INTEGER NOT NULL REFERENCES dcim_device (id),
		mgmt_only BOOLEAN NOT NULL)`,
	`CREATE TABLE ipam_vrf (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE ipam_ipaddress (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, address VARCHAR(50) NOT NULL, vrf_id INTEGER REFERENCES ipam_vrf (id))`,
	`CREATE TABLE ipam_prefix (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, prefix VARCHAR(50) NOT NULL, tenant_id INTEGER REFERENCES tenancy_tenant (id),
		scope_type_id INTEGER REFERENCES django_content_type (id), scope_id INTEGER)`,
	`CREATE TABLE ipam_iprange (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, start_address VARCHAR(50) NOT NULL, end_address VARCHAR(50) NOT NULL)`,
	`CREATE TABLE circuits_provider (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE circuits_circuittype (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE circuits_circuit (id INTEGER PRIMARY KEY, created TEXT, last_updated TEXT, cid VARCHAR(100) NOT NULL,
		provider_id INTEGER NOT NULL REFERENCES circuits_provider (id), type_id INTEGER NOT NULL REFERENCES circuits_circuittype (id))`,
}

var networkRows = []string{
	`INSERT INTO django_content_type VALUES (1,'dcim','site'),(2,'dcim','region'),(3,'tenancy','tenant'),(4,'ipam','prefix')`,
	`INSERT INTO tenancy_tenant VALUES (1,'2021-03-01 10:00:00','2021-03-01 10:00:00','Initech','initech'),(2,'2021-03-01 10:00:00','2021-03-02 10:00:00','Dunder-Mifflin, Inc.','dunder-mifflin')`,
	`INSERT INTO extras_customfield VALUES (1,'2021-03-01 10:00:00','2021-03-03 10:00:00','cust_id','Customer ID')`,
	`INSERT INTO extras_customfield_object_types VALUES (1,1,3)`,
	`INSERT INTO dcim_site VALUES (1,'2021-03-01 10:00:00','2021-03-04 10:00:00','MDF',1),(2,'2021-03-01 10:00:00','2021-03-05 10:00:00','DM-Akron',2)`,
	`INSERT INTO dcim_manufacturer VALUES (1,'Juniper'),(2,'Cisco')`,
	`INSERT INTO dcim_devicetype VALUES (1,NULL,NULL,'EX9214','',1),(2,NULL,NULL,'C9200-48P','',2),(3,NULL,NULL,'MX480','',1)`,
	`INSERT INTO dcim_device VALUES (1,'2020-05-01 10:00:00','2021-03-06 10:00:00','core-1',1,1),(2,'2021-05-01 10:00:00','2021-03-07 10:00:00','access-1',1,2),
		(3,'2021-06-01 10:00:00','2021-03-08 10:00:00','akron-sw1',2,2)`,
	`INSERT INTO dcim_interface VALUES (1,NULL,NULL,'mgmt0',1,1),(2,NULL,NULL,'eth0',1,0),(3,NULL,NULL,'eth1',1,0),(4,NULL,NULL,'mgmt0',2,1),(5,NULL,NULL,'eth0',3,0)`,
	`INSERT INTO ipam_vrf VALUES (1,NULL,NULL,'Alpha'),(2,NULL,NULL,'Bravo')`,
	`INSERT INTO ipam_ipaddress VALUES (1,NULL,NULL,'10.0.0.1/24',1),(2,NULL,NULL,'10.1.0.1/24',2),(3,NULL,NULL,'10.1.0.2/24',2),(4,NULL,NULL,'10.9.0.1/24',NULL)`,
	`INSERT INTO ipam_prefix VALUES (1,NULL,NULL,'10.0.0.0/16',1,1,1),(2,NULL,NULL,'10.1.0.0/16',2,1,2)`,
	`INSERT INTO ipam_iprange VALUES (1,'2021-01-01 00:00:00','2021-03-01 10:00:00','10.0.0.100/24','10.0.0.199/24'),
		(2,'2021-01-01 00:00:00','2021-03-02 10:00:00','10.1.0.100/24','10.1.0.199/24')`,
	`INSERT INTO circuits_provider VALUES (1,NULL,NULL,'CenturyLink'),(2,NULL,NULL,'Level 3')`,
	`INSERT INTO circuits_circuittype VALUES (1,NULL,NULL,'Internet'),(2,NULL,NULL,'MPLS')`,
	`INSERT INTO circuits_circuit VALUES (1,NULL,NULL,'C-01',1,1),(2,NULL,NULL,'C-02',1,1),(3,NULL,NULL,'C-03',1,1),(4,NULL,NULL,'C-04',1,1),
		(5,NULL,NULL,'C-05',1,1),(6,NULL,NULL,'C-06',1,1),(7,NULL,NULL,'C-07',1,1),(8,NULL,NULL,'C-08',2,2),(9,NULL,NULL,'C-09',2,2),
		(10,NULL,NULL,'C-10',2,2),(11,NULL,NULL,'C-11',2,2),(12,NULL,NULL,'C-12',2,2)`,
}

var networkAnswers = []answer{
	{"How many device interfaces are flagged as management-only?", []string{"2"}},
	{"How many IP addresses are in the Bravo VRF?", []string{"2"}},
	{"For each provider that supplies circuits, how many circuits does it provide?", []string{"CenturyLink", "Level 3"}},
	{"How many devices were added during 2021?", []string{"2"}},
	{"Which device types have never been used for any device?", []string{"MX480"}},
	{"What are the circuit IDs of the MPLS circuits?", []string{"C-08", "C-09", "C-10", "C-11", "C-12"}},
	{"Which tenants have no sites assigned to them?", []string{}},
	{"What share of all device interfaces, as a percentage, sit on Juniper equipment?", []string{"60"}},
	{"Which Dunder-Mifflin sites are there?", []string{"DM-Akron"}},
}

// TestDjangoModelsAreReadAsTheirWordsAndContentTypesJoinNothing: a Django model named by one
// English word ("interface") stays whole, and one that begins with a two-letter abbreviation
// ("ipaddress") is that abbreviation and a word; "mgmt" is management; "that supplies" is the
// verb of a relative clause, not the power feeds' supply; a dozen circuits of one type are
// circuits, not forms of their type; "added" is when a row was created; a device type is
// known by its model; a circuit's cid is its "circuit ID"; "assigned to them" and
// "equipment" add nothing to what the rows and the value say; "which Dunder-Mifflin sites"
// asks for sites, the tenant's slug naming one tenant as its name would.
func TestDjangoModelsAreReadAsTheirWordsAndContentTypesJoinNothing(t *testing.T) {
	lite, s := sqliteSchema(t, "network", networkDDL, networkRows)
	checkAnswers(t, lite, s, networkAnswers)
	// Custom fields name the content types they apply to, and prefixes the content type of
	// their scope: two tables that point at content types share nothing.
	if g, err := generate(t, s, datasource.SQLite, "What custom fields does the tenant Initech have?"); err == nil && strings.Contains(g.SQL, "django_content_type") {
		t.Errorf("joined through the content types:\n%s", g.SQL)
	}
	// A last_updated unique in a table nothing links to is no code other tables refer to.
	m := newModel(s)
	for _, tb := range m.tables {
		for _, f := range tb.fks {
			if f.from.class == classDate {
				t.Errorf("%s.%s read as a key to %s.%s", tb.name, f.from.name, f.to.table.name, f.to.name)
			}
		}
	}
}

// chatDDL is a chat workspace's export (Slack's, as Apache Superset ships it): ids as text,
// a channel's creator a user's id, a handle beside the real name, a channel's member count
// kept as num_members, daily statistics keyed by their date.
var chatDDL = []string{
	`CREATE TABLE users (id VARCHAR(12) PRIMARY KEY, name VARCHAR(40), real_name VARCHAR(60), is_admin INTEGER, deleted INTEGER, tz VARCHAR(40))`,
	`CREATE TABLE channels (id VARCHAR(12) PRIMARY KEY, name VARCHAR(40) UNIQUE, created VARCHAR(19), creator VARCHAR(12) REFERENCES users (id), is_archived INTEGER,
		num_members INTEGER, topic__last_set VARCHAR(19), purpose__last_set VARCHAR(19), is_member INTEGER, is_channel INTEGER, unlinked VARCHAR(19))`,
	`CREATE TABLE channel_members (channel_id VARCHAR(12) REFERENCES channels (id), user_id VARCHAR(12) REFERENCES users (id), PRIMARY KEY (channel_id, user_id))`,
	`CREATE TABLE exported_stats (date VARCHAR(10) PRIMARY KEY, total_membership INTEGER, daily_active_members INTEGER, public_channels_single_workspace INTEGER)`,
}

var chatRows = []string{
	`INSERT INTO users VALUES ('U1','majorie','Majorie Montano',1,NULL,'America/Los_Angeles'),('U2','darius','Darius Discher',NULL,1,'Europe/Berlin'),
		('U3','rico','Rico Ranson',1,NULL,'America/Los_Angeles'),('U4','ana','Ana Alves',NULL,NULL,'America/New_York')`,
	`INSERT INTO channels VALUES ('C1','general','2017-10-11 16:22:00','U1',NULL,2483,NULL,'2021-01-01 00:00:00',1,1,'1970-01-01 00:00:00'),('C2','beginners','2018-01-02 10:00:00','U1',NULL,796,NULL,NULL,1,1,'1970-01-01 00:00:00'),
		('C3','dashboards','2019-05-06 10:00:00','U2',1,NULL,NULL,NULL,NULL,1,'2020-05-07 21:02:51'),('C4','support','2020-02-03 10:00:00','U1',NULL,120,NULL,NULL,1,1,'1970-01-01 00:00:00'),
		('C5','releases','2020-04-05 10:00:00','U3',NULL,1500,NULL,NULL,1,1,'1970-01-01 00:00:00')`,
	`INSERT INTO channel_members VALUES ('C1','U1'),('C1','U2'),('C1','U3'),('C1','U4'),('C2','U1'),('C2','U2'),('C4','U1'),('C5','U3'),('C5','U4'),('C5','U1')`,
	`INSERT INTO exported_stats VALUES ('2020-07-07',2400,258,30),('2020-07-08',2401,287,30),('2020-07-09',2402,201,30)`,
}

// TestAChatWorkspaceIsAskedAboutInItsOwnWords: "who created the most channels" groups by the
// user a text key points to, named by their real name (the handle is no name); "the workspace"
// is the business, not the last word of a statistic; a trailing "have set" is a verb; "member
// count" and "more members" are num_members, not the is_member flag; "deactivated" accounts
// are deleted ones; "on which day ... the highest number of" ranks the days; a channel's
// "member list" is the table of its members; "the newest channel" is the one created last,
// not the last by a date flattened from a nested object (purpose__last_set) or by a mark
// that is '1970-01-01' on nearly every row, and its is_channel flag names no condition.
func TestAChatWorkspaceIsAskedAboutInItsOwnWords(t *testing.T) {
	lite, s := sqliteSchema(t, "chat", chatDDL, chatRows)
	checkAnswers(t, lite, s, chatAnswers)
}

var chatAnswers = []answer{
	{"Who created the most channels?", []string{"Majorie Montano"}},
	{"List the full names of the workspace admins.", []string{"Majorie Montano", "Rico Ranson"}},
	{"How many channels in the workspace have been archived?", []string{"1"}},
	{"Which time zone do the most members have set?", []string{"America/Los_Angeles"}},
	{"Which channels have an above-average member count?", []string{"general", "releases"}},
	{"How many user accounts have been deactivated?", []string{"1"}},
	{"On which day did the workspace have its highest number of daily active members?", []string{"2020-07-08"}},
	{"How many channels have more members than the average channel?", []string{"2"}},
	{"Which two channels have the most people on their member lists?", []string{"general", "releases"}},
	{"What is the newest channel?", []string{"releases"}},
}

// TestRound40ShapesAnswerAlikeInEveryDialect runs round 40's questions on PostgreSQL and
// MariaDB and compares the rows with SQLite's.
func TestRound40ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "shows", ddl: showsDDL, rows: showsRows, answers: topRowAnswers},
		{name: "network", ddl: networkDDL, rows: networkRows, answers: networkAnswers},
		{name: "chat", ddl: chatDDL, rows: chatRows, answers: chatAnswers},
	})
}
