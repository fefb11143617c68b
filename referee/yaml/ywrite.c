/* ywrite.c - double-quoted YAML scalars (see ywrite.h for what is
 * escaped and why). */
#include "ywrite.h"

#include <stdbool.h>
#include <stddef.h>

/* Length of the valid UTF-8 sequence at s, with its code point in *cp, or
 * 0.  Valid as libyaml's reader has it: no overlong forms, no surrogates,
 * at most U+10FFFF.  Never reads past a NUL (it is not a continuation). */
static size_t ywrite_utf8(const unsigned char *s, unsigned *cp)
{
    static const unsigned min[] = {0, 0, 0x80, 0x800, 0x10000};
    unsigned c = s[0], v;
    size_t n;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if ((c & 0xE0) == 0xC0)
        n = 2, v = c & 0x1F;
    else if ((c & 0xF0) == 0xE0)
        n = 3, v = c & 0x0F;
    else if ((c & 0xF8) == 0xF0)
        n = 4, v = c & 0x07;
    else
        return 0;
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[k] & 0x3F);
    }
    if (v < min[n] || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF)
        return 0;
    *cp = v;
    return n;
}

/* Must code point cp be escaped between double quotes? */
static bool ywrite_needs_escape(unsigned cp)
{
    return cp < 0x20 || cp == '"' || cp == '\\' || cp == 0x7F ||
           (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
           cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF;
}

/* Write the escape of cp (one that ywrite_needs_escape accepts). */
static void ywrite_escape(FILE *f, unsigned cp)
{
    switch (cp) {
    case '"':
        fputs("\\\"", f);
        return;
    case '\\':
        fputs("\\\\", f);
        return;
    case '\t':
        fputs("\\t", f);
        return;
    case '\n':
        fputs("\\n", f);
        return;
    case '\r':
        fputs("\\r", f);
        return;
    }
    fprintf(f, cp <= 0xFF ? "\\x%02X" : "\\u%04X", cp);
}

void ywrite_str(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        size_t n = ywrite_utf8(p, &cp);
        if (n == 0) {
            fputs("\xEF\xBF\xBD", f); /* U+FFFD for one stray byte */
            p++;
            continue;
        }
        if (ywrite_needs_escape(cp))
            ywrite_escape(f, cp);
        else
            fwrite(p, 1, n, f);
        p += n;
    }
    fputc('"', f);
}
