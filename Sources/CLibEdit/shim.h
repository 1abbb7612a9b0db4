#ifndef APISH_CLIBEDIT_SHIM_H
#define APISH_CLIBEDIT_SHIM_H

/*
 * All C that LineEditing needs, as static inline wrappers.
 *
 * Swift 6 refuses to touch imported mutable C globals (they are shared mutable state), so every libedit
 * global we read or write goes through a function here. The sigaction and TIOCGWINSZ helpers live here
 * too because their structs and macros differ between Linux and Darwin.
 */

#include <errno.h>
#include <locale.h>
#include <langinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <editline/readline.h>

/* ---- libedit globals ---- */

static inline void apish_rl_set_attempted_completion_function(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}

/* libedit resets this to 0 after every completion attempt, so it is set again inside each callback. */
static inline void apish_rl_set_attempted_completion_over(int over) {
    rl_attempted_completion_over = over;
}

static inline void apish_rl_set_completion_append_character(int character) {
    rl_completion_append_character = character;
}

/* `characters` must outlive the editor: pass a string literal or leaked storage. */
static inline void apish_rl_set_basic_word_break_characters(const char *characters) {
    rl_basic_word_break_characters = characters;
}

static inline void apish_rl_set_readline_name(const char *name) {
    rl_readline_name = name;
}

/* The narrow (multibyte) copy of the line being edited; libedit NUL-terminates it before completing. */
static inline const char *apish_rl_line_buffer(void) {
    return rl_line_buffer;
}

/* ---- errno, which Swift cannot reliably set on every platform ---- */

static inline void apish_errno_clear(void) { errno = 0; }
static inline int apish_errno(void) { return errno; }

/* ---- locale ---- */

/* Sets LC_CTYPE to `name` ("" = from the environment); returns 1 when the result is a UTF-8 locale. */
static inline int apish_setlocale_ctype(const char *name) {
    if (setlocale(LC_CTYPE, name) == NULL) {
        return 0;
    }
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/* Returns 1 when LC_CTYPE is the untouched "C"/"POSIX" locale, i.e. the environment chose nothing. */
static inline int apish_ctype_locale_is_default(void) {
    const char *name = setlocale(LC_CTYPE, NULL);
    return name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

/* ---- output that must stay ordered with libedit's own stdio output ---- */

static inline void apish_write_stdout(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}

/* ---- signals ---- */

/*
 * Installs `handler` for SIGINT without SA_RESTART, so a blocking read(2) in libedit fails with EINTR
 * and readline() returns NULL instead of waiting for the next key.
 */
static inline int apish_install_sigint_handler(void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    int result = sigaction(SIGINT, &action, NULL);
    /* A parent (a test runner, a CI wrapper) may have left SIGINT blocked; the shell must still see Ctrl-C. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return result;
}

/*
 * Unblocks SIGINT for the calling thread and returns the previous mask in `previous`. Threads made by
 * libdispatch (and so Swift concurrency and Swift Testing) block SIGINT; a read(2) on such a thread is
 * never interrupted by Ctrl-C.
 */
static inline void apish_sigint_unblock(sigset_t *previous) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &set, previous);
}

static inline void apish_sigmask_restore(const sigset_t *previous) {
    pthread_sigmask(SIG_SETMASK, previous, NULL);
}

/* ---- terminal ---- */

/* Columns of the terminal on `fd`, or 0 when `fd` is not a terminal or does not know its size. */
static inline int apish_terminal_columns(int fd) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) {
        return 0;
    }
    return (int)size.ws_col;
}

#endif
