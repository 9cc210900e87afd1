package app_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

func TestLoginAttemptsAreCountedOnceAcrossAPIInstances(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		a := apptest.Start(t, apptest.Options{Database: db})
		b := apptest.Start(t, apptest.Options{DataDir: a.Cfg.DataDir, DatabaseURL: a.Cfg.DatabaseURL, NATSURL: a.App.NATSURL})
		acct := a.Register(t)
		body, _ := json.Marshal(map[string]string{"email": acct.Email, "password": "Wrong-pass-123"})

		var mu sync.Mutex
		counts := map[int]int{}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 200 {
			base := a.URL
			if i%2 == 1 {
				base = b.URL
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				resp, err := http.Post(base+"/v1/auth/login", "application/json", bytes.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				mu.Lock()
				counts[resp.StatusCode]++
				mu.Unlock()
			}()
		}
		close(start)
		wg.Wait()
		limit := apptest.FastBruteForce.AccountLimit
		if counts[401] != limit || counts[429] != 200-limit {
			t.Fatalf("answers by status over two instances %v, want %d × 401 and %d × 429", counts, limit, 200-limit)
		}
	})
}
