/* refuse-io-uring.c: runs a command under a seccomp filter that refuses
 * io_uring_setup with EPERM, as a container's default profile or
 * kernel.io_uring_disabled does; everything else is allowed.
 *
 *   refuse-io-uring COMMAND [ARGS...]
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#else
#error "refuse-io-uring: add this architecture's AUDIT_ARCH"
#endif

int
main (int argc, char **argv)
{
  struct sock_filter filter[] = {
    BPF_STMT (BPF_LD | BPF_W | BPF_ABS, offsetof (struct seccomp_data, arch)),
    BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
    BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT (BPF_LD | BPF_W | BPF_ABS, offsetof (struct seccomp_data, nr)),
    BPF_JUMP (BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 0, 1),
    BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
    BPF_STMT (BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  struct sock_fprog prog = { sizeof filter / sizeof filter[0], filter };

  if (argc < 2)
    {
      fprintf (stderr, "usage: refuse-io-uring COMMAND [ARGS...]\n");
      return 2;
    }
  if (prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl (PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
    {
      perror ("refuse-io-uring: seccomp");
      return 2;
    }
  execvp (argv[1], argv + 1);
  perror ("refuse-io-uring: exec");
  return 127;
}
