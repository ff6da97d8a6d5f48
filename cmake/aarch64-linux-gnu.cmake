# aarch64-linux-gnu.cmake: a cross build for 64-bit ARM Linux (Apple-silicon
# Macs run the container as linux/arm64), with Debian's cross compiler and
# the arm64 libraries installed beside the build machine's (multiarch:
# dpkg --add-architecture arm64; tests/arm64.sh installs what it needs).
# The programs run under qemu-user: ctest puts CMAKE_CROSSCOMPILING_EMULATOR
# before every test's program, and the tests' scripts before the programs
# they run (tests/run_chapter_data.cmake).
#   cmake --preset arm64        (CMakePresets.json), or
#   cmake -B build/arm64 --toolchain cmake/aarch64-linux-gnu.cmake -DWORKBOOK_HOST_TOOLS=NATIVE_BUILD
# WORKBOOK_HOST_TOOLS: a native build folder whose to_simplified makes the
# zh-CN edition while building (CMakeLists.txt): a tool the build runs must
# be the build machine's.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)

# Programs (msgfmt, gnuplot, valgrind) are the build machine's; libraries and
# headers the target's, found in the multiarch folders (/usr/lib/aarch64-linux-gnu),
# and pkg-config answers for the target's libraries only.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)

# Debian's libgsl-dev cannot be installed for arm64 beside the build
# machine's (it is not Multi-Arch: same), so the arm64 GSL is linked by the
# names of its run-time libraries (libgsl27:arm64, libgslcblas0:arm64), with
# the build machine's headers (the same GSL version, the same files).
set(GSL_LIBRARY /usr/lib/aarch64-linux-gnu/libgsl.so.27 CACHE FILEPATH "GSL for aarch64")
set(GSL_CBLAS_LIBRARY /usr/lib/aarch64-linux-gnu/libgslcblas.so.0 CACHE FILEPATH "GSL's CBLAS for aarch64")
