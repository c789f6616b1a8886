/* echo: answers every line with the same line; the plain pipe round trip. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        fputs(line, stdout);
        fflush(stdout);
    }
    return 0;
}
