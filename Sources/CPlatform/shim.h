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
extern int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *set);
extern int sched_getcpu(void);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attr, size_t size, const cpu_set_t *set);

/* The processors a thread may run on. */
typedef cpu_set_t apish_processors;

/* Asks that a thread made with `attr` start on another processor than the one the caller runs on now, and
   keeps in `allowed` the processors the caller may run on, which the new thread gives itself back once it
   runs (`apish_thread_allow`). Without it, a new thread on a two-processor virtual machine can be queued
   behind its creator for a whole scheduler tick (4 ms) before it is moved to the idle one. Returns 0 when
   set; otherwise the attributes are unchanged (one processor allowed, an affinity call that failed). The
   set's bits are cleared by hand: CPU_CLR and CPU_COUNT are _GNU_SOURCE macros too. */
static inline int apish_thread_attr_avoid_current_cpu(pthread_attr_t *attr, apish_processors *allowed) {
    if (sched_getaffinity(0, sizeof *allowed, allowed) != 0) return -1;
    cpu_set_t others = *allowed;
    int current = sched_getcpu();
    const size_t words = sizeof others.__bits / sizeof others.__bits[0];
    const size_t bits = 8 * sizeof others.__bits[0];
    if (current < 0 || (size_t)current >= words * bits) return -1;
    others.__bits[current / bits] &= ~((__typeof__(others.__bits[0]))1 << (current % bits));
    int any = 0;
    for (size_t word = 0; word < words; word++) any |= others.__bits[word] != 0;
    if (!any) return -1;
    return pthread_attr_setaffinity_np(attr, sizeof others, &others);
}

/* Lets the calling thread run on every processor of `allowed` again. */
static inline void apish_thread_allow(const apish_processors *allowed) {
    (void)sched_setaffinity(0, sizeof *allowed, allowed);
}
#else
typedef struct { int unused; } apish_processors;

static inline int apish_thread_attr_avoid_current_cpu(pthread_attr_t *attr, apish_processors *allowed) {
    (void)attr;
    (void)allowed;
    return -1;
}

static inline void apish_thread_allow(const apish_processors *allowed) {
    (void)allowed;
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
