package symbol

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"sonde/internal/testprog"
	"sonde/objfile"
)

var dwarfNames = []string{".debug_info", ".debug_abbrev", ".debug_line", ".debug_str", ".debug_line_str", ".debug_rnglists", ".debug_aranges", ".debug_ranges"}

// TestSectionData: every DWARF section that objfile.SectionDataFrom inflates itself
// (gcc -gz, SHF_COMPRESSED zlib; libc6-dbg's debug file when present) has
// the bytes debug/elf's Section.Data gives; a section declaring more
// bytes than it holds, or more than its compressed bytes can make, is an
// error naming the file and the section, not an allocation of that size.
func TestSectionData(t *testing.T) {
	bin := testprog.Build(t, "inline.c", testprog.Opts{Flags: []string{"-O2", "-g", "-gz"}})
	files := []string{bin}
	if of, err := objfile.Open(libcPath, nil); err == nil {
		if of.Separate() {
			files = append(files, of.DebugPath)
		}
		of.Close()
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := elf.NewFile(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		compressed := 0
		for _, name := range dwarfNames {
			s := f.Section(name)
			if s == nil {
				continue
			}
			if s.Flags&elf.SHF_COMPRESSED != 0 {
				compressed++
			}
			got, err := objfile.SectionDataFrom(f, bytes.NewReader(data), path, name)
			if err != nil {
				t.Fatalf("%s %s: %v", path, name, err)
			}
			want, err := s.Data()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s: %d bytes differ from debug/elf's %d", path, name, len(got), len(want))
			}
		}
		if compressed == 0 {
			t.Errorf("%s: no compressed DWARF section", path)
		}
	}

	// The fixture with .debug_info's declared size changed.
	data, _ := os.ReadFile(bin)
	f, _ := elf.NewFile(bytes.NewReader(data))
	s := f.Section(".debug_info")
	if s == nil || s.Flags&elf.SHF_COMPRESSED == 0 {
		t.Fatalf("%s: .debug_info is not compressed", bin)
	}
	for _, tc := range []struct {
		size uint64
		msg  string
	}{
		{s.Size + 1, "fewer bytes"},
		{1 << 40, "more than"},
	} {
		bad := bytes.Clone(data)
		binary.LittleEndian.PutUint64(bad[s.Offset+8:], tc.size)
		bf, err := elf.NewFile(bytes.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		_, err = objfile.SectionDataFrom(bf, bytes.NewReader(bad), "prog", ".debug_info")
		if err == nil || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), "prog") || !strings.Contains(err.Error(), ".debug_info") {
			t.Errorf("declared size %d: err = %v, want one naming the file and the section, saying %q", tc.size, err, tc.msg)
		}
	}
}
