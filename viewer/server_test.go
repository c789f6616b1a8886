package viewer_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
	erasergame "github.com/paperio/paperio/games/eraser"
	paperioboard "github.com/paperio/paperio/games/paperio/board"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/viewer"
)

// newServer serves opt on a test server.
func newServer(t *testing.T, opt viewer.Options) (*viewer.Server, *httptest.Server) {
	t.Helper()
	srv, err := viewer.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return srv, ts
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s: %s", u, resp.Status, b)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
}

// brokenPaths are a replay file with a bad line, a self-play folder with
// an unreadable games file, and a path that does not exist.
func brokenPaths(t *testing.T, sp string) (badReplay, badFolder, missing string) {
	dir := t.TempDir()
	badReplay = filepath.Join(dir, "bad.jsonl")
	os.WriteFile(badReplay, []byte("{\"id\": \"x\", not json\n"), 0o644)
	badFolder = filepath.Join(dir, "copy")
	if err := os.CopyFS(badFolder, os.DirFS(sp)); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(badFolder, "games", "*.parquet"))
	os.WriteFile(files[0], []byte("PAR1 this is not parquet"), 0o644)
	return badReplay, badFolder, filepath.Join(dir, "missing")
}

// TestIndex: every kind of path is read (a broken one is listed with its
// error and the rest of the index stands), and the index filters, sorts
// and pages as a plain scan of all rows says it should.
func TestIndex(t *testing.T) {
	sp, tour := fixtures(t)
	badReplay, badFolder, missing := brokenPaths(t, sp)
	srv, ts := newServer(t, viewer.Options{Paths: []string{sp, tour, refFiles[0], badReplay, badFolder, missing}})

	src := srv.Sources()
	kinds := []string{}
	for _, s := range src {
		kinds = append(kinds, s.Kind)
	}
	if fmt.Sprint(kinds) != "[self-play tournament replays replays self-play ]" {
		t.Fatalf("kinds %v", kinds)
	}
	if src[0].Games != 48 || src[2].Games != 32 || src[1].Games == 0 {
		t.Fatalf("games per source: %+v", src)
	}
	if src[3].Error == "" || src[3].Games != 0 || !strings.Contains(src[3].Error, "line 1") {
		t.Fatalf("bad replay file: %+v", src[3])
	}
	if src[4].Games != 40 || !strings.Contains(src[4].Error, "1 of 6 files") {
		t.Fatalf("folder with a bad file: %+v", src[4])
	}
	if src[5].Error == "" {
		t.Fatalf("missing path: %+v", src[5])
	}
	d, err := analysis.Open(sp)
	if err != nil {
		t.Fatal(err)
	}
	want, err := d.Games(analysis.GameColumns...)
	if err != nil {
		t.Fatal(err)
	}

	// Every row, page by page.
	var all []viewer.Row
	for off := 0; ; off += 37 {
		var p viewer.Page
		getJSON(t, fmt.Sprintf("%s/api/games?offset=%d&limit=37", ts.URL, off), &p)
		all = append(all, p.Rows...)
		if len(p.Rows) < 37 {
			if p.Total != len(all) || p.Matched != len(all) {
				t.Fatalf("total %d matched %d, read %d", p.Total, p.Matched, len(all))
			}
			break
		}
	}
	for i, g := range want {
		r := all[i]
		if r.Src != 0 || r.ID != g.ID || r.P1 != g.P1 || r.P2 != g.P2 || r.Length != g.Length || r.Score1 != g.Score1 || r.Score2 != g.Score2 || r.Winner != g.Winner.Code() || r.Reason != g.Reason {
			t.Fatalf("row %d: %+v, the dataset says %+v", i, r, g)
		}
	}

	cases := []url.Values{
		{"player": {"heur"}},
		{"player": {"GOROUND"}, "winner": {"2"}},
		{"winner": {"1"}, "src": {"0"}},
		{"winner": {"heuristic"}, "sort": {"length"}, "desc": {"1"}},
		{"why": {"END"}, "sort": {"score1"}},
		{"lmin": {"30"}, "lmax": {"120"}, "sort": {"p2"}},
		{"src": {"1"}, "sort": {"winner"}},
	}
	for _, q := range cases {
		qq, err := viewer.ParseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		expect := scan(all, qq)
		q.Set("limit", "500")
		var p viewer.Page
		getJSON(t, ts.URL+"/api/games?"+q.Encode(), &p)
		if p.Matched != len(expect) || len(p.Rows) != len(expect) {
			t.Fatalf("%v: %d matched, the scan finds %d", q, p.Matched, len(expect))
		}
		for i := range expect {
			if p.Rows[i].Src != expect[i].Src || p.Rows[i].ID != expect[i].ID {
				t.Fatalf("%v: row %d is %d/%d, the scan says %d/%d", q, i, p.Rows[i].Src, p.Rows[i].ID, expect[i].Src, expect[i].ID)
			}
		}
		if len(expect) == 0 {
			t.Fatalf("%v matches nothing: a weak case", q)
		}
	}
	resp, _ := http.Get(ts.URL + "/api/games?sort=nonsense")
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("a bad sort column: %s", resp.Status)
	}
}

// scan filters and orders rows plainly, as the index should.
func scan(rows []viewer.Row, q viewer.Query) []viewer.Row {
	has := func(part string, texts ...string) bool {
		for _, s := range texts {
			if strings.Contains(strings.ToLower(s), strings.ToLower(part)) {
				return true
			}
		}
		return false
	}
	var out []viewer.Row
	for _, r := range rows {
		switch {
		case q.Src >= 0 && r.Src != q.Src,
			q.Player != "" && !has(q.Player, r.P1, r.P2, r.Spec1, r.Spec2),
			q.Why != "" && r.Why != q.Why,
			r.Length < q.MinLen, q.MaxLen > 0 && r.Length > q.MaxLen:
			continue
		}
		switch w := q.Winner; {
		case w == "":
		case w == "1" || w == "2":
			if fmt.Sprint(r.Winner) != w {
				continue
			}
		case w == "draw":
			if r.Winner != 0 {
				continue
			}
		case r.Winner == 1 && has(w, r.P1, r.Spec1), r.Winner == 2 && has(w, r.P2, r.Spec2):
		default:
			continue
		}
		out = append(out, r)
	}
	key := map[string]func(r viewer.Row) string{
		"id": func(r viewer.Row) string { return "" }, "p2": func(r viewer.Row) string { return r.P2 },
		"winner": func(r viewer.Row) string { return fmt.Sprint(r.Winner) },
		"length": func(r viewer.Row) string { return fmt.Sprintf("%09d", r.Length) },
		"score1": func(r viewer.Row) string { return fmt.Sprintf("%012.2f", r.Score1) },
	}[q.Sort]
	slices.SortStableFunc(out, func(a, b viewer.Row) int {
		c := strings.Compare(key(a), key(b))
		if q.Desc {
			c = -c
		}
		if c == 0 {
			c = a.Src - b.Src
		}
		if c == 0 {
			c = int(a.ID - b.ID)
		}
		return c
	})
	return out
}

// TestGamePages: a game of every kind of source opens; its frames end on
// the recorded areas; an unknown game is a 404.
func TestGamePages(t *testing.T) {
	sp, tour := fixtures(t)
	_, ts := newServer(t, viewer.Options{Paths: []string{sp, tour, refFiles[0]}})
	for _, src := range []int{0, 1, 2} {
		var p viewer.Page
		getJSON(t, fmt.Sprintf("%s/api/games?src=%d&limit=3&sort=length&desc=1", ts.URL, src), &p)
		for _, r := range p.Rows {
			var m viewer.GameMeta
			getJSON(t, fmt.Sprintf("%s/api/game/%d/%d", ts.URL, src, r.ID), &m)
			resp, err := http.Get(fmt.Sprintf("%s/api/game/%d/%d/frames", ts.URL, src, r.ID))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			d := decodeBlob(t, b)
			last := d.values[len(d.values)-1]
			if m.Frames != len(d.states) || m.Frames != r.Length+1 || float64(last[0]) != r.Score1 || float64(last[1]) != r.Score2 {
				t.Fatalf("source %d game %d: %d frames ending %v; the index says length %d, areas %v : %v", src, r.ID, len(d.states), last[:2], r.Length, r.Score1, r.Score2)
			}
			if !strings.Contains(m.Result, "wins") && !strings.Contains(m.Result, "draw") || strings.Contains(m.Result, "player 0") {
				t.Fatalf("result %q", m.Result)
			}
		}
	}
	for _, u := range []string{"/api/game/0/99999", "/api/game/9/0", "/api/game/x/1/frames"} {
		resp, _ := http.Get(ts.URL + u)
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("%s: %s", u, resp.Status)
		}
	}
}

// TestSafety: the server serves its own assets only: path traversal in
// any spelling is refused, a request for another host name is refused on
// loopback, and posts must be JSON from the page's own origin.
func TestSafety(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(secret, []byte("TOP SECRET"), 0o644)
	_, ts := newServer(t, viewer.Options{Paths: []string{refFiles[0]}, Record: t.TempDir(), Loopback: true})
	rel := "../../../../../../../../.." + secret
	bad := []string{
		"/static/../../../../../../etc/passwd",
		"/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
		"/static/..%2f..%2f..%2f..%2fetc%2fpasswd",
		"/static//etc/passwd",
		"/static/%2Fetc%2Fpasswd",
		"/static/" + rel,
		"/static/..%5c..%5cetc%5cpasswd",
		"/static/" + url.PathEscape(secret),
		"/../../etc/passwd",
		"/api/game/0/..%2f..%2f1",
		"/api/game/..%2F..%2Fetc/passwd/frames",
		"/etc/passwd",
		"/" + secret,
	}
	for _, p := range bad {
		req, _ := http.NewRequest("GET", ts.URL+p, nil)
		req.URL.Opaque = p // sent as written, not cleaned by the client
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(b), "root:") || strings.Contains(string(b), "TOP SECRET") || (resp.StatusCode == 200 && !strings.Contains(string(b), "<!DOCTYPE html>")) {
			t.Fatalf("GET %s: %s served %.60q", p, resp.Status, b)
		}
	}
	resp, _ := http.Get(ts.URL + "/static/board.js")
	if resp.StatusCode != 200 {
		t.Fatalf("the page's own script: %s", resp.Status)
	}
	req, _ := http.NewRequest("GET", ts.URL+"/api/sources", nil)
	req.Host = "attacker.example:80"
	resp, _ = http.DefaultClient.Do(req)
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("another host name: %s", resp.Status)
	}
	body := `{"side":1,"opponent":"random","clock":0,"seed":1}`
	req, _ = http.NewRequest("POST", ts.URL+"/api/play", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://attacker.example")
	resp, _ = http.DefaultClient.Do(req)
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a cross-site post: %s", resp.Status)
	}
	resp, _ = http.Post(ts.URL+"/api/play", "text/plain", strings.NewReader(body))
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("a form post: %s", resp.Status)
	}
	resp, _ = http.Post(ts.URL+"/api/play", "application/json", strings.NewReader(`{"side":1,"opponent":"py:/tmp/evil.py","clock":0,"seed":1}`))
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "--opponents") {
		t.Fatalf("a course AI not named on the command line: %s %s", resp.Status, b)
	}
	resp, _ = http.Post(ts.URL+"/api/play", "application/json", strings.NewReader(`{"side":1,"opponent":"policy:/etc/passwd","clock":0,"seed":1}`))
	b, _ = io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "--opponents") {
		t.Fatalf("a policy not named on the command line: %s %s", resp.Status, b)
	}
}

// sseEvents reads server-sent events until stop says so.
func sseEvents(t *testing.T, u string, stop func(event, data string) bool) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<24)
	event := ""
	deadline := time.Now().Add(30 * time.Second)
	for sc.Scan() && time.Now().Before(deadline) {
		line := sc.Text()
		if e, ok := strings.CutPrefix(line, "event: "); ok {
			event = e
		}
		if d, ok := strings.CutPrefix(line, "data: "); ok && stop(event, d) {
			return
		}
	}
	t.Fatalf("%s: the stream ended before its last event", u)
}

// eraserFolder is a self-play folder of a game the viewer has no board for.
func eraserFolder(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "eraser")
	var g erasergame.Game
	plan := selfplay.Plan{Game: g.Name(), Seed: 1, Games: 2, ChunkGames: 2, Settings: g.DefaultConfig().Encode(),
		Pairs: selfplay.AllPairs([]string{"greedy", "random"})}
	_, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: dir, Workers: 1,
		Entrant: func(spec string) (*game.Entrant, error) { return g.Entrant(spec, game.PlayerOptions{}) }})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestHome: "/" leads to the page the server is for (paperio human's play
// page); the index stays at /games.
func TestHome(t *testing.T) {
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, home := range []string{"", "/play"} {
		_, ts := newServer(t, viewer.Options{Record: t.TempDir(), Home: home})
		resp, err := noFollow.Get(ts.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if home == "" && resp.StatusCode != http.StatusOK || home != "" && (resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != home) {
			t.Errorf("home %q: / answers %s, Location %q", home, resp.Status, resp.Header.Get("Location"))
		}
		resp, err = noFollow.Get(ts.URL + "/games")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("home %q: /games answers %s", home, resp.Status)
		}
	}
}

// TestRendererScripts: the app's page loads the renderer of every board
// registered, and the server serves each board's Script at that address;
// a name without a board is a 404.
func TestRendererScripts(t *testing.T) {
	_, ts := newServer(t, viewer.Options{Record: t.TempDir()})
	get := func(p string) (int, string) {
		resp, err := http.Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	_, page := get("/games")
	script := string(paperioboard.Board{}.Script())
	if !strings.Contains(script, "window.Renderers") {
		t.Fatalf("paper.io's Script sets no renderer: %.80q", script)
	}
	const tag = `<script src="/static/games/paperio.js"></script>`
	if !strings.Contains(page, tag) {
		t.Fatalf("the page lacks %s", tag)
	}
	if code, body := get("/static/games/paperio.js"); code != http.StatusOK || body != script {
		t.Fatalf("/static/games/paperio.js: %d, %d bytes, want paper.io's Script (%d bytes)", code, len(body), len(script))
	}
	for _, p := range []string{"/static/games/nogame.js", "/static/games/paperio", "/static/games/"} {
		if code, _ := get(p); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, code)
		}
	}
}
