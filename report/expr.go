package report

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"sonde/profile"
)

// The expression reports (sonde report --expr, --by EXPR): what the values
// that `sonde record --expr PROG@FUNC@EXPR` read at the samples say, in
// PCT's formatters (Blake & Bauer 2002, section 3: `-expr
// 'hier-test@worker@n' 'int-avg'` prints 8.38e+06) and a few more.
//
// Every figure is time-weighted: a sample weighs the CPU time it stands for
// (its last value, when that is in nanoseconds; else its "samples" count).
// perf samples of a CPU clock all weigh one period, so this is the plain
// mean over samples; the ptrace and gdb samplers interrupt at wall-clock
// ticks and weigh each sample with the CPU time its thread ran since the
// last one, and a plain mean over their samples would be biased towards
// the stretches where the thread got little CPU. Standard errors and
// binomial ± use the effective number of samples (Σw)²/Σw². Values that could not be
// read (optimized out, unavailable) are never folded into the figures;
// they are counted on their own line.

// ExprFormat names a formatter of report --expr.
type ExprFormat uint8

// The formatters.
const (
	ExprIntAvg    ExprFormat = iota + 1 // the mean with ± two standard errors (PCT's int-avg)
	ExprHist                            // value (or value range) → samples, share, bar
	ExprMinMax                          // the smallest and largest value
	ExprQuantiles                       // min p10 p25 p50 p75 p90 max
	ExprRaw                             // one line a sample: time, pid, tid, value
)

var exprFormatNames = [...]string{ExprIntAvg: "int-avg", ExprHist: "hist", ExprMinMax: "min-max", ExprQuantiles: "quantiles", ExprRaw: "raw"}

// String returns the formatter's name as the command line spells it.
func (f ExprFormat) String() string {
	if int(f) < len(exprFormatNames) && exprFormatNames[f] != "" {
		return exprFormatNames[f]
	}
	return "ExprFormat(" + strconv.Itoa(int(f)) + ")"
}

// ParseExprFormat parses the formatter's name: int-avg, hist, min-max,
// quantiles or raw.
func ParseExprFormat(s string) (ExprFormat, error) {
	for f, name := range exprFormatNames {
		if name != "" && s == name {
			return ExprFormat(f), nil
		}
	}
	return 0, fmt.Errorf("unknown expression format %q (want int-avg, hist, min-max, quantiles or raw)", s)
}

// ExprFormatNames lists the formatters' names, in the order of the
// constants.
func ExprFormatNames() []string {
	var names []string
	for _, n := range exprFormatNames {
		if n != "" {
			names = append(names, n)
		}
	}
	return names
}

// ExprOptions select what WriteExprs prints.
type ExprOptions struct {
	// Format is the formatter; 0 means ExprIntAvg.
	Format ExprFormat
	// Only restricts the report to the expressions FindExprs(p, Only)
	// finds; "" reports every expression of the profile.
	Only string
	// Bins is the number of value ranges of a histogram of many distinct
	// numbers; 0 means 10.
	Bins int
}

// maxDistinct is the number of distinct values up to which a histogram has
// a row per value rather than per range.
const maxDistinct = 20

// FindExprs returns the indices in p.Exprs of the expressions that spec
// names: the whole spec (PROG@FUNC@EXPR), FUNC@EXPR, or EXPR alone. It is
// an error when none matches.
func FindExprs(p *profile.Profile, spec string) ([]int, error) {
	var idx []int
	for i, e := range p.Exprs {
		if spec == e.Spec || spec == e.Func+"@"+e.Expr || spec == e.Expr {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		var have []string
		for _, e := range p.Exprs {
			have = append(have, e.Spec)
		}
		if len(have) == 0 {
			return nil, fmt.Errorf("expression %q: the profile has no expression values (record with --expr PROG@FUNC@EXPR)", spec)
		}
		return nil, fmt.Errorf("expression %q: not in the profile (it has %s)", spec, strings.Join(have, ", "))
	}
	return idx, nil
}

// exprStats gathers what the samples say about one expression.
type exprStats struct {
	def       profile.ExprDef
	nums      []wx // numeric values with their weights, in sample order
	texts     map[string]int64
	notNum    int64 // read, but not a number
	optimized int64
	unavail   int64
	reasons   map[string]int64 // why values were unavailable
	n         int64            // samples that carry a value (of any status)
}

func gatherExpr(p *profile.Profile, idx int) *exprStats {
	st := &exprStats{def: p.Exprs[idx], texts: map[string]int64{}, reasons: map[string]int64{}}
	for i := range p.Samples {
		v, ok := exprValue(&p.Samples[i], idx)
		if !ok {
			continue
		}
		c := sampleCount(p, i)
		st.n += c
		switch v.Status {
		case profile.ExprOK:
			st.texts[v.Text] += c
			if v.HasNum && !math.IsNaN(v.Num) {
				st.nums = append(st.nums, wx{x: v.Num, w: sampleWeight(p, i), n: c})
			} else {
				st.notNum += c
			}
		case profile.ExprOptimizedOut:
			st.optimized += c
		default:
			st.unavail += c
			st.reasons[v.Text] += c
		}
	}
	return st
}

// exprValue returns sample s's value of expression idx.
func exprValue(s *profile.Sample, idx int) (profile.ExprValue, bool) {
	for _, v := range s.Exprs {
		if int(v.Expr) == idx {
			return v, true
		}
	}
	return profile.ExprValue{}, false
}

// WriteExprs writes the report of o.Format for each expression of p (or
// those o.Only names), one block per expression:
//
//	hier-test@worker@n  int-avg
//	8.38e+06 ±1.1e+05  (mean of 2994 samples ± two standard errors)
//	unavailable 3 samples: cannot read memory at 0x7ffd0000
//
// Under the first line, int-avg prints the mean as C's %.3g does (PCT's
// 8.38e+06); hist prints value (or range) → samples, share ± two binomial
// standard deviations, bar; min-max and quantiles their figures; raw one
// line a sample (seconds since the profile's origin, pid, tid, value).
func WriteExprs(w io.Writer, p *profile.Profile, o ExprOptions) error {
	format := o.Format
	if format == 0 {
		format = ExprIntAvg
	}
	var idx []int
	if o.Only != "" {
		var err error
		if idx, err = FindExprs(p, o.Only); err != nil {
			return err
		}
	} else {
		for i := range p.Exprs {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return fmt.Errorf("report --expr: the profile has no expression values (record with --expr PROG@FUNC@EXPR)")
	}
	var b strings.Builder
	for k, i := range idx {
		if k > 0 {
			b.WriteByte('\n')
		}
		st := gatherExpr(p, i)
		fmt.Fprintf(&b, "%s  %s\n", st.def.Spec, format)
		switch format {
		case ExprIntAvg:
			writeIntAvg(&b, st)
		case ExprHist:
			writeHist(&b, p, i, o.Bins)
		case ExprMinMax:
			writeMinMax(&b, st)
		case ExprQuantiles:
			writeQuantiles(&b, st)
		case ExprRaw:
			writeRaw(&b, p, i)
		default:
			return fmt.Errorf("report --expr: unknown format %d", format)
		}
		if format != ExprRaw {
			writeNotRead(&b, st)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// wx is a value with its weight (CPU time) and its number of samples.
type wx struct {
	x, w float64
	n    int64
}

// sampleWeight is what sample i weighs: the CPU time it stands for when
// the profile's last value is in nanoseconds, else its sample count.
func sampleWeight(p *profile.Profile, i int) float64 {
	if sampleType(p).Unit == "nanoseconds" {
		if v, err := sampleValue(p, i); err == nil && v > 0 {
			return float64(v)
		}
		return 0
	}
	return float64(sampleCount(p, i))
}

// effectiveN is Kish's effective sample size of weights: (Σw)²/Σw².
func effectiveN(sum, sum2 float64) float64 {
	if sum2 == 0 {
		return 0
	}
	return sum * sum / sum2
}

// meanSE returns the weighted mean of xs and its standard error: the
// weighted standard deviation over the square root of the effective
// number of samples (with Bessel's correction on it). For equal weights
// these are the sample mean and the sample standard deviation over
// sqrt(n).
func meanSE(xs []wx) (mean, se float64, neff float64) {
	var sw, sw2 float64
	for _, v := range xs {
		mean += v.w * v.x
		sw += v.w
		sw2 += v.w * v.w
	}
	if sw == 0 {
		return math.NaN(), math.NaN(), 0
	}
	mean /= sw
	neff = effectiveN(sw, sw2)
	if neff < 1.5 {
		return mean, math.NaN(), neff
	}
	var ss float64
	for _, v := range xs {
		ss += v.w * (v.x - mean) * (v.x - mean)
	}
	variance := ss / sw * neff / (neff - 1)
	return mean, math.Sqrt(variance / neff), neff
}

// nsamples is the number of samples behind xs.
func nsamples(xs []wx) int64 {
	var n int64
	for _, v := range xs {
		n += v.n
	}
	return n
}

func writeIntAvg(b *strings.Builder, st *exprStats) {
	if len(st.nums) == 0 {
		b.WriteString("no numeric value\n")
		return
	}
	mean, se, _ := meanSE(st.nums)
	if math.IsNaN(mean) {
		b.WriteString("no CPU time in the samples\n")
		return
	}
	if math.IsNaN(se) {
		fmt.Fprintf(b, "%.3g  (%d samples)\n", mean, nsamples(st.nums))
		return
	}
	fmt.Fprintf(b, "%.3g ±%.2g  (time-weighted mean of %d samples ± two standard errors)\n", mean, 2*se, nsamples(st.nums))
}

func writeMinMax(b *strings.Builder, st *exprStats) {
	if len(st.nums) == 0 {
		b.WriteString("no numeric value\n")
		return
	}
	lo, hi := st.nums[0].x, st.nums[0].x
	for _, v := range st.nums {
		lo, hi = min(lo, v.x), max(hi, v.x)
	}
	fmt.Fprintf(b, "min %s  max %s  (%d samples)\n", fmtNum(lo), fmtNum(hi), nsamples(st.nums))
}

// quantile returns the q-quantile of sorted xs by the nearest-rank method,
// weighted: the smallest value with at least q of the total weight at or
// below it (for equal weights, the value of rank ceil(q·n)). q = 0 is the
// smallest value.
func quantile(sorted []wx, total, q float64) float64 {
	var cum float64
	for _, v := range sorted {
		cum += v.w
		if v.w > 0 && cum >= q*total*(1-1e-12) {
			return v.x
		}
	}
	return sorted[len(sorted)-1].x
}

func writeQuantiles(b *strings.Builder, st *exprStats) {
	if len(st.nums) == 0 {
		b.WriteString("no numeric value\n")
		return
	}
	xs := slices.Clone(st.nums)
	slices.SortStableFunc(xs, func(a, b wx) int { return cmp.Compare(a.x, b.x) })
	var total float64
	for _, v := range xs {
		total += v.w
	}
	qs := []float64{0, .10, .25, .50, .75, .90, 1}
	names := []string{"min", "p10", "p25", "p50", "p75", "p90", "max"}
	cells := make([]string, len(qs))
	width := 3
	for i, q := range qs {
		cells[i] = fmtNum(quantile(xs, total, q))
		width = max(width, len(cells[i]))
	}
	for i, n := range names {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%*s", width, n)
	}
	fmt.Fprintf(b, "  (%d samples)\n", nsamples(xs))
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%*s", width, c)
	}
	b.WriteByte('\n')
}

func writeRaw(b *strings.Builder, p *profile.Profile, idx int) {
	origin := p.Origin().UnixNano()
	fmt.Fprintf(b, "%12s %7s %7s  %s\n", "time", "pid", "tid", "value")
	for i := range p.Samples {
		s := &p.Samples[i]
		v, ok := exprValue(s, idx)
		if !ok {
			continue
		}
		fmt.Fprintf(b, "%12.6f %7d %7d  %s\n", float64(s.Time-origin)/1e9, s.PID, s.TID, valueText(v))
	}
}

// valueText is how a value prints in rows: the text, or the status in
// gdb's brackets.
func valueText(v profile.ExprValue) string {
	switch v.Status {
	case profile.ExprOK:
		return v.Text
	case profile.ExprOptimizedOut:
		return "<optimized out>"
	}
	if v.Text != "" {
		return "<unavailable: " + v.Text + ">"
	}
	return "<unavailable>"
}

// writeNotRead prints the counts of values that were not read, and of
// values that were read but are not numbers (for the numeric formats).
func writeNotRead(b *strings.Builder, st *exprStats) {
	if st.notNum > 0 && len(st.nums) > 0 {
		fmt.Fprintf(b, "not a number: %d samples\n", st.notNum)
	}
	if st.optimized > 0 {
		fmt.Fprintf(b, "optimized out: %d samples\n", st.optimized)
	}
	if st.unavail > 0 {
		fmt.Fprintf(b, "unavailable: %d samples", st.unavail)
		reasons := make([]string, 0, len(st.reasons))
		for r := range st.reasons {
			reasons = append(reasons, r)
		}
		sort.Slice(reasons, func(i, j int) bool {
			if st.reasons[reasons[i]] != st.reasons[reasons[j]] {
				return st.reasons[reasons[i]] > st.reasons[reasons[j]]
			}
			return reasons[i] < reasons[j]
		})
		for i, r := range reasons {
			if i == 3 {
				b.WriteString("; ...")
				break
			}
			if r == "" {
				r = "no reason given"
			}
			sep := "; "
			if i == 0 {
				sep = " ("
			}
			fmt.Fprintf(b, "%s%s: %d", sep, r, st.reasons[r])
		}
		if len(reasons) > 0 {
			b.WriteString(")")
		}
		b.WriteByte('\n')
	}
}

// fmtNum prints integers in full and other numbers with 6 significant
// digits.
func fmtNum(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// bucket is one row of a histogram or of a split: a value or a range.
type bucket struct {
	label  string
	lo, hi float64 // the range [lo, hi) for numeric rows
	n      int64   // samples
	time   int64   // sample values (CPU time), for the split
	w, w2  float64 // the samples' weights and squared weights
	order  int     // sort key of non-numeric rows
}

// buckets sorts the values that were read into rows: one per distinct
// value when there are at most maxDistinct (numbers in numeric order, then
// other texts by their counts), else nbins ranges of equal width over the
// numbers and one row per other text. Rows count samples and their time.
func buckets(p *profile.Profile, idx, nbins int) []bucket {
	if nbins <= 0 {
		nbins = 10
	}
	type val struct {
		num    float64
		hasNum bool
	}
	distinct := map[string]val{}
	var lo, hi float64 = math.Inf(1), math.Inf(-1)
	for i := range p.Samples {
		v, ok := exprValue(&p.Samples[i], idx)
		if !ok || v.Status != profile.ExprOK {
			continue
		}
		hasNum := v.HasNum && !math.IsNaN(v.Num) && !math.IsInf(v.Num, 0)
		distinct[v.Text] = val{v.Num, hasNum}
		if hasNum {
			lo, hi = min(lo, v.Num), max(hi, v.Num)
		}
	}
	// Ranges need a finite width: values of opposite signs near the
	// largest double overflow hi-lo.
	binned := len(distinct) > maxDistinct && lo < hi && !math.IsInf(hi-lo, 0)
	var width float64
	nnum := 0
	if binned {
		width = (hi - lo) / float64(nbins)
		allInt := true
		for _, d := range distinct {
			if d.hasNum && d.num != math.Trunc(d.num) {
				allInt = false
			}
		}
		if allInt {
			// Integer edges: every bin holds the same number of integers.
			width = math.Ceil((hi - lo + 1) / float64(nbins))
		}
		nnum = nbins
	}
	rows := map[string]*bucket{}
	var out []*bucket
	row := func(label string, lo, hi float64) *bucket {
		r := rows[label]
		if r == nil {
			r = &bucket{label: label, lo: lo, hi: hi}
			rows[label] = r
			out = append(out, r)
		}
		return r
	}
	if binned {
		for k := range nnum {
			a := lo + float64(k)*width
			row(fmt.Sprintf("[%s, %s)", fmtNum(a), fmtNum(a+width)), a, a+width)
		}
	}
	for i := range p.Samples {
		v, ok := exprValue(&p.Samples[i], idx)
		if !ok {
			continue
		}
		var r *bucket
		d := distinct[v.Text]
		switch {
		case v.Status != profile.ExprOK:
			continue
		case binned && d.hasNum:
			f := (d.num - lo) / width
			k := nnum - 1
			if f >= 0 && f < float64(nnum) {
				k = int(f)
			}
			r = out[k]
		case d.hasNum:
			r = row(v.Text, d.num, d.num)
		default:
			r = row(v.Text, math.Inf(1), math.Inf(1))
			r.order = 1
		}
		r.add(p, i)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.order != b.order {
			return a.order < b.order
		}
		if a.order == 0 {
			return a.lo < b.lo
		}
		if a.n != b.n {
			return a.n > b.n
		}
		return a.label < b.label
	})
	res := make([]bucket, len(out))
	for i, r := range out {
		res[i] = *r
	}
	return res
}

// add counts sample i of p in r.
func (r *bucket) add(p *profile.Profile, i int) {
	r.n += sampleCount(p, i)
	if t, err := sampleValue(p, i); err == nil {
		r.time += t
	}
	w := sampleWeight(p, i)
	r.w += w
	r.w2 += w * w
}

// share returns 100·w/total and two binomial standard deviations of it, in
// percentage points (PCT section 6.2), for neff effective samples.
func share(w, total, neff float64) (pct, pm float64) {
	if total == 0 || neff == 0 {
		return 0, 0
	}
	p := w / total
	return 100 * p, 200 * math.Sqrt(p*(1-p)/neff)
}

// totals sums the rows' weights and returns the effective number of
// samples behind them.
func totals(rows []bucket) (w, neff float64) {
	var w2 float64
	for _, r := range rows {
		w += r.w
		w2 += r.w2
	}
	return w, effectiveN(w, w2)
}

const barWidth = 40

func writeHist(b *strings.Builder, p *profile.Profile, idx int, bins int) {
	rows := buckets(p, idx, bins)
	total, neff := totals(rows)
	var most float64
	for _, r := range rows {
		most = max(most, r.w)
	}
	if total == 0 {
		b.WriteString("no value read\n")
		return
	}
	lw, nw := len("value"), len("samples")
	for _, r := range rows {
		lw = max(lw, len(r.label))
		nw = max(nw, len(strconv.FormatInt(r.n, 10)))
	}
	fmt.Fprintf(b, "%*s  %*s  share\n", lw, "value", nw, "samples")
	for _, r := range rows {
		pct, pm := share(r.w, total, neff)
		bar := strings.Repeat("#", int(math.Round(barWidth*r.w/most)))
		fmt.Fprintf(b, "%*s  %*d  %-12s  %s\n", lw, r.label, nw, r.n, fmt.Sprintf("%5.1f%% ±%.1f", pct, pm), bar)
	}
}

// WriteExprSplit writes how the samples of an expression's function split
// by the expression's value (the "job size" question: is the time in
// worker() spent on big jobs or on many small ones?). spec names one
// expression (see FindExprs). Rows are values (or ranges, as in hist):
//
//	worker's samples by n  (hier-test@worker@n)
//	     value  samples  cpu time   share of worker
//	[0, 2e+06)      241    0.241s    8.1% ±1.0
//
// The share is of the time of all samples with the function on the
// stack, ± two binomial standard deviations; samples whose value could not
// be read are rows of their own.
func WriteExprSplit(w io.Writer, p *profile.Profile, spec string, bins int) error {
	idx, err := FindExprs(p, spec)
	if err != nil {
		return err
	}
	if len(idx) > 1 {
		var specs []string
		for _, i := range idx {
			specs = append(specs, p.Exprs[i].Spec)
		}
		return fmt.Errorf("expression %q: names %d expressions (%s): give the whole PROG@FUNC@EXPR", spec, len(idx), strings.Join(specs, ", "))
	}
	i := idx[0]
	st := gatherExpr(p, i)
	rows := buckets(p, i, bins)
	// Rows of their own for the values not read.
	var opt, unav bucket
	opt.label, unav.label = "<optimized out>", "<unavailable>"
	for j := range p.Samples {
		v, ok := exprValue(&p.Samples[j], i)
		if !ok || v.Status == profile.ExprOK {
			continue
		}
		r := &unav
		if v.Status == profile.ExprOptimizedOut {
			r = &opt
		}
		r.add(p, j)
	}
	for _, r := range []bucket{opt, unav} {
		if r.n > 0 {
			rows = append(rows, r)
		}
	}
	var b strings.Builder
	def := st.def
	fmt.Fprintf(&b, "%s's samples by %s  (%s)\n", def.Func, def.Expr, def.Spec)
	if st.n == 0 {
		b.WriteString("no sample of the function\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	timed := sampleType(p).Unit == "nanoseconds"
	lw, nw := len("value"), len("samples")
	for _, r := range rows {
		lw = max(lw, len(r.label))
		nw = max(nw, len(strconv.FormatInt(r.n, 10)))
	}
	head := fmt.Sprintf("%*s  %*s", lw, "value", nw, "samples")
	if timed {
		head += fmt.Sprintf("  %10s", "cpu time")
	}
	fmt.Fprintf(&b, "%s  share of %s\n", head, def.Func)
	total, neff := totals(rows)
	for _, r := range rows {
		line := fmt.Sprintf("%*s  %*d", lw, r.label, nw, r.n)
		if timed {
			line += fmt.Sprintf("  %9.3fs", float64(r.time)/1e9)
		}
		pct, pm := share(r.w, total, neff)
		fmt.Fprintf(&b, "%s  %5.1f%% ±%.1f\n", line, pct, pm)
	}
	var all bucket
	for j := range p.Samples {
		all.add(p, j)
	}
	pct, pm := share(total, all.w, effectiveN(all.w, all.w2))
	fmt.Fprintf(&b, "%s: %d of %d samples, %.1f%% ±%.1f of the time\n", def.Func, st.n, all.n, pct, pm)
	_, err = io.WriteString(w, b.String())
	return err
}
