package monitor

import (
	"bytes"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"sonde/internal/linux/unix"
	"sonde/monitor/ptracer"
)

// TestStartTargetFallBack: startTarget decides the engine of an attached
// process once, and every fall back to uprobes says so the same way: one
// notice line, and a note in place of the auto engine's "ptrace" note.
// The cases are the two falls back (a process another tracer holds,
// here this test by PTRACE_SEIZE, under --engine auto; --trampolines=false
// with -p under auto or ptrace) and the ptrace engine kept.
func TestStartTargetFallBack(t *testing.T) {
	const autoNote = "engine auto: ptrace (sonde could attach: a hit costs nanoseconds, not a uprobe's microseconds)"
	for _, tc := range []struct {
		name          string
		engine        EngineKind
		noTrampolines bool
		traced        bool
		want          EngineKind
		notice, note  string // "" when none
	}{
		{"auto", EngineAuto, false, false, EnginePtrace, "", ""},
		{"ptrace", EnginePtrace, false, false, EnginePtrace, "", ""},
		{"auto/traced", EngineAuto, false, true, EngineUprobe, "cannot trace process", "engine auto: uprobes, since ptrace cannot attach (already traced by "},
		{"auto/int3", EngineAuto, true, false, EngineUprobe, "--trampolines=false with -p: counting every site with uprobes", "--trampolines=false with -p: every site counted by uprobes"},
		{"ptrace/int3", EnginePtrace, true, false, EngineUprobe, "--trampolines=false with -p: counting every site with uprobes", "--trampolines=false with -p: every site counted by uprobes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("sleep", "30")
			if err := cmd.Start(); err != nil {
				t.Skipf("no sleep(1): %v", err)
			}
			defer func() { cmd.Process.Kill(); go cmd.Wait() }()
			pid := cmd.Process.Pid
			if tc.traced {
				seized := make(chan error)
				go func() {
					runtime.LockOSThread() // the tracer is this thread; it stays locked
					seized <- unix.PtraceSeize(pid, 0)
					select {}
				}()
				if err := <-seized; err != nil {
					t.Fatalf("seize %d: %v", pid, err)
				}
			}
			var notice bytes.Buffer
			opts := &Options{PID: pid, Engine: tc.engine, NoTrampolines: tc.noTrampolines, Notice: &notice}
			res := &Result{}
			kind := tc.engine
			if kind == EngineAuto {
				kind = EnginePtrace
				res.Notes = []string{autoNote}
			}
			type started struct {
				kind EngineKind
				err  error
			}
			done := make(chan started)
			go ptracer.Run(ptracer.SeizeOptions, func(tracer *ptracer.Tracer) error {
				tg, k, err := startTarget(tracer, opts, kind, res)
				if err == nil {
					tg.abort() // detach from what it seized
				}
				done <- started{k, err}
				return nil
			})
			got := <-done
			if got.err != nil {
				t.Fatal(got.err)
			}
			if got.kind != tc.want {
				t.Errorf("engine %v, want %v", got.kind, tc.want)
			}
			lines := strings.Split(strings.TrimSuffix(notice.String(), "\n"), "\n")
			switch {
			case tc.notice == "" && notice.Len() != 0:
				t.Errorf("notice %q, want none", notice.String())
			case tc.notice != "" && (len(lines) != 1 || !strings.HasPrefix(lines[0], "sonde count: "+tc.notice)):
				t.Errorf("notice %q, want one line starting %q", notice.String(), "sonde count: "+tc.notice)
			}
			if tc.note == "" {
				if tc.engine == EngineAuto && (len(res.Notes) != 1 || res.Notes[0] != autoNote) {
					t.Errorf("notes %q, want the auto note alone", res.Notes)
				}
				return
			}
			if len(res.Notes) != 1 || !strings.HasPrefix(res.Notes[0], tc.note) {
				t.Errorf("notes %q, want one, starting %q (the auto note replaced)", res.Notes, tc.note)
			}
		})
	}
}
