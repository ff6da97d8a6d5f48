// build_info.c: see build_info.h. WORKBOOK_CBLAS_NAME comes from CMake.
#include "run/build_info.h"

#ifndef WORKBOOK_CBLAS_NAME
#define WORKBOOK_CBLAS_NAME "unknown"
#endif

const char *build_cblas_name(void) { return WORKBOOK_CBLAS_NAME; }
