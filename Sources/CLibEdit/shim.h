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

/* ---- libedit, loaded when a terminal first needs it ---- */

/*
 * apish does not link libedit: a script or a one-shot command never edits a line, and the loader would
 * otherwise map and relocate libedit and the terminfo, bsd and md libraries it needs at every start. The
 * first interactive prompt loads it (`apish_libedit`); every libedit function and global is reached through
 * the table. Swift may emit these inline functions more than once; each copy then caches its own lookups,
 * which are the same.
 */

#include <dlfcn.h>

#if defined(__APPLE__)
#define APISH_LIBEDIT_NAME "libedit.3.dylib"
#else
#define APISH_LIBEDIT_NAME "libedit.so.2"
#endif

typedef struct {
    int state; /* 0: not tried yet, 1: loaded, -1: unavailable (see `error`) */
    char error[256];
    char *(*readline)(const char *);
    int (*add_history)(const char *);
    void (*clear_history)(void);
    int (*rl_initialize)(void);
    int (*rl_parse_and_bind)(const char *);
    const char **readline_name;
    char **line_buffer;
    const char **basic_word_break_characters;
    rl_completion_func_t **attempted_completion_function;
    int *attempted_completion_over;
    int *completion_append_character;
} apish_libedit_table;

static inline apish_libedit_table *apish_libedit_load(void) {
    static apish_libedit_table table;
    if (table.state != 0) {
        return &table;
    }
    table.state = -1;
    void *handle = dlopen(APISH_LIBEDIT_NAME, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(table.error, sizeof table.error, "%s", reason != NULL ? reason : APISH_LIBEDIT_NAME " not found");
        return &table;
    }
    const char *missing = NULL;
#define APISH_LIBEDIT_FIND(field, symbol) \
    if (missing == NULL && (*(void **)&table.field = dlsym(handle, symbol)) == NULL) { missing = symbol; }
    APISH_LIBEDIT_FIND(readline, "readline")
    APISH_LIBEDIT_FIND(add_history, "add_history")
    APISH_LIBEDIT_FIND(clear_history, "clear_history")
    APISH_LIBEDIT_FIND(rl_initialize, "rl_initialize")
    APISH_LIBEDIT_FIND(rl_parse_and_bind, "rl_parse_and_bind")
    APISH_LIBEDIT_FIND(readline_name, "rl_readline_name")
    APISH_LIBEDIT_FIND(line_buffer, "rl_line_buffer")
    APISH_LIBEDIT_FIND(basic_word_break_characters, "rl_basic_word_break_characters")
    APISH_LIBEDIT_FIND(attempted_completion_function, "rl_attempted_completion_function")
    APISH_LIBEDIT_FIND(attempted_completion_over, "rl_attempted_completion_over")
    APISH_LIBEDIT_FIND(completion_append_character, "rl_completion_append_character")
#undef APISH_LIBEDIT_FIND
    if (missing != NULL) {
        snprintf(table.error, sizeof table.error, "%s has no %s", APISH_LIBEDIT_NAME, missing);
        return &table;
    }
    table.state = 1;
    return &table;
}

/* The loaded libedit, or NULL when it cannot be loaded (then `apish_libedit_error` says why). */
static inline apish_libedit_table *apish_libedit(void) {
    apish_libedit_table *table = apish_libedit_load();
    return table->state == 1 ? table : NULL;
}

static inline const char *apish_libedit_error(void) {
    apish_libedit_table *table = apish_libedit_load();
    return table->state == 1 ? NULL : table->error;
}

/* The callers below run only after `apish_libedit()` returned a table. */

static inline char *apish_readline(const char *prompt) { return apish_libedit()->readline(prompt); }
static inline void apish_add_history(const char *line) { (void)apish_libedit()->add_history(line); }
static inline void apish_clear_history(void) { apish_libedit()->clear_history(); }
static inline int apish_rl_initialize(void) { return apish_libedit()->rl_initialize(); }
static inline int apish_rl_parse_and_bind(const char *line) { return apish_libedit()->rl_parse_and_bind(line); }

static inline void apish_rl_set_attempted_completion_function(rl_completion_func_t *function) {
    *apish_libedit()->attempted_completion_function = function;
}

/* libedit resets this to 0 after every completion attempt, so it is set again inside each callback. */
static inline void apish_rl_set_attempted_completion_over(int over) {
    *apish_libedit()->attempted_completion_over = over;
}

static inline void apish_rl_set_completion_append_character(int character) {
    *apish_libedit()->completion_append_character = character;
}

/* `characters` must outlive the editor: pass a string literal or leaked storage. */
static inline void apish_rl_set_basic_word_break_characters(const char *characters) {
    *apish_libedit()->basic_word_break_characters = characters;
}

static inline void apish_rl_set_readline_name(const char *name) {
    *apish_libedit()->readline_name = name;
}

/* The narrow (multibyte) copy of the line being edited; libedit NUL-terminates it before completing. */
static inline const char *apish_rl_line_buffer(void) {
    return *apish_libedit()->line_buffer;
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

#endif
