package analysis_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
)

// The three formats of the per-player results: the table names course AIs
// by file stem and says what its columns mean, csv and json keep specs and
// put the player first; end_unknown appears only when a game ended so.
func TestWritePlayerStats(t *testing.T) {
	ends := map[string]int{}
	for _, r := range paperInfo.Reasons {
		ends[r.Name] = 0
	}
	ends[paperInfo.Reasons[0].Name] = 3
	stats := []analysis.PlayerStats{
		{Player: "py:ais/t_team.py", Games: 3, Wins: 2, Losses: 1, WinRate: 2.0 / 3, WinLo: 0.2, WinHi: 0.9,
			Length: analysis.Summary{N: 3, Mean: 120, SD: 4}, Score: analysis.Summary{N: 3, Mean: 50.5, SD: 2}, Ends: ends},
	}
	render := func(format string, s []analysis.PlayerStats) string {
		var b bytes.Buffer
		if err := analysis.WritePlayerStats(&b, paperInfo, format, 3, s); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	table := strings.Split(render("table", stats), "\n")
	if !strings.HasPrefix(table[0], "3 games (a player's games") || table[1] != "" {
		t.Errorf("table's first lines %q", table[:2])
	}
	head := strings.Fields(table[2])
	if head[0] != "player" || head[1] != "games" || head[7] != paperInfo.Length || head[8] != paperInfo.Score || strings.Contains(table[2], "end_unknown") {
		t.Errorf("table header %q", table[2])
	}
	if row := strings.Fields(table[3]); row[0] != "t_team" || row[5] != "66.7" || row[6] != "20.0–90.0" {
		t.Errorf("table row %q", table[3])
	}
	recs, err := csv.NewReader(strings.NewReader(render("csv", stats))).ReadAll()
	if err != nil || len(recs) != 2 || recs[0][0] != "player" || recs[1][0] != "py:ais/t_team.py" || recs[0][8] != paperInfo.Length+"_mean" || recs[1][8] != "120" {
		t.Errorf("csv %q, %v", recs, err)
	}
	js := render("json", stats)
	if !strings.HasPrefix(js, "{\n  \"games\": 3,\n  \"players\": [\n    {\n      \"player\": \"py:ais/t_team.py\",") {
		t.Errorf("json does not lead with the games and the player:\n%s", js)
	}
	var parsed struct {
		Players []map[string]any `json:"players"`
	}
	if err := json.Unmarshal([]byte(js), &parsed); err != nil || parsed.Players[0][paperInfo.Score] == nil {
		t.Errorf("json %v: %s", err, js)
	}
	stats[0].Ends = map[string]int{analysis.Unknown: 1}
	if !strings.Contains(render("table", stats), "end_unknown") || !strings.Contains(render("csv", stats), "end_unknown") {
		t.Error("a game of an unknown end reason has no end_unknown column")
	}
	if err := analysis.WritePlayerStats(&bytes.Buffer{}, paperInfo, "xml", 3, stats); err == nil {
		t.Error("format xml was accepted")
	}
}

// The pair table is a matrix with "–" where two players never met; csv and
// json are a row per pair.
func TestWritePairStats(t *testing.T) {
	players := []string{"a", "b", "c"}
	pairs := []analysis.PairStats{
		{Player: "a", Opponent: "b", Games: 4, Wins: 3, Losses: 1, WinRate: 0.75, WinLo: 0.3, WinHi: 0.95},
		{Player: "b", Opponent: "a", Games: 4, Wins: 1, Losses: 3, WinRate: 0.25, WinLo: 0.05, WinHi: 0.7},
	}
	var b bytes.Buffer
	if err := analysis.WritePairStats(&b, "table", 4, players, pairs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if !strings.HasPrefix(lines[0], "4 games; each cell: ") || strings.Join(strings.Fields(lines[3]), " ") != "a – 75.0 (4) –" {
		t.Errorf("table:\n%s", b.String())
	}
	b.Reset()
	if err := analysis.WritePairStats(&b, "csv", 4, players, pairs); err != nil {
		t.Fatal(err)
	}
	if want := "player,opponent,games,wins,draws,losses,win_rate,win_lo,win_hi\na,b,4,3,0,1,0.75,0.3,0.95\nb,a,4,1,0,3,0.25,0.05,0.7\n"; b.String() != want {
		t.Errorf("csv %q, want %q", b.String(), want)
	}
	b.Reset()
	if err := analysis.WritePairStats(&b, "json", 4, players, pairs); err != nil {
		t.Fatal(err)
	}
	var parsed struct {
		Games int                  `json:"games"`
		Pairs []analysis.PairStats `json:"pairs"`
	}
	if err := json.Unmarshal(b.Bytes(), &parsed); err != nil || parsed.Games != 4 || len(parsed.Pairs) != 2 || parsed.Pairs[1] != pairs[1] {
		t.Errorf("json %+v, %v", parsed, err)
	}
}
