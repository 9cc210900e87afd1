package api_test

import (
	"io"
	"net/http"
)

func ioCopy(w io.Writer, resp *http.Response) (int64, error) { return io.Copy(w, resp.Body) }
