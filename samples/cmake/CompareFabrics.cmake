#===- CompareFabrics.cmake - a bigger fabric never gives a slower run -----===#
#
# cmake -DSAMPLE=<exe> -DNAME=<sample> -DWORK_DIR=<dir>
#       [-DKNOWN_SLOWER=<kernel>;...] -P CompareFabrics.cmake
#
# Runs `<exe> --small` on the simulator twice, on cgra-8x8 and on cgra-4x4,
# with LOOM_OFFLOAD=default (a kernel that does not map on a fabric runs on
# the emulator, or one of its split programs, and is not compared). Both runs must print "<sample>: PASS"
# with the same checksum. For every kernel that ran on the simulator on both
# fabrics, its simulated cycles (summed over the logged launches of the run
# report) must be at most as many on cgra-8x8 as on cgra-4x4: the mapper
# tries cgra-4x4 as a window of cgra-8x8 (docs/mapper.md), so the bigger
# fabric should never be slower. The kernels of KNOWN_SLOWER are known
# violations (the mapper's quality measure, not the simulated cycles, picks
# the mapping); they must still be slower, so that a fix is noticed and the
# entry removed. Cycles are simulated, not timed: the comparison is
# deterministic (whether a kernel maps can depend on the mapper's time
# budget, which is why a kernel that does not map is skipped, not failed).
#
#===----------------------------------------------------------------------===#
cmake_minimum_required(VERSION 3.20)

if(NOT DEFINED KNOWN_SLOWER)
  set(KNOWN_SLOWER "")
endif()
foreach(var SAMPLE NAME WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "CompareFabrics.cmake: -D${var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs the sample on `fabric`; sets <prefix>_JSON and <prefix>_CHECKSUM.
function(run_on_fabric fabric offload prefix)
  set(report ${WORK_DIR}/${NAME}.${fabric}.json)
  file(REMOVE ${report})
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env
            --unset=LOOM_TRACE --unset=LOOM_SAMPLE_SMALL
            LOOM_BACKEND=sim LOOM_OFFLOAD=${offload} LOOM_FABRIC=${fabric}
            LOOM_REPORT=${report}
            ${SAMPLE} --small
    RESULT_VARIABLE status
    OUTPUT_VARIABLE output
    ERROR_VARIABLE errors)
  message("--- ${NAME} on ${fabric}:\n${output}${errors}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${NAME} on ${fabric}: exit status ${status}")
  endif()
  if(NOT output MATCHES "(^|\n)${NAME}: PASS\n")
    message(FATAL_ERROR "${NAME} on ${fabric}: no '${NAME}: PASS' line")
  endif()
  if(NOT output MATCHES "(^|\n)${NAME}: checksum ([0-9a-f]+)\n")
    message(FATAL_ERROR "${NAME} on ${fabric}: no checksum line")
  endif()
  set(${prefix}_CHECKSUM ${CMAKE_MATCH_2} PARENT_SCOPE)
  file(READ ${report} json)
  set(${prefix}_JSON "${json}" PARENT_SCOPE)
endfunction()

# Sets `out_cycles` to the kernel's simulated cycles summed over its logged
# sim launches and `out_logged` to how many there were.
function(sim_cycles json kernel_index out_cycles out_logged)
  set(cycles 0)
  set(logged 0)
  string(JSON count LENGTH "${json}" kernels ${kernel_index} launch_log)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(j RANGE ${last})
      string(JSON backend GET "${json}" kernels ${kernel_index} launch_log
             ${j} backend)
      if(backend STREQUAL "sim")
        string(JSON launch_cycles GET "${json}" kernels ${kernel_index}
               launch_log ${j} cycles)
        math(EXPR cycles "${cycles} + ${launch_cycles}")
        math(EXPR logged "${logged} + 1")
      endif()
    endforeach()
  endif()
  set(${out_cycles} ${cycles} PARENT_SCOPE)
  set(${out_logged} ${logged} PARENT_SCOPE)
endfunction()

# Sets `out_level` to the split program the kernel ran on sim (its report
# entry's split_program), or 0 when it ran its own program.
function(split_level json kernel_index out_level)
  string(JSON level ERROR_VARIABLE missing GET "${json}" kernels
         ${kernel_index} split_program)
  if(missing)
    set(level 0)
  endif()
  set(${out_level} ${level} PARENT_SCOPE)
endfunction()

# The index of kernel `name` in the report, or -1.
function(find_kernel json name out_index)
  set(index -1)
  string(JSON count LENGTH "${json}" kernels)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON kernel GET "${json}" kernels ${i} name)
      if(kernel STREQUAL name)
        set(index ${i})
      endif()
    endforeach()
  endif()
  set(${out_index} ${index} PARENT_SCOPE)
endfunction()

run_on_fabric(cgra-8x8 default BIG)
run_on_fabric(cgra-4x4 default SMALL)
if(NOT BIG_CHECKSUM STREQUAL SMALL_CHECKSUM)
  message(FATAL_ERROR "${NAME}: checksum ${BIG_CHECKSUM} on cgra-8x8 differs "
          "from ${SMALL_CHECKSUM} on cgra-4x4")
endif()

set(compared 0)
set(violations "")
string(JSON count LENGTH "${BIG_JSON}" kernels)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON kernel GET "${BIG_JSON}" kernels ${i} name)
  string(JSON launches GET "${BIG_JSON}" kernels ${i} launches)
  if(launches EQUAL 0)
    continue()
  endif()
  sim_cycles("${BIG_JSON}" ${i} big_cycles big_logged)
  if(big_logged EQUAL 0)
    message("--- ${NAME}: kernel '${kernel}' does not map on cgra-8x8; "
            "not compared")
    continue()
  endif()
  find_kernel("${SMALL_JSON}" "${kernel}" j)
  set(small_logged 0)
  if(j GREATER_EQUAL 0)
    sim_cycles("${SMALL_JSON}" ${j} small_cycles small_logged)
  endif()
  if(NOT small_logged EQUAL big_logged)
    message("--- ${NAME}: kernel '${kernel}' does not map on cgra-4x4 "
            "(${small_logged} of ${big_logged} launches simulated there); "
            "not compared")
    continue()
  endif()
  # A kernel whose graph does not fit cgra-4x4 runs a split program there
  # (docs/compiler.md, "Graph splitting"): a different program, whose
  # cycles say nothing about the mapper's quality.
  split_level("${BIG_JSON}" ${i} big_split)
  split_level("${SMALL_JSON}" ${j} small_split)
  if(NOT big_split EQUAL small_split)
    message("--- ${NAME}: kernel '${kernel}' runs split program "
            "${small_split} on cgra-4x4 and ${big_split} on cgra-8x8; not "
            "compared")
    continue()
  endif()
  math(EXPR compared "${compared} + 1")
  message("--- ${NAME}: kernel '${kernel}': ${big_cycles} cycles on cgra-8x8, "
          "${small_cycles} on cgra-4x4")
  list(FIND KNOWN_SLOWER "${kernel}" known)
  if(big_cycles GREATER small_cycles AND known EQUAL -1)
    string(APPEND violations "\n  kernel '${kernel}': ${big_cycles} cycles on "
           "cgra-8x8 > ${small_cycles} on cgra-4x4")
  elseif(big_cycles GREATER small_cycles)
    message("--- ${NAME}: kernel '${kernel}' is a known violation "
            "(KNOWN_SLOWER)")
  elseif(NOT known EQUAL -1)
    string(APPEND violations "\n  kernel '${kernel}' is listed in "
           "KNOWN_SLOWER but is no longer slower on cgra-8x8 (${big_cycles} "
           "<= ${small_cycles} cycles): remove it from the list")
  endif()
endforeach()
if(violations)
  message(FATAL_ERROR "${NAME}: cgra-8x8 against cgra-4x4:${violations}")
endif()
message("--- ${NAME}: ${compared} kernel(s) compared, none unexpectedly "
        "slower on cgra-8x8")
