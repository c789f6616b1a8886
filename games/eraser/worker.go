package eraser

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

func (Game) NewWorker() game.Worker { return &worker{} }

// worker plays games one after another, reusing its buffers.
type worker struct {
	rows  rowRecorder
	moves []eraser.Swap
}

// rows are a game's dataset rows: its games row (without id and players)
// and its move rows, valid until the worker's next game.
type rows struct {
	game  GameRow
	moves []MoveRow
}

// Play plays one game on the course's board of the seed (or of the start's
// board seed) through the play loop, players seeded with the seed. The
// paired game of a series is the same board with the seats swapped, which
// the caller does: eraser has one pairing.
func (w *worker) Play(seats [2]*game.Seat, su game.Setup) (*game.Record, error) {
	if su.Pairing != "" && su.Pairing != "same" {
		return nil, fmt.Errorf("eraser has one pairing, same (the same board, seats swapped); not %q", su.Pairing)
	}
	board, err := boardOf(su)
	if err != nil {
		return nil, err
	}
	cfg := RulesConfig(su.Config)
	if su.Budget > 0 {
		cfg.MaxTime = su.Budget
	}
	s, err := eraser.New(cfg, board)
	if err != nil {
		return nil, err
	}
	ps, err := game.PlaySeats[*eraser.State, eraser.Swap](seats)
	if err != nil {
		return nil, err
	}
	o := play.Options[eraser.Swap]{Seed: uint64(su.Seed), Budget: su.Budget, Stop: su.Stop, Moves: w.moves}
	var g play.Game[*eraser.State, eraser.Swap] = bots.Game{S: s}
	var t *table
	if su.Watch != nil {
		su.Watch.Begin(strconv.FormatInt(s.Seed(), 10))
	}
	if su.Rows || su.Frames || su.Watch != nil {
		t = &table{Game: bots.Game{S: s}, seats: ps, watch: su.Watch}
		if su.Rows {
			w.rows.start()
			t.rows = &w.rows
		}
		if su.Frames {
			t.rec = eraser.NewRecorder(s, "", [2]string{}, true)
		}
		g = t
	}
	res, err := play.Run(g, ps, o)
	if err != nil {
		return nil, err
	}
	w.moves = res.Moves
	s.SetThinkTimes(res.Think)
	r := record(su.Seed, cfg, s, res)
	if su.Rows {
		r.Rows = &rows{game: gameRow(r, s), moves: w.rows.finish(s.Result().Winner)}
	}
	if su.Frames {
		r.Frames = t.rec.Game()
	}
	return r, nil
}

// boardOf is the numpy seed of a game's board: the explicit start's (a
// board seed, 1..2^32−1), else BoardSeed of the game's seed.
func boardOf(su game.Setup) (int64, error) {
	if su.Start == "" {
		return BoardSeed(su.Seed), nil
	}
	return ParseStart(su.Start)
}

// ParseStart reads an explicit start: the numpy seed of the board.
func ParseStart(start string) (int64, error) {
	b, err := strconv.ParseInt(strings.TrimSpace(start), 10, 64)
	if err != nil || b < 1 || b > 1<<32-1 {
		return 0, fmt.Errorf("eraser start %q: want the board's numpy seed, 1 to %d", start, int64(1<<32-1))
	}
	return b, nil
}

// record is the shared record of a finished game.
func record(seed int64, cfg eraser.Config, s *eraser.State, res *play.Result[eraser.Swap]) *game.Record {
	r := s.Result()
	return &game.Record{
		Seed: seed, Config: Config{cfg}, Start: strconv.FormatInt(s.Seed(), 10), Moves: EncodeSwaps(res.Moves),
		Winner: game.Winner(r.Winner), Reason: ReasonCode(r), Extra: r.Extra, Length: r.Length,
		Score: [2]float64{float64(r.Scores[0]), float64(r.Scores[1])},
		Think: res.Think, Faults: res.Faults, Detail: res.Detail,
	}
}

// EncodeSwaps writes swaps as the games table's swaps column: the digits
// x1 y1 x2 y2 of each (an illegal swap's coordinates are bytes '0' + v).
func EncodeSwaps(sws []eraser.Swap) []byte {
	b := make([]byte, 0, 4*len(sws))
	for _, sw := range sws {
		b = append(b, byte('0'+sw.X1), byte('0'+sw.Y1), byte('0'+sw.X2), byte('0'+sw.Y2))
	}
	return b
}

// DecodeSwaps reads swaps written by EncodeSwaps.
func DecodeSwaps(b []byte) ([]eraser.Swap, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("swaps of %d bytes: want 4 digits per move", len(b))
	}
	out := make([]eraser.Swap, len(b)/4)
	for i := range out {
		c := b[4*i : 4*i+4]
		out[i] = eraser.Swap{X1: int8(c[0] - '0'), Y1: int8(c[1] - '0'), X2: int8(c[2] - '0'), Y2: int8(c[3] - '0')}
	}
	return out, nil
}

// table is the game as the loop drives it when its rows or its frames are
// recorded: each move is noted before and after, through the recorder.
type table struct {
	bots.Game
	seats [2]*play.Seat[*eraser.State, eraser.Swap]
	rows  *rowRecorder
	rec   *eraser.Recorder
	watch game.Watcher // hears each move, as EncodeSwaps writes it
}

func (t *table) Apply(me int, sw eraser.Swap) {
	if t.rows != nil {
		t.rows.before(t.S, sw)
	}
	if t.rec != nil {
		t.rec.Move(sw)
	} else {
		t.S.Move(sw)
	}
	if t.rows != nil {
		t.rows.after(t.S, me, sw)
	}
	if t.watch != nil {
		m := [4]byte{byte('0' + sw.X1), byte('0' + sw.Y1), byte('0' + sw.X2), byte('0' + sw.Y2)}
		t.watch.Move(m[:])
	}
}

// Returner is a player that can say what its failed call returned, as JSON
// (a course AI's illegal answer), for the replay file.
type Returner interface {
	Returned() json.RawMessage
}

func (t *table) Fault(me int, f play.Fault, loading bool) {
	kind, msg := bots.FailOf(f, loading)
	var returned json.RawMessage
	if t.seats[me] != nil {
		if r, ok := t.seats[me].Player().(Returner); ok && (kind == eraser.FailInvalid || kind == eraser.FailException) {
			returned = r.Returned()
		}
	}
	t.fail(me, kind, msg, returned)
}

func (t *table) fail(me int, kind eraser.FailKind, msg string, returned json.RawMessage) {
	if t.rec != nil {
		t.rec.Fail(me, kind, msg, returned)
	} else {
		t.S.Fail(me, kind, msg)
	}
}

// Replay replays a record on a table (its rows and recorder, if any, hear
// every move): the board of its start, its swaps, then the failure that
// ended it, if one did. It checks that the game ends as the record says.
func Replay(r *game.Record, t *table) error {
	s := t.S
	sws, err := DecodeSwaps(r.Moves)
	if err != nil {
		return err
	}
	for i, sw := range sws {
		if s.Over() {
			return fmt.Errorf("the replay ended after %d of %d moves", i, len(sws))
		}
		t.Apply(s.ToMove(), sw)
	}
	if !s.Over() {
		loser := 0
		if r.Winner == 0 {
			loser = 1
		}
		kind, msg, ok := recordedFailure(r, s, loser)
		if !ok {
			return fmt.Errorf("the replay is still running after %d moves, the record ends with code %d", len(sws), r.Reason)
		}
		t.fail(loser, kind, msg, nil)
	}
	s.SetThinkTimes(r.Think)
	res := s.Result()
	if game.Winner(res.Winner) != r.Winner || ReasonCode(res) != r.Reason || res.Length != r.Length {
		return fmt.Errorf("the replay ends with winner %d code %d after %d moves, the record with winner %d code %d after %d",
			res.Winner, ReasonCode(res), res.Length, r.Winner, r.Reason, r.Length)
	}
	return nil
}

// startState is the start of a record's game.
func startState(r *game.Record) (*eraser.State, error) {
	board, err := ParseStart(r.Start)
	if r.Start == "" {
		board, err = BoardSeed(r.Seed), nil
	}
	if err != nil {
		return nil, err
	}
	return eraser.New(RulesConfig(r.Config), board)
}

// recordedFailure is the failure a record's game ended with, for a replay
// that reached its last move: the kind by the result code (a failure that
// did not count a turn was the constructor's), the message by the loser's
// fault, or from the record's detail when the fault was not kept.
func recordedFailure(r *game.Record, s *eraser.State, loser int) (eraser.FailKind, string, bool) {
	loading := s.Turn() == r.Length
	var kind eraser.FailKind
	switch {
	case r.Reason == CodeTimeout:
		return eraser.FailTimeout, eraser.TimeoutMessage, true
	case r.Reason == CodeInvalid:
		kind = eraser.FailInvalid
	case r.Reason == CodeError && loading:
		kind = eraser.FailInit
	case r.Reason == CodeError:
		kind = eraser.FailException
	default:
		return 0, "", false
	}
	if f := r.Faults[loser]; f.Kind != play.NoFault {
		_, msg := bots.FailOf(f, loading)
		return kind, msg, true
	}
	return kind, messageOf(r.Detail, loser), true
}

// messageOf is player p's failure in the loop's detail ("player 2 (name):
// message", "player 1 (name) raised an error: message", several joined by
// "; ").
func messageOf(detail string, p int) string {
	prefix := fmt.Sprintf("player %d (", p+1)
	i := strings.Index(detail, prefix)
	if i < 0 {
		return detail
	}
	d := detail[i+len(prefix):]
	if j := strings.Index(d, "; player "); j >= 0 {
		d = d[:j]
	}
	for _, sep := range []string{") raised an error: ", "): ", ") "} {
		if j := strings.Index(d, sep); j >= 0 {
			return d[j+len(sep):]
		}
	}
	return d
}
