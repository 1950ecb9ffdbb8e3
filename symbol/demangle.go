package symbol

import "github.com/ianlancetaylor/demangle"

// Demangle returns the demangled form of a C++ (Itanium ABI) or Rust (legacy
// and v0) symbol name, or name unchanged if it is not mangled or does not
// demangle. The output matches c++filt's (and llvm-symbolizer's with
// --demangle), e.g. "geo::Rect::area() const", including GCC clone suffixes
// ("f(int) [clone .constprop.0]").
func Demangle(name string) string {
	if len(name) < 2 || name[0] != '_' || (name[1] != 'Z' && name[1] != 'R') {
		return name
	}
	out := name
	func() {
		// The demangler is fuzzed upstream; a panic on a hostile name must
		// still not take the caller down.
		defer func() { recover() }()
		if s, err := demangle.ToString(name); err == nil {
			out = s
		}
	}()
	return out
}
