package syncbuf

import (
	"strings"
	"sync"
	"testing"
)

// TestConcurrent writes from several goroutines while reading; under
// -race a missing lock shows, and every byte written must be there.
func TestConcurrent(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				b.Write([]byte("ab"))
				_ = b.String()
			}
		}()
	}
	wg.Wait()
	if got, want := b.String(), strings.Repeat("ab", 400); got != want {
		t.Errorf("len %d, want %d", len(got), len(want))
	}
}
