package selfplay

import (
	"fmt"
	"strings"
	"sync"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// Faults counts each player's failures over a run: games lost by an error
// (ERR: an exception, a process that died, a player that could not start)
// and on time (OVT), and keeps the first failure of each with its detail
// (a course AI's traceback). The zero value is ready; it is safe for
// concurrent use.
type Faults struct {
	mu    sync.Mutex
	by    map[string]*PlayerFaults
	order []string
}

// PlayerFaults are one player's failures.
type PlayerFaults struct {
	Spec             string
	Errors, Timeouts int64
	FirstGame        int64  // the game of the first failure
	FirstKind, First string // "ERR" or "OVT", and what the player reported
}

// add counts the failures of game g between specs.
func (f *Faults) add(g int64, specs [2]string, r *game.Record) {
	for i, ft := range r.Faults {
		if ft.Kind != play.Error && ft.Kind != play.Timeout {
			continue
		}
		f.mu.Lock()
		if f.by == nil {
			f.by = map[string]*PlayerFaults{}
		}
		pf := f.by[specs[i]]
		if pf == nil {
			pf = &PlayerFaults{Spec: specs[i], FirstGame: -1}
			f.by[specs[i]] = pf
			f.order = append(f.order, specs[i])
		}
		kind := "ERR"
		if ft.Kind == play.Timeout {
			kind = "OVT"
			pf.Timeouts++
		} else {
			pf.Errors++
		}
		if pf.FirstGame < 0 || g < pf.FirstGame {
			pf.FirstGame, pf.FirstKind, pf.First = g, kind, ft.Detail
		}
		f.mu.Unlock()
	}
}

// List is every player that failed, in the order of their first failure
// as seen.
func (f *Faults) List() []PlayerFaults {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]PlayerFaults, len(f.order))
	for i, s := range f.order {
		out[i] = *f.by[s]
	}
	return out
}

// Line is the failures in one line for the summary: "py:t.py ERR 3 OVT 1;
// …", "" when no player failed.
func (f *Faults) Line() string {
	var parts []string
	for _, pf := range f.List() {
		parts = append(parts, fmt.Sprintf("%s ERR %d OVT %d", pf.Spec, pf.Errors, pf.Timeouts))
	}
	return strings.Join(parts, "; ")
}

// Text is the failures file: per player its counts, then the first
// failure's game and detail, indented.
func (f *Faults) Text() string {
	var sb strings.Builder
	for _, pf := range f.List() {
		fmt.Fprintf(&sb, "%s: ERR %d, OVT %d; first in game %d (%s):\n", pf.Spec, pf.Errors, pf.Timeouts, pf.FirstGame, pf.FirstKind)
		for _, l := range strings.Split(strings.TrimRight(pf.First, "\n"), "\n") {
			fmt.Fprintf(&sb, "    %s\n", l)
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// FaultsFile is the name of the failures file an invocation writes in the
// output folder when a player failed: failures.txt for a whole run,
// failures-I-of-N.txt for shard I/N.
func FaultsFile(sh Shard) string {
	if sh.N <= 1 {
		return "failures.txt"
	}
	return fmt.Sprintf("failures-%d-of-%d.txt", sh.I, sh.N)
}
