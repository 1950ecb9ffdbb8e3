package cli

import (
	"io"
	"sort"
	"strings"

	"sonde/export"
	"sonde/profile"
	"sonde/report"
)

// exporters are the --format values besides text and pprof, each writing
// the whole profile.
var exporters = map[string]func(io.Writer, *profile.Profile, export.Symbolizer) error{
	"folded":     export.WriteFolded,
	"speedscope": export.WriteSpeedscope,
	"lcov":       export.WriteLcov,
	"cobertura":  export.WriteCobertura, // report_coverage.go writes these three
	"gcov-json":  export.WriteGcovJSON,
	"json":       export.WriteJSON,
	"html":       export.WriteHTML,
}

// exporterNames lists the exporters' names for usage messages.
func exporterNames() string {
	var names []string
	for n := range exporters {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// writeExport writes p in the format named (one of exporters).
func writeExport(w io.Writer, format string, p *profile.Profile, sym *report.ObjectSymbolizer) error {
	return exporters[format](w, p, sym)
}
