package rl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/games/paperio/tables"
)

// TestEnvResults: in the step that ends a game the results hold its
// winner, end reason and both final territories, as the engine's state
// says; in every other step they are 0.
func TestEnvResults(t *testing.T) {
	o := EnvOptions{Envs: 4, Config: paperio.Config{Width: 20, Height: 15, MaxTurns: 30}, View: View{Crop: 5}, Opponent: "random", Player: 0}
	e := newEnv(t, o)
	r := Results{Winner: make([]int8, 4), Reason: make([]int8, 4), Area1: make([]int32, 4), Area2: make([]int32, 4)}
	if err := e.SetResults(Results{Winner: r.Winner}); err == nil {
		t.Fatal("short result buffers taken")
	}
	if err := e.SetResults(r); err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(3); err != nil {
		t.Fatal(err)
	}
	ended := 0
	actions := make([]int64, 4)
	for step := 0; step < 400; step++ {
		for i := range actions {
			actions[i] = int64((step + i) % 3)
		}
		if err := e.Step(actions); err != nil {
			t.Fatal(err)
		}
		for i := range actions {
			if !e.b.Terminated[i] {
				if r.Winner[i] != 0 || r.Reason[i] != 0 || r.Area1[i] != 0 || r.Area2[i] != 0 {
					t.Fatalf("step %d, env %d: results %d %d %d %d while the game goes on", step, i, r.Winner[i], r.Reason[i], r.Area1[i], r.Area2[i])
				}
				continue
			}
			ended++
			s, _ := e.State(i) // next-step autoreset: the finished game until the next step
			res := s.Result()
			if r.Winner[i] != res.Winner.Code() || r.Reason[i] != int8(res.Reason) || r.Area1[i] != int32(s.Area(0)) || r.Area2[i] != int32(s.Area(1)) {
				t.Fatalf("step %d, env %d: results %d %d %d %d, the game %+v with areas %d %d", step, i, r.Winner[i], r.Reason[i], r.Area1[i], r.Area2[i], res, s.Area(0), s.Area(1))
			}
			if r.Area1[i]+r.Area2[i] == 0 {
				t.Fatalf("step %d, env %d: no territory at the end", step, i)
			}
		}
	}
	if ended < 8 {
		t.Fatalf("%d games ended", ended)
	}
}

// TestLoaderReadsReplayFiles: a replay file, and a folder of them, give
// the rows of their games, numbered from 0 over the files in order: every
// recorded action, the recorded result as the outcome; Rows counts them.
func TestLoaderReadsReplayFiles(t *testing.T) {
	dir := t.TempDir()
	var games []*replay.Game
	for _, name := range []string{"edge.jsonl.gz", "public.jsonl.gz"} {
		src := filepath.Join("..", "..", "..", "testdata", "paperio", "conformance", name)
		b, _ := os.ReadFile(src)
		os.WriteFile(filepath.Join(dir, name), b, 0o644)
		gs, err := replay.ReadAll(src)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, gs...)
	}
	for _, c := range []struct {
		path  string
		games []*replay.Game
	}{{filepath.Join(dir, "public.jsonl.gz"), games[len(games)-32:]}, {dir, games}} {
		l := newLoader(t, LoaderOptions{Dir: c.path, Batch: 997, View: View{Crop: 5}})
		var want int64
		for _, g := range c.games {
			want += int64(len(g.Actions))
		}
		rows := drain(t, l, nil)
		if n, err := l.Rows(); err != nil || n != want || int64(len(rows)) != want {
			t.Fatalf("%s: %d rows, Rows says %d (%v), the files hold %d actions", c.path, len(rows), n, err, want)
		}
		for _, r := range rows {
			g := c.games[r.game]
			wantOutcome := float32(g.Result.EngineWinner().Outcome(int(r.player) - 1))
			if ActionIndex(paperio.Action(g.Actions[r.halfStep-1])) != int(r.action) || r.outcome != wantOutcome ||
				r.done != (int(r.halfStep) == len(g.Actions)) {
				t.Fatalf("%s: row %+v; the replay %s has action %c, result %+v", c.path, r, g.ID, g.Actions[r.halfStep-1], g.Result)
			}
		}
		if last := rows[len(rows)-1].game; last != int64(len(c.games)-1) {
			t.Fatalf("%s: the last game is %d, want %d", c.path, last, len(c.games)-1)
		}
	}
}

// TestLoaderPlayersByShortName: Players takes specs as recorded, bot specs
// in any spelling and the short labels of package label (a py: AI's file
// stem); a name that is no player of the data is refused with the players'
// labels.
func TestLoaderPlayersByShortName(t *testing.T) {
	dir := t.TempDir()
	game := func(id int64, p1, p2 string) tables.Game {
		return tables.Game{GameID: id, P1: p1, P2: p2, Width: 10, Height: 10, MaxTurns: 5, Start: "2,5,0:7,5,2", Actions: "SSSS"}
	}
	writeGames(t, dir, game(0, "py:teams/a/t_team.py", "heuristic:maxband=100"), game(1, "random", "py:teams/a/t_team.py"))
	for _, c := range []struct {
		players []string
		rows    int64
	}{
		{[]string{"t_team"}, 4}, {[]string{"py:teams/a/t_team.py"}, 4}, {[]string{"heuristic maxband=100"}, 2},
		{[]string{"heuristic:maxband=100"}, 2}, {[]string{"random", "t_team"}, 6}, {nil, 8},
	} {
		l := newLoader(t, LoaderOptions{Dir: dir, Batch: 3, View: View{Crop: 5}, Players: c.players})
		got := int64(len(drain(t, l, nil)))
		if n, _ := l.Rows(); got != c.rows || n != c.rows {
			t.Errorf("players %q: %d rows, Rows says %d, want %d", c.players, got, n, c.rows)
		}
	}
	_, err := NewLoader(LoaderOptions{Dir: dir, Batch: 3, View: View{Crop: 5}, Players: []string{"goround"}})
	if err == nil || !strings.Contains(err.Error(), `no player "goround" in the data`) || !strings.Contains(err.Error(), "t_team") {
		t.Fatalf("got %v, want an error naming goround and listing the players", err)
	}
}
