# tests/tune/tune.mk - SPSA tuning of the engine's parameters (tests/tune/spsa.sh),
# included by the Makefile:
#
#   make tune                       500 iterations on 10x10 at 2000 playouts a move
#   make tune TUNE_SIZE=8 TUNE_ITERATIONS=3000 TUNE_PLAYOUTS=4000
#
# The trajectory goes to build/tune/spsa-NxN.tsv (one line per iteration,
# the tuned values on the last); running the same command again resumes it.
# An hour on 2 cores is about 600 iterations of 4 games on 8x8 at 2000
# playouts, or 250 on 10x10; a night is ten times that.

TUNE_SIZE ?= 10
TUNE_ITERATIONS ?= 500
TUNE_PLAYOUTS ?= 2000
TUNE_PAIRS ?= 2
TUNE_JOBS ?= 2
TUNE_PARAMS ?= tests/tune/params.txt
TUNE_FLAGS ?=

.PHONY: tune
tune: amazons amazons-match
	tests/tune/spsa.sh --size $(TUNE_SIZE) --iterations $(TUNE_ITERATIONS) \
		--playouts $(TUNE_PLAYOUTS) --pairs $(TUNE_PAIRS) --jobs $(TUNE_JOBS) $(TUNE_FLAGS) $(TUNE_PARAMS)
