# tests/docs.mk - the commands of README.md and docs/ (tests/docs_check.sh),
# included by the Makefile.  `make docs-check` checks every sh/bash block and
# runs those not marked no-run, from a scratch copy of the repository root.
.PHONY: docs-check
docs-check: amazons amazons-match prove
	tests/docs_check.sh
