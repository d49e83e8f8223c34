# tests/solve.mk - the exact solver's benchmark, included at the end of the
# Makefile (after BIN is defined):
#
#   make solve-bench                       every board, an hour each at most
#   make solve-bench SOLVE_BOARDS="4x4 5x5" SOLVE_LIMIT=120 SOLVE_MEMORY=2048
#   make profile-build && make solve-bench PGO=use     with the profile-guided
#                                                       build (tests/profile.mk)
#
# Boards are COLUMNSxROWS start positions; SOLVE_LIMIT is seconds per board
# (0: no limit), SOLVE_MEMORY the engine's --memory in MiB.  Prints a table of
# result, nodes and time (tests/solve_bench.sh).
#
#   make exhaustive && build/release/exhaustive 4 5
#
# builds the independent check of a start position's result by plain
# negamax with a memo (tests/solver/exhaustive.c; 4x5 takes minutes and
# 4 GiB, 390 million positions).

.PHONY: solve-bench exhaustive

SOLVE_BOARDS ?= 4x4 5x5 4x5 5x4 4x6 6x4 5x6 4x7
SOLVE_LIMIT ?= 3600
SOLVE_MEMORY ?= 4096

solve-bench: $(BIN)
	AMAZONS_BIN=$(abspath $(BIN)) tests/solve_bench.sh $(SOLVE_LIMIT) $(SOLVE_MEMORY) $(SOLVE_BOARDS)

EXHAUSTIVE = $(BUILD)/exhaustive

exhaustive: $(EXHAUSTIVE)

$(EXHAUSTIVE): $(BUILD)/tests/solver/exhaustive.o $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)
