package cli

import (
	"os"
	"testing"

	"sonde/internal/testprog"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testprog.Cleanup()
	os.Exit(code)
}
