"""The command: python3 -m paperio.train OUT [--recipe NAME] [flags].

The flags of the settings are made from the fields of Settings (their
defaults, help and checks); the others say where, how long and from what
the run trains. A bad value is one line on stderr and exit code 2, with
nothing left behind in OUT."""

import argparse
import math
import os
import sys

from .. import _lib, policy
from . import recipes, settings as settings_
from .league import DEFAULT_LEAGUE, parse_floor, parse_league
from .settings import GROUPS

PROG = 'python3 -m paperio.train'
NO_DEFAULT = {'way_soft', 'way_toward', 'minibatches'}  # their help says what they default to


class Parser(argparse.ArgumentParser):
    def error(self, message):
        """One line and exit code 2 (argparse's usage would be more)."""
        print('paperio.train: %s (see --help)' % message, file=sys.stderr)
        sys.exit(2)


def _number(kind):
    """argparse's type for a setting of kind int or float: finite numbers
    only (a NaN passes every comparison)."""
    def parse(text):
        v = kind(text)
        if kind is float and not math.isfinite(v):
            raise ValueError(text)
        return v
    parse.__name__ = kind.__name__
    return parse


def _parsed(parse):
    """argparse's type for a setting parsed by its own function: the
    function's ValueError says what is wrong."""
    def type_(text):
        try:
            return parse(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError('%r: %s' % (text, e)) from None
    return type_


def parser():
    ap = Parser(prog=PROG, argument_default=argparse.SUPPRESS, description=(
        'Trains a paper.io policy by playing, into OUT (policy.npz, itNNNN.npz, state.pt, log/); the same command '
        'again goes on where it stopped. Without flags: the search recipe, a clone of heuristic, expert '
        'iteration, then the search in the loop (netsearch self-play, a gate), 60 minutes (docs/TRAINING.md).'))
    ap.add_argument('out', metavar='OUT', help='folder of the run: checkpoints, state and log (resumed when it has a '
                                               'state)')
    run = ap.add_argument_group('the run')
    run.add_argument('--recipe', choices=sorted(recipes.RECIPES),
                     help='search (default): the stages of best, the clone in OUT/clone (at most 15 %% of '
                          '--minutes) and the play-outs in OUT/exit (at most 25 %%), then the search in the loop in '
                          'OUT for the rest (--search-* flags; results against every bot in OUT/results.json). '
                          'best: a clone of heuristic in OUT/clone for 30 iterations (at most a quarter '
                          'of --minutes), then expert iteration from it in OUT under the native player\'s rules; '
                          "the flags set their settings in both stages, but the mask's flags and --league-floor "
                          "only the play-outs'. clone: the clone alone. single: one stage of the flags alone (PPO from "
                          'scratch by default; the recipe when --init or --algo is given)')
    run.add_argument('--minutes', type=_number(float),
                     help='total training time of the run, over resumed runs and stages (default: best 45, the '
                          'others 60)')
    run.add_argument('--iterations', type=int, metavar='N',
                     help='stop after N iterations of this command (or --minutes, whichever comes first), over '
                          'the stages: with best, 40 is the clone and 10 iterations of play-outs; a generation of the '
                          'search in the loop counts as one')
    run.add_argument('--seed', type=int, help='seed of the network, the games and the league draws (default 0)')
    run.add_argument('--init', help='with --recipe single: scratch (default), bc (--bc-iterations of cloning '
                                    '--bc-expert first) or a weights file to start from')
    run.add_argument('--league', help='league members: bot specs and self (past snapshots), comma-separated '
                                      '(default %s)' % DEFAULT_LEAGUE)
    run.add_argument('--threads', type=int,
                     help="torch's and OpenBLAS's threads (default 1: on a shared machine one thread does more per "
                          'CPU second)')
    run.add_argument('--quiet', action='store_true', help='no progress lines')
    groups = {g: ap.add_argument_group(title) for g, title in GROUPS.items()}
    for f in settings_.FIELDS.values():
        m = f.metadata
        if m['flag'] is None:
            continue
        plain = f.name in NO_DEFAULT or m['argparse'].get('action') == 'store_true'
        kw = dict(m['argparse'], dest=f.name,
                  help=(m['help'] + ('' if plain else ' (default %s)' % (settings_.show(f, f.default) or 'none')))
                  .replace('%', '%%'))
        if 'action' not in kw and 'choices' not in kw:
            kw['type'] = _parsed(m['parse']) if m['parse'] else _number(f.type) if f.type in (int, float) else str
            kw.setdefault('metavar', settings_.flag_name(f)[2:].upper().replace('-', '_'))
        groups[m['group']].add_argument(settings_.flag_name(f), **kw)
    return ap


def overrides(a):
    """The settings of the flags given, as Settings takes them."""
    out = {}
    for name, f in settings_.FIELDS.items():
        if name not in a:
            continue
        v = getattr(a, name)
        if 'choices' in f.metadata['argparse'] and f.metadata['parse']:  # a choice the setting reads (--mask)
            v = f.metadata['parse'](v)
        if name == 'way_soft':
            out['guard_way_soft'] = True
        out[name] = v
    return out


def check(a, given):
    """The first thing wrong with the flags that Settings does not see, or
    None."""
    if 'minutes' in given and not a.minutes > 0:
        return '--minutes %g: want a positive number of minutes' % a.minutes
    if 'iterations' in given and a.iterations < 1:
        return '--iterations %d: want at least 1' % a.iterations
    if 'seed' in given and not 0 <= a.seed < 2 ** 63:
        return '--seed %d: want an integer from 0 to 2^63 - 1' % a.seed
    if 'threads' in given and a.threads < 1:
        return '--threads %d: want at least 1' % a.threads
    if 'way_toward' in given and 'way_soft' not in given:
        return ("--mask-way-toward: the moves toward the enemy are some of those --mask-way-soft lowers; "
                'add --mask-way-soft')
    if a.recipe != 'single':
        for name in ('init', 'algo'):
            if name in given:
                return ('--%s: the %s recipe sets it; --recipe single runs one stage of the flags alone'
                        % (name, a.recipe))
    if 'league' in given:
        parse_league(a.league)
    if 'league_floor' in given or a.recipe in ('best', 'search'):
        floor = a.league_floor if 'league_floor' in given else recipes.PLAYOUTS['league_floor']
        try:
            unknown = set(parse_floor(floor)) - set(m.strip() for m in a.league.split(','))
        except _lib.Error as e:
            return str(e)
        if unknown:
            return '--league-floor: %s not in the league%s' % (
                ', '.join(sorted(unknown)), '' if 'league_floor' in given else
                ' (the %s recipe floors %s: give --league-floor too)' % (a.recipe, floor))
    return None


def main(argv=None):
    a = parser().parse_args(argv)
    given = set(vars(a))
    if 'recipe' not in given:
        a.recipe = 'single' if given & {'init', 'algo'} else 'search'
    a.league = getattr(a, 'league', DEFAULT_LEAGUE)
    out = a.out
    made = [p for p in (out, os.path.join(out, 'log'), os.path.join(out, 'clone'), os.path.join(out, 'clone', 'log'),
                        os.path.join(out, 'exit'), os.path.join(out, 'exit', 'log'), os.path.join(out, 'bests'))
            if not os.path.exists(p)]
    try:
        why = check(a, given)
        if why:
            raise _lib.Error(why)
        s = overrides(a)
        recipes.run(out, a.recipe, s, seed=getattr(a, 'seed', 0), league=a.league, init=getattr(a, 'init', None),
                    minutes=getattr(a, 'minutes', None), iterations=getattr(a, 'iterations', None),
                    threads=getattr(a, 'threads', 1), progress=None if 'quiet' in given else sys.stderr,
                    given=given, warn=lambda line: print('paperio.train: ' + line, file=sys.stderr, flush=True))
    except (_lib.Error, policy.Error) as e:
        for p in reversed(made):  # a refused start leaves nothing behind
            try:
                os.rmdir(p)
            except OSError:
                pass
        print('paperio.train: %s' % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print('paperio.train: interrupted; run the same command again to go on', file=sys.stderr)
        return 130
    return 0
