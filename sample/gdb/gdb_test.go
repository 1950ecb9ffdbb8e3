package gdb

import (
	"testing"

	"sonde/internal/gdbmi"
	"sonde/profile"
)

// TestValue turns gdb's printed values into expression values: the number
// a C value starts with (gdb prints a char as "97 'a'", a pointer as
// "0x10", a uint64 beyond int64), and gdb's errors as statuses.
func TestValue(t *testing.T) {
	tests := []struct {
		name string
		r    gdbmi.Result
		want profile.ExprValue
	}{
		{"int", gdbmi.Result{Text: "-3"}, profile.ExprValue{Status: profile.ExprOK, Text: "-3", Num: -3, HasNum: true}},
		{"char", gdbmi.Result{Text: "97 'a'"}, profile.ExprValue{Status: profile.ExprOK, Text: "97 'a'", Num: 97, HasNum: true}},
		{"pointer", gdbmi.Result{Text: "0x10"}, profile.ExprValue{Status: profile.ExprOK, Text: "0x10", Num: 16, HasNum: true}},
		{"uint64", gdbmi.Result{Text: "18446744073709551615"}, profile.ExprValue{Status: profile.ExprOK, Text: "18446744073709551615", Num: 18446744073709551615, HasNum: true}},
		{"double", gdbmi.Result{Text: "1.5"}, profile.ExprValue{Status: profile.ExprOK, Text: "1.5", Num: 1.5, HasNum: true}},
		{"struct", gdbmi.Result{Text: "{a = 1}"}, profile.ExprValue{Status: profile.ExprOK, Text: "{a = 1}"}},
		{"optimized out", gdbmi.Result{Err: &gdbmi.ExprError{Expr: "n", Msg: "<optimized out>", Err: gdbmi.ErrOptimizedOut}}, profile.ExprValue{Status: profile.ExprOptimizedOut}},
		{"no symbol", gdbmi.Result{Err: &gdbmi.ExprError{Expr: "m", Msg: `No symbol "m" in current context.`}}, profile.ExprValue{Status: profile.ExprUnavailable, Text: `No symbol "m" in current context.`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.want.Expr = 2
			got := Value(2, tt.r)
			if got.Expr != tt.want.Expr || got.Status != tt.want.Status || got.Text != tt.want.Text || got.Num != tt.want.Num || got.HasNum != tt.want.HasNum {
				t.Errorf("Value(%+v) = %+v, want %+v", tt.r, got, tt.want)
			}
		})
	}
}
