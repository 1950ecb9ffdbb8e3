package units

import (
	"fmt"
	"testing"
)

// TestFuncNames: the names a func: spec is matched against besides the
// symbol (oracle: c++filt, and rustc's legacy mangling).
func TestFuncNames(t *testing.T) {
	tests := []struct {
		sym  string
		want []string
	}{
		{"_ZN8tinyxml27XMLUtil5ToStrEiPci", []string{"tinyxml2::XMLUtil::ToStr(int, char*, int)", "tinyxml2::XMLUtil::ToStr"}},
		{"_ZN5rprog7collatz17h42ce5f6268beea91E", []string{"rprog::collatz"}},
		{"main", nil},
		{"_Znotmangled", nil},
	}
	for _, tt := range tests {
		got := funcNames(tt.sym)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("funcNames(%s) = %q, want %q", tt.sym, got, tt.want)
		}
	}
}
