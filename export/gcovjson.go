package export

import (
	"encoding/json"
	"fmt"
	"io"

	"sonde/profile"
)

// WriteGcovJSON writes p's coverage (CoverageOf's) in gcov's JSON
// intermediate format, version 2 (gcov --json-format of GCC 14, the
// version gcovr's gcov-json reader takes): files, each with its
// functions (execution_count the entry count, start_line the declaration)
// and its lines (count, and the branches of the conditional jumps on the
// line: one with "fallthrough" false for the jump taken and one with
// "fallthrough" true for the jump not taken, "throw" false, and the
// blocks they go from and to in the jump's compilation unit, -1 for
// outside it); "unexecuted_block" says that a unit of a line that ran did
// not (gcov's "*" mark, for its blocks). What sonde does not know is left as gcov leaves what it
// does not know: columns are 0, lines list no block_ids and no calls. A
// function's "blocks" are its units (a sonde cc block's piece on a line,
// or a line unit of sonde count), "blocks_executed" those that ran.
func WriteGcovJSON(w io.Writer, p *profile.Profile, sym Symbolizer) error {
	c, err := CoverageOf(p, sym, nil)
	if err != nil {
		return fmt.Errorf("gcov-json export: %w", err)
	}
	return c.WriteGcovJSON(w, "")
}

// The gcov JSON document, version 2 (gcc/gcov.cc, output_json_intermediate_file).
type (
	gcovDoc struct {
		FormatVersion string     `json:"format_version"`
		GCCVersion    string     `json:"gcc_version"`
		CWD           string     `json:"current_working_directory"`
		DataFile      string     `json:"data_file"`
		Files         []gcovFile `json:"files"`
	}
	gcovFile struct {
		File      string     `json:"file"`
		Functions []gcovFunc `json:"functions"`
		Lines     []gcovLine `json:"lines"`
	}
	gcovFunc struct {
		Name           string `json:"name"`
		DemangledName  string `json:"demangled_name"`
		StartLine      int    `json:"start_line"`
		StartColumn    int    `json:"start_column"`
		EndLine        int    `json:"end_line"`
		EndColumn      int    `json:"end_column"`
		Blocks         int    `json:"blocks"`
		BlocksExecuted int    `json:"blocks_executed"`
		ExecutionCount uint64 `json:"execution_count"`
	}
	gcovLine struct {
		LineNumber      int          `json:"line_number"`
		FunctionName    string       `json:"function_name,omitempty"`
		Count           uint64       `json:"count"`
		UnexecutedBlock bool         `json:"unexecuted_block"`
		BlockIDs        []int        `json:"block_ids"`
		Branches        []gcovBranch `json:"branches"`
		Calls           []struct{}   `json:"calls"`
	}
	gcovBranch struct {
		Count       uint64 `json:"count"`
		Throw       bool   `json:"throw"`
		Fallthrough bool   `json:"fallthrough"`
		Source      int    `json:"source_block_id"`
		Destination int    `json:"destination_block_id"`
	}
)

// WriteGcovJSON writes c in gcov's JSON format (see the function); cwd is
// its current_working_directory, against which gcovr resolves relative
// file names (sonde's are absolute).
func (c *Coverage) WriteGcovJSON(w io.Writer, cwd string) error {
	doc := gcovDoc{FormatVersion: "2", GCCVersion: "sonde", CWD: cwd, DataFile: "sonde.data", Files: []gcovFile{}}
	for _, f := range c.Files {
		gf := gcovFile{File: f.Name, Functions: []gcovFunc{}, Lines: []gcovLine{}}
		for _, fn := range f.Funcs {
			gf.Functions = append(gf.Functions, gcovFunc{Name: fn.Name, DemangledName: fn.Name,
				StartLine: fn.Line, EndLine: max(fn.Line, fn.LastLine), Blocks: fn.Units, BlocksExecuted: fn.Ran,
				ExecutionCount: fn.Count})
		}
		for _, l := range f.Lines {
			gl := gcovLine{LineNumber: l.Line, Count: l.Count, UnexecutedBlock: l.Count > 0 && l.Unexecuted, BlockIDs: []int{}, Branches: []gcovBranch{}, Calls: []struct{}{}}
			for _, fn := range f.Funcs {
				if l.Line >= fn.Line && l.Line <= max(fn.Line, fn.LastLine) {
					gl.FunctionName = fn.Name // the innermost: the last that starts before
				}
			}
			for _, b := range l.Branches {
				gl.Branches = append(gl.Branches,
					gcovBranch{Count: b.Taken, Source: b.Block, Destination: b.TakenTo},
					gcovBranch{Count: b.Fall, Fallthrough: true, Source: b.Block, Destination: b.FallTo})
			}
			gf.Lines = append(gf.Lines, gl)
		}
		doc.Files = append(doc.Files, gf)
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(&doc); err != nil {
		return fmt.Errorf("gcov-json export: %w", err)
	}
	return nil
}
