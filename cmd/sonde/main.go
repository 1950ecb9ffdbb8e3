// Command sonde profiles native Linux programs four ways (sampling, patched
// breakpoints, assembly counters, IR attribution) and reports them through one
// data model. Run "sonde help" for the verbs.
package main

import (
	"os"

	"sonde/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
