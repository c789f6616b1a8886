"""Pieces the algorithms share: the observation's columns they read, the
towers' planes, the masks of the moves, the scalars' input weights, and the
heap's settings."""

import ctypes

from .. import policy

# Scalars of OBSERVATION.md that the reward and the play-outs read.
OWN_AREA, ENEMY_AREA, HOME_DIST, BAND_TO_ENEMY = 9, 10, 20, 21


def tower_planes(obs):
    """The planes of each tower of an observation: the crop's (or the full
    board's), then the global map's when the view has one."""
    return [obs['planes']] + ([obs['global']] if 'global' in obs else [])


def masked(logits, safe):
    """Logits with the moves that lose at once masked out (when another move
    is safe), as the native player masks them."""
    some = safe.any(1, keepdim=True)
    return logits.masked_fill(~safe & some, -1e9)


def scalar_weights(net):
    """The views of the first layers' weights that the scalars feed (the
    last 24 inputs); none without scalars."""
    if not net.meta['scalars']:
        return []
    first = [net.fc[0]] if len(net.fc) else [net.pi] + ([net.v] if net.v is not None else [])
    return [layer.weight[:, -policy.N_SCALARS:] for layer in first]


def entropy(torch, logp_all):
    """The mean entropy of rows of log-probabilities (masked moves, of
    probability 0, count 0)."""
    probs = logp_all.exp()
    return -(probs * torch.where(probs > 0, logp_all, torch.zeros_like(logp_all))).sum(1).mean()


def keep_heap():
    """Keeps freed memory in the process (glibc's mallopt): a minibatch's
    float features (2,048 rows of 2,896 for crop11+global15, 24 MB) are
    allocated and freed again and again, and each allocation past the mmap
    threshold is fresh pages from the kernel, whose faults cost more than
    the arithmetic (a torch.cat of 4,096 such rows took 0.7 s). So the
    threshold is raised to its most (32 MB) and the heap is not trimmed;
    minibatches stay under the threshold. Elsewhere than glibc, nothing."""
    try:
        libc = ctypes.CDLL('libc.so.6')
        libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
        libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):
        pass
