/* play_input.c - what the person types (see play_input.h). */
#include "play/play_input.h"

#include "util/trim.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

struct play_input {
    struct ev_loop *loop;
    ev_io w;
    play_input_fn fn;
    void *arg;
    char buf[PLAY_INPUT_MAX + 2];
    size_t len;
    bool skipping; /* the rest of a line too long */
};

/* Hand over every whole line in the buffer; keep the start of the next. */
static void play_input_lines(play_input *in)
{
    char *nl;
    while (in->len && (nl = memchr(in->buf, '\n', in->len))) {
        *nl = '\0';
        size_t used = (size_t)(nl - in->buf) + 1;
        if (in->skipping)
            in->skipping = false;
        else
            in->fn(in->arg, PLAY_INPUT_LINE, trim(in->buf));
        memmove(in->buf, nl + 1, in->len - used);
        in->len -= used;
    }
    if (in->len > PLAY_INPUT_MAX) {
        if (!in->skipping)
            in->fn(in->arg, PLAY_INPUT_TOO_LONG, NULL);
        in->skipping = true;
        in->len = 0;
    }
}

static void play_input_cb(struct ev_loop *loop, ev_io *w, int revents)
{
    (void)revents;
    play_input *in = w->data;
    ssize_t n = read(w->fd, in->buf + in->len, sizeof in->buf - in->len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        ev_io_stop(loop, w);
        /* A last line without its LF still counts. */
        if (in->len && !in->skipping) {
            in->buf[in->len] = '\0';
            in->len = 0;
            in->fn(in->arg, PLAY_INPUT_LINE, trim(in->buf));
        }
        in->fn(in->arg, PLAY_INPUT_END, NULL);
        return;
    }
    in->len += (size_t)n;
    play_input_lines(in);
}

play_input *play_input_new(struct ev_loop *loop, int fd, play_input_fn fn,
                           void *arg)
{
    play_input *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    in->loop = loop;
    in->fn = fn;
    in->arg = arg;
    ev_io_init(&in->w, play_input_cb, fd, EV_READ);
    in->w.data = in;
    ev_io_start(loop, &in->w);
    return in;
}

void play_input_free(play_input *in)
{
    if (!in)
        return;
    ev_io_stop(in->loop, &in->w);
    free(in);
}

play_cmd play_input_command(const char *line)
{
    static const struct {
        const char *word;
        play_cmd cmd;
    } words[] = {
        {"undo", PLAY_CMD_UNDO},     {"help", PLAY_CMD_HELP},
        {"?", PLAY_CMD_HELP},        {"resign", PLAY_CMD_RESIGN},
        {"quit", PLAY_CMD_QUIT},
    };
    if (!line[0])
        return PLAY_CMD_NONE;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcasecmp(line, words[i].word))
            return words[i].cmd;
    return PLAY_CMD_MOVE;
}
