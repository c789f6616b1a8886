package bots

import (
	"math"
	"strings"
	"testing"

	"github.com/paperio/paperio/botspec"
)

func TestParseRoundTrip(t *testing.T) {
	cases := []struct{ in, want string }{
		{"random", "random"},
		{" Random ", "random"},
		{"goround", "goround"},
		{"goround:", "goround"},
		{"goround:w=8", "goround"}, // the default is left out
		{"goround:w=08,h=8", "goround"},
		{"goround:h=5,w=6", "goround:h=5,w=6"},
		{"goround:w=6,h=5", "goround:h=5,w=6"},
		{"GoRound: W = 6 ", "goround:w=6"},
		{"heuristic:risk=0.25,margin=3", "heuristic:margin=3,risk=0.25"},
		{"heuristic:risk=1.0", "heuristic"},
		{"heuristic:slack=-2", "heuristic:slack=-2"},
		{"wanderer:max=40,start=2", "wanderer:max=40,start=2"},
	}
	for _, c := range cases {
		sp, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := sp.String(); got != c.want {
			t.Errorf("Parse(%q).String() = %q, want %q", c.in, got, c.want)
		}
		again, err := Parse(sp.String())
		if err != nil || again.String() != sp.String() {
			t.Errorf("Parse(%q) = %v, %v: does not round-trip", sp.String(), again, err)
		}
		if _, err := New(sp); err != nil {
			t.Errorf("%q.New(): %v", c.in, err)
		}
	}
	// Value reads given values and defaults.
	sp, _ := Parse("heuristic:margin=3")
	if v, ok := sp.Value("margin"); !ok || v != 3 {
		t.Errorf("Value(margin) = %v, %v", v, ok)
	}
	if v, ok := sp.Value("risk"); !ok || v != 1 {
		t.Errorf("Value(risk) = %v, %v", v, ok)
	}
	if _, ok := sp.Value("nope"); ok {
		t.Error("Value of an unknown parameter is ok")
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "valid bots: cutter, goround, heuristic, random, search, wanderer"},
		{"nosuch", `unknown bot "nosuch"; valid bots: cutter, goround, heuristic, random, search, wanderer`},
		{"nosuch:x=1", `unknown bot "nosuch"`},
		{"goround:x=1", `bot goround: unknown parameter "x"; valid parameters: w, h`},
		{"random:x=1", `bot random: unknown parameter "x"; valid parameters: none`},
		{"goround:w", "parameter w needs a value (w=VALUE, a whole number in 1..100)"},
		{"goround:w=", "parameter w needs a value"},
		{"goround:w=abc", `parameter w="abc" is not a number: want a whole number in 1..100`},
		{"goround:w=0", "parameter w=0 is out of range: want a whole number in 1..100"},
		{"goround:w=101", "out of range: want a whole number in 1..100"},
		{"goround:w=2.5", "parameter w=2.5 is out of range: want a whole number in 1..100"},
		{"goround:w=NaN", "out of range"},
		{"goround:w=Inf", "out of range"},
		{"heuristic:risk=1.5", "parameter risk=1.5 is out of range: want a number in 0..1"},
		{"goround:w=3,w=4", "parameter w given twice"},
		{"goround:w=3,,h=2", "empty parameter"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q): no error", c.in)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %q, want it to contain %q", c.in, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): error is more than one line: %q", c.in, err)
		}
		if _, err := Make(c.in); err == nil {
			t.Errorf("Make(%q): no error", c.in)
		}
	}
}

func TestSpecNewChecks(t *testing.T) {
	bad := []botspec.Spec{
		{Name: "nosuch"},
		{Name: "goround", Params: map[string]float64{"w": 0}},
		{Name: "goround", Params: map[string]float64{"w": 1.5}},
		{Name: "goround", Params: map[string]float64{"q": 1}},
		{Name: "heuristic", Params: map[string]float64{"risk": math.NaN()}},
	}
	for _, sp := range bad {
		if _, err := New(sp); err == nil {
			t.Errorf("%+v.New(): no error", sp)
		}
	}
	b, err := New(botspec.Spec{Name: "goround", Params: map[string]float64{"w": 3, "h": 4}})
	if err != nil {
		t.Fatal(err)
	}
	if g := b.(*goRound); g.w != 3 || g.h != 4 {
		t.Errorf("goround built with w=%d h=%d, want 3 and 4", g.w, g.h)
	}
	b, err = New(botspec.Spec{Name: "heuristic", Params: map[string]float64{"margin": 5}})
	if err != nil {
		t.Fatal(err)
	}
	if h := b.(*heuristic); h.margin != 5 || h.maxBand != 150 {
		t.Errorf("heuristic built with margin=%d maxband=%d, want 5 and the default 150", h.margin, h.maxBand)
	}
}

// closingBot is a player that holds a resource.
type closingBot struct {
	randomBot
	closed bool
}

func (c *closingBot) Close() error { c.closed = true; return nil }

func TestClose(t *testing.T) {
	b := &closingBot{}
	if err := Close(b); err != nil || !b.closed {
		t.Errorf("Close: %v, closed %v", err, b.closed)
	}
	if err := Close(&randomBot{}); err != nil {
		t.Errorf("Close of a bot without resources: %v", err)
	}
}

func TestCatalog(t *testing.T) {
	cat := Catalog()
	var names []string
	for _, in := range cat {
		names = append(names, in.Name)
		if in.Summary == "" {
			t.Errorf("%s has no summary", in.Name)
		}
		line := in.String()
		if strings.Contains(line, "\n") || !strings.HasPrefix(line, in.Name+" ") {
			t.Errorf("%s: Info line %q", in.Name, line)
		}
		for _, p := range in.Params {
			if p.Doc == "" || !(p.Min <= p.Default && p.Default <= p.Max) {
				t.Errorf("%s:%s: doc %q, default %v, range %v..%v", in.Name, p.Name, p.Doc, p.Default, p.Min, p.Max)
			}
			if !strings.Contains(line, p.Name+"=") {
				t.Errorf("%s: Info line misses %s: %q", in.Name, p.Name, line)
			}
		}
		if _, err := New(botspec.Spec{Name: in.Name}); err != nil {
			t.Errorf("%s: %v", in.Name, err)
		}
	}
	if got := strings.Join(names, ","); got != "cutter,goround,heuristic,random,search,wanderer" {
		t.Errorf("Catalog names = %s", got)
	}
	// The catalog is a copy.
	cat[0].Params = append(cat[0].Params[:0], botspec.Param{Name: "changed"})
	if _, ok := Catalog()[0].Param("changed"); ok {
		t.Error("changing the catalog changed the registry")
	}
}

// Every bot satisfies the interface and builds from its name.
var _ = []Bot{&randomBot{}, &goRound{}, &wanderer{}, &heuristic{}}
