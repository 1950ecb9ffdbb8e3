package agent

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"go.opentelemetry.io/collector/pdata/pprofile/pprofileotlp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// GRPCSender sends requests over OTLP/gRPC (the collector's port 4317),
// without TLS.
type GRPCSender struct {
	conn   *grpc.ClientConn
	client pprofileotlp.GRPCClient
	target string
}

// NewGRPCSender returns a sender to endpoint "grpc://HOST:PORT". The
// connection is made lazily and kept: Close it at the end.
func NewGRPCSender(endpoint string) (*GRPCSender, error) {
	u, err := url.Parse(endpoint)
	if err != nil || u.Scheme != "grpc" || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("--otlp %q: want grpc://HOST:PORT", endpoint)
	}
	conn, err := grpc.NewClient(u.Host, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, fmt.Errorf("--otlp %s: %w", endpoint, err)
	}
	return &GRPCSender{conn: conn, client: pprofileotlp.NewGRPCClient(conn), target: u.Host}, nil
}

// Send exports req and succeeds when the collector accepts it.
func (s *GRPCSender) Send(ctx context.Context, req *Request) error {
	if _, err := s.client.Export(ctx, pprofileotlp.NewExportRequestFromProfiles(req.Profiles)); err != nil {
		return fmt.Errorf("otlp: export to %s: %w", s.target, err)
	}
	return nil
}

// Close closes the connection.
func (s *GRPCSender) Close() error { return s.conn.Close() }

// NewSender returns the sender for endpoint: http:// or https:// (OTLP/HTTP
// protobuf) or grpc:// (OTLP/gRPC).
func NewSender(endpoint string) (Sender, error) {
	if strings.HasPrefix(endpoint, "grpc://") {
		return NewGRPCSender(endpoint)
	}
	return NewHTTPSender(endpoint, nil)
}
