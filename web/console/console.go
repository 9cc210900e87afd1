// Package console is the browser console: static HTML, CSS and JavaScript modules embedded in
// the binary and served at "/". There is no build step: the files under static/ are what the
// browser runs (see docs/architecture.md, "Console"). The console talks to the service only
// through the public HTTP API, with the same bearer tokens as any other client.
package console

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

//go:embed static
var files embed.FS

// ContentSecurityPolicy is sent with every console response: only the binary's own scripts,
// styles and API; images may also be data: URIs (the two-factor QR code is a PNG data URI);
// no framing, no plugins, no <base> tricks.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Handler serves the console. Paths naming a file under static/ serve that file; any other path
// serves index.html, whose script routes on the URL fragment.
func Handler() http.Handler {
	root, err := fs.Sub(files, "static")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder exists
	}
	fileServer := http.FileServerFS(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" || !exists(root, name) {
			// The application shell is never cached, so a new binary's console is picked up at once.
			h.Set("Cache-Control", "no-cache")
			r2 := r.Clone(r.Context())
			r2.URL.Path = "/"
			fileServer.ServeHTTP(w, r2)
			return
		}
		h.Set("Cache-Control", "no-cache")
		fileServer.ServeHTTP(w, r)
	})
}

func exists(root fs.FS, name string) bool {
	st, err := fs.Stat(root, name)
	return err == nil && !st.IsDir()
}
