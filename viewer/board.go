package viewer

import (
	"fmt"
	"image"
	"sort"
	"sync"

	"github.com/paperio/paperio/game"
)

// Board is what the viewer needs of one game to show its games: frames
// replayed by the game's engine from a record's start and moves, the
// dataset columns that hold a game's start and moves, and the player a
// person steers from the page (its replay files are read through the
// game's Replays, a game.ReplayReader). A game's binding registers one
// with Register (a course game's is games/NAME/board); the page draws the
// frames with the board's Script, its renderer, which sets
// window.Renderers.NAME (NAME the game's) to an object of
//
//	draw(img, {state, changes, frame, header, cell})  paint a frame into an ImageData
//	figures(values, k, frames, header, meta)          rows [label, text, id] beside the board
//	charts(header, meta)                              charts under the board: {title, lines: [{colour, value(frames, k)}], range?, mid?}
//	playerColours(header)                             the two players' colours
//	keys, keysHelp                                    key name → the word the play page sends; what the keys do
//	human(viewer, send, box)                          (optional) how a person plays on the board: clicks
//	                                                  on the canvas (returns {click(cx, cy, viewer), help}),
//	                                                  sending the words Human takes with send
//
// figures also gets the frame's state as a sixth argument.
//
// The index needs no board: it lists the games of any game.
type Board interface {
	// Game is the game (its name is the renderer's).
	Game() game.Game
	// Replay starts replaying a record from its start: frame 0 is the
	// start, then one frame per move.
	Replay(r *game.Record) (Replayer, error)
	// DatasetColumns name the games table's columns of a game's start and
	// moves (as game.Record holds them).
	DatasetColumns() (start, moves string)
	// Human is a player that a person steers: it plays the words sent to in
	// (what the page sends: paper.io's key names, a swap, a turn's
	// commands); with clocked, it never waits for one (a game on a clock
	// paces the moves), else it waits for one at each move. It returns a
	// harmless move once stop is closed.
	Human(in <-chan string, clocked bool, stop <-chan struct{}) *game.Entrant
	// CheckInput says what is wrong with a word the page sent for Human.
	CheckInput(word string) error
	// Script is the game's renderer, the page's script that draws its
	// frames: served as /static/games/NAME.js, inlined in a self-contained
	// page.
	Script() []byte
}

// Streamer is a Board whose Replayer steps through a stream of moves other
// than a record's Moves (stellar's: the moves base64 decoded), which is
// also what the game's Watcher hears.
type Streamer interface {
	Stream(r *game.Record) ([]byte, error)
}

// readReplays reads a replay file of b's game through the game's Replays,
// as analysis reads them.
func readReplays(b Board, path string) ([]game.ReplayGame, error) {
	r, ok := b.Game().Replays().(game.ReplayReader)
	if !ok {
		return nil, fmt.Errorf("%s: %s reads no replay files", path, b.Game().Name())
	}
	return r.Read(path)
}

// movesOf is the moves b's Replayer steps through for record r.
func movesOf(b Board, r *game.Record) ([]byte, error) {
	if s, ok := b.(Streamer); ok {
		return s.Stream(r)
	}
	return r.Moves, nil
}

// Replayer is a game being replayed, one frame at a time.
type Replayer interface {
	// Header describes the frames for the page's renderer.
	Header() Header
	// Step plays the next move, taken from the front of moves (the rest of
	// the record's moves), and returns how many bytes it took.
	Step(moves []byte) (int, error)
	// State writes the current frame into dst (Header.StateLen bytes), in
	// the layout the renderer reads.
	State(dst []byte)
	// Values writes the current frame's figures (Header.Values) into dst.
	Values(dst []int32)
	// Draw paints the current frame into img (Header.Width×Height cells
	// of cell pixels, in the colours of Header.Palette), as the page's
	// renderer draws it: render's PNG and GIF.
	Draw(img *image.Paletted, cell int)
}

// Header describes a game's frames to the page's renderer.
type Header struct {
	Renderer string `json:"renderer"` // the game's name: its Board's Script sets window.Renderers[Renderer]
	Width    int    `json:"width"`    // board cells
	Height   int    `json:"height"`
	StateLen int    `json:"state_len"` // bytes of a frame's state
	// Values name the figures of each frame (scores, bands, distances…);
	// -1 stands for "none".
	Values []string `json:"values"`
	// Colours of the board, #rrggbb, as the renderer and Draw use them.
	Palette []string `json:"palette"`
}

var boards struct {
	sync.RWMutex
	m map[string]Board
}

// Register adds the board of a game (from its binding's init).
func Register(b Board) {
	boards.Lock()
	defer boards.Unlock()
	if boards.m == nil {
		boards.m = map[string]Board{}
	}
	boards.m[b.Game().Name()] = b
}

// BoardOf is the board of the game called name.
func BoardOf(name string) (Board, error) {
	boards.RLock()
	defer boards.RUnlock()
	if b, ok := boards.m[name]; ok {
		return b, nil
	}
	return nil, fmt.Errorf("the viewer cannot show %s games yet (it shows %v)", name, boardNamesLocked())
}

func boardNamesLocked() []string {
	var out []string
	for n := range boards.m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// allBoards lists the registered boards by name.
func allBoards() []Board {
	boards.RLock()
	defer boards.RUnlock()
	var out []Board
	for _, n := range boardNamesLocked() {
		out = append(out, boards.m[n])
	}
	return out
}
