package policy

import "fmt"

// Batch is one caller's buffers to run a Net on several states at once.
// The towers run state by state; every Linear layer runs over the whole
// batch, input after input, so that a weight row read from memory serves
// every state of the batch while it is in the cache, where single
// evaluations read the whole matrix once per state. Each state's sums are
// taken in the order Eval takes them: a Batch's logits and values are
// those of Eval, bit for bit.
type Batch struct {
	n      *Net
	evals  []*Eval      // each state's planes, scalars, conv activations and features
	hid    [2][]float32 // hidden activations, one row of the widest layer per state
	xs, ys [][]float32
	g      []rows
	values []float32
}

// NewBatch makes the buffers for running n on up to size states at once.
func (n *Net) NewBatch(size int) *Batch {
	if size < 1 {
		panic(fmt.Sprintf("policy: a batch of %d states", size))
	}
	b := &Batch{n: n, xs: make([][]float32, size), ys: make([][]float32, size), g: make([]rows, size), values: make([]float32, size)}
	wide := 0
	for _, d := range n.hidden {
		wide = max(wide, d.out)
	}
	for range size {
		b.evals = append(b.evals, n.NewEval())
	}
	for i := range 2 {
		b.hid[i] = make([]float32, size*wide)
	}
	return b
}

// Size is the most states the batch runs at once.
func (b *Batch) Size() int { return len(b.evals) }

// Planes is the buffer of tower t's planes of state i, as Eval.Planes.
func (b *Batch) Planes(i, t int) []uint8 { return b.evals[i].planes[t] }

// Scalars is the buffer of the scalars of state i, as Eval.Scalars.
func (b *Batch) Scalars(i int) []float32 { return b.evals[i].scalars }

// Run runs the network on the first len(logits) states of the buffers
// (at most Size), writing each state's logits, and its value into values
// when values is not nil (0 when the network has no value head). It
// allocates nothing.
func (b *Batch) Run(logits [][NumActions]float32, values []float32) {
	k := len(logits)
	if k > len(b.evals) {
		panic(fmt.Sprintf("policy: %d states for a batch of %d", k, len(b.evals)))
	}
	n := b.n
	xs, ys := b.xs[:k], b.ys[:k]
	for i := range k {
		e := b.evals[i]
		e.towers()
		xs[i] = e.feat
	}
	cur := 0
	for l := range n.hidden {
		d := &n.hidden[l]
		for i := range k {
			ys[i] = b.hid[cur][i*d.out : (i+1)*d.out]
		}
		d.runBatch(xs, ys, b.g[:k])
		for i := range k {
			relu(ys[i])
		}
		xs, ys = ys, xs
		cur = 1 - cur
	}
	for i := range k {
		ys[i] = logits[i][:]
	}
	n.pi.runBatch(xs, ys, b.g[:k])
	if values == nil {
		return
	}
	values = values[:k]
	if n.value == nil {
		clear(values)
		return
	}
	for i := range k {
		ys[i] = values[i : i+1]
	}
	n.value.runBatch(xs, ys, b.g[:k])
}

// runBatch writes ys[s] = W xs[s] + b for every state s, reading each
// weight row once for the whole batch; each state's rows are added in
// run's order.
func (d *dense) runBatch(xs, ys [][]float32, g []rows) {
	for s := range ys {
		copy(ys[s], d.bias)
		g[s] = rows{y: ys[s]}
	}
	for i := range d.in {
		w := d.wt[i*d.out : (i+1)*d.out]
		for s, x := range xs {
			if v := x[i]; v != 0 {
				g[s].add(v, w)
			}
		}
	}
	for s := range g {
		g[s].flush()
		g[s].x = [4][]float32{}
	}
}
