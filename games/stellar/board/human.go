package board

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	stellargame "github.com/paperio/paperio/games/stellar"
	"github.com/paperio/paperio/play"
)

// HumanSpec is the spec recorded for a person's side of a game.
const HumanSpec = "human"

// maxTurnCommands bounds the commands of one word.
const maxTurnCommands = 256

// Human is a player steered from the page: each word is a turn's commands
// the person chose on the map, "FROM TO AMOUNT" separated by ";" (empty:
// no command). On a clock, a turn without a word has no command.
func (Board) Human(in <-chan string, clocked bool, stop <-chan struct{}) *game.Entrant {
	return game.NewEntrant(HumanSpec, HumanSpec, func() (stellargame.Player, error) {
		return &human{in: in, clocked: clocked, stop: stop}, nil
	})
}

// CheckInput takes a turn's commands.
func (Board) CheckInput(w string) error {
	_, err := ParseTurn(w)
	return err
}

// ParseTurn reads a turn's commands as the page sends them: "1 2 30.5;3 4 10".
func ParseTurn(w string) ([]stellar.Command, error) {
	w = strings.TrimSpace(w)
	if w == "" {
		return []stellar.Command{}, nil
	}
	parts := strings.Split(w, ";")
	if len(parts) > maxTurnCommands {
		return nil, fmt.Errorf("%d commands: at most %d a turn", len(parts), maxTurnCommands)
	}
	out := make([]stellar.Command, len(parts))
	for i, p := range parts {
		f := strings.Fields(p)
		if len(f) != 3 {
			return nil, fmt.Errorf("command %q: want FROM TO AMOUNT", p)
		}
		from, err1 := strconv.Atoi(f[0])
		to, err2 := strconv.Atoi(f[1])
		a, err3 := strconv.ParseFloat(f[2], 64)
		if err1 != nil || err2 != nil || err3 != nil || math.IsNaN(a) || math.IsInf(a, 0) {
			return nil, fmt.Errorf("command %q: want two node numbers and an amount", p)
		}
		out[i] = stellar.Command{From: from, To: to, Amount: a}
	}
	return out, nil
}

type human struct {
	in      <-chan string
	clocked bool
	stop    <-chan struct{}
}

func (h *human) Reset(stellargame.View, int, uint64, play.Clock) {}

// Act takes the turn's commands: on a clock those sent since the last
// turn (none when none were), else it waits for them.
func (h *human) Act(_ stellargame.View, _ play.Clock) stellar.Answer {
	if h.clocked {
		select {
		case w := <-h.in:
			cs, _ := ParseTurn(w)
			return stellar.Answer{Cmds: cs}
		default:
			return stellar.Answer{Cmds: []stellar.Command{}}
		}
	}
	for {
		select {
		case w := <-h.in:
			if cs, err := ParseTurn(w); err == nil {
				return stellar.Answer{Cmds: cs}
			}
		case <-h.stop:
			return stellar.Answer{Cmds: []stellar.Command{}}
		}
	}
}
