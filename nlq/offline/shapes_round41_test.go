package offline

import "testing"

// qaDDL is a question-and-answer site laid out as Stack Exchange's data dump is: one Posts
// table for questions and answers, told apart by a type list (PostTypes); each post keeps how
// many answers, comments and views it has; its tags both as a text list ('<wallet><node>') and
// as rows of a link table (PostTags); a tag points at the posts that hold its excerpt and its
// wiki; votes are of a kind kept in VoteTypes.
var qaDDL = []string{
	`CREATE TABLE Users (Id INTEGER PRIMARY KEY, DisplayName VARCHAR(40) NOT NULL, Reputation INTEGER NOT NULL)`,
	`CREATE TABLE PostTypes (Id INTEGER PRIMARY KEY, Name VARCHAR(20) NOT NULL UNIQUE)`,
	`CREATE TABLE Posts (Id INTEGER PRIMARY KEY, PostTypeId INTEGER NOT NULL REFERENCES PostTypes (Id), ParentId INTEGER REFERENCES Posts (Id),
		OwnerUserId INTEGER REFERENCES Users (Id), LastEditorUserId INTEGER REFERENCES Users (Id), CreationDate TIMESTAMP NOT NULL, Title VARCHAR(100), Score INTEGER NOT NULL,
		ViewCount INTEGER, AnswerCount INTEGER, CommentCount INTEGER, Tags VARCHAR(100))`,
	`CREATE TABLE Tags (Id INTEGER PRIMARY KEY, TagName VARCHAR(30) NOT NULL UNIQUE, ExcerptPostId INTEGER REFERENCES Posts (Id), WikiPostId INTEGER REFERENCES Posts (Id))`,
	`CREATE TABLE PostTags (PostId INTEGER NOT NULL REFERENCES Posts (Id), TagId INTEGER NOT NULL REFERENCES Tags (Id), PRIMARY KEY (PostId, TagId))`,
	`CREATE TABLE Comments (Id INTEGER PRIMARY KEY, PostId INTEGER NOT NULL REFERENCES Posts (Id), UserId INTEGER REFERENCES Users (Id), Score INTEGER NOT NULL)`,
	`CREATE TABLE VoteTypes (Id INTEGER PRIMARY KEY, Name VARCHAR(30) NOT NULL UNIQUE)`,
	`CREATE TABLE Votes (Id INTEGER PRIMARY KEY, PostId INTEGER NOT NULL, VoteTypeId INTEGER NOT NULL REFERENCES VoteTypes (Id), UserId INTEGER REFERENCES Users (Id))`,
}

var qaRows = []string{
	`INSERT INTO Users VALUES (1,'Ada',500),(2,'Bo',300),(3,'Cy',100),(4,'Di',50)`,
	`INSERT INTO PostTypes VALUES (1,'Question'),(2,'Answer'),(4,'TagWikiExcerpt'),(5,'TagWiki')`,
	`INSERT INTO Posts VALUES
		(1,1,NULL,1,NULL,'2021-05-02 10:00:00','Wallet not syncing',5,900,2,4,'<wallet><node>'),
		(2,1,NULL,1,NULL,'2021-05-03 10:00:00','How to stake',3,300,1,0,'<staking>'),
		(3,1,NULL,3,NULL,'2021-05-04 10:00:00','Node crashes',1,1200,0,1,'<node><wallet>'),
		(4,1,NULL,4,NULL,'2021-05-05 10:00:00','Wallet backup',0,50,0,0,'<wallet>'),
		(5,2,1,2,NULL,'2021-05-06 10:00:00',NULL,7,NULL,NULL,0,NULL),(6,2,1,3,NULL,'2021-05-07 10:00:00',NULL,2,NULL,NULL,1,NULL),(7,2,2,2,NULL,'2021-05-08 10:00:00',NULL,4,NULL,NULL,0,NULL),
		(8,4,NULL,NULL,NULL,'2021-05-09 10:00:00',NULL,0,NULL,NULL,0,NULL),(9,5,NULL,NULL,NULL,'2021-05-01 10:00:00',NULL,0,NULL,NULL,0,NULL)`,
	`INSERT INTO Tags VALUES (1,'wallet',8,9),(2,'node',NULL,NULL),(3,'staking',NULL,NULL)`,
	`INSERT INTO PostTags VALUES (1,1),(1,2),(2,3),(3,2),(3,1),(4,1)`,
	`INSERT INTO Comments VALUES (1,1,4,0),(2,1,4,1),(3,1,4,0),(4,3,4,2),(5,1,2,0),(6,6,2,0)`,
	`INSERT INTO VoteTypes VALUES (2,'UpMod'),(3,'DownMod')`,
	`INSERT INTO Votes VALUES (1,1,2,2),(2,1,2,3),(3,5,2,1),(4,3,3,2)`,
}

// TestAQuestionAndAnswerSiteIsReadThroughItsTypeList: "questions" and "answers" are posts of
// those types, counted for each user that owns them; "users with the most comments" wrote
// them (the Comments rows that refer to the users), not the comments their posts received;
// "tagged wallet" is the tag 'wallet' reached through the link table, not through the tag's
// excerpt or wiki post, and not the text list of a post's tags; "votes of each type" are
// grouped by the vote type list; "at least one question" is a count of the user's posts of that
// type; "not a single answer" is an answer count of 0; "which
// question has the most views" is the question, not the figure; "members" are the users.
func TestAQuestionAndAnswerSiteIsReadThroughItsTypeList(t *testing.T) {
	lite, s := sqliteSchema(t, "qa", qaDDL, qaRows)
	checkAnswers(t, lite, s, qaAnswers)
}

var qaAnswers = []answer{
	{"Which user has written the most comments?", []string{"Di"}},
	{"Which member asked the most questions?", []string{"Ada"}},
	{"Which users have posted more than 1 answer?", []string{"Bo"}},
	{"Which users have asked at least one question?", []string{"Ada", "Cy", "Di"}},
	{"How many questions are tagged wallet?", []string{"3"}},
	{"Which tag is used on the most questions?", []string{"wallet"}},
	{"How many votes of each type have been cast?", []string{"UpMod", "DownMod"}},
	{"How many questions have not received a single answer?", []string{"2"}},
	{"Which question has the most views?", []string{"Node crashes"}},
}

// unDDL is the UN General Assembly's roll calls as the unvotes package keeps them: a roll call
// is dated and numbered by its session, flagged when important; each country's vote in it is
// a row keyed by the roll call and the country, whose vote is 'yes', 'no' or 'abstain'; a
// roll call's issues are rows of their own.
var unDDL = []string{
	`CREATE TABLE un_roll_calls (rcid INTEGER PRIMARY KEY, session INTEGER NOT NULL, importantvote INTEGER, date DATE NOT NULL, short VARCHAR(60))`,
	`CREATE TABLE un_votes (rcid INTEGER NOT NULL REFERENCES un_roll_calls (rcid), country VARCHAR(40) NOT NULL, vote VARCHAR(10) NOT NULL, PRIMARY KEY (rcid, country))`,
	`CREATE TABLE un_roll_call_issues (rcid INTEGER NOT NULL REFERENCES un_roll_calls (rcid), short_name VARCHAR(4) NOT NULL, issue VARCHAR(40) NOT NULL,
		PRIMARY KEY (rcid, short_name))`,
}

var unRows = []string{
	`INSERT INTO un_roll_calls VALUES (1,1,0,'1946-01-20','ADMISSION'),(2,1,0,'1946-02-01','ATOMIC ENERGY'),(3,40,1,'1985-10-01','PALESTINE'),
		(4,40,0,'1985-11-12','APARTHEID'),(5,70,1,'2015-10-20','CUBA EMBARGO'),(6,70,0,'2015-12-01','NUCLEAR TESTS')`,
	`INSERT INTO un_votes VALUES (1,'United States','yes'),(1,'France','yes'),(2,'United States','yes'),(2,'France','abstain'),
		(3,'United States','no'),(3,'France','abstain'),(3,'Brazil','yes'),(4,'United States','no'),(4,'France','abstain'),(4,'Brazil','yes'),
		(5,'United States','no'),(5,'France','yes'),(5,'Brazil','yes'),(6,'United States','yes'),(6,'France','yes'),(6,'Brazil','yes')`,
	`INSERT INTO un_roll_call_issues VALUES (3,'me','Palestinian conflict'),(4,'hr','Human rights'),(6,'nu','Nuclear weapons and nuclear material'),
		(2,'nu','Nuclear weapons and nuclear material')`,
}

// TestAnAssemblysRollCallsAreCountedAsTheEventsTheyAre: a vote "taken" or "held" is the roll
// call, not each country's part in it; "the 70th session" and "the first session" are
// sessions 70 and 1; "roll-call votes" are the roll calls, not those flagged important; a
// share of the United States' votes that were yes is taken within its votes, per decade too;
// "voted yes the most times" and "abstained more than 2 times" count the votes holding the
// value; "about" before an issue is no word to place; "the first vote" is dated by its roll
// call, once, not per date.
func TestAnAssemblysRollCallsAreCountedAsTheEventsTheyAre(t *testing.T) {
	lite, s := sqliteSchema(t, "un", unDDL, unRows)
	checkAnswers(t, lite, s, unAnswers)
}

var unAnswers = []answer{
	{"How many votes were taken in the 70th session?", []string{"2"}},
	{"How many countries voted in the first session?", []string{"2"}},
	{"How many roll-call votes were held in each decade?", []string{"1940", "1980", "2010"}},
	{"What percentage of the United States' votes were yes?", []string{"50"}},
	{"What share of the United States' votes were yes in each decade?", []string{"100", "0", "50"}},
	{"Which country voted yes the most times?", []string{"Brazil"}},
	{"Which countries have abstained more than 2 times?", []string{"France"}},
	{"How many roll calls were about human rights?", []string{"1"}},
	{"On what date was the first vote of the 70th session?", []string{"2015-10-20"}},
}

// bricksDDL is a toy brick catalogue as Rebrickable publishes it: a set keeps its release
// year and its number of parts (num_parts); an inventory's lines name a part by its number,
// with no key to the parts table, and a colour, flagged is_trans when it is transparent.
var bricksDDL = []string{
	`CREATE TABLE themes (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, parent_id INTEGER REFERENCES themes (id))`,
	`CREATE TABLE sets (set_num VARCHAR(20) PRIMARY KEY, name VARCHAR(60) NOT NULL, year INTEGER NOT NULL, theme_id INTEGER NOT NULL REFERENCES themes (id),
		num_parts INTEGER NOT NULL)`,
	`CREATE TABLE parts (part_num VARCHAR(20) PRIMARY KEY, name VARCHAR(60) NOT NULL)`,
	`CREATE TABLE colors (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, is_trans VARCHAR(1) NOT NULL)`,
	`CREATE TABLE inventories (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, set_num VARCHAR(20) NOT NULL REFERENCES sets (set_num))`,
	`CREATE TABLE inventory_parts (inventory_id INTEGER NOT NULL REFERENCES inventories (id), part_num VARCHAR(20) NOT NULL,
		color_id INTEGER NOT NULL REFERENCES colors (id), quantity INTEGER NOT NULL, is_spare VARCHAR(1) NOT NULL)`,
}

var bricksRows = []string{
	`INSERT INTO themes VALUES (1,'Star Wars',NULL),(2,'Architecture',NULL)`,
	`INSERT INTO sets VALUES ('75159-1','Death Star',2016,1,4016),('75105-1','Millennium Falcon',2015,1,1329),('21036-1','Arc De Triomphe',2017,2,386),
		('10253-1','Big Ben',2016,2,4163),('75144-1','Snowspeeder',2017,1,1703)`,
	`INSERT INTO parts VALUES ('3001','Brick 2 x 4'),('3023','Plate 1 x 2')`,
	`INSERT INTO colors VALUES (1,'Tan','f'),(2,'Black','f'),(3,'Trans-Clear','t'),(4,'Trans-Red','t')`,
	`INSERT INTO inventories VALUES (1,1,'75159-1'),(2,1,'10253-1')`,
	`INSERT INTO inventory_parts VALUES (1,'3001',2,10,'f'),(1,'3023',3,4,'t'),(2,'3001',1,20,'f'),(2,'3023',2,5,'f'),(2,'3024',2,6,'f'),(2,'3004',3,2,'f')`,
}

// TestAToyCataloguesPiecesAreItsParts: "pieces" are parts where the schema names no pieces, so
// "more than 4,000 pieces" and "the most pieces" are a set's num_parts; "released in 2016"
// keeps the sets of that year, the only time a set has; "biggest first" orders by the figure
// compared; "the colour with the most pieces" adds up the quantities of the lines, not the
// sets' num_parts over them, and "how many (spare) pieces" of a set adds up its lines'
// quantities; "transparent" is the flag is_trans.
func TestAToyCataloguesPiecesAreItsParts(t *testing.T) {
	lite, s := sqliteSchema(t, "bricks", bricksDDL, bricksRows)
	checkAnswers(t, lite, s, bricksAnswers)
}

var bricksAnswers = []answer{
	{"How many sets were released in 2016?", []string{"2"}},
	{"List every set with more than 4,000 pieces, biggest first.", []string{"Death Star", "Big Ben"}},
	{"Which set has the most pieces?", []string{"Big Ben"}},
	{"What was the average piece count of the sets released in 2017?", []string{"1044.5"}},
	{"How many colours are transparent?", []string{"2"}},
	{"Which transparent colour has the most pieces?", []string{"Trans-Clear"}},
	{"How many pieces are in the Big Ben set?", []string{"33"}},
	{"How many spare pieces come with the Death Star set?", []string{"4"}},
}

// TestRound41ShapesAnswerAlikeInEveryDialect runs round 41's questions on PostgreSQL and
// MariaDB and compares the rows with SQLite's.
func TestRound41ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "qa", ddl: qaDDL, rows: qaRows, answers: qaAnswers},
		{name: "un", ddl: unDDL, rows: unRows, answers: unAnswers},
		{name: "bricks", ddl: bricksDDL, rows: bricksRows, answers: bricksAnswers},
	})
}
