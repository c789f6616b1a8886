package viewer

import (
	"encoding/binary"
	"fmt"

	"github.com/paperio/paperio/game"
)

// The frames of a game go to the page as one binary blob (web/board.js
// reads it):
//
//	uvarint version (1), frames N, state bytes S, values V
//	frame 0:  S bytes of state, V zigzag varints (the values)
//	frame k:  uvarint runs; per run: uvarint skip (unchanged bytes since
//	          the end of the previous run), uvarint length, length bytes
//	          (the new state there); then V zigzag varints (each value's
//	          change from frame k-1)
//
// A live game is sent the same way: a blob of the frames so far, then
// chunks of uvarint count followed by that many later frames.
const framesVersion = 1

// mergeGap is the longest run of unchanged bytes kept inside a run: a new
// run costs at least two bytes (skip and length).
const mergeGap = 2

// frameEncoder encodes frames one after another, each against the one
// before.
type frameEncoder struct {
	s, v     int
	n        int // frames encoded
	prev     []byte
	cur      []byte
	pv, cv   []int32
	body     []byte // frames since the last flush
	runStart []int  // scratch: runs of the current frame
}

func newFrameEncoder(h Header) *frameEncoder {
	return &frameEncoder{s: h.StateLen, v: len(h.Values),
		prev: make([]byte, h.StateLen), cur: make([]byte, h.StateLen),
		pv: make([]int32, len(h.Values)), cv: make([]int32, len(h.Values))}
}

// add encodes r's current frame.
func (e *frameEncoder) add(r Replayer) {
	r.State(e.cur)
	r.Values(e.cv)
	if e.n == 0 {
		e.body = append(e.body, e.cur...)
		for _, v := range e.cv {
			e.body = binary.AppendVarint(e.body, int64(v))
		}
	} else {
		e.body = appendDelta(e.body, e.prev, e.cur)
		for i, v := range e.cv {
			e.body = binary.AppendVarint(e.body, int64(v)-int64(e.pv[i]))
		}
	}
	e.prev, e.cur = e.cur, e.prev
	e.pv, e.cv = e.cv, e.pv
	e.n++
}

// blob is the header and every frame so far, for a blob that starts at
// frame 0.
func (e *frameEncoder) blob() []byte {
	out := make([]byte, 0, len(e.body)+16)
	for _, u := range []int{framesVersion, e.n, e.s, e.v} {
		out = binary.AppendUvarint(out, uint64(u))
	}
	out = append(out, e.body...)
	e.body = e.body[:0]
	return out
}

// chunk is the frames added since the last blob or chunk, with their count.
func (e *frameEncoder) chunk(count int) []byte {
	out := binary.AppendUvarint(make([]byte, 0, len(e.body)+4), uint64(count))
	out = append(out, e.body...)
	e.body = e.body[:0]
	return out
}

// appendDelta appends the runs of bytes where cur differs from prev.
func appendDelta(dst, prev, cur []byte) []byte {
	countAt := len(dst)
	dst = append(dst, 0, 0, 0) // the run count, patched below
	runs, end := 0, 0
	i := nextDiff(prev, cur, 0)
	for i < len(cur) {
		j := i + 1
		for {
			for j < len(cur) && prev[j] != cur[j] {
				j++
			}
			k := nextDiff(prev, cur, j)
			if k < len(cur) && k-j <= mergeGap {
				j = k
				continue
			}
			dst = binary.AppendUvarint(dst, uint64(i-end))
			dst = binary.AppendUvarint(dst, uint64(j-i))
			dst = append(dst, cur[i:j]...)
			runs++
			end = j
			i = k
			break
		}
	}
	return patchCount(dst, countAt, runs)
}

// nextDiff is the first index from i at which a and b differ (len(a) if
// none). Equal blocks are skipped a word at a time.
func nextDiff(a, b []byte, i int) int {
	for i+8 <= len(a) && binary.LittleEndian.Uint64(a[i:]) == binary.LittleEndian.Uint64(b[i:]) {
		i += 8
	}
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i
}

// patchCount writes n as a uvarint into the three bytes reserved at at,
// closing the gap when it takes fewer.
func patchCount(dst []byte, at, n int) []byte {
	var tmp [binary.MaxVarintLen64]byte
	w := binary.PutUvarint(tmp[:], uint64(n))
	if w > 3 { // 2^21 runs or more
		out := append(dst[:at:at], tmp[:w]...)
		return append(out, dst[at+3:]...)
	}
	copy(dst[at:], tmp[:w])
	return append(dst[:at+w], dst[at+3:]...)
}

// Frames are a game's frames, encoded.
type Frames struct {
	Header Header
	Count  int    // frames: the start and one per move
	Blob   []byte // the encoding above
}

// EncodeGame replays a record on its game's board and encodes every frame.
func EncodeGame(b Board, r *game.Record) (*Frames, error) {
	rp, err := b.Replay(r)
	if err != nil {
		return nil, err
	}
	h := rp.Header()
	e := newFrameEncoder(h)
	e.add(rp)
	moves, err := movesOf(b, r)
	if err != nil {
		return nil, err
	}
	for len(moves) > 0 {
		n, err := rp.Step(moves)
		if err != nil {
			return nil, fmt.Errorf("move %d: %v", e.n, err)
		}
		moves = moves[n:]
		e.add(rp)
	}
	return &Frames{Header: h, Count: e.n, Blob: e.blob()}, nil
}
