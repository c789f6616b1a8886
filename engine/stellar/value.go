package stellar

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// What a Python AI returned (RULES §4.1, §8). Go bots give typed Commands;
// an AI written in Python can return anything, and the judge's verdict and
// messages depend on the Python types: a bool is an int, an int may be
// arbitrarily large and is summed exactly, a float may be NaN. Returned,
// Item and Value keep exactly what the judge looks at.

// Kind is the Python type of a Value, as far as the judge tells them apart.
type Kind uint8

// The kinds of Value.
const (
	KindOther Kind = iota // any other type (str, None, list, ...): Type and Repr say which
	KindInt               // int: Int, or Big when it does not fit in an int64
	KindBool              // bool, a subclass of int: Int is 0 or 1
	KindFloat             // float: Float
)

// Value is one item of a command tuple, as the AI returned it. The judge
// checks types as isinstance does: an instance of a subclass of int (other
// than bool) is KindInt and of a subclass of float (numpy.float64 is one) is
// KindFloat, with its own repr() in Repr, since the judge's messages show it.
// (numpy.int64 is no int subclass: it is KindOther.)
type Value struct {
	Kind  Kind
	Int   int64    // KindInt (when Big is nil) and KindBool
	Big   *big.Int // KindInt beyond int64; nil otherwise
	Float float64  // KindFloat
	Type  string   // KindOther: the Python type name, e.g. "str"
	Repr  string   // KindOther: Python's repr() of the value; other kinds: the repr of a subclass instance, "" for plain ones
}

// Int is a Python int.
func Int(i int64) Value { return Value{Kind: KindInt, Int: i} }

// BigInt is a Python int of any size.
func BigInt(b *big.Int) Value {
	if b.IsInt64() {
		return Int(b.Int64())
	}
	return Value{Kind: KindInt, Big: new(big.Int).Set(b)}
}

// Bool is a Python bool.
func Bool(b bool) Value {
	if b {
		return Value{Kind: KindBool, Int: 1}
	}
	return Value{Kind: KindBool}
}

// Float is a Python float.
func Float(f float64) Value { return Value{Kind: KindFloat, Float: f} }

// Other is a value of any other Python type, known by its type name and
// repr().
func Other(typ, repr string) Value { return Value{Kind: KindOther, Type: typ, Repr: repr} }

// isInt reports whether Python's isinstance(v, int) holds (bools are ints).
func (v Value) isInt() bool { return v.Kind == KindInt || v.Kind == KindBool }

// isNumber reports whether v is an int (or bool) or a float.
func (v Value) isNumber() bool { return v.Kind != KindOther }

// pyIntMaxStrDigits is CPython 3.11's default limit on the digits of an int
// converted to a string; beyond it str() raises ValueError.
const pyIntMaxStrDigits = 4300

// errIntTooLongToPrint is the ValueError CPython 3.11 raises for str() of an
// int with more than 4300 digits.
const errIntTooLongToPrint = "ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit"

// pyRepr is Python's repr() of v; ok is false where CPython would raise
// (an int with more than 4300 digits).
func (v Value) pyRepr() (s string, ok bool) {
	if v.Repr != "" {
		return v.Repr, true
	}
	switch v.Kind {
	case KindBool:
		if v.Int != 0 {
			return "True", true
		}
		return "False", true
	case KindInt:
		if v.Big == nil {
			return strconv.FormatInt(v.Int, 10), true
		}
		s := v.Big.String()
		if len(strings.TrimPrefix(s, "-")) > pyIntMaxStrDigits {
			return "", false
		}
		return s, true
	case KindFloat:
		return FloatRepr(v.Float), true
	}
	return v.Repr, true
}

// FloatRepr is Python's repr() of a float: the shortest decimal that reads
// back as the same double, in fixed notation for exponents -4 <= e < 16 and
// in scientific notation otherwise ("1e-05", "1e+16", "100.0", "nan",
// "-inf", "-0.0").
func FloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], f, 'e', -1, 64) // [-]d[.ddd]e±XX
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	mant, exp, _ := strings.Cut(string(b), "e")
	digits := strings.Replace(mant, ".", "", 1)
	e, _ := strconv.Atoi(exp)
	var out strings.Builder
	if neg {
		out.WriteByte('-')
	}
	decpt := e + 1 // digits before the decimal point
	switch {
	case decpt <= -4 || decpt > 16:
		out.WriteString(digits[:1])
		if len(digits) > 1 {
			out.WriteByte('.')
			out.WriteString(digits[1:])
		}
		out.WriteByte('e')
		if e < 0 {
			out.WriteByte('-')
			e = -e
		} else {
			out.WriteByte('+')
		}
		if e < 10 {
			out.WriteByte('0')
		}
		out.WriteString(strconv.Itoa(e))
	case decpt <= 0:
		out.WriteString("0.")
		out.WriteString(strings.Repeat("0", -decpt))
		out.WriteString(digits)
	case decpt >= len(digits):
		out.WriteString(digits)
		out.WriteString(strings.Repeat("0", decpt-len(digits)))
		out.WriteString(".0")
	default:
		out.WriteString(digits[:decpt])
		out.WriteByte('.')
		out.WriteString(digits[decpt:])
	}
	return out.String()
}

// Item is one element of the returned list: a tuple (or an instance of a
// subclass of tuple) of values, or anything else (then Type and Repr say
// what).
type Item struct {
	Tuple  bool
	Values []Value // the tuple's items, any number of them
	Type   string  // not a tuple: the Python type name, e.g. "list"
	Repr   string  // not a tuple: its repr()
}

// Tuple is a Python tuple of values.
func Tuple(vs ...Value) Item { return Item{Tuple: true, Values: vs} }

// NotTuple is a list element that is not a tuple.
func NotTuple(typ, repr string) Item { return Item{Type: typ, Repr: repr} }

// Returned is what an AI's player_func returned: a list (or an instance of a
// subclass of list) of items, or a value of another type (then Type and Repr
// say what). A nil *Returned stands for
// a call that raised or overran its time, which counts as [] (RULES §8).
type Returned struct {
	List  bool
	Items []Item
	Type  string // not a list: the Python type name, e.g. "NoneType"
	Repr  string // not a list: its repr()
}

// List is a Python list of items.
func List(items ...Item) *Returned { return &Returned{List: true, Items: items} }

// NotList is a returned value that is not a list.
func NotList(typ, repr string) *Returned { return &Returned{Type: typ, Repr: repr} }

// Commands is the Python value a Go bot's commands stand for: a list of
// (int, int, float) tuples.
func Commands(cs []Command) *Returned {
	r := &Returned{List: true, Items: make([]Item, len(cs))}
	for i, c := range cs {
		r.Items[i] = Tuple(Int(int64(c.From)), Int(int64(c.To)), Float(c.Amount))
	}
	return r
}

// tupleStr is Python's str() of a tuple; ok is false where CPython raises.
func tupleStr(vs []Value) (string, bool) {
	var b strings.Builder
	b.WriteByte('(')
	for i, v := range vs {
		if i > 0 {
			b.WriteString(", ")
		}
		s, ok := v.pyRepr()
		if !ok {
			return "", false
		}
		b.WriteString(s)
	}
	if len(vs) == 1 {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return b.String(), true
}
