/*
 * uidpool.h - a user id of its own for each running bot, from a
 * configured range, held by a lock file so that referees running at the
 * same time on one machine never hand out the same id.
 */
#ifndef UIDPOOL_H
#define UIDPOOL_H

#include <sys/types.h>

/* The lock files' folder (made if missing, root's only). */
#define UIDPOOL_DIR "/run/referee-uids"

/* Take a free id in [first, first + count).  Returns the lock's fd (keep
 * it open while the id is in use, close it to give the id back) and the id
 * in *uid, or -1 when every id is taken or the folder cannot be made. */
int uidpool_take(uid_t first, unsigned count, uid_t *uid);

#endif
