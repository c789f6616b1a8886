package board_test

import (
	"bytes"
	"image/color"
	"image/gif"
	"image/png"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	stellargame "github.com/paperio/paperio/games/stellar"
	stellarboard "github.com/paperio/paperio/games/stellar/board"
	"github.com/paperio/paperio/viewer"
)

type heard struct {
	start string
	moves []byte
	calls int
}

func (h *heard) Begin(s string) { h.start = s }
func (h *heard) Move(m []byte)  { h.moves = append(h.moves, m...); h.calls++ }

func config(turns int) stellargame.Config {
	c := stellargame.Game{}.DefaultConfig().(stellargame.Config)
	c.Turns = turns
	return c
}

func play(t *testing.T, a, b *game.Entrant, cfg game.Config, seed int64, w game.Watcher) *game.Record {
	t.Helper()
	seats := [2]*game.Seat{game.NewSeat(a, false), game.NewSeat(b, false)}
	defer seats[0].Close()
	defer seats[1].Close()
	r, err := stellargame.Game{}.NewWorker().Play(seats, game.Setup{Config: cfg, Seed: seed, Watch: w})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func entrant(t *testing.T, spec string) *game.Entrant {
	e, err := stellargame.Game{}.Entrant(spec, game.PlayerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestFramesFollowTheRules: a watched game is heard turn by turn as the
// record's stream of turns, and every frame holds the rules' owners and
// forces; a replay file's game reads back as the same game.
func TestFramesFollowTheRules(t *testing.T) {
	var h heard
	rec := play(t, entrant(t, "greedy"), entrant(t, "sample"), config(30), 3, &h)
	stream, err := stellargame.TurnStream(rec.Moves)
	if err != nil {
		t.Fatal(err)
	}
	if h.start != rec.Start || !bytes.Equal(h.moves, stream) || h.calls != rec.Length {
		t.Fatalf("watcher heard start %q, %d bytes in %d calls; the record: %q, %d bytes, %d turns", h.start, len(h.moves), h.calls, rec.Start, len(stream), rec.Length)
	}
	f, err := viewer.EncodeGame(stellarboard.Board{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if f.Count != rec.Length+1 {
		t.Fatalf("%d frames for %d turns", f.Count, rec.Length)
	}
	rp, _ := stellarboard.Board{}.Replay(rec)
	s, _ := stellargame.StartState(rec)
	st := make([]byte, rp.Header().StateLen)
	vals := make([]int32, len(stellarboard.Values))
	b := stream
	for k := 0; ; k++ {
		rp.State(st)
		rp.Values(vals)
		for i := 1; i <= s.N(); i++ {
			o := 4 + (i-1)*13
			if int(st[o+4]) != s.Owner(i)+1 {
				t.Fatalf("turn %d, node %d: owner %d, rules %d", k, i, st[o+4]-1, s.Owner(i))
			}
			for p := range 2 {
				got := math.Float32frombits(uint32(st[o+5+4*p]) | uint32(st[o+6+4*p])<<8 | uint32(st[o+7+4*p])<<16 | uint32(st[o+8+4*p])<<24)
				if got != float32(s.Force(i, p)) {
					t.Fatalf("turn %d, node %d, player %d: force %v, rules %v", k, i, p, got, s.Force(i, p))
				}
			}
		}
		n0, n1 := s.NodeCounts()
		if vals[0] != int32(n0) || vals[1] != int32(n1) {
			t.Fatalf("turn %d: figures %v, rules %d : %d nodes", k, vals, n0, n1)
		}
		if len(b) == 0 {
			break
		}
		ans, n, err := stellargame.NextTurn(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rp.Step(b); err != nil {
			t.Fatal(err)
		}
		s.StepAnswers(ans[0], ans[1], nil)
		b = b[n:]
	}
	// Through a replay file and back.
	rg, err := stellargame.ReplayGame(game.ReplayGame{ID: "x", Players: [2]string{"greedy", "sample"}, Record: rec})
	if err != nil {
		t.Fatal(err)
	}
	back, err := stellargame.RecordOf(rg)
	if err != nil {
		t.Fatal(err)
	}
	bs, _ := stellargame.TurnStream(back.Moves)
	if back.Start != rec.Start || !bytes.Equal(bs, stream) || back.Winner != rec.Winner || back.Reason != rec.Reason || back.Length != rec.Length || back.Score != rec.Score {
		t.Fatalf("read back from its replay: start %q, %d bytes, %v %d %d; played: %q, %d bytes, %v %d %d",
			back.Start, len(bs), back.Winner, back.Reason, back.Length, rec.Start, len(stream), rec.Winner, rec.Reason, rec.Length)
	}
}

// TestPNG: render's frame shows each node in its owner's colour.
func TestPNG(t *testing.T) {
	rec := play(t, entrant(t, "greedy"), entrant(t, "rush"), config(25), 8, nil)
	f, err := viewer.EncodeGame(stellarboard.Board{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	g := &viewer.Game{Meta: viewer.GameMeta{Header: f.Header, Frames: f.Count}, Record: rec, Board: stellarboard.Board{}}
	k, cell := f.Count-1, 4
	var buf bytes.Buffer
	if err := g.WritePNG(&buf, k, cell); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := stellargame.StartState(rec)
	b, _ := stellargame.TurnStream(rec.Moves)
	for len(b) > 0 {
		ans, n, _ := stellargame.NextTurn(b)
		s.StepAnswers(ans[0], ans[1], nil)
		b = b[n:]
	}
	xy := stellarboard.Layout(s.Map())
	owned := 0
	for i := 1; i <= s.N(); i++ {
		want := hex(stellarboard.Palette[stellarboard.Neutral])
		if o := s.Owner(i); o >= 0 {
			want = hex(stellarboard.Palette[stellarboard.Owner1+o])
			owned++
		}
		got := color.RGBAModel.Convert(img.At(xy[i][0]*cell/10, xy[i][1]*cell/10)).(color.RGBA)
		if got != want {
			t.Fatalf("node %d: %v, owner %d (%v)", i, got, s.Owner(i), want)
		}
	}
	if owned < 3 {
		t.Fatalf("only %d nodes owned at the end: a poor test", owned)
	}
}

func hex(s string) color.RGBA {
	v, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

// TestParseTurn: the page's turns, and what the server refuses.
func TestParseTurn(t *testing.T) {
	cs, err := stellarboard.ParseTurn("1 2 30.5; 3 4 10")
	if err != nil || len(cs) != 2 || cs[0] != (stellar.Command{From: 1, To: 2, Amount: 30.5}) || cs[1] != (stellar.Command{From: 3, To: 4, Amount: 10}) {
		t.Fatalf("%v %v", cs, err)
	}
	if cs, err := stellarboard.ParseTurn(""); err != nil || cs == nil || len(cs) != 0 {
		t.Fatalf("no command: %v %v", cs, err)
	}
	for _, bad := range []string{"1 2", "1 2 x", "a 2 3", "1 2 NaN", "1 2 3;", strings.Repeat("1 2 3;", 300) + "1 2 3"} {
		if err := (stellarboard.Board{}).CheckInput(bad); err == nil {
			t.Errorf("%.20q accepted", bad)
		}
	}
}

// TestHuman: the person's turns are the answers played; on a clock, a
// turn without one has no command.
func TestHuman(t *testing.T) {
	in := make(chan string, 2)
	in <- "1 2 40"
	stop := make(chan struct{})
	rec := play(t, stellarboard.Board{}.Human(in, true, stop), entrant(t, "idle"), config(3), 2, nil)
	b, _ := stellargame.TurnStream(rec.Moves)
	var got [][]stellar.Command
	for len(b) > 0 {
		ans, n, err := stellargame.NextTurn(b)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, stellargame.Commands(ans[0]))
		b = b[n:]
	}
	if len(got) != 3 || len(got[0]) != 1 || got[0][0] != (stellar.Command{From: 1, To: 2, Amount: 40}) || len(got[1]) != 0 || len(got[2]) != 0 {
		t.Fatalf("the person's turns: %v", got)
	}
}

// TestGIF: an animation of the first frames, one image a frame, the first
// the size of the board.
func TestGIF(t *testing.T) {
	rec := gifGame(t)
	f, err := viewer.EncodeGame(stellarboard.Board{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	g := &viewer.Game{Meta: viewer.GameMeta{Header: f.Header, Frames: f.Count}, Record: rec, Board: stellarboard.Board{}}
	var buf bytes.Buffer
	if err := g.WriteGIF(&buf, 0, 10, 1, 3, 4); err != nil {
		t.Fatal(err)
	}
	a, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Image) != 11 || a.Image[0].Bounds().Dx() != f.Header.Width*3 || a.Image[0].Bounds().Dy() != f.Header.Height*3 {
		t.Fatalf("%d images, the first %v", len(a.Image), a.Image[0].Bounds())
	}
}

func gifGame(t *testing.T) *game.Record {
	return play(t, entrant(t, "greedy"), entrant(t, "sample"), config(20), 12, nil)
}
