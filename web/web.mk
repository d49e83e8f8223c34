# web/web.mk - the engine in WebAssembly and the browser page, included by
# the Makefile.  Build tools: Debian's emscripten (emcc), Node.js; the page's
# tests also need Chromium and web/node_modules (npm ci in web/).
#
#   make web         build/web/: the page, served as static files, with the
#                    engine for its Web Worker (amazons-web.js + .wasm);
#                    build/web-node/amazons: the same engine under Node,
#                    speaking the protocol on stdin/stdout like ./amazons
#   make web-serve   serves build/web on http://127.0.0.1:8000 (WEB_PORT), or
#                    any static file server: python3 -m http.server
#   make web-test    the page in headless Chromium (web/test/), and the
#                    protocol suites against the Node build
#   make web-interleave  the page's random-interleavings test at full
#                    length: 500 actions while the engine thinks (web-test
#                    runs 120; INTERLEAVE_SEED picks another sequence)
#   make web-bench   search speed under Node and in Chromium against the
#                    native engine, the page's first move, the folder's size
#
# There are no threads in these builds (a page gets shared memory only under
# cross-origin isolation headers, which a plain static host does not send):
# input arrives from JavaScript and searches run in slices while the engine
# waits for it (web/wasm/input_web.c).

EMCC ?= emcc
# Debian's emscripten finds its Node modules there when Node is not Debian's.
EM_ENV = NODE_PATH=/usr/share/nodejs
WEB_PORT ?= 8000
WEB_OUT = build/web
WEB_NODE_OUT = build/web-node
WEB_OBJ_DIR = build/web-obj
WEB_C_SRC = $(filter-out protocol/input.c,$(ENGINE_SRC)) protocol/main.c web/wasm/input_web.c
WEB_OBJ = $(WEB_C_SRC:%.c=$(WEB_OBJ_DIR)/%.o)
WEB_CFLAGS = -std=gnu11 -O3 -DAMAZONS_PORTABLE_LINES -Wall -Wextra -I. $(CFLAGS_EXTRA)
WEB_LINK = -O3 -lm -sASYNCIFY -sASYNCIFY_IMPORTS='["web_wait","web_yield"]' \
           -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB \
           --js-library web/wasm/library_web.js --post-js web/wasm/post.js \
           -sEXPORTED_RUNTIME_METHODS='["ccall","FS","callMain"]' \
           -sEXPORTED_FUNCTIONS='["_main","_web_push_line","_web_end_input","_malloc","_free"]'
WEB_JS_DEPS = web/wasm/library_web.js web/wasm/post.js
WEB_PAGE = $(wildcard web/*.html web/*.css web/src/*.js) web/engine-worker.js web/icon.svg web/manifest.webmanifest
# The service worker precaches every file of the page, the engine included.
WEB_CACHED = $(WEB_PAGE:web/%=%) amazons-web.js amazons-web.wasm

.PHONY: web web-serve web-test web-interleave web-node web-bench
web: $(WEB_OUT)/amazons-web.js $(WEB_NODE_OUT)/amazons $(WEB_PAGE:web/%=$(WEB_OUT)/%) $(WEB_OUT)/sw.js

web-node: $(WEB_NODE_OUT)/amazons

$(WEB_OBJ_DIR)/%.o: %.c
	@mkdir -p $(dir $@)
	$(EM_ENV) $(EMCC) $(WEB_CFLAGS) -MMD -MP -c -o $@ $<

# The page's engine: an ES module factory run in a module Worker.
$(WEB_OUT)/amazons-web.js: $(WEB_OBJ) $(WEB_JS_DEPS)
	@mkdir -p $(dir $@)
	$(EM_ENV) $(EMCC) $(WEB_OBJ) -o $@ $(WEB_LINK) -sENVIRONMENT=worker -sMODULARIZE=1 \
	    -sEXPORT_ES6=1 -sEXPORT_NAME=createEngine -sINVOKE_RUN=0

# The Node build: one file (Node cannot fetch a .wasm by path), the real file
# system (loadsgf, printsgf), and a command.
$(WEB_NODE_OUT)/amazons-node.js: $(WEB_OBJ) $(WEB_JS_DEPS) web/wasm/node_io.js
	@mkdir -p $(dir $@)
	$(EM_ENV) $(EMCC) $(WEB_OBJ) -o $@ $(WEB_LINK) -sENVIRONMENT=node -sSINGLE_FILE=1 \
	    -sEXIT_RUNTIME=1 -sNODERAWFS=1 --pre-js web/wasm/node_io.js

$(WEB_NODE_OUT)/amazons: $(WEB_NODE_OUT)/amazons-node.js
	printf '#!/bin/sh\nexec node "$$(dirname "$$0")/amazons-node.js" "$$@"\n' > $@
	chmod +x $@

$(WEB_OUT)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@

$(WEB_OUT)/sw.js: web/sw.js web/web.mk $(WEB_PAGE)
	@mkdir -p $(dir $@)
	sed "s|/\* PAGE_FILES \*/|$(foreach f,$(WEB_CACHED),'$(f)',)|" $< > $@

web-serve: web
	node web/test/server.mjs $(WEB_OUT) $(WEB_PORT)

# The page's tests need playwright-core, installed from the lock file.
web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund

# The suites that drive ./amazons through pipes, run against the Node build
# too.  Left out: Botzone mode (Node refuses it: it reads its descriptor
# itself), the suites of single modules (they start no engine), and the
# tests tagged "threads" (a solve watched while it runs needs a thread of
# its own) and "rss" (the process's peak memory holds Node's runtime too).
WEB_NODE_SUITES = protocol_process protocol_commands protocol_records protocol_errors \
                  protocol_client solve_command live state_integrity hardening \
                  match match_tournament match_results match_engines

web-test: web amazons amazons-match $(TEST_BIN) web/node_modules/.package-lock.json
	cd web && node test/run.mjs
	for suite in $(WEB_NODE_SUITES); do \
	    AMAZONS_BIN=$(abspath $(WEB_NODE_OUT)/amazons) AMAZONS_MATCH_BIN=$(abspath $(MATCH_BIN)) \
	    AMAZONS_FIXTURES=$(abspath tests/fixtures) CK_RUN_SUITE=$$suite CK_EXCLUDE_TAGS="threads rss" \
	    $(TEST_BIN) || exit 1; \
	done

web-interleave: web web/node_modules/.package-lock.json
	cd web && INTERLEAVINGS=500 node test/run.mjs interleavings

-include $(WEB_OBJ:.o=.d)

web-bench: web amazons web/node_modules/.package-lock.json
	cd web && node test/bench.mjs
