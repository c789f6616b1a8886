package selfplay

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/paperio/paperio/store"
)

// CheckReport is what a run's folder or bucket holds against its plan.
type CheckReport struct {
	Manifest *Manifest // as rewritten
	Missing  []int     // chunks whose two files are not both complete
	Shards   int       // the shard count Rerun refers to
	Rerun    []int     // shard indexes (Job completion indexes) that own a missing chunk
}

// Check scans the run in opts.Out, which must hold opts.Plan, rewrites its
// manifest from what is there and reports the chunks still missing and the
// shards that own them: of opts.Shard.N shards when given, else of the
// shard count its shard records agree on, else of one.
func Check(opts Options) (*CheckReport, error) {
	plan := &opts.Plan
	if err := plan.Validate(); err != nil {
		return nil, err
	}
	dir, err := store.Open(opts.Out)
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	m, err := readManifest(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%v holds no run (no %s): nothing to check", dir, ManifestFile)
	}
	if err != nil {
		return nil, err
	}
	if d := planDiff(&m.Plan, plan); d != "" {
		return nil, fmt.Errorf("%v holds another run (%s): give the flags of that run", dir, d)
	}
	state, err := scanFolder(dir, plan.MovesDir())
	if err != nil {
		return nil, err
	}
	if m, err = state.manifest(dir, plan); err != nil {
		return nil, err
	}
	if err := dir.WriteJSON(ManifestFile, m); err != nil {
		return nil, err
	}
	r := &CheckReport{Manifest: m, Shards: opts.Shard.N}
	if r.Shards == 0 {
		r.Shards = recordedShards(m)
	}
	owners := map[int]bool{}
	for k := range plan.Chunks() {
		if !state.done(k) {
			r.Missing = append(r.Missing, k)
			if i := k % r.Shards; !owners[i] {
				owners[i] = true
				r.Rerun = append(r.Rerun, i)
			}
		}
	}
	slices.Sort(r.Rerun)
	return r, nil
}

// recordedShards is the shard count n of the shard records ("i/n") when
// they all agree, else 1.
func recordedShards(m *Manifest) int {
	n := 0
	for _, r := range m.Shards {
		sh, err := ParseShard(r.Shard)
		if err != nil || (n != 0 && sh.N != n) {
			return 1
		}
		n = sh.N
	}
	return max(n, 1)
}

// String says in a line or two what is missing and what to rerun.
func (r *CheckReport) String() string {
	m := r.Manifest
	if m.Complete {
		return fmt.Sprintf("complete: %d of %d chunks, %d games, %d turn rows", m.ChunksDone, m.Chunks, m.Games, m.TurnRows)
	}
	return fmt.Sprintf("incomplete: %d of %d chunks done; missing chunks %s\nrerun shard indexes %s of %d (JOB_COMPLETION_INDEX), or the whole run with --resume",
		m.ChunksDone, m.Chunks, intList(r.Missing, 20), intList(r.Rerun, 100), r.Shards)
}

// intList writes at most max numbers, then how many more there are.
func intList(xs []int, most int) string {
	var parts []string
	for i, x := range xs {
		if i == most {
			parts = append(parts, fmt.Sprintf("… (%d more)", len(xs)-most))
			break
		}
		parts = append(parts, fmt.Sprint(x))
	}
	return strings.Join(parts, ",")
}
