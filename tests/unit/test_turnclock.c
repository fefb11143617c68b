/*
 * test_turnclock.c - the one turn clock (clock/turnclock.h), on readings
 * made up by hand: the limit a turn line states, what is forgiven and
 * what never is, when a turn is over on the wall and on the CPU clock, and
 * what a move is charged.  No process, no clock: every figure is exact.
 */
#include "clock/turnclock.h"

#include <criterion/criterion.h>

static time_control tc_of(long move, long bank, long inc, long grace)
{
    return (time_control){.move_ms = move, .bank_ms = bank,
                          .increment_ms = inc, .grace_ms = grace,
                          .startup_ms = 1000};
}

/* The turn's limit is the per-move limit, or the bank when less. */
Test(turnclock, the_limit_is_the_move_limit_or_the_bank)
{
    time_control tc = tc_of(1000, 5000, 100, 100);
    const char *by;
    cr_expect_eq(turnclock_limit(&tc, 5000, &by), 1000);
    cr_expect_str_eq(by, TURNCLOCK_BY_MOVE);
    cr_expect_eq(turnclock_limit(&tc, 700, &by), 700);
    cr_expect_str_eq(by, TURNCLOCK_BY_BANK);
    tc = tc_of(0, 5000, 0, 100);
    cr_expect_eq(turnclock_limit(&tc, 4200, NULL), 4200);
}

/* Less the move's time, never below 0, plus the increment. */
Test(turnclock, the_bank_after_a_move)
{
    time_control tc = tc_of(0, 60000, 1000, 100);
    cr_expect_eq(turnclock_bank_after(&tc, 60000, 3200), 57800);
    cr_expect_eq(turnclock_bank_after(&tc, 100, 180), 1000); /* grace */
    tc = tc_of(1000, 0, 0, 100);
    cr_expect_eq(turnclock_bank_after(&tc, 0, 500), -1);
}

/* The loop paused 300 ms in all during the turn, 250 of them reading
 * bots' lines (this bot's or any other's): 50 ms are forgiven.  Past
 * limit + grace nothing more is, however long the referee paused. */
Test(turnclock, bots_output_is_never_forgiven_and_the_rest_is_capped)
{
    time_control tc = tc_of(500, 0, 0, 100);
    turnclock t;
    turnclock_reading at = {.paused = 10., .output = 2.};
    turnclock_begin(&t, &tc, 0, 100., &at);
    turnclock_reading r = {.now = 100.4, .paused = 10.3, .output = 2.25};
    cr_expect_float_eq(turnclock_forgiven(&t, &r), 0.05, 1e-9);
    cr_expect_float_eq(turnclock_due(&t, 0.05), 100.65, 1e-9);
    r.output = 2.4; /* more bots' output than pauses: nothing */
    cr_expect_float_eq(turnclock_forgiven(&t, &r), 0., 1e-12);
    r = (turnclock_reading){.now = 103., .paused = 15., .output = 2.};
    cr_expect_float_eq(turnclock_forgiven(&t, &r), 0.6, 1e-9);
    cr_expect_eq(turnclock_forgive_cap_ms(&tc, 500), 600);
}

/* The wall clock: over at limit + grace + forgiven, and a move read later
 * than that (on the first look) is charged the limit and grace. */
Test(turnclock, the_wall_clock_ends_at_the_deadline)
{
    time_control tc = tc_of(1000, 0, 0, 100);
    turnclock t;
    turnclock_reading at = {0};
    turnclock_begin(&t, &tc, 0, 50., &at);
    double next;
    turnclock_reading r = {.now = 51.0};
    cr_expect_eq(turnclock_check(&t, &r, 2, &next), TURNCLOCK_RUNNING);
    cr_expect_float_eq(next, 51.1, 1e-9);
    r.now = 51.2;
    cr_expect_eq(turnclock_check(&t, &r, 2, &next), TURNCLOCK_OVER_LIMIT);
    r = (turnclock_reading){.now = 51.3, .paused = 0.012};
    turnclock_charge c = turnclock_move(&t, &r, 51.3);
    cr_expect_eq(c.state, TURNCLOCK_RUNNING);
    cr_expect_eq(c.paused_ms, 12);
    cr_expect_eq(c.wall_ms, 1112);
    cr_expect_eq(c.ms, 1100);
    cr_expect_eq(c.cpu_ms, -1);
    c = turnclock_move(&t, &r, 49.); /* never before the turn */
    cr_expect_eq(c.wall_ms, 0);
    cr_expect_eq(c.ms, 0);
}

/* The CPU clock charges CPU time: 400 ms of waiting cost nothing, 350 ms
 * of CPU is 350 ms; over limit + grace the move does not count. */
Test(turnclock, the_cpu_clock_charges_cpu_time)
{
    time_control tc = tc_of(300, 0, 0, 100);
    tc.clock = TIME_CLOCK_CPU;
    turnclock t;
    turnclock_reading at = {.cpu = 7.};
    turnclock_begin(&t, &tc, 0, 10., &at);
    turnclock_reading r = {.now = 10.4, .cpu = 7.02, .paused = 5.};
    turnclock_charge c = turnclock_move(&t, &r, 10.4);
    cr_expect_eq(c.ms, 20);
    cr_expect_eq(c.cpu_ms, 20);
    cr_expect_eq(c.wall_ms, 400);
    cr_expect_eq(c.paused_ms, 0, "nothing is forgiven on the CPU clock");
    r.cpu = 7.4;
    cr_expect_eq(turnclock_move(&t, &r, 10.4).state, TURNCLOCK_RUNNING);
    r.cpu = 7.401;
    c = turnclock_move(&t, &r, 10.5);
    cr_expect_eq(c.state, TURNCLOCK_OVER_LIMIT);
    cr_expect_eq(c.ms, 401);
    /* A reading that failed (-1) charges nothing: the wall cap holds. */
    r.cpu = -1.;
    cr_expect_eq(turnclock_cpu_used_ms(&t, &r), 0);
    cr_expect_eq(turnclock_move(&t, &r, 10.5).state, TURNCLOCK_RUNNING);
}

/* While the bot thinks, the CPU clock looks again no sooner than its CPU
 * time could run out on every processor, and never past the wall cap:
 * 10 x (limit + grace) + 1 s by default, one figure for the game. */
Test(turnclock, the_cpu_clock_looks_again_in_time_and_has_a_wall_cap)
{
    time_control tc = tc_of(300, 0, 0, 100);
    tc.clock = TIME_CLOCK_CPU;
    cr_expect_eq(turnclock_wall_cap_ms(&tc), 5000);
    time_control bank = tc_of(0, 60000, 0, 100);
    bank.clock = TIME_CLOCK_CPU;
    time_control_settle(&bank);
    cr_expect_eq(bank.wall_cap_ms, 602000, "the bank without a limit");
    time_control wall = tc_of(300, 0, 0, 100);
    time_control_settle(&wall);
    cr_expect_eq(wall.wall_cap_ms, 0, "the wall clock has no cap");
    tc.wall_cap_ms = 2200;
    turnclock t;
    turnclock_reading at = {.cpu = 1.};
    turnclock_begin(&t, &tc, 0, 0., &at);
    double next;
    turnclock_reading r = {.now = 0.1, .cpu = 1.1};
    cr_expect_eq(turnclock_check(&t, &r, 2, &next), TURNCLOCK_RUNNING);
    cr_expect_float_eq(next, 0.1 + 0.301 / 2, 1e-9);
    r = (turnclock_reading){.now = 2.0, .cpu = 1.};
    cr_expect_eq(turnclock_check(&t, &r, 2, &next), TURNCLOCK_RUNNING);
    cr_expect_float_eq(next, 2.2, 1e-9, "the wall cap comes first");
    r.now = 2.2;
    cr_expect_eq(turnclock_check(&t, &r, 2, &next),
                 TURNCLOCK_OVER_WALL_CAP);
    r = (turnclock_reading){.now = 0.5, .cpu = 1.41};
    cr_expect_eq(turnclock_check(&t, &r, 2, &next), TURNCLOCK_OVER_LIMIT);
    /* A move that came after the cap is charged at the cap. */
    r = (turnclock_reading){.now = 3., .cpu = 1.01};
    cr_expect_eq(turnclock_move(&t, &r, 3.).wall_ms, 2200);
    cr_expect_eq(turnclock_wall_cap_ms(&tc), 2200);
}
