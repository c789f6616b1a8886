package viewer

import (
	"errors"
	"net/http"
)

// TournamentInfo is what a tournament folder says beyond its games.
type TournamentInfo struct {
	Standings []GroupStanding `json:"standings"`
	Series    []SeriesLine    `json:"series"`
	Ratings   []RatingLine    `json:"ratings"`
	Placings  []PlacingLine   `json:"placings"`
}

// SeriesLine is one series.
type SeriesLine struct {
	ID      int64  `json:"id"`
	Key     string `json:"key"`
	Stage   string `json:"stage"`
	A       string `json:"a"`
	B       string `json:"b"`
	WinsA   int    `json:"wins_a"`
	WinsB   int    `json:"wins_b"`
	Draws   int    `json:"draws"`
	Played  int    `json:"played"`
	Verdict string `json:"verdict"`
	Winner  string `json:"winner"`
}

// RatingLine is a player's rating.
type RatingLine struct {
	Player string  `json:"player"`
	Elo    float64 `json:"elo"`
	CI95   float64 `json:"ci95"`
	Games  int     `json:"games"`
}

// PlacingLine is a final place.
type PlacingLine struct {
	Place  int    `json:"place"`
	Player string `json:"player"`
	How    string `json:"how"`
}

// tournament reads a tournament folder's tables.
func (s *source) tournament() (*TournamentInfo, error) {
	if s.db == nil {
		return nil, errors.New(s.path + " is not a tournament folder")
	}
	t := &TournamentInfo{Standings: []GroupStanding{}, Series: []SeriesLine{}, Ratings: []RatingLine{}, Placings: []PlacingLine{}}
	st, err := s.db.Standings()
	if err != nil {
		return nil, err
	}
	for _, l := range st {
		if n := len(t.Standings); n == 0 || t.Standings[n-1].Group != l.Group {
			t.Standings = append(t.Standings, GroupStanding{Group: l.Group})
		}
		last := &t.Standings[len(t.Standings)-1]
		last.Rows = append(last.Rows, Standing{Rank: l.Rank, Player: l.Player, Played: l.Played, Won: l.Won,
			Drawn: l.Drawn, Lost: l.Lost, Points: l.Points, Net: l.Net, Tie: l.Tie})
	}
	series, err := s.db.Series()
	if err != nil {
		return nil, err
	}
	for _, l := range series {
		t.Series = append(t.Series, SeriesLine{ID: l.ID, Key: l.Key, Stage: l.Stage, A: l.A, B: l.B, WinsA: l.WinsA,
			WinsB: l.WinsB, Draws: l.Draws, Played: l.Played, Verdict: l.Verdict, Winner: l.Winner})
	}
	ratings, err := s.db.Ratings()
	if err != nil {
		return nil, err
	}
	for _, l := range ratings {
		t.Ratings = append(t.Ratings, RatingLine{Player: l.Player, Elo: l.Elo, CI95: l.CI95, Games: l.Games})
	}
	placings, err := s.db.Placings()
	if err != nil {
		return nil, err
	}
	for _, l := range placings {
		t.Placings = append(t.Placings, PlacingLine{Place: l.Place, Player: l.Player, How: l.How})
	}
	return t, nil
}

func (s *Server) apiTournament(w http.ResponseWriter, r *http.Request) {
	src, err := s.sourceOf(r)
	if err != nil {
		fail(w, http.StatusNotFound, err)
		return
	}
	t, err := src.tournament()
	if err != nil {
		fail(w, http.StatusNotFound, err)
		return
	}
	writeJSON(w, r, t)
}
