package paperio

import (
	"crypto/sha256"
	"encoding/binary"
)

// Digest is the reference recordings' frame digest: the first 8 bytes of
// SHA-256 over the territory grid then the band grid, column-major, one byte
// per cell (0 none, 1 or 2).
func (s *State) Digest() uint64 {
	h := sha256.New()
	h.Write(s.field)
	h.Write(s.bands)
	var sum [sha256.Size]byte
	return binary.BigEndian.Uint64(h.Sum(sum[:0]))
}
