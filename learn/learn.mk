# learn/learn.mk - the learned evaluation's tools, included by the Makefile
# (docs/learning.md):
#
#   make learn        builds amazons-selfplay (training positions from
#                     self-play), amazons-label (a deep search's values for
#                     them) and amazons-train (the trainer)
#   make train        the shipped networks from their recipe: self-play
#                     data, training, eval/weights/net10.amzw and
#                     net8.amzw (about 45 minutes on 2 cores)

LEARN_MATCH_OBJ = $(BUILD)/match/openings.o $(BUILD)/match/board_size.o
SELFPLAY_BIN = $(BUILD)/amazons-selfplay
LABEL_BIN = $(BUILD)/amazons-label
FIT_BIN = $(BUILD)/amazons-fit
TRAIN_BIN = $(BUILD)/amazons-train

.PHONY: learn train
learn: $(SELFPLAY_BIN) $(LABEL_BIN) $(FIT_BIN) $(TRAIN_BIN)

$(LABEL_BIN): $(BUILD)/learn/label.o $(LEARN_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(FIT_BIN): $(BUILD)/learn/fit.o $(LEARN_OBJ) $(LEARN_MATCH_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(SELFPLAY_BIN): $(BUILD)/learn/selfplay.o $(LEARN_OBJ) $(LEARN_MATCH_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(TRAIN_BIN): $(BUILD)/learn/train.o $(LEARN_OBJ) $(LEARN_MATCH_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

-include $(BUILD)/learn/selfplay.d $(BUILD)/learn/label.d $(BUILD)/learn/fit.d $(BUILD)/learn/train.d $(LEARN_OBJ:.o=.d)

# The recipe of the networks the engine carries (docs/learning.md): games
# of the engine against itself with the classic evaluation, TRAIN_PLAYOUTS a
# move, from the opening books with two random moves after each opening;
# one network for 10x10 and one for 8x8, each judged on the games of other
# seeds.  Each step's output stays in TRAIN_DIR, so an interrupted `make
# train` goes on where it stopped.  About 45 minutes on 2 cores.
TRAIN_DIR ?= build/train
TRAIN_PLAYOUTS ?= 1000
TRAIN_EPOCHS ?= 4
TRAIN_JOBS ?= 2
TRAIN_RECIPE = 8000 games on 10x10 and 15000 on 8x8 of the engine against itself with the \
    classic evaluation, $(TRAIN_PLAYOUTS) playouts a move, from tests/openings/ with 2 random \
    moves (seeds 1 and 2); $(TRAIN_EPOCHS) epochs, lambda 0.5, batch 256, rate 0.002 (make train)
SELFPLAY = $(SELFPLAY_BIN) --playouts $(TRAIN_PLAYOUTS) -j $(TRAIN_JOBS)

# games SIZE GAMES SEED: the rule's self-play run.
$(TRAIN_DIR)/games10.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY) --size 10 --games 8000 --openings tests/openings/10x10.txt --seed 1 -o $@

$(TRAIN_DIR)/games8.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY) --size 8 --games 15000 --openings tests/openings/8x8.txt --seed 2 -o $@

$(TRAIN_DIR)/held-out10.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY) --size 10 --games 300 --openings tests/openings/10x10.txt --seed 99 -o $@

$(TRAIN_DIR)/held-out8.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY) --size 8 --games 500 --openings tests/openings/8x8.txt --seed 98 -o $@

$(TRAIN_DIR)/net%.bin: $(TRAIN_DIR)/games%.bin $(TRAIN_DIR)/held-out%.bin | $(TRAIN_BIN)
	$(TRAIN_BIN) --size $* --epochs $(TRAIN_EPOCHS) --held-out $(TRAIN_DIR)/held-out$*.bin \
	    --checkpoint $(TRAIN_DIR)/net$*.checkpoint -o $@ $(TRAIN_DIR)/games$*.bin

train: $(TRAIN_DIR)/net10.bin $(TRAIN_DIR)/net8.bin
	$(TRAIN_BIN) --emit eval/weights/net10.amzw --recipe "$(TRAIN_RECIPE)" $(TRAIN_DIR)/net10.bin
	$(TRAIN_BIN) --emit eval/weights/net8.amzw --recipe "$(TRAIN_RECIPE)" $(TRAIN_DIR)/net8.bin
