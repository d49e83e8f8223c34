# solver/solver.mk - the solver's programs, included by the Makefile
# (docs/solver.md, "Proof files"):
#
#   make prove         builds amazons-prove (proofs, their jobs and merges)
#                      and amazons-check-proof (the independent checker)
#   make proof-check   proofs of small boards (5x5 included) written whole and in
#                      pieces and checked, false ones refused (tests/solver/proof_check.sh)

PROVE_BIN = $(BUILD)/amazons-prove
CHECK_PROOF_BIN = $(BUILD)/amazons-check-proof

.PHONY: prove proof-check
prove: $(PROVE_BIN) $(CHECK_PROOF_BIN)

$(PROVE_BIN): $(BUILD)/solver/tools/prove.o $(BUILD)/solver/tools/proof_merge.o \
              $(BUILD)/solver/tools/search_guide.o $(BUILD)/match/board_size.o $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# The checker shares nothing with the engine: its object alone.
$(CHECK_PROOF_BIN): $(BUILD)/solver/tools/check_proof.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

proof-check: $(CHECK_PROOF_BIN) $(PROVE_BIN) $(BIN)
	tests/solver/proof_check.sh $(abspath $(PROVE_BIN)) $(abspath $(CHECK_PROOF_BIN))

-include $(BUILD)/solver/tools/prove.d $(BUILD)/solver/tools/proof_merge.d $(BUILD)/solver/tools/search_guide.d \
         $(BUILD)/solver/tools/check_proof.d
