/* fuzz_files.c - the record loader (with replay) and the event loader,
 * which read files: the input goes to a temporary file first. */
#include "fuzz.h"

#include "event/event_def.h"
#include "record/record.h"
#include "replay/replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int fuzz_to_file(const uint8_t *data, size_t size, char *path,
                        size_t len)
{
    snprintf(path, len, "/tmp/referee-fuzz-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    close(fd);
    return 0;
}

int fuzz_record(const uint8_t *data, size_t size)
{
    char path[64], err[1024];
    if (fuzz_to_file(data, size, path, sizeof path))
        return 0;
    record r;
    if (record_read(path, &r, err, sizeof err) == 0) {
        replay_check(&r, path, NULL, NULL, err, sizeof err);
        record_release(&r);
    }
    unlink(path);
    return 0;
}

int fuzz_event(const uint8_t *data, size_t size)
{
    char path[64], err[1024];
    if (fuzz_to_file(data, size, path, sizeof path))
        return 0;
    event_def def;
    if (event_def_load(path, &def, err, sizeof err) == 0)
        event_def_release(&def);
    unlink(path);
    return 0;
}
