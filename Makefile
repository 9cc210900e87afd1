# The two commands a newcomer needs: `make run` and `make test`.
GO ?= go
BIN := bin/analytics
export PATH := $(PATH):/usr/local/go/bin

.PHONY: build run test test-short vet fmt bench-nlq bench-queries bench-webhooks clean

build:
	$(GO) build -o $(BIN) ./cmd/analytics

# Everything in one process: embedded NATS JetStream and SQLite in ./data, demo organization seeded.
# Data sources may reach databases on this machine and its network (never the service's own).
# ANALYTICS_* variables are honoured, e.g. ANALYTICS_ADDR=127.0.0.1:9000 make run
run: build
	ANALYTICS_DEMO=$${ANALYTICS_DEMO:-true} ANALYTICS_DATASOURCE_ALLOW_PRIVATE=$${ANALYTICS_DATASOURCE_ALLOW_PRIVATE:-true} ./$(BIN) serve

# Unit and integration tests against SQLite, plus PostgreSQL when TEST_DATABASE_URL is set and
# MariaDB when TEST_MYSQL_DSN is set (.ci/run sets both).
test:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m ./...

test-short:
	$(GO) test -count=1 -short ./...

# Question set over the demo data (accuracy per kind of question), then the three authored
# evaluation databases per database and category: right, wrong (silently), refused. The
# held-out batches are scored with NLQ_HELDOUT=1 to 9 (the first to ninth batch) or dev7/dev8/dev9 (see docs/nlq.md).
bench-nlq:
	$(GO) test -count=1 -run 'TestQuestionSet|TestEvalSets' -v ./nlq/offline/ | grep -v '^=== RUN'

# Concurrent POST /v1/queries against the embedded default: N1 (300) questions at 1 client, then
# N (2000) at C (16) clients; guard p50, p50 except execution, throughput vs the execution-bound
# limit. BENCH_STORE=postgres runs the same process on PostgreSQL (TEST_DATABASE_URL) and an external
# NATS; bench-queries-cluster prints the same table for the production topology.
bench-queries:
	BENCH_QUERIES=1 $(GO) test -count=1 -run TestBenchQueries -v -timeout 30m ./workers/query/ | grep -v '^=== RUN'

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin

# Webhook delivery throughput and latency with PostgreSQL as the store (a fresh database on the
# TEST_DATABASE_URL server). N events, optionally at RATE events/s: N=10000 make bench-webhooks
bench-webhooks:
	@TEST_DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable} \
	N=$${N:-1000} RATE=$${RATE:-0} $(GO) test -tags bench -run '^TestBenchWebhooks$$' -count=1 -timeout 60m -v ./workers/webhook/ \
	| grep -E '^\||^(ok|FAIL|---)|_test.go'

# Console (browser UI): the browser tests against Debian's Chromium, and the screenshots in
# docs/screenshots rewritten by them.
test-browser:
	$(GO) test -count=1 -run TestConsoleInABrowser -v ./web/console/

.PHONY: test-browser screenshots
screenshots:
	UPDATE_SCREENSHOTS=1 $(GO) test -count=1 -run TestConsoleInABrowser ./web/console/

# Templates and schedules
.PHONY: bench-schedules
bench-schedules: ## 10,000 schedules due at once, 2 worker processes, PostgreSQL (needs TEST_DATABASE_URL)
	@TEST_DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable} \
	BENCH_SCHEDULES=$${BENCH_SCHEDULES:-10000} $(GO) test -count=1 -timeout 30m -run TestBenchSchedules ./workers/schedule/ -v | grep -E '^(bench-schedules|  ran|--- |ok|FAIL)'

# Billing (docs/billing.md). Metering: N query.completed events (default 100,000) counted into
# PostgreSQL, then the same events redelivered; prints events/s and the final count.
bench-metering:
	@TEST_DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable} \
	N=$${N:-100000} $(GO) test -tags bench -run '^TestBenchMetering$$' -count=1 -timeout 60m -v ./workers/metering/ \
	| grep -E '^\||^(ok|FAIL|---)|_test.go'

# Rate limiter: p50/p99 it adds per request, and exactness with two API processes on PostgreSQL.
bench-ratelimit:
	@TEST_DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable} \
	N=$${N:-5000} $(GO) test -tags bench -run '^TestBenchRateLimit$$' -count=1 -timeout 30m -v ./api/ \
	| grep -E '^\||^(ok|FAIL|---)|_test.go'
# --- Production topology from local processes, fault tests, soak (issue 13; deploy/localcluster) ---
# make cluster: PostgreSQL (a fresh database on 127.0.0.1:5432, or CLUSTER_PG=private for an own
# instance), 3 NATS nodes from nats.conf (streams at 3 replicas), 2 APIs, 2 workers and a load
# balancer on http://127.0.0.1:18080. Ports, logs and pids: see docs/operations.md.
.PHONY: cluster cluster-down cluster-status test-chaos soak bench-queries-cluster
cluster:
	$(GO) run ./cmd/cluster up

cluster-down:
	$(GO) run ./cmd/cluster down

cluster-status:
	$(GO) run ./cmd/cluster status

# Every fault of docs/operations.md against its own cluster (private PostgreSQL, own ports).
# CHAOS_NATS_OUTAGE (default 60s) is how long all NATS nodes stay down. Takes about 15 minutes.
test-chaos:
	$(GO) test -tags chaos -count=1 -timeout 60m -v -run 'TestFaults' ./chaos/

# Steady mixed load through the load balancer: DURATION=30m make soak (default 5m). No pipe into
# grep here and above: the exit status must be the test's.
soak:
	SOAK_DURATION=$${DURATION:-5m} $(GO) test -tags chaos -count=1 -timeout 0 -v -run 'TestSoak' ./chaos/

# make bench-queries on the production topology (PostgreSQL store, 3-node NATS, load balancer).
bench-queries-cluster:
	$(GO) test -tags chaos -count=1 -timeout 30m -v -run 'TestBenchCluster' ./chaos/
