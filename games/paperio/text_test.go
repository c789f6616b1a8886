package paperio

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/game"
)

// TestResultTextEveryEnd words every end of the reference games (every
// reason and extra of the board: WAL, TAP by either side, SID, FAC, CIT
// True and False, END, ERR) and a time-out, as RULES.md means them; the
// words are the same when the record keeps no extra, as datasets and
// tournament folders keep none.
func TestResultTextEveryEnd(t *testing.T) {
	var games []*replay.Game
	for _, f := range []string{"../../testdata/paperio/conformance/public.jsonl.gz", "../../testdata/paperio/conformance/edge.jsonl.gz"} {
		gs, err := replay.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, gs...)
	}
	names := [2]string{"alpha", "beta"}
	seen := map[string]bool{}
	for _, g := range games {
		rec := &game.Record{Config: Config{g.Config()}, Start: paperio.StartString(g.Starts()), Moves: []byte(g.Actions),
			Winner: g.Result.EngineWinner(), Reason: g.Result.Reason, Extra: extraOf(t, g.Result), Length: len(g.Actions)}
		s, err := Replay(rec, nil)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		rec.Score = [2]float64{float64(s.Area(0)), float64(s.Area(1))}
		txt := Game{}.ResultText(rec, names)
		want := wantWords(g.Result, s)
		key := paperio.Reason(g.Result.Reason).String()
		if r := paperio.Reason(g.Result.Reason); r == paperio.TAP || r == paperio.CIT {
			key += " " + string(g.Result.Extra)
		}
		seen[key] = true
		if !regexp.MustCompile(want).MatchString(txt) {
			t.Errorf("%s (%s): %q does not match %q", g.ID, key, txt, want)
		}
		if strings.Contains(txt, "player 0") {
			t.Errorf("%s: %q names a player 0", g.ID, txt)
		}
		noExtra := *rec
		noExtra.Extra = -1
		if got := (Game{}).ResultText(&noExtra, names); got != txt {
			t.Errorf("%s without extra: %q, with: %q", g.ID, got, txt)
		}
		// A record that cannot be replayed is worded from its last mover.
		broken := noExtra
		broken.Start = "?"
		got := Game{}.ResultText(&broken, names)
		if first := strings.SplitN(txt, "\n", 2)[0]; !strings.HasPrefix(got, first) && g.Result.Reason != int(paperio.FAC) && g.Result.Reason != int(paperio.END) {
			t.Errorf("%s not replayed: %q, replayed: %q", g.ID, got, first)
		}
	}
	for _, k := range []string{"WAL", "TAP 0", "TAP 1", "SID", "FAC", "CIT true", "CIT false", "END", "ERR"} {
		if !seen[k] {
			t.Errorf("no reference game ends %s", k)
		}
	}

	ovt := &game.Record{Config: Config{paperio.DefaultConfig()}, Start: "1,1,0;5,5,0", Winner: 1, Reason: int(paperio.OVT), Extra: -1}
	if txt := (Game{}).ResultText(ovt, names); !strings.HasPrefix(txt, "player 2 (beta) wins: player 1's AI ran out of time (OVT)\nhalf-steps 0 of 4000") {
		t.Errorf("time-out: %q", txt)
	}
}

// wantWords is the pattern of the first line of a reference game's result.
func wantWords(r replay.Result, s *paperio.State) string {
	w := int(r.EngineWinner())
	l := 1 - w
	win := `^player ` + string(rune('1'+w)) + ` \((alpha|beta)\) wins: `
	P := func(i int) string { return "player " + string(rune('1'+i)) }
	switch paperio.Reason(r.Reason) {
	case paperio.WAL:
		return win + P(l) + ` ran into the wall \(WAL\)\n`
	case paperio.TAP:
		if string(r.Extra) == string(rune('0'+l)) {
			return win + P(l) + ` ran into its own band \(TAP\)\n`
		}
		return win + P(w) + ` hit ` + P(l) + `'s band \(TAP\)\n`
	case paperio.SID:
		return win + P(w) + ` hit ` + P(l) + `'s head from the side \(SID\)\n`
	case paperio.CIT:
		if string(r.Extra) == "true" {
			return win + P(w) + ` ran into ` + P(l) + `'s head on its own territory and enclosed \(CIT\)\n`
		}
		return win + P(l) + ` ran into ` + P(w) + `'s head on ` + P(w) + `'s territory \(CIT\)\n`
	case paperio.FAC, paperio.END:
		scores := regexp.QuoteMeta(strings.Trim(strings.ReplaceAll(string(mustJSON(s.Result().Scores)), ",", " : "), "[]"))
		if r.Winner == nil {
			return `^draw: .* equal territory ` + scores + ` \(` + paperio.Reason(r.Reason).String() + `\)\n`
		}
		return win + `.*decided on territory ` + scores + ` \(` + paperio.Reason(r.Reason).String() + `\)\n`
	case paperio.ERR:
		return win + P(l) + `'s AI raised an error \(ERR\)\n`
	}
	return "unexpected reason"
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

// extraOf is the engine's extra of a replay's result.
func extraOf(t *testing.T, r replay.Result) int {
	switch string(r.Extra) {
	case "0", "false":
		return 0
	case "1", "true":
		return 1
	}
	return -1
}
