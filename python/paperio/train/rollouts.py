"""Rollouts of settings.envs games x settings.steps moves against the
league, one VectorEnv, each game's opponent drawn by PFSP when it starts.
The clone's iterations (--init bc: bc.py) play the clone's greedy moves, or
the expert's in the games it drives, and learn the expert's labels; PPO's
(ppo.py) sample the policy and learn from the shaped reward. One loop
serves both, so that PPO goes on in the clone's games while the expert
still labels them (--bc-reg)."""

import time

import numpy as np

from .. import policy
from . import bc, ppo
from .common import masked, tower_planes


def run(t):
    """Iterations of the clone and of PPO for trainer t, until its budget
    is spent or, when play-outs come next (algo exit), the clone is
    done."""
    torch, s = t.torch, t.s
    env, current = t.env(s.bc_expert if t.bc_left or t.reg_left else None)
    queued = list(current)
    obs, info = env.reset(seed=int(np.random.SeedSequence([t.seed, t.iteration]).generate_state(1)[0] >> 1))
    n, T = s.envs, s.steps
    planes = [torch.zeros((T, n) + x.shape[1:], dtype=torch.uint8) for x in tower_planes(obs)]
    scal = torch.zeros((T, n, 24))
    safe = torch.zeros((T, n, 3), dtype=torch.bool)
    acts = torch.zeros((T, n), dtype=torch.long)
    logps = torch.zeros((T, n))
    vals = torch.zeros((T + 1, n))
    rews = torch.zeros((T, n))
    dones = torch.zeros((T, n))
    expert = torch.zeros((T, n), dtype=torch.long)
    aggregate = bc.Aggregate(s.bc_buffer * n * T) if t.bc_left else None
    driver = torch.zeros(n, dtype=torch.bool)  # cloning: the games the expert plays itself
    while t.more():
        if s.algo == 'exit' and not t.bc_left:  # cloned: the play-outs go on from here
            break
        cloning = t.bc_left > 0
        labels = cloning or t.reg_left > 0
        if cloning:
            beta = s.bc_beta * s.bc_beta_decay ** (s.bc_iterations - t.bc_left)
            if t.iteration == t.first:
                driver[:] = torch.from_numpy(t.rng.random(n) < beta)
        t0 = time.perf_counter()
        t_env = t_infer = 0.0
        games = score = 0
        for k in range(T):
            ti = time.perf_counter()
            for buf, x in zip(planes, tower_planes(obs)):
                buf[k].copy_(torch.from_numpy(x))
            scal[k].copy_(torch.from_numpy(obs['scalars']))
            if s.guard:
                safe[k].copy_(torch.from_numpy(info['guard']))
            else:
                safe[k].copy_(torch.from_numpy(policy.safe_moves(t.net.meta, [obs['planes']], None)))
            if labels:
                expert[k].copy_(torch.from_numpy(info['expert_action']))
            with torch.inference_mode():
                logits, v = t.net([buf[k] for buf in planes], scal[k])
                pen = t.penalty(info)  # cloning before play-outs only: PPO refuses a penalty
                if pen is not None:
                    logits = logits - pen
                logp_all = torch.log_softmax(masked(logits / s.temperature, safe[k]), 1)
                if cloning:  # the states of the greedy player that plays natively, or the expert's own games
                    a = bc.dagger_actions(logp_all.argmax(1), expert[k], driver)
                else:  # Gumbel-max: a draw from the softmax without torch.distributions' checks
                    a = (logp_all - torch.empty_like(logp_all).exponential_().log()).argmax(1)
                logps[k] = logp_all.gather(1, a[:, None])[:, 0]
            vals[k] = v
            acts[k] = a
            before = obs['scalars'].copy()
            te = time.perf_counter()
            t_infer += te - ti
            obs, reward, term, _, info = env.step(a.numpy())
            t_env += time.perf_counter() - te
            after = np.where(info['_final_obs'][:, None], info['final_obs']['scalars'], obs['scalars'])
            rews[k] = torch.from_numpy(ppo.shaped_reward(s, before, after, reward).astype(np.float32))
            dones[k] = torch.from_numpy(term.astype(np.float32))
            for i in np.flatnonzero(term):
                if not (cloning and driver[i]):  # the expert's own games say nothing of the learner
                    t.league.record(current[i], float(reward[i]))
                    games += 1
                    score += (reward[i] + 1) / 2
                current[i] = queued[i]
                queued[i] = t.league.sample(1)[0]
                env.set_opponent(i, queued[i])
                if cloning:
                    driver[i] = bool(t.rng.random() < beta)
        with torch.inference_mode():
            _, vals[T] = t.net([torch.from_numpy(x) for x in tower_planes(obs)], torch.from_numpy(obs['scalars']))
        tl = time.perf_counter()
        if cloning:
            stats = bc.clone(t, aggregate, planes, scal, safe, vals, rews, dones, expert)
            note = '  (cloning %s: cross-entropy %.3f, agreement %.1f %%, expert plays %.0f %% of games)' % (
                s.bc_expert, stats['policy_loss'], 100 * stats.pop('agreement'), 100 * beta)
        else:
            if s.anchor > 0 and t.anchor is None:  # PPO's first iteration: its start is the anchor
                t.anchor = t._frozen(t.net.state_dict())
            reg = s.bc_reg * t.reg_left / s.bc_reg_iterations if t.reg_left else 0.0
            stats = ppo.update(t, planes, scal, safe, acts, logps, vals, rews, dones, expert if reg else None, reg)
            note = ''
            if reg:
                ce = stats.pop('expert_ce', float('nan'))
                note += '  (cross-entropy to %s %.3f, weight %.2f)' % (s.bc_expert, ce, reg)
            kl = stats.pop('anchor_kl', None)
            if kl is not None:
                note += '  (KL from the start %.4f, weight %g)' % (kl, s.anchor)
        t_learn = time.perf_counter() - tl
        took = time.perf_counter() - t0
        if cloning:
            t.bc_left -= 1
            if not t.bc_left:
                aggregate = None
        elif t.reg_left:
            t.reg_left -= 1
        if labels and not (t.bc_left or t.reg_left):  # no expert from here on
            env.close()
            env, current = t.env()
            queued = list(current)
            obs, info = env.reset(seed=t.seed + t.iteration + 1)
        t.finish_iteration(took, n * T, dict(
            stats, steps_per_second=n * T / took, env_share=t_env / took, learn_share=t_learn / took,
            reward=float(rews.mean()), games=games, win_rate=score / games if games else -1.0), t_infer / took, note)
        members = set(t.league.members())
        for i, spec in enumerate(queued):  # a snapshot that left the league starts no more games
            if spec not in members:
                queued[i] = t.league.sample(1)[0]
                env.set_opponent(i, queued[i])
    env.close()
