/* setup.c - the lines that open a game (see setup.h). */
#include "setup.h"

#include "clock/turnclock.h"
#include "line.h"
#include "proto.h"

#include <inttypes.h>
#include <stdio.h>

static void setup_set(setup_emit_fn emit, void *arg, const char *key,
                      const char *value)
{
    char buf[PROTO_LINE_MAX + 2];
    emit(arg, buf, proto_fmt_set(buf, sizeof buf, key, value), false);
}

void setup_lines(const rules_game *g, int you, const char *const *names,
                 const time_control *tc, uint64_t seed, setup_emit_fn emit,
                 void *arg)
{
    char val[PROTO_LINE_MAX], buf[16];
    int seats = rules_seats(g);
    setup_set(emit, arg, "game", rules_game_name(g));
    setup_set(emit, arg, "variant", rules_variant_name(g));
    if (rules_options_text(g)[0])
        setup_set(emit, arg, "options", rules_options_text(g));
    snprintf(val, sizeof val, "%d", seats);
    setup_set(emit, arg, "seats", val);
    for (int o = 0; o < seats; o++) {
        snprintf(val, sizeof val, "%d %s %d %s", o, rules_seat_colour(g, o),
                 rules_seat_team(g, o), names[o] ? names[o] : "unnamed");
        setup_set(emit, arg, "player", val);
    }
    snprintf(val, sizeof val, "%d", you);
    setup_set(emit, arg, "you", val);
    snprintf(val, sizeof val, "%ld %ld %ld", tc->move_ms, tc->bank_ms,
             tc->increment_ms);
    setup_set(emit, arg, "time", val);
    /* Only a CPU clock is said: a wall-clock game opens as it always did. */
    if (tc->clock == TIME_CLOCK_CPU) {
        snprintf(val, sizeof val, "cpu %ld", turnclock_wall_cap_ms(tc));
        setup_set(emit, arg, "clock", val);
    }
    snprintf(val, sizeof val, "%" PRIu64, seed);
    setup_set(emit, arg, "seed", val);
    emit(arg, buf, proto_fmt_start(buf, sizeof buf), true);
}
