// SPDX-License-Identifier: MIT
// mgtool subgraph: the minimum-size motion graph of Zhao et al. 2009 from capture files and key
// segments; "subgraph walk DIR" and "subgraph check DIR" read an export back.
#include <cstdio>
#include <filesystem>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/subgraph/dmg_database.h"
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

constexpr char kDescription[] =
    "Finds a minimum-size motion graph (Zhao et al. 2009): builds the database motion graph of\n"
    "FILES (as 'mgtool dmg'), takes the key segments of --keys KEYS.json (core/io/KEYS_FORMAT.md)\n"
    "or of repeated --key FILE:BEGIN:END (the file's own frames, end exclusive), and runs the\n"
    "Iterative Sub-graph Algorithm for the requirement: 1 every ordered pair of key frames within\n"
    "--gamma frames, 2 as fast as in the whole graph, 3 from the end of every key to the first\n"
    "--entry-frames frames of every key within --gamma, 4 path cost sum(alpha c_t + frame cost)\n"
    "within --gamma. Exports to --out DIR (core/io/SUBGRAPH_FORMAT.md). Prints JSON: dmg, core,\n"
    "required and subgraph sizes, the size per iteration, key_pairs and key_pairs_satisfied (by "
    "an\n"
    "independent verifier), mean minimum transition frames in CORE and the subgraph, seconds.\n"
    "Key files not among FILES are added. Also: 'mgtool subgraph walk DIR' and\n"
    "'mgtool subgraph check DIR' (see their --help).";

class Subgraph final : public Command {
 public:
  Subgraph() : Command({"FILES...", 0}, kDescription) {}

 private:
  int run() override {
    std::vector<KeyFileEntry> keyEntries;
    for (const std::string& value : *m_key) {
      const std::optional<KeyFileEntry> e = parseKeyOption(value);
      if (!e) return usageError("--key " + value + ": expected FILE:BEGIN:END");
      keyEntries.push_back(*e);
    }
    const std::optional<DmgToolSettings> settings = m_build.settings();
    if (!settings) return kExitUsage;
    const std::optional<std::vector<MotionFormat>> copies = m_format.copies();
    if (!copies) return kExitUsage;
    if (m_keys.given()) {
      if (!keyEntries.empty()) return usageError("give either --keys or --key, not both");
      Result<std::vector<KeyFileEntry>> read = readKeysFile(*m_keys);
      if (!read) return fail(read.error().message);
      keyEntries = read.value();
      for (KeyFileEntry& e : keyEntries) e.file = resolveKeyFilePath(*m_keys, e.file);
    }
    if (keyEntries.empty()) {
      return usageError("give the key segments with --keys KEYS.json or --key FILE:BEGIN:END");
    }
    std::vector<std::string> files = positional();
    for (const KeyFileEntry& e : keyEntries) {
      bool listed = false;
      for (const std::string& f : files)
        listed = listed || canonicalPath(f) == canonicalPath(e.file);
      if (!listed) files.push_back(e.file);
    }

    Stopwatch clock;
    const std::optional<DmgDatabase> db = loadDmgDatabase(*this, files, *settings);
    if (!db) return kExitFailed;
    const double loadSeconds = clock.seconds();
    const std::optional<std::vector<KeySegment>> toolKeys =
        toolKeySegments(*this, keyEntries, *db, *settings);
    if (!toolKeys) return kExitFailed;
    const std::vector<KeySegment>& keys = *toolKeys;
    clock.restart();
    const std::optional<DmgBuildResult> built = buildDmg(*this, *db, *settings);
    if (!built) return kExitFailed;
    const double dmgSeconds = clock.seconds();
    const DatabaseMotionGraph& g = built->graph;

    SubgraphJob job;
    job.graph = &g;
    job.keys = keys;
    job.requirement.kind = static_cast<RequirementKind>(*m_requirement);
    job.requirement.gamma = *m_gamma;
    job.requirement.alpha = *m_alpha;
    job.requirement.frameCost = *m_frameCost;
    job.requirement.entryFrames = *m_entryFrames;
    job.requirement.strict = *m_strict;
    job.settings.fromCore = *m_from == "core";
    job.settings.maxIterations = *m_maxIterations;
    job.settings.threads = settings->threads;
    job.onIteration = [](const IsaIteration& it) {
      std::fprintf(
          stderr,
          "mgtool subgraph: iteration %d: %d vertices (start %d, %d CSP searches, %.2f s)\n",
          it.iteration, it.subgraphVertices, it.startVertices, it.cspSearches, it.seconds);
    };
    Result<SubgraphResult> result = findMinimumSubgraph(job);
    if (!result) return fail(result.error().message);
    for (const std::string& n : result->notes) note(n);
    const double buildSeconds = clock.seconds();  // the database motion graph and the search
    clock.restart();
    Result<VerificationReport> verified =
        verifySubgraph(g, keys, job.requirement, result->vertices);
    Result<VerificationReport> core =
        verifySubgraph(g, keys, job.requirement, result->coreVertices);
    if (!verified || !core) return fail((verified ? core : verified).error().message);
    const double verifySeconds = clock.seconds();
    for (const std::string& f : verified->failures) note("NOT MET: " + f);
    clock.restart();
    SubgraphExportInput in;
    in.graph = &g;
    in.motions = db->motions;
    in.keptVertices = result->vertices;
    in.reasons = result->reasons;
    in.keys = keys;
    in.requirement = job.requirement;
    in.verification = &verified.value();
    in.generatorNote = "minimum-size motion graph, requirement " + std::to_string(*m_requirement);
    in.clipCopies = *copies;
    in.trimLeadingFrames = settings->trimFrames;
    in.buildSeconds = buildSeconds;
    if (Status s = exportSubgraph(*m_out, in); !s) return fail(s.error().message);
    const double exportSeconds = clock.seconds();

    JsonWriter json;
    json.beginObject();
    json.key("requirement"), json.value(*m_requirement);
    json.key("gamma"), json.value(*m_gamma);
    json.key("from"), json.value(*m_from);
    json.key("key_segments"), json.value(static_cast<int>(keys.size()));
    json.key("dmg_vertices"), json.value(g.vertexCount());
    json.key("dmg_edges"), json.value(g.edgeCount());
    json.key("dmg_glitch_frames_left_out"), json.value(built->stats.glitchFramesLeftOut);
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
    json.key(name()), json.value(verified->meanSubgraphFrames);
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
    return printJson(json, verified->allSatisfied() ? kExitOk : kExitFailed);
  }

  DmgBuildOptions m_build{*this};
  Value<std::string> m_keys = text("keys", "KEYS.json", "the key segments");
  Value<std::vector<std::string>> m_key =
      repeated("key", "FILE:BEGIN:END", "a key segment (repeatable; instead of --keys)");
  Value<std::string> m_out = outOption(*this, "DIR", "folder to export the subgraph to");
  ClipFormatOption m_format{*this};
  Value<int> m_requirement = number<int>("requirement", "K", "1, 2, 3 or 4 (default 1)", 1, 1, 4);
  Value<int> m_gamma = number<int>(
      "gamma", "G", "bound in frames (1-3) or path cost (4) (default 40)", 40, 1, kMaxGamma);
  Value<double> m_alpha = number<double>(
      "alpha", "A", "requirement 4: weight of the transition cost (default 10)", 10, 0, 1e6);
  Value<double> m_frameCost = number<double>(
      "frame-cost", "C", "requirement 4: cost of one frame (default 1)", 1, 1e-6, 1e6);
  Value<int> m_entryFrames =
      number<int>("entry-frames", "N",
                  "requirement 3: frames that count as a key's beginning (default 10)", 10, 1, 1e6);
  Value<bool> m_strict =
      flag("strict",
           "gamma is a hard limit: fail, naming the pair, where the whole graph cannot meet it "
           "(default: such pairs keep the graph's own minimum)");
  Value<std::string> m_from = choice(
      "from", "dmg|core", "search the whole graph or CORE (default dmg)", {"dmg", "core"}, "dmg");
  Value<int> m_maxIterations =
      number<int>("max-iterations", "N", "ISA iterations at most (default 60)", 60, 1, 10000);
};

const CommandRegistration kRegistered{
    "subgraph", 90, "minimum-size motion graph from key segments; subgraph walk|check DIR",
    make<Subgraph>};

}  // namespace
}  // namespace mg::tool
