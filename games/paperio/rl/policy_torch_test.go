package rl

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/internal/numpytest"
	"github.com/paperio/paperio/play"
)

// torchNets are the networks of TestPolicyMatchesTorch: crops with padded
// and strided convolutions, a full board through a strided tower beside a
// bare crop, a full board with a kernel wider than its stride, no scalars,
// no hidden layer, no towers; masked and not; with a value head and
// without.
var torchNets = []string{
	`{"towers": [{"view": "crop11", "conv": [{"out": 16, "k": 3, "stride": 1, "pad": 1}, {"out": 16, "k": 3, "stride": 2, "pad": 1}]}],
	  "hidden": [64], "name": "crop"}`,
	`{"towers": [{"view": "full", "conv": [{"out": 8, "k": 4, "stride": 4, "pad": 0}, {"out": 16, "k": 3, "stride": 2, "pad": 1}]},
	             {"view": "crop5", "conv": []}], "hidden": [32, 16], "name": "full and crop"}`,
	`{"towers": [{"view": "crop7", "conv": [{"out": 4, "k": 5, "stride": 1, "pad": 2}]}], "hidden": [], "scalars": false,
	  "mask_losing": false, "name": "crop without scalars"}`,
	`{"towers": [{"view": "full", "conv": [{"out": 6, "k": 5, "stride": 3, "pad": 2}]}], "hidden": [24], "name": "full"}`,
	`{"towers": [], "hidden": [16], "mask_losing": false, "value": false, "name": "scalars"}`,
	`{"towers": [{"view": "crop11", "conv": []}, {"view": "global15", "conv": []}], "hidden": [64, 32], "name": "crop and global"}`,
	`{"towers": [{"view": "global9", "conv": [{"out": 8, "k": 3, "stride": 1, "pad": 1}, {"out": 8, "k": 3, "stride": 2, "pad": 0}]},
	             {"view": "crop5", "conv": [{"out": 4, "k": 3, "stride": 1, "pad": 0}]}], "hidden": [16], "name": "global conv and crop"}`,
}

// torchStates is how many states the networks decide, each in Go and in
// torch.
const torchStates = 10240

// TestPolicyMatchesTorch: networks made and saved by paperio.policy (torch,
// its own random initialisation) give in Go the logits torch gives, within
// float32 rounding, the value torch gives, and the same action, on the
// states of games between
// the built-in bots, for both players: the observations Go feeds its
// networks (checked against Observe here) are written to files that torch
// reads, and torch's action is PolicyNet.act's, its mask read from the
// observation where Go's is read from the game.
func TestPolicyMatchesTorch(t *testing.T) {
	py := numpytest.Torch(t, "learned policies played in Go are checked against torch")
	script, err := filepath.Abs(filepath.Join("testdata", "policy_torch.py"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := paperio.Config{Width: 32, Height: 23, MaxTurns: 300}
	metas := make([]json.RawMessage, len(torchNets))
	for i, m := range torchNets {
		var v map[string]any
		if err := json.Unmarshal([]byte(m), &v); err != nil {
			t.Fatal(err)
		}
		v["width"], v["height"] = c.Width, c.Height
		metas[i], _ = json.Marshal(v)
	}
	writeJSON(t, filepath.Join(dir, "nets.json"), metas)
	python(t, py, script, "make", dir)

	players := make([]*PolicyPlayer, len(torchNets))
	for i := range players {
		p, err := LoadPolicy(filepath.Join(dir, fmt.Sprintf("net%d.npz", i)))
		if err != nil {
			t.Fatal(err)
		}
		players[i] = p.NewPlayer()
	}
	views := []View{Full, {Crop: 11}, {Crop: 7}, {Crop: 5}, {Global: 15}, {Global: 9}}
	obs := make([][]byte, len(views))
	var scalars []float32
	goLogits := make([][][3]float32, len(players))
	goValues := make([][]float32, len(players))
	goActs := make([][]int, len(players))
	unmasked := make([]int, len(players)) // states where the mask changed the action
	planes := make([][]uint8, len(views))
	for i, v := range views {
		planes[i] = make([]uint8, v.Size(c))
	}
	sc := make([]float32, NumScalars)
	n := 0
	torchGames(t, c, func(s *paperio.State) bool {
		me := s.ToMove()
		for i, v := range views {
			Observe(v, s, me, planes[i], sc)
			obs[i] = append(obs[i], planes[i]...)
		}
		scalars = append(scalars, sc...)
		for i, pl := range players {
			logits, a := pl.Decide(s, me)
			for tw, v := range pl.p.views {
				want := planes[indexOf(views, v)]
				if got := pl.eval.Planes(tw); !bytes.Equal(got, want) {
					t.Fatalf("net %d, tower %d (%v), half-step %d: %s", i, tw, v, s.HalfSteps(), firstDiff(v, got, want))
				}
			}
			if got := pl.eval.Scalars(); len(got) > 0 && !equalFloats(got, sc) {
				t.Fatalf("net %d: scalars %v, want %v", i, got, sc)
			}
			goLogits[i] = append(goLogits[i], logits)
			goValues[i] = append(goValues[i], pl.Value())
			goActs[i] = append(goActs[i], a)
			if choose(logits, false, [3]bool{}) != a {
				unmasked[i]++
			}
		}
		n++
		return n < torchStates
	}, players)

	spec := map[string]any{"n": n, "nets": len(players), "views": map[string][3]int{}}
	for i, v := range views {
		spec["views"].(map[string][3]int)[v.String()] = v.Shape(c)
		writeFile(t, filepath.Join(dir, v.String()+".bin"), obs[i])
	}
	var sb bytes.Buffer
	binary.Write(&sb, binary.LittleEndian, scalars)
	writeFile(t, filepath.Join(dir, "scalars.bin"), sb.Bytes())
	writeJSON(t, filepath.Join(dir, "obs.json"), spec)
	python(t, py, script, "run", dir)

	for i := range players {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("out%d.bin", i)))
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float32, 5*n)
		if err := binary.Read(bytes.NewReader(b), binary.LittleEndian, out); err != nil {
			t.Fatalf("net %d: torch's output: %v", i, err)
		}
		var worst, worstV float64
		var seen [3]int
		values := 0 // states where torch's value is not 0
		ties := 0
		for k := range n {
			tl, tv := out[5*k:5*k+3], out[5*k+3]
			ta := int(out[5*k+4])
			gl, gv := goLogits[i][k], goValues[i][k]
			scale := 1.0
			for a := range 3 {
				scale = math.Max(scale, math.Abs(float64(tl[a])))
			}
			vscale := math.Max(1, math.Abs(float64(tv)))
			if d := math.Abs(float64(gv-tv)) / vscale; d > 1e-5 {
				t.Fatalf("net %d, state %d: Go's value %v, torch's %v", i, k, gv, tv)
			} else {
				worstV = math.Max(worstV, d)
			}
			if tv != 0 {
				values++
			}
			for a := range 3 {
				d := math.Abs(float64(gl[a]-tl[a])) / scale
				worst = math.Max(worst, d)
				if d > 1e-5 {
					t.Fatalf("net %d, state %d: Go's logits %v, torch's %v", i, k, gl, tl)
				}
			}
			seen[goActs[i][k]]++
			if goActs[i][k] != ta {
				// Only a tie within rounding may go either way.
				if math.Abs(float64(tl[ta]-tl[goActs[i][k]])) > 2e-5*scale {
					t.Fatalf("net %d, state %d: Go plays %d, torch %d (logits %v, torch's %v)", i, k, goActs[i][k], ta, gl, tl)
				}
				ties++
			}
		}
		t.Logf("net %d (%s): %d states, actions %v, largest logit difference %.2g of the largest logit, value difference %.2g, %d ties decided apart, mask changed %d actions",
			i, players[i].p.Name(), n, seen, worst, worstV, ties, unmasked[i])
		if hasV := players[i].eval.HasValue(); hasV != (values > n/2) || hasV == (i == 4) {
			t.Errorf("net %d: value head %v, torch's value not 0 in %d of %d states", i, hasV, values, n)
		}
		if ties > n/1000 {
			t.Errorf("net %d: %d of %d actions differ by ties", i, ties, n)
		}
		if max(seen[0], seen[1], seen[2]) == n {
			t.Errorf("net %d plays one action only (%v): a weak check", i, seen)
		}
	}
	if unmasked[0] == 0 || unmasked[1] == 0 || unmasked[3] == 0 || unmasked[2] != 0 || unmasked[4] != 0 {
		t.Errorf("the mask changed %v actions: want some for the masked nets 0, 1, 3 and none for 2, 4", unmasked)
	}
	if n < torchStates {
		t.Errorf("%d states", n)
	}
}

// torchGames plays games of c between the built-in bots, with a random
// move now and then, calling visit with every state before a move until
// it says stop. Every eighth game has a policy of players play a side.
func torchGames(t *testing.T, c paperio.Config, visit func(s *paperio.State) bool, policies []*PolicyPlayer) {
	specs := []string{"heuristic", "wanderer", "goround", "random", "heuristic:maxband=8"}
	for g := 0; ; g++ {
		rng := rand.New(rand.NewPCG(5, uint64(g)))
		st, err := paperio.RandomStarts(c, int64(g))
		if err != nil {
			t.Fatal(err)
		}
		s, err := paperio.NewGame(c, st)
		if err != nil {
			t.Fatal(err)
		}
		var ps [2]bots.Bot
		for i := range ps {
			if ps[i], err = bots.Make(specs[rng.IntN(len(specs))]); err != nil {
				t.Fatal(err)
			}
		}
		if g%8 == 7 {
			ps[g/8%2] = policies[g/8%len(policies)]
		}
		for i := range ps {
			ps[i].Reset(s, i, uint64(2*g+i), play.Clock{})
		}
		for _, p := range policies {
			p.Reset(s, 0, 0, play.Clock{})
		}
		for !s.Over() {
			if !visit(s) {
				return
			}
			a := ps[s.ToMove()].Act(s, play.Clock{})
			if rng.IntN(8) == 0 {
				a = Actions[rng.IntN(3)]
			}
			s.Step(a)
		}
	}
}

func indexOf(views []View, v View) int {
	for i, w := range views {
		if w == v {
			return i
		}
	}
	panic(v)
}

func equalFloats(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func python(t *testing.T, py string, args ...string) {
	t.Helper()
	cmd := exec.Command(py, args...)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", py, args, err, out)
	}
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, b)
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
