#===- RunSample.cmake - run one sample on one backend and check it -------===#
#
# cmake -DSAMPLE=<exe> -DNAME=<sample> -DBACKEND=<backend>
#       -DREFERENCE_BACKEND=<backend> -DWORK_DIR=<dir> -P RunSample.cmake
#
# Runs `<exe> --small` with LOOM_BACKEND=<backend>, LOOM_OFFLOAD=mandatory and
# a run report, and fails unless
#   - the program exits with 0 and prints "<sample>: PASS";
#   - every kernel it launched ran on <backend> for every launch (the report's
#     "launches" equals "ran_on"."<backend>");
#   - its "<sample>: checksum ..." line equals the reference backend's (run
#     here too when <backend> is another one): bit-identical results;
#   - on sim, run with LOOM_MAPPING_DIR=<dir>/<sample>.mappings: every
#     launched kernel's mapping was written there, as <kernel>.<graph>.json
#     and .svg.
# With -DSIM_UNMAPPED_KERNELS=<kernel>;... (kernels the mapper cannot place
# and route on the default fabric, a known gap) the sim run must instead be
# refused with exit status 1 at the first of them ("cannot be mapped on"),
# and the report must give that reason for each of them.
# With -DFABRIC=<preset> the sim run uses LOOM_FABRIC=<preset> (the
# time-multiplexed presets, on which every kernel must map) instead of the
# default fabric, and SIM_UNMAPPED_KERNELS does not apply.
#
#===----------------------------------------------------------------------===#
cmake_minimum_required(VERSION 3.20)

foreach(var SAMPLE NAME BACKEND REFERENCE_BACKEND WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunSample.cmake: -D${var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})
# Names this test's files: two tests of one sample may run at once.
set(TAG ${BACKEND})
if(DEFINED FABRIC)
  set(TAG ${BACKEND}-${FABRIC})
endif()

# Fails unless LOOM_MAPPING_DIR (`dir`) holds a configuration JSON and an SVG
# picture of at least one graph of `kernel`, the same graphs in both forms.
function(check_mapping_files kernel dir)
  string(REGEX REPLACE "[^A-Za-z0-9._-]" "_" stem "${kernel}")
  file(GLOB configs RELATIVE ${dir} ${dir}/${stem}.*.json)
  file(GLOB pictures RELATIVE ${dir} ${dir}/${stem}.*.svg)
  list(TRANSFORM configs REPLACE "\\.json$" "")
  list(TRANSFORM pictures REPLACE "\\.svg$" "")
  if(NOT configs OR NOT configs STREQUAL pictures)
    message(FATAL_ERROR "${NAME} on sim: LOOM_MAPPING_DIR=${dir} should hold "
            "${stem}.<graph>.json and .svg for kernel '${kernel}'; it has "
            "'${configs}' (json) and '${pictures}' (svg)")
  endif()
  foreach(picture IN LISTS pictures)
    file(READ ${dir}/${picture}.svg svg LIMIT 200)
    if(NOT svg MATCHES "<svg")
      message(FATAL_ERROR "${NAME} on sim: ${dir}/${picture}.svg is no SVG")
    endif()
  endforeach()
endfunction()

# Runs the sample on `backend`; sets <prefix>_OUTPUT and <prefix>_CHECKSUM.
function(run_sample backend prefix)
  # The test of each backend also runs the reference backend, and CTest runs
  # the tests of one sample in parallel: every file is named after the test
  # (BACKEND) too, so no two runs share one.
  set(report ${WORK_DIR}/${NAME}.${TAG}-test.${backend}.json)
  file(REMOVE ${report})
  set(mappings ${WORK_DIR}/${NAME}.${TAG}-test.mappings)
  set(fabric_env --unset=LOOM_FABRIC)
  if(backend STREQUAL "sim")
    file(REMOVE_RECURSE ${mappings})
    set(mapping_env LOOM_MAPPING_DIR=${mappings})
    if(DEFINED FABRIC)
      set(fabric_env LOOM_FABRIC=${FABRIC})
    endif()
  else()
    set(mapping_env --unset=LOOM_MAPPING_DIR)
  endif()
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env
            --unset=LOOM_TRACE ${fabric_env} --unset=LOOM_SAMPLE_SMALL
            ${mapping_env}
            LOOM_BACKEND=${backend} LOOM_OFFLOAD=mandatory
            LOOM_REPORT=${report}
            ${SAMPLE} --small
    RESULT_VARIABLE status
    OUTPUT_VARIABLE output
    ERROR_VARIABLE errors)
  message("--- ${NAME} on ${backend}:\n${output}${errors}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${NAME} on ${backend}: exit status ${status}")
  endif()
  if(NOT output MATCHES "(^|\n)${NAME}: PASS\n")
    message(FATAL_ERROR "${NAME} on ${backend}: no '${NAME}: PASS' line")
  endif()
  if(NOT output MATCHES "(^|\n)${NAME}: checksum ([0-9a-f]+)\n")
    message(FATAL_ERROR "${NAME} on ${backend}: no checksum line")
  endif()
  set(${prefix}_CHECKSUM ${CMAKE_MATCH_2} PARENT_SCOPE)

  # Every launched kernel ran on the backend, every time.
  file(READ ${report} json)
  string(JSON count LENGTH "${json}" kernels)
  set(launched 0)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      string(JSON kernel GET "${json}" kernels ${i} name)
      string(JSON launches GET "${json}" kernels ${i} launches)
      string(JSON ran ERROR_VARIABLE missing
             GET "${json}" kernels ${i} ran_on ${backend})
      if(missing)
        set(ran 0)
      endif()
      if(NOT ran EQUAL launches)
        message(FATAL_ERROR "${NAME} on ${backend}: kernel '${kernel}' was "
                "launched ${launches} times but ran ${ran} times on ${backend}")
      endif()
      if(launches GREATER 0)
        math(EXPR launched "${launched} + 1")
        if(backend STREQUAL "sim")
          check_mapping_files(${kernel} ${mappings})
        endif()
      endif()
    endforeach()
  endif()
  if(launched EQUAL 0)
    message(FATAL_ERROR "${NAME} on ${backend}: the report lists no launched "
            "kernel; the sample must run at least one")
  endif()
  message("--- ${NAME} on ${backend}: PASS, ${launched} kernel(s) launched, "
          "all on ${backend}")
endfunction()

# The known-gap run: refused at the first unmapped kernel, cleanly.
function(expect_unmapped)
  set(report ${WORK_DIR}/${NAME}.sim.json)
  file(REMOVE ${report})
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env
            --unset=LOOM_TRACE --unset=LOOM_FABRIC --unset=LOOM_SAMPLE_SMALL
            --unset=LOOM_MAPPING_DIR
            LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_REPORT=${report}
            ${SAMPLE} --small
    RESULT_VARIABLE status
    OUTPUT_VARIABLE output
    ERROR_VARIABLE errors)
  message("--- ${NAME} on sim:\n${output}${errors}")
  list(GET SIM_UNMAPPED_KERNELS 0 first)
  if(NOT status EQUAL 1 OR NOT errors MATCHES
     "kernel '${first}'[^\n]*cannot be mapped on")
    message(FATAL_ERROR "${NAME} on sim: expected a refusal of kernel "
            "'${first}' (cannot be mapped) with exit status 1, got status "
            "${status}; if the mapper now places it, remove it from "
            "SIM_UNMAPPED_KERNELS in samples/CMakeLists.txt")
  endif()
  file(READ ${report} json)
  string(JSON count LENGTH "${json}" kernels)
  math(EXPR last "${count} - 1")
  foreach(kernel IN LISTS SIM_UNMAPPED_KERNELS)
    set(found FALSE)
    foreach(i RANGE ${last})
      string(JSON name GET "${json}" kernels ${i} name)
      string(JSON reason GET "${json}" kernels ${i} reason)
      if(name STREQUAL kernel AND reason MATCHES "cannot be mapped on")
        set(found TRUE)
      endif()
    endforeach()
    if(NOT found)
      message(FATAL_ERROR "${NAME} on sim: the report does not say that "
              "kernel '${kernel}' cannot be mapped")
    endif()
  endforeach()
  message("--- ${NAME} on sim: known gap, refused as expected: "
          "${SIM_UNMAPPED_KERNELS} cannot be mapped (samples/README.md)")
endfunction()

if(BACKEND STREQUAL "sim" AND SIM_UNMAPPED_KERNELS AND NOT DEFINED FABRIC)
  expect_unmapped()
  return()
endif()

run_sample(${BACKEND} RUN)
if(NOT BACKEND STREQUAL REFERENCE_BACKEND)
  run_sample(${REFERENCE_BACKEND} REFERENCE)
  if(NOT RUN_CHECKSUM STREQUAL REFERENCE_CHECKSUM)
    message(FATAL_ERROR "${NAME}: checksum ${RUN_CHECKSUM} on ${BACKEND} "
            "differs from ${REFERENCE_CHECKSUM} on ${REFERENCE_BACKEND}: the "
            "backends computed different results")
  endif()
  message("--- ${NAME}: ${BACKEND} and ${REFERENCE_BACKEND} agree "
          "(checksum ${RUN_CHECKSUM})")
endif()
