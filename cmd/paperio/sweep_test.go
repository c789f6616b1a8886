package main

import (
	"regexp"
	"strings"
	"testing"
)

// When one side wins every game, series and sprt say so in words: no inf,
// nan or -0.0 anywhere in their output.
func TestSweepInWords(t *testing.T) {
	notANumber := regexp.MustCompile(`(?i)\binf\b|\bnan\b|-0\.0+\b`)
	small := []string{"--size", "30x31", "--turns", "300", "--quiet"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"series", "--p1", "heuristic", "--p2", "random"}, "heuristic: score 100.0 %, Elo not bounded: heuristic won every game, LOS "},
		{[]string{"series", "--p1", "random", "--p2", "heuristic"}, "random: score 0.0 %, Elo not bounded: heuristic won every game, LOS "},
		{[]string{"sprt", "--p1", "heuristic", "--p2", "random", "--elo0", "0", "--elo1", "5", "--max-games", "20"}, "Elo: not bounded: heuristic won every game, nElo: not bounded\n"},
		{[]string{"series", "--p1", "random", "--p2", "random"}, "random: score 50.0 %, Elo 0.0 +/- "},
	} {
		code, out, errOut := runCLI(t, append(c.args, small...)...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, output lacks %q:\n%s%s", c.args, code, c.want, out, errOut)
		}
		if m := notANumber.FindString(out); m != "" {
			t.Errorf("%v prints %q:\n%s", c.args, m, out)
		}
	}
}
