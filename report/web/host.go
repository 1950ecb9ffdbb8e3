package web

import (
	"net"
	"net/http"
	"strconv"
	"strings"
)

// hostGuard refuses, with 403, every request whose Host header does not
// name this server, so that a page of another site cannot reach it through
// a DNS name rebound to 127.0.0.1 (DNS rebinding: the browser then sends
// that name as Host). Accepted: the port the server listens on, with the
// name or address it was bound to, localhost, or a loopback address; and,
// when it was bound to every interface (0.0.0.0, ::) or to a machine name,
// any IP address literal (a rebinding attack needs a name) and the
// machine's host name.
type hostGuard struct {
	next     http.Handler
	port     string
	names    map[string]bool // lower case, without brackets
	anyIP    bool
	hostname string
}

// newHostGuard guards next for a server bound to bindHost listening on
// port. hostname is the machine's name ("" when unknown).
func newHostGuard(next http.Handler, bindHost string, port int, hostname string) *hostGuard {
	g := &hostGuard{next: next, port: strconv.Itoa(port), names: map[string]bool{
		"localhost": true, "127.0.0.1": true, "::1": true,
	}}
	b := strings.ToLower(strings.Trim(bindHost, "[]"))
	if b != "" {
		g.names[b] = true
	}
	if ip := net.ParseIP(b); b == "" || ip == nil || ip.IsUnspecified() {
		g.anyIP = true
		if hostname != "" {
			g.names[strings.ToLower(hostname)] = true
		}
	}
	return g
}

// allowed reports whether a Host header names this server.
func (g *hostGuard) allowed(host string) bool {
	h, p, err := net.SplitHostPort(host)
	if err != nil {
		// No port: a browser always sends one for a port other than 80.
		h, p = host, "80"
	}
	if p != g.port {
		return false
	}
	h = strings.ToLower(strings.Trim(h, "[]"))
	if g.names[h] {
		return true
	}
	if ip := net.ParseIP(h); ip != nil {
		return g.anyIP || ip.IsLoopback()
	}
	return false
}

func (g *hostGuard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !g.allowed(r.Host) {
		http.Error(w, "403 forbidden: Host "+strconv.Quote(r.Host)+" is not this server's (DNS rebinding?)", http.StatusForbidden)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	g.next.ServeHTTP(w, r)
}
