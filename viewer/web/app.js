// app.js: the pages of the viewer: the index of games, a game, the live
// view of a run and the play page. A self-contained replay page (paperio
// render --out game.html) sets window.STATIC_GAME and shows that game only.
(function () {
  'use strict';
  const { Frames, Viewer, el, b64bytes } = window.Board;
  const main = document.getElementById('main');
  let current = null; // the page's viewer, if any
  let cleanup = [];

  async function getJSON(url) {
    const r = await fetch(url);
    if (!r.ok) throw new Error((await r.text()).trim() || r.statusText);
    return r.json();
  }

  async function post(url, body) {
    const r = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error((await r.text()).trim() || r.statusText);
    return r.status === 204 ? null : r.json();
  }

  function reset() {
    if (current) current.destroy();
    current = null;
    cleanup.forEach((f) => f());
    cleanup = [];
    main.replaceChildren();
  }

  function showError(e) { main.append(el('p', { class: 'error', text: String(e.message || e) })); }

  // ---- index -------------------------------------------------------------
  const state = { q: { sort: 'id', desc: '', player: '', winner: '', why: '', lmin: '', lmax: '', src: '' }, offset: 0, limit: 50 };

  async function indexPage() {
    const t0 = performance.now();
    const info = await getJSON('/api/sources');
    document.getElementById('nav-live').hidden = !info.live;
    document.getElementById('nav-play').hidden = !info.play;
    const srcList = el('ul', { class: 'sources', id: 'sources' });
    for (const s of info.sources) {
      const li = el('li', {}, el('span', { class: 'kind', text: s.kind || 'error' }), el('span', { text: s.path }),
        el('span', { class: 'muted', text: ' — ' + s.games + ' games' + (s.game ? ' of ' + s.game : '') }));
      if (s.error) li.append(el('div', { class: 'error', text: s.error }));
      if (s.kind === 'tournament') {
        const box = el('div', {});
        li.append(' ', el('button', { onclick: () => tournament(s.src, box) }, 'standings and series'), box);
      }
      srcList.append(li);
    }
    const q = state.q;
    const input = (name, label, cls) => {
      const i = el('input', { name, value: q[name], class: cls || '', id: 'f-' + name });
      i.addEventListener('input', () => { q[name] = i.value; state.offset = 0; refresh(); });
      return el('label', {}, label, i);
    };
    const why = el('select', { id: 'f-why' }, el('option', { value: '', text: 'any' }));
    for (const k of Object.keys(info.reasons).sort()) why.append(el('option', { value: k, text: k + ' (' + info.reasons[k] + ')' }));
    why.value = q.why;
    why.addEventListener('change', () => { q.why = why.value; state.offset = 0; refresh(); });
    const src = el('select', { id: 'f-src' }, el('option', { value: '', text: 'all' }));
    for (const s of info.sources) src.append(el('option', { value: s.src, text: s.src + ': ' + s.path }));
    src.value = q.src;
    src.addEventListener('change', () => { q.src = src.value; state.offset = 0; refresh(); });
    const filters = el('div', { class: 'filters' }, input('player', 'player or spec'), input('winner', 'winner (1, 2, draw or name)'),
      el('label', {}, 'end', why), input('lmin', 'length ≥', 'short'), input('lmax', 'length ≤', 'short'), el('label', {}, 'source', src));
    const table = el('table', { id: 'games' });
    const pager = el('div', { class: 'pager', id: 'pager' });
    main.append(el('h1', { text: 'Games' }), srcList, filters, pager, table);
    let seq = 0;
    async function refresh() {
      const my = ++seq;
      const p = new URLSearchParams({ offset: state.offset, limit: state.limit });
      for (const k in q) if (q[k] !== '') p.set(k, q[k]);
      let page;
      try { page = await getJSON('/api/games?' + p); } catch (e) { pager.replaceChildren(el('span', { class: 'error', text: e.message })); return; }
      if (my !== seq) return;
      drawTable(table, page);
      const pages = Math.max(1, Math.ceil(page.matched / state.limit)), at = Math.floor(state.offset / state.limit) + 1;
      pager.replaceChildren(
        el('button', { id: 'prev', onclick: () => { state.offset = Math.max(0, state.offset - state.limit); refresh(); } }, '‹ previous'),
        el('span', { id: 'pageinfo', text: 'page ' + at + ' of ' + pages + ' · ' + page.matched + ' of ' + page.total + ' games' }),
        el('button', { id: 'next', onclick: () => { if (state.offset + state.limit < page.matched) { state.offset += state.limit; refresh(); } } }, 'next ›'));
      if (!window.indexShownAt) window.indexShownAt = performance.now() - t0;
    }
    await refresh();
  }

  const columns = [
    ['id', 'game', (r) => r.src + '/' + r.id + (r.label ? ' ' + r.label : '')],
    ['p1', 'player 1', (r) => r.p1, (r) => r.spec1],
    ['p2', 'player 2', (r) => r.p2, (r) => r.spec2],
    ['winner', 'winner', (r) => (r.winner === 0 ? 'draw' : r.winner === 1 ? r.p1 : r.p2)],
    ['why', 'end', (r) => r.why],
    ['length', 'length', (r) => r.length, null, true],
    ['score1', 'score 1', (r) => r.score1, null, true],
    ['score2', 'score 2', (r) => r.score2, null, true],
    ['stage', 'stage', (r) => r.stage || ''],
  ];

  function drawTable(table, page) {
    const q = state.q;
    const head = el('tr', {}, ...columns.map(([key, label, , , num]) => {
      const mark = q.sort === key ? (q.desc ? ' ▼' : ' ▲') : '';
      return el('th', { class: 'sort' + (num ? ' num' : ''), 'data-key': key, onclick: () => {
        if (q.sort === key) q.desc = q.desc ? '' : '1'; else { q.sort = key; q.desc = ''; }
        state.offset = 0;
        indexRefresh();
      } }, label + mark);
    }));
    const rows = page.rows.map((r) => {
      const tr = el('tr', { class: 'game', onclick: () => go('/game/' + r.src + '/' + r.id) },
        ...columns.map(([key, , f, tip, num]) => {
          const td = el('td', { class: num ? 'num' : '', text: String(f(r)) });
          if (tip && tip(r)) td.title = tip(r);
          if (key === 'winner' && r.winner) td.className = 'w' + r.winner;
          return td;
        }));
      return tr;
    });
    table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  }

  function indexRefresh() { route(); }

  async function tournament(src, box) {
    if (box.childNodes.length) { box.replaceChildren(); return; }
    try {
      const t = await getJSON('/api/tournament/' + src);
      for (const g of t.standings) box.append(standingsTable(g));
      if (t.ratings.length) box.append(el('h2', { text: 'Ratings (Bradley–Terry, ±95 %)' }), el('table', {},
        ...t.ratings.map((r) => el('tr', {}, el('td', { text: r.player }), el('td', { class: 'num', text: r.elo.toFixed(0) + ' ± ' + r.ci95.toFixed(0) }), el('td', { class: 'num muted', text: r.games + ' games' })))));
      if (t.placings.length) box.append(el('h2', { text: 'Placings' }), el('table', {},
        ...t.placings.map((p) => el('tr', {}, el('td', { class: 'num', text: p.place }), el('td', { text: p.player }), el('td', { class: 'muted', text: p.how })))));
      box.append(el('h2', { text: 'Series' }), el('table', { class: 'series' },
        el('tr', {}, ...['stage', 'series', 'score', 'verdict'].map((h) => el('th', { text: h }))),
        ...t.series.map((s) => el('tr', {}, el('td', { text: s.stage }), el('td', { text: s.a + ' v ' + s.b }),
          el('td', { class: 'num', text: s.wins_a + '–' + s.wins_b + (s.draws ? ' (' + s.draws + ' drawn)' : '') }),
          el('td', { text: s.winner ? s.winner + ' wins' : s.verdict })))));
    } catch (e) { box.append(el('p', { class: 'error', text: e.message })); }
  }

  function standingsTable(g) {
    return el('div', {}, el('h2', { text: 'Standings, ' + g.group }), el('table', { class: 'standings' },
      el('tr', {}, ...['#', 'player', 'series', 'W', 'D', 'L', 'points', 'net'].map((h) => el('th', { text: h }))),
      ...g.rows.map((s) => el('tr', {}, el('td', { class: 'num', text: s.rank }), el('td', { text: s.player }),
        el('td', { class: 'num', text: s.played }), el('td', { class: 'num', text: s.won }), el('td', { class: 'num', text: s.drawn }),
        el('td', { class: 'num', text: s.lost }), el('td', { class: 'num', text: s.points }), el('td', { class: 'num', text: s.net })))));
  }

  // ---- a game --------------------------------------------------------------
  async function gamePage(src, id) {
    const t = +(new URLSearchParams(location.search).get('t') || 0);
    let meta, buf;
    try {
      [meta, buf] = await Promise.all([getJSON('/api/game/' + src + '/' + id), fetch('/api/game/' + src + '/' + id + '/frames').then(async (r) => {
        if (!r.ok) throw new Error((await r.text()).trim() || r.statusText);
        return r.arrayBuffer();
      })]);
    } catch (e) {
      // A game the viewer cannot draw (another course game's board, a file
      // gone since) says why instead of leaving the page blank.
      main.append(el('h1', { text: 'Game ' + src + '/' + id }),
        el('p', { class: 'error', id: 'game-error', text: 'This game cannot be shown: ' + e.message }),
        el('p', {}, el('a', { href: '/games', onclick: nav }, '‹ all games')));
      return;
    }
    showGame(meta, new Uint8Array(buf), t, true);
  }

  function showGame(meta, bytes, t, link) {
    const frames = new Frames(meta.header);
    frames.addBlob(bytes);
    document.title = meta.title;
    let pending = null;
    current = new Viewer({ meta, frames, container: main, startAt: t, onFrame: (k) => {
      if (!link) return;
      clearTimeout(pending);
      pending = setTimeout(() => history.replaceState(null, '', location.pathname + '?t=' + k), 150);
    } });
    window.viewer = current;
  }

  // ---- live ----------------------------------------------------------------
  function livePage() {
    const status = el('div', { class: 'panel', id: 'live-status' });
    const playing = el('ul', { class: 'playing', id: 'playing' });
    const finished = el('ul', { id: 'finished' });
    const standings = el('div', { id: 'live-standings' });
    const boardBox = el('div', { id: 'live-board' });
    main.append(el('h1', { text: 'Live', id: 'live-title' }), el('div', { class: 'live-grid' },
      el('div', {}, status, el('h2', { text: 'Being played' }), playing, el('h2', { text: 'Finished lately' }), finished, standings),
      boardBox));
    let following = null, pinned = false, stream = null;
    const es = new EventSource('/api/live/events');
    cleanup.push(() => { es.close(); if (stream) stream.close(); });
    es.onerror = () => {
      if (es.readyState === EventSource.CLOSED) status.replaceChildren(el('p', { class: 'muted', text: 'No run in progress here: start one with paperio tournament … --view ADDR or paperio selfplay … --view ADDR.' }));
    };
    es.addEventListener('status', (e) => {
      const s = JSON.parse(e.data);
      document.getElementById('live-title').textContent = 'Live: ' + s.title + (s.over ? ' (over)' : '');
      const lines = [];
      if (s.kind === 'self-play') {
        const pct = s.total ? Math.round(100 * s.games / s.total) : 0;
        lines.push(el('div', { text: s.games + ' of ' + s.total + ' games' + (s.skipped ? ' (' + s.skipped + ' done before)' : '') + ' · ' + (s.games / Math.max(s.elapsed, 1e-3)).toFixed(1) + ' games/s' }));
        const bar = el('div', { class: 'bar' }, el('div', {}));
        bar.firstChild.style.width = pct + '%';
        lines.push(bar);
      } else if (s.kind === 'tournament') {
        lines.push(el('div', { text: (s.stage || '') + ': ' + s.series_done + ' of ' + s.series_total + ' series done, ' + s.games + ' games played' }));
        for (const r of s.running_series) lines.push(el('div', { class: 'muted', text: r.text + ' · game ' + (r.game + 1) + ' of up to ' + r.plan }));
      }
      lines.push(el('div', { class: 'muted', id: 'live-elapsed', text: (s.over ? 'over after ' : '') + Math.round(s.elapsed) + ' s' }));
      status.replaceChildren(...lines);
      playing.replaceChildren(...s.playing.map((g) => el('li', { class: following === g.n ? 'on' : '', onclick: () => { pinned = true; follow(g.n); } }, g.title + ' · ' + g.moves + ' moves')));
      finished.replaceChildren(...s.finished.map((r) => el('li', {}, el('a', { href: '/game/' + r.src + '/' + r.id, onclick: nav }, (r.label || r.p1 + ' v ' + r.p2) + ': ' + (r.winner === 0 ? 'draw' : (r.winner === 1 ? r.p1 : r.p2) + ' wins') + ' (' + r.why + ', ' + r.length + ')'))));
      standings.replaceChildren(...s.standings.map(standingsTable));
      const alive = s.playing.some((g) => g.n === following);
      if ((!alive && !pinned) || following === null) {
        if (s.playing.length) follow(s.playing[s.playing.length - 1].n);
      }
    });

    function follow(n) {
      if (following === n) return;
      following = n;
      if (stream) stream.close();
      stream = watchGame(n, boardBox, () => { pinned = false; });
    }
  }

  // watchGame follows live game n in box; onEnd hears its end, onViewer
  // the viewer once it is made.
  function watchGame(n, box, onEnd, onViewer) {
    const es = new EventSource('/api/live/game/' + n + '/stream');
    let frames = null;
    es.addEventListener('start', (e) => {
      const d = JSON.parse(e.data);
      frames = new Frames(d.header);
      frames.addBlob(b64bytes(d.frames));
      box.replaceChildren();
      if (current) current.destroy();
      current = new Viewer({ meta: { title: d.title, players: d.players, header: d.header }, frames, container: box, live: true, startAt: frames.count - 1, compact: true, noKeys: box.dataset.nokeys === '1' });
      window.viewer = current;
      if (onViewer) onViewer(current);
    });
    es.addEventListener('more', (e) => { if (frames) frames.addChunk(b64bytes(e.data)); });
    es.addEventListener('end', (e) => {
      const d = JSON.parse(e.data);
      es.close();
      if (current && current.frames === frames) {
        current.ended = true;
        current.meta.result = d.result;
        current.seek(frames.count - 1);
        if (d.row) box.append(el('p', { id: 'recorded' }, el('a', { href: '/game/' + d.row.src + '/' + d.row.id, onclick: nav }, 'open this game')));
      }
      if (onEnd) onEnd(d);
    });
    es.addEventListener('failed', (e) => { box.append(el('p', { class: 'error', text: JSON.parse(e.data) })); es.close(); });
    return es;
  }

  // ---- play ----------------------------------------------------------------
  async function playPage() {
    const o = await getJSON('/api/play/options');
    if (!o.enabled) { main.append(el('p', { text: 'This server plays no games (start it with --record DIR).' })); return; }
    const side = el('select', { id: 'p-side' }, el('option', { value: 1, text: 'first (player 1)' }), el('option', { value: 2, text: 'second (player 2)' }));
    const opp = el('input', { id: 'p-opponent', list: 'p-bots', value: (o.suggest && o.suggest.opponent) || (o.bots.includes('heuristic') ? 'heuristic' : o.bots[0]) });
    // wide enough for the longest name it is given (py: paths are long)
    const fit = () => { opp.size = Math.max(20, ...o.bots.concat(o.opponents || [], [opp.value]).map((b) => Math.ceil(1.15 * b.length) + 2)); };
    fit();
    opp.addEventListener('input', fit);
    const list = el('datalist', { id: 'p-bots' }, ...o.bots.concat(o.opponents || []).map((b) => el('option', { value: b })));
    const mode = el('select', { id: 'p-mode' }, el('option', { value: 0, text: 'turn-based: the game waits for you' }), el('option', { value: 1, text: 'on a clock' }));
    const clock = el('input', { id: 'p-clock', type: 'number', value: 150, min: 20, max: 10000, class: 'short' });
    const seed = el('input', { id: 'p-seed', type: 'number', value: (o.suggest && o.suggest.seed) || Math.floor(Math.random() * 1e6), class: 'short' });
    if (o.suggest) { side.value = o.suggest.side || 1; if (o.suggest.clock) { mode.value = 1; clock.value = o.suggest.clock; } }
    const msg = el('div', { id: 'p-msg' });
    const box = el('div', { id: 'play-board' });
    box.dataset.nokeys = '1';
    let n = null;
    let sending = Promise.resolve();
    const start = el('button', { id: 'p-start', onclick: async () => {
      msg.replaceChildren();
      try {
        const r = await post('/api/play', { side: +side.value, opponent: opp.value, clock: mode.value === '1' ? +clock.value : 0, seed: +seed.value });
        n = r.n;
        const game = n;
        const send = (w) => { sending = sending.then(() => post('/api/play/' + game + '/key', { key: w })).catch((err) => { if (n === game) msg.append(el('p', { class: 'error', text: err.message })); }); };
        const rend = window.Renderers[o.game];
        watchGame(n, box, (d) => { msg.replaceChildren(el('div', { class: 'result', id: 'p-result', text: d.result })); n = null; }, (v) => {
          if (!rend.human) return;
          // The game's own way to play on the board: clicks on the canvas.
          const h = rend.human(v, send, { side: +side.value });
          if (h.destroy) cleanup.push(() => h.destroy());
          v.canvas.addEventListener('click', (e) => {
            if (n !== game) return;
            const r = v.canvas.getBoundingClientRect();
            h.click(e.clientX - r.left, e.clientY - r.top);
          });
          if (!msg.querySelector('#p-help')) msg.append(el('p', { class: 'muted', id: 'p-help', text: h.help }));
        });
        if (!rend.human && rend.keysHelp) msg.append(el('p', { class: 'muted', text: rend.keysHelp }));
      } catch (e) { msg.append(el('p', { class: 'error', text: e.message })); }
    } }, 'Start');
    const stop = el('button', { id: 'p-stop', onclick: () => { if (n !== null) post('/api/play/' + n + '/stop', {}); } }, 'Stop');
    main.append(el('h1', { text: 'Play ' + o.game + ' (' + o.settings + ')' }),
      el('div', { class: 'form-row' }, el('label', {}, 'you move', side), el('label', {}, 'against (bot spec)', opp, list),
        el('label', {}, 'mode', mode), el('label', {}, 'ms a move', clock), el('label', {}, 'seed', seed), start, stop),
      el('p', { class: 'muted', text: 'Games are recorded in ' + o.record + ' and join the index.' }), msg, box);
    const keys = window.Renderers[o.game].keys || {};
    const onKey = (e) => {
      if (n === null || /INPUT|SELECT/.test(e.target.tagName)) return;
      const k = keys[e.key];
      if (!k) return;
      e.preventDefault();
      // One key after the other, in the order pressed.
      const game = n;
      sending = sending.then(() => post('/api/play/' + game + '/key', { key: k })).catch((err) => { if (n === game) msg.append(el('p', { class: 'error', text: err.message })); });
    };
    document.addEventListener('keydown', onKey);
    cleanup.push(() => document.removeEventListener('keydown', onKey));
  }

  // ---- routing -------------------------------------------------------------
  function nav(e) {
    if (e.button !== 0 || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    go(e.currentTarget.getAttribute('href'));
  }

  function go(path) { history.pushState(null, '', path); route(); }

  async function route() {
    reset();
    const p = location.pathname;
    let m;
    try {
      if ((m = p.match(/^\/game\/(\d+)\/(-?\d+)$/))) await gamePage(m[1], m[2]);
      else if (p === '/live') livePage();
      else if (p === '/play') await playPage();
      else await indexPage();
    } catch (e) { showError(e); }
    if (!document.getElementById('nav-live').dataset.checked) {
      document.getElementById('nav-live').dataset.checked = '1';
      getJSON('/api/sources').then((i) => {
        document.getElementById('nav-live').hidden = !i.live;
        document.getElementById('nav-play').hidden = !i.play;
      }).catch(() => {});
    }
  }

  if (window.STATIC_GAME) {
    document.querySelector('header.top nav').remove();
    const g = window.STATIC_GAME;
    main.replaceChildren();
    showGame(g.meta, b64bytes(g.frames), +(new URLSearchParams(location.search).get('t') || 0), false);
    return;
  }
  for (const a of document.querySelectorAll('header a')) a.addEventListener('click', nav);
  window.addEventListener('popstate', route);
  route();
})();
