package eraser

import (
	"math"
	"strconv"
)

// Reason is why a game ended, as the corpus names it (§7).
type Reason uint8

const (
	ReasonTurns  Reason = iota // every move played: "Reach the maximum turn number"
	ReasonNoMove               // no operation left: "No eraserable moves"
	ReasonEmpty                // an empty cell in the main board: "Run out of blocks"
	ReasonError                // an AI failed: "An error occurred: ..."
)

var reasonNames = [...]string{"turns", "nomove", "empty", "error"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(?)"
}

// ParseReason reads a reason as String writes it.
func ParseReason(s string) (Reason, bool) {
	for i, n := range reasonNames {
		if n == s {
			return Reason(i), true
		}
	}
	return 0, false
}

// The engine's reason texts (§7).
const (
	TextTurns  = "Reach the maximum turn number"
	TextNoMove = "No eraserable moves"
	TextEmpty  = "Run out of blocks"
	TextError  = "An error occurred: " // followed by the last traceback line
)

// ErrorExtra is the result's extra after an error (§7).
const ErrorExtra = 1000

// Result is how a game ended (§7). Players are indexed in move order: 0
// moved first (the engine's side 1).
type Result struct {
	Winner int
	Reason Reason
	Text   string // the engine's reason text
	Scores [2]int
	Length int  // the turn counter: moves made, plus one for a failed call
	Extra  int  // |score difference|, or ErrorExtra after an error
	Tie    bool // equal scores without error: the winner was decided by think time
	Error  Failure
	Tags   Tags
}

// Result is the outcome of the game; meaningful once Over. On equal scores
// it reads the think times given so far (AddThinkTime).
func (s *State) Result() Result {
	r := Result{Scores: s.score, Length: s.turn}
	if s.fail.Kind != NoFailure {
		r.Winner = 1 - s.fail.Player
		r.Reason = ReasonError
		r.Text = TextError + s.fail.Message
		r.Extra = ErrorExtra
		r.Error = s.fail
	} else {
		r.Reason, r.Text = s.endReason()
		r.Extra = abs(s.score[0] - s.score[1])
		r.Winner, r.Tie = s.winner()
	}
	if s.turn >= 6 {
		r.Tags = s.tags(r)
	}
	return r
}

// endReason is the reason text of a game that ended without error: it
// depends on the board and the turn, not on which check ended the game.
func (s *State) endReason() (Reason, string) {
	switch {
	case s.turn >= 2*s.cfg.MaxTurn:
		return ReasonTurns, TextTurns
	case s.has[Empty] != 0:
		return ReasonEmpty, TextEmpty
	}
	return ReasonNoMove, TextNoMove
}

// winner is the player with the higher score; on equal scores the second
// mover wins only with strictly less think time (HAZARD §7).
func (s *State) winner() (p int, tie bool) {
	switch {
	case s.score[0] > s.score[1]:
		return 0, false
	case s.score[1] > s.score[0]:
		return 1, false
	case s.think[1] < s.think[0]:
		return 1, true
	}
	return 0, true
}

// history keeps what the tags need of the engine's list of score pairs, one
// per round taken before its move (§4.1): rel = first mover − second mover.
type history struct {
	n        int    // entries
	behind   int    // entries with rel < 0
	sum      int    // Σ rel
	above200 int    // entries with rel > 200
	below200 int    // entries with rel < −200
	last     [3]int // rel[−1], rel[−2], rel[−3]
}

func (h *history) add(rel int) {
	h.n++
	h.sum += rel
	if rel < 0 {
		h.behind++
	}
	if rel > 200 {
		h.above200++
	}
	if rel < -200 {
		h.below200++
	}
	h.last = [3]int{rel, h.last[0], h.last[1]}
}

// Tag is one of the engine's tags on a game (§7), in the engine's order.
type Tag uint8

const (
	TagClose      Tag = iota // 险胜: final difference < 15
	TagSeesaw                // 有来有回: the lead changed hands, small mean lead
	TagDominant              // 压制: one side led nearly throughout, by a lot
	TagRunaway               // 遥遥领先: final difference > 250
	TagLastGasp              // 绝杀: the lead changed in the last rounds
	TagComeback              // 逆风翻盘: the winner trailed by more than 200 at least 5 times
	TagUnsporting            // 不讲武德: ended by no operation left, winner made the last move
	TagTempo                 // 申之一手: ended by no operation left, loser made the last move
	TagToTheEnd              // 血战到底: every move played
	TagOnPurpose             // 是故意的: the error's side was ahead
	TagCombo                 // "%d连消": the highest combo; always last
	numTags
)

var tagLabels = [numTags][2]string{
	{"险胜", "red"}, {"有来有回", "blue"}, {"压制", "blue"}, {"遥遥领先", "red"}, {"绝杀", "purple"},
	{"逆风翻盘", "green"}, {"不讲武德", "orange"}, {"申之一手", "orange"}, {"血战到底", "orange"},
	{"是故意的", "orange"}, {"%d连消", "gray"},
}

// Tags are a game's tags: a set of Tag, and the highest combo for TagCombo.
// A game shorter than 6 turns has none.
type Tags struct {
	Set   uint16 // bit t for Tag t
	Combo int
}

// Has reports whether t is among the tags.
func (t Tags) Has(tag Tag) bool { return t.Set>>tag&1 != 0 }

// Pairs are the tags as the engine writes them, (label, colour) in order.
func (t Tags) Pairs() [][2]string {
	var out [][2]string
	for tag := Tag(0); tag < numTags; tag++ {
		if !t.Has(tag) {
			continue
		}
		p := tagLabels[tag]
		if tag == TagCombo {
			p[0] = strconv.Itoa(t.Combo) + "连消"
		}
		out = append(out, p)
	}
	return out
}

// tags computes the engine's tags (§7); the rules speak of sides, the
// engine's side s is player 1−s, and rel is first mover minus second.
func (s *State) tags(r Result) Tags {
	h := &s.hist
	var t Tags
	add := func(tag Tag, ok bool) {
		if ok {
			t.Set |= 1 << tag
		}
	}
	diff := abs(s.score[0] - s.score[1])
	lead := float64(h.behind) / float64(s.turn) // one float64 division each (HAZARD)
	mean := float64(h.sum) / float64(h.n)
	winnerSide := 1 - r.Winner
	add(TagClose, diff < 15)
	add(TagSeesaw, math.Abs(lead-0.5) < 0.15 && math.Abs(mean) < 100)
	add(TagDominant, math.Abs(lead-0.5) > 0.4 && math.Abs(mean) > 150)
	if r.Reason != ReasonError {
		rel1, rel2, rel3 := h.last[0], h.last[1], h.last[2]
		add(TagRunaway, diff > 250)
		add(TagLastGasp, rel1*rel2 < 0 || rel2*rel3 < 0)
		add(TagComeback, h.above200 >= 5 && winnerSide == 0 || h.below200 >= 5 && winnerSide == 1)
		add(TagUnsporting, r.Reason == ReasonNoMove && abs(rel1) < 50 && s.turn%2 == winnerSide)
		add(TagTempo, r.Reason == ReasonNoMove && s.turn%2 != winnerSide)
		add(TagToTheEnd, r.Reason == ReasonTurns)
	} else {
		add(TagOnPurpose, float64(h.last[0])*(float64(winnerSide)-0.5) < 0)
	}
	add(TagCombo, true)
	t.Combo = max(s.high[0], s.high[1])
	return t
}
