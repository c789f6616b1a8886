// Command searchcurve measures the search player's strength curve: its win
// rate against an opponent (default the heuristic) at each of a list of
// budgets, from games with course starts and sides alternating, and draws
// it with the project's charts (analysis/plots).
//
//	go run ./games/paperio/searchcurve --budgets ms=1,ms=5,ms=20,ms=100 --games 40 --out docs/search-curve.png
//
// Each budget is a search spec's parameters (nodes=2000, ms=20, or both).
// Game i uses the course start of seed+i/2, the search moving first in even
// games; a table of wins, losses and draws per budget goes to stdout.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
)

func main() {
	budgets := flag.String("budgets", "ms=1,ms=5,ms=20,ms=100", "search budgets, comma separated (each nodes=N or ms=M), or semicolon separated when a budget sets several parameters")
	opp := flag.String("against", "heuristic", "the opponent's spec")
	bot := flag.String("bot", "search", "the bot whose parameters the budgets set")
	games := flag.Int("games", 20, "games per budget (sides alternate)")
	seed := flag.Int64("seed", 1, "game i uses the course start of seed+i/2")
	workers := flag.Int("workers", 2, "games played at once")
	out := flag.String("out", "", "chart file (.png or .svg); none when empty")
	flag.Parse()
	if *games < 1 || *workers < 1 {
		fmt.Fprintln(os.Stderr, "searchcurve: --games and --workers must be at least 1")
		os.Exit(2)
	}
	var specs []string
	sep := ","
	if strings.Contains(*budgets, ";") { // budgets of several parameters each
		sep = ";"
	}
	for _, b := range strings.Split(*budgets, sep) {
		spec := *bot + ":" + strings.TrimSpace(b)
		if _, err := bots.Parse(spec); err != nil {
			fmt.Fprintf(os.Stderr, "searchcurve: budget %q: %v\n", b, err)
			os.Exit(2)
		}
		specs = append(specs, spec)
	}
	if _, err := bots.Parse(*opp); err != nil {
		fmt.Fprintf(os.Stderr, "searchcurve: --against: %v\n", err)
		os.Exit(2)
	}
	rates := make([]float64, len(specs))
	for i, spec := range specs {
		w, l, d := match(spec, *opp, *games, *seed, *workers)
		rates[i] = float64(w) / float64(*games)
		fmt.Printf("%-28s vs %s: %d games, %d won, %d lost, %d drawn, win rate %.1f%%\n", spec, *opp, *games, w, l, d, 100*rates[i])
	}
	if *out != "" {
		if err := chart(specs, rates, *opp, *games, *out); err != nil {
			fmt.Fprintln(os.Stderr, "searchcurve:", err)
			os.Exit(1)
		}
	}
}

// match plays games between spec and opp and counts spec's wins, losses
// and draws.
func match(spec, opp string, games int, seed int64, workers int) (w, l, d int) {
	cfg := paperio.DefaultConfig()
	winner := make([]int, games) // 1 won, -1 lost, 0 drawn
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			me, _ := bots.Make(spec)
			other, _ := bots.Make(opp)
			for g := k; g < games; g += workers {
				s0 := seed + int64(g/2)
				starts, err := paperio.RandomStarts(cfg, s0)
				if err != nil {
					panic(err)
				}
				side := g % 2
				players := [2]bots.Bot{me, other}
				if side == 1 {
					players = [2]bots.Bot{other, me}
				}
				s, err := bots.Play(cfg, starts, players, uint64(s0), nil)
				if err != nil {
					panic(err)
				}
				switch s.Result().Winner {
				case paperio.Winner(side):
					winner[g] = 1
				case paperio.Draw:
				default:
					winner[g] = -1
				}
			}
		}(k)
	}
	wg.Wait()
	for _, r := range winner {
		switch r {
		case 1:
			w++
		case -1:
			l++
		default:
			d++
		}
	}
	return w, l, d
}

// chart draws the win rate at each budget, the budgets evenly spaced in
// the order given.
func chart(specs []string, rates []float64, opp string, games int, path string) error {
	p := plots.NewPanel()
	p.X.Label.Text = "budget per move"
	p.Y.Label.Text = "win rate against " + opp + " (%)"
	xs := make([]float64, len(rates))
	ys := make([]float64, len(rates))
	ticks := make([]plot.Tick, len(specs))
	for i := range rates {
		xs[i], ys[i] = float64(i), 100*rates[i]
		ticks[i] = plot.Tick{Value: float64(i), Label: strings.TrimPrefix(specs[i], "search:")}
	}
	p.X.Tick.Marker = constTicks(ticks)
	p.X.Min, p.X.Max = -0.5, float64(len(specs))-0.5
	p.Y.Min, p.Y.Max = 0, 100
	style := draw.LineStyle{Color: plots.SideColour(0), Width: vg.Points(1.5)}
	if _, err := plots.Lines(p, xs, ys, style); err != nil {
		return err
	}
	pts := make(plotter.XYs, len(xs))
	for i := range xs {
		pts[i] = plotter.XY{X: xs[i], Y: ys[i]}
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: plots.SideColour(0), Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
	p.Add(sc)
	fig, err := plots.PanelFigure(fmt.Sprintf("search against %s, %d games per budget", opp, games), p, plots.Options{})
	if err != nil {
		return err
	}
	return plots.Save(fig, path)
}

// constTicks marks the budgets where they are drawn.
type constTicks []plot.Tick

func (t constTicks) Ticks(_, _ float64) []plot.Tick { return t }
