/*
 * merge.h - amazons-match --merge: the results files of the shards (or of
 * interrupted and resumed runs) of one match read together, checked (same
 * settings, no game twice), and reported with the same tables and SGF
 * collection that one run of all those games prints.
 */
#ifndef AMAZONS_MATCH_MERGE_H
#define AMAZONS_MATCH_MERGE_H

/*
 * `anchor` (may be NULL) overrides the files' anchor; `sgf_path` (may be
 * NULL) receives the collection.  Returns the exit status: 2 for bad or
 * mismatched files, 1 when the output cannot be written.
 */
int merge_results(char *const *paths, int count, const char *anchor, const char *sgf_path);

#endif
