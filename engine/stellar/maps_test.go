package stellar

import (
	"testing"
)

// TestCourseMapsBuild builds every course map from a few seeds and checks
// what every map of its kind has: the size, point symmetry where the
// generator guarantees it, and the spec's name read back.
func TestCourseMapsBuild(t *testing.T) {
	for _, sp := range CourseMaps {
		back, err := ParseMapSpec(sp.String())
		if err != nil || back.String() != sp.String() {
			t.Errorf("%s read back as %v (%v)", sp, back, err)
		}
		for seed := range int64(2) {
			sp.Seed = seed
			m, _, err := sp.Build()
			if err != nil {
				t.Fatalf("%s seed %d: %v", sp, seed, err)
			}
			if m.N < 2 || m.Spec.String() != sp.String() || m.Spec.Seed != seed {
				t.Errorf("%s seed %d: %d nodes, spec %v", sp, seed, m.N, m.Spec)
			}
			symmetric := sp.Gen == GenHex || sp.Gen == GenTree && sp.Params[0] >= 1
			for i := 1; symmetric && i <= m.N; i++ {
				for _, j := range m.Adj[i] {
					if !m.Connected(m.N+1-i, m.N+1-j) || !m.Connected(j, i) {
						t.Fatalf("%s seed %d: edge %d-%d has no mirror or no way back", sp, seed, i, j)
					}
				}
			}
		}
	}
}

// TestMapErrors checks that bad specs are one-line errors.
func TestMapErrors(t *testing.T) {
	for _, s := range []string{"", "hex", "hex_7_0.35", "hex_7_x_0.1", "tree_2_1_4", "g_design4", "square_3", "hex_7_nan_0.1"} {
		if _, err := ParseMapSpec(s); err == nil {
			t.Errorf("ParseMapSpec(%q) gave no error", s)
		}
	}
	for _, sp := range []MapSpec{
		{Gen: GenHex, Params: []float64{3, 0.1, 0.1}},
		{Gen: GenHex, Params: []float64{7.5, 0.1, 0.1}},
		{Gen: GenTree, Params: []float64{1, 1, 3, 1}},
		{Gen: GenFixed, Name: "g_design1"},
		{Gen: "ring"},
	} {
		if _, _, err := sp.Build(); err == nil {
			t.Errorf("%+v built without error", sp)
		}
	}
	if _, err := NewMap(MapSpec{}, [][]int{{2}, {3}}, nil); err == nil {
		t.Error("a neighbour out of range was accepted")
	}
}
