package stellar

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/play"
)

// A record's moves (game.Record.Moves) are every answer of both players,
// turn by turn, exactly as the judge saw them, so that the game replays bit
// for bit: typed commands with their amounts' bits, what a Python AI
// returned in the replay format's encoding, and failed calls. The bytes
// (docs/STELLAR.md, "Moves") are
//
//	version byte 1, then per AI turn player 1's answer and player 2's:
//	  'T' count, count × (from, to, 8 bytes: the amount's IEEE bits, little endian)
//	  'P' length, the replay format's JSON of what the AI returned
//	  'E' length, the name of the exception the call raised ("error" when unknown)
//	  'O' (the call overran its time)
//
// with every count, length, from and to a signed varint (encoding/binary),
// written in standard base64 so that the moves are text wherever records are
// kept. A Python answer that is a plain list of (int, int, float) tuples is
// written as 'T': it is judged the same and replays the same.

const movesVersion = 1

// The answer tags.
const (
	tagTyped   = 'T'
	tagPython  = 'P'
	tagError   = 'E'
	tagTimeout = 'O'
)

// turnAnswers is one turn of a record: each player's answer, and its
// failure (then the answer is []).
type turnAnswers struct {
	ans   [2]stellar.Answer
	fault [2]failure
}

// failure is a failed call as the replay format records it.
type failure struct {
	kind play.FaultKind
	name string // the exception's name (Error only)
}

// movesWriter encodes a game's answers as they are played.
type movesWriter struct {
	buf []byte
}

func (w *movesWriter) reset() { w.buf = append(w.buf[:0], movesVersion) }

// turn appends one turn's answers.
func (w *movesWriter) turn(ans [2]stellar.Answer, fault [2]play.Fault) {
	for p := range 2 {
		w.answer(ans[p], failureOf(fault[p]))
	}
}

func (w *movesWriter) answer(a stellar.Answer, f failure) {
	b := w.buf
	switch {
	case f.kind == play.Timeout:
		b = append(b, tagTimeout)
	case f.kind != play.NoFault:
		b = append(b, tagError)
		b = binary.AppendVarint(b, int64(len(f.name)))
		b = append(b, f.name...)
	case a.Py != nil:
		if cs, ok := typedOf(a.Py); ok {
			b = appendTyped(b, cs)
			break
		}
		j, _ := a.Py.MarshalJSON() // cannot fail: every value has an encoding
		b = append(b, tagPython)
		b = binary.AppendVarint(b, int64(len(j)))
		b = append(b, j...)
	default:
		b = appendTyped(b, a.Cmds)
	}
	w.buf = b
}

func appendTyped(b []byte, cs []stellar.Command) []byte {
	b = append(b, tagTyped)
	b = binary.AppendVarint(b, int64(len(cs)))
	for _, c := range cs {
		b = binary.AppendVarint(b, int64(c.From))
		b = binary.AppendVarint(b, int64(c.To))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(c.Amount))
	}
	return b
}

// text is the moves as a record keeps them.
func (w *movesWriter) text() []byte {
	out := make([]byte, base64.StdEncoding.EncodedLen(len(w.buf)))
	base64.StdEncoding.Encode(out, w.buf)
	return out
}

// typedOf is a Python answer as typed commands when it is a plain list of
// (int, int, float) tuples with node numbers that fit an int.
func typedOf(r *stellar.Returned) ([]stellar.Command, bool) {
	if !r.List {
		return nil, false
	}
	out := make([]stellar.Command, len(r.Items))
	for i, it := range r.Items {
		if !it.Tuple || len(it.Values) != 3 {
			return nil, false
		}
		f, t, a := it.Values[0], it.Values[1], it.Values[2]
		if !plainInt(f) || !plainInt(t) || a.Kind != stellar.KindFloat || a.Repr != "" {
			return nil, false
		}
		out[i] = stellar.Command{From: int(f.Int), To: int(t.Int), Amount: a.Float}
	}
	return out, true
}

func plainInt(v stellar.Value) bool {
	return v.Kind == stellar.KindInt && v.Big == nil && v.Repr == "" && v.Int >= math.MinInt32 && v.Int <= math.MaxInt32
}

// failureOf is a loop's fault as the record keeps it: the exception's name
// for an error (a course AI's detail starts "Name: message").
func failureOf(f play.Fault) failure {
	if f.Kind != play.Error {
		return failure{kind: f.Kind}
	}
	return failure{kind: play.Error, name: exceptionName(f.Detail)}
}

// exceptionName is the Python exception named at the start of a fault's
// detail ("ValueError: …", after the loop's words for a panic), or "error".
func exceptionName(detail string) string {
	name, _, ok := strings.Cut(strings.TrimPrefix(detail, "raised an error: "), ":")
	if !ok || name == "" || len(name) > 100 {
		return "error"
	}
	for i, r := range name {
		if !(r == '_' || r == '.' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return "error"
		}
	}
	return name
}

// decodeMoves reads a record's moves.
func decodeMoves(text []byte) ([]turnAnswers, error) {
	b := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode(b, text)
	if err != nil {
		return nil, fmt.Errorf("moves: not base64: %v", err)
	}
	b = b[:n]
	if len(b) == 0 || b[0] != movesVersion {
		return nil, errors.New("moves: unknown version")
	}
	d := &moveReader{b: b, pos: 1}
	var out []turnAnswers
	for d.pos < len(d.b) {
		var t turnAnswers
		for p := range 2 {
			if t.ans[p], t.fault[p], err = d.answer(); err != nil {
				return nil, fmt.Errorf("moves: turn %d, player %d: %v", len(out)+1, p+1, err)
			}
		}
		out = append(out, t)
	}
	return out, nil
}

type moveReader struct {
	b   []byte
	pos int
}

var errShort = errors.New("cut short")

func (d *moveReader) varint() (int64, error) {
	v, n := binary.Varint(d.b[d.pos:])
	if n <= 0 {
		return 0, errShort
	}
	d.pos += n
	return v, nil
}

// bytes reads a length and that many bytes.
func (d *moveReader) bytes() ([]byte, error) {
	n, err := d.varint()
	if err != nil {
		return nil, err
	}
	if n < 0 || n > int64(len(d.b)-d.pos) {
		return nil, errShort
	}
	s := d.b[d.pos : d.pos+int(n)]
	d.pos += int(n)
	return s, nil
}

func (d *moveReader) answer() (stellar.Answer, failure, error) {
	if d.pos >= len(d.b) {
		return stellar.Answer{}, failure{}, errShort
	}
	tag := d.b[d.pos]
	d.pos++
	switch tag {
	case tagTimeout:
		return stellar.Answer{}, failure{kind: play.Timeout}, nil
	case tagError:
		name, err := d.bytes()
		return stellar.Answer{}, failure{kind: play.Error, name: string(name)}, err
	case tagPython:
		j, err := d.bytes()
		if err != nil {
			return stellar.Answer{}, failure{}, err
		}
		r := &stellar.Returned{}
		if err := r.UnmarshalJSON(j); err != nil {
			return stellar.Answer{}, failure{}, err
		}
		return stellar.Answer{Py: r}, failure{}, nil
	case tagTyped:
		n, err := d.varint()
		if err != nil || n < 0 || n > int64(len(d.b)) {
			return stellar.Answer{}, failure{}, errShort
		}
		cs := make([]stellar.Command, n)
		for i := range cs {
			f, err1 := d.varint()
			t, err2 := d.varint()
			if err := errors.Join(err1, err2); err != nil || d.pos+8 > len(d.b) {
				return stellar.Answer{}, failure{}, errShort
			}
			a := math.Float64frombits(binary.LittleEndian.Uint64(d.b[d.pos:]))
			d.pos += 8
			cs[i] = stellar.Command{From: int(f), To: int(t), Amount: a}
		}
		return stellar.Answer{Cmds: cs}, failure{}, nil
	}
	return stellar.Answer{}, failure{}, fmt.Errorf("unknown answer tag %q", tag)
}
