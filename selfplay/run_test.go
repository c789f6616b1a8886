package selfplay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/games/paperio/testbot"
	"github.com/paperio/paperio/internal/durable"
	"github.com/paperio/paperio/internal/s3test"
	"github.com/paperio/paperio/play"
	"github.com/parquet-go/parquet-go"
)

// paper is the game of the tests.
var paper paperiogame.Game

// TurnsDir is paper.io's moves table.
const TurnsDir = "turns"

// settings are paper.io settings in the plan's form.
func settings(w, h, turns int) json.RawMessage {
	return paperiogame.Config{Config: paperio.Config{Width: w, Height: h, MaxTurns: turns}}.Encode()
}

// entrantOf turns a maker of paper.io players into the run's entrant maker.
func entrantOf(newBot func(string) (bots.Bot, error)) func(string) (*game.Entrant, error) {
	return func(spec string) (*game.Entrant, error) {
		return game.NewEntrant(spec, spec, func() (bots.Bot, error) { return newBot(spec) }), nil
	}
}

// testBot makes the test players: "looper" (rectangles, rarely a random
// move) and "jumpy" (a random move one time in four).
func testBot(spec string) (bots.Bot, error) {
	switch spec {
	case "looper":
		return testbot.New(60), nil
	case "jumpy":
		return testbot.New(4), nil
	}
	return nil, fmt.Errorf("unknown test bot %q", spec)
}

func testPlan(games int64, chunk int) Plan {
	return Plan{
		Seed: 7, Games: games, ChunkGames: chunk, Game: "paperio", Settings: settings(40, 31, 300),
		Pairs: []Pair{{"looper", "jumpy"}, {"jumpy", "looper"}, {"looper", "looper"}},
	}
}

func runPlan(t *testing.T, plan Plan, dir string, workers int, shard Shard, resume bool) *Manifest {
	t.Helper()
	m, err := Run(context.Background(), Options{
		Plan: plan, Out: dir, Workers: workers, Shard: shard, Resume: resume,
		Entrant: entrantOf(testBot), Command: []string{"test"},
	})
	if err != nil {
		t.Fatalf("run %s workers %d resume %v: %v", shard, workers, resume, err)
	}
	return m
}

// tableFiles reads every file of the two table folders, by name.
func tableFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, d := range []string{GamesDir, TurnsDir} {
		ents, err := os.ReadDir(filepath.Join(dir, d))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(dir, d, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			out[d+"/"+e.Name()] = b
		}
	}
	return out
}

func sameTables(t *testing.T, what string, want, got map[string][]byte) {
	t.Helper()
	var names []string
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(got) != len(want) {
		var g []string
		for n := range got {
			g = append(g, n)
		}
		sort.Strings(g)
		t.Fatalf("%s: files %v, want %v", what, g, names)
	}
	for _, n := range names {
		if !bytes.Equal(want[n], got[n]) {
			t.Fatalf("%s: %s differs (%d bytes, want %d)", what, n, len(got[n]), len(want[n]))
		}
	}
}

// reference is one uninterrupted run of the test plan, made once.
var refOnce struct {
	dir    string
	tables map[string][]byte
	m      *Manifest
}

const refGames, refChunk = 60, 8

func reference(t *testing.T) (map[string][]byte, *Manifest) {
	t.Helper()
	if refOnce.tables == nil {
		dir := filepath.Join(testTemp, "reference")
		refOnce.m = runPlan(t, testPlan(refGames, refChunk), dir, 1, Shard{}, false)
		refOnce.tables = tableFiles(t, dir)
		refOnce.dir = dir
	}
	return refOnce.tables, refOnce.m
}

var testTemp string

func TestMain(m *testing.M) {
	s3test.ServeIfAsked()
	if dir := os.Getenv("SELFPLAY_TEST_CHILD"); dir != "" {
		childRun(dir)
		return
	}
	var err error
	testTemp, err = os.MkdirTemp("", "selfplay-test")
	if err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(testTemp)
	os.Exit(code)
}

func TestManifestCounts(t *testing.T) {
	ref, m := reference(t)
	if !m.Complete || m.ChunksDone != m.Chunks || m.Chunks != (refGames+refChunk-1)/refChunk {
		t.Fatalf("manifest chunks %d done %d complete %v", m.Chunks, m.ChunksDone, m.Complete)
	}
	if m.Games != refGames || m.TurnRows == 0 || len(ref) != 2*m.Chunks {
		t.Fatalf("manifest games %d rows %d, %d files", m.Games, m.TurnRows, len(ref))
	}
	if len(m.Shards) != 1 || m.Shards[0].Status != "complete" || m.Shards[0].GamesWritten != refGames || m.Shards[0].TurnsWritten != m.TurnRows {
		t.Fatalf("shard records %+v", m.Shards)
	}
	disk, err := ReadManifest(refOnce.dir)
	if err != nil || disk.TurnRows != m.TurnRows || disk.Plan.Seed != 7 || disk.SchemaVersion == 0 {
		t.Fatalf("manifest on disk %+v, %v", disk, err)
	}
}

func TestSameFilesWhateverTheWorkers(t *testing.T) {
	ref, _ := reference(t)
	for _, w := range []int{2, 5} {
		dir := t.TempDir()
		runPlan(t, testPlan(refGames, refChunk), dir, w, Shard{}, false)
		sameTables(t, fmt.Sprintf("%d workers", w), ref, tableFiles(t, dir))
	}
}

func TestShardsMakeTheWholeRun(t *testing.T) {
	ref, want := reference(t)
	dir := t.TempDir()
	for i := range 3 {
		m := runPlan(t, testPlan(refGames, refChunk), dir, 2, Shard{i, 3}, false)
		if (i < 2) == m.Complete {
			t.Fatalf("after shard %d of 3 the manifest says complete=%v", i, m.Complete)
		}
	}
	sameTables(t, "shards 0..2 of 3", ref, tableFiles(t, dir))
	m, err := ReadManifest(dir)
	if err != nil || !m.Complete || m.TurnRows != want.TurnRows || len(m.Shards) != 3 {
		t.Fatalf("manifest after three shards: %+v %v", m, err)
	}
}

func TestRefusesAnotherRunOrARepeat(t *testing.T) {
	_, _ = reference(t)
	dir := t.TempDir()
	runPlan(t, testPlan(16, 8), dir, 2, Shard{}, false)
	other := testPlan(16, 8)
	other.Seed = 8
	_, err := Run(context.Background(), Options{Plan: other, Out: dir, Entrant: entrantOf(testBot), Resume: true})
	if err == nil || !strings.Contains(err.Error(), "another run") || !strings.Contains(err.Error(), "seed 7 (now 8)") {
		t.Fatalf("a different seed in the same folder: %v", err)
	}
	_, err = Run(context.Background(), Options{Plan: testPlan(16, 8), Out: dir, Entrant: entrantOf(testBot)})
	if err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("the same run again without --resume: %v", err)
	}
	m := runPlan(t, testPlan(16, 8), dir, 2, Shard{}, true)
	if !m.Complete || m.Shards[0].ChunksSkipped != 2 || m.Shards[0].ChunksWritten != 0 {
		t.Fatalf("resume of a complete run: %+v", m.Shards)
	}
}

// TestResumeAfterCrash builds what a crash leaves (a chunk missing, a
// chunk with only its turns file renamed, half-written temporary files, a
// truncated final file) and checks --resume makes the same bytes as an
// uninterrupted run.
func TestResumeAfterCrash(t *testing.T) {
	ref, _ := reference(t)
	dir := t.TempDir()
	runPlan(t, testPlan(refGames, refChunk), dir, 2, Shard{}, false)
	os.Remove(filepath.Join(dir, GamesDir, ChunkFile(1)))
	os.Remove(filepath.Join(dir, TurnsDir, ChunkFile(1)))
	os.Remove(filepath.Join(dir, GamesDir, ChunkFile(3))) // crashed between the two renames
	deadTemp := "." + ChunkFile(5) + ".tmp-999999999"     // of a writer that is gone
	os.Rename(filepath.Join(dir, GamesDir, ChunkFile(5)), filepath.Join(dir, GamesDir, deadTemp))
	os.WriteFile(filepath.Join(dir, TurnsDir, deadTemp), []byte("PAR1 half a file"), 0o644)
	b := ref[TurnsDir+"/"+ChunkFile(6)]
	os.WriteFile(filepath.Join(dir, TurnsDir, ChunkFile(6)), b[:len(b)/2], 0o644)
	os.WriteFile(filepath.Join(dir, ".manifest.json.tmp-999999999"), []byte("{"), 0o644)

	m := runPlan(t, testPlan(refGames, refChunk), dir, 2, Shard{}, true)
	sameTables(t, "resumed", ref, tableFiles(t, dir))
	if got := m.Shards[0]; got.ChunksWritten != 4 || got.ChunksSkipped != m.Chunks-4 {
		t.Fatalf("resume wrote %d chunks and skipped %d, want 4 and %d", got.ChunksWritten, got.ChunksSkipped, m.Chunks-4)
	}
	for _, stale := range []string{".manifest.json.tmp-999999999", filepath.Join(GamesDir, deadTemp), filepath.Join(TurnsDir, deadTemp)} {
		if _, err := os.Stat(filepath.Join(dir, stale)); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("stale temporary file %s left: %v", stale, err)
		}
	}
}

// TestResumeAfterCancel cancels a run part-way and resumes it.
func TestResumeAfterCancel(t *testing.T) {
	ref, _ := reference(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	prog := &Progress{}
	go func() {
		for prog.Games.Load() < 20 && ctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	m, err := Run(ctx, Options{Plan: testPlan(refGames, refChunk), Out: dir, Workers: 2, Entrant: entrantOf(slowTestBot), Progress: prog})
	if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("cancelled run: %v", err)
	}
	if m == nil || m.Complete || m.Shards[0].Status != "interrupted" {
		t.Fatalf("manifest of a cancelled run: %+v", m)
	}
	for name := range tableFiles(t, dir) {
		if strings.HasPrefix(filepath.Base(name), ".") {
			t.Fatalf("temporary file %s left by a cancelled run", name)
		}
	}
	runPlan(t, testPlan(refGames, refChunk), dir, 3, Shard{}, true)
	sameTables(t, "resumed after cancel", ref, tableFiles(t, dir))
}

// childRun is the body of the process TestResumeAfterKill kills.
func childRun(dir string) {
	_, err := Run(context.Background(), Options{Plan: testPlan(refGames, refChunk), Out: dir, Workers: 2, Entrant: entrantOf(slowTestBot)})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// slowTestBot makes test players that take 3 ms to get ready for each game: the games are the same, but a run lasts long enough to be
// stopped part-way.
func slowTestBot(spec string) (bots.Bot, error) {
	b, err := testBot(spec)
	return slowBot{b}, err
}

type slowBot struct{ bots.Bot }

func (b slowBot) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	time.Sleep(3 * time.Millisecond)
	b.Bot.Reset(s, me, seed, c)
}

// TestResumeAfterKill kills a run with SIGKILL once a few chunks are on
// disk, resumes it and compares the bytes with an uninterrupted run.
func TestResumeAfterKill(t *testing.T) {
	ref, _ := reference(t)
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SELFPLAY_TEST_CHILD="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Microsecond) {
		if countChunks(dir) >= 3 {
			killed = cmd.Process.Signal(syscall.SIGKILL) == nil
			break
		}
	}
	err := cmd.Wait()
	if !killed {
		t.Fatalf("the run ended before it could be killed: %v %s", err, stderr.String())
	}
	done := countChunks(dir)
	if done == len(ref)/2 {
		t.Fatalf("killed after every chunk was written; the resume has nothing to do")
	}
	runPlan(t, testPlan(refGames, refChunk), dir, 2, Shard{}, true)
	sameTables(t, "resumed after kill", ref, tableFiles(t, dir))
	t.Logf("killed with %d of %d chunks complete", done, len(ref)/2)
}

// countChunks counts the complete games files in dir.
func countChunks(dir string) int {
	n := 0
	ents, _ := os.ReadDir(filepath.Join(dir, GamesDir))
	for _, e := range ents {
		if _, ok := parseChunkFile(e.Name()); ok {
			n++
		}
	}
	return n
}

// fullDisk is a file that accepts limit bytes, then fails as a full disk.
type fullDisk struct {
	*os.File
	left int
}

func (f *fullDisk) Write(p []byte) (int, error) {
	if len(p) > f.left {
		n, _ := f.File.Write(p[:f.left])
		f.left = 0
		return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	f.left -= len(p)
	return f.File.Write(p)
}

func TestDiskFull(t *testing.T) {
	dir := t.TempDir()
	orig := durable.Open
	defer func() { durable.Open = orig }()
	durable.Open = func(name string) (durable.Writer, error) {
		f, err := orig(name)
		if err != nil || !strings.Contains(name, ".chunk-") {
			return f, err
		}
		return &fullDisk{File: f.(*os.File), left: 3000}, nil
	}
	_, err := Run(context.Background(), Options{Plan: testPlan(24, 8), Out: dir, Workers: 2, Entrant: entrantOf(testBot)})
	if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("full disk: %v", err)
	}
	for name := range tableFiles(t, dir) {
		t.Fatalf("file %s left after a full disk", name)
	}
	durable.Open = orig
	m := runPlan(t, testPlan(24, 8), dir, 2, Shard{}, true)
	if !m.Complete {
		t.Fatal("resume after a full disk did not complete")
	}
}

func TestUnwritableFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	_, err := Run(context.Background(), Options{Plan: testPlan(8, 8), Out: filepath.Join(file, "out"), Entrant: entrantOf(testBot)})
	if err == nil || !strings.Contains(err.Error(), "cannot create output folder") {
		t.Fatalf("output under a file: %v", err)
	}
	if os.Geteuid() != 0 { // root may write anywhere
		ro := t.TempDir()
		os.Chmod(ro, 0o500)
		defer os.Chmod(ro, 0o700)
		_, err = Run(context.Background(), Options{Plan: testPlan(8, 8), Out: ro, Entrant: entrantOf(testBot)})
		if err == nil || !strings.Contains(err.Error(), "cannot") {
			t.Fatalf("read-only output folder: %v", err)
		}
	}
}

func TestUnknownBot(t *testing.T) {
	plan := testPlan(8, 8)
	plan.Pairs = []Pair{{"looper", "nobody"}}
	_, err := Run(context.Background(), Options{Plan: plan, Out: t.TempDir(), Entrant: entrantOf(testBot)})
	if err == nil || !strings.Contains(err.Error(), `"nobody"`) {
		t.Fatalf("unknown bot: %v", err)
	}
}

func TestParseBotsAndPairs(t *testing.T) {
	got, err := ParseBots(paper, "random, goround:w=3,h=4,wanderer,GoRound")
	want := []string{"random", "goround:h=4,w=3", "wanderer", "goround"}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("ParseBots = %q, %v; want %q", got, err, want)
	}
	if _, err := ParseBots(paper, "random,random"); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("a bot listed twice: %v", err)
	}
	if _, err := ParseBots(paper, "random,nobody"); err == nil || !strings.Contains(err.Error(), "nobody") {
		t.Fatalf("an unknown bot: %v", err)
	}
	pairs, err := ParsePairs(paper, "random:goround, goround:w=3,h=4:random,wanderer:goround:h=2")
	wantPairs := []Pair{{"random", "goround"}, {"goround:h=4,w=3", "random"}, {"wanderer", "goround:h=2"}}
	if err != nil || fmt.Sprint(pairs) != fmt.Sprint(wantPairs) {
		t.Fatalf("ParsePairs = %q, %v; want %q", pairs, err, wantPairs)
	}
	for _, bad := range []string{"random", "random:goround:wanderer", "w=1:random", "", "random:nobody"} {
		if _, err := ParsePairs(paper, bad); err == nil {
			t.Errorf("ParsePairs(%q) accepted", bad)
		}
	}
	if all := AllPairs([]string{"a", "b"}); fmt.Sprint(all) != "[{a a} {a b} {b a} {b b}]" {
		t.Fatalf("AllPairs = %v", all)
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/5"); err != nil || s != (Shard{2, 5}) {
		t.Fatalf("ParseShard(2/5) = %v %v", s, err)
	}
	for _, bad := range []string{"5/5", "-1/3", "1", "1/0", "a/b", "1/2/3", "1/2x"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func TestGameSeed(t *testing.T) {
	seen := map[int64]bool{}
	for run := int64(-2); run <= 2; run++ {
		for g := int64(0); g < 100; g++ {
			s := play.GameSeed(run, g)
			if s < 0 || seen[s] {
				t.Fatalf("play.GameSeed(%d, %d) = %d: negative or repeated", run, g, s)
			}
			seen[s] = true
		}
	}
}

// TestBuiltinBotsSameFilesWhateverTheWorkers runs the built-in bots (made
// once per worker and reset for each game) with one and with three workers.
func TestBuiltinBotsSameFilesWhateverTheWorkers(t *testing.T) {
	specs, err := ParseBots(paper, "random,goround,wanderer,heuristic")
	if err != nil {
		t.Fatal(err)
	}
	plan := Plan{Seed: 3, Games: 64, ChunkGames: 4, Game: "paperio", Settings: settings(40, 31, 300), Pairs: AllPairs(specs)}
	var want map[string][]byte
	for _, w := range []int{1, 3} {
		dir := t.TempDir()
		if _, err := Run(context.Background(), Options{Plan: plan, Out: dir, Workers: w, Entrant: entrantOf(bots.Make)}); err != nil {
			t.Fatal(err)
		}
		if got := tableFiles(t, dir); want == nil {
			want = got
		} else {
			sameTables(t, fmt.Sprintf("built-in bots, %d workers", w), want, got)
		}
	}
}

// panicky is a looper that panics on its 5th move of every game.
type panicky struct {
	bots.Bot
	n int
}

func (p *panicky) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	p.n = 0
	p.Bot.Reset(s, me, seed, c)
}

func (p *panicky) Act(s *paperio.State, c play.Clock) paperio.Action {
	if p.n++; p.n == 5 {
		panic("broken bot")
	}
	return p.Bot.Act(s, c)
}

// A Go bot that panics loses its games by ERR and the run completes.
func TestPanickingBot(t *testing.T) {
	plan := testPlan(12, 4)
	plan.Pairs = []Pair{{"panicky", "looper"}, {"looper", "panicky"}}
	newBot := func(spec string) (bots.Bot, error) {
		if spec == "panicky" {
			return &panicky{Bot: testbot.New(60)}, nil
		}
		return testBot(spec)
	}
	dir := t.TempDir()
	m, err := Run(context.Background(), Options{Plan: plan, Out: dir, Workers: 2, Entrant: entrantOf(newBot)})
	if err != nil || !m.Complete || m.Games != 12 {
		t.Fatalf("run: %v, %+v", err, m)
	}
	games := readGames(t, dir)
	for _, g := range games {
		loser := int8(1)
		if g.P1 != "panicky" {
			loser = 2
		}
		if g.Reason != int8(paperio.ERR) || g.Winner != 3-loser || g.HalfSteps > 10 {
			t.Fatalf("game %d (%s v %s): winner %d reason %d after %d half-steps", g.GameID, g.P1, g.P2, g.Winner, g.Reason, g.HalfSteps)
		}
	}
}

func readGames(t *testing.T, dir string) []tables.Game {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, GamesDir, "chunk-*.parquet"))
	var out []tables.Game
	for _, f := range files {
		rows, err := parquet.ReadFile[tables.Game](f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rows...)
	}
	return out
}

// panicBot raises an error on its third move of each game.
type panicBot struct {
	bots.Bot
	n int
}

func (b *panicBot) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	b.n = 0
	b.Bot.Reset(s, me, seed, c)
}

func (b *panicBot) Act(s *paperio.State, c play.Clock) paperio.Action {
	if b.n++; b.n == 3 {
		panic("third move")
	}
	return b.Bot.Act(s, c)
}

// Players' failures are counted per player in the summary, and the first
// of each is kept in failures.txt.
func TestFailuresCountedAndKept(t *testing.T) {
	dir := t.TempDir()
	plan := testPlan(6, 3)
	plan.Pairs = []Pair{{"looper", "panicky"}, {"panicky", "looper"}}
	prog := &Progress{}
	m, err := Run(context.Background(), Options{Plan: plan, Out: dir, Progress: prog, Entrant: entrantOf(func(spec string) (bots.Bot, error) {
		if spec == "panicky" {
			return &panicBot{Bot: testbot.New(60)}, nil
		}
		return testBot(spec)
	})})
	if err != nil {
		t.Fatal(err)
	}
	sum := Summary(m, prog, time.Second, dir)
	if !strings.Contains(sum, "complete; players failed: panicky ERR 6 OVT 0 (first error of each in "+dir+"/failures.txt)") {
		t.Errorf("summary:\n%s", sum)
	}
	b, err := os.ReadFile(filepath.Join(dir, "failures.txt"))
	if err != nil || !strings.HasPrefix(string(b), "panicky: ERR 6, OVT 0; first in game 0 (ERR):\n    raised an error: third move") {
		t.Errorf("failures.txt: %q, %v", b, err)
	}
}
