package report_test

import (
	"bytes"
	"io"
	"testing"
	"time"

	"sonde/export"
	"sonde/profile"
	"sonde/profile/datafile"
	"sonde/report"
	"sonde/symbol"
)

// shapeSymbolizer invents frames from the address bits, so that fuzzed
// profiles reach every degradation path: no frames, symbols only, file:line,
// and inline chains.
type shapeSymbolizer struct{}

func (shapeSymbolizer) Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error) {
	switch addr % 4 {
	case 0:
		return nil, nil
	case 1:
		return []symbol.Frame{{Func: "_ZN1a1bEv", FuncAddr: uint64(addr &^ 0xff)}}, nil
	case 2:
		return []symbol.Frame{{Func: "f", File: "/src/f.c", Line: int(addr % 97)}}, nil
	}
	return []symbol.Frame{
		{Func: "inner", File: "/src/h.h", Line: 3, Inlined: true},
		{Func: "outer", File: "/src/f.c", Line: int(addr % 89)},
	}, nil
}

// fuzzSeed writes a data file with a record run and a count run.
func fuzzSeed(f *testing.F, samples, units bool) []byte {
	var buf bytes.Buffer
	w := datafile.NewWriter(&buf)
	t0 := time.Date(2026, 11, 22, 11, 0, 0, 0, time.UTC)
	if samples {
		if _, err := w.WriteRun(datafile.RunHeader{ID: 1, Collector: "record", Start: t0, Period: 1001001,
			SampleTypes: []profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}}); err != nil {
			f.Fatal(err)
		}
		w.WriteMapping(0, &profile.Mapping{Path: "/bin/app", BuildID: "ab", Start: 0x401000, Limit: 0x402000, Offset: 0x1000})
		w.WriteMapping(1, &profile.Mapping{Path: "[vdso]", Start: 0x7ffd0000, Limit: 0x7ffd2000})
		w.WriteProcess(profile.Process{PID: 7, Comm: "app"})
		for i := range 8 {
			w.WriteSample(&profile.Sample{Stack: []profile.Location{{Mapping: int32(i % 2), Addr: profile.Addr(0x401000 + i)},
				{Mapping: 0, Addr: 0x401100}, {Mapping: profile.NoMapping, Addr: 0xdead}},
				Values: []int64{1, 1001001}, PID: 7, TID: 7, Time: t0.Add(time.Duration(i) * time.Millisecond).UnixNano()})
		}
		w.WriteSample(&profile.Sample{Values: []int64{1, 5}, PID: 7, TID: 8})
		w.WriteLost(3)
		w.WriteNote("a note")
		w.WriteRunEnd(t0.Add(time.Second))
	}
	if units {
		if _, err := w.WriteRun(datafile.RunHeader{ID: 2, Collector: "count", Start: t0,
			CountTypes: []profile.ValueType{{Type: "count", Unit: "count"}}}); err != nil {
			f.Fatal(err)
		}
		w.WriteMapping(0, &profile.Mapping{Path: "/bin/app"})
		w.WriteUnitCounts([]profile.Unit{
			{Kind: profile.UnitFunction, Loc: profile.Location{Mapping: 0, Addr: 0x401001}, Counts: []uint64{3}},
			{Kind: profile.UnitLine, Loc: profile.Location{Mapping: 0, Addr: 0x401003}, Counts: []uint64{0}},
			{Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping}, Func: "g", File: "/src/g.c", Line: 2, Counts: []uint64{9}},
		})
	}
	if err := w.Close(); err != nil {
		f.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzReport decodes data files with the real reader and runs every view
// and the pprof export over what it accepts: whatever the bytes, the views
// return an error or text, never panic.
func FuzzReport(f *testing.F) {
	f.Add(fuzzSeed(f, true, false))
	f.Add(fuzzSeed(f, false, true))
	f.Add(fuzzSeed(f, true, true))
	opts := []*report.Options{
		nil,
		{View: report.ViewFlat, By: report.ByFunction, Top: 2},
		{View: report.ViewFlat, By: report.ByFile},
		{View: report.ViewFlat, By: report.ByObject},
		{View: report.ViewFunctions},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, _, err := datafile.Decode("fuzz.data", data)
		if err != nil {
			return
		}
		for _, o := range opts {
			report.Write(io.Discard, p, shapeSymbolizer{}, o)
		}
		export.WritePprof(io.Discard, p, shapeSymbolizer{})
	})
}
