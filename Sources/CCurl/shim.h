#ifndef APISH_CCURL_SHIM_H
#define APISH_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/select.h>

/* ---- libcurl, loaded when the first request needs it ---- */

/*
 * apish does not link libcurl: a diff of local descriptions, a script that only checks files, `--version` and
 * the like never send a request, and the loader would otherwise map and relocate libcurl and the thirty
 * libraries it needs (TLS, Kerberos, LDAP, IDN, compression) at every start, about 5 ms. The first call below
 * loads it (`apish_curl`), and every libcurl function is reached through the table, so Swift calls only the
 * `apish_curl_*` wrappers here (calling a `curl_*` function directly fails to link). Swift may emit these
 * inline functions more than once; each copy then loads its own table, which is the same.
 */

#if defined(__APPLE__)
#define APISH_CURL_NAME "libcurl.4.dylib"
#else
#define APISH_CURL_NAME "libcurl.so.4"
#endif

typedef struct {
    int loaded;
    char error[256];
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_free) *free;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_reset) *easy_reset;
    __typeof__(curl_easy_strerror) *easy_strerror;
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
    __typeof__(curl_multi_init) *multi_init;
    __typeof__(curl_multi_cleanup) *multi_cleanup;
    __typeof__(curl_multi_add_handle) *multi_add_handle;
    __typeof__(curl_multi_remove_handle) *multi_remove_handle;
    __typeof__(curl_multi_perform) *multi_perform;
    __typeof__(curl_multi_poll) *multi_poll;
    __typeof__(curl_multi_info_read) *multi_info_read;
    __typeof__(curl_multi_strerror) *multi_strerror;
    __typeof__(curl_multi_fdset) *multi_fdset;
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    __typeof__(curl_url) *url;
    __typeof__(curl_url_cleanup) *url_cleanup;
    __typeof__(curl_url_set) *url_set;
    __typeof__(curl_url_get) *url_get;
    __typeof__(curl_mime_init) *mime_init;
    __typeof__(curl_mime_free) *mime_free;
    __typeof__(curl_mime_addpart) *mime_addpart;
    __typeof__(curl_mime_name) *mime_name;
    __typeof__(curl_mime_data) *mime_data;
    __typeof__(curl_mime_filename) *mime_filename;
    __typeof__(curl_mime_type) *mime_type;
    __typeof__(curl_mime_headers) *mime_headers;
} apish_curl_table;

/* The one table (a function's static: Swift emits no C globals of a header). */
static inline apish_curl_table *apish_curl_table_kept(void) {
    static apish_curl_table table;
    return &table;
}

/* RTLD_LAZY, as a linked libcurl was: the functions libcurl and its libraries call are bound when first called,
   not all at once (a one-shot request: 24.5M instructions with RTLD_NOW, 21.6M lazily). */
static inline void apish_curl_load(void) {
    apish_curl_table *table = apish_curl_table_kept();
    void *handle = dlopen(APISH_CURL_NAME, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(table->error, sizeof table->error, "%s", reason != NULL ? reason : APISH_CURL_NAME " not found");
        return;
    }
    const char *missing = NULL;
#define APISH_CURL_FIND(field, symbol) \
    if (missing == NULL && (*(void **)&table->field = dlsym(handle, symbol)) == NULL) { missing = symbol; }
    APISH_CURL_FIND(global_init, "curl_global_init")
    APISH_CURL_FIND(free, "curl_free")
    APISH_CURL_FIND(easy_init, "curl_easy_init")
    APISH_CURL_FIND(easy_cleanup, "curl_easy_cleanup")
    APISH_CURL_FIND(easy_reset, "curl_easy_reset")
    APISH_CURL_FIND(easy_strerror, "curl_easy_strerror")
    APISH_CURL_FIND(easy_setopt, "curl_easy_setopt")
    APISH_CURL_FIND(easy_getinfo, "curl_easy_getinfo")
    APISH_CURL_FIND(slist_append, "curl_slist_append")
    APISH_CURL_FIND(slist_free_all, "curl_slist_free_all")
    APISH_CURL_FIND(multi_init, "curl_multi_init")
    APISH_CURL_FIND(multi_cleanup, "curl_multi_cleanup")
    APISH_CURL_FIND(multi_add_handle, "curl_multi_add_handle")
    APISH_CURL_FIND(multi_remove_handle, "curl_multi_remove_handle")
    APISH_CURL_FIND(multi_perform, "curl_multi_perform")
    APISH_CURL_FIND(multi_poll, "curl_multi_poll")
    APISH_CURL_FIND(multi_info_read, "curl_multi_info_read")
    APISH_CURL_FIND(multi_strerror, "curl_multi_strerror")
    APISH_CURL_FIND(multi_fdset, "curl_multi_fdset")
    APISH_CURL_FIND(multi_setopt, "curl_multi_setopt")
    APISH_CURL_FIND(url, "curl_url")
    APISH_CURL_FIND(url_cleanup, "curl_url_cleanup")
    APISH_CURL_FIND(url_set, "curl_url_set")
    APISH_CURL_FIND(url_get, "curl_url_get")
    APISH_CURL_FIND(mime_init, "curl_mime_init")
    APISH_CURL_FIND(mime_free, "curl_mime_free")
    APISH_CURL_FIND(mime_addpart, "curl_mime_addpart")
    APISH_CURL_FIND(mime_name, "curl_mime_name")
    APISH_CURL_FIND(mime_data, "curl_mime_data")
    APISH_CURL_FIND(mime_filename, "curl_mime_filename")
    APISH_CURL_FIND(mime_type, "curl_mime_type")
    APISH_CURL_FIND(mime_headers, "curl_mime_headers")
#undef APISH_CURL_FIND
    if (missing != NULL) {
        snprintf(table->error, sizeof table->error, "%s has no %s", APISH_CURL_NAME, missing);
        return;
    }
    table->loaded = 1;
}

/* The loaded libcurl, or NULL when it cannot be loaded (then `apish_curl_error` says why); loaded once, whichever
   thread asks first. */
static inline apish_curl_table *apish_curl(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, apish_curl_load);
    apish_curl_table *table = apish_curl_table_kept();
    return table->loaded ? table : NULL;
}

static inline const char *apish_curl_error(void) {
    return apish_curl() != NULL ? NULL : apish_curl_table_kept()->error;
}

/* Each wrapper answers as its libcurl function does when it fails (NULL, an error code) when libcurl cannot be
   loaded. Freeing nothing loads nothing. */
#define APISH_CURL_CALL(function, failed, ...)  \
    apish_curl_table *curl = apish_curl();      \
    return curl != NULL ? curl->function(__VA_ARGS__) : (failed)

/* A wrapper that frees or resets: nothing to do for NULL, nor when libcurl could not be loaded (then nothing it
   made exists). */
#define APISH_CURL_RELEASE(function, pointer)                     \
    apish_curl_table *curl = (pointer) != NULL ? apish_curl() : NULL; \
    if (curl != NULL) curl->function(pointer)

static inline CURLcode apish_curl_global_init(long flags) {
    APISH_CURL_CALL(global_init, CURLE_FAILED_INIT, flags);
}
static inline void apish_curl_free(void *pointer) {
    APISH_CURL_RELEASE(free, pointer);
}
static inline CURL *apish_curl_easy_init(void) {
    APISH_CURL_CALL(easy_init, NULL);
}
static inline void apish_curl_easy_cleanup(CURL *handle) {
    APISH_CURL_RELEASE(easy_cleanup, handle);
}
static inline void apish_curl_easy_reset(CURL *handle) {
    APISH_CURL_RELEASE(easy_reset, handle);
}
static inline const char *apish_curl_easy_strerror(CURLcode code) {
    APISH_CURL_CALL(easy_strerror, apish_curl_error(), code);
}
static inline struct curl_slist *apish_curl_slist_append(struct curl_slist *list, const char *line) {
    APISH_CURL_CALL(slist_append, NULL, list, line);
}
static inline void apish_curl_slist_free_all(struct curl_slist *list) {
    APISH_CURL_RELEASE(slist_free_all, list);
}
static inline CURLM *apish_curl_multi_init(void) {
    APISH_CURL_CALL(multi_init, NULL);
}
static inline CURLMcode apish_curl_multi_cleanup(CURLM *multi) {
    if (multi == NULL) return CURLM_BAD_HANDLE;
    APISH_CURL_CALL(multi_cleanup, CURLM_BAD_HANDLE, multi);
}
static inline CURLMcode apish_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    APISH_CURL_CALL(multi_add_handle, CURLM_BAD_HANDLE, multi, handle);
}
static inline CURLMcode apish_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    APISH_CURL_CALL(multi_remove_handle, CURLM_BAD_HANDLE, multi, handle);
}
static inline CURLMcode apish_curl_multi_perform(CURLM *multi, int *running) {
    APISH_CURL_CALL(multi_perform, CURLM_BAD_HANDLE, multi, running);
}
static inline CURLMcode apish_curl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready) {
    APISH_CURL_CALL(multi_poll, CURLM_BAD_HANDLE, multi, extra, count, timeout, ready);
}
static inline CURLMsg *apish_curl_multi_info_read(CURLM *multi, int *left) {
    APISH_CURL_CALL(multi_info_read, NULL, multi, left);
}
static inline const char *apish_curl_multi_strerror(CURLMcode code) {
    APISH_CURL_CALL(multi_strerror, apish_curl_error(), code);
}
static inline CURLU *apish_curl_url(void) {
    APISH_CURL_CALL(url, NULL);
}
static inline void apish_curl_url_cleanup(CURLU *url) {
    APISH_CURL_RELEASE(url_cleanup, url);
}
static inline CURLUcode apish_curl_url_set(CURLU *url, CURLUPart part, const char *content, unsigned int flags) {
    APISH_CURL_CALL(url_set, CURLUE_BAD_HANDLE, url, part, content, flags);
}
static inline CURLUcode apish_curl_url_get(const CURLU *url, CURLUPart part, char **content, unsigned int flags) {
    APISH_CURL_CALL(url_get, CURLUE_BAD_HANDLE, url, part, content, flags);
}
static inline curl_mime *apish_curl_mime_init(CURL *handle) {
    APISH_CURL_CALL(mime_init, NULL, handle);
}
static inline void apish_curl_mime_free(curl_mime *mime) {
    APISH_CURL_RELEASE(mime_free, mime);
}
static inline curl_mimepart *apish_curl_mime_addpart(curl_mime *mime) {
    APISH_CURL_CALL(mime_addpart, NULL, mime);
}
static inline CURLcode apish_curl_mime_name(curl_mimepart *part, const char *name) {
    APISH_CURL_CALL(mime_name, CURLE_FAILED_INIT, part, name);
}
static inline CURLcode apish_curl_mime_data(curl_mimepart *part, const char *data, size_t size) {
    APISH_CURL_CALL(mime_data, CURLE_FAILED_INIT, part, data, size);
}
static inline CURLcode apish_curl_mime_filename(curl_mimepart *part, const char *name) {
    APISH_CURL_CALL(mime_filename, CURLE_FAILED_INIT, part, name);
}
static inline CURLcode apish_curl_mime_type(curl_mimepart *part, const char *type) {
    APISH_CURL_CALL(mime_type, CURLE_FAILED_INIT, part, type);
}
static inline CURLcode apish_curl_mime_headers(curl_mimepart *part, struct curl_slist *headers, int take_ownership) {
    APISH_CURL_CALL(mime_headers, CURLE_FAILED_INIT, part, headers, take_ownership);
}

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call.
   One typed wrapper per argument type makes them callable and type-checked. */

static inline CURLcode apish_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

/* Header callbacks have the same C type as write callbacks; a separate name keeps call sites honest. */
static inline CURLcode apish_easy_setopt_header_function(CURL *handle, CURLoption option, curl_write_callback value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_setopt_xferinfo_function(CURL *handle, CURLoption option, curl_xferinfo_callback value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_setopt_debug_function(CURL *handle, CURLoption option, curl_debug_callback value) {
    APISH_CURL_CALL(easy_setopt, CURLE_FAILED_INIT, handle, option, value);
}

static inline CURLcode apish_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    APISH_CURL_CALL(easy_getinfo, CURLE_FAILED_INIT, handle, info, value);
}

static inline CURLcode apish_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    APISH_CURL_CALL(easy_getinfo, CURLE_FAILED_INIT, handle, info, value);
}

static inline CURLcode apish_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    APISH_CURL_CALL(easy_getinfo, CURLE_FAILED_INIT, handle, info, value);
}

static inline CURLcode apish_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    APISH_CURL_CALL(easy_getinfo, CURLE_FAILED_INIT, handle, info, value);
}

static inline CURLcode apish_easy_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **value) {
    APISH_CURL_CALL(easy_getinfo, CURLE_FAILED_INIT, handle, info, value);
}

/* curl_multi_setopt is variadic too: the long options (CURLMOPT_MAX_HOST_CONNECTIONS, …). */
static inline CURLMcode apish_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    APISH_CURL_CALL(multi_setopt, CURLM_BAD_HANDLE, handle, option, value);
}

/* The one socket libcurl waits to read for the multi handle's transfers, or -1 when it waits for anything
   else (writing, several sockets, a timer): curl_multi_fdset's sets, whose FD_ISSET is a macro Swift does not
   import. A transfer that waits for an answer polls that socket itself (`ResponseWait`). */
static inline int apish_multi_read_socket(CURLM *multi) {
    fd_set reading, writing, failing;
    int highest = -1;
    FD_ZERO(&reading);
    FD_ZERO(&writing);
    FD_ZERO(&failing);
    apish_curl_table *curl = apish_curl();
    if (curl == NULL || curl->multi_fdset(multi, &reading, &writing, &failing, &highest) != CURLM_OK || highest < 0) return -1;
    for (int socket = 0; socket <= highest; socket++) {
        if (FD_ISSET(socket, &writing)) return -1;
        if (socket < highest && FD_ISSET(socket, &reading)) return -1;
    }
    return FD_ISSET(highest, &reading) ? highest : -1;
}

/* The CURLAUTH_ masks are macros with casts, which Swift does not import. */
static inline long apish_auth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline long apish_auth_digest(void) { return (long)CURLAUTH_DIGEST; }

/* The URL API's flags are shift expressions, which Swift does not import either. These are the flags a
   transfer parses CURLOPT_URL with (lib/url.c), and the one it reads the request line's path with. */
static inline unsigned int apish_urlu_transfer_flags(int path_as_is) {
    return CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME | (path_as_is ? CURLU_PATH_AS_IS : 0);
}
static inline unsigned int apish_urlu_urlencode(void) { return CURLU_URLENCODE; }

#endif
