package ccdriver

import (
	"fmt"
	"os"
	"path/filepath"

	"sonde/instrument/asm"
	"sonde/instrument/runtime"
)

// BlocksMode counts basic blocks by instrumenting the compiler's assembly
// (Weinberger): --sonde-mode=blocks, the default.
type BlocksMode struct {
	// Atomic makes the counter increments lock-prefixed (--sonde-atomic).
	Atomic bool
}

// Name returns "blocks".
func (m *BlocksMode) Name() string { return "blocks" }

// Compile compiles j.Src to assembly, instruments it and assembles it.
func (m *BlocksMode) Compile(d *Driver, j *Job) error {
	s, err := d.CompileToAsm(j)
	if err != nil {
		return err
	}
	src, err := os.ReadFile(s)
	if err != nil {
		return fmt.Errorf("read assembly: %w", err)
	}
	scope, err := filepath.Abs(j.Src)
	if err != nil {
		return fmt.Errorf("source %s: %w", j.Src, err)
	}
	wd, _ := os.Getwd()
	res, err := asm.Instrument(src, &asm.Options{Scope: scope, Dir: wd, Atomic: m.Atomic})
	if err != nil {
		return fmt.Errorf("instrument %s: %w", j.Src, err)
	}
	// The instructions of each block, for sonde report --instructions (the
	// paper's x.sL), travel in res.Asm: the runtime writes them to the
	// data file as a Listing frame.
	out := filepath.Join(d.TempDir, stem(j.Obj)+"-"+stem(j.Src)+".sonde.s")
	if err := os.WriteFile(out, res.Asm, 0o644); err != nil {
		return fmt.Errorf("write instrumented assembly: %w", err)
	}
	return d.Assemble(j, out)
}

// Runtime returns the runtime object compiled with the driver's compiler
// and the flags that wrap _exit and exec with it.
func (m *BlocksMode) Runtime(d *Driver) ([]string, error) {
	o, err := runtime.Object(d.Compiler, nil, d.CacheDir)
	if err != nil {
		return nil, err
	}
	return append([]string{o}, runtime.LinkFlags()...), nil
}
