/* dom.c - reading a serialised DOM in tests (see dom.h). */
#include "dom.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Copy text[0..n) into buf with the serialiser's entities decoded. */
static void dom_decode(const char *text, size_t n, char *buf, size_t len)
{
    static const struct {
        const char *ent;
        char c;
    } ents[] = {{"&amp;", '&'}, {"&quot;", '"'}, {"&lt;", '<'},
                {"&gt;", '>'},  {"&#39;", '\''}, {"&nbsp;", ' '}};
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < len;) {
        bool done = false;
        for (size_t e = 0; e < sizeof ents / sizeof *ents && !done; e++) {
            size_t el = strlen(ents[e].ent);
            if (i + el <= n && !strncmp(text + i, ents[e].ent, el)) {
                buf[k++] = ents[e].c;
                i += el;
                done = true;
            }
        }
        if (!done)
            buf[k++] = text[i++];
    }
    if (len)
        buf[k] = '\0';
}

void dom_name(const char *tag, char *buf, size_t len)
{
    size_t k = 0;
    for (const char *p = tag + 1; (isalnum((unsigned char)*p) || *p == '-') &&
                                  k + 1 < len;
         p++)
        buf[k++] = (char)tolower((unsigned char)*p);
    if (len)
        buf[k] = '\0';
}

/* After the element's start tag: past its closing '>'. */
static const char *dom_after_tag(const char *tag)
{
    const char *p = tag + 1;
    while (*p && *p != '>') {
        if (*p == '"') {
            const char *q = strchr(p + 1, '"');
            p = q ? q : p + strlen(p) - 1;
        }
        p++;
    }
    return *p ? p + 1 : p;
}

/* Past the contents of a script or style element starting at tag. */
static const char *dom_skip_raw(const char *tag)
{
    char name[16], close[24];
    dom_name(tag, name, sizeof name);
    if (strcmp(name, "script") && strcmp(name, "style"))
        return dom_after_tag(tag);
    snprintf(close, sizeof close, "</%s", name);
    const char *p = strcasestr(dom_after_tag(tag), close);
    return p ? p : tag + strlen(tag);
}

const char *dom_next(const char *p, const char *end)
{
    for (; p && *p && (!end || p < end); p++) {
        if (*p != '<')
            continue;
        if (!strncmp(p, "<!--", 4)) {
            const char *q = strstr(p, "-->");
            if (!q)
                return NULL;
            p = q + 2;
        } else if (isalpha((unsigned char)p[1])) {
            return p;
        }
    }
    return NULL;
}

const char *dom_step(const char *tag, const char *end)
{
    return dom_next(dom_skip_raw(tag), end);
}

bool dom_attr(const char *tag, const char *attr, char *buf, size_t len)
{
    const char *stop = dom_after_tag(tag);
    size_t al = strlen(attr);
    for (const char *p = tag + 1; p < stop; p++) {
        if (*p == '"') {
            const char *q = strchr(p + 1, '"');
            if (!q)
                return false;
            p = q;
            continue;
        }
        if (!isspace((unsigned char)p[-1]) || strncasecmp(p, attr, al))
            continue;
        const char *v = p + al;
        if (*v == '=' && v[1] == '"') {
            const char *q = strchr(v + 2, '"');
            if (!q)
                return false;
            dom_decode(v + 2, (size_t)(q - v - 2), buf, len);
            return true;
        }
        if (isspace((unsigned char)*v) || *v == '>' || *v == '/') {
            dom_decode("", 0, buf, len);
            return true;
        }
    }
    return false;
}

bool dom_has_class(const char *tag, const char *cls)
{
    char list[512];
    if (!dom_attr(tag, "class", list, sizeof list))
        return false;
    size_t cl = strlen(cls);
    for (char *p = list; *p;) {
        size_t n = strcspn(p, " \t\n");
        if (n == cl && !strncmp(p, cls, cl))
            return true;
        p += n;
        p += strspn(p, " \t\n");
    }
    return false;
}

const char *dom_end(const char *tag)
{
    char name[32], other[32], close[40];
    dom_name(tag, name, sizeof name);
    snprintf(close, sizeof close, "</%s", name);
    size_t cl = strlen(close);
    int depth = 1;
    const char *p = dom_skip_raw(tag);
    for (; *p; p++) {
        if (*p != '<')
            continue;
        if (!strncasecmp(p, close, cl) && !isalnum((unsigned char)p[cl])) {
            if (--depth == 0)
                return p;
        } else if (isalpha((unsigned char)p[1])) {
            dom_name(p, other, sizeof other);
            if (!strcmp(other, name))
                depth++;
            p = dom_skip_raw(p) - 1;
        }
    }
    return p;
}

const char *dom_by_id(const char *dom, const char *id)
{
    char val[256];
    for (const char *t = dom_next(dom, NULL); t; t = dom_step(t, NULL))
        if (dom_attr(t, "id", val, sizeof val) && !strcmp(val, id))
            return t;
    return NULL;
}

void dom_text(const char *tag, char *buf, size_t len)
{
    const char *end = dom_end(tag);
    size_t k = 0;
    bool blank = true; /* drop leading blanks and repeated ones */
    for (const char *p = dom_after_tag(tag); p < end && k + 1 < len;) {
        if (*p == '<') {
            p = isalpha((unsigned char)p[1]) ? dom_skip_raw(p)
                                             : dom_after_tag(p);
            continue;
        }
        size_t n = strcspn(p, "<");
        if (p + n > end)
            n = (size_t)(end - p);
        char piece[1024];
        dom_decode(p, n, piece, sizeof piece);
        for (char *c = piece; *c && k + 1 < len; c++) {
            bool sp = isspace((unsigned char)*c);
            if (!(sp && blank))
                buf[k++] = sp ? ' ' : *c;
            blank = sp;
        }
        p += n;
    }
    while (k && buf[k - 1] == ' ')
        k--;
    if (len)
        buf[k] = '\0';
}

int dom_count_attr(const char *from, const char *end, const char *attr)
{
    char val[8];
    int n = 0;
    for (const char *t = dom_next(from, end); t; t = dom_step(t, end))
        n += dom_attr(t, attr, val, sizeof val);
    return n;
}
