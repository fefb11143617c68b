/*
 * ywrite.h - the one writer of strings in the referee's YAML files: match
 * records (record_write.c), the resolved event definition (event_def.c)
 * and the tables (tables.c).  Callers write keys, numbers and layout
 * themselves; every string goes through ywrite_str, so every file reads
 * back through libyaml (ytree.h) the same way.
 *
 * A string is always double-quoted: the one YAML scalar style that holds
 * any text, so that move texts like yes, 1, null or ~ stay strings and
 * ':', '#' or quotes need no thought.  Inside the quotes, what a YAML 1.1
 * or 1.2 reader refuses raw, or would fold or strip, is escaped:
 *
 *   "  \  tab  newline  CR      \"  \\  \t  \n  \r
 *   other C0 controls, DEL       \x01 ... \x1F, \x7F
 *   C1 controls U+0080..U+009F   \x80 ... \x9F (U+0085 is a line break
 *                                in YAML 1.1, the others are refused)
 *   U+2028, U+2029               \u2028, \u2029 (line breaks in YAML 1.1)
 *   U+FEFF, U+FFFE, U+FFFF       \uFEFF, \uFFFE, \uFFFF (byte-order mark,
 *                                non-characters refused raw)
 *
 * libyaml reads \xNN as the code point U+00NN, so every string that is
 * valid UTF-8 reads back byte for byte.  Everything else (accented
 * letters, other scripts, emoji) is written raw, as UTF-8, for people.
 *
 * Bytes that are not valid UTF-8 (a bot may send any) cannot be written
 * as such: YAML text is Unicode, and an escape would read back as a
 * different, valid character.  Each byte that does not begin a valid
 * sequence (libyaml's rules: no overlong forms, no surrogates, nothing
 * above U+10FFFF) is written as U+FFFD, the replacement character, and
 * the rest of the string is kept.  A string never makes the write fail.
 */
#ifndef YWRITE_H
#define YWRITE_H

#include <stdio.h>

/* Write s as a double-quoted YAML scalar, or a plain null for NULL.
 * Errors are the stream's: check ferror(f). */
void ywrite_str(FILE *f, const char *s);

#endif
