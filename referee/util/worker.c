/* worker.c - a job thread for the event loop (see worker.h). */
#include "worker.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct job {
    worker_fn run, done;
    void *arg;
    struct job *next;
} job;

typedef struct {
    job *head, *tail;
} job_list;

struct worker {
    struct ev_loop *loop;
    ev_async w_async;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t more;  /* a job was queued, or stop */
    pthread_cond_t idle;  /* the queue ran empty */
    job_list todo, finished;
    bool busy, stop;
};

static void list_push(job_list *l, job *j)
{
    j->next = NULL;
    if (l->tail)
        l->tail->next = j;
    else
        l->head = j;
    l->tail = j;
}

static job *list_take_all(job_list *l)
{
    job *j = l->head;
    l->head = l->tail = NULL;
    return j;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->todo.head && !w->stop)
            pthread_cond_wait(&w->more, &w->mu);
        job *j = w->todo.head;
        if (!j)
            break; /* stop, and nothing left */
        w->todo.head = j->next;
        if (!w->todo.head)
            w->todo.tail = NULL;
        w->busy = true;
        pthread_mutex_unlock(&w->mu);
        j->run(j->arg);
        pthread_mutex_lock(&w->mu);
        w->busy = false;
        list_push(&w->finished, j);
        if (!w->todo.head)
            pthread_cond_broadcast(&w->idle);
        ev_async_send(w->loop, &w->w_async);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* On the loop: the done callbacks of the jobs that have run. */
static void worker_finish(worker *w)
{
    pthread_mutex_lock(&w->mu);
    job *j = list_take_all(&w->finished);
    pthread_mutex_unlock(&w->mu);
    while (j) {
        job *next = j->next;
        if (j->done)
            j->done(j->arg);
        free(j);
        ev_unref(w->loop); /* the job's hold on the loop */
        j = next;
    }
}

static void worker_async_cb(struct ev_loop *loop, ev_async *a, int revents)
{
    (void)loop;
    (void)revents;
    worker_finish(a->data);
}

worker *worker_new(struct ev_loop *loop, char *err, size_t errlen)
{
    worker *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    w->loop = loop;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->more, NULL);
    pthread_cond_init(&w->idle, NULL);
    ev_async_init(&w->w_async, worker_async_cb);
    w->w_async.data = w;
    ev_async_start(loop, &w->w_async);
    ev_unref(loop);
    /* Signals are the loop's: the thread is born with all of them
     * blocked. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(&w->thread, NULL, worker_main, w);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start a thread: %s", strerror(rc));
        ev_ref(loop);
        ev_async_stop(loop, &w->w_async);
        pthread_cond_destroy(&w->idle);
        pthread_cond_destroy(&w->more);
        pthread_mutex_destroy(&w->mu);
        free(w);
        return NULL;
    }
    return w;
}

int worker_submit(worker *w, worker_fn run, worker_fn done, void *arg)
{
    job *j = malloc(sizeof *j);
    if (!j)
        return -1;
    *j = (job){.run = run, .done = done, .arg = arg};
    ev_ref(w->loop);
    pthread_mutex_lock(&w->mu);
    list_push(&w->todo, j);
    pthread_cond_signal(&w->more);
    pthread_mutex_unlock(&w->mu);
    return 0;
}

typedef struct {
    int fd;
    char text[];
} worker_line;

static void worker_write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return; /* a closed or broken output loses the text */
        p += k;
        n -= (size_t)k;
    }
}

static void worker_print_job(void *arg)
{
    worker_line *t = arg;
    worker_write_all(t->fd, t->text, strlen(t->text));
}

void worker_print(worker *w, int fd, const char *text)
{
    size_t n = strlen(text);
    worker_line *t = w ? malloc(sizeof *t + n + 1) : NULL;
    if (t) {
        t->fd = fd;
        memcpy(t->text, text, n + 1);
        if (worker_submit(w, worker_print_job, free, t) == 0)
            return;
        free(t);
    }
    worker_write_all(fd, text, n);
}

FILE *worker_out_open(worker_out *o)
{
    o->text = NULL;
    o->len = 0;
    o->f = open_memstream(&o->text, &o->len);
    return o->f;
}

void worker_out_print(worker *w, int fd, worker_out *o)
{
    if (o->f) {
        fclose(o->f);
        o->f = NULL;
        if (o->len)
            worker_print(w, fd, o->text);
    }
    free(o->text);
    o->text = NULL;
}


void worker_drain(worker *w)
{
    pthread_mutex_lock(&w->mu);
    while (w->todo.head || w->busy)
        pthread_cond_wait(&w->idle, &w->mu);
    pthread_mutex_unlock(&w->mu);
    worker_finish(w);
}

void worker_free(worker *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = true;
    pthread_cond_signal(&w->more);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    worker_finish(w);
    ev_ref(w->loop);
    ev_async_stop(w->loop, &w->w_async);
    pthread_cond_destroy(&w->idle);
    pthread_cond_destroy(&w->more);
    pthread_mutex_destroy(&w->mu);
    free(w);
}
