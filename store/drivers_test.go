package store

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// openOptional opens a URL of an optional driver: built in, it must open and
// fail to reach the unreachable server in one line; left out, Open must name
// the build tag that adds it.
func openOptional(t *testing.T, builtIn bool, loc, tag string) {
	t.Helper()
	old := Retry
	Retry.Attempts, Retry.First, Retry.Timeout = 2, time.Millisecond, 10*time.Second
	t.Cleanup(func() { Retry = old })
	b, err := Open(loc)
	if !builtIn {
		t.Log(err)
		if !errors.Is(err, ErrNoDriver) || !strings.Contains(err.Error(), "go build -tags "+tag+" ./cmd/paperio") {
			t.Fatalf("Open(%s) without its driver: %v, want ErrNoDriver naming the tag %s", loc, err, tag)
		}
		return
	}
	if err != nil {
		t.Fatalf("Open(%s): %v", loc, err)
	}
	defer b.Close()
	if _, ok := b.Local(); ok {
		t.Fatalf("%s is not a local folder", loc)
	}
	err = b.Prepare()
	t.Log(err)
	if err == nil || !strings.Contains(err.Error(), "bucket unreachable") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("unreachable %s: %v, want one line saying so", loc, err)
	}
}

func TestGCS(t *testing.T) {
	t.Setenv("STORAGE_EMULATOR_HOST", "127.0.0.1:1")
	openOptional(t, gcsBuiltIn, "gs://paperio/runs?anonymous=true", "gcs")
}

func TestAzure(t *testing.T) {
	t.Setenv("AZURE_STORAGE_ACCOUNT", "paperio")
	t.Setenv("AZURE_STORAGE_KEY", "cGFwZXJpbw==")
	openOptional(t, azureBuiltIn, "azblob://runs/one?domain=127.0.0.1:1&protocol=http", "azure")
}

func TestUnknownScheme(t *testing.T) {
	_, err := Open("ftp://host/x")
	if !errors.Is(err, ErrNoDriver) || !strings.Contains(err.Error(), "s3://") {
		t.Fatalf("Open(ftp://…): %v, want ErrNoDriver listing the schemes", err)
	}
}
