// Package policytest writes weights files for tests (docs/POLICY.md): any
// arrays, stored or deflated, and networks of random weights for a meta.
package policytest

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/paperio/paperio/policy"
)

// Array is a float32 array of a weights file.
type Array struct {
	Shape []int
	Data  []float32
}

// Npy is an .npy file of a little-endian array: dtype "<f4" (data, 4 bytes
// a value) or "|u1" (data, a byte a value), shape as given.
func Npy(dtype string, shape []int, data []byte) []byte {
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = fmt.Sprint(d)
	}
	tuple := strings.Join(dims, ", ")
	if len(shape) == 1 {
		tuple += ","
	}
	h := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", dtype, tuple)
	pad := 64 - (10+len(h)+1)%64
	h += strings.Repeat(" ", pad%64) + "\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&b, binary.LittleEndian, uint16(len(h)))
	b.WriteString(h)
	b.Write(data)
	return b.Bytes()
}

// Floats are the little-endian bytes of xs.
func Floats(xs []float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

// Write writes an .npz at path holding meta (as the uint8 array "meta")
// and the arrays, deflated or stored.
func Write(path string, meta []byte, arrays map[string]Array, deflate bool) error {
	files := map[string][]byte{"meta": Npy("|u1", []int{len(meta)}, meta)}
	for name, a := range arrays {
		files[name] = Npy("<f4", a.Shape, Floats(a.Data))
	}
	return WriteFiles(path, files, deflate)
}

// WriteFiles writes an .npz of .npy files by array name.
func WriteFiles(path string, files map[string][]byte, deflate bool) error {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	method := zip.Store
	if deflate {
		method = zip.Deflate
	}
	for name, data := range files {
		w, err := z.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: method})
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	if err := z.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// Random is the arrays of meta's network, for towers whose planes have the
// shapes inputs, with weights drawn uniformly from ±scale/√fan-in (as
// torch initialises them when scale is 1) from seed. The value head v is
// there unless the meta says "value": false, as in paperio.policy.
func Random(meta string, inputs [][3]int, seed uint64, scale float64) (map[string]Array, error) {
	var m policy.Meta
	if err := json.Unmarshal([]byte(meta), &m); err != nil {
		return nil, err
	}
	if len(inputs) != len(m.Towers) {
		return nil, fmt.Errorf("%d inputs for %d towers", len(inputs), len(m.Towers))
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	out := map[string]Array{}
	layer := func(name string, fanIn int, shape ...int) {
		bound := scale / math.Sqrt(float64(fanIn))
		n := 1
		for _, d := range shape {
			n *= d
		}
		for _, part := range []struct {
			suffix string
			shape  []int
			n      int
		}{{".weight", shape, n}, {".bias", shape[:1], shape[0]}} {
			a := Array{Shape: part.shape, Data: make([]float32, part.n)}
			for i := range a.Data {
				a.Data[i] = float32((2*rng.Float64() - 1) * bound)
			}
			out[name+part.suffix] = a
		}
	}
	features := 0
	for t, tw := range m.Towers {
		c, h, w := inputs[t][0], inputs[t][1], inputs[t][2]
		for i, cv := range tw.Conv {
			s := 1
			if cv.Stride != nil {
				s = *cv.Stride
			}
			layer(fmt.Sprintf("tower.%d.conv.%d", t, i), c*cv.K*cv.K, cv.Out, c, cv.K, cv.K)
			c, h, w = cv.Out, (h+2*cv.Pad-cv.K)/s+1, (w+2*cv.Pad-cv.K)/s+1
		}
		features += c * h * w
	}
	if m.UseScalars() {
		features += policy.NumScalars
	}
	for i, n := range m.Hidden {
		layer(fmt.Sprintf("fc.%d", i), features, n, features)
		features = n
	}
	layer("pi", features, policy.NumActions, features)
	if m.Value == nil || *m.Value {
		layer("v", features, 1, features)
	}
	return out, nil
}

// WriteRandom writes a weights file of meta (completed with format and
// versions when it lacks them) with Random weights.
func WriteRandom(path, meta string, inputs [][3]int, seed uint64, scale float64) error {
	arrays, err := Random(meta, inputs, seed, scale)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(meta), &m); err != nil {
		return err
	}
	for k, v := range map[string]any{"format": policy.Format, "version": policy.Version, "obs_version": 1} {
		if _, ok := m[k]; !ok {
			m[k] = v
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return Write(path, b, arrays, seed%2 == 0)
}

// Flip is a copy of the weights file good (stored entries: seed odd in
// WriteRandom) with n bytes of the data of the entry NAME.npy inverted, past
// its .npy header: the entry's CRC-32 no longer matches.
func Flip(good []byte, name string, n int) ([]byte, error) {
	z, err := zip.NewReader(bytes.NewReader(good), int64(len(good)))
	if err != nil {
		return nil, err
	}
	for _, f := range z.File {
		if f.Name != name+".npy" {
			continue
		}
		if f.Method != zip.Store {
			return nil, fmt.Errorf("%s is compressed: flipping its bytes would break the stream, not the CRC", f.Name)
		}
		at, err := f.DataOffset()
		if err != nil {
			return nil, err
		}
		if f.UncompressedSize64 < 10 || string(good[at:at+6]) != "\x93NUMPY" || good[at+6] != 1 {
			return nil, fmt.Errorf("%s is not a version 1 .npy", f.Name)
		}
		header := 10 + int64(binary.LittleEndian.Uint16(good[at+8:]))
		if f.UncompressedSize64 < uint64(header)+uint64(n) {
			return nil, fmt.Errorf("%s holds %d bytes: too few to flip %d past its header", f.Name, f.UncompressedSize64, n)
		}
		bad := bytes.Clone(good)
		for i := at + header; i < at+header+int64(n); i++ {
			bad[i] ^= 0xff
		}
		return bad, nil
	}
	return nil, fmt.Errorf("no entry %s.npy", name)
}
