package policy_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
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
			if _, err := policy.FromBytes(good[:n]); err == nil {
				t.Errorf("seed %d: the file's first %d of %d bytes read without error", seed, n, len(good))
			}
		}
		for i := 0; i < len(good); i++ {
			bad := slices.Clone(good)
			bad[i] ^= 0xff
			try(bad)
		}
	}
}

// A weights file whose bytes were changed inside an array, one cut short and
// one that is no zip at all are refused when opened, by an error of one line
// that names the file and says what is wrong; the good file opens.
func TestDamagedFileRefused(t *testing.T) {
	dir := t.TempDir()
	meta := `{"towers": [{"view": "crop11", "conv": [{"out": 4, "k": 3, "pad": 1}]}], "hidden": [8]}`
	goodPath := filepath.Join(dir, "good.npz")
	if err := policytest.WriteRandom(goodPath, meta, [][3]int{{7, 11, 11}}, 1, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := policy.Open(goodPath); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	good, err := os.ReadFile(goodPath)
	if err != nil {
		t.Fatal(err)
	}
	flipped, err := policytest.Flip(good, "fc.0.weight", 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"crc.npz", flipped, `zip entry fc\.0\.weight\.npy: CRC-32 mismatch`},
		{"cut.npz", good[:len(good)/2], `truncated`},
		{"end.npz", good[:len(good)-1], `truncated`},
		{"text.npz", []byte("not a zip at all\n"), `not an \.npz \(zip\) archive`},
		{"empty.npz", nil, `not an \.npz \(zip\) archive`},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := policy.Open(path)
		if err == nil {
			t.Errorf("%s: opened", c.name)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, path+": ") || strings.Contains(msg, "\n") || !regexp.MustCompile(c.want).MatchString(msg) {
			t.Errorf("%s: %q; want one line naming the file and matching %q", c.name, msg, c.want)
		}
	}
}

// Every entry is checked, those Go does not read too: an array the network
// does not use, a file that is no array.
func TestDamagedUnusedEntryRefused(t *testing.T) {
	meta := []byte(`{"format": "paperio-policy", "version": 1, "obs_version": 1, "towers": [], "mask_losing": false}`)
	note := bytes.Repeat([]byte("a note kept beside the arrays. "), 20)
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for name, data := range map[string][]byte{
		"meta.npy":   policytest.Npy("|u1", []int{len(meta)}, meta),
		"v.bias.npy": policytest.Npy("<f4", []int{1}, policytest.Floats([]float32{0.25})),
		"notes.txt":  note,
	} {
		w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	if _, err := policy.FromBytes(good); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	for _, c := range []struct {
		at    []byte
		entry string
	}{{[]byte("a note kept"), "notes.txt"}, {policytest.Floats([]float32{0.25}), "v.bias.npy"}} {
		bad := slices.Clone(good)
		bad[bytes.Index(good, c.at)] ^= 1
		if _, err := policy.FromBytes(bad); err == nil || !strings.Contains(err.Error(), "zip entry "+c.entry+": CRC-32 mismatch") {
			t.Errorf("%s damaged: %v", c.entry, err)
		}
	}
}
