package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/analytics-agent/service/mail"
	"github.com/analytics-agent/service/templates"
	"github.com/analytics-agent/service/workers/schedule"
	tplworker "github.com/analytics-agent/service/workers/template"
)

// wireTemplates builds the templates service and the mail sender. With no SMTP server the
// sender is disabled: schedules still run and their runs record delivery as skipped.
func (a *App) wireTemplates() error {
	m, err := mail.New(mail.Config{URL: a.Cfg.SMTPURL, From: a.Cfg.MailFrom})
	if err != nil {
		return fmt.Errorf("mail configuration: %w", err)
	}
	a.Mail = m
	if a.role.Workers && !m.Enabled() {
		a.Log.Info("mail disabled: scheduled reports run but are not e-mailed (set ANALYTICS_SMTP_URL)")
	}
	a.Templates = templates.NewService(a.Store, a.Sources, time.Now)
	a.Billing.SetMailer(billingMailer{m})
	return nil
}

// billingMailer sends billing's usage alerts through the report mail sender, one message per
// recipient so that one bad address does not hold back the others.
type billingMailer struct{ s *mail.Sender }

// Send implements billing.Mailer. A disabled sender (no SMTP configured) sends nothing.
func (m billingMailer) Send(ctx context.Context, to []string, subject, body string) error {
	if !m.s.Enabled() {
		return nil
	}
	var errs []error
	for _, addr := range to {
		if err := m.s.Send(ctx, mail.Message{To: addr, Subject: subject, Text: body}); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", addr, err))
		}
	}
	return errors.Join(errs...)
}

func (a *App) startTemplateWorker(ctx context.Context) (func(), error) {
	r := templates.NewRunner(a.Templates, templates.RunnerOptions{
		Mail: a.Mail, MaxAttachment: a.Cfg.MailMaxAttachment, RetryDelays: a.Cfg.DeliveryRetryDelays,
		Notify: a.Watcher.Notify, Log: a.Log.With("worker", "template"),
		// Executions count as questions against the monthly quota, reserved when they start.
		Admit: a.Billing.ReserveQuery,
	})
	return tplworker.Start(ctx, a.JS, r, a.Log.With("worker", "template"), tplworker.Options{AckWait: a.Cfg.TemplateAckWait})
}

func (a *App) startScheduleWorker(ctx context.Context) (func(), error) {
	s := templates.NewScheduler(a.Store, time.Now, 0)
	return schedule.Start(ctx, s, a.Log.With("worker", "schedule"), schedule.Options{})
}
