"""The run's log (OUT/log: the Parquet tables iterations, matchups,
ratings, generations and evals of package trainlog, written through the library) and its
progress line on stderr."""

import ctypes
import json
import os

from .. import _lib


def log_append(out, table, rows):
    """Appends rows (dicts) to a table of OUT/log through the library."""
    if not rows:
        return
    msg = _lib.Message()
    data = json.dumps(rows, allow_nan=False).encode()
    msg.check(_lib.lib.paperio_log_append(os.path.join(out, 'log').encode(), table.encode(), data, msg.buf, msg.size))


def read_log(out, table):
    """The rows of a table of OUT/log ('iterations', 'matchups', 'ratings',
    and for the search in the loop 'generations' and 'evals'), as a list
    of dicts."""
    msg = _lib.Message()
    size = 1 << 16
    while True:
        buf = ctypes.create_string_buffer(size)
        ret = _lib.lib.paperio_log_read(os.path.join(out, 'log').encode(), (table + '.parquet').encode(), buf, size,
                                        msg.buf, msg.size)
        if ret >= 0:
            return json.loads(buf.value.decode())
        if ret == -1:
            msg.check(ret)
        size = -(ret + 2) + 1


def log_ladder(out, iteration, seconds):
    """Fits the Elo ladder of the log's matchups and appends it; returns its
    rows."""
    msg = _lib.Message()
    buf = ctypes.create_string_buffer(1 << 20)
    msg.check(_lib.lib.paperio_log_ladder(os.path.join(out, 'log').encode(), int(iteration), float(seconds),
                                          buf, len(buf), msg.buf, msg.size))
    return json.loads(buf.value.decode() or '[]')


def short(spec):
    if spec.startswith('policy:'):
        return os.path.splitext(os.path.basename(spec))[0]
    return spec


def clock(seconds):
    m, s = divmod(int(seconds), 60)
    return '%dm%02ds' % (m, s)


def matchup(m):
    """A league member's score in the progress line: the share over the
    window and the games behind it, 'heuristic 60% (3/5)' (a draw counts
    half: 2.5/5)."""
    n = m['window']
    return '%s %.0f%% (%g/%d)' % (short(m['opponent']), 100 * m['win_rate'], round(m['win_rate'] * n * 2) / 2, n)


def progress_line(iteration, steps, seconds, row, infer_share, matchups, elo=None):
    """The progress line of an iteration, before what its algorithm adds."""
    line = 'it %d  %s steps  %s  %s steps/s (env %d %%, infer %d %%, learn %d %%)  entropy %.2f  games %d' % (
        iteration, format(steps, ','), clock(seconds), format(int(row['steps_per_second']), ','),
        100 * row['env_share'], 100 * infer_share, 100 * row['learn_share'], row['entropy'], row['games'])
    if row['games']:
        line += ' won %.0f %%' % (100 * row['win_rate'])
    line += '  ' + '  '.join(matchup(m) for m in matchups if m['window'])
    if elo is not None:
        line += '  elo %s %+.0f' % elo
    return line
