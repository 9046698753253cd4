// SPDX-License-Identifier: MIT
#include "core/field/field_database.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>

#include "core/motion/foot_contacts.h"
#include "core/motion/resample.h"

namespace mg {
namespace {

bool positiveFinite(double v) {
  return std::isfinite(v) && v > 0;
}

// b_j: the longest bone joint j turns, metres.
std::vector<double> boneLengths(const Skeleton& s) {
  std::vector<double> length(s.jointCount(), 0.0);
  for (int j = 1; j < s.jointCount(); ++j) {
    const int p = s.joints[j].parent;
    length[p] = std::max(length[p], s.joints[j].offset.norm());
  }
  for (const EndSite& e : s.endSites) length[e.joint] = std::max(length[e.joint], e.offset.norm());
  return length;
}

}  // namespace

Status FieldDatabaseSettings::validate() const {
  if (!positiveFinite(workingFps)) return Error{"motion field: the working rate must be positive"};
  if (!positiveFinite(rootWeight) || !positiveFinite(boneWeightScale)) {
    return Error{"motion field: distance weights must be positive"};
  }
  return Status::success();
}

Eigen::Vector3d fieldUnitVector() {
  return Eigen::Vector3d(1, 1, 1).normalized();
}

void embedState(const FieldDatabase& db, const Pose& pose, const FieldVelocity& velocity,
                double* out) {
  const Eigen::Vector3d u = fieldUnitVector();
  const double r = std::sqrt(db.settings.rootWeight);
  const Eigen::Quaterniond tilt =
      headingOf(pose.localRotations[0]).conjugate() * pose.localRotations[0];
  auto put = [&out](const Eigen::Vector3d& v, double s) {
    out[0] = s * v.x(), out[1] = s * v.y(), out[2] = s * v.z();
    out += 3;
  };
  put(velocity.rootDisplacement, r);
  put(tilt * u, r);
  put(velocity.rotations[0] * u, r);
  for (int j : db.featureJoints) {
    const double s = std::sqrt(db.jointWeights[j]);
    put(pose.localRotations[j] * u, s);
    put(velocity.rotations[j] * u, s);
  }
}

Result<FieldDatabase> buildFieldDatabase(std::span<const std::shared_ptr<const Motion>> motions,
                                         const FieldDatabaseSettings& settings) {
  if (Status s = settings.validate(); !s) return s.error();
  if (motions.empty()) return Error{"motion field: no motions"};
  FieldDatabase db;
  db.settings = settings;
  for (size_t m = 0; m < motions.size(); ++m) {
    const std::string which =
        "motion field: motion " + std::to_string(m) +
        (motions[m] && !motions[m]->name.empty() ? " ('" + motions[m]->name + "')" : "");
    if (!motions[m]) return Error{which + " is missing"};
    if (Status s = motions[m]->validate(); !s) return Error{which + ": " + s.error().message};
    if (m > 0 && !motions[m]->skeleton->sameHierarchy(*motions[0]->skeleton)) {
      return Error{which + " has another skeleton than motion 0 ('" + motions[0]->name +
                   "'); one field needs one skeleton"};
    }
    std::shared_ptr<const Motion> working = motions[m];
    if (std::abs(working->fps - settings.workingFps) > 1e-9 * settings.workingFps) {
      Result<Motion> r = resampleMotion(*working, settings.workingFps);
      if (!r) return Error{which + ": " + r.error().message};
      working = std::make_shared<const Motion>(std::move(r.value()));
    }
    if (working->frameCount() < 3) {
      return Error{which + " has " + std::to_string(working->frameCount()) + " frame(s) at " +
                   std::to_string(settings.workingFps) +
                   " fps; a motion state needs at least 3 frames"};
    }
    db.motions.push_back(std::move(working));
  }
  db.skeleton = db.motions[0]->skeleton;
  const int joints = db.skeleton->jointCount();
  db.jointWeights = boneLengths(*db.skeleton);
  for (double& w : db.jointWeights) w *= settings.boneWeightScale;
  db.jointWeights[0] = settings.rootWeight;
  for (int j = 1; j < joints; ++j) {
    if (db.jointWeights[j] > 0) db.featureJoints.push_back(j);
  }
  db.featureDims = 9 + 6 * static_cast<int>(db.featureJoints.size());

  db.clipFirstState.push_back(0);
  for (size_t c = 0; c < db.motions.size(); ++c) {
    const Motion& motion = *db.motions[c];
    const FootContacts contacts = detectFootContacts(motion);
    Pose a = motion.pose(0), b = motion.pose(1), next;
    for (int f = 0; f + 2 < motion.frameCount(); ++f) {
      next = motion.pose(f + 2);
      db.velocities.push_back(poseDifference(b, a));
      db.nextVelocities.push_back(poseDifference(next, b));
      db.poses.push_back(a);
      db.stateClip.push_back(static_cast<int>(c));
      db.stateFrame.push_back(f);
      db.contacts.push_back(contacts.planted[f]);
      a = std::move(b);
      b = std::move(next);
    }
    db.clipFirstState.push_back(db.stateCount());
  }
  db.features.resize(static_cast<size_t>(db.stateCount()) * db.featureDims);
  for (int i = 0; i < db.stateCount(); ++i) {
    embedState(db, db.poses[i], db.velocities[i],
               db.features.data() + static_cast<size_t>(i) * db.featureDims);
  }
  return db;
}

FeaturePca featurePca(const FieldDatabase& db) {
  const int n = db.stateCount(), d = db.featureDims;
  const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> x(
      db.features.data(), n, d);
  FeaturePca pca;
  pca.mean = x.colwise().mean().transpose();
  const Eigen::MatrixXd centred = x.rowwise() - pca.mean.transpose();
  const Eigen::MatrixXd cov = centred.transpose() * centred / std::max(1, n - 1);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(cov);
  // Eigen sorts ascending; reverse to decreasing variance. Fix each axis's sign (largest
  // component positive) so the projection does not flip between builds.
  pca.axes = solver.eigenvectors().rowwise().reverse();
  pca.variances = solver.eigenvalues().reverse().cwiseMax(0.0);
  for (int c = 0; c < d; ++c) {
    Eigen::Index at = 0;
    pca.axes.col(c).cwiseAbs().maxCoeff(&at);
    if (pca.axes(at, c) < 0) pca.axes.col(c) *= -1;
  }
  return pca;
}

}  // namespace mg
