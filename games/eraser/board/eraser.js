// games/eraser/board/eraser.js: eraser's renderer. It draws a frame's state (the main
// board after the move, three reserve rows, the swap, the board before the
// move and the board after each scoring step of its cascade; cells at
// 6x+y, y from the bottom) as the server's DrawState does for PNG and GIF,
// in units of the header's cells: a board cell is 4 units on the main board
// and 1 on the small boards of the cascade. A person plays by clicking two
// adjacent cells of the main board.
(function () {
  'use strict';
  const R = window.Renderers = window.Renderers || {};
  const BG = 6, MARK = 7, RES = 3, MAIN_TOP = RES * 4 + 1;
  const OFF_MAIN = 0, OFF_RES = 36, OFF_SWAP = 54, OFF_BEFORE = 58, OFF_STEPS = 94, MAX_STEPS = 9;

  function abgr(hex) {
    const n = parseInt(hex.slice(1), 16);
    return ((255 << 24) | ((n & 255) << 16) | (((n >> 8) & 255) << 8) | (n >> 16)) >>> 0;
  }

  function fill(px, W, H, x0, y0, w, h, c) {
    const x1 = Math.min(W, x0 + w), y1 = Math.min(H, y0 + h);
    x0 = Math.max(0, x0); y0 = Math.max(0, y0);
    for (let y = y0; y < y1; y++) px.fill(c, y * W + x0, y * W + x1);
  }

  function smallAt(i) { return [26 + 7 * Math.floor(i / 5), 7 * (i % 5)]; }

  // cellAt is the main-board cell under canvas pixel (px, py), or null.
  function cellAt(px, py, cell) {
    const big = 4 * cell, x = Math.floor(px / big), y = 5 - Math.floor((py - MAIN_TOP * cell) / big);
    return x >= 0 && x < 6 && y >= 0 && y < 6 && py >= MAIN_TOP * cell ? [x, y] : null;
  }

  R.eraser = {
    playerColours() { return ['#1f5fa8', '#c4511a']; },

    draw(img, v) {
      const h = v.header, cell = v.cell, st = v.state;
      const pal = img._pal || (img._pal = h.palette.map(abgr));
      const px = new Uint32Array(img.data.buffer), W = img.width, H = img.height;
      const f = (x, y, w, hh, c) => fill(px, W, H, x, y, w, hh, pal[c]);
      f(0, 0, W, H, BG);
      const big = 4 * cell, gap = big >= 8 ? 1 : 0;
      for (let x = 0; x < 6; x++) {
        for (let r = 0; r < RES; r++) f(x * big + gap, (RES - 1 - r) * big + gap, big - 2 * gap, big - 2 * gap, st[OFF_RES + RES * x + r]);
        for (let y = 0; y < 6; y++) f(x * big + gap, MAIN_TOP * cell + (5 - y) * big + gap, big - 2 * gap, big - 2 * gap, st[OFF_MAIN + 6 * x + y]);
      }
      const moved = st[OFF_SWAP] !== 255;
      if (moved) {
        const t = Math.max(1, cell >> 1);
        for (let c = 0; c < 2; c++) {
          const x0 = st[OFF_SWAP + 2 * c] * big, y0 = MAIN_TOP * cell + (5 - st[OFF_SWAP + 2 * c + 1]) * big;
          f(x0, y0, big, t, MARK); f(x0, y0 + big - t, big, t, MARK);
          f(x0, y0, t, big, MARK); f(x0 + big - t, y0, t, big, MARK);
        }
      }
      // The person's first click, framed until the second.
      if (v.selected) {
        const [x, y] = v.selected, t = Math.max(1, cell >> 1);
        const x0 = x * big, y0 = MAIN_TOP * cell + (5 - y) * big;
        f(x0, y0, big, t, MARK); f(x0, y0 + big - t, big, t, MARK);
        f(x0, y0, t, big, MARK); f(x0 + big - t, y0, t, big, MARK);
      }
      if (!moved) return;
      const small = (i, off) => {
        const [bx, by] = smallAt(i);
        for (let x = 0; x < 6; x++) for (let y = 0; y < 6; y++) f((bx + x) * cell, (by + 5 - y) * cell, cell, cell, st[off + 6 * x + y]);
      };
      small(0, OFF_BEFORE);
      if (cell >= 3) {
        const d = Math.max(1, Math.floor(cell / 3)), [bx, by] = smallAt(0);
        for (let c = 0; c < 2; c++) {
          const x = st[OFF_SWAP + 2 * c], y = st[OFF_SWAP + 2 * c + 1];
          f((bx + x) * cell + ((cell - d) >> 1), (by + 5 - y) * cell + ((cell - d) >> 1), d, d, MARK);
        }
      }
      for (let i = 0; i < st[OFF_STEPS]; i++) small(1 + i, OFF_STEPS + 1 + 36 * i);
    },

    figures(vals, k, n, h, meta, st) {
      const [s1, s2, pts, depth, c1, c2, h1, h2, ops] = vals;
      const steps = vals.slice(9, 9 + Math.min(depth, MAX_STEPS));
      let swap = '–';
      if (st && st[OFF_SWAP] !== 255) swap = '(' + st[OFF_SWAP] + ', ' + st[OFF_SWAP + 1] + ') ↔ (' + st[OFF_SWAP + 2] + ', ' + st[OFF_SWAP + 3] + ')';
      const mover = k === 0 ? 'start' : 'player ' + (((k - 1) & 1) + 1) + ' moved';
      const cascade = depth === 0 ? (k === 0 ? '–' : 'nothing') : steps.join(' + ') + (depth > MAX_STEPS ? ' + … (' + depth + ' steps)' : '') + ' = ' + pts;
      return [
        ['move', k + ' of ' + (n - 1) + ' (' + mover + ')', 'move'],
        ['score', s1 + ' : ' + s2, 'scores'],
        ['swap', swap, 'swap'],
        ['cascade points', cascade, 'cascade'],
        ['combo', c1 + ' : ' + c2, 'combo'],
        ['highest combo', h1 + ' : ' + h2, 'high'],
        ['operations offered next', String(ops), 'ops'],
      ];
    },

    charts(h, meta) {
      const p = meta.players || ['player 1', 'player 2'], cols = this.playerColours();
      return [
        { title: 'score (' + p[0] + ', ' + p[1] + ')', lines: [
          { colour: cols[0], value: (f, k) => f.value(0, k) },
          { colour: cols[1], value: (f, k) => f.value(1, k) }] },
        { title: 'points of each move', lines: [{ colour: '#333', value: (f, k) => f.value(2, k) }] },
      ];
    },

    keys: {},

    // human: the person clicks a cell, then an adjacent one: the swap is
    // sent; a click elsewhere starts again.
    human(viewer, send) {
      let sel = null;
      return {
        help: 'Click a cell of the board, then an adjacent one, to swap them.',
        click(px, py) {
          const c = cellAt(px, py, viewer.cell);
          if (!c) { sel = null; viewer.select(null); return; }
          if (sel && Math.abs(sel[0] - c[0]) + Math.abs(sel[1] - c[1]) === 1) {
            send('' + sel[0] + sel[1] + c[0] + c[1]);
            sel = null;
          } else sel = c;
          viewer.select(sel);
        },
      };
    },
  };
})();
