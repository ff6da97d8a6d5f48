// heap.h: keep the memory a program frees for its next allocation.
//
// Chapters 6 and 9 train many small models one after another (30 and 147 at
// the course's settings), and each run allocates its activations (a few MB
// for training, tens of MB for the test at four times the training length)
// and frees them at its end. glibc's malloc serves blocks that large from
// fresh mappings and gives them back to the kernel when they are freed, so
// every run paid again for new pages: a page fault and the kernel's zeroing
// per 4 KiB page, on top of calloc's. Measured on 2026-12-05 (chapter 9, one
// seed, one thread): a fifth of the run's time, most of it the kernel's.
//
// heap_keep_freed_memory asks glibc (mallopt) to serve blocks up to 32 MiB
// from its heap and to keep up to 512 MiB of freed memory there instead of
// returning it, so the next run's buffers reuse the pages the last one
// freed. Nothing computed depends on it: only where the bytes live. A no-op
// with another C library. Call it before the first large allocation.
#ifndef WORKBOOK_HEAP_H
#define WORKBOOK_HEAP_H

void heap_keep_freed_memory(void);

#endif
