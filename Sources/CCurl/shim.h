#ifndef APISH_CCURL_SHIM_H
#define APISH_CCURL_SHIM_H

#include <curl/curl.h>

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
