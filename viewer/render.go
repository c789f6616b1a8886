package viewer

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"strconv"
	"strings"

	"github.com/paperio/paperio/game"
)

// Game is one game of a path, ready to draw.
type Game struct {
	Meta   GameMeta
	Record *game.Record
	Board  Board
}

// OpenGame finds game id (its number in the path, or a replay's own id) in
// a self-play folder, tournament folder or replay file.
func OpenGame(path, id string) (*Game, error) {
	srcs := openPaths([]string{path}, 0)
	var errs []string
	for _, s := range srcs {
		if s.record == nil {
			msg := s.err
			if !strings.Contains(msg, s.path) { // most errors name the file already
				msg = s.path + ": " + msg
			}
			errs = append(errs, msg)
			continue
		}
		row, ok := s.findID(id)
		if !ok {
			continue
		}
		_, rec, err := s.Record(row.ID)
		if err != nil {
			return nil, err
		}
		b, err := s.boardOf()
		if err != nil {
			return nil, err
		}
		f, err := EncodeGame(b, rec)
		if err != nil {
			return nil, err
		}
		return &Game{Meta: metaOf(s, row, rec, f), Record: rec, Board: b}, nil
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil, fmt.Errorf("%s has no game %q", path, id)
}

// findID is the row of a game named by its number or a replay's own id.
func (s *source) findID(id string) (Row, bool) {
	if n, err := strconv.ParseInt(id, 10, 64); err == nil {
		if r, ok := s.find(n); ok {
			return r, true
		}
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, r := range s.rows {
		if r.Label == id {
			return r, true
		}
	}
	return Row{}, false
}

// Frames is the number of frames of the game: the start and one a move.
func (g *Game) Frames() int { return g.Meta.Frames }

// replayTo replays the game to frame k, calling each for every frame from
// 0 to k.
func (g *Game) replayTo(k int, each func(i int, r Replayer) error) (Replayer, error) {
	rp, err := g.Board.Replay(g.Record)
	if err != nil {
		return nil, err
	}
	moves, err := movesOf(g.Board, g.Record)
	if err != nil {
		return nil, err
	}
	for i := 0; ; i++ {
		if each != nil {
			if err := each(i, rp); err != nil {
				return nil, err
			}
		}
		if i == k {
			return rp, nil
		}
		n, err := rp.Step(moves)
		if err != nil {
			return nil, err
		}
		moves = moves[n:]
	}
}

// palette is a header's colours.
func palette(h Header) color.Palette {
	p := make(color.Palette, len(h.Palette))
	for i, s := range h.Palette {
		v, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
		p[i] = color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
	}
	return p
}

func (g *Game) image(cell int) *image.Paletted {
	h := g.Meta.Header
	return image.NewPaletted(image.Rect(0, 0, h.Width*cell, h.Height*cell), palette(h))
}

// checkFrame says when k is not a frame of the game.
func (g *Game) checkFrame(name string, k int) error {
	if k < 0 || k >= g.Frames() {
		return fmt.Errorf("%s %d: the game has frames 0 to %d", name, k, g.Frames()-1)
	}
	return nil
}

// WritePNG draws frame k, cell pixels a cell.
func (g *Game) WritePNG(w io.Writer, k, cell int) error {
	if err := g.checkFrame("frame", k); err != nil {
		return err
	}
	rp, err := g.replayTo(k, nil)
	if err != nil {
		return err
	}
	img := g.image(cell)
	rp.Draw(img, cell)
	return png.Encode(w, img)
}

// WriteGIF draws frames from, from+every, … up to to (and to itself), as
// an animated GIF with delay hundredths of a second a frame. Each frame but
// the first holds only the rectangle that changed.
func (g *Game) WriteGIF(w io.Writer, from, to, every, cell, delay int) error {
	if err := g.checkFrame("--from", from); err != nil {
		return err
	}
	if err := g.checkFrame("--to", to); err != nil {
		return err
	}
	if to < from || every < 1 {
		return fmt.Errorf("frames %d to %d every %d: want from ≤ to and every ≥ 1", from, to, every)
	}
	out := &gif.GIF{}
	var prev *image.Paletted
	_, err := g.replayTo(to, func(i int, rp Replayer) error {
		if i < from || ((i-from)%every != 0 && i != to) {
			return nil
		}
		img := g.image(cell)
		rp.Draw(img, cell)
		frame := img
		if prev != nil {
			r := changed(prev, img)
			if r.Empty() {
				r = image.Rect(0, 0, 1, 1)
			}
			frame = img.SubImage(r).(*image.Paletted)
		}
		out.Image = append(out.Image, frame)
		out.Delay = append(out.Delay, delay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev = img
		return nil
	})
	if err != nil {
		return err
	}
	out.Delay[len(out.Delay)-1] = max(delay, 200) // rest on the last frame
	return gif.EncodeAll(w, out)
}

// changed is the smallest rectangle holding every pixel where a and b
// differ.
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w, h := a.Rect.Dx(), a.Rect.Dy()
	for y := 0; y < h; y++ {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		x0 := nextDiff(ra, rb, 0)
		if x0 == w {
			continue
		}
		x1 := w
		for x1 > x0 && ra[x1-1] == rb[x1-1] {
			x1--
		}
		r = r.Union(image.Rect(x0, y, x1, y+1))
	}
	return r
}

// pageTemplate is the self-contained replay page: the app's style and
// scripts inlined, with the game's frames.
var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{.CSS}}</style>
</head>
<body>
<header class="top"><span class="brand">paperio</span><nav></nav></header>
<main id="main"></main>
<script>window.STATIC_GAME = {{.Game}};</script>
{{range .Scripts}}<script>{{.}}</script>
{{end}}</body>
</html>
`))

// WriteHTML writes one HTML file that replays the game in any browser,
// without a server: the page, its script and the game's frames inlined.
func (g *Game) WriteHTML(w io.Writer) error {
	f, err := EncodeGame(g.Board, g.Record)
	if err != nil {
		return err
	}
	data, err := json.Marshal(map[string]any{"meta": g.Meta, "frames": base64.StdEncoding.EncodeToString(f.Blob)})
	if err != nil {
		return err
	}
	css, err := webFS.ReadFile("web/style.css")
	if err != nil {
		return err
	}
	page, err1 := webFS.ReadFile("web/board.js")
	app, err2 := webFS.ReadFile("web/app.js")
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	// The game's renderer comes between the board and the app that uses it.
	scripts := []template.JS{template.JS(page), template.JS(g.Board.Script()), template.JS(app)}
	return pageTemplate.Execute(w, map[string]any{
		"Title": g.Meta.Title, "CSS": template.CSS(css), "Game": template.JS(data), "Scripts": scripts,
	})
}
