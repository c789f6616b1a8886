// Package docs holds the project's documents; its test checks that every
// relative link of every Markdown file in the repository leads somewhere.
package docs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// readmeMaxLines is the most lines README.md may have: it is the newcomer's
// page, and the measurements belong in docs/.
const readmeMaxLines = 300

// toCome are files that documents already show but that are made and
// committed apart from them (a chart drawn from a training run, a log moved
// out of a module's docstring). A link to one passes while it is missing.
var toCome = map[string]bool{}

// skipDirs are folders of the checkout that hold no documents of the
// project: build and run outputs, dependencies.
var skipDirs = map[string]bool{"out": true, "node_modules": true, "__pycache__": true}

var (
	fence     = regexp.MustCompile("^ {0,3}(```|~~~)")
	inline    = regexp.MustCompile(`\]\(\s*<?([^()\s<>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)`)
	reference = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	heading   = regexp.MustCompile(`^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$`)
	htmlID    = regexp.MustCompile(`<a\s[^>]*(?:name|id)="([^"]+)"`)
	linkText  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	scheme    = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// mdDoc is what the check needs of one Markdown file: its links with their
// lines, and the anchors its headings make.
type mdDoc struct {
	links   []mdLink
	anchors map[string]bool
}

type mdLink struct {
	line   int
	target string
}

// parse reads the links and anchors of a Markdown text, leaving out fenced
// code blocks and code spans.
func parse(text string) mdDoc {
	doc := mdDoc{anchors: map[string]bool{}}
	seen := map[string]int{}
	var para []string
	start := 0
	flush := func() {
		if len(para) == 0 {
			return
		}
		block := strings.Join(para, "\n")
		block = blankCodeSpans(block)
		for _, re := range []*regexp.Regexp{inline, reference} {
			for _, m := range re.FindAllStringSubmatchIndex(block, -1) {
				doc.links = append(doc.links, mdLink{
					line:   start + strings.Count(block[:m[0]], "\n"),
					target: block[m[2]:m[3]],
				})
			}
		}
		for _, m := range htmlID.FindAllStringSubmatch(block, -1) {
			doc.anchors[m[1]] = true
		}
		para = nil
	}
	for i, line := range blankFences(text) {
		if m := heading.FindStringSubmatch(line); m != nil {
			flush()
			a := slug(m[2])
			if n, ok := seen[a]; ok {
				seen[a] = n + 1
				a = fmt.Sprintf("%s-%d", a, n+1)
			} else {
				seen[a] = 0
			}
			doc.anchors[a] = true
		}
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		if len(para) == 0 {
			start = i + 1
		}
		para = append(para, line)
	}
	flush()
	return doc
}

// blankFences returns the lines of a Markdown text with those of its fenced
// code blocks, fences included, made blank.
func blankFences(text string) []string {
	lines := strings.Split(text, "\n")
	inFence, mark := false, ""
	for i, line := range lines {
		if m := fence.FindStringSubmatch(line); m != nil && (!inFence || m[1] == mark) {
			inFence, mark = !inFence, m[1]
			lines[i] = ""
		} else if inFence {
			lines[i] = ""
		}
	}
	return lines
}

// blankCodeSpans turns every code span of a block (a run of backticks up to
// the next run of as many) into blanks, newlines kept so that line numbers
// hold; a run that no other closes is left as it is.
func blankCodeSpans(s string) string {
	b := []byte(s)
	run := func(i int) int { // length of the backtick run at i
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		return n
	}
	for i := 0; i < len(b); {
		n := run(i)
		if n == 0 {
			i++
			continue
		}
		end := -1
		for j := i + n; j < len(b); {
			if m := run(j); m == n {
				end = j + m
				break
			} else if m > 0 {
				j += m
			} else {
				j++
			}
		}
		if end < 0 {
			i += n
			continue
		}
		for k := i; k < end; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
		i = end
	}
	return string(b)
}

// slug is the anchor GitHub gives a heading: its text without markup,
// lower-cased, every character but letters, digits, '_', '-' and spaces
// dropped, spaces turned into hyphens.
func slug(h string) string {
	h = linkText.ReplaceAllString(h, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestSlug(t *testing.T) {
	for h, want := range map[string]string{
		"eraser (星际消战)":                                                  "eraser-星际消战",
		"Table `games` — one row per game":                               "table-games--one-row-per-game",
		"Start: a clone of heuristic (`--init bc`, `--bc-iterations N`)": "start-a-clone-of-heuristic---init-bc---bc-iterations-n",
		"Course AIs of [our own](x.md)":                                  "course-ais-of-our-own",
		"snake_case and 2 numbers":                                       "snake_case-and-2-numbers",
	} {
		if got := slug(h); got != want {
			t.Errorf("slug(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestParse(t *testing.T) {
	text := "# Title\n\nSee [a](a.md#x) and `[no](code.md)`,\n[wrapped\ntext](b.png \"t\").\n\n" +
		"```sh\n[no](fence.md)\n# not a heading\n```\n\n## Title\n\n[ref]: ref.md\n<a name=\"here\"></a>\n"
	doc := parse(text)
	var got []string
	for _, l := range doc.links {
		got = append(got, fmt.Sprintf("%d:%s", l.line, l.target))
	}
	want := []string{"3:a.md#x", "5:b.png", "14:ref.md"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("links %v, want %v", got, want)
	}
	for _, a := range []string{"title", "title-1", "here"} {
		if !doc.anchors[a] {
			t.Errorf("no anchor %q in %v", a, doc.anchors)
		}
	}
	if doc.anchors["not-a-heading"] {
		t.Error("a comment in a fenced block made an anchor")
	}
}

// TestRelativeLinks: every relative link and image of every Markdown file
// of the repository names a file or folder that is there, inside the
// repository, and an anchor into a Markdown file names one of its headings.
func TestRelativeLinks(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]mdDoc{} // by path relative to root, slashes
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || skipDirs[d.Name()]) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), ".md") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		docs[filepath.ToSlash(rel)] = parse(string(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := docs["README.md"]; !ok || len(docs) < 10 {
		t.Fatalf("found %d Markdown files, README.md among them: %v", len(docs), ok)
	}
	links := 0
	for name, doc := range docs {
		for _, l := range doc.links {
			if l.target == "" || scheme.MatchString(l.target) || strings.HasPrefix(l.target, "//") {
				continue
			}
			links++
			where := fmt.Sprintf("%s:%d: link %q", name, l.line, l.target)
			path, anchor, _ := strings.Cut(l.target, "#")
			target := name
			if path != "" {
				target = filepath.ToSlash(filepath.Join(filepath.Dir(name), path))
				if target == ".." || strings.HasPrefix(target, "../") {
					t.Errorf("%s leaves the repository", where)
					continue
				}
				if _, err := os.Stat(filepath.Join(root, target)); err != nil {
					if !toCome[target] {
						t.Errorf("%s: no %s", where, target)
					}
					continue
				}
			}
			if anchor == "" || !strings.HasSuffix(target, ".md") {
				continue
			}
			if !docs[target].anchors[anchor] {
				t.Errorf("%s: %s has no heading #%s", where, target, anchor)
			}
		}
	}
	if links < 100 {
		t.Errorf("only %d relative links checked", links)
	}
}

func TestReadmeLength(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines; at most %d, the rest in docs/", n, readmeMaxLines)
	}
}
