"""Named recipes: the stages of a run and the settings of each.

- search (the default): the stages of best, with less of the time (the
  clone in OUT/clone, at most 15 % of --minutes; the play-outs in
  OUT/exit, at most 25 %), then the search in the loop (search_loop.py)
  from the play-outs' policy, in OUT, for the rest (60 minutes in all by
  default). The search stage keeps the masks of the weights it starts
  from; the flags of the search loop (--search-*) are its alone.
- best: a clone of heuristic, then expert iteration under
  the native player's rules; the recipe of docs/TRAINING-LOG.md that
  beats heuristic. The clone (DAgger, 30 iterations under the exposure
  mask) is trained in OUT/clone, in at most a quarter of --minutes; the
  play-outs start from its policy in OUT and have the rest (45 minutes in
  all by default). The flags set their settings in both stages, except
  the mask's flags and --league-floor, which are the play-outs' alone:
  the clone keeps the plain exposure mask and no floors.
- clone: the clone alone, in OUT (the first stage of best).
- single: one stage of the flags alone on Settings' defaults: PPO from
  scratch, or whatever --init and --algo say (the default recipe when
  either is given, as the trainer ran before it had recipes).

OUT/recipe.json records the recipe, the seed, the league and the flags'
settings of a run, so that the same command, killed and run again, goes on
in whichever stage it was, with what it started with."""

import dataclasses
import json
import os

from .. import _lib
from . import settings as settings_
from .league import DEFAULT_LEAGUE
from .settings import Settings
from .trainer import Trainer, load_state, saved_settings

# The settings that the clone of best keeps whatever the flags say: its mask, its league's floors.
CLONE_KEEPS = ('guard', 'guard_margin', 'guard_way', 'guard_way_soft', 'way_soft', 'way_toward', 'algo',
               'league_floor')
CLONE = dict(bc_iterations=30, guard=True)
PLAYOUTS = dict(algo='exit', guard=True, guard_margin=3, guard_way=True, guard_way_soft=True, way_soft=3.0,
                way_toward=20.0, league_floor='heuristic:0.45,goround:0.2,wanderer:0.1')


@dataclasses.dataclass
class Stage:
    what: str  # in the progress line
    folder: str  # under OUT ('' for OUT itself)
    init: str  # 'bc', 'scratch', 'previous' (the previous stage's policy.npz) or None: --init
    settings: dict
    keep: tuple = ()  # settings the flags do not change in this stage
    clone_only: bool = False  # the stage ends when the clone is made (bc_iterations)
    share: float = 1.0  # of --minutes, at most


@dataclasses.dataclass
class Recipe:
    minutes: float
    stages: list


SEARCH = dict(algo='search')

RECIPES = {
    'search': Recipe(60.0, [Stage('the clone of heuristic (DAgger)', 'clone', 'bc', CLONE, keep=CLONE_KEEPS,
                                  clone_only=True, share=0.15),
                            Stage('expert iteration from the clone', 'exit', 'previous', PLAYOUTS, share=0.25),
                            Stage('the search in the loop from the play-outs', '', 'previous', SEARCH,
                                  keep=CLONE_KEEPS)]),
    'best': Recipe(45.0, [Stage('the clone of heuristic (DAgger)', 'clone', 'bc', CLONE, keep=CLONE_KEEPS,
                                clone_only=True, share=0.25),
                          Stage('expert iteration from the clone', '', 'previous', PLAYOUTS)]),
    'clone': Recipe(60.0, [Stage('the clone of heuristic (DAgger)', '', 'bc', CLONE, clone_only=True)]),
    'single': Recipe(60.0, [Stage('one stage of the flags', '', None, {})]),
}


def stage_settings(stage, overrides):
    """A stage's Settings: the recipe's, then the flags' (but for those the
    stage keeps), then the minibatches of 2,048 rows at most unless the
    flags give them."""
    kw = dict(stage.settings)
    kw.update({k: v for k, v in overrides.items() if k not in stage.keep})
    s = Settings(**kw)
    if 'minibatches' not in overrides:
        s.minibatches = max(1, min(s.envs * s.steps, -(-s.envs * s.steps // 2048)))
    return s


def read_plan(out):
    """OUT/recipe.json as a dict, or None when the folder has none (Error
    when it cannot be read)."""
    path = os.path.join(out, 'recipe.json')
    if not os.path.exists(path):
        return None
    try:
        with open(path) as f:
            plan = json.load(f)
        plan['settings'] = {k: tuple(v) if isinstance(v, list) else v for k, v in plan['settings'].items()}
        if plan['recipe'] not in RECIPES or not set(plan['settings']) <= set(settings_.FIELDS):
            raise ValueError('unknown recipe or setting')
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise _lib.Error('%s: not a recipe of paperio.train (%s)' % (path, e)) from None
    return plan


def write_plan(out, plan):
    path = os.path.join(out, 'recipe.json')
    tmp = path + '.tmp%d' % os.getpid()
    with open(tmp, 'w') as f:
        json.dump(plan, f, indent=1, sort_keys=True)
        f.write('\n')
    os.replace(tmp, path)


def saved(out, plan):
    """What a run in OUT started with: its plan (recipe.json; a folder of a
    trainer before recipes: its state.pt as a single stage) and each
    stage's settings as saved (its state.pt) or as they will be; None for a
    new folder."""
    if plan is None:
        path = os.path.join(out, 'state.pt')
        if not os.path.exists(path):
            return None
        st = load_state(path)
        league = st['league']['fixed'] + (['self'] if st['league']['selfplay'] else [])
        plan = {'recipe': 'single', 'seed': st.get('seed'), 'league': ','.join(league), 'init': st.get('init'),
                'settings': {}}
    stages = []
    for stage in RECIPES[plan['recipe']].stages:
        path = os.path.join(out, stage.folder, 'state.pt')
        if os.path.exists(path):
            s = saved_settings(load_state(path))
        else:
            s = stage_settings(stage, plan['settings'])
        stages.append((stage, s))
    return plan, stages


def ignored(plan, stages, given, flags):
    """The flags given to a run that goes on (given: the names of the flags
    given; flags: their values as the run would take them, the settings'
    those of the flags given) whose values differ from the saved ones:
    ['--seed 2 (saved 1)', ...]."""
    out = []
    for name in ('recipe', 'seed', 'league', 'init'):
        have, want = plan.get(name), flags.get(name)
        if name in given and have is not None and want != have:
            out.append('--%s %s (saved %s)' % (name, want, have))
    for name, want in flags['settings'].items():
        if name == 'guard_way_soft':
            continue  # with way_soft
        f = settings_.FIELDS[name]
        for stage, s in reversed(stages):
            if name in stage.keep:
                continue
            have = getattr(s, name)
            if name == 'way_soft':
                have, want = (s.guard_way_soft, have), (flags['settings'].get('guard_way_soft', True), want)
                if have != want:
                    out.append('%s %g (saved %s)' % (settings_.flag_name(f), want[1],
                                                     '%g' % have[1] if have[0] else 'none'))
            elif have != want:
                out.append('%s %s (saved %s)' % (settings_.flag_name(f), settings_.show(f, want),
                                                 settings_.show(f, have)))
            break
    return out


def run(out, recipe, overrides, seed=0, league=DEFAULT_LEAGUE, init=None, minutes=None, iterations=None,
        threads=None, progress=None, given=(), warn=None):
    """Trains recipe in OUT, or goes on with what OUT holds (its recipe,
    seed, league and settings: warn(line) names the flags given that differ
    from them). minutes is the whole run's budget (default the recipe's),
    iterations this invocation's at most."""
    plan = read_plan(out)
    have = saved(out, plan)
    fresh = not have
    if have:
        plan, stages = have
        wrong = ignored(plan, stages, set(given), dict(recipe=recipe, seed=seed, league=league, init=init,
                                                       settings=overrides))
        if wrong and warn:
            warn('%s goes on with its saved settings; ignored: %s' % (out, ', '.join(wrong)))
        recipe = plan['recipe']
        seed = plan['seed'] if plan['seed'] is not None else seed
        league, init = plan['league'], plan.get('init', init)
    else:
        plan = {'recipe': recipe, 'seed': seed, 'league': league, 'init': init,
                'settings': {k: list(v) if isinstance(v, tuple) else v for k, v in overrides.items()}}
        stages = [(stage, stage_settings(stage, overrides)) for stage in RECIPES[recipe].stages]
        for stage, s in stages:
            problems = s.problems()
            if problems:
                raise _lib.Error(problems[0] + ('' if recipe == 'single' else ' (in the %s recipe)' % recipe))
    r = RECIPES[recipe]
    minutes = r.minutes if minutes is None else minutes
    spent = 0.0  # minutes of the stages before
    previous = None
    for k, (stage, s) in enumerate(stages):
        folder = os.path.join(out, stage.folder) if stage.folder else out
        later = [os.path.join(out, x.folder, 'state.pt') for x, _ in stages[k + 1:]]
        if any(os.path.exists(p) for p in later):  # a later stage has begun: this one is done
            spent += load_state(os.path.join(folder, 'state.pt'))['seconds'] / 60
            previous = os.path.join(folder, 'policy.npz')
            continue
        start = {'bc': 'bc', 'scratch': 'scratch', 'previous': previous, None: init or 'scratch'}[stage.init]
        budget = min(minutes * stage.share, minutes - spent) if k < len(stages) - 1 else minutes - spent
        t = Trainer(folder, seed=seed, init=start, league=league, minutes=budget, settings=s, progress=progress,
                    threads=threads, iterations=iterations, until=s.bc_iterations if stage.clone_only else None)
        if k == 0 and fresh:
            write_plan(out, plan)
        if len(stages) > 1 and progress:
            print('paperio.train: %s recipe, stage %d of %d: %s in %s, %.1f minutes at most' % (
                recipe, k + 1, len(stages), stage.what, folder, budget), file=progress, flush=True)
        t.run()
        if iterations is not None:
            iterations -= t.iteration - t.first
            if iterations <= 0:
                return t
        if t.seconds >= budget * 60 and k == len(stages) - 1:
            return t
        spent += t.seconds / 60
        previous = os.path.join(folder, 'policy.npz')
    return t
