package main

import (
	"fmt"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/replay"
)

func init() {
	register("play", "play one game between two players and print the result", runPlay)
}

func runPlay(args []string) error {
	fs := newFlags("play", "--p1 SPEC --p2 SPEC [flags]")
	p1 := fs.String("p1", "heuristic", "player 1 (moves first): a bot spec `name[:key=value,...]` or py:FILE")
	p2 := fs.String("p2", "wanderer", "player 2: a bot spec or py:FILE")
	seed := fs.Int64("seed", 1, "seed of the start (as the course drew it) and of the bots' randomness")
	board := addBoardFlags(fs)
	start := fs.String("start", "", "explicit start x,y,d:x,y,d instead of one drawn from --seed")
	record := fs.String("record", "", "append the game to this replay file (.jsonl, or .jsonl.gz)")
	frames := fs.Bool("frames", false, "with --record: also record per-frame digests, heads, areas and bands")
	pf := addPlayerFlags(fs)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	maker, budget, err := pf.maker()
	if err != nil {
		return err
	}
	c, err := board.config()
	if err != nil {
		return err
	}
	starts, err := chooseStart(c, *start, *seed)
	if err != nil {
		return err
	}
	es, err := entrants(maker, *p1, *p2)
	if err != nil {
		return err
	}
	seats := [2]*play.Seat[*engine.State, engine.Action]{play.NewSeat(es[0], false), play.NewSeat(es[1], false)}
	defer func() {
		for _, st := range seats {
			st.Close()
		}
	}()
	var rec *replay.Frames
	s, err := engine.NewGame(c, starts)
	if err != nil {
		return usagef("%v", err)
	}
	if *frames {
		rec = &replay.Frames{}
		rec.Snapshot(s) // the start frame
	}
	o := play.Options[engine.Action]{Seed: uint64(*seed), Budget: budget}
	if rec != nil {
		o.OnMove = func(int, engine.Action) { rec.Snapshot(s) }
	}
	res, err := play.Run(bots.Game{S: s}, seats, o)
	if err != nil {
		return err
	}
	printResult(s, [2]string{es[0].Spec, es[1].Spec}, res.Detail)
	if *record == "" {
		return nil
	}
	actions := make([]byte, len(res.Moves))
	for i, a := range res.Moves {
		actions[i] = byte(a)
	}
	g := &replay.Game{
		ID: fmt.Sprintf("%s-%s-%d", es[0].Spec, es[1].Spec, *seed), Players: [2]string{es[0].Spec, es[1].Spec},
		Seed: *seed, Size: [2]int{c.Width, c.Height}, MaxTurns: c.MaxTurns, Actions: string(actions),
		Result: replay.FromEngine(s.Result(), failureText(s, res)), Frames: rec,
	}
	for i, st := range starts {
		g.Init[i] = replay.Init{X: st.X, Y: st.Y, Direction: int(st.Dir)}
	}
	if err := replay.Append(*record, g); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "recorded to %s\n", *record)
	return nil
}

// chooseStart parses an explicit start, or draws the course's start from seed.
func chooseStart(c engine.Config, start string, seed int64) ([2]engine.Start, error) {
	if start != "" {
		st, err := dataset.ParseStart(start)
		if err != nil {
			return st, usagef("--start: %v", err)
		}
		if _, err := engine.NewGame(c, st); err != nil {
			return st, usagef("%v", err)
		}
		return st, nil
	}
	st, err := engine.RandomStarts(c, seed)
	if err != nil {
		return st, usagef("%v", err)
	}
	return st, nil
}

// failureText is the error of the player that lost by failing, kept in
// the record.
func failureText(s *engine.State, res *play.Result[engine.Action]) string {
	r := s.Result()
	if r.Reason != engine.ERR && r.Reason != engine.OVT || r.Winner == engine.Draw {
		return ""
	}
	return res.Faults[r.Winner.Loser()].Detail
}

func printResult(s *engine.State, specs [2]string, detail string) {
	r := s.Result()
	name := func(w engine.Winner) string { return fmt.Sprintf("player %d (%s)", w+1, specs[w]) }
	switch {
	case r.Winner == engine.Draw:
		fmt.Fprintf(stdout, "draw: %s (%s)\n", r.Reason.Words(), r.Reason)
	case r.Reason == engine.FAC || r.Reason == engine.END:
		fmt.Fprintf(stdout, "%s wins: %s (%s)\n", name(r.Winner), r.Reason.Words(), r.Reason)
	case r.Reason == engine.TAP:
		owner := 1 - r.Winner
		fmt.Fprintf(stdout, "%s wins: %s's band was hit by player %d (%s)\n", name(r.Winner), fmt.Sprintf("player %d", owner+1), r.Extra+1, r.Reason)
	case r.Reason == engine.CIT && r.Extra == 0:
		fmt.Fprintf(stdout, "%s wins: player %d ran into its head on its territory (%s)\n", name(r.Winner), 2-r.Winner, r.Reason)
	case r.Reason == engine.CIT:
		fmt.Fprintf(stdout, "%s wins: caught player %d's head on its own territory (%s)\n", name(r.Winner), 2-r.Winner, r.Reason)
	default:
		fmt.Fprintf(stdout, "%s wins: player %d %s (%s)\n", name(r.Winner), 2-r.Winner, r.Reason.Words(), r.Reason)
	}
	fmt.Fprintf(stdout, "half-steps %d of %d, territory %d : %d, bands %d : %d\n",
		s.HalfSteps(), 2*s.MaxTurns(), s.Area(0), s.Area(1), s.BandLen(0), s.BandLen(1))
	if detail != "" {
		fmt.Fprintln(stdout, detail)
	}
}
