package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/viewer"
)

func init() {
	register("view", "a web app of games: index, boards, live runs and human-vs-AI play (local, offline)", runView)
}

// defaultAddr is where the viewer listens unless told otherwise.
const defaultAddr = "127.0.0.1:8765"

func runView(args []string) error {
	fs := newFlags("view", "PATH... [--addr 127.0.0.1:8765] [--open] [--record DIR] [--opponents py:FILE,...] [game settings]")
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return err
	}
	addr := fs.String("addr", defaultAddr, "address to listen on (host:port); a host other than loopback lets other machines see the games")
	open := fs.Bool("open", false, "open the app in the web browser")
	record := fs.String("record", "out/human", "folder where games played on the play page are recorded (human.jsonl); the only place the app writes")
	opponents := fs.String("opponents", "", "player specs `"+strings.Join(specForms(gs.g), ",")+",...` the play page may choose besides the built-in bots (py:DIR/ or 'py:DIR/t_*.py' for every course AI there)")
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	paths := fs.Args()
	if len(paths) == 0 {
		return usagef("give the self-play folders, tournament folders or replay files to show (paperio view out/selfplay)")
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return usagef("%s: no such self-play folder, tournament folder or replay file", p)
		}
	}
	c, o, budget, err := gs.resolve()
	if err != nil {
		return err
	}
	var opp []string
	if *opponents != "" {
		if opp, err = selfplay.ParseBots(gs.g, *opponents); err != nil {
			return usagef("--opponents: %v", err)
		}
		if err := checkSpecs(gs.g, o, opp); err != nil {
			return err
		}
	}
	loop, err := checkAddr(*addr)
	if err != nil {
		return err
	}
	srv, err := viewer.New(viewer.Options{Paths: paths, Record: *record, Game: gs.g, Config: c, Players: o, Budget: budget, Opponents: opp, Loopback: loop})
	if err != nil {
		return err
	}
	defer srv.Close()
	var bad []string
	for _, s := range srv.Sources() {
		switch {
		case s.Error == "":
		case strings.Contains(s.Error, s.Path): // the error names the path already
			bad = append(bad, s.Error)
		default:
			bad = append(bad, s.Path+": "+s.Error)
		}
	}
	if len(bad) > 0 && srv.Games() == 0 {
		return usagef("no games to show: %s", strings.Join(bad, "; ")) // a path named is unreadable and none holds a game
	}
	for _, b := range bad {
		fmt.Fprintf(os.Stderr, "warning: %s\n", b)
	}
	fmt.Fprintf(stdout, "%d games from %d paths, read in %s\n", srv.Games(), len(paths), srv.LoadTime().Round(time.Millisecond))
	ctx, stop := signalContext()
	defer stop()
	return serve(ctx, *addr, srv, *open, "/")
}

// checkAddr checks a listening address and reports whether it is a
// loopback one; other hosts get a warning.
func checkAddr(addr string) (loopback bool, err error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, usagef("--addr %q: want host:port, e.g. %s", addr, defaultAddr)
	}
	if host == "localhost" {
		return true, nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true, nil
	}
	fmt.Fprintf(os.Stderr, "warning: listening on %s: anyone who can reach it sees the games and can start games against the AIs\n", addr)
	return false, nil
}

// listen opens addr and returns the app's URL.
func listen(addr string) (net.Listener, string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", fmt.Errorf("cannot listen on %s: %v", addr, err)
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return ln, "http://" + net.JoinHostPort(host, port), nil
}

// serve serves srv on addr until ctx ends.
func serve(ctx context.Context, addr string, srv *viewer.Server, open bool, page string) error {
	ln, url, err := listen(addr)
	if err != nil {
		return err
	}
	hs := startHTTP(ln, srv, url, open, page)
	<-ctx.Done()
	return hs.stop()
}

// httpServer is a running server.
type httpServer struct {
	hs     *http.Server
	done   chan error
	cancel context.CancelFunc // ends the requests in progress (live streams)
}

func startHTTP(ln net.Listener, srv *viewer.Server, url string, open bool, page string) *httpServer {
	base, cancel := context.WithCancel(context.Background())
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return base }}
	h := &httpServer{hs: hs, done: make(chan error, 1), cancel: cancel}
	go func() { h.done <- hs.Serve(ln) }()
	fmt.Fprintf(os.Stderr, "viewing at %s%s (Ctrl-C to stop)\n", url, page)
	if open {
		openBrowser(url + page)
	}
	return h
}

func (h *httpServer) stop() error {
	h.cancel() // live streams end
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	h.hs.Shutdown(ctx)
	if err := <-h.done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openBrowser asks the desktop to open url; failing that, it says so.
func openBrowser(url string) {
	name, args := "xdg-open", []string{url}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", url}
	}
	if err := exec.Command(name, args...).Start(); err != nil {
		fmt.Fprintf(os.Stderr, "could not open a browser (%v): open %s yourself\n", err, url)
	}
}

// liveView is the --view of a run: the app with the run's live view, from
// start to the end of the run, then until Ctrl-C so that the page can be
// read.
type liveView struct {
	live *viewer.Live
	srv  *viewer.Server
	hs   *httpServer
	url  string
}

// startRunView serves the live view of a run titled title on addr (nil
// when addr is "").
func startRunView(addr, title string, gs *gameSetup) (*liveView, error) {
	if addr == "" {
		return nil, nil
	}
	loop, err := checkAddr(addr)
	if err != nil {
		return nil, err
	}
	c, err := gs.config()
	if err != nil {
		return nil, usagef("%v", err)
	}
	live, srv, err := newRunView(title, gs.g, c, loop)
	if err != nil {
		return nil, err
	}
	ln, url, err := listen(addr)
	if err != nil {
		srv.Close()
		return nil, err
	}
	return &liveView{live: live, srv: srv, hs: startHTTP(ln, srv, url, false, "/live"), url: url}, nil
}

// newRunView is the live view of a run of game g with settings c, titled
// title, and the app that serves it (to loopback addresses only, with loop).
func newRunView(title string, g game.Game, c game.Config, loop bool) (*viewer.Live, *viewer.Server, error) {
	live := viewer.NewLive(title, g, c)
	srv, err := viewer.New(viewer.Options{Live: live, Game: g, Config: c, Loopback: loop})
	if err != nil {
		return nil, nil, err
	}
	return live, srv, nil
}

// watchSelfPlay has live follow the self-play run of o: its progress, its
// games as they are played, and each finished game in its index.
func watchSelfPlay(live *viewer.Live, o *selfplay.Options) {
	live.SelfPlayProgress(o.Progress)
	o.Watch, o.OnGame = live.SelfPlayWatch, live.SelfPlayGame
}

// finish marks the run over and keeps serving until Ctrl-C.
func (v *liveView) finish() {
	if v == nil {
		return
	}
	v.live.End()
	fmt.Fprintf(os.Stderr, "the run is over; its live view stays at %s/live until Ctrl-C\n", v.url)
	ctx, stop := signalContext()
	defer stop()
	<-ctx.Done()
	v.hs.stop()
	v.srv.Close()
}
