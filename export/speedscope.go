package export

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"sonde/profile"
)

// speedscopeSchema is the $schema every speedscope file names
// (speedscope's src/lib/file-format-spec.ts).
const speedscopeSchema = "https://www.speedscope.app/file-format-schema.json"

// The speedscope file format, the subset sonde writes: shared frames and
// sampled profiles.
type (
	ssFile struct {
		Schema             string      `json:"$schema"`
		Shared             ssShared    `json:"shared"`
		Profiles           []ssProfile `json:"profiles"`
		Name               string      `json:"name,omitempty"`
		ActiveProfileIndex int         `json:"activeProfileIndex"`
		Exporter           string      `json:"exporter"`
	}
	ssShared struct {
		Frames []ssFrame `json:"frames"`
	}
	ssFrame struct {
		Name string `json:"name"`
		File string `json:"file,omitempty"`
	}
	ssProfile struct {
		Type       string  `json:"type"`
		Name       string  `json:"name"`
		Unit       string  `json:"unit"`
		StartValue int64   `json:"startValue"`
		EndValue   int64   `json:"endValue"`
		Samples    [][]int `json:"samples"`
		Weights    []int64 `json:"weights"`
	}
)

// WriteSpeedscope writes p in speedscope's JSON file format: one "sampled"
// profile per thread (pid/tid), samples in collection order with their
// stacks root first (speedscope's order) and weighted by their last value
// (cpu nanoseconds for sonde record, unit "nanoseconds"; otherwise unit
// "none"). Frames are shared between the threads' profiles, one per
// function (inline frames expanded). A counting profile becomes one profile
// named "counts" with one sample per unit that ran, weighted by its count.
func WriteSpeedscope(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	st, err := collectStacks(p, sym)
	if err != nil {
		return fmt.Errorf("speedscope export: %w", err)
	}
	f := ssFile{Schema: speedscopeSchema, Exporter: "sonde", Shared: ssShared{Frames: []ssFrame{}}, Profiles: []ssProfile{}}
	if len(p.Runs) > 0 && len(p.Runs[0].Command) > 0 {
		f.Name = filepath.Base(p.Runs[0].Command[0])
	}
	for _, fr := range st.frames {
		f.Shared.Frames = append(f.Shared.Frames, ssFrame{Name: fr.Name, File: fr.File})
	}
	unit := "none"
	if st.valueType.Unit == "nanoseconds" {
		unit = "nanoseconds"
	}
	type thread struct{ pid, tid int32 }
	byThread := make(map[thread]*ssProfile)
	var order []thread
	comms := (&builder{p: p}).comms() // pids reused under other names get none
	for _, s := range st.stacks {
		if s.value == 0 {
			continue
		}
		th := thread{s.pid, s.tid}
		sp := byThread[th]
		if sp == nil {
			name := fmt.Sprintf("pid %d tid %d", s.pid, s.tid)
			if c := comms[s.pid]; c != "" {
				name = fmt.Sprintf("%s (pid %d tid %d)", c, s.pid, s.tid)
			}
			if len(p.Samples) == 0 {
				name = "counts"
			}
			sp = &ssProfile{Type: "sampled", Name: name, Unit: unit, Samples: [][]int{}, Weights: []int64{}}
			byThread[th] = sp
			order = append(order, th)
		}
		sp.Samples = append(sp.Samples, s.frames)
		sp.Weights = append(sp.Weights, s.value)
		sp.EndValue += s.value
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].pid != order[j].pid {
			return order[i].pid < order[j].pid
		}
		return order[i].tid < order[j].tid
	})
	for _, th := range order {
		f.Profiles = append(f.Profiles, *byThread[th])
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(&f); err != nil {
		return fmt.Errorf("speedscope export: %w", err)
	}
	return nil
}
