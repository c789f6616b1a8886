"""The clone (--init bc): DAgger (Ross et al. 2011) toward an expert bot.
Every observation is labelled with the expert's move (VectorEnv's
expert); a share of the games (bc_beta, shrinking by bc_beta_decay per
iteration) is played by the expert itself, the others by the clone's
greedy move; the labelled rows of the last bc_buffer rollouts are kept,
and each iteration learns the expert's moves (cross-entropy) and the value
of the shaped reward from minibatches drawn from all of them."""

import collections

from .common import entropy, masked


def clone(t, aggregate, planes, scal, safe, vals, rews, dones, expert):
    """Behaviour cloning's update of trainer t's network: the rollout's
    labelled rows join the aggregate, and minibatches drawn from all of it
    learn the expert's moves and the value targets; returns the mean
    losses and the agreement with the expert."""
    from .ppo import advantages
    torch, s = t.torch, t.s
    T, n = expert.shape
    N = T * n
    _, ret = advantages(t, vals, rews, dones)
    flat = lambda x: x.reshape((N,) + x.shape[2:])  # noqa: E731
    aggregate.add([flat(p) for p in planes], flat(scal), flat(safe), flat(expert), flat(ret))
    size = N // s.minibatches
    sums = collections.Counter()
    k = 0
    for _ in range(s.bc_epochs * s.minibatches):
        P, S, M, E, RET = aggregate.draw(size, t.rng)
        logits, v = t.net(P, S)
        logp_all = torch.log_softmax(masked(logits, M), 1)
        ok = allowed_label(E, M)
        ce = -logp_all[ok].gather(1, E[ok][:, None]).mean() if ok.any() else logp_all.sum() * 0
        v_loss = 0.5 * ((v - RET) ** 2).mean()
        loss = ce + s.vf * v_loss
        t.opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(t.net.parameters(), s.max_grad)
        t.step()
        with torch.no_grad():
            sums['policy_loss'] += float(ce)
            sums['value_loss'] += float(v_loss)
            sums['entropy'] += float(entropy(torch, logp_all))
            sums['agreement'] += float((logp_all[ok].argmax(1) == E[ok]).float().mean()) if ok.any() else 0.0
        k += 1
    return {key: v / k for key, v in sums.items()}


def allowed_label(expert, safe):
    """The rows whose expert move is there (not -1) and not masked: a move
    the mask forbids (the exposure mask may forbid the expert's) has no
    probability to raise."""
    ok = expert >= 0
    allowed = safe.gather(1, expert.clamp(min=0)[:, None])[:, 0] | ~safe.any(1)
    return ok & allowed


def dagger_actions(greedy, expert, driver):
    """The moves played while cloning: the expert's own in the games it
    drives (driver True, where it gave an answer), the learner's greedy
    move elsewhere: DAgger's mixture, whose learner part visits the states
    that the native (greedy) player will meet."""
    return greedy.where(~driver | (expert < 0), expert)


class Aggregate:
    """DAgger's aggregate: the latest capacity labelled rows (a ring), from
    which cloning draws its minibatches. Rows are the observation's uint8
    planes, its scalars, safe moves, the expert's move and the value target
    (about 3 KB a row with crop11+global15). Not saved with the state: a
    resumed cloning starts a new aggregate. Expert iteration keeps its
    decision points in one too."""

    def __init__(self, capacity):
        self.capacity, self.size, self.next = int(capacity), 0, 0
        self.cols = None

    def add(self, planes, *cols):
        """Adds rows: the planes of each tower, then the other columns
        (scalars, safe, expert, value target for cloning; the play-outs add
        their own)."""
        import torch
        rows = list(planes) + list(cols)
        if self.cols is None:
            self.cols = [torch.zeros((self.capacity,) + r.shape[1:], dtype=r.dtype) for r in rows]
            self.planes = len(planes)
        m = rows[0].shape[0]
        at = (self.next + torch.arange(m)) % self.capacity
        for c, r in zip(self.cols, rows):
            c[at] = r
        self.next = (self.next + m) % self.capacity
        self.size = min(self.capacity, self.size + m)

    def draw(self, k, rng):
        """k rows drawn uniformly with replacement: (planes, then the
        columns in the order added)."""
        import torch
        idx = torch.from_numpy(rng.integers(0, self.size, size=k))
        rows = [c[idx] for c in self.cols]
        return (rows[:self.planes],) + tuple(rows[self.planes:])
