// Package report turns a profile.Profile into text views: flat listings by
// line, function, file or object (PCT's "13.9% binPoly64.C:101"), the
// per-function table of pprof -top, call paths (hier), Weinberger's and
// Bishop's source listings with counts (lines), every instruction with its
// count (instructions, from the listings the data file carries), coverage,
// histograms of counts, Appel's attribution table, the values of sampled
// expressions, and the difference of two profiles. Every view symbolizes through the
// Symbolizer seam, once per distinct location, and degrades as PCT does:
// file:line where DWARF exists, object:function where only symbols do, and
// object+offset where nothing does.
//
// One file holds one view (flat.go, functions.go); resolve.go holds the
// symbolization and naming that all views share.
package report
