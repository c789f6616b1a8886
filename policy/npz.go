package policy

import (
	"archive/zip"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// array is one array of an .npz: its shape and its values. Weights are
// float32 (data); the meta is bytes (raw).
type array struct {
	shape []int
	data  []float32
	raw   []byte
}

// readNpz reads every array of a numpy .npz archive (stored or deflated
// entries, each NAME.npy): float32 arrays into data, uint8 arrays into raw.
// Other dtypes, Fortran order and big-endian data are refused.
func readNpz(r io.ReaderAt, size int64) (map[string]*array, error) {
	z, err := zip.NewReader(r, size)
	if err != nil {
		return nil, fmt.Errorf("not an .npz (zip) archive: %v", err)
	}
	out := map[string]*array{}
	for _, f := range z.File {
		name, ok := strings.CutSuffix(f.Name, ".npy")
		if !ok {
			continue
		}
		a, err := readNpyEntry(f)
		if err != nil {
			return nil, fmt.Errorf("array %s: %v", name, err)
		}
		out[name] = a
	}
	return out, nil
}

// maxArray bounds an array's bytes, so that a corrupt header cannot ask for
// an absurd allocation.
const maxArray = 1 << 30

func readNpyEntry(f *zip.File) (*array, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return readNpy(rc)
}

// npyMagic starts every .npy file.
const npyMagic = "\x93NUMPY"

// readNpy reads one .npy array (format versions 1, 2 and 3).
func readNpy(r io.Reader) (*array, error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		return nil, fmt.Errorf("short .npy header: %v", err)
	}
	if string(pre[:6]) != npyMagic {
		return nil, fmt.Errorf("not a .npy array")
	}
	var hlen int
	switch pre[6] {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("short .npy header: %v", err)
		}
		hlen = int(binary.LittleEndian.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("short .npy header: %v", err)
		}
		hlen = int(binary.LittleEndian.Uint32(b[:]))
		if hlen > 1<<20 {
			return nil, fmt.Errorf(".npy header of %d bytes", hlen)
		}
	default:
		return nil, fmt.Errorf(".npy format version %d.%d is not known", pre[6], pre[7])
	}
	hb := make([]byte, hlen)
	if _, err := io.ReadFull(r, hb); err != nil {
		return nil, fmt.Errorf("short .npy header: %v", err)
	}
	h, err := parseHeader(string(hb))
	if err != nil {
		return nil, err
	}
	if h.fortran {
		return nil, fmt.Errorf("Fortran order: want C order")
	}
	n := 1
	for _, d := range h.shape {
		if d < 0 || (d > 0 && n > maxArray/d) {
			return nil, fmt.Errorf("shape %v is too large", h.shape)
		}
		n *= d
	}
	a := &array{shape: h.shape}
	switch h.descr {
	case "<f4":
		if n > maxArray/4 {
			return nil, fmt.Errorf("shape %v is too large", h.shape)
		}
		b := make([]byte, 4*n)
		if _, err := io.ReadFull(r, b); err != nil {
			return nil, fmt.Errorf("%d values of shape %v: %v", n, h.shape, err)
		}
		a.data = make([]float32, n)
		for i := range a.data {
			a.data[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
	case "|u1", "<u1":
		a.raw = make([]byte, n)
		if _, err := io.ReadFull(r, a.raw); err != nil {
			return nil, fmt.Errorf("%d bytes of shape %v: %v", n, h.shape, err)
		}
	default:
		return nil, fmt.Errorf("dtype %q: want float32 ('<f4') or uint8 ('|u1')", h.descr)
	}
	return a, nil
}

// npyHeader is what an .npy header says.
type npyHeader struct {
	descr   string
	fortran bool
	shape   []int
}

// parseHeader reads the Python dict literal of an .npy header:
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }.
func parseHeader(s string) (npyHeader, error) {
	var h npyHeader
	bad := func(why string) (npyHeader, error) {
		return npyHeader{}, fmt.Errorf(".npy header %q: %s", strings.TrimSpace(s), why)
	}
	p := &lit{s: strings.TrimSpace(s)}
	if !p.eat("{") {
		return bad("want a dict")
	}
	seen := map[string]bool{}
	for !p.eat("}") {
		key, ok := p.str()
		if !ok || !p.eat(":") {
			return bad("want 'key': value")
		}
		switch key {
		case "descr":
			if h.descr, ok = p.str(); !ok {
				return bad("descr is not a string")
			}
		case "fortran_order":
			switch {
			case p.eat("True"):
				h.fortran = true
			case p.eat("False"):
			default:
				return bad("fortran_order is not True or False")
			}
		case "shape":
			if h.shape, ok = p.tuple(); !ok {
				return bad("shape is not a tuple of integers")
			}
		default:
			return bad("unknown key " + key)
		}
		seen[key] = true
		if !p.eat(",") && !strings.HasPrefix(p.rest(), "}") {
			return bad("want , or }")
		}
	}
	if !seen["descr"] || !seen["fortran_order"] || !seen["shape"] {
		return bad("want descr, fortran_order and shape")
	}
	return h, nil
}

// lit reads a Python literal, skipping spaces before each token.
type lit struct {
	s string
	i int
}

func (p *lit) rest() string {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n') {
		p.i++
	}
	return p.s[p.i:]
}

func (p *lit) eat(tok string) bool {
	if strings.HasPrefix(p.rest(), tok) {
		p.i += len(tok)
		return true
	}
	return false
}

// str reads a quoted string without escapes.
func (p *lit) str() (string, bool) {
	r := p.rest()
	if r == "" || (r[0] != '\'' && r[0] != '"') {
		return "", false
	}
	end := strings.IndexByte(r[1:], r[0])
	if end < 0 {
		return "", false
	}
	p.i += end + 2
	return r[1 : end+1], true
}

// tuple reads (), (n,) or (a, b, …) of non-negative integers.
func (p *lit) tuple() ([]int, bool) {
	if !p.eat("(") {
		return nil, false
	}
	out := []int{}
	for !p.eat(")") {
		r := p.rest()
		n := 0
		for n < len(r) && r[n] >= '0' && r[n] <= '9' {
			n++
		}
		v, err := strconv.Atoi(r[:n])
		if err != nil {
			return nil, false
		}
		p.i += n
		out = append(out, v)
		if !p.eat(",") && !strings.HasPrefix(p.rest(), ")") {
			return nil, false
		}
	}
	return out, true
}
