// Package trainlog defines the tables of a training run's log, which the
// trainer (python -m paperio.train) writes into OUT/log and `paperio plot
// training` reads. Each table is one Go struct; its field comments are the
// column reference. The struct tags name the parquet columns and the JSON
// keys in which the trainer hands rows over (through the C ABI of
// cmd/libpaperio, as Python has no parquet writer).
//
// A table is one parquet file, rewritten whole (durably: a temporary file,
// then a rename) each time rows are appended: a log holds a few thousand
// rows, and a run killed at any moment leaves the file of its last append.
package trainlog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/internal/durable"
)

// Iteration is one row per training iteration (iterations.parquet).
type Iteration struct {
	Iteration  int32   `parquet:"iteration" json:"iteration"`               // 1-based, counted across resumed runs
	Steps      int64   `parquet:"steps" json:"steps"`                       // agent moves played so far (environment steps)
	Seconds    float64 `parquet:"seconds" json:"seconds"`                   // training time so far, summed over resumed runs
	Rate       float32 `parquet:"steps_per_second" json:"steps_per_second"` // this iteration's environment steps per second of wall time
	EnvShare   float32 `parquet:"env_share" json:"env_share"`               // share of the iteration's time spent stepping the environments (Go)
	LearnShare float32 `parquet:"learn_share" json:"learn_share"`           // share spent in the gradient updates (torch)
	PolicyLoss float32 `parquet:"policy_loss" json:"policy_loss"`           // PPO's clipped surrogate loss, mean over the update
	ValueLoss  float32 `parquet:"value_loss" json:"value_loss"`             // squared error of the value head
	Entropy    float32 `parquet:"entropy" json:"entropy"`                   // mean entropy of the policy (nats) over the update
	ApproxKL   float32 `parquet:"approx_kl" json:"approx_kl"`               // mean KL divergence of the new policy from the one that played
	ClipFrac   float32 `parquet:"clip_frac" json:"clip_frac"`               // share of samples whose probability ratio was clipped
	Reward     float32 `parquet:"reward" json:"reward"`                     // mean shaped reward per step in this iteration's rollout
	Games      int32   `parquet:"games" json:"games"`                       // games that ended in this iteration's rollout
	WinRate    float32 `parquet:"win_rate" json:"win_rate"`                 // score (wins + draws / 2) / games of those games; -1 without games
}

// Matchup is one row per iteration and league member
// (matchups.parquet): how the learner fares against that opponent over a
// window of its latest games.
type Matchup struct {
	Iteration int32   `parquet:"iteration" json:"iteration"`
	Steps     int64   `parquet:"steps" json:"steps"`
	Seconds   float64 `parquet:"seconds" json:"seconds"`
	// Player is the learner's latest checkpoint when the games ended
	// (e.g. "it0040"): the games are that checkpoint's in the Elo ladder.
	Player   string  `parquet:"player,dict" json:"player"`
	Opponent string  `parquet:"opponent,dict" json:"opponent"` // the league member's spec
	Wins     int32   `parquet:"wins" json:"wins"`              // games won in this iteration
	Draws    int32   `parquet:"draws" json:"draws"`
	Losses   int32   `parquet:"losses" json:"losses"`
	Window   int32   `parquet:"window" json:"window"`     // games in the window behind win_rate (the latest ones)
	WinRate  float32 `parquet:"win_rate" json:"win_rate"` // score (wins + draws / 2) / games over the window; -1 without games
	Low      float32 `parquet:"low" json:"low"`           // Wilson 95 % interval of win_rate: lower end
	High     float32 `parquet:"high" json:"high"`         // upper end
	Weight   float32 `parquet:"weight" json:"weight"`     // probability of drawing this opponent for a new game (PFSP)
}

// Rating is one row per player of the Elo ladder each time it is fitted
// (ratings.parquet): the learner's checkpoints and the league's bots,
// fitted together (Bradley–Terry over every game of matchups.parquet).
type Rating struct {
	Iteration  int32   `parquet:"iteration" json:"iteration"` // the iteration after which the ladder was fitted
	Seconds    float64 `parquet:"seconds" json:"seconds"`
	Player     string  `parquet:"player,dict" json:"player"`    // a checkpoint ("it0040") or a league member's spec
	Checkpoint bool    `parquet:"checkpoint" json:"checkpoint"` // the player is one of the learner's checkpoints
	Elo        float32 `parquet:"elo" json:"elo"`               // relative to the anchor (random when it played, else the mean)
	CI95       float32 `parquet:"ci95" json:"ci95"`             // half-width of the 95 % interval
	Games      int32   `parquet:"games" json:"games"`
}

// Generation is one row per generation of the search in the loop
// (generations.parquet; python3 -m paperio.train --algo search): its
// games, what was learned from them, the gate and where the time went.
// The same generation also has its iterations row (Iteration counts
// generations there, Steps the rows learned from) and matchups rows.
type Generation struct {
	Iteration       int32   `parquet:"iteration" json:"iteration"`     // the generation, 1-based
	Seconds         float64 `parquet:"seconds" json:"seconds"`         // training time so far, the stages before not included
	Games           int32   `parquet:"games" json:"games"`             // self-play games of netsearch:BEST
	Rows            int64   `parquet:"rows" json:"rows"`               // their rows of netsearch:BEST (its moves)
	BufferRows      int64   `parquet:"buffer_rows" json:"buffer_rows"` // rows of the replay buffer learned from
	Steps           int32   `parquet:"steps" json:"steps"`             // minibatches
	PolicyLoss      float32 `parquet:"policy_loss" json:"policy_loss"` // cross-entropy of the search's moves, mean over the minibatches
	ValueLoss       float32 `parquet:"value_loss" json:"value_loss"`   // squared error of the value head against the outcome
	Agreement       float32 `parquet:"agreement" json:"agreement"`     // share of rows whose most likely move is the search's
	GateGames       int32   `parquet:"gate_games" json:"gate_games"`
	GateScore       float32 `parquet:"gate_score" json:"gate_score"` // the learner's score against netsearch:BEST in the gate
	Admitted        bool    `parquet:"admitted" json:"admitted"`     // the learner became BEST
	Best            string  `parquet:"best,dict" json:"best"`        // the best after the gate ("g0004": the generation that admitted it)
	SelfplaySeconds float64 `parquet:"selfplay_seconds" json:"selfplay_seconds"`
	TrainSeconds    float64 `parquet:"train_seconds" json:"train_seconds"`
	GateSeconds     float64 `parquet:"gate_seconds" json:"gate_seconds"`
	EvalSeconds     float64 `parquet:"eval_seconds" json:"eval_seconds"`
	GamesPerMinute  float32 `parquet:"games_per_minute" json:"games_per_minute"` // of the self-play
	RowsPerSecond   float32 `parquet:"rows_per_second" json:"rows_per_second"`   // rows of netsearch:BEST per second of self-play
}

// Eval is one row per measure of the learner's strength against an anchor
// (evals.parquet): the network alone (Line "policy": policy:BEST) or
// inside the search (Line "netsearch": netsearch:BEST), a few games
// against a fixed bot, sides alternating. Package analysis/training fits
// the Elo of each line over training time from them.
//
// The curve table (curve.parquet; python3 -m paperio.train.curve, after
// training) has the same rows: the run's networks as training went on
// (Player "clone/it0030", "exit/it0060" or "g0004"; Iteration its stage's),
// each measured again in many games against one bot on the same starts,
// for a curve of their score over training minutes; its Seconds are the
// run's training time, every stage's.
type Eval struct {
	Iteration int32   `parquet:"iteration" json:"iteration"` // the generation after which it was measured
	Seconds   float64 `parquet:"seconds" json:"seconds"`     // training time then (of this stage)
	Line      string  `parquet:"line,dict" json:"line"`      // "policy" or "netsearch"
	Player    string  `parquet:"player,dict" json:"player"`  // the best's name ("g0004")
	Opponent  string  `parquet:"opponent,dict" json:"opponent"`
	Wins      int32   `parquet:"wins" json:"wins"`
	Draws     int32   `parquet:"draws" json:"draws"`
	Losses    int32   `parquet:"losses" json:"losses"`
}

// Files of the tables in a log folder.
const (
	IterationsFile  = "iterations.parquet"
	MatchupsFile    = "matchups.parquet"
	RatingsFile     = "ratings.parquet"
	GenerationsFile = "generations.parquet"
	EvalsFile       = "evals.parquet"
	CurveFile       = "curve.parquet"
)

// tables names the files of the tables, for errors.
const tables = IterationsFile + ", " + MatchupsFile + ", " + RatingsFile + ", " + GenerationsFile + ", " + EvalsFile + " or " + CurveFile

// Read reads a table; a missing file is an empty table.
func Read[T any](path string) ([]T, error) {
	rows, err := parquet.ReadFile[T](path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return rows, nil
}

// Append adds rows to the table at path, rewriting it durably.
func Append[T any](path string, rows []T) error {
	old, err := Read[T](path)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	all := append(old, rows...)
	return durable.WriteWith(path, func(w io.Writer) error {
		return parquet.Write(w, all)
	})
}

// AppendJSON adds rows given as a JSON array of objects to the table
// named by its file (IterationsFile, …) in folder dir.
func AppendJSON(dir, table string, rows []byte) error {
	path := filepath.Join(dir, table)
	switch table {
	case IterationsFile:
		return appendJSON[Iteration](path, rows)
	case MatchupsFile:
		return appendJSON[Matchup](path, rows)
	case RatingsFile:
		return appendJSON[Rating](path, rows)
	case GenerationsFile:
		return appendJSON[Generation](path, rows)
	case EvalsFile, CurveFile:
		return appendJSON[Eval](path, rows)
	}
	return fmt.Errorf("table %q: want %s", table, tables)
}

// ReadJSON reads the table named by its file in folder dir as a JSON
// array of objects (an empty array when the file is missing).
func ReadJSON(dir, table string) ([]byte, error) {
	path := filepath.Join(dir, table)
	switch table {
	case IterationsFile:
		return readJSON[Iteration](path)
	case MatchupsFile:
		return readJSON[Matchup](path)
	case RatingsFile:
		return readJSON[Rating](path)
	case GenerationsFile:
		return readJSON[Generation](path)
	case EvalsFile, CurveFile:
		return readJSON[Eval](path)
	}
	return nil, fmt.Errorf("table %q: want %s", table, tables)
}

func readJSON[T any](path string) ([]byte, error) {
	rows, err := Read[T](path)
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []T{}
	}
	return json.Marshal(rows)
}

func appendJSON[T any](path string, data []byte) error {
	var rows []T
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rows); err != nil {
		return fmt.Errorf("rows of %s: %v", filepath.Base(path), err)
	}
	return Append(path, rows)
}
