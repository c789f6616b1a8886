package eraser

import (
	"fmt"
	"strings"

	"github.com/paperio/paperio/game"
)

// ResultText says how a game ended, and its moves and scores.
func (Game) ResultText(r *game.Record, names [2]string) string {
	var b strings.Builder
	w := int(r.Winner)
	if w != 0 && w != 1 {
		w = 0
	}
	l := 1 - w
	name := func(p int) string { return fmt.Sprintf("player %d (%s)", p+1, names[p]) }
	short := info.ReasonName(r.Reason)
	switch r.Reason {
	case CodeError, CodeInvalid, CodeTimeout:
		what := map[int]string{CodeError: "raised an error", CodeInvalid: "returned an illegal move", CodeTimeout: "ran out of think time"}[r.Reason]
		if r.Reason == CodeError && r.Length == len(r.Moves)/4 {
			what = "could not start (its constructor failed)" // the failed call did not count: it was no move
		}
		fmt.Fprintf(&b, "%s wins: player %d %s (%s)\n", name(w), l+1, what, short)
	default:
		end := map[int]string{CodeTurns: "every move was played", CodeNoMove: "no operation was left", CodeEmpty: "a column ran out of blocks"}[r.Reason]
		if r.Score[0] == r.Score[1] {
			fmt.Fprintf(&b, "%s wins on think time, the scores being equal (%.3f s : %.3f s): %s (%s)\n",
				name(w), r.Think[0].Seconds(), r.Think[1].Seconds(), end, short)
		} else {
			fmt.Fprintf(&b, "%s wins: %s (%s)\n", name(w), end, short)
		}
	}
	c := RulesConfig(r.Config)
	fmt.Fprintf(&b, "moves %d of %d, score %d : %d, board seed %s", r.Length, 2*c.MaxTurn, int(r.Score[0]), int(r.Score[1]), r.Start)
	return b.String()
}
