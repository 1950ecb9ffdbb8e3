package proc

import "testing"

func TestParseTracerPid(t *testing.T) {
	tests := []struct {
		name, text string
		want       int
		err        bool
	}{
		{name: "traced", text: "Name:\tsleep\nState:\tt (tracing stop)\nTgid:\t7\nTracerPid:\t4242\nUid:\t0\n", want: 4242},
		{name: "untraced", text: "Name:\tsleep\nTracerPid:\t0\n", want: 0},
		{name: "missing", text: "Name:\tsleep\n", err: true},
		{name: "bad", text: "TracerPid:\tx\n", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTracerPid(tt.text, "status")
			if (err != nil) != tt.err || got != tt.want {
				t.Errorf("got %d, %v; want %d, error %v", got, err, tt.want, tt.err)
			}
		})
	}
}
