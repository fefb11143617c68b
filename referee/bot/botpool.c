/* botpool.c - idle bots between games (see botpool.h). */
#include "botpool.h"

#include <stdlib.h>
#include <string.h>

typedef struct pool_entry {
    struct botpool *pool;
    bot *b;
    bool ready;   /* answered `newgame` with `ready 1` */
    bool dead;    /* killed, or gone: waits to be reaped */
    bool reaped;
    struct pool_entry *next;
} pool_entry;

struct botpool {
    struct ev_loop *loop;
    long quit_ms, term_ms;
    int max_idle;
    bool closed;
    pool_entry *head;
    ev_timer w_free; /* frees reaped bots outside their callbacks */
};

static void pool_end(pool_entry *e)
{
    e->dead = true;
    bot_kill(e->b);
}

static void pool_bot_cb(bot *b, bot_event ev, const proto_msg *msg, double t,
                        void *arg)
{
    (void)b;
    (void)t;
    pool_entry *e = arg;
    switch (ev) {
    case BOT_LINE:
        if (e->dead || msg->kind == PROTO_INFO || msg->kind == PROTO_ID)
            break;
        if (msg->kind == PROTO_READY && msg->num == PROTO_VERSION)
            e->ready = true;
        else
            pool_end(e); /* a move, or a bad `ready`, outside any game */
        break;
    case BOT_BAD_LINE:
        pool_end(e);
        break;
    case BOT_GONE:
        e->dead = true;
        break;
    case BOT_STARTED:
    case BOT_START_FAILED:
        break; /* kept bots run already */
    case BOT_REAPED:
        e->dead = e->reaped = true;
        ev_timer_start(e->pool->loop, &e->pool->w_free);
        break;
    }
}

static void pool_free_cb(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    botpool *p = w->data;
    for (pool_entry **pe = &p->head; *pe;) {
        pool_entry *e = *pe;
        if (e->reaped) {
            *pe = e->next;
            bot_free(e->b);
            free(e);
        } else {
            pe = &e->next;
        }
    }
}

botpool *botpool_new(struct ev_loop *loop, long quit_ms, long term_ms,
                     int max_idle)
{
    botpool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->loop = loop;
    p->quit_ms = quit_ms;
    p->term_ms = term_ms;
    p->max_idle = max_idle > 0 ? max_idle : 1;
    ev_timer_init(&p->w_free, pool_free_cb, 0., 0.);
    p->w_free.data = p;
    return p;
}

static void pool_send(bot *b, int len, const char *buf)
{
    if (len > 0)
        bot_send(b, buf, (size_t)len);
}

static void pool_quit(botpool *p, pool_entry *e)
{
    char buf[32];
    pool_send(e->b, proto_fmt_quit(buf, sizeof buf, p->quit_ms), buf);
    bot_stop(e->b, p->quit_ms, p->term_ms);
}

/* Beyond max_idle, the bots waiting longest (at the end of the list) are
 * told to quit. */
static void pool_trim(botpool *p)
{
    int idle = 0;
    for (pool_entry *e = p->head; e; e = e->next)
        if (!e->dead && ++idle > p->max_idle) {
            pool_quit(p, e);
            e->dead = true;
        }
}

/* The pool takes b: its events come here from now on.  NULL when out of
 * memory (the caller keeps it). */
static pool_entry *pool_adopt(botpool *p, bot *b)
{
    pool_entry *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    *e = (pool_entry){.pool = p, .b = b, .next = p->head};
    p->head = e;
    bot_rebind(b, 0, pool_bot_cb, e);
    return e;
}

bool botpool_put(botpool *p, bot *b)
{
    pool_entry *e = pool_adopt(p, b);
    if (!e)
        return false;
    if (p->closed) {
        pool_quit(p, e);
        return true;
    }
    char buf[16];
    pool_send(b, proto_fmt_newgame(buf, sizeof buf), buf);
    pool_trim(p);
    return true;
}

bool botpool_discard(botpool *p, bot *b)
{
    pool_entry *e = pool_adopt(p, b);
    if (!e)
        return false;
    pool_end(e);
    if (bot_reaped(b)) {
        e->reaped = true;
        ev_timer_start(p->loop, &p->w_free);
    }
    return true;
}

bot *botpool_take(botpool *p, const char *command, bool *ready)
{
    for (pool_entry **pe = &p->head; *pe; pe = &(*pe)->next) {
        pool_entry *e = *pe;
        if (e->dead || !bot_alive(e->b) || strcmp(bot_command(e->b), command))
            continue;
        *pe = e->next;
        bot *b = e->b;
        *ready = e->ready;
        free(e);
        return b;
    }
    return NULL;
}

void botpool_close(botpool *p)
{
    if (p->closed)
        return;
    p->closed = true;
    for (pool_entry *e = p->head; e; e = e->next)
        if (!e->dead)
            pool_quit(p, e);
}

void botpool_kill(botpool *p)
{
    p->closed = true;
    for (pool_entry *e = p->head; e; e = e->next)
        pool_end(e);
}

void botpool_free(botpool *p)
{
    if (!p)
        return;
    ev_timer_stop(p->loop, &p->w_free);
    while (p->head) {
        pool_entry *e = p->head;
        p->head = e->next;
        bot_free(e->b); /* kills and reaps one that is somehow left */
        free(e);
    }
    free(p);
}
