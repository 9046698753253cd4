// SPDX-License-Identifier: MIT
#include "core/io/field_file.h"

#include <cstring>
#include <filesystem>

#include <gtest/gtest.h>

#include "core/field/field_test_data.h"
#include "core/field/motion_field_stream.h"

namespace mg {
namespace {

// CRC-32 (IEEE, as zlib and PNG), bit by bit: the checksum a hand-made file header needs.
std::uint32_t crc32Reference(const std::uint8_t* data, size_t size) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < size; ++i) {
    crc ^= data[i];
    for (int b = 0; b < 8; ++b) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

TEST(FieldFile, RoundTripPlaysTheSame) {
  const auto field = test::makeTestField(FieldTaskKind::Line, 1, 10);
  ASSERT_TRUE(field);
  const std::string bytes = encodeFieldFile(*field);
  Result<std::shared_ptr<const MotionField>> back = decodeFieldFile(bytes, "mem");
  ASSERT_TRUE(back) << back.error().message;
  const MotionField& b = *back.value();
  EXPECT_EQ(b.database->stateCount(), field->database->stateCount());
  EXPECT_EQ(b.database->features, field->database->features);
  ASSERT_TRUE(b.values);
  EXPECT_EQ(b.values->values, field->values->values);
  EXPECT_EQ(b.values->task.kind, FieldTaskKind::Line);
  EXPECT_EQ(b.values->anchors.compression, 10);
  EXPECT_EQ(b.settings.flow.k, field->settings.flow.k);
  EXPECT_EQ(encodeFieldFile(b), bytes);

  MotionFieldStream s1(field, 7), s2(back.value(), 7);
  Directive d;
  d.kind = Directive::Kind::Line;
  d.headingRadians = 1.0;
  d.lineOffsetMetres = 0.5;
  s1.setDirective(d), s2.setDirective(d);
  Pose p1, p2;
  for (int f = 0; f < 120; ++f) {
    s1.next(p1), s2.next(p2);
    ASSERT_EQ(p1.rootPosition, p2.rootPosition) << "frame " << f;
  }

  const std::string path =
      (std::filesystem::temp_directory_path() / "mg_field_round_trip.field").string();
  ASSERT_TRUE(writeFieldFile(path, *field));
  Result<std::shared_ptr<const MotionField>> read = readFieldFile(path);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read.value()->values->values, field->values->values);
  std::filesystem::remove(path);
}

// Version 2 records the build time and the source trim; version 1 files (without them) still read.
TEST(FieldFile, RecordsProvenanceAndReadsVersionOne) {
  const auto built = test::makeTestField(FieldTaskKind::Direction, 1, 1);
  ASSERT_TRUE(built);
  auto field = std::make_shared<MotionField>(*built);
  field->buildSeconds = 2.5;
  field->trimLeadingFrames = 10;
  const std::string bytes = encodeFieldFile(*field);
  Result<std::shared_ptr<const MotionField>> back = decodeFieldFile(bytes, "mem");
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back.value()->buildSeconds, 2.5);
  EXPECT_EQ(back.value()->trimLeadingFrames, 10);

  // The same field as a version 1 writer wrote it: no provenance after the value function.
  std::string v1 = bytes.substr(0, bytes.size() - 12);
  const std::uint32_t version = 1;
  const std::uint64_t payload = v1.size() - 24;
  const std::uint32_t crc =
      crc32Reference(reinterpret_cast<const std::uint8_t*>(v1.data()) + 24, payload);
  v1.replace(8, 4, reinterpret_cast<const char*>(&version), 4);
  v1.replace(12, 4, reinterpret_cast<const char*>(&crc), 4);
  v1.replace(16, 8, reinterpret_cast<const char*>(&payload), 8);
  Result<std::shared_ptr<const MotionField>> old = decodeFieldFile(v1, "v1");
  ASSERT_TRUE(old) << old.error().message;
  EXPECT_LT(old.value()->buildSeconds, 0);
  EXPECT_EQ(old.value()->trimLeadingFrames, -1);
  EXPECT_EQ(old.value()->values->values, field->values->values);

  // A version this build does not know is refused by name.
  std::string v3 = bytes;
  const std::uint32_t three = 3;
  v3.replace(8, 4, reinterpret_cast<const char*>(&three), 4);
  Result<std::shared_ptr<const MotionField>> future = decodeFieldFile(v3, "v3");
  ASSERT_FALSE(future);
  EXPECT_NE(future.error().message.find("version 3"), std::string::npos) << future.error().message;
}

TEST(FieldFile, PassiveFieldHasNoValues) {
  MotionFieldBuildSettings s;
  s.learn = false;
  Result<MotionFieldBuild> built = buildMotionField(test::makeFieldMotions(), s);
  ASSERT_TRUE(built);
  Result<std::shared_ptr<const MotionField>> back =
      decodeFieldFile(encodeFieldFile(*built->field), "mem");
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_FALSE(back.value()->values);
}

TEST(FieldFile, RejectsTruncatedOtherVersionAndCorruptFiles) {
  const auto field = test::makeTestField();
  ASSERT_TRUE(field);
  const std::string bytes = encodeFieldFile(*field);
  auto message = [](const std::string& b) {
    Result<std::shared_ptr<const MotionField>> r = decodeFieldFile(b, "f.field");
    return r ? std::string("accepted") : r.error().message;
  };
  for (size_t cut : {size_t(0), size_t(5), size_t(20), bytes.size() / 2, bytes.size() - 1}) {
    const std::string m = message(bytes.substr(0, cut));
    EXPECT_NE(m, "accepted") << "cut at " << cut;
    EXPECT_NE(m.find("f.field"), std::string::npos) << m;
    if (cut >= 24) EXPECT_NE(m.find("truncated"), std::string::npos) << m;
  }
  std::string v9 = bytes;
  v9[8] = 9;
  EXPECT_NE(message(v9).find("version 9"), std::string::npos) << message(v9);
  std::string corrupt = bytes;
  corrupt[bytes.size() / 2] ^= 0x40;
  EXPECT_NE(message(corrupt).find("checksum"), std::string::npos) << message(corrupt);
  EXPECT_NE(message(bytes + "x").find("after its end"), std::string::npos);
  EXPECT_NE(message("hello world, not a field at all").find("not a motion field file"),
            std::string::npos);
  EXPECT_FALSE(readFieldFile("/nonexistent/dir/x.field"));
}

}  // namespace
}  // namespace mg
