package docs

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/paperio/paperio/"

var (
	// pkgPath is how ARCHITECTURE.md writes a Go package of the module in
	// a code span; the same with a trailing slash is a folder that is not
	// one.
	pkgPath    = regexp.MustCompile(`^[a-z][a-z0-9_]*(/[a-z0-9_]+)*$`)
	folderPath = regexp.MustCompile(`^[a-z][a-z0-9_]*(/[a-z0-9_]+)*/$`)
	// layerLine splits a line of the layer drawing into its packages and
	// the layer's name, three or more spaces apart.
	layerLine = regexp.MustCompile(`^\s*(.*?)(?:\s{3,}(\S.*))?$`)
)

// modulePackages lists the module's packages (module-relative) with the
// module's packages each imports, tests left out.
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Dir = ".."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v: %s", err, stderr.String())
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		var imps []string
		for _, imp := range f[1:] {
			if rel, ok := strings.CutPrefix(imp, module); ok {
				imps = append(imps, rel)
			}
		}
		pkgs[strings.TrimPrefix(f[0], module)] = imps
	}
	return pkgs
}

// codeSpans are the contents of the code spans of a Markdown text's
// paragraphs, fenced blocks left out.
func codeSpans(text string) []string {
	var out []string
	span := regexp.MustCompile("(`+)([^`]+?)`+")
	for _, para := range strings.Split(strings.Join(blankFences(text), "\n"), "\n\n") {
		for _, m := range span.FindAllStringSubmatch(para, -1) {
			out = append(out, strings.TrimSpace(m[2]))
		}
	}
	return out
}

// layerDrawing is the first fenced block after the heading of the section
// named section.
func layerDrawing(text, section string) ([]string, error) {
	_, after, ok := strings.Cut(text, "\n## "+section+"\n")
	if !ok {
		return nil, fmt.Errorf("no section %q", section)
	}
	var lines []string
	in := false
	for _, line := range strings.Split(after, "\n") {
		if fence.MatchString(line) {
			if in {
				return lines, nil
			}
			in = true
			continue
		}
		if strings.HasPrefix(line, "## ") && !in {
			break
		}
		if in {
			lines = append(lines, line)
		}
	}
	return nil, fmt.Errorf("no drawing in section %q", section)
}

// parseLayers reads the layer drawing, top layer first: each line lists
// packages separated by " · " and then, three spaces or more away, the
// layer's name; a line whose packages end in "·" goes on on the next.
// NAME in a package stands for each of names for which pkgs holds the
// path. It returns the layers from the bottom up and what is wrong.
func parseLayers(lines, names []string, pkgs map[string]bool) ([][]string, []string) {
	var layers [][]string
	var problems []string
	goesOn := false
	for _, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		m := layerLine.FindStringSubmatch(line)
		list := strings.TrimSpace(m[1])
		if !goesOn {
			if m[2] == "" {
				problems = append(problems, fmt.Sprintf("layer line %q has no name", line))
			}
			layers = append(layers, nil)
		}
		list, goesOn = strings.CutSuffix(list, "·")
		for _, p := range strings.Split(list, "·") {
			p = strings.TrimSpace(p)
			if p == "" {
				continue
			}
			var found []string
			if strings.Contains(p, "NAME") {
				for _, n := range names {
					if e := strings.ReplaceAll(p, "NAME", n); pkgs[e] {
						found = append(found, e)
					}
				}
			} else if pkgs[p] {
				found = []string{p}
			}
			if len(found) == 0 {
				problems = append(problems, fmt.Sprintf("layer drawing: no package %s", p))
			}
			layers[len(layers)-1] = append(layers[len(layers)-1], found...)
		}
	}
	if goesOn {
		problems = append(problems, "layer drawing: the last line goes on")
	}
	slices.Reverse(layers)
	return layers, problems
}

// layerProblems lists packages of imports in no layer or in several, and
// imports of a package from a layer above its own.
func layerProblems(layers [][]string, imports map[string][]string) []string {
	var problems []string
	level := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			if _, dup := level[p]; dup {
				problems = append(problems, fmt.Sprintf("%s is in two layers", p))
			}
			level[p] = i
		}
	}
	var names []string
	for p := range imports {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		lp, ok := level[p]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s is in no layer", p))
			continue
		}
		for _, imp := range imports[p] {
			if li, ok := level[imp]; ok && li > lp {
				problems = append(problems, fmt.Sprintf("%s imports %s, from a layer above its own", p, imp))
			}
		}
	}
	return problems
}

// TestArchitectureNamesEveryPackage: ARCHITECTURE.md names every package
// of the module in a code span, every path it writes as a package in one
// is a package of the module and every folder it writes with a trailing
// slash is there, so that the page follows the packages as they move.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	b, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := modulePackages(t)
	if len(pkgs) < 40 || pkgs["game"] == nil {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	named := map[string]bool{}
	for _, s := range codeSpans(string(b)) {
		switch {
		case pkgPath.MatchString(s):
			named[s] = true
			if _, ok := pkgs[s]; !ok {
				t.Errorf("ARCHITECTURE.md names `%s`, which is no package of the module", s)
			}
		case folderPath.MatchString(s):
			if fi, err := os.Stat(filepath.Join("..", s)); err != nil || !fi.IsDir() {
				t.Errorf("ARCHITECTURE.md names `%s`, which is no folder of the repository", s)
			}
		}
	}
	for p := range pkgs {
		if !named[p] {
			t.Errorf("ARCHITECTURE.md does not name package `%s`", p)
		}
	}
}

// TestArchitectureLayers: the drawing of ARCHITECTURE.md's package layers
// holds every package of the module once, and no package imports one from
// a layer above its own.
func TestArchitectureLayers(t *testing.T) {
	b, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	lines, err := layerDrawing(string(b), "Package layers")
	if err != nil {
		t.Fatal(err)
	}
	imports := modulePackages(t)
	pkgs := map[string]bool{}
	var names []string // the games: engine/NAME
	for p := range imports {
		pkgs[p] = true
		if n, ok := strings.CutPrefix(p, "engine/"); ok && !strings.Contains(n, "/") {
			names = append(names, n)
		}
	}
	if len(names) < 3 {
		t.Fatalf("games found under engine/: %v", names)
	}
	layers, problems := parseLayers(lines, names, pkgs)
	if len(layers) < 5 {
		t.Fatalf("%d layers in the drawing", len(layers))
	}
	problems = append(problems, layerProblems(layers, imports)...)
	for _, p := range problems {
		t.Error(p)
	}
}

// The checks find what they look for.
func TestArchitectureCheckers(t *testing.T) {
	text := "# A\n\n`rl/trainlog` and `game`, `x.go`, `policy:FILE`,\n`deploy/` and\n\n```\n`inside`\n```\n"
	if got, want := codeSpans(text), []string{"rl/trainlog", "game", "x.go", "policy:FILE", "deploy/"}; !slices.Equal(got, want) {
		t.Errorf("codeSpans = %q, want %q", got, want)
	}
	drawing := []string{
		" cmd/x · tool ·       commands",
		"   docs",
		" games/NAME/board     boards",
		" engine/NAME · up     rules",
		" base                 foundations",
	}
	pkgs := map[string]bool{"cmd/x": true, "tool": true, "docs": true, "games/a/board": true,
		"games/b/board": true, "engine/a": true, "engine/b": true, "up": true, "base": true}
	layers, problems := parseLayers(drawing, []string{"a", "b", "c"}, pkgs)
	want := [][]string{{"base"}, {"engine/a", "engine/b", "up"}, {"games/a/board", "games/b/board"},
		{"cmd/x", "tool", "docs"}}
	if fmt.Sprint(layers) != fmt.Sprint(want) || len(problems) != 0 {
		t.Errorf("parseLayers = %v, %q; want %v", layers, problems, want)
	}
	imports := map[string][]string{"cmd/x": {"up"}, "tool": nil, "docs": nil, "games/a/board": {"engine/a"},
		"games/b/board": nil, "engine/a": {"base", "up"}, "engine/b": {"games/b/board"}, "up": nil,
		"base": nil, "lost": nil}
	gotP := layerProblems(layers, imports)
	wantP := []string{"engine/b imports games/b/board, from a layer above its own", "lost is in no layer"}
	if !slices.Equal(gotP, wantP) {
		t.Errorf("layerProblems = %q, want %q", gotP, wantP)
	}
	_, problems = parseLayers([]string{" gone · cmd/x   top", " games/NAME/charts ·   x"}, []string{"a"}, pkgs)
	if wantP := []string{"layer drawing: no package gone", "layer drawing: no package games/NAME/charts",
		"layer drawing: the last line goes on"}; !slices.Equal(problems, wantP) {
		t.Errorf("parseLayers finds %q, want %q", problems, wantP)
	}
}
