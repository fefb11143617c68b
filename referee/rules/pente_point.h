/*
 * pente_point.h - the names of Pente's intersections: a column A-T without I
 * and a row 1-19 from bottom to top ("K10" is the centre), read in either
 * case and written in upper case.  Shared by the move notation and the
 * diamonds option so that both read points the same way.
 *
 * A cell index is row * 19 + column with row 0 = row "19" (pente.h).
 */
#ifndef PENTE_POINT_H
#define PENTE_POINT_H

#include <stdbool.h>
#include <stddef.h>

#define PENTE_POINT_NAME_MAX 4 /* "K10" and its NUL */

/* Write the name of a cell ("K10") into buf; "?" for a cell off the board.
 * Returns buf. */
const char *pente_point_name(int cell, char buf[PENTE_POINT_NAME_MAX]);

/* Read one point at *s and advance *s past it; the text after it is the
 * caller's to judge.  Returns false, with why naming what is wrong ("there
 * is no column I ...", "row 20 is off the board ..."), if *s does not
 * start with a point on the board. */
bool pente_point_scan(const char **s, int *cell, char *why, size_t whylen);

#endif
