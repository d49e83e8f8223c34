# learn/learn.mk - the learned evaluation's tools, included by the Makefile
# (docs/learning.md):
#
#   make learn        builds amazons-selfplay (training positions from
#                     self-play) and amazons-train (the trainer)
#   make train        the shipped networks from their recipe: self-play
#                     data, training, eval/net_weights.c (a few hours on 2 cores)

LEARN_MATCH_OBJ = $(BUILD)/match/openings.o $(BUILD)/match/board_size.o
SELFPLAY_BIN = $(BUILD)/amazons-selfplay
TRAIN_BIN = $(BUILD)/amazons-train

.PHONY: learn train
learn: $(SELFPLAY_BIN) $(TRAIN_BIN)

$(SELFPLAY_BIN): $(BUILD)/learn/selfplay.o $(LEARN_OBJ) $(LEARN_MATCH_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(TRAIN_BIN): $(BUILD)/learn/train.o $(LEARN_OBJ) $(LEARN_MATCH_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

-include $(BUILD)/learn/selfplay.d $(BUILD)/learn/train.d $(LEARN_OBJ:.o=.d)

# The recipe of the shipped networks (docs/learning.md): self-play of the
# engine with the classic evaluation at TRAIN_PLAYOUTS a move, from the
# opening books, two random moves after each opening; held-out games of
# other seeds; one network for every board size, trained on both sizes'
# positions.  Each step's output is kept in TRAIN_DIR, so an interrupted
# `make train` goes on where it stopped.
TRAIN_DIR ?= build/train
TRAIN_PLAYOUTS ?= 1000
TRAIN_GAMES_10 ?= 8000
TRAIN_GAMES_8 ?= 15000
TRAIN_HELD_OUT_GAMES ?= 500
TRAIN_EPOCHS ?= 4
TRAIN_JOBS ?= 2
TRAIN_RECIPE = self-play at $(TRAIN_PLAYOUTS) playouts a move, $(TRAIN_GAMES_10) games on 10x10 and \
    $(TRAIN_GAMES_8) on 8x8 (seeds 1 and 2), $(TRAIN_EPOCHS) epochs (make train)
SELFPLAY = $(SELFPLAY_BIN) --playouts $(TRAIN_PLAYOUTS) -j $(TRAIN_JOBS)

$(TRAIN_DIR)/games10.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY) --size 10 --games $(TRAIN_GAMES_10) --openings tests/openings/10x10.txt --seed 1 -o $@

$(TRAIN_DIR)/games8.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY) --size 8 --games $(TRAIN_GAMES_8) --openings tests/openings/8x8.txt --seed 2 -o $@

$(TRAIN_DIR)/held-out.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY) --size 10 --games $(TRAIN_HELD_OUT_GAMES) --openings tests/openings/10x10.txt --seed 101 \
	    -o $(TRAIN_DIR)/held-out10.bin
	$(SELFPLAY) --size 8 --games $(TRAIN_HELD_OUT_GAMES) --openings tests/openings/8x8.txt --seed 102 \
	    -o $(TRAIN_DIR)/held-out8.bin
	$(SELFPLAY_BIN) --merge $(TRAIN_DIR)/held-out10.bin $(TRAIN_DIR)/held-out8.bin -o $@

$(TRAIN_DIR)/net.bin: $(TRAIN_DIR)/games10.bin $(TRAIN_DIR)/games8.bin $(TRAIN_DIR)/held-out.bin | $(TRAIN_BIN)
	$(TRAIN_BIN) --size any --epochs $(TRAIN_EPOCHS) --held-out $(TRAIN_DIR)/held-out.bin \
	    --checkpoint $(TRAIN_DIR)/net.checkpoint -o $@ $(TRAIN_DIR)/games10.bin $(TRAIN_DIR)/games8.bin

train: $(TRAIN_DIR)/net.bin
	$(TRAIN_BIN) --emit-c eval/net_weights.c --recipe "$(TRAIN_RECIPE)" $<
