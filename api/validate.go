package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
)

// Input limits enforced at the edge, once, for every endpoint: bind checks every string of a
// decoded body and checkParams every path and query parameter, so that no handler can hand the
// store a NUL byte (PostgreSQL refuses it in text and would answer 500) or an unbounded string
// (VARCHAR columns refuse it on PostgreSQL; parsers and the engine burn CPU on it).
const (
	// DefaultFieldLimit is the limit, in characters, of a string field without a `limit` tag.
	DefaultFieldLimit = 200
	// MaxListItems is the limit of the number of items of any JSON array of a body.
	MaxListItems = 1000
	// MaxParamLength is the limit of a path or query parameter.
	MaxParamLength = 200
	// maxNesting is how deep free-form JSON (maps, raw messages) may nest.
	maxNesting = 32
)

var rawMessageType = reflect.TypeOf(json.RawMessage(nil))

// checkInput walks a decoded body and refuses NUL characters, invalid UTF-8, over-long strings
// and over-long lists. Struct fields set their limit with a `limit:"N"` tag (characters);
// untagged strings get DefaultFieldLimit.
func checkInput(v any) error {
	return checkValue(reflect.ValueOf(v), "", DefaultFieldLimit, 0)
}

func checkValue(v reflect.Value, path string, limit, depth int) error {
	if depth > maxNesting {
		return invalidField(fieldName(path), "field %q is nested too deeply", fieldName(path))
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return checkValue(v.Elem(), path, limit, depth)
	case reflect.String:
		return checkString(path, v.String(), limit)
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			l := DefaultFieldLimit
			if tag := f.Tag.Get("limit"); tag != "" {
				n, err := strconv.Atoi(tag)
				if err != nil {
					panic(fmt.Sprintf("api: bad limit tag on %s.%s: %q", t.Name(), f.Name, tag))
				}
				l = n
			}
			if err := checkValue(v.Field(i), join(path, name), l, depth+1); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type() == rawMessageType {
			return checkRaw(path, v.Bytes(), limit, depth)
		}
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return nil // []byte is not produced by JSON bodies here
		}
		if v.Len() > MaxListItems {
			return invalidField(fieldName(path), "field %q is limited to %d items", fieldName(path), MaxListItems)
		}
		for i := range v.Len() {
			if err := checkValue(v.Index(i), fmt.Sprintf("%s[%d]", path, i), limit, depth+1); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.Len() > MaxListItems {
			return invalidField(fieldName(path), "field %q is limited to %d entries", fieldName(path), MaxListItems)
		}
		iter := v.MapRange()
		for iter.Next() {
			k := iter.Key()
			key := fmt.Sprint(k.Interface())
			if k.Kind() == reflect.String {
				if err := checkString(join(path, "(key)"), key, DefaultFieldLimit); err != nil {
					return err
				}
			}
			if err := checkValue(iter.Value(), join(path, key), limit, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRaw checks free-form JSON kept raw by a handler (it is parsed later).
func checkRaw(path string, raw json.RawMessage, limit, depth int) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return invalidField(fieldName(path), "field %q is not valid JSON", fieldName(path))
	}
	return checkValue(reflect.ValueOf(v), path, limit, depth)
}

func checkString(path, s string, limit int) error {
	f := fieldName(path)
	switch {
	case strings.IndexByte(s, 0) >= 0:
		return invalidField(f, "field %q must not contain NUL characters", f)
	case !utf8.ValidString(s):
		return invalidField(f, "field %q must be valid UTF-8", f)
	case len(s) > limit && utf8.RuneCountInString(s) > limit:
		return invalidField(f, "field %q is limited to %d characters", f, limit).With("max_length", limit)
	}
	return nil
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func fieldName(path string) string {
	if path == "" {
		return "body"
	}
	return path
}

// checkParams refuses path and query parameters that no store could take: NUL characters,
// invalid UTF-8 and over-long values are 400 invalid_request naming the parameter.
func checkParams() gin.HandlerFunc {
	return func(c *gin.Context) {
		for _, p := range c.Params {
			if err := checkParam(p.Key, p.Value); err != nil {
				writeError(c, err)
				return
			}
		}
		if len(c.Request.URL.RawQuery) > 32*MaxParamLength {
			writeError(c, invalidField("query", "the query string is too long"))
			return
		}
		for k, vs := range c.Request.URL.Query() {
			if err := checkParam(k, k); err != nil {
				writeError(c, err)
				return
			}
			for _, v := range vs {
				if err := checkParam(k, v); err != nil {
					writeError(c, err)
					return
				}
			}
		}
		c.Next()
	}
}

func checkParam(name, v string) *Error {
	if strings.IndexByte(name, 0) >= 0 || !utf8.ValidString(name) || len(name) > MaxParamLength {
		name = "query"
	}
	switch {
	case strings.IndexByte(v, 0) >= 0:
		return invalidField(name, "parameter %q must not contain NUL characters", name)
	case !utf8.ValidString(v):
		return invalidField(name, "parameter %q must be valid UTF-8", name)
	case utf8.RuneCountInString(v) > MaxParamLength:
		return invalidField(name, "parameter %q is limited to %d characters", name, MaxParamLength).With("max_length", MaxParamLength)
	}
	return nil
}
