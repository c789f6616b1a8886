package stellar

import (
	"math"
	"math/big"
	"strconv"
)

// The judge (RULES §4.1): each player's list is checked on its own against
// the state at the start of the turn; the first failed check drops the whole
// list and sets the player's error string.

// The judge's verdicts.
type judgeCode uint8

const (
	judgeOK           judgeCode = iota
	judgeNotList                // check 1
	judgeNotTuple               // check 2.1
	judgeLength                 // check 2.2
	judgeType                   // check 2.3
	judgeValue                  // check 2.4
	judgeRange                  // check 2.5, names the command
	judgeNoConnection           // check 2.6, names the command
	judgePower                  // check 3, names the player
	judgeOther                  // any other exception: text holds it whole
)

// The judge's messages (RULES §4.1), after "RuntimeError: ".
const (
	msgNotList       = "Judgement!!! Invalid input type!"
	msgType          = "Judgement!!! Invalid input type! "
	msgLength        = "Judgement!!! Invalid input length! "
	msgValue         = "Judgement!!! Invalid input value(<=0)! "
	msgRange         = "Judgement!!! Invalid input target(out of range): "
	msgNoConnection  = "invalid move: no connection: "
	msgPower         = "Judgement!!! Invalid move:no enough power: player"
	runtimeError     = "RuntimeError: "
	errStringInitial = "玩家正常游戏"
	errOverflow      = "OverflowError: int too large to convert to float"
)

// judgeError is a player's error string, kept as a code and the command it
// names so that rejecting a typed list allocates nothing; String builds the
// text.
type judgeError struct {
	code   judgeCode
	player int8
	cmd    Command // judgeRange, judgeNoConnection from a typed list
	text   string  // the whole string, when the Python judge set it
}

func (e judgeError) String() string {
	if e.text != "" {
		return e.text
	}
	cmd := func() string {
		s, _ := tupleStr([]Value{Int(int64(e.cmd.From)), Int(int64(e.cmd.To)), Float(e.cmd.Amount)})
		return s
	}
	switch e.code {
	case judgeOK:
		return errStringInitial
	case judgeNotList:
		return runtimeError + msgNotList
	case judgeNotTuple, judgeType:
		return runtimeError + msgType
	case judgeLength:
		return runtimeError + msgLength
	case judgeValue:
		return runtimeError + msgValue
	case judgeRange:
		return runtimeError + msgRange + cmd()
	case judgeNoConnection:
		return runtimeError + msgNoConnection + cmd()
	case judgePower:
		return runtimeError + msgPower + strconv.Itoa(int(e.player))
	}
	return "unknown judge error"
}

// judge checks a typed list (RULES §4.1, checks 2.4–3; typed commands always
// pass checks 1–2.3) and returns it when accepted, nil otherwise.
func (s *State) judge(p int, cmds []Command) ([]Command, bool) {
	s.beginSums()
	for _, c := range cmds {
		if code := s.checkCommand(c); code != judgeOK {
			return s.reject(p, judgeError{code: code, cmd: c})
		}
		s.addSent(c.From, c.Amount)
	}
	if !s.sentFits(p) {
		return s.reject(p, judgeError{code: judgePower, player: int8(p)})
	}
	return cmds, true
}

// checkCommand is checks 2.4–2.6 on one typed command.
func (s *State) checkCommand(c Command) judgeCode {
	switch {
	case c.Amount <= 0: // a NaN amount passes
		return judgeValue
	case c.From < 1 || c.From > s.m.N:
		return judgeRange
	case !s.m.Connected(c.From, c.To):
		return judgeNoConnection
	}
	return judgeOK
}

// reject drops player p's list and sets the error string.
func (s *State) reject(p int, e judgeError) ([]Command, bool) {
	s.errs[p] = e
	return nil, false
}

// beginSums starts the judge's sums of a list (check 2.7).
func (s *State) beginSums() {
	s.gen++
	if s.gen == 0 { // wrapped: clear the marks once every 2^32 lists
		clear(s.mark)
		s.gen = 1
	}
	s.touched = s.touched[:0]
}

// addSent adds an amount to the sum of its node, in list order (check 2.7).
func (s *State) addSent(from int, amount float64) {
	if s.mark[from] != s.gen {
		s.mark[from] = s.gen
		s.sent[from] = amount
		s.touched = append(s.touched, int32(from))
		return
	}
	s.sent[from] += amount
}

// sentFits is check 3: every node's sum is below the player's force there
// (a NaN sum passes).
func (s *State) sentFits(p int) bool {
	for _, i := range s.touched {
		if s.sent[i] >= s.power[i][p] {
			return false
		}
	}
	return true
}

// The judge of Python values: the same checks with Python's types, exact
// int arithmetic and the exceptions CPython raises on the way.

// pyNum is a sum of the judge: a Python int (exact; big beyond int64) or a
// float.
type pyNum struct {
	isFloat bool
	f       float64
	i       int64
	big     *big.Int // non-nil: the int's value
}

// pyJudge is the scratch of the Python judge: sums[i] is node i's sum while
// State.mark[i] is current.
type pyJudge struct {
	sums []pyNum
}

// numOf is the judge's number for an int, bool or float value.
func numOf(v Value) pyNum {
	switch {
	case v.Kind == KindFloat:
		return pyNum{isFloat: true, f: v.Float}
	case v.Big != nil:
		return pyNum{big: v.Big}
	}
	return pyNum{i: v.Int}
}

// toBig is the int's value as a big.Int.
func (n pyNum) toBig() *big.Int {
	if n.big != nil {
		return n.big
	}
	return big.NewInt(n.i)
}

// intToFloat is Python's float(int): rounded to nearest, OverflowError
// (ok false) when it rounds beyond the largest double.
func (n pyNum) intToFloat() (float64, bool) {
	if n.big == nil {
		return float64(n.i), true
	}
	f, _ := new(big.Float).SetInt(n.big).Float64()
	return f, !math.IsInf(f, 0)
}

// add is Python's a + b on ints and floats; ok is false on OverflowError.
func (a pyNum) add(b pyNum) (pyNum, bool) {
	if !a.isFloat && !b.isFloat {
		if a.big == nil && b.big == nil {
			if s := a.i + b.i; (s > a.i) == (b.i > 0) {
				return pyNum{i: s}, true
			}
		}
		return pyNum{big: new(big.Int).Add(a.toBig(), b.toBig())}, true
	}
	x, y := a.f, b.f
	ok := true
	if !a.isFloat {
		x, ok = a.intToFloat()
	}
	if !b.isFloat && ok {
		y, ok = b.intToFloat()
	}
	if !ok {
		return pyNum{}, false
	}
	return pyNum{isFloat: true, f: x + y}, true
}

// geFloat is Python's n >= f, exact between ints and floats.
func (n pyNum) geFloat(f float64) bool {
	if n.isFloat {
		return n.f >= f
	}
	switch {
	case f != f:
		return false
	case math.IsInf(f, 1):
		return false
	case math.IsInf(f, -1):
		return true
	}
	if n.big == nil && n.i > -1<<53 && n.i < 1<<53 {
		return float64(n.i) >= f
	}
	bf := new(big.Float).SetPrec(2048).SetInt(n.toBig())
	return bf.Cmp(new(big.Float).SetFloat64(f)) >= 0
}

// positive is Python's not (v <= 0) for an int, bool or float value: a NaN
// passes.
func positive(v Value) bool {
	switch {
	case v.Kind == KindFloat:
		return !(v.Float <= 0)
	case v.Big != nil:
		return v.Big.Sign() > 0
	}
	return v.Int > 0
}

// nodeIndex is the node an int value names, or -1 when it names none
// (out of 1..n).
func nodeIndex(v Value, n int) int {
	if v.Big != nil || v.Int < 1 || v.Int > int64(n) {
		return -1
	}
	return int(v.Int)
}

// judgePython checks what player p's AI returned (RULES §4.1, every check
// with Python's types) and returns the accepted commands as typed ones, the
// amounts as Python's float(amount).
func (s *State) judgePython(p int, r *Returned) ([]Command, bool) {
	if r == nil {
		return nil, true // the call failed: [] (RULES §8)
	}
	if !r.List {
		return s.reject(p, judgeError{code: judgeNotList})
	}
	s.py.sums = growSlice(s.py.sums, len(s.power))
	s.beginSums()
	acc := s.acc[p][:0]
	for _, it := range r.Items {
		code, text := s.checkItem(it)
		if code != judgeOK {
			return s.reject(p, judgeError{code: code, text: text})
		}
		from, to, amount := it.Values[0], it.Values[1], it.Values[2]
		i := int(from.Int)
		n := numOf(amount)
		if s.mark[i] == s.gen {
			sum, ok := s.py.sums[i].add(n)
			if !ok {
				return s.reject(p, judgeError{code: judgeOther, text: errOverflow})
			}
			s.py.sums[i] = sum
		} else {
			s.mark[i] = s.gen
			s.py.sums[i] = n
			s.touched = append(s.touched, int32(i))
		}
		f := amount.Float
		if amount.Kind != KindFloat {
			f, _ = n.intToFloat() // finite: a huge int cannot pass check 3
		}
		acc = append(acc, Command{From: i, To: int(to.Int), Amount: f})
	}
	s.acc[p] = acc
	for _, i := range s.touched {
		if s.py.sums[i].geFloat(s.power[i][p]) {
			return s.reject(p, judgeError{code: judgePower, player: int8(p)})
		}
	}
	return acc, true
}

// checkItem is checks 2.1–2.6 on one element of a Python list. The two
// checks that name the command build its text, which CPython can refuse
// (an int of more than 4300 digits raises ValueError).
func (s *State) checkItem(it Item) (judgeCode, string) {
	if !it.Tuple {
		return judgeNotTuple, runtimeError + msgType
	}
	if len(it.Values) != 3 {
		return judgeLength, runtimeError + msgLength
	}
	from, to, amount := it.Values[0], it.Values[1], it.Values[2]
	if !from.isInt() || !to.isInt() || !amount.isNumber() {
		return judgeType, runtimeError + msgType
	}
	if !positive(amount) {
		return judgeValue, runtimeError + msgValue
	}
	named := func(code judgeCode, msg string) (judgeCode, string) {
		str, ok := tupleStr(it.Values)
		if !ok {
			return judgeOther, errIntTooLongToPrint
		}
		return code, runtimeError + msg + str
	}
	i := nodeIndex(from, s.m.N)
	if i < 0 {
		return named(judgeRange, msgRange)
	}
	if j := nodeIndex(to, s.m.N); j < 0 || !s.m.Connected(i, j) {
		return named(judgeNoConnection, msgNoConnection)
	}
	return judgeOK, ""
}
