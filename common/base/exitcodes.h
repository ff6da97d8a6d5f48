// exitcodes.h: the exit statuses every workbook program shares.
//
//   0  every claim came out with the verdict the workbook expects
//   1  a claim or check came out differently (the numbers drifted)
//   2  usage or bad input: a bad option value, an output folder that cannot be used
//   3  an I/O failure while writing results (disk full, a file-size limit, a
//      folder removed mid-run) or standard output
//   4  a resource ran out: memory could not be allocated (ulimit -v, the machine)
//      or a library aborted for that reason
//   5  training diverged: the loss or the parameters stopped being finite (a
//      learning rate too large for the settings); one line names the setting,
//      nothing from that training is cached or reported
// 128+N killed by signal N (SIGINT, SIGTERM, SIGHUP: temporary files removed first)
//  77  skipped (CTest's SKIP_RETURN_CODE): e.g. a figure test without gnuplot
#ifndef WORKBOOK_EXITCODES_H
#define WORKBOOK_EXITCODES_H

enum {
    EXIT_AS_EXPECTED = 0,
    EXIT_CLAIM_FAILED = 1,
    EXIT_BAD_INPUT = 2,
    EXIT_IO_FAILED = 3,
    EXIT_NO_RESOURCES = 4,
    EXIT_DIVERGED = 5,
    EXIT_SKIPPED = 77
};

#endif
