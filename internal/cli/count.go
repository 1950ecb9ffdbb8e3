package cli

func countVerb() *verb {
	return &verb{
		name:    "count",
		summary: "exact counts by breakpoints patched into the running program (Bishop)",
		pending: "issue 4",
		usage: `
Usage: sonde count [--units lines|functions|blocks] [--only SPEC]... [--coverage]
                   [--engine auto|uprobe|ptrace] [-o FILE]
                   (-p PID | -- CMD ARGS...)

Counts exactly how often each line, function or basic block of a program
runs, by patching breakpoints (ptrace) or kernel uprobes into the running
program: no rebuild. --only restricts the units (a file, FILE:FROM-TO,
func:REGEXP, obj:NAME); --coverage removes each breakpoint at its first hit.

Examples:
  sonde count -- ./shell-sort
  sonde count --units functions --only 'func:^sort' -- ./prog input
  sonde count --coverage -o cov.data -- ./test-suite
`,
	}
}
