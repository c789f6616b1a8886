package stellar

import "fmt"

// Winners besides the players 0 and 1 (RULES §7).
const (
	Draw     = -1 // the game is drawn
	NoWinner = -2 // both AIs failed to load (the reference's None)
)

// Reason says how a game ended (RULES §7, §8).
type Reason uint8

// The reasons, named as in the replay format.
const (
	Running    Reason = iota // the game goes on
	Base                     // a base fell
	BothBases                // both bases fell in one turn; decided on points
	LimitNodes               // turn limit, decided by node count
	LimitArmy                // turn limit, decided by force sum
	LimitDraw                // turn limit, drawn
	InitError                // an AI failed to load
)

var reasonNames = [...]string{"running", "base", "both_bases", "limit_nodes", "limit_army", "limit_draw", "init_error"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// ParseReason reads a reason as the replay format writes it.
func ParseReason(s string) (Reason, error) {
	for i, n := range reasonNames {
		if n == s && i != int(Running) {
			return Reason(i), nil
		}
	}
	return Running, fmt.Errorf("unknown end reason %q", s)
}

// Result is how a game ended: the winner (0, 1, Draw or NoWinner), why, and
// the number of AI turns played.
type Result struct {
	Winner int
	Reason Reason
	Turns  int
}

// The reference's reason texts (RULES §7).
const (
	textBoth       = "双方玩家的基地同时被打爆了！"
	textLimitNodes = "回合上限到！比拼节点数！"
	textLimitArmy  = "回合上限到！节点数相同，比拼总兵力！"
	textLimitDraw  = "回合上限到！节点数相同，总兵力也相同！和局！！"
	textInitError  = "游戏未结束。"
	textDraw       = "No player(draw)"
	textNoWinner   = "玩家函数错误"
)

// Text is the reference's result string (RULES §7) for players with the
// given names (the AI module names), e.g.
// "Player2(grow)的基地被打爆了！\nrush获胜！".
func (r Result) Text(names [2]string) string {
	var reason string
	switch r.Reason {
	case Base:
		// The loser's base fell: player 0 took node N, or player 1 node 1.
		if r.Winner == 0 {
			reason = "Player2(" + names[1] + ")的基地被打爆了！"
		} else {
			reason = "Player1(" + names[0] + ")的基地被打爆了！"
		}
	case BothBases:
		reason = textBoth
	case LimitNodes:
		reason = textLimitNodes
	case LimitArmy:
		reason = textLimitArmy
	case LimitDraw:
		reason = textLimitDraw
	case InitError:
		reason = textInitError
	default:
		return ""
	}
	return reason + "\n" + winnerName(r.Winner, names) + "获胜！"
}

// winnerName is player_name[winner] of the reference's record.
func winnerName(w int, names [2]string) string {
	switch w {
	case 0, 1:
		return names[w]
	case Draw:
		return textDraw
	}
	return textNoWinner
}

func (r Result) String() string {
	switch r.Winner {
	case Draw:
		return fmt.Sprintf("draw (%s) after %d turns", r.Reason, r.Turns)
	case NoWinner:
		return fmt.Sprintf("no winner (%s) after %d turns", r.Reason, r.Turns)
	}
	return fmt.Sprintf("player %d wins (%s) after %d turns", r.Winner, r.Reason, r.Turns)
}
