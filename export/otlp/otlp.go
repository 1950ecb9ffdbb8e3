// Package otlp converts sonde's sample profiles to OpenTelemetry profiles
// (go.opentelemetry.io/collector/pdata/pprofile, the OTLP profiles signal)
// for sonde agent to push to a collector. One ProfilesDictionary holds the
// tables that every profile of the request shares (strings, mappings,
// locations, functions, stacks, attributes; entry 0 of each is the zero
// value, as the protocol requires); each process becomes one
// ResourceProfiles with its resource attributes (host.name, process.pid,
// process.executable.*, process.linux.cgroup, container.id) and one
// Profile of CPU time, and one of off-CPU time when it has some
// (offcpu.go). Locations are symbolized here, on the host, with
// file:line and inline frames (one Line per frame, innermost first), which
// backends that symbolize by build-id often lack.
//
// The layout follows the OpenTelemetry eBPF profiler's OTLP reporter
// (reporter/otlp_reporter.go): a dictionary built once per request,
// samples aggregated by stack, mapping build IDs as
// process.executable.build_id.gnu attributes.
package otlp

import (
	"encoding/binary"
	"fmt"
	"sort"
	"time"

	"go.opentelemetry.io/collector/pdata/pcommon"
	"go.opentelemetry.io/collector/pdata/pprofile"

	"sonde/profile"
	"sonde/symbol"
)

// Symbolizer finds the source frames of a link-time address in a mapped
// object, innermost first; nil, nil when nothing is known (the method set
// of report.Symbolizer and export.Symbolizer).
type Symbolizer interface {
	Frames(m *profile.Mapping, addr profile.Addr) ([]symbol.Frame, error)
}

// Options describe the request being built.
type Options struct {
	// Host is the host.name resource attribute, "" for none.
	Host string
	// Start and End bound the interval the samples were taken in.
	Start, End time.Time
	// ScopeVersion is the instrumentation scope's version (sonde's).
	ScopeVersion string
}

// Attribute keys (OpenTelemetry semantic conventions).
const (
	AttrHostName       = "host.name"
	AttrPID            = "process.pid"
	AttrExecutablePath = "process.executable.path"
	AttrExecutableName = "process.executable.name"
	AttrBuildID        = "process.executable.build_id.gnu"
	AttrCgroup         = "process.linux.cgroup"
	AttrContainerID    = "container.id"
)

// ScopeName is the instrumentation scope of sonde's profiles.
const ScopeName = "sonde"

// Build converts the samples of p (all of them: the caller selects the
// interval) into one request: a ResourceProfiles per process, in pid
// order, each with one Profile of CPU time whose samples are p's samples
// aggregated by stack, and one of off-CPU time for p's off-CPU samples
// (offcpu.go). p must have been sampled with a "cpu"/"nanoseconds"
// value column (sample.SampleTypes). sym symbolizes (nil: addresses only).
func Build(p *profile.Profile, sym Symbolizer, o *Options) (pprofile.Profiles, error) {
	out := pprofile.NewProfiles()
	cpu := -1
	for i, t := range p.SampleTypes {
		if t.Type == "cpu" && t.Unit == "nanoseconds" {
			cpu = i
		}
	}
	if cpu < 0 {
		return out, fmt.Errorf("otlp export: the profile has no cpu/nanoseconds values (%v)", p.SampleTypes)
	}
	b := newBuilder(p, sym, out.Dictionary())
	byPID := make(map[int32][]int)
	for i := range p.Samples {
		byPID[p.Samples[i].PID] = append(byPID[p.Samples[i].PID], i)
	}
	pids := make([]int32, 0, len(byPID))
	for pid := range byPID {
		pids = append(pids, pid)
	}
	sort.Slice(pids, func(i, j int) bool { return pids[i] < pids[j] })
	procs := make(map[int32]*profile.Process)
	for i := range p.Processes {
		procs[p.Processes[i].PID] = &p.Processes[i] // the last run's wins
	}
	for _, pid := range pids {
		rp := out.ResourceProfiles().AppendEmpty()
		b.resource(rp.Resource().Attributes(), pid, procs[pid], o)
		sp := rp.ScopeProfiles().AppendEmpty()
		sp.Scope().SetName(ScopeName)
		sp.Scope().SetVersion(o.ScopeVersion)
		onCPU, offCPU := splitOffCPU(p, byPID[pid])
		if len(onCPU) > 0 {
			prof := sp.Profiles().AppendEmpty()
			prof.SampleType().SetTypeStrindex(b.str("cpu"))
			prof.SampleType().SetUnitStrindex(b.str("nanoseconds"))
			prof.PeriodType().SetTypeStrindex(b.str("cpu"))
			prof.PeriodType().SetUnitStrindex(b.str("nanoseconds"))
			prof.SetPeriod(p.Period)
			if err := b.fill(prof, onCPU, cpu, o); err != nil {
				return out, err
			}
		}
		if err := b.offCPUProfile(sp, offCPU, o); err != nil {
			return out, err
		}
	}
	return out, nil
}

// fill sets prof's interval and its samples: the value of column col of
// p's samples at indices, one sample per distinct stack, in order of
// first appearance.
//
// The samples are first summed by their stack as sampled (mappings and
// addresses), so that each distinct stack is resolved to the dictionary
// once, not once per sample: at the agent's rates most of an interval's
// samples repeat a stack already seen.
func (b *builder) fill(prof pprofile.Profile, indices []int, col int, o *Options) error {
	prof.SetTime(pcommon.NewTimestampFromTime(o.Start))
	if d := o.End.Sub(o.Start); d > 0 {
		prof.SetDurationNano(uint64(d))
	}
	type group struct {
		first int // index of the group's first sample
		value int64
	}
	var groups []group
	byStack := make(map[string]int)
	for _, si := range indices {
		s := &b.p.Samples[si]
		b.keyBuf = rawStackKey(b.keyBuf[:0], s.Stack)
		if g, ok := byStack[string(b.keyBuf)]; ok {
			groups[g].value += s.Values[col]
			continue
		}
		byStack[string(b.keyBuf)] = len(groups)
		groups = append(groups, group{si, s.Values[col]})
	}
	// Two sampled stacks may still resolve to one stack of the table (a
	// caller's return address 1 and 0 both become 0): summed here.
	index := make(map[int32]int)
	for _, g := range groups {
		stack, err := b.stack(b.p.Samples[g.first].Stack)
		if err != nil {
			return err
		}
		if k, ok := index[stack]; ok {
			vs := prof.Samples().At(k).Values()
			vs.SetAt(0, vs.At(0)+g.value)
			continue
		}
		index[stack] = prof.Samples().Len()
		ps := prof.Samples().AppendEmpty()
		ps.SetStackIndex(stack)
		ps.Values().Append(g.value)
	}
	return nil
}

// rawStackKey appends to buf the bytes that identify stack as sampled: 12
// per location (mapping, address).
func rawStackKey(buf []byte, stack []profile.Location) []byte {
	for _, l := range stack {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(l.Mapping))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(l.Addr))
	}
	return buf
}

// builder fills the dictionary of one request.
type builder struct {
	p    *profile.Profile
	sym  Symbolizer
	dict pprofile.ProfilesDictionary

	strings   map[string]int32
	attrs     map[attrKey]int32
	mappings  map[int32]int32 // profile mapping index -> table index
	locations map[locKey]int32
	functions map[funcKey]int32
	stacks    map[string]int32
	locBuf    []int32
	keyBuf    []byte
}

type attrKey struct{ key, value string }

type locKey struct {
	mapping int32
	addr    profile.Addr
}

type funcKey struct{ name, system, file string }

func newBuilder(p *profile.Profile, sym Symbolizer, dict pprofile.ProfilesDictionary) *builder {
	b := &builder{
		p: p, sym: sym, dict: dict,
		strings:   make(map[string]int32),
		attrs:     make(map[attrKey]int32),
		mappings:  make(map[int32]int32),
		locations: make(map[locKey]int32),
		functions: make(map[funcKey]int32),
		stacks:    make(map[string]int32),
	}
	// Entry 0 of every table is the zero value ("" for strings): index 0
	// means "none" throughout the protocol.
	b.str("")
	dict.MappingTable().AppendEmpty()
	dict.LocationTable().AppendEmpty()
	dict.FunctionTable().AppendEmpty()
	dict.LinkTable().AppendEmpty()
	dict.AttributeTable().AppendEmpty()
	dict.StackTable().AppendEmpty()
	return b
}

// str returns the string table index of s, adding it the first time.
func (b *builder) str(s string) int32 {
	if i, ok := b.strings[s]; ok {
		return i
	}
	i := int32(b.dict.StringTable().Len())
	b.dict.StringTable().Append(s)
	b.strings[s] = i
	return i
}

// attr returns the attribute table index of key=value (a string).
func (b *builder) attr(key, value string) int32 {
	k := attrKey{key, value}
	if i, ok := b.attrs[k]; ok {
		return i
	}
	i := int32(b.dict.AttributeTable().Len())
	a := b.dict.AttributeTable().AppendEmpty()
	a.SetKeyStrindex(b.str(key))
	a.Value().SetStr(value)
	b.attrs[k] = i
	return i
}

// resource sets the resource attributes of process pid.
func (b *builder) resource(attrs pcommon.Map, pid int32, pr *profile.Process, o *Options) {
	if o.Host != "" {
		attrs.PutStr(AttrHostName, o.Host)
	}
	attrs.PutInt(AttrPID, int64(pid))
	if pr == nil {
		return
	}
	if pr.Exe != "" {
		attrs.PutStr(AttrExecutablePath, pr.Exe)
		for _, m := range b.p.Mappings {
			if m.Path == pr.Exe && m.BuildID != "" {
				attrs.PutStr(AttrBuildID, m.BuildID)
				break
			}
		}
	}
	if pr.Comm != "" {
		attrs.PutStr(AttrExecutableName, pr.Comm)
	}
	if pr.Cgroup != "" {
		attrs.PutStr(AttrCgroup, pr.Cgroup)
		if id := profile.ContainerID(pr.Cgroup); id != "" {
			attrs.PutStr(AttrContainerID, id)
		}
	}
}

// stack returns the stack table index of st, leaf first as in sonde.
func (b *builder) stack(st []profile.Location) (int32, error) {
	b.locBuf = b.locBuf[:0]
	for j, l := range st {
		li, err := b.location(l, j > 0)
		if err != nil {
			return 0, err
		}
		b.locBuf = append(b.locBuf, li)
	}
	b.keyBuf = b.keyBuf[:0]
	for _, li := range b.locBuf {
		b.keyBuf = binary.LittleEndian.AppendUint32(b.keyBuf, uint32(li))
	}
	if i, ok := b.stacks[string(b.keyBuf)]; ok {
		return i, nil
	}
	i := int32(b.dict.StackTable().Len())
	b.dict.StackTable().AppendEmpty().LocationIndices().Append(b.locBuf...)
	b.stacks[string(b.keyBuf)] = i
	return i, nil
}

// location returns the location table index of l, symbolized the first
// time; caller says l is a return address, so the call instruction (one
// byte before) is what is symbolized and exported, as in export/pprof.go.
func (b *builder) location(l profile.Location, caller bool) (int32, error) {
	addr := l.Addr
	if caller && addr > 0 {
		addr--
	}
	k := locKey{l.Mapping, addr}
	if i, ok := b.locations[k]; ok {
		return i, nil
	}
	var frames []symbol.Frame
	if l.Mapping != profile.NoMapping && b.sym != nil {
		m := b.p.Mappings[l.Mapping]
		var err error
		if frames, err = b.sym.Frames(m, addr); err != nil {
			return 0, fmt.Errorf("otlp export: symbolize %s %#x: %w", m.Path, uint64(addr), err)
		}
	}
	i := int32(b.dict.LocationTable().Len())
	loc := b.dict.LocationTable().AppendEmpty()
	loc.SetAddress(uint64(addr))
	if l.Mapping != profile.NoMapping {
		loc.SetMappingIndex(b.mapping(l.Mapping))
	}
	for _, f := range frames {
		line := loc.Lines().AppendEmpty()
		line.SetFunctionIndex(b.function(f))
		line.SetLine(int64(f.Line))
		line.SetColumn(int64(f.Column))
	}
	b.locations[k] = i
	return i, nil
}

// mapping returns the mapping table index of profile mapping mi. Its range
// is the placement shifted back to link time, so that the link-time
// addresses of its locations fall inside it.
func (b *builder) mapping(mi int32) int32 {
	if i, ok := b.mappings[mi]; ok {
		return i
	}
	m := b.p.Mappings[mi]
	i := int32(b.dict.MappingTable().Len())
	tm := b.dict.MappingTable().AppendEmpty()
	tm.SetFilenameStrindex(b.str(m.Path))
	if m.Limit > m.Start {
		tm.SetMemoryStart(m.Start - m.Bias)
		tm.SetMemoryLimit(m.Limit - m.Bias)
		tm.SetFileOffset(m.Offset)
	}
	if m.BuildID != "" {
		tm.AttributeIndices().Append(b.attr(AttrBuildID, m.BuildID))
	}
	b.mappings[mi] = i
	return i
}

// function returns the function table index of frame f: Name demangled,
// SystemName as the object spells it.
func (b *builder) function(f symbol.Frame) int32 {
	k := funcKey{symbol.Demangle(f.Func), f.Func, f.File}
	if i, ok := b.functions[k]; ok {
		return i
	}
	i := int32(b.dict.FunctionTable().Len())
	fn := b.dict.FunctionTable().AppendEmpty()
	fn.SetNameStrindex(b.str(k.name))
	fn.SetSystemNameStrindex(b.str(k.system))
	fn.SetFilenameStrindex(b.str(k.file))
	b.functions[k] = i
	return i
}
