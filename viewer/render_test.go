package viewer_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/replay"
	paperioboard "github.com/paperio/paperio/games/paperio/board"
	"github.com/paperio/paperio/viewer"
)

func hexColour(s string) color.RGBA {
	var c color.RGBA
	for i, p := range []*uint8{&c.R, &c.G, &c.B} {
		var v uint8
		for _, ch := range s[1+2*i : 3+2*i] {
			v = v*16 + uint8(strings.IndexRune("0123456789abcdef", ch))
		}
		*p = v
	}
	c.A = 255
	return c
}

// cellColour is the colour at the centre of cell (x, y) of state s, as
// the board draws it, or false for a cell under a mark (a head, the last
// move's ring, a cell just enclosed).
func cellColour(s, prev *paperio.State, x, y int) (color.RGBA, bool) {
	for i := range 2 {
		hx, hy, _ := s.Head(i)
		if abs(hx-x) <= 1 && abs(hy-y) <= 1 {
			if hx == x && hy == y {
				return hexColour(paperioboard.Palette[paperioboard.Head1+i]), true
			}
			return color.RGBA{}, false
		}
	}
	f, b := s.FieldAt(x, y), s.BandAt(x, y)
	if prev != nil && f != 0 && prev.FieldAt(x, y) != f && b == 0 {
		return color.RGBA{}, false
	}
	switch {
	case b != 0:
		return hexColour(paperioboard.Palette[paperioboard.Band1-1+b]), true
	case f != 0:
		return hexColour(paperioboard.Palette[paperioboard.Territory1-1+f]), true
	}
	return hexColour(paperioboard.Palette[paperioboard.Empty]), true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// stateAt replays reference game 2 to frame k (and k-1).
func stateAt(t *testing.T, k int) (*paperio.State, *paperio.State) {
	gs, err := replay.ReadAll(refFiles[0])
	if err != nil {
		t.Fatal(err)
	}
	s, _ := gs[2].Start()
	var prev *paperio.State
	for i := 0; i < k; i++ {
		prev = s.Clone()
		s.Step(paperio.Action(gs[2].Actions[i]))
	}
	return s, prev
}

// TestRenderPNG: every cell of a frame has the colour of the engine's
// state at that half-step.
func TestRenderPNG(t *testing.T) {
	g, err := viewer.OpenGame(refFiles[0], "2")
	if err != nil {
		t.Fatal(err)
	}
	const k, cell = 1501, 5
	var buf bytes.Buffer
	if err := g.WritePNG(&buf, k, cell); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	s, prev := stateAt(t, k)
	checked := 0
	for x := range s.Width() {
		for y := range s.Height() {
			want, ok := cellColour(s, prev, x, y)
			if !ok {
				continue
			}
			got := color.RGBAModel.Convert(img.At(x*cell+cell/2, y*cell+cell/2)).(color.RGBA)
			if got != want {
				t.Fatalf("cell (%d,%d): %v, want %v", x, y, got, want)
			}
			checked++
		}
	}
	if checked < s.Width()*s.Height()-30 {
		t.Fatalf("only %d cells checked", checked)
	}
	if _, err := viewer.OpenGame(refFiles[0], "nope"); err == nil {
		t.Fatal("an unknown game opened")
	}
	if err := g.WritePNG(&buf, g.Frames(), cell); err == nil {
		t.Fatal("a frame past the end was drawn")
	}
}

// TestRenderGIF: the animation's frames, laid one over the other, end on
// the picture of the last frame.
func TestRenderGIF(t *testing.T) {
	g, err := viewer.OpenGame(refFiles[0], "2")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteGIF(&buf, 100, 900, 40, 3, 4); err != nil {
		t.Fatal(err)
	}
	an, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Image) != 21 {
		t.Fatalf("%d frames, want 21 (100, 140, …, 900)", len(an.Image))
	}
	canvas := image.NewRGBA(an.Image[0].Bounds())
	for _, fr := range an.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Src)
	}
	buf.Reset()
	g.WritePNG(&buf, 900, 3)
	last, _ := png.Decode(&buf)
	for y := range canvas.Bounds().Dy() {
		for x := range canvas.Bounds().Dx() {
			if canvas.At(x, y) != color.RGBAModel.Convert(last.At(x, y)) {
				t.Fatalf("pixel (%d,%d) of the animation differs from frame 900", x, y)
			}
		}
	}
}

// TestRenderHTML: the page holds everything it needs (no address to
// fetch) and the game's frames as the server sends them.
func TestRenderHTML(t *testing.T) {
	g, err := viewer.OpenGame(refFiles[0], "2")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := g.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if regexp.MustCompile(`(src|href)=|https?://|fetch\(|import `).FindString(strings.SplitN(page, "<script>", 2)[0]) != "" {
		t.Fatal("the page's head refers to something outside")
	}
	if strings.Contains(page, `src="`) || strings.Contains(page, `<link`) {
		t.Fatal("the page loads a file")
	}
	m := regexp.MustCompile(`"frames":"([A-Za-z0-9+/=]+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no frames in the page")
	}
	blob, _ := base64.StdEncoding.DecodeString(m[1])
	enc, _ := viewer.EncodeGame(g.Board, g.Record)
	if !bytes.Equal(blob, enc.Blob) || !strings.Contains(page, "<script>"+string(g.Board.Script())+"</script>") || !strings.Contains(page, "STATIC_GAME") {
		t.Fatal("the page's frames or scripts are not the app's")
	}
}
