package stellar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/game"
)

const corpus = "../../testdata/stellar/conformance/public.jsonl.gz"

// TestConformance replays every reference game through the binding's
// Replays (what `paperio conform --game stellar` runs): every force of every
// phase compared bit for bit, 0 mismatches.
func TestConformance(t *testing.T) {
	var bad []string
	games, frames, mismatched, err := g.Replays().Check(corpus, func(l string) { bad = append(bad, l) })
	if err != nil {
		t.Fatal(err)
	}
	if games != 60 || frames != 3342 || mismatched != 0 || len(bad) != 0 {
		t.Errorf("%d games, %d frames, %d mismatched: %v", games, frames, mismatched, bad)
	}
}

// TestReadReplays reads a played game's replay file back, as the viewer and
// analysis read them: the record that was appended, and every game of the
// public corpus.
func TestReadReplays(t *testing.T) {
	r := playOne(t, g.NewWorker(), seats(t, "greedy", "sample"), 3, false)
	file := filepath.Join(t.TempDir(), "games.jsonl")
	in := game.ReplayGame{ID: "x", Players: [2]string{"greedy", "sample"}, Record: r}
	if err := g.Replays().Append(file, in); err != nil {
		t.Fatal(err)
	}
	reader := g.Replays().(game.ReplayReader)
	read, err := reader.Read(file)
	if err != nil || len(read) != 1 {
		t.Fatalf("%d games: %v", len(read), err)
	}
	b := read[0]
	if b.ID != in.ID || b.Players != in.Players || string(b.Moves) != string(r.Moves) ||
		b.Winner != r.Winner || b.Reason != r.Reason || b.Length != r.Length {
		t.Errorf("read back as %s %v %+v, appended as %+v", b.ID, b.Players, *b.Record, *r)
	}
	public, err := reader.Read(corpus)
	if err != nil || len(public) != 60 {
		t.Fatalf("the public corpus: %d games, %v", len(public), err)
	}
	if _, err := reader.Read("replays_test.go"); err == nil {
		t.Error("a Go file read as a replay file")
	}
}

// TestCheckReportsBadLines checks that a malformed line is an error of one
// line naming the file and the line, and that a game whose frames were
// changed is reported as mismatched with its line.
func TestCheckReportsBadLines(t *testing.T) {
	dir := t.TempDir()
	r := playOne(t, g.NewWorker(), seats(t, "greedy", "sample"), 3, false)
	good := filepath.Join(dir, "good.jsonl")
	if err := g.Replays().Append(good, game.ReplayGame{ID: "x", Players: [2]string{"greedy", "sample"}, Record: r}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(good)
	broken := filepath.Join(dir, "broken.jsonl")
	os.WriteFile(broken, append(b, []byte("{\"id\": 3\n")...), 0o644)
	_, _, _, err := g.Replays().Check(broken, func(string) {})
	if err == nil || !strings.Contains(err.Error(), "line 2") || strings.Contains(err.Error(), "\n") {
		t.Errorf("malformed line: %v", err)
	}
	// A force changed in the last digit of turn 1's growth.
	line := string(b)
	i := strings.Index(line, `"grow":["`) + len(`"grow":["`)
	if i < len(`"grow":["`) {
		t.Fatal("no grow forces in the line")
	}
	j := strings.Index(line[i:], `"`) + i
	changed := line[:j-1] + string(rune(line[j-1]^1)) + line[j:]
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(changed), 0o644)
	var lines []string
	games, _, mismatched, err := g.Replays().Check(bad, func(l string) { lines = append(lines, l) })
	if err != nil || games != 1 || mismatched != 1 || len(lines) != 1 || !strings.Contains(lines[0], "bad.jsonl:1 x: turn 0") {
		t.Errorf("changed force: %d games, %d mismatched, %v, %v", games, mismatched, lines, err)
	}
}

// TestAppend appends games to a gzip replay file in two calls: the file
// holds all four, each replaying frame for frame.
func TestAppend(t *testing.T) {
	name := filepath.Join(t.TempDir(), "games.jsonl.gz")
	w := g.NewWorker()
	for k := range 2 {
		var gs []game.ReplayGame
		for j, pr := range [][2]string{{"greedy", "rush"}, {"sample", "greedy"}} {
			r := playOne(t, w, seats(t, pr[0], pr[1]), int64(10*k+j), false)
			gs = append(gs, game.ReplayGame{ID: pr[0] + "-" + pr[1], Players: pr, Record: r})
		}
		if err := g.Replays().Append(name, gs...); err != nil {
			t.Fatal(err)
		}
	}
	games, frames, mismatched, err := g.Replays().Check(name, func(l string) { t.Error(l) })
	if err != nil || games != 4 || mismatched != 0 || frames < 4 {
		t.Errorf("%d games, %d frames, %d mismatched, %v", games, frames, mismatched, err)
	}
}

// TestBench checks that the replay benchmark replays every AI turn of the
// corpus a whole number of times.
func TestBench(t *testing.T) {
	b, err := g.Replays().Bench([]string{corpus}, 0)
	if err != nil || b.Took <= 0 {
		t.Fatal(err)
	}
	if b.Moves != 3342-60 || b.Rounds != 1 || b.Games < 1 || b.Games > 60 {
		t.Errorf("one pass replayed %d turns of %d games in %d rounds, want the corpus's 3282 AI turns once", b.Moves, b.Games, b.Rounds)
	}
	if _, err := g.Replays().Bench([]string{"nosuch.jsonl"}, 0); err == nil {
		t.Error("a missing file was accepted")
	}
}
