package agent

import (
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"go.opentelemetry.io/collector/pdata/pprofile"
	"go.opentelemetry.io/collector/pdata/pprofile/pprofileotlp"
)

// sink is where the last collector of a test forwards profiles with its
// otlphttp exporter: an OTLP/HTTP endpoint that decodes each request with
// the OpenTelemetry pdata library and keeps it. What the tests judge is
// what crossed the collector, not what sonde sent.
type sink struct {
	srv  *httptest.Server
	mu   sync.Mutex
	reqs []pprofile.Profiles
	bad  []string
}

func newSink(t *testing.T) *sink {
	s := &sink{}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *sink) serve(w http.ResponseWriter, r *http.Request) {
	var body io.Reader = r.Body
	if r.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(r.Body)
		if err != nil {
			s.fail(w, "gzip: "+err.Error())
			return
		}
		body = zr
	}
	data, err := io.ReadAll(body)
	if err != nil {
		s.fail(w, err.Error())
		return
	}
	if err := pprofileotlp.ValidateDevelopmentVersion(r.Header.Values(pprofileotlp.DevelopmentVersionHeader)); err != nil {
		s.fail(w, err.Error())
		return
	}
	req := pprofileotlp.NewExportRequest()
	if err := req.UnmarshalProto(data); err != nil {
		s.fail(w, fmt.Sprintf("%s: %v", r.URL.Path, err))
		return
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, req.Profiles())
	s.mu.Unlock()
	resp, _ := pprofileotlp.NewExportResponse().MarshalProto()
	w.Header().Set("Content-Type", "application/x-protobuf")
	w.Write(resp)
}

func (s *sink) fail(w http.ResponseWriter, msg string) {
	s.mu.Lock()
	s.bad = append(s.bad, msg)
	s.mu.Unlock()
	http.Error(w, msg, http.StatusBadRequest)
}

// profiles returns what arrived so far.
func (s *sink) profiles() []pprofile.Profiles {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]pprofile.Profiles(nil), s.reqs...)
}

// collectorConfig is a collector receiving OTLP/HTTP on port and
// forwarding profiles to url with its otlphttp exporter (no compression,
// its retry on), logging them with the debug exporter.
func collectorConfig(port int, url string) string {
	return fmt.Sprintf(`receivers:
  otlp:
    protocols:
      http:
        endpoint: 127.0.0.1:%d
exporters:
  debug:
    verbosity: basic
  otlp_http:
    endpoint: %s
    compression: none
    retry_on_failure:
      enabled: true
service:
  telemetry:
    metrics:
      level: none
  pipelines:
    profiles:
      receivers: [otlp]
      exporters: [otlp_http, debug]
`, port, url)
}

// sampleRow is one sample as it arrived: its resource's attributes, the
// profile's interval, the value, and its frames (innermost first; each
// location's lines, innermost inline frame first).
type sampleRow struct {
	attrs map[string]any
	typ   string // the profile's sample type: cpu, or off_cpu

	time, dur  uint64
	period     int64
	value      int64
	locations  []locRow
	profileKey [2]uint64
}

type locRow struct {
	mapping string
	addr    uint64
	lines   []lineRow
}

type lineRow struct {
	fn, file string
	line     int64
}

// rows flattens requests through their dictionaries.
func rows(t *testing.T, reqs []pprofile.Profiles) []sampleRow {
	t.Helper()
	var out []sampleRow
	for _, req := range reqs {
		d := req.Dictionary()
		str := func(i int32) string { return d.StringTable().At(int(i)) }
		for i := 0; i < req.ResourceProfiles().Len(); i++ {
			rp := req.ResourceProfiles().At(i)
			attrs := rp.Resource().Attributes().AsRaw()
			for j := 0; j < rp.ScopeProfiles().Len(); j++ {
				sp := rp.ScopeProfiles().At(j)
				for k := 0; k < sp.Profiles().Len(); k++ {
					p := sp.Profiles().At(k)
					typ := str(p.SampleType().TypeStrindex())
					if typ != "cpu" && typ != "off_cpu" || str(p.SampleType().UnitStrindex()) != "nanoseconds" {
						t.Errorf("sample type %s/%s, want cpu or off_cpu in nanoseconds", typ, str(p.SampleType().UnitStrindex()))
					}
					for n := 0; n < p.Samples().Len(); n++ {
						s := p.Samples().At(n)
						r := sampleRow{attrs: attrs, typ: typ, time: uint64(p.Time()), dur: p.DurationNano(), period: p.Period(),
							profileKey: [2]uint64{uint64(p.Time()), p.DurationNano()}}
						for v := 0; v < s.Values().Len(); v++ {
							r.value += s.Values().At(v)
						}
						st := d.StackTable().At(int(s.StackIndex()))
						for l := 0; l < st.LocationIndices().Len(); l++ {
							loc := d.LocationTable().At(int(st.LocationIndices().At(l)))
							lr := locRow{addr: loc.Address()}
							if mi := loc.MappingIndex(); mi > 0 {
								lr.mapping = str(d.MappingTable().At(int(mi)).FilenameStrindex())
							}
							for m := 0; m < loc.Lines().Len(); m++ {
								ln := loc.Lines().At(m)
								fn := d.FunctionTable().At(int(ln.FunctionIndex()))
								lr.lines = append(lr.lines, lineRow{fn: str(fn.NameStrindex()), file: str(fn.FilenameStrindex()), line: ln.Line()})
							}
							r.locations = append(r.locations, lr)
						}
						out = append(out, r)
					}
				}
			}
		}
	}
	return out
}

// attr returns a resource attribute as a string ("" when absent).
func (r *sampleRow) attr(k string) string {
	v, ok := r.attrs[k]
	if !ok {
		return ""
	}
	return fmt.Sprint(v)
}
