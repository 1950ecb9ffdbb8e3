/* Fixture for demangling: functions whose symbol names are Rust (legacy and
   v0) and C++ mangled names, with GCC clone suffixes, set through asm labels
   so that a C compiler makes them. Built without -g, the names come from the
   symbol table. */
#include <stdio.h>

#define NAMED(fn, sym) __attribute__((noinline, used)) int fn(int x) __asm__(sym); \
	__attribute__((noinline, used)) int fn(int x) { return x * __LINE__; }

NAMED(rust_legacy, "_ZN4core3fmt5write17h0123456789abcdefE")
NAMED(rust_legacy_generic, "_ZN5alloc3vec16Vec$LT$T$C$A$GT$4push17h1a2b3c4d5e6f7a8bE")
NAMED(rust_v0, "_RNvCs1234_7mycrate4main")
NAMED(rust_v0_generic, "_RINvNtCs1234_7mycrate3foo3barmEB4_")
NAMED(cxx_clone, "_ZN3geo4Rect4areaEv.constprop.0")
NAMED(cxx_cold, "_Z7checkedi.cold")
NAMED(cxx_isra, "_ZNSt6vectorIiSaIiEE9push_backERKi.isra.0")
NAMED(cxx_operator, "_ZN3geo3VecplERKS0_")
NAMED(cxx_template, "_ZSt4sortIN9__gnu_cxx17__normal_iteratorIPiSt6vectorIiSaIiEEEEEvT_S7_")
NAMED(not_mangled, "plain_c_name")
NAMED(bad_mangling, "_ZN3fooE3bar")

int main(int argc, char **argv)
{
	(void)argv;
	printf("%d\n", rust_legacy(argc) + rust_v0(argc) + cxx_clone(argc) + not_mangled(argc));
	return 0;
}
