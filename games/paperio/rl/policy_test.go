package rl

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/policy/policytest"
)

// TestPolicyViewsMatchDefinition: the planes a policy player writes are
// Observe's, for every view, both players, every state of games on boards
// of many sizes (a full board drawn again and again over its last
// drawing, as a player draws it).
func TestPolicyViewsMatchDefinition(t *testing.T) {
	views := []View{Full, {Crop: 1}, {Crop: 3}, {Crop: 11}, {Crop: 17}, {Global: 3}, {Global: 9}, {Global: 15}}
	var boards []fullBoard
	var got [][]uint8
	size := [2]int{}
	sc := make([]float32, NumScalars)
	var gs globalScratch
	n := 0
	states(t, 12, func(s *paperio.State) {
		c := paperio.Config{Width: s.Width(), Height: s.Height()}
		if sz := [2]int{c.Width, c.Height}; sz != size {
			size, boards, got = sz, make([]fullBoard, len(views)), make([][]uint8, len(views))
			for i, v := range views {
				got[i] = make([]uint8, v.Size(c))
			}
		}
		for me := range 2 {
			for i, v := range views {
				want := make([]uint8, v.Size(c))
				Observe(v, s, me, want, sc)
				observePlanes(v, &boards[i], &gs, s, me, got[i])
				if !bytes.Equal(got[i], want) {
					t.Fatalf("%v, player %d, half-step %d: %s", v, me, s.HalfSteps(), firstDiff(v, got[i], want))
				}
				n++
			}
		}
	})
	if n < 1000 {
		t.Errorf("%d observations", n)
	}
}

func TestChoose(t *testing.T) {
	for _, c := range []struct {
		logits [3]float32
		mask   bool
		safe   [3]bool
		want   int
	}{
		{[3]float32{1, 3, 2}, false, [3]bool{}, 1},
		{[3]float32{1, 3, 2}, true, [3]bool{true, false, true}, 2},
		{[3]float32{1, 3, 2}, true, [3]bool{}, 1}, // every move loses: the best
		{[3]float32{2, 2, 2}, false, [3]bool{}, 0},
		{[3]float32{5, 2, 2}, true, [3]bool{false, true, true}, 1},
		{[3]float32{1, 3, 2}, false, [3]bool{true, false, false}, 1},
	} {
		if got := choose(c.logits, c.mask, c.safe); got != c.want {
			t.Errorf("choose(%v, %v, %v) = %d, want %d", c.logits, c.mask, c.safe, got, c.want)
		}
	}
}

// writePolicy writes a policy of random weights for boards of c and
// returns its file.
func writePolicy(t testing.TB, meta string, c paperio.Config, seed uint64) string {
	t.Helper()
	p, err := LoadPolicyMeta(meta)
	if err != nil {
		t.Fatal(err)
	}
	inputs := make([][3]int, len(p))
	for i, v := range p {
		inputs[i] = v.Shape(c)
	}
	path := filepath.Join(t.TempDir(), fmt.Sprintf("policy%d.npz", seed))
	if err := policytest.WriteRandom(path, meta, inputs, seed, 1); err != nil {
		t.Fatal(err)
	}
	return path
}

// LoadPolicyMeta is the views of a meta's towers (for writePolicy).
func LoadPolicyMeta(meta string) ([]View, error) {
	var views []View
	for _, part := range strings.Split(meta, `"view": "`)[1:] {
		v, err := ParseView(part[:strings.IndexByte(part, '"')])
		if err != nil {
			return nil, err
		}
		views = append(views, v)
	}
	return views, nil
}

const (
	cropMeta = `{"towers": [{"view": "crop11", "conv": [{"out": 8, "k": 3, "pad": 1}]}], "hidden": [16]}`
	fullMeta = `{"towers": [{"view": "full", "conv": [{"out": 4, "k": 4, "stride": 4}]}, {"view": "crop5"}], "hidden": [16], "width": 40, "height": 30}`
)

// playGame plays a game of p1 against p2 and returns its last state's
// digest and length.
func playGame(t *testing.T, c paperio.Config, seed int64, p [2]bots.Bot) (uint64, int) {
	t.Helper()
	st, err := paperio.RandomStarts(c, seed)
	if err != nil {
		t.Fatal(err)
	}
	s, err := paperio.NewGame(c, st)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p {
		p[i].Reset(s, i, uint64(seed)*2+uint64(i), play.Clock{})
	}
	for !s.Over() {
		s.Step(p[s.ToMove()].Act(s, play.Clock{}))
	}
	return s.Digest(), s.HalfSteps()
}

// TestPolicyPlays: a policy is a player, from its spec, that plays whole
// games the same way every time, on either side, and allocates nothing
// per move.
func TestPolicyPlays(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 30, MaxTurns: 300}
	for _, meta := range []string{cropMeta, fullMeta} {
		spec := "policy:" + writePolicy(t, meta, c, 1)
		for side := range 2 {
			var digests [2]uint64
			for run := range 2 {
				pl, err := NewBot(spec)
				if err != nil {
					t.Fatal(err)
				}
				h, _ := bots.Make("heuristic")
				players := [2]bots.Bot{h, h}
				players[side] = pl
				var n int
				digests[run], n = playGame(t, c, 3, players)
				if n < 4 {
					t.Errorf("%s: a game of %d half-steps", meta, n)
				}
			}
			if digests[0] != digests[1] {
				t.Errorf("%s, side %d: two runs differ", meta, side)
			}
		}
		pl, _ := NewBot(spec)
		st, _ := paperio.RandomStarts(c, 1)
		s, _ := paperio.NewGame(c, st)
		pl.Reset(s, 0, 0, play.Clock{})
		if a := testing.AllocsPerRun(20, func() { pl.Act(s, play.Clock{}) }); a != 0 {
			t.Errorf("%s: %v allocations per move", meta, a)
		}
	}
}

// Bad policies are refused when read, with the file named; a full-board
// policy asked to play on another board says so.
func TestPolicyRefuses(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 30, MaxTurns: 300}
	dir := t.TempDir()
	bad := map[string]string{
		"obs.npz":    strings.Replace(cropMeta, `{"towers"`, `{"obs_version": 2, "towers"`, 1),
		"view.npz":   strings.Replace(cropMeta, "crop11", "crop12", 1),
		"margin.npz": strings.Replace(cropMeta, `{"towers"`, `{"exposure_margin": -2, "towers"`, 1),
		"soft.npz":   strings.Replace(cropMeta, `{"towers"`, `{"mask_exposure": true, "exposure_way_soft": 2, "towers"`, 1),
		"toward.npz": strings.Replace(cropMeta, `{"towers"`, `{"mask_exposure": true, "exposure_way": true, "exposure_way_toward": 5, "towers"`, 1),
	}
	for name, meta := range bad {
		path := filepath.Join(dir, name)
		arrays, err := policytest.Random(cropMeta, [][3]int{{7, 11, 11}}, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		meta = strings.Replace(meta, `{`, `{"format": "paperio-policy", "version": 1, `, 1)
		if !strings.Contains(meta, "obs_version") {
			meta = strings.Replace(meta, `{`, `{"obs_version": 1, `, 1)
		}
		if err := policytest.Write(path, []byte(meta), arrays, false); err != nil {
			t.Fatal(err)
		}
	}
	for spec, want := range map[string]string{
		"policy:": "policy: needs the weights file",
		"policy:" + filepath.Join(dir, "none.npz"):   "no such file",
		"policy:" + filepath.Join(dir, "obs.npz"):    "obs.npz: observation version 2",
		"policy:" + filepath.Join(dir, "view.npz"):   "view.npz: tower 0: crop 12",
		"policy:" + filepath.Join(dir, "margin.npz"): "exposure_margin -2",
		"policy:" + filepath.Join(dir, "soft.npz"):   "exposure_way_soft 2: want 0 or more, and only with mask_exposure and exposure_way",
		"policy:" + filepath.Join(dir, "toward.npz"): "exposure_way_toward 5: want 0 or more, and only with exposure_way_soft",
		"policy:" + writePolicy(t, fullMeta, c, 2):   "", // good
		"POLICY:" + writePolicy(t, cropMeta, c, 3):   "", // the prefix in any case
		"nosuchbot":          "nosuchbot",
		"heuristic:margin=1": "",
		"policy:" + writePolicy(t, cropMeta, c, 4)[1:]: "no such file",
	} {
		_, err := NewBot(spec)
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("%s: error %v, want %q", spec, err, want)
		}
	}
	// A full-board tower sees one board size only.
	pl, err := NewBot("policy:" + writePolicy(t, fullMeta, c, 5))
	if err != nil {
		t.Fatal(err)
	}
	st, _ := paperio.RandomStarts(paperio.DefaultConfig(), 1)
	s, _ := paperio.NewGame(paperio.DefaultConfig(), st)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "sees a 40x30 board, not 102x101") {
			t.Errorf("panic %v", r)
		}
	}()
	pl.Reset(s, 0, 0, play.Clock{})
}

// TestEnvPolicyOpponent: an environment plays against a policy, read once
// for all its games; a missing file is refused by NewEnv.
func TestEnvPolicyOpponent(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 30, MaxTurns: 100}
	spec := "policy:" + writePolicy(t, fullMeta, c, 6)
	o := EnvOptions{Envs: 3, Config: c, View: View{Crop: 11}, Opponent: spec, Expert: spec}
	e := newEnv(t, o)
	if err := e.Reset(1); err != nil {
		t.Fatal(err)
	}
	ended := 0
	for range 400 {
		if err := e.Step([]int64{1, 0, 2}); err != nil {
			t.Fatal(err)
		}
		for _, d := range e.b.Terminated {
			if d {
				ended++
			}
		}
	}
	if ended == 0 {
		t.Errorf("no game ended in 400 steps")
	}
	if e.games[0].bot.(*PolicyPlayer).p != e.games[2].bot.(*PolicyPlayer).p {
		t.Errorf("the policy is read for each game")
	}
	o.Opponent = "policy:" + filepath.Join(t.TempDir(), "none.npz")
	if _, err := NewEnv(o); err == nil || !strings.Contains(err.Error(), "opponent: ") || !strings.Contains(err.Error(), "none.npz") {
		t.Errorf("missing policy: %v", err)
	}
}
