"""The torch side of rl's TestPolicyMatchesTorch (policy_torch_test.go).

    python3 policy_torch.py make DIR       # DIR/nets.json: [meta, ...] -> DIR/net{i}.npz, random weights
    python3 policy_torch.py run DIR        # DIR/obs.json: the observations' files -> DIR/out{i}.bin

make builds each meta's PolicyNet with torch's own initialisation (seeded)
and saves it with paperio.policy.save; run loads each file with
paperio.policy.load and writes, per observation, the three logits, the
value (0 without a value head) and the action (float32 each) that the
network gives, the action as PolicyNet.act takes it (the mask read from the
observation).
"""

import importlib.util
import json
import os
import sys

import numpy as np
import torch

# paperio.policy is loaded from its file, without the package's __init__,
# which would build the shared library.
_here = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    'paperio_policy', os.path.join(_here, '..', '..', '..', '..', 'python', 'paperio', 'policy.py'))
policy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(policy)

torch.set_num_threads(1)


def make(d):
    with open(os.path.join(d, 'nets.json')) as f:
        metas = json.load(f)
    for i, meta in enumerate(metas):
        torch.manual_seed(100 + i)
        net = policy.PolicyNet(meta)
        policy.save(net, os.path.join(d, 'net%d.npz' % i))


def run(d):
    with open(os.path.join(d, 'obs.json')) as f:
        spec = json.load(f)
    n = spec['n']
    views = {name: np.fromfile(os.path.join(d, name + '.bin'), np.uint8).reshape([n] + shape)
             for name, shape in spec['views'].items()}
    scalars = np.fromfile(os.path.join(d, 'scalars.bin'), np.float32).reshape(n, 24)
    for i in range(spec['nets']):
        net = policy.load(os.path.join(d, 'net%d.npz' % i))
        planes = [views[t['view']] for t in net.meta['towers']]
        out = np.zeros((n, 5), np.float32)
        with torch.no_grad():
            for lo in range(0, n, 1024):
                p = [x[lo:lo + 1024] for x in planes]
                s = scalars[lo:lo + 1024]
                logits, value = net(p, s)
                out[lo:lo + 1024, :3] = logits.numpy()
                if value is not None:
                    out[lo:lo + 1024, 3] = value.numpy()
                out[lo:lo + 1024, 4] = net.act(p, s).numpy()
        out.tofile(os.path.join(d, 'out%d.bin' % i))


if __name__ == '__main__':
    {'make': make, 'run': run}[sys.argv[1]](sys.argv[2])
