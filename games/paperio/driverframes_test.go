package paperio

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
)

// What driver.py gives an AI, turn by turn over whole games, is what
// decoding every frame afresh gives (testdata/frames_check.py): the same
// values of the same types in every frame of the log, although the AI
// overwrites the frames, players and log entries it was given. The games
// are timed (timeleft changes every turn) and change the grids often.
func TestDriverFramesAreAFullRebuild(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip(err)
	}
	for _, pair := range [][2]string{{"heuristic", "random"}, {"random", "heuristic"}, {"square", "square"}} {
		var reqs []byte
		record := func(me int, msg []byte) {
			reqs = binary.LittleEndian.AppendUint32(reqs, uint32(len(msg)+1))
			reqs = append(append(reqs, byte(me)), msg...)
		}
		var ps [2]*encoderOnly
		for i, name := range pair {
			var bot bots.Bot = &squareBot{}
			if name != "square" {
				if bot, err = bots.Make(name); err != nil {
					t.Fatal(err)
				}
			}
			ps[i] = newEncoderOnly(bot, record)
		}
		s, err := paperio.NewGame(course, starts(t, 3))
		if err != nil {
			t.Fatal(err)
		}
		if err := playEncoded(s, ps[0], ps[1]); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "requests")
		if err := os.WriteFile(file, reqs, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(python, "-I", "-B", "testdata/frames_check.py", "driver.py", file, "../../pyai").CombinedOutput()
		got := strings.TrimSpace(string(out))
		// A play per half-step; at player i's k-th play its log holds
		// 1 + 2k + i frames: 2n - 1 frames checked in all for n half-steps.
		n := s.HalfSteps()
		want := fmt.Sprintf("ok %d %d", 2*n-1, n)
		if err != nil || got != want {
			t.Errorf("%v: %v\n%s\nwant %q", pair, err, got, want)
		}
	}
}
