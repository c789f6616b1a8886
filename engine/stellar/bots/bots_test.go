package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/stellar"
)

// TestSampleReplaysTheCourse checks that the sample AI, drawing from the
// stream the map generator left (as on the course platform), returns
// exactly the commands the Python sample returned in every public game it
// played, turn by turn.
func TestSampleReplaysTheCourse(t *testing.T) {
	games, err := stellar.ReadAll("../../../testdata/stellar/conformance/public.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	played, turns := 0, 0
	for _, g := range games {
		if g.Players[0] != "stupidAI" && g.Players[1] != "stupidAI" {
			continue
		}
		played++
		m, r, err := g.Map.Spec.Build()
		if err != nil {
			t.Fatal(err)
		}
		s := stellar.MustNewState(m)
		var bots [2]*Sample
		for p := range 2 {
			if g.Players[p] == "stupidAI" {
				bots[p] = NewSample(r)
				bots[p].Reset(s, p, 0)
			}
		}
		for k, turn := range g.Turns[1:] {
			for p := range 2 {
				if bots[p] == nil {
					continue
				}
				got := stellar.Commands(bots[p].Act(s))
				if want := turn.Cmd[p]; !sameReturned(got, want) {
					t.Fatalf("%s turn %d player %d: sample returned %d commands %v, recorded %d %v", g.ID, k+1, p, len(got.Items), got.Items, len(want.Items), want.Items)
				}
				turns++
			}
			s.StepPython(turn.Cmd[0], turn.Cmd[1], nil)
		}
	}
	if played != 6 || turns < 30 {
		t.Errorf("compared %d games, %d turns of the sample: want the 6 public games with stupidAI", played, turns)
	}
	t.Logf("%d games, %d sample turns identical", played, turns)
}

func sameReturned(a, b *stellar.Returned) bool {
	if a.List != b.List || len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Items {
		x, y := a.Items[i], b.Items[i]
		if x.Tuple != y.Tuple || len(x.Values) != len(y.Values) {
			return false
		}
		for k := range x.Values {
			if x.Values[k] != y.Values[k] {
				return false
			}
		}
	}
	return true
}

// hexMaps are course maps (hexagon 7, 0.35, 0.1) for bot games.
func hexMaps(t testing.TB, n int) []*stellar.Map {
	var ms []*stellar.Map
	for k := range n {
		m, _, err := stellar.MapSpec{Gen: stellar.GenHex, Params: []float64{7, 0.35, 0.1}, Seed: int64(k)}.Build()
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// score plays a against b on every map, a in both seats, and returns a's
// wins, draws and losses.
func score(t testing.TB, a, b Bot, maps []*stellar.Map, seeds int) (w, d, l int) {
	var mt Match
	for k, m := range maps {
		for sd := range seeds {
			for seat := range 2 {
				pair := [2]Bot{a, b}
				if seat == 1 {
					pair = [2]Bot{b, a}
				}
				res, err := mt.Play(m, pair, uint64(1000*k+10*sd))
				if err != nil {
					t.Fatal(err)
				}
				switch res.Winner {
				case seat:
					w++
				case 1 - seat:
					l++
				default:
					d++
				}
			}
		}
	}
	return w, d, l
}

// TestGreedyBeatsSample checks that the tuned family wins clearly against
// the course's sample over a few hundred games on course maps.
func TestGreedyBeatsSample(t *testing.T) {
	g, _ := New("greedy", nil)
	s, _ := New("sample", nil)
	w, d, l := score(t, g, s, hexMaps(t, 20), 5)
	t.Logf("greedy vs sample: %d wins, %d draws, %d losses", w, d, l)
	if n := w + d + l; n != 200 || w < n*95/100 {
		t.Errorf("greedy won %d of %d games against the sample, want at least 95 %%", w, n)
	}
	w, d, l = score(t, g, idle{}, hexMaps(t, 5), 1)
	if w != 10 {
		t.Errorf("greedy vs idle: %d wins, %d draws, %d losses", w, d, l)
	}
}

// TestRushBeatsSample checks that the rushing family beats the course's
// sample and an idle player, and loses to greedy, whose broad front stops a
// march along one path.
func TestRushBeatsSample(t *testing.T) {
	r, _ := New("rush", nil)
	s, _ := New("sample", nil)
	g, _ := New("greedy", nil)
	maps := hexMaps(t, 10)
	if w, d, l := score(t, r, s, maps, 3); w < 57 {
		t.Errorf("rush vs sample: %d wins, %d draws, %d losses of 60", w, d, l)
	}
	if w, d, l := score(t, r, idle{}, maps, 1); w != 20 {
		t.Errorf("rush vs idle: %d wins, %d draws, %d losses of 20", w, d, l)
	}
	if w, d, l := score(t, g, r, maps, 1); w < 18 {
		t.Errorf("greedy vs rush: %d wins, %d draws, %d losses of 20", w, d, l)
	}
}

// TestParamsMatter checks that the parameters change the play: the
// defaults beat a setting that hoards its force.
func TestParamsMatter(t *testing.T) {
	g, _ := New("greedy", nil)
	h, _ := New("greedy", map[string]float64{"keep": 90, "front": 90})
	w, d, l := score(t, g, h, hexMaps(t, 10), 2)
	t.Logf("defaults vs keep=90,front=90: %d wins, %d draws, %d losses", w, d, l)
	if w < 30 {
		t.Errorf("the defaults won %d of 40 games against a hoarding setting", w)
	}
}

// TestNewChecksParams checks the catalog's parameter checks.
func TestNewChecksParams(t *testing.T) {
	if _, err := New("greedy", map[string]float64{"split": 2.5}); err == nil {
		t.Error("split=2.5 accepted")
	}
	if _, err := New("greedy", map[string]float64{"nope": 1}); err == nil {
		t.Error("unknown parameter accepted")
	}
	if _, err := New("nobody", nil); err == nil {
		t.Error("unknown bot accepted")
	}
	if _, err := Make("rush:wait=100"); err == nil {
		t.Error("rush:wait=100 accepted (the range is 0..60)")
	}
	if sp, err := Parse("greedy:split=4,keep=30"); err != nil || sp.String() != "greedy:keep=30" {
		t.Errorf("canonical spec of greedy:split=4,keep=30: %v %v, want greedy:keep=30 (split 4 is the default)", sp, err)
	}
	b, err := New("greedy", map[string]float64{"keep": 30, "split": 2})
	if err != nil {
		t.Fatal(err)
	}
	if g := b.(*Greedy); g.Keep != 30 || g.Split != 2 || g.Front != 10 {
		t.Errorf("parameters not applied: %+v", g)
	}
	for _, in := range Catalog() {
		if _, err := New(in.Name, nil); err != nil {
			t.Errorf("%s: %v", in.Name, err)
		}
	}
}

// TestBotsAllocateNothing checks that a warm game between bots allocates
// nothing per turn.
func TestBotsAllocateNothing(t *testing.T) {
	maps := hexMaps(t, 1)
	var mt Match
	g1, _ := New("greedy", nil)
	g2, _ := New("greedy", map[string]float64{"keep": 40})
	s, _ := New("sample", nil)
	r, _ := New("rush", nil)
	for _, pair := range [][2]Bot{{g1, g2}, {g1, s}, {r, g1}} {
		mt.Play(maps[0], pair, 1)
		n := testing.AllocsPerRun(5, func() { mt.Play(maps[0], pair, 1) })
		if n != 0 {
			t.Errorf("%T vs %T: %v allocations per game", pair[0], pair[1], n)
		}
	}
}

// TestRecordedBotGameReplays records bot games in the replay format, writes
// and reads them back, and replays them frame for frame.
func TestRecordedBotGameReplays(t *testing.T) {
	name := t.TempDir() + "/bots.jsonl"
	w, err := stellar.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := New("greedy", nil)
	for k, m := range hexMaps(t, 4) {
		pair := [2]Bot{g, &Sample{}}
		var snap stellar.Snapshot
		s, err := stellar.NewStateRecord(m, &snap)
		if err != nil {
			t.Fatal(err)
		}
		rec := stellar.NewGame("greedy-sample", [2]string{"greedy", "sample"}, 0.1, s, &snap)
		pair[0].Reset(s, 0, uint64(k))
		pair[1].Reset(s, 1, uint64(k))
		for !s.Over() {
			c0, c1 := pair[0].Act(s), pair[1].Act(s)
			cmd := [2]*stellar.Returned{stellar.Commands(c0), stellar.Commands(c1)}
			s.StepRecord(c0, c1, &snap)
			rec.AddTurn(cmd, [2]string{}, &snap)
		}
		rec.Finish(s)
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	games, err := stellar.ReadAll(name)
	if err != nil || len(games) != 4 {
		t.Fatalf("read back %d games: %v", len(games), err)
	}
	for _, gm := range games {
		if n, m := stellar.Check(gm); m != nil || n != len(gm.Turns) {
			t.Errorf("%s: %d frames, %v", gm.ID, n, m)
		}
		if gm.Result.Winner != 0 {
			t.Errorf("greedy did not win: %s", gm.Text)
		}
	}
}
