package policy

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
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
// Every entry, .npy or not, is read whole and checked against the sizes and
// the CRC-32 its zip headers declare, so that a damaged or truncated file is
// refused rather than played with wrong weights. Other dtypes, Fortran order
// and big-endian data are refused.
func readNpz(r io.ReaderAt, size int64) (map[string]*array, error) {
	z, err := zip.NewReader(r, size)
	if err != nil {
		var head [4]byte
		if n, _ := r.ReadAt(head[:], 0); n == 4 && string(head[:]) == "PK\x03\x04" {
			return nil, fmt.Errorf("a zip archive without its end (central directory): the file is truncated or damaged")
		}
		return nil, fmt.Errorf("not an .npz (zip) archive: %v", err)
	}
	out := map[string]*array{}
	for _, f := range z.File {
		data, err := readEntry(f)
		if err != nil {
			return nil, fmt.Errorf("zip entry %s: %v", f.Name, err)
		}
		name, ok := strings.CutSuffix(f.Name, ".npy")
		if !ok {
			continue
		}
		a, err := readNpy(bytes.NewReader(data))
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

// maxEntry bounds a zip entry's bytes: an array and its .npy header.
const maxEntry = maxArray + 1<<20 + 64

// readEntry reads a zip entry whole and checks it against its headers: the
// uncompressed size they declare, the compressed data ending where they say,
// and the CRC-32.
func readEntry(f *zip.File) ([]byte, error) {
	if f.UncompressedSize64 > maxEntry {
		return nil, fmt.Errorf("declares %d bytes, more than a weights array may hold", f.UncompressedSize64)
	}
	rc, err := f.Open()
	if err != nil {
		if errors.Is(err, zip.ErrAlgorithm) {
			return nil, fmt.Errorf("compression method %d: want stored (0) or deflated (8)", f.Method)
		}
		return nil, fmt.Errorf("damaged: %v", err)
	}
	defer rc.Close()
	// Room past the declared size, so that the read to the end (where
	// archive/zip checks the size and the CRC-32) does not grow the buffer.
	buf := bytes.NewBuffer(make([]byte, 0, f.UncompressedSize64+bytes.MinRead))
	_, err = buf.ReadFrom(rc)
	data := buf.Bytes()
	switch {
	case errors.Is(err, zip.ErrChecksum):
		return nil, fmt.Errorf("CRC-32 mismatch: the contents are damaged")
	case errors.Is(err, zip.ErrFormat):
		return nil, fmt.Errorf("holds more than the %d bytes its header declares: the file is damaged", f.UncompressedSize64)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, fmt.Errorf("holds %d of the %d bytes its header declares: the file is truncated or damaged", len(data), f.UncompressedSize64)
	case err != nil:
		return nil, fmt.Errorf("damaged data: %v", err)
	}
	if uint64(len(data)) != f.UncompressedSize64 {
		return nil, fmt.Errorf("holds %d bytes, its header declares %d: the file is damaged", len(data), f.UncompressedSize64)
	}
	// archive/zip checked the CRC-32 at the end of the read, but skips the
	// check when the header's is 0; a damaged header may say 0 too.
	if f.CRC32 == 0 && crc32.ChecksumIEEE(data) != 0 {
		return nil, fmt.Errorf("CRC-32 mismatch: the contents are damaged")
	}
	return data, nil
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
