// The JSON nesting pre-check and where it is applied: a bot's deeply nested
// answer is refused as malformed before any parser recurses into it.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "dtref/json_limits.hpp"
#include "dtref/jsonl.hpp"

namespace {

using dtref::json_depth_problem;

TEST(JsonLimits, CountsNestingOfObjectsAndArrays) {
  EXPECT_FALSE(json_depth_problem(R"({"decision_id":1,"choice":0})", 1));
  EXPECT_FALSE(json_depth_problem("[[[]]]", 3));
  EXPECT_TRUE(json_depth_problem("[[[]]]", 2));
  EXPECT_TRUE(json_depth_problem(R"({"a":{"b":[1]}})", 2));
  EXPECT_FALSE(json_depth_problem("[][][][]", 1)) << "siblings do not add up";
}

TEST(JsonLimits, BracketsInsideStringsDoNotCount) {
  EXPECT_FALSE(json_depth_problem(R"({"comment":"[[[[{{{{"})", 1));
  EXPECT_FALSE(json_depth_problem(R"({"comment":"a \" [[[[ \\"})", 1)) << "escaped quotes keep the string open";
  EXPECT_TRUE(json_depth_problem(R"({"comment":"\\",  "x":[[[1]]]})", 3)) << "an escaped backslash ends the escape";
}

TEST(JsonLimits, NamesTheLimitAndWhere) {
  const auto why = json_depth_problem(std::string(40, '['), 32);
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "JSON nested deeper than 32 levels (at byte 32)");
}

TEST(JsonLimits, ADeeplyNestedAnswerIsRefusedBeforeParsing) {
  // 100,000 levels took the parsers minutes before the check.
  const std::string line = R"({"decision_id":1,"choice":)" + std::string(100000, '[') + "0" + std::string(100000, ']') + "}";
  std::string error;
  EXPECT_FALSE(dtref::parse_bot_line(line, &error));
  EXPECT_NE(error.find("nested deeper than"), std::string::npos) << error;
  EXPECT_FALSE(dtref::parse_referee_line(line, &error));
  EXPECT_NE(error.find("nested deeper than"), std::string::npos) << error;
  // An ordinary answer still parses.
  EXPECT_TRUE(dtref::parse_bot_line(R"({"decision_id":1,"choice":0,"comment":"[[["})", &error)) << error;
}

}  // namespace
