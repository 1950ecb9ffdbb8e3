package web

import (
	"net/http"
	"sort"
	"time"

	"sonde/profile"
)

// The timeline (/timeline): per thread, the samples over time, in
// timelineBins equal bins from the profile's origin (the earliest run's
// start, as --window counts) to its last sample or run end. Dragging over
// it (or typing FROM and TO) opens every view on that window:
// /w/FROM:TO/..., the profile's Window as --window makes it.

const (
	timelineBins    = 200
	timelineThreads = 64 // the busiest threads shown; the rest are counted
)

// timeline is what the page draws.
type timeline struct {
	Span    time.Duration // the drawn range, from the origin
	Bins    int
	Threads []*tlThread
	Omitted int // threads not drawn
	Samples int64
}

// tlThread is one thread's row.
type tlThread struct {
	PID, TID int32
	Comm     string
	Total    int64
	Counts   []int64
}

// newTimeline bins v's samples by thread. span is the range to draw (the
// whole profile's, so that a window's timeline lines up with it).
func newTimeline(v *view, span time.Duration) *timeline {
	p := v.p
	tl := &timeline{Span: span, Bins: timelineBins}
	if span <= 0 {
		return tl
	}
	origin := p.Origin().UnixNano()
	wcol := -1
	for i, t := range p.SampleTypes {
		if t.Type == "samples" || t.Type == "count" {
			wcol = i
		}
	}
	comm := make(map[int32]string)
	for _, pr := range p.Processes {
		comm[pr.PID] = pr.Comm
	}
	type key struct{ pid, tid int32 }
	rows := make(map[key]*tlThread)
	for _, s := range p.Samples {
		w := int64(1)
		if wcol >= 0 && wcol < len(s.Values) {
			w = s.Values[wcol]
		}
		k := key{s.PID, s.TID}
		t := rows[k]
		if t == nil {
			t = &tlThread{PID: s.PID, TID: s.TID, Comm: comm[s.PID], Counts: make([]int64, timelineBins)}
			rows[k] = t
		}
		b := int(int64(timelineBins) * (s.Time - origin) / int64(span))
		b = min(max(b, 0), timelineBins-1)
		t.Counts[b] += w
		t.Total += w
		tl.Samples += w
	}
	for _, t := range rows {
		tl.Threads = append(tl.Threads, t)
	}
	sort.Slice(tl.Threads, func(i, j int) bool {
		a, b := tl.Threads[i], tl.Threads[j]
		if a.Total != b.Total {
			return a.Total > b.Total
		}
		if a.PID != b.PID {
			return a.PID < b.PID
		}
		return a.TID < b.TID
	})
	if len(tl.Threads) > timelineThreads {
		tl.Omitted = len(tl.Threads) - timelineThreads
		tl.Threads = tl.Threads[:timelineThreads]
	}
	return tl
}

// span is the time from p's origin to its last sample or run end.
func span(v *view) time.Duration {
	p := v.p
	origin := p.Origin()
	end := origin
	for _, r := range p.Runs {
		if r.End.After(end) {
			end = r.End
		}
	}
	for _, s := range p.Samples {
		if t := time.Unix(0, s.Time); t.After(end) {
			end = t
		}
	}
	return end.Sub(origin) + time.Millisecond
}

func (s *Server) timelinePage(w http.ResponseWriter, r *http.Request) {
	v := viewOf(r)
	if len(v.p.Samples) == 0 && v.window == "" {
		s.fail(w, r, http.StatusNotFound, errNoSamples)
		return
	}
	s.mu.Lock()
	root := s.root
	s.mu.Unlock()
	v.timelineOnce.Do(func() { v.timeline = newTimeline(v, span(root)) })
	data, err := jsonJS(v.timeline)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	// The window's band, in seconds (-1: none).
	from, to := -1.0, -1.0
	if v.window != "" {
		f, t, _ := profile.ParseWindow(v.window)
		from, to = f.Seconds(), min(t, v.timeline.Span).Seconds()
	}
	s.render(w, "timeline", struct {
		pageData
		Data           any
		Timeline       *timeline
		SpanSec        float64
		WinFrom, WinTo float64
	}{s.data(v, "timeline"), data, v.timeline, v.timeline.Span.Seconds(), from, to})
}
