/*
 * dom.h - test support: find elements and read their attributes and text
 * in a DOM as Chromium's --dump-dom writes it (browser.h).
 *
 * Not an HTML parser: it walks the start tags of a serialised DOM, whose
 * attribute values are double-quoted with & " < > escaped, and it steps
 * over the contents of script and style elements (a script's text may
 * hold markup in strings).  An element is named by a pointer to the '<'
 * of its start tag.
 */
#ifndef DOM_H
#define DOM_H

#include <stdbool.h>
#include <stddef.h>

/* The next start tag at or after p, before end (NULL: the end of the
 * text), or NULL. */
const char *dom_next(const char *p, const char *end);
/* The start tag after tag's own (inside its element or after it), the
 * contents of a script or style stepped over, before end; or NULL. */
const char *dom_step(const char *tag, const char *end);
/* The tag's element name, lower case ("svg", "li"). */
void dom_name(const char *tag, char *buf, size_t len);
/* The value of attribute attr of the tag, entities decoded, into buf;
 * false if it has none. */
bool dom_attr(const char *tag, const char *attr, char *buf, size_t len);
/* Does the tag's class attribute list cls? */
bool dom_has_class(const char *tag, const char *cls);
/* Where the element of tag ends: the '<' of its end tag (elements of the
 * same name nested in it counted), or the end of the text. */
const char *dom_end(const char *tag);
/* The element of id, or NULL. */
const char *dom_by_id(const char *dom, const char *id);
/* The text in the element (tags dropped, entities decoded, runs of
 * blanks made one space, trimmed) into buf. */
void dom_text(const char *tag, char *buf, size_t len);
/* How many elements from from to end have attribute attr (any value). */
int dom_count_attr(const char *from, const char *end, const char *attr);

#endif
