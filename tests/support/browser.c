/* browser.c - headless Chromium for the tests (see browser.h). */
#include "browser.h"

#include "run.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define BROWSER_MAX_ARGS 24
#define BROWSER_MAX_ENV 512

static const char *const browser_names[] = {"chromium", "chromium-browser",
                                            "google-chrome"};

bool browser_find(char *buf, size_t len)
{
    const char *path = getenv("PATH");
    for (size_t i = 0; i < sizeof browser_names / sizeof *browser_names; i++)
        for (const char *p = path; p && *p;) {
            size_t n = strcspn(p, ":");
            snprintf(buf, len, "%.*s/%s", (int)n, p, browser_names[i]);
            if (n && access(buf, X_OK) == 0)
                return true;
            p += n + (p[n] == ':');
        }
    return false;
}

/* One run of the browser: its own directory for HOME, the profile, what
 * it printed; its tag; the program. */
typedef struct {
    char dir[256];
    char tag[64];
    char prog[PATH_MAX];
} browser_run;

static int browser_run_init(browser_run *run, char *err, size_t errlen)
{
    static unsigned serial;
    if (!browser_find(run->prog, sizeof run->prog)) {
        snprintf(err, errlen, "no chromium, chromium-browser or "
                              "google-chrome on PATH");
        return -1;
    }
    run_tmpdir(run->dir, sizeof run->dir);
    if (!run->dir[0]) {
        snprintf(err, errlen, "mkdtemp: %s", strerror(errno));
        return -1;
    }
    snprintf(run->tag, sizeof run->tag, "browser-%d-%u", (int)getpid(),
             serial++);
    return 0;
}

/* Our environment with HOME, the XDG directories and RUN_TAG set for
 * the browser, built before fork so the child only execs. */
static void browser_env(char *own[4], char *env[BROWSER_MAX_ENV])
{
    static const char *const keys[] = {"HOME=", "XDG_CONFIG_HOME=",
                                       "XDG_CACHE_HOME=", "RUN_TAG="};
    size_t n = 0;
    for (char **e = environ; *e && n < BROWSER_MAX_ENV - 5; e++) {
        bool replaced = false;
        for (int k = 0; k < 4; k++)
            replaced |= !strncmp(*e, keys[k], strlen(keys[k]));
        if (!replaced)
            env[n++] = *e;
    }
    for (int k = 0; k < 4; k++)
        env[n++] = own[k];
    env[n] = NULL;
}

/* Wait for pid until timeout_ms: 0 when it ended (status filled), 1 on
 * timeout, -1 on error. */
static int browser_wait(pid_t pid, int timeout_ms, int *status)
{
    struct timespec start, now, tick = {0, 20 * 1000 * 1000};
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        pid_t r = waitpid(pid, status, WNOHANG);
        if (r == pid)
            return 0;
        if (r < 0 && errno != EINTR)
            return -1;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long ms = (now.tv_sec - start.tv_sec) * 1000 +
                  (now.tv_nsec - start.tv_nsec) / 1000000;
        if (ms >= timeout_ms)
            return 1;
        nanosleep(&tick, NULL);
    }
}

/* The browser's processes: its group, then any that left the group but
 * kept the tag (Chromium's crash handler starts a session of its own). */
static void browser_kill_all(pid_t pid, const char *tag)
{
    kill(-pid, SIGKILL);
    run_kill_tagged(tag);
}

/* Run the browser with args (NULL-terminated) in run's directory, stdout
 * into DIR/out, stderr into DIR/log.  0 when it exited with status 0. */
static int browser_exec(browser_run *run, const char *const *args,
                        int timeout_ms, char *err, size_t errlen)
{
    char profile[320], out[300], log[300], home[300], conf[320], cache[320];
    char tag[80];
    snprintf(profile, sizeof profile, "--user-data-dir=%s/profile", run->dir);
    snprintf(out, sizeof out, "%s/out", run->dir);
    snprintf(log, sizeof log, "%s/log", run->dir);
    snprintf(home, sizeof home, "HOME=%s", run->dir);
    snprintf(conf, sizeof conf, "XDG_CONFIG_HOME=%s/.config", run->dir);
    snprintf(cache, sizeof cache, "XDG_CACHE_HOME=%s/.cache", run->dir);
    snprintf(tag, sizeof tag, "RUN_TAG=%s", run->tag);

    char *argv[BROWSER_MAX_ARGS];
    int n = 0;
    argv[n++] = run->prog;
    argv[n++] = profile;
    for (int i = 0; args[i] && n < BROWSER_MAX_ARGS - 1; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    char *own[4] = {home, conf, cache, tag};
    char *env[BROWSER_MAX_ENV];
    browser_env(own, env);

    int ofd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int lfd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    pid_t pid = ofd >= 0 && lfd >= 0 ? fork() : -1;
    if (pid == 0) {
        setpgid(0, 0);
        dup2(ofd, 1);
        dup2(lfd, 2);
        execve(run->prog, argv, env);
        _exit(127);
    }
    int saved = errno;
    if (ofd >= 0)
        close(ofd);
    if (lfd >= 0)
        close(lfd);
    if (pid < 0) {
        snprintf(err, errlen, "cannot start %s: %s", run->prog,
                 strerror(saved));
        return -1;
    }
    setpgid(pid, pid); /* either of us may get there first */
    int status = 0, w = browser_wait(pid, timeout_ms, &status);
    browser_kill_all(pid, run->tag);
    if (w != 0)
        waitpid(pid, &status, 0);
    if (w == 1) {
        snprintf(err, errlen, "%s timed out after %d ms", run->prog,
                 timeout_ms);
        return -1;
    }
    if (w < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, errlen, "%s failed (%s %d)", run->prog,
                 WIFSIGNALED(status) ? "signal" : "status",
                 WIFSIGNALED(status) ? WTERMSIG(status)
                                     : WEXITSTATUS(status));
        return -1;
    }
    return 0;
}

/* The console messages of the browser's log: lines such as
 * `[1:1:1126/093350.146816:INFO:CONSOLE:2] "boom", source: URL (2)` (older
 * versions write CONSOLE(2)); each one's text after "] ". */
static void browser_console(const char *log, browser_page *page)
{
    for (const char *p = log; p && *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        const char *c = strstr(p, ":CONSOLE");
        const char *msg = c && c < p + len ? strstr(c, "] ") : NULL;
        if (msg && msg < p + len) {
            msg += 2;
            char **grown = realloc(page->console,
                                   (page->nconsole + 1) * sizeof *grown);
            cr_assert(grown);
            page->console = grown;
            page->console[page->nconsole++] =
                strndup(msg, (size_t)(p + len - msg));
        }
        p = eol ? eol + 1 : NULL;
    }
}

int browser_open(const char *url, int timeout_ms, browser_page *page,
                 char *err, size_t errlen)
{
    memset(page, 0, sizeof *page);
    browser_run run;
    if (browser_run_init(&run, err, errlen) != 0)
        return -1;
    snprintf(page->tag, sizeof page->tag, "%s", run.tag);
    const char *args[] = {"--headless", "--no-sandbox", "--disable-gpu",
                          "--no-first-run", "--virtual-time-budget=3000",
                          "--enable-logging=stderr", "--v=0", "--dump-dom",
                          url, NULL};
    int rc = browser_exec(&run, args, timeout_ms, err, errlen);
    char path[300];
    snprintf(path, sizeof path, "%s/out", run.dir);
    page->dom = run_slurp(path, NULL);
    snprintf(path, sizeof path, "%s/log", run.dir);
    char *log = run_slurp(path, NULL);
    if (log)
        browser_console(log, page);
    free(log);
    run_rmtree(run.dir);
    if (rc == 0 && (!page->dom || !page->dom[0])) {
        snprintf(err, errlen, "%s wrote no DOM for %s", run.prog, url);
        rc = -1;
    }
    if (rc != 0)
        browser_page_release(page);
    return rc;
}

void browser_page_release(browser_page *page)
{
    free(page->dom);
    for (size_t i = 0; i < page->nconsole; i++)
        free(page->console[i]);
    free(page->console);
    page->dom = NULL;
    page->console = NULL;
    page->nconsole = 0;
}

int browser_screenshot(const char *url, const char *png, int w, int h,
                       char *err, size_t errlen)
{
    browser_run run;
    if (browser_run_init(&run, err, errlen) != 0)
        return -1;
    char shot[PATH_MAX + 16], size[64];
    snprintf(shot, sizeof shot, "--screenshot=%s", png);
    snprintf(size, sizeof size, "--window-size=%d,%d", w, h);
    const char *args[] = {"--headless", "--no-sandbox", "--disable-gpu",
                          "--no-first-run", "--hide-scrollbars",
                          "--virtual-time-budget=3000", shot, size, url,
                          NULL};
    int rc = browser_exec(&run, args, BROWSER_TIMEOUT_MS, err, errlen);
    run_rmtree(run.dir);
    if (rc == 0 && access(png, R_OK) != 0) {
        snprintf(err, errlen, "no screenshot in %s", png);
        rc = -1;
    }
    return rc;
}

void browser_open_or_skip(const char *url, browser_page *page)
{
    char prog[PATH_MAX], err[PATH_MAX + 128], why[PATH_MAX + 128];
    if (!browser_find(prog, sizeof prog))
        cr_skip_test("no browser: none of chromium, chromium-browser, "
                     "google-chrome is on PATH (Debian package chromium: "
                     "apt-get install chromium; make test installs it as "
                     "root)");
    if (browser_open(url, BROWSER_TIMEOUT_MS, page, err, sizeof err) == 0)
        return;
    /* The page or the browser?  A page of nothing tells. */
    browser_page probe;
    if (browser_open("data:text/html,<p id=probe>ok</p>", BROWSER_TIMEOUT_MS,
                     &probe, why, sizeof why) != 0)
        cr_skip_test("%s cannot run headless here: %s", prog, why);
    bool works = strstr(probe.dom, "id=\"probe\"") != NULL;
    browser_page_release(&probe);
    if (!works)
        cr_skip_test("%s cannot run headless here: it did not show a "
                     "page of one paragraph", prog);
    cr_assert_fail("%s: %s", url, err);
}
