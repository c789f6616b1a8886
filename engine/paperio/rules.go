package paperio

// Step plays a half-step for the player to move: it turns by a, moves one
// cell and applies the rules of "One move of player P" in their order. It
// reports whether the game is over afterwards. Stepping a finished game does
// nothing.
//
// Each rule is a function of its own; the tests that pick the rule are made
// here, inline, because Step is the engine's innermost loop.
func (s *State) Step(a Action) bool {
	if s.over {
		return true
	}
	pi := s.steps & 1
	p := &s.p[pi]
	p.dir = a.Turn(p.dir)
	s.steps++
	p.x += p.dir.DX()
	p.y += p.dir.DY()
	x, y := p.x, p.y
	if uint(x) >= uint(s.w) || uint(y) >= uint(s.h) { // also catches -1
		s.hitWall(pi)
		return true
	}
	p.box.extend(x, y) // rule 2
	c := x*s.h + y
	switch e := &s.p[1-pi]; {
	case e.x == x && e.y == y:
		s.meetHead(pi, c)
	case s.bands[c] != 0:
		s.hitBand(pi, c)
	default:
		s.ordinaryMove(pi, c)
	}
	if !s.over && s.steps >= 2*s.maxTurns {
		s.endOnArea(END)
	}
	return s.over
}

// hitWall is rule 1: a step off the board loses. The head stays at the
// off-board coordinate.
func (s *State) hitWall(pi int) {
	s.finish(1-pi, WAL, -1)
}

// meetHead is rule 3: the mover steps onto the enemy's head, at cell c.
func (s *State) meetHead(pi, c int) {
	p, e := &s.p[pi], &s.p[1-pi]
	own := uint8(pi + 1)
	if s.field[c] == own {
		s.enclose(pi)
		s.finish(pi, CIT, 1)
		return
	}
	s.layBand(pi, c)
	switch {
	case s.field[c] == uint8(2-pi):
		s.finish(1-pi, CIT, 0)
	case p.dir.Horizontal() != e.dir.Horizontal():
		s.finish(pi, SID, -1)
	default:
		s.endOnArea(FAC)
	}
}

// hitBand is rule 4: stepping onto a band (at cell c) makes that band's owner
// lose, after the ordinary move has been applied to the cell.
func (s *State) hitBand(pi, c int) {
	owner := s.bands[c]
	s.ordinaryMove(pi, c)
	s.finish(2-int(owner), TAP, pi)
}

// ordinaryMove is rule 5 at cell c: back on home territory the band
// encloses; off it the band grows.
func (s *State) ordinaryMove(pi, c int) {
	if s.field[c] == uint8(pi+1) {
		if s.p[pi].bandLen > 0 {
			s.enclose(pi)
		}
		return
	}
	s.layBand(pi, c)
}

// layBand puts player pi's band on cell c, replacing whatever band was there.
func (s *State) layBand(pi, c int) {
	own := uint8(pi + 1)
	switch s.bands[c] {
	case own:
		return
	case 0:
	default:
		s.p[1-pi].bandLen--
	}
	s.bands[c] = own
	s.p[pi].bandLen++
	s.p[pi].band = append(s.p[pi].band, int32(c))
}

// endOnArea ends the game on territory counts (FAC and END).
func (s *State) endOnArea(r Reason) {
	a, b := s.p[0].area, s.p[1].area
	w := Draw
	if a > b {
		w = 0
	} else if b > a {
		w = 1
	}
	s.over = true
	s.result = Result{Winner: w, Reason: r, Extra: -1, Scores: [2]int{a, b}}
}

func (s *State) finish(winner int, r Reason, extra int) {
	s.over = true
	s.result = Result{Winner: Winner(winner), Reason: r, Extra: extra}
}

// Forfeit ends the game with player loser losing for reason r (ERR or OVT):
// the runner's verdict on an AI, which the board knows nothing of.
func (s *State) Forfeit(loser int, r Reason) {
	if !s.over {
		s.finish(1-loser, r, -1)
	}
}
