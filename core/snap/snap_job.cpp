// SPDX-License-Identifier: MIT
#include "core/snap/snap_job.h"

#include <algorithm>
#include <string>

#include "core/motion/forward_kinematics.h"
#include "core/snap/displacement_map.h"
#include "core/snap/plant_alignment.h"
#include "core/snap/plant_consistency.h"

namespace mg {
namespace {

using MotionPtr = std::shared_ptr<const Motion>;

// Adds the plants of `made` to `held`, except stretches that would join two plants of `held`.
void addPlantsWithoutJoining(FootContacts& held, const FootContacts& made) {
  const int frames = static_cast<int>(held.planted.size());
  for (int p = 0; p < kFootPointCount; ++p) {
    const FootPoint point = static_cast<FootPoint>(p);
    for (int s = 0; s < frames;) {
      if (held.isPlanted(s, point) || !made.isPlanted(s, point)) {
        ++s;
        continue;
      }
      int e = s;
      while (e + 1 < frames && !held.isPlanted(e + 1, point) && made.isPlanted(e + 1, point)) ++e;
      const bool joins =
          s > 0 && e + 1 < frames && held.isPlanted(s - 1, point) && held.isPlanted(e + 1, point);
      if (!joins) {
        for (int f = s; f <= e; ++f) held.planted[f] |= static_cast<std::uint8_t>(1u << p);
      }
      s = e + 1;
    }
  }
}

// How high split plants step (splitUnheldPlants gives each step how far its point moves): a
// foot moves as a whole, so every point of a foot stepping in overlapping frames lifts as far
// as its furthest-moving point moves, and no higher than a plant may stand (`planted`, the
// contact detector's height tolerance), which is where the foot counts as lifted.
void liftSteps(std::vector<PlantStep>& steps, double planted) {
  std::vector<double> lift(steps.size());
  for (size_t i = 0; i < steps.size(); ++i) {
    lift[i] = steps[i].lift;
    for (const PlantStep& other : steps) {
      const bool sameFoot = other.point / 2 == steps[i].point / 2;
      if (sameFoot && other.begin <= steps[i].end && steps[i].begin <= other.end)
        lift[i] = std::max(lift[i], other.lift);
    }
  }
  for (size_t i = 0; i < steps.size(); ++i) steps[i].lift = std::min(lift[i], planted);
}

}  // namespace

Status SnapJob::validate() const {
  if (!graph) return Error{"snap: no hub graph"};
  if (Status s = graph->validate(); !s) return Error{"snap: " + s.error().message};
  if (motions.empty()) return Error{"snap: no motions"};
  if (graph->frameCounts.size() != motions.size())
    return Error{"snap: the graph and the motions disagree on the motion count"};
  for (size_t m = 0; m < motions.size(); ++m) {
    if (!motions[m]) return Error{"snap: motion " + std::to_string(m) + " is missing"};
    if (Status s = motions[m]->validate(); !s) return Error{"snap: " + s.error().message};
    if (motions[m]->frameCount() != graph->frameCounts[m]) {
      return Error{"snap: motion " + std::to_string(m) +
                   " has a different frame count than the graph"};
    }
    if (!motions[m]->skeleton->sameHierarchy(*motions[0]->skeleton)) {
      return Error{"snap: motion " + std::to_string(m) + " has a different skeleton"};
    }
  }
  if (settings.wminFrames < 2) return Error{"snap: wminFrames must be at least 2"};
  if (settings.refinementIterations < 0) return Error{"snap: refinementIterations must be >= 0"};
  return Status::success();
}

Result<SnapResult> SnapJob::run() const {
  if (Status s = validate(); !s) return s.error();
  const HubGraph& g = *graph;
  const size_t motionCount = motions.size();
  const auto slots = matchSlotsPerMotion(g);
  SnapResult result;
  std::vector<FootContacts> detected;  // plants of the unedited motions
  if (settings.enforceFootPlants) {
    for (const MotionPtr& m : motions)
      detected.push_back(detectFootContacts(*m, settings.contacts));
  }
  // The common pose plants what the majority of its match frames plant (section 4.3).
  std::vector<std::uint8_t> hubMask(g.hubs.size(), 0);
  for (size_t h = 0; h < g.hubs.size() && settings.enforceFootPlants; ++h) {
    const Hub& hub = g.hubs[h];
    for (int p = 0; p < kFootPointCount; ++p) {
      size_t planted = 0;
      for (const MatchFrame& mf : hub.matchFrames) {
        planted +=
            detected[mf.ref.motion].isPlanted(mf.ref.frame, static_cast<FootPoint>(p)) ? 1 : 0;
      }
      if (2 * planted > hub.matchFrames.size()) hubMask[h] |= static_cast<std::uint8_t>(1u << p);
    }
  }
  // The plants every round holds: the capture's, and around each match frame its common pose's
  // (frames f-1..f+1 are the common pose). The first round's links are taken from these.
  std::vector<FootContacts> held = detected;
  for (size_t m = 0; m < held.size(); ++m) {
    for (const MatchSlot& s : slots[m]) {
      for (int f = s.frame - 1; f <= s.frame + 1; ++f) held[m].planted[f] = hubMask[s.hub];
    }
  }
  // Working set: the triple of every match frame, in its motion's coordinates.
  std::vector<std::vector<PoseTriple>> working(g.hubs.size());
  std::vector<std::vector<FloorTransform>> toHub(g.hubs.size());
  for (size_t h = 0; h < g.hubs.size(); ++h) {
    for (const MatchFrame& mf : g.hubs[h].matchFrames) {
      working[h].push_back(poseTriple(*motions[mf.ref.motion], mf.ref.frame));
      toHub[h].push_back(mf.toHub);
    }
  }
  const int rounds = settings.enforceFootPlants ? settings.refinementIterations + 1 : 1;
  for (int round = 0; round < rounds; ++round) {
    const bool last = round == rounds - 1;
    result.commonPoses.clear();
    for (size_t h = 0; h < g.hubs.size(); ++h) {
      PoseTriple common = averageCommonPose(working[h], toHub[h]);
      if (settings.enforceFootPlants) {
        const Skeleton& skeleton = *motions[0]->skeleton;
        if (Status s = plantCommonPose(skeleton, hubMask[h], common, settings.feet.reachFraction);
            !s)
          return s.error();
      }
      result.commonPoses.push_back(std::move(common));
    }
    // The appendix: linked plants made rigidly consistent, and alignments that put them in one
    // place. Links are what the solver will hold: the plants it enforced in the round before.
    std::vector<FootContacts> linkContacts;
    if (settings.enforceFootPlants && settings.alignPlants) {
      linkContacts = round == 0 ? held : result.contacts;
      const std::vector<PlantLink> links = plantLinks(g, linkContacts, hubMask);
      // A link may hold a point its hubs do not plant (the other point of a foot it holds by
      // one): the point is planted at both of its ends, so it is made consistent too.
      std::vector<std::uint8_t> linkMask = hubMask;
      for (const PlantLink& l : links)
        linkMask[l.fromHub] |= l.points, linkMask[l.toHub] |= l.points;
      if (settings.consistentPlants) {
        const Skeleton& skeleton = *motions[0]->skeleton;
        Result<PlantConsistency> made = makeLinkedPlantsConsistent(
            skeleton, links, linkMask, result.commonPoses, settings.feet.reachFraction);
        if (!made) return made.error();
      }
      toHub = plantAlignments(g, motions, links, result.commonPoses);
    }
    HubGraph aligned = g;  // the graph with this round's alignments
    for (size_t h = 0; h < g.hubs.size(); ++h) {
      for (size_t i = 0; i < g.hubs[h].matchFrames.size(); ++i)
        aligned.hubs[h].matchFrames[i].toHub = toHub[h][i];
    }
    result.motions.assign(motionCount, nullptr);
    if (settings.enforceFootPlants) result.contacts = held;
    result.displacedMotions.assign(motionCount, nullptr);
    for (size_t m = 0; m < motionCount; ++m) {
      if (progress) {
        if (progress->cancelled()) return Error{"snap: cancelled"};
        progress->report((round + static_cast<double>(m) / motionCount) / rounds);
      }
      const Motion& original = *motions[m];
      const int frames = original.frameCount();
      const auto& mine = slots[m];
      std::vector<DisplacementMap> maps;
      std::vector<std::uint8_t> locked(frames, 0);
      for (size_t i = 0; i < mine.size(); ++i) {
        const MatchSlot& s = mine[i];
        const int before = std::min(
            {settings.wminFrames, s.frame, i > 0 ? s.frame - mine[i - 1].frame - 1 : frames});
        const int after =
            std::min({settings.wminFrames, frames - 1 - s.frame,
                      i + 1 < mine.size() ? mine[i + 1].frame - s.frame - 1 : frames});
        const FloorTransform fromHub = toHub[s.hub][s.match].inverse();
        const PoseTriple target = transformTriple(result.commonPoses[s.hub], fromHub);
        Result<DisplacementMap> map =
            buildDisplacementMap(original, s.frame, target, before, after);
        if (!map) return map.error();
        maps.push_back(std::move(map.value()));
        for (int f = s.frame - 1; f <= s.frame + 1; ++f) locked[f] = 1;
      }
      auto displaced = std::make_shared<Motion>(applyDisplacementMaps(original, maps));
      result.displacedMotions[m] = displaced;
      if (!settings.enforceFootPlants) {
        result.motions[m] = displaced;
        continue;
      }
      // Plants the solver holds. Earlier rounds: those held every round, which the maps may have
      // broken, and those the maps made (a foot they slow down on the floor is planted to a
      // viewer). The last round: the plants the links were taken from, and made ones only where
      // they join no two of those, so that no plant holds two match frames no link put in one
      // place; any that still does is split rather than left to glide.
      FootContacts& contacts = result.contacts[m];
      const FootContacts made = detectFootContacts(*displaced, settings.contacts);
      if (last && !linkContacts.empty()) {
        contacts = linkContacts[m];
        addPlantsWithoutJoining(contacts, made);
      } else {
        for (int f = 0; f < frames; ++f) contacts.planted[f] |= made.planted[f];
      }
      std::vector<PlantStep> steps;
      if (last) {
        splitUnheldPlants(aligned, static_cast<int>(m), original, result.commonPoses,
                          std::max(1, settings.feet.blendFrames), contacts, &steps);
        liftSteps(steps, settings.contacts.heightFraction * restHeight(*original.skeleton));
      }
      FootConstraintJob feet{
          displaced.get(), &contacts,
          last ? std::span<const std::uint8_t>(locked) : std::span<const std::uint8_t>(),
          settings.feet, steps};
      Result<Motion> constrained = feet.run();
      if (!constrained) return constrained.error();
      auto edited = std::make_shared<Motion>(std::move(constrained.value()));
      result.motions[m] = edited;
      if (last) continue;
      for (const MatchSlot& s : mine) working[s.hub][s.match] = poseTriple(*edited, s.frame);
    }
  }
  result.graph = g;
  for (size_t h = 0; h < g.hubs.size(); ++h) {
    for (size_t i = 0; i < g.hubs[h].matchFrames.size(); ++i)
      result.graph.hubs[h].matchFrames[i].toHub = toHub[h][i];
  }
  if (progress) progress->report(1.0);
  return result;
}

}  // namespace mg
