# SPDX-License-Identifier: MIT
# Fails when a kernel variant object defines a weak (mergeable) symbol outside
# mg::detail::kernel_<variant> and Eigen_kernel_<variant>.
execute_process(COMMAND ${NM} -C --defined-only ${OBJECTS} OUTPUT_VARIABLE symbols
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "nm failed on ${OBJECTS}")
endif()
string(REPLACE "\n" ";" lines "${symbols}")
set(bad "")
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-f]+ [WVu] (.*)$")
    set(name "${CMAKE_MATCH_1}")
    if(NOT name MATCHES "Eigen_kernel_${VARIANT}::|mg::detail::kernel_${VARIANT}::|^DW\\.ref\\.")
      string(APPEND bad "\n  ${name}")
    endif()
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "weak symbols outside the ${VARIANT} namespaces:${bad}")
endif()
message(STATUS "${VARIANT}: no shared weak symbols")
