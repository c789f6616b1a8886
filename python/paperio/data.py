"""Training rows from a self-play dataset, its boards made again by the
engine."""

import numpy as np

from . import _lib
from .env import _split, parse_view


class Dataset(_lib.Handle):
    """The rows of a self-play folder (paperio selfplay --out DIR), or of
    replay files (a file, or a folder of *.jsonl and *.jsonl.gz files: the
    course's reference games, play --record and human games), as batches of
    numpy arrays, one row per half-step:

        for batch in paperio.Dataset('out/selfplay', view='crop11', batch_size=4096):
            batch['planes'], batch['scalars'], batch['action'], ...

    planes and scalars are the observation the mover saw before moving
    (docs/OBSERVATION.md; a view 'cropK+globalG' adds global, the coarse
    map of the whole board, as VectorEnv's obs['global']); action (int64: 0 left, 1 straight, 2 right), reward
    (float32: the result for the mover on the game's last half-step, else 0),
    done (bool: the game's last half-step), outcome (float32: the game's
    result for the mover on every row), player (int8: 1 or 2), game_id
    (int64) and half_step (int32) are the turns table's columns (docs/DATASET.md).

    Only the games table is read (each game's start and actions); the
    library replays every game to make the observations, so the dataset
    keeps its ~3 bytes per half-step and needs no Parquet library here.

    shuffle mixes rows of many games: games are taken in a random order and
    in_flight of them are replayed side by side, each row of a batch from one
    of them at random (each game's rows stay in order). Each pass over the
    dataset (each iter()) is shuffled anew from seed, the pass number and
    nothing else. players keeps only the rows of the players named (specs
    as recorded, bot specs in any spelling, or the short names paperio plot
    shows: a py: AI's file stem such as 't_team', a replay's team name),
    e.g. to learn from one bot's moves; a name that is no player of the data
    is an error that lists them.

    len(ds) is the number of batches a pass yields, ds.rows the number of
    rows (both count the kept players' moves; the first call reads the
    games tables once).

    The arrays of a batch are views of buffers the next batch overwrites:
    copy what you keep (torch.from_numpy shares the memory), or pass
    copy=True.
    """
    what = 'dataset'

    def __init__(self, path, *, view='crop11', batch_size=1024, shuffle=True, seed=0, players=None, in_flight=64,
                 copy=False):
        if isinstance(players, str):
            players = [players]
        crop, glob = parse_view(view)
        if glob and not crop:
            raise _lib.Error('view %r: a global map goes with a crop (e.g. crop11+global15)' % (view,))
        options = {'dir': str(path), 'crop': crop, 'global': glob, 'batch': int(batch_size), 'shuffle': bool(shuffle),
                   'seed': int(seed), 'in_flight': int(in_flight), 'players': list(players or [])}
        self._h = None
        self._h, shape = _lib.new_object(_lib.lib.paperio_data_new, options)
        self._msg = _lib.Message()
        self.path, self.view, self.batch_size, self.seed, self.copy = str(path), view, int(batch_size), int(seed), copy
        n = self.batch_size
        self.shape = tuple(shape['planes'])
        self.global_shape = tuple(shape['global']) if 'global' in shape else None
        # One buffer of whole observations (the crop's planes, then the
        # global map's), which batch['planes'] and batch['global'] view.
        size = int(np.prod(self.shape)) + (int(np.prod(self.global_shape)) if self.global_shape else 0)
        self._planes = np.zeros((n, size), np.uint8)
        self._buf = {
            **_split(self._planes, self.shape, self.global_shape), 'scalars': np.zeros((n, shape['scalars']), np.float32),
            'action': np.zeros(n, np.int64), 'reward': np.zeros(n, np.float32), 'done': np.zeros(n, bool),
            'outcome': np.zeros(n, np.float32), 'player': np.zeros(n, np.int8), 'game_id': np.zeros(n, np.int64),
            'half_step': np.zeros(n, np.int32),
        }
        order = ['planes', 'scalars', 'action', 'reward', 'done', 'outcome', 'player', 'game_id', 'half_step']
        arrays = [self._planes] + [self._buf[k] for k in order[1:]]
        self._msg.check(_lib.lib.paperio_data_buffers(self._h, _lib.pointers(arrays),
                                                      self._msg.buf, self._msg.size))
        self._passes = 0
        self._rows = None

    @property
    def rows(self):
        """The rows of a pass."""
        if self._rows is None:
            self._rows = self._msg.check(_lib.lib.paperio_data_rows(self._handle(), self._msg.buf, self._msg.size))
        return self._rows

    def __len__(self):
        """The batches of a pass (the last may be shorter)."""
        return -(-self.rows // self.batch_size)

    def __iter__(self):
        """A pass over the dataset, batch by batch (the last may be shorter)."""
        h = self._handle()
        self._msg.check(_lib.lib.paperio_data_rewind(h, self.seed * 1000003 + self._passes, self._msg.buf,
                                                     self._msg.size))
        self._passes += 1
        while True:
            n = self._msg.check(_lib.lib.paperio_data_next(self._handle(), self._msg.buf, self._msg.size))
            if n == 0:
                return
            batch = {k: v[:n] for k, v in self._buf.items()}
            if self.copy:
                batch = {k: v.copy() for k, v in batch.items()}
            yield batch
