// Package selfplay plays many games of any course game between its players
// and writes them as a parquet dataset (see docs/DATASET.md): one row per game in
// games/, one row per move in the game's moves table (turns/ for paper.io,
// one row per half-step), and manifest.json describing the run.
//
// A run is cut into chunks of consecutive games (chunk k holds games
// [k·C, (k+1)·C)); each chunk is one games file and one moves file, written
// by one worker under a temporary name and renamed when complete. Every game
// depends only on the run's seed and its index, so the files do not depend
// on the number of workers; shard i of n writes chunks i, i+n, i+2n, … of the
// same run; and --resume only has to write the chunks whose files are
// missing.
package selfplay

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/game"
)

// MaxChunkGames is the default number of games per chunk file of a large
// run (see ChunkGamesFor).
const MaxChunkGames = 128

// ChunkGamesFor is the default chunk size of a run of n games: 128, or
// fewer for a small run, so that it still has at least 16 chunks to share
// between workers.
func ChunkGamesFor(n int64) int {
	return int(max(1, min(MaxChunkGames, (n+15)/16)))
}

// Pair is a matchup: P1 moves first. Both are canonical player specs.
type Pair struct {
	P1 string `json:"p1"`
	P2 string `json:"p2"`
}

// Plan is everything that decides a run's games and files. Two runs with
// equal plans write the same bytes.
type Plan struct {
	Game       string          `json:"game"`        // the game (game.Lookup)
	Seed       int64           `json:"seed"`        // run seed
	Games      int64           `json:"games"`       // games in the run
	ChunkGames int             `json:"chunk_games"` // games per chunk
	Settings   json.RawMessage `json:"settings"`    // the game's settings (game.Config.Encode)
	Pairs      []Pair          `json:"pairs"`       // game g plays Pairs[g mod len(Pairs)]
}

// UnmarshalJSON reads a plan, also in the form of manifests written before
// the toolkit knew more than one game (paper.io's width, height and
// max_turns in the plan itself).
func (p *Plan) UnmarshalJSON(b []byte) error {
	type plain Plan
	var v struct {
		plain
		Width    int `json:"width"`
		Height   int `json:"height"`
		MaxTurns int `json:"max_turns"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*p = Plan(v.plain)
	if p.Game == "" && p.Settings == nil && v.Width > 0 {
		p.Game = game.Default()
		p.Settings, _ = json.Marshal(map[string]int{"width": v.Width, "height": v.Height, "max_turns": v.MaxTurns})
	}
	return nil
}

// Config is the plan's game and settings.
func (p *Plan) Config() (game.Game, game.Config, error) {
	g, err := game.Lookup(p.Game)
	if err != nil {
		return nil, nil, err
	}
	c, err := g.DecodeConfig(p.Settings)
	if err != nil {
		return nil, nil, err
	}
	return g, c, nil
}

// MovesDir is the folder of the plan's per-move table.
func (p *Plan) MovesDir() string {
	if g, err := game.Lookup(p.Game); err == nil {
		return g.Info().MovesTable
	}
	return "turns"
}

// SchemaVersion is the version of the plan's game tables.
func (p *Plan) SchemaVersion() int {
	if g, err := game.Lookup(p.Game); err == nil {
		return g.Info().SchemaVersion
	}
	return 0
}

// Chunks is the number of chunks of the run.
func (p *Plan) Chunks() int {
	return int((p.Games + int64(p.ChunkGames) - 1) / int64(p.ChunkGames))
}

// ChunkGamesRange is the half-open range of game ids of chunk k.
func (p *Plan) ChunkGamesRange(k int) (lo, hi int64) {
	lo = int64(k) * int64(p.ChunkGames)
	return lo, min(lo+int64(p.ChunkGames), p.Games)
}

// Pair is the matchup of game g.
func (p *Plan) Pair(g int64) Pair { return p.Pairs[g%int64(len(p.Pairs))] }

// Specs are the players of the plan's matchups, each once, in order.
func (p *Plan) Specs() []string {
	var out []string
	seen := map[string]bool{}
	for _, pr := range p.Pairs {
		for _, s := range []string{pr.P1, pr.P2} {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// Validate reports the first thing wrong with the plan.
func (p *Plan) Validate() error {
	switch {
	case p.Games < 1:
		return fmt.Errorf("games %d: must be at least 1", p.Games)
	case p.ChunkGames < 1:
		return fmt.Errorf("chunk size %d: must be at least 1", p.ChunkGames)
	case len(p.Pairs) == 0:
		return fmt.Errorf("no bot pairs to play")
	}
	_, _, err := p.Config()
	return err
}

// Shard is the part of a run one invocation writes: chunks k with
// k mod N == I.
type Shard struct{ I, N int }

// String writes the shard as "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// ParseShard reads "i/n" with 0 ≤ i < n.
func ParseShard(s string) (Shard, error) {
	var sh Shard
	var rest string
	n, _ := fmt.Sscanf(s, "%d/%d%s", &sh.I, &sh.N, &rest)
	if n != 2 || strings.Count(s, "/") != 1 {
		return sh, fmt.Errorf("shard %q: want i/n, e.g. 0/4", s)
	}
	if sh.N < 1 || sh.I < 0 || sh.I >= sh.N {
		return sh, fmt.Errorf("shard %q: want 0 ≤ i < n", s)
	}
	return sh, nil
}

// Environment variables of a Kubernetes Indexed Job: the index the Job
// gives each pod, and the shard count the Job's manifest sets (usually to
// its completions).
const (
	IndexEnv  = "JOB_COMPLETION_INDEX"
	ShardsEnv = "PAPERIO_SHARDS"
)

// ResolveShard reads a --shard flag: "i/n", or "auto" for the index of
// IndexEnv; n comes from shards when positive, else from ShardsEnv. An
// explicit i/n must agree with a positive shards.
func ResolveShard(flag string, shards int, getenv func(string) string) (Shard, error) {
	if flag != "auto" {
		sh, err := ParseShard(flag)
		if err == nil && shards > 0 && sh.N != shards {
			err = fmt.Errorf("shard %s is not one of %d shards", flag, shards)
		}
		return sh, err
	}
	if shards <= 0 {
		env := getenv(ShardsEnv)
		if env == "" {
			return Shard{}, fmt.Errorf("shard auto: give the number of shards with --shards N or %s", ShardsEnv)
		}
		n, err := strconv.Atoi(env)
		if err != nil || n < 1 {
			return Shard{}, fmt.Errorf("%s=%q: want a positive number", ShardsEnv, env)
		}
		shards = n
	}
	env := getenv(IndexEnv)
	if env == "" {
		return Shard{}, fmt.Errorf("shard auto: %s is not set (it is set in the pods of a Kubernetes Indexed Job; elsewhere give --shard i/n)", IndexEnv)
	}
	i, err := strconv.Atoi(env)
	if err != nil {
		return Shard{}, fmt.Errorf("%s=%q: want a number", IndexEnv, env)
	}
	if i < 0 || i >= shards {
		return Shard{}, fmt.Errorf("%s=%d is out of range for %d shards (want 0 to %d)", IndexEnv, i, shards, shards-1)
	}
	return Shard{i, shards}, nil
}

// ParseBots reads a comma-separated list of bot specs and returns them in
// canonical form. A spec carries its own options after a colon
// ("name:key=value,key=value"), so a piece that holds '=' and no ':'
// continues the previous spec's options. A py: folder or glob pattern
// stands for the course AIs in it (game.ExpandPy).
func ParseBots(g game.Game, list string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, item := range botspec.SplitList(list) {
		specs, err := game.ExpandPy(item)
		if err != nil {
			return nil, err
		}
		for _, p := range specs {
			spec, err := g.Canonical(p)
			if err != nil {
				return nil, err
			}
			if seen[spec] {
				return nil, fmt.Errorf("bot %s is listed twice", spec)
			}
			seen[spec] = true
			out = append(out, spec)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no bots in %q", list)
	}
	return out, nil
}

// AllPairs is every ordered pair of the bots, each bot against itself too:
// n² matchups, each side moving first in turn.
func AllPairs(specs []string) []Pair {
	var out []Pair
	for _, a := range specs {
		for _, b := range specs {
			out = append(out, Pair{a, b})
		}
	}
	return out
}

// ParsePairs reads a comma-separated list of matchups "A:B" (A moves first)
// and returns them in canonical form. A and B are bot specs and may hold
// colons and commas of their own ("goround:w=4,h=6:random"); an item is
// split at the one colon that leaves a valid spec on both sides. When none
// does, the error is that of a split leaving a valid spec on one side
// ("policy:none.npz:random": the missing file), else of the first split.
func ParsePairs(g game.Game, list string) ([]Pair, error) {
	var out []Pair
	for _, item := range botspec.SplitList(list) {
		var found []Pair
		var firstErr, halfErr error
		for i := range len(item) {
			if item[i] != ':' {
				continue
			}
			a, errA := g.Canonical(item[:i])
			b, errB := g.Canonical(item[i+1:])
			switch {
			case errA == nil && errB == nil:
				found = append(found, Pair{a, b})
			case (errA == nil || errB == nil) && halfErr == nil:
				halfErr = cmp.Or(errA, errB)
			}
			if firstErr == nil {
				firstErr = cmp.Or(errA, errB)
			}
		}
		firstErr = cmp.Or(halfErr, firstErr)
		switch {
		case len(found) == 1:
			out = append(out, found[0])
		case len(found) > 1:
			return nil, fmt.Errorf("pair %q can be read as %s vs %s or %s vs %s", item, found[0].P1, found[0].P2, found[1].P1, found[1].P2)
		case firstErr != nil:
			return nil, fmt.Errorf("pair %q: %v", item, firstErr)
		default:
			return nil, fmt.Errorf("pair %q: want A:B, two bot specs", item)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no pairs in %q", list)
	}
	return out, nil
}
