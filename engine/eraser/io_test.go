package eraser

import (
	"compress/gzip"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// recordRandom plays a game through a Recorder with random offered moves.
func recordRandom(t *testing.T, cfg Config, seed int64, frames bool, rng *rand.Rand) (*State, *Game) {
	t.Helper()
	s := newGame(t, cfg, seed)
	rec := NewRecorder(s, "test", [2]string{"a", "b"}, frames)
	for !s.Over() {
		ops := s.Ops(nil)
		s.AddThinkTime(s.ToMove(), time.Duration(rng.IntN(1000))*time.Microsecond)
		if err := rec.Move(ops[rng.IntN(len(ops))]); err != nil {
			t.Fatal(err)
		}
	}
	return s, rec.Game()
}

// TestRecordReadCheck: games recorded here (with and without frames, ended
// every way) are written, read back by the same reader and replay exactly.
func TestRecordReadCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	var games []*Game
	for i, cfg := range []Config{
		{Rows: 1200, MaxTurn: 100, MaxTime: time.Minute},
		{Rows: 6, MaxTurn: 100, MaxTime: time.Minute},
		{Rows: 24, MaxTurn: 10, MaxTime: 2 * time.Second},
		{Rows: 60, MaxTurn: 100, MaxTime: time.Minute},
	} {
		_, g := recordRandom(t, cfg, int64(100+i), i%2 == 0, rng)
		games = append(games, g)
	}
	// An invalid swap, a time-out, a constructor failure.
	s := newGame(t, DefaultConfig(), 77)
	rec := NewRecorder(s, "invalid", [2]string{"a", "b"}, true)
	rec.Move(s.Ops(nil)[0])
	if err := rec.Move(Swap{0, 0, 2, 0}); err == nil {
		t.Fatal("a non-adjacent swap was accepted")
	}
	if err := rec.Move(Swap{0, 0, 1, 0}); err != ErrGameOver {
		t.Fatalf("a move after the end: %v", err)
	}
	games = append(games, rec.Game())
	s = newGame(t, DefaultConfig(), 78)
	rec = NewRecorder(s, "timeout", [2]string{"a", "b"}, true)
	rec.Move(s.Ops(nil)[1])
	rec.Fail(1, FailTimeout, TimeoutMessage, nil)
	games = append(games, rec.Game())
	s = newGame(t, DefaultConfig(), 79)
	rec = NewRecorder(s, "init", [2]string{"a", "b"}, false)
	rec.Fail(1, FailInit, "RuntimeError: cannot start", nil)
	games = append(games, rec.Game())

	name := filepath.Join(t.TempDir(), "games.jsonl.gz")
	if err := Append(name, games[:3]...); err != nil {
		t.Fatal(err)
	}
	if err := Append(name, games[3:]...); err != nil {
		t.Fatal(err)
	}
	back, err := ReadAll(name)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(games) {
		t.Fatalf("read %d games, wrote %d", len(back), len(games))
	}
	reasons := map[string]bool{}
	for i, g := range back {
		a, _ := json.Marshal(games[i])
		b, _ := json.Marshal(g)
		if string(a) != string(b) {
			t.Errorf("game %d changed in the file:\n%s\n%s", i, a, b)
		}
		if n, m := Check(g); m != nil {
			t.Errorf("game %s: %v", g.ID, m)
		} else if len(g.Frames) > 0 && n != len(g.Moves)+1 {
			t.Errorf("game %s: %d frames compared for %d moves", g.ID, n, len(g.Moves))
		}
		reasons[g.Result.Reason] = true
	}
	for _, r := range []string{"turns", "empty", "error"} {
		if !reasons[r] {
			t.Errorf("no recorded game ended with %s", r)
		}
	}
	if e := back[4].Result.Error; e == nil || e.Kind != "invalid" || string(e.Returned) != "[[0,0],[2,0]]" || e.Ops == "" {
		t.Errorf("recorded invalid move: %+v", e)
	}
}

// TestCheckFindsDifferences: a replay reports a changed recording.
func TestCheckFindsDifferences(t *testing.T) {
	games, err := ReadAll(filepath.Join(corpusDir, "public.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*Game{}
	for _, g := range games {
		byID[g.ID] = g
	}
	clone := func(id string) *Game {
		b, _ := json.Marshal(byID[id])
		g := &Game{}
		if err := json.Unmarshal(b, g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	const long = "public-000-random_robot-random_robot"
	cases := map[string]func(g *Game){
		"seed":      func(g *Game) { g.Seed++ },
		"regen":     func(g *Game) { g.Regen = 1 },
		"move":      func(g *Game) { g.Moves[10], g.Moves[11] = g.Moves[11], g.Moves[10] },
		"ops":       func(g *Game) { g.Frames[5].Ops = g.Frames[5].Ops[4:] },
		"main":      func(g *Game) { g.Frames[7].Main = "R" + g.Frames[7].Main[1:] },
		"digest":    func(g *Game) { g.Frames[8].Digest = "0000000000000000" },
		"tiles":     func(g *Game) { g.Frames[9].Tiles = "0000000000000000" },
		"steps":     func(g *Game) { g.Frames[1].Steps = g.Frames[1].Steps[1:] },
		"bar":       func(g *Game) { g.Frames[3].Bar[0]++ },
		"high":      func(g *Game) { g.Frames[3].High[1]++ },
		"text":      func(g *Game) { g.Result.Text = TextNoMove },
		"tags":      func(g *Game) { g.Result.Tags = g.Result.Tags[1:] },
		"extra":     func(g *Game) { g.Result.Extra++ },
		"too short": func(g *Game) { g.Moves, g.Frames = g.Moves[:50], g.Frames[:51] },
	}
	for what, change := range cases {
		g := clone(long)
		change(g)
		if _, m := Check(g); m == nil {
			t.Errorf("%s changed: no mismatch", what)
		}
	}
	// Errors: the player, the offered ops, the returned value's check.
	errCases := map[string]func(g *Game){
		"player":   func(g *Game) { g.Result.Error.Player ^= 1; g.Result.Winner ^= 1 },
		"ops":      func(g *Game) { g.Result.Error.Ops = "0010" },
		"returned": func(g *Game) { g.Result.Error.Returned = json.RawMessage(`[[0,0],[1,0]]`) },
		"message":  func(g *Game) { g.Result.Error.Message = "exception_manager.InvalidMove: " + MsgOutOfBoard },
	}
	for what, change := range errCases {
		g := clone("public-062-random_robot-bad_nonadjacent")
		change(g)
		if _, m := Check(g); m == nil {
			t.Errorf("error %s changed: no mismatch", what)
		}
	}
	g := clone("public-043-random_robot-random_robot") // a tie decided by think time
	g.Result.Time[0], g.Result.Time[1] = g.Result.Time[1], g.Result.Time[0]
	if _, m := Check(g); m == nil {
		t.Error("think times swapped on a tie: no mismatch")
	}
}

// TestReaderErrors: a malformed line is an error naming the file and line.
func TestReaderErrors(t *testing.T) {
	games, err := ReadAll(filepath.Join(corpusDir, "public.jsonl.gz"))
	if err != nil {
		t.Fatal(err)
	}
	good, _ := json.Marshal(games[43])
	edit := func(f func(m map[string]any)) string {
		var m map[string]any
		json.Unmarshal(good, &m)
		f(m)
		b, _ := json.Marshal(m)
		return string(b)
	}
	cases := map[string]string{
		"not json":       `{"id": `,
		"unknown key":    edit(func(m map[string]any) { m["extra_key"] = 1 }),
		"seed 0":         edit(func(m map[string]any) { m["seed"] = 0 }),
		"rows":           edit(func(m map[string]any) { m["config"].(map[string]any)["rows"] = 7 }),
		"size":           edit(func(m map[string]any) { m["config"].(map[string]any)["size"] = 8 }),
		"init letter":    edit(func(m map[string]any) { m["init"] = strings.Repeat("X", 36) }),
		"init length":    edit(func(m map[string]any) { m["init"] = "RGB" }),
		"move":           edit(func(m map[string]any) { m["moves"] = []any{[]any{[]any{0, 0}, []any{3, 0}}} }),
		"move shape":     edit(func(m map[string]any) { m["moves"].([]any)[0] = []any{[]any{0, 0, 1}, []any{1, 0}} }),
		"frames":         edit(func(m map[string]any) { m["frames"] = m["frames"].([]any)[:1] }),
		"frame turn":     edit(func(m map[string]any) { m["frames"].([]any)[1].(map[string]any)["turn"] = 5 }),
		"frame ops":      edit(func(m map[string]any) { m["frames"].([]any)[1].(map[string]any)["ops"] = "007" }),
		"frame digest":   edit(func(m map[string]any) { m["frames"].([]any)[1].(map[string]any)["digest"] = "xyz" }),
		"step":           edit(func(m map[string]any) { m["frames"].([]any)[1].(map[string]any)["steps"] = []any{[]any{1, 2}} }),
		"reason":         edit(func(m map[string]any) { m["result"].(map[string]any)["reason"] = "won" }),
		"winner":         edit(func(m map[string]any) { m["result"].(map[string]any)["winner"] = 2 }),
		"error kind":     edit(func(m map[string]any) { m["result"].(map[string]any)["reason"] = "error" }),
		"two values":     string(good) + " {}",
		"result missing": edit(func(m map[string]any) { delete(m, "result") }),
	}
	dir := t.TempDir()
	for what, line := range cases {
		name := filepath.Join(dir, "bad.jsonl")
		content := string(good) + "\n\n" + line + "\n"
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadAll(name)
		if err == nil || !strings.HasPrefix(err.Error(), name+": line 3: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line naming %s line 3", what, err, name)
		}
	}
	name := filepath.Join(dir, "plain.jsonl.gz")
	os.WriteFile(name, []byte("not gzip"), 0o644)
	if _, err := ReadAll(name); err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("not gzip: %v", err)
	}
	if _, err := ReadAll(filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("missing file: no error")
	}
	// A gzip file cut short is an error too.
	name = filepath.Join(dir, "cut.jsonl.gz")
	f, _ := os.Create(name)
	zw := gzip.NewWriter(f)
	zw.Write(append(good, '\n'))
	zw.Close()
	f.Close()
	b, _ := os.ReadFile(name)
	os.WriteFile(name, b[:len(b)/2], 0o644)
	if _, err := ReadAll(name); err == nil {
		t.Error("truncated gzip: no error")
	}
}
