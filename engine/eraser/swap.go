package eraser

import "fmt"

// Swap is a move: swap cell (X1, Y1) with cell (X2, Y2) of the main board,
// as the AI returned it, ((x1, y1), (x2, y2)). It is also an entry of the
// operations list (§5), where the first cell is the left or lower one.
type Swap struct {
	X1, Y1, X2, Y2 int8
}

func (sw Swap) String() string {
	return fmt.Sprintf("((%d, %d), (%d, %d))", sw.X1, sw.Y1, sw.X2, sw.Y2)
}

// The engine's InvalidMove messages (§8), in the order it checks them.
const (
	MsgNotProper   = "Not a proper input."
	MsgNotAdjacent = "Not adjacent positions."
	MsgOutOfBoard  = "Positions out of board."
)

// InvalidMove is the engine's exception_manager.InvalidMove (§8).
type InvalidMove struct{ Msg string }

func (e *InvalidMove) Error() string { return "exception_manager.InvalidMove: " + e.Msg }

// Preallocated, so that a Go bot's bad swap costs no allocation.
var (
	errNotProper   = &InvalidMove{MsgNotProper}
	errNotAdjacent = &InvalidMove{MsgNotAdjacent}
	errOutOfBoard  = &InvalidMove{MsgOutOfBoard}
)

// TimeoutMessage is the last traceback line of the engine's time-out (§8).
const TimeoutMessage = "exception_manager.Timeout: Time limit exceeded."

// Check validates the swap as the engine validates a returned move (§8):
// the cells must be adjacent, then both inside the main board. It does not
// ask for the swap to be an operation: any adjacent pair may be swapped.
func (sw Swap) Check() error {
	_, err := CheckMove(int(sw.X1), int(sw.Y1), int(sw.X2), int(sw.Y2))
	return err
}

// CheckMove validates a move given as integers, e.g. from a Python AI (§8):
// |x1−x2| + |y1−y2| must be 1 (else "Not adjacent positions."), then every
// coordinate in 0..5 (else "Positions out of board." — a reserve cell is out
// of the board). The arithmetic wraps like numpy's int64.
func CheckMove(x1, y1, x2, y2 int) (Swap, error) {
	if abs(x1-x2)+abs(y1-y2) != 1 {
		return Swap{}, errNotAdjacent
	}
	for _, c := range [4]int{x1, y1, x2, y2} {
		if c < 0 || c >= Size {
			return Swap{}, errOutOfBoard
		}
	}
	return Swap{int8(x1), int8(y1), int8(x2), int8(y2)}, nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
