package stellar

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// Random games stepped on State and on the oracle side by side: random maps
// from every generator, random commands legal and illegal, typed and as odd
// Python values; every force of every phase compared bit for bit.

// byteSrc turns bytes into choices; past the end it gives zeros.
type byteSrc struct {
	b   []byte
	pos int
}

func (s *byteSrc) next() byte {
	if s.pos >= len(s.b) {
		return 0
	}
	s.pos++
	return s.b[s.pos-1]
}

func (s *byteSrc) intn(n int) int { return int(s.next()) % n }

func (s *byteSrc) done() bool { return s.pos >= len(s.b) }

// frac is a fraction in [0, 1].
func (s *byteSrc) frac() float64 { return float64(s.next()) / 255 }

// testMaps are the maps random games are played on, by index.
var testMaps = []MapSpec{
	{Gen: GenHex, Params: []float64{4, 0.2, 0.2}},
	{Gen: GenHex, Params: []float64{5, 0.2, 0.2}},
	{Gen: GenHex, Params: []float64{7, 0.35, 0.1}},
	{Gen: GenHex, Params: []float64{6, 0.3, 0.2}},
	{Gen: GenHex, Params: []float64{7, 0.1, 0.1}},
	{Gen: GenTree, Params: []float64{2, 1, 4, 3}},
	{Gen: GenTree, Params: []float64{0.8, 2, 4, 3}},
	{Gen: GenTree, Params: []float64{1, 1, 3, 4}},
	{Gen: GenFixed, Name: "g_design2"},
	{Gen: GenLegacy, Name: "g_design1"},
	{Gen: GenLegacy, Name: "g_design3"},
}

// randomMap builds a map chosen by the source.
func randomMap(t testing.TB, src *byteSrc) *Map {
	sp := testMaps[src.intn(len(testMaps))]
	sp.Seed = int64(src.next())<<8 | int64(src.next())
	m, _, err := sp.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomTyped is a list of typed commands, mostly plausible, some illegal.
func randomTyped(src *byteSrc, s *State, p int) []Command {
	n := s.N()
	var owned []int
	for i := 1; i <= n; i++ {
		if s.Force(i, p) > 0 {
			owned = append(owned, i)
		}
	}
	var out []Command
	for range src.intn(7) {
		from := 1 + src.intn(n)
		if len(owned) > 0 && src.intn(8) != 0 {
			from = owned[src.intn(len(owned))]
		}
		next := s.Next(from)
		to := next[src.intn(len(next))]
		for _, j := range next { // prefer a node the player does not hold
			if s.Owner(j) != p && src.intn(2) == 0 {
				to = j
			}
		}
		amount := s.Force(from, p) * (0.05 + 0.6*src.frac())
		switch src.intn(80) {
		case 0:
			amount = 0
		case 1:
			amount = -amount
		case 2:
			amount = math.NaN()
		case 3:
			amount = 1e6
		case 4:
			from = []int{0, n + 1, -5}[src.intn(3)]
		case 5:
			to = from
		case 6:
			to = n + 3
		case 7:
			amount = s.Force(from, p)
		case 8:
			amount = 1e-320
		case 9:
			amount = 1 + src.frac()
		}
		out = append(out, Command{from, to, amount})
	}
	return out
}

// oddValue is a command item of a type or size Go bots never give.
func oddValue(src *byteSrc, ok Value) Value {
	switch src.intn(10) {
	case 0:
		return Bool(src.intn(2) == 1)
	case 1:
		return BigInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(20+src.intn(400))), nil))
	case 2:
		return BigInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(4300), nil)) // 4301 digits: str() raises
	case 3:
		return Other("str", "'1.0'")
	case 4:
		return Other("NoneType", "None")
	case 5:
		return Int(int64(src.intn(5)) - 1)
	case 6:
		if ok.Kind == KindFloat {
			return Int(int64(ok.Float)) // an int amount
		}
	case 7:
		return Float(math.Inf(1))
	}
	return ok
}

// randomPython is what a Python AI might return: typed commands with some
// items replaced by odd values, wrong lengths, non-tuples or a non-list.
func randomPython(src *byteSrc, s *State, p int) *Returned {
	switch src.intn(12) {
	case 0:
		return nil // the call raised
	case 1:
		return NotList("tuple", "((1, 2, 3.0),)")
	case 2:
		return NotList("NoneType", "None")
	}
	r := Commands(randomTyped(src, s, p))
	for k := range r.Items {
		switch src.intn(12) {
		case 0:
			r.Items[k] = NotTuple("list", "[1, 2, 3.0]")
		case 1:
			r.Items[k].Values = r.Items[k].Values[:src.intn(3)]
		case 2:
			r.Items[k].Values = append(r.Items[k].Values, Int(1))
		case 3, 4, 5:
			v := r.Items[k].Values
			i := src.intn(3)
			v[i] = oddValue(src, v[i])
		}
	}
	return r
}

// diffStats counts what random games exercised.
type diffStats struct {
	turns, fights, nanNodes int
	messages                map[string]int // rejections by the start of their message
	results                 map[Reason]int
}

func (st *diffStats) add(s *State, snap *Snapshot) {
	if st == nil {
		return
	}
	st.turns++
	for i := 1; i <= s.N(); i++ {
		m := snap.Move[i]
		if m[0] > 0 && m[1] > 0 {
			st.fights++
		}
		if m[0] != m[0] || m[1] != m[1] {
			st.nanNodes++
		}
	}
	for p := range 2 {
		if snap.Rejected[p] {
			st.messages[messageKind(snap.Errors[p])]++
		}
	}
	if s.Over() {
		st.results[s.Result().Reason]++
	}
}

// messageKind is the judge message an error string starts with.
func messageKind(e string) string {
	if e == runtimeError+msgNotList {
		return "not a list"
	}
	for _, m := range []string{msgType, msgLength, msgValue, msgRange, msgNoConnection, msgPower, errOverflow, errIntTooLongToPrint} {
		if strings.HasPrefix(e, m) || strings.HasPrefix(e, runtimeError+m) {
			return m
		}
	}
	return "unknown: " + e
}

// playDiff plays one game from the source on State and on the oracle and
// returns the first difference.
func playDiff(t testing.TB, src *byteSrc, st *diffStats) error {
	m := randomMap(t, src)
	var snap Snapshot
	s, err := NewStateRecord(m, &snap)
	if err != nil {
		return err
	}
	o := newOracle(m, GlibcPow)
	if err := compareOracle(s, &snap, o); err != nil {
		return fmt.Errorf("turn 0: %v", err)
	}
	for !s.Over() {
		if src.done() && s.Turn() > 3 {
			return nil
		}
		var r [2]*Returned
		var c [2][]Command
		typed := src.intn(3) != 0
		for p := range 2 {
			if typed {
				c[p] = randomTyped(src, s, p)
				r[p] = Commands(c[p])
			} else {
				r[p] = randomPython(src, s, p)
			}
		}
		if typed {
			s.StepRecord(c[0], c[1], &snap)
		} else {
			s.StepPython(r[0], r[1], &snap)
		}
		o.step(r[0], r[1])
		st.add(s, &snap)
		if err := compareOracle(s, &snap, o); err != nil {
			return fmt.Errorf("map %s, turn %d (typed %v): %v", m.Spec, s.Turn(), typed, err)
		}
	}
	return nil
}

// compareOracle compares the engine's turn with the oracle's.
func compareOracle(s *State, snap *Snapshot, o *oracle) error {
	phases := []struct {
		name      string
		got, want [][2]float64
	}{{"move", snap.Move, o.afterMove}, {"combat", snap.Combat, o.afterCombat}, {"growth", snap.Grow, o.power}}
	for _, ph := range phases {
		for i := 1; i <= s.N(); i++ {
			for k := range 2 {
				if !sameBits(ph.got[i][k], ph.want[i][k]) {
					return fmt.Errorf("node %d after %s: %v, oracle %v", i, ph.name, ph.got[i], ph.want[i])
				}
			}
		}
	}
	for i := 1; i <= s.N(); i++ {
		if s.Owner(i) != o.owner[i] || int(snap.Own[i]) != o.owner[i] {
			return fmt.Errorf("node %d: owner %d, oracle %d", i, s.Owner(i), o.owner[i])
		}
		f := s.Forces()[i]
		if !sameBits(f[0], o.power[i][0]) || !sameBits(f[1], o.power[i][1]) {
			return fmt.Errorf("node %d: state %v, oracle %v", i, f, o.power[i])
		}
		if int(s.Owners()[i]) != o.owner[i] {
			return fmt.Errorf("node %d: Owners %d, oracle %d", i, s.Owners()[i], o.owner[i])
		}
	}
	for p := range 2 {
		if s.Error(p) != o.errs[p] {
			return fmt.Errorf("player %d: error %q, oracle %q", p, s.Error(p), o.errs[p])
		}
		if snap.Rejected[p] != o.rejected[p] {
			return fmt.Errorf("player %d: rejected %v, oracle %v", p, snap.Rejected[p], o.rejected[p])
		}
	}
	if s.Result() != o.result && !(o.result.Reason == Running && !s.Over()) {
		return fmt.Errorf("result %+v, oracle %+v", s.Result(), o.result)
	}
	return nil
}

// TestAgainstOracle plays many random games on both implementations.
func TestAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(2021, 11))
	games := 300
	if testing.Short() {
		games = 60
	}
	st := &diffStats{messages: map[string]int{}, results: map[Reason]int{}}
	for g := range games {
		b := make([]byte, 4000+r.IntN(8000))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		src := &byteSrc{b: b}
		if err := playDiff(t, src, st); err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
	}
	t.Logf("%d games, %d turns, %d node-turns with both players, %d with a NaN; results %v", games, st.turns, st.fights, st.nanNodes, st.results)
	for m, n := range st.messages {
		t.Logf("%6d × %s", n, m)
	}
	// The games must exercise what they are for: every judge message and
	// most ends of a game.
	if len(st.messages) < 9 || st.fights < 100 || st.nanNodes == 0 || len(st.results) < 4 {
		t.Errorf("random games exercised too little: %d kinds of rejection, %d fights, %d NaN nodes, results %v", len(st.messages), st.fights, st.nanNodes, st.results)
	}
}

// FuzzGame plays a game driven by the fuzzer's bytes on State and on the
// oracle and fails on the first difference. The seed corpus runs in go test;
// fuzz by hand with go test -fuzz FuzzGame ./engine/stellar.
func FuzzGame(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte("stellar: judge, move, combat, growth; hex, tree, fixed and legacy maps"))
	for i := range testMaps {
		b := make([]byte, 600)
		for k := range b {
			b[k] = byte(k*37 + i*11)
		}
		b[0] = byte(i)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := playDiff(t, &byteSrc{b: data}, nil); err != nil {
			t.Fatal(err)
		}
	})
}
