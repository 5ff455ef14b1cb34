/*
 * source.c — reading a source file the way Python does before it tokenizes: a regular file of
 * at most FE_MAX_SOURCE bytes, a UTF-8 byte-order mark dropped (src->bom says there was one:
 * Python refuses it beside a coding declaration of another encoding), and universal newlines
 * ("\r\n" and a lone "\r" become "\n", in string literals too, as Python's reader does).
 * The decoding itself (UTF-8, no NUL byte) is checked by fe_parse, which locates the errors.
 *
 * Invariants: a device, a fifo or a directory is refused before it is opened for reading (a
 * fifo would block, /dev/zero never ends); the text is NUL-terminated and lives in the arena.
 */
#include "frontend/frontend.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Why a stat'd path cannot be a source file, or NULL. */
static const char *not_source(const struct stat *st)
{
    if (S_ISDIR(st->st_mode)) return "it is a directory";
    if (!S_ISREG(st->st_mode)) return "it is not a regular file";
    if (st->st_size > FE_MAX_SOURCE) return "it is larger than 16 MiB, the limit for a source file";
    return NULL;
}

void fe_normalise_source(SrcFile *src, char *text, size_t len)
{
    src->bom = len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0;
    if (src->bom) {
        text += 3;
        len -= 3;
    }
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\r') {
            text[o++] = '\n';
            if (i + 1 < len && text[i + 1] == '\n') i++;
        } else {
            text[o++] = text[i];
        }
    }
    text[o] = '\0';
    src->text = text;
    src->len = o;
}

/* Reads path into src->text and src->len (the arena's memory); NULL on success, else why not
 * (an errno text or one of not_source's), for "cannot read PATH: WHY". */
const char *fe_read_source(Arena *a, const char *path, SrcFile *src)
{
    struct stat st;
    if (stat(path, &st) != 0) return strerror(errno);
    const char *why = not_source(&st);
    if (why) return why;
    int fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) return strerror(errno);
    if (fstat(fd, &st) != 0 || (why = not_source(&st)) != NULL) { /* replaced since the stat */
        why = why ? why : strerror(errno);
        close(fd);
        return why;
    }
    size_t cap = (size_t)st.st_size + 1, n = 0; /* one byte more: a file that grew is noticed */
    char *text = ar_alloc(a, cap + 1);
    for (;;) {
        ssize_t k = read(fd, text + n, cap - n);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) {
            why = strerror(errno);
            break;
        }
        if (k == 0) break;
        n += (size_t)k;
        if (n == cap) {
            why = n > FE_MAX_SOURCE ? "it is larger than 16 MiB, the limit for a source file"
                                    : "it changed while it was read";
            break;
        }
    }
    close(fd);
    if (!why) fe_normalise_source(src, text, n);
    return why;
}
