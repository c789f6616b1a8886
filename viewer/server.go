// Package viewer is the toolkit's web app: an index of every game of the
// self-play folders, tournament folders and replay files it is given, a
// page that replays one game on a canvas from frames the game's engine
// computes (sent as compact deltas), the live view of a tournament or
// self-play run in progress, and a page where a person plays against any
// player. Every asset is embedded (web/); nothing is fetched from a network.
//
// What a game needs to be shown is a Board (board.go), which brings the
// game's renderer script along; the course games' boards are
// games/NAME/board. A program shows the games whose boards it imports.
package viewer

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/paperio/paperio/game"
)

//go:embed web
var webFS embed.FS

// Options shape a server.
type Options struct {
	// Paths are self-play folders, tournament folders and replay files.
	Paths []string
	// Live, if not nil, is a run in progress to show.
	Live *Live
	// Record is the folder where games people play are recorded ("": no
	// play page). The server writes nowhere else.
	Record string
	// Game and Config are the game people play and its settings; Players
	// and Budget the options and think time of the AIs they play against;
	// Opponents the course AIs (py: specs) the play page may choose.
	Game      game.Game
	Config    game.Config
	Players   game.PlayerOptions
	Budget    time.Duration
	Opponents []string
	// Suggest prefills the play page.
	Suggest PlayRequest
	// Home is the page "/" leads to ("": the index of games, also at
	// /games); paperio human's is its play page.
	Home string
	// Loopback says the server listens on a loopback address only: it
	// then answers only requests addressed to localhost (no DNS rebinding).
	Loopback bool
}

// Server serves the app.
type Server struct {
	opt        Options
	board      Board // of Options.Game
	sources    []*source
	recordings *source
	games      *liveGames
	plays      plays
	recMu      sync.Mutex
	cache      frameCache
	mux        *http.ServeMux
	loadTime   time.Duration
}

// New reads every path (a path that cannot be read is listed with its
// error) and makes the server.
func New(opt Options) (*Server, error) {
	if opt.Game == nil {
		g, err := game.Lookup("")
		if err != nil {
			return nil, err
		}
		opt.Game = g
	}
	if opt.Config == nil {
		opt.Config = opt.Game.DefaultConfig()
	}
	begin := time.Now()
	s := &Server{opt: opt, games: newLiveGames(), plays: plays{sessions: map[int64]*session{}}}
	if opt.Record != "" {
		// People play only games the viewer can show.
		b, err := BoardOf(opt.Game.Name())
		if err != nil {
			return nil, fmt.Errorf("cannot play %s in the browser: %v", opt.Game.Name(), err)
		}
		s.board = b
	}
	s.sources = openPaths(opt.Paths, 0)
	if opt.Record != "" {
		s.recordings = &source{id: len(s.sources), path: opt.Record + "/" + RecordFile, kind: KindRecordings, g: opt.Game}
		s.recordings.load()
		s.sources = append(s.sources, s.recordings)
	}
	if opt.Live != nil {
		opt.Live.attach(s.games, len(s.sources))
		s.sources = append(s.sources, opt.Live.src)
	}
	s.loadTime = time.Since(begin)
	s.routes()
	return s, nil
}

// LoadTime is how long reading the paths took.
func (s *Server) LoadTime() time.Duration { return s.loadTime }

// Games is the number of games in the index.
func (s *Server) Games() int {
	n := 0
	for _, src := range s.sources {
		src.mu.RLock()
		n += len(src.rows)
		src.mu.RUnlock()
	}
	return n
}

// Sources describe the paths read, with their errors.
func (s *Server) Sources() []SourceInfo {
	out := make([]SourceInfo, len(s.sources))
	for i, src := range s.sources {
		out[i] = src.info()
	}
	return out
}

// Close stops the games people play and closes the sources.
func (s *Server) Close() {
	s.plays.mu.Lock()
	for _, ss := range s.plays.sessions {
		ss.end()
	}
	s.plays.mu.Unlock()
	for _, src := range s.sources {
		if src.close != nil {
			src.close()
		}
	}
}

// Handler is the app.
func (s *Server) Handler() http.Handler { return s.guard(s.mux) }

func (s *Server) routes() {
	m := http.NewServeMux()
	static, _ := fs.Sub(webFS, "web")
	for _, p := range []string{"GET /{$}", "GET /games", "GET /game/{src}/{id}", "GET /live", "GET /play"} {
		m.HandleFunc(p, s.app)
	}
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	m.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") { // no listings
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
	m.HandleFunc("GET /static/games/{file}", renderer)
	m.HandleFunc("GET /api/sources", s.apiSources)
	m.HandleFunc("GET /api/games", s.apiGames)
	m.HandleFunc("GET /api/game/{src}/{id}", s.apiGame)
	m.HandleFunc("GET /api/game/{src}/{id}/frames", s.apiFrames)
	m.HandleFunc("GET /api/tournament/{src}", s.apiTournament)
	m.HandleFunc("GET /api/live/events", s.apiLiveEvents)
	m.HandleFunc("GET /api/live/game/{n}/stream", s.apiLiveGame)
	m.HandleFunc("GET /api/play/options", s.apiPlayOptions)
	m.HandleFunc("POST /api/play", s.apiPlay)
	m.HandleFunc("POST /api/play/{n}/key", s.apiPlayKey)
	m.HandleFunc("POST /api/play/{n}/stop", s.apiPlayStop)
	s.mux = m
}

// guard refuses requests addressed to another host name when the server
// listens on loopback only, and cross-site posts; it adds headers that keep
// the page to its own assets.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.opt.Loopback && !loopbackHost(r.Host) {
			http.Error(w, "this server answers requests to localhost only", http.StatusForbidden)
			return
		}
		if r.Method == http.MethodPost {
			if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
				http.Error(w, "cross-site request refused", http.StatusForbidden)
				return
			}
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
				http.Error(w, "want a JSON body", http.StatusUnsupportedMediaType)
				return
			}
		}
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'")
		h.Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}

func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

func (s *Server) app(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/" && s.opt.Home != "" && s.opt.Home != "/" {
		http.Redirect(w, r, s.opt.Home, http.StatusSeeOther)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(appPage())
}

// appPage is the app's page with a renderer script for every registered
// board.
func appPage() []byte {
	b, _ := webFS.ReadFile("web/app.html")
	var tags strings.Builder
	for _, bd := range allBoards() {
		fmt.Fprintf(&tags, "<script src=\"/static/games/%s.js\"></script>\n", bd.Game().Name())
	}
	return bytes.Replace(b, []byte("<!-- renderers -->\n"), []byte(tags.String()), 1)
}

// renderer serves the renderer script of a registered board,
// /static/games/NAME.js.
func renderer(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutSuffix(r.PathValue("file"), ".js")
	b, err := BoardOf(name)
	if !ok || err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	writeBody(w, r, b.Script(), nil)
}

// writeJSON writes v as JSON, gzipped when the client takes it.
func writeJSON(w http.ResponseWriter, r *http.Request, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	writeBody(w, r, b, nil)
}

// writeBody writes b, or its gzip form gz (made here when nil) to a client
// that takes gzip and for bodies worth compressing.
func writeBody(w http.ResponseWriter, r *http.Request, b, gz []byte) {
	w.Header().Set("Vary", "Accept-Encoding")
	if len(b) < 1024 || !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		w.Write(b)
		return
	}
	if gz == nil {
		gz = gzipBytes(b)
	}
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
	w.Write(gz)
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}

// fail writes an error as one line.
func fail(w http.ResponseWriter, code int, err error) {
	http.Error(w, oneLine(err), code)
}

func (s *Server) apiSources(w http.ResponseWriter, r *http.Request) {
	reasons := map[string]string{}
	for _, src := range s.sources {
		if src.g != nil {
			for _, rs := range src.g.Info().Reasons {
				reasons[rs.Short] = rs.Name
			}
		}
	}
	writeJSON(w, r, map[string]any{"sources": s.Sources(), "reasons": reasons, "live": s.opt.Live != nil,
		"play": s.opt.Record != "", "load_seconds": s.loadTime.Seconds()})
}

func (s *Server) apiGames(w http.ResponseWriter, r *http.Request) {
	q, err := ParseQuery(r.URL.Query())
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, r, s.Search(q))
}

// Search is a page of the index.
func (s *Server) Search(q Query) Page {
	all := make([][]Row, len(s.sources))
	for i, src := range s.sources {
		src.mu.RLock()
		all[i] = src.rows
		src.mu.RUnlock()
	}
	return search(all, q)
}

// sourceOf is the source named by a request's {src}.
func (s *Server) sourceOf(r *http.Request) (*source, error) {
	n, err := strconv.Atoi(r.PathValue("src"))
	if err != nil || n < 0 || n >= len(s.sources) {
		return nil, fmt.Errorf("no source %q", r.PathValue("src"))
	}
	return s.sources[n], nil
}

// GameMeta describes a game to its page.
type GameMeta struct {
	Row      Row       `json:"row"`
	Source   string    `json:"source"`
	Kind     string    `json:"kind"`
	Game     string    `json:"game"`
	Title    string    `json:"title"`
	Settings string    `json:"settings"`
	Result   string    `json:"result"`
	Players  [2]string `json:"players"`
	Header   Header    `json:"header"`
	Frames   int       `json:"frames"`
}

// frameEntry is a game's frames, encoded once for every page that asks.
type frameEntry struct {
	meta   GameMeta
	blob   []byte
	gz     []byte
	err    error
	ready  chan struct{}
	usedAt time.Time
}

// frameCache keeps the frames of the games opened lately.
type frameCache struct {
	mu sync.Mutex
	m  map[string]*frameEntry
}

const frameCacheSize = 32

// frames are a source's game id, replayed and encoded (or from the cache).
func (s *Server) frames(src *source, id int64) *frameEntry {
	key := fmt.Sprintf("%d/%d", src.id, id)
	c := &s.cache
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]*frameEntry{}
	}
	if e := c.m[key]; e != nil {
		e.usedAt = time.Now()
		c.mu.Unlock()
		<-e.ready
		return e
	}
	e := &frameEntry{ready: make(chan struct{}), usedAt: time.Now()}
	c.m[key] = e
	if len(c.m) > frameCacheSize {
		var oldK string
		var old time.Time
		for k, v := range c.m {
			if oldK == "" || v.usedAt.Before(old) {
				oldK, old = k, v.usedAt
			}
		}
		delete(c.m, oldK)
	}
	c.mu.Unlock()
	e.meta, e.blob, e.err = s.encode(src, id)
	if e.err == nil {
		e.gz = gzipBytes(e.blob)
	} else {
		c.mu.Lock()
		delete(c.m, key) // try again next time (a file may be fixed)
		c.mu.Unlock()
	}
	close(e.ready)
	return e
}

// encode replays game id of src and encodes its frames.
func (s *Server) encode(src *source, id int64) (GameMeta, []byte, error) {
	if src.err != "" && src.record == nil {
		return GameMeta{}, nil, errors.New(src.err)
	}
	row, rec, err := src.Record(id)
	if err != nil {
		return GameMeta{}, nil, err
	}
	b, err := src.boardOf()
	if err != nil {
		return GameMeta{}, nil, err
	}
	f, err := EncodeGame(b, rec)
	if err != nil {
		return GameMeta{}, nil, fmt.Errorf("%s game %d: %v", src.path, id, err)
	}
	return metaOf(src, row, rec, f), f.Blob, nil
}

// metaOf describes a game.
func metaOf(src *source, row Row, rec *game.Record, f *Frames) GameMeta {
	title := fmt.Sprintf("%s v %s", row.P1, row.P2)
	if row.Label != "" {
		title = row.Label + ": " + title
	}
	return GameMeta{Row: row, Source: src.path, Kind: src.kind, Game: src.g.Name(), Title: title,
		Settings: rec.Config.String(), Result: src.g.ResultText(rec, [2]string{row.P1, row.P2}),
		Players: [2]string{row.P1, row.P2}, Header: f.Header, Frames: f.Count}
}

func (s *Server) gameOf(w http.ResponseWriter, r *http.Request) *frameEntry {
	src, err := s.sourceOf(r)
	if err != nil {
		fail(w, http.StatusNotFound, err)
		return nil
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		fail(w, http.StatusNotFound, fmt.Errorf("no game %q", r.PathValue("id")))
		return nil
	}
	e := s.frames(src, id)
	if e.err != nil {
		fail(w, http.StatusNotFound, e.err)
		return nil
	}
	return e
}

func (s *Server) apiGame(w http.ResponseWriter, r *http.Request) {
	if e := s.gameOf(w, r); e != nil {
		writeJSON(w, r, e.meta)
	}
}

func (s *Server) apiFrames(w http.ResponseWriter, r *http.Request) {
	if e := s.gameOf(w, r); e != nil {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Cache-Control", "private, max-age=3600")
		writeBody(w, r, e.blob, e.gz)
	}
}

// sse starts a stream of server-sent events.
func sse(w http.ResponseWriter) (send func(event string, data []byte) error, ok bool) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return nil, false
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	fl.Flush()
	return func(event string, data []byte) error {
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data); err != nil {
			return err
		}
		fl.Flush()
		return nil
	}, true
}

func (s *Server) apiLiveEvents(w http.ResponseWriter, r *http.Request) {
	l := s.opt.Live
	if l == nil {
		fail(w, http.StatusNotFound, errors.New("no run in progress: start one with --view"))
		return
	}
	send, ok := sse(w)
	if !ok {
		return
	}
	tick := time.NewTicker(400 * time.Millisecond)
	defer tick.Stop()
	var last []byte
	quiet := 0
	for {
		b, _ := json.Marshal(l.Status())
		if !bytes.Equal(b, last) || quiet >= 25 {
			if send("status", b) != nil {
				return
			}
			last, quiet = b, 0
		}
		quiet++
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
		}
	}
}

// liveStart is the first event of a live game's stream.
type liveStart struct {
	N       int64     `json:"n"`
	Title   string    `json:"title"`
	Players [2]string `json:"players"`
	Header  Header    `json:"header"`
	Frames  string    `json:"frames"` // base64 of the frames so far
}

// liveEnd is the last.
type liveEnd struct {
	Result string `json:"result"`
	Row    *Row   `json:"row"`
}

func (s *Server) apiLiveGame(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.ParseInt(r.PathValue("n"), 10, 64)
	lg := s.games.get(n)
	if err != nil || lg == nil {
		fail(w, http.StatusNotFound, fmt.Errorf("no game %q in progress", r.PathValue("n")))
		return
	}
	send, ok := sse(w)
	if !ok {
		return
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	wait := func() bool {
		select {
		case <-r.Context().Done():
			return false
		case <-tick.C:
			return true
		}
	}
	var start string
	for {
		st, begun, _, _ := lg.snapshot(0)
		if begun {
			start = st
			break
		}
		if !wait() {
			return
		}
	}
	if lg.board == nil {
		send("failed", []byte(strconv.Quote("the viewer cannot show this game's board")))
		return
	}
	rp, err := lg.board.Replay(&game.Record{Config: lg.config, Start: start})
	if err != nil {
		send("failed", []byte(strconv.Quote(oneLine(err))))
		return
	}
	h := rp.Header()
	enc := newFrameEncoder(h)
	enc.add(rp)
	sent := 0
	first := true
	for {
		_, _, moves, done := lg.snapshot(sent)
		count := 0
		for len(moves) > 0 {
			k, err := rp.Step(moves)
			if err != nil {
				send("failed", []byte(strconv.Quote(oneLine(err))))
				return
			}
			moves, sent, count = moves[k:], sent+k, count+1
			enc.add(rp)
		}
		var err error
		switch {
		case first:
			b, _ := json.Marshal(liveStart{N: lg.n, Title: lg.title, Players: lg.players, Header: h, Frames: base64.StdEncoding.EncodeToString(enc.blob())})
			err, first = send("start", b), false
		case count > 0:
			err = send("more", []byte(base64.StdEncoding.EncodeToString(enc.chunk(count))))
		}
		if err != nil {
			return
		}
		if done {
			lg.mu.Lock()
			b, _ := json.Marshal(liveEnd{Result: lg.result, Row: lg.row})
			lg.mu.Unlock()
			send("end", b)
			return
		}
		if !wait() {
			return
		}
	}
}

func (s *Server) apiPlayOptions(w http.ResponseWriter, r *http.Request) {
	var bots []string
	for _, b := range s.opt.Game.Bots() {
		bots = append(bots, b.Name)
	}
	writeJSON(w, r, map[string]any{"enabled": s.opt.Record != "", "record": s.opt.Record, "game": s.opt.Game.Name(),
		"settings": s.opt.Config.String(), "bots": bots, "opponents": s.opt.Opponents, "suggest": s.opt.Suggest})
}

func (s *Server) apiPlay(w http.ResponseWriter, r *http.Request) {
	var req PlayRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, fmt.Errorf("bad request: %v", err))
		return
	}
	n, err := s.startPlay(req)
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, r, map[string]int64{"n": n})
}

func (s *Server) apiPlayKey(w http.ResponseWriter, r *http.Request) {
	ss := s.playSession(w, r)
	if ss == nil {
		return
	}
	var k struct {
		Key string `json:"key"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8192)).Decode(&k); err != nil {
		fail(w, http.StatusBadRequest, fmt.Errorf("bad request: %v", err))
		return
	}
	if err := s.board.CheckInput(k.Key); err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	ss.key(k.Key)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) apiPlayStop(w http.ResponseWriter, r *http.Request) {
	if ss := s.playSession(w, r); ss != nil {
		ss.end()
		w.WriteHeader(http.StatusNoContent)
	}
}

func (s *Server) playSession(w http.ResponseWriter, r *http.Request) *session {
	n, err := strconv.ParseInt(r.PathValue("n"), 10, 64)
	ss := s.session(n)
	if err != nil || ss == nil {
		fail(w, http.StatusNotFound, fmt.Errorf("no game %q being played", r.PathValue("n")))
		return nil
	}
	return ss
}
