package cli

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

// selfProfile starts what the hidden environment variables
// SONDE_CPUPROFILE=FILE and SONDE_MEMPROFILE=FILE ask for: a Go CPU
// profile of sonde itself, and an allocation profile written at the end
// (every allocation sampled at Go's default rate; with
// SONDE_MEMPROFILE_AFTER=D, written after D instead, so that its in-use
// figures are those of a running agent). They are for measuring
// sonde's own cost (bench/agent's README section), not for users: 'go tool
// pprof sonde FILE' reads them. The returned function stops and writes
// them; errors are said on stderr and never change the verb's outcome.
func (e *env) selfProfile() (stop func()) {
	cpu, mem := e.getenv("SONDE_CPUPROFILE"), e.getenv("SONDE_MEMPROFILE")
	if cpu == "" && mem == "" {
		return func() {}
	}
	var cf *os.File
	if cpu != "" {
		f, err := os.Create(cpu)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sonde: SONDE_CPUPROFILE %s: %v\n", cpu, err)
		} else {
			cf = f
		}
	}
	memPath := mem
	writeMem := func() {
		runtime.GC() // the live heap as of now, besides the allocations
		f, err := os.Create(memPath)
		if err == nil {
			err = pprof.Lookup("allocs").WriteTo(f, 0)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sonde: SONDE_MEMPROFILE %s: %v\n", memPath, err)
		}
	}
	if d, err := time.ParseDuration(e.getenv("SONDE_MEMPROFILE_AFTER")); err == nil && mem != "" {
		time.AfterFunc(d, writeMem)
		mem = ""
	}
	return func() {
		if cf != nil {
			pprof.StopCPUProfile()
			cf.Close()
		}
		if mem != "" {
			writeMem()
		}
	}
}
