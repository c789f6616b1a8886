package tables

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/games/paperio/testbot"
)

// played is a game played with a Recorder, and its rows.
type played struct {
	game   Game
	turns  []Turn
	starts [2]paperio.Start
	cfg    paperio.Config
}

func play(t testing.TB, c paperio.Config, seed int64, jitter int) played {
	return playBots(t, c, seed, [2]bots.Bot{testbot.New(jitter), testbot.New(jitter)})
}

func playBots(t testing.TB, c paperio.Config, seed int64, p [2]bots.Bot) played {
	t.Helper()
	starts, err := paperio.RandomStarts(c, seed)
	if err != nil {
		t.Fatal(err)
	}
	var r Recorder
	r.Start(seed)
	s, err := bots.Play(c, starts, p, uint64(seed), func(s *paperio.State, a paperio.Action) { r.Step(s, a) })
	if err != nil {
		t.Fatal(err)
	}
	turns := append([]Turn(nil), r.Finish(s)...)
	return played{GameRow(seed, seed, "a", "b", c, starts, s, r.Actions()), turns, starts, c}
}

// plainHome is the distance from (x, y) to the nearest cell of own, by
// looking at every cell; -1 when there is none.
func plainHome(s *paperio.State, x, y, own int) int32 {
	best := int32(-1)
	for cx := range s.Width() {
		for cy := range s.Height() {
			if s.FieldAt(cx, cy) == own {
				if d := int32(abs(cx-x) + abs(cy-y)); best < 0 || d < best {
					best = d
				}
			}
		}
	}
	return best
}

// plainBand is the distance from player i's nearest band cell to the other
// head, by looking at every cell; -1 when there is none.
func plainBand(s *paperio.State, i int) int32 {
	hx, hy, _ := s.Head(1 - i)
	best := int32(-1)
	for cx := range s.Width() {
		for cy := range s.Height() {
			if s.BandAt(cx, cy) == i+1 {
				if d := int32(abs(cx-hx) + abs(cy-hy)); best < 0 || d < best {
					best = d
				}
			}
		}
	}
	return best
}

func val(p *int32) int32 {
	if p == nil {
		return -1
	}
	return *p
}

// TestRecorderMatchesPlainMethods replays recorded games and checks every
// column of sampled rows against values computed the plain way.
func TestRecorderMatchesPlainMethods(t *testing.T) {
	wild := func(jitter int) bots.Bot { b := testbot.New(jitter); b.Wild = true; return b }
	cases := []struct {
		c     paperio.Config
		bots  func() [2]bots.Bot
		games int64
		every int
	}{
		{paperio.Config{Width: 20, Height: 15, MaxTurns: 400}, func() [2]bots.Bot { return [2]bots.Bot{testbot.New(5), testbot.New(5)} }, 6, 1},
		{paperio.Config{Width: 30, Height: 30, MaxTurns: 600}, func() [2]bots.Bot { return [2]bots.Bot{testbot.New(3), testbot.New(3)} }, 6, 1},
		{paperio.Config{Width: 12, Height: 9, MaxTurns: 100}, func() [2]bots.Bot { return [2]bots.Bot{wild(3), wild(2)} }, 150, 1},
		{paperio.Config{Width: 16, Height: 12, MaxTurns: 30}, func() [2]bots.Bot { return [2]bots.Bot{testbot.New(4), wild(6)} }, 60, 1},
		{paperio.DefaultConfig(), func() [2]bots.Bot { return [2]bots.Bot{testbot.New(40), testbot.New(40)} }, 6, 13},
	}
	rows, homeless, offBoard := 0, 0, 0
	reasons := map[int8]int{}
	for _, tc := range cases {
		for seed := int64(1); seed <= tc.games; seed++ {
			p := playBots(t, tc.c, seed, tc.bots())
			reasons[p.game.Reason]++
			g := p.game
			if int(g.HalfSteps) != len(p.turns) || len(g.Actions) != len(p.turns) {
				t.Fatalf("half_steps %d, %d rows, %d actions", g.HalfSteps, len(p.turns), len(g.Actions))
			}
			last := p.turns[len(p.turns)-1]
			if last.Area1 != g.Area1 || last.Area2 != g.Area2 || !last.Done {
				t.Fatalf("last row %+v does not end game %+v", last, g)
			}
			s, err := paperio.NewGame(tc.c, p.starts)
			if err != nil {
				t.Fatal(err)
			}
			prev := [2]int32{int32(s.Area(0)), int32(s.Area(1))}
			for i, tr := range p.turns {
				a := paperio.Action(g.Actions[i])
				s.Step(a)
				m := i & 1
				x, y, d := s.Head(m)
				x1, y1, _ := s.Head(0)
				x2, y2, _ := s.Head(1)
				ar := [2]int32{int32(s.Area(0)), int32(s.Area(1))}
				want := Turn{
					GameID: g.GameID, HalfStep: int32(i + 1), Player: int8(m + 1), Action: byte(a),
					X: int16(x), Y: int16(y), Dir: int8(d), Area1: ar[0], Area2: ar[1],
					Band1: int32(s.BandLen(0)), Band2: int32(s.BandLen(1)),
					DistHeads: int32(abs(x1-x2) + abs(y1-y2)),
					Gain:      ar[m] - prev[m], Taken: prev[1-m] - ar[1-m],
					Done: i == len(p.turns)-1,
				}
				prev = ar
				if ar[0]+ar[1] > 0 {
					want.Ratio = float32(float64(ar[0]) / float64(ar[0]+ar[1]))
				} else {
					want.Ratio = 0.5
				}
				got := tr
				if got.Outcome != outcomeFor(g.Winner, got.Player) || (got.Done && got.Reward != got.Outcome) || (!got.Done && got.Reward != 0) {
					t.Fatalf("game %d row %d: outcome %d reward %d, winner %d", seed, i, got.Outcome, got.Reward, g.Winner)
				}
				got.Band1ToHead2, got.Band2ToHead1, got.HomeDist1, got.HomeDist2 = nil, nil, nil, nil
				got.Outcome, got.Reward = 0, 0
				if got != want {
					t.Fatalf("%v seed %d row %d:\n got %+v\nwant %+v", tc.c, seed, i, got, want)
				}
				if i%tc.every != 0 && !want.Done {
					continue
				}
				rows++
				if tr.HomeDist1 == nil || tr.HomeDist2 == nil {
					homeless++
				}
				if x < 0 || y < 0 || x >= s.Width() || y >= s.Height() {
					offBoard++
				}
				for j := range 2 {
					hx, hy, _ := s.Head(j)
					gotHome := val([]*int32{tr.HomeDist1, tr.HomeDist2}[j])
					if w := plainHome(s, hx, hy, j+1); gotHome != w {
						t.Fatalf("seed %d row %d: home_dist%d %d, plain %d", seed, i, j+1, gotHome, w)
					}
					gotBand := val([]*int32{tr.Band1ToHead2, tr.Band2ToHead1}[j])
					if w := plainBand(s, j); gotBand != w {
						t.Fatalf("seed %d row %d: band%d_to_head%d %d, plain %d", seed, i, j+1, 2-j, gotBand, w)
					}
				}
			}
		}
	}
	t.Logf("%d rows checked against the plain methods (%d with a player without territory, %d with a head off the board); games by reason %v", rows, homeless, offBoard, reasons)
	if homeless == 0 || offBoard == 0 {
		t.Errorf("no row with a player without territory or with a head off the board: the test does not cover them")
	}
	for _, r := range []paperio.Reason{paperio.WAL, paperio.TAP, paperio.SID, paperio.FAC, paperio.CIT, paperio.END} {
		if reasons[int8(r)] == 0 {
			t.Errorf("no game ended with %v: the test does not cover it", r)
		}
	}
}

func outcomeFor(winner, player int8) int8 {
	switch winner {
	case 0:
		return 0
	case player:
		return 1
	}
	return -1
}

// TestWriteReadBack writes rows with the dataset writers and reads them
// back with parquet-go's reader.
func TestWriteReadBack(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 30, MaxTurns: 500}
	var games []Game
	var turns []Turn
	for seed := int64(1); seed <= 5; seed++ {
		p := play(t, c, seed, 7)
		games = append(games, p.game)
		turns = append(turns, p.turns...)
	}
	var gb, tb bytes.Buffer
	gw, tw := NewGameWriter(&gb), NewTurnWriter(&tb)
	if _, err := gw.Write(games); err != nil {
		t.Fatal(err)
	}
	if _, err := tw.Write(turns); err != nil {
		t.Fatal(err)
	}
	if err := gw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	g2 := readAll[Game](t, gb.Bytes())
	t2 := readAll[Turn](t, tb.Bytes())
	if len(g2) != len(games) || len(t2) != len(turns) {
		t.Fatalf("read %d games %d turns, wrote %d %d", len(g2), len(t2), len(games), len(turns))
	}
	for i := range games {
		if games[i] != g2[i] {
			t.Fatalf("game %d: read %+v, wrote %+v", i, g2[i], games[i])
		}
	}
	for i := range turns {
		a, b := turns[i], t2[i]
		if val(a.Band1ToHead2) != val(b.Band1ToHead2) || val(a.Band2ToHead1) != val(b.Band2ToHead1) ||
			val(a.HomeDist1) != val(b.HomeDist1) || val(a.HomeDist2) != val(b.HomeDist2) {
			t.Fatalf("turn %d: nullable columns differ", i)
		}
		a.Band1ToHead2, a.Band2ToHead1, a.HomeDist1, a.HomeDist2 = nil, nil, nil, nil
		b.Band1ToHead2, b.Band2ToHead1, b.HomeDist1, b.HomeDist2 = nil, nil, nil, nil
		if a != b {
			t.Fatalf("turn %d: read %+v, wrote %+v", i, b, a)
		}
	}
	t.Logf("%d turn rows: %.2f bytes a row", len(turns), float64(tb.Len())/float64(len(turns)))
}

func readAll[T any](t *testing.T, b []byte) []T {
	t.Helper()
	r := parquet.NewGenericReader[T](bytes.NewReader(b))
	defer r.Close()
	out := make([]T, r.NumRows())
	n, err := r.Read(out)
	if err != nil && !errors.Is(err, io.EOF) {
		t.Fatal(err)
	}
	return out[:n]
}

// BenchmarkRecordAndWrite plays full default games, records them and
// writes the rows; it reports rows per second and bytes per row.
func BenchmarkRecordAndWrite(b *testing.B) {
	c := paperio.DefaultConfig()
	var cw countWriter
	tw := NewTurnWriter(&cw)
	rows := 0
	var r Recorder
	p := [2]bots.Bot{testbot.New(50), testbot.New(50)}
	for i := 0; b.Loop(); i++ {
		starts, _ := paperio.RandomStarts(c, int64(i))
		r.Start(int64(i))
		s, _ := bots.Play(c, starts, p, uint64(i), func(s *paperio.State, a paperio.Action) { r.Step(s, a) })
		n, err := tw.Write(r.Finish(s))
		if err != nil {
			b.Fatal(err)
		}
		rows += n
	}
	tw.Close()
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(cw.n)/float64(rows), "B/row")
	b.ReportMetric(float64(rows)/float64(b.N), "rows/game")
}

type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }
