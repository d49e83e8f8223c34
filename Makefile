# Amazons engine.  `make` builds ./amazons, `make test` runs every test suite,
# `make test SANITIZE=1` does the same under AddressSanitizer + UBSan,
# `make test TSAN=1` under ThreadSanitizer,
# `make bench` prints the speed figures.  PORTABLE=1 (with any of these)
# builds queen lines by multiplication instead of BMI2's PEXT/PDEP, in a
# build directory of its own; builds for a CPU without BMI2 use it anyway.
# `make bench NAIVE_PERFT=file.c` also times a reference perft program.
# `make profile-build` leaves a profile-guided build in build/pgo/amazons.

CC ?= cc
ARCH_FLAGS ?= -march=native
OPT ?= -O2
WARNINGS = -Wall -Wextra
CFLAGS = -std=gnu11 $(OPT) $(ARCH_FLAGS) $(WARNINGS) -pthread -I. $(CFLAGS_EXTRA)
LDLIBS = -pthread -lm

ifeq ($(PORTABLE),1)
CFLAGS += -DAMAZONS_PORTABLE_LINES -DAMAZONS_PORTABLE
VARIANT = -portable
endif

ifeq ($(SANITIZE),1)
BUILD = build/sanitize$(VARIANT)
TEST_ENV = AMAZONS_SANITIZED=1
OPT = -O1 -g
CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDLIBS += -fsanitize=address,undefined
else ifeq ($(TSAN),1)
# ThreadSanitizer: the search's workers, the input reader and the command
# loop run concurrently (analysis, pondering, interrupts).
BUILD = build/tsan$(VARIANT)
# Stop at the first race, so the test that provoked it fails.
TEST_ENV = AMAZONS_SANITIZED=thread TSAN_OPTIONS='halt_on_error=1 second_deadlock_stack=1'
OPT = -O1 -g
CFLAGS += -fsanitize=thread -fno-omit-frame-pointer
LDLIBS += -fsanitize=thread
else ifneq ($(PGO),)
# Profile-guided builds (make profile-build): PGO=generate counts where the
# code goes, PGO=use compiles with those counts.  Both in build/pgo
# (build/pgo-portable with PORTABLE=1), since the counts are found by object
# path.  The sanitizer builds come first: they are never profile-guided.
BUILD = build/pgo$(VARIANT)
CFLAGS += -fprofile-$(PGO)
LDLIBS += -fprofile-$(PGO)
else
BUILD = build/release$(VARIANT)
endif

# The engine's modules, in the order the single-file build pastes them.
ENGINE_DIRS = engine eval solver search records protocol
# The learned weights the engine carries, eval/weights/*.amzw, become a
# generated source (weights_file.h): one for every build, as they are data.
WEIGHTS_FILES = $(sort $(wildcard eval/weights/*.amzw))
EMBEDDED_SRC = build/gen/embedded_weights.c
ENGINE_SRC = $(filter-out protocol/main.c,$(foreach d,$(ENGINE_DIRS),$(sort $(wildcard $(d)/*.c)))) $(EMBEDDED_SRC)
ENGINE_OBJ = $(ENGINE_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ = $(BUILD)/protocol/main.o
MATCH_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard match/*.c))
# The match runner's modules without its main(): the tests call its parsers directly.
MATCH_LIB_OBJ = $(filter-out $(BUILD)/match/main.o,$(MATCH_OBJ))
# The learned evaluation's data and training modules (learn/learn.mk has their programs).
LEARN_OBJ = $(BUILD)/learn/data.o $(BUILD)/learn/model.o
TEST_SRC = $(wildcard tests/*.c)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)

BIN = $(BUILD)/amazons
MATCH_BIN = $(BUILD)/amazons-match
TEST_BIN = $(BUILD)/check_amazons

CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)

.PHONY: all test bench clean
all: amazons amazons-match

# The top-level binaries are always default release builds; sanitized and
# portable ones stay under build/.
amazons: $(BIN)
ifeq ($(BUILD),build/release)
	cp -f $(BIN) amazons
endif

amazons-match: $(MATCH_BIN)
ifeq ($(BUILD),build/release)
	cp -f $(MATCH_BIN) amazons-match
endif

$(BIN): $(ENGINE_OBJ) $(MAIN_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(MATCH_BIN): $(ENGINE_OBJ) $(MATCH_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(TEST_BIN): $(ENGINE_OBJ) $(MATCH_LIB_OBJ) $(LEARN_OBJ) $(TEST_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS)

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CHECK_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

# The list of files is part of the output: a file taken away remakes it too.
$(EMBEDDED_SRC): eval/weights/embed.sh $(WEIGHTS_FILES) $(shell mkdir -p build/gen && \
	echo '$(WEIGHTS_FILES)' | cmp -s - build/gen/weights.list || echo '$(WEIGHTS_FILES)' > build/gen/weights.list; \
	echo build/gen/weights.list)
	eval/weights/embed.sh $@ $(WEIGHTS_FILES)

# The protocol and match tests run the real binaries named by these variables.
# AMAZONS_SANITIZED tells the timing and memory tests that the engine is a
# slower, bigger sanitizer build (tests/engine_session.c, tests/test_live.c);
# "thread" names ThreadSanitizer, whose shadow memory grows with the cap.
test: $(BIN) $(MATCH_BIN) $(TEST_BIN) $(BUILD)/amazons-selfplay $(BUILD)/amazons-label \
      $(BUILD)/amazons-prior-label $(BUILD)/amazons-prior-fit
	AMAZONS_BIN=$(abspath $(BIN)) AMAZONS_MATCH_BIN=$(abspath $(MATCH_BIN)) \
	AMAZONS_SELFPLAY_BIN=$(abspath $(SELFPLAY_BIN)) AMAZONS_LABEL_BIN=$(abspath $(LABEL_BIN)) \
	AMAZONS_PRIOR_LABEL_BIN=$(abspath $(PRIOR_LABEL_BIN)) AMAZONS_PRIOR_FIT_BIN=$(abspath $(PRIOR_FIT_BIN)) \
	AMAZONS_FIXTURES=$(abspath tests/fixtures) $(TEST_ENV) $(TEST_BIN)

# With NAIVE_PERFT=file.c, that reference perft is built with -O2 and run
# (as `naive_perft 10 3`) right after perft(3); bench prints both times.
# With BASELINE=COMMIT, that commit's engine is built beside this one (in
# build/baseline-COMMIT) and its one-thread search runs right after ours:
# bench prints both speeds per position, their ratio, and whether the moves
# agree.
NAIVE_BIN = build/naive_perft
BASELINE_BIN = build/baseline-$(BASELINE)/amazons

bench: amazons $(if $(NAIVE_PERFT),$(NAIVE_BIN)) $(if $(BASELINE),$(BASELINE_BIN))
	$(if $(NAIVE_PERFT),AMAZONS_NAIVE_PERFT=$(abspath $(NAIVE_BIN))) \
	$(if $(BASELINE),AMAZONS_BASELINE=$(abspath $(BASELINE_BIN))) $(BIN) --bench

$(NAIVE_BIN): $(NAIVE_PERFT)
	@mkdir -p $(dir $@)
	$(CC) -O2 -o $@ $<

$(BASELINE_BIN):
	rm -rf $(dir $@) && mkdir -p $(dir $@)
	git archive $(BASELINE) | tar -x -C $(dir $@)
	$(MAKE) -C $(dir $@) amazons

clean:
	rm -rf build amazons amazons-match

-include $(ENGINE_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(MATCH_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

include tests/hardening.mk
include tests/profile.mk
include tests/tune/tune.mk
include tests/amalgamation/amalgamation.mk
include tests/fuzz/fuzz.mk
include tests/solve.mk
include tests/docs.mk
include install.mk
include web/web.mk
include learn/learn.mk
include solver/solver.mk
