// SPDX-License-Identifier: MIT
// mgtool walk: a random walk through an exported Snap-Together graph, as one motion file.
#include <cmath>
#include <filesystem>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/import_motion_loader.h"
#include "core/io/snap_import.h"
#include "core/io/subgraph_export.h"
#include "core/snap/clip_sequence.h"

namespace mg::tool {
namespace {

constexpr char kDescription[] =
    "Reads the graph exported to DIR by 'mgtool snap' (or the editor), prunes it to its largest\n"
    "strongly connected component so the walk never gets stuck, and writes a random walk of\n"
    "--seconds through it to --out as one continuous motion (BVH, or glTF/GLB by --format or\n"
    "the name of --out): clips are played back to back under a\n"
    "running root transform, so every cut continues where the last clip ended. The same seed\n"
    "gives the same file. Fails, saying so, when the graph has no cycle. Prints JSON: frames,\n"
    "seconds, cuts, hubs and clips of the pruned graph, and the hubs pruned away. A folder\n"
    "exported by 'mgtool subgraph' or 'mgtool dmg' is played as 'mgtool subgraph walk' does.";

// A minimum-size subgraph (or DMG) export plays through its own walk, with its own options: the
// first word that is not an option or an option's value names the folder.
std::string subgraphWalkFor(std::span<const std::string> words) {
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i].rfind("--", 0) == 0) {
      if (words[i].find('=') == std::string::npos && words[i] != "--help") ++i;  // its value
      continue;
    }
    const std::filesystem::path dir(words[i]);
    std::error_code ec;
    if (std::filesystem::exists(dir / kSubgraphFileName, ec) &&
        !std::filesystem::exists(dir / "snap_graph.json", ec)) {
      return "subgraph walk";
    }
  }
  return {};
}

class Walk final : public Command {
 public:
  Walk() : Command({"DIR", 1, 1}, kDescription) {}

 private:
  int run() override {
    const std::optional<MotionFormat> format = m_output.resolve();
    if (!format) return kExitUsage;
    const std::string& dir = positional()[0];
    Result<SnapGraphFile> file = readSnapGraph(dir, importMotionLoader(m_output.units.apply({})));
    if (!file) return fail(file.error().message);
    Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
    if (!playable) return fail(dir + ": " + playable.error().message);
    int start = 0;
    if (*m_startHub >= 0) {
      start = -1;
      for (size_t h = 0; h < playable->fileHubOfHub.size(); ++h) {
        if (playable->fileHubOfHub[h] == *m_startHub) start = static_cast<int>(h);
      }
      if (start < 0) {
        return fail("hub " + std::to_string(*m_startHub) +
                    " is not in the largest strongly connected component");
      }
    }
    const long long frames = std::max<long long>(1, std::llround(*m_seconds * file->fps));
    RandomWalkStream stream(playable->graph, playable->motions, start, *m_seed);
    const std::string& out = *m_output.out;
    const Result<StreamedBvh> written = writeMotionStream(
        stream, frames, out, *format, "snap walk", m_output.bvhLike(*playable->motions.front()));
    if (!written) return fail(written.error().message);
    if (written->streamEnded) {
      // Cannot happen on a strongly connected graph; kept so a broken invariant is not silent.
      return fail("the walk stopped after " + std::to_string(written->frames) + " frames");
    }
    JsonWriter json;
    json.beginObject();
    json.key("frames"), json.value(static_cast<std::int64_t>(frames));
    json.key("fps"), json.value(file->fps);
    json.key("seconds"), json.value(static_cast<double>(frames) / file->fps);
    json.key("seed"), json.value(static_cast<std::int64_t>(*m_seed));
    // Edges taken include the one queued after the playing one.
    const int started =
        static_cast<int>(stream.edgesTaken().size()) - (stream.player().queuedEdges() - 1);
    json.key("cuts"), json.value(started - 1);
    json.key("hubs"), json.value(static_cast<int>(playable->graph.hubs.size()));
    json.key("clips"), json.value(static_cast<int>(playable->graph.edges.size()));
    json.key("pruned_hubs"),
        json.value(static_cast<int>(file->graph.hubs.size() - playable->graph.hubs.size()));
    json.key("out"), json.value(out);
    json.endObject();
    return printJson(json);
  }

  Value<double> m_seconds =
      number<double>("seconds", "S", "length of the walk in seconds (default 10)", 10, 1e-3, 1e6);
  Value<std::uint64_t> m_seed = seedOption(*this);
  Value<int> m_startHub = number<int>(
      "start-hub", "H", "hub of the export to start at (default: the first hub kept)", -1, -1, 1e9);
  MotionOutputOptions m_output{*this};
};

const CommandRegistration kRegistered{"walk", 60,
                                      "write a random walk through an exported snap graph as BVH",
                                      make<Walk>, subgraphWalkFor};

}  // namespace
}  // namespace mg::tool
