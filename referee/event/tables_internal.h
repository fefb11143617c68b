/*
 * tables_internal.h - what the parts of the tables share, and nobody else
 * may use (the contract for callers is tables.h).
 *
 * The parts:
 *   tables.c           the files and the printed summary; isolation;
 *   tables_games.c     each game as the tables show it: its winner, the
 *                      order games are listed in; the context; a group's
 *                      games listed;
 *   tables_records.c   the records directory as seen from the tables, and
 *                      what only a record says (its reason, who entered a
 *                      result and why);
 *   tables_group.c     group and league tables: ranking, crosstable and
 *                      the list of games;
 *   tables_gauntlet.c  the gauntlet table: the challenger's score against
 *                      each opponent;
 *   tables_ffa.c       the free-for-all's league table and its games with
 *                      every seat's place;
 *   tables_cup.c       the cup: seeds, rounds by name, every game of every
 *                      tie, the safeguard's decisions;
 *   tables_final.c     the final ranking with the stage each entrant
 *                      reached and its group-phase record.
 *
 * Everything but tables.c (which writes the files) and tables_records.c
 * (which reads the records) writes only to the FILE it is given.
 */
#ifndef TABLES_INTERNAL_H
#define TABLES_INTERNAL_H

#include "event/tables.h"

#include <stdbool.h>
#include <stdio.h>

/* What the tables show of a game beyond its plan_game and plan_result:
 * what only its record says. */
typedef struct {
    char reason[32]; /* "five-by-rotation", "timeout", ...; "" if unknown */
    /* Why the result is not simply a game played out, or "": a forfeit
     * (a withdrawal), an adjudication, an entered result, with who
     * entered it and why ("forfeit, entered by the arbiter: no show"). */
    char note[320];
} tables_info;

typedef struct {
    const event_def *def;
    const plan *p;
    const tables_game *games;
    size_t ngames;
    tables_info *info;  /* by game, as games */
    size_t *order;      /* game indices in listing order: by id */
    bool win_points;    /* the game's rules give win points */
    /* The records directory as seen from the results directory, with a
     * trailing '/', so that tables posted with the records link to them. */
    char recdir[4400];
    int group;          /* the group being written */
} tables_ctx;

/* ---- tables_games.c ----------------------------------------------------- */

/* Fill the context of def, p and games: win points, record directory,
 * listing order, and each game's reason and note from its record (a
 * record that cannot be read leaves them empty).  0, or -1 out of memory
 * (with err). */
int tables_ctx_init(tables_ctx *t, const event_def *def, const plan *p,
                    const tables_game *games, size_t ngames, char *err,
                    size_t errlen);
/* The same when the first nknown games are those whose records gave
 * known (what their records say does not change once they count): only
 * the others' records are read. */
int tables_ctx_init_known(tables_ctx *t, const event_def *def,
                          const plan *p, const tables_game *games,
                          size_t ngames, const tables_info *known,
                          size_t nknown, char *err, size_t errlen);
void tables_ctx_release(tables_ctx *t);

/* A game's white, black, score, winner, reason, win points (if asked),
 * record and note, each line starting with indent: the fields that a
 * group's game list and a cup tie's games share. */
void tables_game_fields_yaml(FILE *f, const tables_ctx *t, size_t i,
                             const char *indent, bool win_points);

/* Which win points a win by a fault gives (the event's
 * fault_win_points), where the game gives win points at all: a
 * `fault_win_points:` line in YAML, a sentence in Markdown. */
void tables_fault_rule_yaml(FILE *f, const tables_ctx *t);
void tables_fault_rule_md(FILE *f, const tables_ctx *t);

/* Does the game of def give win points?  Decided from the game, not from
 * the values: Pentago's tournament rule 5 gives them; Pente has none. */
bool tables_game_has_win_points(const event_def *def);

/* An entrant's name, "(bye)" for -2, "(open)" for -1. */
const char *tables_name(const tables_ctx *t, int entrant);
/* The ranking rows of group (plan_group_table) in an array sized to the
 * event, their number in *n; NULL out of memory.  The caller frees it. */
plan_row *tables_rows(const tables_ctx *t, int group, int *n);
/* Winner of a game (entrant), or -1 for a draw and when both lost (a
 * forfeit of two withdrawn entrants). */
int tables_winner(const tables_game *g);
/* The winner's win points, 0 for a draw. */
int tables_game_win_points(const tables_game *g);
/* "1-0", "0-1", "1/2-1/2" from seat 0's side; "0-0" when both lost. */
const char *tables_score(plan_outcome o);
/* "g1 beat r3", "g1 drew r3", "g1 and r3 both lost": the winner
 * first. */
void tables_said(char *buf, size_t len, const tables_ctx *t,
                 const tables_game *g);
/* The withdrawal of an entrant, or NULL. */
const event_withdrawal *tables_withdrawal(const tables_ctx *t, int entrant);
/* "Withdrawn: r2 withdrew on WHEN (entered by BY): REASON. ..." for the
 * entrants of group (-1: every entrant), nothing when none withdrew. */
void tables_withdrawals_md(FILE *f, const tables_ctx *t, int group);
/* Text in a Markdown table cell: '|' escaped, control characters as
 * blanks. */
void tables_md_text(FILE *f, const char *s);
/* "5-1-2": won, drawn, lost. */
void tables_wdl(char *buf, size_t len, int won, int drawn, int lost);

/* ---- tables_records.c --------------------------------------------------- */

/* t->recdir from t->def's records and results directories. */
void tables_recdir(tables_ctx *t);
/* t->info[i] from the record of game i. */
void tables_records_read(tables_ctx *t, size_t i);
/* "record_dir: ...": where the records are, from the results directory;
 * each game's "record:" is its file there. */
void tables_record_dir_yaml(FILE *f, const tables_ctx *t);
/* The record's path as a Markdown link destination (bytes outside a safe
 * set percent-encoded). */
void tables_record_link(FILE *f, const tables_ctx *t, const tables_game *g);

/* ---- tables.c ----------------------------------------------------------- */

const char *tables_isolation(const tables_ctx *t);
const char *tables_pondering(const tables_ctx *t);
void tables_isolation_yaml(FILE *f, const tables_ctx *t);
void tables_isolation_md(FILE *f, const tables_ctx *t);
/* The head of a group's or a league's YAML table: event, group, format,
 * isolation and record_dir. */
void tables_group_head_yaml(FILE *f, const tables_ctx *t, int group);
/* The end of a ranking row in YAML: decided_by, and the withdrawal,
 * forfeits and entered results when there are any. */
void tables_row_tail_yaml(FILE *f, const plan_row *r);

/* ---- tables_group.c ----------------------------------------------------- */

/* Group t->group (or the league): the ranking, the crosstable, the games. */
int tables_group_yaml(FILE *f, void *ctx);
int tables_group_md_file(FILE *f, void *ctx);
/* Its ranking alone, for the printed summary. */
void tables_group_rank_md(FILE *f, const tables_ctx *t);

/* ---- tables_gauntlet.c -------------------------------------------------- */

int tables_gauntlet_yaml(FILE *f, void *ctx);
int tables_gauntlet_md_file(FILE *f, void *ctx);
/* The challenger's scores without the list of games. */
void tables_gauntlet_score_md(FILE *f, const tables_ctx *t);

/* ---- tables_ffa.c ------------------------------------------------------- */

/* league.yaml/.md of a free-for-all: the ranking (played, points,
 * firsts, places, faults) and every game with each seat's place. */
int tables_ffa_yaml(FILE *f, void *ctx);
int tables_ffa_md_file(FILE *f, void *ctx);
/* Its ranking alone, for the printed summary. */
void tables_ffa_rank_md(FILE *f, const tables_ctx *t);
/* A row's played, points, firsts, places and faults, one per line. */
void tables_ffa_counts_yaml(FILE *f, const tables_ctx *t, const plan_row *r,
                            const char *indent);
/* " 1st | 2nd | ..." for each place (align: the alignment cells). */
void tables_ffa_place_heads_md(FILE *f, const tables_ctx *t, bool align);
/* "1st", "2nd", "3rd", "4th", ... */
void tables_ordinal(char *buf, size_t len, int n);
/* The progress text of a free-for-all record: "a 1st, b 3rd, c 2nd
 * (five-by-rotation)". */
void tables_ffa_record_text(char *buf, size_t len, const event_def *def,
                            const plan_game *g, const record *r);

/* ---- tables_cup.c ------------------------------------------------------- */

int tables_cup_yaml(FILE *f, void *ctx);
int tables_cup_md_file(FILE *f, void *ctx);
/* Each round's ties and their results, for the printed summary. */
void tables_cup_ties_md(FILE *f, const tables_ctx *t);
/* Name of cup round r of a cup of rounds ("final", "semi-finals", ...,
 * "round of 32", "intermediate round" for 0). */
void tables_round_name(char *buf, size_t len, int r, int rounds);

/* ---- tables_final.c ----------------------------------------------------- */

int tables_final_yaml(FILE *f, void *ctx);
void tables_final_md(FILE *f, const tables_ctx *t);

/* ---- shared by the group and gauntlet tables ---------------------------- */

/* The games of a group, listed: id, round, white, black, score, winner,
 * reason, win points, record file, note. */
void tables_games_yaml(FILE *f, const tables_ctx *t, int group);
void tables_games_md(FILE *f, const tables_ctx *t, int group);

#endif
