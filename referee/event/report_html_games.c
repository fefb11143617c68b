/* report_html_games.c - the viewer page of each game of the event report
 * (see report_html.h): games/GAME-ID.html beside index.html, written by
 * the viewer (view/html_game.h) from the game's record, with a link back
 * to the report. */
#include "event/report_html_internal.h"

#include "record/record.h"
#include "util/fsutil.h"
#include "view/html_game.h"

#include <string.h>
#include <unistd.h>

/* The page of game g from its record; a game without a record on disk
 * (not possible for a game the tables count, but a records directory can
 * be pruned) has none, and no error. */
static int report_game(const event_def *def, const tables_game *g,
                       const char *page, char *err, size_t errlen)
{
    char path[4300];
    snprintf(path, sizeof path, "%s/%s.yaml", def->records, g->game.id);
    if (access(path, F_OK) != 0)
        return 0;
    record rec;
    if (record_read(path, &rec, err, errlen) != 0)
        return -1; /* it released what it read */
    int rc = html_game_write(&rec, page, "../index.html", err, errlen);
    record_release(&rec);
    return rc;
}

int report_html_games(const event_def *def, const tables_game *games,
                      size_t ngames, bool all, char *err, size_t errlen)
{
    char dir[4300], why[1024];
    if (!report_html_pages(def))
        return 0; /* index.html says how to make one */
    snprintf(dir, sizeof dir, "%s/games", def->results);
    if (fs_mkdirs(dir, err, errlen) != 0)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < ngames; i++) {
        char page[4400];
        report_game_page(page, sizeof page, def->results, games[i].game.id);
        if (!all && access(page, F_OK) == 0)
            continue;
        if (report_game(def, &games[i], page, why, sizeof why) != 0 &&
            rc == 0) {
            snprintf(err, errlen, "%s: %s", page, why);
            rc = -1;
        }
    }
    return rc;
}
