package ir

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"sort"
	"strings"

	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/symbol"
)

// CurrentSymbol is the runtime's thread-local pointer to the tick counter
// of the function running now (the paper's "current").
const CurrentSymbol = "__sonde_attrib_current"

// Section is the ELF section that holds one descriptor per instrumented
// module; the runtime walks it between __start_ and __stop_ symbols.
// Each descriptor is, in C:
//
//	struct { uint64_t *calls, *ticks; uint64_t nfuncs;
//	         const unsigned char *units; uint64_t units_len; };
//
// where units is the payload of the module's Units frame (8-byte hash,
// then the body) and calls[i], ticks[i] count the unit i.
const Section = "sonde_attrib"

// Options says how to instrument one module.
type Options struct {
	// Scope names the module in the profile's units: the source file's
	// absolute path.
	Scope string
	// Atomic makes the call-count increments atomic (lock-prefixed), so
	// that threads calling the same function at once lose no counts.
	Atomic bool
	// Unprofiled leaves the functions whose readable or symbol name it
	// matches uninstrumented: their time is charged to their callers.
	Unprofiled *regexp.Regexp
	// LocalExec says the module is linked into the executable that defines
	// CurrentSymbol (it is not compiled for a shared library): "current"
	// is then reached at a fixed offset from the thread pointer
	// (thread_local(localexec), one instruction and no register), instead
	// of through the GOT entry the dynamic linker fills in
	// (initialexec), which shared libraries need so that they share the
	// executable's or the first library's "current".
	LocalExec bool
}

// Result is an instrumented module.
type Result struct {
	// IR is the instrumented module text.
	IR []byte
	// Units are the module's function units, one per instrumented
	// function, Index being the function's counter number.
	Units []profile.Unit
	// Hash is the Units frame hash (datafile.UnitsHash of Units).
	Hash uint64
	// Calls counts the call sites seen, Resets the resets inserted after
	// calls, invokes and landing pads, Exempt the call sites left alone.
	Calls, Resets, Exempt int
}

type insertion struct {
	at   int
	text string
}

// Instrument rewrites the LLVM IR module text as the package doc says.
// A module with no function definitions comes back unchanged.
func Instrument(text []byte, o *Options) (*Result, error) {
	if o == nil {
		o = &Options{}
	}
	m, err := parse(text)
	if err != nil {
		return nil, err
	}
	lambdas := m.lambdaVariables()
	res := &Result{}
	var ins []insertion
	k := 0
	type planned struct {
		f    *function
		info funcInfo
	}
	var plan []planned
	for _, f := range m.funcs {
		if f.skip {
			continue
		}
		info := m.describe(f, lambdas, o.Scope)
		if o.Unprofiled != nil && (o.Unprofiled.MatchString(info.name) || o.Unprofiled.MatchString(f.name) ||
			o.Unprofiled.MatchString(symbol.Demangle(info.unit))) {
			continue
		}
		plan = append(plan, planned{f, info})
	}
	n := len(plan)
	if n == 0 {
		return &Result{IR: text}, nil
	}
	g := newGen(m.opaque, n, o.Atomic)
	g.localExec = o.LocalExec
	for _, p := range plan {
		f := p.f
		res.Units = append(res.Units, profile.Unit{
			Kind: profile.UnitFunction, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: o.Scope, Index: k, Func: p.info.unit, File: p.info.file, Line: p.info.line,
		})
		ins = append(ins, insertion{f.entryAt, g.entry(k)})
		for _, at := range f.resets {
			ins = append(ins, insertion{at, g.reset(k)})
		}
		res.Calls += f.calls
		res.Exempt += f.exempt
		res.Resets += len(f.resets)
		k++
	}
	body := datafile.EncodeUnits(nil, res.Units)
	res.Hash = datafile.UnitsHash(res.Units)
	payload := make([]byte, 8, 8+len(body))
	for i := 0; i < 8; i++ {
		payload[i] = byte(res.Hash >> (8 * i))
	}
	payload = append(payload, body...)
	h := fnv.New64a()
	h.Write([]byte(o.Scope))
	h.Write(text)
	tail := g.globals(payload, fmt.Sprintf("%016x", h.Sum64()))
	// The globals start with a newline, which also ends a last line that
	// has none.
	ins = append(ins, insertion{len(text), tail})
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].at < ins[j].at })
	var b strings.Builder
	b.Grow(len(text) + 256*len(ins))
	last := 0
	for _, in := range ins {
		at := in.at
		if at > len(text) {
			at = len(text)
		}
		b.Write(text[last:at])
		b.WriteString(in.text)
		last = at
	}
	b.Write(text[last:])
	res.IR = []byte(b.String())
	return res, nil
}

// gen writes the inserted IR statements for one module.
type gen struct {
	opaque    bool
	localExec bool
	n         int
	atomic    bool
	seq       int
}

func newGen(opaque bool, n int, atomic bool) *gen { return &gen{opaque: opaque, n: n, atomic: atomic} }

// ptr returns the pointer type to elem.
func (g *gen) ptr(elem string) string {
	if g.opaque {
		return "ptr"
	}
	return elem + "*"
}

// elem returns a constant pointer to element k of the counter array arr.
func (g *gen) elem(arr string, k int) string {
	at := fmt.Sprintf("[%d x i64]", g.n)
	return fmt.Sprintf("%s getelementptr inbounds (%s, %s @%s, i64 0, i64 %d)", g.ptr("i64"), at, g.ptr(at), arr, k)
}

// entry increments function k's call count and makes it current.
func (g *gen) entry(k int) string {
	g.seq++
	calls := g.elem("__sonde_attrib.calls", k)
	var b strings.Builder
	if g.atomic {
		fmt.Fprintf(&b, "  %%__sonde.%d = atomicrmw add %s, i64 1 monotonic, align 8\n", g.seq, calls)
	} else {
		fmt.Fprintf(&b, "  %%__sonde.%d = load i64, %s, align 8\n", g.seq, calls)
		fmt.Fprintf(&b, "  %%__sonde.%d.1 = add i64 %%__sonde.%d, 1\n", g.seq, g.seq)
		fmt.Fprintf(&b, "  store i64 %%__sonde.%d.1, %s, align 8\n", g.seq, calls)
	}
	b.WriteString(g.reset(k))
	return b.String()
}

// reset makes function k's tick counter current. The store is volatile:
// only the timer's signal handler reads "current", which the optimizer
// cannot see, so it would otherwise keep only the last of a run of stores
// (dead store elimination) and charge an inlined callee's time to its
// caller.
func (g *gen) reset(k int) string {
	return fmt.Sprintf("  store volatile %s, %s @%s, align 8\n", g.elem("__sonde_attrib.ticks", k), g.ptr(g.ptr("i64")), CurrentSymbol)
}

// globals declares the counters, the Units payload, the descriptor and the
// runtime's current pointer.
func (g *gen) globals(payload []byte, id string) string {
	var b strings.Builder
	at := fmt.Sprintf("[%d x i64]", g.n)
	bt := fmt.Sprintf("[%d x i8]", len(payload))
	b.WriteString("\n; sonde attrib instrumentation (Appel, Duba and MacQueen)\n")
	model := "initialexec"
	if g.localExec {
		model = "localexec"
	}
	fmt.Fprintf(&b, "@%s = external thread_local(%s) global %s, align 8\n", CurrentSymbol, model, g.ptr("i64"))
	fmt.Fprintf(&b, "@__sonde_attrib.calls = internal global %s zeroinitializer, align 8\n", at)
	fmt.Fprintf(&b, "@__sonde_attrib.ticks = internal global %s zeroinitializer, align 8\n", at)
	fmt.Fprintf(&b, "@__sonde_attrib.units = private constant %s c\"", bt)
	for _, c := range payload {
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%02X", c)
		}
	}
	b.WriteString("\", align 8\n")
	first := func(arr, t string) string {
		return fmt.Sprintf("%s getelementptr inbounds (%s, %s @%s, i64 0, i64 0)", g.ptr(strings.TrimSuffix(strings.Fields(t)[2], "]")), t, g.ptr(t), arr)
	}
	fmt.Fprintf(&b, "@__sonde_attrib_cu.%s = hidden global { %s, %s, i64, %s, i64 } { %s, %s, i64 %d, %s, i64 %d }, section %q, align 8\n",
		id, g.ptr("i64"), g.ptr("i64"), g.ptr("i8"),
		first("__sonde_attrib.calls", at), first("__sonde_attrib.ticks", at), g.n,
		first("__sonde_attrib.units", bt), len(payload), Section)
	return b.String()
}
