/*
 * browser.h - test support: open a page in headless Chromium and get back
 * the DOM it built and what it wrote to the console.
 *
 * One browser process per page: it runs with HOME and its profile in a
 * fresh temporary directory (removed after), so no two runs share state,
 * in a process group of its own, and it is killed and reaped on every
 * path, a timeout included.  Its processes carry RUN_TAG=<tag> where the
 * browser passes its environment on (run.h), so a test can check that none
 * outlived the page.
 *
 * Chromium logs a web page's console messages at one level, whatever the
 * page used (console.log and console.error alike, and uncaught exceptions
 * as "Uncaught ..."), so every console line is returned: the pages under
 * test write nothing to the console, and any line there is a fault.
 */
#ifndef BROWSER_H
#define BROWSER_H

#include <stdbool.h>
#include <stddef.h>

/* Milliseconds a page may take before its browser is killed. */
#define BROWSER_TIMEOUT_MS 60000

typedef struct {
    char *dom;       /* the DOM as serialised after the page settled */
    char **console;  /* each console message as logged:
                        "TEXT", source: URL (LINE) */
    size_t nconsole;
    char tag[64];    /* the RUN_TAG its processes had */
} browser_page;

/* The browser program: the first of chromium, chromium-browser,
 * google-chrome on PATH, into buf; false when there is none. */
bool browser_find(char *buf, size_t len);

/* Open url (file:///...#ply=3) headless, let its timers run for a few
 * seconds of virtual time, and fill page (release it with
 * browser_page_release).  0, or -1 with why in err (no browser, it could
 * not run, it timed out after timeout_ms, or died). */
int browser_open(const char *url, int timeout_ms, browser_page *page,
                 char *err, size_t errlen);
void browser_page_release(browser_page *page);

/* A PNG of url in a window of w x h pixels.  0, or -1 with why in err. */
int browser_screenshot(const char *url, const char *png, int w, int h,
                       char *err, size_t errlen);

/* For Criterion tests: open url as browser_open does, but skip the test
 * (cr_skip, naming the package to install) when no browser can be found
 * or started, and fail it when the browser runs but the page does not
 * load in time. */
void browser_open_or_skip(const char *url, browser_page *page);

#endif
