"""The search in the loop (--algo search): expert iteration whose expert
is the alpha-beta search guided by the network itself (netsearch:FILE),
its games played by the Go command on every core and the network trained
in torch between them.

Each generation g:

1. Self-play. `paperio selfplay` plays search_games games of
   netsearch:cut=0:BEST (LOOP_SEARCH: careful once wary, in the loop's own
   games and the gate; the measures play netsearch:BEST), BEST the current
   best weights (OUT/bests/gNNNN.npz,
   the generation that admitted them): a search_self share against itself,
   the rest against the league, sides alternating: the built-in bots of
   search_league (those `paperio bots` lists), the members of --league
   when it is given (py: and exec: players too: styles the network was not
   built from), and the search_past latest earlier bests. Into
   OUT/games/gNNNN/{self,league}; the seeds derive from the run's seed and
   g, so a generation is the same games on every try.
2. Learning. The rows of the netsearch:cut=0:BEST player only (Dataset
   players=...) of the last search_buffer generations (older folders are
   deleted): the cross-entropy of the move the search chose (the policy
   target) plus search_vf times the squared error of the value head
   against the game's outcome for the mover (the value target), Adam at
   search_lr, minibatches of search_batch rows, search_epochs times the
   new rows' count of rows per generation. The learner goes on learning
   from generation to generation whether or not it is admitted.
3. The gate (gate()): the learner, saved as a candidate, plays
   search_gate_games games against netsearch:cut=0:BEST, sides alternating on
   the same seeds; it becomes BEST when its score (wins + draws/2 per
   game) is at least search_gate_score.
4. Every search_eval_every generations (and after the last), the network
   alone (policy:BEST) and inside the search (netsearch:BEST) play
   search_eval_games games against each anchor of search_anchors: the
   log's evals table, from which `paperio plot training` draws the Elo of
   both over training time.

A generation starts only when one as long as the run's generations have
been on average ends within the budget (fits), so the run ends before its
budget with the best at the budget. Then the best player plays
search_final_games games against every built-in bot, as policy: and as
netsearch:, into OUT/results.json.

The state (the generation, the best, the buffer's folders, the rng, the
log rows not yet written) is saved in OUT/state.pt after each generation;
a run killed at any moment and started again goes on with the generation
it was in, replayed from its start."""

import json
import os
import shutil
import subprocess
import tempfile
import time

import numpy as np

from .. import _lib, policy
from .league import DEFAULT_LEAGUE, SELF, wilson
from .log import clock, log_append, read_log

# Built-in bots the league takes, when `paperio bots` has them.
PREFERRED = ('search', 'heuristic', 'wanderer', 'goround')
# Course-style Python AIs of the repository the league takes when they are
# there (as py: players): styles the network was not cloned from, which
# cut bands and race home.
COURSE_AIS = ('hunter', 'farmer', 'npfarmer')
COURSE_DIR = os.path.join('examples', 'bots', 'python', 'course')
# The guided search's settings in the loop's own games (self-play, the
# earlier bests in the league, the gate): careful once wary, as before the
# cutter. With netsearch's default (cut=1) its moves after wary's switch are
# the cutter's, the network learns them as its own, and a seed's network came
# out weaker against heuristic and alone (docs/TRAINING.md).
LOOP_SEARCH = 'cut=0'


def course_ais():
    """The py: specs of COURSE_AIS found in the repository."""
    out = []
    for name in COURSE_AIS:
        path = os.path.join(_lib._ROOT, COURSE_DIR, name + '.py')
        if os.path.exists(path):
            out.append('py:' + path)
    return out


class GateResult:
    """What a gate decided: the candidate's games against the best, its
    score and whether it is admitted."""

    def __init__(self, wins, draws, losses, need):
        self.wins, self.draws, self.losses, self.need = wins, draws, losses, need

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def score(self):
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def admitted(self):
        return self.games > 0 and self.score >= self.need

    def __repr__(self):
        return 'GateResult(%d-%d-%d, score %.3f, %s)' % (self.wins, self.draws, self.losses, self.score,
                                                        'admitted' if self.admitted else 'refused')


def run_cli(args, what):
    """Runs the paperio command; Error with its last line when it fails."""
    proc = subprocess.run([_lib.cli()] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        raise _lib.Error('%s: paperio %s failed: %s' % (what, args[0], lines[-1] if lines else 'exit %d'
                                                        % proc.returncode))
    return proc.stdout


def board_flags(width, height, turns):
    return ['--size', '%dx%d' % (width, height), '--turns', str(turns)]


def play(folder, pairs, games, seed, board, workers='auto', python=None):
    """Plays games of pairs (['A:B', ...], game g plays pair g mod
    len(pairs)) into folder, made afresh; returns the pair table of paperio
    stats: {(player, opponent): (wins, draws, losses)} by the players'
    labels, and the labels of the specs named in pairs ({spec: label})."""
    if os.path.exists(folder):
        shutil.rmtree(folder)
    args = ['selfplay', '--pairs', ','.join(pairs), '--games', str(games), '--seed', str(seed), '--out', folder,
            '--workers', str(workers), '--quiet'] + board
    if python:
        args += ['--python', python]
    run_cli(args, 'self-play')
    return pair_table(folder)


def pair_table(folder):
    """{(player, opponent): (wins, draws, losses)} of a self-play folder,
    by the labels paperio stats gives."""
    out = json.loads(run_cli(['stats', '--data', folder, '--by', 'pair', '--format', 'json'], 'stats'))
    return {(r['player'], r['opponent']): (int(r['wins']), int(r['draws']), int(r['losses']))
            for r in out.get('pairs', [])}


def label(spec):
    """A spec's name in the log: a weights file's stem for policy:FILE and
    netsearch:FILE ('g0004'), a py: AI's or program's file stem, else the
    spec."""
    for prefix in ('policy:', 'netsearch:', 'py:', 'exec:'):
        if spec.startswith(prefix):
            return os.path.splitext(os.path.basename(spec[len(prefix):]))[0]
    return spec


def record(table, me, opp):
    """(wins, draws, losses) of spec me against spec opp in a pair table
    (paperio stats names the players by their specs; short names are
    matched too)."""
    if (me, opp) in table:  # paperio stats names the players by their specs
        return table[me, opp]
    a, b = label(me), label(opp)
    for (p, o), wdl in table.items():
        if (p == a or p == me) and (o == b or o == opp):
            return wdl
    return (0, 0, 0)


def gate(candidate, best, games, need, seed, board, folder=None, workers='auto', python=None):
    """The gate of the search loop: candidate (a player spec) plays games
    games against best, sides alternating (pairs CANDIDATE:BEST and
    BEST:CANDIDATE on the seeds of seed), and is admitted when its score,
    wins + draws/2 per game, is at least need. Returns a GateResult.
    folder keeps the games (default: a temporary folder, removed)."""
    if candidate == best:
        raise _lib.Error('gate: %s against itself' % candidate)
    tmp = None
    if folder is None:
        tmp = tempfile.mkdtemp(prefix='paperio-gate-')
        folder = os.path.join(tmp, 'games')
    try:
        table = play(folder, ['%s:%s' % (candidate, best), '%s:%s' % (best, candidate)], games, seed, board,
                     workers, python)
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    w, d, l = record(table, candidate, best)
    return GateResult(w, d, l, need)


def builtin_bots():
    """The built-in bots of `paperio bots` (not the weights files' players)."""
    out = []
    for line in run_cli(['bots'], 'bots').splitlines():
        name = line.split(' ', 1)[0].strip()
        if name and ':' not in name:
            out.append(name)
    return out


def league_of(s, league):
    """The fixed opponents of the search loop: search_league's bots that
    exist ('auto': those of PREFERRED, then the course AIs), then the
    members of --league (league) when it is not the default, 'self'
    aside."""
    have = builtin_bots()
    if s.search_league == 'auto':
        fixed = [b for b in PREFERRED if b in have] + course_ais()
    else:
        fixed = [m.strip() for m in s.search_league.split(',') if m.strip()]
    if league and league != DEFAULT_LEAGUE:
        fixed += [m.strip() for m in league.split(',') if m.strip() and m.strip() != SELF]
    return list(dict.fromkeys(fixed))


def seed_of(seed, generation, what):
    """The seed of a generation's games (what: 0 self-play, 1 league, 2
    gate, 3 evaluation), from the run's seed."""
    return int(np.random.SeedSequence([int(seed), int(generation), what]).generate_state(1)[0] >> 1)


class SearchLoop:
    """The generations of trainer t (its network, optimiser, settings,
    budget and folder)."""

    def __init__(self, t, league):
        self.t, self.s = t, t.s
        s = self.s
        self.board = board_flags(s.width, s.height, s.turns)
        self.python = os.environ.get('PAPERIO_PYTHON') or '/usr/bin/python3'
        st = t.search or {}
        self.fixed = st.get('fixed') or league_of(s, league)
        self.best = st.get('best')
        self.bests = st.get('bests', [])  # every admitted file, oldest first
        self.buffer = st.get('buffer', [])  # folders of the latest generations' games
        self.pending = st.get('pending', {})  # log rows of the last generation, maybe not written yet
        self.totals = st.get('totals', {'games': 0, 'rows': 0, 'selfplay': 0.0, 'train': 0.0, 'gate': 0.0,
                                        'eval': 0.0})
        self.totals.setdefault('generations', generations(t))  # a state saved before the count
        self.finished = st.get('finished', False)
        if st.get('rng'):
            t.rng.bit_generator.state = st['rng']
        os.makedirs(os.path.join(t.out, 'bests'), exist_ok=True)
        if self.best is None:
            self.best = os.path.join(t.out, 'bests', 'g%04d.npz' % t.iteration)
            policy.save(t.net, self.best)
            self.bests = [self.best]
            self.publish()
            self.save()
        self.flush()

    def publish(self):
        """OUT/policy.npz: a copy of the best."""
        tmp = os.path.join(self.t.out, '.policy.tmp%d.npz' % os.getpid())
        shutil.copyfile(self.best, tmp)
        os.replace(tmp, os.path.join(self.t.out, 'policy.npz'))

    def state(self):
        return {'fixed': self.fixed, 'best': self.best, 'bests': self.bests, 'buffer': self.buffer,
                'pending': self.pending, 'totals': self.totals, 'finished': self.finished,
                'rng': self.t.rng.bit_generator.state}

    def save(self):
        self.t.search = self.state()
        self.t.save_state()

    def flush(self):
        """Writes the log rows of the last generation that the log does not
        hold yet (a run killed between its state and its log), then forgets
        them."""
        if not self.pending:
            return
        g = self.pending['generation']
        for table, rows in self.pending['rows'].items():
            have = read_log(self.t.out, table.replace('.parquet', ''))
            if not any(r.get('iteration') == g for r in have):
                log_append(self.t.out, table, rows)
        self.pending = {}
        self.save()

    def spec(self, path, kind='netsearch', loop=True):
        """The player of weights path: policy:PATH, or netsearch: with the
        loop's settings in the loop's own games (loop) and as users run it
        in the measures (evals, results)."""
        if kind == 'netsearch' and loop and LOOP_SEARCH:
            return 'netsearch:%s:%s' % (LOOP_SEARCH, path)
        return '%s:%s' % (kind, path)

    def opponents(self):
        """The league of this generation: the fixed members and the latest
        earlier bests."""
        past = [self.spec(p) for p in self.bests[:-1][-self.s.search_past:]] if self.s.search_past else []
        return self.fixed + past

    def selfplay(self, g):
        """Plays generation g's games; returns their folders, the league's
        pair table and the games played."""
        s, me = self.s, self.spec(self.best)
        base = os.path.join(self.t.out, 'games', 'g%04d' % g)
        n_self = int(round(s.search_games * s.search_self))
        n_league = s.search_games - n_self
        folders, table = [], {}
        if n_self:
            play(os.path.join(base, 'self'), ['%s:%s' % (me, me)], n_self, seed_of(self.t.seed, g, 0),
                 self.board, python=self.python)
            folders.append(os.path.join(base, 'self'))
        opps = self.opponents()
        if n_league and opps:
            pairs = []
            k = (g - 1) % len(opps)  # game j plays pair j mod the pairs: each generation begins with another member
            for o in opps[k:] + opps[:k]:
                pairs += ['%s:%s' % (me, o), '%s:%s' % (o, me)]
            table = play(os.path.join(base, 'league'), pairs, n_league, seed_of(self.t.seed, g, 1), self.board,
                         python=self.python)
            folders.append(os.path.join(base, 'league'))
        return folders, {o: record(table, me, o) for o in opps}, n_self + (n_league if opps else 0)

    def batches(self, folders):
        """Minibatches of the rows of folders [(folder, player spec)], the
        player's rows only, forever: each from one folder, the folders drawn
        in proportion to their rows, each folder's rows shuffled pass after
        pass. Returns the rows of each folder ({folder: rows}) and the
        minibatches."""
        from ..data import Dataset
        sets, rows, counts = [], [], {}
        for f, me in folders:
            try:
                ds = Dataset(f, view=self.s.view, players=[me], batch_size=self.s.search_batch, shuffle=True,
                             seed=int(self.t.rng.integers(1 << 30)), copy=True)
            except _lib.Error:
                continue  # a folder without the player's games (a league of past bests only)
            if ds.rows:
                sets.append(ds)
                rows.append(ds.rows)
                counts[f] = ds.rows
        if not sets:
            return counts, iter(())
        p = np.array(rows, np.float64) / sum(rows)

        def gen():
            its = [iter(ds) for ds in sets]
            while True:
                k = int(self.t.rng.choice(len(sets), p=p))
                b = next(its[k], None)
                if b is None:
                    its[k] = iter(sets[k])
                    b = next(its[k], None)
                if b is not None:
                    yield b
        return counts, gen()

    def learn(self, new_folders):
        """Trains the learner on the buffer; returns the losses and the
        buffer's rows."""
        t, s = self.t, self.s
        torch = t.torch
        counts, it = self.batches(self.buffer_folders())  # the new folders are the buffer's latest
        rows, new_rows = sum(counts.values()), sum(counts.get(f, 0) for f, _ in new_folders)
        steps = max(1, int(round(s.search_epochs * new_rows / s.search_batch))) if new_rows else 0
        for group in t.opt.param_groups:
            group['lr'] = s.search_lr
        sums = {'policy_loss': 0.0, 'value_loss': 0.0, 'entropy': 0.0, 'agreement': 0.0}
        t.net.train()
        for _ in range(steps):
            b = next(it)
            planes = [torch.from_numpy(b['planes'])] + ([torch.from_numpy(b['global'])] if 'global' in b else [])
            logits, value = t.net(planes, torch.from_numpy(b['scalars']))
            action = torch.from_numpy(b['action'])
            logp = torch.log_softmax(logits, 1)
            pl = torch.nn.functional.nll_loss(logp, action)
            vl = ((value - torch.from_numpy(b['outcome'])) ** 2).mean() if value is not None else logits.sum() * 0
            loss = pl + s.search_vf * vl
            t.opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(t.net.parameters(), s.max_grad)
            t.step()
            with torch.no_grad():
                sums['policy_loss'] += float(pl)
                sums['value_loss'] += float(vl)
                sums['entropy'] += float(-(logp.exp() * logp).sum(1).mean())
                sums['agreement'] += float((logp.argmax(1) == action).float().mean())
        return {k: v / steps for k, v in sums.items()} if steps else sums, new_rows, rows, steps

    def buffer_folders(self):
        return [(f, gen['player']) for gen in self.buffer for f in gen['folders']]

    def evaluate(self, g, path):
        """policy:PATH and netsearch:PATH against each anchor; log rows of
        the evals table."""
        s = self.s
        anchors = [a.strip() for a in s.search_anchors.split(',') if a.strip()]
        if not anchors or not s.search_eval_games:
            return []
        lines = [('policy', self.spec(path, 'policy')), ('netsearch', self.spec(path, loop=False))]
        pairs = []
        for _, me in lines:
            for a in anchors:
                pairs += ['%s:%s' % (me, a), '%s:%s' % (a, me)]
        folder = os.path.join(self.t.out, 'games', 'eval')
        table = play(folder, pairs, s.search_eval_games * len(lines) * len(anchors), seed_of(self.t.seed, g, 3),
                     self.board, python=self.python)
        shutil.rmtree(folder, ignore_errors=True)
        rows = []
        for line, me in lines:
            for a in anchors:
                w, d, l = record(table, me, a)
                rows.append({'iteration': g, 'seconds': 0.0, 'line': line, 'player': label(self.spec(path)),
                             'opponent': a, 'wins': w, 'draws': d, 'losses': l})
        return rows

    def generation(self):
        t, s = self.t, self.s
        g = t.iteration + 1
        t0 = time.perf_counter()
        folders, versus, games = self.selfplay(g)
        t1 = time.perf_counter()
        me = self.spec(self.best)
        self.buffer.append({'generation': g, 'folders': folders, 'player': me})
        for old in self.buffer[:-s.search_buffer]:
            shutil.rmtree(os.path.dirname(old['folders'][0]) if old['folders'] else '', ignore_errors=True)
        self.buffer = self.buffer[-s.search_buffer:]
        stats, new_rows, rows, steps = self.learn([(f, me) for f in folders])
        t2 = time.perf_counter()
        cand = os.path.join(t.out, 'bests', 'candidate.npz')
        t.net.meta['name'] = 'paperio.train %s seed %d generation %d' % (t.out, t.seed, g)
        t.net.meta['iteration'] = g
        policy.save(t.net, cand)
        result = gate(self.spec(cand), self.spec(self.best), s.search_gate_games, s.search_gate_score,
                      seed_of(t.seed, g, 2), self.board, folder=os.path.join(t.out, 'games', 'gate'),
                      python=self.python)
        shutil.rmtree(os.path.join(t.out, 'games', 'gate'), ignore_errors=True)
        if result.admitted:
            self.best = os.path.join(t.out, 'bests', 'g%04d.npz' % g)
            os.replace(cand, self.best)
            self.bests.append(self.best)
            self.publish()
        t3 = time.perf_counter()
        evals = []
        if s.search_eval_every and g % s.search_eval_every == 0:
            evals = self.evaluate(g, self.best)
            self.totals['evaluated'] = g
        t4 = time.perf_counter()
        took = t4 - t0
        t.iteration = g
        t.steps += new_rows
        t.seconds += took
        times = {'selfplay': t1 - t0, 'train': t2 - t1, 'gate': t3 - t2, 'eval': t4 - t3}
        for k, v in times.items():
            self.totals[k] += v
        self.totals['games'] += games
        self.totals['generations'] += 1
        self.totals['rows'] += new_rows
        score = [sum(w + d / 2 for w, d, _ in versus.values()), sum(sum(x) for x in versus.values())]
        gen_row = dict(iteration=g, seconds=t.seconds, games=games, rows=new_rows, buffer_rows=rows, steps=steps,
                       policy_loss=stats['policy_loss'], value_loss=stats['value_loss'],
                       agreement=stats['agreement'], gate_games=result.games, gate_score=result.score,
                       admitted=result.admitted, best=label(self.spec(self.best)), selfplay_seconds=times['selfplay'],
                       train_seconds=times['train'], gate_seconds=times['gate'], eval_seconds=times['eval'],
                       games_per_minute=games / times['selfplay'] * 60 if times['selfplay'] else 0.0,
                       rows_per_second=new_rows / times['selfplay'] if times['selfplay'] else 0.0)
        it_row = dict(iteration=g, steps=t.steps, seconds=t.seconds, steps_per_second=new_rows / took,
                      env_share=times['selfplay'] / took, learn_share=times['train'] / took,
                      policy_loss=stats['policy_loss'], value_loss=stats['value_loss'], entropy=stats['entropy'],
                      approx_kl=0.0, clip_frac=0.0, reward=0.0, games=games,
                      win_rate=score[0] / score[1] if score[1] else -1.0)
        base = {'iteration': g, 'steps': t.steps, 'seconds': t.seconds, 'player': label(me)}  # who played
        # A program's or course AI's name is its file stem, as in every table; past bests keep their
        # spec, which the plot pools as past selves.
        matchups = [dict(base, opponent=label(o) if o.startswith(('py:', 'exec:')) else o, wins=w, draws=d,
                         losses=l, window=w + d + l, win_rate=(w + d / 2) / (w + d + l),
                         low=wilson(w + d / 2, w + d + l)[0], high=wilson(w + d / 2, w + d + l)[1], weight=(w + d + l) / max(1, score[1]))
                    for o, (w, d, l) in versus.items() if w + d + l]
        for r in evals:
            r['seconds'] = t.seconds
        self.pending = {'generation': g, 'rows': {'iterations.parquet': [it_row], 'matchups.parquet': matchups,
                                                  'generations.parquet': [gen_row], 'evals.parquet': evals}}
        self.save()
        self.flush()
        ev = '  '.join('%s %s %g-%g-%g' % (r['line'], r['opponent'], r['wins'], r['draws'], r['losses'])
                       for r in evals)
        t.say('gen %d  %s  games %d (%.1f/min)  rows %s (%s/s; buffer %s)  loss pi %.3f v %.3f agree %.0f %%  '
              'gate %d-%d-%d %s  best %s  (selfplay %.0fs train %.0fs gate %.0fs eval %.0fs)%s' % (
                  g, clock(t.seconds), games, gen_row['games_per_minute'], format(new_rows, ','),
                  format(int(gen_row['rows_per_second']), ','), format(rows, ','), stats['policy_loss'],
                  stats['value_loss'], 100 * stats['agreement'], result.wins, result.draws, result.losses,
                  'admitted' if result.admitted else 'refused', label(self.spec(self.best)), times['selfplay'],
                  times['train'], times['gate'], times['eval'], ('  ' + ev) if ev else ''))

    def results(self):
        """The best player, as policy: and netsearch:, against every
        built-in bot: OUT/results.json (written once; printed)."""
        t, s = self.t, self.s
        path = os.path.join(t.out, 'results.json')
        if self.totals.get('evaluated', 0) < t.iteration and s.search_eval_every:  # the last best's strength
            t0 = time.perf_counter()
            evals = self.evaluate(t.iteration, self.best)
            for r in evals:
                r['seconds'] = t.seconds
            self.totals['evaluated'] = t.iteration
            self.totals['eval'] += time.perf_counter() - t0
            self.pending = {'generation': t.iteration, 'rows': {'evals.parquet': evals}}
            self.save()
            self.flush()
        if not self.finished:
            self.finished = True
            self.save()
        if os.path.exists(path):
            with open(path) as f:
                res = json.load(f)
        else:
            t0 = time.perf_counter()
            bots = builtin_bots()
            out = {'best': self.best, 'generation': t.iteration, 'games_each': s.search_final_games,
                   'seconds': t.seconds, 'totals': self.totals, 'results': {}}
            if s.search_final_games and bots:
                for line in ('netsearch', 'policy'):
                    me = self.spec(self.best, line, loop=False)
                    pairs = []
                    for b in bots:
                        pairs += ['%s:%s' % (me, b), '%s:%s' % (b, me)]
                    folder = os.path.join(t.out, 'games', 'final')
                    table = play(folder, pairs, s.search_final_games * len(bots), seed_of(t.seed, 0, 4), self.board,
                                 python=self.python)
                    shutil.rmtree(folder, ignore_errors=True)
                    out['results'][line] = {}
                    for b in bots:
                        w, d, l = record(table, me, b)
                        n = w + d + l
                        out['results'][line][b] = {'wins': w, 'draws': d, 'losses': l,
                                                   'score': (w + d / 2) / n if n else None}
            out['final_seconds'] = time.perf_counter() - t0
            tmp = path + '.tmp%d' % os.getpid()
            with open(tmp, 'w') as f:
                json.dump(out, f, indent=1, sort_keys=True)
                f.write('\n')
            os.replace(tmp, path)
            res = out
        for line, per in res['results'].items():
            t.say('paperio.train: %s:%s  %s' % (line, label(res['best']), '  '.join(
                '%s %d-%d-%d' % (b, r['wins'], r['draws'], r['losses']) for b, r in per.items())))
        t.say('paperio.train: the results are in %s' % path)
        return res


def fits(t):
    """Whether another generation fits in trainer t's budget: one as long
    as the run's generations have been on average must end within it (the
    first always starts). A generation takes minutes, so one begun near
    the end would take the run past its budget by as much, and the best
    at the budget would not be the one the run ends with."""
    if t.seconds >= t.minutes * 60:
        return False
    n = generations(t)
    if not n:
        return True
    tot = (t.search or {}).get('totals') or {}
    took = sum(tot.get(k, 0.0) for k in ('selfplay', 'train', 'gate', 'eval')) / n
    return t.seconds + took <= t.minutes * 60


def generations(t):
    """How many generations trainer t's search in the loop has played. A
    state saved before it counted them tells by its first best, named by
    the iteration the loop began at (the clone's iterations come before
    it with --init bc)."""
    st = t.search or {}
    tot = st.get('totals') or {}
    if 'generations' in tot:
        return tot['generations']
    bests = st.get('bests') or []
    return t.iteration - int(os.path.basename(bests[0])[1:].split('.')[0]) if bests else 0


def done(t):
    """Whether trainer t's search in the loop has ended: its budget spent
    (fits), or the stage's last generation played. --iterations stops a
    run that may go on, and leaves the results for then."""
    return not fits(t) or t.until is not None and t.iteration >= t.until


def run(t, league):
    """Generations while another fits in trainer t's budget, then the
    results."""
    loop = SearchLoop(t, league)
    if t.more() and fits(t):
        t.say('paperio.train: the search in the loop from generation %d; best %s; league %s, %d earlier bests' % (
            t.iteration + 1, label(loop.spec(loop.best)), ','.join(loop.fixed), len(loop.opponents()) -
            len(loop.fixed)))
    while t.more() and fits(t):
        loop.generation()
    if done(t):
        loop.results()
