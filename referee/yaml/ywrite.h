/*
 * ywrite.h - write YAML by hand for small generated files (tables, the
 * resolved event definition): strings always double-quoted, with escapes,
 * so that any text reads back as the same string.  Records, which hold
 * bots' free text, go through libyaml's emitter instead (record_write.c).
 */
#ifndef YWRITE_H
#define YWRITE_H

#include <stdio.h>

/* Write s as a double-quoted YAML scalar ("null" for NULL). */
void ywrite_str(FILE *f, const char *s);

#endif
