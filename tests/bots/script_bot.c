/*
 * script_bot: plays an exact protocol transcript from a file.
 *
 * Usage: script_bot SCRIPT
 * SCRIPT is read line by line and each line done in order:
 *   > TEXT     send TEXT as one line (flushed); `>` alone sends an empty line
 *   < PREFIX   read stdin lines until one starts with PREFIX (`<` alone
 *              matches any line); exit status 9 on EOF first
 *   sleep MS   sleep MS milliseconds
 *   exit N     exit with status N at once
 * Empty lines and lines starting with `#` are skipped; anything else is a
 * script error (message on stderr, exit status 8). When the script ends the
 * bot reads stdin until `quit` or EOF and exits 0. A missing or unreadable
 * SCRIPT is exit status 8 too. Stdin lines lose their LF and CR before the
 * prefix is compared.
 */
#include "tbot.h"

/* Read stdin until a line starts with prefix; 0, or -1 on EOF. */
static int expect(const char *prefix)
{
    char line[TB_LINE];
    size_t n = strlen(prefix);
    while (tb_readline(line, sizeof line) == 0)
        if (strncmp(line, prefix, n) == 0)
            return 0;
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: script_bot SCRIPT\n");
        return 8;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 8;
    }
    char cmd[TB_LINE];
    int lineno = 0;
    while (fgets(cmd, sizeof cmd, f)) {
        lineno++;
        size_t len = strlen(cmd);
        while (len > 0 && (cmd[len - 1] == '\n' || cmd[len - 1] == '\r'))
            cmd[--len] = '\0';
        const char *arg;
        if (len == 0 || cmd[0] == '#')
            continue;
        if (cmd[0] == '>') {
            tb_send(cmd[1] == ' ' ? cmd + 2 : cmd + 1);
        } else if (cmd[0] == '<') {
            if (expect(cmd[1] == ' ' ? cmd + 2 : cmd + 1) < 0) {
                fclose(f);
                return 9;
            }
        } else if ((arg = tb_keyword(cmd, "sleep"))) {
            tb_sleep_ms(atol(arg));
        } else if ((arg = tb_keyword(cmd, "exit"))) {
            int status = atoi(arg);
            fclose(f);
            fflush(stdout);
            return status;
        } else {
            fprintf(stderr, "%s:%d: unknown script line: %s\n", argv[1],
                    lineno, cmd);
            fclose(f);
            return 8;
        }
    }
    fclose(f);
    tb_drain();
    return 0;
}
