package asm

import (
	"encoding/binary"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"sonde/profile"
	"sonde/profile/datafile"
)

// Options says how to instrument one compilation unit.
type Options struct {
	// Scope names the compilation unit in the profile (the Unit.Scope of
	// its blocks); normally the source file's absolute path. Empty means
	// the name of the assembly's first ".file" directive.
	Scope string
	// Dir is the compilation directory, used for relative file names when
	// the assembly carries no DWARF 5 ".file 0" directive.
	Dir string
	// Atomic makes every increment lock-prefixed, for programs whose
	// threads run the same blocks at once; without it concurrent increments
	// of one counter can lose counts.
	Atomic bool
	// CountAll gives every block a counter of its own. Without it only the
	// blocks whose counts cannot be derived from the others by flow
	// conservation get one (Knuth and Stevenson, derive.go), and the
	// runtime derives the rest when it writes the counts.
	CountAll bool
	// MarkOnly inserts a local symbol "sonde.b.N" at the start of block N
	// instead of a counter and appends nothing: the program's code is
	// unchanged, and tests map an oracle's per-instruction counts to blocks
	// through the symbols.
	MarkOnly bool
}

// Block is one basic block as the instrumenter found it.
type Block struct {
	// Index numbers the block within the unit, in source order; it is the
	// counter's index and Unit.Index.
	Index int
	// Func is the symbol of the function the block is in.
	Func string
	// Section is the section the block's code is in.
	Section string
	// Instrs is the number of machine instructions in the block.
	Instrs int
	// FlagsLive says the flags were live where the block starts, so the
	// counter had to preserve them.
	FlagsLive bool
	// Lines lists the block's instructions grouped by source line, in the
	// order each line first appears in the block.
	Lines []Piece
	// Code lists the block's instructions in order.
	Code []Instr
	// Jump is the block that its last instruction jumps to (a jump or a
	// conditional jump to a label of the unit), -1 for none; Fall the block
	// it falls through to, -1 for none. Cond says the last instruction is a
	// conditional jump. Entered and Exits say that flow may also enter the
	// block from outside these edges (a function entry, an address-taken
	// label) or leave it to outside (a call, a return, an indirect jump):
	// derive.go's fake edges. With the block counts they give the edge
	// counts, branch coverage (profile.Branches).
	Jump, Fall     int
	Cond           bool
	Entered, Exits bool
	// Counter is the index of the block's counter: below
	// Result.Counters a measured one, from it on a derived one
	// (Result.Derived[Counter-Result.Counters]).
	Counter int
}

// Instr is one instruction of a block: its text as the assembly has it
// ("movl\t(%rdi,%rax,4), %ecx") and its source line.
type Instr struct {
	File string
	Line int
	Text string
}

// Piece is the part of a block on one source line.
type Piece struct {
	File   string
	Line   int
	Instrs int
}

// Result is an instrumented compilation unit.
type Result struct {
	// Asm is the instrumented assembly.
	Asm []byte
	// Blocks are the unit's basic blocks, by index.
	Blocks []Block
	// Units is the unit's static universe, one unit per (block, source
	// line) in block order: the same blocks' counter is reported for each
	// of its lines, so that a line keeps its own instruction count.
	Units []profile.Unit
	// UnitBlock maps each unit to its block's counter.
	UnitBlock []uint32
	// Counters is the number of measured counters: the blocks' (at most
	// one a block), then the edges'.
	Counters int
	// Edges lists the blocks whose conditional jump's fall-through edge
	// has a counter of its own (a UnitEdge unit, after the blocks' units):
	// those whose two ways the block counts do not determine.
	Edges []int
	// Derived lists the formula of each derived counter: the sum of the
	// measured counters it names, each added or subtracted.
	Derived [][]Term
	// Hash is the Units frame hash (datafile.UnitsHash of Units).
	Hash uint64
	// Listing is the payload of the unit's Listing frame (the instructions
	// of Blocks, datafile.EncodeListing), which the instrumented assembly
	// carries for the runtime to write; nil when it would not fit a frame.
	Listing []byte
}

// instr is one instruction of the source with what the analysis needs.
type instr struct {
	st      stmt
	lineIdx int
	start   int // offset where a counter before it goes (before its prefix)
	file    string
	line    int
	app     bool // inside #APP/#NO_APP (inline asm)
	block   int
}

type blockInfo struct {
	Block
	first, last int  // instruction indexes
	fall        bool // has an edge to the block its last instruction falls into
	cfaRSP      bool // the CFA is %rsp-based where the block starts
	succ        []int
	unknownSucc bool // an indirect jump: successors unknown
	decided     bool
	live        bool
}

// Instrument instruments the assembly src of one compilation unit. It
// returns an error only for assembly it cannot make sense of (a ".loc"
// naming an undeclared file); anything else it does not recognise is kept
// byte for byte and treated conservatively.
func Instrument(src []byte, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	text := string(src)
	lines := splitLines(text)

	// Pass 1: label definitions and references.
	refs := make(map[string]int)
	var sec sectionState
	app := false
	for _, l := range lines {
		if l.comment == "APP" {
			app = true
		} else if l.comment == "NO_APP" {
			app = false
		}
		for _, st := range l.stmts {
			switch st.kind {
			case stDirective:
				sec.directive(st)
				if dataDirectives[st.name] && !strings.HasPrefix(sec.cur.name, ".debug") {
					symbolRefs(st.args, func(s string) { refs[s]++ })
				}
			case stInstr:
				symbolRefs(st.args, func(s string) { refs[s]++ })
			}
		}
	}
	_ = app

	// Pass 2: instructions, blocks, source lines.
	files := map[int]string{}
	compDir := opts.Dir
	scope := opts.Scope
	curFile, curLine := "", 0
	var (
		instrs      []instr
		blocks      []*blockInfo
		labelBlock  = map[string]int{}
		pending     []string // labels since the last instruction
		leader      = true
		cfi         cfaState
		abnormal    bool // exception tables or returns-twice calls
		twice       bool // a call to setjmp or the like
		curFunc     string
		prefixStart = -1
		prefixLine  int
		lastSecBlk  = map[string]int{} // section -> its last block
	)
	sec = sectionState{}
	app = false
	for li, l := range lines {
		if l.comment == "APP" {
			app = true
		} else if l.comment == "NO_APP" {
			app = false
		}
		for _, st := range l.stmts {
			switch st.kind {
			case stLabel:
				if !sec.cur.exec || app {
					continue
				}
				pending = append(pending, st.name)
				local := strings.HasPrefix(st.name, ".L") || isNumeric(st.name)
				if !local {
					curFunc = st.name
				}
				if !local || refs[st.name] > 0 || isNumeric(st.name) {
					leader = true
				}
			case stDirective:
				sec.directive(st)
				switch st.name {
				case ".cfi_personality", ".cfi_lsda":
					abnormal = true
				case ".cfi_startproc", ".cfi_endproc", ".cfi_def_cfa", ".cfi_def_cfa_register",
					".cfi_remember_state", ".cfi_restore_state", ".cfi_escape":
					cfi.directive(st.name, st.args)
				case ".file":
					if err := fileDirective(st.args, files, &compDir, &scope); err != nil {
						return nil, fmt.Errorf("assembly line %d: %w", li+1, err)
					}
				case ".loc":
					f := strings.Fields(st.args)
					if len(f) >= 2 {
						n, err1 := strconv.Atoi(f[0])
						ln, err2 := strconv.Atoi(f[1])
						if err1 == nil && err2 == nil {
							name, ok := files[n]
							if !ok {
								return nil, fmt.Errorf("assembly line %d: .loc names file %d, which no .file declares", li+1, n)
							}
							curFile, curLine = name, ln
						}
					}
				}
			case stPrefixOnly:
				if prefixStart < 0 {
					prefixStart, prefixLine = st.off, li
				}
			case stInstr:
				if !sec.cur.exec {
					continue
				}
				in := instr{st: st, lineIdx: li, start: st.off, file: curFile, line: curLine, app: app}
				if prefixStart >= 0 {
					// The counter goes before the prefix ("rep" on a line
					// of its own applies to this instruction).
					in.start, in.lineIdx = prefixStart, prefixLine
					prefixStart = -1
				}
				cur := -1
				if len(blocks) > 0 {
					cur = len(blocks) - 1
				}
				if !app && (leader || cur < 0 || blocks[cur].Section != sec.cur.name) || cur < 0 {
					b := &blockInfo{Block: Block{Index: len(blocks), Func: curFunc, Section: sec.cur.name}, first: len(instrs)}
					b.cfaRSP = cfi.rspBased()
					// Fall-through edge from the section's previous block.
					if p, ok := lastSecBlk[sec.cur.name]; ok && fallsThrough(instrs[blocks[p].last].st.name) {
						blocks[p].succ = append(blocks[p].succ, b.Index)
						blocks[p].fall = true
					}
					lastSecBlk[sec.cur.name] = b.Index
					blocks = append(blocks, b)
					cur = b.Index
					for _, lb := range pending {
						labelBlock[lb] = cur
					}
				}
				pending = pending[:0]
				leader = false
				in.block = cur
				instrs = append(instrs, in)
				b := blocks[cur]
				b.last = len(instrs) - 1
				b.Instrs++
				addPiece(&b.Block, curFile, curLine)
				b.Code = append(b.Code, Instr{File: curFile, Line: curLine, Text: st.text})
				m := st.name
				if isCondJump(m) || isJump(m) || isCall(m) || isReturn(m) {
					leader = true
				}
				// Any reference counts: clang loads setjmp's address into
				// a register and calls through it.
				symbolRefs(st.args, func(name string) {
					twice = twice || returnsTwice(name)
					abnormal = abnormal || twice
				})
			}
		}
	}

	// Successors through jumps, and the flag state at each block's start.
	for _, b := range blocks {
		last := instrs[b.last]
		m := last.st.name
		if isCondJump(m) || isJump(m) {
			target := strings.TrimSpace(last.st.args)
			if strings.HasPrefix(target, "*") {
				b.unknownSucc = true
			} else if t, ok := labelBlock[target]; ok {
				b.succ = append(b.succ, t)
			}
			// A jump to a symbol of another unit is a tail call: the ABI
			// does not carry flags across it.
		}
		for i := b.first; i <= b.last; i++ {
			in := instrs[i]
			e := classify(in.st.name)
			if in.app {
				e = flagsRead
			}
			if e == flagsRead {
				b.decided, b.live = true, true
				break
			}
			if e == flagsKill {
				b.decided = true
				break
			}
		}
		if !b.decided && b.unknownSucc {
			b.decided, b.live = true, true
		}
	}
	for changed := true; changed; {
		changed = false
		for _, b := range blocks {
			if b.decided || b.live {
				continue
			}
			for _, s := range b.succ {
				if blocks[s].live {
					b.live, changed = true, true
					break
				}
			}
		}
	}

	switch {
	case opts.Scope != "":
	case files[0] != "":
		scope = files[0]
	case scope != "":
		scope = joinDir(compDir, scope)
	default:
		scope = "unit"
	}
	var (
		ncounters int
		derived   [][]Term
	)
	jumpRefs := map[string]int{}
	blockLabels := make([][]string, len(blocks))
	for lb, i := range labelBlock {
		blockLabels[i] = append(blockLabels[i], lb)
	}
	for _, in := range instrs {
		if m := in.st.name; (isJump(m) || isCondJump(m)) && !in.app {
			jumpRefs[strings.TrimSpace(in.st.args)]++
		}
	}
	if opts.CountAll || opts.MarkOnly {
		for _, b := range blocks {
			b.Counter = ncounters
			ncounters++
		}
	} else {
		ncounters, derived = deriveCounters(instrs, blocks, labelBlock, refs, jumpRefs, blockLabels, twice)
	}
	entered, exits := fakeEdges(instrs, blocks, labelBlock, refs, jumpRefs, blockLabels, twice)
	for _, b := range blocks {
		b.Jump, b.Fall = -1, -1
		last := &instrs[b.last]
		m := last.st.name
		b.Cond = isCondJump(m) && !last.app
		if b.fall {
			b.Fall = b.succ[0] // the fall-through edge is added first
		}
		if (isJump(m) || isCondJump(m)) && !last.app {
			if t, ok := labelBlock[strings.TrimSpace(last.st.args)]; ok {
				b.Jump = t
			}
		}
		b.Entered, b.Exits = entered[b.Index], exits[b.Index]
	}
	// The fall-through edges to count, measured counters after the
	// blocks' (the derived ones move up behind them).
	var edgeBlocks []int
	if !opts.MarkOnly {
		edgeBlocks = edgeCounters(blocks)
	}
	edgeCounter := make(map[int]int, len(edgeBlocks))
	if len(edgeBlocks) > 0 {
		for _, b := range blocks {
			if b.Counter >= ncounters {
				b.Counter += len(edgeBlocks)
			}
		}
		for k, bi := range edgeBlocks {
			edgeCounter[bi] = ncounters + k
		}
		ncounters += len(edgeBlocks)
	}
	res := &Result{Counters: ncounters, Derived: derived}
	for _, b := range blocks {
		b.FlagsLive = b.live
		res.Blocks = append(res.Blocks, b.Block)
		for _, p := range b.Lines {
			res.Units = append(res.Units, profile.Unit{
				Kind: profile.UnitBlock, Loc: profile.Location{Mapping: profile.NoMapping},
				Scope: scope, Index: b.Index, Func: b.Func, File: p.File, Line: p.Line, Instrs: p.Instrs,
			})
			res.UnitBlock = append(res.UnitBlock, uint32(b.Counter))
		}
	}
	// the listing belongs to the blocks' units, which readers keep apart
	// from the edges (profile.Profile.Edges)
	listingHash := datafile.UnitsHash(res.Units)
	for _, bi := range edgeBlocks {
		b := blocks[bi]
		jcc := instrs[b.last]
		res.Units = append(res.Units, profile.Unit{
			Kind: profile.UnitEdge, Loc: profile.Location{Mapping: profile.NoMapping},
			Scope: scope, Index: b.Index, Func: b.Func, File: jcc.file, Line: jcc.line,
		})
		res.UnitBlock = append(res.UnitBlock, uint32(edgeCounter[bi]))
		res.Edges = append(res.Edges, b.Index)
	}
	body := datafile.EncodeUnits(nil, res.Units)
	res.Hash = datafile.UnitsHash(res.Units)
	res.Listing = encodeListing(listingHash, res.Blocks)

	// Edits: one insertion per block, at its first instruction (after an
	// endbr64, which must stay the first instruction of a branch target).
	type edit struct {
		off  int
		text string
	}
	var edits []edit
	var loops []regLoop
	if !opts.MarkOnly {
		loops = findRegLoops(lines, instrs, blocks, labelBlock, refs, abnormal)
	}
	loopCount := map[int]string{}
	// Flushes before zeroings: where one loop falls into another, both go
	// at the same offset.
	for _, lp := range loops {
		_, _, flush := loopCode(lp, blocks[lp.block].Counter, opts.Atomic)
		edits = append(edits, edit{lp.flush, flush})
	}
	for _, lp := range loops {
		init, count, _ := loopCode(lp, blocks[lp.block].Counter, opts.Atomic)
		edits = append(edits, edit{lp.init, init})
		loopCount[lp.block] = count
	}
	for _, b := range blocks {
		in := instrs[b.first]
		var code []string
		switch {
		case opts.MarkOnly:
			code = []string{fmt.Sprintf("sonde.b.%d:", b.Index)}
		case b.Counter >= ncounters:
			continue // derived
		case loopCount[b.Index] != "":
			code = []string{loopCount[b.Index]}
		case b.live:
			// The flags are live where the block starts; before an
			// instruction that overwrites them all they are dead, and a
			// plain increment there counts the block as well.
			if k := flagsDeadAt(instrs, b); k > b.first {
				in = instrs[k]
				code = counterCode(b.Counter, false, opts.Atomic, false)
				break
			}
			code = counterCode(b.Counter, true, opts.Atomic, b.cfaRSP)
		default:
			code = counterCode(b.Counter, false, opts.Atomic, b.cfaRSP)
		}
		if (in.st.name == "endbr64" || in.st.name == "endbr32") && b.first < b.last {
			l := lines[in.lineIdx]
			edits = append(edits, edit{l.off + len(l.text), "\n\t" + strings.Join(code, "\n\t")})
			continue
		}
		l := lines[in.lineIdx]
		if strings.TrimLeft(text[l.off:in.start], " \t") == "" {
			edits = append(edits, edit{l.off, "\t" + strings.Join(code, "\n\t") + "\n"})
		} else {
			edits = append(edits, edit{in.start, strings.Join(code, "; ") + "; "})
		}
	}
	// An edge counter goes right after its conditional jump, where only
	// the fall-through runs, before the labels of the block it falls into.
	for _, bi := range edgeBlocks {
		b := blocks[bi]
		f := blocks[b.Fall]
		code := counterCode(edgeCounter[bi], f.live, opts.Atomic, f.cfaRSP)
		l := lines[instrs[b.last].lineIdx]
		edits = append(edits, edit{l.off + len(l.text), "\n\t" + strings.Join(code, "\n\t")})
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].off < edits[j].off })
	var out strings.Builder
	out.Grow(len(text) + len(edits)*40 + len(body)*5)
	prev := 0
	for _, e := range edits {
		out.WriteString(text[prev:e.off])
		out.WriteString(e.text)
		prev = e.off
	}
	out.WriteString(text[prev:])
	if !opts.MarkOnly && len(blocks) > 0 {
		if !strings.HasSuffix(text, "\n") {
			out.WriteString("\n")
		}
		writeTrailer(&out, ncounters, derived, res.Hash, body, res.UnitBlock)
		writeListing(&out, res.Listing)
	}
	res.Asm = []byte(out.String())
	return res, nil
}

// flagsDeadAt returns the index of the first instruction of block b before
// which the flags are dead (one that overwrites them all without reading
// them), or -1.
func flagsDeadAt(instrs []instr, b *blockInfo) int {
	for i := b.first; i <= b.last; i++ {
		in := &instrs[i]
		if in.app {
			return -1
		}
		if classify(in.st.name) == flagsKill {
			return i
		}
	}
	return -1
}

// counterName is the local label of the unit's counter array.
const counterName = ".Lsonde_c"

// counterCode returns the instructions that add one to counter n. With the
// flags dead a single RIP-relative increment does; with them live the count
// goes through %rax, which is saved on the stack below the 128-byte red
// zone (lea moves %rsp without touching the flags), because popf is slow.
// Atomic mode with live flags saves the flags instead. When the CFA is
// computed from %rsp (cfa), the moves of %rsp are described to the
// unwinder with .cfi_adjust_cfa_offset, so that profilers and debuggers
// that stop the program inside the sequence still unwind it.
func counterCode(n int, live, atomic, cfa bool) []string {
	ctr := fmt.Sprintf("%s+%d(%%rip)", counterName, 8*n)
	if !live {
		if atomic {
			return []string{"lock incq\t" + ctr}
		}
		return []string{"incq\t" + ctr}
	}
	save, restore := []string{"pushq\t%rax"}, []string{"popq\t%rax"}
	count := []string{"movq\t" + ctr + ", %rax", "leaq\t1(%rax), %rax", "movq\t%rax, " + ctr}
	if atomic {
		save, restore, count = []string{"pushfq"}, []string{"popfq"}, []string{"lock incq\t" + ctr}
	}
	var code []string
	add := func(insn string, adjust int) {
		code = append(code, insn)
		if cfa && adjust != 0 {
			code = append(code, fmt.Sprintf(".cfi_adjust_cfa_offset %d", adjust))
		}
	}
	add("leaq\t-128(%rsp), %rsp", 128)
	add(save[0], 8)
	for _, c := range count {
		add(c, 0)
	}
	add(restore[0], -8)
	add("leaq\t128(%rsp), %rsp", -128)
	return code
}

// cfaState follows the CFI directives far enough to know whether the
// canonical frame address is computed from %rsp at a point of a function.
type cfaState struct {
	inProc, rsp, known bool
	stack              [][2]bool
}

func (c *cfaState) directive(name, args string) {
	switch name {
	case ".cfi_startproc":
		*c = cfaState{inProc: true, rsp: true, known: true}
	case ".cfi_endproc":
		*c = cfaState{}
	case ".cfi_def_cfa", ".cfi_def_cfa_register":
		reg, _, _ := strings.Cut(args, ",")
		reg = strings.TrimSpace(reg)
		c.rsp = reg == "%rsp" || reg == "rsp" || reg == "7"
	case ".cfi_remember_state":
		c.stack = append(c.stack, [2]bool{c.rsp, c.known})
	case ".cfi_restore_state":
		if n := len(c.stack); n > 0 {
			c.rsp, c.known = c.stack[n-1][0], c.stack[n-1][1]
			c.stack = c.stack[:n-1]
		}
	case ".cfi_escape":
		c.known = false // may define the CFA by an expression
	}
}

// rspBased reports whether the CFA is known to be %rsp plus an offset.
func (c *cfaState) rspBased() bool { return c.inProc && c.rsp && c.known }

// DescriptorSection is the section holding one descriptor per instrumented
// compilation unit; the runtime walks it between the linker-defined
// __start_sonde_cus and __stop_sonde_cus. A descriptor is six 8-byte words:
//
//	0 counters address
//	1 number of measured counters M | number of derived counters D << 32
//	2 Units payload address (8-byte hash then body, as in a Units frame)
//	3 payload length
//	4 address of the unit-to-counter map: one uint32 per unit, a measured
//	  counter below M, a derived one from M to M+D-1
//	5 number of units U | number of uint32 words W of the derivation table << 32
//
// The derivation table follows the map's U words: for each derived counter
// in order, the number of its terms, then each term, a measured counter's
// index with bit 31 set when it is subtracted. A derived counter's count is
// the sum of its terms (Knuth and Stevenson, derive.go). Descriptors of
// units built before derivation existed have D and W zero.
const DescriptorSection = "sonde_cus"

// ListingSection is the section holding one descriptor per instrumented
// compilation unit that carries its listing; the runtime walks it between
// __start_sonde_listings and __stop_sonde_listings and writes each payload
// as a Listing frame after the Units frames. A descriptor is two 8-byte
// words: the payload's address (profile/datafile's Listing payload: the
// universe's hash, the body's length, the body deflated) and its length.
// It is a section of its own, not two more words of the sonde_cus
// descriptor, so that objects instrumented before listings travelled in
// the data file link with today's runtime and the other way round.
const ListingSection = "sonde_listings"

// flow is the block's edges as the listing records them.
func (b *Block) flow() profile.BlockFlow {
	return profile.BlockFlow{HasFlow: true, Jump: b.Jump, Fall: b.Fall, Cond: b.Cond, Entered: b.Entered, Exits: b.Exits}
}

// encodeListing returns the Listing payload of blocks, nil when it does
// not fit a frame (the report then says the unit has no listing).
func encodeListing(hash uint64, blocks []Block) []byte {
	l := profile.Listing{Hash: hash, Blocks: make([]profile.ListingBlock, len(blocks))}
	for i, b := range blocks {
		lb := &l.Blocks[i]
		lb.Func = b.Func
		lb.Flow = b.flow()
		lb.Instrs = make([]profile.ListingInstr, len(b.Code))
		for k, in := range b.Code {
			lb.Instrs[k] = profile.ListingInstr{File: in.File, Line: in.Line, Text: in.Text}
		}
	}
	p, err := datafile.EncodeListing(&l)
	if err != nil {
		return nil
	}
	return p
}

// writeBytes writes data as .byte directives, 32 a line.
func writeBytes(b *strings.Builder, data []byte) {
	for i := 0; i < len(data); i += 32 {
		b.WriteString("\t.byte\t")
		for j := i; j < len(data) && j < i+32; j++ {
			if j > i {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(data[j])))
		}
		b.WriteByte('\n')
	}
}

// writeListing appends the listing payload and its ListingSection
// descriptor.
func writeListing(b *strings.Builder, payload []byte) {
	if len(payload) == 0 {
		return
	}
	b.WriteString("\t# sonde: the unit's listing, for sonde report --instructions\n")
	b.WriteString("\t.section\t.rodata.sonde,\"a\",@progbits\n.Lsonde_l:\n")
	writeBytes(b, payload)
	fmt.Fprintf(b, "\t.section\t%s,\"aw\",@progbits\n\t.balign\t8\n\t.quad\t.Lsonde_l, %d\n", ListingSection, len(payload))
}

func writeTrailer(b *strings.Builder, nblocks int, derived [][]Term, hash uint64, body []byte, unitBlock []uint32) {
	payload := binary.LittleEndian.AppendUint64(nil, hash)
	payload = append(payload, body...)
	fmt.Fprintf(b, "\t# sonde: %d basic-block counters and the unit's universe\n", nblocks)
	fmt.Fprintf(b, "\t.section\t.bss.sonde,\"aw\",@nobits\n\t.balign\t64\n%s:\n\t.zero\t%d\n", counterName, 8*nblocks)
	fmt.Fprintf(b, "\t.section\t.rodata.sonde,\"a\",@progbits\n\t.balign\t8\n.Lsonde_u:\n")
	writeBytes(b, payload)
	words := append([]uint32(nil), unitBlock...)
	for _, f := range derived {
		words = append(words, uint32(len(f)))
		for _, t := range f {
			w := uint32(t.Counter)
			if t.Neg {
				w |= 1 << 31
			}
			words = append(words, w)
		}
	}
	b.WriteString("\t.balign\t4\n.Lsonde_m:\n")
	for i := 0; i < len(words); i += 16 {
		b.WriteString("\t.long\t")
		for j := i; j < len(words) && j < i+16; j++ {
			if j > i {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatUint(uint64(words[j]), 10))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(b, "\t.section\t%s,\"aw\",@progbits\n\t.balign\t8\n", DescriptorSection)
	fmt.Fprintf(b, "\t.quad\t%s, %d, .Lsonde_u, %d, .Lsonde_m, %d\n", counterName,
		uint64(nblocks)|uint64(len(derived))<<32, len(payload), uint64(len(unitBlock))|uint64(len(words)-len(unitBlock))<<32)
}

func addPiece(b *Block, file string, line int) {
	for i := range b.Lines {
		if b.Lines[i].File == file && b.Lines[i].Line == line {
			b.Lines[i].Instrs++
			return
		}
	}
	b.Lines = append(b.Lines, Piece{File: file, Line: line, Instrs: 1})
}

// returnsTwice reports whether name is a function that can return more
// than once, after which the block after a call must be counted on its own.
func returnsTwice(name string) bool {
	switch name {
	case "setjmp", "_setjmp", "__setjmp", "sigsetjmp", "__sigsetjmp", "savectx", "vfork", "getcontext",
		"__builtin_setjmp", "qsetjmp":
		return true
	}
	return false
}

// fallsThrough reports whether execution can continue after an instruction
// with mnemonic m to the next one.
func fallsThrough(m string) bool { return !isJump(m) && !isReturn(m) }

func isNumeric(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// dataDirectives are the directives whose arguments can refer to code
// labels from outside the code: jump tables, computed-goto tables, exception
// tables.
var dataDirectives = map[string]bool{
	".long": true, ".quad": true, ".4byte": true, ".8byte": true, ".int": true, ".word": true,
	".short": true, ".value": true, ".2byte": true, ".byte": true, ".uleb128": true, ".sleb128": true,
	".set": true, ".equ": true, ".equiv": true, ".reloc": true,
}

// section is one output section as the directives describe it.
type section struct {
	name string
	exec bool
}

// sectionState follows .text, .section, .pushsection and .previous.
type sectionState struct {
	cur, prev section
	stack     []section
}

func (s *sectionState) set(n section) { s.prev, s.cur = s.cur, n }

func (s *sectionState) directive(st stmt) {
	switch st.name {
	case ".text":
		s.set(section{".text", true})
	case ".data", ".bss":
		s.set(section{st.name, false})
	case ".section", ".pushsection":
		n := parseSection(st.args)
		if st.name == ".pushsection" {
			s.stack = append(s.stack, s.cur)
			s.cur = n
			return
		}
		s.set(n)
	case ".popsection":
		if len(s.stack) > 0 {
			s.cur = s.stack[len(s.stack)-1]
			s.stack = s.stack[:len(s.stack)-1]
		}
	case ".previous":
		s.cur, s.prev = s.prev, s.cur
	}
}

// parseSection reads ".section NAME[,"FLAGS"[,@type...]]".
func parseSection(args string) section {
	name, rest, _ := strings.Cut(args, ",")
	name = strings.Trim(strings.TrimSpace(name), "\"")
	exec := name == ".text" || strings.HasPrefix(name, ".text.") || name == ".init" || name == ".fini"
	if rest = strings.TrimSpace(rest); strings.HasPrefix(rest, "\"") {
		flags, _, _ := strings.Cut(rest[1:], "\"")
		exec = strings.Contains(flags, "x")
	}
	return section{name, exec}
}

// fileDirective records ".file N "name"", ".file N "dir" "name" [md5 X]"
// (DWARF 5; N 0 names the compilation directory and unit) and the plain
// ".file "name"".
func fileDirective(args string, files map[int]string, compDir, scope *string) error {
	args = strings.TrimSpace(args)
	num := -1
	if args != "" && args[0] != '"' {
		f, rest := cutSpace(args)
		n, err := strconv.Atoi(f)
		if err != nil {
			return fmt.Errorf(".file %s: bad file number", f)
		}
		num, args = n, rest
	}
	var strs []string
	for args != "" && args[0] == '"' {
		s, rest, err := unquote(args)
		if err != nil {
			return fmt.Errorf(".file: %w", err)
		}
		strs = append(strs, s)
		args = strings.TrimSpace(rest)
	}
	if len(strs) == 0 {
		return fmt.Errorf(".file: no file name")
	}
	if num < 0 {
		if *scope == "" {
			*scope = strs[0] // made absolute once the compilation directory is known
		}
		return nil
	}
	name := strs[len(strs)-1]
	if len(strs) == 2 {
		if num == 0 {
			*compDir = strs[0]
		}
		name = joinDir(strs[0], name)
	}
	files[num] = joinDir(*compDir, name)
	return nil
}

func joinDir(dir, name string) string {
	if path.IsAbs(name) || dir == "" {
		return name
	}
	return path.Join(dir, name)
}

// unquote reads a GNU as string at the start of s ("..." with C escapes,
// octal included) and returns it and the rest of s.
func unquote(s string) (string, string, error) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			return b.String(), s[i+1:], nil
		case '\\':
			i++
			if i >= len(s) {
				return "", "", fmt.Errorf("unterminated string")
			}
			switch e := s[i]; {
			case e >= '0' && e <= '7':
				v, n := 0, 0
				for n < 3 && i < len(s) && s[i] >= '0' && s[i] <= '7' {
					v = v*8 + int(s[i]-'0')
					i++
					n++
				}
				i--
				b.WriteByte(byte(v))
			case e == 'n':
				b.WriteByte('\n')
			case e == 't':
				b.WriteByte('\t')
			case e == 'r':
				b.WriteByte('\r')
			case e == 'b':
				b.WriteByte('\b')
			case e == 'f':
				b.WriteByte('\f')
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("unterminated string")
}
