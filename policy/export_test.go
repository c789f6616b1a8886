package policy

import (
	"bytes"
	"io"
)

// ParseHeader and ReadNpy give the .npy reader to the tests.
func ParseHeader(s string) (descr string, fortran bool, shape []int, err error) {
	h, err := parseHeader(s)
	return h.descr, h.fortran, h.shape, err
}

func ReadNpy(r io.Reader) ([]float32, error) {
	a, err := readNpy(r)
	if err != nil {
		return nil, err
	}
	return a.data, nil
}

// FromBytes reads a weights file held in memory.
func FromBytes(b []byte) (*File, error) {
	arrays, err := readNpz(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, err
	}
	return fromArrays(arrays)
}
