# tests/profile.mk - a profile-guided build of the engine, included at the
# end of the Makefile:
#
#   make profile-build                     leaves build/pgo/amazons
#   make solve-bench PGO=use               the solver's benchmark with it
#
# The engine is built counting branches and calls (PGO=generate), plays the
# training lines below, and is built again from those counts (PGO=use).  The
# training is the solver on a 5x5 and a 6x4 position and a few 10x10 and 8x8
# searches.  profile-check shows the result is the same engine: the same
# proof and node counts as the release build on a 5x5 position (a loss for
# Black after d1-d4/c4).

.PHONY: profile-build profile-check

PGO_DIR = build/pgo$(VARIANT)
PGO_BIN = $(PGO_DIR)/amazons
# A 5x5 middle game (a win for White to move), for the training and the check.
PGO_5X5 = boardsize 5 5\nplay w b1-b4/a5\nplay b a4-c2/c1\n
PGO_SEARCHES = boardsize 10\ngenmove w\ngenmove b\nboardsize 8\ngenmove w\ngenmove b\n
PGO_TRAINING = $(PGO_5X5)solve 60\nboardsize 6 4\nplay w b1-b2/c3\nsolve 8\n$(PGO_SEARCHES)quit\n

profile-build:
	rm -rf $(PGO_DIR)
	$(MAKE) --no-print-directory PGO=generate $(PGO_BIN)
	printf '$(PGO_TRAINING)' | $(PGO_BIN) --memory 2048 --playouts 20000 >/dev/null
	find $(PGO_DIR) -name '*.o' -delete
	rm -f $(PGO_BIN)
	$(MAKE) --no-print-directory PGO=use $(PGO_BIN)

PROFILE_CHECK_LINES = $(PGO_5X5)play w d1-d4/c4\nsolve 300\nquit\n

profile-check: profile-build $(BIN)
	printf '$(PROFILE_CHECK_LINES)' | $(BIN) --memory 1024 | grep nodes | sed 's/ time .*//' > $(PGO_DIR)/release.txt
	printf '$(PROFILE_CHECK_LINES)' | $(PGO_BIN) --memory 1024 | grep nodes | sed 's/ time .*//' > $(PGO_DIR)/profiled.txt
	cat $(PGO_DIR)/profiled.txt
	grep -q '^= loss nodes' $(PGO_DIR)/profiled.txt
	cmp $(PGO_DIR)/release.txt $(PGO_DIR)/profiled.txt
