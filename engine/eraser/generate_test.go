package eraser

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/paperio/paperio/internal/numpytest"
)

// generatorScript draws boards as RULES.md §3 describes, with numpy's global
// RNG and real Python sets, and prints "regen board" for each "seed rows"
// argument pair. A main board has an operation when some adjacent swap makes
// a run of three (§5: equivalent on a start board, which has no run of three
// and no empty cell).
const generatorScript = `
import sys
import numpy as np
COLOURS = np.array(list("RBGYP"))
ROW_COLOUR = [0, 0, 1, 2, 3, 4]

def triples(b):
    bad = set()
    for i in range(4):
        for j in range(6):
            if b[i][j] != "nan" and b[i + 1][j] == b[i + 2][j] == b[i][j]:
                bad.add((i + 1, j))
            if b[j][i] != "nan" and b[j][i + 1] == b[j][i + 2] == b[j][i]:
                bad.add((j, i + 1))
    return bad

def block():
    idx = [0, 1, 2, 3, 4]
    np.random.shuffle(idx)
    blk = np.empty((6, 6), dtype="<U3")
    for x in range(6):
        for y in range(6):
            blk[x][y] = COLOURS[idx[ROW_COLOUR[y]]]
    np.random.shuffle(blk.reshape(36))
    bad = triples(blk)
    while bad:
        for (x, y) in bad:
            blk[x][y] = np.random.choice(COLOURS)
        bad = triples(blk)
    return blk

def has_operation(main):
    for x in range(6):
        for y in range(6):
            for (u, v) in ((x + 1, y), (x, y + 1)):
                if u < 6 and v < 6:
                    b = main.copy()
                    b[x][y], b[u][v] = b[u][v], b[x][y]
                    if triples(b):
                        return True
    return False

args = sys.argv[1:]
for k in range(0, len(args), 2):
    seed, rows = int(args[k]), int(args[k + 1])
    np.random.seed(seed)
    regen = -1
    while True:
        regen += 1
        board = np.concatenate([block() for _ in range(rows // 6)], axis=1)
        if has_operation(board[:, :6]):
            break
    print(regen, "".join(board.reshape(6 * rows)))
`

// TestGenerateMatchesNumpy draws boards here and with numpy + CPython for
// many seeds (small boards, where the fix-ups and the set order matter per
// block, a few full ones, and the corpus's redrawn seeds).
func TestGenerateMatchesNumpy(t *testing.T) {
	py := numpytest.Python(t, "this test compares the board generator with numpy's legacy RandomState and CPython's sets")
	type job struct {
		seed int64
		rows int
	}
	var jobs []job
	for seed := int64(1); seed <= 400; seed++ {
		jobs = append(jobs, job{seed, 6 * (1 + int(seed%3))})
	}
	for _, seed := range []int64{422, 13102, 500637, 888286, 1 << 31, 1<<32 - 1} {
		jobs = append(jobs, job{seed, DefaultRows})
	}
	args := []string{"-c", generatorScript}
	for _, j := range jobs {
		args = append(args, strconv.FormatInt(j.seed, 10), strconv.Itoa(j.rows))
	}
	out, err := exec.Command(py, args...).Output()
	if err != nil {
		t.Fatalf("%s: %v", py, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	regens := 0
	for _, j := range jobs {
		if !sc.Scan() {
			t.Fatalf("python printed too few lines")
		}
		regen, board, _ := strings.Cut(sc.Text(), " ")
		b, n, err := Generate(j.rows, j.seed)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(n); got != regen {
			t.Errorf("seed %d rows %d: drawn again %s times, numpy %s", j.seed, j.rows, got, regen)
		}
		if got := b.String(); got != board {
			t.Errorf("seed %d rows %d: boards differ\n here  %s\n numpy %s", j.seed, j.rows, got[:min(72, len(got))], board[:min(72, len(board))])
		}
		regens += n
	}
	if regens < 3 {
		t.Errorf("only %d redrawn boards among the seeds: the redraw is not exercised", regens)
	}
}

// TestCellSetOrder compares cellSet's iteration order with CPython's set of
// (x, y) tuples for random sequences of adds, repeats included.
func TestCellSetOrder(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 not found on PATH (%v): this test compares the set order with CPython", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var seqs [][]int
	var script strings.Builder
	script.WriteString("for seq in [")
	for i := 0; i < 300; i++ {
		n := 1 + rng.IntN(48)
		if i < 36 {
			n = i + 1 // every size up to 36 distinct-ish cells
		}
		seq := make([]int, n)
		script.WriteString("[")
		for k := range seq {
			seq[k] = rng.IntN(36)
			fmt.Fprintf(&script, "(%d,%d),", seq[k]/6, seq[k]%6)
		}
		script.WriteString("],")
		seqs = append(seqs, seq)
	}
	script.WriteString("]:\n    s = set()\n    for c in seq: s.add(c)\n    print(' '.join(str(6*x+y) for x, y in s))\n")
	out, err := exec.Command(py, "-c", script.String()).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(seqs) {
		t.Fatalf("python3 printed %d lines for %d sets", len(lines), len(seqs))
	}
	for i, seq := range seqs {
		var s cellSet
		s.reset()
		for _, c := range seq {
			s.add(c)
		}
		got := strings.Trim(fmt.Sprint(s.cells()), "[]")
		if got != lines[i] {
			t.Errorf("adds %v: order %s, CPython %s", seq, got, lines[i])
		}
	}
}

// TestTupleHash checks the tuple hash against CPython for every cell.
func TestTupleHash(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 not found on PATH (%v)", err)
	}
	out, err := exec.Command(py, "-c", "print(*[hash((x, y)) % 2**64 for x in range(6) for y in range(6)])").Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	want := strings.Fields(string(out))
	for c, w := range want {
		if got := strconv.FormatUint(blockHash[c], 10); got != w {
			t.Errorf("hash(%d, %d) = %s, CPython %s", c/6, c%6, got, w)
		}
	}
}

// TestGenerateSeeds: seeds outside numpy's range, and 0, are errors.
func TestGenerateSeeds(t *testing.T) {
	for _, seed := range []int64{0, -1, 1 << 32} {
		if _, _, err := Generate(DefaultRows, seed); err == nil {
			t.Errorf("seed %d: no error", seed)
		}
	}
	for _, rows := range []int{0, 5, 7, MaxRows + 6} {
		if _, _, err := Generate(rows, 1); err == nil {
			t.Errorf("rows %d: no error", rows)
		}
	}
	a, _, _ := Generate(60, 12345)
	b, _, _ := Generate(60, 12345)
	if a.String() != b.String() {
		t.Error("the same seed drew two boards")
	}
}
