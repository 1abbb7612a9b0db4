#ifndef APISH_CCURL_SHIM_H
#define APISH_CCURL_SHIM_H
#include <curl/curl.h>
#endif
