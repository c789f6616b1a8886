// Package botspec reads and writes the specs that name built-in bots, for
// every game: "name" or "name:key=value,key=value", each parameter checked
// against the bot's documented range. A game keeps one Catalog of its bots;
// a spec's canonical form (String) leaves defaults out and sorts the rest,
// so that equal bots have equal specs.
package botspec

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Param documents one numeric parameter of a bot.
type Param struct {
	Name    string
	Default float64
	Min     float64 // smallest allowed value (inclusive)
	Max     float64 // largest allowed value (inclusive)
	Int     bool    // only whole numbers are allowed
	Doc     string
}

// Info describes a built-in bot: its spec name, one line on how it plays and
// its parameters.
type Info struct {
	Name    string
	Summary string
	Params  []Param
}

// Param returns the parameter called name.
func (in Info) Param(name string) (Param, bool) {
	for _, p := range in.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// String is the bot on one line: name, summary, then every parameter with
// its default and range.
func (in Info) String() string {
	var sb strings.Builder
	sb.WriteString(in.Name)
	sb.WriteString("  ")
	sb.WriteString(in.Summary)
	for i, p := range in.Params {
		if i == 0 {
			sb.WriteString("  params:")
		}
		fmt.Fprintf(&sb, " %s=%s [%s..%s]", p.Name, formatValue(p.Default), formatValue(p.Min), formatValue(p.Max))
	}
	return sb.String()
}

// paramNames lists the bot's parameter names, in catalog order.
func (in Info) paramNames() string {
	if len(in.Params) == 0 {
		return "none"
	}
	n := make([]string, len(in.Params))
	for i, p := range in.Params {
		n[i] = p.Name
	}
	return strings.Join(n, ", ")
}

// rangeText says which values a parameter takes.
func (p Param) rangeText() string {
	kind := "a number"
	if p.Int {
		kind = "a whole number"
	}
	return fmt.Sprintf("%s in %s..%s", kind, formatValue(p.Min), formatValue(p.Max))
}

// check reports what is wrong with value v for this parameter.
func (p Param) check(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < p.Min || v > p.Max || (p.Int && v != math.Trunc(v)) {
		return fmt.Errorf("parameter %s=%s is out of range: want %s", p.Name, formatValue(v), p.rangeText())
	}
	return nil
}

// Spec names a built-in bot with its parameters ("heuristic:margin=3").
type Spec struct {
	Name string
	// Params holds the parameters given; a parameter that is missing takes
	// its default.
	Params map[string]float64
	info   *Info // the bot's description, when the spec came from a Catalog
}

// String is the canonical spec: the name, then only the parameters that
// differ from their defaults, sorted by key, so that specs of equal bots are
// equal strings. Parsing it gives the same bot back.
func (s Spec) String() string {
	keys := make([]string, 0, len(s.Params))
	for k, v := range s.Params {
		if s.info != nil {
			if p, ok := s.info.Param(k); ok && v == p.Default {
				continue
			}
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return s.Name
	}
	sort.Strings(keys)
	var sb strings.Builder
	sb.WriteString(s.Name)
	for i, k := range keys {
		if i == 0 {
			sb.WriteByte(':')
		} else {
			sb.WriteByte(',')
		}
		sb.WriteString(k)
		sb.WriteByte('=')
		sb.WriteString(formatValue(s.Params[k]))
	}
	return sb.String()
}

// Value returns a parameter of the spec: the value given, else the
// default. ok is false for a parameter the bot does not have.
func (s Spec) Value(name string) (v float64, ok bool) {
	if s.info == nil {
		v, ok = s.Params[name]
		return v, ok
	}
	p, ok := s.info.Param(name)
	if !ok {
		return 0, false
	}
	if v, given := s.Params[name]; given {
		return v, true
	}
	return p.Default, true
}

// Values reads a canonical spec's name and parameters without a catalog
// (a parameter left out has its default, which the caller knows).
func Values(spec string) (name string, params map[string]float64, err error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	params = map[string]float64{}
	if strings.TrimSpace(rest) == "" {
		return name, params, nil
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, ok := strings.Cut(kv, "=")
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if !ok || err != nil {
			return "", nil, fmt.Errorf("spec %q: %q is not key=number", spec, kv)
		}
		params[strings.TrimSpace(k)] = x
	}
	return name, params, nil
}

// Catalog is a game's built-in bots of type B.
type Catalog[B any] struct {
	bots map[string]*entry[B]
}

type entry[B any] struct {
	info Info
	make func(p map[string]float64) B
}

// Register adds a bot; make receives every parameter, the defaults filled
// in. A bot registered twice, or a parameter without a doc or with its
// default out of range, panics (a mistake in the program).
func (c *Catalog[B]) Register(info Info, make func(p map[string]float64) B) {
	if c.bots == nil {
		c.bots = map[string]*entry[B]{}
	}
	if _, dup := c.bots[info.Name]; dup {
		panic("botspec: bot " + info.Name + " registered twice")
	}
	for _, p := range info.Params {
		if p.Doc == "" || p.Min > p.Max || p.check(p.Default) != nil {
			panic("botspec: bad parameter " + info.Name + ":" + p.Name)
		}
	}
	c.bots[info.Name] = &entry[B]{info: info, make: make}
}

// Infos describes every bot, sorted by name.
func (c *Catalog[B]) Infos() []Info {
	out := make([]Info, 0, len(c.bots))
	for _, b := range c.bots {
		in := b.info
		in.Params = append([]Param(nil), in.Params...)
		out = append(out, in)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// names lists the bots for error messages.
func (c *Catalog[B]) names() string {
	var n []string
	for k := range c.bots {
		n = append(n, k)
	}
	sort.Strings(n)
	return strings.Join(n, ", ")
}

// Parse reads a spec: "name" or "name:key=value,key=value". Names and keys
// are case insensitive. Errors are one line and say what is valid.
func (c *Catalog[B]) Parse(spec string) (Spec, error) {
	text := strings.TrimSpace(spec)
	if text == "" {
		return Spec{}, fmt.Errorf("empty bot spec; valid bots: %s", c.names())
	}
	name, rest, hasArg := strings.Cut(text, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	b, ok := c.bots[name]
	if !ok {
		return Spec{}, fmt.Errorf("unknown bot %q; valid bots: %s", name, c.names())
	}
	sp := Spec{Name: name, info: &b.info}
	if !hasArg || strings.TrimSpace(rest) == "" {
		return sp, nil
	}
	sp.Params = map[string]float64{}
	for _, kv := range strings.Split(rest, ",") {
		k, v, hasValue := strings.Cut(kv, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		p, known := b.info.Param(k)
		if !known {
			if k == "" {
				return Spec{}, fmt.Errorf("bot %s: empty parameter in %q; valid parameters: %s", name, spec, b.info.paramNames())
			}
			return Spec{}, fmt.Errorf("bot %s: unknown parameter %q; valid parameters: %s", name, k, b.info.paramNames())
		}
		if !hasValue || v == "" {
			return Spec{}, fmt.Errorf("bot %s: parameter %s needs a value (%s=VALUE, %s)", name, k, k, p.rangeText())
		}
		if _, dup := sp.Params[k]; dup {
			return Spec{}, fmt.Errorf("bot %s: parameter %s given twice", name, k)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return Spec{}, fmt.Errorf("bot %s: parameter %s=%q is not a number: want %s", name, k, v, p.rangeText())
		}
		if err := p.check(x); err != nil {
			return Spec{}, fmt.Errorf("bot %s: %v", name, err)
		}
		sp.Params[k] = x
	}
	return sp, nil
}

// Spec is the spec of bot name with params, checked as Parse checks text.
func (c *Catalog[B]) Spec(name string, params map[string]float64) (Spec, error) {
	b, ok := c.bots[name]
	if !ok {
		return Spec{}, fmt.Errorf("unknown bot %q; valid bots: %s", name, c.names())
	}
	for k, v := range params {
		p, known := b.info.Param(k)
		if !known {
			return Spec{}, fmt.Errorf("bot %s: unknown parameter %q; valid parameters: %s", name, k, b.info.paramNames())
		}
		if err := p.check(v); err != nil {
			return Spec{}, fmt.Errorf("bot %s: %v", name, err)
		}
	}
	return Spec{Name: name, Params: params, info: &b.info}, nil
}

// New builds the bot of a spec (from Parse or Spec).
func (c *Catalog[B]) New(s Spec) (B, error) {
	var zero B
	s, err := c.Spec(s.Name, s.Params)
	if err != nil {
		return zero, err
	}
	b := c.bots[s.Name]
	vals := make(map[string]float64, len(b.info.Params))
	for _, p := range b.info.Params {
		vals[p.Name] = p.Default
	}
	for k, v := range s.Params {
		vals[k] = v
	}
	return b.make(vals), nil
}

// Make parses spec and builds the bot.
func (c *Catalog[B]) Make(spec string) (B, error) {
	sp, err := c.Parse(spec)
	if err != nil {
		var zero B
		return zero, err
	}
	return c.New(sp)
}

func formatValue(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// SplitList splits a comma-separated list of specs. A spec's own parameters
// are comma-separated too ("heuristic:a=1,b=2"), so an item whose text before
// any ':' holds '=' continues the spec before it.
func SplitList(list string) []string {
	var out []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		first, _, _ := strings.Cut(p, ":")
		if len(out) > 0 && strings.Contains(first, "=") {
			out[len(out)-1] += "," + p
			continue
		}
		out = append(out, p)
	}
	return out
}
