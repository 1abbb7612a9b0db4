#ifndef APISH_CPLATFORM_SHIM_H
#define APISH_CPLATFORM_SHIM_H

#include <pthread.h>
#include <sched.h>
#include <sys/types.h>

/* glibc calls that Swift's Glibc module leaves out: glibc declares them only under _GNU_SOURCE, which the
   module built from the system headers never defines. They are declared here as glibc does, and each has a
   Darwin stand-in that does nothing. */

#ifdef __linux__
extern int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
extern int sched_getcpu(void);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attr, size_t size, const cpu_set_t *set);

/* Asks that a thread made with `attr` start on another processor than the one the caller runs on now.
   Without it, a new thread on a two-processor virtual machine can be queued behind its creator for a
   whole scheduler tick (4 ms) before it is moved to the idle one. Returns 0 when set; otherwise the
   attributes are unchanged (one processor allowed, an affinity call that failed). The set's bits are
   cleared by hand: CPU_CLR and CPU_COUNT are _GNU_SOURCE macros too. */
static inline int apish_thread_attr_avoid_current_cpu(pthread_attr_t *attr) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
    int current = sched_getcpu();
    const size_t words = sizeof allowed.__bits / sizeof allowed.__bits[0];
    const size_t bits = 8 * sizeof allowed.__bits[0];
    if (current < 0 || (size_t)current >= words * bits) return -1;
    allowed.__bits[current / bits] &= ~((__typeof__(allowed.__bits[0]))1 << (current % bits));
    int others = 0;
    for (size_t word = 0; word < words; word++) others |= allowed.__bits[word] != 0;
    if (!others) return -1;
    return pthread_attr_setaffinity_np(attr, sizeof allowed, &allowed);
}
#else
static inline int apish_thread_attr_avoid_current_cpu(pthread_attr_t *attr) {
    (void)attr;
    return -1;
}
#endif

#ifdef __linux__
#include <malloc.h>
/* Fixes malloc's mmap threshold at `bytes`, which also stops glibc raising it each time a mapped block is
   freed: every larger block is then mapped, and unmapped (returned to the system) when freed. Returns 1
   when set. */
static inline int apish_fix_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}
#else
static inline int apish_fix_mmap_threshold(int bytes) {
    (void)bytes;
    return 0;
}
#endif

#endif
