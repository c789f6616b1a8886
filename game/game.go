// Package game is what the shared parts of the toolkit know of a game: a
// narrow interface that self-play, series, tournaments, SPRT, tuning,
// analysis and the CLI use for every course game (paper.io, eraser,
// stellar), so that none of them holds code of one game. Each game keeps
// its rules in a package of its own (engine/paperio/, engine/eraser/, engine/stellar/) and binds
// them here from games/<name>, registering itself by name.
//
// A game is played between two Entrants through the play loop (package
// play); what comes out is a Record, the same for every game: the seed and
// start, the moves in the game's own replay encoding, the winner, the
// result code, the length and both players' scores.
package game

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/outcome"
	"github.com/paperio/paperio/play"
)

// Game is one of the course's games.
type Game interface {
	// Name is the game's name on the command line (--game).
	Name() string
	// Info says what its records mean, for tables and charts.
	Info() *Info

	// DefaultConfig is the course's settings of the game.
	DefaultConfig() Config
	// ConfigFlags adds the game's settings to a command's flags; the
	// function returned reads and checks them after parsing.
	ConfigFlags(fs *flag.FlagSet) func() (Config, error)
	// DecodeConfig reads settings written by Config.Encode.
	DecodeConfig(b []byte) (Config, error)

	// Bots describes the built-in bots.
	Bots() []BotInfo
	// Canonical checks a player spec (a bot with parameters, or
	// "py:FILE") and returns it in canonical form.
	Canonical(spec string) (string, error)
	// Entrant is the player of a canonical spec, named by it.
	Entrant(spec string, o PlayerOptions) (*Entrant, error)

	// NewWorker is a goroutine's scratch for playing games one after
	// another (engine states, buffers are reused).
	NewWorker() Worker
	// ResultText says in words how a game ended, the players named by
	// names: a line for the result, a line for the figures.
	ResultText(r *Record, names [2]string) string

	// Tables writes datasets in the game's schema.
	Tables() Tables
	// Replays reads, writes and checks the game's replay files.
	Replays() Replays
}

// Worker plays games, one at a time.
type Worker interface {
	// Play plays one game between the players of the seats (seats[0]
	// moves first) through the play loop.
	Play(seats [2]*Seat, s Setup) (*Record, error)
}

// Setup is what decides a game besides its players.
type Setup struct {
	Config Config
	// Seed draws the game's start (a start, a board, a map) as the course
	// drew it, and seeds the players (play.SideSeed(Seed, side)).
	Seed int64
	// Paired says the game is the second of a pair: the start of Seed
	// replayed with the sides swapped, as Pairing says (paper.io: "same"
	// or "mirror"; the other games have one way).
	Paired  bool
	Pairing string
	// Start, if not empty, is an explicit start in the game's words,
	// instead of the one drawn from Seed.
	Start string
	// Budget is the think time per game of timed players (course AIs).
	Budget time.Duration
	// Stop, if not nil, ends the game when closed (play.ErrStopped).
	Stop <-chan struct{}
	// Rows asks for the game's dataset rows (Tables), recorded as it is
	// played.
	Rows bool
	// Record asks for a replay record with every frame (Replays).
	Frames bool
	// Watch, if not nil, hears the game while it is played (a live view).
	Watch Watcher
}

// Watcher follows a game while it is played: Begin with the start, in the
// game's words, before the first move, then Move with each move, in the
// game's replay encoding, once it is applied. The calls come from the
// goroutine that plays the game; a watcher copies what it needs and returns
// (m is reused after Move returns).
type Watcher interface {
	Begin(start string)
	Move(m []byte)
}

// Record is a finished game.
type Record struct {
	Seed   int64
	Config Config
	Start  string // the start in the game's words, as Setup.Start takes it
	Moves  []byte // every move, in the game's replay encoding
	Winner Winner
	Reason int // the game's result code (Info.Reasons)
	Extra  int // the game's third result element, -1 when none
	Length int // in the game's unit (Info.Length)
	Score  [2]float64
	Think  [2]time.Duration
	Faults [2]play.Fault
	Detail string // what failed players reported
	// Rows holds the dataset rows when Setup.Rows asked for them (for
	// Tables only), and Frames the frames when Setup.Frames did.
	Rows, Frames any
}

// Winner is who won a game: a player index or Draw (package outcome).
type Winner = outcome.Winner

// Draw is the Winner of a drawn game.
const Draw = outcome.Draw

// WinnerOfCode is the Winner of a table's winner code (Winner.Code).
func WinnerOfCode(code int8) Winner { return outcome.OfCode(code) }

// Config is a game's settings: board, rounds, map…
type Config interface {
	// String is the settings for people ("102x101 board, 2000 rounds").
	String() string
	// Encode writes the settings as JSON (DecodeConfig reads it back):
	// the self-play plan and the results store keep it.
	Encode() []byte
}

// PlayerOptions are the options of course AIs (py: players) that every
// command gives: the CLI's --time, --course-rules, --sandbox and --python.
type PlayerOptions struct {
	Budget      time.Duration // think time per game; 0: unlimited
	CourseRules bool          // refuse what the course banned
	Sandbox     string        // auto, on or off
	Python      string        // interpreter
	// StderrDir, if not empty, keeps each program's (exec:) standard
	// error in a file of its own there (pyai.Options.StderrDir).
	StderrDir string
}

// BotInfo describes a built-in bot: its spec name, how it plays, its
// parameters (the ones a tuner may tune).
type BotInfo = botspec.Info

// Info says what a game's records mean.
type Info struct {
	Title string // "paper.io (纸带圈地)"
	// Length and Score name the games table's columns of Record.Length
	// and Record.Score (Score with 1 and 2 appended), and say in words
	// what they count.
	Length, LengthWords string // "half_steps", "half-steps"
	Score, ScoreWords   string // "area", "territory"
	ScoreUnit           string // "cells"
	// MovesTable is the folder of the per-move table of a dataset.
	MovesTable string
	// Budget says in reports what --time bounds, %g standing for its
	// seconds; "" is the course's rule: "think time %gs per course AI per
	// game" (stellar's AIs are timed per call and --time bounds the load).
	Budget string
	// SchemaVersion is the version of the game's dataset tables: it
	// changes when a column changes meaning or is removed.
	SchemaVersion int
	// Reasons are the result codes, in the order tables list them.
	Reasons []Reason
	// Failures says in reports what the ERR and OVT counts are (a player's
	// failures by kind, play.Error and play.Timeout); "" is the course's
	// rule of paper.io and eraser, where either loses the game (FailureText).
	Failures string
	// Late names a player's failure on time (play.Timeout) in a game's
	// result lines; "" is "OVT", a game lost on time.
	Late string
	// Pairings are the ways a paired game may reuse the start of its first
	// game (Setup.Pairing), the default first.
	Pairings []string

	// Defaults of the commands, each left empty for the generic one
	// (DefaultPair, SelfplayBots, TuneBot say which).
	Players  [2]string // play's players (paperio play without --p1, --p2)
	Selfplay []string  // selfplay's players without --bots
	Tune     string    // the bot tune tunes without --bot
}

// FailureText is Failures, or the course's rule where the game has none of
// its own.
func (in *Info) FailureText() string {
	if in.Failures != "" {
		return in.Failures
	}
	return "ERR: games lost by an error, OVT: on time"
}

// LateText is Late, or "OVT".
func (in *Info) LateText() string {
	if in.Late != "" {
		return in.Late
	}
	return "OVT"
}

// DefaultPair is play's players without --p1 and --p2: the game's
// Info.Players, else the first two bots of bots (the catalog).
func (in *Info) DefaultPair(bots []BotInfo) [2]string {
	if in.Players[0] != "" {
		return in.Players
	}
	if len(bots) == 0 {
		return [2]string{}
	}
	return [2]string{bots[0].Name, bots[min(1, len(bots)-1)].Name}
}

// SelfplayBots are selfplay's players without --bots: the game's
// Info.Selfplay, else every bot of bots.
func (in *Info) SelfplayBots(bots []BotInfo) []string {
	if len(in.Selfplay) > 0 {
		return in.Selfplay
	}
	var out []string
	for _, b := range bots {
		out = append(out, b.Name)
	}
	return out
}

// TuneBot is the bot tune tunes without --bot: the game's Info.Tune, else
// the first bot of bots with parameters ("" when none has any).
func (in *Info) TuneBot(bots []BotInfo) string {
	if in.Tune != "" {
		return in.Tune
	}
	for _, b := range bots {
		if len(b.Params) > 0 {
			return b.Name
		}
	}
	return ""
}

// Reason is one of a game's result codes.
type Reason struct {
	Code  int
	Short string // the course's code name (paperio: WAL, TAP, …)
	Name  string // a word for tables of end reasons (paperio: wall, band, …)
	Words string // a sentence for people
}

// ReasonName is the course's short name of code ("unknown" for a code the
// game does not know).
func (in *Info) ReasonName(code int) string {
	for _, r := range in.Reasons {
		if r.Code == code {
			return r.Short
		}
	}
	return "unknown"
}

// BudgetText is what a think-time budget of secs seconds means in this
// game, in words for reports.
func (in *Info) BudgetText(secs float64) string {
	if in.Budget == "" {
		return fmt.Sprintf("think time %gs per course AI per game", secs)
	}
	return fmt.Sprintf(in.Budget, secs)
}

// ScoreColumns are the games table's score columns of players 1 and 2.
func (in *Info) ScoreColumns() [2]string { return [2]string{in.Score + "1", in.Score + "2"} }

// Tables writes a game's dataset: one row per game and one per move, in
// chunk files of the self-play layout (see docs/DATASET.md).
type Tables interface {
	// NewChunk starts writing one chunk's two files. Each game's rows
	// are added in order.
	NewChunk(games, moves io.Writer) Chunk
}

// Chunk is one chunk's writers.
type Chunk interface {
	// Add writes game id of players p1 and p2 (specs) from its record;
	// the move rows come from the record's Rows, or are recomputed by
	// replaying it. It returns the number of move rows.
	Add(id int64, p1, p2 string, r *Record) (int, error)
	Close() error
}

// Replays are a game's replay files: one JSON object per line (gzip
// when the name ends in .gz) in the format of the course's recordings.
type Replays interface {
	// Append adds games to a replay file (durably; the file is
	// rewritten whole).
	Append(path string, games ...ReplayGame) error
	// Check replays every game of a file on the engine and compares every
	// recorded frame; bad lists a line per mismatched game.
	Check(path string, bad func(line string)) (games, frames, mismatched int, err error)
	// Bench replays the games' moves (without frame checks), every game
	// once a round, for at least min.
	Bench(paths []string, min time.Duration) (Bench, error)
}

// ReplayReader is the Replays of a game that reads its replay files back
// as records (the course's reference games, play --record and human games'
// files), so that the viewer, analysis and the learners read replay files
// one way, and as they read datasets: game ids count from 0 over the files in order, and
// the rows are the ones Tables writes of the records.
type ReplayReader interface {
	// Read reads every game of a replay file.
	Read(path string) ([]ReplayGame, error)
}

// Bench is what a replay benchmark did: Rounds times over Games games,
// Moves moves (the game's length unit) in Took.
type Bench struct {
	Games, Rounds int
	Moves         int64
	Took          time.Duration
}

// ReplayGame is a record with the names of its players.
type ReplayGame struct {
	ID      string
	Players [2]string // specs
	*Record
}

var registry struct {
	sync.RWMutex
	games map[string]Game
	def   string
}

// Register adds a game (from its binding's init). Registering a name twice
// panics.
func Register(g Game) {
	registry.Lock()
	defer registry.Unlock()
	if registry.games == nil {
		registry.games = map[string]Game{}
	}
	if _, dup := registry.games[g.Name()]; dup {
		panic("game: " + g.Name() + " registered twice")
	}
	registry.games[g.Name()] = g
}

// RegisterDefault registers g (Register) as the game of commands that are
// not told one, and of data that does not say its game. A second default
// panics.
func RegisterDefault(g Game) {
	Register(g)
	registry.Lock()
	defer registry.Unlock()
	if registry.def != "" {
		panic("game: " + g.Name() + " registered as the default after " + registry.def)
	}
	registry.def = g.Name()
}

// Default is the name of the game of commands that are not told one: the
// one registered by RegisterDefault, else the only game registered, else "".
func Default() string {
	registry.RLock()
	defer registry.RUnlock()
	return defaultLocked()
}

func defaultLocked() string {
	if registry.def != "" {
		return registry.def
	}
	if len(registry.games) == 1 {
		for n := range registry.games {
			return n
		}
	}
	return ""
}

// Lookup returns the game called name ("" is Default). An unknown name is
// an error that lists the known ones.
func Lookup(name string) (Game, error) {
	registry.RLock()
	defer registry.RUnlock()
	if name == "" {
		name = defaultLocked()
		if name == "" && len(registry.games) > 0 {
			return nil, fmt.Errorf("no game given and none is the default; the games are %s", strings.Join(namesLocked(), ", "))
		}
	}
	if g, ok := registry.games[strings.ToLower(name)]; ok {
		return g, nil
	}
	if len(registry.games) == 0 {
		return nil, fmt.Errorf("game %q: no game is registered in this program (import github.com/paperio/paperio/games/all)", name)
	}
	return nil, fmt.Errorf("unknown game %q; the games are %s", name, strings.Join(namesLocked(), ", "))
}

// Names lists the registered games, sorted.
func Names() []string {
	registry.RLock()
	defer registry.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	out := make([]string, 0, len(registry.games))
	for n := range registry.games {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
