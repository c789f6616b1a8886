//go:build browser

// The browser tests drive Debian's chromium (CHROMIUM, default
// /usr/bin/chromium) through the DevTools protocol: go test -tags browser
// ./viewer/. With PAPERIO_SCREENSHOTS=DIR (absolute: the test runs in a
// folder of its own) they also save the screenshots
// of docs/.

package viewer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/game"
	paperioboard "github.com/paperio/paperio/games/paperio/board"
	"github.com/paperio/paperio/tourney"
	"github.com/paperio/paperio/viewer"
)

// page is a browser tab on the test server.
type page struct {
	t   *testing.T
	ctx context.Context
	url string
}

func (p *page) run(a chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, a); err != nil {
		p.t.Fatal(err)
	}
}

func (p *page) open(path string) { p.t.Helper(); p.run(chromedp.Navigate(p.url + path)) }

// eval evaluates a script and decodes its JSON value into v.
func (p *page) eval(script string, v any) {
	p.t.Helper()
	out, err := chromedp.Run(p.ctx, chromedp.Evaluate[json.RawMessage]("JSON.stringify((() => { "+script+" })())"))
	if err != nil {
		p.t.Fatalf("%s: %v", script, err)
	}
	var s string
	if err := json.Unmarshal(out, &s); err != nil {
		p.t.Fatalf("%s: %v", script, err)
	}
	if v != nil {
		if err := json.Unmarshal([]byte(s), v); err != nil {
			p.t.Fatalf("%s: %s: %v", script, s, err)
		}
	}
}

// wait waits until a script returns true.
func (p *page) wait(script string, limit time.Duration) {
	p.t.Helper()
	end := time.Now().Add(limit)
	for {
		var ok bool
		p.eval("try { return !!("+script+"); } catch (e) { return false; }", &ok)
		if ok {
			return
		}
		if time.Now().After(end) {
			p.t.Fatalf("waited %v for %s", limit, script)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

func (p *page) key(k string) { p.t.Helper(); p.run(chromedp.KeyEvent(k)) }

func (p *page) text(sel string) string {
	var s string
	p.eval(fmt.Sprintf("return document.querySelector(%q).textContent;", sel), &s)
	return s
}

// screenshot saves the page when PAPERIO_SCREENSHOTS names a folder.
func (p *page) screenshot(name string) {
	dir := os.Getenv("PAPERIO_SCREENSHOTS")
	if dir == "" {
		return
	}
	b, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// slowWatcher lets a live game last long enough to be watched moving.
type slowWatcher struct{ game.Watcher }

func (w slowWatcher) Move(m []byte) { w.Watcher.Move(m); time.Sleep(3 * time.Millisecond) }

// chromium starts the browser (CHROMIUM, default /usr/bin/chromium) with a
// fresh profile and a temporary directory of the test's: the folder it
// makes there for its singleton socket is left when the test's end kills
// it, and goes with the test's folders.
func chromium(t *testing.T) (context.Context, context.CancelFunc) {
	exe := os.Getenv("CHROMIUM")
	if exe == "" {
		exe = "/usr/bin/chromium"
	}
	env := append(os.Environ(), "TMPDIR="+t.TempDir())
	return chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1360, 1000),
		chromedp.Env(env...))
}

func TestBrowser(t *testing.T) {
	sp, tour := fixtures(t)
	big := syntheticDataset(t, 100_000)
	ref, _ := filepath.Abs(refFiles[0])
	// The paths as a user would give them (the page shows them).
	work := t.TempDir()
	era := eraserFolder(t)
	for link, to := range map[string]string{"testdata/public.jsonl.gz": ref, "out/selfplay": sp, "out/tournament": tour, "out/big-selfplay": big, "out/eraser": era} {
		os.MkdirAll(filepath.Join(work, filepath.Dir(link)), 0o755)
		if err := os.Symlink(to, filepath.Join(work, link)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(work)
	rec := "out/human"
	live := viewer.NewLive("round robin", paper, smallBoard)
	srv, err := viewer.New(viewer.Options{Paths: []string{"testdata/public.jsonl.gz", "out/selfplay", "out/tournament", "out/big-selfplay", "out/eraser"}, Record: rec, Config: smallBoard, Live: live})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	t.Logf("server read %d games in %v", srv.Games(), srv.LoadTime())
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	actx, cancel := chromium(t)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	p := &page{t: t, ctx: ctx, url: ts.URL}

	t.Run("index", func(t *testing.T) {
		p.t = t
		p.open("/")
		p.wait(`document.querySelectorAll('#games tbody tr').length === 50`, 10*time.Second)
		var shown float64
		p.eval("return window.indexShownAt", &shown)
		t.Logf("index of %d games shown %.0f ms after the page's script started", srv.Games(), shown)
		if info := p.text("#pageinfo"); !strings.Contains(info, fmt.Sprintf("of %d games", srv.Games())) {
			t.Fatalf("page info %q", info)
		}
		p.screenshot("viewer-index.png")
		p.run(chromedp.Click(`th[data-key="length"]`))
		p.wait(`document.querySelector('th[data-key="length"]').textContent.includes('▲')`, 5*time.Second)
		p.run(chromedp.Click(`th[data-key="length"]`))
		p.wait(`document.querySelector('th[data-key="length"]').textContent.includes('▼')`, 5*time.Second)
		var lengths []string
		p.eval(`return [...document.querySelectorAll('#games tbody tr td:nth-child(6)')].map(td => td.textContent)`, &lengths)
		if lengths[0] != "4000" {
			t.Fatalf("longest game first: %v", lengths[:3])
		}
	})

	t.Run("game", func(t *testing.T) {
		p.t = t
		gs, err := replay.ReadAll(ref)
		if err != nil {
			t.Fatal(err)
		}
		const k = 1500
		p.open(fmt.Sprintf("/game/0/2?t=%d", k))
		p.wait(`window.viewer && window.viewer.k === 1500`, 10*time.Second)
		checkBoard(t, p, gs[2], k)
		// The result shows from the first frame on, in RULES.md's words.
		var early viewer.GameMeta
		p.eval(`return viewer.meta`, &early)
		if got := p.text("#result"); got != early.Result || !strings.Contains(got, "wins") || strings.Contains(got, "player 0") {
			t.Fatalf("result shown at half-step %d: %q, the game's %q", k, got, early.Result)
		}
		p.key(kb.ArrowRight)
		p.wait(`viewer.k === 1501`, 5*time.Second)
		if hs := p.text("#halfstep"); !strings.HasPrefix(hs, "1501 of 4000") {
			t.Fatalf("half-step shown %q", hs)
		}
		checkBoard(t, p, gs[2], k+1)
		p.screenshot("viewer-game.png")
		// Scrub: the worst of 300 jumps to random frames, drawn.
		var times []float64
		p.eval(`const out = []; const s = document.getElementById('scrub');
			for (let i = 0; i < 300; i++) { const k = Math.floor(Math.random() * 4001); const t0 = performance.now();
			s.value = k; s.dispatchEvent(new Event('input')); out.push(performance.now() - t0); } return out;`, &times)
		slices.Sort(times)
		pct := func(q float64) float64 { return times[int(q*float64(len(times)-1))] }
		t.Logf("scrubbing, 300 jumps to random frames, each drawn: median %.1f ms, 95th percentile %.1f ms, 99th %.1f ms, worst %.1f ms", pct(0.5), pct(0.95), pct(0.99), pct(1))
		// After random jumps the board is drawn afresh where it changed:
		// back at k it must match the engine again.
		p.eval(fmt.Sprintf(`const s = document.getElementById('scrub'); s.value = %d; s.dispatchEvent(new Event('input')); return true;`, k), nil)
		checkBoard(t, p, gs[2], k)
		p.key(kb.End)
		p.wait(`viewer.k === 4000`, 5*time.Second)
		s, _ := gs[2].Start()
		for _, a := range gs[2].Actions {
			s.Step(paperio.Action(a))
		}
		if got, want := p.text("#areas"), fmt.Sprintf("%d : %d", s.Area(0), s.Area(1)); got != want {
			t.Fatalf("final areas shown %q, engine %q", got, want)
		}
		var m viewer.GameMeta
		p.eval(`return viewer.meta`, &m)
		if got := p.text("#result"); got != m.Result || !strings.Contains(got, "wins") {
			t.Fatalf("result shown %q, the game's %q", got, m.Result)
		}
	})

	t.Run("html", func(t *testing.T) {
		p.t = t
		g, err := viewer.OpenGame(ref, "2")
		if err != nil {
			t.Fatal(err)
		}
		path, _ := filepath.Abs("game.html")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.WriteHTML(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
		gs, _ := replay.ReadAll(ref)
		p.run(chromedp.Navigate("file://" + path + "?t=2222"))
		p.wait(`window.viewer && viewer.k === 2222`, 10*time.Second)
		checkBoard(t, p, gs[2], 2222)
		if got := p.text("#result"); got != g.Meta.Result || !strings.HasPrefix(got, "player ") || strings.Contains(got, "player 0") {
			t.Fatalf("self-contained page's result at half-step 2222: %q, the game's %q", got, g.Meta.Result)
		}
	})

	t.Run("play", func(t *testing.T) {
		p.t = t
		p.open("/play")
		p.wait(`document.getElementById('p-start')`, 10*time.Second)
		p.eval(`document.getElementById('p-opponent').value = 'goround'; document.getElementById('p-seed').value = '4'; return true;`, nil)
		p.run(chromedp.Click("#p-start"))
		p.wait(`window.viewer && viewer.frames.count === 1`, 10*time.Second)
		keys := []string{kb.ArrowUp, kb.ArrowUp, "a", "a", kb.ArrowLeft, kb.ArrowDown, "s", kb.ArrowDown, kb.ArrowRight, "d", kb.ArrowRight, kb.ArrowRight, kb.ArrowUp, "w", kb.ArrowUp, kb.ArrowUp, kb.ArrowUp, kb.ArrowUp, kb.ArrowUp, kb.ArrowUp}
		names := map[string]string{kb.ArrowUp: "up", "w": "up", kb.ArrowDown: "down", "s": "down", kb.ArrowLeft: "left", "a": "left", kb.ArrowRight: "right", "d": "right"}
		pressed := 0
		for i, k := range keys {
			var over bool
			p.eval(`return !!document.getElementById('p-result')`, &over)
			if over {
				break
			}
			p.key(k)
			pressed++
			// The person's move and the bot's answer, before the next key.
			p.wait(fmt.Sprintf(`viewer.frames.count >= %d || document.getElementById('p-result')`, 2*i+3), 5*time.Second)
			if i == 6 {
				p.screenshot("viewer-play.png")
			}
		}
		p.wait(`document.getElementById('p-result') || true`, time.Second)
		g := recordedAfter(t, rec, pressed)
		s, _ := g.Start()
		human := 0
		for i, a := range []byte(g.Actions) {
			if i%2 == 0 {
				_, _, d := s.Head(0)
				if want := paperioboard.Turn(d, names[keys[human]]); paperio.Action(a) != want {
					t.Fatalf("move %d: key %s facing %d gives %c, recorded %c", human, names[keys[human]], d, want, a)
				}
				human++
			}
			s.Step(paperio.Action(a))
		}
		t.Logf("played %d keys; the recorded game has %d moves of the person (%s)", pressed, human, g.Actions)
		if human == 0 {
			t.Fatal("no move of the person recorded")
		}
	})

	t.Run("live", func(t *testing.T) {
		p.t = t
		p.open("/live")
		p.wait(`document.getElementById('live-status')`, 10*time.Second)
		o := tournamentOptions(t)
		o.OnEvent = live.Event
		o.Watch = func(k string, i int, pl [2]string) game.Watcher { return slowWatcher{live.Watch(k, i, pl)} }
		done := make(chan error, 1)
		go func() { _, err := tourney.Run(context.Background(), o); done <- err }()
		p.wait(`window.viewer && viewer.live && viewer.frames.count > 1`, 20*time.Second)
		var first, later int
		p.eval(`window.followed = viewer.frames; return followed.count`, &first) // the same game later, if another starts meanwhile
		time.Sleep(300 * time.Millisecond)
		p.eval(`return followed.count`, &later)
		p.screenshot("viewer-live.png")
		p.wait(`document.querySelectorAll('#finished li').length > 0`, 20*time.Second)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		live.End()
		p.wait(`document.getElementById('live-title').textContent.includes('(over)')`, 10*time.Second)
		ended := p.text("#live-elapsed")
		time.Sleep(1500 * time.Millisecond)
		if again := p.text("#live-elapsed"); again != ended || !strings.HasPrefix(ended, "over after ") {
			t.Fatalf("the run's clock after its end: %q, then %q", ended, again)
		}
		t.Logf("a running game grew from %d to %d frames on screen; finished games listed: %s", first, later, p.text("#finished"))
		if later <= first {
			t.Fatalf("the live game did not move: %d then %d frames", first, later)
		}
	})
}

// checkBoard compares the canvas at the centre of many cells with the
// engine's state of game g at half-step k.
func checkBoard(t *testing.T, p *page, g *replay.Game, k int) {
	t.Helper()
	s, _ := g.Start()
	var prev *paperio.State
	for i := 0; i < k; i++ {
		prev = s.Clone()
		s.Step(paperio.Action(g.Actions[i]))
	}
	var cells [][2]int
	var want []color.RGBA
	kinds := map[string]int{}
	for x := 0; x < s.Width(); x += 3 {
		for y := x % 2; y < s.Height(); y += 2 {
			if c, ok := cellColour(s, prev, x, y); ok {
				cells, want = append(cells, [2]int{x, y}), append(want, c)
				kinds[fmt.Sprint(s.FieldAt(x, y), s.BandAt(x, y))]++
			}
		}
	}
	for i := range 2 { // the heads
		x, y, _ := s.Head(i)
		c, _ := cellColour(s, prev, x, y)
		cells, want = append(cells, [2]int{x, y}), append(want, c)
	}
	js, _ := json.Marshal(cells)
	var got [][3]int
	p.eval(fmt.Sprintf(`return %s.map(([x, y]) => viewer.cellPixel(x, y))`, js), &got)
	for i, c := range cells {
		if w := want[i]; got[i] != [3]int{int(w.R), int(w.G), int(w.B)} {
			t.Fatalf("half-step %d, cell %v: canvas %v, engine says %v", k, c, got[i], w)
		}
	}
	t.Logf("half-step %d: %d cells match the engine (territory/band kinds %v, both heads)", k, len(cells), kinds)
}

// recordedAfter waits for the person's game in the recording folder.
func recordedAfter(t *testing.T, dir string, _ int) *replay.Game {
	return recorded(t, dir, 0)
}

// TestBrowserHuman: paperio human's server opens on its play page, with
// the opponent's whole name in view.
func TestBrowserHuman(t *testing.T) {
	long := "py:/home/someone/courses/data-structures/paperio/final-round/t_team_with_a_long_name.py"
	srv, err := viewer.New(viewer.Options{Record: t.TempDir(), Config: smallBoard, Opponents: []string{long},
		Suggest: viewer.PlayRequest{Side: 1, Opponent: long}, Home: "/play"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	actx, cancel := chromium(t)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	p := &page{t: t, ctx: ctx, url: ts.URL}
	p.open("/")
	p.wait(`document.getElementById('p-opponent')`, 10*time.Second)
	var got struct {
		Path, Value   string
		Scroll, Width int
	}
	p.eval(`const i = document.getElementById('p-opponent');
		return {path: location.pathname, value: i.value, scroll: i.scrollWidth, width: i.clientWidth};`, &got)
	if got.Path != "/play" || got.Value != long || got.Scroll > got.Width {
		t.Fatalf("first page %s, opponent %q in %d of %d pixels", got.Path, got.Value, got.Width, got.Scroll)
	}
}
