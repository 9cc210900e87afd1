package api

import (
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// DefaultWait is how long a request waits for asynchronous work before answering 202.
const DefaultWait = 30 * time.Second

// prefer reads the Prefer header (RFC 7240): "respond-async" answers 202 at once; "wait=N"
// changes how long the request waits for the work to finish.
func prefer(c *gin.Context) (async bool, wait time.Duration) {
	wait = DefaultWait
	for _, h := range c.Request.Header.Values("Prefer") {
		for _, part := range strings.Split(h, ",") {
			part = strings.TrimSpace(strings.ToLower(part))
			switch {
			case part == "respond-async":
				async = true
			case strings.HasPrefix(part, "wait="):
				if n, err := strconv.Atoi(strings.TrimPrefix(part, "wait=")); err == nil && n >= 0 {
					wait = min(time.Duration(n)*time.Second, 5*time.Minute)
				}
			}
		}
	}
	return async, wait
}

// paging reads limit (default 50, 1..200) and offset (≥ 0).
func paging(c *gin.Context) (limit, offset int, err error) {
	limit, offset = 50, 0
	if v := c.Query("limit"); v != "" {
		n, convErr := strconv.Atoi(v)
		if convErr != nil || n < 1 || n > 200 {
			return 0, 0, invalidField("limit", "limit must be an integer from 1 to 200")
		}
		limit = n
	}
	if v := c.Query("offset"); v != "" {
		n, convErr := strconv.Atoi(v)
		if convErr != nil || n < 0 {
			return 0, 0, invalidField("offset", "offset must be a non-negative integer")
		}
		offset = n
	}
	return limit, offset, nil
}

// boolQuery reads an optional boolean query parameter.
func boolQuery(c *gin.Context, name string) (*bool, error) {
	v := c.Query(name)
	if v == "" {
		return nil, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return nil, invalidField(name, "%s must be true or false", name)
	}
	return &b, nil
}
