package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
)

// doneWatcher lets a request wait for its query to finish.
type doneWatcher interface {
	Watch(queryID string) (<-chan struct{}, func(), error)
}

type queryHandlers struct {
	st      *store.Store
	watcher doneWatcher
	billing *billing.Service
	// local, when this process also runs the query worker, answers accepted questions here
	// instead of through the broker (nil otherwise).
	local *queries.Local
	// agents serves the agent of each question from a copy of the request's access epoch.
	agents *agents.Cache
}

func registerQueries(authed *gin.RouterGroup, h *queryHandlers) {
	authed.POST("/queries", wrap(h.create))
	authed.GET("/queries", wrap(h.list))
	authed.GET("/queries/:query_id", wrap(h.get))
}

// answerAheadWait bounds how long an accepted question waits unstored for its answer (see
// queries.Claim.Answered): long enough for the statements most questions run, short enough that
// a slow one shows in the history as running almost at once.
const answerAheadWait = 250 * time.Millisecond

// failureStatus is the HTTP status of a failed query's answer.
var failureStatus = map[string]int{
	queries.CodeNotUnderstood:      http.StatusUnprocessableEntity,
	queries.CodeRejected:           http.StatusUnprocessableEntity,
	queries.CodeColumnNotPermitted: http.StatusUnprocessableEntity,
	queries.CodeTimeout:            http.StatusGatewayTimeout,
	queries.CodeUnavailable:        http.StatusBadGateway,
	queries.CodeEngine:             http.StatusBadGateway,
	queries.CodeInvalidSource:      http.StatusBadRequest,
	queries.CodeAgentInactive:      http.StatusConflict,
	queries.CodeExecution:          http.StatusUnprocessableEntity,
}

func (h *queryHandlers) create(c *gin.Context) error {
	var in struct {
		Question     string `json:"question" limit:"2000"`
		AgentID      string `json:"agent_id"`
		IncludeSQL   *bool  `json:"include_sql"`
		IncludeChart *bool  `json:"include_chart"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("question", in.Question); err != nil {
		return err
	}
	if len(in.Question) > 2000 {
		return invalidField("question", "question is limited to 2,000 characters")
	}
	if err := required("agent_id", in.AgentID); err != nil {
		return err
	}
	p := principal(c)
	if p.User.Role == store.RoleViewer {
		return forbidden(store.RoleAnalyst)
	}
	var agentsOf agentReader = h.st
	if epoch, ok := store.AccessEpochOf(c.Request.Context(), p.OrgID()); ok {
		agentsOf = h.agents.At(epoch)
	}
	a, err := loadVisibleAgent(c, agentsOf, in.AgentID)
	var apiErr *Error
	if errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound {
		return Errorf(http.StatusBadRequest, "invalid_request", "agent %q does not exist in your organization", in.AgentID).With("agent_id", in.AgentID)
	}
	if err != nil {
		return err
	}
	if !a.IsActive {
		return Errorf(http.StatusBadRequest, "invalid_request", "agent %s is inactive; activate it first", a.ID).With("agent_id", a.ID)
	}
	q := &store.Query{ID: ids.New(ids.Query), OrganizationID: p.OrgID(), AgentID: a.ID, UserID: p.User.ID,
		Question: strings.TrimSpace(in.Question), Status: store.QueryPending, IncludeSQL: in.IncludeSQL == nil || *in.IncludeSQL,
		IncludeChart: in.IncludeChart == nil || *in.IncludeChart, CreatedAt: time.Now().UTC()}
	cmd, err := events.NewCommand(q.OrganizationID, queries.RunCommand, queries.RunRequest{QueryID: q.ID})
	if err != nil {
		return err
	}
	// The question counts against the monthly quota when it is accepted (exact across
	// processes), in the transaction that accepts it; past it the answer is 429 quota_exceeded.
	quota, err := h.billing.NewReservation(c.Request.Context(), q.OrganizationID)
	if err != nil {
		return err
	}
	cmd = events.WithTrace(c.Request.Context(), cmd)
	async, wait := prefer(c)
	var done <-chan struct{}
	claim := h.local.Claim()
	started := false
	var startedEv store.OutboxMessage
	if claim != nil {
		if async {
			// Answered 202 pending at once (DECISIONS.md); the run marks it running.
			claim.Hold(&cmd)
		} else if startedEv, err = claim.Accept(c.Request.Context(), q, a, &cmd); err != nil {
			claim.Release()
			return err
		}
		defer func() {
			if !started {
				claim.Release()
			}
		}()
	} else if !async {
		// Subscribe before the command can run, so the notification cannot be missed.
		ch, stop, err := h.watcher.Watch(q.ID)
		if err == nil {
			defer stop()
			done = ch
		}
	}
	// A question answered within answerAheadWait is stored once, answered; a slower one is
	// stored running first, so that it shows in the history while it runs.
	var ready *queries.Outcome
	if startedEv.ID != "" {
		if ready = claim.Answered(c.Request.Context(), q, a, min(wait, answerAheadWait)); ready != nil {
			ready.Apply(q)
		}
	}
	err = h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
		if err := quota.Reserve(c.Request.Context(), tx); err != nil {
			return err
		}
		if err := tx.CreateQuery(c.Request.Context(), q); err != nil {
			return err
		}
		switch {
		case ready != nil:
			return tx.Emit(c.Request.Context(), startedEv, ready.Event())
		case startedEv.ID != "":
			return tx.Emit(c.Request.Context(), cmd, startedEv)
		}
		return tx.Emit(c.Request.Context(), cmd)
	})
	quota.Done(c.Request.Context(), err == nil)
	if err != nil {
		return err
	}
	if ready != nil {
		started = true
		claim.Stored(ready)
		if q.Status == store.QueryCompleted {
			c.JSON(http.StatusOK, queryBody(q))
			return nil
		}
		return queryFailure(q)
	}
	var answered *store.Query
	if claim != nil {
		// The run writes its answer into its own copy, which this request reads only once
		// the run is over.
		run := *q
		answered, started = &run, true
		done = claim.Start(c.Request.Context(), answered, a, cmd.ID)
	}
	if !async {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		poll := time.NewTicker(time.Second)
		defer poll.Stop()
	waiting:
		for {
			select {
			case <-done:
				break waiting
			case <-timer.C:
				break waiting
			case <-c.Request.Context().Done():
				return nil
			case <-poll.C:
				// A worker in another process announces on core NATS; if that message is lost
				// (reconnect), the database still tells.
				cur, err := h.st.Query(c.Request.Context(), q.OrganizationID, q.ID)
				if err == nil && (cur.Status == store.QueryCompleted || cur.Status == store.QueryFailed) {
					break waiting
				}
			}
		}
		cur := answered
		if claim == nil || !finished(done) {
			// Answered through the broker, or not yet: the database tells.
			if cur, err = h.st.Query(c.Request.Context(), q.OrganizationID, q.ID); err != nil {
				return err
			}
		}
		switch cur.Status {
		case store.QueryCompleted:
			c.JSON(http.StatusOK, queryBody(cur))
			return nil
		case store.QueryFailed:
			return queryFailure(cur)
		}
		q = cur
	}
	c.Header("Location", "/v1/queries/"+q.ID)
	c.JSON(http.StatusAccepted, gin.H{"id": q.ID, "status": q.Status, "question": q.Question, "agent_id": q.AgentID, "created_at": ts(q.CreatedAt)})
	return nil
}

// finished reports whether done is closed.
func finished(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// queryFailure is the error answer of a failed query.
func queryFailure(q *store.Query) *Error {
	status, ok := failureStatus[q.ErrorCode]
	if !ok {
		status = http.StatusUnprocessableEntity
	}
	e := Errorf(status, q.ErrorCode, "%s", q.ErrorMessage).With("query_id", q.ID)
	var details map[string]any
	if json.Unmarshal([]byte(q.ErrorDetails), &details) == nil {
		for k, v := range details {
			e = e.With(k, v)
		}
	}
	if q.IncludeSQL && q.SQLText != "" {
		e = e.With("sql", q.SQLText)
	}
	return e
}

// queryBody is a query with its result, as POST answers it and GET reads it.
func queryBody(q *store.Query) gin.H {
	body := gin.H{"id": q.ID, "question": q.Question, "agent_id": q.AgentID, "user_id": q.UserID, "status": q.Status,
		"created_at": ts(q.CreatedAt), "completed_at": tsPtr(q.CompletedAt)}
	switch q.Status {
	case store.QueryCompleted:
		// The rows are stored as JSON and sent as they are, never decoded again.
		var columns []map[string]any
		_ = json.Unmarshal([]byte(q.ColumnsJSON), &columns)
		body["results"] = json.RawMessage(nonEmpty(q.ResultsJSON, "[]"))
		body["columns"] = columns
		body["row_count"] = q.RowCount
		body["truncated"] = q.Truncated
		body["execution_time"] = q.ExecutionTime
		body["explanation"] = q.Explanation
		if q.TemplateID != "" {
			body["template_id"] = q.TemplateID
		}
		body["timings"] = gin.H{"generation": q.GenerationMS / 1000, "guard": q.GuardMS / 1000, "execution": q.ExecutionMS / 1000}
		if q.IncludeSQL {
			body["sql"] = q.SQLText
		}
		if q.IncludeChart && q.ChartJSON != "" {
			body["chart"] = json.RawMessage(q.ChartJSON)
		}
	case store.QueryFailed:
		var details map[string]any
		_ = json.Unmarshal([]byte(q.ErrorDetails), &details)
		if details == nil {
			details = map[string]any{}
		}
		body["error"] = gin.H{"code": q.ErrorCode, "message": q.ErrorMessage, "details": details}
		body["execution_time"] = q.ExecutionTime
		if q.IncludeSQL && q.SQLText != "" {
			body["sql"] = q.SQLText
		}
	}
	return body
}

func nonEmpty(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// loadQuery reads a query the caller may see: admins see the organization's, others their own.
func (h *queryHandlers) loadQuery(c *gin.Context) (*store.Query, error) {
	p := principal(c)
	id := c.Param("query_id")
	q, err := h.st.Query(c.Request.Context(), p.OrgID(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && p.User.Role != store.RoleAdmin && q.UserID != p.User.ID) {
		return nil, notFound("query", id)
	}
	return q, err
}

func (h *queryHandlers) get(c *gin.Context) error {
	q, err := h.loadQuery(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, queryBody(q))
	return nil
}

var queryStatuses = map[string]bool{store.QueryPending: true, store.QueryRunning: true, store.QueryCompleted: true, store.QueryFailed: true}

func (h *queryHandlers) list(c *gin.Context) error {
	limit, offset, err := paging(c)
	if err != nil {
		return err
	}
	p := principal(c)
	f := store.QueryFilter{AgentID: c.Query("agent_id"), Status: c.Query("status"), Limit: limit, Offset: offset}
	if f.Status != "" && !queryStatuses[f.Status] {
		return invalidField("status", "status must be pending, running, completed or failed")
	}
	if p.User.Role == store.RoleAdmin {
		f.UserID = c.Query("user_id")
	} else {
		f.UserID = p.User.ID
	}
	list, total, err := h.st.Queries(c.Request.Context(), p.OrgID(), f)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for _, q := range list {
		item := gin.H{"id": q.ID, "question": q.Question, "created_at": ts(q.CreatedAt), "status": q.Status, "agent_id": q.AgentID,
			"user_id": q.UserID, "row_count": q.RowCount, "execution_time": q.ExecutionTime}
		if q.Status == store.QueryFailed {
			item["error_code"] = q.ErrorCode
		}
		out = append(out, item)
	}
	c.JSON(http.StatusOK, gin.H{"queries": out, "total": total, "page": offset/limit + 1, "limit": limit, "offset": offset})
	return nil
}
