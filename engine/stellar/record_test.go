package stellar

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecordRoundTrip writes every public game back in the replay format:
// the line must come out byte for byte as the reference wrote it.
func TestRecordRoundTrip(t *testing.T) {
	f, err := os.Open(publicCorpus)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<26)
	lines := 0
	for sc.Scan() {
		lines++
		g, err := ParseGame(sc.Bytes())
		if err != nil {
			t.Fatalf("line %d: %v", lines, err)
		}
		out, err := MarshalGame(g)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		if want := sc.Bytes(); !bytes.Equal(out, want) {
			i := 0
			for i < len(out) && i < len(want) && out[i] == want[i] {
				i++
			}
			lo := max(0, i-60)
			t.Errorf("%s: the line written back differs at byte %d:\n written  …%s\n original …%s", g.ID, i,
				out[lo:min(len(out), i+60)], want[lo:min(len(want), i+60)])
		}
	}
	if lines != 60 {
		t.Errorf("read %d lines, want 60", lines)
	}
}

// TestRecordOwnGames plays random games, records them, writes them to a
// gzip'd file, reads them back and replays them with Check.
func TestRecordOwnGames(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	name := filepath.Join(t.TempDir(), "own.jsonl.gz")
	w, err := Create(name)
	if err != nil {
		t.Fatal(err)
	}
	var played []*Game
	for k := range 16 {
		b := make([]byte, 3000)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		src := &byteSrc{b: b}
		m := randomMap(t, src)
		var snap Snapshot
		s, _ := NewStateRecord(m, &snap)
		g := NewGame("random-"+string(rune('a'+k)), [2]string{"a", "b"}, 0.1, s, &snap)
		for !s.Over() {
			var ret [2]*Returned
			var raised [2]string
			for p := range 2 {
				if src.intn(10) == 0 {
					raised[p] = "timeout"
				} else {
					ret[p] = randomPython(src, s, p)
				}
			}
			s.StepPython(ret[0], ret[1], &snap)
			g.AddTurn(ret, raised, &snap)
		}
		g.Finish(s)
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
		played = append(played, g)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	back, err := ReadAll(name)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(played) {
		t.Fatalf("read %d games back, wrote %d", len(back), len(played))
	}
	for i, g := range back {
		if n, m := Check(g); m != nil || n != len(played[i].Turns) {
			t.Errorf("%s: %d frames, %v", g.ID, n, m)
		}
		if g.Turns[len(g.Turns)-1].Raised != played[i].Turns[len(g.Turns)-1].Raised {
			t.Errorf("%s: raised not kept", g.ID)
		}
	}
}

// TestMalformedLines checks that a bad line is an error naming the file and
// the line, and that reading stops there.
func TestMalformedLines(t *testing.T) {
	b, err := os.ReadFile(publicCorpus)
	if err != nil {
		t.Fatal(err)
	}
	zr, _ := gzip.NewReader(bytes.NewReader(b))
	first, _ := bufio.NewReaderSize(zr, 1<<22).ReadString('\n')
	cases := map[string]string{
		"not json":        "{",
		"unknown key":     strings.Replace(first, `"id"`, `"idx"`, 1),
		"bad force":       strings.Replace(first, `"89.0501256289338"`, `"eighty"`, 1),
		"bad owner":       strings.Replace(first, `"own":"0`, `"own":"x`, 1),
		"float as number": strings.Replace(first, `[1,2,"99.0"]`, `[1,2,99.5]`, 1),
		"turn count":      strings.Replace(first, `"turns":100`, `"turns":99`, 1),
		"short move":      strings.Replace(first, `"move":["100","0",`, `"move":["100",`, 1),
		"bad map":         strings.Replace(first, `"adj":[[2,7]`, `"adj":[[2,700]`, 1),
	}
	dir := t.TempDir()
	for name, bad := range cases {
		if bad == first {
			t.Fatalf("%s: the replacement did not apply", name)
		}
		path := filepath.Join(dir, "bad.jsonl")
		if err := os.WriteFile(path, []byte(first+"\n"+strings.TrimSpace(bad)+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Next(); err != nil {
			t.Fatalf("%s: the good first line: %v", name, err)
		}
		_, err = r.Next()
		r.Close()
		if err == nil || !strings.HasPrefix(err.Error(), path+": line 3: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line starting with %q", name, err, path+": line 3: ")
		}
	}
	if _, err := Open(filepath.Join(dir, "missing.jsonl")); err == nil {
		t.Error("opening a missing file gave no error")
	}
	path := filepath.Join(dir, "plain.jsonl.gz")
	os.WriteFile(path, []byte(first), 0o644)
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "not a gzip file") {
		t.Errorf("a .gz name on a plain file: %v", err)
	}
}

// TestReturnedJSON reads and writes what AIs returned in the replay format's
// encoding, odd values included.
func TestReturnedJSON(t *testing.T) {
	for _, line := range []string{
		`[]`,
		`[[1,2,"99.0"],[1,5,3]]`,
		`[[5,9,{"type":"str","repr":"'1.0'"}]]`,
		`[[1,2,"nan"],[1,4,"1000000.0"],[true,2,false]]`,
		`[{"type":"list","repr":"[1, 2, 3.0]"},[1,2],[1,2,3,4]]`,
		`{"type":"NoneType","repr":"None"}`,
		`[[100000000000000000000000000000000000000000,2,"-0.0"]]`,
	} {
		var r Returned
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != line {
			t.Errorf("read %s, wrote %s", line, out)
		}
	}
	for _, bad := range []string{`3`, `[[1,2,3.5]]`, `[[1,2,{"type":"str"}]]`, `"x"`, `[[1,2,"abc"]]`} {
		var r Returned
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestCustomMapGame records a game on a map given by its neighbour lists
// (no generator) and replays it from its line.
func TestCustomMapGame(t *testing.T) {
	m, err := NewMap(MapSpec{}, [][]int{{2}, {1, 3}, {2}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var snap Snapshot
	s, _ := NewStateRecord(m, &snap)
	g := NewGame("line", [2]string{"a", "b"}, 0.1, s, &snap)
	for k := 0; !s.Over(); k++ {
		c := [2][]Command{{{1, 2, 60}}, {{3, 2, 30 + float64(k%3)}}}
		s.StepRecord(c[0], c[1], &snap)
		g.AddTurn([2]*Returned{Commands(c[0]), Commands(c[1])}, [2]string{}, &snap)
	}
	g.Finish(s)
	line, err := MarshalGame(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseGame(line)
	if err != nil {
		t.Fatal(err)
	}
	if n, mm := Check(back); mm != nil || n != len(g.Turns) {
		t.Errorf("%d frames, %v", n, mm)
	}
	t.Logf("%s: %s", g.Result, strings.ReplaceAll(g.Text, "\n", " / "))
}
