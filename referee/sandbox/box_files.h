/*
 * box_files.h - which of the machine's files a boxed bot sees: the
 * system's runtime, and its own files, found from its command.
 *
 * Every box shows, read-only, the runtime that programs in any language
 * need (BOX_RUNTIME_DIRS: /usr, /bin, /sbin, /lib*, /etc, /opt, the
 * symbolic links among them kept), and besides them only the bot's own
 * files (box_files_find):
 *   - the folder of its program, when the program is named by a path
 *     (`build/bots/greedy_bot`, `./alice/bot`); a program found in PATH is
 *     in the runtime already;
 *   - for every later word of the command that names an existing file, its
 *     folder (`python3 bots/alice/bot.py` shows `bots/alice/`), and for
 *     one that names a folder, that folder (`java -cp bots/bob Bob`);
 *     these, but for the entrant's own folder (its program's, or an
 *     interpreter's script's: the first word after the program that is
 *     not an option), only where every folder above them lets other users
 *     pass;
 *   - the files and folders its command lists in REFEREE_FILES=A:B:...
 *     (a variable at the head of the command, paths relative to the
 *     working directory).
 * A folder that is the working directory or holds it is never shown
 * whole: a program or script in it is shown alone; nor the machine's root,
 * /proc, /sys, /dev, /run or /boot.  Each check holds for the path as
 * named and for where its symbolic links lead, and a bare word of the
 * command counts only when it names a file (`python3 bot.py`), never a
 * folder.  A working directory inside a runtime folder is covered in the
 * box, so that the runtime does not show it whole.  Each appears at its
 * own path (relative names keep working from the working directory, which
 * is there, empty but for the paths through it).  A folder or file that
 * other users may not read is shown to the bot as its own (an idmapped
 * mount: the owner's files appear owned by the bot's uid), so that an
 * organiser keeps every entrant's files private with chmod 700; nothing of
 * it is visible in another box.
 *
 * In the referee (it allocates); sandbox_view.h mounts the result.
 */
#ifndef BOX_FILES_H
#define BOX_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define BOX_RUNTIME_DIRS                                                      \
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc",  \
        "/opt"

/* The most paths one box shows besides the runtime. */
#define BOX_FILES_MAX 16

typedef struct {
    char *path;   /* absolute, as the bot names it (symbolic links kept):
                     where the box shows it */
    char *real;   /* where it really is (links followed): what is shown */
    bool is_dir;
    bool idmap;   /* others may not read it: show it as the bot's own */
    uid_t owner;  /* its owner and group, for the idmap */
    gid_t group;
} box_file;

typedef struct {
    box_file file[BOX_FILES_MAX];
    int n;
    char *cwd;      /* the working directory, absolute */
    char *real_cwd; /* the same, links followed */
    bool cover_cwd; /* it lies in a runtime folder: the box covers it */
} box_files;

/* Find what the box of the program argv (past the command's variables)
 * shows; extra is the value of REFEREE_FILES or NULL.  0, or -1 with why
 * in err (a path in REFEREE_FILES that does not exist, too many paths). */
int box_files_find(char *const *argv, const char *extra, box_files *out,
                   char *err, size_t errlen);
void box_files_free(box_files *f);

#endif
