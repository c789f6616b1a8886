"""Behaviour cloning from a self-play dataset, end to end:

    python3 -m paperio.examples.bc OUT [--games 200] [--epochs 4] [--dagger 10] [--seed 1]

1. writes a self-play dataset (`paperio selfplay`) of a teacher bot against
   the built-in bots into OUT/data;
2. trains a small policy (a perceptron with two hidden layers, in numpy) to
   choose the teacher's moves from 11x11 crops and the scalars of
   docs/OBSERVATION.md, the rows made again from the dataset by paperio.Dataset
   (the teacher's rows only);
3. improves it with DAgger: the policy plays in VectorEnv, the teacher (the
   environment's expert) labels the states it met, and it learns from those
   labels too; the games go on from round to round, so that it meets the
   states of whole games, not only of their openings;
4. saves it as OUT/policy.npz, a weights file of docs/POLICY.md that the
   toolkit plays natively (`paperio play --p1 policy:OUT/policy.npz --p2
   random`), and writes OUT/ai.py, a course AI that plays it, never into a
   move that loses at once while another is left (invalid-action masking,
   from the observation alone):
   `paperio play --p1 py:OUT/ai.py --p2 random --python /usr/bin/python3`;
5. plays it a little in VectorEnv against random and goround, as a quick
   check (notebooks/rl.ipynb plays the gauntlet natively, and some of its
   games through the py: bridge).

It starts by saying which BLAS numpy uses, and warns on stderr when it is
the reference BLAS (Debian's python3-numpy without libopenblas0-pthread):
training is matrix products, 50 to 100 times slower there.

The notebook runs these same functions.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

import numpy as np

from .. import SCALARS, _lib, blas
from .. import policy as weights
from ..data import Dataset
from ..env import VectorEnv
from . import policy_ai

# The teacher: the heuristic with short loops, whose way home an 11x11 crop
# still sees.
TEACHER = 'heuristic:depth=4,maxband=24'
OPPONENTS = ('random', 'goround', 'wanderer', 'heuristic', TEACHER)
CROP = 11


def write_dataset(out, games=200, seed=1, teacher=TEACHER, opponents=OPPONENTS):
    """Writes a self-play run of teacher against each opponent, either side
    first, into out with the paperio command; returns out."""
    pairs = []
    for o in opponents:
        pairs += ['%s:%s' % (teacher, o), '%s:%s' % (o, teacher)] if o != teacher else ['%s:%s' % (o, o)]
    if os.path.exists(out):
        shutil.rmtree(out)
    subprocess.run([_lib.cli(), 'selfplay', '--pairs', ','.join(pairs), '--games', str(games), '--seed', str(seed),
                    '--out', out, '--quiet'], check=True)
    return out


class Adam:
    """Adam (Kingma and Ba, 2015) over a list of arrays."""

    def __init__(self, params, lr=1e-3, b1=0.9, b2=0.999, eps=1e-8):
        self.params, self.lr, self.b1, self.b2, self.eps = params, lr, b1, b2, eps
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads):
        self.t += 1
        c1, c2 = 1 - self.b1 ** self.t, 1 - self.b2 ** self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            p -= self.lr * (m / c1) / (np.sqrt(v / c2) + self.eps)


def init_layers(sizes, seed):
    """He-initialised weights and zero biases of a perceptron."""
    rng = np.random.default_rng(seed)
    return [((rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32), np.zeros(b, np.float32))
            for a, b in zip(sizes[:-1], sizes[1:])]


# Scalars the weights look at.
_BAND_TO_ENEMY, _HOME_DIST = SCALARS.index('band_to_enemy'), SCALARS.index('home_dist')


def danger_weight(scalars):
    """How much each row counts: rows where the enemy's head is near the own
    band count more. They are rare (about one row in a hundred), and a
    wrong move there loses the game."""
    d = scalars[:, _BAND_TO_ENEMY] * 203  # in cells on the course board
    return np.where((d >= 0) & (d <= 20), 5.0, 1.0).astype(np.float32)


def train_step(layers, opt, x, y, weight=None):
    """One step of cross-entropy descent on a batch (rows weighted by
    weight, if given); returns the loss and the batch's accuracy."""
    acts = [x]
    for i, (w, b) in enumerate(layers):
        z = acts[-1] @ w + b
        acts.append(np.maximum(z, 0) if i < len(layers) - 1 else z)
    z = acts[-1]
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    n = len(y)
    loss = -np.log(p[np.arange(n), y] + 1e-12).mean()
    acc = (p.argmax(axis=1) == y).mean()
    g = p
    g[np.arange(n), y] -= 1
    if weight is None:
        g /= n
    else:
        g *= (weight / weight.sum())[:, None]
    grads = []
    for i in range(len(layers) - 1, -1, -1):
        w, _ = layers[i]
        grads.append(g.sum(axis=0))
        grads.append(acts[i].T @ g)
        if i > 0:
            g = (g @ w.T) * (acts[i] > 0)
    grads.reverse()  # w0, b0, w1, b1, ...
    opt.step(grads)
    return float(loss), float(acc)


def standardisation(ds, batches=50):
    """A shift and a scale for each feature, from the first batches of a
    pass: the scalars, small numbers next to the planes' ones, to mean 0
    and deviation 1 (a perceptron learns faster from features of one
    scale); the planes, 0 or 1 already, as they are."""
    xs = []
    for batch in ds:
        xs.append(batch['scalars'])
        if len(xs) == batches:
            break
    s = np.concatenate(xs)
    planes = int(np.prod(ds.shape))
    mean = np.concatenate([np.zeros(planes, np.float32), s.mean(axis=0)])
    std = np.concatenate([np.ones(planes, np.float32), np.maximum(s.std(axis=0), 0.01)])
    return mean, std


class Policy:
    """A perceptron being trained, with its optimiser and the
    standardisation of its inputs."""

    def __init__(self, inputs, mean, std, hidden=(128, 128), lr=1e-3, seed=1):
        self.layers = init_layers([inputs] + list(hidden) + [3], seed)
        self.opt = Adam([a for layer in self.layers for a in layer], lr=lr)  # updates the arrays in place
        self.mean, self.std = mean, std

    def step(self, planes, scalars, actions):
        x = (policy_ai.features(planes, scalars) - self.mean) / self.std
        return train_step(self.layers, self.opt, x, actions, danger_weight(scalars))

    def folded(self):
        """The layers with the standardisation folded into the first:
        (x - m)/s @ w + b is x @ (w/s) + (b - (m/s) @ w)."""
        (w, b), rest = self.layers[0], self.layers[1:]
        first = ((w / self.std[:, None]).astype(np.float32), (b - (self.mean / self.std) @ w).astype(np.float32))
        return [first] + [(w.copy(), b.copy()) for w, b in rest]


def batches_of(extra, batch_size, rng):
    """The rows of extra (planes, scalars, actions) in shuffled batches."""
    planes, scalars, actions = extra
    order = rng.permutation(len(actions))
    for lo in range(0, len(order), batch_size):
        k = order[lo:lo + batch_size]
        yield {'planes': planes[k], 'scalars': scalars[k], 'action': actions[k]}


def epoch(policy, batches):
    """One step per batch; returns rows, mean loss and accuracy."""
    rows, loss, acc = 0, 0.0, 0.0
    for batch in batches:
        l, a = policy.step(batch['planes'], batch['scalars'], batch['action'])
        n = len(batch['action'])
        rows, loss, acc = rows + n, loss + l * n, acc + a * n
    return rows, loss / max(rows, 1), acc / max(rows, 1)


def endless(ds):
    """The dataset's batches, pass after pass."""
    while True:
        yield from ds


def mixed(labelled, stream, batch_size, rng):
    """The labelled rows in shuffled batches, each followed by a batch of
    the stream (the dataset): as many rows of each."""
    for batch in batches_of(labelled, batch_size, rng):
        yield batch
        yield next(stream)


def train(data, epochs=4, hidden=(128, 128), batch_size=512, lr=1e-3, seed=1, teacher=TEACHER, dagger=0,
          dagger_passes=2, persistent=True, log=print):
    """Trains a policy on the teacher's rows of the dataset in data by
    behaviour cloning, then for dagger rounds plays it against the built-in
    bots, has the teacher label the states it met (VectorEnv's expert) and
    trains on the dataset and all labels so far (DAgger: Ross, Gordon and
    Bagnell, 2011); each round makes dagger_passes passes over all labels
    so far, each with as many rows of the dataset. The DAgger games go on
    from one round to the next unless persistent is False (then every
    round plays the first moves of new games). Returns its layers
    [(w, b), ...], which take the features unscaled."""
    ds = Dataset(data, view='crop%d' % CROP, batch_size=batch_size, shuffle=True, seed=seed, players=[teacher],
                 in_flight=256)
    mean, std = standardisation(ds)
    policy = Policy(int(np.prod(ds.shape)) + len(SCALARS), mean, std, hidden, lr, seed)
    rng = np.random.default_rng(seed)
    for e in range(epochs):
        start = time.time()
        rows, loss, acc = epoch(policy, ds)
        log('epoch %d: %d rows, loss %.3f, accuracy %.3f (%.0f s)' % (e + 1, rows, loss, acc, time.time() - start))
    labelled, stream = None, endless(ds)
    games = Collector(teacher, seed=seed, persistent=persistent)
    for r in range(dagger):
        start = time.time()
        got = games.collect(policy.folded())
        labelled = got if labelled is None else tuple(np.concatenate([a, b]) for a, b in zip(labelled, got))
        agree = (policy_ai.choose(policy.folded(), got[0], got[1]) == got[2]).mean()
        rows, loss, acc = 0, 0.0, 0.0
        for _ in range(dagger_passes):
            n, loss, acc = epoch(policy, mixed(labelled, stream, batch_size, rng))
            rows += n
        log('DAgger round %d: the policy met %d states and made the teacher\'s move in %.1f %% of them; '
            'trained on %d rows, loss %.3f, accuracy %.3f (%.0f s)'
            % (r + 1, len(got[2]), 100 * agree, rows, loss, acc, time.time() - start))
    games.close()
    ds.close()
    return policy.folded()


# The DAgger games' opponents, envs games each: goround three times over,
# as the states where its head comes near the policy's band, rare in any
# one game, are those the policy most often gets wrong.
DAGGER_OPPONENTS = ('goround', 'goround', 'goround', 'random', 'wanderer', 'heuristic')


class Collector:
    """Games of the policy against each opponent (either side), with the
    teacher as VectorEnv's expert, kept going from one DAgger round to the
    next: each collect plays steps moves in every game, so that over the
    rounds the policy meets the states of whole games (the late ones too, with large
    territories, where most of its losses happen), not only their openings."""

    def __init__(self, teacher, opponents=DAGGER_OPPONENTS, envs=32, seed=1, persistent=True):
        self.teacher, self.opponents, self.envs, self.seed, self.persistent = teacher, opponents, envs, seed, persistent
        self.games = None
        self.round = 0

    def _start(self):
        games = []
        for k, opponent in enumerate(self.opponents):
            env = VectorEnv(self.envs, opponent=opponent, player=0, view='crop%d' % CROP, autoreset_mode='same_step',
                            expert=self.teacher)
            obs, info = env.reset(seed=(self.seed * 1000 + self.round) * 100 + k)
            games.append([env, obs, info])
        return games

    def collect(self, layers, steps=400):
        """Plays steps moves in every game; returns the states met (planes,
        scalars) and the teacher's answers there."""
        if self.games is None:
            self.games = self._start()
        planes, scalars, answers = [], [], []
        for g in self.games:
            env, obs, info = g
            for _ in range(steps):
                keep = info['expert_action'] >= 0
                planes.append(obs['planes'][keep].copy())
                scalars.append(obs['scalars'][keep].copy())
                answers.append(info['expert_action'][keep].copy())
                obs, _, _, _, info = env.step(policy_ai.choose(layers, obs['planes'], obs['scalars']))
            g[1], g[2] = obs, info
        self.round += 1
        if not self.persistent:
            self.close()
        return np.concatenate(planes), np.concatenate(scalars), np.concatenate(answers)

    def close(self):
        for env, _, _ in self.games or ():
            env.close()
        self.games = None


def save(out, layers):
    """Writes out/policy.npz and out/ai.py (the course AI that plays it).
    The weights file is docs/POLICY.md's, so the toolkit also plays it
    natively, as policy:out/policy.npz: a crop tower without conv layers,
    the scalars, the hidden layers, and the losing moves masked as the
    course AI masks them."""
    meta = {'format': weights.FORMAT, 'version': weights.VERSION, 'obs_version': weights.OBS_VERSION,
            'towers': [{'view': 'crop%d' % CROP, 'conv': []}], 'scalars': True,
            'hidden': [int(b.shape[0]) for _, b in layers[:-1]], 'mask_losing': True,
            'name': 'behaviour cloning of %s' % TEACHER}
    arrays = {}
    names = ['fc.%d' % i for i in range(len(layers) - 1)] + ['pi']
    for name, (w, b) in zip(names, layers):
        arrays[name + '.weight'], arrays[name + '.bias'] = w.T, b  # torch's (out, in)
    weights.write(os.path.join(out, 'policy.npz'), meta, arrays)
    shutil.copyfile(policy_ai.__file__, os.path.join(out, 'ai.py'))


def evaluate(layers, opponent, games=64, envs=32, seed=7):
    """Plays the policy against a bot in VectorEnv (either side, alternating)
    until games have ended; returns (wins, draws, losses)."""
    env = VectorEnv(envs, opponent=opponent, player=0, view='crop%d' % CROP, autoreset_mode='same_step')
    obs, _ = env.reset(seed=seed)
    w = d = l = 0
    while w + d + l < games:
        a = policy_ai.choose(layers, obs['planes'], obs['scalars'])
        obs, reward, terminated, _, _ = env.step(a)
        ended = reward[terminated]
        w, d, l = w + int((ended > 0).sum()), d + int((ended == 0).sum()), l + int((ended < 0).sum())
    env.close()
    return w, d, l


def main(argv=None):
    p = argparse.ArgumentParser(prog='python3 -m paperio.examples.bc', description=__doc__.split('\n\n')[0])
    p.add_argument('out', help='output folder: data/, policy.npz, ai.py')
    p.add_argument('--games', type=int, default=200, help='self-play games to learn from (default 200)')
    p.add_argument('--epochs', type=int, default=4, help='passes over the dataset (default 4)')
    p.add_argument('--seed', type=int, default=1, help='seed of the dataset, the shuffle and the weights')
    p.add_argument('--teacher', default=TEACHER, help='the bot whose moves are learned (default %s)' % TEACHER)
    p.add_argument('--dagger', type=int, default=10, help='DAgger rounds after behaviour cloning (default 10)')
    p.add_argument('--hidden', default='128,128', help='sizes of the hidden layers (default 128,128)')
    a = p.parse_args(argv)
    if a.games < 1 or a.epochs < 1:
        p.error('--games and --epochs must be positive')
    print(blas.describe(), flush=True)
    blas.warn_if_slow()
    os.makedirs(a.out, exist_ok=True)
    opponents = OPPONENTS[:-1] + (a.teacher,)
    data = write_dataset(os.path.join(a.out, 'data'), a.games, a.seed, a.teacher, opponents)
    print('dataset: %s (%s against %s)' % (data, a.teacher, ', '.join(opponents)), flush=True)
    hidden = tuple(int(v) for v in a.hidden.split(','))
    layers = train(data, epochs=a.epochs, seed=a.seed, teacher=a.teacher, dagger=a.dagger, hidden=hidden,
                   log=lambda s: print(s, flush=True))
    save(a.out, layers)
    print('policy: %s, course AI: %s' % (os.path.join(a.out, 'policy.npz'), os.path.join(a.out, 'ai.py')))
    for opponent in ('random', 'goround'):
        print('quick check against %s: %d won, %d drawn, %d lost' % ((opponent,) + evaluate(layers, opponent)),
              flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
