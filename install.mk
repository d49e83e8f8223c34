# install.mk - installing the engine, included at the end of the Makefile
# (after BIN and MATCH_BIN are defined):
#
#   make install                      amazons and amazons-match to
#                                     /usr/local/bin, their manual pages to
#                                     /usr/local/share/man/man6
#   make install PREFIX=$HOME/.local  the same under another prefix
#   make install DESTDIR=/tmp/stage   staged for a package: every path is
#                                     $(DESTDIR)$(PREFIX)/...
#   make uninstall                    removes those four files again (give
#                                     the same PREFIX and DESTDIR); it leaves
#                                     the directories, which may hold others
#   make install-check                installs into a temporary DESTDIR, runs
#                                     and lints what was installed, and
#                                     uninstalls it (tests/install_check.sh)
#
# The binaries are the release build (build/release, or with PORTABLE=1
# build/release-portable), built first when they are missing or stale.  It
# is compiled with -march=native, so it runs on CPUs like this one; for a
# package meant for other machines build afresh without that flag:
# `make clean && make install ARCH_FLAGS= DESTDIR=...`.

.PHONY: install uninstall install-check

PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MAN6DIR = $(PREFIX)/share/man/man6
INSTALL ?= install

MAN_PAGES = man/amazons.6 man/amazons-match.6

# A sanitizer or PGO=generate build is for testing: refused before anything
# is built.
ifneq ($(filter 1,$(SANITIZE) $(TSAN))$(filter generate,$(PGO)),)
install install-check:
	@echo "make $@: SANITIZE=1, TSAN=1 and PGO=generate builds are for testing, not for installing" >&2; exit 1
else
install: $(BIN) $(MATCH_BIN) $(MAN_PAGES)
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MAN6DIR)"
	$(INSTALL) -m 755 $(BIN) "$(DESTDIR)$(BINDIR)/amazons"
	$(INSTALL) -m 755 $(MATCH_BIN) "$(DESTDIR)$(BINDIR)/amazons-match"
	$(INSTALL) -m 644 $(MAN_PAGES) "$(DESTDIR)$(MAN6DIR)"

install-check: $(BIN) $(MATCH_BIN)
	MAKE='$(MAKE)' tests/install_check.sh
endif

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/amazons" "$(DESTDIR)$(BINDIR)/amazons-match" \
		"$(DESTDIR)$(MAN6DIR)/amazons.6" "$(DESTDIR)$(MAN6DIR)/amazons-match.6"
