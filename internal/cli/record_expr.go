package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"sonde/dwarfvar"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/sample"
	"sonde/unwind"
)

// exprList is record's repeatable --expr PROG@FUNC@EXPR.
type exprList []profile.ExprDef

func (l *exprList) String() string {
	var s []string
	for _, d := range *l {
		s = append(s, d.Spec)
	}
	return strings.Join(s, ",")
}

func (l *exprList) Set(v string) error {
	d, err := profile.ParseExprSpec(v)
	if err != nil {
		return err
	}
	*l = append(*l, d)
	return nil
}

// recordExprFlags are record's expression flags.
type recordExprFlags struct {
	exprs exprList
	exact bool // --expr-exact: the ptrace sampler, values read while the thread is stopped
	gdb   bool // --gdb: gdb samples (record_gdb.go)
}

func (x *recordExprFlags) register(fs *flag.FlagSet) {
	fs.Var(&x.exprs, "expr", "PROG@FUNC@EXPR: evaluate EXPR in FUNC's frame at each sample (repeatable)")
	fs.BoolVar(&x.exact, "expr-exact", false, "evaluate with the thread stopped (the ptrace sampler): exact, dearer")
	fs.BoolVar(&x.gdb, "gdb", false, "sample through gdb (PCT's debugger collector): any expression gdb knows")
}

// apply checks the expression flags against the others and sets the
// sampler options they need: stack copies and registers (dwarf call
// graph), one sample per tick.
func (x *recordExprFlags) apply(f *recordFlags, o *sample.Options) error {
	if len(x.exprs) == 0 {
		if x.exact {
			return errors.New("--expr-exact applies to --expr")
		}
		return nil
	}
	if f.histogram {
		return errors.New("--expr keeps a value per sample: not with --histogram")
	}
	if x.exact && x.gdb {
		return errors.New("--expr-exact and --gdb: choose one")
	}
	if x.exact {
		if f.sampler == "perf" {
			return errors.New("--expr-exact stops the thread at each sample: it uses the ptrace sampler, not --sampler perf")
		}
		f.sampler = "ptrace"
	}
	// The expression's frame is found by unwinding the stack copy, and
	// its registers are the ones the CFI recovers there.
	o.CallGraph = sample.CallGraphDWARF
	if o.Unwinder == nil {
		o.Unwinder = unwind.NewDWARF()
	}
	return nil
}

// prepareExprs builds the evaluator and compiles every expression against
// the executables it applies to that are known before the run: the
// command's (found on $PATH as exec does) or the attached processes'. A
// function that is not there or an expression sonde cannot evaluate is a
// one-line error now, not a run full of unreadable values.
func prepareExprs(x *recordExprFlags, o *sample.Options, cmd []string, pids []int) (*sample.Exprs, error) {
	d, ok := o.Unwinder.(*unwind.DWARF)
	if !ok {
		return nil, errors.New("--expr: the unwinder cannot recover registers")
	}
	ev := sample.NewExprs(x.exprs, d)
	var exes []string
	if len(cmd) > 0 {
		if p, err := exec.LookPath(cmd[0]); err == nil {
			exes = append(exes, p)
		}
	}
	for _, pid := range pids {
		if p, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/exe"); err == nil {
			exes = append(exes, p)
		}
	}
	for _, exe := range exes {
		if _, err := ev.Prepare(exe); err != nil {
			var ce *dwarfvar.CompileError
			if errors.As(err, &ce) {
				return nil, fmt.Errorf("%w (sonde evaluates scalars, *p, p->f, s.f, a[i] and enums from DWARF; --gdb evaluates anything gdb can)", err)
			}
			return nil, err
		}
	}
	o.Exprs = ev
	return ev, nil
}

// writeExprDefs writes the expressions' ExprDef frames: run-local index
// = position, as the evaluator numbers its values.
func writeExprDefs(w *datafile.Writer, defs []profile.ExprDef) error {
	for i, d := range defs {
		if err := w.WriteExprDef(i, d); err != nil {
			return err
		}
	}
	return nil
}

// exprNote says in one line how the values were read and what it cost:
// sonde's evaluation per sample (unwinding included, reading the DWARF
// apart), and for the ptrace sampler how long each sampled thread was held.
func exprNote(ev *sample.Exprs, sampler string, st sample.Stats) string {
	es := ev.Stats()
	mode := "perf samples: registers and stack exact at the sample, other memory read with process_vm_readv some ms later"
	if sampler == "ptrace" {
		mode = "ptrace samples: read while the thread was stopped, exact"
		if st.Stops > 0 {
			mode += fmt.Sprintf(", each thread held %.0f-%.0f µs a sample (sampling, to interrupt-to-continue)", float64(st.StopWork)/1e3/float64(st.Stops), float64(st.StopTime)/1e3/float64(st.Stops))
		}
	}
	per := 0.0
	if es.Samples > 0 {
		per = float64(es.Time) / 1e3 / float64(es.Samples)
	}
	live := ""
	if es.LiveSamples > 0 {
		live = fmt.Sprintf(", in %d samples of running threads %.1f ms after the sample on average (at most %.1f ms)",
			es.LiveSamples, float64(es.LiveLag)/1e6/float64(es.LiveSamples), float64(es.MaxLag)/1e6)
	}
	return fmt.Sprintf("expr: %s; %d samples evaluated, %.1f µs each (unwinding included; reading DWARF and compiling %.0f ms once); values: %d read, %d optimized out, %d unavailable; %d memory reads outside the stack copy%s",
		mode, es.Samples, per, float64(es.Setup)/1e6, es.OK, es.OptimizedOut, es.Unavailable, es.Reads, live)
}
