// games/paperio/board/paperio.js: paper.io's renderer. It draws a frame's state (a byte
// per cell: territory owner in bits 0-1, band owner in bits 2-3, then both
// heads) as the server's Draw does for PNG and GIF: territory fills a
// cell, a band covers it (on territory, but for a one-pixel border when
// cells are 4 pixels or more), heads are dark squares, the head that just moved has a ring and
// the cells it just enclosed a dot.
(function () {
  'use strict';
  const R = window.Renderers = window.Renderers || {};
  const EMPTY = 0, TERR = 1, BAND = 3, HEAD = 5, LAST = 7, ENCL = 8;

  // abgr turns #rrggbb into a pixel of a Uint32Array over ImageData.
  function abgr(hex) {
    const n = parseInt(hex.slice(1), 16);
    return ((255 << 24) | ((n & 255) << 16) | (((n >> 8) & 255) << 8) | (n >> 16)) >>> 0;
  }

  function fill(px, W, H, x0, y0, w, h, c) {
    const x1 = Math.min(W, x0 + w), y1 = Math.min(H, y0 + h);
    x0 = Math.max(0, x0); y0 = Math.max(0, y0);
    for (let y = y0; y < y1; y++) px.fill(c, y * W + x0, y * W + x1);
  }

  function head(st, cells, i) {
    const o = cells + i * 5;
    const x = (st[o] | (st[o + 1] << 8)) << 16 >> 16;
    const y = (st[o + 2] | (st[o + 3] << 8)) << 16 >> 16;
    return [x, y, st[o + 4]];
  }

  R.paperio = {
    playerColours(h) { return [h.palette[BAND], h.palette[BAND + 1]]; },

    // draw paints frame v into img. Only the cells that changed since the
    // frame last painted into img are painted again (with those that bore
    // a mark), which keeps scrubbing quick.
    draw(img, v) {
      const h = v.header, W = h.width, H = h.height, cell = v.cell, st = v.state, cells = W * H;
      const pal = img._pal || (img._pal = h.palette.map(abgr));
      const px = new Uint32Array(img.data.buffer);
      const IW = img.width, IH = img.height;
      const inset = cell >= 4 ? 1 : 0;
      const cellAt = (i) => {
        const x = Math.floor(i / H), y = i % H, c = st[i], f = c & 3, b = (c >> 2) & 3;
        fill(px, IW, IH, x * cell, y * cell, cell, cell, f ? pal[TERR - 1 + f] : pal[EMPTY]);
        if (b) { const d = f ? inset : 0; fill(px, IW, IH, x * cell + d, y * cell + d, cell - 2 * d, cell - 2 * d, pal[BAND - 1 + b]); }
      };
      const last = img._last;
      if (!last) {
        for (let i = 0; i < cells; i++) cellAt(i);
      } else {
        for (let i = 0; i < cells; i++) if (st[i] !== last[i]) cellAt(i);
        for (const i of img._marked) if (st[i] === last[i]) cellAt(i);
      }
      const marked = [];
      const mark = (x, y) => { if (x >= 0 && x < W && y >= 0 && y < H) marked.push(x * H + y); };
      const mover = v.frame > 0 ? (v.frame - 1) & 1 : -1;
      if (mover >= 0 && cell >= 3) {
        const ch = v.changes, own = mover + 1, d = Math.max(1, Math.floor(cell / 3));
        for (let i = 0; i < ch.length; i += 3) {
          const at = ch[i], was = ch[i + 1], now = ch[i + 2];
          if (at < cells && (now & 3) === own && (was & 3) !== own && (now >> 2) === 0) {
            const x = Math.floor(at / H), y = at % H;
            fill(px, IW, IH, x * cell + ((cell - d) >> 1), y * cell + ((cell - d) >> 1), d, d, pal[ENCL]);
            marked.push(at);
          }
        }
      }
      for (let i = 0; i < 2; i++) {
        const [x, y] = head(st, cells, i);
        if (i === mover) {
          const x0 = x * cell - 1, y0 = y * cell - 1, n = cell + 2;
          fill(px, IW, IH, x0, y0, n, 1, pal[LAST]);
          fill(px, IW, IH, x0, y0 + n - 1, n, 1, pal[LAST]);
          fill(px, IW, IH, x0, y0, 1, n, pal[LAST]);
          fill(px, IW, IH, x0 + n - 1, y0, 1, n, pal[LAST]);
          for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) mark(x + dx, y + dy);
        }
        fill(px, IW, IH, x * cell, y * cell, cell, cell, pal[HEAD + i]);
        mark(x, y);
      }
      img._last = st.slice(0, cells);
      img._marked = marked;
    },

    // figures are the frame's numbers beside the board.
    figures(vals, k, n, h, meta) {
      const [a1, a2, b1, b2, dh, b1h2, b2h1] = vals;
      const ratio = a1 + a2 === 0 ? 0.5 : a1 / (a1 + a2);
      const none = (d) => (d < 0 ? '–' : String(d));
      const mover = k === 0 ? 'start' : 'player ' + (((k - 1) & 1) + 1) + ' moved';
      return [
        ['half-step', k + ' of ' + (n - 1) + ' (' + mover + ')', 'halfstep'],
        ['territory', a1 + ' : ' + a2, 'areas'],
        ['band', b1 + ' : ' + b2, 'bands'],
        ['field ratio', ratio.toFixed(3), 'ratio'],
        ['distance of the heads', String(dh), 'dheads'],
        ['band 1 → head 2', none(b1h2), 'dband1'],
        ['band 2 → head 1', none(b2h1), 'dband2'],
      ];
    },

    charts(h, meta) {
      const p = meta.players || ['player 1', 'player 2'];
      return [
        { title: 'territory (' + p[0] + ', ' + p[1] + ')', lines: [
          { colour: h.palette[BAND], value: (f, k) => f.value(0, k) },
          { colour: h.palette[BAND + 1], value: (f, k) => f.value(1, k) }] },
        { title: 'field ratio A / (A + B)', range: [0, 1], mid: 0.5, lines: [
          { colour: '#333', value: (f, k) => { const a = f.value(0, k), b = f.value(1, k); return a + b === 0 ? 0.5 : a / (a + b); } }] },
      ];
    },

    keysHelp: 'Arrow keys or WASD turn your head that way; space goes straight.',

    // keys maps a key to the direction a person asks for.
    keys: { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', w: 'up', s: 'down', a: 'left', d: 'right', W: 'up', S: 'down', A: 'left', D: 'right', ' ': 'straight' },
  };
})();
