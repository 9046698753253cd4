// SPDX-License-Identifier: MIT
#include "core/field/motion_field_stream.h"

#include <cmath>
#include <random>

#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"

namespace mg {
namespace {

constexpr double kGyrationRadiusSquared = 0.25;  // (0.5 m)^2

Eigen::Quaterniond rotationOf(const Eigen::Vector3d& angle) {
  const double a = angle.norm();
  return a > 1e-12 ? Eigen::Quaterniond(Eigen::AngleAxisd(a, angle / a))
                   : Eigen::Quaterniond::Identity();
}

}  // namespace

int seededStartState(const FieldDatabase& database, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return static_cast<int>(rng() % static_cast<std::uint64_t>(database.stateCount()));
}

TaskParameter taskParameterOf(const Pose& pose, const Directive& directive) {
  TaskParameter t;
  const double facing = yawAngle(pose.localRotations[0]);
  t.angle = wrapAngle(directive.headingRadians - facing);
  if (directive.kind == Directive::Kind::Line) {
    const double phi = directive.headingRadians;
    const Eigen::Vector3d left(std::cos(phi), 0.0, -std::sin(phi));
    t.offset = pose.rootPosition.dot(left) - directive.lineOffsetMetres;
  }
  return t;
}

MotionFieldStream::MotionFieldStream(std::shared_ptr<const MotionField> field, int startState,
                                     FloorTransform start)
    : m_field(std::move(field)),
      m_stepper(*m_field->database, *m_field->index, m_field->settings.flow),
      m_policy(*m_field),
      m_footLock(*m_field->database->skeleton) {
  const FieldDatabase& db = *m_field->database;
  m_state.pose = db.poses[startState];
  m_state.pose.rootPosition = start.apply(m_state.pose.rootPosition);
  m_state.pose.localRotations[0] = start.apply(m_state.pose.localRotations[0]);
  m_state.velocity = db.velocities[startState];
}

std::shared_ptr<const Skeleton> MotionFieldStream::skeleton() const {
  return m_field->database->skeleton;
}

bool MotionFieldStream::canFollow(Directive::Kind kind) const {
  if (kind == Directive::Kind::None) return true;
  if (!m_field->values) return false;
  if (kind == Directive::Kind::Heading) return true;
  return m_field->values->task.kind == FieldTaskKind::Line;
}

bool MotionFieldStream::controlled() const {
  return !m_passive && m_field->values && m_directive.kind != Directive::Kind::None &&
         canFollow(m_directive.kind);
}

TaskParameter MotionFieldStream::taskParameter() const {
  TaskParameter t = taskParameterOf(m_state.pose, m_directive);
  // A heading followed by a line field: a line through the character.
  if (m_directive.kind != Directive::Kind::Line) t.offset = 0;
  return t;
}

void MotionFieldStream::push(const FieldPush& push) {
  m_footLock.reset();
  m_pushLinear += push.velocityChange;
  m_pushDecaySeconds = push.decaySeconds > 0 ? push.decaySeconds : 0.2;
  if (push.joint > 0 && push.joint < static_cast<int>(m_state.pose.localRotations.size())) {
    const Skeleton& s = *m_field->database->skeleton;
    std::vector<Eigen::Vector3d> world(s.jointCount());
    forwardKinematics(s, m_state.pose.rootPosition, m_state.pose.localRotations.data(),
                      world.data());
    const Eigen::Vector3d r = world[push.joint] - world[0];
    m_pushAngular += r.cross(push.velocityChange) / kGyrationRadiusSquared;
  }
}

bool MotionFieldStream::next(Pose& out) {
  m_stepper.prepare(m_state);
  m_prepared = true;
  out = m_state.pose;
  ++m_played;
  if (m_footLockOn && m_footLock.hasLegs()) {
    std::array<double, kFootPointCount> planted{};
    const auto nb = m_stepper.neighbours();
    const auto w = m_stepper.similarity();
    for (size_t i = 0; i < nb.size(); ++i) {
      const std::uint8_t bits = m_field->database->contacts[nb[i].state];
      for (int p = 0; p < kFootPointCount; ++p) {
        if (bits & (1u << p)) planted[p] += w[i];
      }
    }
    m_footLock.apply(out, planted);
  }
  // Advance to the state the next call shows.
  if (controlled()) {
    m_decisionTask = taskParameter();
    m_lastAction = m_policy.choose(m_stepper, m_decisionTask, m_outcome, &m_actionValues);
    m_decisionValue =
        m_field->values->value(m_stepper.neighbours(), m_stepper.similarity(), m_decisionTask);
    const ActionLookahead& actions = m_policy.lookahead();
    m_actionTurns.resize(actions.actionCount());
    for (int j = 0; j < actions.actionCount(); ++j) m_actionTurns[j] = actions.outcome(j).yawChange;
  } else {
    m_stepper.stepPassive(m_outcome);
    m_lastAction = -1;
    m_actionValues.clear();
    m_actionTurns.clear();
  }
  m_state = m_outcome.next;
  if (m_pushLinear.squaredNorm() > 0 || m_pushAngular.squaredNorm() > 0) {
    const double dt = 1.0 / fps();
    const Eigen::Quaterniond h = headingOf(m_state.pose.localRotations[0]);
    const Eigen::Quaterniond turn = rotationOf(m_pushAngular * dt);
    m_state.pose.rootPosition += m_pushLinear * dt;
    m_state.pose.localRotations[0] = (turn * m_state.pose.localRotations[0]).normalized();
    m_state.velocity.rootDisplacement += h.conjugate() * (m_pushLinear * dt);
    m_state.velocity.rotations[0] =
        (h.conjugate() * turn * h * m_state.velocity.rotations[0]).normalized();
    const double decay = std::exp(-dt / m_pushDecaySeconds);
    m_pushLinear *= decay;
    m_pushAngular *= decay;
    if (m_pushLinear.norm() < 1e-4 && m_pushAngular.norm() < 1e-4) {
      m_pushLinear.setZero(), m_pushAngular.setZero();
    }
  }
  return true;
}

double MotionFieldStream::nearestDistance() const {
  return m_prepared && !m_stepper.neighbours().empty() ? m_stepper.neighbours().front().distance
                                                       : 0.0;
}

std::vector<double> MotionFieldStream::valueByAngle() const {
  if (!m_field->values || !m_prepared) return {};
  const FieldValueFunction& vf = *m_field->values;
  std::vector<double> out(vf.task.angleSamples);
  for (int t = 0; t < vf.task.angleSamples; ++t) {
    out[t] = vf.value(m_stepper.neighbours(), m_stepper.similarity(), {vf.task.angleAt(t), 0.0});
  }
  return out;
}

}  // namespace mg
