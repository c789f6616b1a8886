package pyrand

import (
	"fmt"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// pySeeds are the seeds compared with CPython: small, negative (Python seeds
// with the absolute value), above 2^32 (a two-word key) and the int64 ends.
var pySeeds = []int64{0, 1, 42, 2018, 16000048, -1, -7, -2018, 1<<32 - 1, 1 << 32, 1<<32 + 5,
	1<<40 + 123, 123456789012345678, -987654321098765, math.MaxInt64, math.MinInt64}

// pyScript prints, for every seed on its command line, what Random must
// reproduce.
const pyScript = `
import random, sys
for a in sys.argv[1:]:
    random.seed(int(a))
    print([random.getrandbits(32) for _ in range(5)], random.randint(-3, 3), random.randrange(4),
          repr(random.random()), random.randrange(1000), random.randint(0, 10**6))
`

// TestRandomMatchesCPython runs CPython's random module and compares.
// python3 must be installed: a missing python3 fails the test.
func TestRandomMatchesCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 not found on PATH (%v): this test compares Random with CPython's random module and needs python3", err)
	}
	args := []string{"-c", pyScript}
	for _, s := range pySeeds {
		args = append(args, strconv.FormatInt(s, 10))
	}
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(pySeeds) {
		t.Fatalf("python3 printed %d lines for %d seeds:\n%s", len(lines), len(pySeeds), out)
	}
	for i, seed := range pySeeds {
		r := New(seed)
		var words []string
		for k := 0; k < 5; k++ {
			words = append(words, strconv.FormatUint(uint64(r.Uint32()), 10))
		}
		got := fmt.Sprintf("[%s] %d %d", strings.Join(words, ", "), r.RandInt(-3, 3), r.RandBelow(4))
		want, rest, ok := strings.Cut(lines[i], "] ")
		if !ok {
			t.Fatalf("seed %d: cannot read python3 output %q", seed, lines[i])
		}
		fields := strings.Fields(rest)
		if len(fields) != 5 {
			t.Fatalf("seed %d: cannot read python3 output %q", seed, lines[i])
		}
		want += "] " + fields[0] + " " + fields[1]
		if got != want {
			t.Errorf("seed %d: Random %s, CPython %s", seed, got, want)
		}
		wantF, err := strconv.ParseFloat(fields[2], 64)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if f := r.Random(); f != wantF {
			t.Errorf("seed %d: random() %v, CPython %v", seed, f, wantF)
		}
		if got, want := strconv.Itoa(r.RandBelow(1000)), fields[3]; got != want {
			t.Errorf("seed %d: randrange(1000) %s, CPython %s", seed, got, want)
		}
		if got, want := strconv.Itoa(r.RandInt(0, 1000000)), fields[4]; got != want {
			t.Errorf("seed %d: randint(0, 10**6) %s, CPython %s", seed, got, want)
		}
	}
}

// TestSeedUint64MatchesCPython checks seeds of 2^63 and above, which only
// NewUint64 and Seed can take, and that Seed reseeds in place.
func TestSeedUint64MatchesCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 not found on PATH (%v): this test compares Random with CPython's random module and needs python3", err)
	}
	seeds := []uint64{1 << 63, 1<<63 + 12345, 1<<64 - 1}
	args := []string{"-c", "import random, sys\nfor a in sys.argv[1:]:\n    random.seed(int(a)); print(*[random.getrandbits(32) for _ in range(3)])"}
	for _, s := range seeds {
		args = append(args, strconv.FormatUint(s, 10))
	}
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(seeds) {
		t.Fatalf("python3 printed %d lines for %d seeds:\n%s", len(lines), len(seeds), out)
	}
	r := New(99)
	for i, s := range seeds {
		r.Seed(s)
		got := fmt.Sprint(r.Uint32(), r.Uint32(), r.Uint32())
		if got != lines[i] {
			t.Errorf("seed %d: Seed gives %s, CPython %s", s, got, lines[i])
		}
		if got2 := NewUint64(s); fmt.Sprint(got2.Uint32(), got2.Uint32(), got2.Uint32()) != lines[i] {
			t.Errorf("seed %d: NewUint64 differs from CPython %s", s, lines[i])
		}
	}
}

// TestLongStreamMatchesCPython: words are twisted one at a time as they are
// drawn; over several rounds of 624 they are CPython's, and reseeding in
// the middle of a round starts afresh.
func TestLongStreamMatchesCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 not found on PATH (%v): this test compares Random with CPython's random module and needs python3", err)
	}
	const n = 2000
	script := "import random\nfor s in (5, 2**40 + 3):\n    random.seed(s)\n    print(*[random.getrandbits(32) for _ in range(" + strconv.Itoa(n) + ")])"
	out, err := exec.Command(py, "-c", script).CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	r := New(99)
	for k := 0; k < 700; k++ { // leave r in the middle of its second round
		r.Uint32()
	}
	for i, seed := range []uint64{5, 1<<40 + 3} {
		r.Seed(seed)
		want := strings.Fields(lines[i])
		for k := 0; k < n; k++ {
			if got := strconv.FormatUint(uint64(r.Uint32()), 10); got != want[k] {
				t.Fatalf("seed %d, word %d: %s, CPython %s", seed, k, got, want[k])
			}
		}
	}
}

// TestSeedFour: four generators seeded together draw what each draws when
// seeded alone, whatever mix of one- and two-word seeds.
func TestSeedFour(t *testing.T) {
	seeds := []uint64{0, 1, 5, 1<<32 - 1, 1 << 32, 1<<40 + 3, 1<<63 + 12345, 99, 7, 1<<33 + 1, 42, 1<<62 - 1}
	var rs [4]*Random
	for g := range rs {
		rs[g] = New(int64(g))
	}
	for start := 0; start+4 <= len(seeds); start++ {
		var four [4]uint64
		copy(four[:], seeds[start:])
		SeedFour(rs, four)
		for g, s := range four {
			alone := NewUint64(s)
			for k := 0; k < 700; k++ {
				if got, want := rs[g].Uint32(), alone.Uint32(); got != want {
					t.Fatalf("seeds %v, generator %d (seed %d), word %d: %d, alone %d", four, g, s, k, got, want)
				}
			}
		}
	}
}
