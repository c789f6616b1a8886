package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/selfplay"
)

func TestSelfplayCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	small := []string{"selfplay", "--games", "12", "--size", "30x21", "--turns", "150", "--quiet", "--out", out}
	var stderr bytes.Buffer
	if code := run(small, &stderr); code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, stderr.String())
	}
	m, err := selfplay.ReadManifest(out)
	if err != nil || !m.Complete || m.Games != 12 || len(m.Plan.Pairs) != 9 || m.Plan.ChunkGames != 1 {
		t.Fatalf("manifest %+v, %v", m, err)
	}
	if code := run(small, &stderr); code != 1 || !strings.Contains(stderr.String(), "--resume") {
		t.Fatalf("the same run again: exit %d: %s", code, stderr.String())
	}
	if code := run(append(small, "--resume"), &stderr); code != 0 {
		t.Fatalf("--resume of a complete run: exit %d", code)
	}
	for _, bad := range [][]string{
		{"--bots", "random,nobody"},
		{"--pairs", "random"},
		{"--bots", "random", "--pairs", "random:goround"},
		{"--shard", "2/2"},
		{"--workers", "0"},
		{"--games", "0"},
		{"--size", "31x21"},
		{"--chunk", "-1"},
	} {
		stderr.Reset()
		if code := run(append([]string{"selfplay", "--out", t.TempDir()}, bad...), &stderr); code != 2 || stderr.Len() == 0 {
			t.Errorf("selfplay %v: exit %d (%s), want 2 and a message", bad, code, stderr.String())
		}
	}
}
