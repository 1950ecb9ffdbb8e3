package objfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Debuginfod fetches separate debug files by build-id from debuginfod
// servers [elfutils debuginfod(8), debuginfod_find_debuginfo(3)]: GET
// URL/buildid/ID/debuginfo, each server in turn, into a local cache laid
// out as elfutils' client lays it out (CACHE/ID/debuginfo), so that a file
// is fetched once per machine. A fetch that fails is remembered for the
// life of the Debuginfod, so that the symbolizer, the counter and the
// expression evaluator opening one object ask once. Its methods are safe
// for concurrent use.
type Debuginfod struct {
	// URLs are the servers' base URLs.
	URLs []string
	// Cache is the cache directory.
	Cache string
	// Timeout bounds the wait for the server's answer and, after that,
	// for each piece of the body: a server that stops sending fails the
	// fetch instead of hanging it.
	Timeout time.Duration
	// MaxTime bounds a whole fetch; 0 means no bound beyond Timeout's.
	MaxTime time.Duration

	mu      sync.Mutex
	fetches map[string]*fetch
}

// fetch is one build-id's fetch, done once.
type fetch struct {
	once sync.Once
	path string
	err  error
}

// Default timeouts: elfutils waits 90 s for progress; a profiler's user
// waits less.
const (
	defaultTimeout = 10 * time.Second
	defaultMaxTime = 120 * time.Second
)

var (
	envOnce sync.Once
	envDI   *Debuginfod
)

// defaultDebuginfod is DebuginfodFromEnv, read once per process, so that
// its remembered failures are shared by every Open.
func defaultDebuginfod() *Debuginfod {
	envOnce.Do(func() { envDI = DebuginfodFromEnv() })
	return envDI
}

// DebuginfodFromEnv returns the client the environment configures, as
// elfutils' client reads it: DEBUGINFOD_URLS (space-separated base URLs;
// nil when unset or empty), DEBUGINFOD_CACHE_PATH (else
// ~/.cache/sonde/debuginfod), DEBUGINFOD_TIMEOUT and DEBUGINFOD_MAXTIME
// (seconds; defaults 10 and 120).
func DebuginfodFromEnv() *Debuginfod {
	urls := strings.Fields(os.Getenv("DEBUGINFOD_URLS"))
	if len(urls) == 0 {
		return nil
	}
	d := &Debuginfod{URLs: urls, Cache: os.Getenv("DEBUGINFOD_CACHE_PATH"), Timeout: defaultTimeout, MaxTime: defaultMaxTime}
	if d.Cache == "" {
		if home, err := os.UserHomeDir(); err == nil {
			d.Cache = filepath.Join(home, ".cache", "sonde", "debuginfod")
		} else {
			d.Cache = filepath.Join(os.TempDir(), "sonde-debuginfod")
		}
	}
	if s, err := strconv.Atoi(os.Getenv("DEBUGINFOD_TIMEOUT")); err == nil && s > 0 {
		d.Timeout = time.Duration(s) * time.Second
	}
	if s, err := strconv.Atoi(os.Getenv("DEBUGINFOD_MAXTIME")); err == nil && s > 0 {
		d.MaxTime = time.Duration(s) * time.Second
	}
	return d
}

// Fetch returns the path of the cached debug file of build-id id, fetching
// it when it is not cached. The error is one line naming the servers and
// what failed.
func (d *Debuginfod) Fetch(id string) (string, error) {
	if !validID(id) {
		return "", fmt.Errorf("debuginfod: build-id %q is not hex", id)
	}
	d.mu.Lock()
	if d.fetches == nil {
		d.fetches = map[string]*fetch{}
	}
	ft := d.fetches[id]
	if ft == nil {
		ft = &fetch{}
		d.fetches[id] = ft
	}
	d.mu.Unlock()
	ft.once.Do(func() { ft.path, ft.err = d.fetch(id) })
	return ft.path, ft.err
}

func validID(id string) bool {
	if len(id) < 2 || len(id) > 128 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func (d *Debuginfod) fetch(id string) (string, error) {
	path := filepath.Join(d.Cache, id, "debuginfo")
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		return path, nil
	}
	var errs []string
	for _, u := range d.URLs {
		err := d.get(strings.TrimSuffix(u, "/")+"/buildid/"+id+"/debuginfo", path)
		if err == nil {
			return path, nil
		}
		errs = append(errs, err.Error())
	}
	return "", fmt.Errorf("debuginfod: build-id %s: %s", id, strings.Join(errs, "; "))
}

// get fetches url into path through a temporary file in path's directory.
func (d *Debuginfod) get(url, path string) (err error) {
	timeout := d.Timeout
	if timeout <= 0 {
		timeout = defaultTimeout
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if d.MaxTime > 0 {
		ctx, cancel = context.WithTimeout(ctx, d.MaxTime)
		defer cancel()
	}
	// The watchdog cancels the request when no progress was made for
	// timeout: the answer's headers, then each read of the body.
	watchdog := time.AfterFunc(timeout, cancel)
	defer watchdog.Stop()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", url, err)
	}
	req.Header.Set("User-Agent", "sonde")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", url, timedOut(ctx, err, timeout))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", url, resp.Status)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("debuginfod cache: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".debuginfo-*")
	if err != nil {
		return fmt.Errorf("debuginfod cache: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	buf := make([]byte, 256<<10)
	for {
		watchdog.Reset(timeout)
		n, rerr := resp.Body.Read(buf)
		if n > 0 {
			if _, err := tmp.Write(buf[:n]); err != nil {
				return fmt.Errorf("debuginfod cache: %w", err)
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return fmt.Errorf("%s: %w", url, timedOut(ctx, rerr, timeout))
		}
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("debuginfod cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("debuginfod cache: %w", err)
	}
	return nil
}

// timedOut names a cancellation by the watchdog or MaxTime as a timeout.
func timedOut(ctx context.Context, err error, timeout time.Duration) error {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("not done within DEBUGINFOD_MAXTIME: %w", err)
	case ctx.Err() != nil:
		return fmt.Errorf("nothing received for %v: %w", timeout, err)
	}
	return err
}
