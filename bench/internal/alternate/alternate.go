// Package alternate runs several builds of one program alternately, round
// after round, in the same run, and summarizes each build's CPU time
// (user+system, from wait4's rusage) by medians and median per-round
// ratios: the measuring loop that the cc and attrib benchmarks share.
package alternate

import (
	"bytes"
	"cmp"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

// A Build is one way of building the measured program.
type Build struct {
	Name string   // printed, and named in errors
	Bin  string   // the program Cmd builds
	Cmd  []string // the command that builds Bin
	Env  []string // each run's environment; nil means the parent's
	CPU  []time.Duration
}

// BuildSonde builds sonde/cmd/sonde into dir and returns its path.
func BuildSonde(dir string) (string, error) {
	sonde := filepath.Join(dir, "sonde")
	if out, err := exec.Command("go", "build", "-o", sonde, "sonde/cmd/sonde").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return sonde, nil
}

// Compile runs every build's Cmd in dir with env.
func Compile(dir string, env []string, builds []*Build) error {
	for _, b := range builds {
		cmd := exec.Command(b.Cmd[0], b.Cmd[1:]...)
		cmd.Env = env
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%v: %v\n%s", b.Cmd, err, out)
		}
	}
	return nil
}

// Run runs every build once a round with args, in dir (so that files the
// programs write, gmon.out or sonde.data, stay there), for rounds rounds,
// and appends each run's CPU time to its build's CPU. Every run must print
// the same standard output.
func Run(rounds int, dir string, args []string, builds []*Build) error {
	var want []byte
	for r := 0; r < rounds; r++ {
		for i := range builds {
			// Rotate the order each round so no build always runs first.
			b := builds[(i+r)%len(builds)]
			cmd := exec.Command(b.Bin, args...)
			cmd.Env = b.Env
			cmd.Dir = dir
			var out bytes.Buffer
			cmd.Stdout = &out
			if err := cmd.Run(); err != nil {
				return fmt.Errorf("%s: %v", b.Name, err)
			}
			if want == nil {
				want = out.Bytes()
			} else if !bytes.Equal(out.Bytes(), want) {
				return fmt.Errorf("%s printed %q, another build %q", b.Name, out.Bytes(), want)
			}
			st := cmd.ProcessState
			b.CPU = append(b.CPU, st.UserTime()+st.SystemTime())
		}
	}
	return nil
}

// Median returns the median of v (the upper one of an even count), the
// zero value for none. v is left as it was.
func Median[T cmp.Ordered](v []T) T {
	if len(v) == 0 {
		var zero T
		return zero
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// Ratio returns the median of a's CPU time over b's, round by round.
func Ratio(a, b *Build) float64 {
	var rs []float64
	for i := range a.CPU {
		rs = append(rs, a.CPU[i].Seconds()/b.CPU[i].Seconds())
	}
	slices.Sort(rs)
	return rs[len(rs)/2]
}
