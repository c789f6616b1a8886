package plots

import (
	"image/color"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/label"
)

// MaxDirect is the most players a panel names by labels next to their
// points; a panel with more marks each point with a number (or, with
// label.ModeInitial, its initial) keyed to a list beside the chart.
const MaxDirect = 12

// player is one player of a bars or dots chart as drawn.
type player struct {
	spec   string
	name   string // label.ModeShort or label.ModeSpec name: in labels and the key
	mark   string // what names the point: the name, a number or an initial
	colour color.NRGBA
	shape  draw.GlyphDrawer
	hi     bool // highlighted
}

// glyph is the player's glyph style at radius r; players that are not
// highlighted while others are are grey.
func (p *player) glyph(r vg.Length, dim bool) draw.GlyphStyle {
	c := p.colour
	if dim {
		c = grey
	}
	return draw.GlyphStyle{Color: c, Radius: r, Shape: p.shape}
}

// cast is the players of a chart, in the order of the key.
type cast struct {
	list    []*player
	by      map[string]*player
	keyed   bool // points are marked by number or initial, and a key names them
	initial bool // marks are initials
	anyHi   bool
	hiName  string
}

// newCast names and styles the players (specs, in key order): colour and
// shape by position, names in o's label mode. keyed says whether the
// panels have more players than MaxDirect.
func newCast(specs []string, o Options, keyed bool) *cast {
	mode := o.labelMode()
	names := specs
	if mode != label.ModeSpec {
		names = label.Short(specs)
	}
	var initials []string
	if mode == label.ModeInitial {
		initials = label.Initial(specs)
	}
	hi := map[string]bool{}
	for _, h := range o.Highlight {
		hi[h] = true
	}
	c := &cast{by: map[string]*player{}, keyed: keyed, initial: mode == label.ModeInitial, anyHi: len(hi) > 0, hiName: o.HighlightName}
	if c.hiName == "" {
		c.hiName = "highlighted"
	}
	for i, s := range specs {
		p := &player{
			spec: s, name: names[i], mark: names[i],
			colour: Palette[i%len(Palette)],
			shape:  Shapes[(i/len(Palette))%len(Shapes)],
			hi:     hi[s],
		}
		switch {
		case c.initial:
			p.mark = initials[i]
		case keyed:
			p.mark = strconv.Itoa(i + 1)
		}
		c.list = append(c.list, p)
		c.by[s] = p
	}
	return c
}

// setKeyed switches to marking points by number (or initial) with a key.
func (c *cast) setKeyed() {
	c.keyed = true
	for i, p := range c.list {
		if !c.initial {
			p.mark = strconv.Itoa(i + 1)
		}
	}
}

// hasKey reports whether the chart lists its players beside the panels.
func (c *cast) hasKey() bool { return c.keyed || c.initial }

// dim reports whether p is drawn in grey.
func (c *cast) dim(p *player) bool { return c.anyHi && !p.hi }

// keyOrder returns the players of the panels in the order of the key:
// by panel of first appearance, then by name in the given label mode.
func keyOrder(panels [][]string, o Options) []string {
	var all []string
	seen := map[string]bool{}
	for _, ps := range panels {
		for _, s := range ps {
			if !seen[s] {
				seen[s] = true
				all = append(all, s)
			}
		}
	}
	names := all
	if o.labelMode() != label.ModeSpec {
		names = label.Short(all)
	}
	nameOf := map[string]string{}
	for i, s := range all {
		nameOf[s] = names[i]
	}
	first := map[string]int{}
	for i := len(panels) - 1; i >= 0; i-- {
		for _, s := range panels[i] {
			first[s] = i
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if first[a] != first[b] {
			return first[a] < first[b]
		}
		if nameOf[a] != nameOf[b] {
			return naturalLess(nameOf[a], nameOf[b])
		}
		return a < b
	})
	return all
}

// naturalLess orders strings with their runs of digits compared as
// numbers, so that goround w=2 comes before goround w=10.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

// digits is the length of the run of ASCII digits that starts s.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
