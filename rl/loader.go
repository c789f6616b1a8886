package rl

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/outcome"
)

// LoaderOptions shape a Loader.
type LoaderOptions struct {
	Dir   string // a self-play (or tournament) folder: games/**/*.parquet
	View  View
	Batch int // rows per batch
	// Shuffle mixes the rows of many games: the games are taken in a random
	// order and InFlight of them are replayed side by side, each batch row
	// coming from one of them at random. Each game's rows still come in
	// order (a game is replayed, not stored).
	Shuffle  bool
	Seed     int64 // the shuffle's seed
	InFlight int   // games replayed side by side when shuffling (default 64)
	// Players keeps only the rows whose mover is one of these specs (a
	// bot spec, in any spelling, or py:FILE or exec:FILE as recorded); empty keeps all.
	Players []string
}

// LoaderBuffers are the arrays a batch is written into, one row per
// half-step (the Python package's numpy arrays).
type LoaderBuffers struct {
	Planes   []uint8   // Batch × View.Size: the observation the mover saw before moving
	Scalars  []float32 // Batch × NumScalars
	Action   []int64   // the mover's action: 0 left, 1 straight, 2 right
	Reward   []float32 // the turns table's reward: the result for the mover on the game's last half-step, else 0
	Done     []bool    // the game's last half-step
	Outcome  []float32 // the game's result for the mover (1, 0, -1) on every row
	Player   []int8    // the mover, 1 or 2
	GameID   []int64   // the games table's game_id
	HalfStep []int32   // 1-based, as in the turns table
}

// Loader turns a self-play dataset back into training rows: it reads the
// games table (start and actions of every game; the turns table is not
// needed) and replays each game with the engine, writing the observation
// before every half-step. A dataset keeps its ~3 bytes per half-step; the
// boards are made again at millions of rows a second.
type Loader struct {
	o       LoaderOptions
	b       LoaderBuffers
	board   engine.Config // full views: the dataset's board
	size    int           // bytes of one observation's planes
	files   []string
	players map[string]bool
	rng     *rand.Rand
	order   []string       // files of the current pass, in the order read
	queue   []dataset.Game // games of the file being read, not yet started
	slots   []*replaySlot  // games being replayed
}

// replaySlot is one game being replayed.
type replaySlot struct {
	row    dataset.Game
	s      engine.State
	board  fullBoard // full views: player 1's view of the game, kept up to date
	planes []uint8
	at     int     // actions replayed
	keep   [2]bool // whose rows are kept
	track  tracker // for the scalars that search the board
	winner engine.Winner
}

// NewLoader finds the dataset's files and checks the options. The loader
// is ready once it has its buffers (SetBuffers).
func NewLoader(o LoaderOptions) (*Loader, error) {
	if err := o.View.Check(); err != nil {
		return nil, err
	}
	if o.Batch < 1 {
		return nil, fmt.Errorf("batch %d: must be at least 1", o.Batch)
	}
	if o.InFlight <= 0 {
		o.InFlight = 64
	}
	files, err := gamesFiles(o.Dir)
	if err != nil {
		return nil, err
	}
	l := &Loader{o: o, files: files, board: engine.Config{Width: 1, Height: 1}}
	if o.View.Crop == 0 {
		// Full boards: every game of a dataset has the first one's board.
		if l.board, err = firstBoard(files[0]); err != nil {
			return nil, err
		}
	}
	l.size = o.View.Size(l.board)
	if len(o.Players) > 0 {
		l.players = map[string]bool{}
		for _, p := range o.Players {
			c, err := canonical(p)
			if err != nil {
				return nil, fmt.Errorf("players: %v", err)
			}
			l.players[c] = true
		}
	}
	l.Rewind(o.Seed)
	return l, nil
}

// canonical is a player spec as the games table records it.
func canonical(spec string) (string, error) {
	if strings.HasPrefix(spec, "py:") || strings.HasPrefix(spec, "exec:") {
		return spec, nil
	}
	s, err := bots.Parse(spec)
	if err != nil {
		return "", err
	}
	return s.String(), nil
}

// Shape is the shape of one observation's planes.
func (l *Loader) Shape() [3]int { return l.o.View.Shape(l.board) }

// Batch is the number of rows of a batch.
func (l *Loader) Batch() int { return l.o.Batch }

// SetBuffers gives the loader the arrays it fills; their sizes must fit
// the options and the shape.
func (l *Loader) SetBuffers(b LoaderBuffers) error {
	n := l.o.Batch
	for _, s := range []struct {
		name     string
		got, min int
	}{
		{"scalars", len(b.Scalars), n * NumScalars}, {"action", len(b.Action), n}, {"reward", len(b.Reward), n},
		{"done", len(b.Done), n}, {"outcome", len(b.Outcome), n}, {"player", len(b.Player), n},
		{"game_id", len(b.GameID), n}, {"half_step", len(b.HalfStep), n}, {"planes", len(b.Planes), n * l.size},
	} {
		if s.got != s.min {
			return fmt.Errorf("buffer %s holds %d values, want %d", s.name, s.got, s.min)
		}
	}
	l.b = b
	return nil
}

// firstBoard is the board of the first game of a games file.
func firstBoard(file string) (engine.Config, error) {
	rows, err := readGamesFile(file)
	if err != nil {
		return engine.Config{}, err
	}
	if len(rows) == 0 {
		return engine.Config{}, fmt.Errorf("%s: no games", file)
	}
	return rowConfig(rows[0]), nil
}

func rowConfig(g dataset.Game) engine.Config {
	return engine.Config{Width: int(g.Width), Height: int(g.Height), MaxTurns: int(g.MaxTurns)}
}

// gamesFiles lists a dataset's games files: every *.parquet below games/,
// sorted, leaving out names that start with '.' (files being written).
func gamesFiles(dir string) ([]string, error) {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such folder", dir)
	case err != nil:
		return nil, err
	case !st.IsDir():
		return nil, fmt.Errorf("%s is not a folder (want a self-play folder with games/)", dir)
	}
	if err := checkManifest(dir); err != nil {
		return nil, err
	}
	root := filepath.Join(dir, "games")
	var files []string
	walk := func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != root && strings.HasPrefix(e.Name(), ".") {
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".parquet") {
			files = append(files, p)
		}
		return nil
	}
	if _, err := os.Stat(root); err == nil {
		if err := filepath.WalkDir(root, walk); err != nil {
			return nil, err
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s holds no dataset: no games/*.parquet (write one with paperio selfplay)", dir)
	}
	sort.Strings(files)
	return files, nil
}

// checkManifest refuses a folder whose manifest says it holds another
// game's dataset.
func checkManifest(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil // tournament folders and hand-made ones have none
	}
	var m struct {
		Run struct {
			Game string `json:"game"`
		} `json:"run"`
	}
	if json.Unmarshal(b, &m) == nil && m.Run.Game != "" && m.Run.Game != "paperio" {
		return fmt.Errorf("%s holds %s games, not paper.io", dir, m.Run.Game)
	}
	return nil
}

func readGamesFile(path string) ([]dataset.Game, error) {
	rows, err := parquet.ReadFile[dataset.Game](path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable games table: %v", path, err)
	}
	return rows, nil
}

// Rewind starts a new pass over the dataset; with Shuffle, seed orders it.
func (l *Loader) Rewind(seed int64) {
	l.rng = rand.New(rand.NewPCG(uint64(seed), 0x7061706572696f))
	l.order = slices.Clone(l.files)
	if l.o.Shuffle {
		l.rng.Shuffle(len(l.order), func(i, j int) { l.order[i], l.order[j] = l.order[j], l.order[i] })
	}
	l.queue = l.queue[:0]
	l.slots = l.slots[:0]
}

// Next writes the next batch into the buffers and returns its rows: fewer
// than Batch at the end of the pass, 0 after it.
func (l *Loader) Next() (int, error) {
	if l.b.Action == nil {
		return 0, fmt.Errorf("next before the buffers are set")
	}
	n := 0
	for n < l.o.Batch {
		if err := l.fill(); err != nil {
			return n, err
		}
		if len(l.slots) == 0 {
			break
		}
		k := 0
		if l.o.Shuffle {
			k = l.rng.IntN(len(l.slots))
		}
		wrote, err := l.advance(k, n)
		if err != nil {
			return n, err
		}
		if wrote {
			n++
		}
	}
	return n, nil
}

// fill starts games until InFlight are being replayed (one without
// shuffling) or the pass has no more.
func (l *Loader) fill() error {
	want := 1
	if l.o.Shuffle {
		want = l.o.InFlight
	}
	for len(l.slots) < want {
		for len(l.queue) == 0 {
			if len(l.order) == 0 {
				return nil
			}
			rows, err := readGamesFile(l.order[0])
			if err != nil {
				return err
			}
			l.order = l.order[1:]
			slices.SortFunc(rows, func(a, b dataset.Game) int { return int(a.GameID - b.GameID) })
			if l.o.Shuffle {
				l.rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
			}
			l.queue = rows
		}
		row := l.queue[0]
		l.queue = l.queue[1:]
		if err := l.start(row); err != nil {
			return err
		}
	}
	return nil
}

// start begins replaying a game if any of its rows are kept.
func (l *Loader) start(row dataset.Game) error {
	keep := [2]bool{l.players == nil || l.players[row.P1], l.players == nil || l.players[row.P2]}
	if !keep[0] && !keep[1] || len(row.Actions) == 0 {
		return nil
	}
	st, err := dataset.ParseStart(row.Start)
	if err != nil {
		return fmt.Errorf("game %d: %v", row.GameID, err)
	}
	c := rowConfig(row)
	if err := CheckConfig(c); err != nil {
		return fmt.Errorf("game %d: %v", row.GameID, err)
	}
	full := l.o.View.Crop == 0
	if full && (c.Width != l.board.Width || c.Height != l.board.Height) {
		return fmt.Errorf("game %d is played on a %dx%d board, the dataset's first on %dx%d: full boards need one board size (crops do not)", row.GameID, c.Width, c.Height, l.board.Width, l.board.Height)
	}
	var sl *replaySlot
	if n := len(l.slots); n < cap(l.slots) && l.slots[:n+1][n] != nil {
		sl = l.slots[:n+1][n] // reuse a finished slot's buffers
	} else {
		sl = &replaySlot{}
	}
	if err := sl.s.Reset(c, st); err != nil {
		return fmt.Errorf("game %d: %v", row.GameID, err)
	}
	sl.row, sl.at, sl.keep, sl.winner = row, 0, keep, outcome.OfCode(row.Winner)
	sl.track.start(&sl.s)
	if full {
		if len(sl.planes) != l.size {
			sl.planes = make([]uint8, l.size)
			sl.board = fullBoard{}
		}
		sl.board.start(&sl.s, 0, sl.planes)
	}
	l.slots = append(l.slots, sl)
	return nil
}

// advance plays slot k's next half-step, writing its row at batch index n
// if the mover's rows are kept; it reports whether it wrote.
func (l *Loader) advance(k, n int) (bool, error) {
	sl := l.slots[k]
	s := &sl.s
	row := &sl.row
	a := engine.Action(row.Actions[sl.at])
	idx := ActionIndex(a)
	if idx < 0 {
		return false, fmt.Errorf("game %d: action %q at half-step %d is not L, S or R", row.GameID, row.Actions[sl.at], sl.at+1)
	}
	if s.Over() {
		return false, fmt.Errorf("game %d: the replay ends at half-step %d, but %d actions are recorded (not a paper.io dataset, or a damaged one)", row.GameID, s.HalfSteps(), len(row.Actions))
	}
	m := s.ToMove()
	wrote := sl.keep[m]
	last := sl.at == len(row.Actions)-1
	if wrote {
		l.write(sl, m, n, idx, last)
	}
	area := s.Area(m)
	s.Step(a)
	sl.track.played(s, m, area)
	sl.at++
	if l.o.View.Crop == 0 {
		sl.board.update(s, sl.planes)
	}
	if last {
		// Swap the finished slot to the end and keep it for its buffers.
		end := len(l.slots) - 1
		l.slots[k], l.slots[end] = l.slots[end], l.slots[k]
		l.slots = l.slots[:end]
	}
	return wrote, nil
}

// write puts the row of mover m, about to play action idx, at batch index
// n.
func (l *Loader) write(sl *replaySlot, m, n, idx int, last bool) {
	b := &l.b
	s := &sl.s
	dst := b.Planes[n*l.size : (n+1)*l.size]
	switch {
	case l.o.View.Crop > 0:
		writeCrop(l.o.View.Crop, s, m, dst)
	case m == 0:
		copy(dst, sl.planes)
	default: // player 2's view: own and enemy planes change places
		plane := s.Width() * s.Height()
		for p, from := range [FullPlanes]int{EnemyTerritory, EnemyBand, OwnTerritory, OwnBand, EnemyHead, OwnHead} {
			copy(dst[p*plane:(p+1)*plane], sl.planes[from*plane:(from+1)*plane])
		}
	}
	sl.track.scalars(s, m, b.Scalars[n*NumScalars:(n+1)*NumScalars])
	outcome := float32(sl.winner.Outcome(m))
	b.Action[n] = int64(idx)
	b.Outcome[n] = outcome
	b.Done[n] = last
	b.Reward[n] = 0
	if last {
		b.Reward[n] = outcome
	}
	b.Player[n] = int8(m + 1)
	b.GameID[n] = sl.row.GameID
	b.HalfStep[n] = int32(sl.at + 1)
}
