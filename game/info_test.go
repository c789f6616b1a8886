package game

import "testing"

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
