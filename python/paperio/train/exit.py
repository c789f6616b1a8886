"""Expert iteration whose expert is the network's own play (--algo exit):
policy iteration through play-outs of the greedy network, no hand-written
search. The greedy network and the opponents are deterministic (random
and wanderer draw from the game's seed, a policy: opponent plays
greedily), so a game is a function of its number and the learner's moves.

Each iteration plays exit_games games greedily (the baselines, opponents
by PFSP), draws exit_points decision points in each (moves where the mask
allows more than one move: half uniformly, half by the network's doubt),
and for each other allowed move a' at t replays the same game to t in Go
(playouts.py), plays a' and then greedily on, to the end or for
exit_horizon moves. The score (+-exit_win for a win or loss, plus
exit_area times the territory difference as a share of the board) minus
the baseline's at the same move is exactly what a' gains over the greedy
move under the current policy. The network learns a logistic preference
between a' and the greedy move weighted by that gain (exit_loss), and the
greedy move's cross-entropy times exit_confirm where nothing beat it, from
the latest exit_buffer decision points."""

import collections
import time

import numpy as np

from ..env import VectorEnv
from .bc import Aggregate
from .common import entropy, masked
from .playouts import Rollouts, score as exit_score


def run(t):
    """Iterations of expert iteration for trainer t, until its budget is
    spent."""
    torch, s = t.torch, t.s
    lanes = max(1, min(s.exit_lanes, s.exit_envs))
    envs = []
    for k in range(lanes):
        n = s.exit_envs // lanes + (k < s.exit_envs % lanes)
        env = VectorEnv(n, opponents=[t.league.fixed[0]] * n, player=0, view=s.view, width=s.width,
                        height=s.height, turns=s.turns, autoreset_mode='same_step', guard=s.guard,
                        guard_margin=s.guard_margin, guard_way=s.guard_way, guard_way_soft=s.guard_way_soft)
        # One run seed for all: a game number is the same game in every lane.
        env.reset(seed=int(np.random.SeedSequence([t.seed, 1]).generate_state(1)[0] >> 1))
        envs.append(env)
    roll = Rollouts(t, envs)
    buf = Aggregate(s.exit_buffer)
    for group in t.opt.param_groups:
        group['lr'] = s.exit_lr
    none = np.zeros(0, np.int64)
    while t.more():
        t0 = time.perf_counter()
        roll.t_env = roll.t_infer = 0.0
        roll.steps = 0
        specs = t.league.sample(s.exit_games)
        games = [t.iteration * s.exit_games + j for j in range(s.exit_games)]
        bases = roll.play([{'spec': sp, 'game': g, 'prefix': none, 'move': -1}
                           for sp, g in zip(specs, games)], trace=s.turns)
        won = 0.0
        for sp, b in zip(specs, bases):
            t.league.record(sp, b['result'] or 0.0)
            won += ((b['result'] or 0.0) + 1) / 2
        jobs, points = [], []
        for k, b in enumerate(bases):
            for m in exit_points(b, s.exit_points, t.rng, hindsight=s.exit_hindsight,
                                 window=s.exit_horizon or 50, turns=0 if s.exit_hindsight_area else s.turns):
                greedy = int(b['action'][m])
                stop = int(m) + s.exit_horizon if s.exit_horizon else 0
                alts = [a for a in range(3) if a != greedy and b['allowed'][m, a]]
                points.append((k, int(m), greedy, stop, len(jobs), alts))
                prefix = b['action'][:m].astype(np.int64)
                jobs.extend({'spec': specs[k], 'game': games[k], 'prefix': prefix, 'move': a, 'stop': stop}
                            for a in alts)
        outs = roll.play(jobs)
        rows = collections.defaultdict(list)
        gains = []
        for k, m, greedy, stop, at, alts in points:
            scores = {greedy: baseline_score(s, bases[k], m, stop)}
            for j, a in enumerate(alts):
                scores[a] = outs[at + j]['score']
            adv = exit_advantages(greedy, scores)
            gains.append(max(0.0, float(adv.max())))
            o = outs[at]
            for c, x in enumerate(o['planes']):
                rows[c].append(x)
            rows['scalars'].append(o['scalars'])
            rows['safe'].append(o['safe'])
            rows['penalty'].append(o['penalty'])
            rows['greedy'].append(greedy)
            rows['adv'].append(adv)
        tl = time.perf_counter()
        stats = {'policy_loss': 0.0, 'entropy': 0.0, 'agreement': 0.0}
        if points:
            towers = len(outs[points[0][4]]['planes'])
            buf.add([torch.from_numpy(np.stack(rows[c])) for c in range(towers)],
                    torch.from_numpy(np.stack(rows['scalars'])), torch.from_numpy(np.stack(rows['safe'])),
                    torch.tensor(rows['greedy'], dtype=torch.long), torch.from_numpy(np.stack(rows['adv'])),
                    torch.from_numpy(np.stack(rows['penalty'])))
            stats = learn(t, buf, len(points))
        t_learn = time.perf_counter() - tl
        took = time.perf_counter() - t0
        g = np.array(gains)
        note = '  (play-outs: %d points, %d moves tried, %.0f %% improved, mean gain %.3f; agreement %.1f %%)' % (
            len(points), len(jobs), 100 * float((g > 0).mean()) if len(g) else 0.0,
            float(g.mean()) if len(g) else 0.0, 100 * stats.pop('agreement'))
        t.finish_iteration(took, roll.steps, dict(
            stats, value_loss=0.0, approx_kl=0.0, clip_frac=0.0, steps_per_second=roll.steps / took,
            env_share=roll.t_env / took, learn_share=t_learn / took, reward=float(g.mean()) if len(g) else 0.0,
            games=len(bases), win_rate=won / len(bases) if bases else -1.0), roll.t_infer / took, note)
    roll.close()
    for env in envs:
        env.close()


def learn(t, buf, new):
    """exit_loss over minibatches drawn from the buffer: exit_epochs times
    the new decision points' count of rows."""
    torch, s = t.torch, t.s
    sums = collections.Counter()
    k = max(1, int(round(s.exit_epochs * new / s.exit_batch)))
    for _ in range(k):
        P, S, M, G, A, R = buf.draw(s.exit_batch, t.rng)
        logits, _ = t.net(P, S)
        if t.penalized:  # the logits the player chooses by
            logits = logits - R
        logp_all = torch.log_softmax(masked(logits, M), 1)
        loss = exit_loss(torch, logits, G, A, s.exit_confirm)
        best = torch.where(A.max(1).values > 0, A.argmax(1), G)
        t.opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(t.net.parameters(), s.max_grad)
        t.step()
        with torch.no_grad():
            sums['policy_loss'] += float(loss)
            sums['entropy'] += float(entropy(torch, logp_all))
            sums['agreement'] += float((logp_all.argmax(1) == best).float().mean())
    return {key: v / k for key, v in sums.items()}


def exit_points(base, k, rng, uniform=0.5, hindsight=0.0, window=50, turns=0):
    """Up to k decision points of a baseline game (dict with 'allowed' and
    'p' per move, and 'result'): moves where the mask allowed more than one
    move, drawn without replacement, with weights half uniform and half the
    network's doubt (1 - its greedy move's probability). In a lost game,
    hindsight of the weight goes, evenly, to the candidates among its last
    window moves: the moves that led to the loss, whose play-outs (of
    window moves, the horizon) all see it. Drawn in proportion to the
    game's length instead, a loss late in a long game (a band cut after
    2,000 half-steps) is seldom among the points, and the rare mistake
    that loses a won game is never learned. A game of turns moves or
    more (0: no such bound) was lost on area at the last round, which its
    last moves decide little: it gets none, and its points stay spread
    over the game that lost the area."""
    n = len(base['p'])
    cand = np.flatnonzero(base['allowed'][:n].sum(1) >= 2)
    if not len(cand):
        return cand
    doubt = 1 - base['p'][cand].astype(np.float64)
    w = uniform / len(cand) + (1 - uniform) * (doubt / doubt.sum() if doubt.sum() > 0 else 1.0 / len(cand))
    late = cand >= n - window
    cut = not turns or n < turns
    if hindsight > 0 and cut and (base.get('result') or 0) < 0 and late.any():
        w = (1 - hindsight) * w + hindsight * late / late.sum()
    w /= w.sum()
    return np.sort(rng.choice(cand, size=min(k, len(cand)), replace=False, p=w))


def baseline_score(s, base, t, stop):
    """The baseline's score where a deviation at move t stops: at the end
    of the game, or after move stop - 1 when the horizon comes first."""
    n = len(base['action'])
    if stop and stop < n:
        return exit_score(s, None, float(base['diff'][stop - 1]))
    return base['score']


def exit_advantages(greedy, scores):
    """What each move gains over the greedy one at a decision point (scores:
    {move: score}, the greedy move's among them): a (3,) array, 0 for the
    greedy move and for the moves not played out."""
    adv = np.zeros(3, np.float32)
    for m, v in scores.items():
        adv[m] = v - scores[greedy]
    return adv


def exit_loss(torch, logits, greedy, adv, confirm):
    """The loss of a minibatch of decision points: for each move played out
    against the greedy one, the logistic loss of preferring the better of
    the two (the difference of their logits), weighted by how much better
    it is; plus confirm times the cross-entropy of the greedy move where no
    move beat it. A move better by a in some states and worse by b in
    others of the same look settles at preferring it exactly when its mean
    gain is positive: the best of two or three play-outs taken as a label
    would rather learn their noise (a greedy move beaten by chance in most
    states where its rivals' outcomes scatter)."""
    d = logits - logits.gather(1, greedy[:, None])
    pair = (adv.abs() * torch.nn.functional.softplus(-torch.sign(adv) * d)).sum(1)
    held = (adv <= 0).all(1).float()
    ce = -torch.log_softmax(logits, 1).gather(1, greedy[:, None])[:, 0]
    return (pair + confirm * held * ce).mean()
