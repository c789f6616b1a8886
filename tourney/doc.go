// Package tourney plays the course's matches between players and scores
// them: series, tournaments (round robin, knockout, gauntlet) and SPRT
// runs, every game through the play loop (package play).
//
// # Series
//
// A series between A and B (PlaySeries) is the course's: up to 20 games,
// A moving first in games 1–10 and B in games 11–20, stopping as soon as
// one has 11 wins; more wins takes the series, equal is a draw. Game j of
// the first half starts from the course's start drawn with seed S+j, and
// game j of the second half from the same draw with the sides swapped:
// with PairSame both heads are kept, so each player plays each head of
// each start; with PairMirror each player keeps its own head, mirrored
// across the vertical centre line (x ↦ W−1−x, east ↔ west). Pairing
// documents both exactly.
//
// Each player gets a new instance per series (the course imported each AI
// once per series); players implementing play.SeriesPlayer and
// play.SideSwapper hear the course's init/summaryall moments, play.Ender
// hears every game's end. The play loop applies the course's rules to
// players that fail: a panic in Reset or Act loses by ERR, a course AI whose
// calls use up its think time (or that never answers) loses by OVT and is
// replaced by a new instance for the next game, an instance that cannot be
// built loses by ERR; and a series that passes its wall-time cap (the
// course's (2·time + 5 s) per game) ends at once with 0 points for both.
//
// # Tournaments
//
// Run plays a round robin within groups (series win 3, draw 1, loss 0;
// ties by net game wins, then head-to-head, then a play-off), a knockout
// (group round robins, then E1–W2, E2–W1, S1–N2, S2–N1, semi-finals, final
// and third place; drawn series replayed) or a gauntlet (the first player
// against each other). Standings implements the tie-breaks;
// rating.FitBradleyTerry rates every player from all games with 95 %
// intervals. RunSPRT plays paired games (PlayPair, shared with tuning)
// until the test decides.
//
// # Statistics and results
//
// The statistics (Elo with its interval, LOS, SPRT, Bradley–Terry ratings)
// are package rating; they need no game. A run hands its results to a
// Recorder as they come (package results keeps them in an output folder:
// SQLite, Parquet and replays), so that a stopped run resumes.
package tourney
