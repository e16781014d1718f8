# The gRPC transport's tests (included from tests/CMakeLists.txt): the GrpcLink
# suite runs inside dt_tests; the mock bot it launches is its own program.
add_executable(dt_grpc_mock_bot ${CMAKE_CURRENT_SOURCE_DIR}/grpc_mock_bot/main.cpp)
target_link_libraries(dt_grpc_mock_bot PRIVATE dt_proto_grpc)
target_link_libraries(dt_tests PRIVATE dt_referee dt_proto_grpc)
target_compile_definitions(dt_tests PRIVATE DT_GRPC_MOCK_BOT="$<TARGET_FILE:dt_grpc_mock_bot>")
add_dependencies(dt_tests dt_grpc_mock_bot)
