package bpf

import (
	"os"
	"testing"
)

// FuzzParseFormat: a format file never panics the parser, and a field it
// returns has a name.
func FuzzParseFormat(f *testing.F) {
	for _, ev := range [][2]string{{"task", "task_newtask"}, {"sched", "sched_process_fork"}} {
		for _, dir := range tracefsDirs {
			if data, err := os.ReadFile(dir + "/events/" + ev[0] + "/" + ev[1] + "/format"); err == nil {
				f.Add(data)
				break
			}
		}
	}
	f.Add([]byte(newtaskFormat))
	f.Add([]byte("ID: 1\nformat:\n\tfield:char x[;\toffset:;\tsize:-1;\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fm, err := ParseFormat(data)
		if err != nil {
			return
		}
		for k, v := range fm.Fields {
			if k == "" || v.Name != k || v.Offset < 0 || v.Size < 0 {
				t.Fatalf("field %q: %+v", k, v)
			}
		}
	})
}

// FuzzParseCPUList: never panics, never returns a negative CPU.
func FuzzParseCPUList(f *testing.F) {
	for _, s := range []string{"0", "0-1", "0-3,6", "0-3,5-7,9", "", "3-1", "-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cpus, err := ParseCPUList(s)
		if err != nil {
			return
		}
		for _, c := range cpus {
			if c < 0 {
				t.Fatalf("%q: CPU %d", s, c)
			}
		}
	})
}
