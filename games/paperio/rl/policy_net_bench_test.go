package rl

import (
	"runtime"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/policy"
)

// trainerNet is the network paperio.train builds by default (view
// crop11+global15, hidden 256,128, a value head): the crop and the global
// map, without convolutions, into an MLP.
const trainerNet = `{"towers": [{"view": "crop11", "conv": []}, {"view": "global15", "conv": []}], "hidden": [256, 128], "value": true}`

// BenchmarkPolicyNet measures the trainer's default network's evaluations
// per second (forward pass only: the observations are written
// beforehand, from states of the benchmark's bot games), one Eval at a
// time, beside its limit: the network's multiply-adds per
// evaluation at the rate a plain float32 multiply-add loop reaches on this
// core, measured in the same run. Rates are per second of the thread's CPU
// time, which other processes do not inflate. Metrics: evals/s,
// MAC/eval (every weight), nzMAC/eval (the weights the forward pass
// multiplies: inputs that are 0 are skipped), peak-MAC/s (the loop in
// registers), axpy-MAC/s (the loop over a vector in the L1 cache, the
// forward pass's inner loop), limit-evals/s (peak-MAC/s over MAC/eval),
// %peak (evals/s over limit-evals/s) and nz%peak (the multiply-adds done,
// nzMAC/eval, per second over peak-MAC/s). On 0/1 planes most inputs are
// 0: the forward pass skips them and beats the dense limit. The weights
// (3 MB) stay in the cache, so that evaluating states in batches (each
// weight row read once for the batch, measured while it was written) was
// no faster, 24.8k-27.3k against 28.5k evals/s: the search calls one
// evaluation at a time.
func BenchmarkPolicyNet(b *testing.B) {
	c := paperio.DefaultConfig()
	views, err := LoadPolicyMeta(trainerNet)
	if err != nil {
		b.Fatal(err)
	}
	p, err := LoadPolicy(writePolicy(b, trainerNet, c, 1))
	if err != nil {
		b.Fatal(err)
	}
	net, err := p.Net(c)
	if err != nil {
		b.Fatal(err)
	}
	// The observations: planes of each tower and the scalars, per state.
	games, err := recordBenchGames()
	if err != nil {
		b.Fatal(err)
	}
	type obs struct {
		planes  [][]uint8
		scalars []float32
	}
	var all []obs
	var gs globalScratch
	var fb fullBoard
	for _, g := range games {
		s := g.start.Clone()
		for i, a := range g.actions {
			if i%10 == 0 {
				o := obs{scalars: make([]float32, NumScalars)}
				for t, v := range views {
					o.planes = append(o.planes, make([]uint8, v.Size(c)))
					observePlanes(v, &fb, &gs, s, s.ToMove(), o.planes[t])
				}
				Scalars(s, s.ToMove(), o.scalars)
				all = append(all, o)
			}
			s.Step(a)
		}
	}
	// The multiply-adds per evaluation: every weight of the Linear layers
	// and the heads, and those the zero inputs let the forward pass skip.
	macs, nz := 0, 0.0
	in := net.Features()
	layers := append(append([]int{}, p.file.Meta.Hidden...), policy.NumActions+1)
	for l, out := range layers {
		macs += in * out
		if l > 0 {
			nz += float64(in * out) // hidden activations: counted whole
		}
		in = out
	}
	for _, o := range all {
		ones := 0
		for _, pl := range o.planes {
			for _, v := range pl {
				ones += int(v)
			}
		}
		for _, v := range o.scalars {
			if v != 0 {
				ones++
			}
		}
		nz += float64(ones*p.file.Meta.Hidden[0]) / float64(len(all))
	}
	peak := macRate(chainLoop)
	axpyRate := macRate(axpyLoop)
	report := func(b *testing.B, evals int, cpu time.Duration) {
		rate := float64(evals) / cpu.Seconds()
		b.ReportMetric(rate, "evals/s")
		b.ReportMetric(float64(macs), "MAC/eval")
		b.ReportMetric(nz, "nzMAC/eval")
		b.ReportMetric(peak, "peak-MAC/s")
		b.ReportMetric(axpyRate, "axpy-MAC/s")
		b.ReportMetric(peak/float64(macs), "limit-evals/s")
		b.ReportMetric(100*rate*float64(macs)/peak, "%peak")
		b.ReportMetric(100*rate*nz/peak, "nz%peak")
	}
	b.Run("single", func(b *testing.B) {
		e := net.NewEval()
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start, i := threadCPU(), 0
		for b.Loop() {
			o := &all[i]
			for t := range o.planes {
				copy(e.Planes(t), o.planes[t])
			}
			copy(e.Scalars(), o.scalars)
			e.Run()
			i = (i + 1) % len(all)
		}
		report(b, b.N, threadCPU()-start)
	})
}

// macRate is the multiply-adds per second of CPU time of loop, run for
// about a fifth of a second (loop(n) does n rounds and returns the
// multiply-adds it did and a result, kept so that the loop is not
// dropped).
func macRate(loop func(n int) (int, float32)) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	n := 1 << 10
	for {
		start := threadCPU()
		macs, r := loop(n)
		cpu := threadCPU() - start
		if r != r { // NaN: never; uses r
			panic("NaN")
		}
		if cpu > 200*time.Millisecond {
			return float64(macs) / cpu.Seconds()
		}
		n *= 2
	}
}

// chainLoop is a plain float32 multiply-add loop in registers: twelve
// independent chains s = s·a + c, enough to hide the latency of the
// multiply and the add, so that their throughput bounds it.
//
//go:noinline
func chainLoop(n int) (int, float32) {
	a, c := float32(0.5), float32(1)
	s0, s1, s2, s3, s4, s5 := float32(0), float32(1), float32(2), float32(3), float32(4), float32(5)
	s6, s7, s8, s9, s10, s11 := float32(6), float32(7), float32(8), float32(9), float32(10), float32(11)
	for range n {
		s0, s1, s2, s3, s4, s5 = s0*a+c, s1*a+c, s2*a+c, s3*a+c, s4*a+c, s5*a+c
		s6, s7, s8, s9, s10, s11 = s6*a+c, s7*a+c, s8*a+c, s9*a+c, s10*a+c, s11*a+c
	}
	return 12 * n, s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7 + s8 + s9 + s10 + s11
}

// axpyLoop is y += a·x over 256 float32 (a row of the first hidden
// layer), both in the L1 cache: the forward pass's inner loop without its
// memory traffic.
func axpyLoop(n int) (int, float32) {
	var x, y [256]float32
	for i := range x {
		x[i] = float32(i) / 256
	}
	a := float32(0.5)
	for range n {
		axpyPlain(y[:], a, x[:])
		a = -a
	}
	return 256 * n, y[7]
}

//go:noinline
func axpyPlain(y []float32, a float32, x []float32) {
	x = x[:len(y)]
	for i := range y {
		y[i] += a * x[i]
	}
}
