package paperio

import (
	"fmt"
	"strings"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/game"
)

// ResultText says how a game ended in the course's words, and its
// half-steps, territories and bands (replayed from the record).
func (Game) ResultText(rec *game.Record, names [2]string) string {
	var b strings.Builder
	name := func(w engine.Winner) string { return fmt.Sprintf("player %d (%s)", w+1, names[w]) }
	r := engine.Result{Winner: rec.Winner, Reason: engine.Reason(rec.Reason), Extra: rec.Extra}
	switch {
	case r.Winner == engine.Draw:
		fmt.Fprintf(&b, "draw: %s (%s)\n", r.Reason.Words(), r.Reason)
	case r.Reason == engine.FAC || r.Reason == engine.END:
		fmt.Fprintf(&b, "%s wins: %s (%s)\n", name(r.Winner), r.Reason.Words(), r.Reason)
	case r.Reason == engine.TAP:
		owner := 1 - r.Winner
		fmt.Fprintf(&b, "%s wins: player %d's band was hit by player %d (%s)\n", name(r.Winner), owner+1, r.Extra+1, r.Reason)
	case r.Reason == engine.CIT && r.Extra == 0:
		fmt.Fprintf(&b, "%s wins: player %d ran into its head on its territory (%s)\n", name(r.Winner), 2-r.Winner, r.Reason)
	case r.Reason == engine.CIT:
		fmt.Fprintf(&b, "%s wins: caught player %d's head on its own territory (%s)\n", name(r.Winner), 2-r.Winner, r.Reason)
	default:
		fmt.Fprintf(&b, "%s wins: player %d %s (%s)\n", name(r.Winner), 2-r.Winner, r.Reason.Words(), r.Reason)
	}
	c := EngineConfig(rec.Config)
	bands := "?"
	if s, err := Replay(rec, nil); err == nil {
		bands = fmt.Sprintf("%d : %d", s.BandLen(0), s.BandLen(1))
	}
	fmt.Fprintf(&b, "half-steps %d of %d, territory %d : %d, bands %s", rec.Length, 2*c.MaxTurns, int(rec.Score[0]), int(rec.Score[1]), bands)
	return b.String()
}
