/*
 * A small C host of nakade's C ABI (include/nakade.h): opens a database, asks about eye
 * spaces given as GNU Go's encoded strings and as the host's own board points, and prints
 * each answer with the vital points as the host's own indices. Also shows the errors a host
 * gets for bad input. `.ci/run` builds it against libnakade.a and compares its output with
 * expected.txt:
 *
 *   cargo build --release --lib
 *   cc -std=c99 -Wall -Wextra -Werror -Iinclude examples/c/eyes.c target/release/libnakade.a \
 *      -lpthread -ldl -lm -o eyes
 *   ./eyes examples/c/lines.db
 */
#include <stdio.h>
#include <stdlib.h>

#include "nakade.h"

/* Stop with the library's message when a call that must succeed fails. */
static void check(nakade_status status, const char *what) {
    if (status != NAKADE_STATUS_OK) {
        fprintf(stderr, "%s: status %d: %s\n", what, (int)status, nakade_last_error());
        exit(1);
    }
}

static void print_points(const char *name, size_t n, const size_t *points) {
    printf(" %s [", name);
    for (size_t i = 0; i < n; i++) {
        printf(i ? " %zu" : "%zu", points[i]);
    }
    printf("]");
}

/* One answer: value, where it came from, attack and defence points. */
static void print_result(const char *label, const nakade_result *r) {
    nakade_value v;
    int64_t pattern;
    size_t attack[NAKADE_MAX_POINTS], defense[NAKADE_MAX_POINTS], na, nd;
    check(nakade_result_value(r, &v), "value");
    check(nakade_result_pattern(r, &pattern), "pattern");
    check(nakade_result_attack(r, attack, NAKADE_MAX_POINTS, &na), "attack");
    check(nakade_result_defense(r, defense, NAKADE_MAX_POINTS, &nd), "defense");
    printf("%s: value %d%d%d%d", label, v.a, v.b, v.c, v.d);
    if (pattern >= 0) {
        printf(" pattern %lld", (long long)pattern);
    } else {
        printf(" solver");
    }
    print_points("attack", na, attack);
    print_points("defense", nd, defense);
    printf("\n");
}

/* Ask `db` (matching alone) and `ev` (database, then solver) about `space`. */
static void ask(const char *label, const nakade_db *db, nakade_evaluator *ev,
                const nakade_space *space) {
    nakade_result *r = NULL;
    char line[128];
    nakade_status s = nakade_db_match(db, space, &r);
    snprintf(line, sizeof line, "%s match", label);
    if (s == NAKADE_STATUS_NO_MATCH) {
        printf("%s: no pattern (%s)\n", line, nakade_last_error());
    } else {
        check(s, "match");
        print_result(line, r);
        nakade_result_free(r);
    }
    snprintf(line, sizeof line, "%s evaluate", label);
    check(nakade_evaluate(ev, space, &r), "evaluate");
    print_result(line, r);
    nakade_result_free(r);
}

static void encoded(const nakade_db *db, nakade_evaluator *ev, const char *text) {
    nakade_space *space = NULL;
    check(nakade_space_from_encoded(text, &space), text);
    ask(text, db, ev, space);
    nakade_space_free(space);
}

int main(int argc, char **argv) {
    nakade_db *db = NULL, *own = NULL;
    nakade_evaluator *ev = NULL, *own_ev = NULL;
    nakade_space *space = NULL;
    nakade_result *r = NULL;

    check(nakade_db_open_default(&db), "default database");
    check(nakade_evaluator_new(db, &ev), "evaluator");
    /* The evaluator keeps what it needs: the database handle may go first. */
    nakade_db_free(db);
    check(nakade_db_open_default(&db), "default database");

    /* GNU Go's encoding: half an eye, a bent three in the corner, and a seven-point space
       no pattern of the default database holds (the solver answers). */
    encoded(db, ev, ".!");
    encoded(db, ev, "|.*%|.%+--");
    encoded(db, ev, "OO!%O.X%!...");

    /* The host's own points: an L of four on the lower edge, with its own numbering
       (points 0..3 at board rows/columns of the host's choosing). */
    {
        const uint32_t rows[] = {18, 18, 18, 17};
        const uint32_t cols[] = {3, 4, 5, 5};
        const uint8_t labels[] = {NAKADE_EDGE, NAKADE_EDGE, NAKADE_EDGE, 0};
        size_t n;
        uint32_t row, col;
        check(nakade_space_from_points(4, rows, cols, labels, &space), "points");
        check(nakade_space_len(space, &n), "len");
        check(nakade_space_coordinate(space, 3, &row, &col), "coordinate");
        printf("points: %zu vertices, vertex 3 at row %u column %u\n", n, row, col);
        ask("points", db, ev, space);
        check(nakade_solve(space, &r), "solve");
        print_result("points solve", r);
        nakade_result_free(r);
        nakade_space_free(space);
    }

    /* A pattern file of the host's own. */
    if (argc > 1) {
        size_t n;
        check(nakade_db_open_file(argv[1], &own), argv[1]);
        check(nakade_db_len(own, &n), "len");
        printf("own database: %zu patterns\n", n);
        check(nakade_evaluator_new(own, &own_ev), "evaluator");
        encoded(own, own_ev, ".*.");
        nakade_evaluator_free(own_ev);
        nakade_db_free(own);
    }

    /* Errors: each a status and a message, never a crash. (The status is taken before the
       message is read: C leaves the order of a call's arguments open.) */
    {
        const uint32_t rows[] = {0, 0};
        const uint32_t cols[] = {0, 0};
        const uint8_t labels[] = {0, 0};
        const uint8_t bad[] = {0, 64};
        nakade_status s;
        s = nakade_space_from_encoded("..?", &space);
        printf("bad encoding: %d %s\n", (int)s, nakade_last_error());
        s = nakade_space_from_encoded(".", NULL);
        printf("null out: %d %s\n", (int)s, nakade_last_error());
        s = nakade_space_from_points(2, rows, cols, labels, &space);
        printf("same point twice: %d %s\n", (int)s, nakade_last_error());
        s = nakade_space_from_points(2, rows, cols, bad, &space);
        printf("bad label: %d %s\n", (int)s, nakade_last_error());
        s = nakade_result_value(NULL, NULL);
        printf("null result: %d %s\n", (int)s, nakade_last_error());
        s = nakade_db_open_file("/nonexistent/eyes.db", &own);
        printf("missing file: %d %s\n", (int)s, nakade_last_error());
        printf("space left NULL: %s\n", space == NULL && own == NULL ? "yes" : "no");
    }

    /* A whole board: the final status of every point. 5x5, black's wall on column C,
       white's on column D, a white stone at A1 inside black's ten points. */
    {
        enum { N = 5 };
        const char *rows[N] = {"..XO.", "..XO.", "..XO.", "..XO.", "O.XO."};
        uint8_t board[N * N], status[N * N], owner[N * N];
        const char *words[] = {"empty", "alive", "dead", "seki"};
        nakade_status s;
        int i;
        for (i = 0; i < N * N; i++) {
            char c = rows[i / N][i % N];
            board[i] = c == 'X' ? NAKADE_BLACK : c == 'O' ? NAKADE_WHITE : NAKADE_EMPTY;
        }
        check(nakade_final_status(ev, board, N, NAKADE_BLACK, status, owner), "final status");
        for (i = 0; i < N * N; i++) {
            if (board[i] != NAKADE_EMPTY && (i % N == 0 || i % N == 2)) {
                printf("final status %c%d: %s, owner %s\n", 'A' + i % N, N - i / N,
                       words[status[i]], owner[i] == NAKADE_BLACK ? "black" :
                       owner[i] == NAKADE_WHITE ? "white" : "nobody");
            }
        }
        board[0] = 3;
        s = nakade_final_status(ev, board, N, NAKADE_BLACK, status, NULL);
        printf("bad colour: %d %s\n", (int)s, nakade_last_error());
    }

    nakade_evaluator_free(ev);
    nakade_db_free(db);
    return 0;
}
