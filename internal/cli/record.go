package cli

func recordVerb() *verb {
	return &verb{
		name:    "record",
		summary: "sample a running process tree (perf_event CPU clock; PCT)",
		pending: "issue 3",
		usage: `
Usage: sonde record [-F HZ] [-g | --call-graph fp|dwarf] [-k] [--jitter]
                    [--histogram | --ring N] [--duration D] [-o FILE]
                    (-p PID[,PID...] | -- CMD ARGS...)

Samples the CPU time of CMD and every process it forks, or of running
processes (-p), without rebuilding anything, and writes the raw samples to
FILE (default sonde.data). On exit it prints a summary (samples, lost,
duration, processes) and a short flat report to stderr. CMD's exit status is
sonde's exit status.

Examples:
  sonde record -- make -j2
  sonde record -g -F 4999 -o build.data -- ./server --port 8080
  sonde record -p 1234 --duration 30s
`,
	}
}
