package stellar

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/paperio/paperio/internal/jsonl"
)

// The replay format of recorded games (testdata/stellar/conformance/
// FORMAT.md, RULES §10): gzip'd (when the name ends in .gz) JSON lines, one
// game per line, every force a Python repr() string compared bit for bit.

// Config is the reference's configuration as a game records it.
type Config struct {
	MaxTurn     int     `json:"max_turn"`
	MaxTime     float64 `json:"max_time"`
	PowerLimit  int     `json:"power_limit"`
	SpawnRate   int     `json:"spawn_rate"`
	DespawnRate float64 `json:"despawn_rate"`
	InitPower1  [2]int  `json:"init_power_1"`
	InitPower2  [2]int  `json:"init_power_2"`
}

// DefaultConfig is the configuration of the rules (RULES §1) with the given
// time limit per AI call, in seconds.
func DefaultConfig(maxTime float64) Config {
	return Config{MaxTurn: MaxTurn, MaxTime: maxTime, PowerLimit: PowerLimit, SpawnRate: SpawnRate,
		DespawnRate: DespawnRate, InitPower1: [2]int{StartForce, 0}, InitPower2: [2]int{0, StartForce}}
}

// Game is one recorded game.
type Game struct {
	ID      string
	Players [2]string // AI module names, player 0 first
	Config  Config
	Map     *Map // built from the recorded neighbour lists; Map.Spec says how it was generated
	Turns   []Turn
	Result  Result
	Text    string // the reference's result string
}

// Turn is one recorded update: turn 0 (no commands) or an AI turn. Forces are
// indexed by node, 1..N ([0] unused), like State's.
type Turn struct {
	Cmd    [2]*Returned // what each AI returned
	Judge  [2]string    // "" when the list was accepted, else the error string stored
	Raised [2]string    // "" or why the call failed: an exception name or "timeout"
	Move   [][2]float64 // both forces after the move
	Own    []int8       // owners after combat
	Combat []float64    // the owner's force after combat (the other is 0.0)
	Grow   []float64    // the owner's force after growth
}

// NewGame starts the record of a game on s's map (after NewStateRecord, with
// snap its turn 0).
func NewGame(id string, players [2]string, maxTime float64, s *State, turn0 *Snapshot) *Game {
	g := &Game{ID: id, Players: players, Config: DefaultConfig(maxTime), Map: s.m}
	g.AddTurn([2]*Returned{List(), List()}, [2]string{}, turn0)
	return g
}

// AddTurn appends a turn: what the AIs returned (nil for a call that failed,
// recorded as [] with raised set), why calls failed, and the turn's
// snapshot.
func (g *Game) AddTurn(cmd [2]*Returned, raised [2]string, snap *Snapshot) {
	n := g.Map.N
	t := Turn{Raised: raised, Move: make([][2]float64, n+1), Own: make([]int8, n+1),
		Combat: make([]float64, n+1), Grow: make([]float64, n+1)}
	for p := range cmd {
		t.Cmd[p] = cmd[p]
		if cmd[p] == nil {
			t.Cmd[p] = List()
		}
		if snap.Rejected[p] {
			t.Judge[p] = snap.Errors[p]
		}
	}
	copy(t.Move, snap.Move)
	copy(t.Own, snap.Own)
	for i := 1; i <= n; i++ {
		t.Combat[i] = ownerForce(snap.Combat[i], snap.Own[i])
		t.Grow[i] = ownerForce(snap.Grow[i], snap.Own[i])
	}
	g.Turns = append(g.Turns, t)
}

// ownerForce is the owner's component of a node's forces (player 0's on a
// neutral node, where both are 0.0).
func ownerForce(p [2]float64, owner int8) float64 {
	if owner == 1 {
		return p[1]
	}
	return p[0]
}

// Finish records the game's result.
func (g *Game) Finish(s *State) {
	g.Result = s.Result()
	g.Text = g.Result.Text(g.Players)
}

// The JSON layout of a line.
type wireGame struct {
	ID      string     `json:"id"`
	Players [2]string  `json:"players"`
	Config  wireConfig `json:"config"`
	Map     wireMap    `json:"map"`
	Turns   []wireTurn `json:"turns"`
	Result  wireResult `json:"result"`
}

// wireConfig is Config with its floats written as Python writes them.
type wireConfig struct {
	MaxTurn     int         `json:"max_turn"`
	MaxTime     json.Number `json:"max_time"`
	PowerLimit  int         `json:"power_limit"`
	SpawnRate   int         `json:"spawn_rate"`
	DespawnRate json.Number `json:"despawn_rate"`
	InitPower1  [2]int      `json:"init_power_1"`
	InitPower2  [2]int      `json:"init_power_2"`
}

func (c Config) toWire() wireConfig {
	return wireConfig{c.MaxTurn, json.Number(FloatRepr(c.MaxTime)), c.PowerLimit, c.SpawnRate,
		json.Number(FloatRepr(c.DespawnRate)), c.InitPower1, c.InitPower2}
}

func (w wireConfig) toConfig() (Config, error) {
	t, err1 := strconv.ParseFloat(string(w.MaxTime), 64)
	d, err2 := strconv.ParseFloat(string(w.DespawnRate), 64)
	if err := errors.Join(err1, err2); err != nil {
		return Config{}, fmt.Errorf("config: %v", err)
	}
	return Config{w.MaxTurn, t, w.PowerLimit, w.SpawnRate, d, w.InitPower1, w.InitPower2}, nil
}

type wireMap struct {
	Gen    string           `json:"gen"`
	Params []json.Number    `json:"params,omitempty"`
	Name   string           `json:"name,omitempty"`
	Seed   int64            `json:"seed"`
	N      int              `json:"n"`
	Adj    [][]int          `json:"adj"`
	XY     []([2]wireFloat) `json:"xy"`
}

type wireTurn struct {
	Cmd    [2]json.RawMessage `json:"cmd"`
	Judge  [2]*string         `json:"judge"`
	Move   []wireFloat        `json:"move"`
	Own    string             `json:"own"`
	Combat []wireFloat        `json:"combat"`
	Grow   []wireFloat        `json:"grow"`
	Raised *[2]*string        `json:"raised,omitempty"`
}

type wireResult struct {
	Winner *int   `json:"winner"`
	Reason string `json:"reason"`
	Turns  int    `json:"turns"`
	Text   string `json:"text"`
}

// wireFloat is a number written as Python's repr() in a JSON string.
type wireFloat string

func (w wireFloat) float() (float64, error) {
	f, err := strconv.ParseFloat(string(w), 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", string(w))
	}
	return f, nil
}

// Reader reads games from a replay file, one per line. Next returns the
// next game, or io.EOF after the last; blank lines are skipped; a malformed
// line is an error naming the file and the line. Line is the number of the
// line Next read last (1-based).
type Reader = jsonl.Reader[*Game]

// Open opens a replay file; a name ending in .gz is read through gzip.
func Open(name string) (*Reader, error) { return jsonl.Open(name, ParseGame) }

// ReadAll reads every game of a replay file.
func ReadAll(name string) ([]*Game, error) { return jsonl.ReadAll(name, ParseGame) }

// ParseGame reads one line of the replay format.
func ParseGame(line []byte) (*Game, error) {
	var w wireGame
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, err
	}
	g := &Game{ID: w.ID, Players: w.Players}
	var err error
	if g.Config, err = w.Config.toConfig(); err != nil {
		return nil, err
	}
	m, err := w.Map.toMap()
	if err != nil {
		return nil, fmt.Errorf("map: %v", err)
	}
	g.Map = m
	if len(w.Turns) == 0 {
		return nil, errors.New("no turns (turn 0 is always recorded)")
	}
	for i, wt := range w.Turns {
		t, err := wt.toTurn(m.N)
		if err != nil {
			return nil, fmt.Errorf("turn %d: %v", i, err)
		}
		g.Turns = append(g.Turns, t)
	}
	if g.Result, err = w.Result.toResult(); err != nil {
		return nil, fmt.Errorf("result: %v", err)
	}
	if g.Result.Turns != len(g.Turns)-1 {
		return nil, fmt.Errorf("result: %d turns played, %d recorded after turn 0", g.Result.Turns, len(g.Turns)-1)
	}
	g.Text = w.Result.Text
	return g, nil
}

func (w wireMap) toMap() (*Map, error) {
	spec := MapSpec{Gen: w.Gen, Name: w.Name, Seed: w.Seed}
	for _, p := range w.Params {
		f, err := strconv.ParseFloat(string(p), 64)
		if err != nil {
			return nil, fmt.Errorf("param %q: %v", p, err)
		}
		spec.Params = append(spec.Params, f)
	}
	if len(w.Adj) != w.N {
		return nil, fmt.Errorf("n = %d but %d neighbour lists", w.N, len(w.Adj))
	}
	if len(w.XY) != 0 && len(w.XY) != w.N {
		return nil, fmt.Errorf("n = %d but %d positions", w.N, len(w.XY))
	}
	var xy [][2]Num
	for i, p := range w.XY {
		var pt [2]Num
		for k := range p {
			f, err := p[k].float()
			if err != nil {
				return nil, fmt.Errorf("xy of node %d: %v", i+1, err)
			}
			pt[k] = Num{F: f, IsInt: !strings.ContainsAny(string(p[k]), ".einf")}
		}
		xy = append(xy, pt)
	}
	return NewMap(spec, w.Adj, xy)
}

func (w wireTurn) toTurn(n int) (Turn, error) {
	var t Turn
	for p := range 2 {
		r, err := parseReturned(w.Cmd[p])
		if err != nil {
			return t, fmt.Errorf("cmd of player %d: %v", p, err)
		}
		t.Cmd[p] = r
		if w.Judge[p] != nil {
			if *w.Judge[p] == "" {
				return t, fmt.Errorf("empty judge string of player %d", p)
			}
			t.Judge[p] = *w.Judge[p]
		}
		if w.Raised != nil && w.Raised[p] != nil {
			t.Raised[p] = *w.Raised[p]
		}
	}
	if len(w.Move) != 2*n || len(w.Own) != n || len(w.Combat) != n || len(w.Grow) != n {
		return t, fmt.Errorf("want %d move forces and %d owners, combat and growth forces; got %d, %d, %d, %d",
			2*n, n, len(w.Move), len(w.Own), len(w.Combat), len(w.Grow))
	}
	t.Move = make([][2]float64, n+1)
	t.Own = make([]int8, n+1)
	t.Combat = make([]float64, n+1)
	t.Grow = make([]float64, n+1)
	t.Own[0] = Neutral
	var err error
	for i := 1; i <= n; i++ {
		for k := range 2 {
			if t.Move[i][k], err = w.Move[2*(i-1)+k].float(); err != nil {
				return t, fmt.Errorf("move: %v", err)
			}
		}
		switch w.Own[i-1] {
		case '0':
			t.Own[i] = 0
		case '1':
			t.Own[i] = 1
		case '.':
			t.Own[i] = Neutral
		default:
			return t, fmt.Errorf("owner %q of node %d: want 0, 1 or .", w.Own[i-1], i)
		}
		if t.Combat[i], err = w.Combat[i-1].float(); err != nil {
			return t, fmt.Errorf("combat: %v", err)
		}
		if t.Grow[i], err = w.Grow[i-1].float(); err != nil {
			return t, fmt.Errorf("grow: %v", err)
		}
	}
	return t, nil
}

func (w wireResult) toResult() (Result, error) {
	r, err := ParseReason(w.Reason)
	if err != nil {
		return Result{}, err
	}
	res := Result{Reason: r, Turns: w.Turns, Winner: NoWinner}
	if w.Winner != nil {
		if *w.Winner < -1 || *w.Winner > 1 {
			return res, fmt.Errorf("winner %d: want 0, 1, -1 or null", *w.Winner)
		}
		res.Winner = *w.Winner
	}
	return res, nil
}

// UnmarshalJSON reads what an AI returned in the replay format's encoding
// (FORMAT.md, "Commands"): a JSON array for a list, whose elements are arrays
// for tuples with ints as numbers, bools, floats as repr() strings and
// {"type": T, "repr": R} for anything else; {"type": T, "repr": R} for a
// value that is not a list. A Python AI's bridge can send this encoding.
func (r *Returned) UnmarshalJSON(b []byte) error {
	x, err := parseReturned(b)
	if err != nil {
		return err
	}
	*r = *x
	return nil
}

// MarshalJSON writes what an AI returned in the replay format's encoding.
func (r Returned) MarshalJSON() ([]byte, error) { return marshalReturned(&r) }

// parseReturned reads a recorded cmd (FORMAT.md, "Commands").
func parseReturned(raw json.RawMessage) (*Returned, error) {
	v, err := decodeAny(raw)
	if err != nil {
		return nil, err
	}
	switch v := v.(type) {
	case []any:
		r := &Returned{List: true, Items: make([]Item, len(v))}
		for i, e := range v {
			if r.Items[i], err = parseItem(e); err != nil {
				return nil, fmt.Errorf("item %d: %v", i, err)
			}
		}
		return r, nil
	case map[string]any:
		typ, repr, err := otherOf(v)
		return NotList(typ, repr), err
	}
	return nil, fmt.Errorf("want a list or {type, repr}, got %s", raw)
}

func decodeAny(raw json.RawMessage) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

func parseItem(e any) (Item, error) {
	switch e := e.(type) {
	case []any:
		it := Item{Tuple: true, Values: make([]Value, len(e))}
		for k, x := range e {
			v, err := parseValue(x)
			if err != nil {
				return it, err
			}
			it.Values[k] = v
		}
		return it, nil
	case map[string]any:
		typ, repr, err := otherOf(e)
		return NotTuple(typ, repr), err
	}
	return Item{}, fmt.Errorf("want a tuple (array) or {type, repr}, got %v", e)
}

func parseValue(x any) (Value, error) {
	switch x := x.(type) {
	case json.Number:
		b, ok := new(big.Int).SetString(string(x), 10)
		if !ok {
			return Value{}, fmt.Errorf("number %s is not an int (floats are strings)", x)
		}
		return BigInt(b), nil
	case bool:
		return Bool(x), nil
	case string:
		f, err := wireFloat(x).float()
		if err != nil {
			return Value{}, err
		}
		return Float(f), nil
	case map[string]any:
		typ, repr, err := otherOf(x)
		return Other(typ, repr), err
	}
	return Value{}, fmt.Errorf("unexpected tuple item %v", x)
}

func otherOf(m map[string]any) (typ, repr string, err error) {
	typ, ok1 := m["type"].(string)
	repr, ok2 := m["repr"].(string)
	if !ok1 || !ok2 || len(m) != 2 {
		return "", "", fmt.Errorf("want {\"type\": T, \"repr\": R}, got %v", m)
	}
	return typ, repr, nil
}

// Writer writes games in the replay format, one line each.
type Writer struct {
	f  *os.File // the file Create made; nil for NewWriter's
	zw *gzip.Writer
	bw *bufio.Writer
}

// Create creates (or truncates) a replay file; a name ending in .gz is
// written through gzip.
func Create(name string) (*Writer, error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	w := NewWriter(f, strings.HasSuffix(name, ".gz"))
	w.f = f
	return w, nil
}

// NewWriter writes games to dst, through gzip when gz. Flush completes the
// output; dst is not closed.
func NewWriter(dst io.Writer, gz bool) *Writer {
	w := &Writer{}
	if gz {
		w.zw = gzip.NewWriter(dst)
		dst = w.zw
	}
	w.bw = bufio.NewWriterSize(dst, 1<<16)
	return w
}

// Write adds a game.
func (w *Writer) Write(g *Game) error {
	b, err := MarshalGame(g)
	if err != nil {
		return err
	}
	return w.WriteLine(b)
}

// WriteLine adds a game already marshalled (MarshalGame).
func (w *Writer) WriteLine(line []byte) error {
	w.bw.Write(line)
	return w.bw.WriteByte('\n')
}

// Flush writes out what is buffered and ends the gzip stream.
func (w *Writer) Flush() error {
	err := w.bw.Flush()
	if w.zw != nil {
		if cerr := w.zw.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// Close flushes and closes the file; the file is complete only when Close
// returns nil.
func (w *Writer) Close() error {
	err := w.Flush()
	if w.f != nil {
		if cerr := w.f.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// MarshalGame is one line of the replay format (without the newline).
func MarshalGame(g *Game) ([]byte, error) {
	m := g.Map
	w := wireGame{ID: g.ID, Players: g.Players, Config: g.Config.toWire(),
		Map:    wireMap{Gen: m.Spec.Gen, Name: m.Spec.Name, Seed: m.Spec.Seed, N: m.N, Adj: m.Adj[1:], XY: []([2]wireFloat){}},
		Result: wireResult{Reason: g.Result.Reason.String(), Turns: g.Result.Turns, Text: g.Text}}
	for k, p := range m.Spec.Params {
		if isCountParam(m.Spec.Gen, k) {
			w.Map.Params = append(w.Map.Params, json.Number(strconv.FormatFloat(p, 'f', -1, 64)))
		} else {
			w.Map.Params = append(w.Map.Params, json.Number(FloatRepr(p)))
		}
	}
	if m.XY != nil {
		for _, p := range m.XY[1:] {
			w.Map.XY = append(w.Map.XY, [2]wireFloat{wireFloat(p[0].String()), wireFloat(p[1].String())})
		}
	}
	if g.Result.Winner != NoWinner {
		wn := g.Result.Winner
		w.Result.Winner = &wn
	}
	for i, t := range g.Turns {
		wt, err := t.toWire(m.N, i == 0)
		if err != nil {
			return nil, fmt.Errorf("turn %d: %v", i, err)
		}
		w.Turns = append(w.Turns, wt)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// isCountParam reports whether parameter k of a generator is an int (hex: a;
// tree: the branch bounds and the depth).
func isCountParam(gen string, k int) bool {
	return gen == GenHex && k == 0 || gen == GenTree && k > 0
}

func (t Turn) toWire(n int, turn0 bool) (wireTurn, error) {
	var w wireTurn
	// Turn 0's move shows the start forces, which are Python ints.
	force := func(f float64) wireFloat {
		if turn0 && f == math.Trunc(f) && !math.IsInf(f, 0) {
			return wireFloat(strconv.FormatFloat(f, 'f', -1, 64))
		}
		return wireFloat(FloatRepr(f))
	}
	raised := false
	var rs [2]*string
	for p := range 2 {
		c, err := marshalReturned(t.Cmd[p])
		if err != nil {
			return w, err
		}
		w.Cmd[p] = c
		if t.Judge[p] != "" {
			j := t.Judge[p]
			w.Judge[p] = &j
		}
		if t.Raised[p] != "" {
			r := t.Raised[p]
			rs[p], raised = &r, true
		}
	}
	if raised {
		w.Raised = &rs
	}
	own := make([]byte, n)
	for i := 1; i <= n; i++ {
		w.Move = append(w.Move, force(t.Move[i][0]), force(t.Move[i][1]))
		own[i-1] = ".01"[t.Own[i]+1]
		w.Combat = append(w.Combat, wireFloat(FloatRepr(t.Combat[i])))
		w.Grow = append(w.Grow, wireFloat(FloatRepr(t.Grow[i])))
	}
	w.Own = string(own)
	return w, nil
}

// marshalReturned writes a cmd (FORMAT.md, "Commands").
func marshalReturned(r *Returned) (json.RawMessage, error) {
	if r == nil {
		r = List()
	}
	if !r.List {
		return otherJSON(r.Type, r.Repr)
	}
	var b bytes.Buffer
	b.WriteByte('[')
	for i, it := range r.Items {
		if i > 0 {
			b.WriteString(", ")
		}
		if !it.Tuple {
			o, err := otherJSON(it.Type, it.Repr)
			if err != nil {
				return nil, err
			}
			b.Write(o)
			continue
		}
		b.WriteByte('[')
		for k, v := range it.Values {
			if k > 0 {
				b.WriteString(", ")
			}
			switch v.Kind {
			case KindInt:
				if v.Big != nil {
					b.WriteString(v.Big.String())
				} else {
					b.WriteString(strconv.FormatInt(v.Int, 10))
				}
			case KindBool:
				b.WriteString(strconv.FormatBool(v.Int != 0))
			case KindFloat:
				b.WriteString(strconv.Quote(FloatRepr(v.Float)))
			default:
				o, err := otherJSON(v.Type, v.Repr)
				if err != nil {
					return nil, err
				}
				b.Write(o)
			}
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return b.Bytes(), nil
}

func otherJSON(typ, repr string) (json.RawMessage, error) {
	return json.Marshal(struct {
		Type string `json:"type"`
		Repr string `json:"repr"`
	}{typ, repr})
}
