package api_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/analytics-agent/service/api"
	"github.com/analytics-agent/service/apptest"
)

// openAPIDoc is the served document, decoded loosely so the test can walk any part of it.
type openAPIDoc map[string]any

var httpMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// fetchOpenAPI reads GET /v1/openapi.json without a credential.
func fetchOpenAPI(t *testing.T, s *apptest.Service) openAPIDoc {
	t.Helper()
	r := s.Do("GET", "/v1/openapi.json", "", nil).Expect(t, 200)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	if r.Header.Get("X-Request-Id") == "" {
		t.Error("the document's answer lacks X-Request-Id")
	}
	var doc openAPIDoc
	if err := json.Unmarshal(r.Raw, &doc); err != nil {
		t.Fatalf("the document is not valid JSON: %v", err)
	}
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.1") {
		t.Fatalf("openapi = %q, want 3.1.x", v)
	}
	return doc
}

// pointer resolves a local JSON pointer such as #/components/schemas/Error.
func (d openAPIDoc) pointer(ref string) (any, bool) {
	if !strings.HasPrefix(ref, "#/") {
		return nil, false
	}
	var cur any = map[string]any(d)
	for _, part := range strings.Split(ref[2:], "/") {
		part = strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[part]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// deref follows $ref (of responses and parameters) to the referenced object.
func (d openAPIDoc) deref(v any) map[string]any {
	m, _ := v.(map[string]any)
	for range 10 {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		target, _ := d.pointer(ref)
		m, _ = target.(map[string]any)
	}
	return m
}

var serverVariable = regexp.MustCompile(`\{([^}]+)\}`)

// basePaths are the URL paths of a list of server objects, variables at their defaults.
func basePaths(t *testing.T, servers []any) []string {
	var out []string
	for _, sv := range servers {
		s, _ := sv.(map[string]any)
		raw, _ := s["url"].(string)
		vars, _ := s["variables"].(map[string]any)
		expanded := serverVariable.ReplaceAllStringFunc(raw, func(m string) string {
			v, _ := vars[m[1:len(m)-1]].(map[string]any)
			def, _ := v["default"].(string)
			return def
		})
		u, err := url.Parse(expanded)
		if err != nil || u.Host == "" {
			t.Errorf("server url %q expands to %q, not an absolute URL", raw, expanded)
			continue
		}
		out = append(out, strings.TrimSuffix(u.Path, "/"))
	}
	return out
}

// documentedOperations maps "METHOD /full/path" (the path as the router sees it, server base
// path included) to the operation object.
func documentedOperations(t *testing.T, doc openAPIDoc) map[string]map[string]any {
	t.Helper()
	rootServers, _ := doc["servers"].([]any)
	if len(rootServers) == 0 {
		t.Fatal("the document has no servers")
	}
	if bases := basePaths(t, rootServers); len(bases) == 0 || bases[0] != "/v1" {
		t.Errorf("the first server must be {base_url} ending in /v1; its path is %v", bases)
	}
	paths, _ := doc["paths"].(map[string]any)
	out := map[string]map[string]any{}
	for p, item := range paths {
		pi, _ := item.(map[string]any)
		servers := rootServers
		if own, ok := pi["servers"].([]any); ok {
			servers = own
		}
		for _, base := range basePaths(t, servers) {
			for _, m := range httpMethods {
				o, ok := pi[m].(map[string]any)
				if !ok {
					continue
				}
				key := strings.ToUpper(m) + " " + base + p
				if _, dup := out[key]; dup {
					t.Errorf("%s is documented twice", key)
				}
				out[key] = o
			}
		}
	}
	return out
}

var ginParam = regexp.MustCompile(`[:*]([A-Za-z0-9_]+)`)

// TestOpenAPI checks the served document against the router: every route documented, no
// documented operation that is not routed, references that resolve, errors that use the one
// Error schema, and response bodies of a real session that match the documented schemas.
func TestOpenAPI(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	doc := fetchOpenAPI(t, s)
	ops := documentedOperations(t, doc)

	routes := api.Routes(s.App.Handler())
	if len(routes) == 0 {
		t.Fatal("api.Routes found no routes")
	}
	routed := map[string]bool{}
	var missing []string
	for _, r := range routes {
		key := r.Method + " " + ginParam.ReplaceAllString(r.Path, "{$1}")
		routed[key] = true
		if _, ok := ops[key]; !ok {
			missing = append(missing, key)
		}
	}
	var phantom []string
	for key := range ops {
		if !routed[key] {
			phantom = append(phantom, key)
		}
	}
	sort.Strings(missing)
	sort.Strings(phantom)
	if len(missing) > 0 {
		t.Errorf("%d routed endpoint(s) missing from api/openapi.json:\n  %s", len(missing), strings.Join(missing, "\n  "))
	}
	if len(phantom) > 0 {
		t.Errorf("%d documented endpoint(s) that are not routed:\n  %s", len(phantom), strings.Join(phantom, "\n  "))
	}

	t.Run("references", func(t *testing.T) { checkRefs(t, doc, doc, "#") })
	t.Run("operations", func(t *testing.T) { checkOperations(t, doc, ops) })
	t.Run("authentication", func(t *testing.T) { checkAuthentication(t, s, doc, ops) })
	t.Run("bodies", func(t *testing.T) { checkBodies(t, s, doc) })
}

// checkRefs reports every local $ref that does not resolve.
func checkRefs(t *testing.T, doc openAPIDoc, v any, at string) {
	switch x := v.(type) {
	case map[string]any:
		if ref, ok := x["$ref"].(string); ok {
			if _, found := doc.pointer(ref); !found {
				t.Errorf("%s: $ref %q does not resolve", at, ref)
			}
		}
		for k, c := range x {
			checkRefs(t, doc, c, at+"/"+k)
		}
	case []any:
		for i, c := range x {
			checkRefs(t, doc, c, at+"/"+strconv.Itoa(i))
		}
	}
}

// refersTo reports whether v contains {"$ref": ref}.
func refersTo(v any, ref string) bool {
	switch x := v.(type) {
	case map[string]any:
		if x["$ref"] == ref {
			return true
		}
		for _, c := range x {
			if refersTo(c, ref) {
				return true
			}
		}
	case []any:
		for _, c := range x {
			if refersTo(c, ref) {
				return true
			}
		}
	}
	return false
}

func isPublic(o map[string]any) bool {
	sec, ok := o["security"].([]any)
	return ok && len(sec) == 0
}

// checkOperations: unique operation ids, a success answer, X-Request-Id on every answer, the
// Error schema on every error answer, 401 on every authenticated operation.
func checkOperations(t *testing.T, doc openAPIDoc, ops map[string]map[string]any) {
	ids := map[string]string{}
	for key, o := range ops {
		id, _ := o["operationId"].(string)
		if id == "" {
			t.Errorf("%s has no operationId", key)
		} else if other, dup := ids[id]; dup && !sameOperation(other, key) {
			t.Errorf("operationId %q is used by %s and %s", id, other, key)
		}
		ids[id] = key
		responses, _ := o["responses"].(map[string]any)
		success := false
		for status, r := range responses {
			resp := doc.deref(r)
			if headers, _ := resp["headers"].(map[string]any); headers["X-Request-Id"] == nil {
				t.Errorf("%s %s: no X-Request-Id header", key, status)
			}
			code, _ := strconv.Atoi(status)
			switch {
			case code >= 200 && code < 300:
				success = true
			case code >= 400:
				content, _ := resp["content"].(map[string]any)
				if !refersTo(content["application/json"], "#/components/schemas/Error") {
					t.Errorf("%s %s: the error answer does not use #/components/schemas/Error", key, status)
				}
				if code == 429 {
					if headers, _ := resp["headers"].(map[string]any); headers["Retry-After"] == nil {
						t.Errorf("%s 429: no Retry-After header", key)
					}
				}
			}
		}
		if !success {
			t.Errorf("%s documents no success answer", key)
		}
		if !isPublic(o) && responses["401"] == nil {
			t.Errorf("%s needs a credential but does not document 401", key)
		}
	}
}

// sameOperation: the webhook paths are one operation served under two prefixes.
func sameOperation(a, b string) bool {
	return strings.Replace(a, "/v1/api/", "/api/", 1) == strings.Replace(b, "/v1/api/", "/api/", 1)
}

// checkAuthentication calls every documented operation without a credential: the ones that
// need one must answer 401 unauthorized, the public ones anything but 401.
func checkAuthentication(t *testing.T, s *apptest.Service, doc openAPIDoc, ops map[string]map[string]any) {
	keys := make([]string, 0, len(ops))
	for k := range ops {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	param := regexp.MustCompile(`\{[^}]+\}`)
	for _, key := range keys {
		method, path, _ := strings.Cut(key, " ")
		path = param.ReplaceAllString(path, "x_unknown")
		var body any
		if method == "POST" || method == "PATCH" {
			body = map[string]any{}
		}
		r := s.Do(method, path, "", body)
		if isPublic(ops[key]) {
			if r.Status == 401 || r.Status >= 500 {
				t.Errorf("%s is documented as public but answers %d: %s", key, r.Status, r.Raw)
			}
			continue
		}
		if r.Status != 401 || r.ErrorCode() != "unauthorized" {
			t.Errorf("%s without a credential: %d %s, want 401 unauthorized", key, r.Status, r.Raw)
		}
	}
}

// checkBodies runs a short session through the main resources and checks each answer against
// the schema the document gives for that operation and status.
func checkBodies(t *testing.T, s *apptest.Service, doc openAPIDoc) {
	check := func(method, docPath string, r *apptest.Response) *apptest.Response {
		t.Helper()
		checkAnswer(t, doc, method, docPath, r)
		return r
	}
	email := "openapi-admin@example.com"
	pw := "Correct-horse-42"
	check("post", "/auth/register", s.Do("POST", "/v1/auth/register", "", map[string]any{
		"email": email, "password": pw, "full_name": "Doc Admin", "organization_name": "Doc Org"}).Expect(t, 201))
	login := check("post", "/auth/login", s.Do("POST", "/v1/auth/login", "", map[string]any{"email": email, "password": pw}).Expect(t, 200))
	tok := login.String("access_token")
	check("post", "/auth/login", s.Do("POST", "/v1/auth/login", "", map[string]any{"email": email, "password": "wrong-Password-1"}).Expect(t, 401))
	check("get", "/auth/me", s.Do("GET", "/v1/auth/me", "", nil).Expect(t, 401))
	check("get", "/auth/me", s.Do("GET", "/v1/auth/me", tok, nil).Expect(t, 200))
	check("post", "/auth/refresh", s.Do("POST", "/v1/auth/refresh", tok, nil).Expect(t, 200))
	check("post", "/auth/api-keys", s.Do("POST", "/v1/auth/api-keys", tok, map[string]any{"name": "ci", "expires_in_days": 30}).Expect(t, 201))
	check("get", "/auth/api-keys", s.Do("GET", "/v1/auth/api-keys", tok, nil).Expect(t, 200))
	check("post", "/auth/enable-2fa", s.Do("POST", "/v1/auth/enable-2fa", tok, nil).Expect(t, 200))

	invited := check("post", "/users", s.Do("POST", "/v1/users", tok, map[string]any{"email": "viewer-" + email, "full_name": "Viewer", "role": "viewer"}).Expect(t, 201))
	check("get", "/users", s.Do("GET", "/v1/users?limit=10", tok, nil).Expect(t, 200))
	check("get", "/users", s.Do("GET", "/v1/users?limit=0", tok, nil).Expect(t, 400))
	check("get", "/users/{user_id}", s.Do("GET", "/v1/users/"+invited.String("id"), tok, nil).Expect(t, 200))
	check("patch", "/users/{user_id}", s.Do("PATCH", "/v1/users/"+invited.String("id"), tok, map[string]any{"full_name": "Viewer Two"}).Expect(t, 200))
	inv := invited.Body["invitation"].(map[string]any)
	viewer := check("post", "/auth/accept-invite", s.Do("POST", "/v1/auth/accept-invite", "", map[string]any{"token": inv["token"], "password": "Viewer-pass-2024"}).Expect(t, 200))
	check("get", "/data-sources", s.Do("GET", "/v1/data-sources", viewer.String("access_token"), nil).Expect(t, 403))

	path := apptest.SeedSQLiteShop(t, s.SQLiteDirOf(t, tok), "openapi-shop.db")
	ds := check("post", "/data-sources", s.Do("POST", "/v1/data-sources", tok, map[string]any{"name": "Shop", "type": "sqlite", "path": path}).Expect(t, 201))
	dsID := ds.String("id")
	check("post", "/data-sources/{ds_id}/refresh-schema", s.Do("POST", "/v1/data-sources/"+dsID+"/refresh-schema", tok, nil).Expect(t, 200))
	check("post", "/data-sources/{ds_id}/test", s.Do("POST", "/v1/data-sources/"+dsID+"/test", tok, nil).Expect(t, 200))
	check("get", "/data-sources/{ds_id}", s.Do("GET", "/v1/data-sources/"+dsID, tok, nil).Expect(t, 200))
	check("get", "/data-sources/{ds_id}/schema", s.Do("GET", "/v1/data-sources/"+dsID+"/schema", tok, nil).Expect(t, 200))
	check("get", "/data-sources", s.Do("GET", "/v1/data-sources", tok, nil).Expect(t, 200))

	agent := check("post", "/agents", s.Do("POST", "/v1/agents", tok, map[string]any{
		"name": "Shop", "agent_type": "sales_performance", "data_source_id": dsID,
		"allowed_tables":     []string{"customers", "orders", "regions"},
		"column_permissions": map[string]any{"customers": []string{"id", "name", "country", "region_id"}},
	}).Expect(t, 201))
	agentID := agent.String("id")
	check("post", "/agents", s.Do("POST", "/v1/agents", tok, map[string]any{"name": "X", "agent_type": "general_data", "data_source_id": "ds_nope"}).Expect(t, 400))
	check("get", "/agents/{agent_id}", s.Do("GET", "/v1/agents/"+agentID, tok, nil).Expect(t, 200))
	check("get", "/agents/{agent_id}", s.Do("GET", "/v1/agents/agent_nope", tok, nil).Expect(t, 404))
	check("get", "/agents", s.Do("GET", "/v1/agents?is_active=true", tok, nil).Expect(t, 200))
	check("patch", "/agents/{agent_id}/columns", s.Do("PATCH", "/v1/agents/"+agentID+"/columns", tok, map[string]any{
		"table_name": "orders", "allowed_columns": []string{"*"}}).Expect(t, 200))
	check("post", "/agents/{agent_id}/test", s.Do("POST", "/v1/agents/"+agentID+"/test", tok, map[string]any{"test_query": "how many orders are there"}).Expect(t, 200))
	check("post", "/agents/{agent_id}/users", s.Do("POST", "/v1/agents/"+agentID+"/users", tok, map[string]any{"user_ids": []string{invited.String("id")}}).Expect(t, 200))
	check("get", "/agents/{agent_id}/users", s.Do("GET", "/v1/agents/"+agentID+"/users", tok, nil).Expect(t, 200))
	check("get", "/users/{user_id}/agents", s.Do("GET", "/v1/users/"+invited.String("id")+"/agents", tok, nil).Expect(t, 200))

	q := check("post", "/queries", s.Do("POST", "/v1/queries", tok, map[string]any{"question": "total amount of orders by status", "agent_id": agentID}).Expect(t, 200))
	if _, ok := q.Body["chart"]; !ok {
		t.Errorf("the query answer has no chart: %s", q.Raw)
	}
	check("post", "/queries", s.Do("POST", "/v1/queries", viewer.String("access_token"), map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 403))
	check("get", "/queries/{query_id}", s.Do("GET", "/v1/queries/"+q.String("id"), tok, nil).Expect(t, 200))
	check("get", "/queries", s.Do("GET", "/v1/queries", tok, nil).Expect(t, 200))
	check("get", "/agents/{agent_id}/stats", s.Do("GET", "/v1/agents/"+agentID+"/stats", tok, nil).Expect(t, 200))
	check("get", "/agents/{agent_id}/performance", s.Do("GET", "/v1/agents/"+agentID+"/performance", tok, nil).Expect(t, 200))
	check("post", "/agents/{agent_id}/clone", s.Do("POST", "/v1/agents/"+agentID+"/clone", tok, nil).Expect(t, 201))
	check("post", "/agents/{agent_id}/deactivate", s.Do("POST", "/v1/agents/"+agentID+"/deactivate", tok, nil).Expect(t, 200))
	check("patch", "/agents/{agent_id}", s.Do("PATCH", "/v1/agents/"+agentID, tok, map[string]any{"is_active": true}).Expect(t, 200))

	for _, prefix := range []string{"/api/webhooks", "/v1/api/webhooks"} {
		wh := check("post", "/api/webhooks", s.Do("POST", prefix, tok, map[string]any{
			"url": s.URL + "/healthz", "events": []string{"query.completed"}}).Expect(t, 201))
		id := wh.String("id")
		check("get", "/api/webhooks", s.Do("GET", prefix, tok, nil).Expect(t, 200))
		check("get", "/api/webhooks/{webhook_id}", s.Do("GET", prefix+"/"+id, tok, nil).Expect(t, 200))
		check("post", "/api/webhooks/{webhook_id}/test", s.Do("POST", prefix+"/"+id+"/test", tok, nil).Expect(t, 200))
		check("get", "/api/webhooks/{webhook_id}/deliveries", s.Do("GET", prefix+"/"+id+"/deliveries", tok, nil).Expect(t, 200))
		check("get", "/api/webhooks/{webhook_id}/stats", s.Do("GET", prefix+"/"+id+"/stats", tok, nil).Expect(t, 200))
		check("post", "/api/webhooks/{webhook_id}/rotate-secret", s.Do("POST", prefix+"/"+id+"/rotate-secret", tok, nil).Expect(t, 200))
		check("delete", "/api/webhooks/{webhook_id}", s.Do("DELETE", prefix+"/"+id, tok, nil).Expect(t, 200))
		check("get", "/api/webhooks/{webhook_id}", s.Do("GET", prefix+"/"+id, tok, nil).Expect(t, 404))
	}
	check("get", "/organization/settings", s.Do("GET", "/v1/organization/settings", tok, nil).Expect(t, 200))
	check("patch", "/organization/settings", s.Do("PATCH", "/v1/organization/settings", tok, map[string]any{"name": "Doc Org 2",
		"llm": map[string]any{"provider": "offline"}}).Expect(t, 200))
	check("patch", "/organization/settings", s.Do("PATCH", "/v1/organization/settings", tok, map[string]any{
		"llm": map[string]any{"provider": "nope"}}).Expect(t, 400))
	check("get", "/healthz", s.Do("GET", "/healthz", "", nil).Expect(t, 200))
	check("post", "/auth/logout", s.Do("POST", "/v1/auth/logout", tok, nil).Expect(t, 200))
}

// checkAnswer validates one answer against the documented response of the operation.
func checkAnswer(t *testing.T, doc openAPIDoc, method, docPath string, r *apptest.Response) {
	t.Helper()
	where := fmt.Sprintf("%s %s → %d", strings.ToUpper(method), docPath, r.Status)
	item, _ := doc.pointer("#/paths/" + strings.ReplaceAll(strings.ReplaceAll(docPath, "~", "~0"), "/", "~1"))
	o, _ := item.(map[string]any)[method].(map[string]any)
	if o == nil {
		t.Errorf("%s: not documented", where)
		return
	}
	responses, _ := o["responses"].(map[string]any)
	resp := doc.deref(responses[strconv.Itoa(r.Status)])
	if resp == nil {
		t.Errorf("%s: status not documented (%s)", where, r.Raw)
		return
	}
	content, _ := resp["content"].(map[string]any)
	media, _ := content["application/json"].(map[string]any)
	schema := media["schema"]
	if schema == nil {
		return
	}
	var body any
	if err := json.Unmarshal(r.Raw, &body); err != nil {
		t.Errorf("%s: not JSON: %s", where, r.Raw)
		return
	}
	if errs := validate(doc, schema, body, "$"); len(errs) > 0 {
		t.Errorf("%s: the answer does not match the documented schema:\n  %s\nanswer: %s", where, strings.Join(errs, "\n  "), r.Raw)
	}
}

// validate is a small JSON Schema checker for the keywords the document uses: $ref, allOf,
// oneOf, anyOf, type, const, enum, properties, required, additionalProperties, items. An object
// schema with type object and properties but no additionalProperties refuses unknown keys, so
// field names the handlers write must be documented.
func validate(doc openAPIDoc, schemaV any, v any, at string) []string {
	schema, ok := schemaV.(map[string]any)
	if !ok {
		return nil
	}
	var errs []string
	if ref, ok := schema["$ref"].(string); ok {
		target, found := doc.pointer(ref)
		if !found {
			return []string{at + ": unresolved " + ref}
		}
		errs = append(errs, validate(doc, target, v, at)...)
	}
	if all, ok := schema["allOf"].([]any); ok {
		for _, sub := range all {
			errs = append(errs, validate(doc, sub, v, at)...)
		}
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		alts, ok := schema[kw].([]any)
		if !ok {
			continue
		}
		var best []string
		matched := false
		for i, sub := range alts {
			e := validate(doc, sub, v, at)
			if len(e) == 0 {
				matched = true
				break
			}
			if i == 0 || len(e) < len(best) {
				best = e
			}
		}
		if !matched {
			errs = append(errs, fmt.Sprintf("%s: matches no %s alternative; closest: %s", at, kw, strings.Join(best, "; ")))
		}
	}
	if tv, ok := schema["type"]; ok {
		var types []string
		switch x := tv.(type) {
		case string:
			types = []string{x}
		case []any:
			for _, e := range x {
				s, _ := e.(string)
				types = append(types, s)
			}
		}
		if !slices.ContainsFunc(types, func(ty string) bool { return jsonTypeIs(v, ty) }) {
			return append(errs, fmt.Sprintf("%s: %v is not of type %v", at, short(v), types))
		}
	}
	if c, ok := schema["const"]; ok && fmt.Sprint(c) != fmt.Sprint(v) {
		errs = append(errs, fmt.Sprintf("%s: %v is not the constant %v", at, short(v), c))
	}
	if enum, ok := schema["enum"].([]any); ok && !slices.ContainsFunc(enum, func(e any) bool { return fmt.Sprint(e) == fmt.Sprint(v) }) {
		errs = append(errs, fmt.Sprintf("%s: %v is not one of %v", at, short(v), enum))
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		if req, ok := schema["required"].([]any); ok {
			for _, f := range req {
				if _, has := x[f.(string)]; !has {
					errs = append(errs, fmt.Sprintf("%s: required field %q is missing", at, f))
				}
			}
		}
		additional, hasAdditional := schema["additionalProperties"]
		for k, val := range x {
			if ps, ok := props[k]; ok {
				errs = append(errs, validate(doc, ps, val, at+"."+k)...)
				continue
			}
			switch {
			case hasAdditional:
				errs = append(errs, validate(doc, additional, val, at+"."+k)...)
			case schema["type"] == "object" && props != nil:
				errs = append(errs, fmt.Sprintf("%s: field %q is not documented", at, k))
			}
		}
	case []any:
		for i, item := range x {
			errs = append(errs, validate(doc, schema["items"], item, fmt.Sprintf("%s[%d]", at, i))...)
		}
	}
	return errs
}

func jsonTypeIs(v any, ty string) bool {
	switch ty {
	case "null":
		return v == nil
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == math.Trunc(f)
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	}
	return false
}

func short(v any) string {
	s := fmt.Sprint(v)
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
