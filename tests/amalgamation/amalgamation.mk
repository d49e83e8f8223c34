# tests/amalgamation/amalgamation.mk - the single-file build, included by the Makefile:
#
#   make amalgamation         writes build/amazons-single.c: every engine, eval,
#                             search and protocol source, headers pasted in once;
#                             it builds alone with gcc -O2 -std=gnu11 FILE -lm -lpthread
#   make amalgamation-check   builds it that way and checks it against ./amazons
#                             (protocol answers, a short match, Botzone mode)

AMALGAMATION = build/amazons-single.c
AMALGAMATION_SRC = $(sort $(wildcard engine/*.c)) $(sort $(wildcard eval/*.c)) \
                   $(sort $(wildcard search/*.c)) $(sort $(wildcard protocol/*.c))

.PHONY: amalgamation amalgamation-check
amalgamation: $(AMALGAMATION)

$(AMALGAMATION): $(AMALGAMATION_SRC) $(wildcard engine/*.h eval/*.h search/*.h protocol/*.h) \
                 tests/amalgamation/amalgamate.sh
	@mkdir -p $(dir $@)
	tests/amalgamation/amalgamate.sh $@ $(AMALGAMATION_SRC)

amalgamation-check: $(AMALGAMATION) amazons amazons-match
	tests/amalgamation/check.sh
