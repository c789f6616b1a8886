//go:build cgo && linux

package libm_test

import (
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/engine/stellar/internal/libm"
)

// requireFMA fails the test on a CPU without FMA and AVX2: glibc then runs
// another build of pow (__pow_sse2), which the recorded games did not use.
func requireFMA(t *testing.T) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Fatalf("cannot read /proc/cpuinfo to check for FMA and AVX2: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "flags") {
			f := " " + line + " "
			if !strings.Contains(f, " fma ") || !strings.Contains(f, " avx2 ") {
				t.Fatalf("this CPU lacks FMA or AVX2: glibc's pow is then not the __pow_fma build the reference used")
			}
			return
		}
	}
	t.Fatalf("no flags line in /proc/cpuinfo")
}

// argSets are the arguments compared, by kind.
func argSets(n int) map[string][]float64 {
	r := rand.New(rand.NewPCG(2021, 5))
	sets := map[string][]float64{}
	add := func(name string, f func() float64) {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = f()
		}
		sets[name] = xs
	}
	add("forces (0,200]", func() float64 { return 200 * (1 - r.Float64()) })
	add("squares (0,40000]", func() float64 { return 40000 * (1 - r.Float64()) })
	add("amounts k/10", func() float64 { return float64(1+r.IntN(10000)) / 10 })
	add("near 1", func() float64 { return math.Float64frombits(math.Float64bits(1) + uint64(r.IntN(1<<20)) - 1<<19) })
	add("any positive double", func() float64 {
		for {
			x := math.Float64frombits(r.Uint64() &^ (1 << 63))
			if x > 0 && !math.IsInf(x, 0) && !math.IsNaN(x) {
				return x
			}
		}
	})
	// Squares near overflow and squares that are subnormal take glibc's
	// special case of exp.
	add("2^369..2^512", func() float64 { return math.Ldexp(1+r.Float64(), 369+r.IntN(143)) })
	add("2^-540..2^-511", func() float64 { return math.Ldexp(1+r.Float64(), -540+r.IntN(29)) })
	add("subnormal", func() float64 { return math.Float64frombits(1 + r.Uint64N(1<<52-1)) })
	return sets
}

// TestGlibcPowMatchesLibm compares the pure Go pow with the C library's on
// millions of arguments of every kind, for both exponents the game uses, and
// measures how often math.Sqrt and x*x differ from it.
func TestGlibcPowMatchesLibm(t *testing.T) {
	requireFMA(t)
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for name, xs := range argSets(n) {
		for _, y := range []float64{0.5, 2} {
			want := make([]float64, len(xs))
			libm.PowMany(xs, y, want)
			bad, naive := 0, 0
			for i, x := range xs {
				w := want[i]
				if got := stellar.GlibcPow(x, y); math.Float64bits(got) != math.Float64bits(w) {
					if bad++; bad <= 5 {
						t.Errorf("%s: GlibcPow(%b, %v) = %b, libm %b", name, x, y, got, w)
					}
				}
				fast := stellar.PowTwo(x)
				plain := x * x
				if y == 0.5 {
					fast, plain = stellar.PowHalf(x), math.Sqrt(x)
				}
				if math.Float64bits(fast) != math.Float64bits(w) && !(math.IsInf(w, 1) && math.IsInf(fast, 1)) {
					if bad++; bad <= 5 {
						t.Errorf("%s: fast path for pow(%b, %v) = %b, libm %b", name, x, y, fast, w)
					}
				}
				if plain != w {
					naive++
				}
			}
			t.Logf("%-20s y=%-3v %d args: %d mismatches; math.Sqrt/x*x differ on %d (%.3f %%)", name, y, len(xs), bad, naive, 100*float64(naive)/float64(len(xs)))
			if name == "forces (0,200]" && naive == 0 {
				t.Errorf("%s y=%v: math.Sqrt/x*x never differ from libm: the comparison cannot tell the two apart", name, y)
			}
		}
	}
}

// TestSinglePow compares a few well-known values one call at a time.
func TestSinglePow(t *testing.T) {
	requireFMA(t)
	for _, c := range []struct{ x, y float64 }{{10000, 0.5}, {100, 2}, {99, 0.5}, {2, 0.5}, {1e-320, 0.5}, {1e300, 2}, {1e-300, 2}, {1.5e111, 2}, {1e-120, 2}} {
		if got, want := stellar.GlibcPow(c.x, c.y), libm.Pow(c.x, c.y); math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("pow(%v, %v) = %v, libm %v", c.x, c.y, got, want)
		}
	}
}
