// Package listing stores the instructions of each basic block of a
// compilation unit that sonde cc instrumented, for "sonde report
// --instructions": the x.sL file of Weinberger's bb, kept in sonde's cache
// under the hash of the unit's universe (the Units frame hash), which is
// all a data file needs to name it.
//
// The file is text, one line per block and one per instruction:
//
//	sonde listing 1
//	block 0 main
//	15	/src/max.c	pushq	%rbp
//	15	/src/max.c	movq	%rsp, %rbp
//	block 1 main
//	...
//
// An instruction line is the source line, a tab, the source file, a tab and
// the instruction's text (which may hold tabs).
package listing

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Instr is one instruction and its source position.
type Instr struct {
	File string
	Line int
	Text string
}

// Block is one basic block's instructions.
type Block struct {
	Func  string
	Instr []Instr
}

const header = "sonde listing 1"

// Dir returns the directory listings live in under cacheDir; an empty
// cacheDir means $SONDE_CACHE, else os.UserCacheDir()/sonde.
func Dir(cacheDir string) string {
	if cacheDir == "" {
		cacheDir = os.Getenv("SONDE_CACHE")
	}
	if cacheDir == "" {
		d, err := os.UserCacheDir()
		if err != nil {
			d = os.TempDir()
		}
		cacheDir = filepath.Join(d, "sonde")
	}
	return filepath.Join(cacheDir, "listings")
}

// Path returns the file name of the listing of the universe with the given
// Units hash.
func Path(dir string, hash uint64) string {
	return filepath.Join(dir, fmt.Sprintf("%016x.sL", hash))
}

// Encode returns the listing of blocks.
func Encode(blocks []Block) []byte {
	var b bytes.Buffer
	b.WriteString(header + "\n")
	for i, bl := range blocks {
		fmt.Fprintf(&b, "block %d %s\n", i, bl.Func)
		for _, in := range bl.Instr {
			fmt.Fprintf(&b, "%d\t%s\t%s\n", in.Line, in.File, strings.ReplaceAll(in.Text, "\n", " "))
		}
	}
	return b.Bytes()
}

// Write stores the listing of blocks for the universe hash in dir, through
// a temporary file and a rename so that concurrent builds of the same unit
// do not see half a file.
func Write(dir string, hash uint64, blocks []Block) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write listing: %w", err)
	}
	f, err := os.CreateTemp(dir, "tmp-")
	if err != nil {
		return fmt.Errorf("write listing: %w", err)
	}
	if _, err := f.Write(Encode(blocks)); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("write listing: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write listing: %w", err)
	}
	if err := os.Rename(f.Name(), Path(dir, hash)); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write listing: %w", err)
	}
	return nil
}

// Read reads the listing of the universe hash from dir.
func Read(dir string, hash uint64) ([]Block, error) {
	p := Path(dir, hash)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("read listing: %w", err)
	}
	return Decode(p, data)
}

// Decode parses a listing; name is used in errors, which give the line.
func Decode(name string, data []byte) ([]Block, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var blocks []Block
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if n == 1 {
			if l != header {
				return nil, fmt.Errorf("listing %s: line 1: not a sonde listing", name)
			}
			continue
		}
		if rest, ok := strings.CutPrefix(l, "block "); ok {
			num, fn, _ := strings.Cut(rest, " ")
			i, err := strconv.Atoi(num)
			if err != nil || i != len(blocks) {
				return nil, fmt.Errorf("listing %s: line %d: block %q out of sequence", name, n, num)
			}
			blocks = append(blocks, Block{Func: fn})
			continue
		}
		f := strings.SplitN(l, "\t", 3)
		if len(f) != 3 || len(blocks) == 0 {
			return nil, fmt.Errorf("listing %s: line %d: malformed instruction line", name, n)
		}
		line, err := strconv.Atoi(f[0])
		if err != nil || line < 0 {
			return nil, fmt.Errorf("listing %s: line %d: bad source line %q", name, n, f[0])
		}
		b := &blocks[len(blocks)-1]
		b.Instr = append(b.Instr, Instr{File: f[1], Line: line, Text: f[2]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("listing %s: %w", name, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("listing %s: empty", name)
	}
	return blocks, nil
}
