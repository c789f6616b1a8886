"""python3 -m paperio.train.curve OUT [OUT ...]: the strength of a search
run's best network as training went on.

A run of the search recipe keeps checkpoints of its clone and its
play-outs (OUT/clone/itNNNN.npz, OUT/exit/itNNNN.npz) and every network
its gate admitted (OUT/bests/gNNNN.npz, g0000 the one the loop started
from). This command takes the first, the one in force at every --every
minutes of training, and the last, and plays each --games games against
--against (sides alternating, the same starts for every network: paired
measures), as netsearch: and as policy: (--lines). The results go into the
run's log (OUT/log/curve.parquet, the rows of the evals table), from which
`paperio plot training --data OUT1,OUT2,...` draws the score of every run
over training minutes in one panel. A network already measured against the
same bot in the same line is not played again, so a killed command started
again goes on where it stopped, and a later command with a smaller --every
adds the points between.

The starts (--seed, 15 by default) are not those the trainer's settings
were chosen on (seeds 13 and 14 measured the defaults: docs/TRAINING.md)."""

import argparse
import json
import os
import shutil
import sys

from .. import _lib
from .log import log_append, read_log
from .league import wilson
from .search_loop import board_flags, play, record

PROG = 'python3 -m paperio.train.curve'
LINES = ('netsearch', 'policy')


class Parser(argparse.ArgumentParser):
    def error(self, message):
        print('paperio.train.curve: %s (see --help)' % message, file=sys.stderr)
        sys.exit(2)


def parser():
    ap = Parser(prog=PROG, description=__doc__.split('\n\n')[1].replace('\n', ' '))
    ap.add_argument('runs', metavar='OUT', nargs='+', help='folders of runs of the search recipe')
    ap.add_argument('--against', default='search', help='the bot every network plays (default search)')
    ap.add_argument('--games', type=int, default=100, help='games per network and line (default 100)')
    ap.add_argument('--every', type=float, default=10.0,
                    help='minutes of training between measured networks (default 10)')
    ap.add_argument('--lines', default='netsearch,policy',
                    help='how each network plays: netsearch (inside the search), policy (alone), or both '
                         '(default netsearch,policy)')
    ap.add_argument('--seed', type=int, default=15, help='seed of the starts (default 15)')
    ap.add_argument('--workers', default='auto', help="games at once (default auto: one per core)")
    return ap


def stage_log(folder):
    """{iteration: seconds} of the stage whose log is folder/log (empty
    when it has none)."""
    if not os.path.isdir(os.path.join(folder, 'log')):
        return {}
    return {int(r['iteration']): float(r['seconds']) for r in read_log(folder, 'iterations')}


def checkpoints(out, every):
    """[(iteration, seconds, name, path)] of the run's networks to measure,
    seconds on the run's time axis (every stage's training time): of all
    its checkpoints (the clone's and the play-outs' OUT/STAGE/itNNNN.npz,
    the loop's admitted bests OUT/bests/gNNNN.npz at the seconds each was
    admitted), the first, the one in force at every `every` minutes and
    the last."""
    have, offset = [], 0.0
    for stage in ('clone', 'exit'):
        folder = os.path.join(out, stage)
        its = stage_log(folder)
        for f in sorted(os.listdir(folder)) if its else []:
            if f.startswith('it') and f.endswith('.npz') and f[2:-4].isdigit() and int(f[2:-4]) in its:
                it = int(f[2:-4])
                have.append((it, offset + its[it], '%s/it%04d' % (stage, it), os.path.join(folder, f)))
        offset += max(its.values(), default=0.0)
    loop = [(0, 0.0)] + [(int(g['iteration']), float(g['seconds']))
                         for g in read_log(out, 'generations') if g['admitted']]
    bests = [(it, offset + sec, 'g%04d' % it, os.path.join(out, 'bests', 'g%04d.npz' % it)) for it, sec in loop]
    have += [b for b in bests if os.path.exists(b[3])]
    if not any(h[2].startswith('g') for h in have):
        raise _lib.Error('%s: no admitted networks (OUT/bests/gNNNN.npz): not a run of the search recipe, or its '
                         'loop has not started' % out)
    have.sort(key=lambda h: h[1])
    picked = [have[0]]
    t = every
    while every > 0 and t * 60 < have[-1][1]:
        picked.append([h for h in have if h[1] <= t * 60][-1])
        t += every
    picked.append(have[-1])
    return list(dict.fromkeys(picked))


def board_of(out):
    """The board flags of the run (its recipe.json's settings, else the
    course board)."""
    try:
        with open(os.path.join(out, 'recipe.json')) as f:
            st = json.load(f).get('settings') or {}
    except (OSError, ValueError):
        st = {}
    return board_flags(st.get('width', 102), st.get('height', 101), st.get('turns', 2000))


def measure(out, a):
    """Plays the run's checkpoints against a.against; appends the rows to
    OUT/log/curve.parquet and prints a line per measure."""
    lines = [x.strip() for x in a.lines.split(',') if x.strip()]
    done = {(r['player'], r['line'], r['opponent']) for r in read_log(out, 'curve')}
    board = board_of(out)
    folder = os.path.join(out, 'games', 'curve')
    for it, sec, name, path in checkpoints(out, a.every):
        for line in lines:
            if (name, line, a.against) in done:
                continue
            me = '%s:%s' % (line, path)
            table = play(folder, ['%s:%s' % (me, a.against), '%s:%s' % (a.against, me)], a.games, a.seed, board,
                         a.workers, python=os.environ.get('PAPERIO_PYTHON') or '/usr/bin/python3')
            w, d, l = record(table, me, a.against)
            log_append(out, 'curve.parquet', [{'iteration': it, 'seconds': sec, 'line': line, 'player': name,
                                               'opponent': a.against, 'wins': w, 'draws': d, 'losses': l}])
            n = w + d + l
            lo, hi = wilson(w + d / 2, n)
            print('%s  %5.1f min  %-12s %-9s against %s: %d-%d-%d  score %.3f (%.3f-%.3f)' % (
                os.path.basename(os.path.normpath(out)), sec / 60, name, line, a.against, w, d, l,
                (w + d / 2) / n if n else 0.0, lo, hi), flush=True)
    shutil.rmtree(folder, ignore_errors=True)


def main(argv=None):
    a = parser().parse_args(argv)
    bad = [x for x in a.lines.split(',') if x.strip() and x.strip() not in LINES]
    if bad or not a.lines.strip(',').strip():
        parser().error('--lines %r: want netsearch, policy or both' % a.lines)
    if a.games < 1:
        parser().error('--games %d: want at least 1' % a.games)
    if not a.every >= 0:
        parser().error('--every %r: want 0 or more minutes' % a.every)
    try:
        for out in a.runs:
            if not os.path.isdir(out):
                raise _lib.Error('%s: no such folder' % out)
            measure(out, a)
    except _lib.Error as e:
        print('paperio.train.curve: %s' % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print('paperio.train.curve: interrupted; the same command again goes on', file=sys.stderr)
        return 130
    return 0


if __name__ == '__main__':
    sys.exit(main())
