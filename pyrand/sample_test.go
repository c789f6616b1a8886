package pyrand

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// sampleScript prints what the samplers of sample.go must reproduce, for each
// seed on its command line.
const sampleScript = `
import random, sys
for a in sys.argv[1:]:
    random.seed(12345)
    random.random()
    random.seed(int(a))
    out = [random.getrandbits(k) for k in (1, 5, 31, 32, 33, 40, 63, 64)]
    out.append(random.randrange(5, 17))
    out.append(random.randrange(-3, 1000000))
    out.append(repr(random.uniform(-2.5, 7.25)))
    xs = list(range(10))
    random.shuffle(xs)
    out.append(xs)
    out.append(random.randint(1, 1000))
    print(out)
`

// TestSamplersMatchCPython runs CPython's random module and compares; the
// stream is reseeded in place after other draws, as bots do.
func TestSamplersMatchCPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 not found on PATH (%v): this test compares with CPython's random module and needs python3", err)
	}
	seeds := []int64{0, 1, 42, 1001, 7, 1 << 32, 1<<40 + 123}
	args := []string{"-c", sampleScript}
	for _, s := range seeds {
		args = append(args, strconv.FormatInt(s, 10))
	}
	out, err := exec.Command(py, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(seeds) {
		t.Fatalf("python3 printed %d lines for %d seeds:\n%s", len(lines), len(seeds), out)
	}
	r := New(12345)
	for i, seed := range seeds {
		r.Random()
		r.Seed(uint64(seed))
		var parts []string
		for _, k := range []int{1, 5, 31, 32, 33, 40, 63, 64} {
			parts = append(parts, strconv.FormatUint(r.GetRandBits(k), 10))
		}
		parts = append(parts, strconv.Itoa(r.RandRange(5, 17)), strconv.Itoa(r.RandRange(-3, 1000000)))
		parts = append(parts, "'"+strconv.FormatFloat(r.Uniform(-2.5, 7.25), 'g', -1, 64)+"'")
		xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		parts = append(parts, strings.ReplaceAll(fmt.Sprint(xs), " ", ", "))
		parts = append(parts, strconv.Itoa(r.RandInt(1, 1000)))
		got := "[" + strings.Join(parts, ", ") + "]"
		if got != lines[i] {
			t.Errorf("seed %d:\n Go      %s\n CPython %s", seed, got, lines[i])
		}
	}
}

// TestSeedAllocatesNothing checks that reseeding in place does not allocate.
func TestSeedAllocatesNothing(t *testing.T) {
	r := New(1)
	if n := testing.AllocsPerRun(100, func() { r.Seed(1<<40 + 5) }); n != 0 {
		t.Errorf("Seed allocates %v times", n)
	}
	a, b := New(77), New(1)
	b.Seed(77)
	for range 1000 {
		if a.Uint32() != b.Uint32() {
			t.Fatal("Seed(77) and New(77) draw differently")
		}
	}
}
