# SPDX-License-Identifier: MIT
# cmake -DPROGRAM=.../mgtool -DNAME="what it is" -DSEE_ALSO=mgstudio -DHELP2MAN=... -DOUT=.../mgtool.1
#       [-DCOMMANDS=ON] -P man_page.cmake
# Writes PROGRAM's man page with help2man from `PROGRAM --help` and `--version`, so the page says
# what --help says. With COMMANDS (mgtool) a COMMANDS section holds each command's own
# `PROGRAM COMMAND --help`, for every command the "Commands:" table of --help lists.
foreach(var PROGRAM NAME SEE_ALSO HELP2MAN OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "man_page.cmake: ${var} is not set")
  endif()
endforeach()
get_filename_component(dir "${OUT}" DIRECTORY)
get_filename_component(program "${PROGRAM}" NAME)

# Text help2man adds to its page: whole sections, in troff.
set(include "[SEE ALSO]\n.BR ${SEE_ALSO} (1)\n")
if(COMMANDS)
  execute_process(COMMAND "${PROGRAM}" --help OUTPUT_VARIABLE usage RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "man_page.cmake: '${PROGRAM} --help' failed (${rc})")
  endif()
  # The command table: the indented lines after "Commands:".
  string(REGEX REPLACE "^.*\nCommands:\n" "" table "${usage}")
  string(REGEX MATCHALL "\n?  [a-z][a-z-]*  " rows "${table}")
  set(commands "")
  foreach(row ${rows})
    string(STRIP "${row}" name)
    list(APPEND commands "${name}")
  endforeach()
  if(NOT commands)
    message(FATAL_ERROR "man_page.cmake: no commands found in '${PROGRAM} --help'")
  endif()
  string(APPEND include "[COMMANDS]\n")
  foreach(name ${commands})
    # Some commands answer --help on stderr or with a usage exit code; the text is what counts.
    execute_process(COMMAND "${PROGRAM}" ${name} --help OUTPUT_VARIABLE text ERROR_VARIABLE errors)
    string(APPEND text "${errors}")
    if(text STREQUAL "")
      message(FATAL_ERROR "man_page.cmake: '${PROGRAM} ${name} --help' printed nothing")
    endif()
    # Literal text: backslashes escaped, no line read as a troff request.
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    string(APPEND include ".SS ${name}\n.nf\n${text}.fi\n")
  endforeach()
endif()
file(WRITE "${dir}/${program}.h2m" "${include}")

execute_process(
  COMMAND "${HELP2MAN}" --no-info --section=1 "--name=${NAME}"
          "--include=${dir}/${program}.h2m" "--output=${OUT}" "${PROGRAM}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man_page.cmake: help2man failed (${rc})")
endif()
