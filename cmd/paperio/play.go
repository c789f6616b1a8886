package main

import (
	"fmt"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/replay"
)

func init() {
	register("play", "play one game between two players and print the result", runPlay)
}

func runPlay(args []string) error {
	fs := newFlags("play", "--p1 SPEC --p2 SPEC [flags]")
	p1 := fs.String("p1", "heuristic", "player 1 (moves first): a bot spec `name[:key=value,...]`")
	p2 := fs.String("p2", "wanderer", "player 2: a bot spec")
	seed := fs.Int64("seed", 1, "seed of the start (as the course drew it) and of the bots' randomness")
	turns := fs.Int("turns", engine.DefaultMaxTurns, "rounds (each round is a half-step of each player)")
	size := fs.String("size", "102x101", "board size WxH (W even)")
	start := fs.String("start", "", "explicit start x,y,d:x,y,d instead of one drawn from --seed")
	timeBudget := fs.Float64("time", 30, "think time per player per game in seconds, charged to py: AIs for load and every play as the course did")
	record := fs.String("record", "", "append the game to this replay file (.jsonl, or .jsonl.gz)")
	frames := fs.Bool("frames", false, "with --record: also record per-frame digests, heads, areas and bands")
	py := addPyFlags(fs)
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *timeBudget <= 0 {
		return usagef("--time %v: must be positive", *timeBudget)
	}
	if err := py.apply(*timeBudget); err != nil {
		return err
	}
	c, err := gameConfig(*size, *turns)
	if err != nil {
		return err
	}
	starts, err := chooseStart(c, *start, *seed)
	if err != nil {
		return err
	}
	var players [2]bots.Bot
	var specs [2]bots.Spec
	for i, spec := range []string{*p1, *p2} {
		if players[i], specs[i], err = newBot(spec); err != nil {
			return err
		}
		defer bots.Close(players[i])
	}
	var rec *replay.Frames
	if *frames {
		rec = &replay.Frames{}
		s0, _ := engine.NewGame(c, starts) // the start frame
		rec.Snapshot(s0)
	}
	actions := make([]byte, 0, 2*c.MaxTurns)
	s, err := bots.Play(c, starts, players, uint64(*seed), func(s *engine.State, a engine.Action) {
		actions = append(actions, byte(a))
		if rec != nil {
			rec.Snapshot(s)
		}
	})
	if err != nil {
		return usagef("%v", err)
	}
	printResult(s, specs)
	if *record == "" {
		return nil
	}
	g := &replay.Game{
		ID: fmt.Sprintf("%s-%s-%d", specs[0], specs[1], *seed), Players: [2]string{specs[0].String(), specs[1].String()},
		Seed: *seed, Size: [2]int{c.Width, c.Height}, MaxTurns: c.MaxTurns, Actions: string(actions),
		Result: replay.FromEngine(s.Result(), failureText(players, s)), Frames: rec,
	}
	for i, st := range starts {
		g.Init[i] = replay.Init{X: st.X, Y: st.Y, Direction: st.Dir}
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
		st, err := parseStart(start)
		if err != nil {
			return st, err
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

// failureText is the error a failed player reported, kept in the record.
func failureText(players [2]bots.Bot, s *engine.State) string {
	r := s.Result()
	if r.Reason != engine.ERR && r.Reason != engine.OVT || r.Winner == engine.Draw {
		return ""
	}
	if f, ok := players[1-r.Winner].(bots.Failer); ok {
		_, _, detail := f.Failure()
		return detail
	}
	return ""
}

func printResult(s *engine.State, specs [2]bots.Spec) {
	r := s.Result()
	name := func(i int) string { return fmt.Sprintf("player %d (%s)", i+1, specs[i]) }
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
}
