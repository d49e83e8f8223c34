/* engine_proc.c - engine child processes: start, GTP exchange with deadlines, quit, kill. */
#define _GNU_SOURCE /* pipe2 */
#include "match/engine_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

atomic_int engine_stop_requested;

/* Waits are cut into slices this long so that a stop request is seen soon. */
#define SLICE_SECONDS 0.05

static void sleep_seconds(double seconds)
{
    if (seconds <= 0)
        return;
    struct timespec t = { (time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9) };
    while (nanosleep(&t, &t) == -1 && errno == EINTR)
        ;
}

void engine_init(EngineProc *e)
{
    e->pid = 0;
    e->to_engine = -1;
    e->from_engine = -1;
    e->dead = false;
    e->exited = false;
    e->status = 0;
    e->length = 0;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/*
 * For a simple command (no shell syntax but words and leading VAR=value
 * assignments) inserts "exec" before the program, so that the shell
 * replaces itself and the engine is our direct child.  Anything else runs
 * as written.  Returns a malloc'ed text or NULL (then `command` is used).
 */
static char *exec_form(const char *command)
{
    if (strpbrk(command, ";&|<>()`{}'\"\\\n$*?[~#"))
        return NULL;
    const char *p = command;
    for (;;) {
        p += strspn(p, " \t");
        size_t word = strcspn(p, " \t");
        if (word == 0)
            return NULL;
        const char *eq = memchr(p, '=', word);
        bool assignment = eq && eq > p && (p[0] < '0' || p[0] > '9');
        for (const char *q = p; assignment && q < eq; q++)
            assignment = (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9')
                      || *q == '_';
        if (!assignment)
            break;
        p += word;
    }
    if (strncmp(p, "exec", 4) == 0 && (p[4] == ' ' || p[4] == '\t' || p[4] == '\0'))
        return NULL;
    size_t head = (size_t)(p - command), length = strlen(command);
    char *text = malloc(length + 6);
    if (!text)
        return NULL;
    memcpy(text, command, head);
    memcpy(text + head, "exec ", 5);
    memcpy(text + head + 5, p, length - head + 1);
    return text;
}

bool engine_start(EngineProc *e, const char *command, bool discard_stderr)
{
    engine_init(e);
    char *exec_command = exec_form(command);
    if (exec_command)
        command = exec_command;
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        free(exec_command);
        return false;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        free(exec_command);
        return false;
    }
    int null_fd = -1;
    if (discard_stderr)
        null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        if (null_fd >= 0)
            close(null_fd);
        free(exec_command);
        errno = saved;
        return false;
    }
    if (pid == 0) {
        /* Child: only async-signal-safe calls until exec (the parent may have threads). */
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        if (dup2(in[0], STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0)
            _exit(127);
        if (null_fd >= 0)
            dup2(null_fd, STDERR_FILENO);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    free(exec_command);
    setpgid(pid, pid); /* also here, so that a kill right away reaches the group */
    close(in[0]);
    close(out[1]);
    if (null_fd >= 0)
        close(null_fd);
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    e->pid = pid;
    e->to_engine = in[1];
    e->from_engine = out[0];
    return true;
}

bool engine_alive(const EngineProc *e)
{
    return e->pid > 0 && !e->dead && !e->exited;
}

/* Milliseconds to wait in poll: up to the deadline, at most one slice. */
static int poll_timeout(double deadline)
{
    double left = deadline - monotonic_seconds();
    if (left > SLICE_SECONDS)
        left = SLICE_SECONDS;
    return left <= 0 ? 0 : (int)(left * 1000.0) + 1;
}

static GtpStatus write_all(EngineProc *e, const char *data, size_t length, double deadline,
                           bool stoppable)
{
    while (length > 0) {
        if (stoppable && atomic_load(&engine_stop_requested))
            return GTP_STOPPED;
        ssize_t n = write(e->to_engine, data, length);
        if (n > 0) {
            data += n;
            length -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            e->dead = true; /* EPIPE: the engine closed its input */
            return GTP_EOF;
        }
        if (monotonic_seconds() >= deadline)
            return GTP_TIMEOUT;
        struct pollfd p = { .fd = e->to_engine, .events = POLLOUT };
        poll(&p, 1, poll_timeout(deadline));
    }
    return GTP_OK;
}

/* Drops carriage returns and other control characters except newline; tab becomes space. */
static size_t clean(char *data, size_t length)
{
    size_t out = 0;
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)data[i];
        if (c == '\t')
            c = ' ';
        if (c == '\n' || (c >= 32 && c != 127))
            data[out++] = (char)c;
    }
    return out;
}

/*
 * Looks for one complete answer in the buffer: lines before a line starting
 * with '=' or '?' are skipped (diagnostics some engines print), then the
 * answer runs to the first empty line.  Returns GTP_OK / GTP_ERROR when one
 * was taken out, GTP_TIMEOUT when more input is needed.
 */
static GtpStatus take_answer(EngineProc *e, char *answer)
{
    for (;;) {
        if (e->length == 0)
            return GTP_TIMEOUT;
        char first = e->buffer[0];
        if (first == '=' || first == '?')
            break;
        char *newline = memchr(e->buffer, '\n', e->length);
        if (!newline) {
            if (e->length == sizeof e->buffer)
                e->length = 0; /* one enormous junk line: drop it */
            return GTP_TIMEOUT;
        }
        size_t skip = (size_t)(newline - e->buffer) + 1;
        memmove(e->buffer, e->buffer + skip, e->length - skip);
        e->length -= skip;
    }
    char *end = NULL;
    for (size_t i = 0; i + 1 < e->length; i++)
        if (e->buffer[i] == '\n' && e->buffer[i + 1] == '\n') {
            end = e->buffer + i;
            break;
        }
    if (!end)
        return e->length == sizeof e->buffer ? GTP_GARBAGE : GTP_TIMEOUT;
    GtpStatus status = e->buffer[0] == '=' ? GTP_OK : GTP_ERROR;
    const char *p = e->buffer + 1;
    while (p < end && *p >= '0' && *p <= '9')
        p++; /* the id, if the engine echoed one */
    while (p < end && *p == ' ')
        p++;
    size_t n = (size_t)(end - p);
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\n'))
        n--;
    if (n >= ENGINE_ANSWER_MAX)
        n = ENGINE_ANSWER_MAX - 1;
    memcpy(answer, p, n);
    answer[n] = '\0';
    size_t used = (size_t)(end - e->buffer) + 2;
    memmove(e->buffer, e->buffer + used, e->length - used);
    e->length -= used;
    return status;
}

static GtpStatus read_answer(EngineProc *e, double deadline, char *answer, bool stoppable)
{
    for (;;) {
        GtpStatus status = take_answer(e, answer);
        if (status != GTP_TIMEOUT)
            return status;
        if (e->dead)
            return GTP_EOF;
        if (stoppable && atomic_load(&engine_stop_requested))
            return GTP_STOPPED;
        if (monotonic_seconds() >= deadline)
            return GTP_TIMEOUT;
        struct pollfd p = { .fd = e->from_engine, .events = POLLIN };
        int ready = poll(&p, 1, poll_timeout(deadline));
        if (ready <= 0)
            continue;
        ssize_t n = read(e->from_engine, e->buffer + e->length, sizeof e->buffer - e->length);
        if (n > 0)
            e->length += clean(e->buffer + e->length, (size_t)n);
        else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK))
            e->dead = true;
    }
}

/* `stoppable`: whether a stop request cuts the wait short. */
static GtpStatus exchange(EngineProc *e, const char *line, double deadline,
                          char *answer, double *sent_at, bool stoppable)
{
    answer[0] = '\0';
    if (!engine_alive(e))
        return GTP_EOF;
    GtpStatus status = write_all(e, line, strlen(line), deadline, stoppable);
    if (status == GTP_OK)
        status = write_all(e, "\n", 1, deadline, stoppable);
    if (sent_at)
        *sent_at = monotonic_seconds();
    if (status != GTP_OK)
        return status;
    return read_answer(e, deadline, answer, stoppable);
}

GtpStatus engine_command(EngineProc *e, const char *line, double deadline,
                         char *answer, double *sent_at)
{
    return exchange(e, line, deadline, answer, sent_at, true);
}

static void close_pipes(EngineProc *e)
{
    close_fd(&e->to_engine);
    close_fd(&e->from_engine);
}

/*
 * Reaps the process if it has ended, waiting up to `timeout` seconds.  The
 * group is killed while the leader is still a zombie: its id cannot have
 * been reused yet, and no stray child of a wrapper script survives.
 */
static bool reap(EngineProc *e, double timeout)
{
    if (e->pid <= 0 || e->exited)
        return true;
    double deadline = monotonic_seconds() + timeout;
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        int r = waitid(P_PID, (id_t)e->pid, &info, WEXITED | WNOHANG | WNOWAIT);
        if (r == 0 && info.si_pid == e->pid) {
            kill(-e->pid, SIGKILL);
            while (waitpid(e->pid, &e->status, 0) < 0 && errno == EINTR)
                ;
            e->exited = true;
            return true;
        }
        if (r < 0 && errno == ECHILD) {
            e->exited = true;
            return true;
        }
        if (monotonic_seconds() >= deadline)
            return false;
        sleep_seconds(0.005);
    }
}

void engine_kill(EngineProc *e)
{
    close_pipes(e);
    e->dead = true;
    if (e->pid <= 0)
        return;
    if (!e->exited) {
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL);
        while (waitpid(e->pid, &e->status, 0) < 0 && errno == EINTR)
            ;
        e->exited = true;
    }
    e->pid = 0;
}

void engine_quit(EngineProc *e, double timeout)
{
    if (e->pid <= 0)
        return;
    if (engine_alive(e)) {
        char answer[ENGINE_ANSWER_MAX];
        exchange(e, "quit", monotonic_seconds() + timeout, answer, NULL, false);
    }
    close_pipes(e); /* end of input: an engine that ignored quit may still stop */
    if (!reap(e, timeout))
        engine_kill(e);
    e->dead = true;
    e->pid = 0;
}

/* strsignal is not thread-safe everywhere: the common ones by hand. */
static const char *signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return " (SIGSEGV)";
    case SIGABRT: return " (SIGABRT)";
    case SIGKILL: return " (SIGKILL)";
    case SIGTERM: return " (SIGTERM)";
    case SIGBUS: return " (SIGBUS)";
    case SIGFPE: return " (SIGFPE)";
    case SIGILL: return " (SIGILL)";
    case SIGPIPE: return " (SIGPIPE)";
    case SIGINT: return " (SIGINT)";
    case SIGHUP: return " (SIGHUP)";
    default: return "";
    }
}

void engine_describe_end(EngineProc *e, char *text, size_t size)
{
    if (e->pid > 0 && !e->exited && !reap(e, 0.2)) {
        snprintf(text, size, "closed its output");
        engine_kill(e);
        return;
    }
    if (!e->exited)
        snprintf(text, size, "ended");
    else if (WIFEXITED(e->status))
        snprintf(text, size, "exited with status %d%s", WEXITSTATUS(e->status),
                 WEXITSTATUS(e->status) == 127 ? " (command not found?)" : "");
    else if (WIFSIGNALED(e->status))
        snprintf(text, size, "killed by signal %d%s", WTERMSIG(e->status), signal_name(WTERMSIG(e->status)));
    else
        snprintf(text, size, "ended");
}
