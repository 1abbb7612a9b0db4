#ifdef __linux__
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "CPlatform.h"

int apish_thread_attr_avoid_current_cpu(pthread_attr_t *attr) {
#ifdef __linux__
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    int current = sched_getcpu();
    if (current < 0 || current >= CPU_SETSIZE) return -1;
    CPU_CLR(current, &allowed);
    if (CPU_COUNT(&allowed) == 0) return -1;
    return pthread_attr_setaffinity_np(attr, sizeof allowed, &allowed);
#else
    (void)attr;
    return -1;
#endif
}
