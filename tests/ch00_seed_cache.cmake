# ch00_seed_cache.cmake -DFROM=DIR -DTO=DIR: copy chapter 0's cached vectors
# (ch00-*.bin) that TO lacks from FROM, each under a temporary name and then
# renamed, so an interrupted copy leaves no half file. FROM may not exist.
file(GLOB cached "${FROM}/ch00-*.bin")
file(MAKE_DIRECTORY "${TO}")
foreach(f IN LISTS cached)
  get_filename_component(name "${f}" NAME)
  if(NOT EXISTS "${TO}/${name}")
    file(COPY_FILE "${f}" "${TO}/.${name}.tmp")
    file(RENAME "${TO}/.${name}.tmp" "${TO}/${name}")
    message("seeded ${TO}/${name} from ${f}")
  endif()
endforeach()
