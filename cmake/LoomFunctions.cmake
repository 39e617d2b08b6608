# The functions of the Loom CMake package (included by LoomConfig.cmake).
#
#   loom_add_executable(<name> [OFFLOAD mandatory|default|disabled]
#                       [FABRIC <preset-or-file>] <source>...)
#
# Adds an executable whose sources loom-clang++ compiles (every kernel gets a
# dataflow program and a host fallback) and which links the Loom runtime
# (Loom::loomrt). OFFLOAD and FABRIC become the driver's --loom-offload= and
# --loom-fabric= for the target's sources (docs/driver.md).
#
# Why the project's compiler must be loom-clang++: CMake has one compiler per
# language for a whole project and cannot change it for one target. Loom's
# driver does what a plain clang++ cannot (it loads the plugin that compiles
# the kernels, adds the header and links the runtime), so, as with the
# single-source SYCL and HIP compilers, the project is configured with it:
#
#   cmake -DCMAKE_CXX_COMPILER=<prefix>/bin/loom-clang++ [-DCMAKE_C_COMPILER=<prefix>/bin/loom-clang] ...
#
# The driver is a drop-in clang++, so the project's other targets build as
# with clang++ 22. loom_add_executable stops with that instruction when the
# C++ compiler (or, for a target with .c sources, the C compiler) is not this
# package's driver.

# Fails unless CMAKE_<lang>_COMPILER is `expected` called by a name that puts
# the driver in `lang` mode: loom-clang (a link to loom-clang++) compiles C,
# every other name C++ (driver/tools/loom-clang++.cpp).
function(_loom_require_driver target lang expected)
  set(compiler "${CMAKE_${lang}_COMPILER}")
  get_filename_component(real "${compiler}" REALPATH)
  get_filename_component(expected_real "${expected}" REALPATH)
  get_filename_component(tool "${compiler}" NAME)
  if(tool MATCHES "loom-clang$")
    set(mode C)
  else()
    set(mode CXX)
  endif()
  if(compiler AND real STREQUAL expected_real AND mode STREQUAL lang)
    return()
  endif()
  message(FATAL_ERROR
    "loom_add_executable(${target}): the ${lang} compiler is '${compiler}', "
    "not Loom's driver '${expected}'. CMake has one ${lang} compiler per "
    "project and cannot change it for one target: configure a new build "
    "directory with -DCMAKE_${lang}_COMPILER=${expected}")
endfunction()

function(loom_add_executable name)
  cmake_parse_arguments(PARSE_ARGV 1 LOOM "" "OFFLOAD;FABRIC" "")
  if(LOOM_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "loom_add_executable(${name}): "
      "${LOOM_KEYWORDS_MISSING_VALUES} needs a value")
  endif()
  set(sources ${LOOM_UNPARSED_ARGUMENTS})
  if(NOT sources)
    message(FATAL_ERROR "loom_add_executable(${name}): no source files")
  endif()
  if(DEFINED LOOM_OFFLOAD AND
     NOT LOOM_OFFLOAD MATCHES "^(mandatory|default|disabled)$")
    message(FATAL_ERROR "loom_add_executable(${name}): OFFLOAD "
      "'${LOOM_OFFLOAD}' is not mandatory, default or disabled")
  endif()

  _loom_require_driver(${name} CXX "${LOOM_CXX_COMPILER}")
  foreach(source IN LISTS sources)
    get_filename_component(extension "${source}" LAST_EXT)
    if(extension STREQUAL ".c")
      _loom_require_driver(${name} C "${LOOM_C_COMPILER}")
      break()
    endif()
  endforeach()

  add_executable(${name} ${sources})
  target_link_libraries(${name} PRIVATE Loom::loomrt)
  if(DEFINED LOOM_OFFLOAD)
    target_compile_options(${name} PRIVATE "--loom-offload=${LOOM_OFFLOAD}")
  endif()
  if(DEFINED LOOM_FABRIC)
    target_compile_options(${name} PRIVATE "--loom-fabric=${LOOM_FABRIC}")
  endif()
endfunction()
