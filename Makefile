# The two commands a newcomer needs: `make run` and `make test`.
GO ?= go
BIN := bin/analytics
export PATH := $(PATH):/usr/local/go/bin

.PHONY: build run test test-short vet fmt bench-nlq bench-queries bench-webhooks clean

build:
	$(GO) build -o $(BIN) ./cmd/analytics

# Everything in one process: embedded NATS JetStream and SQLite in ./data, demo organization seeded.
# ANALYTICS_* variables are honoured, e.g. ANALYTICS_ADDR=127.0.0.1:9000 make run
run: build
	ANALYTICS_DEMO=$${ANALYTICS_DEMO:-true} ./$(BIN) serve

# Unit and integration tests against SQLite, plus PostgreSQL when TEST_DATABASE_URL is set and
# MariaDB when TEST_MYSQL_DSN is set (.ci/run sets both).
test:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m ./...

test-short:
	$(GO) test -count=1 -short ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin
