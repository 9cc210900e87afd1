package app_test

import "encoding/json"

func jsonHas(raw []byte, key, want string) bool {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	return m[key] == want
}
