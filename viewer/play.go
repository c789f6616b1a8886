package viewer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/paperio/paperio/game"
)

// PlayRequest is a game a person asks for on the play page.
type PlayRequest struct {
	Side     int    `json:"side"`     // 1: the person moves first; 2: second
	Opponent string `json:"opponent"` // a player spec
	Clock    int    `json:"clock"`    // milliseconds per move; 0: the game waits for the person
	Seed     int64  `json:"seed"`
}

// Play limits.
const (
	maxSessions = 4                // games people play at once
	idleLimit   = 10 * time.Minute // a game left without a key this long is stopped
	minClock    = 20               // milliseconds
	maxClock    = 10000
)

// CheckClock says what is wrong with a play clock of ms milliseconds a
// move (0: turn-based).
func CheckClock(ms int) error {
	if ms != 0 && (ms < minClock || ms > maxClock) {
		return fmt.Errorf("clock %d ms: want 0 (turn-based) or %d to %d", ms, minClock, maxClock)
	}
	return nil
}

// RecordFile is the replay file, in the recording folder, of the games
// people played.
const RecordFile = "human.jsonl"

// session is a game a person plays.
type session struct {
	lg      *liveGame
	keys    chan string
	clocked bool
	stop    chan struct{}
	once    sync.Once
	idle    *time.Timer
}

func (s *session) end() { s.once.Do(func() { close(s.stop) }) }

// key passes a key on: in a game on a clock only the latest counts.
func (s *session) key(k string) {
	s.idle.Reset(idleLimit)
	if s.clocked {
		select {
		case <-s.keys:
		default:
		}
	}
	select {
	case s.keys <- k:
	default: // too many keys ahead of the game: drop
	}
}

// paced is the watcher of a game on a clock: each move waits until its
// time has come.
type paced struct {
	watcher
	every time.Duration
	next  time.Time
	stop  <-chan struct{}
}

func (p *paced) Move(m []byte) {
	p.watcher.Move(m)
	if p.next.IsZero() {
		p.next = time.Now()
	}
	p.next = p.next.Add(p.every)
	if d := time.Until(p.next); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-p.stop:
			t.Stop()
		}
	}
}

// plays are the server's games played by people.
type plays struct {
	mu       sync.Mutex
	sessions map[int64]*session
}

// startPlay starts a game between a person and the opponent the request
// names.
func (s *Server) startPlay(req PlayRequest) (int64, error) {
	if s.opt.Record == "" {
		return 0, errors.New("this server has no recording folder, so it plays no games (paperio view --record DIR)")
	}
	if req.Side != 1 && req.Side != 2 {
		return 0, fmt.Errorf("side %d: want 1 (move first) or 2", req.Side)
	}
	if err := CheckClock(req.Clock); err != nil {
		return 0, err
	}
	spec, err := s.opponent(req.Opponent)
	if err != nil {
		return 0, err
	}
	g := s.opt.Game
	opp, err := g.Entrant(spec, s.opt.Players)
	if err != nil {
		return 0, err
	}
	s.plays.mu.Lock()
	defer s.plays.mu.Unlock()
	if len(s.plays.sessions) >= maxSessions {
		return 0, fmt.Errorf("%d games are being played already; finish one first", maxSessions)
	}
	ss := &session{keys: make(chan string, 64), clocked: req.Clock > 0, stop: make(chan struct{})}
	if ss.clocked {
		ss.keys = make(chan string, 1)
	}
	human := s.board.Human(ss.keys, ss.clocked, ss.stop)
	entrants := [2]*game.Entrant{human, opp}
	if req.Side == 2 {
		entrants = [2]*game.Entrant{opp, human}
	}
	names := [2]string{entrants[0].Name, entrants[1].Name}
	ss.lg = s.games.add(fmt.Sprintf("%s v %s", names[0], names[1]), names, s.opt.Config, s.board)
	ss.idle = time.AfterFunc(idleLimit, ss.end)
	s.plays.sessions[ss.lg.n] = ss
	var w game.Watcher = watcher{ss.lg}
	if ss.clocked {
		w = &paced{watcher: watcher{ss.lg}, every: time.Duration(req.Clock) * time.Millisecond, stop: ss.stop}
	}
	su := game.Setup{Config: s.opt.Config, Seed: req.Seed, Budget: s.opt.Budget, Stop: ss.stop, Watch: w}
	go s.runPlay(ss, entrants, su)
	return ss.lg.n, nil
}

// opponent checks the opponent's spec: a built-in bot, or a player made
// from a file (a course AI, paper.io's learned policy) named on the command
// line (a page may not run or read any file it likes).
func (s *Server) opponent(spec string) (string, error) {
	g := s.opt.Game
	if !namesFile(spec) {
		return g.Canonical(spec)
	}
	for _, o := range s.opt.Opponents {
		if oc, err := g.Canonical(o); err == nil && (oc == spec || o == spec) {
			return oc, nil
		}
	}
	return "", fmt.Errorf("opponent %q: a course AI, program or policy must be named when the server starts (--opponents)", spec)
}

// namesFile reports whether spec names a file ("py:FILE", "exec:FILE", "policy:FILE"):
// a prefix and an argument without the "=" of a bot's parameters.
func namesFile(spec string) bool {
	_, arg, ok := strings.Cut(spec, ":")
	return ok && !strings.Contains(arg, "=")
}

// runPlay plays the game and records it.
func (s *Server) runPlay(ss *session, entrants [2]*game.Entrant, su game.Setup) {
	defer func() {
		ss.idle.Stop()
		ss.end()
		s.plays.mu.Lock()
		delete(s.plays.sessions, ss.lg.n)
		s.plays.mu.Unlock()
	}()
	seats := [2]*game.Seat{game.NewSeat(entrants[0], false), game.NewSeat(entrants[1], false)}
	defer seats[0].Close()
	defer seats[1].Close()
	r, err := s.opt.Game.NewWorker().Play(seats, su)
	if err != nil {
		s.games.end(ss.lg, "stopped: "+oneLine(err), nil)
		return
	}
	specs := [2]string{entrants[0].Spec, entrants[1].Spec}
	id := fmt.Sprintf("human-%s-%d", time.Now().UTC().Format("20060102T150405.000"), ss.lg.n)
	result := s.opt.Game.ResultText(r, [2]string{entrants[0].Name, entrants[1].Name})
	row, err := s.record(id, specs, r)
	if err != nil {
		result += "\n(not recorded: " + oneLine(err) + ")"
	}
	s.games.end(ss.lg, result, row)
}

// record appends a game to the recording folder's replay file and adds it
// to the index.
func (s *Server) record(id string, specs [2]string, r *game.Record) (*Row, error) {
	path := filepath.Join(s.opt.Record, RecordFile)
	s.recMu.Lock()
	defer s.recMu.Unlock()
	if err := os.MkdirAll(s.opt.Record, 0o755); err != nil {
		return nil, err
	}
	if err := s.opt.Game.Replays().Append(path, game.ReplayGame{ID: id, Players: specs, Record: r}); err != nil {
		return nil, err
	}
	src := s.recordings
	games, err := readReplays(s.board, path)
	if err != nil {
		return nil, err
	}
	src.setReplays(games)
	src.mu.RLock()
	defer src.mu.RUnlock()
	row := src.rows[len(src.rows)-1]
	return &row, nil
}

// session is game n played by a person.
func (s *Server) session(n int64) *session {
	s.plays.mu.Lock()
	defer s.plays.mu.Unlock()
	return s.plays.sessions[n]
}
