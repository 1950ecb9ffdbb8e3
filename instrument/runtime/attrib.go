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

// AttribSource is the C source of the attrib-mode runtime (sonde cc
// --sonde-mode=attrib): per-thread CPU-time timers charging ticks to the
// thread's current function, and the data-file writer for its counts.
//
//go:embed csrc/sonde_attrib.c
var AttribSource []byte

// FrameSource is sonde_frame.h, the data-file frame writer in C that
// AttribSource includes (CRC-32, uvarints, one writev per frame).
//
//go:embed csrc/sonde_frame.h
var FrameSource []byte

// AttribLinkFlags are the flags every link of an attrib-mode program adds
// besides AttribObject: threads get their timer through a pthread_create
// wrapper.
var AttribLinkFlags = []string{"-Wl,--wrap=pthread_create", "-pthread"}

// AttribObject returns the attrib runtime compiled by compiler for extra
// flags, cached in cacheDir as Object caches the blocks runtime.
func AttribObject(compiler string, extra []string, cacheDir string) (string, error) {
	exe, err := exec.LookPath(compiler)
	if err != nil {
		return "", fmt.Errorf("build attrib runtime: %w", err)
	}
	st, err := os.Stat(exe)
	if err != nil {
		return "", fmt.Errorf("build attrib runtime: %w", err)
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
	fmt.Fprintf(h, "attrib\x00%s\x00%d\x00%d\x00%s\x00", exe, st.Size(), st.ModTime().UnixNano(), strings.Join(extra, "\x00"))
	h.Write(AttribSource)
	h.Write(FrameSource)
	obj := filepath.Join(cacheDir, "attrib-"+hex.EncodeToString(h.Sum(nil)[:12])+".o")
	if _, err := os.Stat(obj); err == nil {
		return obj, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("build attrib runtime: %w", err)
	}
	tmp, err := os.MkdirTemp(cacheDir, "build-")
	if err != nil {
		return "", fmt.Errorf("build attrib runtime: %w", err)
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "sonde_attrib.c")
	if err := os.WriteFile(src, AttribSource, 0o644); err != nil {
		return "", fmt.Errorf("build attrib runtime: %w", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "sonde_frame.h"), FrameSource, 0o644); err != nil {
		return "", fmt.Errorf("build attrib runtime: %w", err)
	}
	out := filepath.Join(tmp, "sonde_attrib.o")
	args := append([]string{"-x", "c", "-O2", "-fPIC", "-fvisibility=hidden", "-g0", "-w"}, extra...)
	args = append(args, "-c", "-o", out, src)
	if msg, err := exec.Command(exe, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("build attrib runtime with %s: %w\n%s", compiler, err, msg)
	}
	if err := os.Rename(out, obj); err != nil {
		return "", fmt.Errorf("build attrib runtime: %w", err)
	}
	return obj, nil
}
