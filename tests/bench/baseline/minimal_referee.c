/*
 * minimal_referee.c - the least a referee can do, as a baseline for
 * tests/bench/bench_clock.sh: build/referee's costs are reported as ratios
 * against this program, measured in the same run with the same bots.
 *
 * One libev loop; per game two bot processes (posix_spawn, each in its own
 * process group) behind pipes; protocol 1 as build/referee speaks it to
 * well-behaved bots (`protocol 1`, `ready 1`, the same `set` lines and
 * `start`, then `played`/`turn` alternately); a per-move deadline on an
 * ev_timer.  And nothing else: no rules (a move is relayed as it came, never
 * checked), no record, no logs (the bots' stderr goes to /dev/null), no
 * resource limits, no sandbox.  A game ends after a fixed number of plies
 * (`result draw move-cap`, `quit`), or when a bot misses its deadline, sends
 * nothing during the handshake, or goes away.
 *
 *   minimal_referee [OPTIONS] "BOT1 COMMAND" "BOT2 COMMAND"
 *     -n N            games (default 2)
 *     -p PLIES        plies per game (default 100)
 *     -j K            games at once (default 1)
 *     --seeds FILE    per game one line "SEED PLIES": the seed sent to the
 *                     bots and the plies to play (overrides -n and -p).
 *                     With the seeds of build/referee's records and bots
 *                     that play from the seed, both referees see the very
 *                     same games.
 *     --move-ms MS    per-move limit (default 5000), --grace-ms MS (100),
 *     --startup-ms MS (10000), --quit-ms MS (1000)
 *     --game G, --variant V, --options O   as in `referee match`
 *     --seed S        seed of game 1; game i gets S + i - 1 (default 1)
 *     --reuse         keep the bots between games: the next game's `set`
 *                     lines and `start` go to the same processes (protocol
 *                     1 says one process per game, so only for bots that
 *                     start over on `start`, such as tests/bots/paced_bot)
 *     --strict        at a deadline, do not look for a move already in the
 *                     pipe (below)
 *
 * The one thing beyond the minimum: when the deadline timer fires, the
 * mover's pipe is read first and a move found there counts (unless
 * --strict), because libev runs due timers before the I/O callbacks of the
 * same wake-up, and a referee that waited for a CPU past the deadline would
 * otherwise blame the bot for its own delay.  Such moves are counted
 * (in_pipe below).
 *
 * Bot commands are split at blanks (no quoting).  It prints one line per
 * timeout (`timeout game G seat S over_ms X`: how long after the deadline
 * the timer callback ran) and a summary line:
 *   games G plies P timeouts T other_ends E wall_s W cpu_s C in_pipe I
 * where cpu_s is this process's own user + system time (not the bots').
 * Exit status 0, 1 when a bot could not be started, 2 on a usage error,
 * 130 after SIGINT, SIGTERM or SIGHUP (every bot is killed first).
 */
#include <errno.h>
#include <ev.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MR_LINE 4096 /* the protocol's longest line */
#define MR_WORDS 64
#define MR_MAX_JOBS 256

typedef struct {
    long games, plies, jobs;
    long move_ms, grace_ms, startup_ms, quit_ms;
    const char *game, *variant, *options;
    uint64_t seed;
    bool reuse, strict;
    char *argv[2][MR_WORDS + 1];
    uint64_t *seeds; /* per game, from --seeds */
    long *nplies;
} mr_config;

typedef enum { G_IDLE, G_HANDSHAKE, G_PLAYING, G_ENDING } mr_state;

struct mr_game;

typedef struct {
    struct mr_game *g;
    int seat;
    pid_t pid;
    int in_fd, out_fd;
    bool ready, running; /* running: started and not reaped */
    ev_io w_out;
    ev_child w_child;
    size_t len;
    char buf[MR_LINE + 2];
} mr_seat;

typedef struct mr_game {
    long index; /* 0-based game number */
    mr_state state;
    long ply, plies;
    int to_move;
    double deadline; /* monotonic seconds */
    mr_seat s[2];
    ev_timer w_deadline; /* start-up allowance, then each move's */
    ev_timer w_kill;     /* after `quit`: SIGKILL whoever is left */
} mr_game;

static mr_config cfg;
static struct ev_loop *loop;
static int devnull = -1;
static long next_game, games_done, plies_done, timeouts, other_ends, in_pipe;
static long moves_taken; /* every move relayed, never reset */
static bool spawn_failed, interrupted;
static mr_game slots[MR_MAX_JOBS];
static long nslots;

static double mr_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- talking ------------------------------------------------------------ */

/* Blocking write of a few short lines: a bot that follows the protocol
 * reads its stdin, so nothing here waits for long. */
static void mr_send(mr_seat *st, const char *buf, size_t n)
{
    while (st->in_fd >= 0 && n > 0) {
        ssize_t k = write(st->in_fd, buf, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return; /* EPIPE: its exit or EOF ends the game */
        buf += k;
        n -= (size_t)k;
    }
}

static void mr_sendf(mr_seat *st, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void mr_sendf(mr_seat *st, const char *fmt, ...)
{
    char buf[2 * MR_LINE];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        mr_send(st, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* The lines match_send_setup() of referee/match/match.c sends, in its
 * order, in one write. */
static void mr_send_setup(mr_game *g, int seat)
{
    char opts[MR_LINE];
    opts[0] = '\0';
    if (cfg.options[0])
        snprintf(opts, sizeof opts, "set options %s\n", cfg.options);
    uint64_t seed = cfg.seeds ? cfg.seeds[g->index] : cfg.seed + (uint64_t)g->index;
    mr_sendf(&g->s[seat],
             "set game %s\nset variant %s\n%sset seats 2\n"
             "set player 0 white 0 unnamed\nset player 1 black 1 unnamed\n"
             "set you %d\nset time %ld 0 0\nset seed %" PRIu64 "\nstart\n",
             cfg.game, cfg.variant, opts, seat, cfg.move_ms, seed);
}

/* ---- the clock ---------------------------------------------------------- */

static void mr_arm(mr_game *g, double at)
{
    g->deadline = at;
    ev_now_update(loop);
    double after = at - mr_now();
    ev_timer_stop(loop, &g->w_deadline);
    ev_timer_set(&g->w_deadline, after > 0 ? after : 0., 0.);
    ev_timer_start(loop, &g->w_deadline);
}

/* Ask the seat on move; optionally tell it the other's move first. */
static void mr_turn(mr_game *g, const char *played)
{
    mr_seat *st = &g->s[g->to_move];
    if (played)
        mr_sendf(st, "played %d %s\nturn %ld -1\n", 1 - g->to_move, played,
                 cfg.move_ms);
    else
        mr_sendf(st, "turn %ld -1\n", cfg.move_ms);
    mr_arm(g, mr_now() + (double)(cfg.move_ms + cfg.grace_ms) / 1000.0);
}

static void mr_start_play(mr_game *g)
{
    g->state = G_PLAYING;
    g->ply = 0;
    g->to_move = 0;
    g->plies = cfg.nplies ? cfg.nplies[g->index] : cfg.plies;
    mr_send_setup(g, 0);
    mr_send_setup(g, 1);
    mr_turn(g, NULL);
}

/* ---- processes ---------------------------------------------------------- */

static void mr_out_cb(struct ev_loop *l, ev_io *w, int revents);
static void mr_child_cb(struct ev_loop *l, ev_child *w, int revents);

/* Start the seat's program on the given pipe ends.  posix_spawn rather than
 * fork: glibc spawns with a vfork-like clone, so no copy-on-write of our
 * memory and none of the page faults and TLB shootdowns after it, which
 * on this kind of virtual machine cost a fork more than everything else a
 * game does here (build/referee starts bots with vfork too). */
static pid_t mr_exec(mr_seat *st, int in, int out)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t def;
    pid_t pid = -1;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    if (posix_spawnattr_init(&at) != 0) {
        posix_spawn_file_actions_destroy(&fa);
        return -1;
    }
    posix_spawn_file_actions_adddup2(&fa, in, 0);
    posix_spawn_file_actions_adddup2(&fa, out, 1);
    posix_spawn_file_actions_adddup2(&fa, devnull, 2);
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE); /* ignored here, not in the bot */
    posix_spawnattr_setsigdefault(&at, &def);
    posix_spawnattr_setpgroup(&at, 0); /* a group of its own */
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    int err = posix_spawnp(&pid, cfg.argv[st->seat][0], &fa, &at,
                           cfg.argv[st->seat], environ);
    posix_spawnattr_destroy(&at);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0) {
        errno = err;
        return -1;
    }
    return pid;
}

static bool mr_spawn(mr_seat *st)
{
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0)
        return false;
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        return false;
    }
    pid_t pid = mr_exec(st, in[0], out[1]);
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        return false;
    }
    st->pid = pid;
    st->in_fd = in[1];
    st->out_fd = out[0];
    st->ready = false;
    st->running = true;
    st->len = 0;
    fcntl(st->out_fd, F_SETFL, O_NONBLOCK);
    ev_io_init(&st->w_out, mr_out_cb, st->out_fd, EV_READ);
    st->w_out.data = st;
    ev_io_start(loop, &st->w_out);
    /* Started before the loop runs again, so no exit is missed. */
    ev_child_init(&st->w_child, mr_child_cb, pid, 0);
    st->w_child.data = st;
    ev_child_start(loop, &st->w_child);
    return true;
}

static void mr_close_out(mr_seat *st)
{
    if (st->out_fd < 0)
        return;
    ev_io_stop(loop, &st->w_out);
    close(st->out_fd);
    st->out_fd = -1;
}

static void mr_close_in(mr_seat *st)
{
    if (st->in_fd >= 0)
        close(st->in_fd);
    st->in_fd = -1;
}

static void mr_kill(mr_seat *st)
{
    if (st->running)
        kill(-st->pid, SIGKILL);
}

/* ---- games -------------------------------------------------------------- */

static void mr_game_begin(mr_game *g);

/* Game over: tell the bots, or take the next game to the same bots. */
static void mr_finish(mr_game *g, const char *reason, int fault_seat)
{
    ev_timer_stop(loop, &g->w_deadline);
    plies_done += g->ply;
    if (strcmp(reason, "move-cap") != 0)
        other_ends += strcmp(reason, "timeout") != 0;
    bool again = cfg.reuse && fault_seat < 0 && !strcmp(reason, "move-cap") &&
                 next_game < cfg.games;
    for (int s = 0; s < 2; s++) {
        mr_seat *st = &g->s[s];
        if (s == fault_seat) {
            mr_kill(st);
            continue;
        }
        mr_sendf(st, again ? "result draw %s\n" : "result draw %s\nquit %ld\n",
                 reason, cfg.quit_ms);
    }
    if (again) {
        games_done++;
        g->index = next_game++;
        mr_start_play(g);
        return;
    }
    g->state = G_ENDING;
    for (int s = 0; s < 2; s++)
        mr_close_in(&g->s[s]); /* end of input also means quit */
    ev_timer_set(&g->w_kill, (double)cfg.quit_ms / 1000.0, 0.);
    ev_timer_start(loop, &g->w_kill);
}

/* Both bots reaped after the end: the slot takes the next game. */
static void mr_game_done(mr_game *g)
{
    ev_timer_stop(loop, &g->w_kill);
    games_done++;
    g->state = G_IDLE;
    if (next_game < cfg.games)
        mr_game_begin(g);
    else if (games_done >= cfg.games)
        ev_break(loop, EVBREAK_ALL);
}

static void mr_game_begin(mr_game *g)
{
    g->index = next_game++;
    g->state = G_HANDSHAKE;
    for (int s = 0; s < 2; s++) {
        g->s[s].g = g;
        g->s[s].seat = s;
        g->s[s].in_fd = g->s[s].out_fd = -1;
        if (!mr_spawn(&g->s[s])) {
            fprintf(stderr, "minimal_referee: cannot start seat %d: %s\n", s,
                    strerror(errno));
            spawn_failed = true;
            ev_break(loop, EVBREAK_ALL);
            return;
        }
    }
    mr_send(&g->s[0], "protocol 1\n", 11);
    mr_send(&g->s[1], "protocol 1\n", 11);
    mr_arm(g, mr_now() + (double)cfg.startup_ms / 1000.0);
}

/* One line from a bot; nothing is checked but what drives the game. */
static void mr_line(mr_seat *st, const char *line)
{
    mr_game *g = st->g;
    if (g->state == G_HANDSHAKE && !strcmp(line, "ready 1")) {
        st->ready = true;
        if (g->s[0].ready && g->s[1].ready)
            mr_start_play(g);
        return;
    }
    if (g->state != G_PLAYING || st->seat != g->to_move ||
        strncmp(line, "move ", 5) != 0)
        return;
    ev_timer_stop(loop, &g->w_deadline);
    moves_taken++;
    if (++g->ply >= g->plies) {
        mr_finish(g, "move-cap", -1);
        return;
    }
    g->to_move = 1 - g->to_move;
    mr_turn(g, line + 5);
}

/* Hand over every complete line in the seat's buffer. */
static void mr_drain(mr_seat *st)
{
    char *start = st->buf, *nl;
    st->buf[st->len] = '\0';
    while ((nl = memchr(start, '\n', st->len - (size_t)(start - st->buf)))) {
        *nl = '\0';
        if (nl > start && nl[-1] == '\r')
            nl[-1] = '\0';
        mr_line(st, start);
        start = nl + 1;
    }
    st->len -= (size_t)(start - st->buf);
    memmove(st->buf, start, st->len);
    if (st->len >= MR_LINE)
        st->len = 0; /* over-long: dropped, not judged */
}

static void mr_out_cb(struct ev_loop *l, ev_io *w, int revents)
{
    (void)l;
    (void)revents;
    mr_seat *st = w->data;
    ssize_t n = read(st->out_fd, st->buf + st->len, MR_LINE + 1 - st->len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        mr_close_out(st);
        if (st->g->state == G_HANDSHAKE || st->g->state == G_PLAYING)
            mr_finish(st->g, "closed-output", st->seat);
        return;
    }
    st->len += (size_t)n;
    mr_drain(st);
}

static void mr_child_cb(struct ev_loop *l, ev_child *w, int revents)
{
    (void)revents;
    mr_seat *st = w->data;
    mr_game *g = st->g;
    ev_child_stop(l, w);
    st->running = false;
    kill(-st->pid, SIGKILL); /* whatever it left in its group */
    mr_close_out(st);
    mr_close_in(st);
    if (g->state == G_HANDSHAKE || g->state == G_PLAYING)
        mr_finish(g, "exited", st->seat);
    if (g->state == G_ENDING && !g->s[0].running && !g->s[1].running)
        mr_game_done(g);
}

static void mr_deadline_cb(struct ev_loop *l, ev_timer *w, int revents)
{
    (void)l;
    (void)revents;
    mr_game *g = w->data;
    double now = mr_now();
    if (now < g->deadline) { /* woke early: sleep for the rest */
        mr_arm(g, g->deadline);
        return;
    }
    if (g->state == G_HANDSHAKE) {
        mr_finish(g, "handshake", g->s[0].ready ? 1 : 0);
        return;
    }
    /* libev runs the timers due before the I/O callbacks of the same
     * wake-up: a move that came while this process waited for a CPU would
     * lose to its own deadline.  Look in the pipe first: a move there came
     * no later than this process could look, and counts. */
    long before = moves_taken;
    mr_seat *st = &g->s[g->to_move];
    if (!cfg.strict && st->out_fd >= 0)
        mr_out_cb(loop, &st->w_out, EV_READ);
    if (moves_taken != before)
        in_pipe++;
    if (g->state != G_PLAYING || moves_taken != before)
        return;
    timeouts++;
    printf("timeout game %ld seat %d over_ms %.3f\n", g->index + 1, g->to_move,
           (now - g->deadline) * 1e3);
    mr_finish(g, "timeout", g->to_move);
}

static void mr_kill_cb(struct ev_loop *l, ev_timer *w, int revents)
{
    (void)l;
    (void)revents;
    mr_game *g = w->data;
    mr_kill(&g->s[0]);
    mr_kill(&g->s[1]);
}

/* INT, TERM or HUP: take every bot down with us (a silent bot would
 * otherwise sleep for ever), then stop. */
static void mr_signal_cb(struct ev_loop *l, ev_signal *w, int revents)
{
    (void)w;
    (void)revents;
    for (long i = 0; i < nslots; i++) {
        mr_kill(&slots[i].s[0]);
        mr_kill(&slots[i].s[1]);
    }
    interrupted = true;
    ev_break(l, EVBREAK_ALL);
}

/* ---- command line ------------------------------------------------------- */

static void mr_usage(void)
{
    fprintf(stderr,
            "usage: minimal_referee [-n GAMES] [-p PLIES] [-j K] [--seeds FILE]\n"
            "         [--move-ms MS] [--grace-ms MS] [--startup-ms MS] "
            "[--quit-ms MS]\n"
            "         [--game G] [--variant V] [--options O] [--seed S] "
            "[--reuse] [--strict]\n"
            "         \"BOT1 COMMAND\" \"BOT2 COMMAND\"\n");
    exit(2);
}

/* Split a command at blanks into argv (the string is kept, not copied). */
static void mr_split(char *cmd, char *argv[MR_WORDS + 1])
{
    int n = 0;
    for (char *w = strtok(cmd, " \t"); w && n < MR_WORDS; w = strtok(NULL, " \t"))
        argv[n++] = w;
    argv[n] = NULL;
    if (n == 0)
        mr_usage();
}

/* --seeds FILE: one "SEED PLIES" line per game. */
static void mr_read_seeds(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "minimal_referee: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    long cap = 0, n = 0;
    uint64_t seed;
    long plies;
    while (fscanf(f, "%" SCNu64 " %ld", &seed, &plies) == 2) {
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            cfg.seeds = realloc(cfg.seeds, (size_t)cap * sizeof *cfg.seeds);
            cfg.nplies = realloc(cfg.nplies, (size_t)cap * sizeof *cfg.nplies);
            if (!cfg.seeds || !cfg.nplies)
                exit(1);
        }
        cfg.seeds[n] = seed;
        cfg.nplies[n++] = plies > 0 ? plies : 1;
    }
    fclose(f);
    cfg.games = n;
}

static void mr_parse(int argc, char **argv)
{
    static const struct option opts[] = {
        {"move-ms", 1, 0, 'm'}, {"grace-ms", 1, 0, 'g'},
        {"startup-ms", 1, 0, 's'}, {"quit-ms", 1, 0, 'q'},
        {"game", 1, 0, 'G'},    {"variant", 1, 0, 'V'},
        {"options", 1, 0, 'O'}, {"seed", 1, 0, 'S'},
        {"seeds", 1, 0, 'F'},   {"reuse", 0, 0, 'r'},
        {"strict", 0, 0, 'x'},
        {0, 0, 0, 0}};
    const char *seeds = NULL;
    cfg = (mr_config){.games = 2, .plies = 100, .jobs = 1, .move_ms = 5000,
                      .grace_ms = 100, .startup_ms = 10000, .quit_ms = 1000,
                      .game = "pentago", .seed = 1};
    int c;
    while ((c = getopt_long(argc, argv, "n:p:j:", opts, NULL)) != -1) {
        switch (c) {
        case 'n': cfg.games = atol(optarg); break;
        case 'p': cfg.plies = atol(optarg); break;
        case 'j': cfg.jobs = atol(optarg); break;
        case 'm': cfg.move_ms = atol(optarg); break;
        case 'g': cfg.grace_ms = atol(optarg); break;
        case 's': cfg.startup_ms = atol(optarg); break;
        case 'q': cfg.quit_ms = atol(optarg); break;
        case 'G': cfg.game = optarg; break;
        case 'V': cfg.variant = optarg; break;
        case 'O': cfg.options = optarg; break;
        case 'S': cfg.seed = strtoull(optarg, NULL, 10); break;
        case 'F': seeds = optarg; break;
        case 'r': cfg.reuse = true; break;
        case 'x': cfg.strict = true; break;
        default: mr_usage();
        }
    }
    if (argc - optind != 2 || cfg.plies < 1 || cfg.jobs < 1 ||
        cfg.move_ms < 1 || cfg.games < 0)
        mr_usage();
    mr_split(argv[optind], cfg.argv[0]);
    mr_split(argv[optind + 1], cfg.argv[1]);
    bool pente = strcmp(cfg.game, "pente") == 0;
    /* What build/referee sends when nothing is given. */
    if (!cfg.variant)
        cfg.variant = pente ? "standard" : "swiss-2010";
    if (!cfg.options)
        cfg.options = pente ? "opening=tournament movecap=0 captures=5" : "";
    if (seeds)
        mr_read_seeds(seeds);
    if (cfg.jobs > MR_MAX_JOBS)
        cfg.jobs = MR_MAX_JOBS;
}

int main(int argc, char **argv)
{
    static ev_signal w_sig[3];
    static const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
    mr_parse(argc, argv);
    signal(SIGPIPE, SIG_IGN); /* a dead bot's pipe: EPIPE, then its exit */
    devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
    loop = EV_DEFAULT;
    for (int i = 0; i < 3; i++) {
        ev_signal_init(&w_sig[i], mr_signal_cb, sigs[i]);
        ev_signal_start(loop, &w_sig[i]);
        ev_unref(loop); /* a signal watcher alone does not keep us running */
    }
    double t0 = mr_now();
    for (long i = 0; i < cfg.jobs && next_game < cfg.games; i++) {
        mr_game *g = &slots[nslots++];
        ev_timer_init(&g->w_deadline, mr_deadline_cb, 0., 0.);
        ev_timer_init(&g->w_kill, mr_kill_cb, 0., 0.);
        g->w_deadline.data = g->w_kill.data = g;
        mr_game_begin(g);
    }
    if (cfg.games > 0 && !spawn_failed)
        ev_run(loop, 0);
    if (interrupted)
        return 130;
    double wall = mr_now() - t0;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    printf("games %ld plies %ld timeouts %ld other_ends %ld wall_s %.6f "
           "cpu_s %.6f in_pipe %ld\n",
           games_done, plies_done, timeouts, other_ends, wall, cpu, in_pipe);
    free(cfg.seeds);
    free(cfg.nplies);
    return spawn_failed ? 1 : 0;
}
