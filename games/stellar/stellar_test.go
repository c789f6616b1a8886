package stellar

import (
	"flag"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

var g Game

// config reads settings from command-line flags.
func config(t testing.TB, args ...string) (Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	read := g.ConfigFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	c, err := read()
	if err != nil {
		return Config{}, err
	}
	return c.(Config), nil
}

// TestConfig checks the settings' flags, their defaults (the course's),
// their round trip through Encode, and one-line errors for bad values.
func TestConfig(t *testing.T) {
	c, err := config(t)
	if err != nil {
		t.Fatal(err)
	}
	if c.MapNames() != DefaultMap || c.Turns != 100 || c.CallTime != 100*time.Millisecond {
		t.Errorf("defaults %s, want the course's", c)
	}
	if !reflect.DeepEqual(c, g.DefaultConfig()) {
		t.Errorf("flag defaults %s differ from DefaultConfig %s", c, g.DefaultConfig())
	}
	c, err = config(t, "--map", "hex_4_0.2_0.2, g_design2,tree_2_1_4_3", "--turns", "30", "--call-time", "0.25")
	if err != nil {
		t.Fatal(err)
	}
	if c.MapNames() != "hex_4_0.2_0.2,g_design2,tree_2_1_4_3" || c.Turns != 30 || c.CallTime != 250*time.Millisecond {
		t.Errorf("read %s", c)
	}
	back, err := g.DecodeConfig(c.Encode())
	if err != nil || !reflect.DeepEqual(back, c) {
		t.Errorf("Encode %s → %v, %v", c.Encode(), back, err)
	}
	for _, bad := range [][]string{
		{"--map", "hex_3_0.2_0.2"}, {"--map", "hex_7_1_0.1"}, {"--map", "hex_7_0.3_1"}, {"--map", "hex_7.5_0.3_0.1"},
		{"--map", "square"}, {"--map", "tree_2_1_40_5"}, {"--map", ""}, {"--turns", "0"}, {"--call-time", "-1"},
	} {
		_, err := config(t, bad...)
		if err == nil {
			t.Errorf("%v accepted", bad)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error of more than a line: %q", bad, err)
		}
	}
	if _, err := g.DecodeConfig([]byte(`{"maps":["hex_9"],"turns":100}`)); err == nil {
		t.Error("a bad stored map was accepted")
	}
}

// TestStartOf checks how a game's map is chosen: by the seed from the
// settings' kinds, or as an explicit start says.
func TestStartOf(t *testing.T) {
	c, _ := config(t, "--map", "hex_4_0.2_0.2,g_design2")
	for _, tc := range []struct {
		seed  int64
		start string
		want  string
	}{
		{4, "", "hex_4_0.2_0.2@4"}, {5, "", "g_design2@5"}, {5, "@9", "g_design2@9"},
		{4, "tree_2_1_4_3", "tree_2_1_4_3@4"}, {4, "hex_7_0.1_0.1@-3", "hex_7_0.1_0.1@-3"},
	} {
		sp, err := StartOf(c, tc.seed, tc.start)
		if err != nil || StartString(sp) != tc.want {
			t.Errorf("seed %d start %q: %s, %v; want %s", tc.seed, tc.start, StartString(sp), err, tc.want)
		}
	}
	for _, bad := range []string{"@x", "nomap@3", "hex_2_0.1_0.1"} {
		if _, err := StartOf(c, 1, bad); err == nil {
			t.Errorf("start %q accepted", bad)
		}
	}
}

// seats are fresh seats of two players.
func seats(t testing.TB, p1, p2 string) [2]*game.Seat {
	t.Helper()
	es, err := game.Entrants(g, game.PlayerOptions{}, p1, p2)
	if err != nil {
		t.Fatal(err)
	}
	return [2]*game.Seat{game.NewSeat(es[0], false), game.NewSeat(es[1], false)}
}

// playOne plays one game of the default settings.
func playOne(t testing.TB, w game.Worker, st [2]*game.Seat, seed int64, rows bool) *game.Record {
	t.Helper()
	r, err := w.Play(st, game.Setup{Config: g.DefaultConfig(), Seed: seed, Rows: rows})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGamesReplayFrameForFrame plays games between the built-in bots, turns
// them into the course's replay format by replaying their records, and
// checks every phase of every turn on the engine (stellar.Check), which
// also regenerates each map from its seed. The records' results must be
// the engine's.
func TestGamesReplayFrameForFrame(t *testing.T) {
	w := g.NewWorker()
	pairs := [][2]string{{"greedy", "sample"}, {"rush", "greedy:keep=60"}, {"sample", "sample"}, {"idle", "rush"}}
	for k, pr := range pairs {
		r := playOne(t, w, seats(t, pr[0], pr[1]), int64(k+1), false)
		rg, err := ReplayGame(game.ReplayGame{ID: "t", Players: pr, Record: r})
		if err != nil {
			t.Fatal(err)
		}
		if n, m := stellar.Check(rg); m != nil || n != r.Length+1 {
			t.Errorf("%v: %d frames, %v", pr, n, m)
		}
		if winnerOf(rg.Result) != r.Winner || int(rg.Result.Reason) != r.Reason || rg.Result.Turns != r.Length {
			t.Errorf("%v: replay %v, record winner %d reason %d turns %d", pr, rg.Result, r.Winner, r.Reason, r.Length)
		}
		s, _, err := replay(r, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		a0, a1 := s.ForceSums()
		if a0 != r.Score[0] || a1 != r.Score[1] {
			t.Errorf("%v: replayed forces %v %v, recorded %v", pr, a0, a1, r.Score)
		}
	}
}

// TestDeterministic checks that a seed decides a game between bots, the
// course's sample included, and that a paired game is played on the same
// map with the seats swapped.
func TestDeterministic(t *testing.T) {
	a := playOne(t, g.NewWorker(), seats(t, "sample", "greedy"), 11, true)
	w := g.NewWorker()
	playOne(t, w, seats(t, "rush", "idle"), 3, true) // a worker that played before
	b := playOne(t, w, seats(t, "sample", "greedy"), 11, true)
	if string(a.Moves) != string(b.Moves) || a.Winner != b.Winner || a.Score != b.Score {
		t.Error("the same seed gave another game")
	}
	if !reflect.DeepEqual(a.Rows.(*rows).game, b.Rows.(*rows).game) {
		t.Error("the same seed gave another games row")
	}
	p, err := w.Play(seats(t, "greedy", "sample"), game.Setup{Config: g.DefaultConfig(), Seed: 11, Paired: true, Pairing: "same"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Start != a.Start {
		t.Errorf("paired game on %s, first on %s", p.Start, a.Start)
	}
	if _, err := w.Play(seats(t, "greedy", "sample"), game.Setup{Config: g.DefaultConfig(), Seed: 11, Paired: true, Pairing: "mirror"}); err == nil {
		t.Error("pairing mirror accepted")
	}
}

// TestRows checks the turn rows against the state they describe: recorded
// while playing and recomputed from the record alike; each player's force
// after a turn is the force before it minus what transport and combat cost
// plus growth; the last turn's force and nodes are the result's; fronts
// are the distances a plain search finds.
func TestRows(t *testing.T) {
	w := g.NewWorker()
	for k, pr := range [][2]string{{"greedy", "rush"}, {"sample", "greedy"}, {"rush", "rush"}} {
		r := playOne(t, w, seats(t, pr[0], pr[1]), int64(20+k), true)
		got := r.Rows.(*rows)
		again, err := replayRows(r)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.game, again.game) || !reflect.DeepEqual(got.turns, again.turns) {
			t.Fatalf("%v: rows recorded while playing differ from rows of the replayed record", pr)
		}
		checkRows(t, pr, r, got)
	}
}

func checkRows(t *testing.T, pr [2]string, r *game.Record, rs *rows) {
	if len(rs.turns) != 2*r.Length {
		t.Fatalf("%v: %d rows for %d turns", pr, len(rs.turns), r.Length)
	}
	s, sp, err := replay(r, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	dist := allDistances(s)
	prev := [2]float64{stellar.StartForce, stellar.StartForce}
	var state stellar.State
	m, _, _ := sp.Build()
	state.Reset(m)
	turns, _ := decodeMoves(r.Moves)
	for i, row := range rs.turns {
		p := int(row.Player) - 1
		if row.Turn != int16(i/2+1) || p != i%2 {
			t.Fatalf("%v: row %d is turn %d player %d", pr, i, row.Turn, row.Player)
		}
		if p == 0 {
			state.StepAnswers(turns[i/2].ans[0], turns[i/2].ans[1], nil)
		}
		want := prev[p] - row.TransportLoss - row.CombatLoss + row.Growth
		if math.Abs(row.Force-want) > 1e-9*math.Max(1, row.Force) {
			t.Errorf("%v turn %d player %d: force %v, but %v - %v - %v + %v = %v", pr, row.Turn, p+1, row.Force, prev[p], row.TransportLoss, row.CombatLoss, row.Growth, want)
		}
		prev[p] = row.Force
		if row.TransportLoss < 0 || row.TransportLoss > row.Sent || row.CombatLoss < 0 {
			t.Errorf("%v turn %d player %d: sent %v, losses %v and %v", pr, row.Turn, p+1, row.Sent, row.TransportLoss, row.CombatLoss)
		}
		n := [2]int16{}
		a := [2]float64{}
		front := [2]int16{-1, -1}
		for j := 1; j <= state.N(); j++ {
			if o := state.Owner(j); o != stellar.Neutral {
				n[o]++
				a[o] += state.Force(j, o)
				if d := dist[1-o][j]; front[1-o] < 0 || d < front[1-o] {
					front[1-o] = d
				}
			}
		}
		if row.Nodes != n[p] || row.Force != a[p] || row.BaseForce != state.Force(state.Base(p), p) {
			t.Errorf("%v turn %d player %d: nodes %d force %v base %v, the state says %d %v %v", pr, row.Turn, p+1, row.Nodes, row.Force, row.BaseForce, n[p], a[p], state.Force(state.Base(p), p))
		}
		if opt(row.FrontToBase) != front[p] || opt(row.FrontToEnemyBase) != front[1-p] {
			t.Errorf("%v turn %d player %d: fronts %d %d, want %d %d", pr, row.Turn, p+1, opt(row.FrontToBase), opt(row.FrontToEnemyBase), front[p], front[1-p])
		}
		last := int(row.Turn) == r.Length
		if row.Done != last || row.Outcome != int8(r.Winner.Outcome(p)) || (row.Reward != 0) != last {
			t.Errorf("%v turn %d player %d: done %v reward %d outcome %d", pr, row.Turn, p+1, row.Done, row.Reward, row.Outcome)
		}
	}
	gr := rs.game
	if gr.Force1 != r.Score[0] || gr.Force2 != r.Score[1] || int(gr.Turns) != r.Length || gr.Winner != r.Winner.Code() {
		t.Errorf("%v: games row %+v, record %+v", pr, gr, r)
	}
	if gr.BaseDist != dist[0][s.N()] || int(gr.Nodes) != s.N() || gr.Map+"@"+strconv.FormatInt(gr.MapSeed, 10) != r.Start {
		t.Errorf("%v: games row map %s@%d, %d nodes, bases %d apart; record %s", pr, gr.Map, gr.MapSeed, gr.Nodes, gr.BaseDist, r.Start)
	}
}

func opt(p *int16) int16 {
	if p == nil {
		return -1
	}
	return *p
}

// allDistances is the steps from each base to every node, by relaxing
// edges until nothing changes (a search of its own, not the recorder's).
func allDistances(s *stellar.State) [2][]int16 {
	var out [2][]int16
	for p := range 2 {
		d := make([]int16, s.N()+1)
		for i := range d {
			d[i] = math.MaxInt16
		}
		d[s.Base(p)] = 0
		for changed := true; changed; {
			changed = false
			for i := 1; i <= s.N(); i++ {
				for _, j := range s.Next(i) {
					if d[i] != math.MaxInt16 && d[i]+1 < d[j] {
						d[j], changed = d[i]+1, true
					}
				}
			}
		}
		out[p] = d
	}
	return out
}

// scripted is a test player: it fails as told (a panic at load, a panic at
// some turns) and otherwise answers what its answer function says, or its
// inner player, or [].
type scripted struct {
	failLoad bool
	failAt   map[int]bool
	answer   func(v View) stellar.Answer
	inner    Player
	turn     int
}

func (p *scripted) Reset(v View, me int, seed uint64, c play.Clock) {
	p.turn = 0
	if p.failLoad {
		panic("ImportError: no module named AIs.x")
	}
	if p.inner != nil {
		p.inner.Reset(v, me, seed, c)
	}
}

func (p *scripted) Act(v View, c play.Clock) stellar.Answer {
	p.turn++
	switch {
	case p.failAt[p.turn]:
		panic("ValueError: bad")
	case p.answer != nil:
		return p.answer(v)
	case p.inner != nil:
		return p.inner.Act(v, c)
	}
	return stellar.Answer{}
}

func scriptedSeats(a, b *scripted) [2]*game.Seat {
	mk := func(name string, p *scripted) *game.Seat {
		return game.NewSeat(game.NewEntrant(name, name, func() (Player, error) { return p, nil }), false)
	}
	return [2]*game.Seat{mk("a", a), mk("b", b)}
}

// TestFailures checks RULES §8 through the loop: a failed load loses before
// the first turn (both failed: no winner); a call that fails counts as []
// for that turn only, and the game goes on; what an AI returned is judged
// with its Python types, a rejected list dropped whole. Every such game
// replays frame for frame from its record.
func TestFailures(t *testing.T) {
	w := g.NewWorker()
	run := func(a, b *scripted) *game.Record {
		r, err := w.Play(scriptedSeats(a, b), game.Setup{Config: g.DefaultConfig(), Seed: 5, Rows: true})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for _, tc := range []struct {
		fail   [2]bool
		winner game.Winner
	}{{[2]bool{true, false}, 1}, {[2]bool{false, true}, 0}, {[2]bool{true, true}, game.Draw}} {
		r := run(&scripted{failLoad: tc.fail[0]}, &scripted{failLoad: tc.fail[1]})
		if stellar.Reason(r.Reason) != stellar.InitError || r.Winner != tc.winner || r.Length != 0 || len(r.Rows.(*rows).turns) != 0 {
			t.Errorf("load failures %v: %s", tc.fail, g.ResultText(r, [2]string{"a", "b"}))
		}
		if r.Faults[0].Kind == play.NoFault == tc.fail[0] {
			t.Errorf("load failures %v: faults %+v", tc.fail, r.Faults)
		}
		checkReplay(t, r)
	}
	rush, _ := NewPlayer("rush", game.PlayerOptions{})
	bad := stellar.List(stellar.Tuple(stellar.Int(1), stellar.Int(2)))
	odd := &scripted{failAt: map[int]bool{2: true, 3: true}, answer: func(v View) stellar.Answer {
		return stellar.Answer{Py: bad}
	}}
	r := run(odd, &scripted{inner: rush})
	rs := r.Rows.(*rows)
	if r.Length < 4 || r.Faults[0].Kind != play.Error || r.Faults[1].Kind != play.NoFault {
		t.Fatalf("failing player: %s, faults %+v", g.ResultText(r, [2]string{"odd", "rush"}), r.Faults)
	}
	for _, row := range rs.turns {
		if row.Player != 1 {
			continue
		}
		failed := row.Turn == 2 || row.Turn == 3
		if row.Failed != failed || row.Rejected == failed || row.Commands != 0 {
			t.Errorf("turn %d: failed %v rejected %v commands %d", row.Turn, row.Failed, row.Rejected, row.Commands)
		}
	}
	if rs.game.Failed1 != 2 || rs.game.Failed2 != 0 {
		t.Errorf("failed calls %d, %d; want 2, 0", rs.game.Failed1, rs.game.Failed2)
	}
	rg := checkReplay(t, r)
	if rg.Turns[2].Raised[0] != "ValueError" || rg.Turns[1].Judge[0] != "RuntimeError: Judgement!!! Invalid input length! " {
		t.Errorf("replay turn 2 raised %q, turn 1 judge %q", rg.Turns[2].Raised[0], rg.Turns[1].Judge[0])
	}
}

// checkReplay replays a record into the course's format and checks it on
// the engine.
func checkReplay(t *testing.T, r *game.Record) *stellar.Game {
	t.Helper()
	rg, err := ReplayGame(game.ReplayGame{ID: "t", Players: [2]string{"a", "b"}, Record: r})
	if err != nil {
		t.Fatal(err)
	}
	if n, m := stellar.Check(rg); m != nil || n != r.Length+1 {
		t.Errorf("replay: %d frames, %v", n, m)
	}
	return rg
}

// TestResultText checks the words of every kind of end.
func TestResultText(t *testing.T) {
	w := g.NewWorker()
	r := playOne(t, w, seats(t, "greedy", "idle"), 1, false)
	txt := g.ResultText(r, [2]string{"greedy", "idle"})
	if !strings.HasPrefix(txt, "player 1 (greedy) wins: player 2's base fell (base)\nturns ") || !strings.Contains(txt, "nodes ") {
		t.Errorf("base: %q", txt)
	}
	r = playOne(t, w, seats(t, "idle", "idle"), 1, false)
	if txt := g.ResultText(r, [2]string{"a", "b"}); !strings.HasPrefix(txt, "draw: turn limit; equal nodes and total force (limit_draw)\nturns 100 of 100, nodes 1 : 1") {
		t.Errorf("draw: %q", txt)
	}
	// Forces are rounded for people; a game decided by a hair says so.
	r.Score = [2]float64{8483.407012955635, 378.6780451287493}
	if txt := g.ResultText(r, [2]string{"a", "b"}); !strings.Contains(txt, "total force 8483.4 : 378.7, map ") {
		t.Errorf("forces: %q", txt)
	}
	r.Score = [2]float64{500.00001, 500}
	if txt := g.ResultText(r, [2]string{"a", "b"}); !strings.Contains(txt, "total force 500 : 500 (decided by a hair: 1e-05 apart)") {
		t.Errorf("a hair: %q", txt)
	}
	r.Reason = 99
	if txt := g.ResultText(r, [2]string{"a", "b"}); !strings.Contains(txt, "unknown reason") {
		t.Errorf("unknown reason: %q", txt)
	}
}
