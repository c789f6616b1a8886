// Command goround is a paper.io player speaking docs/PROTOCOL.md, in Go
// with the standard library only: the same player as
// examples/bots/python/goround.py, move for move.
//
// It crosses its territory straight on; where it leaves it, it goes round a
// rectangle (A cells out, turn right, B cells, turn right, A + 1 cells back,
// turn right) into its territory again. A move that would run off the board
// or into its own band is swapped for a safe one, and it then heads
// straight home.
//
//	go build -o goround ./examples/bots/go
//	paperio play --p1 exec:./goround --p2 goround
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

const a, b = 8, 6 // how far out, how wide

var dx, dy = [4]int{1, 0, -1, 0}, [4]int{0, 1, 0, -1} // east, south, west, north

type player struct {
	ID, X, Y, Direction int
}

type state struct {
	Players []player
	Fields  []string // in start: Fields[x][y] is '0' or a player's id
	Bands   []string
	Changes [][4]int // in turn and end: x, y, field, band
}

type message struct {
	Type  string
	Me    int
	Board struct{ Width, Height int }
	State state
}

type bot struct {
	me, w, h     int
	fields       [][]int
	bands        [][]int
	x, y, d      int
	phase, count int
}

func (g *bot) start(m *message) {
	g.me, g.w, g.h = m.Me, m.Board.Width, m.Board.Height
	g.fields, g.bands = grid(m.State.Fields), grid(m.State.Bands)
	g.phase, g.count = 0, 0
	g.update(&m.State)
}

func grid(cols []string) [][]int {
	out := make([][]int, len(cols))
	for x, col := range cols {
		out[x] = make([]int, len(col))
		for y := range col {
			out[x][y] = int(col[y] - '0')
		}
	}
	return out
}

func (g *bot) update(s *state) {
	for _, c := range s.Changes {
		g.fields[c[0]][c[1]], g.bands[c[0]][c[1]] = c[2], c[3]
	}
	p := s.Players[g.me-1]
	g.x, g.y, g.d = p.X, p.Y, p.Direction
}

var turns = map[byte]int{'S': 0, 'R': 1, 'L': 3}

func (g *bot) safe(turn byte) bool {
	d := (g.d + turns[turn]) % 4
	x, y := g.x+dx[d], g.y+dy[d]
	return x >= 0 && x < g.w && y >= 0 && y < g.h && g.bands[x][y] != g.me
}

func (g *bot) move() byte {
	switch {
	case g.fields[g.x][g.y] == g.me:
		g.phase, g.count = 0, 0
	case g.phase == 0:
		g.phase, g.count = 1, 1
	default:
		g.count++
	}
	turn := byte('S')
	if g.phase == 1 && g.count == a || g.phase == 2 && g.count == b || g.phase == 3 && g.count == a+1 {
		turn = 'R'
		g.phase, g.count = g.phase+1, 0
	}
	if !g.safe(turn) {
		for _, other := range []byte("SRL") {
			if other != turn && g.safe(other) {
				turn = other
				if g.phase > 0 {
					g.phase = 4 // off the rectangle: straight home
				}
				break
			}
		}
	}
	return turn
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	var g bot
	for {
		line, err := in.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			return // the runner closed the pipe: the run is over
		}
		var m message
		if err := json.Unmarshal(line, &m); err != nil {
			fmt.Fprintln(os.Stderr, "goround: bad message:", err)
			os.Exit(1)
		}
		switch m.Type {
		case "hello":
			out.WriteString(`{"name":"goround (Go)"}` + "\n")
		case "start":
			g.start(&m)
			out.WriteString("{}\n")
		case "turn":
			g.update(&m.State)
			fmt.Fprintf(out, "{\"move\":\"%c\"}\n", g.move())
		default: // end: nothing to answer; another start may follow
			continue
		}
		out.Flush()
	}
}
