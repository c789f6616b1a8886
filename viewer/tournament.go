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
	rows, err := s.db.Query(`SELECT grp, rank, player, played, won, drawn, lost, points, net, tie FROM standings ORDER BY grp, rank, player`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var g string
		var st Standing
		if err := rows.Scan(&g, &st.Rank, &st.Player, &st.Played, &st.Won, &st.Drawn, &st.Lost, &st.Points, &st.Net, &st.Tie); err != nil {
			rows.Close()
			return nil, err
		}
		if n := len(t.Standings); n == 0 || t.Standings[n-1].Group != g {
			t.Standings = append(t.Standings, GroupStanding{Group: g})
		}
		last := &t.Standings[len(t.Standings)-1]
		last.Rows = append(last.Rows, st)
	}
	rows.Close()
	rows, err = s.db.Query(`SELECT id, key, stage, player_a, player_b, wins_a, wins_b, draws, games_played, verdict, COALESCE(winner, '') FROM series ORDER BY id`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var l SeriesLine
		if err := rows.Scan(&l.ID, &l.Key, &l.Stage, &l.A, &l.B, &l.WinsA, &l.WinsB, &l.Draws, &l.Played, &l.Verdict, &l.Winner); err != nil {
			rows.Close()
			return nil, err
		}
		t.Series = append(t.Series, l)
	}
	rows.Close()
	rows, err = s.db.Query(`SELECT player, elo, ci95, games FROM ratings ORDER BY elo DESC`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var l RatingLine
		if err := rows.Scan(&l.Player, &l.Elo, &l.CI95, &l.Games); err != nil {
			rows.Close()
			return nil, err
		}
		t.Ratings = append(t.Ratings, l)
	}
	rows.Close()
	rows, err = s.db.Query(`SELECT place, player, how FROM placings ORDER BY place`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var l PlacingLine
		if err := rows.Scan(&l.Place, &l.Player, &l.How); err != nil {
			return nil, err
		}
		t.Placings = append(t.Placings, l)
	}
	return t, rows.Err()
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
