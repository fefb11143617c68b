/*
 * replay.h - re-check a match record against the rules: whose turn each
 * move was, that it is legal and written canonically, and that the
 * recorded result, reason, win points and final position follow from the
 * moves (for a fault: that the game was still going and, for a timeout or
 * an illegal move, that the blamed seat was on move); then that its times
 * are possible under its time control (record_clock_check), and that a
 * record read with a digest still has the content it was written with
 * (record_digest_check).  The rules come first: when an edit changed what
 * the rules see, that says more than "the digest does not match"; but
 * lines added after the digest are named before anything else, since they
 * may be what the rules or the clock would then complain about.  A result
 * a person entered (`entered`: a forfeit, an adjudication) is not the
 * rules' to give: its moves, clock and digest are checked, not its result.
 */
#ifndef REPLAY_H
#define REPLAY_H

#include "record/record.h"
#include "rules.h"

#include <stddef.h>

/* Called with the position before the first move (ply 0) and after every
 * move (ply 1..n). */
typedef void (*replay_show_fn)(const rules_game *g, const rules_pos *pos,
                               const record *r, size_t ply, void *arg);

/* 0 when r agrees with the rules, the clock and its digest; 1 with
 * "FILE: ply N: ...", "FILE: result: ..." or "FILE: digest: ..." in err.
 * A record without a digest passes here (RECORD_DIGEST_NONE): whether to
 * take one is the caller's choice.  show may be NULL. */
int replay_check(const record *r, const char *file, replay_show_fn show,
                 void *arg, char *err, size_t errlen);

#endif
