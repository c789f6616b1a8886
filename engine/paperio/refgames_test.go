package paperio

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// refGameRecord is the part of a reference recording (see
// testdata/paperio/conformance/FORMAT.md) that engine tests use. The engine cannot
// import the replay package, so it reads the files itself.
type refGameRecord struct {
	ID       string `json:"id"`
	Seed     int64  `json:"seed"`
	Size     [2]int `json:"size"`
	MaxTurns int    `json:"max_turns"`
	Init     [2]struct {
		X         int `json:"x"`
		Y         int `json:"y"`
		Direction int `json:"direction"`
	} `json:"init"`
	Actions string `json:"actions"`
}

func (g *refGameRecord) config() Config {
	return Config{Width: g.Size[0], Height: g.Size[1], MaxTurns: g.MaxTurns}
}

func (g *refGameRecord) starts() [2]Start {
	var st [2]Start
	for i, in := range g.Init {
		st[i] = Start{X: in.X, Y: in.Y, Dir: Dir(in.Direction)}
	}
	return st
}

// loadRecords reads reference games; name is a file in testdata/paperio/conformance.
func loadRecords(tb testing.TB, name string) []refGameRecord {
	tb.Helper()
	path := filepath.Join("..", "..", "testdata", "paperio", "conformance", name)
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<28)
	var games []refGameRecord
	for line := 1; sc.Scan(); line++ {
		var g refGameRecord
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			tb.Fatalf("%s: line %d: %v", path, line, err)
		}
		games = append(games, g)
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return games
}
