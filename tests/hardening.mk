# tests/hardening.mk - long-running hardening checks, included at the end of
# the Makefile (after BIN and MATCH_BIN are defined):
#
#   make soak           1000 fast games through amazons-match (SOAK_GAMES=N to change)
#   make soak-ci        the same with 50 games
#   make valgrind       a protocol session and a short match under valgrind memcheck
#   make shard-check    one match played whole and as 4 shards, merged: the same report
#
# `make soak SANITIZE=1` plays with the ASan+UBSan binaries instead (slower
# engines: expect overruns at the tiny time limits to be a sanitizer artefact).
# The Check suites `hardening` (tests/test_hardening.c) and `state_integrity`
# (tests/test_state_integrity.c) run with `make test`.

.PHONY: soak soak-ci valgrind shard-check

SOAK_GAMES ?= 1000

soak: $(BIN) $(MATCH_BIN)
	AMAZONS_BIN=$(abspath $(BIN)) AMAZONS_MATCH_BIN=$(abspath $(MATCH_BIN)) tests/soak.sh $(SOAK_GAMES)

soak-ci: $(BIN) $(MATCH_BIN)
	AMAZONS_BIN=$(abspath $(BIN)) AMAZONS_MATCH_BIN=$(abspath $(MATCH_BIN)) tests/soak.sh 50

shard-check: $(BIN) $(MATCH_BIN)
	AMAZONS_BIN=$(abspath $(BIN)) AMAZONS_MATCH_BIN=$(abspath $(MATCH_BIN)) tests/shard_check.sh

# Valgrind cannot run every instruction -march=native may emit (AVX-512), so
# it gets its own portable build with debug information for its reports.
VALGRIND_BUILD = build/valgrind

valgrind:
	$(MAKE) --no-print-directory BUILD=$(VALGRIND_BUILD) OPT='-O1 -g' ARCH_FLAGS= SANITIZE= \
		$(VALGRIND_BUILD)/amazons $(VALGRIND_BUILD)/amazons-match
	AMAZONS_BIN=$(abspath $(VALGRIND_BUILD)/amazons) \
	AMAZONS_MATCH_BIN=$(abspath $(VALGRIND_BUILD)/amazons-match) tests/valgrind.sh
