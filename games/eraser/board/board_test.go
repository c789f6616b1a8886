package board_test

import (
	"bytes"
	"image/color"
	"image/gif"
	"image/png"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/game"
	erasergame "github.com/paperio/paperio/games/eraser"
	eraserboard "github.com/paperio/paperio/games/eraser/board"
	"github.com/paperio/paperio/viewer"
)

// heard is what a watcher heard of a game.
type heard struct {
	mu    sync.Mutex
	start string
	moves []byte
	calls int
}

func (h *heard) Begin(s string) { h.start = s }
func (h *heard) Move(m []byte) {
	h.mu.Lock()
	h.moves = append(h.moves, m...)
	h.calls++
	h.mu.Unlock()
}

// play plays a game between two entrants, watched.
func play(t *testing.T, a, b *game.Entrant, cfg game.Config, seed int64, w game.Watcher) *game.Record {
	t.Helper()
	seats := [2]*game.Seat{game.NewSeat(a, false), game.NewSeat(b, false)}
	defer seats[0].Close()
	defer seats[1].Close()
	r, err := erasergame.Game{}.NewWorker().Play(seats, game.Setup{Config: cfg, Seed: seed, Watch: w})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func bots(t *testing.T) (*game.Entrant, *game.Entrant) {
	g := erasergame.Game{}
	a, err := g.Entrant("greedy", game.PlayerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Entrant("random", game.PlayerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// TestFramesFollowTheRules: a watched game is heard move by move as its
// record keeps it, and every frame the board replays holds the rules'
// main board, reserve, swap and scores.
func TestFramesFollowTheRules(t *testing.T) {
	a, b := bots(t)
	var h heard
	rec := play(t, a, b, erasergame.Game{}.DefaultConfig(), 5, &h)
	if h.start != rec.Start || !bytes.Equal(h.moves, rec.Moves) || h.calls != len(rec.Moves)/4 {
		t.Fatalf("watcher heard start %q and %d moves in %d calls; the record: %q, %d", h.start, len(h.moves), h.calls, rec.Start, len(rec.Moves))
	}
	f, err := viewer.EncodeGame(eraserboard.Board{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	if f.Count != len(rec.Moves)/4+1 {
		t.Fatalf("%d frames for %d moves", f.Count, len(rec.Moves)/4)
	}
	rp, err := eraserboard.Board{}.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	seed, _ := strconv.ParseInt(rec.Start, 10, 64)
	s, _ := eraser.New(erasergame.RulesConfig(rec.Config), seed)
	st := make([]byte, rp.Header().StateLen)
	vals := make([]int32, len(eraserboard.Values))
	sws, _ := erasergame.DecodeSwaps(rec.Moves)
	for k := 0; ; k++ {
		rp.State(st)
		rp.Values(vals)
		m := s.Main()
		for i, c := range m {
			if st[i] != byte(c) {
				t.Fatalf("move %d, cell %d: frame %d, rules %d", k, i, st[i], c)
			}
		}
		if vals[0] != int32(s.Score(0)) || vals[1] != int32(s.Score(1)) || vals[8] != int32(s.NumOps()) {
			t.Fatalf("move %d: figures %v, rules scores %d %d, %d ops", k, vals, s.Score(0), s.Score(1), s.NumOps())
		}
		if k == len(sws) {
			break
		}
		if _, err := rp.Step(rec.Moves[4*k:]); err != nil {
			t.Fatal(err)
		}
		s.Move(sws[k])
	}
}

// TestPNG: render's frame shows the rules' board at the centre of every
// main-board cell.
func TestPNG(t *testing.T) {
	a, b := bots(t)
	rec := play(t, a, b, erasergame.Game{}.DefaultConfig(), 9, nil)
	f, err := viewer.EncodeGame(eraserboard.Board{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	g := &viewer.Game{Meta: viewer.GameMeta{Header: f.Header, Frames: f.Count}, Record: rec, Board: eraserboard.Board{}}
	const k, cell = 7, 5
	var buf bytes.Buffer
	if err := g.WritePNG(&buf, k, cell); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != eraserboard.Width*cell || img.Bounds().Dy() != eraserboard.Height*cell {
		t.Fatalf("image %v", img.Bounds())
	}
	s, _ := eraser.New(erasergame.RulesConfig(rec.Config), erasergame.BoardSeed(rec.Seed))
	sws, _ := erasergame.DecodeSwaps(rec.Moves)
	for _, sw := range sws[:k] {
		s.Move(sw)
	}
	big := 4 * cell
	for x := range eraser.Size {
		for y := range eraser.Size {
			got := color.RGBAModel.Convert(img.At(x*big+big/2, (eraserboard.ReserveRows*4+1)*cell+(5-y)*big+big/2)).(color.RGBA)
			if want := hex(eraserboard.Palette[s.At(x, y)]); got != want {
				t.Fatalf("cell (%d, %d): %v, rules %v (%v)", x, y, got, want, s.At(x, y))
			}
		}
	}
}

func hex(s string) color.RGBA {
	v, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

// TestParseSwap: the page's swaps, and what the server refuses.
func TestParseSwap(t *testing.T) {
	if sw, err := eraserboard.ParseSwap("2131"); err != nil || sw != (eraser.Swap{X1: 2, Y1: 1, X2: 3, Y2: 1}) {
		t.Fatalf("2131: %v %v", sw, err)
	}
	for _, bad := range []string{"", "213", "21311", "2133", "5565", "a131", "up"} {
		if err := (eraserboard.Board{}).CheckInput(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestHuman: the person's swaps are the moves played; stopped, it plays
// the first operation offered.
func TestHuman(t *testing.T) {
	in := make(chan string, 4)
	stop := make(chan struct{})
	in <- "0010"
	in <- "bad" // ignored: the next word is taken
	in <- "5554"
	cfg := erasergame.Config{Config: eraser.DefaultConfig()}
	cfg.MaxTurn = 3
	_, b := bots(t)
	go func() {
		for len(in) > 0 { // the last word taken, the person stops
			time.Sleep(time.Millisecond)
		}
		close(stop)
	}()
	rec := play(t, eraserboard.Board{}.Human(in, false, stop), b, cfg, 4, nil)
	if got := string(rec.Moves); got[0:4] != "0010" || got[8:12] != "5554" {
		t.Fatalf("moves %q: the person's were 0010 and 5554", got)
	}
	s, _ := eraser.New(erasergame.RulesConfig(rec.Config), erasergame.BoardSeed(rec.Seed))
	sws, _ := erasergame.DecodeSwaps(rec.Moves)
	for _, sw := range sws[:4] {
		s.Move(sw)
	}
	if ops := s.Ops(nil); len(ops) > 0 && sws[4] != ops[0] {
		t.Fatalf("stopped, the person played %v; the first operation is %v", sws[4], ops[0])
	}
}

// TestGIF: an animation of the first frames, one image a frame, the first
// the size of the board.
func TestGIF(t *testing.T) {
	rec := gifGame(t)
	f, err := viewer.EncodeGame(eraserboard.Board{}, rec)
	if err != nil {
		t.Fatal(err)
	}
	g := &viewer.Game{Meta: viewer.GameMeta{Header: f.Header, Frames: f.Count}, Record: rec, Board: eraserboard.Board{}}
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
	a, b := bots(t)
	return play(t, a, b, erasergame.Game{}.DefaultConfig(), 12, nil)
}
