// Package datafile reads and writes sonde.data, the file every sonde
// collector (the sampler, the breakpoint counter, the compiler-instrumented
// runtime) writes and every report reads.
//
// # Design
//
// The file is a sequence of self-delimiting frames and nothing else: there is
// no file header. Any process may create the file or append to it with one
// write(2) of one whole frame on a descriptor opened with O_APPEND, at any
// time, while other processes append to it too and while readers read it.
// A reader stops at the last complete frame; a frame cut short by a crash
// (of anyone) or still being written is ignored with a warning, and a
// damaged frame in the middle is skipped by searching for the next magic.
//
// Frames belong to runs. A run is one invocation of a collector or one
// execution of an instrumented program; it draws a random 64-bit run ID so
// that writers that never talk to each other do not collide, and every frame
// it writes carries that ID. Frames of different runs interleave freely.
//
// # Frame layout
//
// All fixed-size integers are little-endian. Offsets are in bytes.
//
//	offset  size  field
//	     0     4  magic: 0x89 'S' 'N' 'D' (bytes 89 53 4e 44)
//	     4     1  version: 1
//	     5     1  kind (see below)
//	     6     2  flags: 0 (reserved; readers ignore them)
//	     8     8  run ID, uint64, never 0
//	    16     4  N = payload length, uint32, at most MaxPayload
//	    20     4  CRC-32 (IEEE 802.3 polynomial, the one of zlib's crc32(),
//	              Go's crc32.ChecksumIEEE) of header bytes 0..19
//	              followed by the N payload bytes
//	    24     N  payload, laid out according to kind
//
// There is no padding and no alignment: the next frame starts at 24+N. The
// header layout is the same in every version; a reader skips (with a
// warning) frames whose version or kind it does not know, so later versions
// may add kinds. Within a payload a reader ignores bytes after the fields it
// knows, so later versions may append fields.
//
// # Payload encodings
//
//	u64      8 bytes, little-endian
//	uvarint  unsigned LEB128: 7 bits per byte, least significant group first,
//	         high bit set on every byte but the last; at most 10 bytes
//	         (Go's binary.PutUvarint). 300 = ac 02.
//	svarint  a signed integer n zigzag-encoded as the uvarint
//	         (n << 1) ^ (n >> 63): 0→00, -1→01, 1→02, -2→03.
//	string   uvarint byte length, then the bytes (no terminator)
//	types    uvarint count, then count × (string type, string unit)
//
// Times are svarint nanoseconds since the Unix epoch, 0 when unknown.
//
// # Frame kinds and payloads
//
// Run (1): the run's description. Each run writes exactly one, normally its
// first frame. Frames of a run whose Run frame is missing are skipped with a
// warning.
//
//	string   collector ("record", "count", "cc", "attrib")
//	uvarint  argc, then argc × string: the profiled command line
//	svarint  start time
//	types    sample types (columns of Samples values)
//	svarint  period, in units of the last sample type; 0 when not sampled
//	types    count types (columns of Counts values)
//
// Mapping (2): one object placement, numbered by the run.
//
//	uvarint  index: run-local mapping number, referred to by Samples and
//	         Units as index+1. Indices are unique within a run (if one is
//	         repeated, the last frame wins for the whole run).
//	string   path
//	string   build ID, lower-case hex, "" when unknown
//	uvarint  start, limit, offset, bias (see profile.Mapping)
//
// Process (3): a process the run saw.
//
//	uvarint  pid, ppid
//	string   comm, exe
//	[string  cgroup: its cgroup v2 path, written by record -a and the agent;
//	         absent when unknown]
//
// Samples (4): a batch of samples, delta-encoded within the frame.
//
//	uvarint  nvalues: values per sample; must equal the run's sample types
//	uvarint  nsamples
//	nsamples × sample:
//	  svarint  time - previous sample's time in this frame (the first: time)
//	  uvarint  pid, tid
//	  nvalues × svarint value
//	  uvarint  depth: frames in the stack, program counter first; at most
//	           MaxStackDepth (readers reject deeper stacks)
//	  uvarint  shared: the stack's last (outermost) shared frames equal the
//	           previous sample's last shared frames; 0 in the first sample
//	  (depth-shared) × frame, innermost first:
//	    uvarint  mapping: run-local mapping index+1, 0 for no mapping
//	    svarint  address - previous address written in this frame (the
//	             first: address), computed modulo 2^64
//
// Addresses are link-time addresses inside the mapping's object
// (profile.Addr); for mapping 0 they are raw runtime addresses.
//
// Units (5): the static universe of units of one scope, zero counts
// included. It is identified by a hash of its content, so that runs of the
// same instrumented program recognise the universe they count, and a
// universe written by many runs is kept once.
//
//	u64      hash: FNV-1a 64 (offset basis 0xcbf29ce484222325, prime
//	         0x100000001b3, over the bytes) of the rest of the payload
//	uvarint  nstrings, then nstrings × string: the string table
//	uvarint  nunits
//	nunits × unit:
//	  uvarint  kind: 1 address, 2 line, 3 function, 4 block, 5 edge (the
//	           fall-through edge of the conditional jump ending block
//	           "index" of the scope, which sonde cc counts where the block
//	           counts do not determine it; after the scope's blocks;
//	           readers keep edges apart, profile.Profile.Edges; readers
//	           before kind 5 reject such a Units frame)
//	  uvarint  mapping: run-local mapping index+1, 0 for none
//	  uvarint  address in the mapping's object (0 when none)
//	  uvarint  scope: string reference (0 = "", i = string table[i-1])
//	  uvarint  index within the scope
//	  uvarint  function, file: string references
//	  uvarint  line
//	  uvarint  instructions in the unit, 0 when unknown
//
// Counts (6): counts of one execution (or one flush) for a universe. Several
// Counts frames for the same universe add up.
//
//	u64      hash of the Units frame counted; the reader uses the Units
//	         frame of the same run with that hash, or else the first one in
//	         the file of any run, wherever it is
//	uvarint  nunits: must equal the universe's
//	uvarint  ntypes: must equal the run's count types
//	nunits × ntypes uvarint, unit by unit
//
// CountsTotal (14): a checkpoint of a run's counts: the payload of a Counts
// frame, holding everything the run has counted for that universe so far.
// It replaces the run's previous CountsTotal frame for the same universe
// (in file order) instead of adding to it; Counts frames of the run still
// add. A collector that may be killed (sonde count) writes one every
// fraction of a second and a last one at its end, all in one run: a file
// cut short by a kill holds the counts of the last checkpoint. Readers
// that predate the kind skip it with a warning.
//
// Lost (7): uvarint number of samples or records lost; they add up.
//
// ProcessEnd (8): uvarint pid, string how it ended ("exit 0",
// "killed by SIGSEGV"; "exited" when the collector saw only the exit, as
// the agent's whole-machine sampler does).
//
// RunEnd (9): svarint end time.
//
// Note (10): string, a one-line remark for the report.
//
// ExprDef (11): an expression the run evaluates at its samples
// (profile.ExprDef, `sonde record --expr PROG@FUNC@EXPR`), numbered by the
// run.
//
//	uvarint  index: run-local expression number, referred to by ExprValues.
//	         Indices are unique within a run (if one is repeated, the last
//	         frame wins for the whole run).
//	string   spec ("hier-test@worker@n"), then prog, func, expr
//
// ExprValues (12): the expression values of the samples of one Samples
// frame of the same run. A writer puts it directly after that frame, in the
// same write(2), so that both are appended or neither; a reader finds the
// Samples frame by its CRC and skips (with a warning) an ExprValues frame
// whose Samples frame it did not read. Readers that do not know the kind
// skip it and read the samples without their values.
//
//	u32      the CRC-32 field of the Samples frame these values belong to
//	uvarint  nsamples: must equal that frame's
//	nsamples × sample, in the Samples frame's order:
//	  uvarint  nvalues, then nvalues × value (at most one per expression):
//	    uvarint  expression: run-local index given by an ExprDef frame
//	    uvarint  status: 1 ok, 2 optimized out, 3 unavailable
//	    string   text: the value as gdb prints it (status 1), or why it
//	             could not be read ("" when unknown)
//	    u8       1 when a number follows, else 0
//	    [u64     the value as an IEEE 754 double, when the byte was 1]
//
// A sample whose stack did not hold the expression's function has no value
// for it (nvalues may be 0).
//
// Object (13): the bytes of an object file that a report cannot read from
// the file system after the run: the vDSO (which exists only in memory), or
// a file deleted while a process had it mapped (its Mapping frames' path
// then ends in " (deleted)"), read through /proc/PID/map_files or
// /proc/PID/exe while the process lived. A report symbolizes the mappings
// whose path and build ID are the frame's with these bytes. A run writes
// each object at most once; readers keep one per path and build ID.
//
//	string   path, as in the Mapping frames ("[vdso]", "/t/prog (deleted)")
//	string   build ID, lower-case hex, "" when unknown
//	string   the object's bytes: a whole ELF file, at most MaxPayload in all
//
// Interp (17): interpreted code locations (profile.InterpFrame: a Python
// function at a line) that samples' stacks refer to through a Mapping of
// path "[python]" (profile.InterpPath): such a frame's address is the
// location's ID, a hash of its content (profile.InterpID), the same in
// every run. A run writes each location once, in a frame written before
// or after the samples that use it; readers keep one per ID. Readers that
// predate the kind skip it with a warning, and name the frames
// "[python]@0x…".
//
//	uvarint  n, then n × location:
//	  u64      ID (even, never 0)
//	  string   function (co_qualname)
//	  string   file (co_filename)
//	  uvarint  line
//
// Listing (15): the instructions of the basic blocks of one compilation
// unit that sonde cc instrumented (profile.Listing; its hash is that of
// the unit's block units alone, without its edge units), which the report's
// instructions view prints with each block's count. The instrumenter puts
// the payload in the object as a constant blob next to the Units payload,
// and the runtime writes it as it is, after the Units frames, in the first
// write of each run (sonde report -p reads it from the process's memory),
// so a profile shows its instructions on any machine without the build's
// files. Like the Units frame it is repeated by every run: on Lua 5.4
// built whole (onelua.c, -O2, 1 MB of code) each run writes a 250 KB Units
// frame and a 275 KB Listing frame. Readers keep one per hash; those that
// predate the kind skip it with a warning.
//
//	u64      hash of the Units frame whose blocks it lists
//	uvarint  length of the body below, at most MaxListing
//	string   the body compressed with DEFLATE (RFC 1951, no zlib or gzip
//	         header; Go's compress/flate)
//
// The body:
//
//	uvarint  nstrings, then nstrings × string: the string table
//	uvarint  nblocks: block i is the universe's block of index i
//	nblocks × block:
//	  uvarint  function: string reference (0 = "", i = string table[i-1])
//	  uvarint  ninstrs, then ninstrs × instruction:
//	    uvarint  file: string reference
//	    uvarint  line
//	    string   the instruction's text as the assembly had it
//	then, since the flow was recorded (older bodies end here):
//	uvarint  nblocks again
//	nblocks × flow (profile.BlockFlow):
//	  uvarint  flags: 1 ends with a conditional jump, 2 entered from outside
//	           the unit's edges, 4 may leave to outside
//	  uvarint  jump target: 0 = none, i+1 = block i
//	  uvarint  fall-through: 0 = none, i+1 = block i
//
// JIT (16): what a process said about the code it generated into
// anonymous memory (a JIT compiler's functions), read by the sampler from
// its perf map (/tmp/perf-PID.map) and jitdump file (jit-PID.dump) while
// it ran, since the files may be gone by the time of the report. A
// process may have several; their events add up in file order. The
// reader translates the run's sample addresses in that process's
// anonymous memory ("[anon]" mappings, or none) into addresses of a
// "[jit]" mapping by the events and the samples' times, and keeps the
// names for it as an Object (package symbol/jitmap).
//
//	uvarint  pid
//	string   events, encoded as package symbol/jitmap's doc says
//
// Agent (19): the bookkeeping of sonde agent, whose data file is its spool:
// the samples of each interval are in the file before the interval is
// sent. A mark names the interval [from, to) of sample times it is about.
//
//	uvarint  op: 1 closed (every sample of the interval is in the file,
//	         before this frame), 2 sent (the collector accepted it),
//	         3 dropped (never sent: the spool held more than --spool-max
//	         unsent intervals)
//	svarint  from, to: the interval, ns since the Unix epoch
//
// An interval closed and neither sent nor dropped is still to be sent,
// by this agent or by the next one started on the file. Readers that
// predate the kind skip it with a warning; reports ignore it.
//
// # Writing from C
//
// A C runtime needs write(2), a CRC-32 table or loop, FNV-1a and a uvarint
// encoder. Build each frame in a buffer (header then payload), fill in N and
// the CRC last, and hand the whole frame to one write(2) on a descriptor
// opened with O_WRONLY|O_CREAT|O_APPEND; a short write leaves a damaged
// frame that readers skip. Recipes, with "u8 x" for a byte, "u32 x"/"u64 x"
// little-endian fixed integers and "uv x" a uvarint:
//
//	header(kind):  89 53 4e 44  01  kind  00 00  u64 runid  u32 N  u32 crc
//	               crc = crc32(0, header[0..20]) continued over payload
//
//	Run frame, for a counting program with one count type:
//	  header(01), payload:
//	  uv 2 "cc"                       collector
//	  uv argc, argc × (uv len, bytes) command line (argc may be 0)
//	  uv zigzag(start ns)             start time
//	  uv 0                            no sample types
//	  uv 0                            period 0
//	  uv 1  uv 5 "count" uv 5 "count" one count type: count/count
//
//	Units frame (usually a constant blob emitted at compile time; only the
//	header's run ID and CRC change from run to run):
//	  header(05), payload:
//	  u64 fnv1a64(body)  body
//
//	Counts frame:
//	  header(06), payload:
//	  u64 hash   uv nunits   uv 1   nunits × uv count
//
// The worked example below is such a file: the Run, Units and Counts
// frames of one run of a program with two line units.
//
// # Worked example
//
// A run with ID 0x0123456789abcdef of collector "cc", command line "./a",
// started at 1_700_000_000 s, one count type "count"/"count", a universe of
// two lines of scope "a.c" (function main, lines 3 and 4 of a.c), counted 1
// and 7 times. Hex bytes, then what they mean:
//
//	Run frame, 56 bytes:
//	89 53 4e 44 01 01 00 00           magic, version 1, kind Run, flags
//	ef cd ab 89 67 45 23 01           run ID
//	20 00 00 00                       N = 32
//	b8 82 93 08                       CRC-32
//	02 63 63                          collector "cc"
//	01 03 2e 2f 61                    argc 1, "./a"
//	80 80 d0 e2 c6 bf ce 97 2f        start: zigzag(1700000000000000000)
//	00                                no sample types
//	00                                period 0
//	01 05 63 6f 75 6e 74 05 63 6f 75 6e 74  one count type, "count" "count"
//
//	Units frame, 61 bytes:
//	89 53 4e 44 01 05 00 00           magic, version 1, kind Units, flags
//	ef cd ab 89 67 45 23 01           run ID
//	25 00 00 00                       N = 37
//	17 cf 25 13                       CRC-32
//	2d 1b fe 04 f2 d6 52 64           hash: FNV-1a 64 of the 29 bytes below
//	02 03 61 2e 63 04 6d 61 69 6e     string table: "a.c" "main"
//	02                                2 units
//	02 00 00 01 00 02 01 03 00        line, no mapping, address 0, scope "a.c", index 0, func "main", file "a.c", line 3, 0 instructions
//	02 00 00 01 01 02 01 04 00        line, no mapping, address 0, scope "a.c", index 1, func "main", file "a.c", line 4, 0 instructions
//
//	Counts frame, 36 bytes:
//	89 53 4e 44 01 06 00 00           magic, version 1, kind Counts, flags
//	ef cd ab 89 67 45 23 01           run ID
//	0c 00 00 00                       N = 12
//	59 32 80 0c                       CRC-32
//	2d 1b fe 04 f2 d6 52 64           hash of the Units frame
//	02 01                             2 units, 1 count type
//	01 07                             counts 1 and 7
//
// The test TestWorkedExample checks these bytes against the writer, and
// TestCWriter builds a C program that follows the recipes above and reads
// its output back.
package datafile

import "strconv"

// Magic starts every frame.
const Magic = "\x89SND"

// Version is the frame version this package writes and reads.
const Version = 1

// HeaderSize is the size of a frame header; the payload follows it.
const HeaderSize = 24

// MaxPayload is the largest payload a reader accepts. The writer keeps
// Samples frames far below it (see MaxBatchBytes) so that one write(2)
// appends a frame atomically.
const MaxPayload = 64 << 20

// MaxStackDepth is the deepest stack a Samples frame may hold. Shared
// frames cost no bytes, so without a bound a small file could describe an
// enormous profile.
const MaxStackDepth = 4096

// MaxListing is the largest body a Listing frame may inflate to.
const MaxListing = 256 << 20

// Kind says what a frame holds.
type Kind uint8

// The frame kinds of version 1. ExprDef, ExprValues, Object, CountsTotal,
// Listing, JIT, Interp and Agent came later than the others; readers that
// predate them skip them with a warning.
const (
	KindRun         Kind = 1
	KindMapping     Kind = 2
	KindProcess     Kind = 3
	KindSamples     Kind = 4
	KindUnits       Kind = 5
	KindCounts      Kind = 6
	KindLost        Kind = 7
	KindProcessEnd  Kind = 8
	KindRunEnd      Kind = 9
	KindNote        Kind = 10
	KindExprDef     Kind = 11
	KindExprValues  Kind = 12
	KindObject      Kind = 13
	KindCountsTotal Kind = 14
	KindListing     Kind = 15
	KindJIT         Kind = 16
	KindInterp      Kind = 17
	KindAgent       Kind = 19
)

var kindNames = [...]string{
	KindRun:         "Run",
	KindMapping:     "Mapping",
	KindProcess:     "Process",
	KindSamples:     "Samples",
	KindUnits:       "Units",
	KindCounts:      "Counts",
	KindLost:        "Lost",
	KindProcessEnd:  "ProcessEnd",
	KindRunEnd:      "RunEnd",
	KindNote:        "Note",
	KindExprDef:     "ExprDef",
	KindExprValues:  "ExprValues",
	KindObject:      "Object",
	KindCountsTotal: "CountsTotal",
	KindListing:     "Listing",
	KindJIT:         "JIT",
	KindInterp:      "Interp",
	KindAgent:       "Agent",
}

// String returns the kind's name as in the format description.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// known reports whether k is a kind of this version.
func (k Kind) known() bool { return k >= KindRun && k <= KindInterp || k == KindAgent }

// FNV-1a 64 parameters, as in the spec above (and hash/fnv).
const (
	fnvOffset64 = 0xcbf29ce484222325
	fnvPrime64  = 0x100000001b3
)
