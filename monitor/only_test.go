package monitor

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/monitor/units"
	"sonde/profile"
	"sonde/symbol"
)

// TestFuncSpecNames: func: specs match the names the reports show
// (demangled C++, Rust without its hash), and still the mangled symbols.
// The counts are the fixtures' known truth: xmlutil.cc calls ToStr(int)
// 40 times, ToStr(double) twice and Parse 7 times; rprog.rs calls
// collatz for 1..999 and longest and main once. A spec that matches
// nothing is in Result.Unmatched.
func TestFuncSpecNames(t *testing.T) {
	const (
		toStrInt    = "tinyxml2::XMLUtil::ToStr(int, char*, int)"
		toStrDouble = "tinyxml2::XMLUtil::ToStr(double, char*, int)"
		parse       = "tinyxml2::XMLUtil::Parse(char const*)"
	)
	tests := []struct {
		lang, spec string
		want       map[string]uint64 // demangled name without a Rust hash -> count
	}{
		{"cxx", "func:^tinyxml2::XMLUtil::ToStr", map[string]uint64{toStrInt: 40, toStrDouble: 2}},
		{"cxx", `func:^tinyxml2::XMLUtil::ToStr\(int,`, map[string]uint64{toStrInt: 40}},
		{"cxx", "func:XMLUtil::Parse$", map[string]uint64{parse: 7}},
		{"cxx", "func:^_ZN8tinyxml27XMLUtil5ParseEPKc$", map[string]uint64{parse: 7}},
		{"cxx", "func:^tinyxml2::Nothing", map[string]uint64{}},
		{"rust", "func:^rprog::collatz$", map[string]uint64{"rprog::collatz": 999}},
		{"rust", "func:^rprog::(longest|main)$", map[string]uint64{"rprog::longest": 1, "rprog::main": 1}},
		{"rust", "func:^_ZN5rprog7collatz", map[string]uint64{"rprog::collatz": 999}},
		{"rust", "func:^rprog::nothing$", map[string]uint64{}},
	}
	bins := map[string][]string{}
	for _, cc := range []string{"g++", "clang++"} {
		bins["cxx"] = append(bins["cxx"], testprog.Build(t, "count/xmlutil.cc", testprog.Opts{Compiler: cc, Flags: []string{"-g", "-O2"}}))
	}
	bins["rust"] = []string{testprog.Build(t, "count/rprog.rs", testprog.Opts{Compiler: "rustc", Flags: []string{"-O", "-g"}})}
	for _, tt := range tests {
		for _, bin := range bins[tt.lang] {
			for _, eng := range engines {
				t.Run(fmt.Sprintf("%s/%s/%v", tt.spec, bin[len(bin)-8:], eng), func(t *testing.T) {
					spec := mustSpec(t, tt.spec)
					res, _ := run(t, Options{Units: profile.UnitFunction, Engine: eng, Only: []units.Spec{spec}}, bin)
					got := map[string]uint64{}
					us, counts := unitsOf(t, res, bin)
					for i, u := range us {
						name := symbol.Demangle(u.Func)
						if k := strings.LastIndex(name, "::h"); k >= 0 && len(name)-k == len("::h0123456789abcdef") {
							name = name[:k] // a Rust legacy name's hash
						}
						got[name] = counts[i]
					}
					if !maps.Equal(got, tt.want) {
						t.Errorf("counted %v, want %v", got, tt.want)
					}
					unmatched := res.Unmatched([]units.Spec{spec})
					if (len(unmatched) == 1) != (len(tt.want) == 0) {
						t.Errorf("unmatched specs %v, want them when nothing matched", unmatched)
					}
				})
			}
		}
	}
}
