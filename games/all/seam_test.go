package all_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/paperio/paperio/game"
	_ "github.com/paperio/paperio/games/all"
)

const module = "github.com/paperio/paperio/"

// shared are the folders of the code every game shares: none of their
// packages may know a particular game.
var shared = []string{"play", "game", "selfplay", "tourney", "tune", "analysis", "results",
	"rating", "store", "viewer", "label", "botspec", "internal", "pyai", "execai", "policy",
	"outcome", "pyrand"}

// gameFolders hold the games: each game's rules, bots, replay format and
// conformance in engine/NAME, and its binding, tables, players, board,
// charts and learning code in games/NAME.
var gameFolders = []string{"engine", "games"}

func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// goList runs go list -f format in the module's root for patterns.
func goList(t *testing.T, format string, patterns ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-f", format}, patterns...)...)
	cmd.Dir = root(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v: %s", err, stderr.String())
	}
	return strings.Split(strings.TrimSpace(string(out)), "\n")
}

func inGameFolder(pkg string) bool {
	rel, ok := strings.CutPrefix(pkg, module)
	if !ok {
		return false
	}
	for _, f := range gameFolders {
		if rel == f || strings.HasPrefix(rel, f+"/") {
			return true
		}
	}
	return false
}

// sharedPackages are the shared folders' packages (module-relative) with
// their dependencies, tests left out.
func sharedPackages(t *testing.T) map[string][]string {
	out := map[string][]string{}
	for _, line := range goList(t, "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", sharedPatterns()...) {
		f := strings.Fields(line)
		out[strings.TrimPrefix(f[0], module)] = f[1:]
	}
	return out
}

// No shared package depends, even indirectly, on a game's rules, bots or
// bindings: games come to them through package game's registry. The tests
// of a shared package may import games (paper.io's fixtures in
// games/paperio/analysistest and games/paperio/testbot, a game's board): a
// test plays or reads some game, the code it tests knows none.
func TestSharedCodeImportsNoGame(t *testing.T) {
	pkgs := sharedPackages(t)
	if len(pkgs) < len(shared) {
		t.Fatalf("%d shared packages", len(pkgs))
	}
	for pkg, deps := range pkgs {
		for _, d := range deps {
			if inGameFolder(d) {
				t.Errorf("%s depends on %s", pkg, d)
			}
		}
	}
	// The checker sees a dependency on a game: paper.io's board in the
	// viewer has one.
	for _, line := range goList(t, "{{range .Deps}} {{.}}{{end}}", "./games/paperio/board") {
		if !slices.ContainsFunc(strings.Fields(line), inGameFolder) {
			t.Error("games/paperio/board depends on no game: the check misses dependencies")
		}
	}
}

// ownedBy says whether the package at rel (module-relative) may depend on
// the rules of game name: the game's own folders (engine/NAME/...,
// games/NAME/...), the commands (cmd/...) and games/all, which register
// every game.
func ownedBy(rel, name string) bool {
	for _, f := range []string{"engine/" + name, "games/" + name, "cmd"} {
		if rel == f || strings.HasPrefix(rel, f+"/") {
			return true
		}
	}
	return rel == "games/all"
}

// rulesOutside lists, for the packages of lines ("PKG DEP DEP ...", full
// import paths) and the games names, which package outside its game's
// folders depends on which game's rules package, engine/NAME.
func rulesOutside(lines []string, names []string) []string {
	var out []string
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		rel := strings.TrimPrefix(f[0], module)
		for _, n := range names {
			if !ownedBy(rel, n) && slices.Contains(f[1:], module+"engine/"+n) {
				out = append(out, rel+" depends on engine/"+n)
			}
		}
	}
	return out
}

// A game's rules are known in its own folders alone: no package outside
// engine/NAME/... and games/NAME/... (the commands and games/all aside)
// depends on engine/NAME, even indirectly — not another game's, not a
// shared one, not a script. What a game's tables, replay files, learning
// code or tools need of its rules sits in its folders.
func TestRulesStayInTheirGame(t *testing.T) {
	names := game.Names()
	if len(names) < 3 {
		t.Fatalf("games registered: %v", names)
	}
	lines := goList(t, "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", "./...")
	pkgs := map[string]bool{}
	for _, line := range lines {
		pkgs[strings.TrimPrefix(strings.Fields(line)[0], module)] = true
	}
	for _, n := range names {
		// Each game's rules are a package its binding depends on: the
		// check looks for the right path.
		if !pkgs["engine/"+n] {
			t.Fatalf("game %s has no rules package engine/%s", n, n)
		}
		if got := rulesOutside(lines, []string{n}); len(got) != 0 {
			for _, g := range got {
				t.Error(g)
			}
		}
		if !slices.ContainsFunc(lines, func(l string) bool {
			f := strings.Fields(l)
			return f[0] == module+"games/"+n && slices.Contains(f[1:], module+"engine/"+n)
		}) {
			t.Errorf("games/%s does not depend on engine/%s: the check misses dependencies", n, n)
		}
	}
	// The checker finds what it looks for, and lets a game's own folders,
	// the commands and games/all be.
	fake := []string{
		module + "rl " + module + "play " + module + "engine/paperio",
		module + "games/eraser/board " + module + "engine/paperio " + module + "engine/eraser",
		module + "games/paperiox " + module + "engine/paperio",
		module + "scripts/curve " + module + "engine/paperio/bots " + module + "engine/paperio",
		module + "games/paperio/rl " + module + "engine/paperio",
		module + "engine/paperio/replay " + module + "engine/paperio",
		module + "cmd/paperio " + module + "engine/paperio " + module + "engine/eraser",
		module + "games/all " + module + "engine/stellar",
		module + "games/stellar " + module + "engine/stellar " + module + "engine/stellarx",
	}
	want := []string{"rl depends on engine/paperio", "games/eraser/board depends on engine/paperio",
		"games/paperiox depends on engine/paperio", "scripts/curve depends on engine/paperio"}
	if got := rulesOutside(fake, []string{"paperio", "eraser", "stellar"}); !slices.Equal(got, want) {
		t.Errorf("the checker finds %q, want %q", got, want)
	}
}

// No shared non-test file compares a string with a game's name (==, !=, a
// switch case, strings.EqualFold): what differs between games comes from
// what each registers.
func TestSharedCodeComparesNoGameName(t *testing.T) {
	names := game.Names()
	if len(names) < 3 {
		t.Fatalf("games registered: %v", names)
	}
	dirs := goList(t, "{{.ImportPath}} {{.Dir}}", sharedPatterns()...)
	files := 0
	for _, line := range dirs {
		_, dir, _ := strings.Cut(line, " ")
		for _, f := range goFiles(t, dir) {
			files++
			for _, at := range nameComparisons(t, f, names) {
				t.Errorf("%s compares with a game's name", at)
			}
		}
	}
	if files < 50 {
		t.Fatalf("only %d shared files checked", files)
	}
	// The checker finds the comparisons it looks for.
	bad := filepath.Join(t.TempDir(), "x.go")
	src := "package x\nfunc f(n string) bool {\n\tswitch n {\n\tcase \"eraser\":\n\t}\n\treturn n == \"" + names[0] + "\" || strings.EqualFold(\"stellar\", n)\n}\n"
	if err := os.WriteFile(bad, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := nameComparisons(t, bad, names); len(got) != 3 {
		t.Errorf("the checker finds %v in a file with three comparisons", got)
	}
}

// No shared file names a game: none is called after one (as a game's
// renderer in viewer/web/games would be), and no file outside tests refers
// to a game's folder (games/NAME), its renderer script (NAME.js,
// Renderers.NAME) or, in the page's assets and other non-Go files, holds a
// game's name as a quoted string (a branch on it, such as
// renderer === 'eraser'). Go code's comparisons are checked above; the
// toolkit's own name, paperio, stays free in prose and Go strings.
func TestSharedFilesNameNoGame(t *testing.T) {
	names := game.Names()
	if len(names) < 3 {
		t.Fatalf("games registered: %v", names)
	}
	dir := root(t)
	var seen []string
	for _, s := range shared {
		err := filepath.WalkDir(filepath.Join(dir, s), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if n := d.Name(); n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(p, "_test.go") {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel := filepath.ToSlash(strings.TrimPrefix(p, dir+string(filepath.Separator)))
			seen = append(seen, rel)
			for _, at := range gameNamings(rel, b, names) {
				t.Errorf("%s names a game: %s", rel, at)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"viewer/web/app.js", "viewer/web/board.js", "viewer/web/app.html", "viewer/board.go"} {
		if !slices.Contains(seen, f) {
			t.Fatalf("%s not checked (%d files checked)", f, len(seen))
		}
	}
	// The checker finds what it looks for, and leaves the toolkit's name be.
	bad := map[string]string{
		"viewer/web/games/eraser.js": "",
		"viewer/web/app.js":          "if (h.renderer === 'stellar') load('/static/x/" + names[0] + ".js'); window.Renderers.eraser.draw();",
		"viewer/board.go":            "// as games/stellar/board does\n",
		"viewer/web/app.html":        "<a class=\"brand\">paperio</a> run paperio view",
		"selfplay/manifest.go":       "v[\"paperio\"] = version",
	}
	want := map[string]int{"viewer/web/games/eraser.js": 1, "viewer/web/app.js": 3, "viewer/board.go": 1}
	for f, src := range bad {
		if got := gameNamings(f, []byte(src), names); len(got) != want[f] {
			t.Errorf("the checker finds %v in %s, want %d namings", got, f, want[f])
		}
	}
}

// gameNamings lists how the file at rel (module-relative, with content b)
// names one of names.
func gameNamings(rel string, b []byte, names []string) []string {
	var out []string
	for _, part := range strings.Split(rel, "/") {
		if stem, _, _ := strings.Cut(part, "."); slices.Contains(names, strings.ToLower(stem)) {
			out = append(out, "its path")
		}
	}
	for _, n := range names {
		q := regexp.QuoteMeta(n)
		pat := `\bgames/` + q + `\b|\b` + q + `\.js\b|Renderers\s*(\.\s*` + q + `\b|\[\s*['"\x60]` + q + `['"\x60])`
		if !strings.HasSuffix(rel, ".go") {
			pat += `|['"\x60]` + q + `['"\x60]`
		}
		for _, m := range regexp.MustCompile(pat).FindAllString(string(b), -1) {
			out = append(out, m)
		}
	}
	return out
}

func sharedPatterns() []string {
	var out []string
	for _, s := range shared {
		out = append(out, "./"+s+"/...")
	}
	return out
}

// goFiles are the non-test Go files of a folder.
func goFiles(t *testing.T, dir string) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	return slices.DeleteFunc(all, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
}

// nameComparisons lists where file compares a string with one of names.
func nameComparisons(t *testing.T, file string, names []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	isName := func(e ast.Expr) bool {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return false
		}
		s, err := strconv.Unquote(lit.Value)
		return err == nil && slices.Contains(names, strings.ToLower(s))
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		hit := false
		switch n := n.(type) {
		case *ast.BinaryExpr:
			hit = (n.Op == token.EQL || n.Op == token.NEQ) && (isName(n.X) || isName(n.Y))
		case *ast.CaseClause:
			hit = slices.ContainsFunc(n.List, isName)
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "EqualFold" {
				hit = slices.ContainsFunc(n.Args, isName)
			}
		}
		if hit {
			out = append(out, fset.Position(n.Pos()).String())
		}
		return true
	})
	return out
}

// One reader per file format: the results database is read through package
// results alone (no SQL elsewhere), and Parquet through parquet-go, the
// writers' library (analysis's column reader, which the viewer reads
// through too).
func TestOneReaderPerFormat(t *testing.T) {
	var sqlUsers []string
	for _, line := range goList(t, "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", sharedPatterns()...) {
		f := strings.Fields(line)
		rel := strings.TrimPrefix(f[0], module)
		for _, imp := range f[1:] {
			switch {
			case imp == "database/sql":
				sqlUsers = append(sqlUsers, rel)
			case strings.HasPrefix(imp, "github.com/apache/arrow/go/v15/parquet"):
				t.Errorf("%s reads Parquet through arrow (%s)", rel, imp)
			case imp == "github.com/parquet-go/parquet-go" && strings.HasPrefix(rel, "viewer"):
				t.Errorf("%s has a Parquet reader of its own", rel)
			}
		}
	}
	if !slices.Equal(sqlUsers, []string{"results"}) {
		t.Errorf("packages that speak SQL: %v, want results alone", sqlUsers)
	}
}
