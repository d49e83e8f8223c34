# tests/tune/tune.mk - SPSA tuning of the engine's parameters (tests/tune/spsa.sh),
# included by the Makefile:
#
#   make tune                       500 iterations on 10x10 at 2000 playouts a move
#   make tune TUNE_SIZE=8 TUNE_ITERATIONS=3000 TUNE_PLAYOUTS=4000
#
# The trajectory goes to build/tune/spsa-NxN.tsv (one line per iteration,
# the tuned values on the last); running the same command again resumes it.
# Measured with TUNE_JOBS=1 on a shared 2-core machine at a load of about 4:
# an iteration of 4 games at 2000 playouts took 1.6 s on 8x8 and 3.1 s on
# 10x10, so an hour is about 2,000 iterations on 8x8 or 1,100 on 10x10 (time
# grows with the playouts: the 8x8 defaults came from ~1,170 iterations at
# 5000); a night is ten times that.  Iterations needed scale with the number
# of parameters: give a dozen at least 1,000.

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
