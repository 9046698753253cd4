// SPDX-License-Identifier: MIT
// mgtool subgraph: the minimum-size motion graph of Zhao et al. 2009 from capture files and key
// segments; "subgraph walk DIR" and "subgraph check DIR" read an export back.
#include <cstdio>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/motion_output.h"
#include "app/mgtool/dmg_database.h"
#include "app/mgtool/json_writer.h"
#include "core/io/keys_json.h"
#include "core/io/subgraph_export.h"
#include "core/subgraph/iterative_subgraph.h"
#include "core/subgraph/subgraph_verifier.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

namespace fs = std::filesystem;

// "FILE:BEGIN:END" (the file may itself contain ':').
std::optional<KeyFileEntry> parseKeyOption(const std::string& text) {
  const size_t b = text.rfind(':');
  if (b == std::string::npos || b == 0) return std::nullopt;
  const size_t a = text.rfind(':', b - 1);
  if (a == std::string::npos || a == 0) return std::nullopt;
  try {
    size_t used = 0;
    const int begin = std::stoi(text.substr(a + 1, b - a - 1), &used);
    if (used != b - a - 1) return std::nullopt;
    const int end = std::stoi(text.substr(b + 1), &used);
    if (used != text.size() - b - 1) return std::nullopt;
    KeyFileEntry e;
    e.file = text.substr(0, a);
    e.beginFrame = begin;
    e.endFrame = end;
    e.name =
        fs::path(e.file).stem().string() + ":" + std::to_string(begin) + "-" + std::to_string(end);
    return e;
  } catch (...) {
    return std::nullopt;
  }
}

}  // namespace

int runSubgraph(std::span<const std::string> args) {
  if (!args.empty() && args[0] == "walk") return runSubgraphWalk(args.subspan(1));
  if (!args.empty() && args[0] == "check") return runSubgraphCheck(args.subspan(1));
  CommandSpec spec{
      "subgraph",
      "FILES...",
      "Finds a minimum-size motion graph (Zhao et al. 2009): builds the database motion graph of\n"
      "FILES (as 'mgtool dmg'), takes the key segments of --keys KEYS.json "
      "(core/io/KEYS_FORMAT.md)\n"
      "or of repeated --key FILE:BEGIN:END (the file's own frames, end exclusive), and runs the\n"
      "Iterative Sub-graph Algorithm for the requirement: 1 every ordered pair of key frames "
      "within\n"
      "--gamma frames, 2 as fast as in the whole graph, 3 from the end of every key to the first\n"
      "--entry-frames frames of every key within --gamma, 4 path cost sum(alpha c_t + frame cost)\n"
      "within --gamma. Exports to --out DIR (core/io/SUBGRAPH_FORMAT.md). Prints JSON: dmg, core,\n"
      "required and subgraph sizes, the size per iteration, key_pairs and key_pairs_satisfied (by "
      "an\n"
      "independent verifier), mean minimum transition frames in CORE and the subgraph, seconds.\n"
      "Key files not among FILES are added. Also: 'mgtool subgraph walk DIR' and\n"
      "'mgtool subgraph check DIR' (see their --help).",
      dmgBuildOptions(),
      0,
      -1};
  spec.options.push_back({"keys", "KEYS.json", "the key segments"});
  spec.options.push_back(
      {"key", "FILE:BEGIN:END", "a key segment (repeatable; instead of --keys)", true});
  spec.options.push_back({"out", "DIR", "folder to export the subgraph to (required)"});
  spec.options.push_back(kClipFormatOption);
  spec.options.push_back({"requirement", "K", "1, 2, 3 or 4 (default 1)"});
  spec.options.push_back({"gamma", "G", "bound in frames (1-3) or path cost (4) (default 40)"});
  spec.options.push_back(
      {"alpha", "A", "requirement 4: weight of the transition cost (default 10)"});
  spec.options.push_back({"frame-cost", "C", "requirement 4: cost of one frame (default 1)"});
  spec.options.push_back(
      {"entry-frames", "N", "requirement 3: frames that count as a key's beginning (default 10)"});
  spec.options.push_back({"strict", "",
                          "gamma is a hard limit: fail, naming the pair, where the whole graph "
                          "cannot meet it (default: such pairs keep the graph's own minimum)"});
  spec.options.push_back({"from", "dmg|core", "search the whole graph or CORE (default dmg)"});
  spec.options.push_back({"max-iterations", "N", "ISA iterations at most (default 60)"});
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  std::vector<KeyFileEntry> keyEntries;
  if (const auto keys = parsed->repeated.find("key"); keys != parsed->repeated.end()) {
    for (const std::string& value : keys->second) {
      const std::optional<KeyFileEntry> e = parseKeyOption(value);
      if (!e) {
        std::fprintf(stderr, "mgtool subgraph: --key %s: expected FILE:BEGIN:END\n", value.c_str());
        return kExitUsage;
      }
      keyEntries.push_back(*e);
    }
  }
  const std::optional<DmgToolSettings> settings = readDmgToolSettings(*parsed, "subgraph");
  const std::optional<std::vector<MotionFormat>> copies = clipCopyFormats(*parsed, "subgraph");
  if (!copies) return kExitUsage;
  const auto kind = numberOption(*parsed, "subgraph", "requirement", 1, 1, 4);
  const auto gamma = numberOption(*parsed, "subgraph", "gamma", 40, 1, kMaxGamma);
  const auto alpha = numberOption(*parsed, "subgraph", "alpha", 10, 0, 1e6);
  const auto frameCost = numberOption(*parsed, "subgraph", "frame-cost", 1, 1e-6, 1e6);
  const auto entry = numberOption(*parsed, "subgraph", "entry-frames", 10, 1, 1e6);
  const auto iterations = numberOption(*parsed, "subgraph", "max-iterations", 60, 1, 10000);
  if (!settings || !kind || !gamma || !alpha || !frameCost || !entry || !iterations)
    return kExitUsage;
  const std::string from = parsed->has("from") ? parsed->options.at("from") : "dmg";
  if (from != "dmg" && from != "core") {
    std::fprintf(stderr, "mgtool subgraph: --from must be dmg or core\n");
    return kExitUsage;
  }
  if (!parsed->has("out") || parsed->options.at("out").empty()) {
    std::fprintf(stderr, "mgtool subgraph: give --out DIR, the folder to export to\n");
    return kExitUsage;
  }
  if (parsed->has("keys")) {
    if (!keyEntries.empty()) {
      std::fprintf(stderr, "mgtool subgraph: give either --keys or --key, not both\n");
      return kExitUsage;
    }
    const std::string keysPath = parsed->options.at("keys");
    Result<std::vector<KeyFileEntry>> read = readKeysFile(keysPath);
    if (!read) {
      std::fprintf(stderr, "mgtool subgraph: %s\n", read.error().message.c_str());
      return kExitFailed;
    }
    keyEntries = read.value();
    for (KeyFileEntry& e : keyEntries) e.file = resolveKeyFilePath(keysPath, e.file);
  }
  if (keyEntries.empty()) {
    std::fprintf(
        stderr,
        "mgtool subgraph: give the key segments with --keys KEYS.json or --key FILE:BEGIN:END\n");
    return kExitUsage;
  }
  std::vector<std::string> files = parsed->positional;
  for (const KeyFileEntry& e : keyEntries) {
    bool listed = false;
    for (const std::string& f : files) listed = listed || canonicalPath(f) == canonicalPath(e.file);
    if (!listed) files.push_back(e.file);
  }

  Stopwatch clock;
  const std::optional<DmgDatabase> db = loadDmgDatabase("subgraph", files, *settings);
  if (!db) return kExitFailed;
  const double loadSeconds = clock.seconds();
  const std::optional<std::vector<KeySegment>> toolKeys =
      toolKeySegments("subgraph", keyEntries, *db, *settings);
  if (!toolKeys) return kExitFailed;
  const std::vector<KeySegment>& keys = *toolKeys;
  clock.restart();
  const std::optional<DmgBuildResult> built = buildDmg("subgraph", *db, *settings);
  if (!built) return kExitFailed;
  const double dmgSeconds = clock.seconds();
  const DatabaseMotionGraph& g = built->graph;

  SubgraphJob job;
  job.graph = &g;
  job.keys = keys;
  job.requirement.kind = static_cast<RequirementKind>(static_cast<int>(*kind));
  job.requirement.gamma = static_cast<int>(*gamma);
  job.requirement.alpha = *alpha;
  job.requirement.frameCost = *frameCost;
  job.requirement.entryFrames = static_cast<int>(*entry);
  job.requirement.strict = parsed->has("strict");
  job.settings.fromCore = from == "core";
  job.settings.maxIterations = static_cast<int>(*iterations);
  job.settings.threads = settings->threads;
  job.onIteration = [](const IsaIteration& it) {
    std::fprintf(stderr,
                 "mgtool subgraph: iteration %d: %d vertices (start %d, %d CSP searches, %.2f s)\n",
                 it.iteration, it.subgraphVertices, it.startVertices, it.cspSearches, it.seconds);
  };
  Result<SubgraphResult> result = findMinimumSubgraph(job);
  if (!result) {
    std::fprintf(stderr, "mgtool subgraph: %s\n", result.error().message.c_str());
    return kExitFailed;
  }
  for (const std::string& note : result->notes)
    std::fprintf(stderr, "mgtool subgraph: %s\n", note.c_str());
  const double buildSeconds = clock.seconds();  // the database motion graph and the search
  clock.restart();
  Result<VerificationReport> verified = verifySubgraph(g, keys, job.requirement, result->vertices);
  Result<VerificationReport> core = verifySubgraph(g, keys, job.requirement, result->coreVertices);
  if (!verified || !core) {
    std::fprintf(stderr, "mgtool subgraph: %s\n",
                 (verified ? core : verified).error().message.c_str());
    return kExitFailed;
  }
  const double verifySeconds = clock.seconds();
  for (const std::string& f : verified->failures)
    std::fprintf(stderr, "mgtool subgraph: NOT MET: %s\n", f.c_str());
  clock.restart();
  SubgraphExportInput in;
  in.graph = &g;
  in.motions = db->motions;
  in.keptVertices = result->vertices;
  in.reasons = result->reasons;
  in.keys = keys;
  in.requirement = job.requirement;
  in.verification = &verified.value();
  in.generatorNote =
      "minimum-size motion graph, requirement " + std::to_string(static_cast<int>(*kind));
  in.clipCopies = *copies;
  in.trimLeadingFrames = settings->trimFrames;
  in.buildSeconds = buildSeconds;
  if (Status s = exportSubgraph(parsed->options.at("out"), in); !s) {
    std::fprintf(stderr, "mgtool subgraph: %s\n", s.error().message.c_str());
    return kExitFailed;
  }
  const double exportSeconds = clock.seconds();

  JsonWriter json;
  json.beginObject();
  json.key("requirement"), json.value(static_cast<int>(*kind));
  json.key("gamma"), json.value(static_cast<int>(*gamma));
  json.key("from"), json.value(from);
  json.key("key_segments"), json.value(static_cast<int>(keys.size()));
  json.key("dmg_vertices"), json.value(g.vertexCount());
  json.key("dmg_edges"), json.value(g.edgeCount());
  json.key("core_vertices"), json.value(static_cast<int>(result->coreVertices.size()));
  json.key("core_edges"), json.value(result->coreEdges);
  json.key("required_vertices"), json.value(static_cast<int>(result->requiredVertices.size()));
  json.key("subgraph_vertices"), json.value(static_cast<int>(result->vertices.size()));
  json.key("subgraph_edges"), json.value(result->edges);
  json.key("iterations");
  json.beginArray();
  for (const IsaIteration& it : result->iterations) json.value(it.subgraphVertices);
  json.endArray();
  json.key("key_pairs"), json.value(result->keyPairs);
  json.key("key_pairs_satisfied"), json.value(verified->satisfied);
  json.key("relaxed_pairs"), json.value(result->relaxedPairs);
  json.key("mean_min_transition_frames");
  json.beginObject();
  json.key("core"), json.value(core->meanSubgraphFrames);
  json.key("subgraph"), json.value(verified->meanSubgraphFrames);
  json.endObject();
  json.key("seconds");
  json.beginObject();
  json.key("load"), json.value(loadSeconds);
  json.key("dmg"), json.value(dmgSeconds);
  json.key("key_distances_and_core"), json.value(result->precomputeSeconds);
  json.key("required_subgraph"), json.value(result->requiredSeconds);
  json.key("iterations"), json.value(result->iterationSeconds);
  json.key("verify"), json.value(verifySeconds);
  json.key("export"), json.value(exportSeconds);
  json.endObject();
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return verified->allSatisfied() ? kExitOk : kExitFailed;
}

}  // namespace mg::tool
