#ifndef APISH_CCURL_SHIM_H
#define APISH_CCURL_SHIM_H

#include <curl/curl.h>
#include <sys/select.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call.
   One typed wrapper per argument type makes them callable and type-checked. */

static inline CURLcode apish_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/* Header callbacks have the same C type as write callbacks; a separate name keeps call sites honest. */
static inline CURLcode apish_easy_setopt_header_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_setopt_xferinfo_function(CURL *handle, CURLoption option, curl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_setopt_debug_function(CURL *handle, CURLoption option, curl_debug_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode apish_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode apish_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode apish_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode apish_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode apish_easy_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **value) {
    return curl_easy_getinfo(handle, info, value);
}

/* curl_multi_setopt is variadic too: the long options (CURLMOPT_MAX_HOST_CONNECTIONS, …). */
static inline CURLMcode apish_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
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
    if (curl_multi_fdset(multi, &reading, &writing, &failing, &highest) != CURLM_OK || highest < 0) return -1;
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
