/* trim.c - blanks around text dropped (see trim.h). */
#include "trim.h"

#include <ctype.h>
#include <string.h>

char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}
