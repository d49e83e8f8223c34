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

/*
 * Parsing the whole buffer after every read would take quadratic time
 * against an engine that writes a byte at a time.  So the buffer is parsed
 * only when the bytes read since may have ended or spoilt the reply: an
 * empty line or a control character among them, or when they are the
 * first, the buffer has doubled since the last parse (bytes that are not
 * UTF-8 are found then), is full, or the output has ended.  That is O(1)
 * parses per reply, but for the doublings, whose costs sum to O(buffer).
 */
typedef struct {
    size_t fresh;   /* where the bytes not yet looked at start */
    size_t parsed;  /* the length at the last parse; 0: never parsed */
} ReadProgress;

static bool worth_parsing(const EngineProc *e, const ReadProgress *r)
{
    if (r->parsed == 0 || (r->fresh == 0 && e->length > 0) || e->dead || e->length == sizeof e->buffer
        || e->length >= 2 * r->parsed)
        return true;
    for (size_t i = r->fresh; i < e->length; i++) {
        unsigned char c = (unsigned char)e->buffer[i];
        if ((c < 0x20 && c != '\t' && c != '\r' && c != '\n') || c == 0x7f)
            return true;
        if (c == '\n') {
            size_t k = i;
            while (k > 0 && e->buffer[k - 1] == '\r')
                k--;
            if (k > 0 && e->buffer[k - 1] == '\n')
                return true;
        }
    }
    return false;
}

/* Drops empty lines before a reply (they carry nothing), so that a flood of them costs no parsing. */
static void drop_empty_lines(EngineProc *e, ReadProgress *r)
{
    size_t skip = 0;
    while (skip < e->length && (e->buffer[skip] == '\n' || e->buffer[skip] == '\r'))
        skip++;
    if (skip == 0)
        return;
    memmove(e->buffer, e->buffer + skip, e->length - skip);
    e->length -= skip;
    r->fresh = r->fresh > skip ? r->fresh - skip : 0;
    r->parsed = r->parsed > skip ? r->parsed - skip : 0;
}

/* Parses the buffer: GTP_OK / GTP_ERROR with the reply taken out, GTP_MALFORMED, or GTP_TIMEOUT for more. */
static GtpStatus take_reply(EngineProc *e, char *answer)
{
    GtpReply reply = gtp_reply_parse(e->buffer, e->length, answer, ENGINE_ANSWER_MAX);
    if (reply.kind == REPLY_OK || reply.kind == REPLY_ERROR) {
        memmove(e->buffer, e->buffer + reply.used, e->length - reply.used);
        e->length -= reply.used;
        return reply.kind == REPLY_OK ? GTP_OK : GTP_ERROR;
    }
    if (reply.kind == REPLY_MALFORMED) {
        snprintf(answer, ENGINE_ANSWER_MAX, "%s", reply.problem);
        e->dead = true; /* where would the next reply start? */
        return GTP_MALFORMED;
    }
    return GTP_TIMEOUT;
}

/* Reads until the buffer holds one whole reply (match/gtp_reply.h) and takes it out. */
static GtpStatus read_answer(EngineProc *e, double deadline, char *answer, bool stoppable)
{
    ReadProgress progress = { 0, 0 };
    for (;;) {
        drop_empty_lines(e, &progress);
        if (worth_parsing(e, &progress)) {
            GtpStatus status = take_reply(e, answer);
            if (status != GTP_TIMEOUT)
                return status;
            progress.parsed = e->length > 0 ? e->length : 1;
        }
        progress.fresh = e->length;
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
        /* Never more than the buffer holds: a full buffer is a malformed reply above. */
        ssize_t n = read(e->from_engine, e->buffer + e->length, sizeof e->buffer - e->length);
        if (n > 0)
            e->length += (size_t)n;
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
