/*
 * report.h - what check-bot found, one line per step: PASS, FAIL with
 * the reason (and, under it, the last lines sent to the bot and the last
 * lines of its stderr), or INFO.
 *
 * Steps are reported in blocks: the bot's own (block 0: its start and
 * handshake) and one per game and variant.  A step seen several times in
 * a block (every game checks `quit`) keeps its first PASS, and any FAIL
 * replaces it; INFO replaces a PASS (the step went through, and there is
 * something to tell).  A block is printed whole, steps in course order.
 */
#ifndef CHECKBOT_REPORT_H
#define CHECKBOT_REPORT_H

#include "checkbot/steps.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum {
    CKREP_NONE = 0,
    CKREP_PASS,
    CKREP_INFO,
    CKREP_FAIL,
} ckrep_status;

typedef struct ckrep ckrep;

/* Block 0 is made here, titled title.  NULL when out of memory. */
ckrep *ckrep_new(FILE *out, const char *title);
void ckrep_free(ckrep *r);
/* A new block; its number, or -1 when out of memory. */
int ckrep_block(ckrep *r, const char *title);

void ckrep_pass(ckrep *r, int block, ckstep s, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void ckrep_info(ckrep *r, int block, ckstep s, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* sent and err: lines (each ending in LF) shown under the failure, or
 * NULL. */
void ckrep_fail(ckrep *r, int block, ckstep s, const char *sent,
                const char *err, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* The block stands for a game the bot does not play: printed as one INFO
 * line with why, and err under it. */
void ckrep_not_played(ckrep *r, int block, const char *err, const char *fmt,
                      ...) __attribute__((format(printf, 4, 5)));

ckrep_status ckrep_get(const ckrep *r, int block, ckstep s);
/* Whether any step of the block failed. */
bool ckrep_failed(const ckrep *r, int block);
/* Whether the block stands for a game the bot does not play. */
bool ckrep_not_played_block(const ckrep *r, int block);

void ckrep_print(ckrep *r, int block);
/* Steps reported over the blocks printed. */
void ckrep_counts(const ckrep *r, int *pass, int *fail, int *info);

#endif
