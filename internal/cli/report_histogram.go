package cli

import (
	"fmt"

	"sonde/report"
)

// histogramFlag is report's --histogram (one star per execution) or
// --histogram=scaled (bars in proportion to the largest count), Bishop's
// "full histogram, or a scaled histogram".
type histogramFlag struct {
	set, scaled bool
}

func (h *histogramFlag) String() string {
	switch {
	case h.scaled:
		return "scaled"
	case h.set:
		return "full"
	}
	return ""
}

// Set accepts "true" (the bare flag), "full" and "scaled".
func (h *histogramFlag) Set(v string) error {
	switch v {
	case "true", "full":
		h.set, h.scaled = true, false
	case "scaled":
		h.set, h.scaled = true, true
	case "false":
		h.set, h.scaled = false, false
	default:
		return fmt.Errorf("--histogram=%s: want --histogram or --histogram=scaled", v)
	}
	return nil
}

// IsBoolFlag lets --histogram stand alone.
func (h *histogramFlag) IsBoolFlag() bool { return true }

// apply selects the histogram view when the flag was given.
func (h *histogramFlag) apply(opts *report.Options, f *reportFlags) error {
	if !h.set {
		return nil
	}
	if f.flat || f.functions || f.hier || f.by != "" || opts.View != report.ViewDefault {
		return fmt.Errorf("--histogram and another view: choose one view")
	}
	if f.format != "text" {
		return fmt.Errorf("--format %s exports the whole profile: views and --top apply to --format text", f.format)
	}
	opts.View, opts.Scaled = report.ViewHistogram, h.scaled
	return nil
}
