// Package policy reads the weights file of a learned paper.io policy
// (docs/POLICY.md: a numpy .npz whose meta array holds the architecture as
// JSON, written by the Python package's paperio.policy.save) and runs its
// network in float32: conv towers over observation planes, then Linear
// layers over their features and the scalars, then three action logits
// and, when the file has a value head, the state's value.
//
// The weights are laid out once, when the network is built, in the order
// the forward pass reads them; an Eval holds one caller's buffers, so that
// a forward pass allocates nothing. Inputs are 0/1 planes and activations
// after ReLU are often zero: every layer skips the zero inputs. Package rl
// plays a network as a paper.io player (rl.Policy).
package policy

import (
	"fmt"
	"os"
	"slices"
)

// File is a weights file read: its meta and its arrays.
type File struct {
	Path   string
	Meta   *Meta
	arrays map[string]*array
}

// Open reads and checks the weights file at path (its meta; the arrays'
// shapes are checked by Net).
func Open(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	arrays, err := readNpz(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	file, err := fromArrays(arrays)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	file.Path = path
	return file, nil
}

func fromArrays(arrays map[string]*array) (*File, error) {
	meta, ok := arrays["meta"]
	if !ok {
		return nil, fmt.Errorf("no meta array: not a policy weights file")
	}
	if meta.raw == nil {
		return nil, fmt.Errorf("the meta array is not uint8")
	}
	m, err := parseMeta(meta.raw)
	if err != nil {
		return nil, err
	}
	return &File{Meta: m, arrays: arrays}, nil
}

// Net is a network ready to run, for inputs of given shapes. It is read
// only: any number of Evals may run it at once.
type Net struct {
	inputs   [][3]int // each tower's planes: channels, rows, columns
	towers   []tower
	features int
	scalars  int // scalars joining the features: 0 or NumScalars
	hidden   []dense
	pi       dense
	value    *dense // the value head, nil when the file has none
}

// NumScalars is the number of scalars of an observation.
const NumScalars = 24

// NumActions is the number of logits: left, straight, right.
const NumActions = 3

type tower struct {
	convs []conv
	size  int // the tower's output: features it adds
	off   int // where its features start
}

// conv is a conv layer: its input (cin, h, w), its output (out, oh, ow),
// and its weights as wt[((ky·k + kx)·cin + c)·out + o], so that one input
// value meets its out weights in a row.
type conv struct {
	cin, h, w, out, oh, ow int
	k, stride, pad         int
	wt, bias               []float32
}

// dense is a Linear layer with its weights as wt[i·out + o].
type dense struct {
	in, out  int
	wt, bias []float32
}

// Net builds the network for towers whose planes have the shapes inputs
// (channels, rows, columns; one per tower of the meta), checking every
// array's shape against the meta. Its errors name the file.
func (f *File) Net(inputs [][3]int) (*Net, error) {
	n, err := f.net(inputs)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Path, err)
	}
	return n, nil
}

func (f *File) net(inputs [][3]int) (*Net, error) {
	m := f.Meta
	if len(inputs) != len(m.Towers) {
		return nil, fmt.Errorf("%d inputs for %d towers", len(inputs), len(m.Towers))
	}
	n := &Net{inputs: slices.Clone(inputs)}
	for t, tw := range m.Towers {
		c, h, w := inputs[t][0], inputs[t][1], inputs[t][2]
		var tr tower
		for i, cv := range tw.Conv {
			name := fmt.Sprintf("tower.%d.conv.%d", t, i)
			s := cv.stride()
			oh, ow := (h+2*cv.Pad-cv.K)/s+1, (w+2*cv.Pad-cv.K)/s+1
			if h+2*cv.Pad < cv.K || w+2*cv.Pad < cv.K {
				return nil, fmt.Errorf("%s: a %dx%d kernel with pad %d does not fit its %dx%d input", name, cv.K, cv.K, cv.Pad, h, w)
			}
			wt, err := f.get(name+".weight", cv.Out, c, cv.K, cv.K)
			if err != nil {
				return nil, err
			}
			bias, err := f.get(name+".bias", cv.Out)
			if err != nil {
				return nil, err
			}
			l := conv{cin: c, h: h, w: w, out: cv.Out, oh: oh, ow: ow, k: cv.K, stride: s, pad: cv.Pad, bias: bias}
			l.wt = make([]float32, len(wt))
			for o := range cv.Out {
				for ci := range c {
					for ky := range cv.K {
						for kx := range cv.K {
							l.wt[((ky*cv.K+kx)*c+ci)*cv.Out+o] = wt[((o*c+ci)*cv.K+ky)*cv.K+kx]
						}
					}
				}
			}
			tr.convs = append(tr.convs, l)
			c, h, w = cv.Out, oh, ow
		}
		tr.size, tr.off = c*h*w, n.features
		n.features += tr.size
		n.towers = append(n.towers, tr)
	}
	if m.UseScalars() {
		n.scalars = NumScalars
	}
	in := n.features + n.scalars
	for i, size := range m.Hidden {
		d, err := f.dense(fmt.Sprintf("fc.%d", i), in, size)
		if err != nil {
			return nil, err
		}
		n.hidden = append(n.hidden, d)
		in = size
	}
	var err error
	if n.pi, err = f.dense("pi", in, NumActions); err != nil {
		return nil, err
	}
	_, hasV := f.arrays["v.weight"]
	if m.Value != nil {
		hasV = *m.Value
	}
	if hasV {
		v, err := f.dense("v", in, 1)
		if err != nil {
			return nil, err
		}
		n.value = &v
	}
	return n, nil
}

// dense reads Linear layer name of in inputs and out outputs.
func (f *File) dense(name string, in, out int) (dense, error) {
	wt, err := f.get(name+".weight", out, in)
	if err != nil {
		return dense{}, err
	}
	bias, err := f.get(name+".bias", out)
	if err != nil {
		return dense{}, err
	}
	d := dense{in: in, out: out, bias: bias, wt: make([]float32, len(wt))}
	for o := range out {
		for i := range in {
			d.wt[i*out+o] = wt[o*in+i]
		}
	}
	return d, nil
}

// get is the float32 array name, which must have the shape want.
func (f *File) get(name string, want ...int) ([]float32, error) {
	a, ok := f.arrays[name]
	if !ok {
		return nil, fmt.Errorf("no array %s", name)
	}
	if a.data == nil {
		return nil, fmt.Errorf("array %s is not float32", name)
	}
	if !slices.Equal(a.shape, want) {
		return nil, fmt.Errorf("array %s has shape %v; the meta wants %v", name, a.shape, want)
	}
	return a.data, nil
}

// HasValue says whether the network has a value head (Eval.Run's value).
func (n *Net) HasValue() bool { return n.value != nil }

// Features is the number of inputs of the first Linear layer (or of pi).
func (n *Net) Features() int { return n.features + n.scalars }

// Eval is one caller's buffers to run a Net: it fills the planes and the
// scalars, then asks for the logits.
type Eval struct {
	n       *Net
	planes  [][]uint8
	scalars []float32
	act     [2][]float32 // conv activations, (row, column, channel), one layer after the other
	feat    []float32    // the features, then the scalars
	hid     [2][]float32
}

// NewEval makes the buffers for running n.
func (n *Net) NewEval() *Eval {
	e := &Eval{n: n, feat: make([]float32, n.Features())}
	e.scalars = e.feat[n.features:]
	most, wide := 0, 0
	for t, tr := range n.towers {
		in := n.inputs[t]
		e.planes = append(e.planes, make([]uint8, in[0]*in[1]*in[2]))
		for _, l := range tr.convs {
			most = max(most, l.out*l.oh*l.ow)
		}
	}
	for _, d := range n.hidden {
		wide = max(wide, d.out)
	}
	for i := range 2 {
		e.act[i] = make([]float32, most)
		e.hid[i] = make([]float32, wide)
	}
	return e
}

// HasValue says whether the network run has a value head.
func (e *Eval) HasValue() bool { return e.n.HasValue() }

// Planes is the buffer of tower t's planes (channels, rows, columns; 0 or
// 1), to be filled before Logits.
func (e *Eval) Planes(t int) []uint8 { return e.planes[t] }

// Scalars is the buffer of the scalars (empty when the network takes
// none), to be filled before Logits.
func (e *Eval) Scalars() []float32 { return e.scalars }

// Logits runs the network on the planes and scalars in the buffers.
func (e *Eval) Logits() [NumActions]float32 {
	logits, _ := e.Run()
	return logits
}

// Run runs the network on the planes and scalars in the buffers: the
// logits and the value head's output, read off the same last hidden layer
// (0 when the network has no value head).
func (e *Eval) Run() (logits [NumActions]float32, value float32) {
	n := e.n
	e.towers()
	x, cur := e.feat, 0
	for i := range n.hidden {
		d := &n.hidden[i]
		y := e.hid[cur][:d.out]
		d.run(x, y)
		relu(y)
		x, cur = y, 1-cur
	}
	n.pi.run(x, logits[:])
	if n.value != nil {
		var v [1]float32
		n.value.run(x, v[:])
		value = v[0]
	}
	return logits, value
}

// towers writes the features: each tower's output, flattened as torch
// flattens it, beside the scalars.
func (e *Eval) towers() {
	n := e.n
	for t, tr := range n.towers {
		feat := e.feat[tr.off : tr.off+tr.size]
		if len(tr.convs) == 0 {
			for i, v := range e.planes[t] {
				feat[i] = float32(v)
			}
			continue
		}
		cur := 0
		for i := range tr.convs {
			l := &tr.convs[i]
			out := e.act[cur][:l.out*l.oh*l.ow]
			if i == 0 {
				l.fromPlanes(e.planes[t], out)
			} else {
				l.fromFloats(e.act[1-cur][:l.cin*l.h*l.w], out)
			}
			cur = 1 - cur
		}
		// Torch flattens (channel, row, column): the last activations,
		// (row, column, channel), are turned as they are copied.
		l := &tr.convs[len(tr.convs)-1]
		last, hw := e.act[1-cur], l.oh*l.ow
		for p := range hw {
			px := last[p*l.out : (p+1)*l.out]
			for o, v := range px {
				feat[o*hw+p] = v
			}
		}
	}
}

// fromPlanes runs the layer on 0/1 planes (channel, row, column), writing
// (row, column, channel) activations after ReLU: each 1 adds its weights.
func (l *conv) fromPlanes(in []uint8, out []float32) {
	hw := l.h * l.w
	for oy := range l.oh {
		iy0 := oy*l.stride - l.pad
		ky0, ky1 := max(0, -iy0), min(l.k, l.h-iy0)
		for ox := range l.ow {
			ix0 := ox*l.stride - l.pad
			kx0, kx1 := max(0, -ix0), min(l.k, l.w-ix0)
			acc := out[(oy*l.ow+ox)*l.out : (oy*l.ow+ox+1)*l.out]
			copy(acc, l.bias)
			g := rows{y: acc}
			for ky := ky0; ky < ky1; ky++ {
				for kx := kx0; kx < kx1; kx++ {
					at := (iy0+ky)*l.w + ix0 + kx
					row := (ky*l.k + kx) * l.cin * l.out
					for c := range l.cin {
						if in[c*hw+at] != 0 {
							g.add(1, l.wt[row+c*l.out:row+(c+1)*l.out])
						}
					}
				}
			}
			g.flush()
			relu(acc)
		}
	}
}

// fromFloats runs the layer on (row, column, channel) activations.
func (l *conv) fromFloats(in []float32, out []float32) {
	for oy := range l.oh {
		iy0 := oy*l.stride - l.pad
		ky0, ky1 := max(0, -iy0), min(l.k, l.h-iy0)
		for ox := range l.ow {
			ix0 := ox*l.stride - l.pad
			kx0, kx1 := max(0, -ix0), min(l.k, l.w-ix0)
			acc := out[(oy*l.ow+ox)*l.out : (oy*l.ow+ox+1)*l.out]
			copy(acc, l.bias)
			g := rows{y: acc}
			for ky := ky0; ky < ky1; ky++ {
				for kx := kx0; kx < kx1; kx++ {
					at := ((iy0+ky)*l.w + ix0 + kx) * l.cin
					row := (ky*l.k + kx) * l.cin * l.out
					for c, v := range in[at : at+l.cin] {
						if v != 0 {
							g.add(v, l.wt[row+c*l.out:row+(c+1)*l.out])
						}
					}
				}
			}
			g.flush()
			relu(acc)
		}
	}
}

// run writes y = W x + b.
func (d *dense) run(x, y []float32) {
	copy(y, d.bias)
	g := rows{y: y}
	for i, v := range x[:d.in] {
		if v != 0 {
			g.add(v, d.wt[i*d.out:(i+1)*d.out])
		}
	}
	g.flush()
}

func relu(x []float32) {
	for i, v := range x {
		if v < 0 {
			x[i] = 0
		}
	}
}

// rows adds weighted rows to y four at a time, so that y is read and
// written once for four rows: the forward pass's inner loop.
type rows struct {
	y []float32
	a [4]float32
	x [4][]float32
	n int
}

// add adds a·x to y (x as long as y), now or with the next three.
func (g *rows) add(a float32, x []float32) {
	g.a[g.n], g.x[g.n] = a, x
	g.n++
	if g.n == 4 {
		axpy4(g.y, &g.a, g.x[0], g.x[1], g.x[2], g.x[3])
		g.n = 0
	}
}

// flush adds the rows left.
func (g *rows) flush() {
	for k := range g.n {
		axpy(g.y, g.a[k], g.x[k])
	}
	g.n = 0
}

// axpy4 adds a[0]·x0 + … + a[3]·x3 to y.
func axpy4(y []float32, a *[4]float32, x0, x1, x2, x3 []float32) {
	n := len(y)
	x0, x1, x2, x3 = x0[:n], x1[:n], x2[:n], x3[:n]
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
	for i := range y {
		y[i] += a0*x0[i] + a1*x1[i] + a2*x2[i] + a3*x3[i]
	}
}

// axpy adds a·x to y (len(y) values).
func axpy(y []float32, a float32, x []float32) {
	x = x[:len(y)]
	for i := range y {
		y[i] += a * x[i]
	}
}
