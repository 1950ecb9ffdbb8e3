package report

import dm "github.com/ianlancetaylor/demangle"

// demangleName is a stand-in until symbol.Demangle builds.
func demangleName(name string) string { return dm.Filter(name) }
