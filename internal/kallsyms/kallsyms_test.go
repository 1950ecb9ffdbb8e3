package kallsyms

import (
	"reflect"
	"strings"
	"testing"
)

func TestEach(t *testing.T) {
	tests := []struct {
		name, text string
		want       []Symbol
	}{
		{"kernel and module", "ffffffff81000000 T _stext\nffffffffc0000000 t mod_fn\t[kvm]\n",
			[]Symbol{{0xffffffff81000000, "T", "_stext", ""}, {0xffffffffc0000000, "t", "mod_fn", "[kvm]"}}},
		{"kptr_restrict zeros", "0000000000000000 T hidden\n", nil},
		{"bad lines", "bad line\nzzzz T x\n\nffffffff81000100 d some_data\n",
			[]Symbol{{0xffffffff81000100, "d", "some_data", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []Symbol
			if err := Each(strings.NewReader(tt.text), func(s Symbol) { got = append(got, s) }); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// FuzzEach: any bytes, no panic.
func FuzzEach(f *testing.F) {
	f.Add("ffffffff81000000 T _stext\nffffffffc0000000 t mod_fn\t[kvm]\n")
	f.Add("0 T x\nbad\n")
	f.Fuzz(func(t *testing.T, text string) {
		_ = Each(strings.NewReader(text), func(Symbol) {})
	})
}
