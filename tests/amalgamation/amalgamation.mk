# tests/amalgamation/amalgamation.mk - the single-file build, included by the Makefile:
#
#   make amalgamation         writes build/amazons-single.c: every engine, eval,
#                             search and protocol source, headers pasted in once;
#                             it builds alone with gcc -O2 -std=gnu11 FILE -lm -lpthread.
#                             Also build/amazons-botzone.c, the same with
#                             AMAZONS_BOTZONE defined: a Botzone bot when run
#                             without arguments, the file to submit there
#   make amalgamation-check   builds it that way and checks it against ./amazons
#                             (protocol answers, a short match, Botzone mode)

AMALGAMATION = build/amazons-single.c
BOTZONE_SOURCE = build/amazons-botzone.c
AMALGAMATION_SRC = $(foreach d,$(ENGINE_DIRS),$(sort $(wildcard $(d)/*.c))) $(EMBEDDED_SRC)

.PHONY: amalgamation amalgamation-check
amalgamation: $(AMALGAMATION) $(BOTZONE_SOURCE)

# The Botzone file leaves the learned networks out (megabytes of source, more
# than Botzone takes in one file) and keeps the fitted formulas (a few hundred
# bytes each).
BOTZONE_EMBEDDED_SRC = build/gen/embedded_weights_botzone.c
BOTZONE_WEIGHTS = $(filter eval/weights/formula%,$(WEIGHTS_FILES))
BOTZONE_SRC = $(patsubst $(EMBEDDED_SRC),$(BOTZONE_EMBEDDED_SRC),$(AMALGAMATION_SRC))

$(BOTZONE_EMBEDDED_SRC): eval/weights/embed.sh $(BOTZONE_WEIGHTS) build/gen/weights.list
	eval/weights/embed.sh $@ $(BOTZONE_WEIGHTS)

$(BOTZONE_SOURCE): $(BOTZONE_SRC) $(foreach d,$(ENGINE_DIRS),$(wildcard $(d)/*.h)) \
                   tests/amalgamation/amalgamate.sh
	@mkdir -p $(dir $@)
	tests/amalgamation/amalgamate.sh $@.body $(BOTZONE_SRC)
	{ echo '/* amazons-botzone.c - the Amazons engine as a Botzone bot: amazons-single.c'; \
	  echo ' * playing Botzone by default, with the classic evaluation.'; \
	  echo ' * Build: gcc -O2 -std=gnu11 FILE -lm -lpthread */'; \
	  echo '#define AMAZONS_BOTZONE'; cat $@.body; } > $@
	rm -f $@.body

$(AMALGAMATION): $(AMALGAMATION_SRC) $(foreach d,$(ENGINE_DIRS),$(wildcard $(d)/*.h)) \
                 tests/amalgamation/amalgamate.sh
	@mkdir -p $(dir $@)
	tests/amalgamation/amalgamate.sh $@ $(AMALGAMATION_SRC)

amalgamation-check: $(AMALGAMATION) $(BOTZONE_SOURCE) amazons amazons-match
	tests/amalgamation/check.sh
