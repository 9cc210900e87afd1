package offline

import (
	"database/sql"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// benchDatabase returns the database the question set runs on, its schema and a description.
// The demo package (demo.WriteSQLite) is not in the tree yet, so the set runs on the test
// fixture, which has the same tables; switch to the demo data set when it lands.
func benchDatabase(t *testing.T) (*sql.DB, *datasource.Schema, string) {
	db, s := openFixture(t)
	return db, s, "the test fixture (demo package not available yet)"
}
