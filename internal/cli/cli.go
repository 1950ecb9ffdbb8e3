// Package cli holds sonde's command line: one file per verb, a verb table, a
// FlagSet per verb and no package-level flag state. It turns errors into
// one-line messages and exit codes; nothing below it prints to the terminal.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes shared by every verb. A verb that runs a target program returns
// the target's own exit status instead.
const (
	exitOK    = 0
	exitError = 1 // the verb ran and failed (bad input file, I/O error)
	exitUsage = 2 // the command line was wrong, or the verb is not built yet
)

// env is what a verb may touch of the outside world. It is passed explicitly so
// that tests run verbs in-process with their own streams.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// getenv reads the environment (os.Getenv unless a test says otherwise).
	getenv func(string) string
}

// verb is one sonde sub-command.
type verb struct {
	name    string
	summary string // one line, for "sonde help"
	usage   string // synopsis, description and examples, for "sonde help VERB"
	// run executes the verb. nil means the verb is part of the command-line
	// contract but not built yet: it says so and exits 2.
	run func(e *env, args []string) int
	// issue names the piece of work that will build it, when run is nil.
	pending string
}

// verbs returns the verb table in the order "sonde help" lists it.
func verbs() []*verb {
	return []*verb{
		recordVerb(),
		topVerb(),
		agentVerb(),
		countVerb(),
		ccVerb("cc"),
		ccVerb("c++"),
		reportVerb(),
		addr2lineVerb(),
		doctorVerb(),
		demoVerb(),
	}
}

// Main runs sonde with the arguments after the program name and returns the
// process exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	return e.main(args)
}

func (e *env) main(args []string) int {
	if len(args) == 0 {
		e.help(e.stderr, nil)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		return e.help(e.stdout, args[1:])
	case "version", "--version":
		fmt.Fprintln(e.stdout, "sonde", Version)
		return exitOK
	}
	v := findVerb(name)
	if v == nil {
		fmt.Fprintf(e.stderr, "sonde: unknown verb %q (run 'sonde help' for the list)\n", name)
		return exitUsage
	}
	if v.run == nil {
		fmt.Fprintf(e.stderr, "sonde %s: not built yet (%s); see 'sonde help %s'\n", v.name, v.pending, v.name)
		return exitUsage
	}
	defer e.selfProfile()()
	return v.run(e, args[1:])
}

// Version is sonde's version string.
const Version = "0.1.0-dev"

func findVerb(name string) *verb {
	for _, v := range verbs() {
		if v.name == name {
			return v
		}
	}
	return nil
}

func (e *env) help(w io.Writer, args []string) int {
	if len(args) > 0 {
		v := findVerb(args[0])
		if v == nil {
			fmt.Fprintf(e.stderr, "sonde help: unknown verb %q\n", args[0])
			return exitUsage
		}
		fmt.Fprint(w, strings.TrimLeft(v.usage, "\n"))
		if v.run == nil {
			fmt.Fprintf(w, "\nStatus: not built yet (%s).\n", v.pending)
		}
		return exitOK
	}
	fmt.Fprint(w, `sonde profiles native Linux programs four ways and reports them through one data model.

Usage: sonde VERB [FLAGS] [ARGS]

Verbs:
`)
	for _, v := range verbs() {
		status := ""
		if v.run == nil {
			status = "  [not built yet]"
		}
		fmt.Fprintf(w, "  %-10s %s%s\n", v.name, v.summary, status)
	}
	fmt.Fprint(w, `
Run 'sonde help VERB' for a verb's flags and examples.
`)
	return exitOK
}

// newFlagSet returns a FlagSet for a verb that reports its own errors through
// the verb's usage line instead of printing the whole flag list.
func newFlagSet(e *env, name string) *flag.FlagSet {
	fs := flag.NewFlagSet("sonde "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args with fs and turns a flag error into the one-line
// message and exit code every verb uses. ok is false when the verb must return
// code.
func parseFlags(e *env, fs *flag.FlagSet, args []string) (code int, ok bool) {
	err := fs.Parse(args)
	if err == nil {
		return exitOK, true
	}
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(e.stdout, strings.TrimLeft(findVerb(strings.TrimPrefix(fs.Name(), "sonde ")).usage, "\n"))
		return exitOK, false
	}
	fmt.Fprintf(e.stderr, "%s: %v (see 'sonde help %s')\n", fs.Name(), err, strings.TrimPrefix(fs.Name(), "sonde "))
	return exitUsage, false
}

// fail prints one line "sonde VERB: err" and returns exitError.
func fail(e *env, verbName string, err error) int {
	fmt.Fprintf(e.stderr, "sonde %s: %v\n", verbName, err)
	return exitError
}
