package tourney

import "github.com/paperio/paperio/rating"

// Recorder keeps a run's results as they come, so that a run can stop and
// resume (package results keeps them in an output folder).
type Recorder interface {
	// BeginRun records the run's identity; a folder holding another run is
	// an error.
	BeginRun(desc string) (resumed bool, err error)
	SavePlayers(players []*Entrant, groups map[string]string) error
	// Completed returns every series already recorded, by key.
	Completed() (map[string]*StoredSeries, error)
	SaveSeries(key, stage string, seed int64, pairing string, res *SeriesResult) (int64, error)
	SaveStandings(group string, st []Standing) error
	SaveRatings(r []rating.Rating) error
	SavePlacings(p []Placing) error
}

// StoredSeries is a series read back from a Recorder.
type StoredSeries struct {
	ID    int64
	Key   string
	Stage string
	Seed  int64
	*SeriesResult
}

// Placing is a final place of a knockout.
type Placing struct {
	Place  int
	Player string
	How    string
}
