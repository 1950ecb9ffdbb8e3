// Command goprog is a fixture for symbolizing Go binaries, with and without
// DWARF.
package main

import (
	"fmt"
	"os"
)

type accumulator struct{ total int }

//go:noinline
func (a *accumulator) add(v int) { a.total += v * v }

//go:noinline
func work(n int) int {
	a := &accumulator{}
	for i := 0; i < n; i++ {
		a.add(i)
	}
	return a.total
}

func main() {
	fmt.Println(work(len(os.Args) * 1000))
}
