package policy_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/paperio/paperio/policy"
	"github.com/paperio/paperio/policy/policytest"
)

func TestParseHeader(t *testing.T) {
	for _, c := range []struct {
		in    string
		descr string
		shape []int
	}{
		{"{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }    \n", "<f4", []int{3, 4}},
		{"{'descr': '|u1', 'fortran_order': False, 'shape': (17,)}", "|u1", []int{17}},
		{"{'shape': (), 'fortran_order': False, 'descr': '<f4'}", "<f4", []int{}},
		{`{"descr": "<f4", "fortran_order": False, "shape": (2,3,1)}`, "<f4", []int{2, 3, 1}},
	} {
		descr, fortran, shape, err := policy.ParseHeader(c.in)
		if err != nil || descr != c.descr || !slices.Equal(shape, c.shape) || fortran {
			t.Errorf("%q: %q %v %v, %v", c.in, descr, fortran, shape, err)
		}
	}
	for _, bad := range []string{"", "{", "{'descr': '<f4'}", "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (1,)}",
		"{'descr': '<f4', 'fortran_order': False, 'shape': (1, x)}", "{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}",
		"{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'extra': 1}", "['descr']"} {
		if _, _, _, err := policy.ParseHeader(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// Version 2 headers (a four-byte length) are read too; other dtypes and
// shapes larger than the data are refused.
func TestReadNpy(t *testing.T) {
	h := "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY\x02\x00")
	binary.Write(&b, binary.LittleEndian, uint32(len(h)))
	b.WriteString(h)
	b.Write(policytest.Floats([]float32{1.5, -2}))
	a, err := policy.ReadNpy(&b)
	if err != nil || !slices.Equal(a, []float32{1.5, -2}) {
		t.Fatalf("%v, %v", a, err)
	}
	for _, bad := range [][]byte{
		policytest.Npy("<f8", []int{1}, make([]byte, 8)),
		policytest.Npy(">f4", []int{1}, make([]byte, 4)),
		policytest.Npy("<f4", []int{3}, make([]byte, 8)),
		policytest.Npy("<f4", []int{1 << 20, 1 << 20}, nil),
		[]byte("\x93NUMPY\x09\x00"),
		[]byte("NUMPY"),
	} {
		if _, err := policy.ReadNpy(bytes.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad[:min(len(bad), 60)])
		}
	}
}

// A damaged file is an error, never a panic: every truncation, and bytes
// overwritten all through the file.
func TestDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	inputs := [][3]int{{7, 5, 5}}
	meta := `{"towers": [{"view": "crop5", "conv": [{"out": 2, "k": 3, "pad": 1}]}], "hidden": [4]}`
	for seed := uint64(1); seed <= 2; seed++ {
		path := filepath.Join(dir, "p.npz")
		if err := policytest.WriteRandom(path, meta, inputs, seed, 1); err != nil {
			t.Fatal(err)
		}
		good, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		try := func(data []byte) {
			if f, err := policy.FromBytes(data); err == nil {
				f.Net(inputs)
			}
		}
		for n := 0; n < len(good); n++ {
			try(good[:n])
		}
		for i := 0; i < len(good); i++ {
			bad := slices.Clone(good)
			bad[i] ^= 0xff
			try(bad)
		}
	}
}
