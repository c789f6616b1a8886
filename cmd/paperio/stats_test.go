package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// statsOutput runs paperio stats and returns what it printed.
func statsOutput(t *testing.T, args ...string) string {
	t.Helper()
	var buf bytes.Buffer
	statsOut = &buf
	defer func() { statsOut = os.Stdout }()
	if code, _, errOut := runCLI(t, append([]string{"stats"}, args...)...); code != 0 {
		t.Fatalf("stats %v: exit %d: %s", args, code, errOut)
	}
	return buf.String()
}

// Mirror games count once per player and per pair cell, and every column
// of the table, the CSV and the JSON has one name without spaces that no
// other column has (paper.io's score "area", its end reason
// "end_territory").
func TestStatsMirrorGamesAndColumnNames(t *testing.T) {
	data := filepath.Join(t.TempDir(), "run")
	if code, _, errOut := runCLI(t, "selfplay", "--pairs", "random:random,goround:random", "--games", "20", "--size", "20x21", "--turns", "60", "--quiet", "--out", data); code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, errOut)
	}
	table := strings.Split(statsOutput(t, "--data", data), "\n")
	head := strings.Fields(table[2])
	want := "player games W D L win% 95%CI half_steps area end_wall end_band end_side end_head_on end_territory end_error end_timeout end_rounds"
	if strings.Join(head, " ") != want {
		t.Errorf("table header %q, want %q", table[2], want)
	}
	games := map[string]string{}
	for _, l := range table[3:] {
		if f := strings.Fields(l); len(f) > 1 {
			games[f[0]] = f[1]
		}
	}
	if games["random"] != "20" || games["goround"] != "10" {
		t.Errorf("games per player %v, want random 20 (10 against itself, 10 against goround), goround 10:\n%s", games, strings.Join(table, "\n"))
	}
	csvHead, _, _ := strings.Cut(statsOutput(t, "--data", data, "--format", "csv"), "\n")
	unique(t, "csv", strings.Split(csvHead, ","))
	if !strings.Contains(csvHead, ",area_mean,") || !strings.HasSuffix(csvHead, ",end_head_on,end_territory,end_error,end_timeout,end_rounds") {
		t.Errorf("csv header %q", csvHead)
	}
	var js struct {
		Players []map[string]json.RawMessage `json:"players"`
	}
	if err := json.Unmarshal([]byte(statsOutput(t, "--data", data, "--format", "json")), &js); err != nil {
		t.Fatal(err)
	}
	var ends map[string]int
	json.Unmarshal(js.Players[0]["ends"], &ends)
	var keys []string
	for k := range ends {
		keys = append(keys, k)
	}
	unique(t, "json ends", keys)
	if _, ok := ends["head_on"]; !ok || len(ends) != 8 {
		t.Errorf("json ends %v", ends)
	}
	matrix := statsOutput(t, "--data", data, "--by", "pair")
	if !strings.Contains(matrix, " (10)") || strings.Contains(matrix, "(20)") {
		t.Errorf("pair matrix, want 10 games in each cell:\n%s", matrix)
	}
}

// unique fails when a name is empty, holds a space or repeats.
func unique(t *testing.T, what string, names []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, " \t") || seen[n] {
			t.Errorf("%s: column %q empty, with a space or repeated in %q", what, n, names)
		}
		seen[n] = true
	}
}
