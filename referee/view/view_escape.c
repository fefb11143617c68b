/* view_escape.c - untrusted text into an HTML page (see view_escape.h). */
#include "view/view_escape.h"

#include <stddef.h>

/* The length of the valid UTF-8 sequence at s (1-4), or 0 when the bytes
 * there are not one (an overlong form, a surrogate, a cut sequence). */
static int view_utf8_len(const unsigned char *s)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xc2 && c <= 0xdf   ? 2
            : c >= 0xe0 && c <= 0xef ? 3
            : c >= 0xf0 && c <= 0xf4 ? 4
                                     : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0) ||
        (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* U+2028 and U+2029 end a line in older JavaScript. */
static int view_is_line_sep(const unsigned char *s)
{
    return s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9);
}

static void view_json_char(FILE *f, unsigned char c)
{
    switch (c) {
    case '"': fputs("\\\"", f); break;
    case '\\': fputs("\\\\", f); break;
    case '\n': fputs("\\n", f); break;
    case '\t': fputs("\\t", f); break;
    case '<': case '>': case '&':
        fprintf(f, "\\u%04x", c);
        break;
    default:
        if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
}

void view_json_str(FILE *f, const char *s)
{
    if (!s) {
        fputs("null", f);
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        int n = view_utf8_len(p);
        if (n == 0) {
            fputs("\\ufffd", f);
            p++;
        } else if (n == 1) {
            view_json_char(f, *p++);
        } else if (n == 3 && view_is_line_sep(p)) {
            fprintf(f, "\\u%04x", p[2] == 0xa8 ? 0x2028 : 0x2029);
            p += 3;
        } else {
            fwrite(p, 1, (size_t)n, f);
            p += n;
        }
    }
    fputc('"', f);
}

void view_html_text(FILE *f, const char *s)
{
    if (!s)
        return;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = view_utf8_len(p);
        if (n == 0) {
            fputs("\xef\xbf\xbd", f);
            p++;
            continue;
        }
        if (n > 1) {
            fwrite(p, 1, (size_t)n, f);
            p += n;
            continue;
        }
        unsigned char c = *p++;
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default:
            if (c >= 0x20 && c != 0x7f)
                fputc(c, f);
        }
    }
}
