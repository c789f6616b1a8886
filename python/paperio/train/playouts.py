"""The play-outs of expert iteration: games played greedily by the
learner, each a job (a game number, an opponent, a known prefix of moves,
an optional deviation and horizon), in one or more VectorEnvs (lanes)."""

import time

import numpy as np

from .. import policy
from .common import ENEMY_AREA, OWN_AREA, masked, tower_planes


class Rollouts:
    """Games played greedily by the learner in the environments of one or
    more VectorEnvs (lanes), each a job: a game number and opponent, a known
    prefix of the learner's moves (replayed in Go without the network), an
    optional move played instead of the greedy one right after the prefix
    (the deviation), and an optional stop after that many moves in all (the
    horizon). Since the greedy network and the opponents are deterministic,
    a game is a function of its number and the learner's moves: a job that
    replays a baseline's prefix and deviates at t measures exactly what the
    deviation gains under the current policy, in whichever lane it plays.

    With two lanes the two cores work at once: while one lane's games step
    in Go on a thread of their own (ctypes lets go of the GIL), the network
    chooses the other lane's moves (torch does too). t_env is the time the
    network waited for the environments, t_infer its own."""

    def __init__(self, trainer, env):
        self.t = trainer
        self.envs = list(env) if isinstance(env, (list, tuple)) else [env]
        self.t_env = self.t_infer = 0.0
        self.steps = 0
        self._pool = None

    def close(self):
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def play(self, jobs, trace=0):
        """Plays jobs (dicts: spec, game, prefix (int64 array), move (-1 for
        none), stop (0 for none)); returns one dict per job: score (the
        outcome score, exit_score), result (+1, 0, -1; None when stopped),
        moves, and with a deviation the observation where it was made
        (planes, scalars, safe, penalty: what the policy subtracts from
        each move's logit).
        trace > 0 also records each move's action, greedy probability,
        allowed moves, the moves the way's cells alone forbid and territory
        difference (arrays of trace entries)."""
        out = [None] * len(jobs)
        lanes = [_Lane(env) for env in self.envs]
        for k, lane in enumerate(lanes):  # every lane its share, so that both have games to step
            lane.queue = list(reversed(range(k, len(jobs), len(lanes))))
        tr = None
        if trace:
            n = len(jobs)
            tr = {'action': np.full((n, trace), -1, np.int8), 'p': np.zeros((n, trace), np.float32),
                  'allowed': np.zeros((n, trace, 3), bool), 'reach': np.zeros((n, trace, 3), bool),
                  'toward': np.zeros((n, trace, 3), bool),
                  'diff': np.zeros((n, trace), np.float32)}
        if len(lanes) > 1 and self._pool is None:
            import concurrent.futures
            self._pool = concurrent.futures.ThreadPoolExecutor(1)
        while True:
            busy = False
            for lane in lanes:
                if lane.step is not None:
                    te = time.perf_counter()
                    stepped = lane.step.result()
                    self.t_env += time.perf_counter() - te
                    lane.step = None
                    self._ended(lane, stepped, out, tr)
                te = time.perf_counter()
                self._fill(lane, jobs, out)
                self.t_env += time.perf_counter() - te
                live = np.flatnonzero(lane.slot >= 0)
                if not len(live):
                    continue
                busy = True
                a = self._choose(lane, live, tr)
                if self._pool is None:
                    te = time.perf_counter()
                    self._ended(lane, (live, lane.env.step_some(live, a)), out, tr)
                    self.t_env += time.perf_counter() - te
                else:
                    lane.step = self._pool.submit(lambda e, i, x: (i, e.step_some(i, x)), lane.env, live, a)
            if not busy and all(lane.step is None for lane in lanes):
                break
        if trace:
            for j, o in enumerate(out):
                o.update({k: v[j, :o['moves']] for k, v in tr.items()})
        return out

    def _fill(self, lane, jobs, out):
        """Starts the lane's queued jobs in its free environments."""
        env = lane.env
        for i in np.flatnonzero(lane.slot < 0):
            if not lane.queue:
                break
            j = lane.queue.pop()
            job = jobs[j]
            env.set_opponent(int(i), job['spec'])
            env.start(int(i), job['game'])
            if len(job['prefix']):
                env.replay(int(i), job['prefix'])
            lane.slot[i], lane.moves[i] = j, len(job['prefix'])
            lane.dev_at[i], lane.dev_move[i] = (lane.moves[i], job['move']) if job['move'] >= 0 else (-1, -1)
            lane.stop[i] = job.get('stop', 0)
            out[j] = {'moves': 0, 'result': None, 'score': 0.0}
            if job['move'] >= 0:
                obs, info = env._obs, env._infos()
                out[j]['planes'] = [x[i].copy() for x in tower_planes(obs)]
                out[j]['scalars'] = obs['scalars'][i].copy()
                out[j]['safe'] = self._safe(obs, info, [i])[0]
                pen = self.t.penalty(info, [i])
                out[j]['penalty'] = pen[0].numpy() if pen is not None else np.zeros(3, np.float32)

    def _choose(self, lane, live, tr):
        """The moves of the lane's live games: the network's greedy move, or
        the deviation where it is due; recorded in the trace."""
        torch = self.t.torch
        ti = time.perf_counter()
        obs, info = lane.env._obs, lane.env._infos()
        safe = self._safe(obs, info, live)
        with torch.inference_mode():
            logits, _ = self.t.net([torch.from_numpy(x[live]) for x in tower_planes(obs)],
                                   torch.from_numpy(obs['scalars'][live]))
            pen = self.t.penalty(info, live)
            if pen is not None:
                logits = logits - pen
            p = torch.softmax(masked(logits, torch.from_numpy(safe)), 1)
            pmax, greedy = p.max(1)
        a = greedy.numpy().astype(np.int64)
        dev = lane.dev_at[live] == lane.moves[live]
        a[dev] = lane.dev_move[live][dev]
        if tr is not None:
            j, k = lane.slot[live], lane.moves[live]
            rec = k < tr['action'].shape[1]
            tr['action'][j[rec], k[rec]] = a[rec]
            tr['p'][j[rec], k[rec]] = pmax.numpy()[rec]
            tr['allowed'][j[rec], k[rec]] = safe[rec]
            if 'reach' in info:
                tr['reach'][j[rec], k[rec]] = info['reach'][live][rec]
                tr['toward'][j[rec], k[rec]] = info['toward'][live][rec]
        self.t_infer += time.perf_counter() - ti
        return a

    def _ended(self, lane, stepped, out, tr):
        """Takes in a step of the lane's live games: moves counted, the
        territory difference traced, the games that ended or reached their
        horizon scored and their environments freed."""
        live, (obs, reward, term, _, info) = stepped
        s = self.t.s
        self.steps += len(live)
        lane.moves[live] += 1
        final = np.where(term[live, None], info['final_obs']['scalars'][live], obs['scalars'][live])
        diff = final[:, OWN_AREA] - final[:, ENEMY_AREA]
        if tr is not None:
            k = lane.moves[live] - 1
            rec = k < tr['action'].shape[1]
            tr['diff'][lane.slot[live][rec], k[rec]] = diff[rec]
        stop = lane.stop[live]
        done = term[live] | ((stop > 0) & (lane.moves[live] >= stop))
        for r in np.flatnonzero(done):
            i = live[r]
            o = out[lane.slot[i]]
            o['moves'] = int(lane.moves[i])
            if term[i]:
                o['result'] = float(reward[i])
            o['score'] = score(s, o['result'], float(diff[r]))
            lane.slot[i] = -1

    def _safe(self, obs, info, rows):
        if self.t.s.guard:
            return info['guard'][rows].copy()
        return policy.safe_moves(self.t.net.meta, [obs['planes'][rows]], None)


class _Lane:
    """The games of one VectorEnv in Rollouts.play: which job each
    environment plays (-1: free), its moves so far, its deviation and its
    horizon, its queue of jobs and the step in flight."""

    def __init__(self, env):
        n = env.num_envs
        self.env = env
        self.slot = np.full(n, -1)
        self.moves = np.zeros(n, np.int64)
        self.dev_at = np.full(n, -1)
        self.dev_move = np.full(n, -1)
        self.stop = np.zeros(n, np.int64)
        self.queue = []
        self.step = None


def score(s, result, diff):
    """The outcome score of a game (or of its first moves, when stopped at
    the horizon: result None): exit_win for a win, minus for a loss, plus
    the territory difference (own - enemy, shares of the board) times
    exit_area."""
    return (s.exit_win * result if result else 0.0) + s.exit_area * diff
