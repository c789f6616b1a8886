package main

import (
	"fmt"
	"strings"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

func init() {
	register("play", "play one game between two players and print the result", runPlay)
}

func runPlay(args []string) error {
	fs := newFlags("play", "--p1 SPEC --p2 SPEC [--game G] [flags]")
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return err
	}
	p1 := fs.String("p1", "", "player 1 (moves first): "+specKinds(gs.g, "a bot spec `name[:key=value,...]`")+" (default: the game's first two bots)")
	p2 := fs.String("p2", "", "player 2: "+specKinds(gs.g, "a bot spec"))
	seed := fs.Int64("seed", 1, "seed of the start (as the course drew it) and of the bots' randomness")
	start := fs.String("start", "", "explicit start in the game's words (paperio: x,y,d:x,y,d) instead of one drawn from --seed")
	record := fs.String("record", "", "append the game to this replay file (.jsonl, or .jsonl.gz)")
	frames := fs.Bool("frames", false, "with --record: also record every frame's checks")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	c, o, budget, err := gs.resolve()
	if err != nil {
		return err
	}
	g := gs.g
	a, b := defaultPair(g, *p1, *p2)
	es, err := players(g, o, a, b)
	if err != nil {
		return err
	}
	defer game.ReleaseAll(es)
	seats := [2]*game.Seat{game.NewSeat(es[0], false), game.NewSeat(es[1], false)}
	defer func() {
		for _, st := range seats {
			st.Close()
		}
	}()
	r, err := g.NewWorker().Play(seats, game.Setup{Config: c, Seed: *seed, Start: *start, Budget: budget, Frames: *frames && *record != ""})
	if err != nil {
		return usagef("%v", err)
	}
	fmt.Fprintln(stdout, g.ResultText(r, [2]string{es[0].Spec, es[1].Spec}))
	if r.Detail != "" {
		fmt.Fprintln(stdout, r.Detail)
	}
	fmt.Fprintln(stdout, thinkLine(r, es, g.Info()))
	if *record == "" {
		return nil
	}
	rg := game.ReplayGame{ID: fmt.Sprintf("%s-%s-%d", es[0].Spec, es[1].Spec, *seed), Players: [2]string{es[0].Spec, es[1].Spec}, Record: r}
	if err := g.Replays().Append(*record, rg); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "recorded to %s\n", *record)
	return nil
}

// defaultPair fills missing players as the game says
// (game.Info.DefaultPair).
func defaultPair(g game.Game, p1, p2 string) (string, string) {
	def := g.Info().DefaultPair(g.Bots())
	if p1 == "" {
		p1 = def[0]
	}
	if p2 == "" {
		p2 = def[1]
	}
	return p1, p2
}

// thinkLine is each player's think time and failure in one game: "think
// time: t_a 1.234 s, goround 0.000 s (built-in bots are not timed);
// failures: t_a OVT". A failure on time is named as the game's rules
// take it (stellar: a late answer, not a loss).
func thinkLine(r *game.Record, es []*game.Entrant, in *game.Info) string {
	var times, fails []string
	for i, e := range es {
		times = append(times, fmt.Sprintf("%s %.3f s", e.Name, r.Think[i].Seconds()))
		switch r.Faults[i].Kind {
		case play.Error:
			fails = append(fails, e.Name+" ERR")
		case play.Timeout:
			fails = append(fails, e.Name+" "+in.LateText())
		}
	}
	line := "think time: " + strings.Join(times, ", ") + "; failures: "
	if len(fails) == 0 {
		return line + "none"
	}
	return line + strings.Join(fails, ", ")
}
