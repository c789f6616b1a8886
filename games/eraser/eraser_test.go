package eraser

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/tabledoc"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/selfplay"
	"github.com/parquet-go/parquet-go"
)

var binding Game

// quiet never scores: the first adjacent swap that is not offered (on a
// board without runs and empty cells, such a swap makes no run).
type quiet struct{}

func (*quiet) Reset(*eraser.State, int, uint64, play.Clock) {}
func (*quiet) Act(s *eraser.State, _ play.Clock) eraser.Swap {
	for x := int8(0); x < eraser.Size; x++ {
		for y := int8(0); y < eraser.Size-1; y++ {
			if sw := (eraser.Swap{X1: x, Y1: y, X2: x, Y2: y + 1}); !s.Offers(sw) {
				return sw
			}
		}
	}
	return eraser.Swap{X1: 0, Y1: 0, X2: 1, Y2: 0}
}

// failing plays randomly, then fails on its n-th move: a panic, or a
// diagonal swap.
type failing struct {
	bots.Random
	n, moves int
	diagonal bool
}

func (b *failing) Reset(s *eraser.State, me int, seed uint64, c play.Clock) {
	b.moves = 0
	b.Random.Reset(s, me, seed, c)
}

func (b *failing) Act(s *eraser.State, c play.Clock) eraser.Swap {
	if b.moves++; b.moves == b.n {
		if b.diagonal {
			return eraser.Swap{X1: 2, Y1: 2, X2: 3, Y2: 3}
		}
		panic("broken bot")
	}
	return b.Random.Act(s, c)
}

// testPlayer makes the built-in bots and the test players quiet, panicky
// (panics on its 4th move) and diagonal (a diagonal swap on its 3rd).
func testPlayer(spec string) (bots.Bot, error) {
	switch spec {
	case "quiet":
		return &quiet{}, nil
	case "panicky":
		return &failing{n: 4}, nil
	case "diagonal":
		return &failing{n: 3, diagonal: true}, nil
	}
	return bots.Make(spec)
}

func entrant(spec string) (*game.Entrant, error) {
	return game.NewEntrant(spec, spec, func() (bots.Bot, error) { return testPlayer(spec) }), nil
}

func settings(rows, turns int) json.RawMessage {
	c := eraser.DefaultConfig()
	c.Rows, c.MaxTurn = rows, turns
	return Config{c}.Encode()
}

// playOne plays a game between two test players.
func playOne(t *testing.T, p1, p2 string, su game.Setup) *game.Record {
	t.Helper()
	var seats [2]*game.Seat
	for i, spec := range []string{p1, p2} {
		e, _ := entrant(spec)
		seats[i] = game.NewSeat(e, false)
	}
	if su.Config == nil {
		su.Config = binding.DefaultConfig()
	}
	r, err := binding.NewWorker().Play(seats, su)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The same plan writes the same files whatever the number of workers.
func TestSameFilesWhateverTheWorkers(t *testing.T) {
	specs, err := selfplay.ParseBots(binding, "random,greedy,lookahead")
	if err != nil {
		t.Fatal(err)
	}
	plan := selfplay.Plan{Seed: 3, Games: 36, ChunkGames: 4, Game: "eraser", Settings: settings(120, 40), Pairs: selfplay.AllPairs(specs)}
	var want map[string][]byte
	for _, w := range []int{1, 2} {
		dir := t.TempDir()
		m, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: dir, Workers: w,
			Entrant: func(spec string) (*game.Entrant, error) { return binding.Entrant(spec, game.PlayerOptions{}) }})
		if err != nil || !m.Complete || m.Games != 36 {
			t.Fatalf("%d workers: %v %+v", w, err, m)
		}
		got := files(t, dir)
		if want == nil {
			want = got
			continue
		}
		if len(got) != len(want) || len(got) != 18 {
			t.Fatalf("%d workers wrote %d files, 1 worker %d; want 18", w, len(got), len(want))
		}
		for name, b := range want {
			if !bytes.Equal(got[name], b) {
				t.Errorf("%d workers: %s differs", w, name)
			}
		}
	}
}

// files reads the two tables' files of a dataset folder.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, d := range []string{"games", "moves"} {
		names, _ := filepath.Glob(filepath.Join(dir, d, "chunk-*.parquet"))
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			out[d+"/"+filepath.Base(n)] = b
		}
	}
	return out
}

// Rows recorded while playing say what the game did, and are the rows a
// replay of the record recomputes; the replay file of the game, recorded
// with its frames or replayed from the record, replays on the engine
// without a mismatch. Failures included.
func TestRowsAndReplays(t *testing.T) {
	replayFile := filepath.Join(t.TempDir(), "games.jsonl.gz")
	reasons := map[int]int{}
	var appended []game.ReplayGame
	for i, c := range []struct{ p1, p2 string }{
		{"greedy", "random"}, {"lookahead", "greedy"}, {"random", "random"}, {"quiet", "quiet"},
		{"random", "panicky"}, {"diagonal", "greedy"}, {"panicky", "random"},
	} {
		for _, height := range []int{1200, 24} { // 24 rows: columns run out
			cfg := eraser.DefaultConfig()
			cfg.Rows = height
			r := playOne(t, c.p1, c.p2, game.Setup{Config: Config{cfg}, Seed: int64(40 + i), Rows: true, Frames: true})
			what := fmt.Sprintf("%s v %s on %d rows", c.p1, c.p2, height)
			reasons[r.Reason]++
			live := r.Rows.(*rows)
			checkRows(t, what, r, live)
			r.Rows = nil
			again, err := replayRows(r)
			if err != nil {
				t.Fatalf("%s: replaying the record: %v", what, err)
			}
			if fmt.Sprint(again.game) != fmt.Sprint(live.game) || fmt.Sprint(again.moves) != fmt.Sprint(live.moves) {
				t.Errorf("%s: the rows of the replayed record differ from the rows recorded in play", what)
			}
			rg := game.ReplayGame{ID: what, Players: [2]string{c.p1, c.p2}, Record: r}
			withFrames, err := ReplayGame(rg)
			if err != nil {
				t.Fatal(err)
			}
			frames := r.Frames
			r.Frames = nil // rg holds r
			plain, err := ReplayGame(rg)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if len(withFrames.Frames) != len(withFrames.Moves)+1 || plain.Frames != nil {
				t.Fatalf("%s: %d frames for %d moves; %d frames without", what, len(withFrames.Frames), len(withFrames.Moves), len(plain.Frames))
			}
			withFrames.Frames = nil
			a, _ := json.Marshal(withFrames)
			b, _ := json.Marshal(plain)
			if !bytes.Equal(a, b) {
				t.Errorf("%s: the game recorded in play and the replayed record differ:\n%s\n%s", what, a, b)
			}
			withoutFrames := game.ReplayGame{ID: what + " (replayed)", Players: rg.Players, Record: &game.Record{}}
			*withoutFrames.Record = *r
			r.Frames = frames
			if err := binding.Replays().Append(replayFile, rg, withoutFrames); err != nil {
				t.Fatal(err)
			}
			appended = append(appended, rg, withoutFrames)
		}
	}
	for _, code := range []int{CodeTurns, CodeError, CodeInvalid} {
		if reasons[code] == 0 {
			t.Errorf("no game ended with code %d: %v", code, reasons)
		}
	}
	var bad []string
	games, frames, mismatched, err := binding.Replays().Check(replayFile, func(l string) { bad = append(bad, l) })
	if err != nil || games != 28 || mismatched != 0 || frames < 1000 {
		t.Fatalf("checking our replays: %d games, %d frames, %d mismatched, %v: %v", games, frames, mismatched, err, bad)
	}
	// Read back (as the viewer and analysis read them), they are the
	// records that were appended, but for an invalid last move, which the
	// format does not keep.
	read, err := binding.Replays().(game.ReplayReader).Read(replayFile)
	if err != nil || len(read) != len(appended) {
		t.Fatalf("read %d games of %d: %v", len(read), len(appended), err)
	}
	for i, a := range appended {
		b := read[i]
		moves := string(a.Moves)
		if a.Reason == CodeInvalid && len(b.Moves) < len(moves) {
			moves = moves[:len(b.Moves)]
		}
		if b.ID != a.ID || b.Players != a.Players || string(b.Moves) != moves || b.Seed != a.Seed ||
			b.Winner != a.Winner || b.Reason != a.Reason || b.Score != a.Score || b.Length != a.Length {
			t.Errorf("game %d read back as %s %v %+v, appended as %s %v %+v", i, b.ID, b.Players, *b.Record, a.ID, a.Players, *a.Record)
		}
	}
}

// checkRows checks a game's rows against its record.
func checkRows(t *testing.T, what string, r *game.Record, rs *rows) {
	t.Helper()
	g := rs.game
	if int(g.Winner) != int(r.Winner)+1 || int(g.Reason) != r.Reason || int(g.Moves) != r.Length ||
		float64(g.Score1) != r.Score[0] || float64(g.Score2) != r.Score[1] || g.Swaps != string(r.Moves) || g.BoardSeed != r.Seed {
		t.Fatalf("%s: games row %+v for record %+v", what, g, r)
	}
	if (r.Reason >= CodeError) != (g.Error != "") {
		t.Errorf("%s: code %d with error %q", what, r.Reason, g.Error)
	}
	if len(rs.moves) != len(r.Moves)/4 {
		t.Fatalf("%s: %d move rows for %d moves", what, len(rs.moves), len(r.Moves)/4)
	}
	var score [2]int32
	for i, m := range rs.moves {
		p := int(m.Player) - 1
		if int(m.Move) != i+1 || p != i%2 {
			t.Fatalf("%s: row %d is move %d of player %d", what, i, m.Move, m.Player)
		}
		score[p] += m.Points
		if m.Score1 != score[0] || m.Score2 != score[1] {
			t.Fatalf("%s: move %d: scores %d : %d, the points add up to %v", what, m.Move, m.Score1, m.Score2, score)
		}
		if n := int(m.Red) + int(m.Blue) + int(m.Green) + int(m.Yellow) + int(m.Purple) + int(m.Empty); n != 36 {
			t.Fatalf("%s: move %d: %d main-board cells", what, m.Move, n)
		}
		if (m.Points > 0) != (m.Steps > 0) || (m.Removed > 0) != (m.Steps > 0) || m.Points > 0 && !m.Offered && m.Empty == 0 {
			t.Fatalf("%s: move %d: %d points in %d steps removing %d cells, offered %v", what, m.Move, m.Points, m.Steps, m.Removed, m.Offered)
		}
		last := i == len(rs.moves)-1
		if m.Done != last || (m.Reward != 0) != last || m.Outcome != map[bool]int8{true: 1, false: -1}[p == int(r.Winner)] {
			t.Fatalf("%s: move %d: done %v reward %d outcome %d", what, m.Move, m.Done, m.Reward, m.Outcome)
		}
	}
}

// Equal scores go to the first mover between untimed bots (think times 0
// and 0: the second mover wins only with strictly less).
func TestTieBetweenBots(t *testing.T) {
	r := playOne(t, "quiet", "quiet", game.Setup{Seed: 9, Rows: true})
	g := r.Rows.(*rows).game
	if r.Winner != 0 || r.Reason != CodeTurns || r.Score != [2]float64{} || !g.Tie || g.Think1 != 0 || r.Length != 200 {
		t.Fatalf("quiet v quiet: %+v, games row %+v", r, g)
	}
	if text := binding.ResultText(r, [2]string{"quiet", "quiet"}); !strings.Contains(text, "wins on think time") {
		t.Errorf("result text %q", text)
	}
}

// A game's board is the course's board of its seed; other seeds fold into
// numpy's range; an explicit start names the board.
func TestBoardSeed(t *testing.T) {
	for seed, want := range map[int64]int64{1: 1, 5: 5, 1<<32 - 1: 1<<32 - 1, 0: 1, 1 << 32: 2, -1: 1 + int64(uint64(1<<64-1)%(1<<32-1))} {
		if got := BoardSeed(seed); got != want {
			t.Errorf("BoardSeed(%d) = %d, want %d", seed, got, want)
		}
	}
	r := playOne(t, "greedy", "greedy", game.Setup{Seed: 5, Frames: true})
	b, _, err := eraser.Generate(eraser.DefaultRows, 5)
	if err != nil {
		t.Fatal(err)
	}
	if g := r.Frames.(*eraser.Game); g.Init != b.String() || g.Seed != 5 || r.Start != "5" {
		t.Error("seed 5 did not play the course's board 5")
	}
	r2 := playOne(t, "greedy", "greedy", game.Setup{Seed: 77, Start: "5"})
	if r2.Start != "5" || !bytes.Equal(r2.Moves, r.Moves) {
		t.Error("--start 5 did not play board 5")
	}
	for _, bad := range []string{"0", "x", "4294967296"} {
		var seats [2]*game.Seat
		for i := range seats {
			e, _ := entrant("random")
			seats[i] = game.NewSeat(e, false)
		}
		if _, err := binding.NewWorker().Play(seats, game.Setup{Config: binding.DefaultConfig(), Start: bad}); err == nil {
			t.Errorf("start %q: no error", bad)
		}
	}
}

// Settings: flags, the plan's JSON, and bad values in one line.
func TestConfig(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	read := binding.ConfigFlags(fs)
	if err := fs.Parse([]string{"--rows", "60", "--turns", "7"}); err != nil {
		t.Fatal(err)
	}
	c, err := read()
	if err != nil {
		t.Fatal(err)
	}
	if c.String() != "60 rows, 7 moves per player" || string(c.Encode()) != `{"rows":60,"max_turn":7}` {
		t.Errorf("config %s %s", c, c.Encode())
	}
	d, err := binding.DecodeConfig(c.Encode())
	if err != nil || d != c {
		t.Errorf("decoded %v, %v", d, err)
	}
	for _, bad := range [][]string{{"--rows", "61"}, {"--rows", "0"}, {"--turns", "0"}, {"--turns", "2000000"}} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		read := binding.ConfigFlags(fs)
		fs.Parse(bad)
		if _, err := read(); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v", bad, err)
		}
	}
	if _, err := binding.DecodeConfig([]byte(`{"rows":5}`)); err == nil {
		t.Error("decoded 5 rows")
	}
}

// Players by spec; names and errors.
func TestPlayers(t *testing.T) {
	for spec, want := range map[string]string{"lookahead:reply=100,depth=1": "lookahead:depth=1", " PY:a/b.py": "py:a/b.py", "Greedy": "greedy"} {
		if got, err := binding.Canonical(spec); err != nil || got != want {
			t.Errorf("Canonical(%q) = %q, %v; want %q", spec, got, err, want)
		}
	}
	for _, bad := range []string{"py:", "heuristic", "", "lookahead:depth=9"} {
		if _, err := binding.Canonical(bad); err == nil {
			t.Errorf("Canonical(%q) accepted", bad)
		}
	}
	var names []string
	for _, b := range binding.Bots() {
		names = append(names, b.Name)
	}
	if strings.Join(names, ",") != "greedy,lookahead,random" {
		t.Errorf("bots %v", names)
	}
}

// The binding's check of the course's recorded games: every frame matches.
func TestCorpus(t *testing.T) {
	games, frames, bad, err := binding.Replays().Check("../../testdata/eraser/conformance/public.jsonl.gz", func(l string) { t.Error(l) })
	if err != nil || games != 75 || frames != 7853 || bad != 0 {
		t.Fatalf("%d games, %d frames, %d mismatched, %v", games, frames, bad, err)
	}
	b, err := binding.Replays().Bench([]string{"../../testdata/eraser/conformance/public.jsonl.gz"}, 0)
	if err != nil || b.Moves != 7778 || b.Games != 75 || b.Rounds != 1 || b.Took <= 0 {
		t.Fatalf("bench: %+v, %v", b, err)
	}
}

// The result codes are the rules' reasons, the errors split by kind.
func TestReasonCodes(t *testing.T) {
	for _, c := range []struct {
		r    eraser.Result
		code int
	}{
		{eraser.Result{Reason: eraser.ReasonTurns}, CodeTurns},
		{eraser.Result{Reason: eraser.ReasonNoMove}, CodeNoMove},
		{eraser.Result{Reason: eraser.ReasonEmpty}, CodeEmpty},
		{eraser.Result{Reason: eraser.ReasonError, Error: eraser.Failure{Kind: eraser.FailInit}}, CodeError},
		{eraser.Result{Reason: eraser.ReasonError, Error: eraser.Failure{Kind: eraser.FailException}}, CodeError},
		{eraser.Result{Reason: eraser.ReasonError, Error: eraser.Failure{Kind: eraser.FailInvalid}}, CodeInvalid},
		{eraser.Result{Reason: eraser.ReasonError, Error: eraser.Failure{Kind: eraser.FailTimeout}}, CodeTimeout},
	} {
		if got := ReasonCode(c.r); got != c.code || binding.Info().ReasonName(got) == "unknown" {
			t.Errorf("%+v: code %d, want %d", c.r, got, c.code)
		}
	}
	if got := messageOf("player 1 (a) could not be started: x; player 2 (random (B)): ValueError: y", 1); got != "ValueError: y" {
		t.Errorf("messageOf: %q", got)
	}
	if got := messageOf("player 1 (a) raised an error: boom at f.go", 0); got != "boom at f.go" {
		t.Errorf("messageOf: %q", got)
	}
}

// docs/ERASER.md's column tables say exactly what the structs write.
func TestDocumentedSchema(t *testing.T) {
	tabledoc.Check(t, "../../docs/ERASER.md",
		tabledoc.Table{Heading: "## Table `games`", Schema: parquet.SchemaOf(GameRow{})},
		tabledoc.Table{Heading: "## Table `moves`", Schema: parquet.SchemaOf(MoveRow{})})
}
