# Each example bot in examples/ plays a full match against builtin:random
# (included from tests/CMakeLists.txt). A bot whose language is missing on the
# machine is reported at configure time and its test left out.
set(DT_E2E ${CMAKE_CURRENT_SOURCE_DIR}/e2e_examples.sh)
set(DT_EXAMPLES ${PROJECT_SOURCE_DIR}/examples)

# Debian's python3 first: bots run as a user of their own (docs/security.md), who
# cannot enter a version manager's shims under /root.
find_program(DT_EXAMPLE_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(DT_EXAMPLE_PYTHON3 python3)
if(DT_EXAMPLE_PYTHON3)
  add_test(NAME e2e.example.python_stdio
           COMMAND ${DT_E2E} $<TARGET_FILE:dtref> e2e_python_stdio.jsonl
                   "stdio:${DT_EXAMPLE_PYTHON3} ${DT_EXAMPLES}/python/random_bot.py")
else()
  message(STATUS "python3 not found: e2e.example.python_stdio left out")
endif()

# The Ruby bot of the newcomer trial (issue 29: written from the docs alone).
find_program(DT_RUBY ruby)
if(DT_RUBY)
  add_test(NAME e2e.example.ruby_stdio
           COMMAND ${DT_E2E} $<TARGET_FILE:dtref> e2e_ruby_stdio.jsonl "stdio:${DT_RUBY} ${DT_EXAMPLES}/ruby/bot.rb")
else()
  message(STATUS "ruby not found (Debian: ruby): e2e.example.ruby_stdio left out")
endif()

find_program(DT_NODE NAMES node nodejs)
if(DT_NODE)
  add_test(NAME e2e.example.javascript_stdio
           COMMAND ${DT_E2E} $<TARGET_FILE:dtref> e2e_javascript_stdio.jsonl
                   "stdio:${DT_NODE} ${DT_EXAMPLES}/javascript/random_bot.js")
else()
  message(STATUS "node not found: e2e.example.javascript_stdio left out")
endif()

# Debian's python3-grpcio lives with /usr/bin/python3 (not a pyenv python3).
execute_process(COMMAND /usr/bin/python3 -c "import grpc, google.protobuf"
                RESULT_VARIABLE DT_PY_GRPC_MISSING OUTPUT_QUIET ERROR_QUIET)
if(TARGET dt_proto_python AND DT_PY_GRPC_MISSING EQUAL 0)
  add_test(NAME e2e.example.python_grpc
           COMMAND ${DT_E2E} $<TARGET_FILE:dtref> e2e_python_grpc.jsonl
                   "grpc:DTREF_PYTHON_STUBS=${CMAKE_BINARY_DIR}/python /usr/bin/python3 ${DT_EXAMPLES}/grpc-python/bot.py")
  # The same bot started by hand against a referee waiting with grpc-remote.
  add_test(NAME e2e.example.python_grpc_remote
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/e2e_examples_remote.sh $<TARGET_FILE:dtref>
                   e2e_python_grpc_remote.jsonl ${DT_EXAMPLES}/grpc-python/bot.py)
  set_tests_properties(e2e.example.python_grpc e2e.example.python_grpc_remote
                       PROPERTIES ENVIRONMENT "DTREF_PYTHON_STUBS=${CMAKE_BINARY_DIR}/python")
  # The same bot with its files under /tmp, as in a checkout kept there.
  add_test(NAME e2e.example.python_grpc_under_tmp
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/e2e_under_tmp.sh $<TARGET_FILE:dtref> ${DT_EXAMPLES} ${CMAKE_BINARY_DIR}/python)
else()
  message(STATUS "/usr/bin/python3 with grpc (python3-grpcio) or grpc_python_plugin not found: e2e.example.python_grpc left out")
endif()

# Java, Rust (stdio) and Node (gRPC) examples: built the way their READMEs
# say, then played; skipped, with the reason, when their toolchain is missing.
foreach(lang java rust grpc-node)
  string(REPLACE "-" "_" tname ${lang})
  add_test(NAME e2e.example.${tname}
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/e2e_built_examples.sh ${lang} $<TARGET_FILE:dtref>
                   ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/examples/${lang})
  # no-sanitizer: building them (javac, cargo, npm) costs the sanitizer runs
  # minutes and tests nothing of ours that the other stdio and gRPC tests miss.
  set_tests_properties(e2e.example.${tname} PROPERTIES SKIP_RETURN_CODE 77 LABELS no-sanitizer)
endforeach()
