package cli

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"sonde/examples"
	"sonde/instrument/ccdriver"
	"sonde/report"
)

// demoAttrib rebuilds one example (the source demoBuild wrote next to bin,
// bin+".c") with sonde cc --sonde-mode=attrib -O2 -g, runs it with the
// example's arguments, and returns Appel, Duba and MacQueen's table
// (sonde report --functions: %time cumsecs #call ms/call name). It is the
// demo's "sonde cc --sonde-mode=attrib" step. The compiler is $SONDE_CC
// when it is clang, else clang: the mode rewrites LLVM IR.
func demoAttrib(e *env, ex examples.Example, bin string) (string, error) {
	compiler := demoAttribCompiler(e)
	return ccDemo{
		name:     "attrib",
		command:  "sonde cc --sonde-mode=attrib",
		envShown: "SONDE_CC=" + compiler + " ",
		compiler: compiler,
		mode:     &ccdriver.AttribMode{},
		flags:    []string{"-O2", "-g"},
		views:    []demoView{{"--functions", report.ViewFunctions}},
	}.run(ex, bin)
}

// demoAttribCompiler returns the compiler of the attrib step: $SONDE_CC
// when it is clang, else clang.
func demoAttribCompiler(e *env) string {
	compiler := e.getenv("SONDE_CC")
	if compiler == "" || !strings.Contains(filepath.Base(compiler), "clang") {
		compiler = "clang"
	}
	return compiler
}

// demoAttribNeeds says why the attrib step cannot run (its compiler is not
// installed) and the remedy, or "".
func demoAttribNeeds(e *env) string {
	compiler := demoAttribCompiler(e)
	if _, err := exec.LookPath(compiler); err != nil {
		return fmt.Sprintf("%s not found (the attrib mode rewrites LLVM IR); remedy: sudo apt-get install clang, or sudo sonde doctor --fix, or from the source tree sudo ./demo.sh", compiler)
	}
	return ""
}
