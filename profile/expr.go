package profile

import (
	"fmt"
	"strconv"
	"strings"
)

// ExprDef is one expression a sampling collector evaluated at its samples
// (`sonde record --expr PROG@FUNC@EXPR`, PCT's "-expr" of section 3): EXPR in
// the frame of function FUNC, in processes whose executable's base name
// matches PROG.
type ExprDef struct {
	// Spec is the expression as given on the command line,
	// "hier-test@worker@n".
	Spec string
	// Prog is the program pattern: a glob or a substring of the
	// executable's base name.
	Prog string
	// Func is the function in whose frame Expr is evaluated.
	Func string
	// Expr is the expression in the program's language.
	Expr string
}

// ParseExprSpec splits "PROG@FUNC@EXPR" into an ExprDef. EXPR may contain
// '@' itself; PROG and FUNC may not, and none of the three may be empty.
func ParseExprSpec(spec string) (ExprDef, error) {
	prog, rest, ok1 := strings.Cut(spec, "@")
	fn, expr, ok2 := strings.Cut(rest, "@")
	if !ok1 || !ok2 || prog == "" || fn == "" || strings.TrimSpace(expr) == "" {
		return ExprDef{}, fmt.Errorf("expression %q: want PROG@FUNC@EXPR, like hier-test@worker@n", spec)
	}
	return ExprDef{Spec: spec, Prog: prog, Func: fn, Expr: expr}, nil
}

// ExprStatus says whether an expression could be read at a sample.
type ExprStatus uint8

// The statuses of an ExprValue. A sample whose stack does not hold the
// expression's function carries no value for it at all.
const (
	ExprOK           ExprStatus = iota + 1 // read: Text (and Num) hold the value
	ExprOptimizedOut                       // DWARF says the value is not available at this pc
	ExprUnavailable                        // the location could not be read (memory, register not recovered)
)

var exprStatusNames = [...]string{ExprOK: "ok", ExprOptimizedOut: "optimized-out", ExprUnavailable: "unavailable"}

// String returns "ok", "optimized-out" or "unavailable".
func (s ExprStatus) String() string {
	if int(s) < len(exprStatusNames) && exprStatusNames[s] != "" {
		return exprStatusNames[s]
	}
	return "ExprStatus(" + strconv.Itoa(int(s)) + ")"
}

// ExprValue is the value of one expression at one sample.
type ExprValue struct {
	// Expr is an index into Profile.Exprs (in a data file Writer: the
	// run-local index given to WriteExprDef).
	Expr int32
	// Status says whether the value was read.
	Status ExprStatus
	// HasNum says whether Num holds the value as a number (integers,
	// floating point, pointers, characters, enums' numeric values).
	HasNum bool
	// Num is the numeric value when HasNum.
	Num float64
	// Text is the value as gdb's print command shows it ("8376123",
	// "RED", "0x4005d0"); for a value not read, why, when known.
	Text string
}

func exprValuesString(vs []ExprValue) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%s:%q", v.Expr, v.Status, v.Text)
		if v.HasNum {
			b.WriteString("=" + strconv.FormatFloat(v.Num, 'g', -1, 64))
		}
	}
	return b.String()
}
