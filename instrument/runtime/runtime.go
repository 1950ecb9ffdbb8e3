// Package runtime holds the C runtime that programs built by "sonde cc" link
// with, and compiles it on demand with the user's own compiler, caching the
// object file per compiler.
//
// The runtime finds the instrumented compilation units through the
// descriptors the instrumenter (package sonde/instrument/asm) puts in the
// sonde_cus section, and appends the counts to $SONDE_OUT (default
// sonde.data) at exit, on fatal signals and on the signal $SONDE_SIGNAL
// names. Its symbols are hidden, so every executable and shared library
// built by sonde cc carries its own copy and writes its own run.
package runtime

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Source is the runtime's C source.
//
//go:embed csrc/sonde_rt.c
var Source []byte

// Object returns the path of the runtime compiled by compiler (a command
// name or path) for the target that extra flags select ("-m64"), building
// it into cacheDir the first time. An empty cacheDir means
// $SONDE_CACHE, else os.UserCacheDir()/sonde. Concurrent callers (make -j)
// are safe: the object is written under a temporary name and renamed.
func Object(compiler string, extra []string, cacheDir string) (string, error) {
	exe, err := exec.LookPath(compiler)
	if err != nil {
		return "", fmt.Errorf("build runtime: %w", err)
	}
	st, err := os.Stat(exe)
	if err != nil {
		return "", fmt.Errorf("build runtime: %w", err)
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
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%s\x00", exe, st.Size(), st.ModTime().UnixNano(), strings.Join(extra, "\x00"))
	h.Write(Source)
	key := hex.EncodeToString(h.Sum(nil)[:12])
	obj := filepath.Join(cacheDir, "rt-"+key+".o")
	if _, err := os.Stat(obj); err == nil {
		return obj, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("build runtime: %w", err)
	}
	tmp, err := os.MkdirTemp(cacheDir, "build-")
	if err != nil {
		return "", fmt.Errorf("build runtime: %w", err)
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "sonde_rt.c")
	if err := os.WriteFile(src, Source, 0o644); err != nil {
		return "", fmt.Errorf("build runtime: %w", err)
	}
	out := filepath.Join(tmp, "sonde_rt.o")
	args := append([]string{"-x", "c", "-O2", "-fPIC", "-fvisibility=hidden", "-g0", "-w"}, extra...)
	args = append(args, "-c", "-o", out, src)
	if msg, err := exec.Command(exe, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("build runtime with %s: %w\n%s", compiler, err, msg)
	}
	if err := os.Rename(out, obj); err != nil {
		return "", fmt.Errorf("build runtime: %w", err)
	}
	return obj, nil
}
