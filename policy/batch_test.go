package policy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/paperio/paperio/policy"
)

// TestBatchEqualsEvals: a batch's logits and values are those of one Eval
// per state, bit for bit, for every architecture of nets, for a full batch
// and a part of one, on random sparse planes and scalars.
func TestBatchEqualsEvals(t *testing.T) {
	for i, nt := range nets {
		f, err := policy.Open(writeNet(t, i, 4))
		if err != nil {
			t.Fatal(err)
		}
		n, err := f.Net(nt.inputs)
		if err != nil {
			t.Fatal(err)
		}
		const size = 7
		b := n.NewBatch(size)
		if b.Size() != size {
			t.Fatalf("Size %d, want %d", b.Size(), size)
		}
		e := n.NewEval()
		rng := rand.New(rand.NewPCG(9, uint64(i)))
		for _, k := range []int{size, 3, 1} {
			for s := range k {
				for tw := range nt.inputs {
					p := b.Planes(s, tw)
					for j := range p {
						p[j] = uint8(rng.IntN(3) / 2)
					}
				}
				for j := range b.Scalars(s) {
					b.Scalars(s)[j] = float32(rng.NormFloat64())
				}
			}
			logits := make([][policy.NumActions]float32, k)
			values := make([]float32, k)
			for j := range values {
				values[j] = 99
			}
			b.Run(logits, values)
			distinct := map[[policy.NumActions]float32]bool{}
			for s := range k {
				for tw := range nt.inputs {
					copy(e.Planes(tw), b.Planes(s, tw))
				}
				copy(e.Scalars(), b.Scalars(s))
				want, wantV := e.Run()
				if logits[s] != want || values[s] != wantV {
					t.Fatalf("net %d, batch of %d, state %d: logits %v value %v, one Eval gives %v %v", i, k, s, logits[s], values[s], want, wantV)
				}
				distinct[want] = true
			}
			if len(distinct) != k {
				t.Errorf("net %d: %d distinct logits in %d states: a weak check", i, len(distinct), k)
			}
		}
		logits := make([][policy.NumActions]float32, size)
		values := make([]float32, size)
		if a := testing.AllocsPerRun(10, func() { b.Run(logits, values) }); a != 0 {
			t.Errorf("net %d: %v allocations per batch", i, a)
		}
	}
}
