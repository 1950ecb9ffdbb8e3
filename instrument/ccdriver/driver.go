package ccdriver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Mode is one way of instrumenting a compilation unit: counting basic blocks
// in the assembly (BlocksMode), or, later, instrumenting the compiler's IR.
// The driver calls Compile for every source and Runtime once per link.
type Mode interface {
	// Name is the mode's --sonde-mode value.
	Name() string
	// Compile turns the source j.Src into the object file j.Obj, normally
	// through d.CompileToAsm and d.Assemble.
	Compile(d *Driver, j *Job) error
	// Runtime returns the object files (and linker flags) every link adds.
	Runtime(d *Driver) ([]string, error)
}

// Job is the compilation of one source file.
type Job struct {
	// Src is the source file as the command line names it.
	Src string
	// Lang is its language as -x spells it ("c", "c++", "assembler",
	// "assembler-with-cpp"), "" when the compiler infers it from the name.
	Lang string
	// Explicit says the language came from -x and must be passed on.
	Explicit bool
	// Obj is the object file to write.
	Obj string
	// Flags are the user's flags that apply to compiling this source (no
	// -o, -c, inputs or link-only flags), with dependency flags rewritten
	// to name Obj.
	Flags []string
	// AsmFlags are the user's flags that the assembler step needs (-m,
	// -Wa, target selection).
	AsmFlags []string
	// Shared says the command line links a shared library (-shared).
	Shared bool
}

// Driver runs one compiler command line.
type Driver struct {
	// Compiler is the real compiler command ("cc", "gcc", "clang++").
	Compiler string
	// CXX says the driver was called as "sonde c++".
	CXX bool
	// Mode instruments each unit.
	Mode Mode
	// Stdout and Stderr receive the compiler's own output.
	Stdout, Stderr io.Writer
	// TempDir holds intermediate files; it is removed after the run unless
	// Keep is set.
	TempDir string
	// Keep keeps intermediate files (--sonde-keep).
	Keep bool
	// CacheDir caches the compiled runtime ("" for the default).
	CacheDir string
}

// ExitError is a compiler (or assembler, linker) step that failed; its
// own messages already went to Stderr. Code is its exit status.
type ExitError struct {
	Step string
	Code int
}

// Error returns "STEP exited with status N".
func (e *ExitError) Error() string { return fmt.Sprintf("%s exited with status %d", e.Step, e.Code) }

// Run compiles and links as the command line args says, instrumenting
// every source. It returns nil or an error; an *ExitError carries the
// status of a failed compiler step.
func (d *Driver) Run(args []string) error {
	args, err := expandResponseFiles(args)
	if err != nil {
		return err
	}
	c, err := parse(args, d.CXX)
	if err != nil {
		return err
	}
	if c.passThrough != "" || (len(c.inputs) == 0 && c.compileOnly) {
		if uninstrumented(c.passThrough) && len(c.inputs) > 0 {
			// Code gets built but not counted: say so once.
			fmt.Fprintf(d.Stderr, "sonde: %s: compiled without counters (sonde cc instruments x86-64 assembly, not LTO bytecode or 32-bit code)\n", c.passThrough)
		}
		return d.run("compiler", d.Compiler, args...)
	}
	if c.compileOnly && c.out != "" && len(c.inputs) > 1 {
		// The compiler's own error message says it best.
		return d.run("compiler", d.Compiler, args...)
	}
	if d.TempDir == "" {
		dir, err := os.MkdirTemp("", "sonde-cc-")
		if err != nil {
			return fmt.Errorf("temporary directory: %w", err)
		}
		d.TempDir = dir
		if !d.Keep {
			defer os.RemoveAll(dir)
		}
	}
	objs := make(map[int]string, len(c.inputs))
	for n, in := range c.inputs {
		obj := filepath.Join(d.TempDir, fmt.Sprintf("%d-%s.o", n, stem(in.path)))
		if c.compileOnly {
			obj = stem(in.path) + ".o"
			if c.out != "" {
				obj = c.out
			}
		}
		j := &Job{Src: in.path, Lang: string(in.lang), Obj: obj, Explicit: in.explicit, Shared: c.shared}
		depTarget := obj
		if !c.compileOnly {
			depTarget = stem(in.path) + ".o"
		}
		for i, a := range c.args {
			if c.skip[i] || c.linkOnly[i] {
				continue
			}
			j.Flags = append(j.Flags, a)
			if asmFlag(a) {
				j.AsmFlags = append(j.AsmFlags, a)
			}
		}
		if c.md {
			if !c.hasMF {
				j.Flags = append(j.Flags, "-MF", strings.TrimSuffix(depTarget, filepath.Ext(depTarget))+".d")
			}
			if !c.hasMT {
				j.Flags = append(j.Flags, "-MT", depTarget)
			}
		}
		if !c.hasG && (in.lang != langAsm && in.lang != langAsmCpp) {
			j.Flags = append(j.Flags, "-g")
		}
		if err := d.Mode.Compile(d, j); err != nil {
			return err
		}
		objs[in.pos] = obj
	}
	if c.compileOnly {
		return nil
	}
	rt, err := d.Mode.Runtime(d)
	if err != nil {
		return err
	}
	var link []string
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if obj, ok := objs[i]; ok {
			link = append(link, obj)
			continue
		}
		if c.depFlags[i] {
			continue
		}
		if a == "-x" {
			i++
			continue
		}
		if strings.HasPrefix(a, "-x") {
			continue
		}
		link = append(link, a)
	}
	link = append(link, rt...)
	return d.run("linker", d.Compiler, link...)
}

// uninstrumented reports whether the pass-through option opt builds code
// that sonde cannot count (as opposed to preprocessing or a query).
func uninstrumented(opt string) bool {
	return strings.HasPrefix(opt, "-flto") || opt == "-m32" || opt == "-mx32" || opt == "-m16" || opt == "-emit-llvm"
}

// asmFlag reports whether the assembler step needs the user's flag a.
func asmFlag(a string) bool {
	return strings.HasPrefix(a, "-m") || strings.HasPrefix(a, "-Wa,") || strings.HasPrefix(a, "--target=") ||
		strings.HasPrefix(a, "-target") || strings.HasPrefix(a, "-B") || strings.HasPrefix(a, "--sysroot") ||
		a == "-fintegrated-as" || a == "-fno-integrated-as"
}

func stem(p string) string {
	b := filepath.Base(p)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// CompileToAsm compiles j.Src to assembly with the user's flags and extra,
// and returns the assembly file's path. Assembly sources are returned as
// they are (.s) or preprocessed (.S).
func (d *Driver) CompileToAsm(j *Job, extra ...string) (string, error) {
	out := filepath.Join(d.TempDir, stem(j.Obj)+"-"+stem(j.Src)+".s")
	var args []string
	switch lang(j.Lang) {
	case langAsm:
		return j.Src, nil
	case langAsmCpp:
		args = append(args, j.Flags...)
		args = append(args, extra...)
		args = append(args, "-E", "-o", out, "-x", "assembler-with-cpp", j.Src)
	default:
		args = append(args, j.Flags...)
		args = append(args, extra...)
		args = append(args, "-S", "-o", out)
		if j.Explicit {
			args = append(args, "-x", j.Lang)
		}
		args = append(args, j.Src)
	}
	if err := d.run("compiler", d.Compiler, args...); err != nil {
		return "", err
	}
	return out, nil
}

// Assemble assembles the assembly file asm into j.Obj. clang 14's
// assembler warns about its own compiler's output when a unit's .file
// directives mix ones with and without MD5 sums (a #line to another name
// does that); the user never sees that warning without sonde, so it is
// dropped here, and everything else the assembler says is passed on.
func (d *Driver) Assemble(j *Job, asm string) error {
	args := append([]string{}, j.AsmFlags...)
	args = append(args, "-c", "-x", "assembler", "-o", j.Obj, asm)
	var msgs bytes.Buffer
	stderr := d.Stderr
	d.Stderr = &msgs
	err := d.run("assembler", d.Compiler, args...)
	d.Stderr = stderr
	io.WriteString(d.Stderr, dropMD5Warnings(msgs.String()))
	return err
}

// dropMD5Warnings removes clang's "inconsistent use of MD5 checksums"
// warnings (the message, the quoted line and the caret) from msgs.
func dropMD5Warnings(msgs string) string {
	lines := strings.SplitAfter(msgs, "\n")
	var b strings.Builder
	for i := 0; i < len(lines); i++ {
		if strings.Contains(lines[i], "warning: inconsistent use of MD5 checksums") {
			i += 2 // the .file line and the caret under it
			continue
		}
		b.WriteString(lines[i])
	}
	return b.String()
}

// run runs one step with the driver's output streams.
func (d *Driver) run(step, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Stdin = os.Stdin
	cmd.Stdout, cmd.Stderr = d.Stdout, d.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return &ExitError{Step: step, Code: ee.ExitCode()}
	}
	if err != nil {
		return fmt.Errorf("run %s: %w", name, err)
	}
	return nil
}
