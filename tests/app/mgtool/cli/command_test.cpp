// SPDX-License-Identifier: MIT
// app/mgtool/cli/command.h in this process: a probe command with one option of every kind, its
// values read from command lines, every usage error (message, hint, exit 2, run() not called)
// and its help.
#include "app/mgtool/cli/command.h"

#include <gtest/gtest.h>

namespace mg::tool {
namespace {

class Probe final : public Command {
 public:
  Probe() : Command({"A [B]", 1, 2}, "A probe of the command line.") {}
  int run() override {
    ran = true;
    words = positional();
    return kExitOk;
  }

  bool ran = false;
  std::vector<std::string> words;
  Value<int> count = number<int>("count", "N", "a count (default 3)", 3, -5, 10);
  Value<double> ratio = number<double>("ratio", "R", "a ratio (default 0.5)", 0.5, -1, 1);
  Value<std::uint64_t> seed =
      number<std::uint64_t>("seed", "K", "a seed", 1, 0, 9007199254740992.0);
  Value<std::string> out = required("out", "FILE", "file to write");
  Value<std::string> label = text("label", "NAME", "a label");
  Value<std::string> mode = choice("mode", "M", "fast or slow", {"fast", "slow"}, "fast");
  Value<bool> quiet = flag("quiet", "say less");
  Value<std::vector<std::string>> keys = repeated("key", "K", "a key");
  Value<std::vector<std::string>> sources = fileList("source", "the sources (FILES... follow)");
};

struct Outcome {
  int status = -1;
  std::string out, err;
};

Outcome execute(Probe& probe, const std::vector<std::string>& words) {
  Outcome r;
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  r.status = probe.execute("probe", words);
  r.out = testing::internal::GetCapturedStdout();
  r.err = testing::internal::GetCapturedStderr();
  return r;
}

TEST(MgtoolCommand, DefaultsWhenAbsent) {
  Probe p;
  const Outcome r = execute(p, {"a", "--out", "o"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(p.ran);
  EXPECT_EQ(p.words, (std::vector<std::string>{"a"}));
  EXPECT_EQ(*p.count, 3);
  EXPECT_FALSE(p.count.given());
  EXPECT_EQ(*p.ratio, 0.5);
  EXPECT_EQ(*p.seed, 1u);
  EXPECT_EQ(*p.out, "o");
  EXPECT_TRUE(p.out.given());
  EXPECT_EQ(*p.label, "");
  EXPECT_FALSE(p.label.given());
  EXPECT_EQ(*p.mode, "fast");
  EXPECT_FALSE(*p.quiet);
  EXPECT_TRUE(p.keys->empty());
  EXPECT_TRUE(p.sources->empty());
  EXPECT_FALSE(p.sources.given());
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(MgtoolCommand, ReadsEveryKindOfOption) {
  Probe p;
  const Outcome r =
      execute(p, {"--count=7", "a",       "--ratio",  "-0.25",    "--seed", "9007199254740992",
                  "--out=o",   "--label", "x=y",      "--mode",   "slow",   "--quiet",
                  "--key",     "k1",      "--key=k2", "--source", "s1",     "s2",
                  "--",        "--b"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(*p.count, 7);
  EXPECT_TRUE(p.count.given());
  EXPECT_EQ(*p.ratio, -0.25);
  EXPECT_EQ(*p.seed, 9007199254740992ull);
  EXPECT_EQ(*p.out, "o");
  EXPECT_EQ(*p.label, "x=y");
  EXPECT_EQ(*p.mode, "slow");
  EXPECT_TRUE(*p.quiet);
  EXPECT_EQ(*p.keys, (std::vector<std::string>{"k1", "k2"}));
  EXPECT_EQ(*p.sources, (std::vector<std::string>{"s1", "s2"}));
  EXPECT_EQ(p.words, (std::vector<std::string>{"a", "--b"}));  // "--" ended the options
}

// Negative numbers are words, not options: positionals, option values, words of a file list. A
// number written "-.5" reaches the command as "-0.5" (the same number).
TEST(MgtoolCommand, NegativeNumbersAreNotOptions) {
  Probe p;
  const Outcome r = execute(
      p, {"-6", "-.5", "--count", "-5", "--ratio", "-.5", "--source", "-1", "s", "--out", "o"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(p.words, (std::vector<std::string>{"-6", "-0.5"}));
  EXPECT_EQ(*p.count, -5);
  EXPECT_EQ(*p.ratio, -0.5);
  EXPECT_EQ(*p.sources, (std::vector<std::string>{"-1", "s"}));
}

TEST(MgtoolCommand, FileListsEndAtTheNextOptionAndAccumulate) {
  Probe p;
  const Outcome r =
      execute(p, {"--source", "s1", "--count", "2", "a", "--source", "s2", "--out", "o"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(*p.sources, (std::vector<std::string>{"s1", "s2"}));
  EXPECT_EQ(p.words, (std::vector<std::string>{"a"}));
}

TEST(MgtoolCommand, EveryUsageErrorNamesTheOptionAndExitsTwo) {
  struct Case {
    std::vector<std::string> words;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"a", "--out", "o", "--bogus"}, "unknown option '--bogus'"},
      {{"a", "--out", "o", "--bogus=1"}, "unknown option '--bogus'"},
      {{"a", "--out", "o", "-x"}, "unknown option '-x'"},
      {{"a", "--out", "o", "--count"}, "option '--count' needs a value (N)"},
      {{"a", "--out", "o", "--count="}, "option '--count' needs a value (N)"},
      {{"a", "--out", "o", "--count", "1", "--count", "2"}, "option '--count' given twice"},
      {{"a", "--out", "o", "--quiet", "--quiet"}, "option '--quiet' given twice"},
      {{"a", "--out", "o", "--quiet=1"}, "option '--quiet' takes no value"},
      {{"a", "--out", "o", "--count", "11"},
       "--count must be a whole number from -5 to 10, not '11'"},
      {{"a", "--out", "o", "--count", "1.5"},
       "--count must be a whole number from -5 to 10, not '1.5'"},
      {{"a", "--out", "o", "--ratio", "x"}, "--ratio must be a number from -1 to 1, not 'x'"},
      {{"a", "--out", "o", "--ratio", "nan"}, "--ratio must be a number from -1 to 1, not 'nan'"},
      {{"a", "--out", "o", "--seed", "9007199254740993"},
       "--seed must be a whole number from 0 to 9007199254740992, not '9007199254740993'"},
      {{"a"}, "give --out FILE, the file to write"},
      {{"a", "--out", ""}, "give --out FILE, the file to write"},
      {{"a", "--out", "o", "--mode", "medium"}, "--mode must be fast or slow, not 'medium'"},
      {{"a", "--out", "o", "--source"}, "--source needs at least one file"},
      {{"a", "--source", "--out", "o"}, "--source needs at least one file"},
      {{"--out", "o"}, "missing arguments (expected A [B])"},
      {{"a", "b", "c", "--out", "o"}, "too many arguments (expected A [B])"},
  };
  for (const Case& c : cases) {
    Probe p;
    const Outcome r = execute(p, c.words);
    EXPECT_EQ(r.status, kExitUsage) << c.message;
    EXPECT_FALSE(p.ran) << c.message;
    EXPECT_EQ(r.err.rfind("mgtool probe: " + c.message + "\n", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("Run 'mgtool probe --help' for usage.\n"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(MgtoolCommand, HelpListsEveryOptionAndRunsNothing) {
  for (const char* help : {"--help", "-h"}) {
    Probe p;
    const Outcome r = execute(p, {help, "--count", "99"});  // help comes before checking values
    EXPECT_EQ(r.status, kExitOk) << r.err;
    EXPECT_FALSE(p.ran);
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_EQ(r.out,
              "Usage: mgtool probe A [B] [options]\n"
              "\n"
              "A probe of the command line.\n"
              "\n"
              "Options:\n"
              "  --count N                  a count (default 3)\n"
              "  --ratio R                  a ratio (default 0.5)\n"
              "  --seed K                   a seed\n"
              "  --out FILE                 file to write (required)\n"
              "  --label NAME               a label\n"
              "  --mode M                   fast or slow\n"
              "  --quiet                    say less\n"
              "  --key K ...                a key\n"
              "  --source                   the sources (FILES... follow)\n"
              "  --help                     show this help\n");
  }
}

// A command's own usage error and failure, with the same prefix and hint.
TEST(MgtoolCommand, FailAndUsageErrorNameTheCommand) {
  Probe p;
  execute(p, {"a", "--out", "o"});
  testing::internal::CaptureStderr();
  EXPECT_EQ(p.fail("it broke"), kExitFailed);
  EXPECT_EQ(p.usageError("not like that"), kExitUsage);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "mgtool probe: it broke\nmgtool probe: not like that\n"
            "Run 'mgtool probe --help' for usage.\n");
}

}  // namespace
}  // namespace mg::tool
