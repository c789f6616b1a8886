//go:build !browser

// Without the browser tag no eraser board is imported here, so eraser
// stands for a game the viewer has no board for (the browser tests import
// every game's board).

package viewer_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/paperio/paperio/viewer"
)

// TestGameWithoutBoard: the games of a game the viewer cannot draw are
// listed, and opening one says why instead of "Not Found".
func TestGameWithoutBoard(t *testing.T) {
	_, ts := newServer(t, viewer.Options{Paths: []string{eraserFolder(t)}})
	var p viewer.Page
	getJSON(t, ts.URL+"/api/games?src=0", &p)
	if len(p.Rows) != 2 {
		t.Fatalf("%d eraser games listed", len(p.Rows))
	}
	for _, u := range []string{"/api/game/0/%d", "/api/game/0/%d/frames"} {
		resp, err := http.Get(ts.URL + fmt.Sprintf(u, p.Rows[0].ID))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(b), "cannot show eraser games") {
			t.Errorf("%s: %s %q", u, resp.Status, b)
		}
	}
}
