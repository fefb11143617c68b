/*
 * fuzz.h - the fuzz targets, as plain functions: libFuzzer drives each one
 * (`make fuzz`, built with -DFUZZ_MAIN=fuzz_NAME), and the unit tests
 * replay every saved input under tests/fuzz/corpus/NAME/ through it, so a
 * crash once found stays a test.  Each returns 0 and must never crash,
 * leak or trip a sanitizer, whatever the bytes.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

int fuzz_line(const uint8_t *data, size_t size);   /* framing + messages */
int fuzz_moves(const uint8_t *data, size_t size);  /* notations, positions */
int fuzz_record(const uint8_t *data, size_t size); /* record loader, replay */
int fuzz_event(const uint8_t *data, size_t size);  /* event definitions */

#ifdef FUZZ_MAIN
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return FUZZ_MAIN(data, size);
}
#endif

#endif
