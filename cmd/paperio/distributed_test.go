package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/paperio/paperio/internal/s3test"
	"github.com/paperio/paperio/pyai"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/store"
)

// asCLI makes the test binary run as the paperio command when started
// with this variable: shard processes of the distributed tests.
const asCLI = "PAPERIO_TEST_AS_CLI"

func TestMain(m *testing.M) {
	s3test.ServeIfAsked()
	if os.Getenv(asCLI) != "" {
		os.Exit(cli(os.Args[1:], os.Stderr))
	}
	code := m.Run()
	pyai.Shutdown() // the idle fork servers' folders go with them
	if exampleBots.dir != "" {
		os.RemoveAll(exampleBots.dir)
	}
	os.Exit(code)
}

// shardProcess starts the command as its own process, as one index of an
// Indexed Job.
func shardProcess(t *testing.T, index, shards int, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCLI+"=1", selfplay.IndexEnv+"="+strconv.Itoa(index), selfplay.ShardsEnv+"="+strconv.Itoa(shards))
	cmd.Env = append(cmd.Env, s3test.Env()...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out
}

// The heart of running on a cluster: 4 shard processes write one plan to
// an S3 server at once, one is killed with SIGKILL mid-run and started
// again, and the union of the objects is byte for byte the dataset a
// single local run writes; stats over the bucket equal stats over the
// folder.
func TestShardsToBucketMatchOneLocalRun(t *testing.T) {
	srv := s3test.Start(t)
	s3test.SetEnv(t)
	url := srv.URL("runs/kill")
	const shards, killed = 4, 2
	plan := []string{"selfplay", "--bots", "goround,wanderer,heuristic", "--games", "480", "--chunk", "6", "--seed", "11",
		"--size", "40x31", "--turns", "400", "--quiet"}
	local := filepath.Join(t.TempDir(), "local")
	if code, out, errs := runCLI(t, append(plan, "--out", local)...); code != 0 {
		t.Fatalf("local run: exit %d %s %s", code, out, errs)
	}

	shardArgs := append(append([]string(nil), plan...), "--shard", "auto", "--workers", "1", "--resume", "--out", url)
	cmds := make([]*exec.Cmd, shards)
	outs := make([]*bytes.Buffer, shards)
	for i := range shards {
		cmds[i], outs[i] = shardProcess(t, i, shards, shardArgs...)
	}
	// Kill one shard once it has written a chunk of its own, before it
	// has written them all.
	b, err := store.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	const chunks = 480 / 6
	mine := 0
	for deadline := time.Now().Add(time.Minute); mine == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("shard wrote no chunk within a minute")
		}
		mine = countOwn(t, b, killed, shards)
	}
	cmds[killed].Process.Signal(syscall.SIGKILL)
	err = cmds[killed].Wait()
	if ws, ok := cmds[killed].ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("shard %d finished before the kill (%v): %s", killed, err, outs[killed])
	}
	atKill := countOwn(t, b, killed, shards)
	if atKill >= chunks/shards {
		t.Fatalf("shard %d had written all its %d chunks when killed", killed, atKill)
	}
	for i, c := range cmds {
		if i != killed {
			if err := c.Wait(); err != nil {
				t.Fatalf("shard %d: %v %s", i, err, outs[i])
			}
		}
	}
	t.Logf("shard %d killed after %d of its %d chunks", killed, atKill, chunks/shards)

	// The check finds the gap and names the index to rerun.
	check := append(append([]string(nil), plan...), "--check", "--shards", strconv.Itoa(shards), "--out", url)
	code, out, errs := runCLI(t, check...)
	if code != 1 || !strings.Contains(out, fmt.Sprintf("rerun shard indexes %d of %d", killed, shards)) {
		t.Fatalf("check after the kill: exit %d, %s %s", code, out, errs)
	}

	// The Job's retry of the index: the same command.
	cmd, o := shardProcess(t, killed, shards, shardArgs...)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("restarted shard: %v %s", err, o)
	}
	if code, out, errs = runCLI(t, check...); code != 0 || !strings.Contains(out, "complete: 80 of 80 chunks, 480 games") {
		t.Fatalf("check after the restart: exit %d, %s %s", code, out, errs)
	}

	// Byte for byte the local run.
	ents, err := b.List("")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if d := path.Dir(e.Key); d != "games" && d != "turns" {
			continue
		}
		n++
		remote, err := b.ReadFile(e.Key)
		if err != nil {
			t.Fatal(err)
		}
		disk, err := os.ReadFile(filepath.Join(local, e.Key))
		if err != nil || !bytes.Equal(remote, disk) {
			t.Fatalf("%s differs from the local run's (%d bytes vs %d, %v)", e.Key, len(remote), len(disk), err)
		}
	}
	if n != 2*chunks {
		t.Fatalf("%d chunk objects in the bucket, want %d", n, 2*chunks)
	}
	m, err := selfplay.ReadManifest(url)
	if err != nil {
		t.Fatal(err)
	}
	var rec *selfplay.ShardRecord
	for i := range m.Shards {
		if m.Shards[i].Shard == fmt.Sprintf("%d/%d", killed, shards) {
			rec = &m.Shards[i]
		}
	}
	if !m.Complete || len(m.Shards) != shards || rec == nil || rec.ChunksSkipped != atKill || rec.Status != "complete" {
		t.Fatalf("manifest: complete %v, %d shard records, restarted shard %+v (want %d chunks skipped)", m.Complete, len(m.Shards), rec, atKill)
	}

	// stats over the bucket equal stats over the folder.
	_, want, _ := statsOf(t, "--data", local, "--by", "pair")
	code, got, errs := statsOf(t, "--data", url, "--by", "pair")
	if code != 0 || got != want || !strings.Contains(got, "480 games") {
		t.Fatalf("stats over the bucket (exit %d, %s):\n%s\nover the folder:\n%s", code, errs, got, want)
	}
}

// statsOf runs paperio stats and returns its exit code and output.
func statsOf(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var buf bytes.Buffer
	statsOut = &buf
	defer func() { statsOut = os.Stdout }()
	code, _, errs := runCLI(t, append([]string{"stats"}, args...)...)
	return code, buf.String(), errs
}

// countOwn counts the complete chunks (both objects) of shard i of n.
func countOwn(t *testing.T, b *store.Bucket, i, n int) int {
	t.Helper()
	ents, err := b.List("games")
	if err != nil {
		t.Fatal(err)
	}
	c := 0
	for _, e := range ents {
		var k int
		if _, err := fmt.Sscanf(path.Base(e.Key), "chunk-%06d.parquet", &k); err == nil && k%n == i {
			c++
		}
	}
	return c
}

// A tournament spread over shards, recorded in the bucket and assembled,
// has the standings and ratings of the same tournament played in one go.
func TestTournamentShardsAssemble(t *testing.T) {
	srv := s3test.Start(t)
	s3test.SetEnv(t)
	args := []string{"tournament", "--format", "knockout", "--players", "random,goround,wanderer,heuristic,heuristic:maxband=6,goround:w=4,h=6",
		"--groups", "2", "--size", "40x31", "--turns", "150", "--games-per-series", "4", "--workers", "1", "--quiet"}
	local := filepath.Join(t.TempDir(), "local")
	if code, out, errs := runCLI(t, append(args, "--out", local)...); code != 0 {
		t.Fatalf("local: exit %d %s %s", code, out, errs)
	}
	url := srv.URL("tourney/ko")
	for i := range 3 {
		code, out, errs := runCLI(t, append(args, "--shard", fmt.Sprintf("%d/3", i), "--out", url)...)
		if code != 0 || !strings.Contains(out, fmt.Sprintf("shard %d/3: played ", i)) {
			t.Fatalf("shard %d: exit %d %s %s", i, code, out, errs)
		}
	}
	code, out, errs := runCLI(t, append(args, "--assemble", "--out", url)...)
	if code != 0 || !strings.Contains(out, "Output: "+url) {
		t.Fatalf("assemble: exit %d %s %s", code, out, errs)
	}
	b, err := store.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	path, done, err := b.LocalCopy("results.sqlite")
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	for _, q := range []string{
		`SELECT grp, rank, player, points, games_won, games_lost, tie FROM standings ORDER BY grp, rank, player`,
		`SELECT player, printf('%.6f', elo), games FROM ratings ORDER BY player`,
		`SELECT place, player, how FROM placings ORDER BY place`,
		`SELECT key, winner, wins_a, wins_b, draws FROM series ORDER BY key`,
	} {
		want, got := query(t, filepath.Join(local, "results.sqlite"), q), query(t, path, q)
		if got != want || want == "" {
			t.Fatalf("%s\nassembled:\n%s\nlocal:\n%s", q, got, want)
		}
	}
	// Another tournament is refused, in one line, before anything is written.
	before, _ := b.List("")
	code, _, errs = runCLI(t, append(args, "--seed", "2", "--shard", "0/3", "--out", url)...)
	if code != 1 || !strings.Contains(errs, "holds another tournament") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("another tournament: exit %d, %q", code, errs)
	}
	if after, _ := b.List(""); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatal("a refused tournament changed the bucket")
	}
	// The folder reads like a local one, its groups too.
	png := filepath.Join(t.TempDir(), "groups.png")
	if code, out, errs := runCLI(t, "plot", "bars", "--facet", "group", "--highlight", "qualified", "--data", url, "--out", png); code != 0 {
		t.Fatalf("plot by group from the bucket: exit %d %s %s", code, out, errs)
	}
	_, want, _ := statsOf(t, "--data", local)
	if code, got, errs := statsOf(t, "--data", url); code != 0 || got != want || want == "" {
		t.Fatalf("stats over the assembled bucket (exit %d %s):\n%s\nlocal:\n%s", code, errs, got, want)
	}
}

// Bad input: one clear line and a non-zero exit, nothing written.
func TestBucketBadInput(t *testing.T) {
	srv := s3test.Start(t)
	s3test.SetEnv(t)
	old := store.Retry
	store.Retry.Attempts, store.Retry.First = 2, time.Millisecond
	t.Cleanup(func() { store.Retry = old })
	url := srv.URL("bad/run")
	plan := []string{"selfplay", "--games", "40", "--chunk", "10", "--size", "40x31", "--turns", "100", "--quiet"}
	if code, out, errs := runCLI(t, append(plan, "--out", url)...); code != 0 {
		t.Fatalf("exit %d %s %s", code, out, errs)
	}
	b, _ := store.Open(url)
	before, _ := b.List("")
	noCreds := func(t *testing.T) {
		t.Setenv("AWS_ACCESS_KEY_ID", "")
		t.Setenv("AWS_SECRET_ACCESS_KEY", "")
	}
	for _, c := range []struct {
		name  string
		env   func(t *testing.T)
		args  []string
		code  int
		words string
	}{
		{"another plan", nil, append(plan, "--seed", "2", "--resume", "--out", url), 1, "holds another run (seed 1 (now 2))"},
		{"index out of range", func(t *testing.T) { t.Setenv(selfplay.IndexEnv, "4") }, append(plan, "--shard", "auto", "--shards", "4", "--out", url), 2, "JOB_COMPLETION_INDEX=4 is out of range for 4 shards"},
		{"no index", func(t *testing.T) { t.Setenv(selfplay.IndexEnv, "") }, append(plan, "--shard", "auto", "--shards", "4", "--out", url), 2, "JOB_COMPLETION_INDEX is not set"},
		{"no shard count", func(t *testing.T) { t.Setenv(selfplay.IndexEnv, "1"); t.Setenv(selfplay.ShardsEnv, "") }, append(plan, "--shard", "auto", "--out", url), 2, "--shards N or PAPERIO_SHARDS"},
		{"unreachable", nil, append(plan, "--out", "s3://paperio/x?endpoint=http://127.0.0.1:1&use_path_style=true&region=us-east-1"), 1, "bucket unreachable"},
		{"no credentials", noCreds, append(plan, "--resume", "--out", url), 1, "no usable credentials"},
		{"no such bucket", nil, append(plan, "--out", strings.Replace(url, "s3://paperio/", "s3://nobucket/", 1)), 1, "no such bucket"},
		{"stats, unreachable", nil, []string{"stats", "--data", "s3://paperio/x?endpoint=http://127.0.0.1:1&use_path_style=true&region=us-east-1"}, 1, "bucket unreachable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.env != nil {
				c.env(t)
			}
			code, _, errs := runCLI(t, c.args...)
			if code != c.code || !strings.Contains(errs, c.words) || strings.Count(errs, "\n") != 1 {
				t.Fatalf("exit %d, stderr %q; want exit %d and one line with %q", code, errs, c.code, c.words)
			}
		})
	}
	after, _ := b.List("")
	if fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("bad runs changed the bucket:\n%v\n%v", before, after)
	}
}

// query runs q on the SQLite file at path and returns its rows, a line each.
func query(t *testing.T, path, q string) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var sb strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&sb, vals...)
	}
	return sb.String()
}

// Tuning keeps its state in a bucket as in a folder, resumes from it, and
// starts from a dataset in a bucket.
func TestTuneWithBuckets(t *testing.T) {
	srv := s3test.Start(t)
	s3test.SetEnv(t)
	data := srv.URL("tune/data")
	if code, out, errs := runCLI(t, "selfplay", "--bots", "heuristic,heuristic:margin=3,random", "--games", "90", "--size", "40x31", "--turns", "60", "--quiet", "--out", data); code != 0 {
		t.Fatalf("selfplay: exit %d %s %s", code, out, errs)
	}
	url := srv.URL("tune/run")
	args := []string{"tune", "--params", "margin=0:4", "--against", "heuristic,random", "--batch", "2", "--budget", "80",
		"--turns", "60", "--verify", "8", "--verify-pool", "4", "--probe", "1", "--workers", "2", "--from", data, "--out", url}
	code, out, errs := runCLI(t, args...)
	if code != 0 || !strings.Contains(out, "start inferred from "+data) {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	b, err := store.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"iterations.parquet", "best.txt", "verify.txt", "convergence.png", "tune.json", "probe.json"} {
		if ok, err := b.Exists(f); !ok || err != nil {
			t.Errorf("%s not in the bucket (%v)", f, err)
		}
	}
	if code, out, _ = runCLI(t, args...); code != 0 || !strings.Contains(out, "(10 iterations resumed)") {
		t.Errorf("rerun: exit %d\n%s", code, out)
	}
}
