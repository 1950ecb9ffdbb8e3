package cli

func topVerb() *verb {
	return &verb{
		name:    "top",
		summary: "sample like record and show the profile live",
		pending: "issue 3",
		usage: `
Usage: sonde top [-F HZ] (-p PID | -- CMD ARGS...)

Collects like 'sonde record' and refreshes a flat profile on the terminal
while the target runs.

Examples:
  sonde top -p $(pidof postgres)
  sonde top -- ./simulation --steps 100000
`,
	}
}
