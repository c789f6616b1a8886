package stellar

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/paperio/paperio/pyrand"
)

// Num is a Python number as the reference kept it: a float, or an int (IsInt)
// whose value is F. Map coordinates need it, since the fixed map mixes ints
// and floats (RULES §3.4) and the replay format shows which.
type Num struct {
	F     float64
	IsInt bool
}

// String is Python's repr() of the number.
func (n Num) String() string {
	if n.IsInt {
		return strconv.FormatFloat(n.F, 'f', -1, 64)
	}
	return FloatRepr(n.F)
}

// Map is a game map (RULES §3): nodes 1..N, each with its neighbours in the
// order the generator inserted them (AIs see that order; the rules do not
// depend on it), and drawing coordinates.
type Map struct {
	Spec MapSpec
	N    int
	Adj  [][]int  // Adj[i] lists node i's neighbours, i = 1..N; Adj[0] is empty
	XY   [][2]Num // XY[i] is node i's position, i = 1..N; nil for legacy maps

	// links is the adjacency matrix as bits, row i at links[i*words:]; built
	// by the constructors (nil in a Map literal: Connected then scans Adj).
	links []uint64
	words int
}

// MapSpec says how a map is made: a generator with its parameters, or a
// fixed map by name, and the seed given to Python's random.seed right before
// the generator ran (RULES §3.1; fixed maps draw nothing, but the course's
// sample AI draws from the same stream).
type MapSpec struct {
	Gen    string    // GenHex, GenTree, GenFixed or GenLegacy; "" for a map made by NewMap from lists
	Params []float64 // hex: a, p_node, p_edge; tree: bridge, branch_lo, branch_hi, depth
	Name   string    // fixed and legacy maps: g_design2, g_design1, g_design3
	Seed   int64
}

// The map generators and kinds (RULES §3).
const (
	GenHex    = "hex"
	GenTree   = "tree"
	GenFixed  = "fixed"
	GenLegacy = "legacy"
)

// String names the map kind: "hex_7_0.35_0.1", "tree_2_1_4_3", "g_design2".
func (sp MapSpec) String() string {
	if sp.Gen == GenFixed || sp.Gen == GenLegacy {
		return sp.Name
	}
	parts := []string{sp.Gen}
	for _, p := range sp.Params {
		parts = append(parts, strconv.FormatFloat(p, 'g', -1, 64))
	}
	return strings.Join(parts, "_")
}

// CourseMaps are the maps the course's platform and tools used (RULES §3):
// the hexagon of the main games and the students' debugger first, then the
// Swiss rounds', the knockout finals', the trees and the fixed map. Their
// seeds are 0: set one per game.
var CourseMaps = []MapSpec{
	{Gen: GenHex, Params: []float64{7, 0.35, 0.1}},
	{Gen: GenHex, Params: []float64{4, 0.2, 0.2}},
	{Gen: GenHex, Params: []float64{7, 0.45, 0.25}},
	{Gen: GenHex, Params: []float64{7, 0.22, 0.3}},
	{Gen: GenHex, Params: []float64{7, 0.1, 0.1}},
	{Gen: GenTree, Params: []float64{2, 1, 4, 3}},
	{Gen: GenTree, Params: []float64{0.8, 2, 4, 3}},
	{Gen: GenFixed, Name: "g_design2"},
}

// ParseMapSpec reads a map kind as String writes it: "hex_7_0.35_0.1",
// "tree_2_1_4_3", "g_design2", "g_design1", "g_design3"; the seed is 0.
func ParseMapSpec(s string) (MapSpec, error) {
	switch s {
	case "g_design2":
		return MapSpec{Gen: GenFixed, Name: s}, nil
	case "g_design1", "g_design3":
		return MapSpec{Gen: GenLegacy, Name: s}, nil
	}
	parts := strings.Split(s, "_")
	sp := MapSpec{Gen: parts[0]}
	want := map[string]int{GenHex: 3, GenTree: 4}[sp.Gen]
	if want == 0 || len(parts)-1 != want {
		return MapSpec{}, fmt.Errorf("map %q: want hex_A_PNODE_PEDGE, tree_BRIDGE_LO_HI_DEPTH, g_design2, g_design1 or g_design3", s)
	}
	for _, p := range parts[1:] {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return MapSpec{}, fmt.Errorf("map %q: %q is not a number", s, p)
		}
		sp.Params = append(sp.Params, f)
	}
	return sp, nil
}

// Build seeds Python's random with sp.Seed, makes the map, and returns it with
// the random stream as the generator left it: the course's sample AI goes on
// drawing from it (RULES §3.1).
func (sp MapSpec) Build() (*Map, *pyrand.Random, error) {
	r := pyrand.New(sp.Seed)
	var m *Map
	var err error
	switch sp.Gen {
	case GenHex:
		if len(sp.Params) != 3 || sp.Params[0] != float64(int(sp.Params[0])) {
			return nil, nil, fmt.Errorf("hex map: want params [a, p_node, p_edge] with a whole a, got %v", sp.Params)
		}
		m, err = Hexagon(r, int(sp.Params[0]), sp.Params[1], sp.Params[2])
	case GenTree:
		p := sp.Params
		if len(p) != 4 || p[1] != float64(int(p[1])) || p[2] != float64(int(p[2])) || p[3] != float64(int(p[3])) {
			return nil, nil, fmt.Errorf("tree map: want params [bridge, branch_lo, branch_hi, depth] with whole branches and depth, got %v", sp.Params)
		}
		m, err = Tree(r, p[0], int(p[1]), int(p[2]), int(p[3]))
	case GenFixed, GenLegacy:
		m, err = Fixed(sp.Name)
		if err == nil && m.Spec.Gen != sp.Gen {
			err = fmt.Errorf("map %s is %s, not %s", sp.Name, m.Spec.Gen, sp.Gen)
		}
	default:
		err = fmt.Errorf("unknown map generator %q (want hex, tree, fixed or legacy)", sp.Gen)
	}
	if err != nil {
		return nil, nil, err
	}
	m.Spec = sp
	return m, r, nil
}

// design builds a map's neighbour lists the way the reference's design dict
// does: a key inserted again keeps its first position.
type design [][]int

func newDesign(n int) design { return make(design, n+1) }

func (d design) link(i, j int) {
	for _, k := range d[i] {
		if k == j {
			return
		}
	}
	d[i] = append(d[i], j)
}

// Connected reports whether to is in from's neighbour list (the judge's
// check, RULES §4.1); from must be a node.
func (m *Map) Connected(from, to int) bool {
	if m.links != nil {
		if uint(to) > uint(m.N) {
			return false
		}
		return m.links[from*m.words+to>>6]&(1<<(to&63)) != 0
	}
	for _, k := range m.Adj[from] {
		if k == to {
			return true
		}
	}
	return false
}

// indexed returns m with its adjacency matrix built; every constructor
// calls it last, so that a Map is never written after it is shared.
func (m *Map) indexed() *Map {
	m.words = (m.N + 64) / 64
	m.links = make([]uint64, (m.N+1)*m.words)
	for i := 1; i < len(m.Adj) && i <= m.N; i++ {
		for _, j := range m.Adj[i] {
			if j >= 1 && j <= m.N {
				m.links[i*m.words+j>>6] |= 1 << (j & 63)
			}
		}
	}
	return m
}

// check rejects maps the rules cannot play: fewer than two nodes, or a
// neighbour out of range.
func (m *Map) check() error {
	if m.N < 2 || len(m.Adj) != m.N+1 {
		return fmt.Errorf("map has %d nodes and %d neighbour lists: want at least 2 nodes, one list each", m.N, len(m.Adj)-1)
	}
	if m.XY != nil && len(m.XY) != m.N+1 {
		return fmt.Errorf("map has %d nodes and %d positions", m.N, len(m.XY)-1)
	}
	for i := 1; i <= m.N; i++ {
		for _, j := range m.Adj[i] {
			if j < 1 || j > m.N {
				return fmt.Errorf("node %d has neighbour %d, outside 1..%d", i, j, m.N)
			}
		}
	}
	return nil
}

// NewMap makes a map from neighbour lists (adj[i-1] lists node i's
// neighbours) and optional positions, e.g. from a replay file.
func NewMap(spec MapSpec, adj [][]int, xy [][2]Num) (*Map, error) {
	m := &Map{Spec: spec, N: len(adj), Adj: make([][]int, len(adj)+1)}
	for i, a := range adj {
		m.Adj[i+1] = append([]int(nil), a...)
	}
	if len(xy) > 0 {
		m.XY = make([][2]Num, len(xy)+1)
		copy(m.XY[1:], xy)
	}
	if err := m.check(); err != nil {
		return nil, err
	}
	return m.indexed(), nil
}

// Hexagon is the reference's Generate_Hexagon(a, p_node, p_edge) (RULES
// §3.2): a point-symmetric patch of a hexagonal grid with side a, cells
// dropped with probability p_node and edges with probability p_edge, drawn
// again until every node is reachable and has two neighbours. It needs
// a >= 4 (the reference loops forever below).
func Hexagon(r *pyrand.Random, a int, pNode, pEdge float64) (*Map, error) {
	if a < 4 || a > 30 {
		return nil, fmt.Errorf("hexagon map: a = %d, want 4..30 (the reference never finishes below 4)", a)
	}
	g := getHexGrid(a)
	defer putHexGrid(g)
	q := PowHalf(pEdge)
	for range maxHexTries {
		if m := g.try(r, pNode, q); m != nil {
			m.Spec = MapSpec{Gen: GenHex, Params: []float64{float64(a), pNode, pEdge}}
			return m.indexed(), nil
		}
	}
	return nil, fmt.Errorf("hexagon map (%d, %g, %g): no playable map in %d tries", a, pNode, pEdge, maxHexTries)
}

// maxHexTries bounds the hexagon generator, which the reference runs until
// a try succeeds: the course's hardest preset (7, 0.45, 0.25) needs up to
// about 50,000 tries, and parameters that can never succeed (p_node or
// p_edge of 1) would loop forever.
const maxHexTries = 1 << 21

// hexGeom is what every try of the hexagon generator of side a computes
// alike: the half grid's cells in drawing order, their positions and their
// mirror images' (cell c's mirror is c+len(cells)), and for each position the
// positions close enough for an edge. A try keeps some cells; its nodes take
// the positions of their cells, so the distance test is looked up, not redone.
// It never changes once made, and is made once per side (hexGeoms).
type hexGeom struct {
	a      int
	l      float64
	cells  [][2]int     // (i, j) of each cell of the half grid, in drawing order
	pos    [][2]float64 // positions of the cells, then of their mirror images
	near   [][]int32    // near[v]: the positions w != v with pow(dx, 2) + pow(dy, 2) < l
	centre int          // the index of the centre cell
}

// hexGrids keeps, for each side, a pool of generators: the geometry,
// computed once (tens of thousands of exact squares, far more than a map's
// tries), and buffers that the maps made one after another reuse.
var hexGrids sync.Map // int → *sync.Pool of *hexGrid

// hexGrid is a generator's geometry and the buffers its tries reuse (most
// tries fail).
type hexGrid struct {
	*hexGeom
	kept, at, nodeAt, cands, stack []int
	seen                           []bool
	d                              design
}

// getHexGrid is a generator of side a from its pool; putHexGrid returns it.
func getHexGrid(a int) *hexGrid {
	p, ok := hexGrids.Load(a)
	if !ok {
		geom := newHexGeom(a)
		p, _ = hexGrids.LoadOrStore(a, &sync.Pool{New: func() any { return &hexGrid{hexGeom: geom} }})
	}
	return p.(*sync.Pool).Get().(*hexGrid)
}

func putHexGrid(g *hexGrid) {
	if p, ok := hexGrids.Load(g.a); ok {
		p.(*sync.Pool).Put(g)
	}
}

func newHexGeom(a int) *hexGeom {
	g := &hexGeom{a: a, l: 2 / float64(a-1)}
	for i := 0; i < a; i++ {
		for j := 0; j < a+i; j++ {
			if i == a-1 && j == a {
				break
			}
			if i == a-1 && j == a-1 {
				g.centre = len(g.cells)
			}
			g.cells = append(g.cells, [2]int{i, j})
			x := float64(-a+i+1) * g.l
			y := (float64(a-1+i)/2 - float64(j)) * g.l
			g.pos = append(g.pos, [2]float64{x, y})
		}
	}
	for c := range g.cells {
		g.pos = append(g.pos, [2]float64{-g.pos[c][0], -g.pos[c][1]})
	}
	g.near = make([][]int32, len(g.pos))
	for v := range g.pos {
		for w := range g.pos {
			dx, dy := g.pos[v][0]-g.pos[w][0], g.pos[v][1]-g.pos[w][1]
			if w != v && PowTwo(dx)+PowTwo(dy) < g.l {
				g.near[v] = append(g.near[v], int32(w))
			}
		}
	}
	return g
}

// try is one try of the hexagon generator; nil when it fails.
func (g *hexGrid) try(r *pyrand.Random, pNode, q float64) *Map {
	// Keep cells: the first always, the others unless dropped.
	kept := g.kept[:0]
	n := 0
	for c := range g.cells {
		u := r.Random()
		if u < pNode && len(kept) > 0 {
			continue
		}
		kept = append(kept, c)
		if c == g.centre {
			n++
		} else {
			n += 2
		}
	}
	g.kept = kept
	// Node k (1-based) is cell kept[k-1]; node n+1-k its mirror image.
	at := growSlice(g.at, n+1) // the position of each node
	g.at = at
	for k, c := range kept {
		at[k+1] = c
	}
	for i := 1; i <= n/2; i++ {
		at[n+1-i] = at[i] + len(g.cells)
	}
	nodeAt := growSlice(g.nodeAt, len(g.pos)) // the node at each position, or 0
	g.nodeAt = nodeAt
	clear(nodeAt)
	for k := 1; k <= n; k++ {
		nodeAt[at[k]] = k
	}
	d := design(growSlice(g.d, n+1))
	for i := range d {
		d[i] = d[i][:0]
	}
	g.d = d
	// The reference tests every pair (i, j), j = 1..n, and draws for the
	// close ones: visit the close ones in that order.
	for i := 1; i <= (n+1)/2; i++ {
		cands := g.cands[:0]
		for _, w := range g.near[at[i]] {
			if j := nodeAt[w]; j != 0 {
				cands = append(cands, j)
			}
		}
		for k := 1; k < len(cands); k++ { // insertion sort: a handful
			for m := k; m > 0 && cands[m] < cands[m-1]; m-- {
				cands[m], cands[m-1] = cands[m-1], cands[m]
			}
		}
		g.cands = cands
		for _, j := range cands {
			if r.Random() >= q {
				d.link(i, j)
				d.link(j, i)
				d.link(n+1-i, n+1-j)
				d.link(n+1-j, n+1-i)
			}
		}
	}
	var ok bool
	if ok, g.seen, g.stack = d.playable(n, g.seen, g.stack); !ok {
		return nil
	}
	m := &Map{N: n, Adj: make([][]int, n+1)}
	for i := range d {
		m.Adj[i] = append([]int(nil), d[i]...)
	}
	m.XY = make([][2]Num, n+1)
	for k := 1; k <= n; k++ {
		p := g.pos[at[k]]
		m.XY[k] = [2]Num{{F: p[0]}, {F: p[1]}}
	}
	return m
}

// playable is the hexagon generator's test of a try: every node with at
// least two neighbours and reachable from node 1. seen and stack are
// scratch buffers, returned for reuse.
func (d design) playable(n int, seen []bool, stack []int) (bool, []bool, []int) {
	for i := 1; i <= n; i++ {
		if len(d[i]) < 2 {
			return false, seen, stack
		}
	}
	seen = growSlice(seen, n+1)
	clear(seen)
	stack = append(stack[:0], 1)
	seen[1] = true
	count := 1
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range d[i] {
			if !seen[j] {
				seen[j] = true
				count++
				stack = append(stack, j)
			}
		}
	}
	return count == n, seen, stack
}

// Tree is the reference's DesignGenerator(bridge, branch, depth)() (RULES
// §3.3): a tree of the given depth with lo..hi children per node, bridges
// between consecutive nodes of a level with probability bridge, mirrored
// around its last level.
func Tree(r *pyrand.Random, bridge float64, lo, hi, depth int) (*Map, error) {
	if depth < 1 || lo < 0 || hi < lo || hi > 64 || depth > 12 {
		return nil, fmt.Errorf("tree map: branch %d..%d, depth %d: want 0 <= lo <= hi <= 64 and depth 1..12", lo, hi, depth)
	}
	levels := make([][]int, depth)
	levels[0] = []int{1}
	var d design = make(design, 2)
	total := 1
	for lv := 0; lv < depth-1; lv++ {
		for _, node := range levels[lv] {
			k := r.RandInt(lo, hi)
			for range k {
				total++
				if total > 1<<16 {
					return nil, fmt.Errorf("tree map: more than %d nodes", 1<<16)
				}
				levels[lv+1] = append(levels[lv+1], total)
				d.link(node, total)
				d = append(d, []int{node})
			}
		}
	}
	for _, level := range levels {
		for k := 0; k+1 < len(level); k++ {
			i := level[k]
			if r.Random() < bridge {
				d.link(i, i+1)
				d.link(i+1, i)
			}
		}
	}
	front := len(levels[depth-1])
	back := total - front
	t := 2*back + front
	d = append(d, make(design, t-total)...)
	inLast := func(i int) bool { return i > back && i <= total }
	for index := 1; index <= back; index++ {
		mi := t - index + 1
		d[mi] = nil
		for _, node := range d[index] {
			d.link(mi, t-node+1)
			if inLast(t - node + 1) {
				d.link(t-node+1, mi)
			}
		}
	}
	m := &Map{N: t, Adj: d, Spec: MapSpec{Gen: GenTree, Params: []float64{bridge, float64(lo), float64(hi), float64(depth)}}}
	m.XY = treeXY(t)
	if err := m.check(); err != nil {
		return nil, err
	}
	return m.indexed(), nil
}

// treeXY places the tree map's nodes on a square grid (RULES §3.3 step 5).
func treeXY(t int) [][2]Num {
	s := int(PowHalf(float64(t)))
	x0 := -float64(s) / 2
	xy := make([][2]Num, t+1)
	cnt := 0
	for i := 0; i <= s; i++ {
		for j := 0; j <= s; j++ {
			cnt++
			if cnt > t {
				break
			}
			xy[cnt] = [2]Num{{F: x0 + float64(i)}, {F: x0 + float64(j)}}
		}
	}
	return xy
}

// Fixed returns a map the reference ships (RULES §3.4): "g_design2" (19
// nodes), and the legacy "g_design1" (4 nodes) and "g_design3" (2 nodes,
// bases adjacent), which have no positions.
func Fixed(name string) (*Map, error) {
	switch name {
	case "g_design2":
		m := &Map{N: 19, Adj: design2Adj(), Spec: MapSpec{Gen: GenFixed, Name: name}}
		m.XY = make([][2]Num, 20)
		for i, p := range design2XY {
			m.XY[i+1] = [2]Num{num(p[0]), num(p[1])}
		}
		return m.indexed(), nil
	case "g_design1":
		return (&Map{N: 4, Adj: [][]int{nil, {2, 3}, {1, 3, 4}, {1, 2, 4}, {2, 3}}, Spec: MapSpec{Gen: GenLegacy, Name: name}}).indexed(), nil
	case "g_design3":
		return (&Map{N: 2, Adj: [][]int{nil, {2}, {1}}, Spec: MapSpec{Gen: GenLegacy, Name: name}}).indexed(), nil
	}
	return nil, fmt.Errorf("unknown fixed map %q (want g_design2, g_design1 or g_design3)", name)
}

// num is a coordinate of g_design2: written as an int when whole, as in the
// reference's source.
func num(f float64) Num { return Num{F: f, IsInt: f == float64(int(f))} }

func design2Adj() [][]int {
	return [][]int{nil,
		{2, 4, 5}, {1, 3, 5, 6}, {2, 6, 7}, {1, 5, 8, 9}, {1, 2, 4, 6, 9, 10}, {2, 3, 5, 7, 10, 11},
		{3, 6, 11, 12}, {4, 9, 13}, {4, 5, 8, 10, 13, 14}, {5, 6, 9, 11, 14, 15}, {6, 7, 10, 12, 15, 16},
		{7, 11, 16}, {8, 9, 14, 17}, {9, 10, 13, 15, 17, 18}, {10, 11, 14, 16, 18, 19}, {11, 12, 15, 19},
		{13, 14, 18}, {14, 15, 17, 19}, {15, 16, 18}}
}

var design2XY = [19][2]float64{
	{-2, 1}, {-2, 0}, {-2, -1}, {-1, 1.5}, {-1, 0.5}, {-1, -0.5}, {-1, -1.5}, {0, 2}, {0, 1}, {0, 0},
	{0, -1}, {0, -2}, {1, 1.5}, {1, 0.5}, {1, -0.5}, {1, -1.5}, {2, 1}, {2, 0}, {2, -1},
}
