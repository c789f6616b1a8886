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

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/engine/paperio/replay"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/internal/jsonl"
	"github.com/paperio/paperio/label"
	"github.com/paperio/paperio/outcome"
)

// LoaderOptions shape a Loader.
type LoaderOptions struct {
	// Dir is a self-play (or tournament) folder (games/**/*.parquet), or
	// replay files: one file, or a folder of *.jsonl and *.jsonl.gz files
	// without games/ (the course's reference games, play --record files,
	// human games), whose game ids count from 0 over the files in order,
	// as paperio stats and plot number them.
	Dir   string
	View  View
	Batch int // rows per batch
	// Shuffle mixes the rows of many games: the games are taken in a random
	// order and InFlight of them are replayed side by side, each batch row
	// coming from one of them at random. Each game's rows still come in
	// order (a game is replayed, not stored).
	Shuffle  bool
	Seed     int64 // the shuffle's seed
	InFlight int   // games replayed side by side when shuffling (default 64)
	// Players keeps only the rows whose mover is one of these players: a
	// spec as recorded, a bot spec in any spelling, or a short label as
	// paperio plot shows it (package label: a py: AI's file stem, a
	// replay's team name); empty keeps all. A name that matches no player
	// of the data is an error that lists them.
	Players []string
}

// LoaderBuffers are the arrays a batch is written into, one row per
// half-step (the Python package's numpy arrays).
type LoaderBuffers struct {
	Planes   []uint8   // Batch × View.Size: the observation the mover saw before moving (a crop's planes, then a global map's)
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
	board   paperio.Config // full views: the dataset's board
	size    int            // bytes of one observation's planes
	files   []string
	players map[string]bool
	rng     *rand.Rand
	replays map[string][]tables.Game // the rows of replay files, by file
	rows    int64                    // rows of a pass, once counted; -1 before
	order   []string                 // files of the current pass, in the order read
	queue   []tables.Game            // games of the file being read, not yet started
	slots   []*replaySlot            // games being replayed
}

// replaySlot is one game being replayed.
type replaySlot struct {
	row    tables.Game
	s      paperio.State
	board  fullBoard // full views: player 1's view of the game, kept up to date
	planes []uint8
	at     int     // actions replayed
	keep   [2]bool // whose rows are kept
	track  tracker // for the scalars that search the board
	winner paperio.Winner
	global *globalScratch // views with a global map
}

// NewLoader finds the dataset's files and checks the options. The loader
// is ready once it has its buffers (SetBuffers).
func NewLoader(o LoaderOptions) (*Loader, error) {
	if err := o.View.Check(); err != nil {
		return nil, err
	}
	if o.View.Global != 0 && o.View.Crop == 0 {
		return nil, fmt.Errorf("view %v: the loader writes full boards, crops and crops with a global map", o.View)
	}
	if o.Batch < 1 {
		return nil, fmt.Errorf("batch %d: must be at least 1", o.Batch)
	}
	if o.InFlight <= 0 {
		o.InFlight = 64
	}
	files, replays, err := gamesFiles(o.Dir)
	if err != nil {
		return nil, err
	}
	l := &Loader{o: o, files: files, replays: replays, board: paperio.Config{Width: 1, Height: 1}, rows: -1}
	if o.View.Crop == 0 {
		// Full boards: every game of a dataset has the first one's board.
		if l.board, err = l.firstBoard(files[0]); err != nil {
			return nil, err
		}
	}
	l.size = o.View.Size(l.board)
	if len(o.Players) > 0 {
		if l.players, err = l.choose(o.Players); err != nil {
			return nil, err
		}
	}
	l.Rewind(o.Seed)
	return l, nil
}

// choose finds the players that names name among the players of the data.
func (l *Loader) choose(names []string) (map[string]bool, error) {
	var all []string
	seen := map[string]bool{}
	for _, f := range l.files {
		rows, err := l.readGames(f)
		if err != nil {
			return nil, err
		}
		for _, g := range rows {
			for _, p := range [2]string{g.P1, g.P2} {
				if !seen[p] {
					seen[p] = true
					all = append(all, p)
				}
			}
		}
	}
	sort.Strings(all)
	short := label.Short(all)
	out := map[string]bool{}
	for _, n := range names {
		found := false
		c, err := canonical(n)
		for i, p := range all {
			if p == n || short[i] == n || err == nil && c == p {
				out[p], found = true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("players: no player %q in the data (players: %s)", n, strings.Join(short, ", "))
		}
	}
	return out, nil
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

// Shape is the shape of one observation's planes (the crop's, with a
// global view).
func (l *Loader) Shape() [3]int { return l.o.View.Shape(l.board) }

// GlobalShape is the shape of the global map's planes ((0, 0, 0) without
// one).
func (l *Loader) GlobalShape() [3]int { return l.o.View.GlobalShape() }

// Size is the number of bytes of one row's planes: Shape's, then the
// global map's.
func (l *Loader) Size() int { return l.size }

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
func (l *Loader) firstBoard(file string) (paperio.Config, error) {
	rows, err := l.readGames(file)
	if err != nil {
		return paperio.Config{}, err
	}
	if len(rows) == 0 {
		return paperio.Config{}, fmt.Errorf("%s: no games", file)
	}
	return rowConfig(rows[0]), nil
}

func rowConfig(g tables.Game) paperio.Config {
	return paperio.Config{Width: int(g.Width), Height: int(g.Height), MaxTurns: int(g.MaxTurns)}
}

// gamesFiles lists a dataset's games files: every *.parquet below games/,
// sorted, leaving out names that start with '.' (files being written); or
// the replay files dir names, with their games read.
func gamesFiles(dir string) ([]string, map[string][]tables.Game, error) {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, fmt.Errorf("%s: no such folder or file", dir)
	case err != nil:
		return nil, nil, err
	case !st.IsDir():
		return readReplays([]string{dir})
	}
	if err := checkManifest(dir); err != nil {
		return nil, nil, err
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
			return nil, nil, err
		}
	} else if replays, _ := jsonl.Files(dir); len(replays) > 0 {
		return readReplays(replays)
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("%s holds no dataset: no games/*.parquet and no replay files (write one with paperio selfplay)", dir)
	}
	sort.Strings(files)
	return files, nil, nil
}

// readReplays reads replay files as games rows, numbered from 0 over the
// files in order.
func readReplays(files []string) ([]string, map[string][]tables.Game, error) {
	out := map[string][]tables.Game{}
	id := int64(0)
	for _, f := range files {
		games, err := replay.ReadAll(f)
		if err != nil {
			return nil, nil, err
		}
		rows := make([]tables.Game, len(games))
		for i, g := range games {
			c := g.Config()
			rows[i] = tables.Game{
				GameID: id, P1: g.Players[0], P2: g.Players[1], Seed: g.Seed, Width: int32(c.Width), Height: int32(c.Height),
				MaxTurns: int32(c.MaxTurns), Start: paperio.StartString(g.Starts()), Actions: g.Actions,
				Winner: g.Result.EngineWinner().Code(),
			}
			id++
		}
		out[f] = rows
	}
	return files, out, nil
}

// checkManifest refuses a folder whose manifest says it holds another
// game's dataset: its game is not the name paper.io's binding registers
// (which self-play writes there).
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
	if json.Unmarshal(b, &m) == nil && m.Run.Game != "" && m.Run.Game != (paperiogame.Game{}).Name() {
		return fmt.Errorf("%s holds %s games, not paper.io", dir, m.Run.Game)
	}
	return nil
}

// readGames reads a games file, or a replay file's rows.
func (l *Loader) readGames(path string) ([]tables.Game, error) {
	if rows, ok := l.replays[path]; ok {
		return slices.Clone(rows), nil // the caller sorts and shuffles them
	}
	rows, err := parquet.ReadFile[tables.Game](path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable games table: %v", path, err)
	}
	return rows, nil
}

// Rows counts the rows of a pass: every half-step of the games whose
// movers are kept (player 1 moves at odd half-steps). It reads the games
// tables once and remembers the count.
func (l *Loader) Rows() (int64, error) {
	if l.rows >= 0 {
		return l.rows, nil
	}
	var n int64
	for _, f := range l.files {
		games, err := l.readGames(f)
		if err != nil {
			return 0, err
		}
		for _, g := range games {
			k := int64(len(g.Actions))
			if l.players == nil || l.players[g.P1] {
				n += (k + 1) / 2
			}
			if l.players == nil || l.players[g.P2] {
				n += k / 2
			}
		}
	}
	l.rows = n
	return n, nil
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
			rows, err := l.readGames(l.order[0])
			if err != nil {
				return err
			}
			l.order = l.order[1:]
			slices.SortFunc(rows, func(a, b tables.Game) int { return int(a.GameID - b.GameID) })
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
func (l *Loader) start(row tables.Game) error {
	keep := [2]bool{l.players == nil || l.players[row.P1], l.players == nil || l.players[row.P2]}
	if !keep[0] && !keep[1] || len(row.Actions) == 0 {
		return nil
	}
	st, err := paperio.ParseStart(row.Start)
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
	a := paperio.Action(row.Actions[sl.at])
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
		k := l.o.View.Crop
		writeCrop(k, s, m, dst)
		if g := l.o.View.Global; g > 0 {
			if sl.global == nil {
				sl.global = new(globalScratch)
			}
			sl.global.writeGlobal(g, s, m, dst[CropPlanes*k*k:])
		}
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
