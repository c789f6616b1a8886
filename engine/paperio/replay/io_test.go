package replay

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/internal/jsonl"
)

// recordGame plays a random game on a small board and records it with every
// frame, as a recorder would.
func recordGame(rng *rand.Rand, id string) *Game {
	w, h := 2*(3+rng.IntN(8)), 5+rng.IntN(20)
	c := paperio.Config{Width: w, Height: h, MaxTurns: 20 + rng.IntN(80)}
	seed := rng.Int64N(1 << 40)
	st, err := paperio.RandomStarts(c, seed)
	if err != nil {
		panic(err)
	}
	s, err := paperio.NewGame(c, st)
	if err != nil {
		panic(err)
	}
	g := &Game{ID: id, Players: [2]string{"rand_a", "rand_b"}, Seed: seed, Size: [2]int{w, h}, MaxTurns: c.MaxTurns, Frames: &Frames{}}
	for i, x := range st {
		g.Init[i] = Init{X: x.X, Y: x.Y, Direction: int(x.Dir)}
	}
	g.Frames.Snapshot(s)
	var acts []byte
	for !s.Over() {
		a := "LSSSR"[rng.IntN(5)] // mostly straight: longer games
		acts = append(acts, a)
		s.Step(paperio.Action(a))
		g.Frames.Snapshot(s)
	}
	g.Actions = string(acts)
	g.Result = FromEngine(s.Result(), "")
	return g
}

func recordGames(seed uint64, n int) []*Game {
	rng := rand.New(rand.NewPCG(seed, 7))
	var gs []*Game
	for i := 0; i < n; i++ {
		gs = append(gs, recordGame(rng, fmt.Sprintf("g%d-%d", seed, i)))
	}
	return gs
}

// TestAppendRoundTrip: games appended (twice) to a new file read back equal,
// replay exactly, and the file is gzip exactly when its name ends in .gz.
func TestAppendRoundTrip(t *testing.T) {
	for _, name := range []string{"games.jsonl", "games.jsonl.gz"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			first, second := recordGames(1, 5), recordGames(2, 4)
			if err := Append(path, first...); err != nil {
				t.Fatal(err)
			}
			if err := Append(path, second...); err != nil {
				t.Fatal(err)
			}
			got, err := ReadAll(path)
			if err != nil {
				t.Fatal(err)
			}
			want := append(first, second...)
			if len(got) != len(want) {
				t.Fatalf("read %d games, wrote %d", len(got), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Errorf("game %d read back differently:\n got %+v\nwant %+v", i, got[i], want[i])
				}
				if n, m := Check(got[i]); m != nil || n != len(want[i].Actions)+1 {
					t.Errorf("game %s: %d frames checked, %v", got[i].ID, n, m)
				}
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			isGzip := len(raw) > 2 && raw[0] == 0x1f && raw[1] == 0x8b
			if isGzip != strings.HasSuffix(name, ".gz") {
				t.Errorf("%s: gzip %v", name, isGzip)
			}
			// No temporary files are left beside it.
			entries, _ := os.ReadDir(filepath.Dir(path))
			if len(entries) != 1 {
				t.Errorf("folder holds %d files after appending", len(entries))
			}
		})
	}
}

// writeFile writes lines as a replay file, gzip-compressed for .gz names.
func writeFile(t *testing.T, name string, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	err := jsonl.Append(path, func(w io.Writer) error {
		_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func gameLine(t *testing.T, g *Game) string {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMalformedLines: a bad line is an error naming the file and the line.
func TestMalformedLines(t *testing.T) {
	good := recordGames(3, 1)[0]
	badAction := *good
	badAction.Actions = good.Actions[:1] + "X" + good.Actions[2:]
	badAction.Frames = nil
	tooMany := *good
	tooMany.MaxTurns = 1
	tooMany.Actions = "SSS"
	tooMany.Frames = nil
	oddBoard := *good
	oddBoard.Size = [2]int{7, 8}
	offBoard := *good
	offBoard.Init[1].X = -1
	for _, name := range []string{"bad.jsonl", "bad.jsonl.gz"} {
		for _, tc := range []struct {
			lines []string
			want  string
		}{
			{[]string{gameLine(t, good), `{"id": "x", "size": [`}, "line 2"},
			{[]string{gameLine(t, good), "", "not json at all"}, "line 3"},
			{[]string{gameLine(t, &badAction)}, `line 1: action 2 is 'X': must be L, R or S`},
			{[]string{gameLine(t, good), gameLine(t, good), gameLine(t, &tooMany)}, "line 3: 3 actions for 1 rounds"},
			{[]string{gameLine(t, &oddBoard)}, "line 1: board width 7"},
			{[]string{gameLine(t, &offBoard)}, "line 1: start of player 2 at (-1,"},
			{[]string{`{"size": [10, 10], "max_turns": 5, "init": [{"x": 1, "y": 1}, {"x": 5, "y": 5}], "actions": "LSL", "frames": {"digest": ["a", "b", "c", "d", "e"]}}`}, "line 1: more frames"},
		} {
			path := writeFile(t, name, tc.lines...)
			_, err := ReadAll(path)
			if err == nil {
				t.Errorf("%s %q: no error", name, tc.lines)
				continue
			}
			if msg := err.Error(); !strings.HasPrefix(msg, path+": ") || !strings.Contains(msg, tc.want) {
				t.Errorf("%s: error %q, want the file name and %q", name, msg, tc.want)
			}
		}
	}
	// A missing file and a .gz name over plain text are errors too.
	if _, err := ReadAll(filepath.Join(t.TempDir(), "none.jsonl")); err == nil {
		t.Error("a missing file reads without error")
	}
	plain := writeFile(t, "plain.jsonl", gameLine(t, good))
	gzName := plain + ".gz"
	if err := os.Rename(plain, gzName); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadAll(gzName); err == nil || !strings.Contains(err.Error(), gzName) {
		t.Errorf("plain text named .gz: %v", err)
	}
}

// TestBlankLinesAndLineNumbers: blank lines are skipped but counted.
func TestBlankLinesAndLineNumbers(t *testing.T) {
	gs := recordGames(4, 2)
	path := writeFile(t, "blank.jsonl", "", gameLine(t, gs[0]), "   ", "", gameLine(t, gs[1]), "")
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i, wantLine := range []int{2, 5} {
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if g.ID != gs[i].ID || r.Line() != wantLine {
			t.Errorf("game %d: %s at line %d, want %s at line %d", i, g.ID, r.Line(), gs[i].ID, wantLine)
		}
	}
	if _, err := r.Next(); err == nil {
		t.Error("no EOF after the last game")
	}
}

// TestCheckFindsMismatches: Check names the first frame that differs, and a
// wrong result.
func TestCheckFindsMismatches(t *testing.T) {
	g := recordGames(5, 1)[0]
	for len(g.Actions) < 6 {
		g = recordGames(uint64(len(g.Actions)+6), 1)[0]
	}
	if _, m := Check(g); m != nil {
		t.Fatalf("a recorded game does not replay: %v", m)
	}
	for _, tc := range []struct {
		spoil func(g *Game)
		frame int
		what  string
	}{
		{func(g *Game) { g.Frames.Digest[4] = "0000000000000000" }, 4, "digest"},
		{func(g *Game) { g.Frames.Pos[3][0]++ }, 3, "pos"},
		{func(g *Game) { g.Frames.Area[0][1]++ }, 0, "area"},
		{func(g *Game) { g.Frames.Band[2][0] += 5 }, 2, "band"},
		{func(g *Game) { g.Result.Reason = 99 }, -1, "recorded"},
		{func(g *Game) { g.Actions = g.Actions[:len(g.Actions)-1]; g.Frames = nil }, -1, "still running"},
		{func(g *Game) { g.Actions += "S"; g.Frames = nil }, len(g.Actions) + 1, "already over"},
	} {
		spoilt := *g
		fr := *g.Frames
		fr.Digest = append([]string(nil), g.Frames.Digest...)
		fr.Pos = append([][6]int(nil), g.Frames.Pos...)
		fr.Area = append([][2]int(nil), g.Frames.Area...)
		fr.Band = append([][2]int(nil), g.Frames.Band...)
		spoilt.Frames = &fr
		tc.spoil(&spoilt)
		_, m := Check(&spoilt)
		if m == nil || m.Frame != tc.frame || !strings.Contains(m.Error(), tc.what) {
			t.Errorf("want a mismatch at frame %d about %q, got %v", tc.frame, tc.what, m)
		}
	}
}
