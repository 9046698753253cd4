// SPDX-License-Identifier: MIT
// Runs the built mgtool binary (MGTOOL_PATH): the program's command line as a user meets it:
// usage errors, help, the listing of the registered commands (the man page is written from it)
// and the words of the command line that mean something special.
#include <algorithm>

#include <gtest/gtest.h>

#include "core/import/import_test_util.h"
#include "support/tool_run.h"

namespace mg {
namespace {

using test::ToolRun;

ToolRun mgtool(const std::vector<std::string>& args) {
  return test::runTool(MGTOOL_PATH, args);
}

const std::string kSmall = test::dataPath("small_walk.bvh");

// The names of the rows under "Commands:" (or "Benchmarks:") of a listing, in order.
std::vector<std::string> listed(const std::string& text, const std::string& heading) {
  std::vector<std::string> names;
  size_t at = text.find("\n" + heading + ":\n");
  if (at == std::string::npos) return names;
  at = text.find('\n', at + 1) + 1;
  while (at < text.size() && text.compare(at, 2, "  ") == 0) {
    const size_t end = text.find(' ', at + 2);
    names.push_back(text.substr(at + 2, end - at - 2));
    at = text.find('\n', at) + 1;
  }
  return names;
}

// The known names in `names`, in the order they come.
std::vector<std::string> known(const std::vector<std::string>& names,
                               const std::vector<std::string>& known) {
  std::vector<std::string> out;
  for (const std::string& n : names) {
    if (std::find(known.begin(), known.end(), n) != known.end()) out.push_back(n);
  }
  return out;
}

TEST(MgtoolCli, UsageErrorsExitWithTwo) {
  EXPECT_EQ(mgtool({}).status, 2);
  EXPECT_EQ(mgtool({"frobnicate"}).status, 2);
  EXPECT_EQ(mgtool({"info"}).status, 2);
  EXPECT_EQ(mgtool({"info", "--bogus", kSmall}).status, 2);
  EXPECT_EQ(mgtool({"convert", kSmall}).status, 2);
  EXPECT_EQ(mgtool({"convert", kSmall, "x.bvh", "--fps", "fast"}).status, 2);
  EXPECT_EQ(mgtool({"convert", kSmall, "x.bvh", "--trim"}).status, 2);
  EXPECT_EQ(mgtool({"bench", "export", kSmall}).status, 2);
  EXPECT_EQ(mgtool({"bench"}).status, 2);
  EXPECT_EQ(mgtool({"bench", "import"}).status, 2);
  EXPECT_EQ(mgtool({"bench", "import", kSmall, "--repeat", "0"}).status, 2);
  const ToolRun r = mgtool({"frobnicate"});
  EXPECT_NE(r.err.find("unknown command 'frobnicate'"), std::string::npos) << r.err;
}

TEST(MgtoolCli, HelpEverywhere) {
  for (const char* command : {"info", "convert", "bench"}) {
    const ToolRun r = mgtool({command, "--help"});
    EXPECT_EQ(r.status, 0) << command;
    EXPECT_EQ(r.out.rfind(std::string("Usage: mgtool ") + command, 0), 0u) << r.out;
  }
  const ToolRun bench = mgtool({"bench", "import", "--help"});
  EXPECT_EQ(bench.status, 0);
  EXPECT_EQ(bench.out.rfind("Usage: mgtool bench import FILE", 0), 0u) << bench.out;
  const ToolRun top = mgtool({"--help"});
  EXPECT_EQ(top.status, 0);
  EXPECT_NE(top.out.find("convert"), std::string::npos);
}

// Every command and benchmark the README names is registered and answers --help (a lost table
// row once dropped "bench grid" silently).
TEST(MgtoolCli, EveryCommandAndBenchmarkIsRegistered) {
  for (const char* command : {"info", "convert", "bench", "grid", "snap", "walk", "pmg", "dmg",
                              "subgraph", "measure", "field", "eval"}) {
    const ToolRun r = mgtool({command, "--help"});
    EXPECT_EQ(r.status, 0) << command << ": " << r.err;
  }
  for (const char* benchmark :
       {"import", "grid", "snap", "walk", "pmg", "subgraph", "smooth", "field"}) {
    const ToolRun r = mgtool({"bench", benchmark, "--help"});
    EXPECT_EQ(r.status, 0) << benchmark << ": " << r.err;
  }
  for (const char* sub : {"walk", "check"}) {
    const ToolRun r = mgtool({"subgraph", sub, "--help"});
    EXPECT_EQ(r.status, 0) << "subgraph " << sub << ": " << r.err;
  }
  for (const char* sub : {"build", "run", "eval"}) {
    const ToolRun r = mgtool({"field", sub, "--help"});
    EXPECT_EQ(r.status, 0) << "field " << sub << ": " << r.err;
  }
}

// The listings keep their order (registration order is that of static initialisation, which the
// ranks override): the man page's commands section follows `mgtool --help`. Commands added later
// may stand anywhere; these keep their places relative to each other. import-child is internal.
TEST(MgtoolCli, ListingsKeepTheirOrder) {
  const std::vector<std::string> commands = {"info",     "convert", "bench",   "grid",
                                             "snap",     "walk",    "pmg",     "dmg",
                                             "subgraph", "field",   "measure", "eval"};
  const ToolRun top = mgtool({"--help"});
  ASSERT_EQ(top.status, 0);
  EXPECT_EQ(known(listed(top.out, "Commands"), commands), commands) << top.out;
  const std::vector<std::string> names = listed(top.out, "Commands");
  EXPECT_EQ(std::find(names.begin(), names.end(), "import-child"), names.end()) << top.out;
  const std::vector<std::string> benchmarks = {"import", "grid",     "walk",  "snap",
                                               "pmg",    "subgraph", "field", "smooth"};
  const ToolRun bench = mgtool({"bench", "--help"});
  EXPECT_EQ(known(listed(bench.out, "Benchmarks"), benchmarks), benchmarks) << bench.out;
  const ToolRun pmg = mgtool({"pmg", "--help"});
  EXPECT_EQ(listed(pmg.out, "Subcommands"), (std::vector<std::string>{"build", "walk", "goto"}))
      << pmg.out;
}

// A usage error names the command and the option, says what is wrong, points to --help and
// exits 2.
TEST(MgtoolCli, UsageErrorsNameTheCommandAndTheOption) {
  struct Case {
    std::vector<std::string> words;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"info", kSmall, "--bogus=3"}, "mgtool info: unknown option '--bogus'"},
      {{"info", kSmall, "-x"}, "mgtool info: unknown option '-x'"},
      {{"info", kSmall, "--trim"}, "mgtool info: option '--trim' needs a value (N)"},
      {{"info", kSmall, "--trim", "1", "--trim=2"}, "mgtool info: option '--trim' given twice"},
      {{"info", kSmall, "--trim", "1.5"},
       "mgtool info: --trim must be a whole number from 0 to 1e+09, not '1.5'"},
      {{"walk", "d", "--out", "w.bvh", "--seed", "9007199254740993"},
       "mgtool walk: --seed must be a whole number from 0 to 9007199254740992"},
      {{"pmg", "walk", "f", "--out", "w.bvh", "--seed", "-1"},
       "mgtool pmg walk: --seed must be a whole number from 0 to 9007199254740992, not '-1'"},
      {{"walk", "d"}, "mgtool walk: give --out FILE, the motion file to write"},
      {{"subgraph", "x", "--strict=1"}, "mgtool subgraph: option '--strict' takes no value"},
      {{"field", "eval", "f", "--task", "sideways"},
       "mgtool field eval: --task must be direction or line, not 'sideways'"},
      {{"eval", "x", "--source"}, "mgtool eval: --source needs at least one file"},
      {{"convert", kSmall}, "mgtool convert: missing arguments (expected IN OUT)"},
      {{"convert", kSmall, "a.bvh", "b.bvh"},
       "mgtool convert: too many arguments (expected IN OUT)"},
      {{"bench", "frob"}, "mgtool bench: unknown benchmark 'frob'"},
      {{"pmg", "frob"}, "mgtool pmg: unknown subcommand 'frob'"},
  };
  for (const Case& c : cases) {
    const ToolRun r = mgtool(c.words);
    EXPECT_EQ(r.status, 2) << c.message << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--help"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

// Words that look like options but are not: negative numbers are positionals and option values,
// "--" ends the options, "--opt=value" is the option's value. Each case gets past the command
// line to the command itself, which then fails on the missing file (exit 1, its own message).
TEST(MgtoolCli, NegativeNumbersDoubleDashAndInlineValuesReachTheCommand) {
  test::TempDir dir;
  const std::string missing = dir.file("missing.pmg");
  for (const std::vector<std::string>& words : std::vector<std::vector<std::string>>{
           {"pmg", "goto", missing, "-1", "-2.5", "--out", dir.file("w.bvh")},
           {"pmg", "goto", missing, "-.5", "-0.5", "--out=" + dir.file("w.bvh"), "--radius=2"},
           {"walk", missing, "--start-hub", "-1", "--out", dir.file("w.bvh")},
           {"info", "--", "--missing.bvh"}}) {
    const ToolRun r = mgtool(words);
    EXPECT_EQ(r.status, 1) << words[0] << ": " << r.err;
    EXPECT_EQ(r.err.find("--help"), std::string::npos) << r.err;
  }
  const ToolRun r = mgtool({"info", "--", "--missing.bvh"});
  EXPECT_NE(r.err.find("mgtool info: --missing.bvh: no such file"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace mg
