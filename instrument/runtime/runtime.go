// Package runtime holds the C runtimes that programs built by "sonde cc" link
// with (sonde_rt.c for basic-block counts, sonde_attrib.c for
// --sonde-mode=attrib), compiles them on demand with the user's own
// compiler, caching the object file per compiler, and reads the counters
// of a running instrumented program from its memory (ReadLive, for sonde
// report -p).
//
// The blocks runtime finds the instrumented compilation units through the
// descriptors the instrumenter (package sonde/instrument/asm) puts in the
// sonde_cus section, and appends the counts to $SONDE_OUT (default
// sonde.data), with each unit's universe and the listing of its blocks
// (section sonde_listings) in the first write of a run, at exit, on fatal
// signals, on the signal $SONDE_SIGNAL names, and before the program's own calls of _exit, _Exit and the exec
// family (Wrapped, linked with LinkFlags). Its symbols are hidden, so every
// executable and shared library built by sonde cc carries its own copy and
// writes its own run.
//
// Both runtimes open the data file in their constructor, before the
// program can confine itself (Landlock, seccomp, chroot, dropped
// privileges), and write through that descriptor (O_APPEND, O_CLOEXEC, moved
// above the numbers the program's own open()s get). Before each write they
// check that the descriptor still is that file (a daemon may have closed
// every descriptor, or put a file of its own under the number) and open
// the path again if not. The path is resolved against the working
// directory at start-up, so a chdir does not move it. When no write gets
// through, the program's stderr gets one line naming the file and the
// errno.
package runtime

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Source is the runtime's C source; it includes FrameSource.
//
//go:embed csrc/sonde_rt.c
var Source []byte

// ExecSource is sonde_exec.h, the wrappers of _exit, _Exit and the exec
// family (Wrapped) that both runtimes include.
//
//go:embed csrc/sonde_exec.h
var ExecSource []byte

// FrameSource is sonde_frame.h, the data-file frame writer in C that both
// runtimes (Source and AttribSource) include: CRC-32, uvarints, one writev
// per frame, the Run head, notes, RunEnd, $SONDE_OUT and fatal signals.
//
//go:embed csrc/sonde_frame.h
var FrameSource []byte

// Wrapped names the libc functions whose calls the runtime wraps: each
// writes the counts as exit does, then makes the real call (gcov's
// __gcov_execve and friends do the same). posix_spawn needs no wrapper:
// the calling process goes on.
var Wrapped = []string{"_exit", "_Exit", "execve", "execv", "execvp", "execvpe", "execl", "execlp", "execle", "fexecve"}

// LinkFlags returns the linker flags that route the program's calls of the
// Wrapped functions to the runtime (--wrap=NAME: a reference to NAME binds
// to __wrap_NAME, and the runtime's __real_NAME to libc's NAME). The
// linker's --wrap works alike for static and dynamic links, where defining
// the functions themselves would clash with libc.a's members in -static
// links and would need dlsym(RTLD_NEXT), which static programs lack. Every
// link that adds the runtime object must add these, or __real_NAME stays
// undefined.
func LinkFlags() []string {
	var b strings.Builder
	b.WriteString("-Wl")
	for _, name := range Wrapped {
		b.WriteString(",--wrap=" + name)
	}
	return []string{b.String()}
}

// Object returns the path of the runtime compiled by compiler (a command
// name or path) for the target that extra flags select ("-m64"), building
// it into cacheDir the first time. An empty cacheDir means
// $SONDE_CACHE, else os.UserCacheDir()/sonde. Concurrent callers (make -j)
// are safe: the object is written under a temporary name and renamed.
func Object(compiler string, extra []string, cacheDir string) (string, error) {
	return blocksRuntime.object(compiler, extra, cacheDir)
}

// A cRuntime is one of the C runtimes: a main source file and the headers
// it includes, compiled together into one cached object.
type cRuntime struct {
	what    string // in errors: "build " + what + ": ..."
	prefix  string // of the cached object's name; also hashed into its key
	main    string // file name of the main source
	sources map[string][]byte
}

var blocksRuntime = cRuntime{
	what:   "runtime",
	prefix: "rt",
	main:   "sonde_rt.c",
	sources: map[string][]byte{
		"sonde_rt.c":    Source,
		"sonde_frame.h": FrameSource,
		"sonde_exec.h":  ExecSource,
	},
}

// object compiles r with compiler and extra flags into cacheDir, once per
// (compiler binary, flags, sources): the cache key hashes all of them, so
// an edit to a shared header rebuilds every runtime that includes it.
func (r *cRuntime) object(compiler string, extra []string, cacheDir string) (string, error) {
	exe, err := exec.LookPath(compiler)
	if err != nil {
		return "", fmt.Errorf("build %s: %w", r.what, err)
	}
	st, err := os.Stat(exe)
	if err != nil {
		return "", fmt.Errorf("build %s: %w", r.what, err)
	}
	if cacheDir == "" {
		cacheDir = os.Getenv("SONDE_CACHE")
	}
	if cacheDir == "" {
		d, err := os.UserCacheDir()
		if err != nil {
			d = os.TempDir()
		}
		cacheDir = filepath.Join(d, "sonde")
	}
	names := slices.Sorted(maps.Keys(r.sources))
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d\x00%s\x00", r.prefix, exe, st.Size(), st.ModTime().UnixNano(), strings.Join(extra, "\x00"))
	for _, name := range names {
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(r.sources[name]))
		h.Write(r.sources[name])
	}
	obj := filepath.Join(cacheDir, r.prefix+"-"+hex.EncodeToString(h.Sum(nil)[:12])+".o")
	if _, err := os.Stat(obj); err == nil {
		return obj, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("build %s: %w", r.what, err)
	}
	tmp, err := os.MkdirTemp(cacheDir, "build-")
	if err != nil {
		return "", fmt.Errorf("build %s: %w", r.what, err)
	}
	defer os.RemoveAll(tmp)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(tmp, name), r.sources[name], 0o644); err != nil {
			return "", fmt.Errorf("build %s: %w", r.what, err)
		}
	}
	out := filepath.Join(tmp, strings.TrimSuffix(r.main, ".c")+".o")
	args := append([]string{"-x", "c", "-O2", "-fPIC", "-fvisibility=hidden", "-g0", "-w"}, extra...)
	args = append(args, "-c", "-o", out, filepath.Join(tmp, r.main))
	if msg, err := exec.Command(exe, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("build %s with %s: %w\n%s", r.what, compiler, err, msg)
	}
	if err := os.Rename(out, obj); err != nil {
		return "", fmt.Errorf("build %s: %w", r.what, err)
	}
	return obj, nil
}
