package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/viewer"
)

// TestEveryGameSelfPlayShows: for every registered game, a small self-play
// folder written by the selfplay command renders game 1 as PNG, GIF and
// HTML, opens in the viewer (its index, each game's page, meta and frames,
// the same frames as the HTML's), and the same run played under the live
// view shows each game as it is played and in the live index, frame for
// frame as the folder does.
func TestEveryGameSelfPlayShows(t *testing.T) {
	names := game.Names()
	if len(names) < 2 {
		t.Fatalf("games registered: %v", names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			g, err := game.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			board, err := viewer.BoardOf(name)
			if err != nil {
				t.Fatalf("the viewer has no board: %v", err)
			}
			dir := t.TempDir()
			data := filepath.Join(dir, "selfplay")
			if code, out, errs := runCLI(t, "selfplay", "--game", name, "--games", "2", "--seed", "3", "--workers", "1", "--quiet", "--out", data); code != 0 {
				t.Fatalf("selfplay: exit %d: %s %s", code, out, errs)
			}
			frames := checkRender(t, name, data, dir, board.Script())
			folder := checkFolderView(t, name, data, frames)
			checkLiveView(t, g, folder)
		})
	}
}

// checkRender renders game 1 of the folder as each kind of file and checks
// each; it returns the frames of the HTML page.
func checkRender(t *testing.T, name, data, dir string, script []byte) []byte {
	t.Helper()
	read := func(ext string, more ...string) []byte {
		t.Helper()
		out := filepath.Join(dir, "game1."+ext)
		args := append([]string{"render", "--data", data, "--id", "1", "--out", out}, more...)
		if code, stdout, errs := runCLI(t, args...); code != 0 || !strings.HasPrefix(stdout, out) {
			t.Fatalf("%v: exit %d: %q %q", args, code, stdout, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	b := read("png")
	if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("png: starts % x", b[:min(8, len(b))])
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("png: %v", err)
	}
	if r := img.Bounds(); r.Dx() < 50 || r.Dy() < 50 || colours(img) < 3 {
		t.Fatalf("png: %v with %d colours", r, colours(img))
	}

	b = read("gif")
	if !bytes.HasPrefix(b, []byte("GIF89a")) {
		t.Fatalf("gif: starts % x", b[:min(6, len(b))])
	}
	anim, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gif: %v", err)
	}
	if n := len(anim.Image); n < 2 || bytes.Equal(anim.Image[0].Pix, anim.Image[n-1].Pix) {
		t.Fatalf("gif: %d frames, the last the same as the first", n)
	}

	b = read("html")
	const open, end = "window.STATIC_GAME = ", ";</script>"
	_, rest, ok := bytes.Cut(b, []byte(open))
	js, _, ok2 := bytes.Cut(rest, []byte(end))
	if !bytes.HasPrefix(b, []byte("<!DOCTYPE html>")) || !ok || !ok2 || !bytes.Contains(b, script) {
		t.Fatalf("html: not a page with its game and %s's renderer (%d bytes)", name, len(b))
	}
	var page struct {
		Meta   viewer.GameMeta `json:"meta"`
		Frames string          `json:"frames"`
	}
	if err := json.Unmarshal(js, &page); err != nil {
		t.Fatalf("html: its game: %v", err)
	}
	f, err := base64.StdEncoding.DecodeString(page.Frames)
	if err != nil || page.Meta.Game != name || page.Meta.Row.ID != 1 || page.Meta.Frames < 2 || len(f) == 0 {
		t.Fatalf("html: game %q id %d, %d frames in %d bytes: %v", page.Meta.Game, page.Meta.Row.ID, page.Meta.Frames, len(f), err)
	}
	return f
}

// colours counts the distinct colours of an image.
func colours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c0, c1, c2, c3 := img.At(x, y).RGBA()
			seen[[4]uint32{c0, c1, c2, c3}] = true
		}
	}
	return len(seen)
}

// checkFolderView opens the folder in the viewer: its two games are
// listed, and each one's page, meta and frames are served; game 1's frames
// are render's. It returns each game's frames by id.
func checkFolderView(t *testing.T, name, data string, rendered []byte) map[int64][]byte {
	t.Helper()
	srv, err := viewer.New(viewer.Options{Paths: []string{data}, Loopback: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if src := srv.Sources(); len(src) != 1 || src[0].Error != "" || srv.Games() != 2 {
		t.Fatalf("sources %+v, %d games", src, srv.Games())
	}
	frames := gameFrames(t, srv.Handler(), name, 2)
	if !bytes.Equal(frames[1], rendered) {
		t.Fatalf("game 1: the viewer's frames (%d bytes) are not render's (%d bytes)", len(frames[1]), len(rendered))
	}
	return frames
}

// gameFrames checks the index of source 0 (want games) and each game's
// page, meta and frames; it returns the frames by game id.
func gameFrames(t *testing.T, h http.Handler, name string, want int) map[int64][]byte {
	t.Helper()
	var p viewer.Page
	if err := json.Unmarshal(get(t, h, "/api/games?src=0", "application/json"), &p); err != nil || len(p.Rows) != want {
		t.Fatalf("index: %d rows, %v", len(p.Rows), err)
	}
	out := map[int64][]byte{}
	for _, r := range p.Rows {
		get(t, h, fmt.Sprintf("/game/0/%d", r.ID), "text/html")
		var m viewer.GameMeta
		if err := json.Unmarshal(get(t, h, fmt.Sprintf("/api/game/0/%d", r.ID), "application/json"), &m); err != nil {
			t.Fatal(err)
		}
		if m.Game != name || m.Row.ID != r.ID || m.Frames < 2 || m.Result == "" {
			t.Fatalf("game %d: %+v", r.ID, m)
		}
		out[r.ID] = get(t, h, fmt.Sprintf("/api/game/0/%d/frames", r.ID), "application/octet-stream")
	}
	return out
}

// get serves a request to the app from a loopback address and checks
// that it is answered 200 with the content type.
func get(t *testing.T, h http.Handler, path, ctype string) []byte {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://127.0.0.1"+path, nil))
	b := rec.Body.Bytes()
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), ctype) {
		t.Fatalf("GET %s: %d %s: %.300s", path, rec.Code, rec.Header().Get("Content-Type"), b)
	}
	return b
}

// checkLiveView plays the folder's run again (the selfplay command's
// players, settings and seed) under the live view of selfplay --view: each
// game's stream starts and ends without a failure, and its frames and those
// of the live index are the folder's.
func checkLiveView(t *testing.T, g game.Game, folder map[int64][]byte) {
	t.Helper()
	c := g.DefaultConfig()
	specs, err := selfplay.ParseBots(g, defaultBots(g))
	if err != nil {
		t.Fatal(err)
	}
	plan := selfplay.Plan{Game: g.Name(), Seed: 3, Games: 2, ChunkGames: selfplay.ChunkGamesFor(2), Settings: c.Encode(), Pairs: selfplay.AllPairs(specs)}
	live, srv, err := newRunView("test run", g, c, true)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	opts := selfplay.Options{Plan: plan, Out: filepath.Join(t.TempDir(), "live"), Workers: 1, Progress: &selfplay.Progress{},
		Entrant: func(spec string) (*game.Entrant, error) { return g.Entrant(spec, game.PlayerOptions{}) }}
	watchSelfPlay(live, &opts)
	if _, err := selfplay.Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	live.End()
	h := srv.Handler()
	index := gameFrames(t, h, g.Name(), 2)
	for n := range 2 { // the games ended lately are still streamed whole
		events := streamEvents(t, get(t, h, fmt.Sprintf("/api/live/game/%d/stream", n), "text/event-stream"))
		if len(events) != 2 || events[0][0] != "start" || events[1][0] != "end" {
			t.Fatalf("live game %d: events %.300q", n, events)
		}
		var st struct {
			Title  string `json:"title"`
			Frames string `json:"frames"`
		}
		if err := json.Unmarshal([]byte(events[0][1]), &st); err != nil {
			t.Fatal(err)
		}
		var id int64
		if _, err := fmt.Sscanf(st.Title, "game %d", &id); err != nil {
			t.Fatalf("live game %d: title %q", n, st.Title)
		}
		f, err := base64.StdEncoding.DecodeString(st.Frames)
		if err != nil || !bytes.Equal(f, folder[id]) || !bytes.Equal(index[id], folder[id]) {
			t.Fatalf("game %d: the live stream's frames (%d bytes) or the live index's (%d bytes) are not the folder's (%d bytes): %v", id, len(f), len(index[id]), len(folder[id]), err)
		}
	}
}

// streamEvents splits server-sent events into their names and data.
func streamEvents(t *testing.T, b []byte) [][2]string {
	t.Helper()
	var out [][2]string
	for _, ev := range strings.Split(strings.TrimSpace(string(b)), "\n\n") {
		name, data, ok := strings.Cut(ev, "\n")
		if !ok || !strings.HasPrefix(name, "event: ") || !strings.HasPrefix(data, "data: ") {
			t.Fatalf("not an event: %.200q", ev)
		}
		out = append(out, [2]string{strings.TrimPrefix(name, "event: "), strings.TrimPrefix(data, "data: ")})
	}
	return out
}
