"""PPO (Schulman et al. 2017) with GAE (2016) over the rollouts of
rollouts.py, learning from a shaped reward: the territory won or lost at
every step, a penalty while the band is exposed, and the game's result.
--bc-reg adds the cross-entropy to the expert's moves at first, --anchor
the KL divergence from the network PPO started from."""

import collections

from .common import BAND_TO_ENEMY, ENEMY_AREA, HOME_DIST, OWN_AREA, entropy, masked
from .bc import allowed_label


def shaped_reward(s, before, after, result):
    """Each environment's reward for one step: the change of the territory
    difference, the band's exposure, and the game's result. before and
    after are the scalars around the step (after: the game's last ones when
    it ended)."""
    diff = (after[:, OWN_AREA] - after[:, ENEMY_AREA]) - (before[:, OWN_AREA] - before[:, ENEMY_AREA])
    band = after[:, BAND_TO_ENEMY]
    exposed = (band >= 0) & (band <= after[:, HOME_DIST])
    return s.area_reward * diff - s.exposure * exposed + s.win_reward * result


def advantages(t, vals, rews, dones):
    """GAE's advantages and the value targets of a rollout."""
    s = t.s
    T, n = rews.shape
    adv = t.torch.zeros((T, n))
    last = t.torch.zeros(n)
    for k in reversed(range(T)):
        live = 1 - dones[k]
        delta = rews[k] + s.gamma * vals[k + 1] * live - vals[k]
        last = delta + s.gamma * s.lam * live * last
        adv[k] = last
    return adv, adv + vals[:T]


def update(t, planes, scal, safe, acts, logps, vals, rews, dones, expert=None, reg=0.0):
    """PPO's update of trainer t's network over the rollout, plus reg times
    the cross-entropy to the expert's moves when labelled; returns the mean
    losses."""
    torch, s = t.torch, t.s
    T, n = acts.shape
    adv, ret = advantages(t, vals, rews, dones)
    N = T * n
    flat = lambda x: x.reshape((N,) + x.shape[2:])  # noqa: E731
    P = [flat(p) for p in planes]
    S, M, A, L, ADV, RET = map(flat, (scal, safe, acts, logps, adv, ret))
    E = flat(expert) if expert is not None else None
    size = N // s.minibatches
    sums = collections.Counter()
    k = 0
    for _ in range(s.epochs):
        perm = torch.randperm(N)
        for b in range(s.minibatches):
            idx = perm[b * size:(b + 1) * size]
            logits, v = t.net([p[idx] for p in P], S[idx])
            logits = masked(logits / s.temperature, M[idx])
            logp_all = torch.log_softmax(logits, 1)
            logp = logp_all.gather(1, A[idx][:, None])[:, 0]
            ent = entropy(torch, logp_all)
            v_loss = 0.5 * ((v - RET[idx]) ** 2).mean()
            ratio = (logp - L[idx]).exp()
            a = ADV[idx]
            a = (a - a.mean()) / (a.std() + 1e-8)
            pg = torch.max(-a * ratio, -a * ratio.clamp(1 - s.clip, 1 + s.clip)).mean()
            loss = pg + s.vf * v_loss - s.ent * ent
            if E is not None:
                e = E[idx]
                ok = allowed_label(e, M[idx])
                if ok.any():
                    ce = -logp_all[ok].gather(1, e[ok][:, None]).mean()
                    loss = loss + reg * ce
                    sums['expert_ce'] += float(ce)
            if t.anchor is not None:
                with torch.no_grad():
                    start, _ = t.anchor([p[idx] for p in P], S[idx])
                    start = torch.log_softmax(masked(start / s.temperature, M[idx]), 1)
                q = start.exp()
                kl = (q * torch.where(q > 0, start - logp_all, torch.zeros_like(start))).sum(1).mean()
                loss = loss + s.anchor * kl
                sums['anchor_kl'] += float(kl)
            t.opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(t.net.parameters(), s.max_grad)
            t.step()
            with torch.no_grad():
                sums['policy_loss'] += float(pg)
                sums['value_loss'] += float(v_loss)
                sums['entropy'] += float(ent)
                sums['approx_kl'] += float(((ratio - 1) - (logp - L[idx])).mean())
                sums['clip_frac'] += float(((ratio - 1).abs() > s.clip).float().mean())
            k += 1
    return {key: v / k for key, v in sums.items()}
