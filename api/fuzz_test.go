package api_test

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

// hostileValues are what an attacker puts in a JSON field: NUL bytes, strings over every limit,
// wrong types, deep nesting, unicode oddities and numbers no integer holds.
var hostileValues = map[string]string{
	"nul":            `"a\u0000b"`,
	"only nul":       `"\u0000"`,
	"long string":    `"` + strings.Repeat("x", 300_000) + `"`,
	"long unicode":   `"` + strings.Repeat("é", 3000) + `"`,
	"unicode odds":   `"\u202e\ufeff\u200b𝕏\ud83d\ude00 ﷽ \u0301"`,
	"lone surrogate": `"\ud800"`,
	"huge number":    `1e400`,
	"big integer":    `99999999999999999999999999`,
	"negative":       `-1`,
	"float":          `1.5`,
	"boolean":        `true`,
	"null":           `null`,
	"object":         `{"a":{"b":[1,"\u0000"]}}`,
	"array":          `["a\u0000", 1, null, {}]`,
	"long array":     `[` + strings.TrimSuffix(strings.Repeat(`"x",`, 5000), ",") + `]`,
	"deep nesting":   strings.Repeat("[", 20000) + strings.Repeat("]", 20000),
	"other org id":   `"%OTHER%"`,
}

// hostileBodies replace the whole body.
var hostileBodies = map[string]string{
	"array":        `[]`,
	"null":         `null`,
	"string":       `"x"`,
	"number":       `12`,
	"truncated":    `{"a":`,
	"invalid utf8": "{\"name\":\"\xff\xfe\"}",
	"deep nesting": strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000),
	"nul key":      `{"\u0000":"x"}`,
	"too large":    `{"a":"` + strings.Repeat("x", 2<<20) + `"}`,
}

// hostileParams are path and query parameter values.
var hostileParams = map[string]string{
	"nul":          "%00",
	"nul inside":   "abc%00def",
	"long":         strings.Repeat("a", 5000),
	"invalid utf8": "%FF%FE",
	"unicode odds": "%E2%80%AE%EF%BB%BF%F0%9D%95%8F",
	"traversal":    "..%2F..%2Fetc%2Fpasswd",
	"negative":     "-1",
	"huge":         "99999999999999999999999999",
	"sql":          "x'%20OR%20'1'%3D'1",
}

// TestEveryEndpointAnswersHostileInputWithoutA500 walks every documented operation and sends it
// hostile bodies, path ids and query parameters, as an authenticated admin of one organization
// holding ids of another. No answer may be a 500, and every error has the spec's body.
func TestEveryEndpointAnswersHostileInputWithoutA500(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		doc := fetchOpenAPI(t, s)
		ops := documentedOperations(t, doc)

		other := s.Register(t)
		otherIDs := otherOrgFixture(t, s, other)
		me := s.Register(t)
		token := me.Token

		keys := make([]string, 0, len(ops))
		for k := range ops {
			keys = append(keys, k)
		}
		// Sessions end last, so that the rest runs with a live token.
		sort.Slice(keys, func(i, j int) bool {
			li, lj := strings.Contains(keys[i], "/auth/logout"), strings.Contains(keys[j], "/auth/logout")
			if li != lj {
				return lj
			}
			return keys[i] < keys[j]
		})
		requests := 0
		send := func(op, method, path string, body any) {
			t.Helper()
			r := s.Do(method, path, token, body)
			requests++
			checkHostileAnswer(t, op, path, body, r)
			if r.Status == 401 && r.ErrorCode() == "unauthorized" {
				token = s.Login(t, me.Email, me.Password) // logout or refresh revoked it
			}
		}
		for _, key := range keys {
			method, docPath, _ := strings.Cut(key, " ")
			o := ops[key]
			params := pathParams(docPath)
			concrete := docPath
			for _, p := range params {
				concrete = strings.ReplaceAll(concrete, "{"+p+"}", otherIDs[p])
			}
			// Another organization's ids.
			send(key, method, concrete, jsonBodyFor(doc, o, ""))
			// Hostile path ids, one parameter at a time.
			for _, p := range params {
				for _, v := range sortedKeys(hostileParams) {
					path := strings.ReplaceAll(docPath, "{"+p+"}", hostileParams[v])
					for _, q := range params {
						path = strings.ReplaceAll(path, "{"+q+"}", otherIDs[q])
					}
					send(key+" path "+p+"="+v, method, path, nil)
				}
			}
			// Hostile query parameters: the documented ones and an undocumented one.
			for _, q := range append(queryParams(doc, o), "unexpected") {
				for _, v := range sortedKeys(hostileParams) {
					send(key+" query "+q+"="+v, method, concrete+"?"+url.QueryEscape(q)+"="+hostileParams[v], nil)
				}
			}
			if method == "GET" || method == "DELETE" {
				continue
			}
			for _, name := range sortedKeys(hostileBodies) {
				send(key+" body "+name, method, concrete, []byte(hostileBodies[name]))
			}
			for _, field := range bodyFields(doc, o) {
				for _, name := range sortedKeys(hostileValues) {
					v := strings.ReplaceAll(hostileValues[name], "%OTHER%", otherIDs["any"])
					send(key+" field "+field+"="+name, method, concrete, []byte(jsonBodyFor(doc, o, field)+v+"}"))
				}
			}
		}
		t.Logf("%d hostile requests, none answered 500", requests)
	})
}

// checkHostileAnswer fails on a 500 and on an error without the spec's error body.
func checkHostileAnswer(t *testing.T, op, path string, body any, r *apptest.Response) {
	t.Helper()
	if r.Status >= 500 {
		t.Errorf("%s: %d %s", op, r.Status, truncate(string(r.Raw)))
		return
	}
	if r.Status < 400 {
		return
	}
	e, ok := r.Body["error"].(map[string]any)
	if !ok {
		t.Errorf("%s: %d without an error body: %s", op, r.Status, truncate(string(r.Raw)))
		return
	}
	if c, _ := e["code"].(string); c == "" {
		t.Errorf("%s: error without code: %s", op, truncate(string(r.Raw)))
	}
	if m, _ := e["message"].(string); m == "" {
		t.Errorf("%s: error without message: %s", op, truncate(string(r.Raw)))
	}
	if _, ok := e["details"].(map[string]any); !ok {
		t.Errorf("%s: error without details object: %s", op, truncate(string(r.Raw)))
	}
	if r.Status == 400 && r.ErrorCode() == "invalid_request" {
		if d, _ := e["details"].(map[string]any); d["field"] == nil && d["user_id"] == nil && d["agent_id"] == nil {
			t.Errorf("%s: invalid_request without details.field: %s", op, truncate(string(r.Raw)))
		}
	}
}

func truncate(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func pathParams(p string) []string {
	var out []string
	for _, m := range serverVariable.FindAllStringSubmatch(p, -1) {
		out = append(out, m[1])
	}
	return out
}

func queryParams(doc openAPIDoc, o map[string]any) []string {
	var out []string
	list, _ := o["parameters"].([]any)
	for _, p := range list {
		pm := doc.deref(p)
		if pm["in"] == "query" {
			if n, ok := pm["name"].(string); ok {
				out = append(out, n)
			}
		}
	}
	return out
}

// requestSchema is the JSON schema of an operation's body (nil if it has none).
func requestSchema(doc openAPIDoc, o map[string]any) map[string]any {
	rb := doc.deref(o["requestBody"])
	content, _ := rb["content"].(map[string]any)
	media, _ := content["application/json"].(map[string]any)
	return doc.deref(media["schema"])
}

func bodyFields(doc openAPIDoc, o map[string]any) []string {
	props, _ := requestSchema(doc, o)["properties"].(map[string]any)
	return sortedKeys(props)
}

// jsonBodyFor is a body with plausible values for every documented field but hole (which the
// caller appends, followed by "}"); with hole "" it is a complete body.
func jsonBodyFor(doc openAPIDoc, o map[string]any, hole string) string {
	var b strings.Builder
	b.WriteString("{")
	for _, f := range bodyFields(doc, o) {
		if f == hole {
			continue
		}
		fmt.Fprintf(&b, "%q:%q,", f, "plausible")
	}
	if hole == "" {
		return strings.TrimSuffix(b.String(), ",") + "}"
	}
	fmt.Fprintf(&b, "%q:", hole)
	return b.String()
}

// otherOrgFixture makes resources in another organization and maps path parameter names to
// their ids.
func otherOrgFixture(t *testing.T, s *apptest.Service, a apptest.Account) map[string]string {
	t.Helper()
	path := seedShop(t, s, a.OrgID, "fuzz-other.db")
	ds := s.Do("POST", "/v1/data-sources", a.Token, map[string]any{"name": "Other", "type": "sqlite", "path": path}).Expect(t, 201)
	s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/refresh-schema", a.Token, nil).Expect(t, 200)
	ag := s.Do("POST", "/v1/agents", a.Token, map[string]any{"name": "Other", "agent_type": "general_data",
		"data_source_id": ds.String("id"), "allowed_tables": []string{"orders"}}).Expect(t, 201)
	wh := s.Do("POST", "/v1/api/webhooks", a.Token, map[string]any{"url": s.URL + "/healthz", "events": []string{"query.completed"}}).Expect(t, 201)
	key := s.Do("POST", "/v1/auth/api-keys", a.Token, map[string]any{"name": "other"}).Expect(t, 201)
	return map[string]string{
		"ds_id": ds.String("id"), "agent_id": ag.String("id"), "webhook_id": wh.String("id"),
		"key_id": key.String("id"), "user_id": a.UserID, "query_id": "qry_0000000000000000000000",
		"delivery_id": "dlv_0000000000000000000000", "any": ag.String("id"),
	}
}
