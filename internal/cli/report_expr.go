package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"sonde/profile"
	"sonde/report"
)

// exprReport holds report's expression flags: --expr [FORMAT], --expr-only
// SPEC, --bins N, and --by FUNC@EXPR (or PROG@FUNC@EXPR), which names an
// expression rather than a level of the flat view.
type exprReport struct {
	on     bool
	format string
	only   string
	by     string // an expression for --by
	bins   int
}

// register adds the flags to fs. --expr stands alone (int-avg) or takes a
// format after "=" or, for the format names only, as the next word (see
// joinExprFormat).
func (x *exprReport) register(fs *flag.FlagSet) {
	fs.Var(&argFlag{on: &x.on, arg: &x.format}, "expr", "expression values (record --expr): int-avg, hist, min-max, quantiles or raw")
	fs.StringVar(&x.only, "expr-only", "", "with --expr: only this expression (PROG@FUNC@EXPR, FUNC@EXPR or EXPR)")
	fs.IntVar(&x.bins, "bins", 0, "value ranges of a histogram of many distinct numbers (default 10)")
}

// joinExprFormat turns "--expr hist" into "--expr=hist", so that PCT's
// "-expr SPEC int-avg" habit of a separate word works, while any other
// word after a bare --expr stays a data file.
func joinExprFormat(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if (a == "--expr" || a == "-expr") && i+1 < len(args) && slices.Contains(report.ExprFormatNames(), args[i+1]) {
			out = append(out, a+"="+args[i+1])
			i++
			continue
		}
		out = append(out, a)
	}
	return out
}

// takeBy moves --by's argument here when it names an expression
// (FUNC@EXPR or PROG@FUNC@EXPR) rather than a level of the flat view.
func (x *exprReport) takeBy(by *string) {
	if strings.Contains(*by, "@") {
		x.by, *by = *by, ""
	}
}

// wanted says whether an expression report replaces the views.
func (x *exprReport) wanted() bool { return x.on || x.by != "" }

// check refuses combinations that make no sense.
func (x *exprReport) check(f *reportFlags) error {
	if x.only != "" && !x.on {
		return errors.New("--expr-only applies to --expr")
	}
	if x.bins < 0 {
		return fmt.Errorf("--bins %d: want a positive number", x.bins)
	}
	if !x.wanted() {
		return nil
	}
	if x.on && x.by != "" {
		return errors.New("--expr and --by EXPR: choose one")
	}
	if f.format != "text" {
		return fmt.Errorf("--format %s exports the whole profile: --expr and --by EXPR are text reports", f.format)
	}
	views := f.flat || f.functions || f.hier || f.top != 0
	for _, on := range f.more {
		views = views || *on
	}
	if views {
		return errors.New("--expr and --by EXPR are reports of their own: give no other view")
	}
	if x.on && x.format != "" {
		if _, err := report.ParseExprFormat(x.format); err != nil {
			return fmt.Errorf("--expr: %w", err)
		}
	}
	return nil
}

// write prints the expression report of p.
func (x *exprReport) write(w io.Writer, p *profile.Profile) error {
	if x.by != "" {
		return report.WriteExprSplit(w, p, x.by, x.bins)
	}
	o := report.ExprOptions{Only: x.only, Bins: x.bins}
	if x.format != "" {
		f, err := report.ParseExprFormat(x.format)
		if err != nil {
			return err
		}
		o.Format = f
	}
	return report.WriteExprs(w, p, o)
}
