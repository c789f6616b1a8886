package viewer_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/game"
	paperioboard "github.com/paperio/paperio/games/paperio/board"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/viewer"
)

var refFiles = []string{"../testdata/paperio/conformance/public.jsonl.gz", "../testdata/paperio/conformance/edge.jsonl.gz"}

// decoded is a blob read back the way web/board.js reads it.
type decoded struct {
	states [][]byte
	values [][]int64
}

func decodeBlob(t testing.TB, b []byte) decoded {
	t.Helper()
	r := bytes.NewReader(b)
	uv := func() int {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			t.Fatal(err)
		}
		return int(v)
	}
	sv := func() int64 {
		v, err := binary.ReadVarint(r)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := uv(); v != 1 {
		t.Fatalf("version %d", v)
	}
	n, s, nv := uv(), uv(), uv()
	d := decoded{}
	cur := make([]byte, s)
	if _, err := r.Read(cur); err != nil {
		t.Fatal(err)
	}
	vals := make([]int64, nv)
	for i := range vals {
		vals[i] = sv()
	}
	d.states = append(d.states, append([]byte(nil), cur...))
	d.values = append(d.values, append([]int64(nil), vals...))
	for k := 1; k < n; k++ {
		runs, at := uv(), 0
		for range runs {
			at += uv()
			l := uv()
			if _, err := r.Read(cur[at : at+l]); err != nil && l > 0 {
				t.Fatal(err)
			}
			at += l
		}
		for i := range vals {
			vals[i] += sv()
		}
		d.states = append(d.states, append([]byte(nil), cur...))
		d.values = append(d.values, append([]int64(nil), vals...))
	}
	if r.Len() != 0 {
		t.Fatalf("%d bytes left over", r.Len())
	}
	return d
}

// expectState is frame's state as the engine has it.
func expectState(s *paperio.State) []byte {
	f, b := s.Fields(), s.Bands()
	out := make([]byte, 0, len(f)+10)
	for i := range f {
		out = append(out, f[i]|b[i]<<2)
	}
	for i := range 2 {
		x, y, d := s.Head(i)
		out = binary.LittleEndian.AppendUint16(out, uint16(int16(x)))
		out = binary.LittleEndian.AppendUint16(out, uint16(int16(y)))
		out = append(out, byte(d))
	}
	return out
}

// TestFramesMatchEngine replays every reference game into the wire
// encoding, decodes it as the page does, and compares every frame with the
// engine's state and with the recording's frame checks.
func TestFramesMatchEngine(t *testing.T) {
	b := paperioboard.Board{}
	games, frames := 0, 0
	for _, f := range refFiles {
		rgs, err := readRef(f)
		if err != nil {
			t.Fatal(err)
		}
		raws, err := replay.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		for gi, rg := range rgs {
			enc, err := viewer.EncodeGame(b, rg.Record)
			if err != nil {
				t.Fatalf("%s: %v", rg.ID, err)
			}
			d := decodeBlob(t, enc.Blob)
			if len(d.states) != len(rg.Moves)+1 || enc.Count != len(d.states) {
				t.Fatalf("%s: %d frames for %d moves", rg.ID, len(d.states), len(rg.Moves))
			}
			s, err := raws[gi].Start()
			if err != nil {
				t.Fatal(err)
			}
			for k := range d.states {
				if k > 0 {
					s.Step(paperio.Action(rg.Moves[k-1]))
				}
				if !bytes.Equal(d.states[k], expectState(s)) {
					t.Fatalf("%s frame %d: state differs from the engine's", rg.ID, k)
				}
				want := []int64{int64(s.Area(0)), int64(s.Area(1)), int64(s.BandLen(0)), int64(s.BandLen(1))}
				if fmt.Sprint(d.values[k][:4]) != fmt.Sprint(want) {
					t.Fatalf("%s frame %d: values %v, engine %v", rg.ID, k, d.values[k][:4], want)
				}
				if fr := raws[gi].Frames; fr != nil && k < len(fr.Area) && (fr.Area[k] != [2]int{int(d.values[k][0]), int(d.values[k][1])} || fr.Band[k] != [2]int{int(d.values[k][2]), int(d.values[k][3])}) {
					t.Fatalf("%s frame %d: recorded areas %v bands %v, frames say %v", rg.ID, k, fr.Area[k], fr.Band[k], d.values[k][:4])
				}
				frames++
			}
			games++
		}
	}
	t.Logf("%d games, %d frames checked", games, frames)
	if games < 200 {
		t.Fatalf("only %d reference games", games)
	}
}

// readRef reads a reference file as the viewer does, through paper.io's
// Replays.
func readRef(path string) ([]game.ReplayGame, error) {
	return paperioboard.Board{}.Game().Replays().(game.ReplayReader).Read(path)
}

// fullGames are the reference games of the full 4,000 half-steps.
func fullGames(t testing.TB) []game.ReplayGame {
	rgs, err := readRef(refFiles[0])
	if err != nil {
		t.Fatal(err)
	}
	var out []game.ReplayGame
	for _, g := range rgs {
		if len(g.Moves) == 4000 {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		t.Fatal("no full-length reference game")
	}
	return out
}

// TestWireSize checks the bound: a full 4,000-half-step game is
// at most 200 KB on the wire, gzipped or not.
func TestWireSize(t *testing.T) {
	worst, worstGz := 0, 0
	for _, g := range fullGames(t) {
		enc, err := viewer.EncodeGame(paperioboard.Board{}, g.Record)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(enc.Blob)
		zw.Close()
		worst, worstGz = max(worst, len(enc.Blob)), max(worstGz, buf.Len())
	}
	t.Logf("largest full game: %d bytes, %d gzipped", worst, worstGz)
	if worst > 200_000 || worstGz > 200_000 {
		t.Fatalf("a full game takes %d bytes (%d gzipped): more than 200 KB", worst, worstGz)
	}
}

func BenchmarkEncodeFullGame(b *testing.B) {
	g := fullGames(b)[0]
	var n int
	clock := cputime.StartProcess(b)
	for b.Loop() {
		enc, err := viewer.EncodeGame(paperioboard.Board{}, g.Record)
		if err != nil {
			b.Fatal(err)
		}
		n = len(enc.Blob)
	}
	b.ReportMetric(float64(n), "bytes/game")
	if cpu, ok := clock.Stop(); ok {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/game")
	}
}
