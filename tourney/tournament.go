package tourney

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/rating"
)

// Tournament formats.
const (
	RoundRobin = "roundrobin" // every pair of a group plays one series
	Knockout   = "knockout"   // group round robins, then the course's bracket
	Gauntlet   = "gauntlet"   // the first player against each of the others
)

// Options shape a tournament.
type Options struct {
	Format  string
	Players []*Entrant
	// Groups: round robin, the number of groups (default 1); knockout, the
	// groups of its first stage (default 4, the course's E, W, S and N, or
	// 2 or 1 when there are fewer than 8 or 4 players; it must be a power of
	// two and each group needs two players). Players are dealt to groups in
	// the order given: player i joins group i mod Groups.
	Groups int
	// Series shapes every series; its Seed is ignored: each series draws its
	// starts from a seed derived from Seed and the series' key.
	Series SeriesOptions
	Seed   int64
	// Workers is the number of series played at once (default: the number
	// of CPUs). A series plays its games one after another, as the course did.
	Workers int
	// Store, if not nil, receives every series as it finishes, and series
	// it already holds are not played again.
	Store Recorder
	// Replays is how often a drawn (or overrun) knockout series or play-off
	// is replayed (default 3); after that the better-placed player goes
	// through and the report says so.
	Replays int
	// Prior is the ratings' virtual draws per player (DefaultPrior if 0;
	// negative for none).
	Prior float64
	// OnEvent, if not nil, hears the progress; it is called from one
	// goroutine at a time.
	OnEvent func(Event)
	// Watch, if not nil, is asked for a watcher of each game as it begins
	// (a live view): the series' key, the game's index in the series and
	// its players (SeriesOptions.Watch).
	Watch func(key string, index int, players [2]string) game.Watcher
	// Shard, when N > 1, is the part of the tournament this invocation
	// plays (one index of a Kubernetes Indexed Job, say): of each stage's
	// schedule, the series at positions I, I+N, I+2N, … The other series
	// come from the Store, recorded by the other shards; when some are not
	// there yet once this shard's part of a stage is played, Run stops with
	// an error that wraps ErrOtherShards.
	Shard Shard
}

// Shard is part I of N of a tournament's series.
type Shard struct{ I, N int }

// ErrOtherShards says a stage waits for series that other shards play.
var ErrOtherShards = errors.New("waiting for the series of other shards")

// mine reports whether the series at position i of a stage's schedule is
// the shard's to play.
func (s Shard) mine(i int) bool { return s.N <= 1 || i%s.N == s.I }

// EventKind says what an Event reports.
type EventKind int

const (
	StageStarted   EventKind = iota // a stage begins: Stage, Total, Done, Groups
	SeriesStarted                   // Key, Stage, A, B, Planned
	GamePlayed                      // Key, Tally (so far), Game
	SeriesFinished                  // Key, Result; Resumed when it came from the store
)

// Event is a progress report.
type Event struct {
	Kind    EventKind
	Stage   string
	Key     string
	A, B    string
	Planned int
	Tally   Tally
	Game    *GameRecord
	Result  *SeriesResult
	Resumed bool
	Total   int                 // StageStarted: series in the stage
	Done    int                 // StageStarted: of which already in the store
	Groups  map[string][]string // StageStarted: the groups whose standings this stage makes
	// GroupOrder lists the keys of Groups in order (E, W, S, N).
	GroupOrder []string
}

// Report is a finished tournament.
type Report struct {
	Format   string
	Players  []*Entrant
	Series   SeriesOptions
	Groups   []GroupTable
	Bracket  []BracketMatch
	Placings []Placing
	Ratings  []rating.Rating
	// RatingsNote says why ratings are missing, when they are.
	RatingsNote string
	Prior       float64         // virtual draws per player in the ratings' fit
	Played      []*PlayedSeries // every series, in schedule order
	Notes       []string        // play-offs and knockout decisions by placing
	Resumed     int             // series taken from the store
	Wall        time.Duration
}

// GroupTable is a group's final standings.
type GroupTable struct {
	Name      string
	Players   []string
	Standings []Standing
	// Order is the final order after play-offs (knockout qualification).
	Order []string
}

// BracketMatch is one knockout tie.
type BracketMatch struct {
	Round   string // quarter-final, semi-final, final, third place, round of N
	Key     string
	A, B    string
	LabelA  string // E1, W2, … or "winner QF1"
	LabelB  string
	Series  []*PlayedSeries // the series played, replays after the first
	Winner  string
	Loser   string
	ByPlace bool // every series was drawn: the better-placed player went through
}

// PlayedSeries is one series of the schedule with its result.
type PlayedSeries struct {
	Key    string
	Stage  string
	Seed   int64
	Result *SeriesResult
}

// SeriesSeed is the start seed of a series: derived from the run seed and
// the series' key (so it does not depend on the order series are played).
// It is below 2^31, like the seeds the course used.
func SeriesSeed(run int64, key string) int64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int64(play.Mix(uint64(run)^h.Sum64()) >> 33)
}

// GroupNames are the names of n groups: the course's E, W, S, N for four
// (E, W for two), letters otherwise, "all" for one.
func GroupNames(n int) []string {
	switch n {
	case 1:
		return []string{"all"}
	case 2:
		return []string{"E", "W"}
	case 4:
		return []string{"E", "W", "S", "N"}
	}
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('A' + i))
	}
	return out
}

// Validate checks the options and fills defaults.
func (o *Options) Validate() error {
	if len(o.Players) < 2 {
		return fmt.Errorf("a tournament needs at least two players")
	}
	seen := map[string]bool{}
	for _, p := range o.Players {
		if seen[p.Name] {
			return fmt.Errorf("player %q is listed twice", p.Name)
		}
		seen[p.Name] = true
	}
	switch o.Format {
	case RoundRobin:
		if o.Groups == 0 {
			o.Groups = 1
		}
	case Knockout:
		if o.Groups == 0 {
			// The course's four groups when there are players enough.
			switch n := len(o.Players); {
			case n >= 8:
				o.Groups = 4
			case n >= 4:
				o.Groups = 2
			default:
				o.Groups = 1
			}
		}
		if o.Groups&(o.Groups-1) != 0 {
			return fmt.Errorf("knockout: %d groups: must be 1, 2, 4, 8, …", o.Groups)
		}
	case Gauntlet:
		o.Groups = 1
	default:
		return fmt.Errorf("format %q: want roundrobin, knockout or gauntlet", o.Format)
	}
	if o.Groups < 1 || len(o.Players) < 2*o.Groups {
		return fmt.Errorf("%d groups need at least %d players (two per group), have %d", o.Groups, 2*o.Groups, len(o.Players))
	}
	if o.Shard.N > 1 && (o.Shard.I < 0 || o.Shard.I >= o.Shard.N) {
		return fmt.Errorf("shard %d/%d: want 0 ≤ i < n", o.Shard.I, o.Shard.N)
	}
	if o.Shard.N > 1 && o.Store == nil {
		return fmt.Errorf("a shard of a tournament needs a place to record its series (--out)")
	}
	if o.Replays <= 0 {
		o.Replays = 3
	}
	if o.Prior == 0 {
		o.Prior = rating.DefaultPrior
	}
	s := o.Series
	s.Seed = 0
	return s.Validate()
}

// Describe is the run's identity in the store: everything that decides
// which series are played and how.
func (o *Options) Describe() string {
	type player struct{ Name, Spec string }
	d := struct {
		Format   string
		Players  []player
		Groups   int
		Games    int
		Seed     int64
		Game     string
		Settings string
		Budget   float64
		Cap      float64
		Pairing  string
		Replays  int
		Schedule int // version of the scheduling rules
	}{o.Format, nil, o.Groups, o.Series.Games, o.Seed, o.Series.Game.Name(),
		string(o.Series.Config.Encode()), o.Series.Budget.Seconds(), o.Series.Cap.Seconds(), o.Series.Pairing, o.Replays, 1}
	for _, p := range o.Players {
		d.Players = append(d.Players, player{p.Name, p.Spec})
	}
	b, _ := json.Marshal(d)
	return string(b)
}

type job struct {
	key, stage string
	a, b       *Entrant
}

type runner struct {
	opt     Options
	done    map[string]*PlayedSeries
	stored  map[string]*StoredSeries
	byName  map[string]*Entrant
	pos     map[string]int // listing position
	order   []*PlayedSeries
	notes   []string
	resumed int
	evMu    sync.Mutex
}

func (r *runner) emit(ev Event) {
	if r.opt.OnEvent == nil {
		return
	}
	r.evMu.Lock()
	defer r.evMu.Unlock()
	r.opt.OnEvent(ev)
}

// Run plays a tournament.
func Run(ctx context.Context, opt Options) (*Report, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	r := &runner{opt: opt, done: map[string]*PlayedSeries{}, byName: map[string]*Entrant{}, pos: map[string]int{}}
	for i, p := range opt.Players {
		r.byName[p.Name] = p
		r.pos[p.Name] = i
	}
	names := GroupNames(opt.Groups)
	groups := make([][]*Entrant, opt.Groups)
	groupOf := map[string]string{}
	for i, p := range opt.Players {
		g := i % opt.Groups
		groups[g] = append(groups[g], p)
		groupOf[p.Name] = names[g]
	}
	if opt.Store != nil {
		if _, err := opt.Store.BeginRun(opt.Describe()); err != nil {
			return nil, err
		}
		if err := opt.Store.SavePlayers(opt.Players, groupOf); err != nil {
			return nil, err
		}
		var err error
		if r.stored, err = opt.Store.Completed(); err != nil {
			return nil, err
		}
	}
	rep := &Report{Format: opt.Format, Players: opt.Players, Series: opt.Series}
	var err error
	switch opt.Format {
	case RoundRobin:
		err = r.roundRobin(ctx, rep, names, groups)
	case Knockout:
		err = r.knockout(ctx, rep, names, groups)
	case Gauntlet:
		err = r.gauntlet(ctx, rep)
	}
	if err != nil {
		return nil, err
	}
	rep.Played = r.order
	rep.Notes = r.notes
	rep.Resumed = r.resumed
	rep.Ratings, rep.RatingsNote = r.ratings()
	rep.Prior = max(opt.Prior, 0)
	if opt.Store != nil {
		for _, g := range rep.Groups {
			if err := opt.Store.SaveStandings(g.Name, g.Standings); err != nil {
				return nil, err
			}
		}
		if err := opt.Store.SaveRatings(rep.Ratings); err != nil {
			return nil, err
		}
		if err := opt.Store.SavePlacings(rep.Placings); err != nil {
			return nil, err
		}
	}
	rep.Wall = time.Since(start)
	return rep, nil
}

// play runs the jobs of a stage, workers at a time, skipping those done.
func (r *runner) play(ctx context.Context, stage string, jobs []job, groups map[string][]string, order ...string) ([]*PlayedSeries, error) {
	out := make([]*PlayedSeries, len(jobs))
	var todo, others []int
	for i, j := range jobs {
		if p := r.done[j.key]; p != nil {
			out[i] = p
			continue
		}
		if p := r.fromStore(j); p != nil {
			out[i] = p
			continue
		}
		if !r.opt.Shard.mine(i) {
			others = append(others, i)
			continue
		}
		todo = append(todo, i)
	}
	r.emit(Event{Kind: StageStarted, Stage: stage, Total: len(jobs), Done: len(jobs) - len(todo), Groups: groups, GroupOrder: order})
	for i, p := range out {
		if p != nil {
			r.emit(Event{Kind: SeriesFinished, Stage: jobs[i].stage, Key: p.Key, A: p.Result.A, B: p.Result.B, Result: p.Result, Resumed: true})
		}
	}
	err := pool.Each(ctx, r.opt.Workers, len(todo), func(ctx context.Context, k int) error {
		i := todo[k]
		j := jobs[i]
		so := r.opt.Series
		so.Seed = SeriesSeed(r.opt.Seed, j.key)
		if r.opt.Watch != nil {
			so.Watch = func(i int, p [2]string) game.Watcher { return r.opt.Watch(j.key, i, p) }
		}
		r.emit(Event{Kind: SeriesStarted, Stage: j.stage, Key: j.key, A: j.a.Name, B: j.b.Name, Planned: so.Games})
		res, err := PlaySeries(ctx, j.a, j.b, so, func(g *GameRecord, t Tally) {
			r.emit(Event{Kind: GamePlayed, Stage: j.stage, Key: j.key, A: j.a.Name, B: j.b.Name, Planned: so.Games, Tally: t, Game: g})
		})
		if err == nil && r.opt.Store != nil {
			_, err = r.opt.Store.SaveSeries(j.key, j.stage, so.Seed, so.Pairing, res)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", j.key, err)
		}
		out[i] = &PlayedSeries{Key: j.key, Stage: j.stage, Seed: so.Seed, Result: res}
		r.emit(Event{Kind: SeriesFinished, Stage: j.stage, Key: j.key, A: j.a.Name, B: j.b.Name, Result: res})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := r.fromOthers(stage, jobs, others, out); err != nil {
		return nil, err
	}
	for _, p := range out {
		r.done[p.Key] = p
		r.order = append(r.order, p)
	}
	return out, nil
}

// fromStore is job's series as the store holds it, or nil.
func (r *runner) fromStore(j job) *PlayedSeries {
	st := r.stored[j.key]
	if st == nil || st.A != j.a.Name || st.B != j.b.Name {
		return nil
	}
	p := &PlayedSeries{Key: j.key, Stage: j.stage, Seed: st.Seed, Result: st.SeriesResult}
	r.done[j.key] = p
	r.resumed++
	return p
}

// fromOthers fills in the series of other shards, reading the store again
// for those recorded since the run began.
func (r *runner) fromOthers(stage string, jobs []job, others []int, out []*PlayedSeries) error {
	if len(others) == 0 {
		return nil
	}
	var err error
	if r.stored, err = r.opt.Store.Completed(); err != nil {
		return err
	}
	missing := 0
	for _, i := range others {
		if out[i] = r.fromStore(jobs[i]); out[i] == nil {
			missing++
		} else {
			r.emit(Event{Kind: SeriesFinished, Stage: jobs[i].stage, Key: out[i].Key, A: out[i].Result.A, B: out[i].Result.B, Result: out[i].Result, Resumed: true})
		}
	}
	if missing > 0 {
		return fmt.Errorf("%w: %s: %d of its %d series are not recorded yet", ErrOtherShards, stage, missing, len(jobs))
	}
	return nil
}

func tallies(ps []*PlayedSeries) []Tally {
	t := make([]Tally, len(ps))
	for i, p := range ps {
		t[i] = p.Result.Tally
	}
	return t
}

func entrantNames(es []*Entrant) []string {
	n := make([]string, len(es))
	for i, e := range es {
		n[i] = e.Name
	}
	return n
}

// groupJobs are the series of a round robin among players: every pair once,
// the player listed first moving first in the first half.
func groupJobs(prefix, stage string, players []*Entrant) []job {
	var jobs []job
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			jobs = append(jobs, job{key: fmt.Sprintf("%s: %s v %s", prefix, players[i].Name, players[j].Name), stage: stage, a: players[i], b: players[j]})
		}
	}
	return jobs
}

func groupStage(n int, name string) string {
	if n == 1 {
		return "round robin"
	}
	return "group " + name
}

// groupRound plays the round robins of all groups as one stage.
func (r *runner) groupRound(ctx context.Context, names []string, groups [][]*Entrant) ([]GroupTable, error) {
	var jobs []job
	gm := map[string][]string{}
	var order []string
	for g, ps := range groups {
		st := groupStage(len(groups), names[g])
		jobs = append(jobs, groupJobs(st, st, ps)...)
		gm[st] = entrantNames(ps)
		order = append(order, st)
	}
	stage := "round robin"
	if len(groups) > 1 {
		stage = "groups"
	}
	played, err := r.play(ctx, stage, jobs, gm, order...)
	if err != nil {
		return nil, err
	}
	var out []GroupTable
	for g, ps := range groups {
		st := groupStage(len(groups), names[g])
		var mine []Tally
		for _, p := range played {
			if p.Stage == st {
				mine = append(mine, p.Result.Tally)
			}
		}
		gt := GroupTable{Name: st, Players: entrantNames(ps), Standings: Standings(entrantNames(ps), mine)}
		for _, s := range gt.Standings {
			gt.Order = append(gt.Order, s.Player)
		}
		out = append(out, gt)
	}
	return out, nil
}

func (r *runner) roundRobin(ctx context.Context, rep *Report, names []string, groups [][]*Entrant) error {
	gt, err := r.groupRound(ctx, names, groups)
	rep.Groups = gt
	return err
}

func (r *runner) gauntlet(ctx context.Context, rep *Report) error {
	ps := r.opt.Players
	var jobs []job
	for _, p := range ps[1:] {
		jobs = append(jobs, job{key: fmt.Sprintf("gauntlet: %s v %s", ps[0].Name, p.Name), stage: "gauntlet", a: ps[0], b: p})
	}
	played, err := r.play(ctx, "gauntlet", jobs, map[string][]string{"gauntlet": entrantNames(ps)}, "gauntlet")
	if err != nil {
		return err
	}
	gt := GroupTable{Name: "gauntlet", Players: entrantNames(ps), Standings: Standings(entrantNames(ps), tallies(played))}
	for _, s := range gt.Standings {
		gt.Order = append(gt.Order, s.Player)
	}
	rep.Groups = []GroupTable{gt}
	return nil
}

// tie is a knockout tie (or a two-player play-off) being decided.
type tie struct {
	key, stage string
	a, b       *Entrant
	played     []*PlayedSeries
	winner     string
	byPlace    bool
}

// decide plays ties until each has a winner: the first series, then for
// every drawn or overrun one a replay (key "… replay n"), up to Replays; a
// tie still undecided goes to the better-placed player (better(a, b)).
func (r *runner) decide(ctx context.Context, stage string, ties []*tie, better func(a, b string) string) error {
	for attempt := 0; attempt <= r.opt.Replays; attempt++ {
		var jobs []job
		var open []*tie
		for _, t := range ties {
			if t.winner != "" {
				continue
			}
			key := t.key
			if attempt > 0 {
				key = fmt.Sprintf("%s replay %d", t.key, attempt)
			}
			jobs = append(jobs, job{key: key, stage: t.stage, a: t.a, b: t.b})
			open = append(open, t)
		}
		if len(jobs) == 0 {
			return nil
		}
		name := stage
		if attempt > 0 {
			name = fmt.Sprintf("%s replays (%d)", stage, attempt)
		}
		played, err := r.play(ctx, name, jobs, nil)
		if err != nil {
			return err
		}
		for i, t := range open {
			t.played = append(t.played, played[i])
			t.winner = played[i].Result.Winner()
		}
	}
	for _, t := range ties {
		if t.winner == "" {
			t.winner, t.byPlace = better(t.a.Name, t.b.Name), true
			r.notes = append(r.notes, fmt.Sprintf("%s: %s v %s undecided after %d replays; %s goes through as the better placed", t.key, t.a.Name, t.b.Name, r.opt.Replays, t.winner))
		}
	}
	return nil
}

// playoff orders players who are still tied in a group: two play a series
// (replayed while drawn), more play a round robin among themselves; any
// still tied keep the order they were listed in.
func (r *runner) playoff(ctx context.Context, group string, block []string) ([]string, error) {
	sort.SliceStable(block, func(i, j int) bool { return r.pos[block[i]] < r.pos[block[j]] })
	prefix := group + " play-off"
	if len(block) == 2 {
		t := &tie{key: fmt.Sprintf("%s: %s v %s", prefix, block[0], block[1]), stage: "play-off", a: r.byName[block[0]], b: r.byName[block[1]]}
		err := r.decide(ctx, prefix, []*tie{t}, func(a, b string) string {
			if r.pos[a] < r.pos[b] {
				return a
			}
			return b
		})
		if err != nil {
			return nil, err
		}
		if t.winner == block[1] {
			block[0], block[1] = block[1], block[0]
		}
		if !t.byPlace {
			r.notes = append(r.notes, fmt.Sprintf("%s: %s beat %s", prefix, block[0], block[1]))
		}
		return block, nil
	}
	var es []*Entrant
	for _, n := range block {
		es = append(es, r.byName[n])
	}
	played, err := r.play(ctx, prefix, groupJobs(prefix, "play-off", es), nil)
	if err != nil {
		return nil, err
	}
	st := Standings(block, tallies(played))
	out := make([]string, len(st))
	for i, s := range st {
		out[i] = s.Player
	}
	note := fmt.Sprintf("%s among %s: %s", prefix, strings.Join(block, ", "), strings.Join(out, " > "))
	for _, s := range st {
		if s.Tie == "play-off" {
			note += " (still tied players kept in the order given)"
			break
		}
	}
	r.notes = append(r.notes, note)
	return out, nil
}

// qualify resolves, by play-offs, the ties among a group's first places
// that decide who goes through and as which.
func (r *runner) qualify(ctx context.Context, gt *GroupTable) error {
	st := gt.Standings
	order := make([]string, 0, len(st))
	for i := 0; i < len(st); {
		j := i + 1
		for j < len(st) && st[j].Rank == st[i].Rank {
			j++
		}
		var block []string
		for _, s := range st[i:j] {
			block = append(block, s.Player)
		}
		if j-i > 1 && i < 2 {
			var err error
			if block, err = r.playoff(ctx, gt.Name, block); err != nil {
				return err
			}
		}
		order = append(order, block...)
		i = j
	}
	gt.Order = order
	return nil
}

// roundName names a knockout round by its number of ties.
func roundName(ties int) string {
	switch ties {
	case 1:
		return "final"
	case 2:
		return "semi-final"
	case 4:
		return "quarter-final"
	}
	return fmt.Sprintf("round of %d", 2*ties)
}

func roundShort(ties int) string {
	switch ties {
	case 1:
		return "F"
	case 2:
		return "SF"
	case 4:
		return "QF"
	}
	return fmt.Sprintf("R%d-", 2*ties)
}

func (r *runner) knockout(ctx context.Context, rep *Report, names []string, groups [][]*Entrant) error {
	gts, err := r.groupRound(ctx, names, groups)
	if err != nil {
		return err
	}
	place := map[string][2]int{} // group rank, listing position
	for g := range gts {
		if err := r.qualify(ctx, &gts[g]); err != nil {
			return err
		}
		for i, p := range gts[g].Order {
			place[p] = [2]int{i, r.pos[p]}
		}
	}
	rep.Groups = gts
	better := func(a, b string) string {
		pa, pb := place[a], place[b]
		if pa[0] < pb[0] || pa[0] == pb[0] && pa[1] < pb[1] {
			return a
		}
		return b
	}
	// First round: groups in pairs (E, W), (S, N), …: X1–Y2, X2–Y1.
	type entry struct{ name, label string }
	var first [][2]entry
	if len(gts) == 1 {
		o := gts[0].Order
		first = append(first, [2]entry{{o[0], "1st"}, {o[1], "2nd"}})
	}
	for g := 0; g+1 < len(gts); g += 2 {
		x, y := gts[g], gts[g+1]
		xn, yn := names[g], names[g+1]
		first = append(first,
			[2]entry{{x.Order[0], xn + "1"}, {y.Order[1], yn + "2"}},
			[2]entry{{x.Order[1], xn + "2"}, {y.Order[0], yn + "1"}})
	}
	round := first
	for {
		n := len(round)
		name, short := roundName(n), roundShort(n)
		ties := make([]*tie, n)
		for i, m := range round {
			key := name
			if n > 1 {
				key = fmt.Sprintf("%s%d", short, i+1)
			}
			ties[i] = &tie{key: key, stage: name, a: r.byName[m[0].name], b: r.byName[m[1].name]}
		}
		if err := r.decide(ctx, name, ties, better); err != nil {
			return err
		}
		var next [][2]entry
		var winners, losers []string
		for i, t := range ties {
			loser := t.a.Name
			if t.winner == loser {
				loser = t.b.Name
			}
			rep.Bracket = append(rep.Bracket, BracketMatch{Round: name, Key: t.key, A: t.a.Name, B: t.b.Name,
				LabelA: round[i][0].label, LabelB: round[i][1].label, Series: t.played, Winner: t.winner, Loser: loser, ByPlace: t.byPlace})
			winners = append(winners, t.winner)
			losers = append(losers, loser)
		}
		if n == 1 {
			rep.Placings = append(rep.Placings, Placing{1, winners[0], "won the final"}, Placing{2, losers[0], "lost the final"})
			return nil
		}
		if n == 2 {
			// Final and third place at once.
			fin := &tie{key: "final", stage: "final", a: r.byName[winners[0]], b: r.byName[winners[1]]}
			third := &tie{key: "third place", stage: "third place", a: r.byName[losers[0]], b: r.byName[losers[1]]}
			if err := r.decide(ctx, "final and third place", []*tie{fin, third}, better); err != nil {
				return err
			}
			for _, t := range []*tie{fin, third} {
				loser := t.a.Name
				if t.winner == loser {
					loser = t.b.Name
				}
				la, lb := "winner SF1", "winner SF2"
				if t == third {
					la, lb = "loser SF1", "loser SF2"
				}
				rep.Bracket = append(rep.Bracket, BracketMatch{Round: t.stage, Key: t.key, A: t.a.Name, B: t.b.Name,
					LabelA: la, LabelB: lb, Series: t.played, Winner: t.winner, Loser: loser, ByPlace: t.byPlace})
			}
			f, th := rep.Bracket[len(rep.Bracket)-2], rep.Bracket[len(rep.Bracket)-1]
			rep.Placings = append(rep.Placings,
				Placing{1, f.Winner, "won the final"}, Placing{2, f.Loser, "lost the final"},
				Placing{3, th.Winner, "won the third-place match"}, Placing{4, th.Loser, "lost the third-place match"})
			return nil
		}
		for i := 0; i+1 < n; i += 2 {
			next = append(next, [2]entry{{winners[i], fmt.Sprintf("winner %s%d", short, i+1)}, {winners[i+1], fmt.Sprintf("winner %s%d", short, i+2)}})
		}
		round = next
	}
}

// ratings fits Bradley–Terry ratings to every game of the schedule.
func (r *runner) ratings() ([]rating.Rating, string) {
	names := entrantNames(r.opt.Players)
	idx := map[string]int{}
	for i, n := range names {
		idx[n] = i
	}
	var games []rating.Outcome
	for _, p := range r.order {
		for _, g := range p.Result.Games {
			i, okI := idx[g.Players[0]]
			j, okJ := idx[g.Players[1]]
			if okI && okJ {
				games = append(games, rating.Outcome{I: i, J: j, Score: g.Winner.Score(0)})
			}
		}
	}
	prior := r.opt.Prior
	if prior < 0 {
		prior = 0
	}
	rs, err := rating.FitBradleyTerry(names, games, prior)
	if err != nil {
		return nil, err.Error()
	}
	rating.SortRatings(rs)
	return rs, ""
}

// Reasons counts the games of a report by result code.
func (rep *Report) Reasons() (games int, by map[int]int) {
	by = map[int]int{}
	for _, p := range rep.Played {
		for _, g := range p.Result.Games {
			games++
			by[g.Reason]++
		}
	}
	return games, by
}
