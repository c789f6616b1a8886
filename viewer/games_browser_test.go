//go:build browser

package viewer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	erasergame "github.com/paperio/paperio/games/eraser"
	eraserboard "github.com/paperio/paperio/games/eraser/board"
	stellargame "github.com/paperio/paperio/games/stellar"
	stellarboard "github.com/paperio/paperio/games/stellar/board"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/tourney"
	"github.com/paperio/paperio/viewer"
)

// browser starts chromium on the test server of opt.
func browser(t *testing.T, opt viewer.Options) (*page, *viewer.Server) {
	srv, err := viewer.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	actx, cancel := chromium(t)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(cancel3)
	return &page{t: t, ctx: ctx, url: ts.URL}, srv
}

// rgb is a palette colour as the canvas reads it.
func rgb(hex string) [3]int {
	v, _ := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	return [3]int{int(v >> 16 & 255), int(v >> 8 & 255), int(v & 255)}
}

// pixels reads canvas pixels.
func pixels(p *page, at [][2]int) [][3]int {
	js, _ := json.Marshal(at)
	var got [][3]int
	p.eval(fmt.Sprintf(`return %s.map(([x, y]) => viewer.pixel(x, y))`, js), &got)
	return got
}

// eraserAt is the engine's game of rec after k swaps, with the cascade of
// the k-th.
func eraserAt(t *testing.T, rec *game.Record, k int) (*eraser.State, []eraser.Step) {
	t.Helper()
	seed, err := erasergame.ParseStart(rec.Start)
	if err != nil {
		t.Fatal(err)
	}
	s, err := eraser.New(erasergame.RulesConfig(rec.Config), seed)
	if err != nil {
		t.Fatal(err)
	}
	var steps []eraser.Step
	s.SetStepLog(&steps)
	sws, _ := erasergame.DecodeSwaps(rec.Moves)
	for _, sw := range sws[:k] {
		s.Move(sw)
	}
	return s, steps
}

// checkEraser compares the canvas with the engine at move k: every cell of
// the main board and the reserve rows drawn, and every cell of the boards
// of the move's cascade steps.
func checkEraser(t *testing.T, p *page, rec *game.Record, k int) {
	t.Helper()
	s, steps := eraserAt(t, rec, k)
	var cell int
	p.eval(`return viewer.cell`, &cell)
	var at [][2]int
	var want [][3]int
	big := 4 * cell
	for x := range eraser.Size {
		for y := range eraser.Size + eraserboard.ReserveRows {
			py := (eraserboard.ReserveRows - 1 - (y - eraser.Size)) * big
			if y < eraser.Size {
				py = (eraserboard.ReserveRows*4+1)*cell + (5-y)*big
			}
			at = append(at, [2]int{x*big + big/2, py + big/2})
			want = append(want, rgb(eraserboard.Palette[s.At(x, y)]))
		}
	}
	if k > 0 {
		for i, st := range steps[:min(len(steps), eraserboard.MaxSteps)] {
			bx, by := 26+7*((i+1)/5), 7*((i+1)%5)
			for x := range eraser.Size {
				for y := range eraser.Size {
					at = append(at, [2]int{(bx+x)*cell + cell/2, (by+5-y)*cell + cell/2})
					want = append(want, rgb(eraserboard.Palette[st.Main[6*x+y]]))
				}
			}
		}
	}
	got := pixels(p, at)
	for i := range at {
		if got[i] != want[i] {
			t.Fatalf("move %d, pixel %v: canvas %v, engine %v", k, at[i], got[i], want[i])
		}
	}
	t.Logf("move %d: %d cells match the engine (main board, reserve and %d cascade steps)", k, len(at), len(steps))
}

// stellarAt is the engine's game of rec after k turns.
func stellarAt(t *testing.T, rec *game.Record, k int) *stellar.State {
	t.Helper()
	s, err := stellargame.StartState(rec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := stellargame.TurnStream(rec.Moves)
	if err != nil {
		t.Fatal(err)
	}
	for range k {
		ans, n, err := stellargame.NextTurn(b)
		if err != nil {
			t.Fatal(err)
		}
		s.StepAnswers(ans[0], ans[1], nil)
		b = b[n:]
	}
	return s
}

// checkStellar compares the colour at the centre of every node with its
// owner in the engine at turn k, and the figures with its counts.
func checkStellar(t *testing.T, p *page, rec *game.Record, k int) {
	t.Helper()
	s := stellarAt(t, rec, k)
	var cell int
	p.eval(`return viewer.cell`, &cell)
	xy := stellarboard.Layout(s.Map())
	var at [][2]int
	var want [][3]int
	owned := 0
	for i := 1; i <= s.N(); i++ {
		at = append(at, [2]int{xy[i][0] * cell / 10, xy[i][1] * cell / 10})
		c := stellarboard.Palette[stellarboard.Neutral]
		if o := s.Owner(i); o >= 0 {
			c = stellarboard.Palette[stellarboard.Owner1+o]
			owned++
		}
		want = append(want, rgb(c))
	}
	got := pixels(p, at)
	for i := range at {
		if got[i] != want[i] {
			t.Fatalf("turn %d, node %d at %v: canvas %v, engine owner %d (%v)", k, i+1, at[i], got[i], s.Owner(i+1), want[i])
		}
	}
	n0, n1 := s.NodeCounts()
	if got, want := p.text("#nodes"), fmt.Sprintf("%d : %d", n0, n1); got != want {
		t.Fatalf("turn %d: nodes shown %q, engine %q", k, got, want)
	}
	t.Logf("turn %d: %d nodes match the engine (%d owned)", k, s.N(), owned)
}

// TestBrowserGames: eraser's and stellar's games replay in the browser as
// paper.io's do — boards checked against the engine at chosen frames, the
// scrubber, keys, ?t=, the result, the self-contained page — and a person
// plays each on the board.
func TestBrowserGames(t *testing.T) {
	era, stl := eraserFolder(t), stellarTournament(t)
	rec := filepath.Join(t.TempDir(), "human")
	live := viewer.NewLive("eraser self-play", erasergame.Game{}, erasergame.Game{}.DefaultConfig())
	p, srv := browser(t, viewer.Options{Paths: []string{era, stl}, Live: live})
	_ = rec

	t.Run("eraser", func(t *testing.T) {
		p.t = t
		g, err := viewer.OpenGame(era, "0")
		if err != nil {
			t.Fatal(err)
		}
		n := g.Frames() - 1
		k := n / 2
		p.open(fmt.Sprintf("/game/0/0?t=%d", k))
		p.wait(fmt.Sprintf(`window.viewer && viewer.k === %d`, k), 10*time.Second)
		checkEraser(t, p, g.Record, k)
		p.key(kb.ArrowRight)
		p.wait(fmt.Sprintf(`viewer.k === %d`, k+1), 5*time.Second)
		checkEraser(t, p, g.Record, k+1)
		s, steps := eraserAt(t, g.Record, k+1)
		if got, want := p.text("#scores"), fmt.Sprintf("%d : %d", s.Score(0), s.Score(1)); got != want {
			t.Fatalf("scores shown %q, engine %q", got, want)
		}
		if hs := p.text("#move"); !strings.HasPrefix(hs, fmt.Sprintf("%d of %d", k+1, n)) {
			t.Fatalf("move shown %q", hs)
		}
		sw, _ := s.LastMove()
		if got, want := p.text("#swap"), fmt.Sprintf("(%d, %d) ↔ (%d, %d)", sw.X1, sw.Y1, sw.X2, sw.Y2); got != want {
			t.Fatalf("swap shown %q, engine %q", got, want)
		}
		if len(steps) > 0 && !strings.Contains(p.text("#cascade"), strconv.Itoa(steps[0].Points)) {
			t.Fatalf("cascade shown %q, engine's first step %d points", p.text("#cascade"), steps[0].Points)
		}
		p.screenshot("viewer-eraser.png")
		// The scrubber and the address follow.
		p.eval(`const s = document.getElementById('scrub'); s.value = 3; s.dispatchEvent(new Event('input')); return true;`, nil)
		p.wait(`location.search === '?t=3'`, 5*time.Second)
		checkEraser(t, p, g.Record, 3)
		p.key(kb.End)
		p.wait(fmt.Sprintf(`viewer.k === %d`, n), 5*time.Second)
		checkEraser(t, p, g.Record, n)
		if got := p.text("#result"); got != g.Meta.Result || got == "" {
			t.Fatalf("result shown %q, the game's %q", got, g.Meta.Result)
		}
		var charts int
		p.eval(`return document.querySelectorAll('canvas.chart').length`, &charts)
		if charts != 2 {
			t.Fatalf("%d charts", charts)
		}
	})

	t.Run("eraser html", func(t *testing.T) {
		p.t = t
		g, err := viewer.OpenGame(era, "1")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "eraser.html")
		f, _ := os.Create(path)
		if err := g.WriteHTML(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
		p.run(chromedp.Navigate("file://" + path + "?t=5"))
		p.wait(`window.viewer && viewer.k === 5`, 10*time.Second)
		checkEraser(t, p, g.Record, 5)
	})

	t.Run("stellar", func(t *testing.T) {
		p.t = t
		g, err := viewer.OpenGame(stl, "0")
		if err != nil {
			t.Fatal(err)
		}
		n := g.Frames() - 1
		k := n / 2
		p.open(fmt.Sprintf("/game/1/0?t=%d", k))
		p.wait(fmt.Sprintf(`window.viewer && viewer.k === %d`, k), 10*time.Second)
		checkStellar(t, p, g.Record, k)
		p.key(kb.ArrowRight)
		p.wait(fmt.Sprintf(`viewer.k === %d`, k+1), 5*time.Second)
		checkStellar(t, p, g.Record, k+1)
		// The turn's commands, as the figures list them.
		b, _ := stellargame.TurnStream(g.Record.Moves)
		var ans [2]stellar.Answer
		for range k + 1 {
			a, n, err := stellargame.NextTurn(b)
			if err != nil {
				t.Fatal(err)
			}
			ans, b = a, b[n:]
		}
		for pl, id := range []string{"#sent1", "#sent2"} {
			cs, shown := stellargame.Commands(ans[pl]), p.text(id)
			if len(cs) == 0 && shown != "–" || len(cs) > 0 && !strings.HasPrefix(shown, fmt.Sprintf("%d→%d ", cs[0].From, cs[0].To)) {
				t.Fatalf("turn %d, player %d sent %v; shown %q", k+1, pl+1, cs, shown)
			}
			t.Logf("turn %d, player %d: %d commands, shown %q", k+1, pl+1, len(cs), shown)
		}
		p.screenshot("viewer-stellar.png")
		p.eval(`const s = document.getElementById('scrub'); s.value = 1; s.dispatchEvent(new Event('input')); return true;`, nil)
		p.wait(`location.search === '?t=1'`, 5*time.Second)
		checkStellar(t, p, g.Record, 1)
		p.key(kb.End)
		p.wait(fmt.Sprintf(`viewer.k === %d`, n), 5*time.Second)
		checkStellar(t, p, g.Record, n)
		if got := p.text("#result"); got != g.Meta.Result || got == "" {
			t.Fatalf("result shown %q, the game's %q", got, g.Meta.Result)
		}
	})

	t.Run("stellar html", func(t *testing.T) {
		p.t = t
		g, err := viewer.OpenGame(stl, "1")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "stellar.html")
		f, _ := os.Create(path)
		if err := g.WriteHTML(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
		p.run(chromedp.Navigate("file://" + path + "?t=7"))
		p.wait(`window.viewer && viewer.k === 7`, 10*time.Second)
		checkStellar(t, p, g.Record, 7)
	})

	t.Run("eraser live", func(t *testing.T) {
		p.t = t
		p.open("/live")
		p.wait(`document.getElementById('live-status')`, 10*time.Second)
		g := erasergame.Game{}
		plan := selfplay.Plan{Game: g.Name(), Seed: 2, Games: 2, ChunkGames: 2, Settings: g.DefaultConfig().Encode(),
			Pairs: selfplay.AllPairs([]string{"greedy", "random"})}
		done := make(chan error, 1)
		go func() {
			_, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: filepath.Join(t.TempDir(), "sp"), Workers: 1,
				Entrant: func(spec string) (*game.Entrant, error) { return g.Entrant(spec, game.PlayerOptions{}) },
				Watch: func(id int64, p1, p2 string) game.Watcher {
					return slowerWatcher{live.SelfPlayWatch(id, p1, p2), 20 * time.Millisecond}
				}, OnGame: live.SelfPlayGame})
			done <- err
		}()
		p.wait(`window.viewer && viewer.live && viewer.frames.count > 1`, 30*time.Second)
		var first, later int
		p.eval(`window.followed = viewer.frames; return followed.count`, &first) // the same game later, if another starts meanwhile
		time.Sleep(300 * time.Millisecond)
		p.eval(`return followed.count`, &later)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		live.End()
		t.Logf("a running eraser game grew from %d to %d frames on screen", first, later)
		if later <= first {
			t.Fatalf("the live game did not move: %d then %d frames", first, later)
		}
	})
	_ = srv
}

// slowerWatcher lets a short game last long enough to be watched moving.
type slowerWatcher struct {
	game.Watcher
	d time.Duration
}

func (w slowerWatcher) Move(m []byte) { w.Watcher.Move(m); time.Sleep(w.d) }

// click clicks the board's canvas at pixel (x, y).
func click(p *page, x, y int) {
	p.t.Helper()
	var r struct{ Left, Top float64 }
	p.eval(`const r = viewer.canvas.getBoundingClientRect(); return {left: r.left, top: r.top};`, &r)
	p.run(chromedp.MouseClickXY(r.Left+float64(x)+0.5, r.Top+float64(y)+0.5))
}

// startPlayPage starts a game against opponent on the play page, the
// person moving first.
func startPlayPage(p *page, opponent string) {
	p.open("/play")
	p.wait(`document.getElementById('p-start')`, 10*time.Second)
	p.eval(`document.getElementById('p-opponent').value = '`+opponent+`'; document.getElementById('p-seed').value = '11'; return true;`, nil)
	p.run(chromedp.Click("#p-start"))
	p.wait(`window.viewer && viewer.frames.count === 1 && document.getElementById('p-help')`, 10*time.Second)
}

// TestBrowserPlayEraser: a person plays eraser by clicking two adjacent
// cells; each pair clicked is the swap recorded.
func TestBrowserPlayEraser(t *testing.T) {
	rec := t.TempDir()
	cfg := erasergame.Config{Config: eraser.DefaultConfig()}
	cfg.MaxTurn = 4
	p, _ := browser(t, viewer.Options{Record: rec, Game: erasergame.Game{}, Config: cfg})
	startPlayPage(p, "greedy")
	var cell int
	p.eval(`return viewer.cell`, &cell)
	big := 4 * cell
	centre := func(x, y int) (int, int) {
		return x*big + big/2, (eraserboard.ReserveRows*4+1)*cell + (5-y)*big + big/2
	}
	swaps := [][4]int{{0, 0, 1, 0}, {2, 3, 2, 4}, {5, 5, 4, 5}, {3, 1, 3, 0}}
	for i, sw := range swaps {
		// A click, a click that is not adjacent (it starts again), then the pair.
		x, y := centre(sw[0], sw[1])
		click(p, x, y)
		x, y = centre((sw[0]+3)%6, sw[1])
		click(p, x, y)
		x, y = centre(sw[0], sw[1])
		click(p, x, y)
		x, y = centre(sw[2], sw[3])
		click(p, x, y)
		p.wait(fmt.Sprintf(`viewer.frames.count >= %d || document.getElementById('p-result')`, 2*i+3), 10*time.Second)
		if i == 1 {
			p.screenshot("viewer-play-eraser.png")
		}
	}
	p.wait(`document.getElementById('p-result')`, 10*time.Second)
	var gs []*eraser.Game
	for range 200 {
		if g, err := eraser.ReadAll(filepath.Join(rec, viewer.RecordFile)); err == nil && len(g) > 0 {
			gs = g
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(gs) != 1 || len(gs[0].Moves) != 2*len(swaps) {
		t.Fatalf("recorded %d games (%+v)", len(gs), gs)
	}
	for i, sw := range swaps {
		if got, want := gs[0].Moves[2*i], (eraser.Move{{sw[0], sw[1]}, {sw[2], sw[3]}}); got != want {
			t.Fatalf("move %d of the person: clicked %v, recorded %v", i+1, want, got)
		}
	}
	t.Logf("%d swaps clicked and recorded; result %q", len(swaps), p.text("#p-result"))
}

// TestBrowserPlayStellar: a person plays stellar by clicking a node of its
// own then a neighbour, and sending the turn; the commands are recorded.
func TestBrowserPlayStellar(t *testing.T) {
	rec := t.TempDir()
	cfg := stellarConfig()
	cfg.Turns = 3
	p, _ := browser(t, viewer.Options{Record: rec, Game: stellargame.Game{}, Config: cfg})
	startPlayPage(p, "idle")
	var cell int
	p.eval(`return viewer.cell`, &cell)
	var seed int64 = 11
	s, err := stellargame.StartState(&game.Record{Config: cfg, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	xy := stellarboard.Layout(s.Map())
	at := func(i int) (int, int) { return xy[i][0] * cell / 10, xy[i][1] * cell / 10 }
	base := s.Base(0)
	to := s.Next(base)[0]
	// Turn 1: the base, then a neighbour: half the base's force; turn 2:
	// nothing (Enter); turn 3: the base to the neighbour again.
	x, y := at(base)
	click(p, x, y)
	x, y = at(to)
	click(p, x, y)
	p.wait(`document.getElementById('s-pending').textContent.includes('→')`, 5*time.Second)
	p.screenshot("viewer-play-stellar.png")
	p.run(chromedp.Click("#s-send"))
	p.wait(`viewer.frames.count >= 2`, 10*time.Second)
	p.key(kb.Enter)
	p.wait(`viewer.frames.count >= 3`, 10*time.Second)
	x, y = at(base)
	click(p, x, y)
	x, y = at(to)
	click(p, x, y)
	p.run(chromedp.Click("#s-send"))
	p.wait(`document.getElementById('p-result')`, 10*time.Second)
	var gs []*stellar.Game
	for range 200 {
		if g, err := stellar.ReadAll(filepath.Join(rec, viewer.RecordFile)); err == nil && len(g) > 0 {
			gs = g
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(gs) != 1 {
		t.Fatalf("recorded %d games", len(gs))
	}
	r, err := stellargame.RecordOf(gs[0])
	if err != nil {
		t.Fatal(err)
	}
	b, _ := stellargame.TurnStream(r.Moves)
	want := [][]stellar.Command{{{From: base, To: to, Amount: 50}}, nil, nil}
	s.StepAnswers(stellar.Answer{Cmds: want[0]}, stellar.Answer{Cmds: []stellar.Command{}}, nil)
	s.StepAnswers(stellar.Answer{Cmds: []stellar.Command{}}, stellar.Answer{Cmds: []stellar.Command{}}, nil)
	want[2] = []stellar.Command{{From: base, To: to, Amount: float64(int(float64(float32(s.Force(base, 0)))*50/100*1000)) / 1000}}
	for k := range 3 {
		ans, n, err := stellargame.NextTurn(b)
		if err != nil {
			t.Fatalf("turn %d: %v", k+1, err)
		}
		b = b[n:]
		got := stellargame.Commands(ans[0])
		if fmt.Sprint(got) != fmt.Sprint(want[k]) && !(len(got) == 0 && len(want[k]) == 0) {
			t.Fatalf("turn %d of the person: chose %v, recorded %v", k+1, want[k], got)
		}
	}
	t.Logf("3 turns chosen on the map and recorded (%v); result %q", want, p.text("#p-result"))
}

// TestBrowserLiveStellar: a stellar tournament's games move on the live
// page as they are played, turn by turn.
func TestBrowserLiveStellar(t *testing.T) {
	g := stellargame.Game{}
	cfg := stellarConfig()
	live := viewer.NewLive("stellar round robin", g, cfg)
	p, _ := browser(t, viewer.Options{Live: live, Game: g, Config: cfg})
	p.open("/live")
	p.wait(`document.getElementById('live-status')`, 10*time.Second)
	es, err := game.Entrants(g, game.PlayerOptions{}, "greedy", "rush")
	if err != nil {
		t.Fatal(err)
	}
	o := tourney.Options{Format: tourney.RoundRobin, Players: es, Seed: 4, Workers: 1, OnEvent: live.Event,
		Watch: func(k string, i int, pl [2]string) game.Watcher {
			return slowerWatcher{live.Watch(k, i, pl), 100 * time.Millisecond}
		},
		Series: tourney.SeriesOptions{Game: g, Config: cfg, Games: 2, Budget: time.Second}}
	done := make(chan error, 1)
	go func() { _, err := tourney.Run(context.Background(), o); done <- err }()
	p.wait(`window.viewer && viewer.live && viewer.frames.count > 1`, 30*time.Second)
	var first, later int
	p.eval(`window.followed = viewer.frames; return followed.count`, &first) // the same game later, if another starts meanwhile
	time.Sleep(300 * time.Millisecond)
	p.eval(`return followed.count`, &later)
	var figure string
	p.eval(`return document.getElementById('nodes').textContent`, &figure)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	live.End()
	t.Logf("a running stellar game grew from %d to %d turns on screen (nodes %s)", first, later, figure)
	if later <= first || !strings.Contains(figure, " : ") {
		t.Fatalf("the live game did not move: %d then %d frames; nodes shown %q", first, later, figure)
	}
}
