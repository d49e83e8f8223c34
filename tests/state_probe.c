/*
 * state_probe.c - runs commands between a setup and the state probe, and
 * compares the probe with a reference session (see state_probe.h).
 */
#include "state_probe.h"

#include <stdio.h>
#include <string.h>

#include "protocol_client.h"

void probe_cases_leave_state(const char *setup, const Case *cases, size_t n)
{
    Buf ref_script = { 0 };
    pc_buf_puts(&ref_script, setup);
    pc_buf_puts(&ref_script, STATE_PROBE);
    Responses ref = pc_gtp(pc_buf_keep(&ref_script));
    ck_assert_msg(ref.count >= STATE_PROBE_RESPONSES, "reference run: %zu responses", ref.count);
    size_t setup_count = ref.count - STATE_PROBE_RESPONSES;
    for (size_t i = 0; i < setup_count; i++)
        ck_assert_msg(ref.items[i].ok, "setup command #%zu failed: %s", i, ref.items[i].body);

    Buf script = { 0 };
    for (size_t c = 0; c < n; c++) {
        pc_buf_puts(&script, setup);
        pc_buf_printf(&script, "%zu %s\n", 1000 + c, cases[c].command);
        pc_buf_puts(&script, STATE_PROBE);
    }
    Responses rs = pc_gtp(pc_buf_keep(&script));
    size_t chunk = ref.count + 1;
    ck_assert_msg(rs.count == n * chunk, "expected %zu responses, got %zu", n * chunk, rs.count);
    for (size_t c = 0; c < n; c++) {
        const Response *got = &rs.items[c * chunk + setup_count];
        const char *expect = cases[c].expect;
        char id[32];
        snprintf(id, sizeof id, "%zu", 1000 + c);
        ck_assert_msg(strcmp(got->id, id) == 0, "\"%s\": response id \"%s\", expected \"%s\"",
                      cases[c].command, got->id, id);
        ck_assert_msg(got->ok == (expect[0] == '='), "\"%s\": got %c\"%.200s\", expected %s...",
                      cases[c].command, got->ok ? '=' : '?', got->body, expect);
        ck_assert_msg(strncmp(got->body, expect + 1, strlen(expect + 1)) == 0,
                      "\"%s\": got %c\"%.200s\", expected %s...", cases[c].command,
                      got->ok ? '=' : '?', got->body, expect);
        for (size_t j = 0; j < ref.count; j++) {
            size_t k = c * chunk + (j < setup_count ? j : j + 1);
            ck_assert_msg(pc_same_response(&rs.items[k], &ref.items[j]),
                          "after \"%s\" (setup \"%s\"): response %zu of the state probe is "
                          "%c\"%.300s\", expected %c\"%.300s\"",
                          cases[c].command, setup, j, rs.items[k].ok ? '=' : '?', rs.items[k].body,
                          ref.items[j].ok ? '=' : '?', ref.items[j].body);
        }
    }
}
