package cli

import (
	"debug/elf"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"sonde/examples"
	"sonde/symbol"
)

func demoVerb() *verb {
	return &verb{
		name:    "demo",
		summary: "build the papers' example programs and profile them with every technique",
		run:     runDemo,
		usage: `
Usage: sonde demo [--dir DIR] [--cc COMPILER]

Writes the bundled example programs of the four papers (PCT's hier-test.c,
Weinberger's max.c, Bishop's Shell sort shell.c) to DIR (default: a
temporary directory, removed afterwards), builds them with COMPILER
(default: $CC, else cc; the sonde cc step uses it too) at -O2 -g, runs
them, and profiles them with every technique: sonde addr2line, sonde
record (PCT), sonde count (Bishop), sonde cc (Weinberger) and sonde cc
--sonde-mode=attrib (Appel, Duba & MacQueen), printing each report.

The demo installs nothing and changes no setting (except that sonde
count, as root, mounts tracefs where nobody has). A step this machine
cannot run (attrib without clang; a step the kernel refuses to a user
who is not root) prints one line "(skipped: WHY; remedy: HOW)" and the
demo goes on: it exits 0 unless a step fails for another reason or there
is no C compiler. Not run as root, sonde count counts with ptrace instead
of in-kernel uprobes, and says so in its notes.

To set up a fresh machine (clang, tracefs, sysctls) and run the demo,
run ./demo.sh as root from sonde's source tree, or sudo sonde doctor
--fix and then sudo sonde demo.

Examples:
  sonde demo
  sonde demo --dir /tmp/sonde-demo --cc clang
`,
	}
}

// demoStep is one technique the demo applies to every example. A step
// returns the text it shows for one built example.
type demoStep struct {
	name    string
	what    string
	pending string // non-empty: not built yet, by this issue
	// only names the examples the step suits, nil meaning all: sampling
	// needs a program that runs long enough to be sampled.
	only []string
	// skipped says why the step leaves the other examples out.
	skipped string
	// needs, when not nil, returns why the step cannot run on this
	// machine and the remedy ("clang not found; remedy: ..."), or "".
	needs func(e *env) string
	run   func(e *env, ex examples.Example, bin string) (string, error)
}

// applies reports whether the step runs on ex.
func (st demoStep) applies(ex examples.Example) bool {
	if st.only == nil {
		return true
	}
	for _, f := range st.only {
		if f == ex.File {
			return true
		}
	}
	return false
}

func demoSteps() []demoStep {
	return []demoStep{
		{name: "sonde addr2line", what: "where the paper's hot functions are in the binary (symbolizer: DWARF lines and inline frames)", run: demoSymbolize},
		{name: "sonde record", what: "statistical sampling (PCT), stacks unwound with DWARF CFI", run: demoRecord,
			only: []string{"hier-test.c"}, skipped: "runs for a few milliseconds: too short to sample at 999 Hz"},
		{name: "sonde count", what: "exact counts by patched breakpoints (Bishop)", run: demoCount},
		{name: "sonde cc", what: "exact basic-block counts from instrumented assembly (Weinberger)", run: demoCC},
		{name: "sonde cc --sonde-mode=attrib", what: "current-function time and calls from instrumented IR (Appel, Duba & MacQueen)", run: demoAttrib,
			only: []string{"hier-test.c"}, skipped: "runs for a few milliseconds: too short for a 1 kHz CPU timer", needs: demoAttribNeeds},
	}
}

func runDemo(e *env, args []string) int {
	fs := newFlagSet(e, "demo")
	dir := fs.String("dir", "", "directory for the example sources and binaries (default: a temporary one)")
	cc := fs.String("cc", "", "C compiler (default: $CC, else cc)")
	if code, ok := parseFlags(e, fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "sonde demo: unexpected argument %q (see 'sonde help demo')\n", fs.Arg(0))
		return exitUsage
	}
	compiler := *cc
	if compiler == "" {
		compiler = e.getenv("CC")
	}
	if compiler == "" {
		compiler = "cc"
	}
	if _, err := exec.LookPath(compiler); err != nil {
		return fail(e, "demo", fmt.Errorf("C compiler %q not found (install gcc, or pass --cc)", compiler))
	}
	// The sonde cc step builds with $CC: the demo's compiler.
	getenv := e.getenv
	e = &env{stdin: e.stdin, stdout: e.stdout, stderr: e.stderr, getenv: func(k string) string {
		if k == "CC" {
			return compiler
		}
		return getenv(k)
	}}
	work := *dir
	if work == "" {
		d, err := os.MkdirTemp("", "sonde-demo-")
		if err != nil {
			return fail(e, "demo", err)
		}
		defer os.RemoveAll(d)
		work = d
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return fail(e, "demo", err)
	}

	steps := demoSteps()
	failed := 0
	if os.Geteuid() != 0 {
		fmt.Fprintln(e.stdout, "(not root: sonde count counts with ptrace instead of in-kernel uprobes, and says so in its notes; remedy: run the demo as root, from the source tree sudo ./demo.sh)")
	}
	for _, ex := range examples.All {
		fmt.Fprintf(e.stdout, "=== %s — %s\n", ex.File, ex.Paper)
		bin, err := demoBuild(e, compiler, work, ex)
		if err != nil {
			return fail(e, "demo", err)
		}
		for _, st := range steps {
			if st.pending != "" {
				continue
			}
			fmt.Fprintf(e.stdout, "--- %s: %s\n", st.name, st.what)
			if !st.applies(ex) {
				fmt.Fprintf(e.stdout, "  (not applied: %s %s)\n", ex.File, st.skipped)
				continue
			}
			if st.needs != nil {
				if why := st.needs(e); why != "" {
					fmt.Fprintf(e.stdout, "  (skipped: %s)\n", why)
					continue
				}
			}
			out, err := st.run(e, ex, bin)
			if errors.Is(err, os.ErrPermission) && os.Geteuid() != 0 {
				// The kernel's refusal to a user who is not root is this
				// machine's setting, not a failure of the technique.
				fmt.Fprintf(e.stdout, "  (skipped: %v; remedy: run the demo as root, or see sonde doctor)\n", err)
				continue
			}
			if err != nil {
				// One technique failing (no permission for perf_event_open,
				// say) must not hide the others.
				fmt.Fprintf(e.stderr, "sonde demo: %s on %s: %v\n", st.name, ex.File, err)
				failed++
				continue
			}
			fmt.Fprint(e.stdout, out)
		}
		fmt.Fprintln(e.stdout)
	}
	header := false
	for _, st := range steps {
		if st.pending == "" {
			continue
		}
		if !header {
			fmt.Fprintln(e.stdout, "Techniques not built yet:")
			header = true
		}
		fmt.Fprintf(e.stdout, "  %-30s %s (%s)\n", st.name, st.what, st.pending)
	}
	if failed > 0 {
		return exitError
	}
	return exitOK
}

// demoBuild writes the example's source to work, builds it with -O2 -g,
// runs it once with its demo arguments and returns the binary's path.
func demoBuild(e *env, compiler, work string, ex examples.Example) (string, error) {
	src, err := fs.ReadFile(examples.Sources, path.Join("src", ex.File))
	if err != nil {
		return "", err
	}
	srcPath := filepath.Join(work, ex.File)
	if err := os.WriteFile(srcPath, src, 0o644); err != nil {
		return "", err
	}
	bin := strings.TrimSuffix(srcPath, ".c")
	args := append(append([]string{"-O2", "-g"}, ex.CFlags...), "-o", bin, srcPath)
	build := exec.Command(compiler, args...)
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build %s: %w\n%s", ex.File, err, out)
	}
	fmt.Fprintf(e.stdout, "built: %s %s\n", compiler, strings.Join(args, " "))
	run := exec.Command(bin, ex.Args...)
	run.Stdout, run.Stderr = e.stdout, e.stderr
	err = run.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		fmt.Fprintf(e.stdout, "ran:   %s (exit 0)\n", filepath.Base(bin))
	case errors.As(err, &exit):
		fmt.Fprintf(e.stdout, "ran:   %s (%s)\n", filepath.Base(bin), exit.ProcessState)
	default:
		return "", fmt.Errorf("run %s: %w", bin, err)
	}
	return bin, nil
}

// demoSymbolize shows, for each of the example's hot functions, the frames
// the symbolizer gives for the function's entry address.
func demoSymbolize(e *env, ex examples.Example, bin string) (string, error) {
	f, err := elf.Open(bin)
	if err != nil {
		return "", err
	}
	syms, err := f.Symbols()
	f.Close()
	if err != nil {
		return "", fmt.Errorf("%s: %w", bin, err)
	}
	entry := map[string]uint64{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Value != 0 {
			entry[s.Name] = s.Value
		}
	}
	obj, err := symbol.Open(bin, nil)
	if err != nil {
		return "", err
	}
	defer obj.Close()
	var b strings.Builder
	for _, name := range ex.Hot {
		addr, ok := entry[name]
		if !ok {
			fmt.Fprintf(&b, "  %-12s (inlined everywhere: no out-of-line copy)\n", name)
			continue
		}
		frames, err := obj.Frames(addr)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "  %#08x", addr)
		for i, fr := range frames {
			if i > 0 {
				b.WriteString("  (inlined by)")
			}
			fmt.Fprintf(&b, " %s at %s:%d", symbol.Demangle(fr.Func), filepath.Base(fr.File), fr.Line)
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}
