/* args.c - argument checks shared by the command handlers. */
#include "protocol/args.h"

#include <strings.h>

bool parse_color(const char *word, Color *c)
{
    if (!strcasecmp(word, "white") || !strcasecmp(word, "w"))
        *c = WHITE;
    else if (!strcasecmp(word, "black") || !strcasecmp(word, "b"))
        *c = BLACK;
    else
        return false;
    return true;
}

bool fail(Reply *reply, const char *message)
{
    reply_printf(reply, "%s", message);
    return false;
}

bool need_args(int argc, int want, Reply *reply)
{
    if (argc == want)
        return true;
    reply_printf(reply, "syntax error: expected %d argument%s", want, want == 1 ? "" : "s");
    return false;
}

bool color_arg(const char *word, Color *c, Reply *reply)
{
    if (parse_color(word, c))
        return true;
    return fail(reply, "syntax error: invalid color");
}
