/* search_guide.c - the tree search as the exact solver's guide (search_guide.h). */
#include "solver/tools/search_guide.h"

#include <stdlib.h>

#include "search/search.h"

/* A few thousand playouts need little memory. */
#define STATE_GUIDE_MEMORY ((size_t)64 << 20)

int search_guide_move(const Position *pos, double seconds, int threads, Move *move)
{
    SearchConfig config;
    search_default_config(&config);
    config.threads = threads;
    Search *search = search_create(&config);
    if (!search)
        return -1;
    SearchLimits limits = { .seconds = seconds };
    SearchResult r = search_run(search, pos, &limits);
    search_destroy(search);
    *move = r.move;
    return r.has_move ? 1 : 0;
}

/* One member's guide. */
typedef struct {
    Search *search;
    uint64_t playouts;
} StateGuide;

struct StateGuides {
    Portfolio *portfolio;
    StateGuide members[PORTFOLIO_MAX];
};

static bool guide_state(const Position *pos, Move *move, void *context)
{
    StateGuide *g = context;
    /* A fresh tree each time: a state's move does not depend on which states asked before. */
    search_clear(g->search);
    SearchLimits limits = { .seconds = 86400, .iterations = g->playouts };
    SearchResult r = search_run(g->search, pos, &limits);
    *move = r.move;
    return r.has_move;
}

StateGuides *state_guides_attach(Portfolio *portfolio, int plies, uint64_t work, uint64_t playouts)
{
    StateGuides *guides = calloc(1, sizeof *guides);
    if (!guides)
        return NULL;
    guides->portfolio = portfolio;
    for (int k = 0; k < portfolio_members(portfolio); k++) {
        SearchConfig config;
        search_default_config(&config);
        config.threads = 1;
        config.memory_bytes = STATE_GUIDE_MEMORY;
        StateGuide *g = &guides->members[k];
        *g = (StateGuide){ search_create(&config), playouts };
        if (!g->search) {
            state_guides_destroy(guides);
            return NULL;
        }
        solver_set_guide(portfolio_solver(portfolio, k), guide_state, g, plies, work);
    }
    return guides;
}

void state_guides_destroy(StateGuides *guides)
{
    if (!guides)
        return;
    for (int k = 0; k < portfolio_members(guides->portfolio); k++) {
        solver_set_guide(portfolio_solver(guides->portfolio, k), NULL, NULL, 0, 0);
        search_destroy(guides->members[k].search);
    }
    free(guides);
}
