// board.js: a game's frames (decoded from the server's compact deltas) and
// the player that shows them: the board on a canvas, controls, figures and
// charts. The game's renderer (games/NAME.js) draws the board.
(function () {
  'use strict';

  // Reader reads the unsigned and zigzag varints of the frames encoding.
  class Reader {
    constructor(bytes, pos) { this.b = bytes; this.p = pos || 0; }
    uv() {
      let x = 0, s = 1;
      for (;;) {
        const c = this.b[this.p++];
        x += (c & 127) * s;
        if (c < 128) return x;
        s *= 128;
      }
    }
    sv() { const u = this.uv(); return u % 2 === 0 ? u / 2 : -(u + 1) / 2; }
  }

  const KEY_EVERY = 128; // a full state is kept every KEY_EVERY frames

  // Frames holds a game's frames: deltas, keyframes and every value.
  class Frames {
    constructor(header) {
      this.header = header;
      this.S = header.state_len;
      this.V = header.values.length;
      this.deltas = [null]; // per frame: [bytes, offset of its runs]
      this.keys = [];
      this.values = [];
      for (let i = 0; i < this.V; i++) this.values.push([]);
      this.cur = null; // the state of the last frame, kept up to date
      this.onAdd = null;
    }
    get count() { return this.deltas.length; }

    // addBlob reads a blob: the header, frame 0 and the deltas after it.
    addBlob(bytes) {
      const r = new Reader(bytes);
      const version = r.uv(), n = r.uv(), S = r.uv(), V = r.uv();
      if (version !== 1 || S !== this.S || V !== this.V) throw new Error('frames: unexpected encoding');
      this.cur = bytes.slice(r.p, r.p + S);
      r.p += S;
      for (let i = 0; i < V; i++) this.values[i].push(r.sv());
      this.keys.push(this.cur.slice());
      this.readDeltas(r, n - 1);
    }

    // addChunk reads a live chunk: a count and that many deltas.
    addChunk(bytes) {
      const r = new Reader(bytes);
      this.readDeltas(r, r.uv());
    }

    readDeltas(r, n) {
      for (let k = 0; k < n; k++) {
        this.deltas.push([r.b, r.p]);
        r.p = applyRuns(this.cur, r.b, r.p, null);
        for (let i = 0; i < this.V; i++) {
          const col = this.values[i];
          col.push(col[col.length - 1] + r.sv());
        }
        if ((this.deltas.length - 1) % KEY_EVERY === 0) this.keys.push(this.cur.slice());
      }
      if (this.onAdd) this.onAdd();
    }

    // stateAt returns frame k's state in into, and the bytes frame k
    // changed (index, old, new), for the marks of the last move.
    stateAt(k, into) {
      const kf = Math.floor(k / KEY_EVERY);
      into.set(this.keys[kf]);
      let changes = [];
      for (let j = kf * KEY_EVERY + 1; j <= k; j++) {
        const d = this.deltas[j];
        applyRuns(into, d[0], d[1], j === k ? changes : null);
      }
      return changes;
    }

    value(i, k) { return this.values[i][k]; }
  }

  // applyRuns applies a frame's runs to state; changes, if given, collects
  // the bytes that changed. It returns the offset after the runs.
  function applyRuns(state, b, p, changes) {
    const r = new Reader(b, p);
    const runs = r.uv();
    let at = 0;
    for (let i = 0; i < runs; i++) {
      at += r.uv();
      const len = r.uv();
      for (let j = 0; j < len; j++) {
        const v = b[r.p + j];
        if (changes && state[at + j] !== v) changes.push(at + j, state[at + j], v);
        state[at + j] = v;
      }
      r.p += len;
      at += len;
    }
    return r.p;
  }

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) {
      if (k === 'class') e.className = attrs[k];
      else if (k === 'text') e.textContent = attrs[k];
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), attrs[k]);
      else e.setAttribute(k, attrs[k]);
    }
    for (const c of kids) if (c != null) e.append(c);
    return e;
  }

  function b64bytes(s) {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  // Viewer is the game page: board, controls, figures and charts.
  class Viewer {
    // opts: meta (title, players, result, header), frames, container,
    // live (follow new frames), onFrame (k), startAt.
    constructor(opts) {
      this.meta = opts.meta;
      this.frames = opts.frames;
      this.header = opts.meta.header;
      this.renderer = window.Renderers[this.header.renderer];
      if (!this.renderer) throw new Error('no renderer for ' + this.header.renderer);
      this.live = !!opts.live;
      this.onFrame = opts.onFrame || (() => {});
      this.k = 0;
      this.playing = false;
      this.speed = 1;
      this.state = new Uint8Array(this.frames.S);
      this.build(opts.container, opts.compact);
      this.frames.onAdd = () => this.added();
      this.lastSeen = this.frames.count - 1;
      this.seek(Math.min(opts.startAt || 0, this.frames.count - 1));
      this.keyHandler = (e) => this.key(e);
      if (!opts.noKeys) document.addEventListener('keydown', this.keyHandler);
    }

    destroy() {
      this.playing = false;
      document.removeEventListener('keydown', this.keyHandler);
      this.frames.onAdd = null;
    }

    build(container, compact) {
      const h = this.header;
      const avail = Math.min(window.innerWidth - 460, window.innerHeight - 230);
      this.cell = Math.max(2, Math.min(24, Math.floor(Math.max(avail, 300) / Math.max(h.width, h.height))));
      if (compact) this.cell = Math.max(2, Math.min(this.cell, Math.floor(520 / Math.max(h.width, h.height))));
      this.canvas = el('canvas', { class: 'board', width: h.width * this.cell, height: h.height * this.cell, id: 'board' });
      this.ctx = this.canvas.getContext('2d');
      this.img = this.ctx.createImageData(this.canvas.width, this.canvas.height);
      this.scrub = el('input', { type: 'range', min: 0, max: this.frames.count - 1, value: 0, class: 'scrub', id: 'scrub' });
      this.scrub.addEventListener('input', () => this.seek(+this.scrub.value));
      const speed = el('select', { id: 'speed', title: 'half-steps per frame' });
      for (const s of [1, 2, 4, 8, 16, 32, 64]) speed.append(el('option', { value: s, text: s + '×' }));
      speed.addEventListener('change', () => { this.speed = +speed.value; });
      this.speedSel = speed;
      this.playBtn = el('button', { id: 'play', onclick: () => this.toggle() }, '▶');
      const b = (label, title, f, id) => el('button', { title, onclick: f, id }, label);
      const controls = el('div', { class: 'controls' },
        b('|◀', 'start (Home)', () => this.seek(0), 'first'),
        b('−10', 'back 10 (PageUp, Shift+←)', () => this.seek(this.k - 10), 'back10'),
        b('−1', 'back 1 (←)', () => this.seek(this.k - 1), 'back1'),
        this.playBtn,
        b('+1', 'forward 1 (→)', () => this.seek(this.k + 1), 'fwd1'),
        b('+10', 'forward 10 (PageDown, Shift+→)', () => this.seek(this.k + 10), 'fwd10'),
        b('▶|', 'end (End)', () => this.seek(this.frames.count - 1), 'last'),
        el('label', {}, ' speed ', speed),
        b('save PNG', 'save this frame as a PNG', () => this.savePNG(), 'savepng'));
      this.figs = el('table', { class: 'figures', id: 'figures' });
      this.resultBox = el('div', { class: 'result', id: 'result', hidden: '' });
      this.charts = (this.renderer.charts(this.header, this.meta) || []).map((c) => {
        const cv = el('canvas', { class: 'chart', width: this.canvas.width, height: 110 });
        cv.addEventListener('mousedown', (e) => this.chartSeek(e, cv));
        cv.addEventListener('mousemove', (e) => { if (e.buttons & 1) this.chartSeek(e, cv); });
        return { spec: c, canvas: cv, bg: null, drawn: -1 };
      });
      const keys = el('div', { class: 'keys', text: 'Keys: space play/pause · ←/→ step 1 · Shift+←/→ or PgUp/PgDn step 10 · Home/End · +/− speed' });
      const boardCol = el('div', { class: 'board-col' }, this.canvas, this.scrub, controls, ...this.charts.map((c) => el('div', {}, el('div', { class: 'muted', text: c.spec.title }), c.canvas)));
      const side = el('div', { class: 'side' }, el('h1', { text: this.meta.title, id: 'title' }), this.players(), this.resultBox, this.figs, keys);
      this.boardCol = boardCol;
      container.append(el('div', { class: 'viewer' }, boardCol, side));
    }

    players() {
      const pal = this.header.palette, p = this.meta.players;
      const sw = (c) => { const s = el('span', { class: 'swatch' }); s.style.background = c; return s; };
      const lines = this.renderer.playerColours(this.header);
      return el('div', {},
        el('div', {}, sw(lines[0]), el('span', { class: 'w1', text: p[0] }), el('span', { class: 'muted', text: ' (moves first)' })),
        el('div', {}, sw(lines[1]), el('span', { class: 'w2', text: p[1] })),
        el('div', { class: 'muted', text: this.meta.settings || '' }));
    }

    // seek shows frame k.
    seek(k) {
      k = Math.max(0, Math.min(this.frames.count - 1, Math.round(k)));
      this.k = k;
      this.changes = this.frames.stateAt(k, this.state);
      this.draw();
      this.onFrame(k);
    }

    draw() {
      const k = this.k;
      this.renderer.draw(this.img, { state: this.state, changes: this.changes, frame: k, header: this.header, cell: this.cell, selected: this.selected, pending: this.pending });
      this.ctx.putImageData(this.img, 0, 0);
      this.scrub.max = this.frames.count - 1;
      this.scrub.value = k;
      const vals = this.frames.values.map((col) => col[k]);
      const rows = this.renderer.figures(vals, k, this.frames.count, this.header, this.meta, this.state);
      this.figs.replaceChildren(...rows.map(([a, b, id]) => el('tr', {}, el('td', { text: a }), el('td', { text: b, id: id || '' }))));
      // The result is known from the first frame of a finished game.
      if (this.meta.result && (!this.live || this.ended)) {
        this.resultBox.textContent = this.meta.result;
        this.resultBox.hidden = false;
      } else {
        this.resultBox.hidden = true;
      }
      for (const c of this.charts) this.drawChart(c);
    }

    drawChart(c) {
      const cv = c.canvas, g = cv.getContext('2d');
      const n = this.frames.count;
      if (!c.bg || c.drawn !== n) {
        c.bg = document.createElement('canvas');
        c.bg.width = cv.width; c.bg.height = cv.height;
        this.paintChart(c.bg.getContext('2d'), c.spec, cv.width, cv.height, n);
        c.drawn = n;
      }
      g.clearRect(0, 0, cv.width, cv.height);
      g.drawImage(c.bg, 0, 0);
      const x = this.xOf(this.k, n, cv.width);
      g.strokeStyle = '#000';
      g.lineWidth = 1;
      g.beginPath(); g.moveTo(x + 0.5, 0); g.lineTo(x + 0.5, cv.height); g.stroke();
    }

    xOf(k, n, w) { return Math.round(4 + (w - 8) * (n > 1 ? k / (n - 1) : 0)); }

    paintChart(g, spec, w, h, n) {
      let lo = spec.range ? spec.range[0] : Infinity, hi = spec.range ? spec.range[1] : -Infinity;
      const series = spec.lines.map((l) => {
        const ys = new Float64Array(n);
        for (let k = 0; k < n; k++) {
          const v = l.value(this.frames, k);
          ys[k] = v;
          if (!spec.range && v === v) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
        }
        return ys;
      });
      if (!(hi > lo)) { hi = lo + 1; }
      const y = (v) => h - 14 - (h - 22) * (v - lo) / (hi - lo);
      g.fillStyle = '#666'; g.font = '10px sans-serif';
      g.fillText(String(+hi.toFixed(3)), 6, 10);
      g.fillText(String(+lo.toFixed(3)), 6, h - 3);
      if (spec.mid != null) { g.strokeStyle = '#ccc'; g.beginPath(); g.moveTo(0, y(spec.mid)); g.lineTo(w, y(spec.mid)); g.stroke(); }
      spec.lines.forEach((l, i) => {
        g.strokeStyle = l.colour; g.lineWidth = 1.5; g.beginPath();
        let pen = false;
        // one point per pixel column: the value of the last frame drawn there
        for (let k = 0; k < n; k++) {
          const v = series[i][k];
          if (v !== v) { pen = false; continue; }
          const px = this.xOf(k, n, w), py = y(v);
          if (pen) g.lineTo(px, py); else g.moveTo(px, py);
          pen = true;
        }
        g.stroke();
      });
    }

    chartSeek(e, cv) {
      const r = cv.getBoundingClientRect();
      const n = this.frames.count;
      this.pause();
      this.seek((e.clientX - r.left - 4) / (cv.width - 8) * (n - 1));
    }

    toggle() { if (this.playing) this.pause(); else this.play(); }
    play() {
      if (this.k >= this.frames.count - 1 && !this.live) this.seek(0);
      this.playing = true;
      this.playBtn.textContent = '❚❚';
      const step = () => {
        if (!this.playing) return;
        if (this.k < this.frames.count - 1) this.seek(this.k + this.speed);
        else if (!this.live) { this.pause(); return; }
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }
    pause() { this.playing = false; this.playBtn.textContent = '▶'; }

    // added follows a live game: a page at the latest frame moves on.
    added() {
      const last = this.frames.count - 1;
      this.scrub.max = last;
      if (this.follow !== false && !this.playing && this.k >= this.lastSeen) this.seek(last);
      this.lastSeen = last;
    }

    key(e) {
      if (e.target && /INPUT|SELECT|TEXTAREA/.test(e.target.tagName) && e.target.type !== 'range') return;
      const big = e.shiftKey ? 10 : 1;
      switch (e.key) {
        case ' ': this.toggle(); break;
        case 'ArrowRight': this.pause(); this.seek(this.k + big); break;
        case 'ArrowLeft': this.pause(); this.seek(this.k - big); break;
        case 'PageDown': this.pause(); this.seek(this.k + 10); break;
        case 'PageUp': this.pause(); this.seek(this.k - 10); break;
        case 'Home': this.pause(); this.seek(0); break;
        case 'End': this.pause(); this.seek(this.frames.count - 1); break;
        case '+': case '=': this.setSpeed(this.speed * 2); break;
        case '-': this.setSpeed(this.speed / 2); break;
        default: return;
      }
      e.preventDefault();
    }
    setSpeed(s) { this.speed = Math.max(1, Math.min(64, s)); this.speedSel.value = this.speed; }

    savePNG() {
      this.canvas.toBlob((blob) => {
        const a = el('a', { href: URL.createObjectURL(blob), download: (this.meta.title || 'game').replace(/[^\w.-]+/g, '_') + '-' + this.k + '.png' });
        document.body.append(a); a.click(); a.remove();
      });
    }

    // select marks what a person picked on the board (the renderer draws
    // it) and draws the frame again.
    select(sel) { this.selected = sel; this.draw(); }

    // pixel is the colour at canvas pixel (x, y), as [r, g, b].
    pixel(x, y) {
      const d = this.ctx.getImageData(x, y, 1, 1).data;
      return [d[0], d[1], d[2]];
    }

    // cellPixel is the colour at the centre of cell (x, y), as [r, g, b]
    // (tests read the canvas this way).
    cellPixel(x, y) {
      const c = this.cell;
      const d = this.ctx.getImageData(x * c + (c >> 1), y * c + (c >> 1), 1, 1).data;
      return [d[0], d[1], d[2]];
    }
  }

  window.Board = { Frames, Viewer, el, b64bytes };
})();
