#ifndef ICONCHOOSER_CISAL_SHIM_H
#define ICONCHOOSER_CISAL_SHIM_H
// ISA-L's inflate (igzip): a streaming inflate about twice as fast as zlib's on PNG image
// data, which IconArt's row decoder uses for the commonest PNGs (see PNGRowDecoder.swift).
// Errors are return values; nothing here longjmps.
#include <isa-l/igzip_lib.h>
// crc32_gzip_refl: the CRC-32 of PNG chunks (the same polynomial and reflection as gzip's).
#include <isa-l/crc.h>
#endif
