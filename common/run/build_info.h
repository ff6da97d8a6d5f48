// build_info.h: facts about how this copy of the workbook was built.
#ifndef WORKBOOK_BUILD_INFO_H
#define WORKBOOK_BUILD_INFO_H

// The CBLAS that gsl_blas_* calls go to: "OpenBLAS" or "GSL reference CBLAS".
const char *build_cblas_name(void);

#endif
