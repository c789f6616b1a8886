/* goround: a paper.io player speaking docs/PROTOCOL.md, in C with the
 * standard library only: the same player as examples/bots/python/goround.py,
 * move for move.
 *
 * It crosses its territory straight on; where it leaves it, it goes round a
 * rectangle (A cells out, turn right, B cells, turn right, A + 1 cells back,
 * turn right) into its territory again. A move that would run off the board
 * or into its own band is swapped for a safe one, and it then heads
 * straight home.
 *
 *   gcc -O2 -o goround examples/bots/c/goround.c
 *   paperio play --p1 exec:./goround --p2 goround
 *
 * The messages are read with a few lines of scanning rather than a JSON
 * library: each key is looked up by name, so the order of keys does not
 * matter, and the runner writes no spaces. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { A = 8, B = 6 }; /* how far out, how wide */
static const int DX[4] = {1, 0, -1, 0}, DY[4] = {0, 1, 0, -1}; /* east, south, west, north */

static int me, w, h, x, y, d, phase, count;
static unsigned char *fields, *bands; /* cell (x, y) at x*h + y: 0 nobody, else an id */

/* find returns the text just after "key": between s and end, or NULL. */
static const char *find(const char *s, const char *end, const char *key) {
    char pat[64];
    size_t n = (size_t)snprintf(pat, sizeof pat, "\"%s\":", key);
    for (const char *p = strstr(s, pat); p && p < end; p = strstr(p + 1, pat))
        return p + n;
    return NULL;
}

static long number(const char **p) {
    char *e;
    long v = strtol(*p, &e, 10);
    *p = e;
    return v;
}

static void fail(const char *what) {
    fprintf(stderr, "goround: bad message: %s\n", what);
    exit(1);
}

/* grid reads a list of w strings of h digits into g. */
static void grid(const char *p, unsigned char *g) {
    if (!p || *p != '[') fail("grid");
    for (int i = 0; i < w; i++) {
        p = strchr(p, '"');
        if (!p) fail("grid column");
        p++;
        for (int j = 0; j < h; j++) g[i * h + j] = (unsigned char)(p[j] - '0');
        p += h + 1;
    }
}

/* update reads the players and the changes of a state object at s. */
static void update(const char *s) {
    const char *end = s + strlen(s);
    const char *p = find(s, end, "players");
    if (!p) fail("players");
    for (int i = 0; i < 2; i++) {
        const char *o = strchr(p, '{'), *c = o ? strchr(o, '}') : NULL;
        if (!c) fail("player");
        const char *k;
        if (!(k = find(o, c, "id"))) fail("id");
        if (number(&k) == me) {
            if (!(k = find(o, c, "x"))) fail("x");
            x = (int)number(&k);
            if (!(k = find(o, c, "y"))) fail("y");
            y = (int)number(&k);
            if (!(k = find(o, c, "direction"))) fail("direction");
            d = (int)number(&k);
        }
        p = c + 1;
    }
    p = find(s, end, "changes");
    if (!p) return;
    p++; /* the list's '[' */
    while (*p == '[' || *p == ',') {
        if (*p == ',') p++;
        if (*p != '[') break;
        p++;
        long v[4];
        for (int i = 0; i < 4; i++) {
            v[i] = number(&p);
            if (*p == ',') p++;
        }
        if (v[0] < 0 || v[0] >= w || v[1] < 0 || v[1] >= h) fail("change");
        fields[v[0] * h + v[1]] = (unsigned char)v[2];
        bands[v[0] * h + v[1]] = (unsigned char)v[3];
        p++; /* ']' */
    }
}

static int safe(char turn) {
    int nd = (d + (turn == 'R' ? 1 : turn == 'L' ? 3 : 0)) % 4;
    int nx = x + DX[nd], ny = y + DY[nd];
    return nx >= 0 && nx < w && ny >= 0 && ny < h && bands[nx * h + ny] != me;
}

static char move(void) {
    if (fields[x * h + y] == me) {
        phase = 0, count = 0;
    } else if (phase == 0) {
        phase = 1, count = 1;
    } else {
        count++;
    }
    char turn = 'S';
    if ((phase == 1 && count == A) || (phase == 2 && count == B) || (phase == 3 && count == A + 1)) {
        turn = 'R';
        phase++, count = 0;
    }
    if (!safe(turn)) {
        for (const char *o = "SRL"; *o; o++) {
            if (*o != turn && safe(*o)) {
                turn = *o;
                if (phase > 0) phase = 4; /* off the rectangle: straight home */
                break;
            }
        }
    }
    return turn;
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        const char *end = line + strlen(line);
        const char *t = find(line, end, "type");
        if (!t) fail("type");
        if (strncmp(t, "\"hello\"", 7) == 0) {
            printf("{\"name\":\"goround (C)\"}\n");
        } else if (strncmp(t, "\"start\"", 7) == 0) {
            const char *p;
            if (!(p = find(line, end, "me"))) fail("me");
            me = (int)number(&p);
            if (!(p = find(line, end, "width"))) fail("width");
            w = (int)number(&p);
            if (!(p = find(line, end, "height"))) fail("height");
            h = (int)number(&p);
            free(fields);
            free(bands);
            fields = malloc((size_t)w * h);
            bands = malloc((size_t)w * h);
            const char *s = find(line, end, "state");
            if (!s || !fields || !bands) fail("state");
            grid(find(s, end, "fields"), fields);
            grid(find(s, end, "bands"), bands);
            phase = 0, count = 0;
            update(s);
            printf("{}\n");
        } else if (strncmp(t, "\"turn\"", 6) == 0) {
            const char *s = find(line, end, "state");
            if (!s) fail("state");
            update(s);
            printf("{\"move\":\"%c\"}\n", move());
        } else {
            continue; /* end: nothing to answer; another start may follow */
        }
        fflush(stdout);
    }
    return 0;
}
