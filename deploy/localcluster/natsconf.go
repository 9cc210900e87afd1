package localcluster

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"regexp"

	"github.com/nats-io/nats-server/v2/conf"
)

// undefinedVar matches the parser's error for a $VARIABLE that is neither defined in the file
// nor in the environment.
var undefinedVar = regexp.MustCompile(`variable reference for '([A-Za-z0-9_]+)'`)

// varReference is a $VARIABLE in nats.conf (comments included: an extra variable is harmless).
var varReference = regexp.MustCompile(`\$([A-Za-z_][A-Za-z0-9_]*)`)

// NodeConfig renders nats.conf for one local node. Every setting of nats.conf is kept (limits,
// lame duck, JetStream sizes, cluster name, retries, and any authorization added later); only
// what differs between a container and a local process is replaced: the server name, loopback
// addresses and ports, the store directory, and the routes. Variables the file references
// ($NATS_SERVER_NAME, credentials) come from vars, then the environment; a variable defined in
// neither is generated into vars (random), so a later authorization block with $PASSWORD-style
// references works without editing this harness. The result is JSON, which nats-server's
// configuration parser reads.
func NodeConfig(natsConf, name string, clientPort, monitorPort, routePort int, storeDir string, routes []string, vars map[string]string) ([]byte, error) {
	vars["NATS_SERVER_NAME"] = name
	var m map[string]any
	for attempt := 0; ; attempt++ {
		for k, v := range vars {
			os.Setenv(k, v)
		}
		var err error
		m, err = conf.ParseFile(natsConf)
		if err == nil {
			break
		}
		match := undefinedVar.FindStringSubmatch(err.Error())
		if match == nil || attempt > 20 {
			return nil, fmt.Errorf("parse %s: %w", natsConf, err)
		}
		vars[match[1]] = randomHex(16)
	}
	// A variable the environment already defined (an operator's, or an earlier node's) is the
	// value in force: report it too, so callers read every credential from vars.
	if raw, err := os.ReadFile(natsConf); err == nil {
		for _, ref := range varReference.FindAllStringSubmatch(string(raw), -1) {
			if _, ok := vars[ref[1]]; !ok {
				if v, ok := os.LookupEnv(ref[1]); ok {
					vars[ref[1]] = v
				}
			}
		}
	}
	m["server_name"] = name
	m["listen"] = fmt.Sprintf("127.0.0.1:%d", clientPort)
	m["http"] = fmt.Sprintf("127.0.0.1:%d", monitorPort)
	js, _ := m["jetstream"].(map[string]any)
	if js == nil {
		js = map[string]any{}
	}
	js["store_dir"] = storeDir
	m["jetstream"] = js
	cl, _ := m["cluster"].(map[string]any)
	if cl == nil {
		cl = map[string]any{"name": "analytics"}
	}
	cl["listen"] = fmt.Sprintf("127.0.0.1:%d", routePort)
	// Route credentials: those of cluster.authorization, else those nats.conf's route URLs carry.
	var user *url.Userinfo
	if auth, ok := cl["authorization"].(map[string]any); ok {
		if u, ok := auth["user"].(string); ok {
			p, _ := auth["password"].(string)
			user = url.UserPassword(u, p)
		}
	}
	if old, _ := cl["routes"].([]any); user == nil && len(old) > 0 {
		if s, ok := old[0].(string); ok {
			if u, err := url.Parse(s); err == nil {
				user = u.User
			}
		}
	}
	r := make([]any, len(routes))
	for i, s := range routes {
		u, err := url.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("route %q: %w", s, err)
		}
		if user != nil {
			u.User = user
		}
		r[i] = u.String()
	}
	cl["routes"] = r
	m["cluster"] = cl
	// No HTML escaping: the nats-server parser knows no \u escapes, and subjects have '>'.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ClientUser returns the password of user name as nats.conf defines it (in accounts or in the
// top-level authorization), with variables resolved: the credentials the app processes put into
// NATS_URL. ok is false when nats.conf has no such user (no authorization: plain URLs).
func ClientUser(rendered []byte, name string) (password string, ok bool) {
	var m map[string]any
	if err := json.Unmarshal(rendered, &m); err != nil {
		return "", false
	}
	var lists []any
	if auth, ok := m["authorization"].(map[string]any); ok {
		lists = append(lists, auth["users"])
	}
	if accts, ok := m["accounts"].(map[string]any); ok {
		for _, a := range accts {
			if am, ok := a.(map[string]any); ok {
				lists = append(lists, am["users"])
			}
		}
	}
	for _, l := range lists {
		users, _ := l.([]any)
		for _, u := range users {
			um, _ := u.(map[string]any)
			if um["user"] == name {
				p, _ := um["password"].(string)
				return p, true
			}
		}
	}
	return "", false
}
