package web

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"sonde/export"
	"sonde/profile"
)

// The diff flame graph (report --http --diff BASE FILE): the call tree of
// the new profile, each frame as wide as its share of the new samples and
// coloured only where its share changed by more than two standard
// deviations, as the text --diff judges a change: for shares p1 of N1 base
// samples and p2 of N2 new ones, sigma = sqrt(p1(1-p1)/N1 + p2(1-p2)/N2)
// (two independent binomial shares, PCT 6.2). The cumulative share (the
// frame and everything it calls) and the flat share (the frame itself,
// as the text --diff's leaf shares) are both judged; the page colours by
// either. Frames only in the base are kept with no width, so that the
// list of changes names them.

// diffNode is one frame of the merged call tree, as the page reads it.
type diffNode struct {
	N  string      `json:"n"`
	V  int64       `json:"v"`  // new samples through this frame
	B  int64       `json:"b"`  // base samples through it
	VS int64       `json:"vs"` // new samples in the frame itself
	BS int64       `json:"bs"` // base samples in it
	D  float64     `json:"d"`  // cumulative share's change, in points
	E  float64     `json:"e"`  // two standard deviations of D
	DS float64     `json:"ds"` // flat share's change, in points
	ES float64     `json:"es"` // two standard deviations of DS
	C  []*diffNode `json:"c,omitempty"`

	index map[string]*diffNode
}

func (n *diffNode) child(name string) *diffNode {
	if n.index == nil {
		n.index = make(map[string]*diffNode)
	}
	c := n.index[name]
	if c == nil {
		c = &diffNode{N: name}
		n.index[name] = c
		n.C = append(n.C, c)
	}
	return c
}

// diffTree merges the folded stacks of base and cur (sample counts) into
// one tree and judges each frame's change.
func diffTree(base, cur *profile.Profile, sym export.Symbolizer) (*diffNode, error) {
	if len(base.Samples) == 0 || len(cur.Samples) == 0 {
		return nil, fmt.Errorf("--diff: the diff flame graph compares two sampled profiles (record, top)")
	}
	root := &diffNode{N: "all"}
	for side, p := range []*profile.Profile{base, cur} {
		var buf bytes.Buffer
		if err := export.WriteFolded(&buf, p, sym); err != nil {
			return nil, err
		}
		if err := addFolded(root, buf.Bytes(), side == 1); err != nil {
			return nil, err
		}
	}
	judge(root, root.B, root.V)
	sortDiff(root)
	return root, nil
}

// addFolded adds folded stacks ("a;b;c 12" lines) to the tree's base or
// new side.
func addFolded(root *diffNode, folded []byte, isNew bool) error {
	sc := bufio.NewScanner(bytes.NewReader(folded))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		sp := strings.LastIndexByte(line, ' ')
		if sp < 0 {
			return fmt.Errorf("folded stack %q: no weight", line)
		}
		w, err := strconv.ParseInt(line[sp+1:], 10, 64)
		if err != nil {
			return fmt.Errorf("folded stack %q: %w", line, err)
		}
		n := root
		add := func(n *diffNode, self bool) {
			if isNew {
				n.V += w
				if self {
					n.VS += w
				}
			} else {
				n.B += w
				if self {
					n.BS += w
				}
			}
		}
		frames := strings.Split(line[:sp], ";")
		add(n, false)
		for i, f := range frames {
			n = n.child(f)
			add(n, i == len(frames)-1)
		}
	}
	return sc.Err()
}

// change returns the change of a share, b of nb to c of nc, in points,
// and two standard deviations of it.
func change(b, nb, c, nc int64) (d, e float64) {
	p1, p2 := 0.0, 0.0
	v := 0.0
	if nb > 0 {
		p1 = float64(b) / float64(nb)
		v += p1 * (1 - p1) / float64(nb)
	}
	if nc > 0 {
		p2 = float64(c) / float64(nc)
		v += p2 * (1 - p2) / float64(nc)
	}
	return 100 * (p2 - p1), 200 * math.Sqrt(v)
}

func judge(n *diffNode, nb, nc int64) {
	n.D, n.E = change(n.B, nb, n.V, nc)
	n.DS, n.ES = change(n.BS, nb, n.VS, nc)
	for _, c := range n.C {
		judge(c, nb, nc)
	}
}

func sortDiff(n *diffNode) {
	sort.Slice(n.C, func(i, j int) bool { return n.C[i].N < n.C[j].N })
	for _, c := range n.C {
		sortDiff(c)
	}
}

// diffChange is one row of the list of significant changes.
type diffChange struct {
	Path            string
	Base, New, D, E float64
	Flat            bool
}

// significant lists the frames whose cumulative or flat share changed by
// more than two standard deviations, largest change first.
func significant(root *diffNode) []diffChange {
	var out []diffChange
	var walk func(n *diffNode, path string)
	walk = func(n *diffNode, path string) {
		if path != "" {
			if math.Abs(n.D) > n.E {
				out = append(out, diffChange{Path: path, Base: pctOf(n.B, root.B), New: pctOf(n.V, root.V), D: n.D, E: n.E})
			}
			if (n.BS > 0 || n.VS > 0) && math.Abs(n.DS) > n.ES && (n.BS != n.B || n.VS != n.V) {
				out = append(out, diffChange{Path: path, Base: pctOf(n.BS, root.B), New: pctOf(n.VS, root.V), D: n.DS, E: n.ES, Flat: true})
			}
		}
		for _, c := range n.C {
			p := c.N
			if path != "" {
				p = c.N + " <- " + path
			}
			walk(c, p)
		}
	}
	walk(root, "")
	// Largest change first, to a hundredth of a point; then by path.
	sort.SliceStable(out, func(i, j int) bool {
		a, b := math.Round(100*math.Abs(out[i].D)), math.Round(100*math.Abs(out[j].D))
		if a != b {
			return a > b
		}
		return out[i].Path < out[j].Path
	})
	return out
}

func pctOf(v, total int64) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(v) / float64(total)
}
