/* pente_settings.c - a Pente game's settings from its options text, back to
 * canonical text, and compared (see pente_settings.h). */
#include "pente_settings.h"
#include "rules_engine.h"

#include "pente_point.h"
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const pente_variant_names[] = {
    [PENTE_STANDARD] = "standard",
    [PENTE_PLUS] = "plus",
    [PENTE_PARTNER] = "partner",
    [PENTE_TEAM] = "team",
};
#define PENTE_NVARIANTS \
    (sizeof pente_variant_names / sizeof pente_variant_names[0])

const char *pente_variant_name(pente_variant v)
{
    return (unsigned)v < PENTE_NVARIANTS ? pente_variant_names[v] : "?";
}

/* ---- one parser per option ---------------------------------------------- */

/* An option's value parser: set its field of *s from val[0..len) (never
 * empty), or return false with what is wrong in err; the caller puts the
 * option's name in front. */
typedef bool pente_option_fn(pente_settings *s, const char *val, size_t len,
                             char *err, size_t errlen);

/* Quote a value for a message, at most 30 bytes of it. */
static const char *pente_quote_value(const char *val, size_t len, char *q,
                                     size_t qlen)
{
    return rules_quote(val, len < 30 ? len : 30, q, qlen);
}

static bool pente_opt_opening(pente_settings *s, const char *val, size_t len,
                              char *err, size_t errlen)
{
    char q[4 * 30 + 1];
    if (len == 10 && strncmp(val, "tournament", 10) == 0)
        s->tournament = true;
    else if (len == 4 && strncmp(val, "free", 4) == 0)
        s->tournament = false;
    else {
        snprintf(err, errlen, "'%s' is not tournament or free",
                 pente_quote_value(val, len, q, sizeof q));
        return false;
    }
    return true;
}

static bool pente_opt_movecap(pente_settings *s, const char *val, size_t len,
                              char *err, size_t errlen)
{
    char q[4 * 30 + 1];
    if (!rules_read_int(val, len, 0, 65535, &s->movecap)) {
        snprintf(err, errlen,
                 "'%s' is not a number 0-65535 (plies; 0 = none)",
                 pente_quote_value(val, len, q, sizeof q));
        return false;
    }
    return true;
}

static bool pente_opt_captures(pente_settings *s, const char *val,
                               size_t len, char *err, size_t errlen)
{
    char q[4 * 30 + 1];
    bool team = s->variant == PENTE_TEAM;
    /* Pairs, or stones in team: at most 200 stones either way, so that the
     * count fits the position's byte. */
    if (!rules_read_int(val, len, 1, team ? 200 : 100, &s->captures)) {
        snprintf(err, errlen, "'%s' is not a number %s",
                 pente_quote_value(val, len, q, sizeof q),
                 team ? "1-200 (enemy stones)" : "1-100 (pairs)");
        return false;
    }
    return true;
}

/* Add the point item[0..len) of the diamond list val to *s. */
static bool pente_add_diamond(pente_settings *s, const char *item,
                              size_t len, const char *val, size_t vlen,
                              char *err, size_t errlen)
{
    char q[4 * 30 + 1], why[RULES_REASON_MAX];
    if (len == 0) {
        snprintf(err, errlen, "a point is missing in '%s'",
                 pente_quote_value(val, vlen, q, sizeof q));
        return false;
    }
    const char *t = item;
    int cell;
    if (!pente_point_scan(&t, &cell, why, sizeof why)) {
        snprintf(err, errlen, "'%s': %s",
                 pente_quote_value(item, len, q, sizeof q), why);
        return false;
    }
    if (t != item + len) {
        snprintf(err, errlen, "'%s' is not a point like D4",
                 pente_quote_value(item, len, q, sizeof q));
        return false;
    }
    if (pente_settings_diamond(s, cell)) {
        char name[PENTE_POINT_NAME_MAX];
        snprintf(err, errlen, "%s is listed twice",
                 pente_point_name(cell, name));
        return false;
    }
    s->diamonds[cell / 64] |= 1ULL << (cell % 64);
    return true;
}

static bool pente_opt_diamonds(pente_settings *s, const char *val,
                               size_t len, char *err, size_t errlen)
{
    /* The list replaces the default points. */
    memset(s->diamonds, 0, sizeof s->diamonds);
    const char *p = val, *end = val + len;
    for (;;) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        size_t ilen = (size_t)((comma ? comma : end) - p);
        if (!pente_add_diamond(s, p, ilen, val, len, err, errlen))
            return false;
        if (!comma)
            return true;
        p = comma + 1;
    }
}

/* The options in canonical order. */
static const struct {
    const char *key;
    pente_option_fn *parse;
    bool plus_only;
} pente_options[] = {
    {"opening", pente_opt_opening, false},
    {"movecap", pente_opt_movecap, false},
    {"captures", pente_opt_captures, false},
    {"diamonds", pente_opt_diamonds, true},
};
#define PENTE_NOPTIONS (sizeof pente_options / sizeof pente_options[0])

/* ---- the options text --------------------------------------------------- */

/* Index in pente_options of the key k[0..len) for variant v, or -1. */
static int pente_option_find(const char *k, size_t len, pente_variant v)
{
    for (size_t i = 0; i < PENTE_NOPTIONS; i++)
        if (strlen(pente_options[i].key) == len &&
            strncmp(pente_options[i].key, k, len) == 0 &&
            (!pente_options[i].plus_only || v == PENTE_PLUS))
            return (int)i;
    return -1;
}

/* Say that k[0..len) is no option of variant v, and which are. */
static void pente_option_unknown(const char *k, size_t len, pente_variant v,
                                 char *err, size_t errlen)
{
    char q[4 * 30 + 1];
    if (pente_option_find(k, len, PENTE_PLUS) >= 0) {
        snprintf(err, errlen, "%s: an option of the plus variant only",
                 pente_quote_value(k, len, q, sizeof q));
        return;
    }
    char known[64] = "";
    size_t n = 0;
    for (size_t i = 0; i < PENTE_NOPTIONS; i++)
        if (!pente_options[i].plus_only || v == PENTE_PLUS)
            n += (size_t)snprintf(known + n, sizeof known - n, "%s%s",
                                  n ? ", " : "", pente_options[i].key);
    snprintf(err, errlen, "unknown option '%s' (known: %s)",
             pente_quote_value(k, len, q, sizeof q), known);
}

/* Parse one key=value word w[0..len) into *s; seen marks the options met
 * so far. */
static bool pente_option_word(pente_settings *s, const char *w, size_t len,
                              unsigned *seen, char *err, size_t errlen)
{
    char q[4 * 30 + 1], what[RULES_REASON_MAX];
    const char *eq = memchr(w, '=', len);
    if (!eq || eq == w) {
        snprintf(err, errlen, "option '%s' is not key=value",
                 pente_quote_value(w, len, q, sizeof q));
        return false;
    }
    size_t klen = (size_t)(eq - w), vlen = len - klen - 1;
    int i = pente_option_find(w, klen, s->variant);
    if (i < 0) {
        pente_option_unknown(w, klen, s->variant, err, errlen);
        return false;
    }
    const char *key = pente_options[i].key;
    if (*seen >> i & 1) {
        snprintf(err, errlen, "%s: given twice", key);
        return false;
    }
    *seen |= 1u << i;
    if (vlen == 0) {
        snprintf(err, errlen, "%s: no value after '='", key);
        return false;
    }
    if (!pente_options[i].parse(s, eq + 1, vlen, what, sizeof what)) {
        snprintf(err, errlen, "%s: %s", key, what);
        return false;
    }
    return true;
}

bool pente_settings_parse(pente_settings *s, const char *variant,
                          const char *options, char *err, size_t errlen)
{
    size_t v = 0;
    while (v < PENTE_NVARIANTS && strcmp(variant, pente_variant_names[v]))
        v++;
    if (v == PENTE_NVARIANTS) {
        char q[4 * 30 + 1];
        snprintf(err, errlen, "unknown variant '%s' of pente",
                 rules_quote(variant, 30, q, sizeof q));
        return false;
    }
    pente_settings_default(s, (pente_variant)v);
    unsigned seen = 0;
    for (const char *w = options ? options : ""; *w;) {
        w += strspn(w, " \t");
        size_t len = strcspn(w, " \t");
        if (len && !pente_option_word(s, w, len, &seen, err, errlen))
            return false;
        w += len;
    }
    return true;
}

/* ---- canonical text and comparison -------------------------------------- */

size_t pente_settings_write(const pente_settings *s, char *buf, size_t len)
{
    size_t n = 0;
    if (len)
        buf[0] = 0;
    RULES_PUT("opening=%s movecap=%d captures=%d",
              s->tournament ? "tournament" : "free", s->movecap, s->captures);
    if (s->variant == PENTE_PLUS) {
        const char *sep = " diamonds=";
        for (int cell = 0; cell < PENTE_CELLS; cell++) {
            char name[PENTE_POINT_NAME_MAX];
            if (!pente_settings_diamond(s, cell))
                continue;
            RULES_PUT("%s%s", sep, pente_point_name(cell, name));
            sep = ",";
        }
    }
    return n;
}

bool pente_settings_same(const pente_settings *a, const pente_settings *b,
                         char *why, size_t whylen)
{
    if (a->variant != b->variant) {
        snprintf(why, whylen, "variant=%s against variant=%s",
                 pente_variant_name(a->variant),
                 pente_variant_name(b->variant));
        return false;
    }
    if (a->tournament != b->tournament) {
        snprintf(why, whylen, "opening=%s against opening=%s",
                 a->tournament ? "tournament" : "free",
                 b->tournament ? "tournament" : "free");
        return false;
    }
    if (a->movecap != b->movecap) {
        snprintf(why, whylen, "movecap=%d against movecap=%d", a->movecap,
                 b->movecap);
        return false;
    }
    if (a->captures != b->captures) {
        snprintf(why, whylen, "captures=%d against captures=%d",
                 a->captures, b->captures);
        return false;
    }
    for (int cell = 0; cell < PENTE_CELLS; cell++) {
        bool in_a = pente_settings_diamond(a, cell);
        if (in_a == pente_settings_diamond(b, cell))
            continue;
        char name[PENTE_POINT_NAME_MAX];
        snprintf(why, whylen,
                 "diamonds: %s is a diamond point in the %s game only",
                 pente_point_name(cell, name), in_a ? "first" : "second");
        return false;
    }
    return true;
}
