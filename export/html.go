package export

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"sonde/profile"
)

//go:embed flamegraph/flamegraph.html
var flamegraphPage string

// fgNode is one frame of the flame graph tree, as the page's script reads
// it: name, value, children.
type fgNode struct {
	N     string    `json:"n"`
	V     int64     `json:"v"`
	C     []*fgNode `json:"c,omitempty"`
	index map[string]*fgNode
}

func (n *fgNode) child(name string) *fgNode {
	if n.index == nil {
		n.index = make(map[string]*fgNode)
	}
	c := n.index[name]
	if c == nil {
		c = &fgNode{N: name}
		n.index[name] = c
		n.C = append(n.C, c)
	}
	return c
}

// sortTree orders children by name, as flamegraph.pl does, so that equal
// profiles give equal pages.
func sortTree(n *fgNode) {
	sort.Slice(n.C, func(i, j int) bool { return n.C[i].N < n.C[j].N })
	for _, c := range n.C {
		sortTree(c)
	}
}

// WriteHTML writes p as one self-contained HTML page holding an
// interactive flame graph: the stacks of WriteFolded (inline frames
// expanded, weighted by samples, by wall time for a profile with off-CPU
// time, or by count for a counting profile) under
// a root named "all". Clicking a frame zooms into it; a search box colours
// the frames whose names match a regular expression and prints their share
// ("#search=RE" in the address does it on load); hovering shows a tooltip
// with the frame's value and share. The page's script and style are
// inline: it needs no network.
func WriteHTML(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	st, err := collectStacks(p, sym)
	if err != nil {
		return fmt.Errorf("html export: %w", err)
	}
	root := &fgNode{N: "all"}
	for _, s := range st.stacks {
		if s.weight == 0 {
			continue
		}
		root.V += s.weight
		n := root
		for _, f := range s.frames {
			n = n.child(st.frames[f].Name)
			n.V += s.weight
		}
	}
	sortTree(root)
	title := "sonde flame graph"
	if len(p.Runs) > 0 && len(p.Runs[0].Command) > 0 {
		title += ": " + filepath.Base(p.Runs[0].Command[0])
	}
	// json.Marshal escapes <, > and &, so the data cannot end its script
	// element.
	data, err := json.Marshal(struct {
		Title string  `json:"title"`
		Unit  string  `json:"unit"`
		Root  *fgNode `json:"root"`
	}{title, st.weightType.Type, root})
	if err != nil {
		return fmt.Errorf("html export: %w", err)
	}
	page := strings.NewReplacer("{{TITLE}}", html.EscapeString(title), "{{DATA}}", string(data)).Replace(flamegraphPage)
	if _, err := io.WriteString(w, page); err != nil {
		return fmt.Errorf("html export: %w", err)
	}
	return nil
}
