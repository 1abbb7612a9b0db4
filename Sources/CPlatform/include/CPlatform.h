#ifndef APISH_CPLATFORM_H
#define APISH_CPLATFORM_H

#include <pthread.h>

/* Calls that Swift's Glibc module leaves out because glibc declares them only under _GNU_SOURCE, which a
   module built from the system headers never defines. Each has a Darwin stand-in that does nothing. */

/* Asks that a thread made with `attr` start on another processor than the one the caller runs on now.
   Without it, a new thread on a two-processor virtual machine can be queued behind its creator for a
   whole scheduler tick (4 ms) before it is moved to the idle one. Returns 0 when set; otherwise the
   attributes are unchanged (one processor, a Darwin build, an affinity call that failed). */
int apish_thread_attr_avoid_current_cpu(pthread_attr_t *attr);

#endif
