package export

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"sonde/profile"
)

// jsonExprDoc is the part of the JSON layout that carries record --expr
// values, written from docs/json-schema.md ("expression" and "expression
// value"), not from json.go's types.
type jsonExprDoc struct {
	Exprs []struct {
		Spec string `json:"spec"`
		Prog string `json:"prog"`
		Func string `json:"func"`
		Expr string `json:"expr"`
	} `json:"exprs"`
	Samples []struct {
		Exprs *[]struct {
			Expr   int      `json:"expr"`
			Status string   `json:"status"`
			Text   string   `json:"text"`
			Number *float64 `json:"number"`
		} `json:"exprs"`
	} `json:"samples"`
}

// exprProfile is sampleProfile with two expressions and values of each
// status, a NaN among them.
func exprProfile() *profile.Profile {
	p := sampleProfile()
	p.Exprs = []profile.ExprDef{
		{Spec: "app@worker@n", Prog: "app", Func: "worker", Expr: "n"},
		{Spec: "app@worker@c", Prog: "app", Func: "worker", Expr: "c"},
	}
	p.Samples[0].Exprs = []profile.ExprValue{
		{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: 8376123, Text: "8376123"},
		{Expr: 1, Status: profile.ExprOK, Text: "RED"},
	}
	p.Samples[1].Exprs = []profile.ExprValue{{Expr: 0, Status: profile.ExprOptimizedOut}}
	p.Samples[2].Exprs = []profile.ExprValue{{Expr: 1, Status: profile.ExprUnavailable, Text: "register rbx not recovered"}}
	p.Samples[3].Exprs = []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: 0, Text: "0"}}
	p.Samples[4].Exprs = []profile.ExprValue{{Expr: 0, Status: profile.ExprOK, HasNum: true, Num: math.NaN(), Text: "nan(0x8000000000000)"}}
	return p
}

// TestJSONExprs: the definitions once, each sample's values with their
// status, text and number (0 kept, NaN left out: encoding/json cannot
// write it), an empty list for samples with none.
func TestJSONExprs(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, exprProfile(), appFrames); err != nil {
		t.Fatal(err)
	}
	var got jsonExprDoc
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("decode: %v\n%s", err, b.String())
	}
	if len(got.Exprs) != 2 || got.Exprs[0].Spec != "app@worker@n" || got.Exprs[0].Prog != "app" ||
		got.Exprs[0].Func != "worker" || got.Exprs[0].Expr != "n" || got.Exprs[1].Expr != "c" {
		t.Errorf("exprs = %+v", got.Exprs)
	}
	if len(got.Samples) != 6 {
		t.Fatalf("%d samples, want 6", len(got.Samples))
	}
	num := func(f float64) *float64 { return &f }
	type value struct {
		expr   int
		status string
		text   string
		number *float64
	}
	for _, tt := range []struct {
		name   string
		sample int
		want   []value
	}{
		{"integer and enum", 0, []value{{0, "ok", "8376123", num(8376123)}, {1, "ok", "RED", nil}}},
		{"optimized out", 1, []value{{0, "optimized-out", "", nil}}},
		{"unavailable with reason", 2, []value{{1, "unavailable", "register rbx not recovered", nil}}},
		{"zero kept", 3, []value{{0, "ok", "0", num(0)}}},
		{"NaN has text only", 4, []value{{0, "ok", "nan(0x8000000000000)", nil}}},
		{"no value", 5, []value{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			vs := got.Samples[tt.sample].Exprs
			if vs == nil {
				t.Fatalf("sample %d has no exprs field", tt.sample)
			}
			var have []value
			for _, v := range *vs {
				have = append(have, value{v.Expr, v.Status, v.Text, v.Number})
			}
			if len(have) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(have, tt.want) {
				t.Errorf("values = %+v, want %+v", have, tt.want)
			}
		})
	}
}

// TestJSONNoExprs: a profile without expressions writes no "exprs" key
// anywhere, and adding expressions changes nothing but those keys.
func TestJSONNoExprs(t *testing.T) {
	var plain, with bytes.Buffer
	if err := WriteJSON(&plain, sampleProfile(), appFrames); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), `"exprs"`) {
		t.Errorf("profile without expressions has an exprs key:\n%s", plain.String())
	}
	if err := WriteJSON(&with, exprProfile(), appFrames); err != nil {
		t.Fatal(err)
	}
	var a, b map[string]any
	if err := json.Unmarshal(plain.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(with.Bytes(), &b); err != nil {
		t.Fatal(err)
	}
	delete(b, "exprs")
	for _, s := range b["samples"].([]any) {
		delete(s.(map[string]any), "exprs")
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("with the exprs keys removed, the output differs from the plain profile's")
	}
}

// TestJSONExprErrors: a value naming an expression the profile does not
// have is an error naming the sample, never a panic.
func TestJSONExprErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		expr int32
	}{
		{"past the end", 2},
		{"negative", -1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := exprProfile()
			p.Samples[3].Exprs[0].Expr = tt.expr
			err := WriteJSON(&bytes.Buffer{}, p, appFrames)
			if err == nil || !strings.Contains(err.Error(), "json export: sample 3: value of expression") {
				t.Errorf("err = %v", err)
			}
		})
	}
}
