// Package dwarfvar evaluates small C expressions (parameters, locals,
// globals, *p, p->f, s.f, a[i], enum names) in one stack frame of a
// sampled program, from the object's DWARF: variable and type DIEs,
// location expressions and location lists (DWARF 2 to 5 as gcc 12 and
// clang 14 emit them), against the frame's registers and memory.
//
// It is PCT's "sample a function's parameters" done natively: Open an
// object once, Compile each expression once per function, then Eval it at
// every sample in the frame of that function.
//
//	p, err := dwarfvar.Open("/usr/bin/app")
//	e, err := p.Compile("worker", "req->size")
//	v, err := e.Eval(frame, pc, bias) // v.String() prints as gdb's print does
//
// Only the compilation unit that holds the function is decoded (found
// through the symbol table and the units' address ranges). Values are never
// invented: a variable without a location at the pc gives ErrOptimizedOut;
// a register the frame cannot recover, unreadable memory, DW_OP_entry_value,
// DW_OP_GNU_parameter_ref, thread-local storage and vector registers give
// ErrUnavailable.
package dwarfvar
