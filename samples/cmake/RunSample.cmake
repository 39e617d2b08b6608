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
#     here too when <backend> is another one): bit-identical results.
#
#===----------------------------------------------------------------------===#
cmake_minimum_required(VERSION 3.20)

foreach(var SAMPLE NAME BACKEND REFERENCE_BACKEND WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunSample.cmake: -D${var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs the sample on `backend`; sets <prefix>_OUTPUT and <prefix>_CHECKSUM.
function(run_sample backend prefix)
  set(report ${WORK_DIR}/${NAME}.${backend}.json)
  file(REMOVE ${report})
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env
            --unset=LOOM_TRACE --unset=LOOM_FABRIC --unset=LOOM_SAMPLE_SMALL
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
