"""Learned policies in the weights file that the toolkit plays natively
(`paperio play --p1 policy:FILE`, docs/POLICY.md): a torch network built from
the file's meta, saved and loaded as an .npz.

    from paperio import policy
    meta = {'towers': [{'view': 'crop11', 'conv': [{'out': 32, 'k': 3, 'stride': 1, 'pad': 1}]}],
            'hidden': [128], 'scalars': True, 'mask_losing': True}
    net = policy.PolicyNet(meta)
    logits, value = net([planes], scalars)     # planes (N, 7, 11, 11), scalars (N, 24)
    policy.save(net, 'out/policy.npz')
    net = policy.load('out/policy.npz')

The meta (a dict, saved as JSON in the file's `meta` array):
- towers: one per observation view ('full', 'cropK' or 'globalG',
  docs/OBSERVATION.md), each
  a list of conv layers {out, k, stride (1), pad (0)}, each followed by ReLU;
- scalars: whether the 24 scalars join the features (default true);
- hidden: the sizes of the Linear + ReLU layers after the features;
- mask_losing: whether the action never loses at once while another move
  does not (default true);
- mask_exposure: whether the action keeps the band out of the enemy's reach
  as the exposure mask defines it (default false; Go's rl.Guard, which needs
  the whole board: act takes it as `allowed`, VectorEnv(guard=True) gives it
  in info['guard']);
- exposure_margin: the moves in hand that mask asks for (default 1; Go's
  rl.GuardMargin, VectorEnv(guard=True, guard_margin=...));
- exposure_way: whether that mask measures the way home round the own
  band and counts its cells as band (default false; Go's rl.Exposure,
  VectorEnv(guard=True, guard_way=True));
- exposure_way_soft: with exposure_way, a number: a move forbidden only as
  the enemy can reach the way's cells is allowed, its logit lowered by this
  much (default none: forbidden; Go's rl.Exposure.Split). 0 is the mask of
  VectorEnv(guard=True, guard_way=True, guard_way_soft=True); above 0 only
  the native player (policy:FILE) plays it, and act refuses it;
- exposure_way_toward: with exposure_way_soft, the penalty instead of it for
  the moves whose way's cell nearest to the enemy lies ahead of the enemy's
  head (Go's rl.Exposure.SplitToward); only the native player plays it, and
  act refuses it;
- value: whether the network has a value head `v` (default true);
- width, height: the board a 'full' tower sees (default the course board,
  102 x 101); save writes them;
- name: free text.
format, version and obs_version are filled in. Unknown keys are kept.

torch is imported when a network is built or loaded, so that `import paperio`
keeps needing the standard library only; save and load also need numpy.
"""

import json
import os
import tempfile
import zipfile
import zlib

FORMAT = 'paperio-policy'
VERSION = 1
OBS_VERSION = 1
N_SCALARS = 24
N_ACTIONS = 3
# The course board, which a 'full' tower sees unless the meta says otherwise.
WIDTH, HEIGHT = 102, 101


class Error(ValueError):
    """A meta or a weights file that does not describe a policy of this
    format."""


def _torch():
    try:
        import torch
    except ImportError:
        raise ImportError('paperio.policy needs torch (Debian: apt-get install python3-torch, then /usr/bin/python3)'
                          ) from None
    return torch


def view_shape(view, width=WIDTH, height=HEIGHT):
    """The planes' shape (C, H, W) of a view: 'full' (6, height, width),
    'cropK' (7, K, K) for odd K from 1 to 63, 'globalG' (9, G, G) for odd G
    from 3 to 31 (docs/OBSERVATION.md)."""
    if view == 'full':
        return 6, height, width
    for prefix, planes, lo, hi in (('crop', 7, 1, 63), ('global', 9, 3, 31)):
        if isinstance(view, str) and view.startswith(prefix):
            k = view[len(prefix):]
            if k.isdigit() and not k.startswith('0') and lo <= int(k) <= hi and int(k) % 2 == 1:
                return planes, int(k), int(k)
    raise Error("unknown view %r: want 'full', 'cropK' with K odd, 1 to 63, or 'globalG' with G odd, 3 to 31"
                % (view,))


def tower_views(view):
    """The towers' views of an environment's view: 'crop11+global15' →
    ['crop11', 'global15'], 'crop11' → ['crop11']."""
    return view.split('+')


def _int(d, key, default, lo, where):
    v = d.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise Error('%s: %s must be an integer >= %d, not %r' % (where, key, lo, v))
    return v


def check_meta(meta):
    """A copy of meta with the defaults filled in, checked: a clear Error for
    anything that does not fit, including convolutions that leave no
    cell."""
    if not isinstance(meta, dict):
        raise Error('meta must be a dict, not %s' % type(meta).__name__)
    m = dict(meta)
    if m.setdefault('format', FORMAT) != FORMAT:
        raise Error('meta format %r is not %r' % (m['format'], FORMAT))
    if m.setdefault('version', VERSION) != VERSION:
        raise Error('meta version %r: this reader knows version %d' % (m['version'], VERSION))
    if m.setdefault('obs_version', OBS_VERSION) != OBS_VERSION:
        raise Error('meta obs_version %r: the observations are version %d' % (m['obs_version'], OBS_VERSION))
    m['width'] = _int(m, 'width', WIDTH, 1, 'meta')
    m['height'] = _int(m, 'height', HEIGHT, 1, 'meta')
    for key, default in (('scalars', True), ('mask_losing', True), ('value', True),
                         ('mask_exposure', False), ('exposure_way', False)):
        if not isinstance(m.setdefault(key, default), bool):
            raise Error('meta %s must be true or false, not %r' % (key, m[key]))
    m['exposure_margin'] = _int(m, 'exposure_margin', 1, 1, 'meta')
    soft = m.setdefault('exposure_way_soft', None)
    if soft is not None and (isinstance(soft, bool) or not isinstance(soft, (int, float)) or not soft >= 0
                             or not (m['mask_exposure'] and m['exposure_way'])):
        raise Error('meta exposure_way_soft %r: want 0 or more, and only with mask_exposure and exposure_way' % (soft,))
    toward = m.setdefault('exposure_way_toward', None)
    if toward is not None and (isinstance(toward, bool) or not isinstance(toward, (int, float)) or not toward >= 0
                               or soft is None):
        raise Error('meta exposure_way_toward %r: want 0 or more, and only with exposure_way_soft' % (toward,))
    towers = m.get('towers', [])
    if not isinstance(towers, list):
        raise Error('meta towers must be a list')
    m['towers'] = []
    for t, tower in enumerate(towers):
        where = 'tower %d' % t
        if not isinstance(tower, dict):
            raise Error('%s must be a dict' % where)
        c, h, w = view_shape(tower.get('view'), m['width'], m['height'])
        convs = []
        for i, conv in enumerate(tower.get('conv', [])):
            at = '%s conv %d' % (where, i)
            if not isinstance(conv, dict):
                raise Error('%s must be a dict' % at)
            conv = dict(conv, out=_int(conv, 'out', None, 1, at), k=_int(conv, 'k', None, 1, at),
                        stride=_int(conv, 'stride', 1, 1, at), pad=_int(conv, 'pad', 0, 0, at))
            h = (h + 2 * conv['pad'] - conv['k']) // conv['stride'] + 1
            w = (w + 2 * conv['pad'] - conv['k']) // conv['stride'] + 1
            if h < 1 or w < 1:
                raise Error('%s: a %dx%d kernel leaves no cell of %s' % (at, conv['k'], conv['k'], tower['view']))
            convs.append(conv)
            c = conv['out']
        m['towers'].append(dict(tower, conv=convs))
    hidden = m.setdefault('hidden', [])
    if not isinstance(hidden, list) or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in hidden):
        raise Error('meta hidden must be a list of positive integers, not %r' % (hidden,))
    if not m['towers'] and not m['scalars']:
        raise Error('meta has no towers and no scalars: the network would see nothing')
    if m['mask_losing'] and not any(t['view'] == 'full' or (t['view'].startswith('crop') and view_shape(t['view'])[1] >= 3)
                                    for t in m['towers']):
        raise Error('mask_losing needs a full tower or a crop of at least 3, to see the cells next to the head')
    return m


def features(meta):
    """The number of features (the input of the first Linear) of a checked
    meta: each tower's output flattened, then the scalars."""
    n = N_SCALARS if meta['scalars'] else 0
    for tower in meta['towers']:
        c, h, w = view_shape(tower['view'], meta['width'], meta['height'])
        for conv in tower['conv']:
            h = (h + 2 * conv['pad'] - conv['k']) // conv['stride'] + 1
            w = (w + 2 * conv['pad'] - conv['k']) // conv['stride'] + 1
            c = conv['out']
        n += c * h * w
    return n


def _module_class():
    torch = _torch()
    nn = torch.nn

    class Tower(nn.Module):
        def __init__(self, channels, convs):
            super().__init__()
            self.conv = nn.ModuleList()
            for conv in convs:
                self.conv.append(nn.Conv2d(channels, conv['out'], conv['k'], stride=conv['stride'],
                                           padding=conv['pad']))
                channels = conv['out']

        def forward(self, x):
            for conv in self.conv:
                x = torch.relu(conv(x))
            return x.flatten(1)

    class Net(nn.Module):
        """The network of a policy's meta (see the module's doc). Its
        parameters' names are the arrays of the weights file."""

        def __init__(self, meta):
            super().__init__()
            self.meta = check_meta(meta)
            m = self.meta
            self.tower = nn.ModuleList(
                Tower(view_shape(t['view'])[0], t['conv']) for t in m['towers'])
            self.fc = nn.ModuleList()
            n = features(m)
            for size in m['hidden']:
                self.fc.append(nn.Linear(n, size))
                n = size
            self.pi = nn.Linear(n, N_ACTIONS)
            self.v = nn.Linear(n, 1) if m['value'] else None

        def forward(self, planes, scalars=None):
            """(logits (N, 3), value (N,) or None) of a batch: planes a list
            with one (N, C, H, W) array per tower (uint8 0/1 or float),
            scalars (N, 24)."""
            if len(planes) != len(self.tower):
                raise Error('%d plane arrays for %d towers' % (len(planes), len(self.tower)))
            xs = [tower(torch.as_tensor(p).float()) for tower, p in zip(self.tower, planes)]
            if self.meta['scalars']:
                xs.append(torch.as_tensor(scalars).float())
            x = torch.cat(xs, 1)
            for fc in self.fc:
                x = torch.relu(fc(x))
            value = self.v(x).squeeze(1) if self.v is not None else None
            return self.pi(x), value

        def act(self, planes, scalars=None, allowed=None):
            """The actions (N,) the policy takes, as the native player takes
            them: the argmax of the logits (ties to the lowest index), among
            the moves that do not lose at once when mask_losing. With
            mask_exposure, allowed ((N, 3) bool: VectorEnv's info['guard'])
            are the moves the exposure mask allows."""
            with torch.no_grad():
                logits, _ = self(planes, scalars)
                if self.meta.get('mask_exposure'):
                    if allowed is None:
                        raise Error('mask_exposure: act needs the allowed moves (VectorEnv(guard=True), info["guard"])')
                    if (self.meta['exposure_way_soft'] or 0) > 0 or (self.meta['exposure_way_toward'] or 0) > 0:
                        raise Error('exposure_way_soft, exposure_way_toward: act plays the hard mask of info["guard"]; '
                                    'the native player (policy:FILE) plays the soft one')
                    safe = torch.as_tensor(allowed, dtype=torch.bool)
                    some = safe.any(1, keepdim=True)
                    logits = logits.masked_fill(~safe & some, float('-inf'))
                elif self.meta['mask_losing']:
                    safe = torch.as_tensor(safe_moves(self.meta, planes, scalars))
                    some = safe.any(1, keepdim=True)
                    logits = logits.masked_fill(~safe & some, float('-inf'))
                return logits.argmax(1)

    return Net


_NET = None


def PolicyNet(meta):
    """The torch.nn.Module of meta: towers, fc, pi and v as submodules,
    forward(planes_list, scalars) -> (logits, value), act(planes_list,
    scalars) -> actions. meta is checked first (Error)."""
    global _NET
    if _NET is None:
        _NET = _module_class()
    return _NET(meta)


def safe_moves(meta, planes, scalars):
    """(N, 3) bool numpy array: which of left, straight, right do not run off
    the board or onto the own band, read from the first tower that sees the
    cells next to the head (a full tower, or a crop of at least 3)."""
    import numpy as np
    for tower, p in zip(meta['towers'], planes):
        p = np.asarray(p.cpu() if hasattr(p, 'cpu') else p)
        if tower['view'] == 'full':
            return _safe_full(p, np.asarray(scalars.cpu() if hasattr(scalars, 'cpu') else scalars))
        if tower['view'].startswith('crop') and view_shape(tower['view'])[1] >= 3:
            r = p.shape[2] // 2
            cells = p[:, :, [r, r - 1, r], [r - 1, r, r + 1]]  # left, ahead, right of the head
            return (cells[:, 6] == 0) & (cells[:, 1] == 0)
    raise Error('no tower sees the cells next to the head')


# East, south, west, north, as the scalars 0-3 give the own direction.
_DX = (1, 0, -1, 0)
_DY = (0, 1, 0, -1)


def _safe_full(planes, scalars):
    import numpy as np
    n, _, h, w = planes.shape
    safe = np.ones((n, N_ACTIONS), bool)
    for i in range(n):
        heads = np.argwhere(planes[i, 4])
        if len(heads) == 0:
            continue
        y, x = heads[0]
        d = int(np.argmax(scalars[i, :4]))
        for a, turn in enumerate((3, 0, 1)):  # left, straight, right
            e = (d + turn) % 4
            nx, ny = x + _DX[e], y + _DY[e]
            safe[i, a] = 0 <= nx < w and 0 <= ny < h and not planes[i, 1, ny, nx]
    return safe


def save(model, path):
    """Writes model (a PolicyNet) to path as a weights file: the meta as
    JSON and every parameter as float32, under a temporary name in the same
    folder, then renamed, so path is whole or not there."""
    import numpy as np
    arrays = {name: value.detach().cpu().numpy() for name, value in model.state_dict().items()}
    write(path, model.meta, arrays)


def write(path, meta, arrays):
    """Writes a weights file of meta (a dict) and arrays (name: array, each
    written as float32), whole or not at all (save's way). It needs numpy
    only: a network made without torch is saved with it."""
    import numpy as np
    arrays = {name: np.ascontiguousarray(value, dtype=np.float32) for name, value in arrays.items()}
    arrays['meta'] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), np.uint8)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix='.' + os.path.basename(path) + '.', suffix='.tmp', dir=folder)
    try:
        with os.fdopen(fd, 'wb') as f:
            np.savez(f, **arrays)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load(path):
    """The PolicyNet saved at path, in eval mode; Error when the file is not
    a policy of this format, is damaged (an entry's CRC-32 or size does not
    match its zip headers, as Go checks too), or an array is missing or of
    the wrong shape."""
    import numpy as np
    torch = _torch()
    try:
        with open(path, 'rb') as fh:  # closed here: np.load leaves a file it cannot read open
            zipped = fh.read(4) == b'PK\x03\x04'
            fh.seek(0)
            if zipped:  # np.load checks an entry's CRC-32 only where it reads it to the end
                with zipfile.ZipFile(fh) as z:
                    bad = z.testzip()
                if bad is not None:
                    raise Error('%s: zip entry %s: CRC-32 mismatch: the contents are damaged' % (path, bad))
                fh.seek(0)
            loaded = np.load(fh, allow_pickle=False)
            if not hasattr(loaded, 'files'):
                raise Error('%s: not a weights file (.npz): one array (.npy)' % path)
            with loaded as f:
                arrays = {k: f[k] for k in f.files}
    except Error:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zlib.error) as e:
        if isinstance(e, OSError):
            raise Error('%s: %s' % (path, e.strerror or e)) from None
        if not zipped:
            raise Error('%s: not a weights file (.npz): not a zip archive' % path) from None
        raise Error('%s: not a weights file (.npz): a damaged or truncated zip archive (%s)'
                    % (path, str(e).split('\n')[0].strip().rstrip('.'))) from None
    if 'meta' not in arrays:
        raise Error('%s: no meta array' % path)
    try:
        meta = json.loads(arrays.pop('meta').tobytes().decode())
    except ValueError as e:
        raise Error('%s: meta is not JSON: %s' % (path, e)) from None
    if isinstance(meta, dict) and 'value' not in meta:
        meta['value'] = 'v.weight' in arrays
    try:
        model = PolicyNet(meta)
    except Error as e:
        raise Error('%s: %s' % (path, e)) from None
    state = model.state_dict()
    for name, want in state.items():
        if name not in arrays:
            raise Error('%s: missing array %s' % (path, name))
        got = arrays[name]
        if tuple(got.shape) != tuple(want.shape):
            raise Error('%s: array %s has shape %s, the meta wants %s'
                        % (path, name, tuple(got.shape), tuple(want.shape)))
        if got.dtype != np.float32:
            raise Error('%s: array %s is %s, not float32' % (path, name, got.dtype))
        state[name] = torch.from_numpy(got)
    model.load_state_dict(state)
    model.eval()
    return model
