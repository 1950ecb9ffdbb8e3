package report

import (
	"math"
	"strings"
)

// The histogram views of a sonde count profile, Bishop's "full histogram,
// or a scaled histogram": the ctrace listing with a bar of stars between
// each count and its source line.
//
// --histogram draws one star per execution, up to histogramWidth stars;
// a longer bar is cut and ends in '>'. --histogram=scaled draws the
// largest count as histogramWidth stars and the others in proportion
// (rounded to the nearest star, at least one star for a line that ran).

// histogramWidth is the widest bar.
const histogramWidth = 50

// histogramCounts prints the listing with bars.
func histogramCounts(b *strings.Builder, r *resolver, scaled bool) error {
	var bar func(uint64) string
	if scaled {
		files, err := ctraceLines(r)
		if err != nil {
			return err
		}
		var top uint64
		for _, f := range files {
			for _, c := range f.counts {
				top = max(top, c)
			}
		}
		bar = func(c uint64) string { return scaledBar(c, top) }
	} else {
		bar = fullBar
	}
	return ctraceListing(b, r, bar, nil)
}

// fullBar is one star per execution, padded to the bar width.
func fullBar(c uint64) string {
	if c > histogramWidth {
		return strings.Repeat("*", histogramWidth-1) + ">"
	}
	return strings.Repeat("*", int(c)) + strings.Repeat(" ", histogramWidth-int(c))
}

// scaledBar is c's share of top in stars, padded to the bar width.
func scaledBar(c, top uint64) string {
	n := 0
	if c > 0 && top > 0 {
		n = max(1, int(math.Round(float64(c)/float64(top)*histogramWidth)))
	}
	return strings.Repeat("*", n) + strings.Repeat(" ", histogramWidth-n)
}
