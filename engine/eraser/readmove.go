package eraser

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Messages of the errors the engine's validation raises on values that are
// not a 2 × 2 array of integers (§8), as Python writes them.
const (
	msgStringSubtract = "TypeError: unsupported operand type(s) for -: 'numpy.str_' and 'numpy.str_'"
	msgFloatIndex     = "IndexError: only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices"
)

// ReadMove validates an AI's answer given as JSON the way the engine
// validated the Python value (§8), and returns the swap, or how the call
// failed and the last traceback line:
//   - a value without len() (a number, true, null) is an exception
//     ("TypeError: object of type 'int' has no len()");
//   - anything but two elements of length 2 is InvalidMove "Not a proper
//     input." (a 2-character string counts as length 2, as in Python);
//   - two strings, or non-numbers inside (text, booleans, null, deeper
//     arrays), are an exception, as numpy's subtraction raises one;
//   - numbers are checked for adjacency, then bounds, exactly (no wrap);
//   - non-integral or float numbers that pass would crash the reference
//     engine (HAZARD §8); here they are an exception of the mover.
func ReadMove(raw json.RawMessage) (Swap, FailKind, string) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return Swap{}, FailException, "ValueError: the move is not a JSON value: " + err.Error()
	}
	elems, kind, msg := twoByTwo(v)
	if kind != NoFailure {
		return Swap{}, kind, msg
	}
	var leaves [4]json.Number
	for i, e := range elems {
		for j := 0; j < 2; j++ {
			n, ok := e.([]any)[j].(json.Number)
			if !ok {
				return Swap{}, FailException, fmt.Sprintf("TypeError: the move holds %s, not a number", pyType(e.([]any)[j]))
			}
			leaves[2*i+j] = n
		}
	}
	return numericMove(leaves)
}

// twoByTwo is the engine's first check, len(move) != 2 or len(move[0]) != 2
// or len(move[1]) != 2, with Python's errors for values without len() or
// index. It returns the two elements when they are arrays.
func twoByTwo(v any) ([2]any, FailKind, string) {
	var elems [2]any
	n, ok := pyLen(v)
	if !ok {
		return elems, FailException, fmt.Sprintf("TypeError: object of type '%s' has no len()", pyType(v))
	}
	if n != 2 {
		return elems, FailInvalid, errNotProper.Error()
	}
	switch t := v.(type) {
	case map[string]any:
		return elems, FailException, "KeyError: 0"
	case string:
		return elems, FailInvalid, errNotProper.Error() // one-character elements
	case []any:
		elems = [2]any{t[0], t[1]}
	}
	strs := 0
	for _, e := range elems {
		n, ok := pyLen(e)
		if !ok {
			return elems, FailException, fmt.Sprintf("TypeError: object of type '%s' has no len()", pyType(e))
		}
		if n != 2 {
			return elems, FailInvalid, errNotProper.Error()
		}
		switch e.(type) {
		case string:
			strs++
		case map[string]any:
			return elems, FailException, "TypeError: a dict is not a cell"
		}
	}
	if strs == 2 {
		return elems, FailException, msgStringSubtract
	}
	if strs == 1 {
		return elems, FailException, "ValueError: setting an array element with a sequence"
	}
	return elems, NoFailure, ""
}

// numericMove checks four numbers x1 y1 x2 y2: adjacency, then bounds, then
// that they are integers.
func numericMove(leaves [4]json.Number) (Swap, FailKind, string) {
	var r [4]*big.Rat
	integral := true
	for i, n := range leaves {
		s := n.String()
		r[i], _ = new(big.Rat).SetString(s)
		if r[i] == nil {
			return Swap{}, FailException, "ValueError: not a number: " + s
		}
		if strings.ContainsAny(s, ".eE") {
			integral = false // numpy makes a float array of it
		}
	}
	d := new(big.Rat).Abs(new(big.Rat).Sub(r[0], r[2]))
	d.Add(d, new(big.Rat).Abs(new(big.Rat).Sub(r[1], r[3])))
	if d.Cmp(big.NewRat(1, 1)) != 0 {
		return Swap{}, FailInvalid, errNotAdjacent.Error()
	}
	var c [4]int
	for i, x := range r {
		if x.Sign() < 0 || x.Cmp(big.NewRat(Size, 1)) >= 0 {
			return Swap{}, FailInvalid, errOutOfBoard.Error()
		}
		f, _ := x.Float64()
		c[i] = int(math.Floor(f))
		if !x.IsInt() {
			integral = false
		}
	}
	if !integral {
		return Swap{}, FailException, msgFloatIndex
	}
	return Swap{int8(c[0]), int8(c[1]), int8(c[2]), int8(c[3])}, NoFailure, ""
}

// pyLen is len() of the Python value a JSON value decodes to.
func pyLen(v any) (int, bool) {
	switch t := v.(type) {
	case []any:
		return len(t), true
	case string:
		return len([]rune(t)), true
	case map[string]any:
		return len(t), true
	}
	return 0, false
}

// pyType is the Python type name of a JSON value.
func pyType(v any) string {
	switch t := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case json.Number:
		if strings.ContainsAny(t.String(), ".eE") {
			return "float"
		}
		return "int"
	case string:
		return "str"
	case []any:
		return "list"
	case map[string]any:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}
