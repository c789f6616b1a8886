package selfplay

import (
	"fmt"
	"strings"
	"time"

	"github.com/paperio/paperio/game"
)

// ProgressLine is the progress bar's text after elapsed time.
func ProgressLine(p *Progress, elapsed time.Duration) string {
	games, total, rows := p.Games.Load(), p.Total.Load(), p.Rows.Load()
	const width = 24
	filled := width
	if total > 0 {
		filled = int(int64(width) * games / total)
	}
	rate := float64(games) / max(elapsed.Seconds(), 1e-9)
	eta := "--"
	if games > 0 && total > games {
		eta = (time.Duration(float64(total-games) / rate * float64(time.Second))).Round(time.Second).String()
	} else if total <= games {
		eta = "0s"
	}
	line := fmt.Sprintf("[%s%s] %d/%d games  %.0f games/s  %s rows  ETA %s",
		strings.Repeat("=", filled), strings.Repeat(" ", width-filled), games, total, rate, human(float64(rows)), eta)
	if sk := p.Skipped.Load(); sk > 0 {
		line += fmt.Sprintf("  (%d already done)", sk)
	}
	return line
}

// Summary is the report printed at the end of a run.
func Summary(m *Manifest, p *Progress, elapsed time.Duration, dir string) string {
	var sb strings.Builder
	secs := max(elapsed.Seconds(), 1e-9)
	games, rows := p.Games.Load(), p.Rows.Load()
	row := rowWord(m.Plan.Game)
	fmt.Fprintf(&sb, "played %d games (%d %s rows) in %.1fs: %.0f games/s, %s rows/s\n",
		games, rows, row, secs, float64(games)/secs, human(float64(rows)/secs))
	if sk := p.Skipped.Load(); sk > 0 {
		fmt.Fprintf(&sb, "kept %d games already in %s\n", sk, dir)
	}
	state := "complete"
	if !m.Complete {
		state = fmt.Sprintf("%d of %d chunks done (other shards to come?)", m.ChunksDone, m.Chunks)
	}
	perRow := 0.0
	if m.TurnRows > 0 {
		perRow = float64(m.TurnsBytes) / float64(m.TurnRows)
	}
	if line := p.Faults.Line(); line != "" {
		state += "; players failed: " + line
		if p.FaultsFile != "" {
			state += " (first error of each in " + strings.TrimSuffix(dir, "/") + "/" + p.FaultsFile + ")"
		}
	}
	fmt.Fprintf(&sb, "%s: %d games, %d %s rows, %s on disk (%.2f bytes a %s row), %s\n",
		dir, m.Games, m.TurnRows, row, humanBytes(m.GamesBytes+m.TurnsBytes), perRow, row, state)
	return sb.String()
}

// rowWord names a row of the game's per-move table: "turn" for paper.io
// and stellar, "move" for eraser.
func rowWord(name string) string {
	g, err := game.Lookup(name)
	if err != nil {
		return "turn"
	}
	return strings.TrimSuffix(g.Info().MovesTable, "s")
}

func human(v float64) string {
	switch {
	case v >= 1e9:
		return fmt.Sprintf("%.2fG", v/1e9)
	case v >= 1e6:
		return fmt.Sprintf("%.2fM", v/1e6)
	case v >= 1e4:
		return fmt.Sprintf("%.1fk", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
