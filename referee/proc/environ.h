/*
 * environ.h - read one entry of another process's initial environment
 * (/proc/PID/environ), whatever its size.  The kill -9 guard finds what
 * the bots started by the mark in it, and the usage scan finds which bot
 * an orphan came from.
 */
#ifndef ENVIRON_H
#define ENVIRON_H

#include <stddef.h>
#include <sys/types.h>

/* The value of the first entry of pid's environment that starts with
 * prefix ("NAME=" or a longer prefix), copied into val (truncated to
 * len).  Returns 1 if found, 0 if not or unreadable (gone, another
 * user's). */
int proc_environ_find(pid_t pid, const char *prefix, char *val, size_t len);

#endif
