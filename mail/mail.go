// Package mail sends e-mail over SMTP with github.com/wneessen/go-mail: one small, reusable
// sender for scheduled reports, usage alerts and whatever else the service mails.
//
// The server is one URL, ANALYTICS_SMTP_URL:
//
//	smtp://host:port                      plain SMTP (development, a local relay)
//	smtp://user:pass@host:587?starttls=1  STARTTLS required, then AUTH (PLAIN/LOGIN/CRAM, as offered)
//	smtps://user:pass@host:465            implicit TLS, then AUTH
//
// smtp:// without starttls still upgrades when the server offers STARTTLS (opportunistic), and
// authenticates when the URL has a user.
package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// ErrDisabled is returned by Send on a sender built without a server URL.
var ErrDisabled = errors.New("mail is not configured (ANALYTICS_SMTP_URL is empty)")

// Config is where and as whom to send.
type Config struct {
	URL     string        // smtp:// or smtps://; empty disables sending
	From    string        // envelope and header sender
	Timeout time.Duration // per connection; default 30 s
}

// Attachment is a file attached to a message.
type Attachment struct {
	Filename    string
	ContentType string
	Data        []byte
}

// Message is one e-mail to one recipient.
type Message struct {
	To          string
	Subject     string
	Text        string // plain-text body (always sent)
	HTML        string // HTML alternative (optional)
	Attachments []Attachment
}

// Sender sends messages. The zero value is not usable; build it with New.
type Sender struct {
	cfg      Config
	host     string
	opts     []gomail.Option
	disabled bool
}

// New parses the configuration. An empty URL gives a disabled sender (Enabled false, Send
// returns ErrDisabled), so callers can record deliveries as skipped.
func New(cfg Config) (*Sender, error) {
	if cfg.URL == "" {
		return &Sender{cfg: cfg, disabled: true}, nil
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP URL: %w", err)
	}
	host, portStr, err := net.SplitHostPort(u.Host)
	if err != nil {
		host, portStr = u.Host, ""
	}
	if host == "" {
		return nil, errors.New("mail: SMTP URL has no host")
	}
	opts := []gomail.Option{gomail.WithTimeout(cfg.Timeout)}
	switch u.Scheme {
	case "smtps":
		if portStr == "" {
			portStr = "465"
		}
		opts = append(opts, gomail.WithSSL())
	case "smtp":
		if portStr == "" {
			portStr = "587"
		}
		policy := gomail.TLSOpportunistic
		if v := u.Query().Get("starttls"); v != "" {
			if b, _ := strconv.ParseBool(v); b || v == "required" {
				policy = gomail.TLSMandatory
			}
		}
		if u.Query().Get("tls") == "none" {
			policy = gomail.NoTLS
		}
		opts = append(opts, gomail.WithTLSPortPolicy(policy))
	default:
		return nil, fmt.Errorf("mail: SMTP URL scheme must be smtp or smtps, not %q", u.Scheme)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil || port <= 0 || port > 65535 {
		return nil, fmt.Errorf("mail: SMTP URL port %q", portStr)
	}
	opts = append(opts, gomail.WithPort(port))
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	if cfg.From == "" {
		return nil, errors.New("mail: a sender address (ANALYTICS_MAIL_FROM) is required")
	}
	return &Sender{cfg: cfg, host: host, opts: opts}, nil
}

// Enabled reports whether a server is configured.
func (s *Sender) Enabled() bool { return s != nil && !s.disabled }

// Send delivers one message. Each call uses its own connection, so a failure for one
// recipient never affects another.
func (s *Sender) Send(ctx context.Context, m Message) error {
	if !s.Enabled() {
		return ErrDisabled
	}
	msg := gomail.NewMsg()
	if err := msg.From(s.cfg.From); err != nil {
		return fmt.Errorf("mail: from %q: %w", s.cfg.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return &RecipientError{Recipient: m.To, Err: err}
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for _, a := range m.Attachments {
		msg.AttachReadSeeker(a.Filename, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType)))
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("mail: client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		var se *gomail.SendError
		if errors.As(err, &se) && se.Reason == gomail.ErrSMTPRcptTo {
			return &RecipientError{Recipient: m.To, Err: err}
		}
		return fmt.Errorf("mail: send to %s: %w", m.To, err)
	}
	return nil
}

// RecipientError is a refusal of the recipient itself (bad address, unknown mailbox).
type RecipientError struct {
	Recipient string
	Err       error
}

func (e *RecipientError) Error() string {
	return fmt.Sprintf("recipient %s refused: %v", e.Recipient, e.Err)
}
func (e *RecipientError) Unwrap() error { return e.Err }
