# change_one_line.cmake -DFROM=FILE -DTO=FILE: TO is FROM with one line added at
# its end (a comment: the program's numbers stay the same, its code does not),
# for tests/cache.cmake's chapters 0 and 6 built from changed code.
file(READ "${FROM}" text)
file(WRITE "${TO}" "${text}// a changed line (tests/change_one_line.cmake)\n")
