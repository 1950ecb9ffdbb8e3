// Package dwarfvar evaluates small C expressions (parameters, locals,
// globals, *p, p->f, s.f, a[i], enum names, integer and floating-point
// arithmetic) in one stack frame of a sampled program, from the object's
// DWARF: variable and type DIEs, location expressions and location lists
// (DWARF 2 to 5 as gcc 12 and clang 14 emit them), against the frame's
// registers and memory. Location expressions run on dwarfexpr, the
// evaluator the unwinder shares; dwarfvar supplies it the frame base,
// entry values, .debug_addr and base types of the unit (dwarfexpr.Debug).
//
// It is PCT's "sample a function's parameters" done natively: Open an
// object once, Compile each expression once per function, then Eval it at
// every sample in the frame of that function.
//
//	p, err := dwarfvar.Open("/usr/bin/app")
//	e, err := p.Compile("worker", "req->size")
//	v, err := e.Eval(frame, pc, bias) // v.String() prints as gdb's print does
//
// Functions are found through the symbol table (gcc's clones such as
// worker.constprop.0 and C++ names such as Shape::area included) and the
// units' address ranges; only the compilation unit that holds the function
// is decoded. C++: this->member and bare member names in methods,
// references (read through), base classes, enum class values printed as
// gdb does (Mode::On).
//
// Values are never invented. ErrOptimizedOut: no location attribute, no
// location list entry at the pc, an empty piece. ErrUnavailable: a register
// the Frame does not recover (caller-saved registers above the innermost
// frame: gcc -O2 keeps values there across calls to callees it knows leave
// them alone, and gdb then prints them, but clang's location lists also
// name caller-saved registers at calls that clobber them, so they are not
// trusted), unreadable memory, vector registers (doubles in xmm at -O2),
// DW_OP_entry_value unless the Frame is a CallerFrame whose caller made a
// direct call with a call-site parameter for the register (gdb resolves it
// the same way), DW_OP_GNU_parameter_ref,
// DW_OP_implicit_pointer, thread-local storage (DW_OP_form_tls_address) and
// typed floating-point DWARF stack values.
//
// Not supported, a *CompileError so that the caller can use gdb: casts,
// sizeof, function calls, comparisons and ?:, pointer arithmetic, C++ ::
// scopes inside the expression, struct or array results, fields of a
// struct only declared in the function's unit, DWARF type units
// (DW_FORM_ref_sig8), split DWARF (.dwo) and separate debug files.
package dwarfvar
