/*
 * view_assets.h - the viewer page's script and style, referee/view/
 * viewer.js and viewer.css, compiled in as C strings: the Makefile turns
 * each file into BUILD/gen/view_*.c with referee/view/embed.awk, so they
 * stay readable files here and the program needs nothing beside it.
 */
#ifndef VIEW_ASSETS_H
#define VIEW_ASSETS_H

extern const char view_viewer_js[];
extern const char view_viewer_css[];

#endif
