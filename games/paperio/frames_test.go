package paperio

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
)

// Games of built-in bots that enclose, cut bands and meet head-on.
var busyPairs = [][2]string{
	{"heuristic", "wanderer"}, {"wanderer", "heuristic"}, {"heuristic", "heuristic"},
	{"random", "wanderer"}, {"wanderer", "wanderer"}, {"goround", "heuristic"},
}

// The encoder compares only the mover's bounding box; over whole games it
// sends exactly what a comparison of the whole board sends.
func TestEncoderBoxMatchesWholeBoard(t *testing.T) {
	var frames, fieldCols, bandCols int
	for seed := range 4 {
		for _, pair := range busyPairs {
			a, b := mustBot(t, pair[0]), mustBot(t, pair[1])
			first, err := paperio.NewGame(course, starts(t, int64(seed)))
			if err != nil {
				t.Fatal(err)
			}
			var fast, whole frameEncoder
			tl := [2]timeLeft{{30, true}, {30, true}}
			fast.start(first)
			whole.start(first)
			fast.appendFrame(nil, first, tl)
			whole.appendFrame(nil, first, tl)
			var got, want []byte
			_, err = runGame(course, starts(t, int64(seed)), [2]bots.Bot{a, b}, uint64(seed), func(s *paperio.State, _ paperio.Action) {
				got = fast.appendFrame(got[:0], s, tl)
				whole.steps = -1 // not consecutive, as far as it knows: the whole board
				want = whole.appendFrame(want[:0], s, tl)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s vs %s, seed %d, half-step %d: the box's frame differs from the whole board's", pair[0], pair[1], seed, s.HalfSteps())
				}
				frames++
				fieldCols += int(binary.LittleEndian.Uint32(got[frameHeader-8:]))
				bandCols += int(binary.LittleEndian.Uint32(got[frameHeader-4:]))
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	// The games did change the territory often, not only the bands.
	if fieldCols < frames/20 || bandCols < frames/2 {
		t.Errorf("%d frames with %d changed field columns and %d band columns: too quiet a test", frames, fieldCols, bandCols)
	}
}

// The shadow state follows the game by playing the enemy's moves on it;
// after every turn it is the game's state.
func TestShadowFollowsTheGame(t *testing.T) {
	for seed := range 4 {
		for _, pair := range busyPairs {
			s, err := paperio.NewGame(course, starts(t, int64(seed)))
			if err != nil {
				t.Fatal(err)
			}
			a, b := newEncoderOnly(mustBot(t, pair[0]), nil), newEncoderOnly(mustBot(t, pair[1]), nil)
			check := func(e *encoderOnly) {
				sh := &e.p.shadow
				if sh.HalfSteps() != s.HalfSteps() || !bytes.Equal(sh.Fields(), s.Fields()) || !bytes.Equal(sh.Bands(), s.Bands()) ||
					sh.Over() != s.Over() || sh.Result() != s.Result() {
					t.Fatalf("%s vs %s, seed %d, half-step %d: the shadow is at half-step %d and differs",
						pair[0], pair[1], seed, s.HalfSteps(), sh.HalfSteps())
				}
				for i := range 2 {
					x0, y0, d0 := sh.Head(i)
					x1, y1, d1 := s.Head(i)
					if x0 != x1 || y0 != y1 || d0 != d1 || sh.Area(i) != s.Area(i) || sh.BandLen(i) != s.BandLen(i) {
						t.Fatalf("%s vs %s, seed %d, half-step %d: player %d differs in the shadow", pair[0], pair[1], seed, s.HalfSteps(), i+1)
					}
				}
			}
			a.check, b.check = check, check
			if err := playEncoded(s, a, b); err != nil {
				t.Fatal(err)
			}
			for _, e := range []*encoderOnly{a, b} {
				if e.p.shadowCopies > 0 {
					t.Errorf("%s vs %s, seed %d: the shadow was copied %d times in %d half-steps", pair[0], pair[1], seed, e.p.shadowCopies, s.HalfSteps())
				}
			}
		}
	}
}

func mustBot(t *testing.T, spec string) bots.Bot {
	t.Helper()
	b, err := bots.Make(spec)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
