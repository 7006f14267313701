#ifdef __linux__
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include "CFileExchange.h"

int iconchooser_exchange(const char *a, const char *b) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    return renamex_np(a, b, RENAME_SWAP);
#else
    errno = ENOTSUP;
    return -1;
#endif
}
