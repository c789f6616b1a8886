// Package tourney plays the course's matches between players and scores
// them: series, tournaments (round robin, knockout, gauntlet), SPRT runs,
// ratings, and an output folder that analysis reads.
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
// once per series); players implementing SeriesPlayer and SideSwapper hear
// the course's init/summaryall moments, bots.Ender hears every game's end.
// The runner applies the course's rules to players that fail: a panic in
// Reset or Act loses by ERR, a player whose calls use up its think time (or
// that never answers) loses by OVT and is replaced by a new instance for
// the next game, an instance that cannot be built loses by ERR, and a
// series that passes its wall-time cap (the course's (2·time + 5 s) per
// game) ends at once with 0 points for both.
//
// # Tournaments
//
// Run plays a round robin within groups (series win 3, draw 1, loss 0;
// ties by net game wins, then head-to-head, then a play-off), a knockout
// (group round robins, then E1–W2, E2–W1, S1–N2, S2–N1, semi-finals, final
// and third place; drawn series replayed) or a gauntlet (the first player
// against each other). Standings implements the tie-breaks; FitBradleyTerry
// rates every player from all games with 95 % intervals.
//
// # Statistics
//
// EstimateGames and EstimatePairs give the Elo difference with its 95 %
// interval, normalized Elo and LOS from trinomial or pentanomial counts;
// SPRT gives the log likelihood ratio of Fishtest and fastchess (normalized
// or logistic Elo; BayesElo for trinomial counts). RunSPRT plays paired
// games until the test decides.
//
// # Output folder
//
// Store writes DIR/results.sqlite (series, games with start and actions,
// standings, ratings, placings, and the views match_raw and match_result),
// DIR/games/*.parquet (dataset.Game rows) and DIR/turns/*.parquet
// (dataset.Turn rows, recomputed by replaying each game), one file per
// series, written whole or not at all, so an interrupted run resumes.
package tourney
