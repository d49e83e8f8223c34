# tests/fuzz/fuzz.mk - libFuzzer targets; included by the top-level Makefile
# (also usable alone: make -f tests/fuzz/fuzz.mk fuzz).
#
#   make fuzz                        builds the targets of FUZZ_TARGETS into
#                                    build/fuzz/ (clang, libFuzzer, ASan +
#                                    UBSan, -O2 -g)
#   make fuzz-run FUZZ_SECONDS=140   runs each target for its share of the
#                                    seconds, prints executions and crashes,
#                                    fails when any target crashed
#   make fuzz-run FUZZ_JOBS=2        the same in libFuzzer's fork mode with 2
#                                    jobs, carrying on past crashes
#
# The committed seeds in tests/fuzz/corpus/<target> are only read; new units
# go to build/fuzz/scratch/<target> (kept between runs, removed by `make
# clean`), artifacts to build/fuzz/artifacts/<target>/<run>/.

FUZZ_CC ?= clang
FUZZ_SECONDS ?= 140
FUZZ_JOBS ?= 0
FUZZ_BUILD = build/fuzz
FUZZ_TARGETS = fuzz_protocol fuzz_parsers fuzz_match_replies fuzz_numbers fuzz_results fuzz_openings fuzz_botzone
FUZZ_BINS = $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/%)
FUZZ_SANITIZERS = -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS = -std=gnu11 -O2 -g -fno-omit-frame-pointer $(FUZZ_SANITIZERS) \
              -Wall -Wextra -pthread -I. $(FUZZ_CFLAGS_EXTRA)

# The engine sources the Makefile builds into ./amazons, minus main.c, and
# amazons-match's modules minus its main.c (the targets for its parsers).
FUZZ_ENGINE_SRC = $(if $(ENGINE_SRC),$(ENGINE_SRC), \
    $(filter-out protocol/main.c,$(foreach d,engine eval solver search records protocol,$(wildcard $(d)/*.c))))
FUZZ_MATCH_SRC = $(filter-out match/main.c,$(wildcard match/*.c))
FUZZ_ENGINE_OBJ = $(FUZZ_ENGINE_SRC:%.c=$(FUZZ_BUILD)/obj/%.o) $(FUZZ_MATCH_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)

.PHONY: fuzz fuzz-run
fuzz: $(FUZZ_BINS)

fuzz-run: $(FUZZ_BINS)
	sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_JOBS) $(FUZZ_TARGETS)

$(FUZZ_BINS): $(FUZZ_BUILD)/%: $(FUZZ_BUILD)/obj/tests/fuzz/%.o $(FUZZ_ENGINE_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ -lm

$(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

# Keep the target objects (they are intermediate files of the pattern rule above).
.SECONDARY: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/obj/tests/fuzz/%.o)

-include $(FUZZ_ENGINE_OBJ:.o=.d) $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/obj/tests/fuzz/%.d)
