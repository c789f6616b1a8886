package rating

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// Ratings over a whole tournament: the Bradley–Terry model (R. A. Bradley
// and M. E. Terry, 1952) in its Elo form, P(i beats j) = 1/(1+10^((r_j−r_i)/400)),
// fitted to every game by maximum likelihood (a draw counts as half a win
// for each side, as in Elo's own rating method). The fit is Newton's method
// on θ = r·ln10/400; the 95 % intervals come from the inverse of the Fisher
// information at the fit. Ratings are shown with their mean at 0.
//
// A player who won (or lost) every game has no finite maximum likelihood
// rating. Prior adds, for every player, that many virtual drawn games
// against a fixed opponent rated 0 — the same device as BayesElo's prior of
// virtual draws (R. Coulom) — which keeps every rating finite and pulls
// ratings built on few games toward the mean.

// Outcome is one game between players I and J (indexes), Score is I's
// score: 1, ½ or 0.
type Outcome struct {
	I, J  int
	Score float64
}

// AppendGames appends to games the outcomes of wins, draws and losses of
// player i against player j: a game each, scored 1, 0.5 and 0.
func AppendGames(games []Outcome, i, j int, wins, draws, losses int) []Outcome {
	for _, g := range [3]struct {
		n     int
		score float64
	}{{wins, 1}, {draws, 0.5}, {losses, 0}} {
		for range g.n {
			games = append(games, Outcome{I: i, J: j, Score: g.score})
		}
	}
	return games
}

// Rating is one player's fitted rating.
type Rating struct {
	Player string
	Elo    float64 // relative to the players' mean
	CI95   float64 // half-width of the 95 % interval
	Games  int
	Score  float64 // points scored in those games
}

// DefaultPrior is the number of virtual draws per player used by tournaments.
const DefaultPrior = 1.0

// FitBradleyTerry fits ratings to the games. With prior 0 every player must
// have both a win and a loss (or draws) in a connected set of games, or the
// fit diverges and an error is returned.
func FitBradleyTerry(players []string, games []Outcome, prior float64) ([]Rating, error) {
	n := len(players)
	if n == 0 {
		return nil, nil
	}
	// Pair counts and scores.
	cnt := make([][]float64, n)
	for i := range cnt {
		cnt[i] = make([]float64, n)
	}
	score := make([]float64, n)
	played := make([]int, n)
	for _, g := range games {
		if g.I == g.J || g.I < 0 || g.J < 0 || g.I >= n || g.J >= n {
			return nil, fmt.Errorf("ratings: bad game between %d and %d", g.I, g.J)
		}
		cnt[g.I][g.J]++
		cnt[g.J][g.I]++
		score[g.I] += g.Score
		score[g.J] += 1 - g.Score
		played[g.I]++
		played[g.J]++
	}
	// With no prior one rating is fixed at 0 (the model only sees differences);
	// the others are free. With a prior all are free.
	free := n
	first := 0
	if prior == 0 {
		free, first = n-1, 1
	}
	theta := make([]float64, n)
	sigma := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	info := mat.NewSymDense(free, nil)
	grad := mat.NewVecDense(free, nil)
	// build fills the gradient of the log likelihood and the Fisher
	// information at theta.
	build := func() {
		info.Zero()
		grad.Zero()
		for i := 0; i < n; i++ {
			a := i - first
			if a < 0 {
				continue
			}
			g, d := score[i], 0.0
			if prior > 0 {
				p := sigma(theta[i])
				g += prior * (0.5 - p)
				d += prior * p * (1 - p)
			}
			for j := 0; j < n; j++ {
				if cnt[i][j] == 0 {
					continue
				}
				p := sigma(theta[i] - theta[j])
				g -= cnt[i][j] * p
				w := cnt[i][j] * p * (1 - p)
				d += w
				if b := j - first; b > a {
					info.SetSym(a, b, info.At(a, b)-w)
				}
			}
			grad.SetVec(a, g)
			info.SetSym(a, a, d)
		}
	}
	var chol mat.Cholesky
	var step mat.VecDense
	converged := false
	for iter := 0; iter < 100; iter++ {
		build()
		if !chol.Factorize(info) {
			return nil, fmt.Errorf("ratings: the games do not connect every player (singular information matrix)")
		}
		if err := chol.SolveVecTo(&step, grad); err != nil {
			return nil, fmt.Errorf("ratings: the games do not connect every player (%v)", err)
		}
		big := 0.0
		for a := range free {
			// Damp very long steps: far from the optimum the quadratic
			// model is poor.
			d := max(-2, min(2, step.AtVec(a)))
			theta[a+first] += d
			big = math.Max(big, math.Abs(d))
		}
		if big < 1e-10 {
			converged = true
			break
		}
	}
	for _, t := range theta {
		if !converged || math.IsNaN(t) || math.Abs(t) > 50 {
			return nil, fmt.Errorf("ratings: no finite fit (a player won or lost every game); use a prior")
		}
	}
	build()
	var inv mat.SymDense
	if !chol.Factorize(info) {
		return nil, fmt.Errorf("ratings: singular information matrix")
	}
	if err := chol.InverseTo(&inv); err != nil {
		return nil, fmt.Errorf("ratings: %v", err)
	}
	// Covariance of all n θ's (the fixed one has none), then of the
	// centred ratings θ_i − mean(θ): C' = M C Mᵀ with M = I − 11ᵀ/n.
	cov := mat.NewDense(n, n, nil)
	for i := first; i < n; i++ {
		for j := first; j < n; j++ {
			cov.Set(i, j, inv.At(i-first, j-first))
		}
	}
	center := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			v := -1 / float64(n)
			if i == j {
				v++
			}
			center.Set(i, j, v)
		}
	}
	var centred mat.Dense
	centred.Product(center, cov, center.T())
	mean := 0.0
	for _, t := range theta {
		mean += t / float64(n)
	}
	scale := 400 / math.Ln10
	out := make([]Rating, n)
	for i := range out {
		out[i] = Rating{
			Player: players[i],
			Elo:    (theta[i] - mean) * scale,
			CI95:   z95 * math.Sqrt(math.Max(centred.At(i, i), 0)) * scale,
			Games:  played[i],
			Score:  score[i],
		}
	}
	return out, nil
}

// SortRatings orders ratings best first (ties by name).
func SortRatings(r []Rating) {
	sort.SliceStable(r, func(a, b int) bool {
		if r[a].Elo != r[b].Elo {
			return r[a].Elo > r[b].Elo
		}
		return r[a].Player < r[b].Player
	})
}
