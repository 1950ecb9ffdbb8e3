package web

import (
	"bytes"
	"net/http"

	"sonde/report"
)

// The expressions page (/expr): for each expression sonde record --expr
// evaluated, what report --expr prints (PCT's int-avg, the quantiles, the
// histogram) and its function's time split by the value (report --by
// FUNC@EXPR), over the view's samples.

// exprSection is one expression's figures, as the text report prints them.
type exprSection struct {
	Spec                    string
	IntAvg, Quantiles, Hist string
	Split                   string
	Err                     string
}

func (s *Server) exprPage(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	if len(v.p.Exprs) == 0 {
		s.fail(w, r, http.StatusNotFound, errNoExprs)
		return
	}
	var secs []exprSection
	for _, e := range v.p.Exprs {
		sec := exprSection{Spec: e.Spec}
		text := func(f report.ExprFormat) string {
			var b bytes.Buffer
			if err := report.WriteExprs(&b, v.p, report.ExprOptions{Format: f, Only: e.Spec}); err != nil {
				return err.Error()
			}
			return b.String()
		}
		sec.IntAvg, sec.Quantiles, sec.Hist = text(report.ExprIntAvg), text(report.ExprQuantiles), text(report.ExprHist)
		var b bytes.Buffer
		if err := report.WriteExprSplit(&b, v.p, e.Spec, 0); err != nil {
			sec.Split = err.Error()
		} else {
			sec.Split = b.String()
		}
		secs = append(secs, sec)
	}
	s.render(w, "expr", struct {
		pageData
		Exprs []exprSection
	}{s.data(v, "expr"), secs})
}
