package bots

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// ParamInfo documents one numeric parameter of a bot.
type ParamInfo struct {
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
	Params  []ParamInfo
}

// Param returns the parameter called name.
func (in Info) Param(name string) (ParamInfo, bool) {
	for _, p := range in.Params {
		if p.Name == name {
			return p, true
		}
	}
	return ParamInfo{}, false
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
func (p ParamInfo) rangeText() string {
	kind := "a number"
	if p.Int {
		kind = "a whole number"
	}
	return fmt.Sprintf("%s in %s..%s", kind, formatValue(p.Min), formatValue(p.Max))
}

// check reports what is wrong with value v for this parameter.
func (p ParamInfo) check(v float64) error {
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
}

// builtin is a registered built-in bot.
type builtin struct {
	info Info
	make func(p map[string]float64) Bot
}

var builtins = map[string]*builtin{}

// registerBuiltin adds a built-in bot; make receives every parameter, the
// defaults filled in. It is called from the init functions of this package.
func registerBuiltin(info Info, make func(p map[string]float64) Bot) {
	if _, dup := builtins[info.Name]; dup {
		panic("bots: built-in bot " + info.Name + " registered twice")
	}
	for _, p := range info.Params {
		if p.Doc == "" || p.Min > p.Max || p.check(p.Default) != nil {
			panic("bots: bad parameter " + info.Name + ":" + p.Name)
		}
	}
	builtins[info.Name] = &builtin{info: info, make: make}
}

// Catalog describes every built-in bot, sorted by name.
func Catalog() []Info {
	out := make([]Info, 0, len(builtins))
	for _, b := range builtins {
		in := b.info
		in.Params = append([]ParamInfo(nil), in.Params...)
		out = append(out, in)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// validNames lists the built-in bots and the registered prefixes for error
// messages.
func validNames() string {
	var n []string
	for k := range builtins {
		n = append(n, k)
	}
	sort.Strings(n)
	return strings.Join(n, ", ")
}

// Parse reads a spec: "name" or "name:key=value,key=value". Names and keys
// are case insensitive. Errors are one line and say what is valid.
func Parse(spec string) (Spec, error) {
	text := strings.TrimSpace(spec)
	if text == "" {
		return Spec{}, fmt.Errorf("empty bot spec; valid bots: %s", validNames())
	}
	name, rest, hasArg := strings.Cut(text, ":")
	name = strings.ToLower(strings.TrimSpace(name))
	b, ok := builtins[name]
	if !ok {
		return Spec{}, fmt.Errorf("unknown bot %q; valid bots: %s", name, validNames())
	}
	sp := Spec{Name: name}
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

// String is the canonical spec: the name, then only the parameters that
// differ from their defaults, sorted by key, so that specs of equal bots are
// equal strings. Parse(s.String()) gives the same bot back.
func (s Spec) String() string {
	b := builtins[s.Name]
	keys := make([]string, 0, len(s.Params))
	for k, v := range s.Params {
		if b != nil {
			if p, ok := b.info.Param(k); ok && v == p.Default {
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

// Value returns parameter name of a built-in bot's spec: the value given,
// else the default. ok is false for an unknown bot or parameter.
func (s Spec) Value(name string) (v float64, ok bool) {
	b := builtins[s.Name]
	if b == nil {
		return 0, false
	}
	p, ok := b.info.Param(name)
	if !ok {
		return 0, false
	}
	if v, given := s.Params[name]; given {
		return v, true
	}
	return p.Default, true
}

// New builds the player. A Spec built by hand is checked the way Parse
// checks text.
func (s Spec) New() (Bot, error) {
	b, ok := builtins[s.Name]
	if !ok {
		return nil, fmt.Errorf("unknown bot %q; valid bots: %s", s.Name, validNames())
	}
	vals := make(map[string]float64, len(b.info.Params))
	for _, p := range b.info.Params {
		vals[p.Name] = p.Default
	}
	for k, v := range s.Params {
		p, known := b.info.Param(k)
		if !known {
			return nil, fmt.Errorf("bot %s: unknown parameter %q; valid parameters: %s", s.Name, k, b.info.paramNames())
		}
		if err := p.check(v); err != nil {
			return nil, fmt.Errorf("bot %s: %v", s.Name, err)
		}
		vals[k] = v
	}
	return b.make(vals), nil
}

// Make parses spec and builds the player.
func Make(spec string) (Bot, error) {
	sp, err := Parse(spec)
	if err != nil {
		return nil, err
	}
	return sp.New()
}

// Close releases a player's resources if it holds any (io.Closer).
func Close(b Bot) error {
	if c, ok := b.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

func formatValue(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
