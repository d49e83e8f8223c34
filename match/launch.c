/* launch.c - an engine process started and asked its name. */
#include "match/launch.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

LaunchStatus engine_launch(EngineProc *e, const char *command, const MatchConfig *config, char *name,
                           char *why, size_t why_size)
{
    name[0] = '\0';
    if (!engine_start(e, command, config->discard_stderr)) {
        snprintf(why, why_size, "could not be started: %s", strerror(errno));
        return LAUNCH_FAILED;
    }
    char answer[ENGINE_ANSWER_MAX];
    GtpStatus status = engine_command(e, "name", monotonic_seconds() + config->command_timeout, answer, NULL);
    switch (status) {
    case GTP_OK:
        snprintf(name, ENGINE_ANSWER_MAX, "%s", answer);
        return LAUNCH_OK;
    case GTP_ERROR:
        return LAUNCH_OK;
    case GTP_STOPPED:
        engine_kill(e);
        return LAUNCH_STOPPED;
    case GTP_EOF:
        engine_describe_end(e, why, why_size);
        break;
    case GTP_TIMEOUT:
        snprintf(why, why_size, "did not answer 'name' within %g s", config->command_timeout);
        break;
    case GTP_MALFORMED:
        snprintf(why, why_size, "answered 'name' with a malformed reply: %s", answer);
        break;
    }
    engine_kill(e);
    return LAUNCH_FAILED;
}
