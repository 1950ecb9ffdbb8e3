package report

import (
	"strings"
	"testing"
)

func TestParseKallsyms(t *testing.T) {
	text := "ffffffff81000000 T _stext\nffffffff81000100 d some_data\nffffffff81000200 t do_thing\n" +
		"ffffffffc0000000 t mod_fn\t[kvm]\n0000000000000000 T hidden\nbad line\n"
	addrs, names, err := parseKallsyms(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"_stext", "do_thing", "mod_fn [kvm]"}
	if strings.Join(names, ",") != strings.Join(want, ",") || len(addrs) != 3 || addrs[1] != 0xffffffff81000200 {
		t.Fatalf("got %v %x, want %v", names, addrs, want)
	}
	k := &kallsyms{addrs: addrs, names: names}
	k.once.Do(func() {})
	tests := []struct {
		name string
		addr uint64
		want string
	}{
		{"inside first", 0xffffffff81000150, "_stext"},
		{"start of second", 0xffffffff81000200, "do_thing"},
		{"module", 0xffffffffc0000010, "mod_fn [kvm]"},
		{"before all", 0xffffffff80000000, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := k.frames(tt.addr)
			got := ""
			if len(f) > 0 {
				got = f[0].Func
			}
			if err != nil || got != tt.want {
				t.Errorf("frames(%#x) = %q, %v; want %q", tt.addr, got, err, tt.want)
			}
		})
	}
}
