// Command gocgo is a Go program with C code of its own (cgo): its C
// functions have no .gopclntab entry, only DWARF and the symbol table.
package main

/*
int sonde_c_work(int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i * i;
	return s;
}
*/
import "C"

import "fmt"

func main() {
	fmt.Println(C.sonde_c_work(1000))
}
