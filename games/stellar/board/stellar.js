// games/stellar/board/stellar.js: stellar's renderer. It draws a frame's state (the
// nodes with their places, owners and forces, the edges, each player's
// commands of the turn) as the server's DrawState does for PNG and GIF: the
// edges, the commands as lines in their player's colour with a square two
// thirds of the way, then the nodes as discs in their owner's colour,
// larger with more force. A person plays by clicking one of its nodes, then
// a neighbour, for each command of the turn, then sending the turn.
(function () {
  'use strict';
  const R = window.Renderers = window.Renderers || {};
  const BG = 0, EDGE = 1, NEUTRAL = 2, OWNER = 3, SEL = 5, SIZE = 100, NODE = 13, CMD = 8, MAXC = 32, CMDS = 1 + MAXC * CMD;

  function abgr(hex) {
    const n = parseInt(hex.slice(1), 16);
    return ((255 << 24) | ((n & 255) << 16) | (((n >> 8) & 255) << 8) | (n >> 16)) >>> 0;
  }

  function fill(px, W, H, x0, y0, w, h, c) {
    const x1 = Math.min(W, x0 + w), y1 = Math.min(H, y0 + h);
    x0 = Math.max(0, x0); y0 = Math.max(0, y0);
    for (let y = y0; y < y1; y++) px.fill(c, y * W + x0, y * W + x1);
  }

  // parse reads a state into nodes (1-based), edges and commands.
  function parse(st) {
    const dv = new DataView(st.buffer, st.byteOffset, st.byteLength);
    const n = dv.getUint16(0, true), e = dv.getUint16(2, true);
    const nodes = [null];
    for (let i = 0; i < n; i++) {
      const o = 4 + i * NODE;
      nodes.push({ x10: dv.getUint16(o, true), y10: dv.getUint16(o + 2, true), owner: st[o + 4],
        force: [dv.getFloat32(o + 5, true), dv.getFloat32(o + 9, true)] });
    }
    const eo = 4 + n * NODE, edges = [];
    for (let k = 0; k < e; k++) edges.push([dv.getUint16(eo + 4 * k, true), dv.getUint16(eo + 4 * k + 2, true)]);
    const co = eo + 4 * e, cmds = [[], []];
    for (let p = 0; p < 2; p++) {
      const at = co + p * CMDS;
      for (let k = 0; k < st[at]; k++) {
        const c = at + 1 + k * CMD;
        cmds[p].push([dv.getUint16(c, true), dv.getUint16(c + 2, true), dv.getFloat32(c + 4, true)]);
      }
    }
    return { n, nodes, edges, cmds };
  }

  function radius(f, cell) { return Math.trunc(cell * (1 + Math.min(Math.sqrt(f), 16) / 5)); }

  // nodeForce is the force of a node's owner (0 for an empty node).
  function nodeForce(nd) { return nd.owner ? nd.force[nd.owner - 1] : 0; }

  R.stellar = {
    parse,
    playerColours(h) { return [h.palette[OWNER], h.palette[OWNER + 1]]; },

    draw(img, v) {
      const h = v.header, cell = v.cell, g = parse(v.state);
      const pal = img._pal || (img._pal = h.palette.map(abgr));
      const px = new Uint32Array(img.data.buffer), W = img.width, H = img.height;
      const dot = (x, y, c) => { if (x >= 0 && y >= 0 && x < W && y < H) px[y * W + x] = c; };
      const pos = (i) => [Math.trunc(g.nodes[i].x10 * cell / 10), Math.trunc(g.nodes[i].y10 * cell / 10)];
      const line = (x0, y0, x1, y1, c) => {
        const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0), sx = Math.sign(x1 - x0), sy = Math.sign(y1 - y0);
        let err = dx + dy;
        for (;;) {
          dot(x0, y0, c);
          if (x0 === x1 && y0 === y1) return;
          const e2 = 2 * err;
          if (e2 >= dy) { err += dy; x0 += sx; }
          if (e2 <= dx) { err += dx; y0 += sy; }
        }
      };
      const disc = (cx, cy, r, c) => {
        for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (dx * dx + dy * dy <= r * r) dot(cx + dx, cy + dy, c);
      };
      fill(px, W, H, 0, 0, SIZE * cell, SIZE * cell, pal[BG]);
      for (const [a, b] of g.edges) { const [x0, y0] = pos(a), [x1, y1] = pos(b); line(x0, y0, x1, y1, pal[EDGE]); }
      for (let p = 0; p < 2; p++) {
        for (const [f, t] of g.cmds[p]) {
          if (f < 1 || f > g.n || t < 1 || t > g.n) continue;
          const [x0, y0] = pos(f), [x1, y1] = pos(t), d = Math.max(2, cell);
          line(x0, y0, x1, y1, pal[OWNER + p]);
          fill(px, W, H, x0 + Math.trunc((x1 - x0) * 2 / 3) - (d >> 1), y0 + Math.trunc((y1 - y0) * 2 / 3) - (d >> 1), d, d, pal[OWNER + p]);
        }
      }
      for (let i = 1; i <= g.n; i++) {
        const nd = g.nodes[i], [x, y] = pos(i), r = radius(nodeForce(nd), cell);
        if (i === v.selected) disc(x, y, r + Math.max(2, cell >> 1), pal[SEL]);
        disc(x, y, r, nd.owner ? pal[OWNER + nd.owner - 1] : pal[NEUTRAL]);
      }
      // The commands a person has chosen for the coming turn.
      for (const [f, t] of (v.pending || [])) { const [x0, y0] = pos(f), [x1, y1] = pos(t); line(x0, y0, x1, y1, pal[SEL]); }
    },

    figures(vals, k, n, h, meta, st) {
      const [n1, n2, f1, f2, c1, c2, b1, b2] = vals;
      const rows = [
        ['turn', k + ' of ' + (n - 1), 'turn'],
        ['nodes', n1 + ' : ' + n2, 'nodes'],
        ['total force', f1 + ' : ' + f2, 'forces'],
        ['force at the bases', b1 + ' : ' + b2, 'bases'],
        ['commands this turn', c1 + ' : ' + c2, 'commands'],
      ];
      if (st) {
        const g = parse(st);
        const say = (p) => g.cmds[p].slice(0, 6).map(([f, t, a]) => f + '→' + t + ' ' + (+a.toFixed(1))).join(', ') + (g.cmds[p].length > 6 ? ', …' : '');
        rows.push(['player 1 sent', say(0) || '–', 'sent1'], ['player 2 sent', say(1) || '–', 'sent2']);
      }
      return rows;
    },

    charts(h, meta) {
      const p = meta.players || ['player 1', 'player 2'];
      return [
        { title: 'total force (' + p[0] + ', ' + p[1] + ')', lines: [
          { colour: h.palette[OWNER], value: (f, k) => f.value(2, k) },
          { colour: h.palette[OWNER + 1], value: (f, k) => f.value(3, k) }] },
        { title: 'nodes', lines: [
          { colour: h.palette[OWNER], value: (f, k) => f.value(0, k) },
          { colour: h.palette[OWNER + 1], value: (f, k) => f.value(1, k) }] },
      ];
    },

    keys: {},

    // human: click one of your nodes, then a neighbour: a command sending
    // the share of the node's force the box says; "send turn" (or Enter)
    // sends the turn's commands, none if none were chosen.
    human(viewer, send, opts) {
      const me = (opts && opts.side) || 1;
      let from = 0, pending = [];
      const el = window.Board.el;
      const share = el('input', { id: 's-share', type: 'number', value: 50, min: 1, max: 100, class: 'short' });
      const list = el('span', { id: 's-pending', class: 'muted' });
      const redraw = () => {
        viewer.pending = pending.map((c) => [c[0], c[1]]);
        viewer.select(from || null);
        list.textContent = pending.length ? pending.map((c) => c[0] + '→' + c[1] + ' ' + c[2]).join('; ') : 'no command yet';
      };
      const sendTurn = () => {
        send(pending.map((c) => c[0] + ' ' + c[1] + ' ' + c[2]).join(';'));
        pending = []; from = 0; redraw();
      };
      const btn = el('button', { id: 's-send', onclick: sendTurn }, 'send turn');
      const onKey = (e) => { if (e.key === 'Enter' && !/INPUT|SELECT|BUTTON/.test(e.target.tagName)) { e.preventDefault(); sendTurn(); } };
      document.addEventListener('keydown', onKey);
      // Under the board's controls, above the charts.
      const row = el('div', { class: 'controls' }, el('label', {}, '% of the force sent ', share), ' ', btn, ' ', list);
      viewer.boardCol.insertBefore(row, viewer.boardCol.children[3] || null);
      redraw();
      return {
        help: 'Click one of your nodes, then a neighbour, for each command; then send the turn (Enter).',
        click(px, py) {
          const g = parse(viewer.state), cell = viewer.cell;
          let hit = 0, best = Infinity;
          for (let i = 1; i <= g.n; i++) {
            const x = Math.trunc(g.nodes[i].x10 * cell / 10), y = Math.trunc(g.nodes[i].y10 * cell / 10);
            const d = (x - px) ** 2 + (y - py) ** 2, r = radius(nodeForce(g.nodes[i]), cell) + 3;
            if (d <= r * r && d < best) { hit = i; best = d; }
          }
          if (!hit) { from = 0; redraw(); return; }
          const adj = (a, b) => g.edges.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
          if (from && hit !== from && adj(from, hit)) {
            const f = g.nodes[from].force[me - 1];
            const amount = Math.floor(f * Math.max(1, Math.min(100, +share.value || 50)) / 100 * 1000) / 1000;
            if (amount > 0) pending.push([from, hit, amount]);
            from = 0;
          } else from = g.nodes[hit].owner === me ? hit : 0;
          redraw();
        },
        destroy() { document.removeEventListener('keydown', onKey); },
      };
    },
  };
})();
