package symbol

import (
	"strconv"
	"strings"

	"github.com/ianlancetaylor/demangle"
)

// Demangle returns the demangled form of a C++ (Itanium ABI) or Rust (legacy
// and v0) symbol name, or name unchanged if it is not mangled or does not
// demangle. C++ output matches c++filt's (and llvm-symbolizer's with
// --demangle), e.g. "geo::Rect::area() const", including GCC clone suffixes
// ("f(int) [clone .constprop.0]"). Rust legacy names print without their
// "::h0123456789abcdef" hash, as binutils addr2line -C and rustfilt print
// them ("std::rt::lang_start"; c++filt keeps the hash, libiberty's verbose
// mode); Rust v0 names print without crate hashes, as llvm-cxxfilt and
// llvm-symbolizer do, with a suffix such as ".llvm.123" in parentheses.
// Every report and export names functions through this one function.
func Demangle(name string) string {
	if len(name) < 2 || name[0] != '_' || (name[1] != 'Z' && name[1] != 'R') {
		return name
	}
	if s, ok := demangleRustLegacy(name); ok {
		return s
	}
	sym, suffix := name, ""
	if name[1] == 'R' {
		// v0 names have no '.'; what follows one is a compiler suffix.
		if i := strings.IndexByte(name, '.'); i > 0 {
			sym, suffix = name[:i], " ("+name[i:]+")"
		}
	}
	out := name
	func() {
		// The demangler is fuzzed upstream; a panic on a hostile name must
		// still not take the caller down.
		defer func() { recover() }()
		if s, err := demangle.ToString(sym); err == nil {
			out = s + suffix
		}
	}()
	return out
}

// demangleRustLegacy demangles a Rust legacy name: an Itanium nested name
// _ZN...E of identifiers whose last one is "h" and 16 hex digits, with
// Rust's $-escapes, as libiberty's rust-demangle does without DMGL_VERBOSE
// (binutils addr2line -C): the hash is dropped. ianlancetaylor/demangle
// drops it too but mangles "__" prefixes.
func demangleRustLegacy(name string) (string, bool) {
	if !strings.HasPrefix(name, "_ZN") {
		return "", false
	}
	rest := name[3:]
	var parts []string
	for len(rest) > 0 && rest[0] != 'E' {
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		l, err := strconv.Atoi(rest[:n])
		if n == 0 || err != nil || l <= 0 || l > len(rest)-n {
			return "", false
		}
		parts = append(parts, rest[n:n+l])
		rest = rest[n+l:]
	}
	// A suffix after E (".llvm.123") is not part of the legacy name.
	if len(rest) == 0 || len(parts) < 2 {
		return "", false
	}
	hash := parts[len(parts)-1]
	if len(hash) != 17 || hash[0] != 'h' {
		return "", false
	}
	for _, c := range hash[1:] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", false
		}
	}
	var b strings.Builder
	for i, p := range parts[:len(parts)-1] {
		if i > 0 {
			b.WriteString("::")
		}
		if !unescapeRust(&b, p) {
			return "", false
		}
	}
	// c++filt drops a suffix after the E (".llvm.123").
	if rest[0] != 'E' || len(rest) > 1 && rest[1] != '.' {
		return "", false
	}
	return b.String(), true
}

// unescapeRust writes a legacy Rust identifier with its escapes decoded:
// "$LT$" is "<", "$u7b$" is "{", ".." is "::", a leading "_$" is "$".
func unescapeRust(b *strings.Builder, s string) bool {
	if strings.HasPrefix(s, "_$") {
		s = s[1:]
	}
	for len(s) > 0 {
		switch {
		case s[0] == '$':
			end := strings.IndexByte(s[1:], '$')
			if end < 0 {
				return false
			}
			esc := s[1 : end+1]
			s = s[end+2:]
			switch esc {
			case "SP":
				b.WriteByte('@')
			case "BP":
				b.WriteByte('*')
			case "RF":
				b.WriteByte('&')
			case "LT":
				b.WriteByte('<')
			case "GT":
				b.WriteByte('>')
			case "LP":
				b.WriteByte('(')
			case "RP":
				b.WriteByte(')')
			case "C":
				b.WriteByte(',')
			default:
				if len(esc) < 2 || esc[0] != 'u' {
					return false
				}
				c, err := strconv.ParseUint(esc[1:], 16, 32)
				if err != nil {
					return false
				}
				b.WriteRune(rune(c))
			}
		case strings.HasPrefix(s, ".."):
			b.WriteString("::")
			s = s[2:]
		default:
			b.WriteByte(s[0])
			s = s[1:]
		}
	}
	return true
}
