package policy_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/paperio/paperio/policy"
	"github.com/paperio/paperio/policy/policytest"
)

// nets are architectures of every kind the format allows: strides, pads,
// kernels wider than the stride, several towers, no conv, no scalars, no
// hidden layer.
var nets = []struct {
	meta   string
	inputs [][3]int
}{
	{`{"towers": [{"view": "crop11", "conv": [{"out": 8, "k": 3, "stride": 1, "pad": 1}, {"out": 5, "k": 3, "stride": 2, "pad": 0}]}], "hidden": [16, 8]}`,
		[][3]int{{7, 11, 11}}},
	{`{"towers": [{"view": "full", "conv": [{"out": 6, "k": 4, "stride": 4}, {"out": 4, "k": 3, "stride": 2, "pad": 1}]}, {"view": "crop5"}], "hidden": [12]}`,
		[][3]int{{6, 23, 30}, {7, 5, 5}}},
	{`{"towers": [{"view": "full", "conv": [{"out": 3, "k": 5, "stride": 3, "pad": 2}]}], "scalars": false, "hidden": []}`,
		[][3]int{{6, 13, 17}}},
	{`{"towers": [], "hidden": [7, 5]}`, nil},
	{`{"towers": [{"view": "crop5"}], "hidden": [6], "value": false}`, [][3]int{{7, 5, 5}}},
}

func writeNet(t *testing.T, i int, seed uint64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.npz")
	if err := policytest.WriteRandom(path, nets[i].meta, nets[i].inputs, seed, 1); err != nil {
		t.Fatal(err)
	}
	return path
}

// reference is the network written plainly from the arrays, in torch's
// layouts: conv over (channel, row, column), flatten, linear: the logits
// and the value (0 without a value head).
func reference(arrays map[string]policytest.Array, m *policy.Meta, inputs [][3]int, planes [][]uint8, scalars []float32) ([3]float32, float32) {
	var feat []float32
	for t, tw := range m.Towers {
		c, h, w := inputs[t][0], inputs[t][1], inputs[t][2]
		x := make([]float32, len(planes[t]))
		for i, v := range planes[t] {
			x[i] = float32(v)
		}
		for i, cv := range tw.Conv {
			s := 1
			if cv.Stride != nil {
				s = *cv.Stride
			}
			wt := arrays[fmt.Sprintf("tower.%d.conv.%d.weight", t, i)].Data
			b := arrays[fmt.Sprintf("tower.%d.conv.%d.bias", t, i)].Data
			oh, ow := (h+2*cv.Pad-cv.K)/s+1, (w+2*cv.Pad-cv.K)/s+1
			y := make([]float32, cv.Out*oh*ow)
			for o := range cv.Out {
				for oy := range oh {
					for ox := range ow {
						sum := float64(b[o])
						for ci := range c {
							for ky := range cv.K {
								for kx := range cv.K {
									iy, ix := oy*s-cv.Pad+ky, ox*s-cv.Pad+kx
									if iy >= 0 && iy < h && ix >= 0 && ix < w {
										sum += float64(wt[((o*c+ci)*cv.K+ky)*cv.K+kx]) * float64(x[(ci*h+iy)*w+ix])
									}
								}
							}
						}
						y[(o*oh+oy)*ow+ox] = float32(math.Max(sum, 0))
					}
				}
			}
			x, c, h, w = y, cv.Out, oh, ow
		}
		feat = append(feat, x...)
	}
	if m.UseScalars() {
		feat = append(feat, scalars...)
	}
	linear := func(n string, x []float32, relu bool) []float32 {
		wt, b := arrays[n+".weight"], arrays[n+".bias"].Data
		out, in := wt.Shape[0], wt.Shape[1]
		y := make([]float32, out)
		for o := range out {
			sum := float64(b[o])
			for i := range in {
				sum += float64(wt.Data[o*in+i]) * float64(x[i])
			}
			if relu {
				sum = math.Max(sum, 0)
			}
			y[o] = float32(sum)
		}
		return y
	}
	for i := range m.Hidden {
		feat = linear(fmt.Sprintf("fc.%d", i), feat, true)
	}
	y := linear("pi", feat, false)
	var v float32
	if _, ok := arrays["v.weight"]; ok {
		v = linear("v", feat, false)[0]
	}
	return [3]float32{y[0], y[1], y[2]}, v
}

// TestLogitsMatchReference: the fast layouts give the plain network's
// logits and value, on random sparse planes and random scalars.
func TestLogitsMatchReference(t *testing.T) {
	for i, nt := range nets {
		for seed := uint64(1); seed <= 2; seed++ { // deflated and stored
			path := writeNet(t, i, seed)
			f, err := policy.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			arrays, _ := policytest.Random(nt.meta, nt.inputs, seed, 1)
			n, err := f.Net(nt.inputs)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := arrays["v.weight"]; n.HasValue() != ok || ok == strings.Contains(nt.meta, `"value": false`) {
				t.Fatalf("net %d: HasValue %v, the file has v.weight: %v", i, n.HasValue(), ok)
			}
			e := n.NewEval()
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			for range 50 {
				planes := make([][]uint8, len(nt.inputs))
				for tw := range planes {
					planes[tw] = e.Planes(tw)
					for k := range planes[tw] {
						planes[tw][k] = uint8(rng.IntN(3) / 2)
					}
				}
				sc := make([]float32, policy.NumScalars)
				for k := range sc {
					sc[k] = float32(rng.NormFloat64())
				}
				copy(e.Scalars(), sc)
				got, gotV := e.Run()
				want, wantV := reference(arrays, f.Meta, nt.inputs, planes, sc)
				for a := range got {
					if d := math.Abs(float64(got[a] - want[a])); d > 1e-5*(1+math.Abs(float64(want[a]))) {
						t.Fatalf("net %d: logits %v, want %v", i, got, want)
					}
				}
				if d := math.Abs(float64(gotV - wantV)); d > 1e-5*(1+math.Abs(float64(wantV))) {
					t.Fatalf("net %d: value %v, want %v", i, gotV, wantV)
				}
				if l := e.Logits(); l != got {
					t.Fatalf("net %d: Logits %v, Run's %v", i, l, got)
				}
			}
		}
	}
}

// A forward pass allocates nothing.
func TestLogitsDoNotAllocate(t *testing.T) {
	f, err := policy.Open(writeNet(t, 1, 3))
	if err != nil {
		t.Fatal(err)
	}
	n, err := f.Net(nets[1].inputs)
	if err != nil {
		t.Fatal(err)
	}
	e := n.NewEval()
	if a := testing.AllocsPerRun(20, func() { e.Run() }); a != 0 {
		t.Errorf("%v allocations per forward pass", a)
	}
}

// Files that do not fit are refused with what is wrong.
func TestRefuses(t *testing.T) {
	dir := t.TempDir()
	good, _ := policytest.Random(nets[0].meta, nets[0].inputs, 1, 1)
	meta := `{"format": "paperio-policy", "version": 1, "obs_version": 1, ` + nets[0].meta[1:]
	without := func(drop string) map[string]policytest.Array {
		out := map[string]policytest.Array{}
		for k, v := range good {
			if k != drop {
				out[k] = v
			}
		}
		return out
	}
	reshaped := without("")
	reshaped["fc.1.weight"] = policytest.Array{Shape: []int{8, 15}, Data: make([]float32, 120)}
	cases := []struct {
		name   string
		meta   string
		arrays map[string]policytest.Array
		want   string
	}{
		{"missing", meta, without("fc.0.bias"), "no array fc.0.bias"},
		{"value", strings.Replace(meta, `"hidden"`, `"value": true, "hidden"`, 1), without("v.weight"), "no array v.weight"},
		{"valueshape", meta, func() map[string]policytest.Array {
			a := without("")
			a["v.weight"] = policytest.Array{Shape: []int{2, 8}, Data: make([]float32, 16)}
			return a
		}(), `array v.weight has shape \[2 8\]; the meta wants \[1 8\]`},
		{"shape", meta, reshaped, `array fc.1.weight has shape \[8 15\]; the meta wants \[8 16\]`},
		{"format", strings.Replace(meta, "paperio-policy", "other", 1), good, `meta format "other": want "paperio-policy"`},
		{"version", strings.Replace(meta, `"version": 1`, `"version": 2`, 1), good, "meta version 2: this reader knows version 1"},
		{"json", "{not json", good, "meta is not a JSON object"},
		{"conv", strings.Replace(meta, `"out": 8`, `"out": 0`, 1), good, "tower 0 conv 0: out 0"},
		{"kernel", strings.Replace(meta, `"k": 3, "stride": 2`, `"k": 13, "stride": 2`, 1), good, "tower.0.conv.1: a 13x13 kernel with pad 0 does not fit its 11x11 input"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, c.name+".npz")
		if err := policytest.Write(path, []byte(c.meta), c.arrays, false); err != nil {
			t.Fatal(err)
		}
		err := open(path, nets[0].inputs)
		if err == nil || !regexp.MustCompile(c.want).MatchString(err.Error()) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		} else if !strings.Contains(err.Error(), c.name+".npz") {
			t.Errorf("%s: error %v does not name the file", c.name, err)
		}
	}
	for name, data := range map[string][]byte{
		"empty":   nil,
		"notzip":  []byte("PK but not a zip"),
		"fortran": []byte("x"),
	} {
		path := filepath.Join(dir, name+".npz")
		if name == "fortran" {
			npy := policytest.Npy("<f4", []int{1}, make([]byte, 4))
			npy = []byte(strings.Replace(string(npy), "'fortran_order': False", "'fortran_order': True ", 1))
			if err := policytest.WriteFiles(path, map[string][]byte{"meta": npy}, false); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := open(path, nets[0].inputs); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if err := open(filepath.Join(dir, "nofile.npz"), nil); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}

func open(path string, inputs [][3]int) error {
	f, err := policy.Open(path)
	if err != nil {
		return err
	}
	_, err = f.Net(inputs)
	if err != nil {
		return err
	}
	return nil
}
