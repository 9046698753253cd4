// SPDX-License-Identifier: MIT
// app/mgtool/cli/json_writer.h: the rules every mgtool command's JSON follows, on hand-written
// documents, and a document core built (core's Json) put through the same rules.
#include "app/mgtool/cli/json_writer.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace mg::tool {
namespace {

TEST(MgtoolJsonWriter, KeepsTheOrderOfTheCallsAndIndentsByTwo) {
  JsonWriter json;
  json.beginObject();
  json.key("zebra"), json.value(1);
  json.key("apple"), json.beginArray(), json.value("a"), json.value(true), json.null(),
      json.endArray();
  json.key("inner"), json.beginObject(), json.key("k"), json.value(std::int64_t{-3}),
      json.endObject();
  json.endObject();
  EXPECT_EQ(json.text(),
            "{\n"
            "  \"zebra\": 1,\n"
            "  \"apple\": [\n"
            "    \"a\",\n"
            "    true,\n"
            "    null\n"
            "  ],\n"
            "  \"inner\": {\n"
            "    \"k\": -3\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(json.line(), R"({"zebra":1,"apple":["a",true,null],"inner":{"k":-3}})");
}

TEST(MgtoolJsonWriter, NumbersFollowTheRules) {
  JsonWriter json;
  json.beginArray();
  json.value(180.0);                                     // whole: an integer
  json.value(-0.0);                                      // whole: 0
  json.value(9007199254740991.0);                        // the largest whole below 2^53
  json.value(9007199254740992.0);                        // 2^53: a double
  json.value(0.1);                                       // shortest round trip
  json.value(1.0 / 3.0);                                 // 17 digits
  json.value(1e300);                                     // large: a double
  json.value(std::nan(""));                              // not finite: null
  json.value(std::numeric_limits<double>::infinity());   // null
  json.value(-std::numeric_limits<double>::infinity());  // null
  json.endArray();
  EXPECT_EQ(json.line(),
            "[180,0,9007199254740991,9.007199254740992e+15,0.1,0.3333333333333333,1e+300,null,null,"
            "null]");
}

TEST(MgtoolJsonWriter, EscapesAndReplacesInvalidUtf8) {
  JsonWriter json;
  json.beginArray();
  json.value("we\"ird\\name\n");
  json.value("caf\xc3\xa9");  // valid UTF-8 passes
  json.value("bad\xff");      // invalid: U+FFFD
  json.endArray();
  EXPECT_EQ(json.line(), "[\"we\\\"ird\\\\name\\n\",\"caf\xc3\xa9\",\"bad\xef\xbf\xbd\"]");
}

// A core document keeps its own (sorted) order and goes through the same number rules.
TEST(MgtoolJsonWriter, PutsACoreDocumentThroughTheSameRules) {
  Json doc = Json::object();
  doc["b"] = 600.0;
  doc["a"] = Json::array({1, 2.5, std::nan(""), "s"});
  doc["c"] = Json::object({{"x", false}, {"u", Json(std::uint64_t{18446744073709551615ull})}});
  doc["d"] = nullptr;
  JsonWriter json;
  json.beginObject();
  json.key("first"), json.value(1);
  json.key("report"), json.document(doc);
  json.endObject();
  EXPECT_EQ(json.line(),
            R"({"first":1,"report":{"a":[1,2.5,null,"s"],"b":600,"c":{"u":18446744073709551615,)"
            R"("x":false},"d":null}})");
}

TEST(MgtoolJsonWriter, PrintJsonReturnsTheStatus) {
  JsonWriter json;
  json.beginObject();
  json.key("n"), json.value(2);
  json.endObject();
  testing::internal::CaptureStdout();
  EXPECT_EQ(printJson(json, 7), 7);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "{\n  \"n\": 2\n}\n\n");
}

}  // namespace
}  // namespace mg::tool
