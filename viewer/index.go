package viewer

import (
	"cmp"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Row is one game in the index.
type Row struct {
	Src    int     `json:"src"`
	ID     int64   `json:"id"`              // the game's id in its source
	Label  string  `json:"label,omitempty"` // a replay's own id
	P1     string  `json:"p1"`              // names (a tournament's entrants, else specs)
	P2     string  `json:"p2"`
	Spec1  string  `json:"spec1,omitempty"` // specs, when they differ from the names
	Spec2  string  `json:"spec2,omitempty"`
	Winner int8    `json:"winner"` // 1, 2, or 0 for a draw
	Reason int     `json:"reason"`
	Why    string  `json:"why"` // the reason's short name (WAL, TAP, …)
	Length int     `json:"length"`
	Score1 float64 `json:"score1"`
	Score2 float64 `json:"score2"`
	Stage  string  `json:"stage,omitempty"` // a tournament's stage
	file   int     // the dataset file that holds the game
}

// Query is what the index page asks for: filters, an order and a page.
type Query struct {
	Src           int    // -1: every source
	Player        string // part of a player's name or spec, either side
	Winner        string // 1, 2, draw, or part of the winner's name or spec
	Why           string // a reason's short name
	MinLen        int
	MaxLen        int // 0: no bound
	Sort          string
	Desc          bool
	Offset, Limit int
}

// maxPage is the most rows a page holds.
const maxPage = 500

// sortKeys are the columns the index sorts by.
var sortKeys = map[string]func(a, b *Row) int{
	"id":     func(a, b *Row) int { return cmp.Or(cmp.Compare(a.Src, b.Src), cmp.Compare(a.ID, b.ID)) },
	"p1":     func(a, b *Row) int { return strings.Compare(a.P1, b.P1) },
	"p2":     func(a, b *Row) int { return strings.Compare(a.P2, b.P2) },
	"winner": func(a, b *Row) int { return cmp.Compare(a.Winner, b.Winner) },
	"why":    func(a, b *Row) int { return strings.Compare(a.Why, b.Why) },
	"length": func(a, b *Row) int { return cmp.Compare(a.Length, b.Length) },
	"score1": func(a, b *Row) int { return cmp.Compare(a.Score1, b.Score1) },
	"score2": func(a, b *Row) int { return cmp.Compare(a.Score2, b.Score2) },
	"stage":  func(a, b *Row) int { return strings.Compare(a.Stage, b.Stage) },
}

// ParseQuery reads a query from URL parameters; a bad value is an error
// that names it.
func ParseQuery(v url.Values) (Query, error) {
	q := Query{Src: -1, Player: v.Get("player"), Winner: v.Get("winner"), Why: v.Get("why"), Sort: v.Get("sort"), Desc: v.Get("desc") == "1", Limit: 50}
	if q.Sort == "" {
		q.Sort = "id"
	}
	if _, ok := sortKeys[q.Sort]; !ok {
		return q, fmt.Errorf("sort %q: not a column", q.Sort)
	}
	for _, p := range []struct {
		name string
		to   *int
	}{{"src", &q.Src}, {"lmin", &q.MinLen}, {"lmax", &q.MaxLen}, {"offset", &q.Offset}, {"limit", &q.Limit}} {
		s := v.Get(p.name)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || (n < 0 && p.name != "src") {
			return q, fmt.Errorf("%s %q: want a number", p.name, s)
		}
		*p.to = n
	}
	q.Limit = min(max(q.Limit, 1), maxPage)
	return q, nil
}

// match reports whether a row passes the query's filters.
func (q *Query) match(r *Row, player, winner string) bool {
	if q.Src >= 0 && r.Src != q.Src {
		return false
	}
	if q.Why != "" && r.Why != q.Why {
		return false
	}
	if r.Length < q.MinLen || (q.MaxLen > 0 && r.Length > q.MaxLen) {
		return false
	}
	if player != "" && !contains(player, r.P1, r.Spec1, r.P2, r.Spec2) {
		return false
	}
	switch winner {
	case "":
	case "1", "2":
		return strconv.Itoa(int(r.Winner)) == winner
	case "draw":
		return r.Winner == 0
	default:
		switch r.Winner {
		case 1:
			return contains(winner, r.P1, r.Spec1)
		case 2:
			return contains(winner, r.P2, r.Spec2)
		}
		return false
	}
	return true
}

// contains reports whether any of texts holds part (already lower case).
func contains(part string, texts ...string) bool {
	for _, t := range texts {
		if strings.Contains(strings.ToLower(t), part) {
			return true
		}
	}
	return false
}

// Page is a page of the index.
type Page struct {
	Total   int   `json:"total"`   // games in the index
	Matched int   `json:"matched"` // games that pass the filters
	Rows    []Row `json:"rows"`
}

// search filters, sorts and pages rows (the sources' rows, in order).
func search(all [][]Row, q Query) Page {
	player, winner := strings.ToLower(strings.TrimSpace(q.Player)), strings.ToLower(strings.TrimSpace(q.Winner))
	var hits []*Row
	total := 0
	for _, rows := range all {
		total += len(rows)
		for i := range rows {
			if q.match(&rows[i], player, winner) {
				hits = append(hits, &rows[i])
			}
		}
	}
	by := sortKeys[q.Sort]
	id := sortKeys["id"]
	slices.SortStableFunc(hits, func(a, b *Row) int {
		c := by(a, b)
		if q.Desc {
			c = -c
		}
		return cmp.Or(c, id(a, b))
	})
	p := Page{Total: total, Matched: len(hits), Rows: []Row{}}
	for i := q.Offset; i < len(hits) && i < q.Offset+q.Limit; i++ {
		p.Rows = append(p.Rows, *hits[i])
	}
	return p
}
