/*
 * test_event_ffa.c - free-for-all events with real bot processes:
 * Pentago Multiplayer leagues of 3 and 4 seats whose tables follow from
 * the records' places, a resume after a record is deleted that plays only
 * the missing game and gives the same tables byte for byte, `referee
 * standings` writing those same tables from the records alone,
 * withdrawals and results entered by hand, a team event of the team
 * variant, a Pattern Puzzle league, and definitions refused with their
 * file and line.
 */
#include "support/run.h"

#include "record/record.h"
#include "rules.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define OUT_MAX 65536

/* Bots that play from their seed alone, so that a game played again
 * gives the record it gave before. */
#define FFA_BOT(name, flags)                                                  \
    "  - {name: " name ", command: \"" RUN_BOTS "random_bot" flags "\"}\n"

/* Skip when the rules do not know the game yet. */
static void need_game(const char *game, const char *variant)
{
    char why[256];
    rules_game *g = rules_game_new(game, variant, NULL, why, sizeof why);
    if (!g)
        cr_skip_test("%s %s: %s", game, variant, why);
    rules_game_free(g);
}

static int run_event(const char *def, const char *tag, char *out,
                     size_t len)
{
    char *argv[] = {RUN_REFEREE, "event", "-j", "2", (char *)def, NULL};
    return run_cmd(argv, tag, out, len);
}

/* Points and places of each entrant (by name, up to 8) from the records
 * alone, as the definition scores them. */
typedef struct {
    char name[8][16];
    int points[8], firsts[8], played[8], faults[8];
    int n;
} ffa_tally;

static int tally_slot(ffa_tally *t, const char *name)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->name[i], name))
            return i;
    cr_assert_lt(t->n, 8);
    snprintf(t->name[t->n], sizeof t->name[0], "%s", name);
    return t->n++;
}

static void tally_records(const char *dir, const int *pp, int seats,
                          ffa_tally *t)
{
    memset(t, 0, sizeof *t);
    DIR *d = opendir(dir);
    cr_assert(d, "%s", dir);
    for (struct dirent *e; (e = readdir(d));) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") ||
            !strcmp(e->d_name, "event.yaml") || e->d_name[0] == '.')
            continue;
        char path[1024], err[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        record r;
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(r.nplayers, seats, "%s", path);
        for (int s = 0; s < seats; s++) {
            const record_player *p = &r.players[s];
            cr_assert(p->entrant && p->place >= 1 && p->place <= seats,
                      "%s seat %d", path, s);
            int i = tally_slot(t, p->entrant);
            t->points[i] += pp[p->place - 1];
            t->firsts[i] += p->place == 1;
            t->played[i]++;
            t->faults[i] += r.fault_seat == s;
        }
        record_release(&r);
    }
    closedir(d);
}

/* Every entrant's row of league.yaml says what its records say. */
static void expect_rows_follow(const char *yaml, const ffa_tally *t)
{
    for (int i = 0; i < t->n; i++) {
        char row[256];
        snprintf(row, sizeof row,
                 "    entrant: \"%s\"\n    played: %d\n    points: %d\n"
                 "    firsts: %d\n",
                 t->name[i], t->played[i], t->points[i], t->firsts[i]);
        cr_expect(strstr(yaml, row), "no row\n%s\nin\n%s", row, yaml);
    }
}

static const char *const ffa_tables[] = {"league.yaml", "league.md",
                                         "final.yaml", "final.md",
                                         "ratings.yaml", "ratings.md"};
#define FFA_NTABLES (sizeof ffa_tables / sizeof *ffa_tables)

/* Copy of the tables of results dir res (each freed by free_tables). */
static void read_tables(const char *res, char **text)
{
    for (size_t i = 0; i < FFA_NTABLES; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", res, ffa_tables[i]);
        text[i] = run_slurp(path, NULL);
        cr_assert(text[i], "no %s", path);
    }
}

static void expect_same_tables(const char *res, char **before,
                               const char *what)
{
    char *now[FFA_NTABLES];
    read_tables(res, now);
    for (size_t i = 0; i < FFA_NTABLES; i++) {
        cr_expect_str_eq(now[i], before[i], "%s: %s differs", what,
                         ffa_tables[i]);
        free(now[i]);
    }
}

static void free_tables(char **text)
{
    for (size_t i = 0; i < FFA_NTABLES; i++)
        free(text[i]);
}

/* `referee standings --write` into a results directory emptied first
 * writes the event's tables byte for byte. */
static void expect_standings_write_the_same(const char *dir,
                                            const char *name, char **tables)
{
    char rec[512], res[512], out[OUT_MAX];
    snprintf(rec, sizeof rec, "%s/records-%s", dir, name);
    snprintf(res, sizeof res, "%s/results-%s", dir, name);
    char *st[] = {RUN_REFEREE, "standings", rec, NULL};
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, tables[3]), "standings printed another final "
              "ranking:\n%s\nnot\n%s", out, tables[3]);
    run_rmtree(res);
    char *wr[] = {RUN_REFEREE, "standings", "--write", rec, NULL};
    cr_expect_eq(run_cmd(wr, dir + 5, out, sizeof out), 0, "%s", out);
    expect_same_tables(res, tables, "standings --write");
}

/* ---- leagues ----------------------------------------------------------- */

Test(event_ffa, league_of_three_seats_scores_the_records_places,
     .timeout = 240)
{
    need_game("pentago-multi", "3p");
    char dir[256], def[512], out[OUT_MAX], path[600];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "m3",
                    "game: pentago-multi\nvariant: 3p\nseed: 31\n"
                    "time_control: {move_ms: 5000}\nformat: free-for-all\n"
                    "entrants:\n" FFA_BOT("a", "") FFA_BOT("b", " --position")
                        FFA_BOT("c", "") FFA_BOT("d", " --position"),
                    def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out), 0, "%s", out);
    /* 4 tables of 3, 3 games each. */
    snprintf(path, sizeof path, "%s/records-m3", dir);
    cr_expect_eq(run_count_records(path), 12);
    cr_expect(strstr(out, "[12/12] ffa-t0004-g3: "), "%s", out);
    int pp[3] = {2, 1, 0};
    ffa_tally t;
    tally_records(path, pp, 3, &t);
    cr_expect_eq(t.n, 4);
    for (int i = 0; i < t.n; i++)
        cr_expect_eq(t.played[i], 9, "%s played %d", t.name[i], t.played[i]);
    char *tables[FFA_NTABLES];
    snprintf(path, sizeof path, "%s/results-m3", dir);
    read_tables(path, tables);
    expect_rows_follow(tables[0], &t);
    cr_expect(strstr(tables[0], "format: free-for-all\n"), "%s", tables[0]);
    cr_expect(strstr(tables[0], "seats: 3\ngames_per_table: 3\n"
                                "place_points: [2, 1, 0]\n"),
              "%s", tables[0]);
    cr_expect(strstr(tables[0], "  - id: \"ffa-t0002-g3\"\n    table: 2\n"
                                "    round: 3\n    seats:\n"),
              "%s", tables[0]);
    cr_expect(strstr(tables[1], "| rank | entrant | played | points | 1st | "
                                "2nd | 3rd | faults | decided by |"),
              "%s", tables[1]);
    cr_expect(strstr(tables[1], "| game | round | seat 0 | seat 1 | seat 2 "
                                "| reason | record |"),
              "%s", tables[1]);
    cr_expect(strstr(tables[2], "format: free-for-all\ndone: true\n"),
              "%s", tables[2]);
    expect_standings_write_the_same(dir, "m3", tables);
    free_tables(tables);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

Test(event_ffa, four_seats_resume_plays_only_the_missing_game,
     .timeout = 300)
{
    need_game("pentago-multi", "4p");
    char dir[256], def[512], out[OUT_MAX], rec[600], res[600], gone[700];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "m4",
                    "game: pentago-multi\nvariant: 4p\nseed: 4242\n"
                    "time_control: {move_ms: 5000}\nformat: free-for-all\n"
                    "place_points: [5, 3, 1, 0]\nentrants:\n"
                    FFA_BOT("a", "") FFA_BOT("b", " --position")
                    FFA_BOT("c", "") FFA_BOT("d", " --position")
                    FFA_BOT("e", ""),
                    def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(rec, sizeof rec, "%s/records-m4", dir);
    snprintf(res, sizeof res, "%s/results-m4", dir);
    /* 5 tables of 4, 4 games each. */
    cr_expect_eq(run_count_records(rec), 20);
    int pp[4] = {5, 3, 1, 0};
    ffa_tally t;
    tally_records(rec, pp, 4, &t);
    cr_expect_eq(t.n, 5);
    char *tables[FFA_NTABLES];
    read_tables(res, tables);
    expect_rows_follow(tables[0], &t);
    cr_expect(strstr(tables[0], "place_points: [5, 3, 1, 0]\n"), "%s",
              tables[0]);

    /* One record gone: the same command plays that game alone. */
    snprintf(gone, sizeof gone, "%s/ffa-t0003-g2.yaml", rec);
    record was, again;
    char err[512];
    cr_assert_eq(record_read(gone, &was, err, sizeof err), 0, "%s", err);
    cr_assert_eq(remove(gone), 0);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "resuming: 19 games already recorded"), "%s", out);
    cr_expect(strstr(out, "[20/20] ffa-t0003-g2: "), "%s", out);
    int lines = 0;
    for (const char *at = out; (at = strstr(at, "] ffa-t")); at++)
        lines++;
    cr_expect_eq(lines, 1, "games played on resume:\n%s", out);
    cr_expect_eq(run_count_records(rec), 20);
    /* The same game again: the bots play from the seed. */
    cr_assert_eq(record_read(gone, &again, err, sizeof err), 0, "%s", err);
    cr_expect_eq(again.nmoves, was.nmoves);
    for (size_t i = 0; i < was.nmoves && i < again.nmoves; i++)
        cr_expect_str_eq(again.moves[i].text, was.moves[i].text, "ply %zu",
                         i + 1);
    for (int s = 0; s < 4; s++) {
        cr_expect_str_eq(again.players[s].entrant, was.players[s].entrant);
        cr_expect_eq(again.players[s].place, was.players[s].place);
    }
    record_release(&was);
    record_release(&again);
    expect_same_tables(res, tables, "resumed");
    expect_standings_write_the_same(dir, "m4", tables);
    free_tables(tables);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- by hand ------------------------------------------------------------ */

/* A withdrawn entrant's tables are forfeits: it takes the last place,
 * the entrants still in share the first; a result entered with --winner
 * puts the winner first and the others second.  Standings takes both. */
Test(event_ffa, withdrawals_and_entered_results, .timeout = 240)
{
    need_game("pentago-multi", "3p");
    char dir[256], def[512], out[OUT_MAX], rec[600], path[700];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "wd",
                    "game: pentago-multi\nvariant: 3p\nseed: 5\n"
                    "time_control: {move_ms: 5000}\nformat: free-for-all\n"
                    "games_per_table: 1\nentrants:\n"
                    FFA_BOT("a", "") FFA_BOT("b", " --position")
                    FFA_BOT("c", "") FFA_BOT("d", " --position"),
                    def, sizeof def);
    char *wd[] = {RUN_REFEREE, "event", "--withdraw", "d", "--reason",
                  "its author left", "--by", "arbiter", def, NULL};
    cr_assert_eq(run_cmd(wd, dir + 5, out, sizeof out), 0, "%s", out);
    /* Table 1 is {a, b, c}: entered, b first. */
    char *en[] = {RUN_REFEREE, "event", "--enter", "ffa-t0001-g1",
                  "--winner", "b", "--by", "arbiter", "--reason", "no show",
                  def, NULL};
    cr_assert_eq(run_cmd(en, dir + 5, out, sizeof out), 0, "%s", out);
    char *bad[] = {RUN_REFEREE, "event", "--enter", "ffa-t0002-g1",
                   "--winner", "zz", "--by", "arbiter", "--reason", "x",
                   def, NULL};
    cr_expect_eq(run_cmd(bad, dir + 5, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "--winner zz: not an entrant of ffa-t0002-g1 ("),
              "%s", out);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(rec, sizeof rec, "%s/records-wd", dir);
    /* 4 tables of 3, one game each; d is at three of them. */
    cr_expect_eq(run_count_records(rec), 4);
    for (int t = 1; t <= 4; t++) {
        record r;
        char err[512];
        snprintf(path, sizeof path, "%s/ffa-t%04d-g1.yaml", rec, t);
        cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
        cr_expect_str_eq(r.reason, "forfeit", "%s", path);
        cr_expect_eq(r.nmoves, 0);
        for (int s = 0; s < 3; s++) {
            const record_player *p = &r.players[s];
            int want = t == 1 ? (!strcmp(p->entrant, "b") ? 1 : 2)
                              : (!strcmp(p->entrant, "d") ? 3 : 1);
            cr_expect_eq(p->place, want, "%s: %s has place %d", path,
                         p->entrant, p->place);
            cr_expect_str_eq(p->result, want == 1 ? "win" : "loss");
        }
        cr_expect_str_eq(r.note.entered_by,
                         t == 1 ? "arbiter" : "referee event");
        record_release(&r);
    }
    snprintf(path, sizeof path, "%s/results-wd/league.yaml", dir);
    char *lg = run_slurp(path, NULL);
    cr_assert(lg);
    cr_expect(strstr(lg, "    entrant: \"d\"\n    played: 3\n    points: 0\n"
                         "    firsts: 0\n    places: [0, 0, 3]\n"
                         "    faults: 0\n    decided_by: \"\"\n"
                         "    withdrawn: true\n    forfeits_lost: 3\n"
                         "    entered: 3\n"),
              "%s", lg);
    cr_expect(strstr(lg, "note: \"forfeit, entered by arbiter: no show\""),
              "%s", lg);
    free(lg);
    char *st[] = {RUN_REFEREE, "standings", rec, NULL};
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- team and puzzle events -------------------------------------------- */

/* Two teams of two (seats 0 and 2 against 1 and 3) play the team events
 * that Partner Pente plays: an entrant is a command and its partner. */
Test(event_ffa, team_variant_plays_a_team_league, .timeout = 240)
{
    need_game("pentago-multi", "team");
    char dir[256], def[512], out[OUT_MAX], path[700];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "tm",
                    "game: pentago-multi\nvariant: team\nseed: 12\n"
                    "time_control: {move_ms: 5000}\nformat: round-robin\n"
                    "games_per_pair: 2\nentrants:\n"
                    "  - {name: a, command: \"" RUN_BOTS "random_bot\", "
                    "partner: \"" RUN_BOTS "random_bot --position\"}\n"
                    "  - {name: b, command: \"" RUN_BOTS "random_bot "
                    "--position\", partner: \"" RUN_BOTS "random_bot\"}\n"
                    "  - {name: c, command: \"" RUN_BOTS "random_bot\", "
                    "partner: \"" RUN_BOTS "random_bot\"}\n",
                    def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(path, sizeof path, "%s/records-tm/rr-001.yaml", dir);
    record r;
    char err[512];
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    cr_expect_eq(r.nplayers, 4);
    for (int s = 0; s < 2; s++) {
        cr_expect_str_eq(r.players[s + 2].entrant, r.players[s].entrant);
        cr_expect_str_eq(r.players[s + 2].result, r.players[s].result);
    }
    cr_expect(strstr(r.players[2].command, "random_bot"));
    record_release(&r);
    snprintf(path, sizeof path, "%s/records-tm", dir);
    cr_expect_eq(run_count_records(path), 6);
    snprintf(path, sizeof path, "%s/results-tm/ratings.yaml", dir);
    char *rt = run_slurp(path, NULL);
    cr_expect(rt && strstr(rt, "rated: teams\n"), "%s", rt ? rt : "");
    free(rt);
    snprintf(path, sizeof path, "%s/records-tm", dir);
    char *st[] = {RUN_REFEREE, "standings", path, NULL};
    cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* The same teams in a Swiss cup and a gauntlet. */
Test(event_ffa, team_variant_plays_a_cup_and_a_gauntlet, .timeout = 240)
{
    need_game("pentago-multi", "team");
    static const char *const formats[] = {
        "format: swiss-cup\n", "format: gauntlet\nchallenger: a\n"};
    static const char *const final_of[] = {"stage: \"winner\"",
                                           "    league: {played: "};
    for (int f = 0; f < 2; f++) {
        char dir[256], def[512], out[OUT_MAX], path[700], body[2048];
        run_tmpdir(dir, sizeof dir);
        snprintf(body, sizeof body,
                 "game: pentago-multi\nvariant: team\nseed: 21\n"
                 "time_control: {move_ms: 5000}\n%sentrants:\n"
                 "  - {name: a, command: \"" RUN_BOTS "random_bot\", "
                 "partner: \"" RUN_BOTS "random_bot --position\"}\n"
                 "  - {name: b, command: \"" RUN_BOTS "random_bot\", "
                 "partner: \"" RUN_BOTS "random_bot\"}\n"
                 "  - {name: c, command: \"" RUN_BOTS "random_bot "
                 "--position\", partner: \"" RUN_BOTS "random_bot\"}\n"
                 "  - {name: d, command: \"" RUN_BOTS "random_bot\", "
                 "partner: \"" RUN_BOTS "random_bot\"}\n",
                 formats[f]);
        run_write_event(dir, "tc", body, def, sizeof def);
        cr_assert_eq(run_event(def, dir + 5, out, sizeof out), 0, "%s: %s",
                     formats[f], out);
        snprintf(path, sizeof path, "%s/results-tc/final.yaml", dir);
        char *fin = run_slurp(path, NULL);
        cr_expect(fin && strstr(fin, final_of[f]) &&
                      strstr(fin, "    partner: \""),
                  "%s: %s", formats[f], fin ? fin : "(none)");
        free(fin);
        snprintf(path, sizeof path, "%s/records-tc", dir);
        char *st[] = {RUN_REFEREE, "standings", path, NULL};
        cr_expect_eq(run_cmd(st, dir + 5, out, sizeof out), 0, "%s", out);
        cr_expect_eq(run_count_tagged(dir + 5), 0);
        run_rmtree(dir);
    }
}

Test(event_ffa, pattern_puzzle_league, .timeout = 240)
{
    need_game("pentago-puzzle", "3p");
    char dir[256], def[512], out[OUT_MAX], path[700];
    run_tmpdir(dir, sizeof dir);
    run_write_event(dir, "pz",
                    "game: pentago-puzzle\nvariant: 3p\nseed: 8\n"
                    "options: \"maxlevel=2 replays=1\"\n"
                    "time_control: {move_ms: 5000}\nformat: free-for-all\n"
                    "entrants:\n" FFA_BOT("a", "")
                        FFA_BOT("b", " --position") FFA_BOT("c", "")
                    "  - {name: p, command: " RUN_BOTS "puzzle_bot}\n"
                    "  - {name: q, command: " RUN_BOTS "puzzle_bot}\n",
                    def, sizeof def);
    cr_assert_eq(run_event(def, dir + 5, out, sizeof out), 0, "%s", out);
    snprintf(path, sizeof path, "%s/records-pz", dir);
    /* C(5, 3) = 10 tables of 3 games. */
    cr_expect_eq(run_count_records(path), 30);
    int pp[3] = {2, 1, 0};
    ffa_tally t;
    tally_records(path, pp, 3, &t);
    /* The puzzle bots never fail a mend and the random ones nearly always
     * do: at table 6, {a, p, q}, both puzzle bots share first place (a
     * `win` each), which the event must score, not refuse. */
    snprintf(path, sizeof path, "%s/records-pz/ffa-t0006-g1.yaml", dir);
    record r;
    char err[512];
    cr_assert_eq(record_read(path, &r, err, sizeof err), 0, "%s", err);
    for (int s = 0; s < 3; s++) {
        bool puzzle = strstr(r.players[s].command, "puzzle_bot") != NULL;
        cr_expect_eq(r.players[s].place, puzzle ? 1 : 3, "seat %d", s);
        cr_expect_str_eq(r.players[s].result, puzzle ? "win" : "loss");
    }
    record_release(&r);
    char *tables[FFA_NTABLES];
    snprintf(path, sizeof path, "%s/results-pz", dir);
    read_tables(path, tables);
    expect_rows_follow(tables[0], &t);
    expect_standings_write_the_same(dir, "pz", tables);
    free_tables(tables);
    cr_expect_eq(run_count_tagged(dir + 5), 0);
    run_rmtree(dir);
}

/* ---- definitions -------------------------------------------------------- */

/* `referee event --plan` of a definition body: its exit status, what it
 * said into out. */
static int plan_of(const char *dir, const char *body, char *out, size_t len)
{
    char def[512];
    run_write_event(dir, "bad", body, def, sizeof def);
    char *argv[] = {RUN_REFEREE, "event", "--plan", def, NULL};
    return run_cmd(argv, dir + 5, out, len);
}

Test(event_ffa, definitions_are_refused_with_file_and_line)
{
    need_game("pentago-multi", "4p");
    static const struct {
        const char *body, *want;
    } cases[] = {
        {"game: pentago-multi\nvariant: 3p\nseed: 1\nformat: round-robin\n"
         "entrants:\n" FFA_BOT("a", "") FFA_BOT("b", "") FFA_BOT("c", ""),
         "bad.yaml:7: format: round-robin needs games of two sides, or two "
         "teams of two; pentago-multi 3p has 3 seats, each its own side: "
         "play it as format: free-for-all"},
        {"game: pentago-multi\nvariant: team\nseed: 1\n"
         "format: free-for-all\nentrants:\n"
         "  - {name: a, command: x, partner: y}\n"
         "  - {name: b, command: x, partner: y}\n",
         "bad.yaml:7: format: pentago-multi team seats two teams of two: "
         "team events play swiss-cup, round-robin or gauntlet"},
        {"game: pentago\nseed: 1\nformat: free-for-all\nentrants:\n"
         FFA_BOT("a", "") FFA_BOT("b", "") FFA_BOT("c", ""),
         "bad.yaml:6: format: free-for-all is for games of three or four "
         "seats, each its own side; pentago swiss-2010 has 2 seats: play it "
         "as round-robin"},
        {"game: pentago-multi\nvariant: 3p\nseed: 1\nformat: free-for-all\n"
         "place_points: [3, 4, 0]\nentrants:\n"
         FFA_BOT("a", "") FFA_BOT("b", "") FFA_BOT("c", ""),
         "bad.yaml:8: place_points[1]: place 2 scores 4, more than place 1 "
         "(3): a better place must score at least as much"},
        {"game: pentago-multi\nvariant: 3p\nseed: 1\nformat: free-for-all\n"
         "place_points:\n  - 2\n  - 1\n  - -1\nentrants:\n"
         FFA_BOT("a", "") FFA_BOT("b", "") FFA_BOT("c", ""),
         "bad.yaml:11: place_points[2]: expected an integer from 0 to 1000, "
         "got '-1'"},
        {"game: pentago-multi\nvariant: 4p\nseed: 1\nformat: free-for-all\n"
         "place_points: [3, 2, 1]\nentrants:\n" FFA_BOT("a", "")
         FFA_BOT("b", "") FFA_BOT("c", "") FFA_BOT("d", ""),
         "bad.yaml:8: place_points: expected 4 numbers, one per place from "
         "the first to the last, got 3"},
        {"game: pentago-multi\nvariant: 4p\nseed: 1\nformat: free-for-all\n"
         "entrants:\n" FFA_BOT("a", "") FFA_BOT("b", "") FFA_BOT("c", ""),
         "bad.yaml:8: entrants: a free-for-all of 4-seat games needs at "
         "least 4 entrants, got 3"},
        {"game: pentago\nseed: 1\nformat: round-robin\n"
         "games_per_table: 2\nentrants:\n" FFA_BOT("a", "")
         FFA_BOT("b", ""),
         "bad.yaml:7: games_per_table: only for format: free-for-all"},
        {"game: pentago-multi\nvariant: 3p\nseed: 1\nformat: free-for-all\n"
         "games_per_table: 51\nentrants:\n" FFA_BOT("a", "")
         FFA_BOT("b", "") FFA_BOT("c", ""),
         "bad.yaml:8: games_per_table: expected an integer from 1 to 50, "
         "got '51'"},
    };
    char dir[256], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cr_expect_eq(plan_of(dir, cases[i].body, out, sizeof out), 1,
                     "case %zu: %s", i, out);
        cr_expect(strstr(out, cases[i].want), "case %zu: wanted\n%s\ngot\n%s",
                  i, cases[i].want, out);
    }
    /* Too many games, with the numbers. */
    char body[8192];
    size_t at = (size_t)snprintf(body, sizeof body,
                                 "game: pentago-multi\nvariant: 4p\nseed: 1\n"
                                 "format: free-for-all\ngames_per_table: 2\n"
                                 "entrants:\n");
    for (int e = 0; e < 40; e++)
        at += (size_t)snprintf(body + at, sizeof body - at,
                               "  - {name: e%d, command: x}\n", e);
    cr_expect_eq(plan_of(dir, body, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "bad.yaml:9: entrants: 40 entrants make 91390 "
                          "tables of 4, and 2 games a table make 182780 "
                          "games, more than 100000"),
              "%s", out);
    run_rmtree(dir);
}

/* --plan shows the tables' games with every seat. */
Test(event_ffa, the_plan_lists_every_seat)
{
    need_game("pentago-multi", "4p");
    char dir[256], out[OUT_MAX];
    run_tmpdir(dir, sizeof dir);
    cr_assert_eq(plan_of(dir,
                         "game: pentago-multi\nvariant: 4p\nseed: 1\n"
                         "format: free-for-all\ngames_per_table: 4\n"
                         "entrants:\n" FFA_BOT("a", "") FFA_BOT("b", "")
                         FFA_BOT("c", "") FFA_BOT("d", "") FFA_BOT("e", ""),
                         out, sizeof out),
                 0, "%s", out);
    cr_expect(strstr(out, "- tables of 4 (every set of 4 entrants); "
                          "games_per_table: 4; place_points: 3, 2, 1, 0\n"),
              "%s", out);
    cr_expect(strstr(out, "## Next: 0 of 20 known played, 20 ready"), "%s",
              out);
    /* Table 1 is {a, b, c, d}: each sits at it in every game and starts
     * one of its four. */
    char started[4] = {0};
    for (int g = 1; g <= 4; g++) {
        char line[96];
        snprintf(line, sizeof line, "- ffa-t0001-g%d (table 1, game %d of 4,"
                 " round %d): ", g, g, g);
        const char *at = strstr(out, line);
        cr_assert(at, "%s\n%s", line, out);
        char seen[4] = {0};
        const char *p = at + strlen(line);
        for (int s = 0; s < 4; s++, p += 4) {
            cr_assert(p[0] >= 'a' && p[0] <= 'd' && !seen[p[0] - 'a'], "%s",
                      at);
            seen[p[0] - 'a'] = 1;
        }
        started[at[strlen(line)] - 'a']++;
    }
    for (int e = 0; e < 4; e++)
        cr_expect_eq(started[e], 1, "%c started %d games", 'a' + e,
                     started[e]);
    run_rmtree(dir);
}
