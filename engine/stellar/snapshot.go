package stellar

// Snapshot records one turn as the reference's history does (RULES §4, §7):
// the judge's verdicts, the accepted commands, and the forces after the
// move, after combat and after growth, with the owners after combat. Its
// slices are reused from turn to turn; copy what must outlive the next Step.
type Snapshot struct {
	Rejected [2]bool      // whether each player's list was dropped by the judge
	Errors   [2]string    // the error strings after the judge (set only where Rejected)
	Accepted [2][]Command // the commands carried out, per player
	Move     [][2]float64 // forces after the move, index 1..N ([0] unused)
	Own      []int8       // owners after combat (growth keeps them), index 1..N
	Combat   [][2]float64 // forces after combat
	Grow     [][2]float64 // forces after growth: what the next turn's AIs see
}

func (r *Snapshot) takeJudge(s *State, ok0, ok1 bool) {
	if r == nil {
		return
	}
	r.Rejected = [2]bool{!ok0, !ok1}
	r.Errors = [2]string{}
	for p, ok := range [2]bool{ok0, ok1} {
		if !ok {
			r.Errors[p] = s.Error(p)
		}
	}
}

func (r *Snapshot) takeMove(s *State, a0, a1 []Command) {
	if r == nil {
		return
	}
	r.Accepted[0] = append(r.Accepted[0][:0], a0...)
	r.Accepted[1] = append(r.Accepted[1][:0], a1...)
	r.Move = append(r.Move[:0], s.power...)
}

func (r *Snapshot) takeCombat(s *State) {
	if r == nil {
		return
	}
	r.Own = append(r.Own[:0], s.owner...)
	r.Combat = append(r.Combat[:0], s.power...)
}

func (r *Snapshot) takeGrow(s *State) {
	if r == nil {
		return
	}
	r.Grow = append(r.Grow[:0], s.power...)
}
