# learn/learn.mk - the learned evaluation's tools, included by the Makefile
# (docs/learning.md):
#
#   make learn        builds amazons-selfplay (training positions from
#                     self-play), amazons-label (a deep search's values for
#                     them), amazons-train (the trainer) and
#                     amazons-prior-label, amazons-prior-fit (the move prior)
#   make formula      the 10x10 formula from its recipe: self-play, labels,
#                     the fit (about 20 minutes); make formula8 the 8x8 one
#   make prior        10x10 move-ordering weights fitted to deep searches'
#                     root visits (about 10 minutes on 2 cores)
#   make train        the shipped networks from their recipe: self-play
#                     data, training, eval/weights/net10.amzw and
#                     net8.amzw (about 45 minutes on 2 cores)

LEARN_MATCH_OBJ = $(BUILD)/match/openings.o $(BUILD)/match/board_size.o $(BUILD)/match/schedule.o
SELFPLAY_BIN = $(BUILD)/amazons-selfplay
LABEL_BIN = $(BUILD)/amazons-label
FIT_BIN = $(BUILD)/amazons-fit
TRAIN_BIN = $(BUILD)/amazons-train

.PHONY: learn train
learn: $(SELFPLAY_BIN) $(LABEL_BIN) $(FIT_BIN) $(TRAIN_BIN)

$(LABEL_BIN): $(BUILD)/learn/label.o $(LEARN_OBJ) $(LEARN_MATCH_OBJ) $(ENGINE_OBJ)
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

# The recipe of the fitted formula the engine carries for 10x10
# (eval/weights/formula10.amzw, docs/learning.md): positions from 4000
# self-play games at 300 playouts a move with 4 random moves after each
# opening, one in five labelled by a 40,000-playout search of the classic
# engine (the solver where it settles a position), the first LABEL_LIMIT of
# them in key order; held-out positions from 300 games of another seed.
# `make formula` runs it; the labelled files it makes are also committed,
# compressed, in data/ (make formula-from-data fits from those alone).
FORMULA_DIR ?= build/formula
LABEL_PLAYOUTS ?= 40000
LABEL_LIMIT ?= 6200
LABEL = $(LABEL_BIN) --playouts $(LABEL_PLAYOUTS) -j $(TRAIN_JOBS)
FORMULA_RECIPE = 10x10: positions of 4000 self-play games (300 playouts a move, tests/openings/10x10.txt, \
    4 random moves, seed 11), one in 5 by key, the first $(LABEL_LIMIT), labelled by a $(LABEL_PLAYOUTS)-playout \
    search of the classic engine or the solver (amazons-label); fitted by amazons-fit, lambda 0, ridge 1, \
    without the constant and tie terms, sharpened $(FORMULA_SHARPEN)x (make formula)
FORMULA_SHARPEN ?= 3
# The labels favour the side to move (a searched best move's value is
# optimistic), and a term for having the move makes leaves of odd and even
# depth disagree in the tree: the formula leaves those terms out.
FORMULA_DROP = --drop constant --drop queen_ties --drop king_ties

.PHONY: formula formula-fit formula-from-data
$(FORMULA_DIR)/positions10.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY_BIN) --size 10 --games 4000 --playouts 300 --random-plies 4 -j $(TRAIN_JOBS) \
	    --openings tests/openings/10x10.txt --seed 11 -o $@

$(FORMULA_DIR)/held-positions10.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY_BIN) --size 10 --games 300 --playouts 300 --random-plies 4 -j $(TRAIN_JOBS) \
	    --openings tests/openings/10x10.txt --seed 12 -o $@

$(FORMULA_DIR)/labels10.bin: $(FORMULA_DIR)/positions10.bin | $(LABEL_BIN)
	$(LABEL) --sample 5 --limit $(LABEL_LIMIT) -o $@ $<

$(FORMULA_DIR)/held-labels10.bin: $(FORMULA_DIR)/held-positions10.bin | $(LABEL_BIN)
	$(LABEL) --sample 6 -o $@ $<

formula: $(FORMULA_DIR)/labels10.bin $(FORMULA_DIR)/held-labels10.bin
	$(MAKE) formula-fit

# The fit alone, from the labelled files in FORMULA_DIR.
formula-fit: | $(FIT_BIN)
	$(FIT_BIN) --size 10 --held-out $(FORMULA_DIR)/held-labels10.bin --sharpen $(FORMULA_SHARPEN) $(FORMULA_DROP) \
	    --recipe "$(FORMULA_RECIPE)" -o eval/weights/formula10.amzw $(FORMULA_DIR)/labels10.bin

formula-from-data:
	@mkdir -p $(FORMULA_DIR)
	gzip -dc data/labels10.bin.gz > $(FORMULA_DIR)/labels10.bin
	gzip -dc data/held-labels10.bin.gz > $(FORMULA_DIR)/held-labels10.bin
	$(MAKE) formula-fit

# The 8x8 formula (eval/weights/formula8.amzw): the same features and fit,
# on positions of 2000 self-play games (seed 11) with one in three labelled,
# the first 6000, by a 40,000-playout search of the network engine, which
# judged 8x8 before it; held out, 200 games of seed 12, one in six.  About
# 7 minutes on 2 cores; make formula8-from-data fits from data/ alone.
FORMULA8_RECIPE = 8x8: positions of 2000 self-play games (300 playouts a move, tests/openings/8x8.txt, \
    4 random moves, seed 11), one in 3 by key, the first 6000, labelled by a $(LABEL_PLAYOUTS)-playout \
    search of the network engine (--eval net) or the solver (amazons-label); fitted by amazons-fit, \
    lambda 0, ridge 1, without the constant and tie terms, sharpened $(FORMULA_SHARPEN)x (make formula8)

.PHONY: formula8 formula8-fit formula8-from-data
$(FORMULA_DIR)/positions8.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY_BIN) --size 8 --games 2000 --playouts 300 --random-plies 4 -j $(TRAIN_JOBS) \
	    --openings tests/openings/8x8.txt --seed 11 -o $@

$(FORMULA_DIR)/held-positions8.bin: | $(SELFPLAY_BIN)
	@mkdir -p $(dir $@)
	$(SELFPLAY_BIN) --size 8 --games 200 --playouts 300 --random-plies 4 -j $(TRAIN_JOBS) \
	    --openings tests/openings/8x8.txt --seed 12 -o $@

$(FORMULA_DIR)/labels8.bin: $(FORMULA_DIR)/positions8.bin | $(LABEL_BIN)
	$(LABEL) --eval net --sample 3 --limit 6000 -o $@ $<

$(FORMULA_DIR)/held-labels8.bin: $(FORMULA_DIR)/held-positions8.bin | $(LABEL_BIN)
	$(LABEL) --eval net --sample 6 -o $@ $<

formula8: $(FORMULA_DIR)/labels8.bin $(FORMULA_DIR)/held-labels8.bin
	$(MAKE) formula8-fit

formula8-fit: | $(FIT_BIN)
	$(FIT_BIN) --size 8 --held-out $(FORMULA_DIR)/held-labels8.bin --sharpen $(FORMULA_SHARPEN) $(FORMULA_DROP) \
	    --recipe "$(FORMULA8_RECIPE)" -o eval/weights/formula8.amzw $(FORMULA_DIR)/labels8.bin

formula8-from-data:
	@mkdir -p $(FORMULA_DIR)
	gzip -dc data/labels8.bin.gz > $(FORMULA_DIR)/labels8.bin
	gzip -dc data/held-labels8.bin.gz > $(FORMULA_DIR)/held-labels8.bin
	$(MAKE) formula8-fit

# The amazon-move ordering's weights from deep searches' root visits
# (docs/learning.md, "The move prior").
PRIOR_LABEL_BIN = $(BUILD)/amazons-prior-label
PRIOR_FIT_BIN = $(BUILD)/amazons-prior-fit
learn: $(PRIOR_LABEL_BIN) $(PRIOR_FIT_BIN)

$(PRIOR_LABEL_BIN): $(BUILD)/learn/prior_label.o $(LEARN_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(PRIOR_FIT_BIN): $(BUILD)/learn/prior_fit.o $(ENGINE_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

-include $(BUILD)/learn/prior_label.d $(BUILD)/learn/prior_fit.d

# The recipe of the learned 10x10 ordering weights (docs/learning.md, "The
# move prior"; a --param set, not the default): the root visits of
# 20,000-playout searches of the first PRIOR_LIMIT positions (key order) of
# the formula's self-play positions, and of 40,000-playout searches of its
# held-out positions, by the engine with the hand-set ordering
# (PRIOR_TEACHER); `make prior` prints the fit, about 10 minutes on 2 cores.
# Interrupted, it goes on where it stopped.
PRIOR_DIR ?= build/prior
PRIOR_LIMIT ?= 10000
PRIOR_TEACHER = --param order_next_to_enemy=0 --param order_room_after=0 --param order_room_before=0 \
    --param order_enemy_reach=0 --param order_next_to_own=0 --param order_distance=0 \
    --param order_edge_distance=0 --param order_mobility=4 --param order_mobility_before=-2 \
    --param order_near_enemy=8
PRIOR_LABEL = $(PRIOR_LABEL_BIN) -j $(TRAIN_JOBS) $(PRIOR_TEACHER)

.PHONY: prior
$(PRIOR_DIR)/held-positions10.bin: data/held-labels10.bin.gz
	@mkdir -p $(dir $@)
	gzip -dc $< > $@

$(PRIOR_DIR)/held-visits10.txt: $(PRIOR_DIR)/held-positions10.bin | $(PRIOR_LABEL_BIN)
	$(PRIOR_LABEL) --playouts 40000 -o $@.part $< && mv $@.part $@

$(PRIOR_DIR)/visits10.txt: $(FORMULA_DIR)/positions10.bin | $(PRIOR_LABEL_BIN)
	@mkdir -p $(dir $@)
	$(PRIOR_LABEL) --playouts 20000 --limit $(PRIOR_LIMIT) -o $@.part $< && mv $@.part $@

prior: $(PRIOR_DIR)/visits10.txt $(PRIOR_DIR)/held-visits10.txt | $(PRIOR_FIT_BIN)
	$(PRIOR_FIT_BIN) --held-out $(PRIOR_DIR)/held-visits10.txt $(PRIOR_DIR)/visits10.txt
