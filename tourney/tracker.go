package tourney

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"text/tabwriter"
	"time"
)

// Tracker turns events into a live status table.
type Tracker struct {
	mu       sync.Mutex
	title    string
	start    time.Time
	stage    string
	total    int
	done     int
	games    int
	running  map[string]*liveSeries
	finished []string
	groups   map[string][]string
	gorder   []string           // groups in the order they were announced
	tallies  map[string][]Tally // by stage
}

type liveSeries struct {
	a, b    string
	t       Tally
	n, plan int
	since   time.Time
}

// NewTracker starts a tracker; title heads the table.
func NewTracker(title string) *Tracker {
	return &Tracker{title: title, start: time.Now(), running: map[string]*liveSeries{}, groups: map[string][]string{}, tallies: map[string][]Tally{}}
}

// Handle takes an event (Options.OnEvent).
func (t *Tracker) Handle(ev Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch ev.Kind {
	case StageStarted:
		t.stage, t.total, t.done = ev.Stage, ev.Total, 0
		for _, k := range ev.GroupOrder {
			if _, ok := t.groups[k]; !ok {
				t.gorder = append(t.gorder, k)
			}
			t.groups[k] = ev.Groups[k]
		}
	case SeriesStarted:
		t.running[ev.Key] = &liveSeries{a: ev.A, b: ev.B, plan: ev.Planned, t: Tally{A: ev.A, B: ev.B}, since: time.Now()}
	case GamePlayed:
		t.games++
		if l := t.running[ev.Key]; l != nil {
			l.t, l.n = ev.Tally, ev.Game.Index+1
		}
	case SeriesFinished:
		delete(t.running, ev.Key)
		t.done++
		t.tallies[ev.Stage] = append(t.tallies[ev.Stage], ev.Result.Tally)
		line := fmt.Sprintf("%s  %s  %s", SeriesName(ev.Key, ev.Result.Tally), TallyText(ev.Result.Tally), VerdictText(ev.Result.Tally))
		if ev.Resumed {
			line += "  (from the output folder)"
		}
		t.finished = append(t.finished, line)
	}
}

// Line is a one-line summary of the latest finished series, for output
// that is not a terminal.
func (t *Tracker) Line() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.finished) == 0 {
		return ""
	}
	return fmt.Sprintf("[%d/%d %s] %s", t.done, t.total, t.stage, t.finished[len(t.finished)-1])
}

// Render writes the status table.
func (t *Tracker) Render(w io.Writer) {
	t.mu.Lock()
	defer t.mu.Unlock()
	el := time.Since(t.start).Round(time.Second)
	fmt.Fprintf(w, "%s — %s: %d of %d series done, %d running, %d games played, %s\n", t.title, t.stage, t.done, t.total, len(t.running), t.games, el)
	if len(t.running) > 0 {
		fmt.Fprintln(w, "\nRunning")
		keys := make([]string, 0, len(t.running))
		for k := range t.running {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, k := range keys {
			l := t.running[k]
			fmt.Fprintf(tw, "  %s\t%s\tgame %d of up to %d\t%s\n", SeriesName(k, l.t), TallyText(l.t), l.n+1, l.plan, time.Since(l.since).Round(time.Second))
		}
		tw.Flush()
	}
	for _, st := range t.gorder {
		if len(t.tallies[st]) == 0 {
			continue
		}
		fmt.Fprintf(w, "\nStandings, %s\n", st)
		WriteStandings(w, Standings(t.groups[st], t.tallies[st]))
	}
	if n := len(t.finished); n > 0 {
		fmt.Fprintln(w, "\nLatest")
		for _, l := range t.finished[max(0, n-5):] {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}
