package game

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/botspec"
)

func TestBudgetText(t *testing.T) {
	var course Info
	if got, want := course.BudgetText(30), "think time 30s per course AI per game"; got != want {
		t.Errorf("default: %q, want %q", got, want)
	}
	own := Info{Budget: "load time %gs per course AI"}
	if got, want := own.BudgetText(2.5), "load time 2.5s per course AI"; got != want {
		t.Errorf("own words: %q, want %q", got, want)
	}
}

// A game's defaults are its own when it gives them, else the catalog's.
func TestCommandDefaults(t *testing.T) {
	bots := []BotInfo{{Name: "idle"}, {Name: "greedy", Params: []botspec.Param{{Name: "depth"}}}, {Name: "rush"}}
	var plain Info
	if got := plain.DefaultPair(bots); got != [2]string{"idle", "greedy"} {
		t.Errorf("pair %v", got)
	}
	if got := plain.DefaultPair(bots[:1]); got != [2]string{"idle", "idle"} {
		t.Errorf("pair of one bot %v", got)
	}
	if got := strings.Join(plain.SelfplayBots(bots), ","); got != "idle,greedy,rush" {
		t.Errorf("selfplay %s", got)
	}
	if got := plain.TuneBot(bots); got != "greedy" {
		t.Errorf("tune %s", got)
	}
	if got := plain.TuneBot(bots[:1]); got != "" {
		t.Errorf("tune without parameters %q", got)
	}
	own := Info{Players: [2]string{"rush", "idle"}, Selfplay: []string{"rush"}, Tune: "rush"}
	if own.DefaultPair(bots) != own.Players || strings.Join(own.SelfplayBots(bots), ",") != "rush" || own.TuneBot(bots) != "rush" {
		t.Errorf("own defaults: %v %v %s", own.DefaultPair(bots), own.SelfplayBots(bots), own.TuneBot(bots))
	}
}
