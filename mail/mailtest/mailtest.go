// Package mailtest runs a real SMTP server (github.com/emersion/go-smtp) inside a test process,
// so mail is tested end to end over the wire: it records what it receives and can refuse or
// temporarily fail chosen recipients.
package mailtest

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Received is one delivered message.
type Received struct {
	From string
	To   []string
	Data []byte
}

// Server is an SMTP server on 127.0.0.1 with a random port.
type Server struct {
	URL     string // smtp://127.0.0.1:port?tls=none
	mu      sync.Mutex
	msgs    []Received
	refuse  map[string]bool
	flaky   map[string]int
	srv     *smtp.Server
	arrived chan struct{}
}

// Start starts a server that stops when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{refuse: map[string]bool{}, flaky: map[string]int{}, arrived: make(chan struct{}, 1024)}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.MaxMessageBytes = 50 << 20
	srv.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.srv = srv
	s.URL = "smtp://" + ln.Addr().String() + "?tls=none"
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// Refuse makes the server refuse a recipient permanently (550).
func (s *Server) Refuse(addr string) {
	s.mu.Lock()
	s.refuse[strings.ToLower(addr)] = true
	s.mu.Unlock()
}

// FailTimes makes the server refuse a recipient temporarily (451) n times, then accept it.
func (s *Server) FailTimes(addr string, n int) {
	s.mu.Lock()
	s.flaky[strings.ToLower(addr)] = n
	s.mu.Unlock()
}

// Messages returns what was received so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.msgs...)
}

// To returns the messages received for a recipient.
func (s *Server) To(addr string) []Received {
	var out []Received
	for _, m := range s.Messages() {
		for _, r := range m.To {
			if strings.EqualFold(r, addr) {
				out = append(out, m)
			}
		}
	}
	return out
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	k := strings.ToLower(to)
	if x.s.refuse[k] {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such mailbox"}
	}
	if x.s.flaky[k] > 0 {
		x.s.flaky[k]--
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	}
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	x.s.msgs = append(x.s.msgs, Received{From: x.from, To: x.to, Data: data})
	x.s.mu.Unlock()
	return nil
}

// Part is a decoded MIME leaf part.
type Part struct {
	ContentType string
	Filename    string
	Body        []byte
}

// Parsed is a decoded message.
type Parsed struct {
	Header mail.Header
	Parts  []Part
}

// Parse decodes a received message into its leaf parts (bodies and attachments).
func Parse(data []byte) (*Parsed, error) {
	m, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	p := &Parsed{Header: m.Header}
	err = walk(m.Header.Get("Content-Type"), m.Header.Get("Content-Transfer-Encoding"), "", m.Body, &p.Parts)
	return p, err
}

func walk(ctype, enc, disp string, body io.Reader, out *[]Part) error {
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return err
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := walk(part.Header.Get("Content-Type"), part.Header.Get("Content-Transfer-Encoding"), part.Header.Get("Content-Disposition"), part, out); err != nil {
				return err
			}
		}
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	switch strings.ToLower(enc) {
	case "base64":
		raw, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(raw)), ""))
		if err != nil {
			return err
		}
	case "quoted-printable":
		raw, err = io.ReadAll(newQP(raw))
		if err != nil {
			return err
		}
	}
	name := params["name"]
	if _, dp, err := mime.ParseMediaType(disp); err == nil && dp["filename"] != "" {
		name = dp["filename"]
	}
	*out = append(*out, Part{ContentType: mt, Filename: name, Body: raw})
	return nil
}

// Attachment returns the part with that file-name suffix.
func (p *Parsed) Attachment(suffix string) *Part {
	for i := range p.Parts {
		if p.Parts[i].Filename != "" && strings.HasSuffix(p.Parts[i].Filename, suffix) {
			return &p.Parts[i]
		}
	}
	return nil
}

// Body returns the first part of a content type (text/plain, text/html).
func (p *Parsed) Body(ctype string) string {
	for _, x := range p.Parts {
		if x.ContentType == ctype && x.Filename == "" {
			return string(x.Body)
		}
	}
	return ""
}

func newQP(raw []byte) io.Reader { return quotedprintable.NewReader(bytes.NewReader(raw)) }
