package results

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/store"
	"github.com/paperio/paperio/tourney"
)

// Objects keeps a tournament's series as objects in a folder or bucket
// (package store), one object per series written whole by the shard that
// played it, so that the shards of a tournament spread over machines
// never write the same key:
//
//	LOC/tournament.json          the run's identity and game
//	LOC/series/HASH.json         a series and every game of it (HASH: of the series' key)
//
// Standings, ratings and placings are not kept there: Assemble makes the
// results folder from the series once all are played.
type Objects struct {
	b      *store.Bucket
	g      game.Game
	mu     sync.Mutex
	groups map[string]string // from SavePlayers
}

// Object names of a tournament's series.
const (
	RunObject = "tournament.json"
	SeriesDir = "series"
)

// seriesReaders is how many series objects are read at once (waiting on
// the store, not computing).
const seriesReaders = 16

// OpenObjects opens the series objects of a tournament of game g at loc.
func OpenObjects(loc string, g game.Game) (*Objects, error) {
	b, err := store.Open(loc)
	if err != nil {
		return nil, err
	}
	if err := b.Prepare(SeriesDir); err != nil {
		b.Close()
		return nil, err
	}
	return &Objects{b: b, g: g}, nil
}

// Close releases the store.
func (o *Objects) Close() error { return o.b.Close() }

// Retries is the number of store operations tried again.
func (o *Objects) Retries() int64 { return o.b.Retries() }

type runObject struct {
	Format string `json:"format"`
	Game   string `json:"game"`
	Run    string `json:"run"`
}

const objectsFormat = "paperio-tournament-series/1"

// BeginRun records the run, or checks that the location holds this run.
func (o *Objects) BeginRun(desc string) (bool, error) {
	want := runObject{objectsFormat, o.g.Name(), desc}
	data, err := o.b.ReadFile(RunObject)
	if errors.Is(err, fs.ErrNotExist) {
		return false, o.b.WriteJSON(RunObject, want)
	}
	if err != nil {
		return false, err
	}
	var have runObject
	if err := json.Unmarshal(data, &have); err != nil {
		return false, fmt.Errorf("%s: %v", o.b.Name(RunObject), err)
	}
	if have != want {
		what := "another tournament"
		if have.Game != want.Game {
			what = "a tournament of " + have.Game
		}
		return false, fmt.Errorf("%v holds %s (%s): use another --out, or the flags of that tournament", o.b, what, o.b.Name(RunObject))
	}
	return true, nil
}

// SavePlayers keeps the groups for Assemble; the players are part of the
// run's identity already.
func (o *Objects) SavePlayers(_ []*tourney.Entrant, groups map[string]string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.groups = groups
	return nil
}

// Standings, ratings and placings are assembled at the end.
func (o *Objects) SaveStandings(string, []tourney.Standing) error { return nil }
func (o *Objects) SaveRatings([]rating.Rating) error              { return nil }
func (o *Objects) SavePlacings([]tourney.Placing) error           { return nil }

// seriesObject is a series as stored: its row of the series table and its
// games.
type seriesObject struct {
	Key         string       `json:"key"`
	Stage       string       `json:"stage"`
	Seed        int64        `json:"seed"`
	Pairing     string       `json:"pairing"`
	A           string       `json:"player_a"`
	B           string       `json:"player_b"`
	Planned     int          `json:"games_planned"`
	WinsA       int          `json:"wins_a"`
	WinsB       int          `json:"wins_b"`
	Draws       int          `json:"draws"`
	Verdict     string       `json:"verdict"`
	WallSeconds float64      `json:"wall_seconds"`
	Games       []gameObject `json:"games"`
}

// gameObject is a game as stored: the columns of the games table.
type gameObject struct {
	Index    int             `json:"idx"`
	Half     int             `json:"half"`
	Pair     int             `json:"pair"`
	Players  [2]string       `json:"players"`
	Specs    [2]string       `json:"specs"`
	Seed     int64           `json:"seed"`
	Settings json.RawMessage `json:"settings"`
	Start    string          `json:"start"`
	Moves    string          `json:"moves"`
	Winner   int             `json:"winner"` // 0 or 1, -1 for a draw
	Reason   int             `json:"reason"`
	Extra    int             `json:"extra"`
	Length   int             `json:"length"`
	Score    [2]float64      `json:"score"`
	Think    [2]float64      `json:"think_seconds"`
	Faults   [2]play.Fault   `json:"faults"`
	Detail   string          `json:"detail"`
}

// seriesKey is the object of a series: a hash of its key, which may hold
// any character a player's name holds.
func seriesKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return SeriesDir + "/" + hex.EncodeToString(h[:12]) + ".json"
}

// SaveSeries writes the series' object.
func (o *Objects) SaveSeries(key, stage string, seed int64, pairing string, res *tourney.SeriesResult) (int64, error) {
	so := seriesObject{Key: key, Stage: stage, Seed: seed, Pairing: pairing, A: res.A, B: res.B, Planned: res.Planned,
		WinsA: res.WinsA, WinsB: res.WinsB, Draws: res.Draws, Verdict: res.Verdict.String(), WallSeconds: res.Wall.Seconds()}
	for _, g := range res.Games {
		so.Games = append(so.Games, gameObject{Index: g.Index, Half: g.Half, Pair: g.Pair, Players: g.Players, Specs: g.Specs,
			Seed: g.Seed, Settings: g.Config.Encode(), Start: g.Start, Moves: string(g.Moves), Winner: int(g.Winner),
			Reason: g.Reason, Extra: g.Extra, Length: g.Length, Score: g.Score,
			Think: [2]float64{g.Think[0].Seconds(), g.Think[1].Seconds()}, Faults: g.Faults, Detail: g.Detail})
	}
	return 0, o.b.WriteJSON(seriesKey(key), so)
}

// Completed reads every series object.
func (o *Objects) Completed() (map[string]*tourney.StoredSeries, error) {
	ents, err := o.b.List(SeriesDir)
	if err != nil {
		return nil, err
	}
	got := make([]*tourney.StoredSeries, len(ents))
	err = pool.Each(context.Background(), seriesReaders, len(ents), func(_ context.Context, i int) error {
		data, err := o.b.ReadFile(ents[i].Key)
		if err != nil {
			return err
		}
		var so seriesObject
		if err := json.Unmarshal(data, &so); err != nil {
			return fmt.Errorf("%s: %v", o.b.Name(ents[i].Key), err)
		}
		got[i], err = o.stored(&so)
		if err != nil {
			return fmt.Errorf("%s: %v", o.b.Name(ents[i].Key), err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make(map[string]*tourney.StoredSeries, len(got))
	for _, st := range got {
		out[st.Key] = st
	}
	return out, nil
}

func (o *Objects) stored(so *seriesObject) (*tourney.StoredSeries, error) {
	v, err := tourney.ParseVerdict(so.Verdict)
	if err != nil {
		return nil, err
	}
	res := &tourney.SeriesResult{Tally: tourney.Tally{A: so.A, B: so.B, WinsA: so.WinsA, WinsB: so.WinsB, Draws: so.Draws, Verdict: v},
		Planned: so.Planned, Wall: time.Duration(so.WallSeconds * float64(time.Second))}
	for _, g := range so.Games {
		c, err := o.g.DecodeConfig(g.Settings)
		if err != nil {
			return nil, err
		}
		res.Games = append(res.Games, tourney.GameRecord{Index: g.Index, Half: g.Half, Pair: g.Pair, Players: g.Players, Specs: g.Specs,
			Record: &game.Record{Seed: g.Seed, Config: c, Start: g.Start, Moves: []byte(g.Moves), Winner: game.Winner(g.Winner),
				Reason: g.Reason, Extra: g.Extra, Length: g.Length, Score: g.Score,
				Think:  [2]time.Duration{time.Duration(g.Think[0] * float64(time.Second)), time.Duration(g.Think[1] * float64(time.Second))},
				Faults: g.Faults, Detail: g.Detail}})
	}
	return &tourney.StoredSeries{Key: so.Key, Stage: so.Stage, Seed: so.Seed, SeriesResult: res}, nil
}

// Assemble writes the results folder of a finished tournament to dst (a
// folder or bucket location): results.sqlite with every series in schedule
// order, the standings, ratings and placings, the games as Parquet and
// replays, and report.txt. It is built in a temporary folder and copied
// file by file, each written whole.
func Assemble(dst string, g game.Game, desc string, groups map[string]string, rep *tourney.Report, report []byte) error {
	tmp, err := os.MkdirTemp("", "paperio-assemble-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	st, err := OpenStore(tmp, g)
	if err != nil {
		return err
	}
	if err := fill(st, desc, groups, rep); err != nil {
		st.Close()
		return err
	}
	if err := st.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "report.txt"), report, 0o644); err != nil {
		return err
	}
	out, err := store.Open(dst)
	if err != nil {
		return err
	}
	defer out.Close()
	return filepath.WalkDir(tmp, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(tmp, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return out.WriteFile(filepath.ToSlash(rel), data)
	})
}

// fill records the report's series in schedule order and its tables.
func fill(st *Store, desc string, groups map[string]string, rep *tourney.Report) error {
	if _, err := st.BeginRun(desc); err != nil {
		return err
	}
	if err := st.SavePlayers(rep.Players, groups); err != nil {
		return err
	}
	for _, p := range rep.Played {
		if _, err := st.SaveSeries(p.Key, p.Stage, p.Seed, rep.Series.Pairing, p.Result); err != nil {
			return err
		}
	}
	for _, gt := range rep.Groups {
		if err := st.SaveStandings(gt.Name, gt.Standings); err != nil {
			return err
		}
	}
	if err := st.SaveRatings(rep.Ratings); err != nil {
		return err
	}
	return st.SavePlacings(rep.Placings)
}

// Groups is the groups SavePlayers was given.
func (o *Objects) Groups() map[string]string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.groups
}
