#!/usr/bin/env python3
"""goround: a paper.io player speaking docs/PROTOCOL.md, standard library only.

It crosses its territory straight on; where it leaves it, it goes round a
rectangle (A cells out, turn right, B cells, turn right, A + 1 cells back,
turn right) into its territory again, and so on. A move that would run off
the board or into its own band is swapped for a safe one, and it then heads
straight home. The Go, C and JavaScript examples play exactly the same moves.

    paperio play --p1 exec:examples/bots/python/goround.py --p2 goround
"""
import json
import sys

A, B = 8, 6  # how far out, how wide
DX, DY = (1, 0, -1, 0), (0, 1, 0, -1)  # east, south, west, north


class GoRound:
    def start(self, msg):
        self.me = msg['me']
        self.w, self.h = msg['board']['width'], msg['board']['height']
        state = msg['state']
        # fields[x][y] and bands[x][y]: 0 nobody, else a player's id.
        self.fields = [[int(c) for c in col] for col in state['fields']]
        self.bands = [[int(c) for c in col] for col in state['bands']]
        self.phase, self.count = 0, 0
        self.update(state)

    def update(self, state):
        for x, y, f, b in state.get('changes', ()):
            self.fields[x][y], self.bands[x][y] = f, b
        p = state['players'][self.me - 1]
        self.x, self.y, self.d = p['x'], p['y'], p['direction']

    def safe(self, turn):
        d = (self.d + {'S': 0, 'R': 1, 'L': 3}[turn]) % 4
        x, y = self.x + DX[d], self.y + DY[d]
        return 0 <= x < self.w and 0 <= y < self.h and self.bands[x][y] != self.me

    def move(self):
        if self.fields[self.x][self.y] == self.me:
            self.phase, self.count = 0, 0
        elif self.phase == 0:
            self.phase, self.count = 1, 1
        else:
            self.count += 1
        turn = 'S'
        if (self.phase, self.count) in ((1, A), (2, B), (3, A + 1)):
            turn = 'R'
            self.phase, self.count = self.phase + 1, 0
        if not self.safe(turn):
            for other in 'SRL':
                if other != turn and self.safe(other):
                    turn = other
                    if self.phase > 0:
                        self.phase = 4  # off the rectangle: straight home
                    break
        return turn


def main():
    bot = GoRound()
    for line in sys.stdin:
        msg = json.loads(line)
        if msg['type'] == 'hello':
            answer = {'name': 'goround (Python)'}
        elif msg['type'] == 'start':
            bot.start(msg)
            answer = {}
        elif msg['type'] == 'turn':
            bot.update(msg['state'])
            answer = {'move': bot.move()}
        else:  # end: nothing to answer; another start may follow
            continue
        sys.stdout.write(json.dumps(answer) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
