// Package label names players for people. A player is known to the program
// by its spec (`py:teams/t_team/t_team.py`, `heuristic:maxband=100,margin=2`);
// charts, tables and reports show it as the spec itself, as a short label
// (the file stem of a Python AI, a bot's name with its parameters) or as an
// initial of one or two letters, the course's style for marking teams on a
// chart.
//
// Labels are made for a whole set of players at once, because a label must
// tell its player apart from the others in the set: distinct specs always
// get distinct labels, equal specs equal labels. The package depends on
// nothing but the standard library.
package label

import (
	"fmt"
	"sort"
	"strings"
)

// Mode is how players are named.
type Mode string

const (
	ModeSpec    Mode = "spec"    // the spec as given
	ModeShort   Mode = "short"   // Short
	ModeInitial Mode = "initial" // Initial
)

// Modes lists the modes in the order help text shows them.
var Modes = []Mode{ModeSpec, ModeShort, ModeInitial}

// ParseMode reads a mode name.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown label mode %q (want spec, short or initial)", s)
}

// Names labels specs in mode m; out[i] names specs[i].
func Names(m Mode, specs []string) []string {
	switch m {
	case ModeShort:
		return Short(specs)
	case ModeInitial:
		return Initial(specs)
	}
	return Spec(specs)
}

// Spec returns the specs as they are (a copy).
func Spec(specs []string) []string {
	return append([]string(nil), specs...)
}

// MaxShort is the length beyond which Short abbreviates a bot's parameter
// names, then its name.
const MaxShort = 24

// Short returns a short, unique label per spec:
//
//   - a spec with a path argument (`py:dir/t_team.py`) is the file's stem,
//     `t_team`, when the file is the player (`py:`, `exec:`, `policy:`); a player built
//     around a file, such as a search guided by a network
//     (`netsearch:guide=2:runs/r1/policy.npz`), keeps its kind and
//     parameters before the stem, `netsearch guide=2 policy`, so that it is
//     not taken for the file's own player;
//   - a bot spec is its name followed by its parameters, `heuristic
//     maxband=100`; one longer than MaxShort has its parameter names cut to
//     the shortest prefix of at least three letters that still tells them
//     apart among the same bot's parameters in the set, then its name to
//     four letters (`heur dep=2 max=100 mar=2`);
//   - anything else stays as it is.
//
// Distinct specs whose labels clash are told apart by the folders above the
// file (`a/ai`, `b/ai`), and failing that by a number in the order of the
// sorted specs (`t_team`, `t_team#2`).
func Short(specs []string) []string {
	distinct := sortedSet(specs)
	abbrev := keyAbbreviations(distinct)
	labels := make(map[string]string, len(distinct))
	for _, s := range distinct {
		labels[s] = shortOne(s, abbrev)
	}
	resolveClashes(distinct, labels, abbrev)
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = labels[s]
	}
	return out
}

// sortedSet returns the distinct strings of xs, sorted.
func sortedSet(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

// filePlayers are the spec kinds whose file is the player itself: a course
// AI, a program, a learned policy. A spec of another kind with a file
// (NAME:FILE or NAME:KEY=VALUE,...:FILE) is a player built around the file.
var filePlayers = map[string]bool{"py": true, "exec": true, "policy": true}

// botSpec is a spec split into a name and parameters, a name and a path
// argument, or a name, parameters and a path.
type botSpec struct {
	name   string
	params [][2]string // key, value in the order given
	path   string      // argument of a prefix spec such as py:PATH
}

// parse splits a spec; ok is false for text that is neither a bot spec nor
// a prefix spec.
func parse(spec string) (b botSpec, ok bool) {
	name, rest, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	if name == "" || strings.ContainsAny(name, " =,/") {
		return b, false
	}
	b.name = name
	if !hasArg {
		return b, true
	}
	if !strings.Contains(rest, "=") {
		b.path = rest
		return b, rest != ""
	}
	if head, tail, ok := strings.Cut(rest, ":"); ok && strings.Contains(head, "=") {
		if rest, b.path = head, strings.TrimSpace(tail); b.path == "" {
			return b, false
		}
	}
	for _, kv := range strings.Split(rest, ",") {
		k, v, found := strings.Cut(kv, "=")
		if !found || k == "" {
			return b, false
		}
		b.params = append(b.params, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
	}
	return b, true
}

// stem is a path's last element without its extension.
func stem(path string) string {
	base := lastElem(path)
	if i := strings.LastIndex(base, "."); i > 0 {
		base = base[:i]
	}
	return base
}

// lastElem is the last non-empty element of a slash- or backslash-separated
// path.
func lastElem(path string) string {
	parts := pathParts(path)
	if len(parts) == 0 {
		return path
	}
	return parts[len(parts)-1]
}

func pathParts(path string) []string {
	return strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '\\' })
}

// keyAbbreviations maps bot name → parameter key → abbreviation: the
// shortest prefix of at least three letters that no other key of the same
// bot in the set shares.
func keyAbbreviations(specs []string) map[string]map[string]string {
	keys := map[string]map[string]bool{}
	for _, s := range specs {
		b, ok := parse(s)
		if !ok {
			continue
		}
		for _, kv := range b.params {
			if keys[b.name] == nil {
				keys[b.name] = map[string]bool{}
			}
			keys[b.name][kv[0]] = true
		}
	}
	out := map[string]map[string]string{}
	for name, set := range keys {
		out[name] = map[string]string{}
		for k := range set {
			n := min(3, len(k))
			for ; n < len(k); n++ {
				clash := false
				for other := range set {
					if other != k && strings.HasPrefix(other, k[:n]) {
						clash = true
						break
					}
				}
				if !clash {
					break
				}
			}
			out[name][k] = k[:n]
		}
	}
	return out
}

// shortOne is the short label of one spec before clashes are resolved.
func shortOne(spec string, abbrev map[string]map[string]string) string {
	b, ok := parse(spec)
	switch {
	case !ok:
		return spec
	case b.path != "":
		return fileLabel(b, stem(b.path), abbrev)
	}
	return botLabel(b, abbrev)
}

// fileLabel labels a spec with a file by file, the file's stem with or
// without folders: alone when the file is the player, else after the
// player's kind and parameters.
func fileLabel(b botSpec, file string, abbrev map[string]map[string]string) string {
	if filePlayers[b.name] && len(b.params) == 0 {
		return file
	}
	return botLabel(b, abbrev) + " " + file
}

// botLabel is a bot's name and parameters, abbreviated past MaxShort.
func botLabel(b botSpec, abbrev map[string]map[string]string) string {
	if len(b.params) == 0 {
		return b.name
	}
	join := func(name string, short bool) string {
		var sb strings.Builder
		sb.WriteString(name)
		for _, kv := range b.params {
			k := kv[0]
			if short {
				k = abbrev[b.name][k]
			}
			sb.WriteString(" " + k + "=" + kv[1])
		}
		return sb.String()
	}
	if s := join(b.name, false); len(s) <= MaxShort {
		return s
	}
	if s := join(b.name, true); len(s) <= MaxShort {
		return s
	}
	name := b.name
	if len(name) > 4 {
		name = name[:4]
	}
	return join(name, true)
}

// resolveClashes makes labels[s] unique over specs (sorted, distinct):
// first by adding folders above path specs' files, then by numbers.
func resolveClashes(specs []string, labels map[string]string, abbrev map[string]map[string]string) {
	for depth := 1; ; depth++ {
		grew := false
		for _, group := range clashes(specs, labels) {
			for _, s := range group {
				b, ok := parse(s)
				if !ok || b.path == "" {
					continue
				}
				parts := pathParts(b.path)
				if depth >= len(parts) {
					continue
				}
				dirs := strings.Join(parts[len(parts)-1-depth:len(parts)-1], "/")
				labels[s] = fileLabel(b, dirs+"/"+stem(b.path), abbrev)
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	taken := map[string]bool{}
	for _, s := range specs {
		taken[labels[s]] = true
	}
	for _, group := range clashes(specs, labels) {
		base := labels[group[0]]
		n := 2
		for _, s := range group[1:] {
			for taken[fmt.Sprintf("%s#%d", base, n)] {
				n++
			}
			labels[s] = fmt.Sprintf("%s#%d", base, n)
			taken[labels[s]] = true
		}
	}
}

// clashes returns the groups of specs (in sorted order) that share a label.
func clashes(specs []string, labels map[string]string) [][]string {
	by := map[string][]string{}
	var order []string
	for _, s := range specs {
		l := labels[s]
		if len(by[l]) == 0 {
			order = append(order, l)
		}
		by[l] = append(by[l], s)
	}
	var out [][]string
	for _, l := range order {
		if len(by[l]) > 1 {
			out = append(out, by[l])
		}
	}
	return out
}

// Players names players in tables and reports: a player made from a file
// (a course AI `py:path/to/t_team.py`, a learned policy
// `policy:runs/a/policy.npz`) by the file's stem, told apart from the
// others as Short does; a built-in bot by its spec, which is short already
// and says its parameters exactly.
func Players(specs []string) []string {
	short := Short(specs)
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s
		if b, ok := parse(s); ok && b.path != "" {
			out[i] = short[i]
		}
	}
	return out
}
