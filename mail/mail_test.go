package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/analytics-agent/service/mail"
	"github.com/analytics-agent/service/mail/mailtest"
)

func TestNewAcceptsSMTPAndSMTPSURLsAndRefusesOthers(t *testing.T) {
	for _, ok := range []string{"smtp://127.0.0.1:2525", "smtp://u:p@mail.example.com:587?starttls=required", "smtps://u:p@mail.example.com", "smtp://mail.example.com?tls=none"} {
		if _, err := mail.New(mail.Config{URL: ok, From: "a@example.com"}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://mail.example.com", "smtp://", "smtp://host:99999", "smtp://host:x"} {
		if _, err := mail.New(mail.Config{URL: bad, From: "a@example.com"}); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	off, err := mail.New(mail.Config{})
	if err != nil || off.Enabled() || !errors.Is(off.Send(context.Background(), mail.Message{To: "a@example.com"}), mail.ErrDisabled) {
		t.Fatalf("disabled sender: %v", err)
	}
}

func TestSendDeliversTextHTMLAndAttachmentsOverSMTP(t *testing.T) {
	srv := mailtest.Start(t)
	srv.Refuse("gone@example.com")
	s, err := mail.New(mail.Config{URL: srv.URL, From: "reports@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	msg := mail.Message{To: "ana@example.com", Subject: "Report: Ümlaut & co", Text: "plain body", HTML: "<p>html body</p>",
		Attachments: []mail.Attachment{{Filename: "r.csv", ContentType: "text/csv; charset=utf-8", Data: []byte("a,b\r\n1,2\r\n")}}}
	if err := s.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	msg.To = "gone@example.com"
	var re *mail.RecipientError
	if err := s.Send(context.Background(), msg); !errors.As(err, &re) {
		t.Fatalf("refused recipient: %v", err)
	}
	got := srv.To("ana@example.com")
	if len(got) != 1 || got[0].From != "reports@example.com" {
		t.Fatalf("received %+v", got)
	}
	p, err := mailtest.Parse(got[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Body("text/plain") != "plain body" || !strings.Contains(p.Body("text/html"), "html body") {
		t.Fatalf("bodies: %+v", p.Parts)
	}
	if a := p.Attachment(".csv"); a == nil || string(a.Body) != "a,b\r\n1,2\r\n" {
		t.Fatalf("attachment: %+v", a)
	}
}
