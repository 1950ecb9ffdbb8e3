package agent

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"sonde/internal/testprog"
	"sonde/profile"
)

// TestSymbolizerAfterRotation: a rotation keeps the objects requests used
// in the last keepObjects (the same opened Object, not opened again) and
// forgets the rest as a fresh symbolizer would: objects not used since,
// objects named without a build ID, failed opens, the old spool's images.
func TestSymbolizerAfterRotation(t *testing.T) {
	used := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O2", "-g"}})
	stale := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O0", "-g"}})
	noID := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O1", "-g"}})
	missing := filepath.Join(t.TempDir(), "gone")

	a := &agent{}
	a.newSymbolizer()
	defer func() { a.cache.Close() }()
	id := func(path string) string {
		o, err := a.cache.Object(path, "")
		if err != nil {
			t.Fatal(err)
		}
		if o.BuildID() == "" {
			t.Fatalf("%s has no build ID", path)
		}
		return o.BuildID()
	}
	usedID, staleID := id(used), id(stale)
	a.cache = nil
	a.newSymbolizer()

	now := time.Now()
	objs := map[string]string{used: usedID, stale: staleID, noID: "", missing: "00ff"}
	opened := map[string]any{}
	for path, bid := range objs {
		o, err := a.cache.Object(path, bid)
		if (err != nil) != (path == missing) {
			t.Fatalf("Object(%s) = %v", path, err)
		}
		opened[path] = o
	}
	a.used = map[profile.MappingKey]time.Time{
		{Path: used, BuildID: usedID}:    now.Add(-keepObjects / 2),
		{Path: stale, BuildID: staleID}:  now.Add(-keepObjects - time.Minute),
		{Path: noID}:                     now,
		{Path: missing, BuildID: "00ff"}: now,
	}
	vdso, err := os.ReadFile(used)
	if err != nil {
		t.Fatal(err)
	}
	a.addImages(&profile.Profile{Objects: []profile.ObjectImage{{Path: "[vdso]", BuildID: "ab", Data: vdso}}})
	oldSym := a.sym

	a.symbolizerAfterRotation(now)

	if a.cache.Len() != 1 {
		t.Errorf("after the rotation the cache holds %d objects, want 1 (%s)", a.cache.Len(), used)
	}
	if o, err := a.cache.Object(used, usedID); err != nil || o != opened[used] {
		t.Errorf("the object used %v ago was opened again (%v)", keepObjects/2, err)
	}
	if o, _ := a.cache.Object(stale, staleID); o == opened[stale] {
		t.Errorf("the object unused for %v was kept", keepObjects+time.Minute)
	}
	if o, _ := a.cache.Object(noID, ""); o == opened[noID] {
		t.Errorf("the object named without a build ID was kept")
	}
	if _, ok := a.cache.Image("[vdso]", "ab"); ok || a.images != nil {
		t.Errorf("the old spool's image was kept")
	}
	if a.sym == oldSym {
		t.Errorf("the symbolizer's answers were kept")
	}
	if _, ok := a.used[profile.MappingKey{Path: stale, BuildID: staleID}]; ok {
		t.Errorf("the stale object is still noted as used")
	}
}
