// SPDX-License-Identifier: MIT
#include "core/util/json_fields.h"

#include <gtest/gtest.h>

namespace mg {
namespace {

Json parse(const char* text) {
  return readJsonText(text).value();
}

TEST(JsonFields, ReadsTypedFieldsAndKeepsTheFirstProblemWithItsPath) {
  const Json doc =
      parse(R"({"a": {"n": 3, "s": "x", "b": true, "d": 0.5, "list": [{"k": 1}, 2]}})");
  JsonFields in("f.json");
  const Json* a = in.object(doc, "a", "");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(in.integer(*a, "n", "a", 0, 5), 3);
  EXPECT_EQ(in.text(*a, "s", "a"), "x");
  EXPECT_TRUE(in.flag(*a, "b", "a"));
  EXPECT_DOUBLE_EQ(in.number(*a, "d", "a"), 0.5);
  int kept = 7;
  in.read(*a, "absent", "a", kept);
  EXPECT_EQ(kept, 7);
  ASSERT_TRUE(in.ok());
  std::vector<int> ks;
  in.objects(a->at("list"), "a.list",
             [&](const Json& o, const std::string& at) { ks.push_back(in.integer(o, "k", at)); });
  ASSERT_FALSE(in.ok());
  EXPECT_EQ(ks, std::vector<int>{1});
  EXPECT_EQ(in.error().message, "f.json: a.list[1]: must be an object");
  in.fail("later", "ignored");
  EXPECT_EQ(in.error().message, "f.json: a.list[1]: must be an object");
}

TEST(JsonFields, NamesMissingMistypedAndOutOfRangeFields) {
  const Json doc = parse(
      R"({"n": 7, "h": 2.5, "s": 1, "p": [1, "x"], "seed": -1, "big": 18446744073709551615})");
  auto message = [&](auto&& read) {
    JsonFields in("f.json");
    read(in);
    return in.ok() ? std::string() : in.error().message;
  };
  EXPECT_EQ(message([&](JsonFields& in) { in.text(doc, "q", ""); }), "f.json: q: missing");
  EXPECT_EQ(message([&](JsonFields& in) { in.text(doc, "s", ""); }), "f.json: s: must be a string");
  EXPECT_EQ(message([&](JsonFields& in) { in.integer(doc, "n", "", 0, 1); }),
            "f.json: n: 7 is out of range (expected an integer from 0 to 1)");
  EXPECT_EQ(message([&](JsonFields& in) { in.integer(doc, "h", "", 0); }),
            "f.json: h: 2.5 is out of range (expected an integer >= 0)");
  double xy[2];
  EXPECT_EQ(message([&](JsonFields& in) { in.numbers(doc.at("p"), "p", 2, xy); }),
            "f.json: p: must hold 2 numbers");
  EXPECT_EQ(message([&](JsonFields& in) { in.strings(doc.at("p"), "p"); }),
            "f.json: p: must hold strings");
  std::uint64_t seed = 5;
  EXPECT_NE(message([&](JsonFields& in) {
              in.read(doc, "seed", "", seed);
            }).find("seed: -1 is out of range"),
            std::string::npos);
  EXPECT_EQ(seed, 5u);
  EXPECT_EQ(message([&](JsonFields& in) { in.read(doc, "big", "", seed); }), "");
  EXPECT_EQ(seed, 18446744073709551615u);
}

TEST(JsonFields, ReadJsonFileNamesTheFile) {
  const Result<Json> missing = readJsonFile("/nonexistent/f.json");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "/nonexistent/f.json: cannot open the file");
}

}  // namespace
}  // namespace mg
