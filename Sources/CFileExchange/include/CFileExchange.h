#ifndef ICONCHOOSER_CFILEEXCHANGE_H
#define ICONCHOOSER_CFILEEXCHANGE_H

// Swapping two paths in one atomic step: glibc declares renameat2 only under _GNU_SOURCE, which
// Swift's Glibc module does not define, and macOS names the same thing renamex_np(RENAME_SWAP).

/// Exchanges what `a` and `b` name, atomically; both must exist. Returns 0, or -1 with errno set
/// (EINVAL or ENOTSUP where the file system cannot exchange).
int iconchooser_exchange(const char *a, const char *b);

#endif
