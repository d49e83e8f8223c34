# tests/profile.mk - a profile-guided build of the engine, included at the
# end of the Makefile:
#
#   make profile-build                     leaves build/pgo/amazons and
#                                          build/pgo/amazons-prove
#   make solve-bench PGO=use               the solver's benchmark with it
#
# The engine is built counting branches and calls (PGO=generate), plays the
# training lines below, and is built again from those counts (PGO=use).  The
# training is the solver on a 5x5 and a 6x4 position, a few 10x10 and 8x8
# searches, and amazons-prove on 4x6 and on a reply of 5x6 (a few seconds
# each).  profile-check shows the result is the same engine: the same
# proof and node counts as the release build on a 5x5 position (a loss for
# Black after d1-d4/c4), and the same proof of 4x6 by amazons-prove.

.PHONY: profile-build profile-check

PGO_DIR = build/pgo$(VARIANT)
PGO_BIN = $(PGO_DIR)/amazons
PGO_PROVE = $(PGO_DIR)/amazons-prove
# A 5x5 middle game (a win for White to move), for the training and the check.
PGO_5X5 = boardsize 5 5\nplay w b1-b4/a5\nplay b a4-c2/c1\n
PGO_SEARCHES = boardsize 10\ngenmove w\ngenmove b\nboardsize 8\ngenmove w\ngenmove b\n
PGO_TRAINING = $(PGO_5X5)solve 60\nboardsize 6 4\nplay w b1-b2/c3\nsolve 8\n$(PGO_SEARCHES)quit\n

profile-build:
	rm -rf $(PGO_DIR)
	$(MAKE) --no-print-directory PGO=generate $(PGO_BIN) $(PGO_PROVE)
	printf '$(PGO_TRAINING)' | $(PGO_BIN) --memory 2048 --playouts 20000 >/dev/null
	# amazons-prove's: the whole of 4x6, and 2 million nodes below a hard reply of 5x6
	# (exit status 1: unknown when the nodes ran out).
	$(PGO_PROVE) --size 4x6 --memory 1024 --quiet >/dev/null
	$(PGO_PROVE) --size 5x6 --moves b1-b4/d4 --job 3 --memory 1024 --nodes 2000000 --quiet \
	    >/dev/null || [ $$? = 1 ]
	find $(PGO_DIR) -name '*.o' -delete
	rm -f $(PGO_BIN) $(PGO_PROVE)
	$(MAKE) --no-print-directory PGO=use $(PGO_BIN) $(PGO_PROVE)

PROFILE_CHECK_LINES = $(PGO_5X5)play w d1-d4/c4\nsolve 300\nquit\n

profile-check: profile-build $(BIN) $(BUILD)/amazons-prove
	printf '$(PROFILE_CHECK_LINES)' | $(BIN) --memory 1024 | grep nodes | sed 's/ time .*//' > $(PGO_DIR)/release.txt
	printf '$(PROFILE_CHECK_LINES)' | $(PGO_BIN) --memory 1024 | grep nodes | sed 's/ time .*//' > $(PGO_DIR)/profiled.txt
	cat $(PGO_DIR)/profiled.txt
	grep -q '^= loss nodes' $(PGO_DIR)/profiled.txt
	cmp $(PGO_DIR)/release.txt $(PGO_DIR)/profiled.txt
	$(BUILD)/amazons-prove --size 4x6 --memory 1024 --quiet | sed 's/, [0-9.]* s$$//' > $(PGO_DIR)/release-prove.txt
	$(PGO_PROVE) --size 4x6 --memory 1024 --quiet | sed 's/, [0-9.]* s$$//' > $(PGO_DIR)/profiled-prove.txt
	cat $(PGO_DIR)/profiled-prove.txt
	grep -q '^win b1-b4/c3 ' $(PGO_DIR)/profiled-prove.txt
	cmp $(PGO_DIR)/release-prove.txt $(PGO_DIR)/profiled-prove.txt
