/* report.c - check-bot's verdicts, step by step (see report.h). */
#include "checkbot/report.h"

#include "util/grow.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    ckrep_status status;
    char detail[480];
    char *sent, *err; /* shown under a failure */
} ckrep_entry;

typedef struct {
    char title[128];
    ckrep_entry step[CKSTEP_COUNT];
    bool not_played, printed;
    char why[480];
    char *err;
} ckrep_block_t;

struct ckrep {
    FILE *out;
    ckrep_block_t *b;
    size_t n, cap;
};

ckrep *ckrep_new(FILE *out, const char *title)
{
    ckrep *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->out = out;
    if (ckrep_block(r, title) != 0) {
        free(r);
        return NULL;
    }
    return r;
}

static void ckrep_entry_clear(ckrep_entry *e)
{
    free(e->sent);
    free(e->err);
    e->sent = e->err = NULL;
}

void ckrep_free(ckrep *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n; i++) {
        for (int s = 0; s < CKSTEP_COUNT; s++)
            ckrep_entry_clear(&r->b[i].step[s]);
        free(r->b[i].err);
    }
    free(r->b);
    free(r);
}

int ckrep_block(ckrep *r, const char *title)
{
    ckrep_block_t *b = grow(r->b, &r->cap, r->n + 1, sizeof *b, 8);
    if (!b)
        return -1;
    r->b = b;
    memset(&r->b[r->n], 0, sizeof r->b[r->n]);
    snprintf(r->b[r->n].title, sizeof r->b[r->n].title, "%s", title);
    return (int)r->n++;
}

static ckrep_entry *ckrep_at(ckrep *r, int block, ckstep s)
{
    if (block < 0 || (size_t)block >= r->n || s >= CKSTEP_COUNT)
        return NULL;
    return &r->b[block].step[s];
}

static void ckrep_set(ckrep_entry *e, ckrep_status st, const char *fmt,
                      va_list ap)
{
    e->status = st;
    vsnprintf(e->detail, sizeof e->detail, fmt, ap);
}

void ckrep_pass(ckrep *r, int block, ckstep s, const char *fmt, ...)
{
    ckrep_entry *e = ckrep_at(r, block, s);
    if (!e || e->status != CKREP_NONE)
        return;
    va_list ap;
    va_start(ap, fmt);
    ckrep_set(e, CKREP_PASS, fmt, ap);
    va_end(ap);
}

void ckrep_info(ckrep *r, int block, ckstep s, const char *fmt, ...)
{
    ckrep_entry *e = ckrep_at(r, block, s);
    if (!e || e->status == CKREP_INFO || e->status == CKREP_FAIL)
        return;
    va_list ap;
    va_start(ap, fmt);
    ckrep_set(e, CKREP_INFO, fmt, ap);
    va_end(ap);
}

static char *ckrep_dup(const char *s)
{
    return s && *s ? strdup(s) : NULL;
}

void ckrep_fail(ckrep *r, int block, ckstep s, const char *sent,
                const char *err, const char *fmt, ...)
{
    ckrep_entry *e = ckrep_at(r, block, s);
    if (!e || e->status == CKREP_FAIL)
        return;
    va_list ap;
    va_start(ap, fmt);
    ckrep_set(e, CKREP_FAIL, fmt, ap);
    va_end(ap);
    ckrep_entry_clear(e);
    e->sent = ckrep_dup(sent);
    e->err = ckrep_dup(err);
}

void ckrep_not_played(ckrep *r, int block, const char *err, const char *fmt,
                      ...)
{
    if (block < 0 || (size_t)block >= r->n)
        return;
    ckrep_block_t *b = &r->b[block];
    b->not_played = true;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->why, sizeof b->why, fmt, ap);
    va_end(ap);
    free(b->err);
    b->err = ckrep_dup(err);
}

ckrep_status ckrep_get(const ckrep *r, int block, ckstep s)
{
    if (block < 0 || (size_t)block >= r->n || s >= CKSTEP_COUNT)
        return CKREP_NONE;
    return r->b[block].step[s].status;
}

bool ckrep_failed(const ckrep *r, int block)
{
    for (int s = 0; s < CKSTEP_COUNT; s++)
        if (ckrep_get(r, block, (ckstep)s) == CKREP_FAIL)
            return true;
    return false;
}

bool ckrep_not_played_block(const ckrep *r, int block)
{
    return block >= 0 && (size_t)block < r->n && r->b[block].not_played;
}

/* Each line of text, after prefix. */
static void ckrep_lines(FILE *out, const char *prefix, const char *text)
{
    for (const char *l = text; l && *l;) {
        const char *nl = strchr(l, '\n');
        int len = nl ? (int)(nl - l) : (int)strlen(l);
        fprintf(out, "%s%.*s\n", prefix, len, l);
        l += len + (nl != NULL);
    }
}

void ckrep_print(ckrep *r, int block)
{
    if (block < 0 || (size_t)block >= r->n)
        return;
    ckrep_block_t *b = &r->b[block];
    b->printed = true;
    if (b->not_played) {
        fprintf(r->out, "%s\n  INFO not played: %s\n", b->title, b->why);
        if (b->err) {
            fprintf(r->out, "       its stderr ends:\n");
            ckrep_lines(r->out, "       | ", b->err);
        }
        fflush(r->out);
        return;
    }
    static const char *const word[] = {"", "PASS", "INFO", "FAIL"};
    fprintf(r->out, "%s\n", b->title);
    for (int s = 0; s < CKSTEP_COUNT; s++) {
        const ckrep_entry *e = &b->step[s];
        if (e->status == CKREP_NONE)
            continue;
        fprintf(r->out, "  %s %s%s%s\n", word[e->status],
                ckstep_name((ckstep)s), e->detail[0] ? ": " : "", e->detail);
        if (e->sent) {
            fprintf(r->out, "       the last lines it was sent:\n");
            ckrep_lines(r->out, "       > ", e->sent);
        }
        if (e->err) {
            fprintf(r->out, "       its stderr ends:\n");
            ckrep_lines(r->out, "       | ", e->err);
        }
    }
    fflush(r->out);
}

void ckrep_counts(const ckrep *r, int *pass, int *fail, int *info)
{
    *pass = *fail = *info = 0;
    for (size_t i = 0; i < r->n; i++) {
        if (!r->b[i].printed)
            continue;
        if (r->b[i].not_played) {
            (*info)++;
            continue;
        }
        for (int s = 0; s < CKSTEP_COUNT; s++) {
            ckrep_status st = r->b[i].step[s].status;
            *pass += st == CKREP_PASS;
            *fail += st == CKREP_FAIL;
            *info += st == CKREP_INFO;
        }
    }
}
