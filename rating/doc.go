// Package rating is the statistics of matches, apart from any game: Elo
// from a score and back, likelihood of superiority, estimates of the Elo
// difference from game counts or from paired games (pentanomial counts),
// the sequential probability ratio test that decides between two Elo
// hypotheses, and Bradley–Terry ratings of a whole tournament with 95 %
// intervals. It needs no engine: series, tournaments, SPRT runs and tuning
// hand it counts and outcomes.
package rating
