package pyrand

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"strconv"
	"testing"
)

// numpyPython returns a Python interpreter that can import numpy: Debian's
// /usr/bin/python3 (apt-get install python3-numpy) or the python3 on PATH.
// Without one the test fails: these tests compare RandomState with real
// numpy and must not pass silently.
func numpyPython(t *testing.T) string {
	t.Helper()
	cands := []string{"/usr/bin/python3"}
	if p, err := exec.LookPath("python3"); err == nil {
		cands = append(cands, p)
	}
	for _, py := range cands {
		if exec.Command(py, "-c", "import numpy").Run() == nil {
			return py
		}
	}
	t.Fatalf("no Python with numpy found (tried %v): this test compares RandomState with numpy's legacy RandomState; install it with `apt-get install -y python3-numpy`", cands)
	return ""
}

// numpySeeds are compared with numpy: small, the course's seed ranges, and
// the ends of numpy's seed range.
var numpySeeds = []uint32{0, 1, 2, 7, 999, 888286, 1000006, 1<<31 - 1, 1 << 31, 1<<32 - 1}

// numpyScript prints one JSON object per seed on its command line with what
// RandomState must reproduce.
const numpyScript = `
import json, sys
import numpy as np
for a in sys.argv[1:]:
    rs = np.random.RandomState(int(a))
    out = {"words": [int(rs.randint(0, 2**32, dtype=np.uint32)) for _ in range(5)]}
    out["shuffles"] = []
    for n in (1, 2, 5, 36, 37, 1000):
        x = np.arange(n)
        rs.shuffle(x)
        out["shuffles"].append([int(v) for v in x])
    out["randint"] = [int(rs.randint(lo, hi)) for lo, hi in
        ((0, 5), (0, 1), (-3, 4), (0, 2**32), (5, 5 + 2**32 + 1), (-2**62, 2**62), (0, 2**40 - 3))]
    out["choice"] = [str(rs.choice(np.array(list("RBGYP")))) for _ in range(20)]
    out["sample"] = repr(rs.random_sample())
    # the global generator behind np.random.seed is the same legacy stream
    np.random.seed(int(a))
    out["global"] = [int(np.random.randint(0, 7)) for _ in range(5)]
    print(json.dumps(out))
`

type numpyOut struct {
	Words    []uint32 `json:"words"`
	Shuffles [][]int  `json:"shuffles"`
	RandInt  []int64  `json:"randint"`
	Choice   []string `json:"choice"`
	Sample   string   `json:"sample"`
	Global   []int64  `json:"global"`
}

// TestRandomStateMatchesNumpy runs numpy's legacy RandomState and compares
// raw words, shuffles, randint over narrow and 64-bit ranges, choice and
// random_sample.
func TestRandomStateMatchesNumpy(t *testing.T) {
	py := numpyPython(t)
	args := []string{"-c", numpyScript}
	for _, s := range numpySeeds {
		args = append(args, strconv.FormatUint(uint64(s), 10))
	}
	out, err := exec.Command(py, args...).Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", py, err, out)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for _, seed := range numpySeeds {
		var want numpyOut
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("seed %d: reading numpy's output: %v", seed, err)
		}
		r := NewRandomState(seed)
		for i, w := range want.Words {
			if got := r.Uint32(); got != w {
				t.Errorf("seed %d: word %d = %d, numpy %d", seed, i, got, w)
			}
		}
		for i, n := range []int{1, 2, 5, 36, 37, 1000} {
			x := make([]int, n)
			for k := range x {
				x[k] = k
			}
			Shuffle(r, x)
			if !equalInts(x, want.Shuffles[i]) {
				t.Errorf("seed %d: shuffle of %d = %v, numpy %v", seed, n, x, want.Shuffles[i])
			}
		}
		ranges := [][2]int64{{0, 5}, {0, 1}, {-3, 4}, {0, 1 << 32}, {5, 5 + 1<<32 + 1}, {-1 << 62, 1 << 62}, {0, 1<<40 - 3}}
		for i, lh := range ranges {
			if got := r.RandInt(lh[0], lh[1]); got != want.RandInt[i] {
				t.Errorf("seed %d: randint(%d, %d) = %d, numpy %d", seed, lh[0], lh[1], got, want.RandInt[i])
			}
		}
		for i, c := range want.Choice {
			if got := string("RBGYP"[r.Choice(5)]); got != c {
				t.Errorf("seed %d: choice %d = %s, numpy %s", seed, i, got, c)
			}
		}
		wantF, err := strconv.ParseFloat(want.Sample, 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.RandomSample(); got != wantF {
			t.Errorf("seed %d: random_sample() = %v, numpy %v", seed, got, wantF)
		}
		r.Seed(seed)
		for i, w := range want.Global {
			if got := r.RandInt(0, 7); got != w {
				t.Errorf("seed %d: after np.random.seed, randint(0, 7) #%d = %d, numpy %d", seed, i, got, w)
			}
		}
	}
}

func equalInts(a, b []int) bool {
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
