package unwind

import "debug/elf"

// ehFrameOf returns the .eh_frame bytes of an ELF file, nil if none.
func ehFrameOf(path string) []byte {
	f, err := elf.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	s := f.Section(".eh_frame")
	if s == nil {
		return nil
	}
	data, _ := s.Data()
	return data
}
