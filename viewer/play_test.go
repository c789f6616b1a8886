package viewer_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/game"
	paperioboard "github.com/paperio/paperio/games/paperio/board"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/tourney"
	"github.com/paperio/paperio/viewer"
)

func post(t *testing.T, u, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(u, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func startPlay(t *testing.T, ts string, req viewer.PlayRequest) int64 {
	t.Helper()
	b, _ := json.Marshal(req)
	resp, err := http.Post(ts+"/api/play", "application/json", strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ N int64 }
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&out) != nil {
		t.Fatalf("start: %s", resp.Status)
	}
	return out.N
}

// recorded waits for the recording folder's game number i.
func recorded(t *testing.T, dir string, i int) *replay.Game {
	t.Helper()
	for range 200 {
		if gs, err := replay.ReadAll(filepath.Join(dir, viewer.RecordFile)); err == nil && len(gs) > i {
			return gs[i]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the game was not recorded")
	return nil
}

// TestPlayTurnBased: a person moving first against a bot; each key is one
// move, turned into the action that takes the head that way; the game is
// recorded and joins the index.
func TestPlayTurnBased(t *testing.T) {
	rec := t.TempDir()
	srv, ts := newServer(t, viewer.Options{Record: rec, Config: smallBoard})
	n := startPlay(t, ts.URL, viewer.PlayRequest{Side: 1, Opponent: "goround", Seed: 4})
	keys := strings.Fields("up up up left left left down down down down right right right right right up up up up up up up up")
	sent := 0
	for _, k := range keys {
		resp := post(t, fmt.Sprintf("%s/api/play/%d/key", ts.URL, n), `{"key":"`+k+`"}`)
		if resp.StatusCode == http.StatusNotFound {
			break // the game is over
		}
		if resp.StatusCode != http.StatusNoContent {
			t.Fatalf("key: %s", resp.Status)
		}
		sent++
		time.Sleep(5 * time.Millisecond)
	}
	post(t, fmt.Sprintf("%s/api/play/%d/key", ts.URL, n), `{"key":"sideways"}`)
	g := recorded(t, rec, 0)
	if g.Players != [2]string{paperioboard.HumanSpec, "goround"} {
		t.Fatalf("players %v", g.Players)
	}
	s, err := g.Start()
	if err != nil {
		t.Fatal(err)
	}
	human := 0
	for i, a := range []byte(g.Actions) {
		if i%2 == 0 {
			_, _, d := s.Head(0)
			if want := paperioboard.Turn(d, keys[human]); paperio.Action(a) != want {
				t.Fatalf("move %d: key %s facing %d gives %c, recorded %c", human, keys[human], d, want, a)
			}
			human++
		}
		s.Step(paperio.Action(a))
	}
	if human == 0 || human > sent || !s.Over() {
		t.Fatalf("%d moves of the person for %d keys; over %v", human, sent, s.Over())
	}
	// The game joins the index just after its file is written.
	for end := time.Now().Add(2 * time.Second); srv.Sources()[0].Games != 1 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if srv.Sources()[0].Games != 1 {
		t.Fatalf("the recording is not in the index: %+v", srv.Sources())
	}
}

// TestPlayClockAndStream: on a clock the game goes on without keys, a move
// every N ms, and the page's stream of it ends on the recorded game.
func TestPlayClockAndStream(t *testing.T) {
	rec := t.TempDir()
	_, ts := newServer(t, viewer.Options{Record: rec, Config: smallBoard})
	begin := time.Now()
	n := startPlay(t, ts.URL, viewer.PlayRequest{Side: 2, Opponent: "random", Clock: 20, Seed: 9})
	var frames []byte
	var chunks [][]byte
	var end struct{ Result string }
	sseEvents(t, fmt.Sprintf("%s/api/live/game/%d/stream", ts.URL, n), func(ev, data string) bool {
		switch ev {
		case "start":
			var st struct{ Frames string }
			json.Unmarshal([]byte(data), &st)
			frames, _ = base64.StdEncoding.DecodeString(st.Frames)
		case "more":
			b, _ := base64.StdEncoding.DecodeString(data)
			chunks = append(chunks, b)
		case "end":
			json.Unmarshal([]byte(data), &end)
			return true
		}
		return false
	})
	took := time.Since(begin)
	g := recorded(t, rec, 0)
	for i, a := range g.Actions {
		if i%2 == 1 && a != 'S' {
			t.Fatalf("the person pressed no key but move %d is %c", i, a)
		}
	}
	if min := time.Duration(len(g.Actions)-1) * 20 * time.Millisecond; took < min {
		t.Fatalf("%d moves in %v: faster than one every 20 ms", len(g.Actions), took)
	}
	// The stream's frames, put together, end where the replay ends.
	blob := joinStream(t, frames, chunks)
	d := decodeBlob(t, blob)
	s, _ := g.Start()
	for _, a := range g.Actions {
		s.Step(paperio.Action(a))
	}
	if len(d.states) != len(g.Actions)+1 || string(d.states[len(d.states)-1]) != string(expectState(s)) {
		t.Fatalf("stream: %d frames; the game has %d moves", len(d.states), len(g.Actions))
	}
	if !strings.Contains(end.Result, "wins") {
		t.Fatalf("end %q", end.Result)
	}
}

// joinStream makes one blob of a stream's first blob and later chunks.
func joinStream(t *testing.T, first []byte, chunks [][]byte) []byte {
	d := decodeBlob(t, first)
	n := len(d.states)
	var body []byte
	for _, c := range chunks {
		k, w := readUvarint(c)
		n += k
		body = append(body, c[w:]...)
	}
	// Rewrite the frame count of the first blob's header.
	_, w0 := readUvarint(first)
	_, w1 := readUvarint(first[w0:])
	out := append([]byte(nil), first[:w0]...)
	out = appendUvarint(out, n)
	out = append(out, first[w0+w1:]...)
	return append(out, body...)
}

func readUvarint(b []byte) (int, int) {
	x, s := 0, 0
	for i, c := range b {
		x |= int(c&127) << s
		if c < 128 {
			return x, i + 1
		}
		s += 7
	}
	return 0, 0
}

func appendUvarint(b []byte, v int) []byte {
	for v >= 128 {
		b = append(b, byte(v)|128)
		v >>= 7
	}
	return append(b, byte(v))
}

// TestLiveTournament: a tournament's games join the live index as they
// finish, its status shows standings, and every game opens.
func TestLiveTournament(t *testing.T) {
	live := viewer.NewLive("test", paper, smallBoard)
	_, ts := newServer(t, viewer.Options{Live: live})
	o := tournamentOptions(t)
	o.Watch, o.OnEvent = live.Watch, live.Event
	watched := 0
	w := o.Watch
	o.Watch = func(k string, i int, p [2]string) game.Watcher { watched++; return w(k, i, p) }
	rep, err := tourney.Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	live.End()
	played := 0
	for _, p := range rep.Played {
		played += len(p.Result.Games)
	}
	st := live.Status()
	if st.Games != int64(played) || watched != played || len(st.Standings) != 1 || len(st.Standings[0].Rows) != 3 || len(st.Playing) != 0 || !st.Over {
		t.Fatalf("status after %d games (%d watched): %+v", played, watched, st)
	}
	// The run's clock stops when it ends.
	time.Sleep(20 * time.Millisecond)
	if again := live.Status(); again.Elapsed != st.Elapsed || st.Elapsed <= 0 {
		t.Errorf("the clock goes on after the run: %v s, then %v s", st.Elapsed, again.Elapsed)
	}
	var p viewer.Page
	getJSON(t, fmt.Sprintf("%s/api/games?src=%d&limit=500", ts.URL, st.Src), &p)
	if p.Matched != played {
		t.Fatalf("%d games in the live index, %d played", p.Matched, played)
	}
	for _, r := range p.Rows {
		var m viewer.GameMeta
		getJSON(t, fmt.Sprintf("%s/api/game/%d/%d", ts.URL, r.Src, r.ID), &m)
		if m.Frames != r.Length+1 {
			t.Fatalf("game %d: %d frames for %d half-steps", r.ID, m.Frames, r.Length)
		}
	}
	sseEvents(t, ts.URL+"/api/live/events", func(ev, data string) bool {
		var s viewer.LiveStatus
		json.Unmarshal([]byte(data), &s)
		if ev != "status" || s.Games != int64(played) || len(s.Finished) == 0 {
			t.Fatalf("event %s: %.200s", ev, data)
		}
		return true
	})
}

// TestLiveSelfPlay: a self-play run's games are watched and join the
// live index; its progress shows.
func TestLiveSelfPlay(t *testing.T) {
	live := viewer.NewLive("sp", paper, smallBoard)
	srv, _ := newServer(t, viewer.Options{Live: live})
	prog := &selfplay.Progress{}
	live.SelfPlayProgress(prog)
	plan := selfplay.Plan{Game: "paperio", Seed: 3, Games: 20, ChunkGames: 4, Settings: smallBoard.Encode(),
		Pairs: selfplay.AllPairs([]string{"goround", "random"})}
	var moves atomic.Int64
	watched, plain := t.TempDir(), t.TempDir()
	_, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: watched, Workers: 2, Progress: prog,
		Entrant: func(spec string) (*game.Entrant, error) { return paper.Entrant(spec, game.PlayerOptions{}) },
		Watch:   live.SelfPlayWatch,
		OnGame: func(id int64, p1, p2 string, r *game.Record) {
			moves.Add(int64(len(r.Moves)))
			live.SelfPlayGame(id, p1, p2, r)
		}})
	if err != nil {
		t.Fatal(err)
	}
	// Watching changes nothing in what the run writes.
	_, err = selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: plain, Workers: 1,
		Entrant: func(spec string) (*game.Entrant, error) { return paper.Entrant(spec, game.PlayerOptions{}) }})
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"games", "turns"} {
		files, _ := filepath.Glob(filepath.Join(plain, table, "*.parquet"))
		for _, f := range files {
			a, _ := os.ReadFile(f)
			b, err := os.ReadFile(filepath.Join(watched, table, filepath.Base(f)))
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("%s differs when the run is watched", filepath.Join(table, filepath.Base(f)))
			}
		}
		if len(files) != 5 {
			t.Fatalf("%d %s files", len(files), table)
		}
	}
	st := live.Status()
	if st.Games != 20 || st.Total != 20 || srv.Sources()[0].Games != 20 || len(st.Playing) != 0 || moves.Load() == 0 {
		t.Fatalf("status %+v, sources %+v", st, srv.Sources())
	}
}

// TestPlayExecOpponent: a program named when the server starts may be the
// opponent of the play page; one that was not named is refused.
func TestPlayExecOpponent(t *testing.T) {
	rec := t.TempDir()
	bot, _ := filepath.Abs("../examples/bots/python/goround.py")
	_, ts := newServer(t, viewer.Options{Record: rec, Config: smallBoard, Opponents: []string{"exec:" + bot}})
	other, _ := filepath.Abs("../execai/testdata/silent.py")
	b, _ := json.Marshal(viewer.PlayRequest{Side: 1, Opponent: "exec:" + other, Clock: 20, Seed: 2})
	if resp := post(t, ts.URL+"/api/play", string(b)); resp.StatusCode/100 != 4 {
		t.Fatalf("an exec: opponent not named at the start: %s", resp.Status)
	}
	b, _ = json.Marshal(viewer.PlayRequest{Side: 1, Opponent: "exec:" + bot, Clock: 20, Seed: 2})
	resp, err := http.Post(ts.URL+"/api/play", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	msg, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("a named exec: opponent: %s: %s", resp.Status, msg)
	}
	var g *replay.Game
	for end := time.Now().Add(time.Minute); g == nil && time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if gs, err := replay.ReadAll(filepath.Join(rec, viewer.RecordFile)); err == nil && len(gs) > 0 {
			g = gs[0]
		}
	}
	if g == nil {
		t.Fatal("the game was not recorded")
	}
	if g.Players != [2]string{paperioboard.HumanSpec, "exec:" + bot} || g.Result.Reason == int(paperio.ERR) || g.Result.Reason == int(paperio.OVT) {
		t.Fatalf("players %v, result %+v", g.Players, g.Result)
	}
}
