package viewer

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/tourney"
)

// liveKeep is how many finished games of a live run stay in memory (and in
// the index); older ones drop out (a run's output folder keeps them all).
const liveKeep = 20000

// liveGame is a game being played, as a stream of moves.
type liveGame struct {
	n       int64
	title   string
	players [2]string
	config  game.Config
	board   Board
	started time.Time

	mu     sync.Mutex
	start  string
	begun  bool
	moves  []byte
	done   bool
	result string // the result in words, once done
	row    *Row   // its row in the index, once done (nil for a game stopped)
}

// snapshot is the moves so far and whether the game is over.
func (g *liveGame) snapshot(from int) (start string, begun bool, moves []byte, done bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if from < len(g.moves) {
		moves = append([]byte(nil), g.moves[from:]...)
	}
	return g.start, g.begun, moves, g.done
}

// liveGames are the games being played that a page may follow, by number.
type liveGames struct {
	mu      sync.Mutex
	next    int64
	running map[int64]*liveGame
	ended   []*liveGame // the latest games that ended, for pages that come late
}

func newLiveGames() *liveGames { return &liveGames{running: map[int64]*liveGame{}} }

// add registers a new game.
func (lg *liveGames) add(title string, players [2]string, c game.Config, b Board) *liveGame {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	g := &liveGame{n: lg.next, title: title, players: players, config: c, board: b, started: time.Now()}
	lg.next++
	lg.running[g.n] = g
	return g
}

// end marks a game over (row is its place in the index, nil when it was
// stopped) and keeps it a while for pages that follow it.
func (lg *liveGames) end(g *liveGame, result string, row *Row) {
	g.mu.Lock()
	g.done, g.result, g.row = true, result, row
	g.mu.Unlock()
	lg.mu.Lock()
	defer lg.mu.Unlock()
	delete(lg.running, g.n)
	lg.ended = append(lg.ended, g)
	if len(lg.ended) > 64 {
		lg.ended = lg.ended[len(lg.ended)-64:]
	}
}

// get is game n, running or ended lately.
func (lg *liveGames) get(n int64) *liveGame {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if g := lg.running[n]; g != nil {
		return g
	}
	for _, g := range lg.ended {
		if g.n == n {
			return g
		}
	}
	return nil
}

// list describes the running games, oldest first.
func (lg *liveGames) list() []RunningGame {
	lg.mu.Lock()
	gs := make([]*liveGame, 0, len(lg.running))
	for _, g := range lg.running {
		gs = append(gs, g)
	}
	lg.mu.Unlock()
	sort.Slice(gs, func(i, j int) bool { return gs[i].n < gs[j].n })
	out := make([]RunningGame, len(gs))
	for i, g := range gs {
		g.mu.Lock()
		out[i] = RunningGame{N: g.n, Title: g.title, Players: g.players, Moves: len(g.moves)}
		g.mu.Unlock()
	}
	return out
}

// RunningGame is a game in progress, for the page.
type RunningGame struct {
	N       int64     `json:"n"`
	Title   string    `json:"title"`
	Players [2]string `json:"players"`
	Moves   int       `json:"moves"`
}

// watcher feeds a live game from the game's worker.
type watcher struct{ g *liveGame }

func (w watcher) Begin(start string) {
	w.g.mu.Lock()
	w.g.start, w.g.begun = start, true
	w.g.mu.Unlock()
}

func (w watcher) Move(m []byte) {
	w.g.mu.Lock()
	w.g.moves = append(w.g.moves, m...)
	w.g.mu.Unlock()
}

// Live is a run in progress (a tournament or a self-play run) as the page
// shows it: progress, standings, the games being played, which move on
// screen as they are played, and the finished games, which join the index.
// Give its hooks to the run (Tournament, SelfPlay).
type Live struct {
	title   string
	g       game.Game
	config  game.Config
	board   Board
	src     *source
	games   *liveGames
	started time.Time

	mu       sync.Mutex
	kind     string // tournament or self-play
	progress *selfplay.Progress
	byKey    map[string]*liveGame // tournament games by series key and index; self-play by id
	stage    string
	total    int
	done     int
	series   map[string]*liveSeries
	groups   map[string][]string
	gorder   []string
	tallies  map[string][]tourney.Tally
	latest   []string      // finished series, in words
	over     bool          // the run has ended
	took     time.Duration // the run's time, once over (the clock stops)
	count    int64         // a tournament's finished games (their ids here)
	// keep holds a finished game's record for the page.
	keep func(id int64, r *game.Record)
}

type liveSeries struct {
	Key   string        `json:"key"`
	Tally tourney.Tally `json:"-"`
	Text  string        `json:"text"`
	Game  int           `json:"game"`
	Plan  int           `json:"plan"`
}

// NewLive is the live view of a run of game g with settings c; title heads
// the page. Without a board for g, its games are listed but not shown.
func NewLive(title string, g game.Game, c game.Config) *Live {
	b, _ := BoardOf(g.Name())
	return &Live{title: title, g: g, config: c, board: b, started: time.Now(), byKey: map[string]*liveGame{},
		series: map[string]*liveSeries{}, groups: map[string][]string{}, tallies: map[string][]tourney.Tally{},
		src: &source{path: "live: " + title, kind: KindLive, g: g, board: b}}
}

// attach gives the live view the server's registry of running games and
// its source number.
func (l *Live) attach(games *liveGames, src int) {
	l.games = games
	l.src.id = src
	recs := map[int64]*game.Record{}
	var mu sync.Mutex
	l.src.record = func(r *Row) (*game.Record, error) {
		mu.Lock()
		defer mu.Unlock()
		if rec := recs[r.ID]; rec != nil {
			return rec, nil
		}
		return nil, fmt.Errorf("live game %d is no longer kept in memory (the run's output folder has it)", r.ID)
	}
	l.keep = func(id int64, rec *game.Record) {
		mu.Lock()
		defer mu.Unlock()
		recs[id] = rec
		delete(recs, id-liveKeep)
	}
}

// finish adds a finished game to the index and ends its live game.
func (l *Live) finish(lg *liveGame, id int64, players, specs [2]string, r *game.Record) {
	row := recordRow(l.g, l.src.id, id, players, r)
	if specs[0] != players[0] {
		row.Spec1 = specs[0]
	}
	if specs[1] != players[1] {
		row.Spec2 = specs[1]
	}
	if lg != nil {
		row.Label = lg.title
	}
	l.keep(id, r)
	l.src.mu.Lock()
	l.src.rows = append(l.src.rows, row)
	if len(l.src.rows) > liveKeep {
		l.src.rows = append([]Row(nil), l.src.rows[len(l.src.rows)-liveKeep/2:]...)
	}
	l.src.mu.Unlock()
	if lg != nil {
		l.games.end(lg, l.g.ResultText(r, players), &row)
	}
}

// Tournament hooks: give Watch to tourney.Options.Watch and Event to
// tourney.Options.OnEvent (after any other handler).
func (l *Live) Watch(key string, index int, players [2]string) game.Watcher {
	lg := l.games.add(fmt.Sprintf("%s · game %d", key, index+1), players, l.config, l.board)
	l.mu.Lock()
	l.kind = KindTournament
	l.byKey[fmt.Sprintf("%s#%d", key, index)] = lg
	l.mu.Unlock()
	return watcher{lg}
}

// Event takes a tournament's event.
func (l *Live) Event(ev tourney.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.kind = KindTournament
	switch ev.Kind {
	case tourney.StageStarted:
		l.stage, l.total, l.done = ev.Stage, ev.Total, 0
		for _, k := range ev.GroupOrder {
			if _, ok := l.groups[k]; !ok {
				l.gorder = append(l.gorder, k)
			}
			l.groups[k] = ev.Groups[k]
		}
	case tourney.SeriesStarted:
		l.series[ev.Key] = &liveSeries{Key: ev.Key, Tally: tourney.Tally{A: ev.A, B: ev.B}, Plan: ev.Planned}
	case tourney.GamePlayed:
		if s := l.series[ev.Key]; s != nil {
			s.Tally, s.Game = ev.Tally, ev.Game.Index+1
		}
		k := fmt.Sprintf("%s#%d", ev.Key, ev.Game.Index)
		lg := l.byKey[k]
		delete(l.byKey, k)
		l.mu.Unlock()
		l.finish(lg, l.nextID(), ev.Game.Players, ev.Game.Specs, ev.Game.Record)
		l.mu.Lock()
	case tourney.SeriesFinished:
		delete(l.series, ev.Key)
		l.done++
		l.tallies[ev.Stage] = append(l.tallies[ev.Stage], ev.Result.Tally)
		l.latest = append(l.latest, fmt.Sprintf("%s  %s  %s", tourney.SeriesName(ev.Key, ev.Result.Tally), tourney.TallyText(ev.Result.Tally), tourney.VerdictText(ev.Result.Tally)))
		if ev.Resumed {
			for i := range ev.Result.Games {
				g := &ev.Result.Games[i]
				l.mu.Unlock()
				l.finish(nil, l.nextID(), g.Players, g.Specs, g.Record)
				l.mu.Lock()
			}
		}
		// Games of a series cut short never finish: drop them.
		for k, lg := range l.byKey {
			if len(k) > len(ev.Key) && k[:len(ev.Key)+1] == ev.Key+"#" {
				delete(l.byKey, k)
				l.games.end(lg, "stopped", nil)
			}
		}
	}
}

// nextID numbers a tournament's finished games in the live index.
func (l *Live) nextID() int64 {
	l.src.mu.Lock()
	defer l.src.mu.Unlock()
	l.count++
	return l.count - 1
}

// Self-play hooks: give SelfPlayWatch to selfplay.Options.Watch,
// SelfPlayGame to selfplay.Options.OnGame and the run's progress to
// SelfPlayProgress.
func (l *Live) SelfPlayWatch(id int64, p1, p2 string) game.Watcher {
	lg := l.games.add(fmt.Sprintf("game %d", id), [2]string{p1, p2}, l.config, l.board)
	l.mu.Lock()
	l.kind = KindSelfPlay
	l.byKey[fmt.Sprint(id)] = lg
	l.mu.Unlock()
	return watcher{lg}
}

// SelfPlayGame takes a finished self-play game.
func (l *Live) SelfPlayGame(id int64, p1, p2 string, r *game.Record) {
	l.mu.Lock()
	lg := l.byKey[fmt.Sprint(id)]
	delete(l.byKey, fmt.Sprint(id))
	l.mu.Unlock()
	rec := *r
	rec.Rows, rec.Frames = nil, nil // the worker's buffers
	l.finish(lg, id, [2]string{p1, p2}, [2]string{p1, p2}, &rec)
}

// SelfPlayProgress shows a self-play run's progress.
func (l *Live) SelfPlayProgress(p *selfplay.Progress) {
	l.mu.Lock()
	l.kind, l.progress = KindSelfPlay, p
	l.mu.Unlock()
}

// End says the run is over.
func (l *Live) End() {
	l.mu.Lock()
	if !l.over {
		l.over, l.took = true, time.Since(l.started)
	}
	l.mu.Unlock()
}

// elapsed is the run's time so far, or its whole time once over (l.mu held).
func (l *Live) elapsed() time.Duration {
	if l.over {
		return l.took
	}
	return time.Since(l.started)
}

// LiveStatus is the live page's view of the run.
type LiveStatus struct {
	Title     string          `json:"title"`
	Kind      string          `json:"kind"`
	Src       int             `json:"src"`
	Over      bool            `json:"over"`
	Elapsed   float64         `json:"elapsed"`
	Games     int64           `json:"games"` // finished games
	Total     int64           `json:"total,omitempty"`
	Skipped   int64           `json:"skipped,omitempty"`
	Stage     string          `json:"stage,omitempty"`
	Done      int             `json:"series_done"`
	Series    int             `json:"series_total"`
	Running   []liveSeries    `json:"running_series"`
	Standings []GroupStanding `json:"standings"`
	Latest    []string        `json:"latest_series"`
	Playing   []RunningGame   `json:"playing"`
	Finished  []Row           `json:"finished"`
}

// GroupStanding is a group's table.
type GroupStanding struct {
	Group string     `json:"group"`
	Rows  []Standing `json:"rows"`
}

// Standing is a player's line in a table.
type Standing struct {
	Rank   int    `json:"rank"`
	Player string `json:"player"`
	Played int    `json:"played"`
	Won    int    `json:"won"`
	Drawn  int    `json:"drawn"`
	Lost   int    `json:"lost"`
	Points int    `json:"points"`
	Net    int    `json:"net"`
	Tie    string `json:"tie,omitempty"`
}

func standingsOf(st []tourney.Standing) []Standing {
	out := make([]Standing, len(st))
	for i, s := range st {
		out[i] = Standing{s.Rank, s.Player, s.Played, s.Won, s.Drawn, s.Lost, s.Points, s.Net, s.Tie}
	}
	return out
}

// Status is the run as it is now.
func (l *Live) Status() LiveStatus {
	l.mu.Lock()
	st := LiveStatus{Title: l.title, Kind: l.kind, Src: l.src.id, Over: l.over, Elapsed: l.elapsed().Seconds(),
		Stage: l.stage, Done: l.done, Series: l.total, Running: []liveSeries{}, Standings: []GroupStanding{}}
	if p := l.progress; p != nil {
		st.Games, st.Total, st.Skipped = p.Games.Load(), p.Total.Load(), p.Skipped.Load()
	}
	keys := make([]string, 0, len(l.series))
	for k := range l.series {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s := *l.series[k]
		s.Text = fmt.Sprintf("%s  %s", tourney.SeriesName(k, s.Tally), tourney.TallyText(s.Tally))
		st.Running = append(st.Running, s)
	}
	for _, g := range l.gorder {
		if len(l.tallies[g]) > 0 {
			st.Standings = append(st.Standings, GroupStanding{g, standingsOf(tourney.Standings(l.groups[g], l.tallies[g]))})
		}
	}
	st.Latest = append([]string{}, l.latest[max(0, len(l.latest)-8):]...)
	l.mu.Unlock()
	st.Playing = l.games.list()
	l.src.mu.RLock()
	if l.kind == KindTournament {
		st.Games = int64(len(l.src.rows))
	}
	n := len(l.src.rows)
	st.Finished = append([]Row{}, l.src.rows[max(0, n-10):]...)
	l.src.mu.RUnlock()
	for i, j := 0, len(st.Finished)-1; i < j; i, j = i+1, j-1 {
		st.Finished[i], st.Finished[j] = st.Finished[j], st.Finished[i]
	}
	return st
}
