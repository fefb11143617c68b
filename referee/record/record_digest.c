/*
 * record_digest.c - the digest that makes a record tamper-evident
 * (SCHEMA.md, "Digest").
 *
 * The last line of a record is `digest: "sha256:HEX"`, the SHA-256 of
 * every byte before it.  The bytes are hashed as they are on disk, not a
 * canonical form of the content: the referee writes every record in one
 * fixed layout, so there is nothing to canonicalise, and a reader needs no
 * YAML to recompute it (`head -n -1 FILE | sha256sum`).  A digest makes an
 * edit evident, not impossible: anyone can recompute it, so it catches
 * edits by hand and by tools that do not know it.
 */
#include "record.h"

#include <stdio.h>
#include <string.h>

#define RECORD_DIGEST_PREFIX RECORD_DIGEST_KEY ": \"sha256:"

/* Where the last line of buf begins (a final newline ends it, it does not
 * begin another). */
static size_t record_digest_last_line(const char *buf, size_t len)
{
    size_t end = len;
    if (end > 0 && buf[end - 1] == '\n')
        end--;
    while (end > 0 && buf[end - 1] != '\n')
        end--;
    return end;
}

/* Is the line at s (len bytes, without its newline) a digest line?  The
 * recorded text goes to out. */
static bool record_digest_line(const char *s, size_t len,
                               char out[SHA256_TEXT_MAX])
{
    size_t pre = strlen(RECORD_DIGEST_PREFIX);
    if (len != pre + 2 * SHA256_BYTES + 1 ||
        memcmp(s, RECORD_DIGEST_PREFIX, pre) != 0 || s[len - 1] != '"')
        return false;
    for (size_t i = pre; i < len - 1; i++)
        if (!strchr("0123456789abcdef", s[i]) || !s[i])
            return false;
    snprintf(out, SHA256_TEXT_MAX, "%.*s", (int)(len - pre + 6),
             s + pre - 7);
    return true;
}

/* The 1-based number of the line that starts at offset at. */
static unsigned long record_digest_line_no(const char *buf, size_t at)
{
    unsigned long n = 1;
    for (size_t i = 0; i < at; i++)
        n += buf[i] == '\n';
    return n;
}

void record_digest_scan(record *r, const char *buf, size_t len,
                        unsigned long line)
{
    r->digest = RECORD_DIGEST_NONE;
    r->digest_recorded[0] = r->digest_actual[0] = '\0';
    size_t start = record_digest_last_line(buf, len);
    size_t end = len > start && buf[len - 1] == '\n' ? len - 1 : len;
    if (!record_digest_line(buf + start, end - start, r->digest_recorded)) {
        /* The YAML has a digest, but the last line is not it. */
        r->digest_recorded[0] = '\0';
        if (line)
            r->digest = RECORD_DIGEST_MISPLACED;
        return;
    }
    if (line != record_digest_line_no(buf, start)) {
        r->digest = RECORD_DIGEST_MISPLACED;
        return;
    }
    sha256_text(buf, start, r->digest_actual);
    r->digest = strcmp(r->digest_actual, r->digest_recorded) == 0
                    ? RECORD_DIGEST_OK
                    : RECORD_DIGEST_BAD;
}

int record_digest_check(const record *r, const char *path, bool accept_none,
                        char *err, size_t errlen)
{
    switch (r->digest) {
    case RECORD_DIGEST_OK:
        return 0;
    case RECORD_DIGEST_BAD:
        snprintf(err, errlen,
                 "%s: digest: the record was changed after it was written: "
                 "its content gives %s, not the recorded %s (an edit by "
                 "hand, or by a tool that does not know the digest)",
                 path, r->digest_actual, r->digest_recorded);
        return -1;
    case RECORD_DIGEST_MISPLACED:
        snprintf(err, errlen,
                 "%s: digest: it is not the file's last line: lines were "
                 "added or changed after the digest, which covers every "
                 "byte before it",
                 path);
        return -1;
    case RECORD_DIGEST_NONE:
        break;
    }
    if (accept_none)
        return 0;
    snprintf(err, errlen,
             "%s: digest: the record has none (written before records "
             "carried one, or its digest line was removed), so an edit "
             "cannot be detected; --accept-undigested takes it as it is",
             path);
    return -1;
}
