/*
 * idmap.h - a user namespace whose only mapping is one file owner to a
 * bot's uid: the key of an idmapped mount (mount_setattr(2),
 * MOUNT_ATTR_IDMAP), through which the owner's files appear as the bot's
 * own.  So a folder its owner keeps private (chmod 700) can be shown to
 * one bot, and to no other (box_files.h).
 *
 * In the referee (it forks a helper that holds the namespace while its
 * maps are written; the helper is killed and reaped before the call
 * returns).  Root only.
 */
#ifndef IDMAP_H
#define IDMAP_H

#include <stddef.h>
#include <sys/types.h>

/* A descriptor (O_CLOEXEC) of a user namespace mapping uid owner and gid
 * group to uid and gid to; -1 with why in err. */
int idmap_userns(uid_t owner, gid_t group, uid_t to, char *err,
                 size_t errlen);

#endif
