package stellar

import (
	"fmt"
	"strings"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
)

// ResultText says how a game ended, and its turns, nodes and total forces
// (the nodes replayed from the record).
func (Game) ResultText(r *game.Record, names [2]string) string {
	var b strings.Builder
	who := func(p int) string { return fmt.Sprintf("player %d (%s)", p+1, names[p]) }
	reason := stellar.Reason(r.Reason)
	w := int(r.Winner)
	switch {
	case reason == stellar.Base:
		fmt.Fprintf(&b, "%s wins: player %d's base fell (%s)\n", who(w), 2-w, reason)
	case reason == stellar.InitError && r.Winner == game.Draw:
		fmt.Fprintf(&b, "no winner: both AIs failed to load (%s)\n", reason)
	case reason == stellar.InitError:
		fmt.Fprintf(&b, "%s wins: player %d's AI failed to load (%s)\n", who(w), 2-w, reason)
	case r.Winner == game.Draw:
		fmt.Fprintf(&b, "draw: %s (%s)\n", reasonWords(reason), reason)
	default:
		fmt.Fprintf(&b, "%s wins: %s (%s)\n", who(w), reasonWords(reason), reason)
	}
	nodes := "?"
	if s, _, err := replay(r, nil, nil, nil); err == nil {
		n0, n1 := s.NodeCounts()
		nodes = fmt.Sprintf("%d : %d", n0, n1)
	}
	fmt.Fprintf(&b, "turns %d of %d, nodes %s, total force %s, map %s",
		r.Length, configOf(r.Config).Turns, nodes, game.ScoresText(r.Score[0], r.Score[1]), r.Start)
	return b.String()
}

// reasonWords is a result code in words.
func reasonWords(r stellar.Reason) string {
	for _, x := range info.Reasons {
		if x.Code == int(r) {
			return x.Words
		}
	}
	return "ended for an unknown reason"
}
