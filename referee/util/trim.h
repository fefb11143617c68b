/*
 * trim.h - text typed or written by people (a move list, an opening book,
 * a line at the terminal) with its blanks around it dropped.
 */
#ifndef TRIM_H
#define TRIM_H

/* s without the white space at its start and end: the end is cut in
 * place, the start is skipped (the result points into s). */
char *trim(char *s);

#endif
