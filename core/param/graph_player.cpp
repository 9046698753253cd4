// SPDX-License-Identifier: MIT
#include "core/param/graph_player.h"

#include <cmath>

#include "core/util/uniform01.h"

namespace mg {

Status PlayerSettings::validate() const {
  if (blendFrames < 2) return Error{"player: blendFrames must be at least 2"};
  if (candidatesPerDimension < 2) return Error{"player: candidatesPerDimension must be at least 2"};
  if (!(arrivalRadius > 0)) return Error{"player: arrivalRadius must be > 0"};
  return Status::success();
}

Result<GraphPlayer> GraphPlayer::create(std::shared_ptr<const ParametricGraph> graph, int startNode,
                                        std::optional<ParameterVector> startParameter,
                                        const PlayerSettings& settings, FloorTransform start) {
  if (Status s = settings.validate(); !s) return s.error();
  if (!graph) return Error{"player: no graph"};
  if (startNode < 0 || startNode >= graph->nodeCount())
    return Error{"player: start node out of range"};
  GraphPlayer p;
  p.m_settings = settings;
  p.m_rng = std::make_shared<std::mt19937_64>(settings.seed);
  ParameterVector parameter{};
  const ParametricNode& node = *graph->nodes[startNode];
  if (startParameter) {
    parameter = *startParameter;
  } else {
    for (int d = 0; d < node.dimensions(); ++d) {
      parameter[d] =
          node.rangeMin()[d] + uniform01(*p.m_rng) * (node.rangeMax()[d] - node.rangeMin()[d]);
    }
  }
  Result<ParametricStream> stream =
      ParametricStream::create(std::move(graph), startNode, parameter, settings.blendFrames,
                               std::make_shared<RandomControl>(p.m_rng), start);
  if (!stream) return stream.error();
  p.m_stream.emplace(std::move(stream.value()));
  return p;
}

void GraphPlayer::setRandom() {
  m_stream->setControl(std::make_shared<RandomControl>(m_rng));
}

void GraphPlayer::setTarget(double x, double z) {
  m_stream->setControl(std::make_shared<TargetControl>(
      Eigen::Vector2d(x, z), m_settings.arrivalRadius, m_settings.candidatesPerDimension));
}

void GraphPlayer::setSteering(double yawRadians) {
  m_stream->setControl(
      std::make_shared<SteerControl>(yawRadians, m_settings.candidatesPerDimension));
}

void GraphPlayer::scriptNext(int edge, const ParameterVector& parameter) {
  m_stream->setControl(std::make_shared<ScriptedControl>(EdgeChoice{edge, parameter},
                                                         std::make_shared<RandomControl>(m_rng)));
  m_stream->replan();
}

void GraphPlayer::setDirective(const Directive& directive) {
  if (directive.kind == Directive::Kind::Heading) setSteering(directive.headingRadians);
  if (directive.kind == Directive::Kind::None) setRandom();
}

Result<Motion> previewTransition(std::shared_ptr<const ParametricGraph> graph, int edge,
                                 const ParameterVector& sourceParameter,
                                 const ParameterVector& targetParameter,
                                 const PlayerSettings& settings) {
  if (!graph || edge < 0 || edge >= static_cast<int>(graph->edges.size()) ||
      !graph->edges[edge].edge.exists) {
    return Error{"preview: edge " + std::to_string(edge) + " does not exist"};
  }
  Result<GraphPlayer> player =
      GraphPlayer::create(graph, graph->edges[edge].source, sourceParameter, settings);
  if (!player) return player.error();
  player->scriptNext(edge, targetParameter);
  Motion out;
  out.name = "transition preview";
  out.skeleton = graph->nodes[graph->edges[edge].source]->space().skeleton;
  out.fps = graph->nodes[graph->edges[edge].source]->space().fps;
  Pose pose;
  // Until the target clip reaches its own next transition (or its end at a dead end).
  for (int guard = 0; guard < 100000 && player->next(pose); ++guard) {
    if (player->transitions().size() > 1) break;
    out.rootPositions.push_back(pose.rootPosition);
    out.localRotations.insert(out.localRotations.end(), pose.localRotations.begin(),
                              pose.localRotations.end());
  }
  if (player->transitions().empty()) return Error{"preview: the transition did not happen"};
  return out;
}

}  // namespace mg
