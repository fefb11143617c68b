/*
 * sha256.h - SHA-256 (FIPS 180-4), small and pure: no I/O, no allocation.
 *
 * Used for the digests that make match records tamper-evident
 * (record/SCHEMA.md, "Digest").  Written here rather than taken from
 * libcrypto: the referee hashes a few kilobytes per record, needs no other
 * primitive, and one more library would be one more package to install on
 * every machine that builds it.
 *
 * Caller's protocol: sha256_init(), sha256_update() as often as needed,
 * sha256_final(); or sha256_hex() for one buffer in one call.
 */
#ifndef SHA256_H
#define SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BYTES 32
/* "sha256:" and 64 lowercase hex digits, and the NUL. */
#define SHA256_TEXT_MAX (7 + 2 * SHA256_BYTES + 1)

typedef struct {
    uint32_t h[8];
    uint64_t length;      /* bytes hashed so far */
    unsigned char block[64];
    size_t used;          /* bytes waiting in block */
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t len);
void sha256_final(sha256_ctx *c, unsigned char out[SHA256_BYTES]);

/* "sha256:" followed by the digest of data in lowercase hex, into out. */
void sha256_text(const void *data, size_t len, char out[SHA256_TEXT_MAX]);
/* The same for a digest already computed. */
void sha256_format(const unsigned char digest[SHA256_BYTES],
                   char out[SHA256_TEXT_MAX]);

#endif
