/* test_process.h - starting a program under test with its standard streams on pipes. */
#ifndef AMAZONS_TEST_PROCESS_H
#define AMAZONS_TEST_PROCESS_H

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/*
 * Runs argv (argv[0] is the path; NULL-terminated) with its stdin and stdout
 * on pipes, and its stderr too when `err` is not NULL (else it inherits the
 * test's stderr, so sanitizer reports land in the test log).  Gives back our
 * ends: *in to write to, *out and *err to read from.  A child that cannot
 * start exits with status 127 (126 when the pipes cannot be set up).
 */
static inline pid_t spawn_piped(const char *const *argv, int *in, int *out, int *err)
{
    int p_in[2], p_out[2], p_err[2] = { -1, -1 };
    ck_assert_msg(pipe2(p_in, O_CLOEXEC) == 0 && pipe2(p_out, O_CLOEXEC) == 0
                  && (!err || pipe2(p_err, O_CLOEXEC) == 0), "pipe2: %s", strerror(errno));
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_msg(pid >= 0, "fork: %s", strerror(errno));
    if (pid == 0) {
        if (dup2(p_in[0], 0) < 0 || dup2(p_out[1], 1) < 0 || (err && dup2(p_err[1], 2) < 0))
            _exit(126);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(p_in[0]);
    close(p_out[1]);
    *in = p_in[1];
    *out = p_out[0];
    if (err) {
        close(p_err[1]);
        *err = p_err[0];
    }
    return pid;
}

/*
 * spawn_piped for the engine at `path` with the extra arguments `args`
 * (NULL-terminated, may be NULL; at most 30).
 */
static inline pid_t spawn_engine_piped(const char *path, const char *const *args, int *in, int *out,
                                       int *err)
{
    const char *argv[32];
    int argc = 0;
    argv[argc++] = path;
    for (; args && *args; args++) {
        ck_assert_msg(argc < 31, "too many engine arguments");
        argv[argc++] = *args;
    }
    argv[argc] = NULL;
    return spawn_piped(argv, in, out, err);
}

#endif
