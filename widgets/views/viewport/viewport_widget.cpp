// SPDX-License-Identifier: MIT
#include "widgets/views/viewport/viewport_widget.h"

#include <algorithm>

#include <QVBoxLayout>

#include "widgets/views/viewport/character_entity.h"
#include "widgets/views/viewport/ground_arrow.h"
#include "widgets/views/viewport/pose_points.h"
#include "widgets/views/viewport/viewport_window.h"

namespace mg {

ViewportWidget::ViewportWidget(QWidget* parent) : QWidget(parent) {
  m_window = new ViewportWindow;
  // The container takes ownership of the window.
  m_container = QWidget::createWindowContainer(m_window, this);
  m_container->setFocusPolicy(Qt::StrongFocus);
  m_container->setMinimumSize(160, 120);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_container);
  setFocusProxy(m_container);
  connect(m_window, &ViewportWindow::frameRequested, this, &ViewportWidget::frameCharacters);
  connect(m_window, &ViewportWindow::frameTicked, this, &ViewportWidget::frameTicked);
}

ViewportWidget::~ViewportWidget() = default;

QColor ViewportWidget::paletteColour(int index) {
  static const QColor kPalette[] = {
      QColor(232, 163, 61),  QColor(77, 182, 201),  QColor(214, 96, 150), QColor(132, 196, 90),
      QColor(155, 127, 224), QColor(224, 208, 90),  QColor(90, 143, 224), QColor(224, 122, 95),
      QColor(107, 214, 168), QColor(200, 200, 205),
  };
  constexpr int n = sizeof(kPalette) / sizeof(kPalette[0]);
  return kPalette[((index % n) + n) % n];
}

void ViewportWidget::setGroundArrow(const Eigen::Vector3d& origin, const Eigen::Vector3d& direction,
                                    bool visible) {
  if (!m_groundArrow) {
    if (!visible) return;
    m_groundArrow = new GroundArrow(QColor(250, 214, 80), m_window->sceneRoot());
  }
  if (visible) m_groundArrow->setArrow(origin, direction);
  m_groundArrow->setEnabled(visible);
}

bool ViewportWidget::groundArrowVisible() const {
  return m_groundArrow && m_groundArrow->isEnabled();
}

CharacterEntity* ViewportWidget::find(int id) const {
  auto it = m_characters.find(id);
  return it == m_characters.end() ? nullptr : it->second;
}

void ViewportWidget::addCharacter(int id, std::shared_ptr<const Skeleton> skeleton,
                                  const QColor& colour) {
  removeCharacter(id);
  if (!skeleton || skeleton->jointCount() == 0) return;
  auto* character = new CharacterEntity(std::move(skeleton), colour, m_window->sceneRoot());
  character->setEnabled(false);
  m_characters[id] = character;
  if (!m_hasFollowedId) {
    m_followedId = id;
    m_hasFollowedId = true;
  }
}

void ViewportWidget::removeCharacter(int id) {
  auto it = m_characters.find(id);
  if (it == m_characters.end()) return;
  delete it->second;
  m_characters.erase(it);
  if (m_hasFollowedId && m_followedId == id) {
    m_hasFollowedId = !m_characters.empty();
    if (m_hasFollowedId) m_followedId = m_characters.begin()->first;
  }
}

void ViewportWidget::clearCharacters() {
  for (auto& [id, character] : m_characters) delete character;
  m_characters.clear();
  m_hasFollowedId = false;
}

void ViewportWidget::setCharacterColour(int id, const QColor& colour) {
  if (CharacterEntity* c = find(id)) c->setColour(colour);
}

void ViewportWidget::setCharacterVisible(int id, bool visible) {
  if (CharacterEntity* c = find(id)) c->setEnabled(visible && c->hasPose());
}

void ViewportWidget::setPose(int id, std::span<const Eigen::Vector3d> points) {
  CharacterEntity* c = find(id);
  if (!c || static_cast<int>(points.size()) < c->skeleton().jointCount()) return;
  const QVector3D previousRoot = c->rootPosition();
  const bool first = !c->hasPose();
  c->setPose(points.data(), static_cast<int>(points.size()));
  if (first) c->setEnabled(true);
  if (!m_framedOnce) {
    // The first character ever shown is framed, so opening a file shows it whatever its units.
    m_framedOnce = true;
    frameCharacters();
  } else if (!first && m_follow && m_hasFollowedId && m_followedId == id) {
    followRoot(c, previousRoot);
  }
}

void ViewportWidget::setPose(int id, const Motion& motion, int frame,
                             const Eigen::Vector3d& offset) {
  if (!hasCharacter(id) || frame < 0 || frame >= motion.frameCount()) return;
  const std::vector<Eigen::Vector3d> points = posePoints(motion, frame, offset);
  setPose(id, std::span<const Eigen::Vector3d>(points));
}

void ViewportWidget::followRoot(CharacterEntity* character, const QVector3D& previousRoot) {
  // Only the horizontal motion is followed: bobbing up and down would make the floor swim.
  QVector3D delta = character->rootPosition() - previousRoot;
  delta.setY(0);
  // A jump of several metres is a cut (loop restart, new clip): re-centre instead of sliding.
  OrbitCamera orbit = m_window->orbit();
  if (delta.length() > 2.0f) {
    const QVector3D root = character->rootPosition();
    orbit.target = QVector3D(root.x(), orbit.target.y(), root.z());
  } else {
    orbit.target += delta;
  }
  m_window->setOrbit(orbit);
}

void ViewportWidget::frameCharacters() {
  QVector3D lo, hi;
  bool any = false;
  for (const auto& [id, c] : m_characters) {
    if (!c->hasPose() || !c->isEnabled()) continue;
    lo = any ? QVector3D(std::min(lo.x(), c->boundsMin().x()), std::min(lo.y(), c->boundsMin().y()),
                         std::min(lo.z(), c->boundsMin().z()))
             : c->boundsMin();
    hi = any ? QVector3D(std::max(hi.x(), c->boundsMax().x()), std::max(hi.y(), c->boundsMax().y()),
                         std::max(hi.z(), c->boundsMax().z()))
             : c->boundsMax();
    any = true;
  }
  OrbitCamera orbit = m_window->orbit();
  if (!any) {
    orbit.frameSphere(QVector3D(0, 0.9f, 0), 1.2f);
  } else {
    // Include the floor under the characters so their feet and the ground contact stay in view.
    lo.setY(std::min(lo.y(), 0.0f));
    orbit.frameSphere((lo + hi) * 0.5f, std::max(0.5f * (hi - lo).length(), 0.3f));
  }
  m_window->setOrbit(orbit);
}

void ViewportWidget::setFollowCharacter(bool on) {
  if (on == m_follow) return;
  m_follow = on;
  emit followCharacterChanged(on);
}

void ViewportWidget::setFollowedCharacter(int id) {
  m_followedId = id;
  m_hasFollowedId = true;
}

OrbitCamera ViewportWidget::camera() const {
  return m_window->orbit();
}

void ViewportWidget::setCamera(const OrbitCamera& camera) {
  m_window->setOrbit(camera);
}

void ViewportWidget::setContinuousRendering(bool on) {
  m_window->setContinuousRendering(on);
}

}  // namespace mg
