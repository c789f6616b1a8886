package paperio

import (
	"fmt"
	"strings"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/game"
)

// ResultText says how a game ended in the course's words, and its
// half-steps, territories and bands (replayed from the record). The
// record's extra may be missing (-1: datasets and tournament folders keep
// none): the replay's own result, or else the last mover, tells who hit a
// band and whose territory heads met on.
func (Game) ResultText(rec *game.Record, names [2]string) string {
	r := paperio.Result{Winner: rec.Winner, Reason: paperio.Reason(rec.Reason), Extra: rec.Extra,
		Scores: [2]int{int(rec.Score[0]), int(rec.Score[1])}}
	bands := "?"
	if s, err := Replay(rec, nil); err == nil {
		r = s.Result()
		bands = fmt.Sprintf("%d : %d", s.BandLen(0), s.BandLen(1))
	} else if r.Extra < 0 && rec.Length > 0 {
		r.Extra = lastMoverExtra(r, (rec.Length-1)%2)
	}
	var b strings.Builder
	b.WriteString(endWords(r, names))
	c := EngineConfig(rec.Config)
	fmt.Fprintf(&b, "\nhalf-steps %d of %d, territory %d : %d, bands %s", rec.Length, 2*c.MaxTurns, int(rec.Score[0]), int(rec.Score[1]), bands)
	return b.String()
}

// lastMoverExtra is the extra of a TAP or CIT result whose last half-step
// was mover's.
func lastMoverExtra(r paperio.Result, mover int) int {
	switch {
	case r.Reason == paperio.TAP:
		return mover
	case r.Reason == paperio.CIT && int(r.Winner) == mover:
		return 1 // the mover enclosed
	case r.Reason == paperio.CIT:
		return 0
	}
	return -1
}

// endWords is the first line of ResultText: who won and why (RULES.md's
// meaning of each reason and its extra), and the course's code.
func endWords(r paperio.Result, names [2]string) string {
	if r.Winner == paperio.Draw {
		switch r.Reason {
		case paperio.FAC:
			return fmt.Sprintf("draw: head-on collision, equal territory %d : %d (FAC)", r.Scores[0], r.Scores[1])
		case paperio.END:
			return fmt.Sprintf("draw: all rounds played, equal territory %d : %d (END)", r.Scores[0], r.Scores[1])
		}
		return fmt.Sprintf("draw: %s (%s)", r.Reason.Words(), r.Reason)
	}
	w := int(r.Winner)
	l := 1 - w
	p := func(i int) string { return fmt.Sprintf("player %d", i+1) }
	var why string
	switch r.Reason {
	case paperio.WAL:
		why = p(l) + " ran into the wall"
	case paperio.TAP:
		switch r.Extra {
		case l:
			why = p(l) + " ran into its own band"
		case w:
			why = p(w) + " hit " + p(l) + "'s band"
		default:
			why = p(l) + "'s band was hit"
		}
	case paperio.SID:
		why = p(w) + " hit " + p(l) + "'s head from the side"
	case paperio.FAC:
		why = fmt.Sprintf("head-on collision, decided on territory %d : %d", r.Scores[0], r.Scores[1])
	case paperio.CIT:
		switch r.Extra {
		case 1:
			why = p(w) + " ran into " + p(l) + "'s head on its own territory and enclosed"
		case 0:
			why = p(l) + " ran into " + p(w) + "'s head on " + p(w) + "'s territory"
		default:
			why = "heads met on " + p(w) + "'s territory"
		}
	case paperio.ERR:
		why = p(l) + "'s AI raised an error"
	case paperio.OVT:
		why = p(l) + "'s AI ran out of time"
	case paperio.END:
		why = fmt.Sprintf("all rounds played, decided on territory %d : %d", r.Scores[0], r.Scores[1])
	default:
		why = r.Reason.Words()
	}
	return fmt.Sprintf("player %d (%s) wins: %s (%s)", w+1, names[w], why, r.Reason)
}
