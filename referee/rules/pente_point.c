/* pente_point.c - the names of Pente's intersections (see pente_point.h). */
#include "pente_point.h"

#include "pente.h"
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char pente_point_cols[] = "ABCDEFGHJKLMNOPQRST";

const char *pente_point_name(int cell, char buf[PENTE_POINT_NAME_MAX])
{
    if (cell < 0 || cell >= PENTE_CELLS) {
        buf[0] = '?';
        buf[1] = 0;
        return buf;
    }
    int row = PENTE_N - cell / PENTE_N, n = 0;
    buf[n++] = pente_point_cols[cell % PENTE_N];
    if (row >= 10)
        buf[n++] = '1';
    buf[n++] = (char)('0' + row % 10);
    buf[n] = 0;
    return buf;
}

/* Column index of a letter (either case), -1 if none. */
static int pente_point_col(int ch)
{
    ch = toupper(ch);
    const char *p = ch ? strchr(pente_point_cols, ch) : NULL;
    return p ? (int)(p - pente_point_cols) : -1;
}

/* Say why the column letter at t is not one of the board's. */
static void pente_point_bad_col(const char *t, char *why, size_t whylen)
{
    char q[8];
    int ch = toupper((unsigned char)t[0]);
    if (ch == 'I')
        snprintf(why, whylen, "there is no column I (columns A-T without I)");
    else if (ch >= 'U' && ch <= 'Z')
        snprintf(why, whylen,
                 "column %c is off the board (columns A-T without I)", ch);
    else
        snprintf(why, whylen, "'%s' is not a column A-T",
                 rules_quote(t, 1, q, sizeof q));
}

bool pente_point_scan(const char **s, int *cell, char *why, size_t whylen)
{
    char q[40];
    const char *t = *s;
    int col = pente_point_col((unsigned char)t[0]);
    if (col < 0) {
        pente_point_bad_col(t, why, whylen);
        return false;
    }
    if (!isdigit((unsigned char)t[1])) {
        if (t[1])
            snprintf(why, whylen, "'%s' is not a row 1-19",
                     rules_quote(t + 1, 1, q, sizeof q));
        else
            snprintf(why, whylen, "row missing after column %c",
                     toupper((unsigned char)t[0]));
        return false;
    }
    /* Three digits at most, so that a long run cannot overflow; a longer
     * run, a leading 0 or a row outside 1-19 is off the board. */
    int row = 0, n = 1;
    while (isdigit((unsigned char)t[n]) && n < 4)
        row = row * 10 + (t[n++] - '0');
    if (isdigit((unsigned char)t[n]) || row < 1 || row > PENTE_N ||
        t[1] == '0') {
        size_t len = 1;
        while (isdigit((unsigned char)t[len]))
            len++;
        snprintf(why, whylen, "row %s is off the board (rows 1-19)",
                 rules_quote(t + 1, len - 1 < 8 ? len - 1 : 8, q, sizeof q));
        return false;
    }
    *cell = (PENTE_N - row) * PENTE_N + col;
    *s = t + n;
    return true;
}
