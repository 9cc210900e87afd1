// Package metrics is what an operator scrapes at GET /metrics (Prometheus text format): HTTP
// requests, questions by engine and outcome with the time of each step, webhook attempts, the
// outbox backlog and the JetStream consumers' pending and redelivered counts.
//
// Counters and histograms are fed by the code that does the work (the API middleware, the query
// runner, the webhook worker); gauges that describe shared state (outbox, consumers) are read
// from the database and the broker at scrape time, so every process reports the same truth.
package metrics

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

const namespace = "analytics"

// Metrics is one process's registry. It is not global: the process wiring creates one and hands
// it to the parts that record into it.
type Metrics struct {
	reg *prometheus.Registry

	httpRequests *prometheus.CounterVec
	httpDuration *prometheus.HistogramVec

	questions    *prometheus.CounterVec
	questionStep *prometheus.HistogramVec
	questionTime *prometheus.HistogramVec

	webhookAttempts *prometheus.CounterVec
	webhookLatency  *prometheus.HistogramVec
}

// New builds a registry with the Go runtime and process collectors.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.httpRequests = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "http_requests_total",
		Help: "HTTP requests by route (the matched pattern, not the raw path), method and status."}, []string{"route", "method", "status"})
	m.httpDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "http_request_duration_seconds",
		Help: "HTTP request latency by route and method.", Buckets: prometheus.DefBuckets}, []string{"route", "method"})
	m.questions = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "questions_total",
		Help: "Questions answered or refused, by engine and outcome (completed, or the failure code)."}, []string{"engine", "outcome"})
	m.questionStep = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "question_step_duration_seconds",
		Help:    "Time of each step of a question: generation (engine), guard, execution (database).",
		Buckets: []float64{.001, .005, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}}, []string{"engine", "step"})
	m.questionTime = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "question_duration_seconds",
		Help:    "Time from a question's start to its answer or refusal, by engine and outcome.",
		Buckets: []float64{.01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 120}}, []string{"engine", "outcome"})
	m.webhookAttempts = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "webhook_attempts_total",
		Help: "Webhook delivery attempts by outcome: succeeded, retrying (failed, another attempt scheduled), failed (retries exhausted), test_succeeded, test_failed."},
		[]string{"outcome"})
	m.webhookLatency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "webhook_attempt_duration_seconds",
		Help: "Webhook attempt latency (request to response) by outcome.", Buckets: prometheus.DefBuckets}, []string{"outcome"})
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpRequests, m.httpDuration, m.questions, m.questionStep, m.questionTime, m.webhookAttempts, m.webhookLatency)
	return m
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Registry is the underlying registry (for tests and extra collectors).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// ObserveHTTP records one request; route is the matched pattern ("" when none matched).
func (m *Metrics) ObserveHTTP(method, route string, status int, d time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	m.httpRequests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.httpDuration.WithLabelValues(route, method).Observe(d.Seconds())
}

// Question is one finished question, as the query runner reports it.
type Question struct {
	Engine, Outcome              string
	Generation, Guard, Execution time.Duration
	Total                        time.Duration
}

// QuestionFinished records a question's outcome and step times (steps not reached are zero and
// not recorded).
func (m *Metrics) QuestionFinished(q Question) {
	if q.Engine == "" {
		q.Engine = "none"
	}
	m.questions.WithLabelValues(q.Engine, q.Outcome).Inc()
	m.questionTime.WithLabelValues(q.Engine, q.Outcome).Observe(q.Total.Seconds())
	for step, d := range map[string]time.Duration{"generation": q.Generation, "guard": q.Guard, "execution": q.Execution} {
		if d > 0 {
			m.questionStep.WithLabelValues(q.Engine, step).Observe(d.Seconds())
		}
	}
}

// WebhookAttempt records one delivery attempt.
func (m *Metrics) WebhookAttempt(outcome string, d time.Duration) {
	m.webhookAttempts.WithLabelValues(outcome).Inc()
	m.webhookLatency.WithLabelValues(outcome).Observe(d.Seconds())
}

// OutboxState reads the outbox: unpublished messages and the oldest one's creation time (zero
// when the backlog is empty).
type OutboxState func(ctx context.Context) (backlog int64, oldest time.Time, err error)

// ConsumerState is one durable consumer's counts, read from the broker.
type ConsumerState struct {
	Stream, Consumer string
	// Pending are messages not yet delivered; AckPending delivered but not acknowledged;
	// Redelivered delivered more than once and still unacknowledged.
	Pending, AckPending, Redelivered uint64
}

// ConsumersState lists the durable consumers' counts.
type ConsumersState func(ctx context.Context) ([]ConsumerState, error)

// WatchState registers gauges read at scrape time. log reports a read that failed (the scrape
// then lacks those series rather than failing).
func (m *Metrics) WatchState(outbox OutboxState, consumers ConsumersState, log *slog.Logger) {
	m.reg.MustRegister(&stateCollector{outbox: outbox, consumers: consumers, log: log})
}

var (
	outboxBacklogDesc = prometheus.NewDesc(namespace+"_outbox_backlog", "Events and commands written but not yet published to the broker.", nil, nil)
	outboxAgeDesc     = prometheus.NewDesc(namespace+"_outbox_oldest_unpublished_age_seconds", "Age of the oldest unpublished outbox message (0 when none).", nil, nil)
	pendingDesc       = prometheus.NewDesc(namespace+"_consumer_pending_messages", "Messages not yet delivered to a durable consumer.", []string{"stream", "consumer"}, nil)
	ackPendingDesc    = prometheus.NewDesc(namespace+"_consumer_ack_pending_messages", "Messages delivered to a consumer and not yet acknowledged.", []string{"stream", "consumer"}, nil)
	redeliveredDesc   = prometheus.NewDesc(namespace+"_consumer_redelivered_messages", "Unacknowledged messages delivered more than once.", []string{"stream", "consumer"}, nil)
)

type stateCollector struct {
	outbox    OutboxState
	consumers ConsumersState
	log       *slog.Logger
}

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxBacklogDesc
	ch <- outboxAgeDesc
	ch <- pendingDesc
	ch <- ackPendingDesc
	ch <- redeliveredDesc
}

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if c.outbox != nil {
		n, oldest, err := c.outbox(ctx)
		if err != nil {
			c.log.Warn("metrics: read outbox", "err", err)
		} else {
			age := 0.0
			if !oldest.IsZero() {
				age = max(0, time.Since(oldest).Seconds())
			}
			ch <- prometheus.MustNewConstMetric(outboxBacklogDesc, prometheus.GaugeValue, float64(n))
			ch <- prometheus.MustNewConstMetric(outboxAgeDesc, prometheus.GaugeValue, age)
		}
	}
	if c.consumers != nil {
		list, err := c.consumers(ctx)
		if err != nil {
			c.log.Warn("metrics: read consumers", "err", err)
		}
		for _, s := range list {
			ch <- prometheus.MustNewConstMetric(pendingDesc, prometheus.GaugeValue, float64(s.Pending), s.Stream, s.Consumer)
			ch <- prometheus.MustNewConstMetric(ackPendingDesc, prometheus.GaugeValue, float64(s.AckPending), s.Stream, s.Consumer)
			ch <- prometheus.MustNewConstMetric(redeliveredDesc, prometheus.GaugeValue, float64(s.Redelivered), s.Stream, s.Consumer)
		}
	}
}
