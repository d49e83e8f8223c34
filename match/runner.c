/* runner.c - the game slots, recording finished games, the SPRT stop, and the run's end. */
#include "match/runner.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "match/engine_proc.h"
#include "match/records.h"
#include "match/report.h"
#include "match/results.h"
#include "match/roster.h"
#include "match/stats.h"

#define PROGRAM "amazons-match"

typedef struct {
    const RunOptions *o;
    MatchSettings settings;  /* the options' settings, with every engine named */
    const MatchSettings *m;  /* &settings */
    EngineProc *first[MAX_ENGINES]; /* the engines' first processes, for the first game slot */
    int *todo;               /* game indices this run plays, in order */
    int todo_count;
    FILE *results_file;
    FILE *sgf_file;

    pthread_mutex_t lock;    /* guards everything below */
    int next;                /* next entry of todo to hand out */
    int finished;            /* games finished by this run */
    int aborted;             /* games cut short by a stop */
    Stats stats;             /* over the resumed games too */
    GameResult **results;    /* by game index, kept for --sgf */
    SprtDecision decision;
    int io_errors;
    bool start_failed;       /* an engine could not start (again): the run stopped */
} Run;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    interrupted = sig;
    atomic_store(&engine_stop_requested, 1);
}

static void catch_signals(void)
{
    signal(SIGPIPE, SIG_IGN);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    action.sa_flags = SA_RESETHAND; /* a second ^C ends the runner at once */
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

/* The SPRT stops a run early only when the run sees every game: not a shard. */
static bool sprt_may_stop(const Run *run)
{
    return run->m->sprt.enabled && run->o->shard.count == 1;
}

/* Keeps a copy of a finished game for the --sgf collection.  Called with the lock held. */
static void keep(Run *run, const GameResult *r)
{
    if (!run->results)
        return;
    run->results[r->index] = malloc(sizeof *r);
    if (run->results[r->index])
        *run->results[r->index] = *r;
    else
        run->io_errors++;
}

/* Appends the game's line to the results file and flushes it.  Called with the lock held. */
static void append_result(Run *run, const GameResult *r)
{
    if (!run->results_file)
        return;
    char *line = result_line(run->m, run->o->openings, r);
    if (!line || fputs(line, run->results_file) == EOF || fflush(run->results_file) != 0) {
        if (run->io_errors++ == 0)
            fprintf(stderr, PROGRAM ": cannot write %s: %s\n", run->o->results_path,
                    line ? strerror(errno) : "out of memory");
    }
    free(line);
}

static void show_progress(const Run *run, const GameResult *r)
{
    const Schedule *schedule = &run->m->schedule;
    const Stats *s = &run->stats;
    char re[32];
    result_sgf_value(r, re, sizeof re);
    fprintf(stderr, "[%d/%d] game %d: %s (W) vs %s (B): %s, %s", run->finished, run->todo_count, r->index + 1,
            schedule->name[r->engine[WHITE]], schedule->name[r->engine[BLACK]], re, r->reason);
    if (schedule->engines == 2) {
        fprintf(stderr, " | %s %d - %d %s (%.1f%%)", schedule->name[0], s->beat[0][1], s->beat[1][0],
                schedule->name[1], 100 * stats_score(s));
        if (run->m->sprt.enabled)
            fprintf(stderr, " LLR %.2f", sprt_llr(&run->m->sprt, s->beat[0][1], s->beat[1][0]));
    }
    fprintf(stderr, "\n");
}

/* An engine that could not start in a game: the first such stops the run.  Called with the lock held. */
static void stop_for_start_failure(Run *run, const GameResult *r)
{
    if (run->start_failed)
        return;
    int e = r->start_failed - 1;
    run->start_failed = true;
    roster_report_failure(&run->m->schedule, e, run->o->command[e], r->reason);
    atomic_store(&engine_stop_requested, 1);
}

/* Called with the lock held. */
static void record(Run *run, const GameResult *r)
{
    if (r->kind == END_ABORTED) {
        if (r->start_failed)
            stop_for_start_failure(run, r);
        else
            run->aborted++;
        return;
    }
    run->finished++;
    stats_add(&run->stats, r);
    append_result(run, r);
    keep(run, r);
    if (run->o->sgf_dir && !record_save(run->o->sgf_dir, run->m, r))
        run->io_errors++;
    if (sprt_may_stop(run) && run->decision == SPRT_CONTINUE) {
        run->decision = sprt_decide(&run->m->sprt, run->stats.beat[0][1], run->stats.beat[1][0]);
        if (run->decision != SPRT_CONTINUE)
            atomic_store(&engine_stop_requested, 1);
    }
    if (!run->o->quiet)
        show_progress(run, r);
}

/* ---- the game slots ---- */

/* A game slot: a thread playing games one after another with its own engine processes. */
typedef struct {
    Run *run;
    EngineProc *procs[MAX_ENGINES];  /* by engine; NULL until the slot first needs it (but in the first slot) */
} Slot;

/* The players of a game, starting no process yet; false when out of memory. */
static bool seat_players(const Run *run, EngineProc **procs, const ScheduledGame *g, Player players[2])
{
    for (int c = 0; c < 2; c++) {
        int e = g->engine[c];
        if (!procs[e]) {
            procs[e] = malloc(sizeof *procs[e]);
            if (!procs[e])
                return false;
            engine_init(procs[e]);
        }
        players[c] = (Player){ run->m->schedule.name[e], run->o->command[e], procs[e] };
    }
    return true;
}

static int take_game(Run *run)
{
    pthread_mutex_lock(&run->lock);
    int index = run->next < run->todo_count && !atomic_load(&engine_stop_requested) ? run->todo[run->next++] : -1;
    pthread_mutex_unlock(&run->lock);
    return index;
}

static void *worker(void *arg)
{
    Slot *slot = arg;
    Run *run = slot->run;
    const RunOptions *o = run->o;
    double quit_timeout = run->m->config.quit_timeout;
    EngineProc **procs = slot->procs;
    GameResult *r = malloc(sizeof *r);
    bool ok = r != NULL;
    for (int index; ok && (index = take_game(run)) >= 0;) {
        ScheduledGame g = schedule_game(&run->m->schedule, index);
        Player players[2];
        if (!(ok = seat_players(run, procs, &g, players)))
            break;
        r->index = index;
        r->engine[WHITE] = g.engine[WHITE];
        r->engine[BLACK] = g.engine[BLACK];
        r->opening = g.opening;
        referee_play(&run->m->config, players, g.opening >= 0 ? &o->openings[g.opening] : &o->start, r);
        if (o->fresh_engines) {
            engine_quit(players[WHITE].proc, quit_timeout);
            engine_quit(players[BLACK].proc, quit_timeout);
        }
        pthread_mutex_lock(&run->lock);
        record(run, r);
        pthread_mutex_unlock(&run->lock);
    }
    roster_quit(procs, quit_timeout);
    free(r);
    if (!ok) {
        pthread_mutex_lock(&run->lock);
        if (run->io_errors++ == 0)
            fprintf(stderr, PROGRAM ": out of memory\n");
        pthread_mutex_unlock(&run->lock);
    }
    return NULL;
}

/*
 * Runs the game slots to the end of the games, the first slot with the
 * engines' first processes; false when no slot could start.
 */
static bool play(Run *run)
{
    int jobs = run->o->jobs < run->todo_count ? run->o->jobs : run->todo_count;
    Slot slots[MAX_JOBS];
    pthread_t threads[MAX_JOBS];
    int started = 0;
    memset(slots, 0, sizeof slots);
    memcpy(slots[0].procs, run->first, sizeof run->first);
    memset(run->first, 0, sizeof run->first);
    for (int i = 0; i < jobs && i < MAX_JOBS; i++) {
        slots[i].run = run;
        if (pthread_create(&threads[i], NULL, worker, &slots[i]) != 0) {
            fprintf(stderr, PROGRAM ": cannot start a thread\n");
            break;
        }
        started++;
    }
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    if (started == 0)
        roster_quit(slots[0].procs, run->m->config.quit_timeout); /* no slot took them over */
    return started > 0 || jobs == 0;
}

/* ---- before and after ---- */

typedef struct {
    Run *run;
    bool *done;
} Resume;

static bool resume_game(void *context, const GameResult *r, char *error, size_t size)
{
    Resume *resume = context;
    Run *run = resume->run;
    Shard shard = run->o->shard;
    if (!shard_has(shard, r->index)) {
        snprintf(error, size, "game %d is not one of shard %d/%d", r->index + 1, shard.index, shard.count);
        return false;
    }
    if (resume->done[r->index]) {
        snprintf(error, size, "game %d is there twice", r->index + 1);
        return false;
    }
    resume->done[r->index] = true;
    stats_add(&run->stats, r);
    keep(run, r);
    return true;
}

static bool has_content(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_size > 0;
}

/*
 * Reads the games already played (--resume), lists the games to play, and
 * opens the results file.  Returns 0, or the exit status of a failure.
 */
static int prepare(Run *run)
{
    const RunOptions *o = run->o;
    int total = run->m->schedule.total;
    bool *done = calloc((size_t)total, sizeof *done);
    run->todo = malloc((size_t)total * sizeof *run->todo);
    if (!done || !run->todo) {
        free(done);
        fprintf(stderr, PROGRAM ": out of memory\n");
        return 1;
    }
    if (o->results_path && o->resume) {
        ResultsCheck check = { .settings = *run->m, .known = true, .origin = "the options of this run" };
        Resume resume = { run, done };
        char error[2048];
        if (!results_read(o->results_path, true, &check, resume_game, &resume, error, sizeof error)) {
            fprintf(stderr, PROGRAM ": %s\n", error);
            free(done);
            return 2;
        }
    } else if (o->results_path && has_content(o->results_path)) {
        fprintf(stderr, PROGRAM ": %s already holds results: continue it with --resume, or name another file\n",
                o->results_path);
        free(done);
        return 2;
    }
    for (int i = 0; i < total; i++)
        if (shard_has(o->shard, i) && !done[i])
            run->todo[run->todo_count++] = i;
    free(done);
    if (sprt_may_stop(run)) {
        run->decision = sprt_decide(&run->m->sprt, run->stats.beat[0][1], run->stats.beat[1][0]);
        if (run->decision != SPRT_CONTINUE)
            run->todo_count = 0; /* decided by the games already played */
    }
    if (o->results_path && !(run->results_file = fopen(o->results_path, "a"))) {
        fprintf(stderr, PROGRAM ": cannot write %s: %s\n", o->results_path, strerror(errno));
        return 1;
    }
    return 0;
}

/* Opens the output files before any game is played, so that a bad path fails at once. */
static int open_outputs(Run *run)
{
    const RunOptions *o = run->o;
    if (o->sgf_dir && mkdir(o->sgf_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, PROGRAM ": cannot create %s: %s\n", o->sgf_dir, strerror(errno));
        return 1;
    }
    if (o->sgf_path) {
        run->sgf_file = fopen(o->sgf_path, "w");
        if (!run->sgf_file) {
            fprintf(stderr, PROGRAM ": cannot write %s: %s\n", o->sgf_path, strerror(errno));
            return 1;
        }
        run->results = calloc((size_t)run->m->schedule.total, sizeof *run->results);
        if (!run->results) {
            fprintf(stderr, PROGRAM ": out of memory\n");
            return 1;
        }
    }
    return 0;
}

static void announce(const Run *run)
{
    const MatchSettings *m = run->m;
    const Schedule *schedule = &m->schedule;
    const RunOptions *o = run->o;
    char tc[64], board[16];
    time_control_text(&m->config.tc, tc, sizeof tc);
    board_size_text(m->config.board, board, sizeof board);
    if (schedule->engines == 2)
        fprintf(stderr, "%s vs %s", schedule->name[0], schedule->name[1]);
    else
        fprintf(stderr, "%s of %d engines", SCHEDULE_NAMES[schedule->kind], schedule->engines);
    fprintf(stderr, ": %d game%s on %s, %s, %d at a time%s\n", schedule->total, schedule->total == 1 ? "" : "s",
            board, tc, o->jobs, m->sprt.enabled ? ", SPRT" : "");
    if (o->shard.count > 1 || run->stats.games > 0) {
        fprintf(stderr, "playing %d of them", run->todo_count);
        if (o->shard.count > 1)
            fprintf(stderr, " (shard %d/%d)", o->shard.index, o->shard.count);
        if (run->stats.games > 0)
            fprintf(stderr, "; %d already in %s", run->stats.games, o->results_path);
        fprintf(stderr, "\n");
    }
}

static void finish(Run *run)
{
    const RunOptions *o = run->o;
    if (run->results_file && fclose(run->results_file) != 0) {
        fprintf(stderr, PROGRAM ": cannot write %s: %s\n", o->results_path, strerror(errno));
        run->io_errors++;
    }
    if (run->sgf_file && !record_collection(o->sgf_path, run->sgf_file, run->m, run->results, run->m->schedule.total))
        run->io_errors++;
    if (run->results)
        for (int i = 0; i < run->m->schedule.total; i++)
            free(run->results[i]);
    free(run->results);
    free(run->todo);
    if (interrupted)
        fprintf(stderr, PROGRAM ": interrupted; results of the finished games follow\n");
    else if (run->start_failed)
        fprintf(stderr, PROGRAM ": stopped; results of the finished games follow\n");
    if (run->aborted)
        fprintf(stderr, PROGRAM ": %d game%s in progress abandoned when the match stopped\n", run->aborted,
                run->aborted == 1 ? "" : "s");
}

/* The anchor named by --anchor, once the engines have their names; 0 or exit status 2. */
static int find_anchor(Run *run)
{
    const char *name = run->o->anchor_name;
    if (name && (run->settings.anchor = schedule_find(&run->settings.schedule, name)) < 0) {
        fprintf(stderr, PROGRAM ": --anchor '%s' names none of the engines (%s, %s)\n", name,
                run->settings.schedule.name[0], run->settings.schedule.name[1]);
        return 2;
    }
    return 0;
}

/* Starts and names the engines, then finds the anchor; 0 or the exit status. */
static int start_engines(Run *run)
{
    const RunOptions *o = run->o;
    switch (roster_start(&run->settings.schedule, o->name_given, o->command, &run->settings.config, run->first)) {
    case ROSTER_OK:
        return find_anchor(run);
    case ROSTER_FAILED:
        return EXIT_ENGINE_CANNOT_START;
    case ROSTER_STOPPED:
        break;
    }
    fprintf(stderr, PROGRAM ": interrupted while starting the engines\n");
    return 128 + (interrupted ? interrupted : SIGINT);
}

/* After a failure before the games: undoes what was set up. */
static void abandon(Run *run)
{
    roster_quit(run->first, run->m->config.quit_timeout);
    if (run->sgf_file)
        fclose(run->sgf_file);
    free(run->results);
    free(run->todo);
}

static int exit_status(const Run *run, bool started)
{
    if (interrupted)
        return 128 + interrupted;
    if (run->start_failed)
        return EXIT_ENGINE_CANNOT_START;
    return !started || run->io_errors ? EXIT_FAILURE : EXIT_SUCCESS;
}

int run_match(const RunOptions *o)
{
    Run *run = calloc(1, sizeof *run);
    if (!run) {
        fprintf(stderr, PROGRAM ": out of memory\n");
        return 1;
    }
    run->o = o;
    run->settings = o->settings;
    run->m = &run->settings;
    pthread_mutex_init(&run->lock, NULL);
    catch_signals();
    int status = open_outputs(run);
    if (status == 0)
        status = start_engines(run);
    if (status == 0)
        status = prepare(run);
    if (status != 0) {
        abandon(run);
        pthread_mutex_destroy(&run->lock);
        free(run);
        return status;
    }
    if (!o->quiet)
        announce(run);
    bool started = play(run);
    finish(run);
    report_print(stdout, run->m, &run->stats);
    fflush(stdout);
    status = exit_status(run, started);
    pthread_mutex_destroy(&run->lock);
    free(run);
    return status;
}
