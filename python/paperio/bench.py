"""Speed of the engine, the environment and the dataset loader, side by side
in one run:

    python3 -m paperio.bench [--envs 256] [--seconds 3] [--data DIR]

prints

    engine: N half-steps/s          the engine alone, replaying full games of the built-in bots
    env full: N agent steps/s, P % of engine    VectorEnv, random actions against the random bot, whole boards
    env crop11: N agent steps/s, P % of engine  the same with 11x11 crops
    env crop11+global15: N agent steps/s, P % of engine  the same with the crop and the 15x15 global map (the trainer's view)
    dataset full: N observations/s  Dataset, shuffled, whole boards
    dataset crop11: N observations/s

Every figure is per second of CPU time of this process, run on one core
(the process is pinned to one CPU and the library to one thread), so that
other work on the machine changes the figures little; the ratios between
the lines are what to compare, and each environment line gives its own
against the engine's (agent steps/s as a percentage of half-steps/s; an
agent step is two half-steps, the agent's and the bot's, and a new game
now and then). The floor under the environment lines, without
observations, is BenchmarkEnv/blind of `go test -run X -bench Env ./games/paperio/rl/`,
which reports the same ratios. An agent step is one action played (steps
that only start a new game, under next-step autoreset, are not counted).
The dataset is a small self-play run written with `paperio selfplay` into a
temporary folder unless --data names one.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time


def _one_core():
    """Pins the process to one CPU and the Go runtime to one thread; must
    run before the library is loaded."""
    os.environ['GOMAXPROCS'] = '1'
    if hasattr(os, 'sched_setaffinity'):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})


def _timed(fn, seconds):
    """Runs fn() (which returns units of work) until seconds of CPU time
    have passed; returns units per CPU second."""
    units, cpu0 = 0, time.process_time()
    while True:
        units += fn()
        cpu = time.process_time() - cpu0
        if cpu >= seconds:
            return units / cpu


def engine_speed(seconds):
    from . import _lib
    msg = _lib.Message()
    cpu0 = time.process_time()
    n = msg.check(_lib.lib.paperio_engine_speed(seconds, msg.buf, msg.size))
    return n / (time.process_time() - cpu0)


def env_speed(view, envs, seconds):
    import numpy as np

    from .env import VectorEnv
    env = VectorEnv(envs, opponent='random', view=view)
    env.reset(seed=1)
    # The agent's random actions are drawn ahead, 64 steps at a time: what
    # an agent costs to choose its actions is not the environment's cost.
    actions = np.random.default_rng(1).integers(0, 3, size=(64, envs))
    resets, t = 0, 0

    def steps():
        nonlocal resets, t
        played = envs - resets  # envs whose last step ended a game only start the next one now
        _, _, terminated, _, _ = env.step(actions[t % 64])
        t += 1
        resets = int(np.count_nonzero(terminated))
        return played

    for _ in range(20):  # warm up: every game under way
        steps()
    rate = _timed(steps, seconds)
    env.close()
    return rate


def dataset_speed(path, view, seconds):
    from .data import Dataset
    ds = Dataset(path, view=view, batch_size=256, shuffle=True)
    it = iter(ds)

    def rows():
        nonlocal it
        for batch in it:
            return len(batch['action'])
        it = iter(ds)
        return 0

    rows()
    rate = _timed(rows, seconds)
    ds.close()
    return rate


def write_dataset(folder):
    """A small self-play run of the default bots, as a user would write it."""
    from . import _lib
    go = _lib._go()
    if not go:
        raise SystemExit('paperio.bench: no go command to write a dataset with; pass --data DIR')
    cmd = [go, 'run', './cmd/paperio', 'selfplay', '--games', '18', '--seed', '1', '--out', folder, '--quiet']
    subprocess.run(cmd, cwd=_lib._ROOT, check=True)


def main(argv=None):
    p = argparse.ArgumentParser(prog='python3 -m paperio.bench', description=__doc__.split('\n\n')[0])
    p.add_argument('--envs', type=int, default=256, help='environments stepped together (default 256)')
    p.add_argument('--seconds', type=float, default=3, help='CPU seconds per line (default 3)')
    p.add_argument('--data', help='a self-play folder for the dataset lines (default: a small run written now)')
    a = p.parse_args(argv)
    if a.envs < 1 or a.seconds <= 0:
        p.error('--envs and --seconds must be positive')
    _one_core()
    from . import _lib  # builds the library if needed, before anything is timed
    with tempfile.TemporaryDirectory() as tmp:
        data = a.data
        if not data:
            data = os.path.join(tmp, 'selfplay')
            write_dataset(data)
        load = os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan')
        print('# paperio.bench: %d environments, %g CPU seconds a line, one core; load average %.1f on %d CPUs'
              % (a.envs, a.seconds, load, os.cpu_count()), flush=True)
        engine = engine_speed(a.seconds)
        print('engine: %.0f half-steps/s' % engine, flush=True)
        for view in ('full', 'crop11', 'crop11+global15'):
            rate = env_speed(view, a.envs, a.seconds)
            print('env %s: %.0f agent steps/s, %.1f %% of engine' % (view, rate, 100 * rate / engine), flush=True)
        for view in ('full', 'crop11'):
            print('dataset %s: %.0f observations/s' % (view, dataset_speed(data, view, a.seconds)), flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
