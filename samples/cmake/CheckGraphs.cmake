#===- CheckGraphs.cmake - every kernel of a sample is dataflow graphs ----===#
#
# cmake -DNAME=<sample> -DREPORT=<compile report> -DTEMPS=<save-temps dir>
#       [-DHOST_CODE_KERNELS=<kernel;...>] -P CheckGraphs.cmake
#
# Fails unless every kernel of the compile report was offloaded and its
# dataflow program (<kernel>.dfg.mlir) has no `scf` operation left, i.e. no
# loop or branch outside the dataflow graphs (code the emu backend would
# interpret op by op). The kernels of HOST_CODE_KERNELS are the known
# exceptions; each must still have such code, so that the list shrinks when
# the compiler learns more.
#
#===----------------------------------------------------------------------===#
cmake_minimum_required(VERSION 3.20)

foreach(var NAME REPORT TEMPS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "CheckGraphs.cmake: -D${var}=... is required")
  endif()
endforeach()

file(READ ${REPORT} json)
string(JSON units LENGTH "${json}" translation_units)
if(NOT units EQUAL 1)
  message(FATAL_ERROR "${NAME}: expected one translation unit with kernels "
          "in ${REPORT}, found ${units}")
endif()
string(JSON count LENGTH "${json}" translation_units 0 kernels)
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON kernel GET "${json}" translation_units 0 kernels ${i} name)
  string(JSON offloaded GET "${json}" translation_units 0 kernels ${i}
         offloaded)
  if(NOT offloaded)
    string(JSON reason GET "${json}" translation_units 0 kernels ${i} reason)
    message(FATAL_ERROR "${NAME}: kernel '${kernel}' is not offloaded: "
            "${reason}")
  endif()
  # The save-temps file name: characters other than letters, digits, '_'
  # and '.' become '_' (docs/driver.md).
  string(REGEX REPLACE "[^A-Za-z0-9_.]" "_" file "${kernel}")
  file(READ ${TEMPS}/${file}.dfg.mlir program)
  # An op starts a statement (after indentation or "%x = "); names quoted in
  # attributes (the bounds analysis' 'scf.while' in loom.unchecked) do not
  # count.
  string(REGEX MATCHALL "[ \t]scf\\.[a-z_]+" hostOps "${program}")
  list(TRANSFORM hostOps STRIP)
  list(REMOVE_DUPLICATES hostOps)
  if(kernel IN_LIST HOST_CODE_KERNELS)
    if(NOT hostOps)
      message(FATAL_ERROR "${NAME}: kernel '${kernel}' is now all dataflow "
              "graphs; remove it from HOST_CODE_KERNELS")
    endif()
    message("--- ${kernel}: offloaded; host-side code (known gap): ${hostOps}")
  elseif(hostOps)
    message(FATAL_ERROR "${NAME}: kernel '${kernel}' keeps host-side code "
            "outside its dataflow graphs: ${hostOps} in ${file}.dfg.mlir")
  else()
    message("--- ${kernel}: offloaded, all dataflow graphs")
  endif()
endforeach()
