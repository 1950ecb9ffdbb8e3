package objfile_test

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sonde/internal/testprog"
	. "sonde/objfile"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}

// funcNames returns the names of the DW_TAG_subprogram DIEs with code in
// f's DWARF.
func funcNames(t *testing.T, f *File) map[string]bool {
	t.Helper()
	d, err := f.DWARF()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	r := d.Reader()
	for {
		e, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if e == nil {
			return names
		}
		if n, ok := e.Val(dwarf.AttrName).(string); ok && e.Tag == dwarf.TagSubprogram && e.Val(dwarf.AttrLowpc) != nil {
			names[n] = true
		}
	}
}

// TestSeparateDebugFile: the DWARF of a program whose debug information
// was moved out is found through its .gnu_debuglink and through the
// .build-id layout, and is the unstripped program's (the same functions);
// a debug file whose CRC or build-id does not match is refused, and
// Missing says where the file was looked for.
func TestSeparateDebugFile(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	ref, err := Open(bin, &Options{DebugDirs: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	if ref.Separate() || !ref.HasDWARF() || ref.BuildID == "" {
		t.Fatalf("unstripped: Separate %v HasDWARF %v BuildID %q", ref.Separate(), ref.HasDWARF(), ref.BuildID)
	}
	want := funcNames(t, ref)
	for _, layout := range []testprog.DebugLayout{testprog.DebugLink, testprog.BuildIDDir} {
		t.Run(layout.String(), func(t *testing.T) {
			exe, debugDir := testprog.SeparateDebug(t, bin, layout)
			f, err := Open(exe, &Options{DebugDirs: []string{debugDir}, NoDebuginfod: true})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if !f.Separate() || f.BuildID != ref.BuildID {
				t.Fatalf("Separate %v, build-id %q (want %q); missing: %s", f.Separate(), f.BuildID, ref.BuildID, f.Why())
			}
			got := funcNames(t, f)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("functions %v, unstripped %v", got, want)
			}
			if syms, src := f.Symbols(); len(syms) == 0 || src != "symtab" {
				t.Errorf("Symbols: %d from %q, want strip -g's .symtab", len(syms), src)
			}
			// Spoil the debug file: it must be refused, and said.
			if err := os.WriteFile(f.DebugPath, append(mustRead(t, f.DebugPath), 0), 0o644); err != nil {
				t.Fatal(err)
			}
			if layout == testprog.BuildIDDir {
				// A build-id file whose note is another's.
				other := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O1", "-g"}})
				copyTo(t, other, f.DebugPath)
			}
			g, err := Open(exe, &Options{DebugDirs: []string{debugDir}, NoDebuginfod: true})
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			wantWhy := "CRC"
			if layout == testprog.BuildIDDir {
				wantWhy = "build-id"
			}
			if g.HasDWARF() || !strings.Contains(g.Why(), wantWhy) || !strings.Contains(g.Why(), "separate debug file: ") {
				t.Errorf("spoilt debug file: HasDWARF %v, Why %q, want it refused for its %s", g.HasDWARF(), g.Why(), wantWhy)
			}
			if _, err := g.DWARF(); !errors.Is(err, ErrNoDWARF) {
				t.Errorf("DWARF() = %v, want ErrNoDWARF", err)
			}
		})
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func copyTo(t *testing.T, from, to string) {
	t.Helper()
	if err := os.WriteFile(to, mustRead(t, from), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNotELF: a file that is not ELF, or a truncated one, is an error
// naming it, never a panic.
func TestNotELF(t *testing.T) {
	dir := t.TempDir()
	bin := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"text", []byte("#!/bin/sh\necho hi\n"), ErrNotELF},
		{"truncated", mustRead(t, bin)[:200], nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name)
			if err := os.WriteFile(p, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := Open(p, nil)
			if err == nil {
				f.Close()
				t.Fatalf("Open(%s) succeeded", tc.name)
			}
			if !strings.Contains(err.Error(), p) || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("Open: %v, want an error naming %s (wrapping %v)", err, p, tc.want)
			}
		})
	}
}

// freePort returns a TCP port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startDebuginfod runs elfutils' debuginfod (Debian package debuginfod)
// serving the ELF files of dir and returns its URL once it serves the
// debug file of build-id id.
func startDebuginfod(t *testing.T, dir, id string) string {
	t.Helper()
	server := testprog.Require(t, "debuginfod")
	port := freePort(t)
	cmd := exec.Command(server, "-F", dir, "-p", fmt.Sprint(port), "-d", filepath.Join(t.TempDir(), "db.sqlite"), "-t", "1")
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	// The server scans dir after it starts: poll until it knows id. The
	// bound guards against a broken server; it is not a measure.
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		resp, err := http.Get(url + "/buildid/" + id + "/debuginfo") // it answers GET only
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("debuginfod -F %s does not serve %s: %v\n%s", dir, id, err, log.String())
		}
	}
}

// TestDebuginfod fetches the debug file of a stripped program from a real
// debuginfod server (elfutils', serving the file made by objcopy
// --only-keep-debug), through DEBUGINFOD_URLS and DEBUGINFOD_CACHE_PATH:
// the DWARF found is the unstripped program's, the file lands in the cache
// as elfutils lays it out (CACHE/ID/debuginfo), a second Open with the
// server gone reads the cache, and a build-id the server does not know is
// one line naming the server and its answer.
func TestDebuginfod(t *testing.T) {
	testprog.Require(t, "debuginfod")
	bin := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	ref, err := Open(bin, &Options{DebugDirs: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	want := funcNames(t, ref)

	srv := t.TempDir()
	exe := filepath.Join(t.TempDir(), "prog")
	copyTo(t, bin, exe)
	for _, c := range [][]string{{"objcopy", "--only-keep-debug", bin, filepath.Join(srv, "prog.debug")}, {"strip", "-g", exe}} {
		if out, err := exec.Command(testprog.Require(t, c[0]), c[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", c, err, out)
		}
	}
	url := startDebuginfod(t, srv, ref.BuildID)
	cache := t.TempDir()
	t.Setenv("DEBUGINFOD_URLS", url)
	t.Setenv("DEBUGINFOD_CACHE_PATH", cache)
	di := DebuginfodFromEnv()
	if di == nil || di.Cache != cache {
		t.Fatalf("DebuginfodFromEnv() = %+v", di)
	}
	f, err := Open(exe, &Options{DebugDirs: []string{}, Debuginfod: di})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cached := filepath.Join(cache, ref.BuildID, "debuginfo")
	if !f.Separate() || f.DebugPath != cached {
		t.Fatalf("DebugPath %q, want %q; missing: %s", f.DebugPath, cached, f.Why())
	}
	if got := funcNames(t, f); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("functions %v, unstripped %v", got, want)
	}

	// The cache answers when the server is gone.
	gone := &Debuginfod{URLs: []string{fmt.Sprintf("http://127.0.0.1:%d", freePort(t))}, Cache: cache, Timeout: 5 * time.Second}
	g, err := Open(exe, &Options{DebugDirs: []string{}, Debuginfod: gone})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if g.DebugPath != cached {
		t.Errorf("with the server gone: DebugPath %q, want the cache's %q (%s)", g.DebugPath, cached, g.Why())
	}

	// A build-id the server does not have: one line, naming the server.
	_, err = di.Fetch("00112233445566778899aabbccddeeff00112233")
	if err == nil || !strings.Contains(err.Error(), url) || !strings.Contains(err.Error(), "404") || strings.Contains(err.Error(), "\n") {
		t.Errorf("Fetch(unknown) = %v, want one line naming %s and its 404", err, url)
	}
}

// TestDebuginfodSilentServer: a server that accepts the connection and
// never answers fails the fetch after Timeout instead of hanging it, and
// the error says so.
func TestDebuginfodSilentServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var conns []net.Conn
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			conns = append(conns, c) // held open, never answered
		}
	}()
	d := &Debuginfod{URLs: []string{"http://" + l.Addr().String()}, Cache: t.TempDir(), Timeout: 500 * time.Millisecond}
	_, err = d.Fetch("abcdef0123")
	if err == nil || !strings.Contains(err.Error(), "nothing received") {
		t.Errorf("Fetch from a silent server = %v, want a timeout", err)
	}
	// The failure is remembered: a second Fetch answers the same at once.
	if _, err2 := d.Fetch("abcdef0123"); fmt.Sprint(err2) != fmt.Sprint(err) {
		t.Errorf("second Fetch = %v, want the first's %v", err2, err)
	}
}
