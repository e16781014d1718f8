# The Perl example bot (examples/perl/heuristic_bot.pl, written from docs/protocol.md alone)
# plays one full match against builtin:random; the test needs its verdict ok and a
# transcript that `dtref replay --verify` accepts.
#
# This one file does two jobs: included from tests/CMakeLists.txt it registers the test;
# run as `cmake -P e2e_perl.cmake` (which is what the test does) it plays and checks.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  find_program(DT_PERL perl)
  execute_process(COMMAND ${DT_PERL} -MJSON::PP -e1 RESULT_VARIABLE DT_PERL_JSON_MISSING
                  OUTPUT_QUIET ERROR_QUIET)
  if(DT_PERL AND DT_PERL_JSON_MISSING EQUAL 0)
    add_test(NAME e2e.example.perl_stdio
             COMMAND ${CMAKE_COMMAND} -DDTREF=$<TARGET_FILE:dtref> -DPERL=${DT_PERL}
                     -DBOT=${PROJECT_SOURCE_DIR}/examples/perl/heuristic_bot.pl
                     -DTRANSCRIPT=${CMAKE_CURRENT_BINARY_DIR}/e2e_perl_stdio.jsonl
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/e2e_perl.cmake)
  else()
    message(STATUS "perl with JSON::PP not found: e2e.example.perl_stdio left out")
  endif()
  return()
endif()

# --- script mode: play and check ---
cmake_minimum_required(VERSION 3.20)    # script mode starts with no policies set (CMP0054)
file(REMOVE ${TRANSCRIPT})
# ladder policy (the default): any fault by the bot forfeits and shows in its verdict.
# Seat 0 is the Perl bot; a generous bank keeps a loaded machine from causing a timeout.
execute_process(COMMAND ${DTREF} match --bot "stdio:${PERL} ${BOT}" --bot builtin:random
                        --seed 11 --bank-ms 120000 --transcript ${TRANSCRIPT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dtref match exited ${rc}")
endif()

file(STRINGS ${TRANSCRIPT} lines)
list(GET lines -1 last_line)
string(JSON line_type GET "${last_line}" type)
if(NOT line_type STREQUAL "result")
  message(FATAL_ERROR "the transcript's last line is not the result: ${last_line}")
endif()
string(JSON name GET "${last_line}" seats 0 name)
string(JSON verdict GET "${last_line}" seats 0 verdict)
if(NOT name STREQUAL "perl-heuristic" OR NOT verdict STREQUAL "ok")
  message(FATAL_ERROR "seat 0 should be perl-heuristic with verdict ok, got '${name}' '${verdict}'")
endif()

execute_process(COMMAND ${DTREF} replay ${TRANSCRIPT} --verify RESULT_VARIABLE vrc
                OUTPUT_VARIABLE vout ERROR_VARIABLE verr)
message("${vout}${verr}")
if(NOT vrc EQUAL 0)
  message(FATAL_ERROR "dtref replay --verify exited ${vrc}")
endif()
